import Foundation
import ImageCodecs
import Testing

/// One malformed file and the error case it must raise.
struct BadCase: CustomTestStringConvertible, Sendable {
    var file: String
    /// `errorCase(_:)` of the expected error.
    var expected: String
    var testDescription: String { "\(file) → \(expected)" }

    init(_ file: String, _ expected: String) {
        self.file = file
        self.expected = expected
    }
}

let badCases: [BadCase] = [
    BadCase("xs1n0g01.png", "unrecognizedFormat"),  // signature byte 0x09, not 0x89
    BadCase("xcrn0g04.png", "unrecognizedFormat"),  // signature mangled by CRLF conversion
    BadCase("xc9n2c08.png", "invalidHeader"),  // colour type 9
    BadCase("xd3n2c08.png", "invalidHeader"),  // bit depth 3
    BadCase("xhdn0g08.png", "checksumMismatch(IHDR)"),
    BadCase("xcsn0g01.png", "checksumMismatch(IDAT)"),
    BadCase("xdtn0g01.png", "missingChunk(IDAT)"),
    BadCase("truncated_image.png", "truncated"),  // cut in the middle of IDAT
    BadCase("broken_data_stream.png", "corruptData"),  // bad filter bytes after inflate
    BadCase("truncated_end_chunk.png", "truncated"),  // every row present, IEND cut short
    BadCase("broken.png", "invalidHeader"),  // garbage instead of IHDR
    BadCase("truncated_jpeg.jpg", "truncated"),  // progressive, no EOI
    BadCase("monkey12.jpg", "unsupported"),  // 12-bit precision
    BadCase("x_issue230_0.png", "invalidHeader"),  // width 4293328897
    BadCase("x_ihdr_missing.png", "missingChunk(IHDR)"),
]

@Suite("bad corpus: each malformed file raises its own error")
struct BadCorpusTests {
    @Test("the table covers every file of Images/bad")
    func tableCoversCorpus() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Fixtures.imagePath("bad"))
            .filter { !$0.hasSuffix(".md") }
        #expect(Set(files) == Set(badCases.map(\.file)))
    }

    @Test("raises its error", arguments: badCases)
    func raises(_ bad: BadCase) throws {
        let bytes = try Fixtures.bytes("bad/" + bad.file)
        let error = codecError { _ = try ImageFile.decode(bytes) }
        #expect(
            error.map(errorCase) == bad.expected,
            "\(error.map(String.init(describing:)) ?? "no error")")
        #expect(error.map { !$0.description.isEmpty } == true)
    }

    @Test(
        "a huge declared size fails before allocation",
        arguments: [
            ("huge_header.png", 100_000, 100_000), ("huge_header.jpg", 60_000, 60_000),
        ])
    func tooLarge(_ file: String, _ width: Int, _ height: Int) throws {
        let bytes = try Fixtures.bytes("made/" + file)
        let error = codecError { _ = try ImageFile.decode(bytes) }
        #expect(error == .tooLarge(width: width, height: height, limit: 1 << 28))
    }

    @Test("the pixel limit is configurable")
    func configurableLimit() throws {
        let bytes = try Fixtures.bytes("edge/testorig.jpg")
        let error = codecError {
            _ = try ImageFile.decode(bytes, options: DecodingOptions(pixelLimit: 227 * 149 - 1))
        }
        #expect(error == .tooLarge(width: 227, height: 149, limit: 227 * 149 - 1))
        #expect(throws: Never.self) {
            try ImageFile.decode(bytes, options: DecodingOptions(pixelLimit: 227 * 149))
        }
    }

    @Test("empty and tiny inputs are unrecognised, not crashes")
    func tinyInputs() {
        for bytes: [UInt8] in [[], [0x89], [0xFF, 0xD8], Array("GIF89a".utf8)] {
            let error = codecError { _ = try ImageFile.decode(bytes) }
            #expect(error == .unrecognizedFormat(leadingBytes: Array(bytes.prefix(8))))
        }
    }

    @Test(
        "every prefix of a valid file is an error: truncated once the signature is complete",
        arguments: [
            "edge/basn0g01.png", "edge/basi6a08.png", "edge/testorig.jpg",
            "edge/app13-multiple.jpg",
        ])
    func everyPrefix(_ file: String) throws {
        let bytes = try Fixtures.bytes(file)
        let signatureLength = file.hasSuffix(".png") ? 8 : 3
        // Small files: every prefix; large ones: every 7th byte plus the last few.
        let step = bytes.count > 10_000 ? 7 : 1
        let lengths =
            Array(stride(from: 0, to: bytes.count, by: step)) + Array(bytes.count - 4..<bytes.count)
        for length in lengths {
            let error = codecError { _ = try ImageFile.decode(Array(bytes.prefix(length))) }
            let expected = length < signatureLength ? "unrecognizedFormat" : "truncated"
            #expect(
                error.map(errorCase) == expected,
                "\(file) cut to \(length) of \(bytes.count) bytes: \(String(describing: error))")
        }
    }

    @Test("a JPEG whose entropy-coded data is garbage is corrupt, not a scrambled picture")
    func corruptHuffmanData() throws {
        var bytes = try Fixtures.bytes("edge/testorig.jpg")
        // Ones-only bits are no valid Huffman code; "FF 00" is a stuffed 0xFF byte.
        let start = bytes.count / 2
        for i in stride(from: start, to: start + 400, by: 2) {
            bytes[i] = 0xFF
            bytes[i + 1] = 0x00
        }
        let error = codecError { _ = try ImageFile.decode(bytes) }
        #expect(error.map(errorCase) == "corruptData", "\(String(describing: error))")
    }

    @Test("a missing file and a directory are file errors")
    func fileErrors() {
        let missing = Fixtures.imagePath("no-such-image.png")
        #expect(
            codecError { _ = try ImageFile.decode(contentsOfFile: missing) }
                == .fileNotFound(path: missing))
        let directory = Fixtures.imagePath("edge")
        #expect(
            codecError { _ = try ImageFile.decode(contentsOfFile: directory) }.map(errorCase)
                == "ioError")
    }

    @Test("warnings are reported, not fatal")
    func warnings() throws {
        let png = try ImageFile.decode(contentsOfFile: Fixtures.imagePath("edge/padded_idat.png"))
        #expect(
            png.info.warnings.contains { $0.contains("Extra compressed data") },
            "\(png.info.warnings)")
        let jpeg = try ImageFile.decode(
            contentsOfFile: Fixtures.imagePath("edge/photoshop-200dpi-broken.jpg"))
        #expect(
            jpeg.info.warnings.contains { $0.contains("extraneous bytes before marker") },
            "\(jpeg.info.warnings)")
        let iccp = try ImageFile.decode(contentsOfFile: Fixtures.imagePath("astronaut.png"))
        #expect(iccp.info.warnings.contains { $0.contains("iCCP") }, "\(iccp.info.warnings)")
    }
}
