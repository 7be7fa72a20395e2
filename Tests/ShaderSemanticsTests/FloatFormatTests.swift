import ShaderSemantics
import Testing

/// The device-profile formats against independent definitions: Swift's `Float16` conversion
/// (IEEE 754 round to nearest even) for fp16, arithmetic in `Double` for fixed point.
@Suite struct FloatFormatTests {
    /// Random bit patterns of every exponent, plus the edges of binary16.
    static let samples: [Float] = {
        var values: [Float] = [
            0, -0, 1, -1, 65504, 65519.99, 65520, 65536, 1e10, -65520, .infinity, -.infinity,
            6.1035156e-5, 6.1e-5, 5.96e-8, 2.98e-8, 2.99e-8, 1e-9, 0.1, 0.3, 1.0 / 3, 2047.5, 2048.5,
            Float(bitPattern: 0x3880_0000), Float(bitPattern: 0x387F_FFFF), Float(bitPattern: 0x3300_0000),
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<200_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let bits = UInt32(truncatingIfNeeded: state >> 32)
            let x = Float(bitPattern: bits)
            // fp32 denormals are flushed by the engines before they reach the rounding.
            if !x.isNaN && !x.isSubnormal { values.append(x) }
        }
        return values
    }()

    @Test func fp16RoundsToNearestEvenAsIEEE() {
        var wrong: [String] = []
        for x in Self.samples {
            let expected = Float(Float16(x))
            let got = FloatFormat.fp16.round(x)
            if got.bitPattern != expected.bitPattern { wrong.append("\(x): \(got), expected \(expected)") }
        }
        #expect(wrong.isEmpty, "\(wrong.count) wrong, e.g. \(wrong.prefix(5))")
        #expect(FloatFormat.fp16.round(65519.99) == 65504)
        #expect(FloatFormat.fp16.round(65520) == .infinity, "ties past the largest half overflow")
        #expect(FloatFormat.fp16.round(2.99e-8) == 5.9604645e-8, "above half the smallest subnormal rounds up")
        #expect(FloatFormat.fp16.round(2048.5) == 2048, "a tie goes to the even neighbour")
        #expect(FloatFormat.fp16.round(.nan).isNaN)
    }

    @Test func fp16TruncatesTowardZero() {
        var wrong: [String] = []
        for x in Self.samples {
            // Independent: the largest binary16 whose magnitude is not above |x|.
            var h = Float16(x)
            if abs(Float(h)) > abs(x) { h = x < 0 ? h.nextUp : h.nextDown }
            let got = FloatFormat.truncateToHalf(x)
            if got.bitPattern != Float(h).bitPattern { wrong.append("\(x): \(got), expected \(Float(h))") }
        }
        #expect(wrong.isEmpty, "\(wrong.count) wrong, e.g. \(wrong.prefix(5))")
        // 77/255 as llvmpipe turns a texel into fp16 (measured, see the README).
        #expect(FloatFormat.truncateToHalf(77.0 / 255) == 0.3017578125)
        #expect(FloatFormat.truncateToHalf(1e9) == 65504)
    }

    @Test func fixed10HasStepsOfOne256thWithinMinusTwoToTwo() {
        for x in Self.samples where abs(x) < 1e30 {
            let steps = min(max((Double(x) * 256).rounded(.toNearestOrEven), -512), 511)
            #expect(FloatFormat.fixed10.round(x) == Float(steps / 256), "\(x)")
        }
        #expect(FloatFormat.fixed10.round(.nan) == 0)
        #expect(FloatFormat.fixed10.round(.infinity) == 511.0 / 256)
        #expect(FloatFormat.fixed10.round(-.infinity) == -2)
        #expect(FloatFormat.fp32.round(0.1) == 0.1)
    }
}
