import Foundation
import Framebuffers
import ImageCodecs
import ShaderCompiler
import ShaderExecution
import Testing

/// One file of `Fixtures/Coverage`: a shader whose header comments say how to render it, and
/// llvmpipe's output for it (made by `Fixtures/Coverage/make_coverage.py` with glref.py).
/// A stub's `// shader:` (and `// vertex-shader:`) names a shader of the repository instead.
struct CoverageCase: CustomStringConvertible, Sendable {
    static let directory = fixtures.appendingPathComponent("Coverage")
    /// The repository root, which `shader:`, `vertex-shader:` and input paths are relative to.
    static let root = fixtures.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let size = (width: 64, height: 48)

    var name: String
    var inputs: [String] = []
    var uniforms: [String: [Float]] = [:]
    var state = SamplerState()
    var vertex: String?
    /// The repository shaders of a stub case (paths from the repository root).
    var shader: String?
    var vertexShader: String?
    /// How far each channel may be from llvmpipe's (`// tolerance: N`, in 1/255 steps): 0, bit
    /// for bit, unless the case says otherwise.
    var tolerance = 0
    /// Pixels allowed beyond the tolerance (`// outliers: N`), only in a case with an `// exception:`.
    var outliers = 0
    var exception: String?

    var description: String { name }

    /// Every `*.fsh` in the directory, in name order.
    static let all: [CoverageCase] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".fsh") }.sorted().map { CoverageCase(file: $0) }
    }()

    init(file: String) {
        name = String(file.dropLast(4))
        let text = (try? String(contentsOf: Self.directory.appendingPathComponent(file), encoding: .utf8)) ?? ""
        var filter = TextureFilter.linear, wrap = TextureWrap.clampToEdge
        for line in text.split(separator: "\n") where line.hasPrefix("//") {
            let parts = line.dropFirst(2).split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let words = parts[1].split(separator: " ").map(String.init)
            switch parts[0].trimmingCharacters(in: .whitespaces) {
            case "inputs": inputs = words
            case "uniforms":
                for w in words {
                    let pair = w.split(separator: "=", maxSplits: 1)
                    uniforms[String(pair[0])] = pair[1].split(separator: ",").map { Float(String($0))! }
                }
            case "filter": filter = words.first == "nearest" ? .nearest : .linear
            case "wrap": wrap = words.first == "repeat" ? .repeat : (words.first == "mirror" ? .mirroredRepeat : .clampToEdge)
            case "vertex": vertex = words.first
            case "shader": shader = words.first
            case "vertex-shader": vertexShader = words.first
            case "tolerance": tolerance = Int(words.first ?? "") ?? 0
            case "outliers": outliers = Int(words.first ?? "") ?? 0
            case "exception": exception = words.joined(separator: " ")
            default: break
            }
        }
        state = SamplerState(filter: filter, wrap: wrap)
    }

    /// The fragment shader's file: the named repository shader, or the case file itself.
    var fragmentURL: URL {
        shader.map { Self.root.appendingPathComponent($0) } ?? Self.directory.appendingPathComponent(name + ".fsh")
    }

    func reference() throws -> Texture {
        try Self.raw(Self.directory.appendingPathComponent("References/\(name)_64x48.rgba"))
    }

    /// A photo crop, or (a word with a `/`) a PNG of the repository at its own size.
    static func input(_ photo: String) throws -> Texture {
        if photo.contains("/") {
            return try ImageFile.decode(contentsOfFile: root.appendingPathComponent(photo).path).texture
        }
        return try raw(directory.appendingPathComponent("Inputs/\(photo)_64x48.rgba"))
    }

    static func raw(_ url: URL) throws -> Texture {
        Texture(width: size.width, height: size.height, rgba8: [UInt8](try Data(contentsOf: url)))
    }
}

/// Every built-in of GLSL ES 1.00 in small realistic shaders on photo crops, against Mesa
/// llvmpipe: every channel bit for bit, or within the case's `// tolerance:` (STYLE.md §9: a new
/// case is a new file).
@Suite struct CoverageTests {
    @Test(arguments: CoverageCase.all)
    func rendersWithinOneStepOfLlvmpipe(_ c: CoverageCase) throws {
        let source = try String(contentsOf: c.fragmentURL, encoding: .utf8)
        let program = try compileShader(source, name: c.fragmentURL.lastPathComponent)
        var vertex = try c.vertex.map { v in
            v == "nearby3x3"
                ? try compileFixture("nearby3x3.vsh", stage: .vertex)
                : try compileShader(
                    String(contentsOf: CoverageCase.directory.appendingPathComponent(v), encoding: .utf8),
                    name: v, stage: .vertex)
        }
        if let v = c.vertexShader {
            let url = CoverageCase.root.appendingPathComponent(v)
            vertex = try compileShader(String(contentsOf: url, encoding: .utf8), name: url.lastPathComponent, stage: .vertex)
        }
        // The uniforms glref.py sets by itself when a shader declares them.
        var uniforms = c.uniforms
        let declares = { (name: String) in program.uniform(named: name) != nil || vertex?.uniform(named: name) != nil }
        if declares("texelWidth") && uniforms["texelWidth"] == nil { uniforms["texelWidth"] = [1.0 / 64] }
        if declares("texelHeight") && uniforms["texelHeight"] == nil { uniforms["texelHeight"] = [1.0 / 48] }
        if declares("u_resolution") && uniforms["u_resolution"] == nil { uniforms["u_resolution"] = [64, 48] }
        if declares("iResolution") && uniforms["iResolution"] == nil { uniforms["iResolution"] = [64, 48, 1] }
        let out = try render(
            program, vertex: vertex, inputs: try c.inputs.map(CoverageCase.input), uniforms: uniforms,
            samplerState: c.state)
        let d = difference(out, try c.reference(), tolerance: c.tolerance)
        if ProcessInfo.processInfo.environment["SHADE_COVERAGE_REPORT"] != nil {
            print("coverage \(c.name): largest difference \(d.largest), pixels off by more than 1: \(d.badPixels)")
        }
        // An exception may let a few chaotic pixels through (see its reason), never more.
        #expect(c.outliers == 0 || c.exception != nil, "\(c.name): outliers without an exception")
        #expect(d.badPixels <= c.outliers, "\(c.name): \(d)")
    }

    @Test func theCasesCoverEveryBuiltinFunction() throws {
        // Each built-in must be called by at least one coverage shader (or its vertex shader).
        var text = ""
        for file in try FileManager.default.contentsOfDirectory(atPath: CoverageCase.directory.path)
        where file.hasSuffix(".fsh") || file.hasSuffix(".vsh") {
            text += try String(contentsOf: CoverageCase.directory.appendingPathComponent(file), encoding: .utf8)
        }
        let builtins = Builtin.allCases.map(\.rawValue) + [
            "texture2D", "texture2DProj", "texture2DLod", "texture2DProjLod", "textureCube",
        ]
        for name in builtins {
            #expect(text.contains(name + "("), "no coverage case calls \(name)")
        }
        #expect(CoverageCase.all.count >= 40)
    }
}
