import Foundation
import Framebuffers
import ShaderCompiler
import ShaderExecution
import ShaderSemantics
import ShaderSyntax
import ShaderTesting
import Testing

/// Device profiles with fp16 `mediump` (issue 18): the executor, on both engines, and the
/// reference interpreter round the same values the same way, the values are the ones fp16
/// arithmetic gives (computed here with Swift's `Float16`), and the result is what llvmpipe
/// computes in its native precision (Mesa lowers `mediump` to fp16 on a CPU with F16C).
@Suite struct DeviceProfilePrecisionTests {
    static let profile = DeviceProfile.gles3Minimum

    static func h(_ x: Float) -> Float { Float(Float16(x)) }

    /// Renders `body` (which sets `highp float r`) at one pixel into a float framebuffer on
    /// `profile` with `engine`, and returns r.
    static func value(
        _ body: String, uniforms: [String: [Float]], texel: SIMD4<UInt8> = [77, 200, 13, 180],
        profile: DeviceProfile = profile, engine: ShadingEngine = .closures
    ) throws -> Float {
        let source = """
            precision mediump float;
            uniform mediump float u; uniform mediump float v; uniform lowp float w; uniform highp float k;
            uniform lowp sampler2D inputImageTexture;
            mediump float twice(mediump float p) { return p * 2.0; }
            void main() {
                \(body)
                gl_FragColor = vec4(r, 0.0, 0.0, 1.0);
            }
            """
        let checked = try compileFrontEnd(
            source: source, name: "probe.frag", stage: .fragment, options: CheckOptions(profile: profile),
            parseOptions: profile.parseOptions())
        var draw = DrawCall(
            fragment: try Compiler.compile(checked), uniforms: uniforms,
            inputs: [Texture(width: 1, height: 1, rgba8: [texel.x, texel.y, texel.z, texel.w])],
            samplerState: SamplerState(filter: .nearest))
        draw.profile = profile
        let target = Framebuffer(width: 1, height: 1, format: .float32)
        var schedule = Schedule.singleThreaded
        schedule.engine = engine
        try Executor(schedule: schedule).render(draw, into: target)
        return target.float32Pointer[0]
    }

    static let uniforms: [String: [Float]] = ["u": [0.3001], "v": [0.7003], "w": [0.5002], "k": [1000]]

    /// Each rule of `CheckedShader.lowered(to:)`, on values whose fp16 and fp32 results
    /// differ; the expectations are fp16 (or fp32) arithmetic written out here. The rules
    /// were measured on llvmpipe (`glref.py --precision native`), as the README says.
    @Test(arguments: [ShadingEngine.closures, .native])
    func roundingFollowsTheTreeRules(_ engine: ShadingEngine) throws {
        let u = Self.h(0.3001), v = Self.h(0.7003), w = Self.h(0.5002)
        let cases: [(String, Float)] = [
            // A tree with a constant runs in fp16, constants rounded too.
            ("highp float r = u * 3.0;", Self.h(u * 3)),
            ("highp float r = (u + v) * 0.1;", Self.h(Self.h(u + v) * Self.h(0.1))),
            // Nested operations round after each one.
            ("highp float r = u * v + w;", Self.h(Self.h(u * v) + w)),
            // One operation on fp32-held values, used at fp32, stays fp32 (as llvmpipe).
            ("highp float r = u * v;", Float(0.3001) * Float(0.7003)),
            ("highp float r = sqrt(u);", Float(0.3001).squareRoot()),
            // A highp operand makes the whole tree highp.
            ("highp float r = (u + k) * 0.5;", (Float(0.3001) + 1000) * 0.5),
            // ... but its mediump subtrees are trees of their own.
            ("highp float r = k * (u * 3.0);", 1000 * Self.h(u * 3)),
            // Storing into a mediump local rounds; reading it back does not again.
            ("mediump float x = u * v; highp float r = x * k;", Self.h(u * v) * 1000),
            ("mediump float x = 0.3; highp float r = x + k;", Self.h(0.3) + 1000),
            // A user function returns at its declared precision.
            ("highp float r = twice(u) * k;", Self.h(u * 2) * 1000),
            // A lowp sampler's texels are cut toward zero to fp16 (77/255 -> 0.3017578125).
            ("highp float r = texture2D(inputImageTexture, vec2(0.5)).r * 3.0;", Self.h(0.3017578125 * 3)),
            // dot sums rounded products from the last component to the first, as Mesa lowers it.
            ("mediump vec3 c = vec3(u, v, w); highp float r = dot(c, vec3(0.2125, 0.7154, 0.0721));",
             Self.h(Self.h(Self.h(w * Self.h(0.0721)) + Self.h(v * Self.h(0.7154))) + Self.h(u * Self.h(0.2125)))),
            // Compound assignment is x = x op y at the variable's precision.
            ("mediump float x = u; x += 0.1; highp float r = x * k;", Self.h(Self.h(u + Self.h(0.1))) * 1000),
            // Overflow: fp16 stops at 65504. Mesa regroups the constants first (`u * 90000.0`,
            // `CheckedShader.reassociated()`), and 90000 is already infinite in fp16: llvmpipe
            // (`glref.py --precision native`) gives 1 where the source's order would give 0.
            ("highp float r = (u * 300.0) * 300.0 > 65504.0 ? 1.0 : 0.0;", 1),
            ("highp float r = (v * 300.0) * 400.0;", .infinity),
        ]
        for (body, expected) in cases {
            let got = try Self.value(body, uniforms: Self.uniforms, engine: engine)
            #expect(got.bitPattern == expected.bitPattern, "\(body): \(got), expected \(expected)")
        }
        // On desktop the same shader is plain fp32.
        let desktop = try Self.value("highp float r = u * 3.0;", uniforms: Self.uniforms, profile: .desktop, engine: engine)
        #expect(desktop == Float(0.3001) * 3)
    }

