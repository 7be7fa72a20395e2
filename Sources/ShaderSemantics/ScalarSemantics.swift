import Foundation

/// GLSL built-ins on one float where the result is undefined or implementation-defined, defined
/// here as Mesa llvmpipe computes them at run time (fp32 mode, measured bit for bit by
/// `scripts/measure-undefined`; README "Undefined behaviour"). The executor's kernels and the
/// constant folder both call these, so a call gives the same bits whether its arguments are
/// uniforms or constants.
public enum ScalarSemantics {
    // MARK: Native integers (GLSL ES 3.00, desktop 1.30+), as llvmpipe computes them
    //
    // Measured with ../shared/tools/glref.py (Mesa 22.3.6, fp32 mode; README "Undefined
    // behaviour"): shift counts are taken modulo 32, `int / 0` is 0, `uint / 0` is 0xFFFFFFFF,
    // `INT_MIN / -1` is INT_MIN, and `%` on ints is the *unsigned* remainder of the operands'
    // bits (so `-7 % 2 == 1`, `7 % -2 == 7`, `x % 0 == -1`).

    /// `int(f)`: truncation toward zero; NaN gives 0, out-of-range values INT_MIN (x86
    /// `cvttps2dq` after Mesa zeroes NaNs).
    @inlinable @inline(__always)
    public static func floatToInt(_ f: Float) -> Int32 {
        if f.isNaN { return 0 }
        return convertTruncating(f)
    }

    /// `uint(f)`: LLVM's AVX2 lowering `lo | (hi & (lo >> 31))` with `lo = cvttps2dq(f)`,
    /// `hi = cvttps2dq(f - 2^31)`; negative values give the bits of `int(f)`, values from 2^32
    /// and infinities 0x80000000, NaN 0.
    @inlinable @inline(__always)
    public static func floatToUInt(_ f: Float) -> UInt32 {
        if f.isNaN { return 0 }
        let lo = convertTruncating(f)
        let hi = convertTruncating(f - 2_147_483_648)
        return UInt32(bitPattern: lo | (hi & (lo >> 31)))
    }

    /// x86 `cvttps2dq` on one value: truncation, INT_MIN for NaN and out-of-range values.
    @inlinable @inline(__always)
    public static func convertTruncating(_ f: Float) -> Int32 {
        if f.isNaN || f >= 2_147_483_648 || f < -2_147_483_648 { return Int32.min }
        return Int32(f.rounded(.towardZero))
    }

    /// `a / b` on ints: truncated; `x / 0 == 0`, `INT_MIN / -1 == INT_MIN`.
    @inlinable @inline(__always)
    public static func divide(_ a: Int32, _ b: Int32) -> Int32 {
        b == 0 ? 0 : (a == Int32.min && b == -1 ? a : a / b)
    }

    /// `a / b` on uints: `x / 0 == 0xFFFFFFFF`.
    @inlinable @inline(__always)
    public static func divide(_ a: UInt32, _ b: UInt32) -> UInt32 { b == 0 ? UInt32.max : a / b }

    /// `a % b` on ints: the unsigned remainder of the bits (llvmpipe's), `x % 0 == -1`.
    @inlinable @inline(__always)
    public static func remainder(_ a: Int32, _ b: Int32) -> Int32 {
        Int32(bitPattern: remainder(UInt32(bitPattern: a), UInt32(bitPattern: b)))
    }

    /// `a % b` on uints: `x % 0 == 0xFFFFFFFF`.
    @inlinable @inline(__always)
    public static func remainder(_ a: UInt32, _ b: UInt32) -> UInt32 { b == 0 ? UInt32.max : a % b }

    /// `min`, NaN-ignoring as SSE `minps` in llvmpipe's operand order: `min(NaN, y) == y`,
    /// `min(x, NaN) == x`, `min(-0, +0) == +0`, `min(+0, -0) == -0`.
    @inlinable @inline(__always)
    public static func min(_ x: Float, _ y: Float) -> Float { (x < y || y.isNaN) ? x : y }

    /// `max`, NaN-ignoring: `max(NaN, y) == y`, `max(x, NaN) == x`.
    @inlinable @inline(__always)
    public static func max(_ x: Float, _ y: Float) -> Float { (x > y || y.isNaN) ? x : y }

    /// `clamp(x, lo, hi) = min(max(x, lo), hi)`: NaN bounds are ignored, and `lo > hi` gives `hi`.
    @inlinable @inline(__always)
    public static func clamp(_ x: Float, _ lo: Float, _ hi: Float) -> Float {
        min(max(x, lo), hi)
    }

    /// `step(edge, x)`: 1 when `x >= edge`, so a NaN operand gives 0.
    @inlinable @inline(__always)
    public static func step(_ edge: Float, _ x: Float) -> Float { x >= edge ? 1 : 0 }

