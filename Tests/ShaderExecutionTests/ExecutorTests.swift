import Foundation
import Framebuffers
import ShaderCompiler
import ShaderExecution
import Testing

@Suite struct ExecutorTests {
    @Test func passthroughReproducesTheInputExactly() throws {
        let input = noiseTexture(width: 37, height: 23)
        for filter in TextureFilter.allCases {
            let p = try compileShader("""
                varying highp vec2 textureCoordinate;
                uniform sampler2D inputImageTexture;
                void main() { gl_FragColor = texture2D(inputImageTexture, textureCoordinate); }
                """)
            let out = try render(p, width: 37, height: 23, inputs: [input], samplerState: SamplerState(filter: filter))
            expectMatch(out, input, tolerance: 0, "passthrough \(filter)")
        }
    }

    @Test func rowZeroIsTextureCoordinateZeroAndFragCoordHalf() throws {
        let p = try compileShader("""
            precision highp float;
            varying vec2 textureCoordinate;
            void main() { gl_FragColor = vec4(textureCoordinate, gl_FragCoord.xy); }
            """)
        let out = try render(p, width: 8, height: 6, format: .float32)
        for y in 0..<6 {
            for x in 0..<8 {
                let v = out.pixel(x: x, y: y)
                #expect(abs(v.x - (Float(x) + 0.5) / 8) < 1e-6 && abs(v.y - (Float(y) + 0.5) / 6) < 1e-6, "texcoord at (\(x), \(y)): \(v)")
                #expect(v.z == Float(x) + 0.5 && v.w == Float(y) + 0.5, "gl_FragCoord at (\(x), \(y)): \(v)")
            }
        }
    }

    @Test func float32TargetsKeepUnclampedValues() throws {
        let p = try compileShader("void main() { gl_FragColor = vec4(2.5, -1.0, 0.25, 1e10); }")
        let out = try render(p, width: 4, height: 4, format: .float32)
        #expect(out.pixel(x: 3, y: 2) == SIMD4(2.5, -1, 0.25, 1e10))
        let bytes = try render(p, width: 4, height: 4)
        // 1e10 * 255 does not fit an int32: llvmpipe writes 0 (glref.py: 255, 0, 64, 0).
        #expect(bytes.pixel(x: 1, y: 1) == SIMD4(1, 0, Float(64) / 255, 0))
    }

    @Test func unorm8RoundsTiesToEvenLikeLlvmpipe() {
        for k in 0..<255 {
            // (k + 0.5) / 255 scaled back is an exact tie only for some k; compare with rint.
            let v = (Float(k) + 0.5) / 255
            #expect(Texture.unorm8(v) == UInt8((v * 255).rounded(.toNearestOrEven)))
        }
        #expect(Texture.unorm8(.nan) == 0 && Texture.unorm8(-3) == 0 && Texture.unorm8(7) == 255)
        #expect(Texture.unorm8(0.3) == 76 && Texture.unorm8(0.5) == 128)
    }

    /// llvmpipe converts `v * 255` to an int32 before saturating: past INT32_MAX the result is
    /// INT_MIN, written as 0 (measured; `Tests/Regressions/huge-colour-writes-zero.frag`).
    @Test func unorm8OfAValueTooLargeForAnInt32IsZeroLikeLlvmpipe() {
        #expect(Texture.unorm8(8_421_504) == 255 && Texture.unorm8(8_421_505) == 0)
        #expect(Texture.unorm8(.infinity) == 0 && Texture.unorm8(1e20) == 0)
        #expect(Texture.unorm8(-.infinity) == 0 && Texture.unorm8(.greatestFiniteMagnitude) == 0)
    }

    @Test func uniformErrorsAreReported() throws {
        let p = try compileShader("uniform mediump vec3 tint; void main() { gl_FragColor = vec4(tint, 1.0); }")
        #expect(throws: ExecutionError.uniform(.unknownUniform("tnt"))) { try render(p, uniforms: ["tnt": [1, 2, 3]]) }
        #expect(throws: ExecutionError.uniform(.uniformArity(name: "tint", expected: 3, got: 2))) { try render(p, uniforms: ["tint": [1, 2]]) }
        let ok = try render(p, width: 2, height: 2, uniforms: ["tint": [1, 0.5, 0]])
        #expect(ok.pixel(x: 0, y: 0) == SIMD4(1, Float(128) / 255, 0, 1))
    }

