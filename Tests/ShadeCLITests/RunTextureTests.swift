import Foundation
import Framebuffers
import ImageCodecs
import Testing

/// `shade run --texture NAME=…`: 3D, array, cube and integer samplers from a list of files or
/// one stacked strip, in process. Expected pixels are the files' own texels.
@Suite("shade run --texture, in process")
struct RunTextureTests {
    /// Slice k of a 2×2×3 texture: every texel (40k + 10x + 100y, 7k, 200, 255).
    static func slice(_ k: Int) -> Texture {
        var bytes: [UInt8] = []
        for y in 0..<2 { for x in 0..<2 { bytes += [UInt8(40 * k + 10 * x + 100 * y), UInt8(7 * k), 200, 255] } }
        return Texture(width: 2, height: 2, rgba8: bytes)
    }

    static let fetch3D = """
        #version 300 es
        precision highp float; precision highp int;
        uniform highp usampler3D volume;
        out vec4 o;
        void main() { ivec2 p = ivec2(gl_FragCoord.xy); o = vec4(texelFetch(volume, ivec3(p.x, p.y % 2, p.y / 2), 0)) / 255.0; }
        """

    @Test("a list of slices and a stacked strip give the same 3D texture")
    func listAndStrip() throws {
        let folder = try temporaryFolder()
        let shader = try temporaryShader(Self.fetch3D, named: "fetch3d.frag")
        let files = try (0..<3).map { try writePNG(Self.slice($0), folder, "s\($0).png") }
        let strip = try writePNG(
            Texture(width: 2, height: 6, rgba8: (0..<3).flatMap { Self.slice($0).rgba8Bytes }), folder, "strip.png")
        for spec in [files.joined(separator: ","), strip, strip + "@3"] {
            let out = folder + "/out.png"
            let outcome = shadeInProcess(["run", "-f", shader, "--size", "2x6", "--texture", "volume=" + spec, "-o", out, "--force"])
            #expect(outcome.status == 0, "\(spec): \(outcome.standardError)")
            let image = try ImageFile.decode(contentsOfFile: out).texture
            for y in 0..<6 {
                for x in 0..<2 {
                    #expect(image.rgba8Pixel(x: x, y: y) == Self.slice(y / 2).rgba8Pixel(x: x, y: y % 2), "\(spec) (\(x), \(y))")
                }
            }
        }
    }

    @Test("bad --texture values are usage errors")
    func badValues() throws {
        let folder = try temporaryFolder()
        let shader = try temporaryShader(Self.fetch3D, named: "fetch3d.frag")
        let a = try writePNG(Self.slice(0), folder, "a.png")
        let wide = try writePNG(Texture(width: 4, height: 2, filledWith: SIMD4(1, 0, 0, 1)), folder, "wide.png")
        for (spec, message) in [("nothing=" + a, "declares no sampler 'nothing'"), ("volume", "is not NAME=FILE"),
                                ("volume=" + wide, "cannot be cut into"), ("volume=\(a)@3", "cannot be cut into 3 layers"),
                                ("volume=\(a),\(wide)", "are not all")] {
            let outcome = shadeInProcess(["run", "-f", shader, "--size", "2x2", "--texture", spec, "-o", folder + "/x.png"])
            #expect(outcome.status == 64, "\(spec)")
            #expect(outcome.standardError.contains(message), "\(spec): \(outcome.standardError)")
        }
        #expect(shadeInProcess(["run", "-f", shader, "--size", "2x2", "--texture", "volume=" + folder + "/missing.png",
                                "-o", folder + "/x.png"]).status == 66)
        #expect(!FileManager.default.fileExists(atPath: folder + "/x.png"))
    }

    @Test("a samplerCube takes a strip of six faces")
    func cubeStrip() throws {
        let folder = try temporaryFolder()
        let shader = try temporaryShader("""
            precision mediump float;
            uniform samplerCube sky;
            void main() { gl_FragColor = textureCube(sky, vec3(gl_FragCoord.x < 1.0 ? 1.0 : -1.0, 0.0, 0.0)); }
            """, named: "cube.frag")
        let faces = (0..<6).map { Texture(width: 2, height: 2, filledWith: SIMD4(Float($0) / 5, 0, 0, 1)) }
        let strip = try writePNG(Texture(width: 2, height: 12, rgba8: faces.flatMap(\.rgba8Bytes)), folder, "sky.png")
        let out = folder + "/cube.png"
        let outcome = shadeInProcess(["run", "-f", shader, "--size", "2x1", "--texture", "sky=" + strip, "-o", out])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let image = try ImageFile.decode(contentsOfFile: out).texture
        #expect(image.rgba8Pixel(x: 0, y: 0).x == 0 && image.rgba8Pixel(x: 1, y: 0).x == 51)  // +X face 0, −X face 1
    }
}
