import Foundation
import Framebuffers
import ShaderExecution
import ShaderSemantics
import ShaderSyntax
import ShaderTesting
import Testing

/// Mipmaps (issue 15): `glGenerateMipmap`'s levels, the level of detail of implicit lookups
/// (per 2×2 quad), of a bias, of `textureLod` and `textureGrad`, `texelFetch` and
/// `textureSize` of a level. The executor and the reference interpreter agree bit for bit,
/// and both with llvmpipe, on random textures of power-of-two and other sizes.
@Suite struct MipmapTests {
    /// A texture of random bytes (a fixed generator, so failures reproduce).
    static func noise(width: Int, height: Int, seed: UInt64) -> Texture {
        var state = seed
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for i in bytes.indices {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            bytes[i] = UInt8(truncatingIfNeeded: state >> 56)
        }
        return Texture(width: width, height: height, rgba8: bytes)
    }

    // MARK: The levels

    /// Level 1 of an even-sized texture is the 2×2 box with llvmpipe's rounding: the
    /// fixed-point bilinear at weight 1/2 is `(a + b + 1) >> 1` along x, then along y.
    @Test func evenLevelsAreRoundedBoxAverages() {
        let base = Self.noise(width: 8, height: 6, seed: 3)
        let sampled = SampledTexture(base, state: SamplerState(filter: .linear, mipmapFilter: .linear))
        #expect(sampled.levelCount == 4)  // 8×6, 4×3, 2×1, 1×1
        let level1 = sampled.level(1)
        #expect(level1.width == 4 && level1.height == 3)
        for y in 0..<3 {
            for x in 0..<4 {
                let a = base.rgba8Pixel(x: 2 * x, y: 2 * y), b = base.rgba8Pixel(x: 2 * x + 1, y: 2 * y)
                let c = base.rgba8Pixel(x: 2 * x, y: 2 * y + 1), d = base.rgba8Pixel(x: 2 * x + 1, y: 2 * y + 1)
                for k in 0..<4 {
                    let top = (Int(a[k]) + Int(b[k]) + 1) >> 1, bottom = (Int(c[k]) + Int(d[k]) + 1) >> 1
                    #expect(Int(level1.rgba8Pixel(x: x, y: y)[k]) == (top + bottom + 1) >> 1)
                }
            }
        }
        let sizes = (0..<4).map { (sampled.level($0).width, sampled.level($0).height) }
        #expect(sizes.map(\.0) == [8, 4, 2, 1] && sizes.map(\.1) == [6, 3, 1, 1])
        #expect(sampled.view.levelSize(2) == (2, 1) && sampled.view.levelSize(3) == (1, 1))
        #expect(sampled.view.levelSize(4) == (0, 0) && sampled.view.levelSize(-1) == (0, 0))
    }

    /// A float texture's levels are llvmpipe's blit, not a box average: its coordinates,
    /// interpolated over two triangles in floats, weigh the four texels a hair off 1/4 each.
    /// Level 0 is 200×112 with four impulse patterns (red 1 at even x and even y, green at odd
    /// x and even y, blue at even x and odd y, alpha at odd x and odd y), so each channel of a
    /// level-1 texel is one product of the blit's two weights; the expected bits are
    /// llvmpipe's (Mesa 22.3.6, `glGenerateMipmap` on an RGBA32F texture read back with
    /// `texelFetch`, every texel of level 1 matched).
    @Test func floatLevelsAreLlvmpipesBlit() {
        var texels = [Float](repeating: 0, count: 200 * 112 * 4)
        for y in 0..<112 {
            for x in 0..<200 { texels[(y * 200 + x) * 4 + (x % 2) + 2 * (y % 2)] = 1 }
        }
        let sampled = SampledTexture(Texture(width: 200, height: 112, float32: texels),
                                     state: SamplerState(filter: .linear, mipmapFilter: .linear))
        let level1 = sampled.level(1)
        let expected: [(Int, Int, [UInt32])] = [
            (0, 0, [0x3e7f_fee0, 0x3e7f_fea0, 0x3e80_00b0, 0x3e80_0090]),
            (5, 0, [0x3e80_0021, 0x3e7f_ffc2, 0x3e80_001f, 0x3e7f_ffbe]),
            (6, 0, [0x3e80_0001, 0x3e80_0001, 0x3e7f_fffe, 0x3e7f_fffe]),
            (0, 3, [0x3e7f_fef0, 0x3e7f_feb0, 0x3e80_00a8, 0x3e80_0088]),
            (17, 11, [0x3e7f_fec0, 0x3e7f_fec0, 0x3e80_00a0, 0x3e80_00a0]),
            (42, 30, [0x3e7f_ff00, 0x3e7f_ff00, 0x3e80_0080, 0x3e80_0080]),
            (99, 55, [0x3e80_0100, 0x3e7f_fe00, 0x3e80_0100, 0x3e7f_fe00]),
        ]
        for (x, y, bits) in expected {
            let p = level1.pixel(x: x, y: y)
            #expect([p.x, p.y, p.z, p.w].map(\.bitPattern) == bits, "level 1 texel (\(x), \(y))")
        }
        // Every level stays within the texels it averages, down to 1×1.
        #expect(sampled.levelCount == 8)
        let last = sampled.level(7).pixel(x: 0, y: 0)
        #expect(abs(last.x + last.y + last.z + last.w - 1) < 1e-5)
    }

