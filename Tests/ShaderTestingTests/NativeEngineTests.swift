import Foundation
import Framebuffers
import ShaderCompiler
import ShaderExecution
import ShaderSemantics
import ShaderTesting
import Testing

/// The native engine (C generated per program, compiled by clang) renders the same bits as the
/// closure engine (issue 14): on random programs, on every repository shader, on GPUImage2.
@Suite struct NativeEngineTests {
    /// Renders `c` on both engines and compares; returns whether the program ran natively.
    @discardableResult
    static func check(_ c: DifferentialCase, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        guard let closures = try? DifferentialTest.renderWithExecutor(c, engine: .closures) else { return false }
        let native: Texture
        do {
            native = try DifferentialTest.renderWithExecutor(c, engine: .native)
        } catch {
            Issue.record("\(c.name): the native engine failed where closures rendered: \(error)", sourceLocation: sourceLocation)
            return false
        }
        if let d = DifferentialTest.firstDifference(closures, native) {
            Issue.record(
                "\(c.name): \(d.count) pixels differ; first at (\(d.x), \(d.y)): closures \(d.a), native \(d.b)\n\(c.fragmentSource)",
                sourceLocation: sourceLocation)
        }
        guard let program = try? Compiler.compile(compileFrontEnd(source: c.fragmentSource, name: c.name, stage: .fragment))
        else { return false }
        return NativeEngine.shared.runsNatively(program)
    }

    @Test func aCompilerIsThere() {
        #expect(
            NativeEngine.shared.compilerPath != nil,
            "no clang on PATH (or $SHADE_CC): the native engine cannot run, so none of these tests compare anything")
    }

    /// 4 chunks of 40 seeded programs at 16×8 (two lane groups per row at any vector width).
    @Test(arguments: 0..<4)
    func generatedProgramsRenderTheSameBitsOnBothEngines(_ chunk: Int) {
        let generator = ProgramGenerator()
        var native = 0
        for k in 0..<40 {
            let p = generator.program(seed: UInt64(4_000_000_000 + chunk * 40 + k))
            guard p.vertexSource == nil else { continue }
            if Self.check(DifferentialCampaign.differentialCase(p, width: 16, height: 8)) { native += 1 }
        }
        // Programs with derivatives, dynamic array indices or cube maps run on closures (the
        // generator uses them often); the others must run natively.
        #expect(native >= 2, "only \(native) of the programs ran natively")
    }

    @Test(arguments: RepositoryShader.all)
    func aRepositoryShaderRendersTheSameBitsOnBothEngines(_ shader: RepositoryShader) throws {
        guard let c = try shader.differentialCase() else { return }
        Self.check(c)
    }

    @Test func gpuImage2ShadersRenderTheSameBitsOnBothEngines() throws {
        guard let folder = MetamorphicTests.gpuImageFolder else {
            Issue.record("no GPUImage2 corpus: set SHADE_CORPORA to the folder holding GPUImage2/ (looked in \(Corpus.root.path))")
            return
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".fsh") }.sorted()
        let inputs = [ShaderTraceTests.gradient(32, 18, seed: 1), ShaderTraceTests.gradient(32, 18, seed: 2)]
        var native = 0
        for name in names {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let c = DifferentialCase(
                name: "GPUImage2/" + name, fragmentSource: text,
                uniforms: DifferentialCase.automaticUniforms(fragmentSource: text, vertexSource: nil, width: 32, height: 18),
                inputs: inputs, width: 32, height: 18)
            if Self.check(c) { native += 1 }
        }
        #expect(native >= 100, "only \(native) GPUImage2 shaders ran natively")
    }

    /// The vector transcendentals give the closures' bits on every float of a wide sweep
    /// (negative, zero, tiny, huge, both signs of every octant), compared as Float32 output.
    @Test func vectorTranscendentalsGiveTheClosuresBits() throws {
        let source = """
            precision highp float;
            uniform float u_scale;
            void main() {
                float k = gl_FragCoord.x - 0.5 + (gl_FragCoord.y - 0.5) * 256.0;
                float x = (k - 2048.0) * u_scale;
                float big = x * x * x;
                gl_FragColor = vec4(sin(x) + cos(big), exp2(x * 0.05) + log2(x), pow(abs(x), x * 0.01) + pow(x, 2.5),
                                    exp(x * 0.01) + log(big));
            }
            """
        let program = try Compiler.compile(compileFrontEnd(source: source, name: "sweep.frag", stage: .fragment))
        #expect(NativeEngine.shared.runsNatively(program), "\(NativeEngine.shared.reasonForClosures(program) ?? "")")
        for scale: Float in [0.001, 0.37, 61.0] {
            var outputs: [[UInt32]] = []
            for engine in [ShadingEngine.closures, .native] {
                let target = Framebuffer(width: 256, height: 16, format: .float32)
                var schedule = Schedule.singleThreaded
                schedule.engine = engine
                try Executor(schedule: schedule).render(DrawCall(fragment: program, uniforms: ["u_scale": [scale]]), into: target)
                outputs.append((0..<(256 * 16 * 4)).map { target.float32Pointer[$0].bitPattern })
            }
            let differing = zip(outputs[0], outputs[1]).filter { $0 != $1 }.count
            #expect(differing == 0, "scale \(scale): \(differing) of \(outputs[0].count) floats differ")
        }
    }

    /// The generated bilinear filter gives the closures' bits at arbitrary coordinates: off the
    /// texture on every side, between texels, at huge and infinite coordinates.
    @Test func generatedBilinearFilterGivesTheClosuresBits() throws {
        let source = """
            precision highp float;
            varying vec2 textureCoordinate;
            uniform sampler2D inputImageTexture;
            uniform vec2 u_scale;
            void main() {
                vec2 p = (textureCoordinate - 0.5) * u_scale + 0.5;
                gl_FragColor = texture2D(inputImageTexture, p) + texture2D(inputImageTexture, p * p * 1.0e7) * 0.5;
            }
            """
        let program = try Compiler.compile(compileFrontEnd(source: source, name: "bilinear.frag", stage: .fragment))
        #expect(NativeEngine.shared.runsNatively(program), "\(NativeEngine.shared.reasonForClosures(program) ?? "")")
        let input = ShaderTraceTests.gradient(37, 23, seed: 5)
        for scale: [Float] in [[1, 1], [0.37, 1.9], [3.3, -2.1], [1e30, 1e-3]] {
            var outputs: [[UInt32]] = []
            for engine in [ShadingEngine.closures, .native] {
                let target = Framebuffer(width: 96, height: 40, format: .float32)
                var schedule = Schedule.singleThreaded
                schedule.engine = engine
                try Executor(schedule: schedule).render(
                    DrawCall(fragment: program, uniforms: ["u_scale": scale], inputs: [input]), into: target)
                outputs.append((0..<(96 * 40 * 4)).map { target.float32Pointer[$0].bitPattern })
            }
            let differing = zip(outputs[0], outputs[1]).filter { $0 != $1 }.count
            #expect(differing == 0, "scale \(scale): \(differing) of \(outputs[0].count) floats differ")
        }
    }
}