    @Test func lowpIsTenBitFixedPointOnAPowerVRProfile() throws {
        // powervr-sgx: mediump fp16, lowp 10-bit fixed point.
        let got = try Self.value(
            "lowp float x = w * 5.0; highp float r = x;", uniforms: Self.uniforms, profile: .powervrSGX)
        // Steps of 1/256 within [-2, 2 - 1/256]: the constant 5 saturates too.
        func fixed(_ x: Float) -> Float { Float(min(max((Double(x) * 256).rounded(.toNearestOrEven), -512), 511) / 256) }
        #expect(got == fixed(fixed(0.5002) * fixed(5)), "\(got)")
        #expect(got == 1)
    }

    /// A discontinuity fed by an fp16 value is fragile within one fp16 step of its
    /// threshold: the fp32 value before the rounding may sit beside a tie in another
    /// implementation (a campaign's int() of an fp16 varying of 2.999 was 2 in Shade and 3 in
    /// llvmpipe).
    @Test func discontinuitiesOfFP16ValuesAreFragileWithinOneStep() throws {
        let source = """
            precision mediump float;
            uniform mediump float u;
            void main() { gl_FragColor = vec4(float(int(u * 3.0)) / 8.0, step(2.9, u * 3.0), 0.0, 1.0); }
            """
        func fragility(_ u: Float, _ profile: DeviceProfile) throws -> Bool {
            let checked = try compileFrontEnd(
                source: source, name: "f.frag", stage: .fragment, options: CheckOptions(profile: profile),
                parseOptions: profile.parseOptions())
            return try ReferenceRenderer().renderWithFragility(
                fragment: checked, uniforms: ["u": [u]], width: 1, height: 1).fragile[0]
        }
        // fp16(0.99935) * 3 = 2.99853…, which rounds to 2.998046875: one fp16 step below 3.
        #expect(Self.h(Self.h(0.99935) * 3) == 2.998046875)
        #expect(try fragility(0.99935, .gles3Minimum))
        // In fp32 the same product is 0.002 from 3, far beyond fp32 rounding.
        #expect(try !fragility(0.99935, .desktop))
        // Far from both thresholds (2.7 in fp16) nothing is fragile.
        #expect(try !fragility(0.9, .gles3Minimum))
        // step(2.9, x) of fp16 x one step from 2.9 is fragile too.
        #expect(try fragility(Self.h(2.9) / 3 + 0.0008, .gles3Minimum))
    }