    /// `fastLog2(rho²) / 2` is exact at powers of two and linear between them.
    @Test func levelOfDetailIsAPiecewiseLinearLog2() {
        for k in -6...10 {
            let rho = Float(1 << (k + 6)) / 64  // 2^k
            #expect(TextureView.levelOfDetail(rhoSquared: rho * rho) == Float(k))
        }
        // rho² = 3 · 2^4: exponent 5, mantissa 1.5, so (5 + 0.5) / 2.
        #expect(TextureView.levelOfDetail(rhoSquared: 48) == 2.75)
    }

    /// Without mipmaps, a texture has one level and every lookup reads it.
    @Test func plainSamplersKeepOneLevel() {
        let sampled = SampledTexture(Self.noise(width: 8, height: 8, seed: 1))
        #expect(sampled.levelCount == 1 && !sampled.view.isMipmapped)
        #expect(sampled.view.sample(s: 0.3, t: 0.6, lod: 3) == sampled.view.sample(s: 0.3, t: 0.6))
    }

    // MARK: Lookups, against the interpreter and llvmpipe

    static let header = """
        #version 300 es
        precision highp float; precision highp int;
        uniform sampler2D inputImageTexture;
        uniform float A, B, C, D, E;
        out vec4 o;
        vec2 coord() {
            vec2 p = gl_FragCoord.xy;
            return vec2(p.x * A + p.y * B + p.x * p.y * E, p.y * C + p.x * p.x * D);
        }

        """

    /// Lookups whose level of detail varies over the frame (`p` is `gl_FragCoord.xy`).
    static let lookups: [(String, String)] = [
        ("implicit", "o = texture(inputImageTexture, coord());"),
        ("bias", "o = texture(inputImageTexture, coord(), sin(p.x * 0.7) * 3.0);"),
        ("textureLod", "o = textureLod(inputImageTexture, coord(), p.x * 0.11 - 1.0 + p.y * 0.03);"),
        ("textureGrad", "o = textureGrad(inputImageTexture, coord(), dFdx(coord()) * 1.7, vec2(0.01, p.y * 0.002));"),
        ("textureProj", "o = textureProj(inputImageTexture, vec3(coord(), 1.0 + p.x * 0.01));"),
        ("texelFetch", "int l = (int(p.x) + 1) / 6; o = texelFetch(inputImageTexture, ivec2(p) >> l, l);"),
        ("textureSize", "ivec2 s = textureSize(inputImageTexture, int(p.x) / 3); o = vec4(vec2(s) / 64.0, 0.0, 1.0);"),
        ("textureOffset", "o = textureOffset(inputImageTexture, coord(), ivec2(-3, 2));"),
        ("textureOffset bias", "o = textureOffset(inputImageTexture, coord(), ivec2(1, -8), p.y * 0.1 - 1.0);"),
        ("textureLodOffset", "o = textureLodOffset(inputImageTexture, coord(), p.x * 0.2 - 1.0, ivec2(7, 0));"),
        ("textureGradOffset", "o = textureGradOffset(inputImageTexture, coord(), vec2(p.x * 0.003, 0.0), vec2(0.0, 0.02), ivec2(-1, -1));"),
        ("textureProjOffset", "o = textureProjOffset(inputImageTexture, vec4(coord(), 0.0, 1.0 + p.x * 0.01), ivec2(0, 5));"),
        ("textureProjLodOffset", "o = textureProjLodOffset(inputImageTexture, vec3(coord(), 1.5), 1.5, ivec2(2, -4));"),
        ("textureProjGradOffset", "o = textureProjGradOffset(inputImageTexture, vec3(coord(), 0.8), vec2(0.05), vec2(0.01), ivec2(3, 3));"),
        ("texelFetchOffset", "o = texelFetchOffset(inputImageTexture, ivec2(p) >> 1, 1, ivec2(-2, 3));"),
    ]

