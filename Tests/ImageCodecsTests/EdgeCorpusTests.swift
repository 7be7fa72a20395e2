import Foundation
import Framebuffers
import ImageCodecs
import Testing

/// One valid-but-unusual file of `Images/edge` and what it must decode to.
struct EdgeCase: CustomTestStringConvertible, Sendable {
    var file: String
    var width: Int
    var height: Int
    var colorModel: ColorModel
    var channels: Int
    var bitDepth: Int
    var isInterlaced = false
    /// Largest per-channel difference from Pillow's pixels, and the largest mean difference.
    /// PNG must match exactly. JPEG IDCT/upsampling implementations may differ: 2 levels of 255
    /// per channel, 0.5 on average (CMYK: 1 more for the two-step rounding of C·K/255). With
    /// Debian 12's libjpeg-turbo 2.1.5 and Pillow 13's bundled one the JPEGs match exactly.
    var tolerance = 0
    var meanTolerance = 0.0
    var warns = false

    var testDescription: String { file }

    static func png(
        _ file: String, _ width: Int, _ height: Int, _ model: ColorModel, _ channels: Int,
        bits: Int, interlaced: Bool = false, warns: Bool = false
    ) -> EdgeCase {
        EdgeCase(
            file: file, width: width, height: height, colorModel: model, channels: channels,
            bitDepth: bits, isInterlaced: interlaced, warns: warns)
    }

    static func jpeg(
        _ file: String, _ width: Int, _ height: Int, _ model: ColorModel, _ channels: Int,
        progressive: Bool = false, tolerance: Int = 2, warns: Bool = false
    ) -> EdgeCase {
        EdgeCase(
            file: file, width: width, height: height, colorModel: model, channels: channels,
            bitDepth: 8, isInterlaced: progressive, tolerance: tolerance, meanTolerance: 0.5,
            warns: warns)
    }
}

let edgeCases: [EdgeCase] = [
    .png("basn0g01.png", 32, 32, .grey, 1, bits: 1),
    .png("basn0g16.png", 32, 32, .grey, 1, bits: 16),
    .png("basn2c16.png", 32, 32, .rgb, 3, bits: 16),
    .png("basn3p01.png", 32, 32, .indexed, 1, bits: 1),
    .png("basn3p08.png", 32, 32, .indexed, 1, bits: 8),
    .png("basn4a08.png", 32, 32, .greyAlpha, 2, bits: 8),
    .png("basn4a16.png", 32, 32, .greyAlpha, 2, bits: 16),
    .png("basn6a16.png", 32, 32, .rgba, 4, bits: 16),
    .png("basi6a08.png", 32, 32, .rgba, 4, bits: 8, interlaced: true),
    .png("basi0g04.png", 32, 32, .grey, 1, bits: 4, interlaced: true),
    .png("s01i3p01.png", 1, 1, .indexed, 1, bits: 1, interlaced: true),
    .png("s07i3p02.png", 7, 7, .indexed, 1, bits: 2, interlaced: true),
    .png("tbbn3p08.png", 32, 32, .indexed, 1, bits: 8),
    .png("tm3n3p02.png", 32, 32, .indexed, 1, bits: 2),
    .png("tbrn2c08.png", 32, 32, .rgb, 3, bits: 8),
    .png("tbbn0g04.png", 32, 32, .grey, 1, bits: 4),
    .png("g03n2c08.png", 32, 32, .rgb, 3, bits: 8),
    .png("oi9n2c16.png", 32, 32, .rgb, 3, bits: 16),
    .png("z00n2c08.png", 32, 32, .rgb, 3, bits: 8),
    .png("f99n0g04.png", 32, 32, .grey, 1, bits: 4),
    .png("cs3n2c16.png", 32, 32, .rgb, 3, bits: 16),
    .png("exif2c08.png", 32, 32, .rgb, 3, bits: 8),
    .png("ctzn0g04.png", 32, 32, .grey, 1, bits: 4),
    .png("uncompressed_la.png", 128, 128, .greyAlpha, 2, bits: 8),
    .png("p_trns_single.png", 64, 64, .indexed, 1, bits: 8),
    .png("pil123p.png", 162, 150, .indexed, 1, bits: 8, interlaced: true),
    .png("tRNS_null_1x1.png", 1, 1, .indexed, 1, bits: 1),
    .png("padded_idat.png", 256, 10, .grey, 1, bits: 8, warns: true),
    .jpeg("pil_sample_cmyk.jpg", 100, 100, .yccK, 4, tolerance: 3),
    .jpeg("app13-multiple.jpg", 256, 160, .yCbCr, 3, progressive: true),
    .jpeg("hopper_gray.jpg", 128, 128, .grey, 1),
    .jpeg("hopper_orientation_6.jpg", 128, 128, .yCbCr, 3),
    .jpeg("hopper_16bit_qtables.jpg", 128, 128, .yCbCr, 3),
    .jpeg("photoshop-200dpi-broken.jpg", 200, 200, .yCbCr, 3, warns: true),
    .jpeg("testimgari.jpg", 227, 149, .yCbCr, 3),
    .jpeg("testorig.jpg", 227, 149, .yCbCr, 3),
]

@Suite("edge corpus: valid but unusual files decode to Pillow's pixels")
struct EdgeCorpusTests {
    @Test("the table covers every file of Images/edge")
    func tableCoversCorpus() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Fixtures.imagePath("edge"))
            .filter { !$0.hasSuffix(".md") }
        #expect(Set(files) == Set(edgeCases.map(\.file)))
    }

    @Test("decodes", arguments: edgeCases)
    func decodes(_ edge: EdgeCase) throws {
        let image = try ImageFile.decode(contentsOfFile: Fixtures.imagePath("edge/" + edge.file))
        let info = image.info
        #expect(info.format == (edge.file.hasSuffix(".png") ? .png : .jpeg))
        #expect(info.width == edge.width && info.height == edge.height)
        #expect(info.colorModel == edge.colorModel)
        #expect(info.channels == edge.channels)
        #expect(info.bitDepth == edge.bitDepth)
        #expect(info.isInterlaced == edge.isInterlaced)
        #expect(info.warnings.isEmpty != edge.warns, "warnings: \(info.warnings)")
        #expect(image.texture.format == .rgba8)
        expectPixels(
            image.texture, equal: try Fixtures.reference(edge.file), width: edge.width,
            height: edge.height,
            tolerance: edge.tolerance, meanTolerance: edge.meanTolerance, edge.file)
    }
}
