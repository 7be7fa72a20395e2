import Foundation
import Framebuffers
import ShaderSemantics
import ShaderTesting
import Testing

/// Metamorphic variants of real shaders render the same bits as the originals (issue 13).
@Suite struct MetamorphicTests {
    /// Variants made per shader.
    static let seeds: [UInt64] = [1, 2]

    /// A seed that differs from shader to shader, so the corpus sees many rewrites.
    static func seed(_ k: UInt64, for name: String) -> UInt64 {
        var h: UInt64 = 14_695_981_039_346_656_037
        for b in name.utf8 { h = (h ^ UInt64(b)) &* 1_099_511_628_211 }
        return h ^ k
    }

    /// Renders the original with the executor, then each variant with the executor and the
    /// interpreter: the variant must compile, give the original's bits, and agree with the
    /// interpreter. Returns how many variants were compared (0 when the original does not
    /// render).
    @discardableResult
    static func checkVariants(of c: DifferentialCase, sourceLocation: SourceLocation = #_sourceLocation) -> Int {
        guard let original = try? DifferentialTest.renderWithExecutor(c) else { return 0 }
        var compared = 0
        for k in seeds {
            let seed = seed(k, for: c.name)
            let variant: MetamorphicVariant
            do {
                variant = try MetamorphicRewriter.variant(of: c.fragmentSource, seed: seed)
            } catch {
                Issue.record("\(c.name) seed \(seed): the rewriter failed: \(error)", sourceLocation: sourceLocation)
                continue
            }
            var v = c
            v.name = c.name + " (variant \(seed))"
            v.fragmentSource = variant.fragmentSource
            v.uniforms.merge(variant.extraUniforms) { $1 }
            let report = "\(v.name), rewrites: \(variant.rewrites.joined(separator: "; "))\n\(variant.fragmentSource)"
            let outcome = DifferentialTest.run(v)
            let image: Texture?
            switch outcome {
            case .agree(let t): image = t
            case .mismatch(let t, _, _, _): image = t
            case .rejected(let why):
                Issue.record("the variant does not compile: \(why)\n\(report)", sourceLocation: sourceLocation)
                continue
            default: image = nil
            }
            #expect(outcome.isAgreement, "executor vs interpreter on the variant: \(outcome)\n\(report)", sourceLocation: sourceLocation)
            guard let image else {
                Issue.record("the variant does not render: \(outcome)\n\(report)", sourceLocation: sourceLocation)
                continue
            }
            if let d = DifferentialTest.firstDifference(original, image) {
                Issue.record(
                    "\(d.count) pixels differ from the original; first at (\(d.x), \(d.y)): original \(d.a), variant \(d.b)\n\(report)",
                    sourceLocation: sourceLocation)
            }
            compared += 1
        }
        return compared
    }

    @Test(arguments: RepositoryShader.all)
    func variantsOfARepositoryShaderRenderTheSameBits(_ shader: RepositoryShader) throws {
        guard let c = try shader.differentialCase() else { return }
        Self.checkVariants(of: c)
    }

    /// The GPUImage2 corpus (`Corpus.root`), or nil when it is not there.
    static var gpuImageFolder: URL? {
        let folder = Corpus.root.appendingPathComponent("GPUImage2")
        return FileManager.default.fileExists(atPath: folder.path) ? folder : nil
    }

    @Test func variantsOfGPUImage2ShadersRenderTheSameBits() throws {
        guard let folder = Self.gpuImageFolder else {
            Issue.record("no GPUImage2 corpus: set SHADE_CORPORA to the folder holding GPUImage2/ (looked in \(Corpus.root.path))")
            return
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".fsh") }.sorted()
        let inputs = [ShaderTraceTests.gradient(24, 18, seed: 1), ShaderTraceTests.gradient(24, 18, seed: 2)]
        var compared = 0
        for name in names {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let (w, h) = (24, 18)
            let c = DifferentialCase(
                name: "GPUImage2/" + name, fragmentSource: text,
                uniforms: DifferentialCase.automaticUniforms(fragmentSource: text, vertexSource: nil, width: w, height: h),
                inputs: inputs, width: w, height: h)
            compared += Self.checkVariants(of: c)
        }
        #expect(compared >= 150, "only \(compared) variants compared in \(folder.path)")
    }

    @Test func theSameSeedGivesTheSameVariant() throws {
        let source = """
            precision mediump float;
            uniform vec2 p;
            float f(float x) { return x * 2.0; }
            void main() {
                float a = p.x + 1.0;
                vec3 c = vec3(a, p.y, f(a));
                for (int i = 0; i < 3; i++) { c.x += float(i) * 0.1; }
                gl_FragColor = vec4(c, 1.0);
            }
            """
        let a = try MetamorphicRewriter.variant(of: source, seed: 7, rewrites: 6)
        let b = try MetamorphicRewriter.variant(of: source, seed: 7, rewrites: 6)
        #expect(a.fragmentSource == b.fragmentSource)
        #expect(a.rewrites.count == 6)
        #expect(throws: Never.self) { try compileFrontEnd(source: a.fragmentSource, name: "v", stage: .fragment) }
    }
}