    @Test func aDrawChecksItsProfile() throws {
        let source = "precision mediump float;\nvoid main() { gl_FragColor = vec4(0.5); }\n"
        let desktopProgram = try Compiler.compile(compileFrontEnd(source: source, name: "a.frag", stage: .fragment))
        var draw = DrawCall(fragment: desktopProgram)
        draw.profile = .mali400
        #expect(throws: ExecutionError.profileMismatch(profile: "mali-400")) {
            try Executor(schedule: .singleThreaded).render(draw, into: Framebuffer(width: 2, height: 2))
        }
        let mali = try Compiler.compile(compileFrontEnd(
            source: source, name: "a.frag", stage: .fragment, options: CheckOptions(profile: .gles2Minimum)))
        draw = DrawCall(fragment: mali)
        draw.profile = .gles2Minimum
        draw.inputs = [Texture(width: 64, height: 1, filledWith: SIMD4(1, 1, 1, 1))]
        try Executor(schedule: .singleThreaded).render(draw, into: Framebuffer(width: 100, height: 2))
        draw.inputs = [Texture(width: 65, height: 1, filledWith: SIMD4(1, 1, 1, 1))]
        #expect(throws: ExecutionError.exceedsProfileLimit(
            "an input texture is 65x1, larger than gles2-minimum's MAX_TEXTURE_SIZE of 64")) {
            // GL ES 2.0's MAX_TEXTURE_SIZE is 64.
            try Executor(schedule: .singleThreaded).render(draw, into: Framebuffer(width: 100, height: 2))
        }
    }

    // MARK: GPUImage2

    /// Every GPUImage2 shader as a case on `profile`, 32×18 over two gradients.
    static func gpuImage2Cases() throws -> [DifferentialCase]? {
        guard let folder = MetamorphicTests.gpuImageFolder else { return nil }
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let inputs = [ShaderTraceTests.gradient(32, 18, seed: 1), ShaderTraceTests.gradient(32, 18, seed: 2)]
        let vertexShaders = try files.filter { $0.hasSuffix(".vsh") }
            .map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }
        return try files.filter { $0.hasSuffix(".fsh") }.map { name in
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let vertex = vertexShader(for: text, among: vertexShaders)
            var c = DifferentialCase(
                name: "GPUImage2/" + name, fragmentSource: text, vertexSource: vertex,
                uniforms: DifferentialCase.automaticUniforms(fragmentSource: text, vertexSource: vertex, width: 32, height: 18),
                inputs: inputs, width: 32, height: 18)
            c.profile = profile
            return c
        }
    }

    /// GPUImage's passthrough when it writes every varying `fragment` reads; otherwise the
    /// corpus vertex shader with the fewest varyings that declares them all
    /// (`NearbyTexelSampling.vsh` and the like), as GPUImage pairs them.
    static func vertexShader(for fragment: String, among vertexShaders: [String]) -> String? {
        func varyings(_ text: String) -> Set<String> {
            var names: Set<String> = []
            for line in text.split(separator: "\n") {
                let words = line.split(whereSeparator: { " \t;".contains($0) }).map(String.init)
                guard let i = words.firstIndex(of: "varying") else { continue }
                let rest = words[(i + 1)...].filter { !["lowp", "mediump", "highp"].contains($0) }
                if rest.count >= 2 { names.insert(rest[1]) }
            }
            return names
        }
        let needed = varyings(fragment)
        let passthrough: Set = ["textureCoordinate", "textureCoordinate2", "textureCoordinate3", "textureCoordinate4"]
        if needed.isSubset(of: passthrough) { return nil }
        return vertexShaders.filter { needed.isSubset(of: varyings($0)) }.min { varyings($0).count < varyings($1).count }
    }

    /// On the fp16 profile the executor (both engines) and the interpreter agree bit for bit.
    @Test func gpuImage2ShadersAgreeBothWaysOnAnFP16Profile() throws {
        guard let cases = try Self.gpuImage2Cases() else {
            Issue.record("no GPUImage2 corpus: set SHADE_CORPORA to the folder holding GPUImage2/ (looked in \(Corpus.root.path))")
            return
        }
        var rendered = 0
        for c in cases {
            let outcome = DifferentialTest.run(c)
            if case .agree = outcome { rendered += 1 }
            #expect(outcome.isAgreement, "\(c.name): \(outcome)")
            NativeEngineTests.check(c)
        }
        #expect(rendered >= 110, "only \(rendered) of \(cases.count) rendered")
    }

    /// Shaders where llvmpipe's native precision differs from Shade's fp16 profile by more
    /// than 1/255, with the reason (measured; see the README's "Device profiles").
    static let knownDifferences: [String: String] = [:]

    /// A `lowp` lookup's coordinate is fp16 when it is a variable an `if` assigns and
    /// nothing else reads (Mesa narrows the phi, `nir_opt_phi_precision`), unless the `if` is
    /// small enough to become selects (at most 8 operations over both sides). Each
    /// expectation is what llvmpipe did with the same body (`MESA_GLSL=dump`, native
    /// precision: a 16-bit phi or none).
    @Test func coordinatesMergedByAnIfAreFP16() throws {
        func rounds(_ body: String, profile: DeviceProfile = Self.profile, sampler: String = "lowp") throws -> Bool {
            let source = """
                precision mediump float;
                varying highp vec2 tc;
                uniform highp float k;
                uniform \(sampler) sampler2D s;
                void main() {
                    highp vec2 t = tc;
                    \(body)
                }
                """
            let checked = try compileFrontEnd(
                source: source, name: "merge.frag", stage: .fragment, options: CheckOptions(profile: profile),
                parseOptions: profile.parseOptions())
            return TypedASTPrinter.shader(checked).contains("__shade_round_fp16 (vec2 var t)")
        }
        let big = "t -= vec2(k); t = vec2(t.x * k - t.y * 0.5, t.x * 0.5 + t.y * k); t += vec2(k);"  // 10 operations
        let lookup = "gl_FragColor = texture2D(s, t);"
        #expect(try rounds("if (k > 0.5) { \(big) } \(lookup)"))
        #expect(try rounds("if (k > 0.5) { t = t * k + vec2(0.25) - t.yx * 0.5 + vec2(k); } \(lookup)"))
        #expect(try rounds("if (k > 0.5) { t = t * k + vec2(0.25) + t * t; } else { t = t.yx * 0.5 - vec2(k); } \(lookup)"))
        #expect(try rounds("if (k > 0.5) { t = vec2(sin(t.x * k), cos(t.y)) + vec2(length(t)); } \(lookup)"))
        // Selects: 2, 8, 4 + 4 and 3 operations.
        #expect(try !rounds("if (k > 0.5) { t *= k; } \(lookup)"))
        #expect(try !rounds("if (k > 0.5) { t = t * k + vec2(0.25) - t.yx * 0.5; } \(lookup)"))
        #expect(try !rounds("if (k > 0.5) { t = t * k + vec2(0.25); } else { t = t.yx * 0.5 - vec2(k); } \(lookup)"))
        #expect(try !rounds("if (k > 0.5) { t = vec2(sin(t.x * k), cos(t.y)); } \(lookup)"))
        // Read by something else too, no `if`, a highp sampler, the desktop profile.
        #expect(try !rounds("if (k > 0.5) { \(big) } gl_FragColor = texture2D(s, t) + vec4(t, 0.0, 0.0);"))
        #expect(try !rounds("\(big) \(lookup)"))
        #expect(try !rounds("if (k > 0.5) { \(big) } \(lookup)", sampler: "highp"))
        #expect(try !rounds("if (k > 0.5) { \(big) } \(lookup)", profile: .desktop))
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["SHADE_SKIP_LLVMPIPE"] == nil))
    func gpuImage2ShadersMatchLlvmpipeNativePrecision() throws {
        guard let cases = try Self.gpuImage2Cases() else {
            Issue.record("no GPUImage2 corpus: set SHADE_CORPORA to the folder holding GPUImage2/ (looked in \(Corpus.root.path))")
            return
        }
        let oracle: LlvmpipeOracle
        do {
            oracle = try LlvmpipeOracle(precision: .native)
        } catch {
            Issue.record("llvmpipe is not available (\(error)); run scripts/install-deps, or set SHADE_SKIP_LLVMPIPE=1")
            return
        }
        var compared = 0, within = 0, exactPixels = 0, desktopWithin = 0, desktopExact = 0
        for c in cases {
            guard let mesa = try? oracle.render(c) else { continue }
            let shade = try DifferentialTest.renderWithExecutor(c)
            var desktop = c
            desktop.profile = .desktop
            let fp32 = try DifferentialTest.renderWithExecutor(desktop)
            compared += 1
            let d = Self.largestDifference(shade, mesa)
            exactPixels += Self.samePixels(shade, mesa)
            desktopExact += Self.samePixels(fp32, mesa)
            if Self.largestDifference(fp32, mesa) <= 1 { desktopWithin += 1 }
            if d <= 1 {
                within += 1
                #expect(Self.knownDifferences[c.name] == nil, "\(c.name) matches now: remove it from knownDifferences")
            } else {
                #expect(Self.knownDifferences[c.name] != nil, "\(c.name): \(d)/255 from llvmpipe's native precision")
            }
        }
        let pixels = compared * 32 * 18
        print("""
            GPUImage2 on \(Self.profile.name) vs llvmpipe --precision native: \(within)/\(compared) shaders within 1/255, \
            \(exactPixels)/\(pixels) pixels identical; the desktop (fp32) profile: \(desktopWithin)/\(compared), \
            \(desktopExact)/\(pixels)
            """)
        #expect(compared >= 110)
    }

    static func samePixels(_ a: Texture, _ b: Texture) -> Int {
        var n = 0
        for y in 0..<a.height {
            for x in 0..<a.width where a.rgba8Pixel(x: x, y: y) == b.rgba8Pixel(x: x, y: y) { n += 1 }
        }
        return n
    }

    /// The largest channel difference, in 1/255 steps.
    static func largestDifference(_ a: Texture, _ b: Texture) -> Int {
        var largest = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let d = SIMD4<Int>(truncatingIfNeeded: a.rgba8Pixel(x: x, y: y)) &- SIMD4<Int>(truncatingIfNeeded: b.rgba8Pixel(x: x, y: y))
                largest = max(largest, abs(d.x), abs(d.y), abs(d.z), abs(d.w))
            }
        }
        return largest
    }
}
