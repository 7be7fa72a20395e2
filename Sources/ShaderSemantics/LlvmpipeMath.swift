/// GLSL's transcendental built-ins computed the way Mesa llvmpipe computes them at run time in
/// the oracle's fp32 mode (`../shared/tools/glref.py --precision fp32`: Mesa 22.3, LLVM 15,
/// `GALLIUM_OVERRIDE_CPU_CAPS=sse4.1`, so every multiply-add is a multiply and an add, each
/// rounded), bit for bit. Measured by `scripts/measure-transcendentals` over millions of inputs
/// per function; README "Transcendental functions".
///
/// Where the algorithms come from (facts learned from Mesa's sources, this code is Shade's own):
///
/// - `sin`, `cos`: gallivm's polynomial (a Cephes-style reduction by π/4 in three parts, a
///   degree-8 cosine and a degree-7 sine polynomial chosen per octant), clamped to [-1, 1];
///   NaN for ±Inf and NaN.
/// - `exp2`: the argument clamped to [-126.99999, 128], split into `floor` and fraction, 2^floor
///   built in the exponent field and 2^fraction from a degree-5 minimax polynomial evaluated in
///   even and odd halves. `exp(x)` is `exp2(x * log2(e))`.
/// - `log2`: exponent plus `y * P(y²)` with `y = (m - 1) / (m + 1)` for the mantissa `m` in
///   [1, 2), P of degree 4 in even and odd halves; ±0 gives -Inf, +Inf gives +Inf, negatives
///   and NaN give NaN. `log(x)` is `log2(x) * ln(2)`.
/// - `pow(x, y)`: `exp2(log2(x) * y)`, and 0 where x is ±0 or NaN.
/// - `tan`: `sin(x) / cos(x)` (Mesa's GLSL front end).
/// - `asin`, `acos`: the front end's `sign(x) * (π/2 - sqrt(1 - |x|) * (π/2 + |x| * (π/4 - 1 +
///   |x| * (p0 + |x| * p1))))` with its two pairs of coefficients; `acos` is π/2 minus it.
/// - `atan`, `atan(y, x)`: NIR's odd degree-11 polynomial on `min(|t|, 1) / max(|t|, 1)`,
///   summed term by term (the last term reassociated by NIR's algebraic pass), folded back
///   above 1; NIR's `atan2` rotates the left half-plane by π/2 and scales huge denominators.
/// - `sqrt` is IEEE's; `inversesqrt` is `1 / sqrt(x)` (llvmpipe's fast reciprocal square root
///   is switched off).
/// - `sinh`, `cosh`, `tanh`, `asinh`, `acosh`, `atanh` (GLSL ES 3.00): the front end's formulas
///   over `exp`, `log` and `sqrt` above.
///
/// Denormals: llvmpipe runs shaders with flush-to-zero and denormals-are-zero on, and so does
/// Shade (`DenormalFlushing`); these functions give llvmpipe's bits when called in that mode.
///
/// Compile-time constants are a different matter: Mesa folds a call on constant arguments
/// with the C library's functions (`sinf`, `exp2f`, `atanf`, ...) before llvmpipe sees it. See
/// `MesaConstantFolding`.
///
/// Every function is straight-line code over the float's bits (selects, no data-dependent
/// branches), so the same steps vectorise lane by lane (`sin(_: SIMD16<Float>)` below).
public enum LlvmpipeMath {
    // MARK: Helpers

    /// `cvttps2dq`: truncation toward zero, and `Int32.min` for NaN and out-of-range values.
    @inlinable @inline(__always)
    static func truncateToInt32(_ x: Float) -> Int32 {
        // |x| < 2^31 (NaN fails the test).
        x.magnitude < 2_147_483_648 ? Int32(x) : Int32.min
    }

    /// SSE `minps(a, b)`: `a < b ? a : b`, so a NaN in either operand gives `b`.
    @inlinable @inline(__always)
    static func minps(_ a: Float, _ b: Float) -> Float { a < b ? a : b }

