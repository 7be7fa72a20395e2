import Foundation
import Framebuffers
import ImageCodecs
@testable import ShadeCLI
import Testing

@Suite("shade pipeline, the real executable")
struct PipelineCommandTests {
    /// Writes the SpookCam pictures and a pipeline file that fans out to three outputs.
    func spookPipeline(_ folder: String) throws -> (file: String, photo: Texture, ghost: Texture) {
        let photo = patternTexture(width: 24, height: 16, seed: 3)
        let ghost = patternTexture(width: 24, height: 16, seed: 4, alpha: true)
        _ = try writePNG(photo, folder, "photo.png")
        _ = try writePNG(ghost, folder, "ghost.png")
        let file = folder + "/spook.pipeline"
        try """
            # SpookCam, and more from the same blend
            set mix = 0.5
            set dir = \(folder)
            input photo = $dir/photo.png
            input ghost = ${dir}/ghost.png   # the overlay, texture location 1

            spooky = alpha-blend:mixturePercent=$mix <- photo, ghost
            gray   = grayscale <- spooky
            inverted = color-invert <- spooky
            output $dir/out/gray.png <- gray
            output $dir/out/blend.png <- spooky
            output $dir/out/inverted.png <- inverted
            output $dir/out/gray.jpg quality=95 <- gray
            """.write(toFile: file, atomically: true, encoding: .utf8)
        return (file, photo, ghost)
    }

