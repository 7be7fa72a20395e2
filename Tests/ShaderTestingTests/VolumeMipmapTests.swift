import Foundation
import Framebuffers
import ShaderCompiler
import ShaderExecution
import ShaderTesting
import Testing

/// Mipmapped `sampler3D` lookups (issue 15; Shadertoy's volume inputs are sampled with
/// `mipmap`): the 3D chain `glGenerateMipmap` builds (each level the 2×2×2 means of the one
/// before), the level of detail from a quad's (s, t, r) derivatives, a bias, `textureLod`,
/// `textureGrad` and `textureSize` per level — the executor and the reference interpreter bit
/// for bit, and both with llvmpipe, on random volumes of cubic and other sizes.
@Suite struct VolumeMipmapTests {
    static let header = """
        #version 300 es
        precision highp float; precision highp int;
        uniform mediump sampler3D v;
        out vec4 o;

        """

    static func cases() -> [DifferentialCase] {
        var out: [DifferentialCase] = []
        func add(_ name: String, _ body: String, width: Int, height: Int, depth: Int, state: SamplerState, seed: UInt64) {
            var c = DifferentialCase(name: name, fragmentSource: header + body, width: 32, height: 24)
            let strip = MipmapTests.noise(width: width, height: height * depth, seed: seed)
            c.textures = [NamedTexture(sampler: "v", kind: .texture3D, texture: strip, layers: depth, state: state)]
            out.append(c)
        }
        let sizes = [(8, 8, 8), (16, 4, 8), (6, 10, 3)]
        for (k, (w, h, d)) in sizes.enumerated() {
            for mipmap in [MipmapFilter.linear, .nearest] {
                for wrap in [TextureWrap.repeat, .clampToEdge] {
                    let state = SamplerState(filter: .linear, mipmapFilter: mipmap, wrap: wrap)
                    let tag = "\(w)x\(h)x\(d) \(mipmap) \(wrap)"
                    let seed = UInt64(31 * k + 1)
                    // Each column a level of detail from -0.5 to about 4.
                    add("textureLod \(tag)", """
                        void main() {
                            vec2 p = gl_FragCoord.xy;
                            o = textureLod(v, vec3(p * vec2(0.037, 0.051), p.x * 0.013 + 0.2), floor(p.x) * 0.143 - 0.5);
                        }
                        """, width: w, height: h, depth: d, state: state, seed: seed)
                    // Minification growing across the picture, different along s, t and r. (Only
                    // powers of two scale the products: llvmpipe regroups chains of products with
                    // constants, which Shade does not model through variables — README, "What
                    // is not modelled".)
                    add("implicit \(tag)", """
                        void main() {
                            vec2 u = gl_FragCoord.xy / 32.0;
                            o = texture(v, vec3(u.x * u.x * 4.0, u.y * u.y * 2.0, u.x * u.y * 2.0 + u.y));
                        }
                        """, width: w, height: h, depth: d, state: state, seed: seed)
                    add("bias and textureProj \(tag)", """
                        void main() {
                            vec2 u = gl_FragCoord.xy / vec2(32.0, 24.0);
                            vec3 c = vec3(u * 1.7, u.x - u.y);
                            o = texture(v, c, u.y * 3.0 - 1.0) * 0.5 + textureProj(v, vec4(c, 1.0 + u.x)) * 0.5;
                        }
                        """, width: w, height: h, depth: d, state: state, seed: seed)
                    add("textureGrad \(tag)", """
                        void main() {
                            vec2 u = gl_FragCoord.xy / vec2(32.0, 24.0);
                            o = textureGrad(v, vec3(u, 0.3), vec3(u.x * 0.2, 0.0, u.y * 0.1), vec3(0.0, u.y * 0.3, 0.05));
                        }
                        """, width: w, height: h, depth: d, state: state, seed: seed)
                }
            }
        }
        add("textureSize per level", """
            void main() {
                int level = int(gl_FragCoord.x) / 4;
                o = vec4(textureSize(v, level), 1.0) / 32.0;
            }
            """, width: 16, height: 4, depth: 8, state: SamplerState(filter: .linear, mipmapFilter: .linear), seed: 3)
        return out
    }

    @Test func executorAndInterpreterAgree() {
        expectExecutorAndInterpreterAgree(Self.cases())
    }

    @Test func enginesAgree() throws {
        try expectEnginesAgree(Self.cases())
    }

    /// Level 1 of a 2×2×2 volume is one texel, the mean of the eight (llvmpipe's three 8-bit
    /// lerps at weight 1/2 each: `a + ((b - a) * 128 + 128) >> 8`), computed here from the texels.
    @Test func levelOneIsTheMeanOfEight() {
        let strip = MipmapTests.noise(width: 2, height: 4, seed: 9)
        let sampled = SampledTexture(volume: strip, depth: 2, state: SamplerState(filter: .linear, mipmapFilter: .linear))
        #expect(sampled.levelCount == 2)
        func lerp(_ a: Int, _ b: Int) -> Int { a + (((b - a) * 128 + 128) >> 8) }
        let level1 = sampled.level(1)
        #expect(level1.width == 1 && level1.height == 1)
        for channel in 0..<4 {
            func texel(_ x: Int, _ y: Int, _ z: Int) -> Int { Int(strip.rgba8Pixel(x: x, y: z * 2 + y)[channel]) }
            let slices = (0..<2).map { z in lerp(lerp(texel(0, 0, z), texel(1, 0, z)), lerp(texel(0, 1, z), texel(1, 1, z))) }
            #expect(Int(level1.rgba8Pixel(x: 0, y: 0)[channel]) == lerp(slices[0], slices[1]), "channel \(channel)")
        }
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["SHADE_SKIP_LLVMPIPE"] == nil))
    func lookupsMatchLlvmpipe() throws {
        try expectIdenticalToLlvmpipe(Self.cases(), label: "mipmapped 3D lookups")
    }

    /// Every lookup case reads levels past 0: without mipmaps llvmpipe draws something else.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["SHADE_SKIP_LLVMPIPE"] == nil))
    func casesReachTheLevels() throws {
        let pairs = Self.cases().filter { $0.name.contains(" linear ") }.map { c -> (DifferentialCase, DifferentialCase) in
            var twin = c
            twin.name += " without mipmaps"
            twin.textures[0].state.mipmapFilter = .none
            return (c, twin)
        }
        #expect(pairs.count == 24)
        try expectLlvmpipeTellsApart(pairs)
    }
}
