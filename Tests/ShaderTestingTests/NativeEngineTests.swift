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
        // 64 lanes, and batches one vector wide, so that small images have batches a triangle
        // covers whole (the fused row function, `shade_span`, shades those).
        for lanes in Set([64, NativeEngine.shared.vectorWidth]).sorted() {
            let native: Texture
            do {
                native = try DifferentialTest.renderWithExecutor(c, engine: .native, laneWidth: lanes)
            } catch {
                Issue.record(
                    "\(c.name): the native engine failed where closures rendered (\(lanes) lanes): \(error)",
                    sourceLocation: sourceLocation)
                return false
            }
            if let d = DifferentialTest.firstDifference(closures, native) {
                Issue.record(
                    "\(c.name) (\(lanes) lanes): \(d.count) pixels differ; first at (\(d.x), \(d.y)): closures \(d.a), native \(d.b)\n\(c.fragmentSource)",
                    sourceLocation: sourceLocation)
            }
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


    /// `Schedule.compilesInBackground`: a draw that starts before the program's code is compiled
    /// shades on closures (the first request only starts the compile) and moves to the native
    /// code tile by tile once it is loaded; every draw, during and after the compile, gives the
    /// closures' bits, on rows (the fused row function) and on quads (derivatives).
    @Test(arguments: [false, true])
    func drawsWhileCompilingInTheBackgroundGiveTheSameBits(_ quads: Bool) throws {
        // A constant of this run's own, so that no earlier test loaded this program's code.
        let seed = Float(UInt32.random(in: 1...1_000_000)) / 1_000_003
        let source = """
            \(quads ? "#extension GL_OES_standard_derivatives : enable" : "")
            precision highp float;
            varying vec2 textureCoordinate;
            void main() {
                vec2 p = textureCoordinate * 7.0 + \(seed);
                float a = 0.0;
                for (int i = 0; i < 24; i++) { a += sin(p.x * float(i) + cos(p.y - a)); }
                float d = \(quads ? "abs(dFdx(a)) + abs(dFdy(a))" : "0.25");
                gl_FragColor = vec4(fract(a), d, atan(p.y, p.x), 1.0);
            }
            """
        let program = try Compiler.compile(compileFrontEnd(source: source, name: "background.frag", stage: .fragment))
        func render(_ schedule: Schedule) throws -> Texture {
            let target = Framebuffer(width: 96, height: 64)
            try Executor(schedule: schedule).render(DrawCall(fragment: program), into: target)
            return target.makeTexture()
        }
        let closures = try render(Schedule(threadCount: 1, engine: .closures))
        // Tiles of two rows: 32 chances to switch within a draw.
        let background = Schedule(tileHeight: 2, threadCount: 2, engine: .native, compilesInBackground: true)
        var draws = 0
        repeat {
            let image = try render(background)
            if let d = DifferentialTest.firstDifference(closures, image) {
                Issue.record("draw \(draws): \(d.count) pixels differ; first at (\(d.x), \(d.y)): closures \(d.a), native \(d.b)")
            }
            draws += 1
        } while NativeEngine.shared.isCompiling(program) && draws < 10_000
        #expect(draws >= 1)
        #expect(!NativeEngine.shared.isCompiling(program), "the background compile did not end")
        let after = try render(background)
        #expect(DifferentialTest.firstDifference(closures, after) == nil, "the draw after the compile differs")
        #expect(NativeEngine.shared.runsNatively(program), "\(NativeEngine.shared.reasonForClosures(program) ?? "")")
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
        // Programs with derivatives or cube maps run on closures (the
        // generator uses them often); the others must run natively.
        #expect(native >= 2, "only \(native) of the programs ran natively")
    }

    /// Shaders that touch every piece of the fused row function (`shade_span`): interpolated,
    /// flat and unused inputs, `gl_FragCoord` (x, y, z, w), `gl_FrontFacing`, `discard`, channels
    /// that are per-draw values or constants, two textures, a loop, and a vertex shader whose
    /// triangles cover part of the frame and overlap (drawn in order). Rendered 200 pixels wide,
    /// so that rows hold runs of batches one triangle covers whole (merged into one call, eight
    /// batches at a time), at 64 lanes and at one vector's width.
    static let spanShaders: [(name: String, fragment: String, vertex: String?)] = [
        ("texture and dot", """
            precision highp float;
            varying vec2 textureCoordinate;
            uniform sampler2D inputImageTexture;
            void main() {
                vec4 c = texture2D(inputImageTexture, textureCoordinate);
                gl_FragColor = vec4(vec3(dot(c.rgb, vec3(0.2125, 0.7154, 0.0721))), c.a);
            }
            """, nil),
        ("two textures, uniform alpha", """
            precision highp float;
            varying vec2 textureCoordinate;
            uniform sampler2D inputImageTexture, inputImageTexture2;
            uniform float mixturePercent;
            void main() {
                vec4 a = texture2D(inputImageTexture, textureCoordinate);
                vec4 b = texture2D(inputImageTexture2, textureCoordinate * 0.75 + 0.1);
                gl_FragColor = vec4(mix(a.rgb, b.rgb, b.a * mixturePercent), mixturePercent);
            }
            """, nil),
        ("fragCoord, front facing, discard", """
            precision highp float;
            uniform float level;
            void main() {
                if (mod(gl_FragCoord.x + gl_FragCoord.y, 7.0) < 1.5) discard;
                float f = gl_FrontFacing ? 1.0 : 0.25;
                gl_FragColor = vec4(fract(gl_FragCoord.x / 37.0), gl_FragCoord.y / 20.0, gl_FragCoord.z * f, gl_FragCoord.w * level);
            }
            """, nil),
        ("a loop, a constant channel", """
            precision highp float;
            varying vec2 textureCoordinate;
            void main() {
                float s = 0.0;
                for (int i = 0; i < 8; i++) {
                    if (float(i) > textureCoordinate.x * 8.0) break;
                    s += sin(textureCoordinate.y * float(i + 1) * 3.1);
                }
                gl_FragColor = vec4(s * 0.2 + 0.5, 0.5, 1.0, 1.0);
            }
            """, nil),
        ("texel-centre hints, fractional offsets, a counted loop", """
            precision highp float;
            varying vec2 textureCoordinate;
            varying vec2 textureCoordinate2;
            uniform sampler2D inputImageTexture, inputImageTexture2;
            uniform float level;
            void main() {
                // Hinted (interpolated coordinates no step writes), then lookups a fraction of a
                // texel off (runs of consecutive texels), in a loop the compiler writes out.
                vec4 sum = texture2D(inputImageTexture, textureCoordinate) + texture2D(inputImageTexture2, textureCoordinate2);
                for (int i = -2; i <= 3; i++) {
                    vec2 off = vec2(float(i) * 0.37, float(i) * 0.61 - 0.2) / vec2(200.0, 20.0);
                    sum += texture2D(inputImageTexture, textureCoordinate + off) * cos(float(i) * level);
                }
                if (sum.g > 5.5) discard;
                gl_FragColor = sum / 8.0;
            }
            """, nil),
        ("hinted lookups on sheared triangles", """
            precision highp float;
            varying vec2 textureCoordinate;
            uniform sampler2D inputImageTexture;
            void main() { gl_FragColor = texture2D(inputImageTexture, textureCoordinate).bgra; }
            """, """
            attribute vec4 position;
            attribute vec4 inputTextureCoordinate;
            varying vec2 textureCoordinate;
            void main() {
                textureCoordinate = inputTextureCoordinate.xy;
                // The edges cross every row at a different column; the texture coordinate keeps
                // no row constant (no hints) on one triangle's rows.
                gl_Position = vec4(position.x * 0.9 + position.y * 0.05, position.y * 0.95 - position.x * 0.02, 0.0, 1.0);
            }
            """),
        ("flat and smooth inputs, overlapping triangles", """
            #version 300 es
            precision highp float;
            flat in vec3 tint;
            in vec2 uv;
            in float unused;
            out vec4 colour;
            void main() { colour = vec4(tint * uv.x, uv.y); }
            """, """
            #version 300 es
            in vec4 position;
            in vec4 inputTextureCoordinate;
            flat out vec3 tint;
            out vec2 uv;
            out float unused;
            void main() {
                uv = inputTextureCoordinate.xy;
                tint = vec3(0.25 + 0.5 * float(gl_VertexID & 1), 0.75, 0.5);
                unused = 1.0;
                // Shrunk, sheared and shifted: the two triangles overlap and leave background.
                gl_Position = vec4(position.x * 0.8 + position.y * 0.3, position.y * 0.7, 0.25, 1.0);
            }
            """),
    ]

    @Test(arguments: spanShaders.indices)
    func theFusedRowFunctionGivesTheClosuresBits(_ index: Int) throws {
        let shader = Self.spanShaders[index]
        let inputs = [ShaderTraceTests.gradient(200, 20, seed: 3), ShaderTraceTests.gradient(150, 10, seed: 4)]
        let uniforms = ["mixturePercent": [Float(0.625)], "level": [0.5]].filter { shader.fragment.contains($0.key) }
        let c = DifferentialCase(
            name: "span/" + shader.name, fragmentSource: shader.fragment, vertexSource: shader.vertex,
            uniforms: uniforms, inputs: inputs, width: 200, height: 20)
        let ranNatively = Self.check(c)
        #expect(ranNatively, "\(shader.name) did not run natively")
    }

    /// The generated C declares a slot without a value when its first use is an assignment
    /// whose block holds every later use (`slotsWrittenFirst`), and ends a basic block every 64
    /// statements with a never-taken branch, so that clang stays linear on large programs. A
    /// program of both kinds of slot — calls written out into a long straight run, values
    /// written in one branch and read after it, a loop carrying values, a variable a kept loop
    /// writes in some lanes only — gives the closures' bits.
    @Test func longStraightRunsAndSlotsWrittenInBranchesGiveTheClosuresBits() throws {
        let calls = (0..<40).map { k in "    acc += wave(p.\(k % 2 == 0 ? "x" : "y"), \(1.0 + Double(k) * 0.07));" }
        let source = """
            precision highp float;
            varying vec2 textureCoordinate;
            float wave(float x, float k) {
                float y = sin(x * k) * 0.5 + 0.25;
                float z;
                if (y > 0.3) z = y * y; else z = -y;
                return z + cos(y * k);
            }
            void main() {
                vec2 p = textureCoordinate * 9.0;
                float acc = 0.0;
                float w = 0.5;
                if (p.x > 4.0) w = acc * 2.0 + p.y;
            \(calls.joined(separator: "\n"))
                for (int i = 0; i < 3; i++) {
                    float t = wave(w + acc, float(i) + 0.5);
                    if (t > 0.0) w += t; else acc -= t;
                }
                // Undefined, and 0 on llvmpipe where the kept loop's branch never writes it: the
                // one slot here that must start from ZERO.
                float u;
                for (int i = 0; i < int(p.x); i++) { if (p.y > 3.0) u = float(i) + acc; }
                gl_FragColor = vec4(fract(acc), fract(w), fract(u * 0.37), 1.0);
            }
            """
        let c = DifferentialCase(
            name: "straight-runs", fragmentSource: source, inputs: [ShaderTraceTests.gradient(64, 16, seed: 5)],
            width: 64, height: 16)
        #expect(Self.check(c), "the program did not run natively")
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

    /// The four outputs of each sweep: every transcendental the native engine writes as vector
    /// code, alone in its channel so that no NaN or infinity of another hides a difference.
    static let transcendentalSweeps = [
        "sin(x) + cos(big), exp2(x * 0.05) + log2(x), pow(abs(x), x * 0.01) + pow(x, 2.5), exp(x * 0.01) + log(big)",
        "tan(x), tan(big), asin(x * 0.01), acos(x * 0.01)",
        "atan(x), atan(big), atan(x, y), atan(big, x)",
        "atan(y, big), atan(x, x), sinh(x * 0.01), cosh(x * 0.01)",
        "tanh(x * 0.01), asinh(x), acosh(x), atanh(x * 0.01)",
        "roundEven(x * 0.5), roundEven(big), round(x * 0.25), sinh(big) + cosh(x)",
    ]

    /// The vector transcendentals give the closures' bits on every float of a wide sweep
    /// (negative, zero, tiny, huge, both signs of every octant, both sides of each axis for
    /// `atan(y, x)`), compared as Float32 output.
    @Test(arguments: transcendentalSweeps)
    func vectorTranscendentalsGiveTheClosuresBits(_ outputs: String) throws {
        let source = """
            #version 300 es
            precision highp float;
            uniform float u_scale;
            out vec4 color;
            void main() {
                float k = gl_FragCoord.x - 0.5 + (gl_FragCoord.y - 0.5) * 256.0;
                float x = (k - 2048.0) * u_scale;
                float y = (gl_FragCoord.x - 128.0) * u_scale * (gl_FragCoord.y - 8.0);
                float big = x * x * x;
                color = vec4(\(outputs));
            }
            """
        let program = try Compiler.compile(compileFrontEnd(source: source, name: "sweep.frag", stage: .fragment))
        #expect(NativeEngine.shared.runsNatively(program), "\(NativeEngine.shared.reasonForClosures(program) ?? "")")
        let generated = NativeEngine.shared.source(for: program) ?? ""
        #expect(!generated.contains("callbacks->external("), "a function of \(outputs) is an external step, not vector code")
        for scale: Float in [0.001, 0.37, 61.0, 1e13] {
            var results: [[UInt32]] = []
            for engine in [ShadingEngine.closures, .native] {
                let target = Framebuffer(width: 256, height: 16, format: .float32)
                var schedule = Schedule.singleThreaded
                schedule.engine = engine
                try Executor(schedule: schedule).render(DrawCall(fragment: program, uniforms: ["u_scale": [scale]]), into: target)
                results.append((0..<(256 * 16 * 4)).map { target.float32Pointer[$0].bitPattern })
            }
            let differing = zip(results[0], results[1]).filter { $0 != $1 }.count
            #expect(differing == 0, "\(outputs), scale \(scale): \(differing) of \(results[0].count) floats differ")
        }
    }

    /// Mipmapped draws: lookups with implicit levels of detail (minified and magnified), bias,
    /// explicit levels and derivatives give the closures' bits, and run natively.
    @Test(arguments: [MipmapFilter.nearest, .linear])
    func mipmappedDrawsGiveTheClosuresBits(_ filter: MipmapFilter) throws {
        let source = """
            #version 300 es
            precision highp float;
            in vec2 textureCoordinate;
            uniform sampler2D inputImageTexture;
            uniform float level;
            out vec4 colour;
            void main() {
                vec2 p = textureCoordinate * (1.0 + 3.0 * textureCoordinate.x);
                vec4 c = texture(inputImageTexture, p) + texture(inputImageTexture, p, level) * 0.5;
                c += textureLod(inputImageTexture, textureCoordinate, level * 2.0) * 0.25;
                c += textureGrad(inputImageTexture, p, dFdx(p) * 4.0, dFdy(p)) * 0.125;
                colour = c / 1.875;
            }
            """
        let c = DifferentialCase(
            name: "mipmaps/\(filter)", fragmentSource: source, uniforms: ["level": [0.75]],
            inputs: [ShaderTraceTests.gradient(96, 64, seed: 7)],
            samplerState: SamplerState(filter: .linear, mipmapFilter: filter), width: 40, height: 24)
        #expect(Self.check(c), "the mipmapped draw did not run natively")
    }

    /// How many floats of a Float32 target `draw` writes differ between the engines.
    static func differingFloats(_ draw: DrawCall, width: Int, height: Int) throws -> Int {
        var outputs: [[UInt32]] = []
        for engine in [ShadingEngine.closures, .native] {
            let target = Framebuffer(width: width, height: height, format: .float32)
            var schedule = Schedule.singleThreaded
            schedule.engine = engine
            try Executor(schedule: schedule).render(draw, into: target)
            outputs.append((0..<(width * height * 4)).map { target.float32Pointer[$0].bitPattern })
        }
        return zip(outputs[0], outputs[1]).filter { $0 != $1 }.count
    }

    /// `sample_general`, the generated per-lane sampler, gives the closures' bits for every
    /// sampler state it takes: nearest and linear filters, no, nearest and linear mipmaps,
    /// clamp, repeat and mirrored repeat (repeat on a size that is not a power of two wraps
    /// the coordinate first), RGBA8 and RGBA32F texels (Shadertoy's buffers), at magnified and
    /// minified coordinates off the texture on every side, and at NaN and huge ones.
    @Test(arguments: [TextureFilter.nearest, .linear])
    func generatedGeneralSamplerGivesTheClosuresBits(_ filter: TextureFilter) throws {
        let source = """
            precision highp float;
            varying vec2 textureCoordinate;
            uniform sampler2D inputImageTexture;
            uniform vec2 u_scale;
            uniform float u_huge;
            void main() {
                vec2 p = (textureCoordinate - 0.5) * u_scale * (1.0 + textureCoordinate.y) + 0.5;
                vec4 c = texture2D(inputImageTexture, p);
                c += texture2D(inputImageTexture, vec2(p.x * u_huge, p.y)) * 0.5;
                gl_FragColor = c;
            }
            """
        // Lookups with their own level of detail (bias, level, derivatives): `sample_lod`.
        let levels = """
            #version 300 es
            precision highp float;
            in vec2 textureCoordinate;
            uniform sampler2D inputImageTexture;
            uniform vec2 u_scale;
            uniform float u_huge;
            out vec4 colour;
            void main() {
                vec2 p = (textureCoordinate - 0.5) * u_scale * (1.0 + textureCoordinate.y) + 0.5;
                vec4 c = texture(inputImageTexture, p, textureCoordinate.x * 3.0 - 1.0);
                c += textureLod(inputImageTexture, p, textureCoordinate.y * 6.0 - 1.5) * 0.5;
                c += textureGrad(inputImageTexture, p, dFdx(p) * u_huge, dFdy(p) * 3.0) * 0.25;
                colour = c;
            }
            """
        let programs = try [(source, "general.frag"), (levels, "general-lod.frag")].map { text, name in
            try Compiler.compile(compileFrontEnd(source: text, name: name, stage: .fragment))
        }
        for program in programs {
            #expect(NativeEngine.shared.runsNatively(program), "\(NativeEngine.shared.reasonForClosures(program) ?? "")")
        }
        let bytes = ShaderTraceTests.gradient(37, 23, seed: 3)
        let floats = Texture(
            width: 32, height: 24,
            float32: (0..<(32 * 24 * 4)).map { k in Float((k * 7_919) % 1_000) / 250 - 1.3 })
        var compared = 0
        for input in [bytes, floats] {
            for mipmap in MipmapFilter.allCases {
                for wrap in TextureWrap.allCases {
                    var state = SamplerState(filter: filter, mipmapFilter: mipmap, wrapS: wrap, wrapT: wrap == .repeat ? .mirroredRepeat : wrap)
                    state.lodBias = wrap == .mirroredRepeat ? 0.6 : 0
                    for program in programs {
                        for (scale, huge): ([Float], Float) in [([1, 1], 1), ([5.3, -2.1], 1e9), ([0.37, 13.7], .nan)] {
                            let differing = try Self.differingFloats(
                                DrawCall(fragment: program, uniforms: ["u_scale": scale, "u_huge": [huge]], inputs: [input],
                                         samplerState: state),
                                width: 48, height: 20)
                            #expect(differing == 0, "\(input.width)x\(input.height), \(state), scale \(scale): \(differing) floats differ")
                            compared += 1
                        }
                    }
                }
            }
        }
        #expect(compared == 2 * 3 * 3 * 2 * 3)
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
            let differing = try Self.differingFloats(
                DrawCall(fragment: program, uniforms: ["u_scale": scale], inputs: [input]), width: 96, height: 40)
            #expect(differing == 0, "scale \(scale): \(differing) of \(96 * 40 * 4) floats differ")
        }
    }
}