    @Test func runawayLoopStopsWithAnError() throws {
        let p = try compileShader("""
            precision highp float;
            uniform float limit;
            void main() {
                float x = 0.0;
                for (int i = 0; i < 10; i += 0) { x += 1.0; if (x < limit) continue; }
                gl_FragColor = vec4(x);
            }
            """)
        #expect(throws: ExecutionError.loopLimitExceeded(limit: 1000)) {
            try render(p, width: 4, height: 4, uniforms: ["limit": [1]], loopIterationLimit: 1000)
        }
    }

    @Test func loopIterationLimitIsPerDrawAndNamedInTheError() throws {
        // A loop of 100 iterations with a data-dependent exit: fine under the default limit
        // and under 100, stopped under 99.
        let p = try compileShader("""
            precision highp float;
            uniform float n;
            void main() {
                float x = 0.0;
                for (int i = 0; i < 1000; i++) { x += 1.0; if (x >= n) break; }
                gl_FragColor = vec4(x / 255.0);
            }
            """)
        let out = try render(p, width: 4, height: 4, uniforms: ["n": [100]])
        #expect(out.pixel(x: 3, y: 3) == SIMD4(repeating: 100 / 255))
        _ = try render(p, width: 4, height: 4, uniforms: ["n": [100]], loopIterationLimit: 100)
        #expect(throws: ExecutionError.loopLimitExceeded(limit: 99)) {
            try render(p, width: 4, height: 4, uniforms: ["n": [100]], loopIterationLimit: 99)
        }
        #expect(ExecutionError.loopLimitExceeded(limit: 99).description.contains("99 iterations"))
        #expect(Program.loopIterationLimit == 1 << 20)
    }

    @Test func countedLoopsAreWrittenOutAndCountNothing() throws {
        // 32 iterations with constant bounds: unrolled, so a budget of 1 is enough; 33 are a
        // loop again, and the budget stops it. Both give the sum the formula gives.
        func shader(_ n: Int) throws -> Program {
            try compileShader("""
                precision highp float;
                void main() {
                    float x = 0.0;
                    for (int i = 0; i < \(n); i++) { x += float(i); }
                    gl_FragColor = vec4(x / 1024.0);
                }
                """)
        }
        // What RGBA8 stores of sum / 1024: rint(c * 255), read back as a fraction of 255.
        func stored(_ sum: Int) -> SIMD4<Float> { SIMD4(repeating: (Float(sum) / 1024 * 255).rounded() / 255) }
        let unrolled = try render(try shader(32), width: 4, height: 4, loopIterationLimit: 1)
        #expect(unrolled.pixel(x: 1, y: 2) == stored(31 * 32 / 2))
        #expect(throws: ExecutionError.loopLimitExceeded(limit: 1)) {
            try render(try shader(33), width: 4, height: 4, loopIterationLimit: 1)
        }
        let looped = try render(try shader(33), width: 4, height: 4)
        #expect(looped.pixel(x: 0, y: 0) == stored(32 * 33 / 2))
    }

    @Test func uniformAndDivergentBranchesAgree() throws {
        // The same condition as a uniform (plain branch) and as a per-lane value (masks).
        let p = try compileShader("""
            precision highp float;
            varying vec2 textureCoordinate;
            uniform float u;
            void main() {
                float a = 0.0, b = 0.0;
                if (u > 0.5) { a = 0.25; } else { a = 0.75; }
                if (textureCoordinate.x * 0.0 + u > 0.5) { b = 0.25; } else { b = 0.75; }
                gl_FragColor = vec4(a, b, a == b ? 1.0 : 0.0, 1.0);
            }
            """)
        for u: Float in [0, 1] {
            let out = try render(p, width: 6, height: 4, uniforms: ["u": [u]], format: .float32)
            let e: Float = u > 0.5 ? 0.25 : 0.75
            #expect(out.pixel(x: 5, y: 3) == SIMD4(e, e, 1, 1))
        }
    }

    @Test func nestedLoopsBreakContinueAndReturnPerLane() throws {
        let p = try compileShader("""
            precision highp float;
            varying vec2 textureCoordinate;
            float f(float n) {
                float s = 0.0;
                for (int i = 0; i < 8; i++) {
                    if (float(i) >= n) return s + 100.0;
                    for (int j = 0; j < 8; j++) {
                        if (j == i) break;
                        if (j == 1) continue;
                        s += 1.0;
                    }
                }
                return s;
            }
            void main() {
                float n = floor(textureCoordinate.x * 10.0);
                if (n == 9.0) discard;
                gl_FragColor = vec4(f(n), n, 0.0, 1.0);
            }
            """)
        let out = try render(p, width: 10, height: 2, format: .float32)
        func expected(_ n: Int) -> Float {
            var s: Float = 0
            for i in 0..<8 {
                if i >= n { return s + 100 }
                for j in 0..<8 { if j == i { break }; if j == 1 { continue }; s += 1 }
            }
            return s
        }
        for x in 0..<10 {
            let v = out.pixel(x: x, y: 1)
            if x == 9 {
                #expect(v == SIMD4(0, 0, 0, 0), "discarded pixel keeps the clear colour")
            } else {
                #expect(v.x == expected(x) && v.y == Float(x), "pixel \(x): \(v)")
            }
        }
    }

    @Test func dynamicIndexWritesOnlyActiveLanes() throws {
        let p = try compileShader("""
            precision highp float;
            varying vec2 textureCoordinate;
            void main() {
                vec4 v = vec4(1.0, 2.0, 3.0, 4.0);
                int k = int(textureCoordinate.x * 4.0);
                if (textureCoordinate.y > 0.5) v[k] = 10.0 + float(k);
                gl_FragColor = v;
            }
            """)
        let out = try render(p, width: 4, height: 2, format: .float32)
        for x in 0..<4 {
            var e = SIMD4<Float>(1, 2, 3, 4)
            #expect(out.pixel(x: x, y: 0) == e)
            e[x] = 10 + Float(x)
            #expect(out.pixel(x: x, y: 1) == e)
        }
    }

    @Test func perspectiveCorrectVaryings() throws {
        // Each corner is scaled by its own w, so the quad still fills the screen but the
        // varying must be interpolated as GL does: sum(l_i a_i / w_i) / sum(l_i / w_i).
        let vertex = try compileShader("""
            attribute vec4 position;
            attribute vec4 inputTextureCoordinate;
            varying vec2 textureCoordinate;
            void main() {
                float w = 1.0 + 3.0 * inputTextureCoordinate.x + inputTextureCoordinate.y;
                gl_Position = vec4(position.xy * w, 0.0, w);
                textureCoordinate = inputTextureCoordinate.xy;
            }
            """, stage: .vertex)
        let fragment = try compileShader("""
            precision highp float;
            varying vec2 textureCoordinate;
            void main() { gl_FragColor = vec4(textureCoordinate, gl_FragCoord.w, 1.0); }
            """)
        let (width, height) = (16, 12)
        let out = try render(fragment, vertex: vertex, width: width, height: height, format: .float32)
        let corners: [(x: Double, y: Double, u: Double, v: Double)] = [(-1, -1, 0, 0), (1, -1, 1, 0), (-1, 1, 0, 1), (1, 1, 1, 1)]
        func w(_ c: (x: Double, y: Double, u: Double, v: Double)) -> Double { 1 + 3 * c.u + c.v }
        for py in 0..<height {
            for px in 0..<width {
                let nx = (Double(px) + 0.5) / Double(width) * 2 - 1, ny = (Double(py) + 0.5) / Double(height) * 2 - 1
                let tri = nx + ny < 0 ? [corners[0], corners[1], corners[2]] : [corners[2], corners[1], corners[3]]
                // Screen-space barycentrics of the NDC point.
                let (a, b, c) = (tri[0], tri[1], tri[2])
                let det = (b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y)
                let l1 = ((nx - a.x) * (c.y - a.y) - (c.x - a.x) * (ny - a.y)) / det
                let l2 = ((b.x - a.x) * (ny - a.y) - (nx - a.x) * (b.y - a.y)) / det
                let l = [1 - l1 - l2, l1, l2]
                let q = (0..<3).reduce(0.0) { $0 + l[$1] / w(tri[$1]) }
                let u = (0..<3).reduce(0.0) { $0 + l[$1] * tri[$1].u / w(tri[$1]) } / q
                let v = (0..<3).reduce(0.0) { $0 + l[$1] * tri[$1].v / w(tri[$1]) } / q
                let got = out.pixel(x: px, y: py)
                #expect(abs(Double(got.x) - u) < 1e-5 && abs(Double(got.y) - v) < 1e-5 && abs(Double(got.z) - q) < 1e-5,
                        "(\(px), \(py)): expected (\(u), \(v), 1/w \(q)), got \(got)")
            }
        }
    }

    @Test func cubeMapSelectsGLFaces() throws {
        let colors: [SIMD4<Float>] = [SIMD4(1, 0, 0, 1), SIMD4(0, 1, 0, 1), SIMD4(0, 0, 1, 1), SIMD4(1, 1, 0, 1), SIMD4(0, 1, 1, 1), SIMD4(1, 0, 1, 1)]
        let faces = colors.map { Texture(width: 4, height: 4, filledWith: $0) }
        let p = try compileShader("""
            precision highp float;
            uniform samplerCube cube;
            uniform vec3 dir;
            void main() { gl_FragColor = textureCube(cube, dir); }
            """)
        let directions: [(SIMD3<Float>, Int)] = [
            (SIMD3(1, 0.2, -0.3), 0), (SIMD3(-2, 0.5, 0.5), 1), (SIMD3(0.1, 3, -1), 2),
            (SIMD3(0.1, -3, 1), 3), (SIMD3(0.3, 0.2, 1), 4), (SIMD3(-0.3, 0.2, -1), 5),
        ]
        for (d, face) in directions {
            let out = try render(p, width: 2, height: 2, uniforms: ["dir": [d.x, d.y, d.z]], bindings: ["cube": .cube(faces, .nearest)])
            #expect(out.pixel(x: 0, y: 0) == colors[face], "direction \(d) should read face \(face)")
        }
        // Face coordinates, GL ES 2.0 table 3.21: +X uses sc = -z, tc = -y.
        let (f, s, t) = CubeTexture.face(x: 2, y: -1, z: 0.5)
        #expect(f == 0 && s == (-0.5 / 2 + 1) / 2 && t == (1.0 / 2 + 1) / 2)
    }

    @Test func bilinearWeightsAreEightBitLikeLlvmpipe() {
        // A 2x1 texture: texel 0 = 0, texel 1 = 255. At s, x = 2s - 0.5; weight rint(frac * 256).
        let texture = SampledTexture(Texture(width: 2, height: 1, rgba8: [0, 0, 0, 255, 255, 255, 255, 255]))
        defer { withExtendedLifetime(texture) {} }
        let view = texture.view
        for k in 0...64 {
            let s = 0.25 + Float(k) / 128
            let x = s * 2 - 0.5
            let w = Int32((x - x.rounded(.down)) * 256 + 12_582_912) - 12_582_912
            let i0 = Int(x.rounded(.down))
            let c0 = i0 <= 0 ? 0 : 255, c1 = i0 + 1 <= 0 ? 0 : 255
            let byte = c0 + (((c1 - c0) * Int(w) + 128) >> 8)
            #expect(view.sample(s: s, t: 0.5).x == Float(byte) * Float(1.0 / 255.0), "s = \(s)")
        }
    }

    @Test func wrapModesFollowGL() {
        let n = 5
        for i in -12...12 {
            #expect(TextureViewProbe.wrap(i, n, .clampToEdge) == min(max(i, 0), n - 1))
            #expect(TextureViewProbe.wrap(i, n, .repeat) == ((i % n) + n) % n)
            // GL: (size - 1) - mirror((i mod 2 size) - size), mirror(a) = a >= 0 ? a : -(1 + a)
            let m = ((i % (2 * n)) + 2 * n) % (2 * n) - n
            #expect(TextureViewProbe.wrap(i, n, .mirroredRepeat) == (n - 1) - (m >= 0 ? m : -(1 + m)))
        }
    }
}

