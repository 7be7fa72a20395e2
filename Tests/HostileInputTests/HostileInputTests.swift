// Every file in Tests/Hostile/ must end in its specific error, quickly and in bounded memory.
// The inputs are written by Tests/Hostile/make-hostile.py; a new case is a new file there.
import Foundation
import Framebuffers
import ImageCodecs
import ShaderCompiler
import ShaderDiagnostics
import ShaderExecution
import ShaderSemantics
import ShaderSyntax
import ShaderTesting
import Testing

/// Tests/Hostile, found from this file.
private let hostileRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Hostile")

/// A bound against hangs, not a benchmark: 1 s per input in an optimized build (issue 9).
/// Unoptimized Swift runs this kind of code about ten times slower, so a debug build gets ten
/// times the allowance; `swift test -c release --filter HostileInputTests` checks the real bound.
/// `SHADE_TEST_TIME_SCALE` multiplies it for slower runs: `scripts/sanitize` sets 4 for
/// AddressSanitizer.
private let timeLimit: Duration = {
    #if DEBUG
    let base = Duration.seconds(10)
    #else
    let base = Duration.seconds(1)
    #endif
    let scale = ProcessInfo.processInfo.environment["SHADE_TEST_TIME_SCALE"].flatMap(Int.init) ?? 1
    return base * max(scale, 1)
}()
/// A bound on how far one input may raise the process's peak resident memory: 1 GiB (a decoder
/// allocating a 100000×100000 image would need 40 GB). The growth is measured, not the peak
/// itself, because the other suites share the test process and set its peak. Sanitized runs
/// multiply it by `SHADE_TEST_MEMORY_SCALE` (`scripts/sanitize` sets 4: ASan's shadow memory
/// and quarantine).
private let memoryLimitBytes: Int = {
    let scale = ProcessInfo.processInfo.environment["SHADE_TEST_MEMORY_SCALE"].flatMap(Int.init) ?? 1
    return (1 << 30) * max(scale, 1)
}()

private func files(in folder: String, withExtension ext: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(
        atPath: hostileRoot.appendingPathComponent(folder).path)) ?? []
    return names.filter { $0.hasSuffix(ext) }.sorted()
}

/// The process's peak resident set size so far, in bytes.
private func peakResidentBytes() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss * 1024
}

/// Runs `body`, recording an issue (at the caller) when it takes too long or raises the
/// process's memory peak by more than the limit.
private func withinBounds<T>(
    _ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation, _ body: () throws -> T
) rethrows -> T {
    let clock = ContinuousClock()
    let peakBefore = peakResidentBytes()
    let start = clock.now
    let result = try body()
    let elapsed = clock.now - start
    #expect(elapsed < timeLimit, "\(name) took \(elapsed)", sourceLocation: sourceLocation)
    let growth = peakResidentBytes() - peakBefore
    #expect(growth < memoryLimitBytes, "\(name): raised the peak RSS by \(growth >> 20) MB",
            sourceLocation: sourceLocation)
    return result
}

@Suite(.serialized)
struct HostileShaderTests {
    static let shaders = files(in: "shaders", withExtension: ".frag")

    @Test func folderHasTheHostileShaders() {
        #expect(Self.shaders.count >= 30, "found \(Self.shaders)")
    }

    /// The first line of each shader is `// error: <text>`; the front end must report an error
    /// containing that text, and no shader.
    @Test(arguments: shaders)
    func shaderEndsInItsError(_ name: String) throws {
        let url = hostileRoot.appendingPathComponent("shaders").appendingPathComponent(name)
        let text = try String(contentsOf: url, encoding: .utf8)
        let firstLine = text.prefix { $0 != "\n" }
        let marker = "// error: "
        try #require(firstLine.hasPrefix(marker), "\(name) has no '// error:' line")
        let expected = String(firstLine.dropFirst(marker.count))
        let result = withinBounds(name) {
            Checker.check(parse(SourceFile(name: name, text: text), stage: .fragment))
        }
        #expect(result.shader == nil, "\(name) checked")
        let messages = result.errors.map(\.message)
        #expect(
            messages.contains { $0.contains(expected) },
            "\(name): expected an error containing '\(expected.prefix(80))', got \(messages.map { $0.prefix(120) })"
        )
        // The diagnostics render (a source line of 1 MB included) without trouble.
        _ = withinBounds("\(name) rendering") { result.diagnostics.rendered() }
    }
}

@Suite(.serialized)
struct RunawayLoopTests {
    static let shaders = files(in: "runaway", withExtension: ".frag")