    /// SSE `maxps(a, b)`: `a > b ? a : b`, so a NaN in either operand gives `b`.
    @inlinable @inline(__always)
    static func maxps(_ a: Float, _ b: Float) -> Float { a > b ? a : b }

    /// GLSL `sign` as llvmpipe: ±1, and +0 for ±0 and NaN.
    @inlinable @inline(__always)
    static func sign(_ x: Float) -> Float { x > 0 ? 1 : (x < 0 ? -1 : 0) }

    // MARK: sin, cos, tan

    /// `sin(x)`.
    @inlinable
    public static func sin(_ x: Float) -> Float { sinOrCos(x, cosine: false) }

    /// `cos(x)`.
    @inlinable
    public static func cos(_ x: Float) -> Float { sinOrCos(x, cosine: true) }

    /// `tan(x) = sin(x) / cos(x)`.
    @inlinable
    public static func tan(_ x: Float) -> Float { sin(x) / cos(x) }

    @inlinable @inline(__always)
    static func sinOrCos(_ a: Float, cosine: Bool) -> Float {
        let bits = a.bitPattern
        let magnitude = Float(bitPattern: bits & 0x7fff_ffff)
        // The octant: |a| * 4/π truncated, rounded up to even.
        let octant = truncateToInt32(magnitude * Float(bitPattern: 0x3fa2_f983))  // 1.2732395
        let odd = octant &+ 1
        let even = odd & ~1
        let q = Float(even)
        // cos(a) = sin(a + π/2): two octants further on.
        let selector = cosine ? even &- 2 : even
        let signBit: UInt32 =
            cosine
            ? UInt32(bitPattern: (~selector & 4) << 29)
            : (bits ^ (UInt32(bitPattern: odd) << 29)) & 0x8000_0000
        let useSine = selector & 2 == 0
        // |a| - q * π/4, with π/4 in three parts.
        var r = q * Float(bitPattern: 0xbf49_0000) + magnitude  // -0.78515625
        r = q * Float(bitPattern: 0xb97d_a000) + r  // -2.4187565e-4
        r = q * Float(bitPattern: 0xb322_2169) + r  // -3.774895e-8
        let z = r * r
        // cos(r) ≈ 1 - z/2 + z² (c2 + z (c1 + z c0))
        var c = z * Float(bitPattern: 0x37cc_f5ce) + Float(bitPattern: 0xbab6_061a)
        c = c * z + Float(bitPattern: 0x3d2a_aaa5)
        c = c * z
        c = c * z
        c = c - z * 0.5
        c = c + 1
        // sin(r) ≈ r + r z (s2 + z (s1 + z s0))
        var s = z * Float(bitPattern: 0xb94c_a1f9) + Float(bitPattern: 0x3c08_839e)
        s = s * z + Float(bitPattern: 0xbe2a_aaa3)
        s = s * z
        s = s * r + r
        let y = Float(bitPattern: (useSine ? s : c).bitPattern ^ signBit)
        // Clamped to [-1, 1] as min then max, so a NaN from overflow (|a| near FLT_MAX) ends as 1.
        let clamped = maxps(-1, minps(y, 1))
        let isFinite = bits & 0x7f80_0000 != 0x7f80_0000
        return isFinite ? clamped : .nan
    }

    // MARK: exp2, exp, log2, log, pow