/// Reads the wrap of a 1-row texture through nearest sampling at texel centres.
enum TextureViewProbe {
    static func wrap(_ i: Int, _ n: Int, _ mode: TextureWrap) -> Int {
        let bytes: [UInt8] = (0..<n).flatMap { [UInt8($0), 0, 0, 255] }
        let texture = SampledTexture(Texture(width: n, height: 1, rgba8: bytes), state: SamplerState(filter: .nearest, wrap: mode))
        return withExtendedLifetime(texture) {
            let c = texture.view.sample(s: (Float(i) + 0.5) / Float(n), t: 0.5)
            return Int((c.x * 255).rounded())
        }
    }
}

@Suite struct RobustnessTests {
    @Test func nanAndInfinityNeverCrash() throws {
        let p = try compileShader("""
            precision highp float;
            varying vec2 textureCoordinate;
            uniform sampler2D inputImageTexture;
            uniform float zero;
            void main() {
                float nan = zero / zero, inf = 1.0 / zero;
                float a[3];
                a[0] = 0.25; a[1] = 0.5; a[2] = 0.75;
                vec4 t1 = texture2D(inputImageTexture, vec2(nan, inf));
                vec4 t2 = texture2D(inputImageTexture, vec2(-inf, 1e30));
                int i = int(nan), j = int(inf);
                float x = a[i] + a[j] + a[int(-inf)];
                gl_FragColor = vec4(t1.r + t2.g, x, mod(inf, 2.0), sqrt(-1.0 - zero));
            }
            """)
        for state in [SamplerState(filter: .linear, wrap: .repeat), SamplerState(filter: .nearest, wrap: .mirroredRepeat), SamplerState()] {
            let out = try render(p, width: 8, height: 8, inputs: [noiseTexture(width: 5, height: 3)], uniforms: ["zero": [0]], format: .float32, samplerState: state)
            let v = out.pixel(x: 3, y: 3)
            #expect(v.w.isNaN && v.z.isNaN, "NaN stays NaN: \(v)")
            // As llvmpipe (README "Undefined behaviour"): a NaN index reads element 0, an index
            // out of range reads 0.
            #expect(v.y == 0.25, "out-of-range indices read 0, a NaN index element 0: \(v)")
        }
    }
}

