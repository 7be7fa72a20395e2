import FeatureDetection
import Framebuffers
import Testing

@Suite("Integral images, luma and scaling")
struct IntegralImageTests {
    @Test("upright, squared and 45° tables equal their definitions summed pixel by pixel", arguments: [(1, 1), (7, 5), (13, 9), (4, 17)])
    func tablesMatchDefinitions(size: (Int, Int)) {
        let (w, h) = size
        let image = pattern(width: w, height: h, seed: UInt32(w * 31 + h))
        let tables = IntegralImage(image)
        for Y in 0...h {
            for X in 0...w {
                var sum = 0, squares = 0, tilted = 0
                for y in 0..<h {
                    for x in 0..<w {
                        let v = Int(image[x, y])
                        if x < X && y < Y {
                            sum += v
                            squares += v * v
                        }
                        // The upward triangle with its apex at pixel (X - 1, Y - 1).
                        if y < Y && abs(x - (X - 1)) <= Y - 1 - y { tilted += v }
                    }
                }
                let i = Y * (w + 1) + X
                #expect(Int(tables.sums[i]) == sum, "S(\(X), \(Y)) of \(w)x\(h)")
                #expect(Int(tables.squaredSums[i]) == squares, "Q(\(X), \(Y)) of \(w)x\(h)")
                #expect(Int(tables.tiltedSums[i]) == tilted, "T(\(X), \(Y)) of \(w)x\(h)")
            }
        }
    }

    @Test("a rectangle's sum from four corners equals the sum of its pixels")
    func rectangleSums() {
        let image = pattern(width: 20, height: 11)
        let tables = IntegralImage(image, includesTilted: false)
        #expect(tables.tiltedSums.isEmpty)
        for rect in [PixelRect(x: 0, y: 0, width: 20, height: 11), PixelRect(x: 3, y: 2, width: 5, height: 7), PixelRect(x: 19, y: 10, width: 1, height: 1)] {
            var expected = 0
            for y in rect.y..<(rect.y + rect.height) {
                for x in rect.x..<(rect.x + rect.width) { expected += Int(image[x, y]) }
            }
            #expect(tables.sum(of: rect) == expected, "\(rect)")
        }
    }

    @Test("the squared table wraps modulo 2^32 on big images, and window differences stay exact")
    func squaredTableWraps() {
        let image = GrayImage(width: 300, height: 300, pixels: [UInt8](repeating: 255, count: 90_000))
        let tables = IntegralImage(image, includesTilted: false)
        let corner = tables.squaredSums[300 * 301 + 300]
        #expect(corner == UInt32(truncatingIfNeeded: 90_000 * 255 * 255))  // 5.85e9 wraps
        let w = 301, x = 100, y = 200
        let window = tables.squaredSums[(y + 24) * w + x + 24] &- tables.squaredSums[(y + 24) * w + x]
            &- tables.squaredSums[y * w + x + 24] &+ tables.squaredSums[y * w + x]
        #expect(window == 24 * 24 * 255 * 255)
    }

    @Test("luma uses OpenCV's 15-bit BGR2GRAY weights and ignores alpha")
    func luma() {
        let texture = Texture(width: 4, height: 1, rgba8: [255, 255, 255, 0, 255, 0, 0, 255, 0, 255, 0, 255, 10, 200, 30, 7])
        let gray = GrayImage(texture)
        // (9798 R + 19235 G + 3735 B + 16384) >> 15; the last one is also what
        // cv2.cvtColor gives for BGR (30, 200, 10).
        #expect(gray.pixels == [255, 76, 150, 124])
    }

    @Test("bilinear scaling matches cv2.resize(INTER_LINEAR_EXACT) on a 7x5 pattern")
    func scalingMatchesOpenCV() {
        // The pattern (37x + 91y + 13xy) mod 256; expected values printed by OpenCV 4.14:
        // cv2.resize(img, (w, h), interpolation=cv2.INTER_LINEAR_EXACT).flatten().
        var pixels: [UInt8] = []
        for y in 0..<5 {
            for x in 0..<7 {
                let value: Int = (x * 37 + y * 91 + x * y * 13) % 256
                pixels.append(UInt8(value))
            }
        }
        let image = GrayImage(width: 7, height: 5, pixels: pixels)
        #expect(image.resized(width: 4, height: 3).pixels == [46, 118, 116, 178, 206, 60, 170, 120, 110, 87, 161, 127])
        #expect(image.resized(width: 5, height: 4).pixels
            == [19, 73, 127, 149, 203, 136, 155, 194, 110, 111, 93, 135, 196, 136, 159, 114, 102, 135, 136, 123])
        #expect(image.resized(width: 3, height: 2).pixels == [99, 209, 126, 93, 214, 142])
    }

    @Test("halving averages each pair, rounding half up")
    func halving() {
        let image = GrayImage(width: 4, height: 1, pixels: [10, 13, 200, 201])
        #expect(image.resized(width: 2, height: 1).pixels == [12, 201])
    }
}
