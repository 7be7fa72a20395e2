import Foundation
import Framebuffers
import ShaderCompiler
import ShaderExecution
import ShaderTesting
import Testing

/// `sampler3D`, `sampler2DArray` and the integer samplers (issue 15): the executor and the
/// reference interpreter agree bit for bit, and both with llvmpipe, on random textures of
/// power-of-two and other sizes, with every filter and wrap mode.
@Suite struct LayeredSamplerTests {
    /// The coordinate each pixel looks up: a stretch past 0…1 on every axis, so the wrap modes
    /// and the edges are exercised, with uneven steps so that filter weights vary.
    static let header = """
        #version 300 es
        precision highp float; precision highp int;
        out vec4 o;
        vec3 coord() {
            vec2 p = gl_FragCoord.xy;
            return vec3(p.x * 0.071 - 0.31, p.y * 0.083 - 0.27, p.x * 0.0231 + p.y * 0.0513 - 0.4);
        }

        """

    static func noise(width: Int, height: Int, seed: UInt64) -> Texture { MipmapTests.noise(width: width, height: height, seed: seed) }

    static func cases() -> [DifferentialCase] {
        var out: [DifferentialCase] = []
        func add(_ name: String, _ body: String, _ textures: [NamedTexture]) {
            var c = DifferentialCase(name: name, fragmentSource: header + body, width: 24, height: 20)
            c.textures = textures
            out.append(c)
        }
        for (w, h, d) in [(4, 4, 4), (5, 3, 6)] {
            for filter in [TextureFilter.nearest, .linear] {
                // Linear mirrored repeat is left out: llvmpipe's differs from Shade's by one
                // 8-bit step on 2D textures as well (README, "3D, array and integer samplers").
                for wrap in [TextureWrap.clampToEdge, .repeat, .mirroredRepeat] where filter == .nearest || wrap != .mirroredRepeat {
                    let state = SamplerState(filter: filter, wrap: wrap)
                    let strip = noise(width: w, height: h * d, seed: UInt64(w * 100 + d))
                    let tag = "\(w)x\(h)x\(d) \(filter) \(wrap)"
                    add("3D \(tag)", """
                        uniform mediump sampler3D v;
                        void main() { o = texture(v, coord()); }
                        """, [NamedTexture(sampler: "v", kind: .texture3D, texture: strip, layers: d, state: state)])
                    add("array \(tag)", """
                        uniform mediump sampler2DArray a;
                        void main() { vec3 c = coord(); o = texture(a, vec3(c.xy, c.z * 9.0)); }
                        """, [NamedTexture(sampler: "a", kind: .texture2DArray, texture: strip, layers: d, state: state)])
                    add("usampler2D \(tag)", """
                        uniform highp usampler2D u;
                        void main() { o = vec4(texture(u, coord().xy)) / 255.0; }
                        """, [NamedTexture(sampler: "u", kind: .texture2D, texture: strip, state: state, isInteger: true, isSigned: false)])
                    add("isampler3D \(tag)", """
                        uniform highp isampler3D i;
                        void main() { o = vec4(texture(i, coord()) - ivec4(0, 128, 0, 0)) / vec4(255.0, 128.0, 255.0, 255.0); }
                        """, [NamedTexture(sampler: "i", kind: .texture3D, texture: strip, layers: d, state: state, isInteger: true)])
                }
            }
            let strip = noise(width: w, height: h * d, seed: UInt64(7 + w))
            add("texelFetch and textureSize \(w)x\(h)x\(d)", """
                uniform mediump sampler3D v;
                uniform highp usampler2DArray u;
                void main() {
                    ivec3 p = ivec3(gl_FragCoord.xy, 0) / ivec3(2, 2, 1) - ivec3(1, 1, 0);
                    p.z = p.x - p.y;
                    ivec3 s = textureSize(v, 0) + textureSize(u, 0) * 16;
                    vec4 a = texelFetch(v, p, 0), b = vec4(texelFetch(u, p.yxz, 0)) / 255.0;
                    o = mix(a, b, 0.5) + vec4(s, 0) / 1024.0 * float(p.x == 3);
                }
                """, [NamedTexture(sampler: "v", kind: .texture3D, texture: strip, layers: d),
                      NamedTexture(sampler: "u", kind: .texture2DArray, texture: strip, layers: d,
                                   state: SamplerState(filter: .nearest), isInteger: true, isSigned: false)])
            add("textureProj and textureLod \(w)x\(h)x\(d)", """
                uniform mediump sampler3D v;
                uniform mediump sampler2DArray a;
                void main() {
                    vec3 c = coord();
                    o = textureProj(v, vec4(c, 1.5) * 1.5) * 0.5 + textureLod(a, c * vec3(1.0, 1.0, 4.0), 2.0) * 0.5;
                }
                """, [NamedTexture(sampler: "v", kind: .texture3D, texture: strip, layers: d, state: SamplerState(filter: .linear, wrap: .repeat)),
                      NamedTexture(sampler: "a", kind: .texture2DArray, texture: strip, layers: d)])
        }
        // The layer of an array lookup: r rounded to nearest at exact halves and beyond the ends.
        let layers = noise(width: 2, height: 2 * 8, seed: 11)
        add("array layer rounding", """
            uniform mediump sampler2DArray a;
            void main() { o = texture(a, vec3(0.25, 0.25, floor(gl_FragCoord.x) * 0.5 - 2.0 + floor(gl_FragCoord.y) * 0.0625)); }
            """, [NamedTexture(sampler: "a", kind: .texture2DArray, texture: layers, layers: 8, state: SamplerState(filter: .nearest))])
        return out
    }

    @Test func executorAndInterpreterAgree() {
        expectExecutorAndInterpreterAgree(Self.cases())
    }

    /// The native engine calls the same lookups; its bits are the closure engine's.
    @Test func enginesAgree() throws {
        try expectEnginesAgree(Self.cases())
    }

    /// `texelFetch` of a 3D texture reads row `z * height + y` of the strip it was made from.
    @Test func texelFetchReadsTheStrip() throws {
        let strip = Self.noise(width: 3, height: 2 * 4, seed: 5)
        var c = DifferentialCase(name: "fetch", fragmentSource: """
            #version 300 es
            precision highp float; precision highp int;
            uniform highp usampler3D u;
            out vec4 o;
            void main() { ivec2 p = ivec2(gl_FragCoord.xy); o = vec4(texelFetch(u, ivec3(p.x, p.y % 2, p.y / 2), 0)) / 255.0; }
            """, width: 3, height: 8)
        c.textures = [NamedTexture(
            sampler: "u", kind: .texture3D, texture: strip, layers: 4, state: SamplerState(filter: .nearest), isInteger: true,
            isSigned: false)]
        let image = try DifferentialTest.renderWithExecutor(c)
        for y in 0..<8 {
            for x in 0..<3 { #expect(image.rgba8Pixel(x: x, y: y) == strip.rgba8Pixel(x: x, y: y), "(\(x), \(y))") }
        }
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["SHADE_SKIP_LLVMPIPE"] == nil))
    func lookupsMatchLlvmpipe() throws {
        try expectIdenticalToLlvmpipe(Self.cases(), label: "3D, array and integer lookups")
    }
}