    @Test func folderHasTheRunawayShaders() {
        #expect(Self.shaders.count >= 8, "found \(Self.shaders)")
    }

    /// A lower limit than the default keeps the debug suite quick (2^20 iterations of 64 lanes
    /// take about 10 s unoptimised); `shade run` on these files measures the default.
    static let limit = 1 << 16

    /// Each shader checks and compiles; a 32×32 draw on two threads stops with
    /// `loopLimitExceeded` within the time bound.
    @Test(arguments: shaders)
    func runawayLoopIsStopped(_ name: String) throws {
        let url = hostileRoot.appendingPathComponent("runaway").appendingPathComponent(name)
        let text = try String(contentsOf: url, encoding: .utf8)
        let checked = Checker.check(parse(SourceFile(name: name, text: text), stage: .fragment))
        let shader = try #require(checked.shader, "\(name): \(checked.diagnostics.rendered())")
        let program = try Compiler.compile(shader)
        let executor = Executor(schedule: Schedule(threadCount: 2))
        let target = Framebuffer(width: 32, height: 32)
        withinBounds(name) {
            var draw = DrawCall(fragment: program)
            draw.loopIterationLimit = Self.limit
            #expect(throws: ExecutionError.loopLimitExceeded(limit: Self.limit)) {
                try executor.render(draw, into: target)
            }
        }
        #expect(ExecutionError.loopLimitExceeded(limit: 1).description.contains("loop iteration limit"))
    }

    /// A runaway loop in the vertex stage is stopped as well.
    @Test func runawayVertexLoopIsStopped() throws {
        let vertexText = """
            attribute vec4 position;
            uniform float zero;
            void main() {
                vec4 p = position;
                for (int i = 0; i < 1000; i++) { for (int j = 0; j < 1000000; j++) { p.x += zero; } }
                gl_Position = p;
            }
            """
        let fragmentText = "precision highp float;\nvoid main() { gl_FragColor = vec4(1.0); }\n"
        let vertex = try #require(Checker.check(parse(SourceFile(name: "v", text: vertexText), stage: .vertex)).shader)
        let fragment = try #require(
            Checker.check(parse(SourceFile(name: "f", text: fragmentText), stage: .fragment)).shader)
        var draw = DrawCall(fragment: try Compiler.compile(fragment), vertex: try Compiler.compile(vertex))
        draw.loopIterationLimit = Self.limit
        withinBounds("vertex runaway") {
            #expect(throws: ExecutionError.loopLimitExceeded(limit: Self.limit)) {
                try Executor().render(draw, into: Framebuffer(width: 4, height: 4))
            }
        }
    }
}

@Suite(.serialized)
struct HostileImageTests {
    /// `name case` lines from images/EXPECTED (`decodes`: must decode, in bounds).
    static let expectations: [(file: String, error: String)] = {
        let url = hostileRoot.appendingPathComponent("images/EXPECTED")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
            let parts = $0.split(separator: " ")
            return (String(parts[0]), String(parts[1]))
        }
    }()

    @Test func everyImageHasAnExpectation() {
        let listed = Set(Self.expectations.map(\.file))
        let present = Set(files(in: "images", withExtension: "").filter { $0 != "EXPECTED" })
        #expect(listed == present)
        #expect(listed.count >= 15)
    }

    @Test(arguments: expectations.map(\.file))
    func imageEndsInItsError(_ name: String) throws {
        let expected = try #require(Self.expectations.first { $0.file == name }?.error)
        let url = hostileRoot.appendingPathComponent("images").appendingPathComponent(name)
        let bytes = try [UInt8](Data(contentsOf: url))
        let outcome: Result<DecodedImage, ImageCodecError> = withinBounds(name) {
            Result { () throws(ImageCodecError) in try ImageFile.decode(bytes) }
        }
        switch outcome {
        case .success(let image):
            #expect(expected == "decodes",
                    "\(name) decoded to \(image.texture.width)x\(image.texture.height)")
        case .failure(let error):
            #expect(caseName(error) == expected, "\(name): \(error)")
        }
    }
}

/// The name of an `ImageCodecError` case, as images/EXPECTED spells it.
private func caseName(_ error: ImageCodecError) -> String {
    switch error {
    case .unrecognizedFormat: "unrecognizedFormat"
    case .invalidHeader: "invalidHeader"
    case .missingChunk: "missingChunk"
    case .checksumMismatch: "checksumMismatch"
    case .corruptData: "corruptData"
    case .truncated: "truncated"
    case .unsupported: "unsupported"
    case .tooLarge: "tooLarge"
    case .fileNotFound: "fileNotFound"
    case .ioError: "ioError"
    case .invalidOptions: "invalidOptions"
    case .outOfMemory: "outOfMemory"
    }
}

