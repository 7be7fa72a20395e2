import ShaderSyntax

extension FloatFormat {
    /// Rounds an fp32 value to the nearest value of this format, as a device that stores the
    /// qualifier in this format holds it.
    ///
    /// - `fp32`: the value itself.
    /// - `fp16`: IEEE 754 binary16, round to nearest even, with its subnormals (steps of
    ///   2⁻²⁴ below 2⁻¹⁴); magnitudes from 65 520 up become infinity; NaN stays NaN (F16C's
    ///   `vcvtps2ph` with round-to-nearest, which is what llvmpipe runs).
    /// - `fixed10`: steps of 2⁻⁸ (ties to even), saturated to [−2, 2 − 2⁻⁸]; NaN becomes 0.
    ///
    /// The computation works on the bits (no `Float16`), so that the native engine's C can
    /// follow it step for step; the reference interpreter rounds through Swift's `Float16`.
    public func round(_ x: Float) -> Float {
        switch self {
        case .fp32: return x
        case .fp16: return Self.roundToHalf(x)
        case .fixed10:
            if x.isNaN { return 0 }
            let clamped = Swift.min(Swift.max(x, -2), 2)
            return Swift.min((clamped * 256).rounded(.toNearestOrEven) / 256, 2 - 1.0 / 256)
        }
    }

    /// Rounds an fp32 value toward zero to an fp16 value (`truncateToFP16`): the dropped
    /// fraction bits are cut; magnitudes past 65 504 become 65 504, infinities stay.
    public static func truncateToHalf(_ x: Float) -> Float {
        let bits = x.bitPattern
        let sign = bits & 0x8000_0000
        let magnitude = bits & 0x7FFF_FFFF
        if magnitude >= 0x7F80_0000 { return x }  // infinity, NaN
        let cut: UInt32
        if magnitude < 0x3880_0000 {
            // Subnormal binary16: whole multiples of 2^-24 (scaling by 2^24 is exact).
            cut = ((Float(bitPattern: magnitude) * 16_777_216).rounded(.towardZero) / 16_777_216).bitPattern
        } else {
            cut = Swift.min(magnitude & ~0x1FFF, 0x477F_E000)  // 65 504 at most
        }
        return Float(bitPattern: cut | sign)
    }

    private static func roundToHalf(_ x: Float) -> Float {
        let bits = x.bitPattern
        let sign = bits & 0x8000_0000
        let magnitude = bits & 0x7FFF_FFFF
        if magnitude > 0x7F80_0000 { return x }  // NaN
        let rounded: UInt32
        if magnitude < 0x3880_0000 {
            // Below 2^-14 binary16 is subnormal: multiples of 2^-24. Adding 0.5 leaves the sum
            // in [0.5, 1), whose fp32 spacing is exactly 2^-24, so fp32's own rounding to nearest
            // even does the work.
            let a = Float(bitPattern: magnitude)
            rounded = ((a + 0.5) - 0.5).bitPattern
        } else {
            // Keep 10 of the 23 fraction bits, rounding to nearest even on the 13 dropped.
            let kept = (magnitude + 0xFFF + ((magnitude >> 13) & 1)) & ~0x1FFF
            rounded = kept >= 0x4780_0000 ? 0x7F80_0000 : kept  // 65 536 and up: infinity
        }
        return Float(bitPattern: rounded | sign)
    }
}

extension PrecisionFormats {
    /// The format of `precision`; `nil` (no qualifier) is treated as `highp`.
    public func format(of precision: PrecisionQualifier?) -> FloatFormat {
        switch precision {
        case .lowp: lowp
        case .mediump: mediump
        case .highp, nil: highp
        }
    }

    /// `true` when every qualifier is fp32, so that precision changes nothing.
    public var isAllFP32: Bool { highp == .fp32 && mediump == .fp32 && lowp == .fp32 }
}