    /// `exp2(x)`.
    @inlinable
    public static func exp2(_ x: Float) -> Float {
        let clamped = maxps(-126.99999, minps(128, x))
        // floor, exact on the clamped range (a NaN stays NaN through `f`).
        let truncated = truncateToInt32(clamped)
        let whole = Float(truncated) > clamped ? truncated &- 1 : truncated
        let f = clamped - Float(whole)
        // 2^whole in the exponent field (0 for -127, +Inf for 128).
        let scale = Float(bitPattern: UInt32(bitPattern: (whole &+ 127) << 23))
        // 2^f, f in [0, 1): c0 + c1 f + ... + c5 f^5 in even and odd halves of f².
        let f2 = f * f
        var odd = Float(bitPattern: 0x3af6_1905)  // c5
        var even = Float(bitPattern: 0x3c13_4806)  // c4
        odd = f2 * odd + Float(bitPattern: 0x3d64_aa23)  // c3
        even = f2 * even + Float(bitPattern: 0x3e75_ead4)  // c2
        odd = f2 * odd + Float(bitPattern: 0x3f31_727b)  // c1
        even = f2 * even + 1  // c0
        return scale * (odd * f + even)
    }

    /// `exp(x) = exp2(x * log2(e))`.
    @inlinable
    public static func exp(_ x: Float) -> Float { exp2(x * Float(bitPattern: 0x3fb8_aa3b)) }

    /// `log2(x)`.
    @inlinable
    public static func log2(_ x: Float) -> Float {
        let bits = x.bitPattern
        let exponent = Float(Int32(bitPattern: (bits & 0x7f80_0000) >> 23) &- 127)
        let m = Float(bitPattern: (bits & 0x007f_ffff) | 0x3f80_0000)
        let y = (m - 1) / (m + 1)
        let z = y * y
        // P(z) = c0 + c1 z + ... + c4 z^4 in even and odd halves of z².
        let z2 = z * z
        var even = Float(bitPattern: 0x3ed0_3d59)  // c4
        var odd = Float(bitPattern: 0x3ece_8316)  // c3
        even = z2 * even + Float(bitPattern: 0x3f13_d321)  // c2
        odd = z2 * odd + Float(bitPattern: 0x3f76_37f9)  // c1
        even = z2 * even + Float(bitPattern: 0x4038_aa3b)  // c0
        let p = odd * z + even
        var r = y * p + exponent
        // Edge cases with unordered comparisons: NaN passes every test and ends as NaN.
        let isNaN = x.isNaN
        r = (x >= .infinity || isNaN) ? .infinity : r
        r = (x == 0 || isNaN) ? -.infinity : r
        r = (x < 0 || isNaN) ? .nan : r
        return r
    }

    /// `log(x) = log2(x) * ln(2)`.
    @inlinable
    public static func log(_ x: Float) -> Float { log2(x) * Float(bitPattern: 0x3f31_7218) }

    /// `pow(x, y) = exp2(log2(x) * y)`, and 0 where x is ±0 or NaN (whatever y): so NaN for
    /// x < 0, and for `log2(x) * y` NaN (`pow(1, ±Inf)`, `pow(+Inf, 0)`, NaN y).
    @inlinable
    public static func pow(_ x: Float, _ y: Float) -> Float {
        let r = exp2(log2(x) * y)
        return (x == 0 || x.isNaN) ? 0 : r
    }

    // MARK: sqrt, inversesqrt

    /// `sqrt(x)`, IEEE's.
    @inlinable
    public static func sqrt(_ x: Float) -> Float { x.squareRoot() }

    /// `inversesqrt(x) = 1 / sqrt(x)`.
    @inlinable
    public static func inverseSqrt(_ x: Float) -> Float { 1 / x.squareRoot() }

    // MARK: asin, acos, atan

    /// The front end's arc sine shape with coefficients `p0`, `p1`.
    @inlinable @inline(__always)
    static func arcSineShape(_ x: Float, _ p0: Float, _ p1: Float) -> Float {
        let halfPi = Float(bitPattern: 0x3fc9_0fdb)
        let m = x.magnitude
        var t = m * (p0 + m * p1)
        t = m * (Float(bitPattern: 0xbe5b_c094) + t)  // π/4 - 1
        return sign(x) * (halfPi - (1 - m).squareRoot() * (halfPi + t))
    }

    /// `asin(x)`.
    @inlinable
    public static func asin(_ x: Float) -> Float {
        arcSineShape(x, Float(bitPattern: 0x3db1_49e5), Float(bitPattern: 0xbcfe_31af))
    }

