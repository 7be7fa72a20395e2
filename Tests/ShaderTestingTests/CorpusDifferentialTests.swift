import Foundation
import Framebuffers
import ShaderTesting
import Testing

/// The conformance corpora of `../shared/corpora` (or `$SHADE_CORPORA`): every shader pair
/// Shade accepts renders the same bits in the executor and the reference interpreter.
enum Corpora {
    /// The corpus folder (`Corpus.root`), or nil when it is not there (then each test records
    /// one issue naming where it looked).
    static let folder: URL? = FileManager.default.fileExists(
        atPath: Corpus.root.appendingPathComponent("dEQP-GLES2").path) ? Corpus.root : nil

    static let missing = "no corpora: set SHADE_CORPORA to the folder holding dEQP-GLES2/, piglit/ and GPUImage2/ (looked in \(Corpus.root.path))"

    /// Files of one suite, by path relative to the corpus folder.
    static func files(_ suite: String, suffix: String) -> [String] {
        guard let folder else { return [] }
        let base = folder.appendingPathComponent(suite)
        guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
        var out: [String] = []
        for case let f as String in walker where f.hasSuffix(suffix) { out.append(suite + "/" + f) }
        return out.sorted()
    }

    static func text(_ path: String) throws -> String {
        try String(contentsOf: folder!.appendingPathComponent(path), encoding: .utf8)
    }

    /// The case for a shader pair on an 8×8 frame: the corpus's attribute names become
    /// GPUImage's `position`, so the quad covers the frame.
    static func differentialCase(name: String, vertex: String?, fragment: String) -> DifferentialCase {
        let vertex = vertex.map {
            $0.replacingOccurrences(of: "dEQP_Position", with: "position")
                .replacingOccurrences(of: "piglit_vertex", with: "position")
        }
        return DifferentialCase(
            name: name, fragmentSource: fragment, vertexSource: vertex,
            uniforms: DifferentialCase.automaticUniforms(fragmentSource: fragment, vertexSource: vertex, width: 8, height: 8),
            inputs: DifferentialCampaign.inputImages, width: 8, height: 8)
    }
}

@Suite struct CorpusDifferentialTests {
    /// dEQP-GLES3 and piglit's ES 3.00 / 1.30 files are here too: Shade rejects what it does
    /// not support yet (non-square matrices, uniform blocks, …), and whatever it accepts must
    /// agree (about 2,800 dEQP-GLES3 programs).
    static let deqpFiles = Corpora.files("dEQP-GLES2", suffix: ".test") + Corpora.files("dEQP-GLES3", suffix: ".test")
    static let piglitFiles = ["glsl-es-1.00", "glsl-1.10", "glsl-1.20", "glsl-es-3.00", "glsl-1.30"].flatMap {
        Corpora.files("piglit/" + $0, suffix: ".shader_test")
    }

    @Test(arguments: deqpFiles)
    func dEQPProgramsRenderTheSameBitsBothWays(_ path: String) throws {
        guard let cases = try? ShaderLibraryFile.parse(try Corpora.text(path), fileName: path) else {
            // A file format Shade's dEQP reader does not take (some GLES3 files) is
            // `shade test`'s concern; there is nothing to compare.
            return
        }
        // Cases meant to fail compiling or linking are the conformance tests' business.
        var rendered = 0
        for c in cases where c.expectation == .pass {
            for p in c.programs {
                let d = Corpora.differentialCase(name: "\(path):\(c.name)", vertex: p.vertexSource, fragment: p.fragmentSource)
                let outcome = DifferentialTest.run(d)
                if case .agree = outcome { rendered += 1 }
                #expect(outcome.isAgreement, "\(path): \(c.name) (\(p.variant)): \(outcome)")
            }
        }
        // GLSL ES 3.00 files too: every file with a passing case has a program Shade runs.
        if cases.contains(where: { $0.expectation == .pass }) {
            #expect(rendered > 0, "\(path): no program rendered both ways")
        }
    }

    @Test(arguments: piglitFiles)
    func piglitProgramsRenderTheSameBitsBothWays(_ path: String) throws {
        let test = ShaderRunnerTest(parsing: try Corpora.text(path), name: path)
        guard let fragment = test.fragmentShader else { return }
        let d = Corpora.differentialCase(
            name: path, vertex: test.usesPassthroughVertexShader ? nil : test.vertexShader, fragment: fragment)
        let outcome = DifferentialTest.run(d)
        #expect(outcome.isAgreement, "\(path): \(outcome)")
    }

    @Test func theCorporaAreThere() {
        guard Corpora.folder != nil else {
            Issue.record(Comment(rawValue: Corpora.missing))
            return
        }
        #expect(Self.deqpFiles.count >= 15)
        #expect(Self.piglitFiles.count >= 900)
    }
}
