import Foundation
import Framebuffers
import ShaderCompiler
import ShaderExecution
import ShaderSemantics
import ShaderTesting
import Testing

/// Seamless cube maps (issue 15; Shadertoy's cube map inputs, and every cube map in Mesa's GL
/// ES contexts): face selection with llvmpipe's ties, the footprint read across face edges and
/// corners, mipmaps with a per-pixel level of detail from the direction's derivatives, a
/// bias, `textureLod`, `textureGrad` and `textureSize` — the executor and the reference
/// interpreter bit for bit, and both with llvmpipe, on random faces.
@Suite struct CubeMapTests {
    static let header = """
        #version 300 es
        precision highp float; precision highp int;
        uniform mediump samplerCube c;
        out vec4 o;

        """

    static func cases() -> [DifferentialCase] {
        var out: [DifferentialCase] = []
        func add(_ name: String, _ body: String, size: Int, state: SamplerState, seed: UInt64, width: Int = 32, height: Int = 24) {
            var c = DifferentialCase(name: name, fragmentSource: header + body, width: width, height: height)
            let faces = MipmapTests.noise(width: size, height: size * 6, seed: seed)
            c.textures = [NamedTexture(sampler: "c", kind: .cube, texture: faces, layers: 6, state: state)]
            out.append(c)
        }
        for (k, size) in [8, 5, 16].enumerated() {
            for mipmap in [MipmapFilter.none, .linear, .nearest] {
                let state = SamplerState(filter: .linear, mipmapFilter: mipmap)
                let tag = "\(size) \(mipmap)"
                let seed = UInt64(17 * k + 3)
                // Directions sweeping across every face, its edges and corners.
                add("sweep \(tag)", """
                    void main() {
                        vec2 a = gl_FragCoord.xy / vec2(32.0, 24.0) * vec2(6.2831853, 3.1415926) - vec2(0.0, 1.5707963);
                        o = texture(c, vec3(cos(a.y) * cos(a.x), sin(a.y), cos(a.y) * sin(a.x)));
                    }
                    """, size: size, state: state, seed: seed)
                // Minified: neighbouring pixels many texels apart.
                add("minified \(tag)", """
                    void main() {
                        vec2 a = gl_FragCoord.xy / vec2(32.0, 24.0) * vec2(25.1327412, 9.424778) - vec2(0.0, 1.5707963);
                        o = texture(c, vec3(cos(a.y) * cos(a.x), sin(a.y), cos(a.y) * sin(a.x)));
                    }
                    """, size: size, state: state, seed: seed)
                // Near the corner of +X, +Y and +Z, so footprints run past it.
                add("corner \(tag)", """
                    void main() {
                        vec2 u = gl_FragCoord.xy / vec2(32.0, 24.0) - 0.5;
                        o = texture(c, vec3(1.0, 1.0 + u.x * 0.3, 1.0 + u.y * 0.3));
                    }
                    """, size: size, state: state, seed: seed)
                add("bias and textureLod \(tag)", """
                    void main() {
                        vec2 u = gl_FragCoord.xy / vec2(32.0, 24.0);
                        vec3 d = vec3(u.x * 2.0 - 1.0, 0.7, u.y * 2.0 - 1.0);
                        o = texture(c, d, u.y * 4.0 - 1.0) * 0.5 + textureLod(c, d.zxy, u.x * 4.0 - 0.5) * 0.5;
                    }
                    """, size: size, state: state, seed: seed)
                add("textureGrad \(tag)", """
                    void main() {
                        vec2 u = gl_FragCoord.xy / vec2(32.0, 24.0);
                        vec3 d = vec3(u.x - 0.5, -1.0, u.y - 0.5);
                        o = textureGrad(c, d, vec3(u.x * 0.2, 0.0, 0.05), vec3(0.0, u.y * 0.1, u.y * 0.3));
                    }
                    """, size: size, state: state, seed: seed)
            }
        }
        add("textureSize per level", """
            void main() { o = vec4(vec2(textureSize(c, int(gl_FragCoord.x) / 4)), 0.0, 1.0) / 16.0; }
            """, size: 16, state: SamplerState(filter: .linear, mipmapFilter: .linear), seed: 5, width: 24, height: 4)
        // NaN directions (a `reflect` of a normal whose `sqrt` went negative, Shadertoy
        // ltsXRM): gallivm's unordered comparisons pick the z faces by the sign of z, and a
        // NaN major coordinate makes the face coordinates NaN, read as 0. (A NaN beside a
        // finite major coordinate can put the other coordinate past the face, where
        // llvmpipe reads outside the face's rows; that is not modelled.)
        add("NaN directions", """
            void main() {
                float n = sqrt(-1.0 - gl_FragCoord.x * 0.001);
                int k = int(gl_FragCoord.x) / 8;
                vec3 d = k == 0 ? vec3(n) : k == 1 ? vec3(-n) : k == 2 ? vec3(n, 1.0, n) : vec3(-n, -gl_FragCoord.y, -n);
                o = texture(c, d);
            }
            """, size: 8, state: SamplerState(filter: .linear), seed: 8)
        add("nearest", """
            void main() {
                vec2 a = gl_FragCoord.xy / vec2(32.0, 24.0) * vec2(6.2831853, 3.1415926) - vec2(0.0, 1.5707963);
                o = texture(c, vec3(cos(a.y) * cos(a.x), sin(a.y), cos(a.y) * sin(a.x)));
            }
            """, size: 8, state: SamplerState(filter: .nearest), seed: 6)
        return out
    }