    /// `smoothstep(e0, e1, x)` with `t = clamp((x - e0) / (e1 - e0), 0, 1)`: equal edges give 0
    /// below and at the edge (0/0 is NaN, which the clamp ignores) and 1 above; `e0 > e1` is the
    /// mirrored curve; a NaN operand gives 0. The cubic is `t * (t * (3 - 2t))`, as llvmpipe
    /// computes it.
    @inlinable @inline(__always)
    public static func smoothstep(_ e0: Float, _ e1: Float, _ x: Float) -> Float {
        let t = clamp((x - e0) / (e1 - e0), 0, 1)
        // Mesa's order: t * (t * (3 - 2t)), not (t * t) * (3 - 2t) (an ulp apart).
        return t * (t * (3 - 2 * t))
    }

    /// `sign`: `sign(NaN) == 0`, `sign(-0) == +0`.
    @inlinable @inline(__always)
    public static func sign(_ x: Float) -> Float { x > 0 ? 1 : (x < 0 ? -1 : 0) }

    /// `pow(x, y)` as llvmpipe's `exp2(log2(x) * y)` (`LlvmpipeMath.pow`): 0 when x is 0 or NaN
    /// (whatever y), NaN when x < 0 (even for whole y), NaN when `log2(x) * y` is (`pow(1, ±Inf)`,
    /// `pow(Inf, 0)`, NaN y).
    @inlinable @inline(__always)
    public static func pow(_ x: Float, _ y: Float) -> Float { LlvmpipeMath.pow(x, y) }

    /// `atan(y, x)` as NIR's `atan2` on llvmpipe (`LlvmpipeMath.atan2`): 0 when either is NaN.
    /// Where both are ±0 or both ±Inf its polynomial at |y|/|x| = 1 (0/0 included) gives
    /// ±0.78539485 (x = +Inf) or ±2.3561912 (x = -Inf, and both zeros whatever the sign of x),
    /// not ±π/4 and ±3π/4 exactly; the sign is y's.
    @inlinable @inline(__always)
    public static func atan2(_ y: Float, _ x: Float) -> Float { LlvmpipeMath.atan2(y, x) }

    /// `atan(x)` (`LlvmpipeMath.atan`): `atan(NaN) == 0`.
    @inlinable @inline(__always)
    public static func atan(_ x: Float) -> Float { LlvmpipeMath.atan(x) }

    /// Integer `x / y` on ints held as whole floats: truncated quotient, 0 when `y == 0`
    /// (llvmpipe's integer division by zero, ES 1.00 and 3.00 alike).
    @inlinable @inline(__always)
    public static func integerDivide(_ x: Float, _ y: Float) -> Float {
        y == 0 ? 0 : (x / y).rounded(.towardZero)
    }
}

/// What a dynamic index outside its array, matrix or vector does — undefined in GLSL, defined
/// here as llvmpipe does it at run time (measured with glref.py: `mat4` columns -1 and 5, `vec4`
/// components -1 and 5, arrays in `scripts/measure-undefined` and `MesaArrayStorage`). The
/// executor applies the same rule whether the index is known when compiling (a variable never
/// assigned) or only per lane, and the reference interpreter follows it.
public enum OutOfRangeIndex: Sendable, Hashable {
    /// An array llvmpipe keeps in registers (`MesaArrayStorage`): the index is clamped as an
    /// unsigned number, so a read below 0, past the end or at NaN gives the last element, and
    /// a write lands there.
    case array
    /// An array llvmpipe reads from its constant buffer (a uniform array, a `const` one, one
    /// Mesa moves there: `MesaArrayStorage`): a read gives 0 (llvmpipe reads what follows the
    /// array in the buffer, 0 past its end; a NaN index reads element 0); a write (to a
    /// variable that is not one) lands in the last element.
    case constantArray
    /// A matrix's columns: a read gives the last column, a write lands in the last column.
    case matrix
    /// A vector's components: a read gives the nearest component (NaN: the first); a write
    /// is dropped.
    case vector

    /// The rule for indexing a value of `type`.
    public init(indexing type: GLSLType) {
        self = type.isArray ? .array : (type.isMatrix ? .matrix : .vector)
    }

    /// The element a read of index `x` (truncated toward zero) gets among `count`, or nil for
    /// a read of zeros.
    public func readElement(_ x: Float, count: Int) -> Int? {
        let t = x.rounded(.towardZero), last = Float(count - 1)
        if t >= 0 && t <= last { return Int(t) }
        switch self {
        case .constantArray: return t.isNaN ? 0 : nil
        case .array, .matrix: return count - 1
        case .vector: return t > last ? count - 1 : 0
        }
    }

    /// The element a write at index `x` changes among `count`, or nil when it is dropped.
    public func writtenElement(_ x: Float, count: Int) -> Int? {
        let t = x.rounded(.towardZero), last = Float(count - 1)
        if t >= 0 && t <= last { return Int(t) }
        switch self {
        case .array, .constantArray, .matrix: return count - 1
        case .vector: return nil
        }
    }
}