    @Test("several inputs, fan-out to several outputs; the same pixels as 'shade chain'")
    func fanOut() throws {
        let folder = try temporaryFolder()
        let (file, photo, ghost) = try spookPipeline(folder)
        let outcome = try runShade(["pipeline", file])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardError.isEmpty && outcome.standardOutput.isEmpty)
        let blend = try decoded(folder + "/out/blend.png")
        let (worst, at) = worstDifference(blend) { x, y in
            let base = SIMD4<Float>(photo.rgba8Pixel(x: x, y: y)) / 255
            let over = SIMD4<Float>(ghost.rgba8Pixel(x: x, y: y)) / 255
            let t = over.w * 0.5
            return SIMD4(unorm(base.x + (over.x - base.x) * t), unorm(base.y + (over.y - base.y) * t),
                unorm(base.z + (over.z - base.z) * t), 255)
        }
        #expect(worst <= 1, "largest difference \(worst) at \(at)")
        let chained = folder + "/chained.png"
        #expect(try runShade([
            "chain", folder + "/photo.png", "alpha-blend:overlay=\(folder)/ghost.png,mixturePercent=0.5", "grayscale", "-o", chained,
        ]).status == 0)
        #expect(try decoded(folder + "/out/gray.png") == (try decoded(chained)))
        let inverted = try decoded(folder + "/out/inverted.png")
        let (worstInverted, _) = worstDifference(inverted) { x, y in
            let p = SIMD4<Int>(truncatingIfNeeded: blend.rgba8Pixel(x: x, y: y))
            return SIMD4(255 - p.x, 255 - p.y, 255 - p.z, 255)
        }
        #expect(worstInverted == 0)
        let jpeg = try decoded(folder + "/out/gray.jpg"), gray = try decoded(chained)
        var total = 0
        for y in 0..<gray.height {
            for x in 0..<gray.width { total += abs(Int(jpeg.rgba8Pixel(x: x, y: y).x) - Int(gray.rgba8Pixel(x: x, y: y).x)) }
        }
        #expect(Double(total) / Double(gray.width * gray.height) < 4, "the JPEG output is the gray node's image")
    }

    @Test("--set overrides a variable; --check writes nothing; an existing output needs --force")
    func variablesAndCheck() throws {
        let folder = try temporaryFolder()
        let (file, photo, ghost) = try spookPipeline(folder)
        let check = try runShade(["pipeline", file, "--check"])
        #expect(check.status == 0, "\(check.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out/gray.png"))
        #expect(try runShade(["pipeline", file, "--set", "mix=1"]).status == 0)
        let blend = try decoded(folder + "/out/blend.png")
        let base = SIMD4<Float>(photo.rgba8Pixel(x: 7, y: 3)) / 255
        let over = SIMD4<Float>(ghost.rgba8Pixel(x: 7, y: 3)) / 255
        #expect(Int(blend.rgba8Pixel(x: 7, y: 3).x) == unorm(base.x + (over.x - base.x) * over.w))
        let again = try runShade(["pipeline", file])
        #expect(again.status == 73)
        #expect(again.standardError.hasPrefix("\(file):10: "))
        #expect(try runShade(["pipeline", file, "--force"]).status == 0)
    }

    @Test("stdin and stdout: 'input NAME = -' and 'output - <- NODE'")
    func standardStreams() throws {
        let folder = try temporaryFolder()
        let photo = patternTexture(width: 10, height: 6, seed: 5)
        let photoPath = try writePNG(photo, folder, "photo.png")
        let file = folder + "/streams.pipeline"
        try "input photo = -\ngray = grayscale <- photo\noutput - <- gray\n".write(toFile: file, atomically: true, encoding: .utf8)
        let outcome = try runShadeBinary(["pipeline", file], input: try Data(contentsOf: URL(fileURLWithPath: photoPath)))
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let gray = try ImageFile.decode([UInt8](outcome.standardOutput)).texture
        let p = SIMD4<Float>(photo.rgba8Pixel(x: 4, y: 3)) / 255
        #expect(Int(gray.rgba8Pixel(x: 4, y: 3).x) == unorm(p.x * 0.2125 + p.y * 0.7154 + p.z * 0.0721))
    }

    @Test("mistakes are reported with FILE:LINE, all of them, exit 64; nothing is written")
    func errors() throws {
        let folder = try temporaryFolder()
        _ = try writePNG(patternTexture(width: 4, height: 4), folder, "photo.png")
        let file = folder + "/bad.pipeline"
        try """
            input photo = \(folder)/photo.png
            gray = grayscale <- phot
            blur = gaussian-blur:sigma=$sigma <- photo
            x = vignette
            output \(folder)/o.png <- nothing
            """.write(toFile: file, atomically: true, encoding: .utf8)
        let outcome = try runShade(["pipeline", file])
        #expect(outcome.status == 64)
        #expect(outcome.standardError == """
            \(file):2: error: no node or input named 'phot' above this line; did you mean 'photo'?
                gray = grayscale <- phot
            \(file):3: error: no variable 'sigma' (add 'set sigma = VALUE' or --set sigma=VALUE)
                blur = gaussian-blur:sigma=$sigma <- photo
            \(file):4: error: expected '<- SOURCE' after the step of 'x'
                x = vignette
            \(file):5: error: no node or input named 'nothing' above this line

            """ + "    output \(folder)/o.png <- nothing\n")
        #expect(!FileManager.default.fileExists(atPath: folder + "/o.png"))

        let filter = folder + "/filter.pipeline"
        try "input photo = \(folder)/photo.png\n\nb = gausian-blur <- photo\noutput \(folder)/o.png <- b\n"
            .write(toFile: filter, atomically: true, encoding: .utf8)
        let unknown = try runShade(["pipeline", filter])
        #expect(unknown.status == 64)
        #expect(unknown.standardError.hasPrefix("\(filter):3: error: no built-in filter named 'gausian-blur'; did you mean 'gaussianBlur'?"))

        let missing = folder + "/missing.pipeline"
        try "input photo = \(folder)/none.png\noutput \(folder)/o.png <- photo\n".write(toFile: missing, atomically: true, encoding: .utf8)
        #expect(try runShade(["pipeline", missing]).status == 66)
        #expect(try runShade(["pipeline", folder + "/no-such.pipeline"]).status == 66)
        #expect(try runShade(["pipeline"]).status == 64)
    }

    @Test("parsing: comments, colours that look like comments, duplicate names")
    func parsing() throws {
        let file = try PipelineFile(parsing: """
            input a = a.png # comment
            # whole-line comment
            v = vignette:vignetteColor=#ff0000 <- a
            output o.png <- v
            """, fileName: "p")
        #expect(file.inputs == [.init(name: "a", path: "a.png", line: 1)])
        #expect(file.nodes.first?.step == ChainStep(name: "vignette", arguments: [("vignetteColor", "#ff0000")]))
        #expect(throws: PipelineErrors.self) {
            try PipelineFile(parsing: "input a = a.png\ninput a = b.png\noutput o.png <- a\n", fileName: "p")
        }
    }
}

@Suite("chain steps and output patterns")
struct ChainSyntaxTests {
    @Test("KEY=VALUE arguments separated by ':' or ',', vectors keep their commas")
    func steps() throws {
        let step = try ChainStep(parsing: "alpha-blend:overlay=ghost.png,mixturePercent=0.5")
        #expect(step.name == "alpha-blend")
        #expect(step.arguments.map(\.key) == ["overlay", "mixturePercent"])
        #expect(step.arguments.map(\.value) == ["ghost.png", "0.5"])
        let vector = try ChainStep(parsing: "vignette:vignetteCenter=0.5,0.4,vignette-end=0.8:vignetteColor=#fff")
        #expect(vector.arguments.map(\.value) == ["0.5,0.4", "0.8", "#fff"])
        #expect(ChainStep.components(of: "#ff8000") == [1, Float(128) / 255, 0])
        #expect(ChainStep.components(of: "true,0.5") == [1, 0.5])
        #expect(ChainStep.components(of: "abc") == nil)
        #expect(ChainStep.camelCased("mixture-percent") == "mixturePercent")
        #expect(try ChainStep(parsing: "shaders/my.frag:amount=1").isShaderFile)
        #expect(throws: UsageError.self) { try ChainStep(parsing: "vignette:0.5") }
    }

    @Test("output patterns: %04d, {name}, {index:03}, {ext}")
    func patterns() {
        #expect(OutputPattern(text: "out/%04d.png").path(index: 7, number: 8, input: "a/b.jpg") == "out/0008.png")
        #expect(OutputPattern(text: "out/{name}-{index:03}.{ext}").path(index: 7, number: 8, input: "a/b.jpg") == "out/b-007.jpg")
        #expect(OutputPattern(text: "%d.png").path(index: 12, number: 12, input: nil) == "12.png")
        #expect(!OutputPattern(text: "out.png").isPattern)
    }
}