@Suite struct TextureFunctionTests {
    @Test func floatTexturesFilterInFloat() throws {
        // A 2x2 float texture with values beyond [0, 1]; bilinear weights are frac(s * W - 0.5).
        let values: [Float] = [0, 0, 0, 1, 4, -2, 0.5, 1, 8, 1, 0, 1, -4, 3, 1, 1]
        let texture = Texture(width: 2, height: 2, float32: values)
        let p = try compileShader("""
            #extension GL_EXT_shader_texture_lod : enable
            precision highp float;
            varying vec2 textureCoordinate;
            uniform sampler2D inputImageTexture;
            // The lod has no effect: textures have one level.
            void main() { gl_FragColor = texture2DLodEXT(inputImageTexture, textureCoordinate * 0.5 + 0.25, 3.0); }
            """)
        let out = try render(p, width: 5, height: 3, inputs: [texture], format: .float32)
        for y in 0..<3 {
            for x in 0..<5 {
                let s = ((Float(x) + 0.5) / 5) * 0.5 + 0.25, t = ((Float(y) + 0.5) / 3) * 0.5 + 0.25
                let fx = s * 2 - 0.5, fy = t * 2 - 0.5  // both in [0, 1): texels 0 and 1
                func texel(_ i: Int, _ j: Int) -> SIMD4<Float> {
                    let k = (j * 2 + i) * 4
                    return SIMD4(values[k], values[k + 1], values[k + 2], values[k + 3])
                }
                let top = texel(0, 0) + (texel(1, 0) - texel(0, 0)) * fx
                let bottom = texel(0, 1) + (texel(1, 1) - texel(0, 1)) * fx
                let e = top + (bottom - top) * fy
                let v = out.pixel(x: x, y: y)
                #expect(abs(v.x - e.x) < 1e-5 && abs(v.y - e.y) < 1e-5, "(\(x), \(y)): expected \(e), got \(v)")
            }
        }
    }

