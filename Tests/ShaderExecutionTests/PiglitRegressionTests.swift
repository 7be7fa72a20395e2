import Framebuffers
import ShaderCompiler
import ShaderExecution
import Testing

/// Regressions found by the piglit corpus, each checked against GL semantics.
@Suite struct PiglitRegressionTests {
    /// Renders `source` into a 4×4 RGBA8 framebuffer cleared to `clear`.
    func shade(
        _ source: String, clear: SIMD4<Float> = .zero, uniforms: [String: [Float]] = [:]
    ) throws -> Framebuffer {
        let program = try compileShader(source)
        let target = Framebuffer(width: 4, height: 4)
        target.clear(to: clear)
        try Executor(schedule: .singleThreaded).render(
            DrawCall(fragment: program, uniforms: uniforms), into: target)
        return target
    }

    /// The RGBA8 bytes of pixel (x, y).
    func bytes(_ f: Framebuffer, _ x: Int = 1, _ y: Int = 2) -> [UInt8] {
        let i = (y * f.width + x) * 4
        return (0..<4).map { f.rgba8Pointer[i + $0] }
    }

    // glsl-fs-discard-03: a shader that only discards draws nothing and is no error.
    @Test func discardOnlyShaderLeavesTheFramebufferUnwritten() throws {
        let f = try shade("void main() { discard; }", clear: SIMD4(0, 1, 0, 0))
        for y in 0..<4 { for x in 0..<4 { #expect(bytes(f, x, y) == [0, 255, 0, 0]) } }
    }

    // GL leaves the colour undefined when nothing is written; Shade (like Mesa) writes zero.
    @Test func fragmentsThatWriteNoColourGetZero() throws {
        let source = "precision mediump float; uniform float u; void main() { if (u > 1.0) discard; }"
        let kept = try shade(source, clear: SIMD4(0, 1, 0, 1), uniforms: ["u": [0]])
        #expect(bytes(kept) == [0, 0, 0, 0])
        let dropped = try shade(source, clear: SIMD4(0, 1, 0, 1), uniforms: ["u": [2]])
        #expect(bytes(dropped) == [0, 255, 0, 255])
    }

    // glsl-uniform-initializer-*: a GLSL 1.20 uniform starts with its initializer's value.
    @Test func uniformInitializerIsTheInitialValue() throws {
        let source = """
            #version 120
            uniform mat3 m = mat3(0.0, 1.0, 0.0, 1.0, 0.0, 0.5, 0.0, 0.0, 0.0);
            uniform float a = 0.25;
            uniform vec2 v;
            void main() { gl_FragColor = vec4(m * vec3(v, 1.0), a); }
            """
        let program = try compileShader(source)
        let m = try #require(program.uniform(named: "m")), a = try #require(program.uniform(named: "a"))
        #expect(Array(program.initialUniformFile[m.base..<(m.base + 9)]) == [0, 1, 0, 1, 0, 0.5, 0, 0, 0])
        #expect(program.initialUniformFile[a.base] == 0.25)
        // m * (1, 0.5) = (0.5, 1, 0.25); a = 0.25; GL rounding: round(x * 255).
        #expect(bytes(try shade(source, uniforms: ["v": [1, 0.5]])) == [128, 255, 64, 64])
        // A value set by the caller replaces the initializer.
        #expect(bytes(try shade(source, uniforms: ["v": [1, 0.5], "a": [1]])) == [128, 255, 64, 255])
    }

    // swizzled-writemask-indexing-nonconst: v.wzyx[i] names component wzyx[i] of v.
    @Test func dynamicIndexIntoASwizzleWritesTheSwizzledComponent() throws {
        let source = """
            precision mediump float;
            uniform int zero;
            void main() {
                gl_FragColor = vec4(1, 0, 0, 1);
                gl_FragColor.wzyx[zero + 2] = 1.0; // .y
                gl_FragColor.wzyx[zero + 3] = 0.0; // .x
                vec4 v = vec4(0.0);
                for (int i = 0; i < 4; i++) { v.yxwz[i] += float(i + 1) / 4.0; }
                gl_FragColor.b = v.x * v.y;        // 0.5 * 0.25
            }
            """
        #expect(bytes(try shade(source, uniforms: ["zero": [0]])) == [0, 255, 32, 255])
    }

    // fs-underflow-*-compare-zero: like Mesa and GPUs, denormal results and inputs are zero.
    // (2^-61 + 2^-61) * 2^-28 * 2^-61 = 2^-149 exactly in float32, the smallest denormal.
    @Test func denormalResultsAreFlushedToZero() throws {
        let source = """
            precision highp float;
            uniform float a, b, c, d;
            varying vec2 textureCoordinate;
            void main() {
                float x = a + textureCoordinate.x * 0.0;
                float perLane = (x + a) * b * a;
                float perDraw = (a + a) * b * a;
                float given = c * (1.0 + textureCoordinate.y * 0.0);
                gl_FragColor = vec4(perLane > 0.0, perDraw > 0.0, given > 0.0, 0.0 < pow(2.0, d));
            }
            """
        let denormal = Float.leastNonzeroMagnitude * 4
        let f = try shade(source, uniforms: ["a": [0x1p-61], "b": [0x1p-28], "c": [denormal], "d": [-149]])
        #expect(bytes(f) == [0, 0, 0, 0])
        // A normal result still compares > 0.
        let normal = try shade(source, uniforms: ["a": [0x1p-61], "b": [0x1p20], "c": [1], "d": [-126]])
        #expect(bytes(normal) == [255, 255, 255, 255])
    }

    /// A fragment shader whose functions f0 … f(levels-1) each call the next twice.
    func callTree(levels: Int) -> String {
        var source = "precision mediump float;\nvoid f\(levels)() { gl_FragColor = exp(gl_FragColor); }\n"
        for i in stride(from: levels - 1, through: 0, by: -1) {
            source += "void f\(i)() { f\(i + 1)(); f\(i + 1)(); }\n"
        }
        return source + """
            varying vec2 textureCoordinate;
            void main() {
                gl_FragColor = vec4(0.0, 0.2, 0.4, 1.0);
                if (textureCoordinate.x > 2.0) f0();
            }
            """
    }

    // glsl-*-inline-explosion: a tree of 2^64 calls compiles at once (large void functions
    // share one lowered body) and renders; one past the size limit fails at once.
    @Test func callTreesShareLoweredBodiesInsteadOfExploding() throws {
        let start = ContinuousClock.now
        let f = try shade(callTree(levels: 64))
        #expect(bytes(f) == [0, 51, 102, 255])  // the branch is never taken
        #expect(ContinuousClock.now - start < .seconds(5))
        // Too large even so: 2^12 inlined calls to a function with a parameter and a 64-step
        // body (written compactly: the source and token limits must not be what stops it).
        var wide = "precision mediump float;\nfloat g(float x) {\n"
        wide += String(repeating: "x = x * 1.5 + 0.25;\n", count: 64)
        wide += "return x; }\nvoid f() {\n"
        wide += String(repeating: "gl_FragColor.x = g(gl_FragColor.x);\n", count: 1 << 12)
        wide += "}\nvoid main() { gl_FragColor = vec4(0.0); f(); }\n"
        #expect {
            _ = try compileShader(wide)
        } throws: { error in "\(error)".contains("too large once function calls are inlined") }
        #expect(ContinuousClock.now - start < .seconds(30))
    }

    // A shared body runs once per call under the caller's mask, early returns included:
    // 2^13 leaf calls add 1 each, or 2^12 where f0 returns after its first call.
    @Test func sharedFunctionBodiesRunOncePerCall() throws {
        var source = "precision highp float;\nvarying vec2 textureCoordinate;\nfloat acc = 0.0;\n"
        source += "void f13() { acc += 1.0; }\n"
        for i in stride(from: 12, through: 1, by: -1) {
            source += "void f\(i)() { f\(i + 1)(); f\(i + 1)(); }\n"
        }
        source += """
            void f0() { f1(); if (gl_FragCoord.y < 2.0) return; f1(); }
            void main() {
                if (textureCoordinate.x > 0.5) f0();
                gl_FragColor = vec4(acc / 32768.0, 0.0, 0.0, 1.0);
            }
            """
        let f = try shade(source)
        for y in 0..<4 {
            for x in 0..<4 {
                // 4096 / 32768 * 255 = 31.875, 8192 / 32768 * 255 = 63.75.
                let expected: UInt8 = x < 2 ? 0 : y < 2 ? 32 : 64
                #expect(bytes(f, x, y) == [expected, 0, 0, 255], "pixel (\(x), \(y))")
            }
        }
    }

    // glsl-fs-uniform-sampler-array: a sampler array's elements are samplers `tex[0]`, `tex[1]`,
    // each bound on its own, indexed by constants and passed to functions.
    @Test func arraysOfSamplersBindOneTexturePerElement() throws {
        let source = """
            precision mediump float;
            uniform sampler2D tex[2];
            varying vec2 textureCoordinate;
            vec4 fetch(sampler2D s) { return texture2D(s, textureCoordinate); }
            vec4 first(sampler2D all[2]) { return fetch(all[0]); }
            void main() { gl_FragColor = texture2D(tex[1], textureCoordinate) + 0.5 * first(tex); }
            """
        let program = try compileShader(source)
        #expect(program.samplers.map(\.name) == ["tex[0]", "tex[1]"])
        let red = Texture(width: 1, height: 1, filledWith: SIMD4(1, 0, 0, 1))
        let green = Texture(width: 1, height: 1, filledWith: SIMD4(0, 1, 0, 1))
        let target = Framebuffer(width: 4, height: 4)
        try Executor(schedule: .singleThreaded).render(
            DrawCall(fragment: program, bindings: [
                "tex[0]": .texture2D(red, SamplerState()), "tex[1]": .texture2D(green, SamplerState()),
            ]), into: target)
        #expect(bytes(target) == [128, 255, 0, 255])  // green + 0.5 * red, alpha clamped
        #expect(throws: (any Error).self) {
            _ = try compileShader(source.replacingOccurrences(of: "tex[1], textureCoordinate", with: "tex[int(textureCoordinate.x)], textureCoordinate"))
        }
    }
}
