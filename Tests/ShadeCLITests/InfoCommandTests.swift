import Foundation
import ShadeCLI
import Testing

/// The committed test images, `Tests/Fixtures/Images`.
let imagesDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/Images").path

/// What a command wrote and returned.
struct Outcome {
    var status: Int32
    var standardOutput: String
    var standardError: String
}

/// A `Console` that keeps what is written (behind a lock: `Console` closures are `@Sendable`).
final class CapturedConsole: @unchecked Sendable {
    private let lock = NSLock()
    private var outputText = ""
    private var errorText = ""

    var output: String { lock.withLock { outputText } }
    var error: String { lock.withLock { errorText } }

    var console: Console {
        Console(
            standardOutput: { text in self.lock.withLock { self.outputText += text } },
            standardError: { text in self.lock.withLock { self.errorText += text } })
    }
}

/// Runs `shade` in process, with image paths relative to the fixtures.
func shade(_ arguments: String...) -> Outcome {
    let captured = CapturedConsole()
    let status = ShadeCommand.main(arguments: arguments.map(fixture), console: captured.console)
    return Outcome(status: status, standardOutput: captured.output, standardError: captured.error)
}

/// Image arguments name files under `Tests/Fixtures/Images`; options stay as they are.
func fixture(_ argument: String) -> String {
    argument.hasPrefix("-") || argument == "info" ? argument : imagesDirectory + "/" + argument
}

@Suite("shade info, in process")
struct InfoCommandTests {
    @Test("describes each image as stored")
    func describes() {
        let outcome = shade(
            "info", "camera.png", "edge/hopper_orientation_6.jpg", "edge/pil123p.png")
        #expect(outcome.status == 0)
        let lines = outcome.standardOutput.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                fixture("camera.png")
                    + ": PNG 512x512, 1 channel (grey), 8-bit, orientation 1 (upright)",
                fixture("edge/hopper_orientation_6.jpg")
                    + ": JPEG 128x128, 3 channels (YCbCr), 8-bit, orientation 6 (rotate 90° clockwise)",
                fixture("edge/pil123p.png")
                    + ": PNG 162x150, 1 channel (indexed), 8-bit, tRNS alpha, interlaced, orientation 1 (upright)",
            ])
        #expect(outcome.standardError.isEmpty)
    }

    @Test("every edge file is accepted, warnings go to stderr")
    func edgeCorpus() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: imagesDirectory + "/edge")
            .filter { !$0.hasSuffix(".md") }.map { "edge/" + $0 }
        let captured = CapturedConsole()
        let status = ShadeCommand.main(
            arguments: ["info"] + files.map(fixture), console: captured.console)
        #expect(status == 0)
        #expect(captured.output.split(separator: "\n").count == files.count)
        let errors = captured.error
        #expect(errors.contains("padded_idat.png: warning: IDAT: Extra compressed data"))
        #expect(!errors.contains("error:"))
    }

    @Test(
        "each bad file exits 65 with its reason on stderr",
        arguments: [
            ("bad/truncated_jpeg.jpg", "truncated file: Premature end of JPEG file"),
            ("bad/monkey12.jpg", "unsupported: Unsupported JPEG data precision 12"),
            ("bad/xcsn0g01.png", "CRC mismatch in IDAT chunk"),
            ("bad/truncated_end_chunk.png", "truncated file"),
            ("bad/xs1n0g01.png", "not a PNG or JPEG file (starts with 09 50 4e 47 0d 0a 1a 0a)"),
            (
                "made/huge_header.png",
                "image too large: 100000x100000 exceeds the limit of 268435456 pixels"
            ),
        ])
    func badFile(_ file: String, _ reason: String) {
        let outcome = shade("info", "camera.png", file)
        #expect(outcome.status == 65)
        #expect(
            outcome.standardError.hasPrefix("shade: \(fixture(file)): error: \(reason)"),
            "\(outcome.standardError)")
        #expect(
            outcome.standardOutput.hasPrefix(fixture("camera.png") + ": PNG"),
            "good files are still described")
    }

    @Test("a missing file exits 66, even next to a bad one")
    func missingFile() {
        let outcome = shade("info", "bad/broken.png", "no-such-file.png", "camera.png")
        #expect(outcome.status == 66)
        #expect(outcome.standardError.contains("no-such-file.png: error: no such file"))
        #expect(outcome.standardError.contains("broken.png: error: invalid header"))
        #expect(outcome.standardOutput.split(separator: "\n").count == 1)
    }

    @Test("--json prints one array, errors included")
    func json() throws {
        let outcome = shade("info", "--json", "camera.png", "edge/basn4a16.png", "bad/xdtn0g01.png")
        #expect(outcome.status == 65)
        let array = try #require(
            try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8))
                as? [[String: Any]])
        #expect(array.count == 3)
        #expect(array[0]["format"] as? String == "png")
        #expect(array[0]["width"] as? Int == 512 && array[0]["height"] as? Int == 512)
        #expect(array[0]["channels"] as? Int == 1 && array[0]["colorModel"] as? String == "grey")
        #expect(
            array[1]["bitDepth"] as? Int == 16 && array[1]["colorModel"] as? String == "greyAlpha")
        #expect(array[1]["hasAlpha"] as? Bool == true && array[1]["orientation"] as? Int == 1)
        #expect(array[2]["error"] as? String == "missing IDAT chunk")
        #expect(array[2]["file"] as? String == fixture("bad/xdtn0g01.png"))
    }

    @Test("usage errors exit 64; --help exits 0 with examples")
    func usage() {
        #expect(shade("info").status == 64)
        let unknown = shade("info", "--colour", "camera.png")
        #expect(unknown.status == 64 && unknown.standardError.contains("unknown option '--colour'"))
        let help = shade("info", "--help")
        #expect(help.status == 0 && help.standardOutput.contains("examples"))
        #expect(shade("--help").standardOutput.contains("info"))
    }

    @Test("JSON strings are escaped")
    func escaping() {
        let outcome = shade("info", "--json", "quote\"and\\back\nslash.png")
        #expect(outcome.status == 66)
        #expect(outcome.standardOutput.contains(#"quote\"and\\back\nslash.png"#))
        let parsed = try? JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8))
        #expect(parsed != nil)
    }
}