    @Test func fragDataZeroIsTheColourOutput() throws {
        let p = try compileShader("void main() { gl_FragData[0] = vec4(0.25, 0.5, 0.75, 1.0); }")
        let out = try render(p, width: 3, height: 3, format: .float32)
        #expect(out.pixel(x: 2, y: 1) == SIMD4(0.25, 0.5, 0.75, 1))
    }

    @Test func missingInputsReadOpaqueBlack() throws {
        let p = try compileShader("""
            varying highp vec2 textureCoordinate;
            uniform sampler2D inputImageTexture2;
            void main() { gl_FragColor = texture2D(inputImageTexture2, textureCoordinate); }
            """)
        let out = try render(p, width: 2, height: 2, inputs: [noiseTexture(width: 2, height: 2)], format: .float32)
        #expect(out.pixel(x: 1, y: 1) == SIMD4(0, 0, 0, 1))
    }
}

@Suite struct FusedSwizzleTests {
    @Test func textureSwizzlesSampleOnlyTheReadChannels() throws {
        let input = noiseTexture(width: 6, height: 5, seed: 3)
        let p = try compileShader("""
            varying highp vec2 textureCoordinate;
            uniform sampler2D inputImageTexture;
            void main() {
                lowp float a = texture2D(inputImageTexture, textureCoordinate).a;
                gl_FragColor = vec4(texture2D(inputImageTexture, textureCoordinate).bgr, a);
            }
            """)
        let out = try render(p, width: 6, height: 5, inputs: [input])
        for y in 0..<5 {
            for x in 0..<6 {
                let e = input.rgba8Pixel(x: x, y: y)
                let i = (y * 6 + x) * 4
                let o = out.rgba8Pointer
                #expect(SIMD4(o[i], o[i + 1], o[i + 2], o[i + 3]) == SIMD4(e.z, e.y, e.x, e.w), "(\(x), \(y))")
            }
        }
    }
}

