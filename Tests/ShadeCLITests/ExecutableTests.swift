import Foundation
import Testing

/// The built `shade` executable, next to this test bundle in the build directory.
func shadeExecutable() -> URL? {
    var candidates: [URL] = []
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    candidates.append(executable.deletingLastPathComponent().appendingPathComponent("shade"))
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
        candidates.append(
            bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("shade"))
    }
    candidates.append(Bundle.main.bundleURL.appendingPathComponent("shade"))
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
}

/// Runs the real `shade` with `arguments` and collects its output and status.
func runShade(_ arguments: [String]) throws -> Outcome {
    let binary = try #require(shadeExecutable(), "build the shade executable first (swift build)")
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    // Read before waiting so a full pipe cannot block the child.
    let outData = output.fileHandleForReading.readDataToEndOfFile()
    let errData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Outcome(
        status: process.terminationStatus, standardOutput: String(decoding: outData, as: UTF8.self),
        standardError: String(decoding: errData, as: UTF8.self))
}

@Suite("shade info, the real executable")
struct ExecutableTests {
    @Test("exit 0 and a line per image on stdout")
    func success() throws {
        let outcome = try runShade(["info", fixture("coffee.png"), fixture("grace_hopper.jpg")])
        #expect(outcome.status == 0)
        #expect(
            outcome.standardOutput == """
                \(fixture("coffee.png")): PNG 600x400, 3 channels (RGB), 8-bit, orientation 1 (upright)
                \(fixture("grace_hopper.jpg")): JPEG 512x600, 3 channels (YCbCr), 8-bit, orientation 1 (upright)

                """)
        #expect(outcome.standardError.isEmpty)
    }

    @Test("exit 65 for a bad image, error on stderr only")
    func badImage() throws {
        let outcome = try runShade(["info", fixture("bad/truncated_image.png")])
        #expect(outcome.status == 65)
        #expect(outcome.standardOutput.isEmpty)
        #expect(
            outcome.standardError
                == "shade: \(fixture("bad/truncated_image.png")): error: truncated file: unexpected end of input\n"
        )
    }

    @Test("exit 66 for a missing file")
    func missing() throws {
        let outcome = try runShade(["info", "/nonexistent/picture.png"])
        #expect(outcome.status == 66)
        #expect(outcome.standardError == "shade: /nonexistent/picture.png: error: no such file\n")
    }

    @Test("exit 64 without images; --json is valid JSON")
    func usageAndJSON() throws {
        #expect(try runShade(["info"]).status == 64)
        let outcome = try runShade(["info", "--json", fixture("ghost.png")])
        #expect(outcome.status == 0)
        let array =
            try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8))
            as? [[String: Any]]
        #expect(array?.first?["colorModel"] as? String == "rgba")
    }
}

@Suite("shade info -, the real executable")
struct InfoStandardInputTests {
    @Test("'-' decodes the image on stdin")
    func standardInput() throws {
        let binary = try #require(shadeExecutable())
        let process = Process()
        process.executableURL = binary
        process.arguments = ["info", "-"]
        process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: fixture("coffee.png")))
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(text == "-: PNG 600x400, 3 channels (RGB), 8-bit, orientation 1 (upright)\n")
    }
}