/// Every limit is configurable: a lowered limit turns an ordinary input into its error.
struct ConfiguredLimitTests {
    private func errors(_ source: String, _ options: ParseOptions) -> [String] {
        parse(SourceFile(name: "limit.frag", text: source), stage: .fragment, options: options)
            .diagnostics.filter(\.isError).map(\.message)
    }

    private let shader = """
        #define TWICE(x) x x
        precision mediump float;
        void main() { gl_FragColor = vec4(((1.0 + 2.0) * 3.0)); }
        """

    @Test func defaultsAcceptAnOrdinaryShader() {
        #expect(errors(shader, ParseOptions()) == [])
    }

    @Test func sourceSize() {
        #expect(errors(shader, ParseOptions(maxSourceBytes: 10))
            == ["shader source is \(shader.utf8.count) bytes, over the limit of 10"])
    }

    @Test func tokenCount() {
        #expect(errors(shader, ParseOptions(maxTokens: 5)).contains("preprocessed shader exceeds 5 tokens"))
    }

    @Test func expansionDepth() {
        let source = "#define A 1.0\n#define B A\n#define C B\nfloat x = C;\n"
        #expect(errors(source, ParseOptions(maxMacroExpansionDepth: 2))
            .contains("macro expansion nested too deeply (limit 2)"))
        #expect(errors(source, ParseOptions(maxMacroExpansionDepth: 3)) == [])
    }

    @Test func nestingDepth() {
        #expect(errors(shader, ParseOptions(maxNestingDepth: 4)).contains {
            $0.hasPrefix("nesting too deep: more than 4 levels")
        })
        // A left-leaning chain nests the tree as deeply as parentheses do.
        let chain = "float x = 1.0" + String(repeating: " + 1.0", count: 20) + ";"
        #expect(errors(chain, ParseOptions(maxNestingDepth: 10)).contains {
            $0.hasPrefix("nesting too deep")
        })
        #expect(errors(chain, ParseOptions(maxNestingDepth: 40)) == [])
    }

    @Test func imagePixels() throws {
        // A 4x4 PNG: a limit of 15 pixels stops it at the header, 16 lets the header through.
        let url = hostileRoot.appendingPathComponent("images/png-inflate-bomb.png")
        let bytes = try [UInt8](Data(contentsOf: url))
        var options = DecodingOptions()
        options.pixelLimit = 15
        #expect(throws: ImageCodecError.tooLarge(width: 4, height: 4, limit: 15)) {
            try ImageFile.decode(bytes, options: options)
        }
        options.pixelLimit = 16
        do {
            _ = try ImageFile.decode(bytes, options: options)
        } catch {
            #expect(caseName(error) != "tooLarge", "\(error)")
        }
    }
}

/// piglit files whose `[require]` numbers are not numbers: the requirement is kept as text.
struct HostileTestFileTests {
    static let files = ["glsl-version-infinite.shader_test", "gl-version-nan.shader_test"]

    @Test(arguments: files)
    func requirementIsKeptAsText(_ name: String) throws {
        let url = hostileRoot.appendingPathComponent("testfiles").appendingPathComponent(name)
        let text = try String(contentsOf: url, encoding: .utf8)
        let test = withinBounds(name) { ShaderRunnerTest(parsing: text, name: name) }
        let line = text.split(separator: "\n")[1]
        #expect(test.requirements == [.other(String(line))])
        #expect(test.fragmentShader != nil)
    }

    /// The inputs fuzz-testfiles found (Tests/Hostile/fuzz): they parse, whatever they mean.
    @Test(arguments: ["testfiles-crash-glsl-version.bin", "testfiles-crash-probe-1e400.bin"])
    func fuzzFoundInputParses(_ name: String) throws {
        let url = hostileRoot.appendingPathComponent("fuzz").appendingPathComponent(name)
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        let test = withinBounds(name) { ShaderRunnerTest(parsing: text, name: "x") }
        #expect(test.name == "x")
    }

    @Test func probeAtAnInfiniteCoordinateIsUnsupported() {
        let test = ShaderRunnerTest(parsing: "[test]\nprobe rgba 1e400 0 1 0 0 1\n", name: "p")
        #expect(test.commands.count == 1)
        if case .unsupported? = test.commands.first?.command {} else {
            Issue.record("expected .unsupported, got \(test.commands)")
        }
    }
}
