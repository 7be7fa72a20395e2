/// The GLSL ES 3.00 packing functions (§8.4) on one 16-bit half of the packed word, as llvmpipe
/// computes them (Mesa 22.3.6, glref fp32 mode; measured bit for bit by
/// scripts/measure-es3-builtins, README "GLSL ES 3.00 and desktop 1.30–3.30"):
///
/// - `packSnorm2x16`/`packUnorm2x16` round `clamp(c, -1, 1) * 32767` and `clamp(c, 0, 1) *
///   65535` to nearest, ties to even; NaN clamps to the lower bound (`ScalarSemantics.clamp`),
///   so it packs as -1 (0x8001) and 0;
/// - `unpackSnorm2x16` is `clamp(s / 32767, -1, 1)` and `unpackUnorm2x16` is `u / 65535`, both
///   a true division;
/// - `packHalf2x16` rounds to nearest even (65520 and above give infinity, values below half
///   the smallest half subnormal give a signed zero); every NaN packs as 0x7FFF, sign dropped;
/// - `unpackHalf2x16` is exact (half subnormals included); a NaN half unpacks as a float NaN
///   with every mantissa bit set and the half's sign (0x7FFFFFFF or 0xFFFFFFFF).
///
/// The executor's kernels and the constant folder call these; the native engine has vector C
/// versions of the same steps, and the reference interpreter its own formulas.
extension ScalarSemantics {
    /// `packSnorm2x16` of one component: the low 16 bits hold the rounded value.
    @inlinable @inline(__always)
    public static func packSnorm16(_ c: Float) -> UInt32 {
        let r = (clamp(c, -1, 1) * 32767).rounded(.toNearestOrEven)
        return UInt32(UInt16(bitPattern: Int16(r)))
    }

    /// `packUnorm2x16` of one component.
    @inlinable @inline(__always)
    public static func packUnorm16(_ c: Float) -> UInt32 {
        UInt32((clamp(c, 0, 1) * 65535).rounded(.toNearestOrEven))
    }

    /// `unpackSnorm2x16` of the low 16 bits of `bits`.
    @inlinable @inline(__always)
    public static func unpackSnorm16(_ bits: UInt32) -> Float {
        clamp(Float(Int16(bitPattern: UInt16(truncatingIfNeeded: bits))) / 32767, -1, 1)
    }

    /// `unpackUnorm2x16` of the low 16 bits of `bits`.
    @inlinable @inline(__always)
    public static func unpackUnorm16(_ bits: UInt32) -> Float {
        Float(bits & 0xFFFF) / 65535
    }

    /// `packHalf2x16` of one component: the half-precision bits, rounded to nearest even.
    @inlinable @inline(__always)
    public static func packHalf(_ c: Float) -> UInt32 {
        let b = c.bitPattern
        let sign = (b >> 16) & 0x8000
        let magnitude = b & 0x7FFF_FFFF
        if magnitude > 0x7F80_0000 { return 0x7FFF }  // NaN
        if magnitude >= 0x477F_F000 { return sign | 0x7C00 }  // 65520 and above round to infinity
        if magnitude >= 0x3880_0000 {
            // A normal half: rebias the exponent (127 → 15), round the 13 dropped bits to even.
            let rounded = magnitude &+ 0x0FFF &+ ((magnitude >> 13) & 1)
            return sign | ((rounded &- 0x3800_0000) >> 13)
        }
        // A half subnormal (or zero): the value in units of 2^-24, rounded to even (exact
        // float arithmetic: the product is below 1024; float denormals are zero here anyway).
        let units = (Float(bitPattern: magnitude) * 16_777_216).rounded(.toNearestOrEven)
        return sign | UInt32(units)
    }

    /// `unpackHalf2x16` of the low 16 bits of `bits`.
    @inlinable @inline(__always)
    public static func unpackHalf(_ bits: UInt32) -> Float {
        let sign = (bits & 0x8000) << 16
        let exponent = (bits >> 10) & 0x1F, mantissa = bits & 0x3FF
        switch exponent {
        case 0:
            // Subnormal: mantissa * 2^-24, a normal float.
            return Float(bitPattern: (Float(mantissa) * Float(sign: .plus, exponent: -24, significand: 1)).bitPattern | sign)
        case 31:
            return Float(bitPattern: sign | (mantissa == 0 ? 0x7F80_0000 : 0x7FFF_FFFF))
        default:
            return Float(bitPattern: sign | ((exponent + 112) << 23) | (mantissa << 13))
        }
    }
}