    @Test func executorAndInterpreterAgree() {
        expectExecutorAndInterpreterAgree(Self.cases())
    }

    @Test func enginesAgree() throws {
        try expectEnginesAgree(Self.cases())
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["SHADE_SKIP_LLVMPIPE"] == nil))
    func lookupsMatchLlvmpipe() throws {
        try expectIdenticalToLlvmpipe(Self.cases(), label: "seamless cube map lookups")
    }

    /// The cases see what they claim: the minified and biased ones read past level 0 (llvmpipe draws them
    /// differently without mipmaps), and the corner case reads across faces (Shade's GL ES 2.0
    /// lookup, clamped to each face, draws it differently).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["SHADE_SKIP_LLVMPIPE"] == nil))
    func casesReachLevelsAndEdges() throws {
        let cases = Self.cases()
        let pairs = cases.filter { $0.name.hasSuffix(" linear") && ($0.name.hasPrefix("minified") || $0.name.hasPrefix("bias")) }.map { c -> (DifferentialCase, DifferentialCase) in
            var twin = c
            twin.name += " without mipmaps"
            twin.textures[0].state.mipmapFilter = .none
            return (c, twin)
        }
        #expect(pairs.count == 6)
        try expectLlvmpipeTellsApart(pairs)
        let corner = try #require(cases.first { $0.name == "corner 8 none" })
        let seamless = try DifferentialTest.renderWithExecutor(corner)
        let faces = corner.textures[0].texture, size = faces.width, bytes = faces.rgba8Bytes
        let list = (0..<6).map { k in Texture(width: size, height: size, rgba8: Array(bytes[(k * size * size * 4)..<((k + 1) * size * size * 4)])) }
        let program = try Compiler.compile(compileFrontEnd(source: corner.fragmentSource, name: "corner.frag", stage: .fragment))
        let target = Framebuffer(width: corner.width, height: corner.height)
        try Executor().render(DrawCall(fragment: program, uniforms: [:], bindings: ["c": .cube(list, .linear)]), into: target)
        let plain = target.makeTexture()
        #expect(DifferentialTest.firstDifference(seamless, plain) != nil, "the corner case must read across faces")
        var colours = Set<SIMD4<UInt8>>()
        for y in 0..<seamless.height { for x in 0..<seamless.width { colours.insert(seamless.rgba8Pixel(x: x, y: y)) } }
        #expect(colours.count > 100, "a corner picture of \(colours.count) colours")
    }
}
