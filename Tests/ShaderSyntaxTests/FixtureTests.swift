import Foundation
import ShaderDiagnostics
import Testing

@testable import ShaderSyntax

/// The shaders under `Fixtures/`: GPUImage-style filters, Shadertoy- and WebGL-style effects,
/// desktop GLSL 1.10/1.20 code. Every one must parse with no diagnostic at all.
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static let names: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { ShaderStage(pathExtension: ($0 as NSString).pathExtension) != nil }
            .sorted()
    }()

    static func source(_ name: String) throws -> SourceFile {
        let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        return SourceFile(name: name, text: text)
    }
}

@Suite("Fixtures")
struct FixtureTests {
    @Test func corpusIsPresent() {
        #expect(Fixtures.names.count >= 15)
    }

    @Test(arguments: Fixtures.names)
    func parsesWithoutDiagnostics(name: String) throws {
        let stage = try #require(ShaderStage(pathExtension: (name as NSString).pathExtension))
        let result = parse(try Fixtures.source(name), stage: stage)
        #expect(result.diagnostics.isEmpty, "\(name):\n\(result.diagnostics.rendered())")
        #expect(!result.translationUnit.declarations.isEmpty)
        // Printing the tree and parsing the print gives the same print: nothing is dropped.
        let printed = result.translationUnit.description
        let versionLine = result.version == .es100 ? "" : "#version \(result.version.rawValue)\n"
        let extensionLines = result.enabledExtensions.sorted().map { "#extension \($0) : enable\n" }
            .joined()
        let reparsed = parse(
            SourceFile(name: name, text: versionLine + extensionLines + printed), stage: stage)
        #expect(reparsed.diagnostics.isEmpty, "\(reparsed.diagnostics.rendered())")
        #expect(reparsed.translationUnit.description == printed)
    }

    @Test func fixtureDetails() throws {
        let blur = parse(try Fixtures.source("blur_offsets.vsh"), stage: .vertex)
        #expect(blur.translationUnit.declarations.count == 8)
        let desktop = parse(try Fixtures.source("desktop120_lighting.frag"), stage: .fragment)
        #expect(desktop.version == .glsl120)
        let macros = parse(try Fixtures.source("macro_heavy.fsh"), stage: .fragment)
        #expect(macros.enabledExtensions == ["GL_OES_standard_derivatives"])
        #expect(macros.pragmas.map(\.text) == ["optimize(on)"])
        #expect(macros.translationUnit.description.contains("precision highp float;"))
        #expect(
            macros.translationUnit.description.contains(
                "(edge = fwidth(dot(sum.rgb, vec3(0.299, 0.587, 0.114))))")
                || macros.translationUnit.description.contains(
                    "float edge = fwidth(dot(sum.rgb, vec3(0.299, 0.587, 0.114)));")
        )
    }

    /// A 1000-line shader goes through all phases quickly (a sanity bound, far above the
    /// few milliseconds it takes in a release build).
    @Test func thousandLineShaderIsFast() throws {
        var text =
            "precision mediump float;\nuniform sampler2D tex;\nvarying vec2 uv;\n#define W(i) (0.1 * float(i))\n"
        for i in 0..<200 {
            text += """
                vec4 f\(i)(vec4 c, float k) {
                    vec4 r = c * W(\(i)) + texture2D(tex, uv + vec2(k, 0.5)).bgra;
                    if (r.x > 0.5 && k < 1.0) { r.xy = vec2(k * 2.0, -k); } else { r *= 0.5; }
                    return clamp(r, 0.0, 1.0);
                }

                """
        }
        text += "void main() { gl_FragColor = f0(vec4(1.0), 0.5); }\n"
        let source = SourceFile(name: "big.fsh", text: text)
        #expect(source.lineStarts.count > 1000)
        let clock = ContinuousClock()
        var result: ParseResult?
        let elapsed = clock.measure { result = parse(source, stage: .fragment) }
        #expect(result?.diagnostics.isEmpty == true)
        #expect(result?.translationUnit.declarations.count == 204)
        #expect(elapsed < .seconds(2), "took \(elapsed)")
    }
}
