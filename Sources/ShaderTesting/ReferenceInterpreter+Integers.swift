import Foundation
import ShaderSemantics

/// GLSL ES 3.00 and desktop 1.30+ integers as the reference interpreter holds them: an `int` or
/// `uint` component is its 32 bits in the component's `Float` (`Float(bitPattern:)`), and is
/// only ever read back as an integer, so no float rule (NaN, flush-to-zero) touches it. The
/// operations are written here from the GLSL ES 3.00 definitions (§5.9: `+ - *` wrap, shifts,
/// bit operators) with llvmpipe's choices where GLSL leaves the result undefined
/// (`ScalarSemantics`: `x / 0`, `INT_MIN / -1`, `%` as the unsigned remainder of the bits,
/// shift counts modulo 32). Bools stay 0 or 1 and floats stay floats, as in GLSL ES 1.00.
enum NativeIntegers {
    /// The int a component holds.
    static func int(_ f: Float) -> Int32 { Int32(bitPattern: f.bitPattern) }
    /// The uint a component holds.
    static func uint(_ f: Float) -> UInt32 { f.bitPattern }
    /// The component holding `i`.
    static func hold(_ i: Int32) -> Float { Float(bitPattern: UInt32(bitPattern: i)) }
    /// The component holding `u`.
    static func hold(_ u: UInt32) -> Float { Float(bitPattern: u) }

    /// `a op b` for the arithmetic, bit and shift operators on ints (`isSigned`) or uints; the
    /// left operand's signedness decides `/`, `%` and `>>`.
    static func apply(_ op: BinaryOperator, _ a: Float, _ b: Float, isSigned: Bool) -> Float {
        let x = uint(a), y = uint(b)
        switch op {
        case .add: return hold(x &+ y)
        case .subtract: return hold(x &- y)
        case .multiply: return hold(x &* y)
        case .divide:
            return isSigned ? hold(ScalarSemantics.divide(int(a), int(b))) : hold(ScalarSemantics.divide(x, y))
        case .remainder:
            return isSigned ? hold(ScalarSemantics.remainder(int(a), int(b))) : hold(ScalarSemantics.remainder(x, y))
        case .bitwiseAnd: return hold(x & y)
        case .bitwiseOr: return hold(x | y)
        case .bitwiseXor: return hold(x ^ y)
        case .shiftLeft: return hold(x << (y & 31))
        case .shiftRight: return isSigned ? hold(int(a) >> Int32(y & 31)) : hold(x >> (y & 31))
        default: return .nan
        }
    }

    /// `a < b`, signed or unsigned.
    static func isLess(_ a: Float, _ b: Float, isSigned: Bool) -> Bool {
        isSigned ? int(a) < int(b) : uint(a) < uint(b)
    }

    /// `f`, held as a component of kind `source`, converted to `target` as GLSL ES 3.00's
    /// constructors convert on llvmpipe (`ScalarSemantics.floatToInt`/`floatToUInt`).
    static func convert(_ f: Float, from source: ScalarKind, to target: ScalarKind) -> Float {
        switch (source, target) {
        case _ where source == target: return f
        case (.int, .uint), (.uint, .int): return f
        case (.int, .float): return Float(int(f))
        case (.uint, .float): return Float(uint(f))
        case (.float, .int): return hold(ScalarSemantics.floatToInt(f))
        case (.float, .uint): return hold(ScalarSemantics.floatToUInt(f))
        case (.bool, _): return target == .float ? f : hold(UInt32(f != 0 ? 1 : 0))
        case (.int, .bool), (.uint, .bool): return uint(f) != 0 ? 1 : 0
        default: return f != 0 ? 1 : 0  // float to bool
        }
    }
}

extension ReferenceInterpreter {
    /// True when components of `kind` hold integer bits (GLSL ES 3.00, desktop 1.30+).
    func holdsBits(_ kind: ScalarKind?) -> Bool { nativeIntegers && kind?.isInteger == true }

    /// A constant's components as the interpreter holds them.
    func components(_ c: ConstantValue) -> [Float] {
        c.components.map { s in
            switch s {
            case .int where nativeIntegers, .uint where nativeIntegers: return Float(bitPattern: s.integerBits)
            default: return s.floatValue
            }
        }
    }

    /// Held components of `type` as a constant.
    func constant(_ c: [Float], _ type: GLSLType) -> ConstantValue {
        let kinds = type.componentKinds
        return ConstantValue(type: type, components: zip(c, kinds).map { f, kind in
            switch kind {
            case .float: .float(f)
            case .bool: .bool(f != 0)
            case .int: .int(nativeIntegers ? NativeIntegers.int(f) : Int32Arithmetic.int(f))
            case .uint: .uint(NativeIntegers.uint(f))
            }
        })
    }

    /// An index component of `type` as the float the out-of-range rules take.
    func indexValue(_ f: Float, _ type: GLSLType) -> Float {
        guard holdsBits(type.scalarKind) else { return f }
        return type.scalarKind == .uint ? Float(NativeIntegers.uint(f)) : Float(NativeIntegers.int(f))
    }

    /// A component converted from `source` to `target` kind, as constructors convert.
    func convert(_ f: Float, from source: ScalarKind?, to target: ScalarKind?) -> Float {
        if nativeIntegers, let source, let target { return NativeIntegers.convert(f, from: source, to: target) }
        switch (target, source) {
        case (.int, .int), (.int, .bool): return f
        case (.int, _): return f.rounded(.towardZero)
        case (.bool, _): return f != 0 ? 1 : 0
        default: return f
        }
    }

    /// Whether the ES 3.00 built-in `overload` is evaluated by the checker's constant folder
    /// on each lane's values: the integer overloads, the bit casts, `mix` with a `bvec`, and
    /// the float functions new in GLSL ES 3.00.
    func isFoldedPerLane(_ overload: BuiltinOverload) -> Bool {
        guard nativeIntegers else { return false }
        switch overload.function {
        case .determinant, .inverse, .modf, .packSnorm2x16, .unpackSnorm2x16, .packUnorm2x16, .unpackUnorm2x16,
             .packHalf2x16, .unpackHalf2x16:
            return false  // ReferenceBuiltins+ES300, written independently
        case .sinh, .cosh, .tanh, .asinh, .acosh, .atanh, .trunc, .round, .roundEven, .isnan, .isinf,
             .floatBitsToInt, .floatBitsToUint, .intBitsToFloat, .uintBitsToFloat:
            return true
        default:
            return (overload.parameterTypes + [overload.returnType]).contains { $0.scalarKind?.isInteger == true }
                || (overload.function == .mix && overload.parameterTypes.last?.scalarKind == .bool)
        }
    }
}
