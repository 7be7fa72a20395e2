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
    EdgeCase(file: "basn0g01.png", width: 32, height: 32, colorModel: .grey, channels: 1, bitDepth: 1),
    EdgeCase(file: "basn0g16.png", width: 32, height: 32, colorModel: .grey, channels: 1, bitDepth: 16),
    EdgeCase(file: "basn2c16.png", width: 32, height: 32, colorModel: .rgb, channels: 3, bitDepth: 16),
    EdgeCase(file: "basn3p01.png", width: 32, height: 32, colorModel: .indexed, channels: 1, bitDepth: 1),
    EdgeCase(file: "basn3p08.png", width: 32, height: 32, colorModel: .indexed, channels: 1, bitDepth: 8),
    EdgeCase(file: "basn4a08.png", width: 32, height: 32, colorModel: .greyAlpha, channels: 2, bitDepth: 8),
    EdgeCase(file: "basn4a16.png", width: 32, height: 32, colorModel: .greyAlpha, channels: 2, bitDepth: 16),
    EdgeCase(file: "basn6a16.png", width: 32, height: 32, colorModel: .rgba, channels: 4, bitDepth: 16),
    EdgeCase(file: "basi6a08.png", width: 32, height: 32, colorModel: .rgba, channels: 4, bitDepth: 8,
             isInterlaced: true),
    EdgeCase(file: "basi0g04.png", width: 32, height: 32, colorModel: .grey, channels: 1, bitDepth: 4,
             isInterlaced: true),
    EdgeCase(file: "s01i3p01.png", width: 1, height: 1, colorModel: .indexed, channels: 1, bitDepth: 1,
             isInterlaced: true),
    EdgeCase(file: "s07i3p02.png", width: 7, height: 7, colorModel: .indexed, channels: 1, bitDepth: 2,
             isInterlaced: true),
    EdgeCase(file: "tbbn3p08.png", width: 32, height: 32, colorModel: .indexed, channels: 1, bitDepth: 8),
    EdgeCase(file: "tm3n3p02.png", width: 32, height: 32, colorModel: .indexed, channels: 1, bitDepth: 2),
    EdgeCase(file: "tbrn2c08.png", width: 32, height: 32, colorModel: .rgb, channels: 3, bitDepth: 8),
    EdgeCase(file: "tbbn0g04.png", width: 32, height: 32, colorModel: .grey, channels: 1, bitDepth: 4),
    EdgeCase(file: "g03n2c08.png", width: 32, height: 32, colorModel: .rgb, channels: 3, bitDepth: 8),
    EdgeCase(file: "oi9n2c16.png", width: 32, height: 32, colorModel: .rgb, channels: 3, bitDepth: 16),
    EdgeCase(file: "z00n2c08.png", width: 32, height: 32, colorModel: .rgb, channels: 3, bitDepth: 8),
    EdgeCase(file: "f99n0g04.png", width: 32, height: 32, colorModel: .grey, channels: 1, bitDepth: 4),
    EdgeCase(file: "cs3n2c16.png", width: 32, height: 32, colorModel: .rgb, channels: 3, bitDepth: 16),
    EdgeCase(file: "exif2c08.png", width: 32, height: 32, colorModel: .rgb, channels: 3, bitDepth: 8),
    EdgeCase(file: "ctzn0g04.png", width: 32, height: 32, colorModel: .grey, channels: 1, bitDepth: 4),
    EdgeCase(file: "uncompressed_la.png", width: 128, height: 128, colorModel: .greyAlpha, channels: 2,
             bitDepth: 8),
    EdgeCase(file: "p_trns_single.png", width: 64, height: 64, colorModel: .indexed, channels: 1, bitDepth: 8),
    EdgeCase(file: "pil123p.png", width: 162, height: 150, colorModel: .indexed, channels: 1, bitDepth: 8,
             isInterlaced: true),
    EdgeCase(file: "tRNS_null_1x1.png", width: 1, height: 1, colorModel: .indexed, channels: 1, bitDepth: 1),
    EdgeCase(file: "padded_idat.png", width: 256, height: 10, colorModel: .grey, channels: 1, bitDepth: 8,
             warns: true),
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
            image.texture, equal: try Fixtures.reference(edge.file), width: edge.width, height: edge.height,
            tolerance: edge.tolerance, meanTolerance: edge.meanTolerance, edge.file)
    }
}