@Suite struct PeepholeTests {
    @Test func storesThatReuseOperationsKeepGLSLSemantics() throws {
        let p = try compileShader("""
            precision highp float;
            uniform float negativeZero;
            void main() {
                vec2 v = vec2(1.0, 2.0) + negativeZero;
                v.xy = v.yx + 1.0;            // swap through the operation: (3, 2)
                float x = 0.0;                // (unwritten, it would be undefined: README
                x = x + 1.0;                  // "Undefined values Mesa knows…"): 1
                int i = 4;
                int j = ++i * 10;             // 50, and i is 5
                float z = negativeZero - 0.0; // stays -0
                float w = negativeZero - (-0.0);  // becomes +0
                gl_FragColor = vec4(v.x * 10.0 + v.y, x + float(j) + float(i) * 100.0, 1.0 / z, 1.0 / w);
            }
            """)
        let out = try render(p, width: 2, height: 2, uniforms: ["negativeZero": [-0.0]], format: .float32)
        #expect(out.pixel(x: 1, y: 1) == SIMD4(32, 551, -.infinity, .infinity))
    }
}

/// Found by the compile-and-render fuzz target under LeakSanitizer: a rebuild closure kept
/// for store fusion captured its `ProgramBuilder`, a reference cycle that leaked every builder.
@Suite struct BuilderLifetimeTests {
    @Test func builderIsFreedOnceTheProgramIsFinished() {
        weak var weakBuilder: ProgramBuilder?
        var program: Program?
        do {
            let b = ProgramBuilder()
            weakBuilder = b
            let tc = b.input("textureCoordinate", width: 2)
            let color = b.texture2D(b.sampler("inputImageTexture"), tc)
            // `vec4(1.0 - color.rgb, color.a)`: the subtraction stays the last fusable operation.
            let inverted = b.subtract(.constant(1, 1, 1), color.swizzled([0, 1, 2]))
            b.store(.concatenating([inverted, color[3]]), into: b.output("gl_FragColor", width: 4))
            program = b.finish()
        }
        #expect(program != nil)
        #expect(weakBuilder == nil, "the builder outlived its program")
    }
}
