import Testing

@testable import ImageCodecs

/// `PNGEncoding.scan` (which picks grey or opaque layouts for PNG and JPEG output) reads RGBA8
/// pixels as words; its answers must be those of the definition, pixel by pixel.
@Suite("pixel scans")
struct PixelScanTests {
    static func definition(_ bytes: [UInt8]) -> (isGrey: Bool, isOpaque: Bool) {
        var grey = true, opaque = true
        for p in stride(from: 0, to: bytes.count, by: 4) {
            if bytes[p] != bytes[p + 1] || bytes[p + 1] != bytes[p + 2] { grey = false }
            if bytes[p + 3] != 255 { opaque = false }
        }
        return (grey, opaque)
    }

    /// Grey, opaque frames (longer than one 4,096-word block) with one pixel changed in turn:
    /// each channel, at the first, a middle and the last pixel; and random frames.
    @Test func theWordScanAnswersAsTheDefinition() {
        let pixels = 10_000
        var base = [UInt8](repeating: 0, count: pixels * 4)
        for p in 0..<pixels {
            let v = UInt8(truncatingIfNeeded: p &* 7)
            base[4 * p] = v; base[4 * p + 1] = v; base[4 * p + 2] = v; base[4 * p + 3] = 255
        }
        var cases = [base]
        for pixel in [0, 5_000, pixels - 1] {
            for channel in 0..<4 {
                var changed = base
                changed[4 * pixel + channel] ^= 1
                cases.append(changed)
            }
        }
        var state: UInt64 = 12345
        for _ in 0..<3 {
            cases.append((0..<(pixels * 4)).map { _ in
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return UInt8(truncatingIfNeeded: state >> 56)
            })
        }
        for (k, bytes) in cases.enumerated() {
            let scanned = PNGEncoding.scan(bytes, opaque: 255)
            let expected = Self.definition(bytes)
            #expect(scanned.isGrey == expected.isGrey && scanned.isOpaque == expected.isOpaque, "case \(k)")
            #expect(PNGEncoding.scan(bytes, opaque: 255, checksOpacity: false).isOpaque == false)
        }
    }
}