    static let scales: [[String: [Float]]] = [
        ["A": [0.05], "B": [0.02], "C": [0.03], "D": [0.0004], "E": [0.0003]],
        ["A": [0.003], "B": [0.001], "C": [0.2], "D": [0.0001], "E": [0.00001]],
    ]

    static let states: [SamplerState] = [
        SamplerState(filter: .linear, mipmapFilter: .linear),
        SamplerState(filter: .nearest, mipmapFilter: .nearest),
        SamplerState(filter: .linear, mipmapFilter: .nearest),
        SamplerState(filter: .nearest, mipmapFilter: .linear, wrap: .repeat),
        SamplerState(filter: .linear, wrap: .repeat),
    ]

    static func cases() -> [DifferentialCase] {
        var all: [DifferentialCase] = []
        for (t, texture) in [Self.noise(width: 64, height: 64, seed: 7), Self.noise(width: 40, height: 24, seed: 8)].enumerated() {
            for (si, state) in states.enumerated() {
                for (name, body) in lookups {
                    for (k, uniforms) in scales.enumerated() {
                        all.append(DifferentialCase(
                            name: "\(name) texture \(t) state \(si) scale \(k)",
                            fragmentSource: header + "void main() { vec2 p = gl_FragCoord.xy; \(body) }",
                            uniforms: uniforms, inputs: [texture], samplerState: state, width: 30, height: 22))
                    }
                }
            }
        }
        // GLSL ES 1.00's bias argument (a scale that keeps nearest lookups off texel edges,
        // where the last bit of an interpolated varying decides).
        for state in states.prefix(2) {
            all.append(DifferentialCase(
                name: "ES 1.00 texture2D bias, \(state.filter) \(state.mipmapFilter)",
                fragmentSource: """
                    precision highp float;
                    uniform sampler2D inputImageTexture;
                    varying vec2 textureCoordinate;
                    void main() {
                        gl_FragColor = texture2D(inputImageTexture, textureCoordinate * 2.7, textureCoordinate.x * 4.0 - 1.0);
                    }
                    """,
                inputs: [Self.noise(width: 64, height: 32, seed: 9)], samplerState: state, width: 24, height: 20))
        }
        // Far from the origin (Shadertoy 3lc3zM's random directions read a repeating texture
        // at `p * 7919.0`): past 2^23 texels, `s · width - 0.5` would round, and llvmpipe's
        // 8-bit filter works in fixed point, `rint(s · width · 256) - 128`.
        for (w, h) in [(64, 64), (40, 24)] {
            all.append(DifferentialCase(
                name: "far from the origin, \(w)x\(h)",
                fragmentSource: """
                    #version 300 es
                    precision highp float; precision highp int;
                    uniform sampler2D inputImageTexture;
                    out vec4 o;
                    void main() {
                        vec2 p = gl_FragCoord.xy / vec2(30.0, 22.0) * 3.0 - 1.3;
                        float k = gl_FragCoord.x < 15.0 ? 3.0e4 : 7.919e6;
                        o = texture(inputImageTexture, p * k + 0.37);
                    }
                    """,
                inputs: [Self.noise(width: w, height: h, seed: 10)], samplerState: SamplerState(filter: .linear, wrap: .repeat),
                width: 30, height: 22))
        }
        return all
    }

    /// The offset of the `…Offset` functions is a constant expression in -8...7.
    @Test func texelOffsetsAreCheckedConstants() {
        for (call, message) in [
            ("textureOffset(inputImageTexture, vec2(0.5), ivec2(int(A), 0))", "must be a constant expression"),
            ("textureOffset(inputImageTexture, vec2(0.5), ivec2(8, 0))", "texel offset 8 of 'textureOffset' is outside -8...7"),
            ("texelFetchOffset(inputImageTexture, ivec2(1), 0, ivec2(0, -9))", "texel offset -9"),
        ] {
            let source = Self.header + "void main() { o = \(call); }"
            do {
                _ = try compileFrontEnd(source: source, name: "offset.frag", stage: .fragment)
                Issue.record("\(call) was accepted")
            } catch {
                #expect("\(error)".contains(message), "\(call): \(error)")
            }
        }
    }

    @Test func executorAndInterpreterAgree() {
        for c in Self.cases() {
            let outcome = DifferentialTest.run(c)
            #expect(outcome.isAgreement, "\(c.name): \(outcome)")
        }
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["SHADE_SKIP_LLVMPIPE"] == nil))
    func lookupsMatchLlvmpipe() throws {
        try expectIdenticalToLlvmpipe(Self.cases(), label: "mipmapped lookups")
    }
}
