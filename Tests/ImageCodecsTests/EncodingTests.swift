import Foundation
import Framebuffers
import ImageCodecs
import Testing

@Suite("encoding")
struct EncodingTests {
    @Test("PNG decode → encode → decode is bit-identical", arguments: Fixtures.photos)
    func pngRoundTrip(_ photo: String) throws {
        let original = try ImageFile.decode(contentsOfFile: Fixtures.imagePath(photo))
        let png = try ImageFile.encode(original.texture, as: .png())
        let again = try ImageFile.decode(png)
        let identical = again.texture == original.texture
        #expect(
            identical,
            "\(photo): \(PixelDifference(again.texture.rgba8Bytes, original.texture.rgba8Bytes, tolerance: 0))"
        )
        #expect(again.info.format == .png && again.info.bitDepth == 8)
    }

    @Test(
        "PNG round trip of every edge PNG",
        arguments: edgeCases.filter { $0.file.hasSuffix(".png") }.map(\.file))
    func edgeRoundTrip(_ file: String) throws {
        let original = try ImageFile.decode(contentsOfFile: Fixtures.imagePath("edge/" + file))
            .texture
        let again = try ImageFile.decode(ImageFile.encode(original, as: .png())).texture
        let identical = again == original
        #expect(identical, "\(file)")
    }

    @Test(
        "automatic PNG channels keep only what the pixels need",
        arguments: [
            ("camera.png", ColorModel.grey, 1), ("coffee.png", .rgb, 3), ("ghost.png", .rgba, 4),
            ("edge/basn4a08.png", .greyAlpha, 2), ("hubble_deep_field.jpg", .rgb, 3),
        ])
    func automaticChannels(_ file: String, _ model: ColorModel, _ channels: Int) throws {
        let texture = try ImageFile.decode(contentsOfFile: Fixtures.imagePath(file)).texture
        let info = try ImageFile.decode(ImageFile.encode(texture, as: .png())).info
        #expect(info.colorModel == model && info.channels == channels)
    }

    @Test("explicit PNG channels", arguments: PNGEncodingOptions.Channels.allCases)
    func explicitChannels(_ channels: PNGEncodingOptions.Channels) throws {
        // Grey-but-translucent pixels survive every layout that keeps what they hold.
        let texture = Texture(
            width: 3, height: 2,
            rgba8: [
                10, 10, 10, 255, 20, 20, 20, 128, 30, 30, 30, 0,
                40, 40, 40, 255, 50, 50, 50, 255, 60, 60, 60, 1,
            ])
        let decoded = try ImageFile.decode(
            ImageFile.encode(texture, as: .png(PNGEncodingOptions(channels: channels))))
        let expectedModel: ColorModel =
            switch channels {
            case .automatic, .greyAlpha: .greyAlpha
            case .grey: .grey
            case .rgb: .rgb
            case .rgba: .rgba
            }
        #expect(decoded.info.colorModel == expectedModel)
        let bytes = decoded.texture.rgba8Bytes
        for pixel in 0..<6 {
            #expect(bytes[pixel * 4] == UInt8(10 * (pixel + 1)))
            let keepsAlpha = channels != .grey && channels != .rgb
            #expect(bytes[pixel * 4 + 3] == (keepsAlpha ? texture.rgba8Bytes[pixel * 4 + 3] : 255))
        }
    }

    @Test("forced grey stores luma")
    func greyLuma() throws {
        let texture = Texture(width: 2, height: 1, rgba8: [255, 0, 0, 255, 0, 0, 255, 255])
        let decoded = try ImageFile.decode(
            ImageFile.encode(texture, as: .png(PNGEncodingOptions(channels: .grey))))
        #expect(decoded.texture.rgba8Bytes == [77, 77, 77, 255, 29, 29, 29, 255])
    }

    @Test(
        "16-bit PNGs keep 16 bits through Float32",
        arguments: [
            "edge/basn6a16.png", "edge/basn0g16.png", "edge/basn4a16.png", "edge/basn2c16.png",
        ])
    func sixteenBitRoundTrip(_ file: String) throws {
        let options = DecodingOptions(keepsSixteenBitPrecision: true)
        let original = try ImageFile.decode(
            contentsOfFile: Fixtures.imagePath(file), options: options)
        #expect(original.texture.format == .float32)
        let png = try ImageFile.encode(original.texture, as: .png())
        let again = try ImageFile.decode(png, options: options)
        #expect(again.info.bitDepth == 16 && again.info.colorModel == original.info.colorModel)
        let identical = again.texture == original.texture
        #expect(identical, "\(file)")
        // The 8-bit decode of the same file is the high byte of each sample.
        let eight = try ImageFile.decode(contentsOfFile: Fixtures.imagePath(file)).texture
            .rgba8Bytes
        let high = original.texture.float32Values.map { UInt8((UInt32($0 * 65535 + 0.5)) >> 8) }
        #expect(eight == high)
    }

    @Test("Float32 values are rounded to the nearest 16-bit step; RGBA8 can be forced")
    func floatToSixteen() throws {
        let values: [Float] = [0, 0.5, 1, 1, 2, -1, 0.25, 1, 0.1, 0.2, 0.3, 1, .nan, 0.75, 1e-6, 1]
        let texture = Texture(width: 2, height: 2, float32: values)
        let decoded = try ImageFile.decode(
            ImageFile.encode(texture, as: .png()),
            options: DecodingOptions(keepsSixteenBitPrecision: true))
        let expected = values.map { v -> Float in
            let clamped = v.isNaN ? 0 : min(max(v, 0), 1)
            return Float(UInt16(clamped * 65535 + 0.5)) / 65535
        }
        #expect(decoded.texture.float32Values == expected)
        let eight = try ImageFile.decode(
            ImageFile.encode(texture, as: .png(PNGEncodingOptions(bitDepth: .eight))))
        #expect(eight.info.bitDepth == 8)
        #expect(eight.texture.rgba8Bytes == texture.rgba8Bytes)
    }

    @Test("every compression level and strategy round-trips; level 10 is refused")
    func compressionSettings() throws {
        let texture = try ImageFile.decode(contentsOfFile: Fixtures.imagePath("edge/pil123p.png"))
            .texture
        for level in 0...9 {
            for strategy in PNGEncodingOptions.Strategy.allCases {
                let options = PNGEncodingOptions(compressionLevel: level, strategy: strategy)
                let same =
                    try ImageFile.decode(ImageFile.encode(texture, as: .png(options))).texture
                    == texture
                #expect(same, "level \(level), \(strategy)")
            }
        }
        let error = codecError {
            _ = try ImageFile.encode(texture, as: .png(PNGEncodingOptions(compressionLevel: 10)))
        }
        #expect(error.map(errorCase) == "invalidOptions")
    }

    /// JPEG at quality 95 stays within this error of its source, per channel over all pixels
    /// (levels of 255): with 4:4:4, mean absolute error ≤ 1.5 and largest ≤ 24 (measured:
    /// 0.08–1.33, 9–21); with 4:2:0, mean ≤ 2.5 and largest ≤ 128, since halving the chroma
    /// smears one-pixel colour details such as stars and lights (measured: 0.09–2.35, 9–116).
    @Test("JPEG re-encode at quality 95 stays close", arguments: Fixtures.photos)
    func jpegQuality95(_ photo: String) throws {
        let original = try ImageFile.decode(contentsOfFile: Fixtures.imagePath(photo)).texture
        // JPEG has no alpha: compare against the source composited on nothing, i.e. its RGB.
        var expected = original.rgba8Bytes
        for i in stride(from: 3, to: expected.count, by: 4) { expected[i] = 255 }
        for (subsampling, mean, largest) in [
            (JPEGEncodingOptions.ChromaSubsampling.halfBoth, 2.5, 128),
            (.none, 1.5, 24),
        ] {
            let options = JPEGEncodingOptions(quality: 95, chromaSubsampling: subsampling)
            let decoded = try ImageFile.decode(ImageFile.encode(original, as: .jpeg(options)))
                .texture
            let difference = PixelDifference(decoded.rgba8Bytes, expected, tolerance: largest)
            #expect(
                difference.mean <= mean && difference.largest <= largest,
                "\(photo) \(subsampling): \(difference)")
        }
    }

    @Test("JPEG quality is 1...100 and trades size for error")
    func jpegQuality() throws {
        let texture = try ImageFile.decode(contentsOfFile: Fixtures.imagePath("coffee.png")).texture
        var sizes: [Int] = []
        for quality in [1, 10, 50, 95, 100] {
            sizes.append(
                try ImageFile.encode(texture, as: .jpeg(JPEGEncodingOptions(quality: quality)))
                    .count)
        }
        #expect(sizes == sizes.sorted() && Set(sizes).count == sizes.count, "\(sizes)")
        for quality in [0, 101, -5] {
            let error = codecError {
                _ = try ImageFile.encode(texture, as: .jpeg(JPEGEncodingOptions(quality: quality)))
            }
            #expect(error.map(errorCase) == "invalidOptions")
        }
    }

    @Test("JPEG components: grey pictures are stored as one component")
    func jpegComponents() throws {
        let grey = try ImageFile.decode(contentsOfFile: Fixtures.imagePath("camera.png")).texture
        let automatic = try ImageFile.decode(ImageFile.encode(grey, as: .jpeg())).info
        #expect(automatic.colorModel == .grey && automatic.channels == 1)
        let color = try ImageFile.decode(
            ImageFile.encode(grey, as: .jpeg(JPEGEncodingOptions(components: .color)))
        ).info
        #expect(color.colorModel == .yCbCr && color.channels == 3)
        let photo = try ImageFile.decode(contentsOfFile: Fixtures.imagePath("coffee.png")).texture
        let forced = try ImageFile.decode(
            ImageFile.encode(photo, as: .jpeg(JPEGEncodingOptions(components: .grey))))
        #expect(forced.info.colorModel == .grey)
        let bytes = forced.texture.rgba8Bytes
        var isGrey = true
        for i in stride(from: 0, to: bytes.count, by: 4)
        where bytes[i] != bytes[i + 1] || bytes[i] != bytes[i + 2] {
            isGrey = false
        }
        #expect(isGrey)
    }

    @Test("odd sizes and 1x1 encode in both formats")
    func oddSizes() throws {
        for (width, height) in [(1, 1), (1, 17), (17, 1), (227, 149)] {
            let bytes = (0..<width * height * 4).map { UInt8(truncatingIfNeeded: $0 &* 37) }
            let texture = Texture(width: width, height: height, rgba8: bytes)
            let same =
                try ImageFile.decode(ImageFile.encode(texture, as: .png())).texture == texture
            #expect(same)
            let jpeg = try ImageFile.decode(ImageFile.encode(texture, as: .jpeg())).texture
            #expect(jpeg.width == width && jpeg.height == height)
        }
    }
}