    /// `acos(x) = π/2 - asin(x)`, with `acos`'s own coefficients.
    @inlinable
    public static func acos(_ x: Float) -> Float {
        Float(bitPattern: 0x3fc9_0fdb) - arcSineShape(x, Float(bitPattern: 0x3da6_8d87), Float(bitPattern: 0xbcc1_9a5f))
    }

    /// `atan(x)`; `atan(NaN) == 0`.
    @inlinable
    public static func atan(_ t: Float) -> Float {
        let m = t.magnitude
        // min and max ignore a NaN: NaN reduces to 1.
        let x = (m.isNaN ? 1 : Swift.min(m, 1)) / (m.isNaN ? 1 : Swift.max(m, 1))
        let x2 = x * x
        let x3 = x2 * x
        let x5 = x3 * x2
        let x7 = x5 * x2
        let x9 = x7 * x2
        var s = x * Float(bitPattern: 0x3f7f_fea5) + x3 * Float(bitPattern: 0xbeaa_5476)
        s = s + x5 * Float(bitPattern: 0x3e46_8bc1)
        s = s + x7 * Float(bitPattern: 0xbdf0_555d)
        s = s + x9 * Float(bitPattern: 0x3d5b_e101)
        s = s + x2 * (x9 * Float(bitPattern: 0xbc46_c6a5))
        // Above 1: atan(t) = π/2 - atan(1/t).
        let above: Float = m > 1 ? 1 : 0
        s = above * (s * -2 + Float(bitPattern: 0x3fc9_0fdb)) + s
        return s * sign(t)
    }

    /// `atan(y, x)`.
    @inlinable
    public static func atan2(_ y: Float, _ x: Float) -> Float {
        let flip = 0 >= x
        let s = flip ? x.magnitude : y
        let t = flip ? y : x.magnitude
        let scale: Float = t.magnitude >= Float(bitPattern: 0x5d5e_0b6b) ? 0.25 : 1  // 1e18
        let reciprocal = 1 / (t * scale)
        let ratio = (s * scale) * reciprocal
        let tangent = x.magnitude == y.magnitude ? 1 : ratio.magnitude
        let flipped: Float = flip ? 1 : 0
        let arc = flipped * Float(bitPattern: 0x3fc9_0fdb) + atan(tangent)
        // min(y, 1/t) < 0, NaN ignored.
        let m = y.isNaN ? reciprocal : (reciprocal.isNaN ? y : Swift.min(y, reciprocal))
        return m < 0 ? -arc : arc
    }

    // MARK: Hyperbolic functions (GLSL ES 3.00)

    /// `sinh(x) = (exp(x) - exp(-x)) / 2`.
    @inlinable
    public static func sinh(_ x: Float) -> Float { 0.5 * (exp(x) - exp(-x)) }

    /// `cosh(x) = (exp(x) + exp(-x)) / 2`.
    @inlinable
    public static func cosh(_ x: Float) -> Float { 0.5 * (exp(x) + exp(-x)) }

    /// `tanh(x)` on x clamped to [-10, 10].
    @inlinable
    public static func tanh(_ x: Float) -> Float {
        let c = minps(maxps(x, -10), 10)
        return (exp(c) - exp(-c)) / (exp(c) + exp(-c))
    }

    /// `asinh(x) = sign(x) log(|x| + sqrt(x² + 1))`.
    @inlinable
    public static func asinh(_ x: Float) -> Float { sign(x) * log(x.magnitude + (x * x + 1).squareRoot()) }

    /// `acosh(x) = log(x + sqrt(x² - 1))`.
    @inlinable
    public static func acosh(_ x: Float) -> Float { log(x + (x * x - 1).squareRoot()) }

    /// `atanh(x) = log((1 + x) / (1 - x)) / 2`.
    @inlinable
    public static func atanh(_ x: Float) -> Float { 0.5 * log((1 + x) / (1 - x)) }
}
