import Foundation
import Framebuffers
import ImageCodecs
import Testing

/// A fresh empty folder for outputs, under `scratchFolder`.
func temporaryFolder() throws -> String {
    let folder = scratchFolder.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.path
}

@Suite("shade run, the real executable")
struct RunCommandTests {
    let grayscale = shadersDirectory + "/Filters/Grayscale.fsh"
    let alphaBlend = shadersDirectory + "/Filters/AlphaBlend.fsh"

    @Test("grayscale of a photo matches the luminance formula computed in Swift")
    func grayscalePhoto() throws {
        let out = try temporaryFolder() + "/gray.png"
        let outcome = try runShade(["run", "--fragment", grayscale, "--input", fixture("coffee.png"), "-o", out])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let input = try ImageFile.decode(contentsOfFile: fixture("coffee.png")).texture
        let output = try ImageFile.decode(contentsOfFile: out).texture
        #expect(output.width == input.width && output.height == input.height)
        var worst = 0
        for y in stride(from: 0, to: input.height, by: 7) {
            for x in stride(from: 0, to: input.width, by: 5) {
                let p = input.pixel(x: x, y: y)
                let luma = p.x * 0.2125 + p.y * 0.7154 + p.z * 0.0721
                let expected = Int(Texture.unorm8(luma))
                let got = output.rgba8Pixel(x: x, y: y)
                worst = max(worst, abs(Int(got.x) - expected), abs(Int(got.y) - expected), abs(Int(got.z) - expected))
                #expect(got.w == 255)
            }
        }
        #expect(worst <= 1)
    }

    @Test("two inputs and a uniform: the alpha blend formula")
    func blend() throws {
        let out = try temporaryFolder() + "/blend.png"
        let outcome = try runShade([
            "run", "-f", alphaBlend, "-i", fixture("coffee.png"), "-i", fixture("Minduka_Present_Blue_Pack.png"),
            "-u", "mixturePercent=0.5", "-o", out,
        ])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let output = try ImageFile.decode(contentsOfFile: out).texture
        let base = try ImageFile.decode(contentsOfFile: fixture("coffee.png")).texture
        // The overlay is 128x128 stretched over 600x400; check a pixel where it is fully
        // transparent (a corner) keeps the base exactly.
        #expect(output.rgba8Pixel(x: 0, y: 0) == base.rgba8Pixel(x: 0, y: 0))
    }

    @Test("a procedural shader with --size, u_resolution set automatically, --json summary")
    func procedural() throws {
        let shader = try temporaryShader(
            "precision highp float;\nuniform vec2 u_resolution;\nvoid main() {\n  gl_FragColor = vec4(gl_FragCoord.xy / u_resolution, 0.0, 1.0);\n}\n",
            named: "ramp.frag")
        let out = try temporaryFolder() + "/ramp.png"
        let outcome = try runShade(["run", shader, "--size", "8x4", "--json", "-o", out])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        #expect(summary["width"] as? Int == 8)
        let output = try ImageFile.decode(contentsOfFile: out).texture
        for x in 0..<8 {
            #expect(Int(output.rgba8Pixel(x: x, y: 0).x) == Int(Texture.unorm8((Float(x) + 0.5) / 8)))
        }
        #expect(Int(output.rgba8Pixel(x: 0, y: 3).y) == Int(Texture.unorm8(3.5 / 4)))
    }

    @Test("--flip-y puts row 0 at the bottom")
    func flip() throws {
        let shader = try temporaryShader(
            "precision highp float;\nvoid main() { gl_FragColor = vec4(gl_FragCoord.y < 1.0 ? 1.0 : 0.0); }\n",
            named: "row0.frag")
        let folder = try temporaryFolder()
        #expect(try runShade(["run", shader, "--size", "2x3", "-o", folder + "/a.png"]).status == 0)
        #expect(try runShade(["run", shader, "--size", "2x3", "--flip-y", "-o", folder + "/b.png"]).status == 0)
        let a = try ImageFile.decode(contentsOfFile: folder + "/a.png").texture
        let b = try ImageFile.decode(contentsOfFile: folder + "/b.png").texture
        #expect(a.rgba8Pixel(x: 0, y: 0).x == 255 && a.rgba8Pixel(x: 0, y: 2).x == 0)
        #expect(b.rgba8Pixel(x: 0, y: 2).x == 255 && b.rgba8Pixel(x: 0, y: 0).x == 0)
    }

    @Test("errors: exit codes and no output file")
    func errors() throws {
        let folder = try temporaryFolder()
        let out = folder + "/out.png"
        let photo = fixture("coffee.png")
        let unknown = try runShade(["run", "-f", grayscale, "-i", photo, "-u", "nope=1", "-o", out])
        #expect(unknown.status == 64)
        #expect(unknown.standardError.contains("declares no uniform 'nope'"))
        #expect(try runShade(["run", "-f", alphaBlend, "-i", photo, "-u", "mixturePercent=1,2", "-o", out]).status == 64)
        #expect(try runShade(["run", "-f", grayscale, "-o", out]).status == 64)
        #expect(try runShade(["run", "-f", grayscale, "-i", photo]).status == 64)
        #expect(try runShade(["run", "-f", grayscale, "-i", "/nonexistent.png", "-o", out]).status == 66)
        #expect(try runShade(["run", "-f", grayscale, "-i", fixture("bad/truncated_jpeg.jpg"), "-o", out]).status == 65)
        let bad = try temporaryShader("void main() { gl_FragColor = 1.0; }\n", named: "bad.frag")
        let badOutcome = try runShade(["run", "-f", bad, "--size", "4x4", "-o", out])
        #expect(badOutcome.status == 65)
        #expect(badOutcome.standardError.contains("bad.frag:1:"))
        let runaway = try temporaryShader(
            "precision highp float;\nuniform float n;\nvoid main() { float x = 0.0; for (int i = 0; i >= 0; i++) { x += n; } gl_FragColor = vec4(x); }\n",
            named: "runaway.frag")
        let runawayOutcome = try runShade(["run", "-f", runaway, "--size", "4x4", "--loop-limit", "1000", "-o", out])
        #expect(runawayOutcome.status == 65)
        #expect(runawayOutcome.standardError.contains("1000 iterations"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("an existing output needs --force; an input is never overwritten")
    func overwrite() throws {
        let folder = try temporaryFolder()
        let out = folder + "/out.png"
        let photo = fixture("coffee.png")
        #expect(try runShade(["run", "-f", grayscale, "-i", photo, "-o", out]).status == 0)
        #expect(try runShade(["run", "-f", grayscale, "-i", photo, "-o", out]).status == 73)
        #expect(try runShade(["run", "-f", grayscale, "-i", photo, "-o", out, "--force"]).status == 0)
        let copy = folder + "/in.png"
        try FileManager.default.copyItem(atPath: photo, toPath: copy)
        #expect(try runShade(["run", "-f", grayscale, "-i", copy, "-o", copy, "--force"]).status == 73)
        #expect(try ImageFile.decode(contentsOfFile: copy).texture == ImageFile.decode(contentsOfFile: photo).texture)
    }
}
