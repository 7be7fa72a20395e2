import Foundation
import Framebuffers
import ImageCodecs
import Testing

/// A deterministic test picture: smooth gradients plus a hashed pattern, so blurs and blends
/// have something to move, and an alpha channel when `alpha` says so.
func patternTexture(width: Int, height: Int, seed: Int = 1, alpha: Bool = false) -> Texture {
    var bytes = [UInt8](repeating: 0, count: width * height * 4)
    for y in 0..<height {
        for x in 0..<width {
            let hash = (x &* 73_856_093) ^ (y &* 19_349_663) ^ (seed &* 83_492_791)
            let i = (y * width + x) * 4
            bytes[i] = UInt8(x * 255 / max(1, width - 1))
            bytes[i + 1] = UInt8(truncatingIfNeeded: hash >> 3)
            bytes[i + 2] = UInt8(y * 255 / max(1, height - 1))
            bytes[i + 3] = alpha ? UInt8(truncatingIfNeeded: (x + 2 * y) * 9 + seed * 40) : 255
        }
    }
    return Texture(width: width, height: height, rgba8: bytes)
}

/// Writes `texture` as a PNG in `folder` and returns the path.
func writePNG(_ texture: Texture, _ folder: String, _ name: String) throws -> String {
    let path = folder + "/" + name
    try ImageFile.write(texture, toFile: path, as: .png(PNGEncodingOptions()))
    return path
}

func decoded(_ path: String) throws -> Texture {
    try ImageFile.decode(contentsOfFile: path).texture
}

func unorm(_ value: Float) -> Int { Int(Texture.unorm8(value)) }

/// The largest difference of any channel between `texture` and `expected(x, y)`.
func worstDifference(_ texture: Texture, _ expected: (Int, Int) -> SIMD4<Int>) -> (worst: Int, at: (Int, Int)) {
    var worst = 0
    var at = (0, 0)
    for y in 0..<texture.height {
        for x in 0..<texture.width {
            let got = SIMD4<Int>(truncatingIfNeeded: texture.rgba8Pixel(x: x, y: y))
            let want = expected(x, y)
            let difference = max(abs(got.x - want.x), abs(got.y - want.y), abs(got.z - want.z), abs(got.w - want.w))
            if difference > worst {
                worst = difference
                at = (x, y)
            }
        }
    }
    return (worst, at)
}

@Suite("shade chain, the real executable")
struct ChainCommandTests {
    @Test("SpookCam in one line: alpha blend with a ghost at location 1, mix 0.5, then grayscale")
    func spookCam() throws {
        let folder = try temporaryFolder()
        let photo = patternTexture(width: 48, height: 32, seed: 1)
        let ghost = patternTexture(width: 48, height: 32, seed: 2, alpha: true)
        let photoPath = try writePNG(photo, folder, "photo.png")
        let ghostPath = try writePNG(ghost, folder, "ghost.png")
        let out = folder + "/spooky.png"
        let outcome = try runShade([
            "chain", photoPath, "alpha-blend:overlay=\(ghostPath),mixturePercent=0.5", "grayscale", "-o", out,
        ])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.isEmpty && outcome.standardError.isEmpty)
        let result = try decoded(out)
        // Independent formulas: mix by overlay alpha × 0.5 (stored as 8 bits), then Rec. 709 luma.
        let (worst, at) = worstDifference(result) { x, y in
            let base = SIMD4<Float>(photo.rgba8Pixel(x: x, y: y)) / 255
            let over = SIMD4<Float>(ghost.rgba8Pixel(x: x, y: y)) / 255
            let t = over.w * 0.5
            let blended = (0..<3).map { Float(unorm(base[$0] + (over[$0] - base[$0]) * t)) / 255 }
            let luma = unorm(blended[0] * 0.2125 + blended[1] * 0.7154 + blended[2] * 0.0721)
            return SIMD4(luma, luma, luma, 255)
        }
        #expect(worst <= 1, "largest difference \(worst) at \(at)")

        // The arguments in the other order (the step now ends in '.png'), kebab-case key.
        let swapped = folder + "/swapped.png"
        let again = try runShade([
            "chain", photoPath, "AlphaBlend:mixture-percent=0.5:overlay=\(ghostPath)", "Grayscale", "-o", swapped,
        ])
        #expect(again.status == 0, "\(again.standardError)")
        #expect(try decoded(swapped) == result)
    }

    /// Blur (two passes, each stored as 8 bits) then vignette, in plain Swift.
    static func blurThenVignette(_ input: Texture, sigma: Float) -> (Int, Int) -> SIMD4<Int> {
        let w = input.width, h = input.height
        let radius = Int((3 * sigma).rounded(.up))
        let weights = (0...radius).map { exp(-Float($0 * $0) / (2 * sigma * sigma)) }
        let total = weights[0] + 2 * weights[1...].reduce(0, +)
        func pass(_ source: (Int, Int) -> SIMD4<Float>, dx: Int, dy: Int) -> [SIMD4<Float>] {
            var out = [SIMD4<Float>](repeating: .zero, count: w * h)
            for y in 0..<h {
                for x in 0..<w {
                    var sum = source(x, y) * weights[0]
                    for k in 1...radius {
                        let a = source(min(max(x - k * dx, 0), w - 1), min(max(y - k * dy, 0), h - 1))
                        let b = source(min(max(x + k * dx, 0), w - 1), min(max(y + k * dy, 0), h - 1))
                        sum += (a + b) * weights[k]
                    }
                    let v = sum / total
                    out[y * w + x] = SIMD4(
                        Float(unorm(v.x)) / 255, Float(unorm(v.y)) / 255, Float(unorm(v.z)) / 255, Float(unorm(v.w)) / 255)
                }
            }
            return out
        }
        let horizontal = pass({ x, y in SIMD4<Float>(input.rgba8Pixel(x: x, y: y)) / 255 }, dx: 1, dy: 0)
        let blurred = pass({ x, y in horizontal[y * w + x] }, dx: 0, dy: 1)
        return { x, y in
            let c = blurred[y * w + x]
            let u = (Float(x) + 0.5) / Float(w) - 0.5, v = (Float(y) + 0.5) / Float(h) - 0.5
            let d = (u * u + v * v).squareRoot()
            let t = min(max((d - 0.3) / (0.75 - 0.3), 0), 1)
            let amount = t * t * (3 - 2 * t)
            return SIMD4(unorm(c.x * (1 - amount)), unorm(c.y * (1 - amount)), unorm(c.z * (1 - amount)), unorm(c.w))
        }
    }

    @Test("gaussian blur sigma 2, vignette: pixels match the formulas; the JPEG at quality 85 is close to them")
    func blurVignette() throws {
        let folder = try temporaryFolder()
        let input = patternTexture(width: 40, height: 30)
        let inputPath = try writePNG(input, folder, "in.png")
        let png = folder + "/out.png"
        let outcome = try runShade(["chain", inputPath, "gaussian-blur:sigma=2", "vignette", "-o", png])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let expected = Self.blurThenVignette(input, sigma: 2)
        let (worst, at) = worstDifference(try decoded(png), expected)
        #expect(worst <= 1, "largest difference \(worst) at \(at)")

        // One thread and odd tiles give the same bits.
        let scheduled = folder + "/scheduled.png"
        let oneThread = try runShade([
            "chain", inputPath, "gaussian-blur:sigma=2", "vignette", "-o", scheduled, "--threads", "1", "--tile", "7x3",
        ])
        #expect(oneThread.status == 0, "\(oneThread.standardError)")
        #expect(try decoded(scheduled) == (try decoded(png)))

        let jpeg = folder + "/out.jpg"
        let low = folder + "/low.jpg"
        #expect(try runShade(["chain", inputPath, "GaussianBlur:sigma=2", "Vignette", "-o", jpeg, "--quality", "85"]).status == 0)
        #expect(try runShade(["chain", inputPath, "gaussianBlur:sigma=2", "vignette", "-o", low, "--quality", "20"]).status == 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: jpeg))
        #expect(bytes.prefix(3) == Data([0xFF, 0xD8, 0xFF]), "a JPEG file")
        let lowSize = try Data(contentsOf: URL(fileURLWithPath: low)).count
        #expect(bytes.count > lowSize, "quality 85 keeps more than quality 20")
        let result = try decoded(jpeg)
        var total = 0
        for y in 0..<result.height {
            for x in 0..<result.width {
                let got = SIMD4<Int>(truncatingIfNeeded: result.rgba8Pixel(x: x, y: y))
                let want = expected(x, y)
                total += abs(got.x - want.x) + abs(got.y - want.y) + abs(got.z - want.z)
            }
        }
        let mean = Double(total) / Double(result.width * result.height * 3)
        #expect(mean < 6, "mean JPEG error \(mean)")
    }

    @Test("a shader file as a step, with a uniform, between built-in filters")
    func customShader() throws {
        let folder = try temporaryFolder()
        let input = patternTexture(width: 16, height: 8)
        let inputPath = try writePNG(input, folder, "in.png")
        let shader = try temporaryShader(
            """
            precision highp float;
            varying vec2 textureCoordinate;
            uniform sampler2D inputImageTexture;
            uniform float amount;
            uniform int channel;
            void main() {
                vec4 c = texture2D(inputImageTexture, textureCoordinate);
                gl_FragColor = vec4(c.rgb * amount, 1.0);
                if (channel == 1) gl_FragColor.g = 1.0;
            }
            """, named: "dim.frag")
        let out = folder + "/dim.png"
        let outcome = try runShade(["chain", inputPath, "\(shader):amount=0.3,channel=1", "color-invert", "-o", out])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let (worst, at) = worstDifference(try decoded(out)) { x, y in
            let c = SIMD4<Float>(input.rgba8Pixel(x: x, y: y)) / 255
            let dim = (0..<3).map { unorm(c[$0] * 0.3) }
            return SIMD4(255 - dim[0], 0, 255 - dim[2], 255)
        }
        #expect(worst <= 1, "largest difference \(worst) at \(at)")
    }

    @Test("stdin to stdout: the same pixels as through files")
    func standardStreams() throws {
        let folder = try temporaryFolder()
        let inputPath = try writePNG(patternTexture(width: 12, height: 10), folder, "in.png")
        let file = folder + "/gray.png"
        #expect(try runShade(["chain", inputPath, "grayscale", "-o", file]).status == 0)
        let outcome = try runShadeBinary(["chain", "-", "grayscale", "-o", "-"], input: try Data(contentsOf: URL(fileURLWithPath: inputPath)))
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let streamed = try ImageFile.decode([UInt8](outcome.standardOutput)).texture
        #expect(streamed == (try decoded(file)))
    }

    @Test("usage errors: unknown filter with a suggestion, unknown parameter, missing second input, no output")
    func usageErrors() throws {
        let folder = try temporaryFolder()
        let inputPath = try writePNG(patternTexture(width: 4, height: 4), folder, "in.png")
        let typo = try runShade(["chain", inputPath, "gausian-blur", "-o", folder + "/x.png"])
        #expect(typo.status == 64)
        #expect(typo.standardError.contains("no built-in filter named 'gausian-blur'; did you mean 'gaussianBlur'?"))
        let parameter = try runShade(["chain", inputPath, "gaussian-blur:sigmaa=2", "-o", folder + "/x.png"])
        #expect(parameter.status == 64)
        #expect(parameter.standardError.contains("gaussian-blur has no parameter 'sigmaa' (it has sigma)"))
        let arity = try runShade(["chain", inputPath, "vignette:vignetteCenter=0.5", "-o", folder + "/x.png"])
        #expect(arity.status == 64)
        #expect(arity.standardError.contains("vignetteCenter"))
        let second = try runShade(["chain", inputPath, "alpha-blend", "-o", folder + "/x.png"])
        #expect(second.status == 64)
        #expect(second.standardError.contains("give input 2 as alpha-blend:overlay=IMAGE"))
        #expect(try runShade(["chain", inputPath, "grayscale"]).status == 64)
        #expect(try runShade(["chain", "grayscale", "-o", folder + "/x.png"]).status == 64)
        #expect(try runShade(["chain", inputPath, "grayscale", "-o", folder + "/x.tiff"]).status == 64)
        #expect(try runShade(["chain", inputPath, "grayscale", "--bogus", "-o", folder + "/x.png"]).status == 64)
        #expect(!FileManager.default.fileExists(atPath: folder + "/x.png"))
    }

    @Test("exit codes: 66 missing input, 65 bad image or shader, 73 existing output or an input, --force")
    func exitCodes() throws {
        let folder = try temporaryFolder()
        let inputPath = try writePNG(patternTexture(width: 4, height: 4), folder, "in.png")
        let missing = try runShade(["chain", folder + "/none.png", "grayscale", "-o", folder + "/x.png"])
        #expect(missing.status == 66)
        #expect(missing.standardError == "shade: \(folder)/none.png: error: no such file\n")
        #expect(try runShade(["chain", fixture("bad/truncated_image.png"), "grayscale", "-o", folder + "/x.png"]).status == 65)
        let bad = try temporaryShader("precision highp float;\nvoid main() {\n  gl_FragColor = vec4(1.0)\n}\n", named: "bad.frag")
        let badShader = try runShade(["chain", inputPath, bad, "-o", folder + "/x.png"])
        #expect(badShader.status == 65)
        #expect(badShader.standardError.hasPrefix("\(bad):4:1: error: expected ';'"))
        #expect(try runShade(["chain", inputPath, "/nonexistent/step.frag", "-o", folder + "/x.png"]).status == 66)
        let noMain = try temporaryShader("precision highp float;\n", named: "empty.frag")
        let spanless = try runShade(["chain", inputPath, noMain, "-o", folder + "/x.png"])
        #expect(spanless.status == 65)
        #expect(spanless.standardError.hasPrefix("\(noMain): error: missing 'main' function"), "names the step's file")

        let out = folder + "/out.png"
        #expect(try runShade(["chain", inputPath, "grayscale", "-o", out]).status == 0)
        let exists = try runShade(["chain", inputPath, "color-invert", "-o", out])
        #expect(exists.status == 73)
        #expect(exists.standardError.contains("use --force"))
        #expect(try runShade(["chain", inputPath, "color-invert", "-o", out, "--force"]).status == 0)
        #expect(try decoded(out).rgba8Pixel(x: 0, y: 0).x == 255 - (try decoded(inputPath)).rgba8Pixel(x: 0, y: 0).x)
        let before = try Data(contentsOf: URL(fileURLWithPath: inputPath))
        let overwrite = try runShade(["chain", inputPath, "grayscale", "-o", inputPath, "--force"])
        #expect(overwrite.status == 73)
        #expect(overwrite.standardError.contains("refusing to overwrite an input"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: inputPath)) == before)
    }

    @Test("a batch: folder and glob inputs, {name} and %04d patterns, one bad frame reported, others written, exit 65")
    func batch() throws {
        let folder = try temporaryFolder()
        let inputs = folder + "/in"
        try FileManager.default.createDirectory(atPath: inputs, withIntermediateDirectories: true)
        for index in 0..<4 {
            _ = try writePNG(patternTexture(width: 8, height: 6, seed: index), inputs, "frame\(index).png")
        }
        try Data(contentsOf: URL(fileURLWithPath: fixture("bad/truncated_image.png"))).write(to: URL(fileURLWithPath: inputs + "/frame9.png"))
        let outcome = try runShade(["chain", inputs, "grayscale", "-o", folder + "/out/{name}.png", "--jobs", "3"])
        #expect(outcome.status == 65)
        for index in 0..<4 {
            let gray = try decoded(folder + "/out/frame\(index).png")
            let input = try decoded(inputs + "/frame\(index).png")
            let p = SIMD4<Float>(input.rgba8Pixel(x: 3, y: 2)) / 255
            #expect(Int(gray.rgba8Pixel(x: 3, y: 2).x) == unorm(p.x * 0.2125 + p.y * 0.7154 + p.z * 0.0721))
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/out/frame9.png"))
        #expect(outcome.standardError.contains("shade: \(inputs)/frame9.png: error: truncated file"))
        #expect(outcome.standardError.contains("shade: 1 of 5 frames failed"))
        let progressLines = outcome.standardError.split(separator: "\n").filter { $0.hasPrefix("shade: [") }
        #expect(progressLines.count == 5, "one plain line per frame when stderr is not a terminal")
        #expect(!outcome.standardError.contains("\r"))

        let glob = try runShade(["chain", inputs + "/frame[0-2].png", "color-invert", "-o", folder + "/seq/%04d.png", "--quiet"])
        #expect(glob.status == 0, "\(glob.standardError)")
        #expect(glob.standardError.isEmpty, "--quiet")
        let written = try FileManager.default.contentsOfDirectory(atPath: folder + "/seq").sorted()
        #expect(written == ["0000.png", "0001.png", "0002.png"])
        #expect(try decoded(folder + "/seq/0002.png").rgba8Pixel(x: 1, y: 1).y
            == 255 - (try decoded(inputs + "/frame2.png")).rgba8Pixel(x: 1, y: 1).y)

        let notPattern = try runShade(["chain", inputs, "grayscale", "-o", folder + "/one.png"])
        #expect(notPattern.status == 64)
        #expect(notPattern.standardError.contains("need an output pattern"))
        #expect(try runShade(["chain", folder + "/nothing/*.png", "grayscale", "-o", folder + "/o/{name}.png"]).status == 66)
    }

    @Test("on a terminal the batch shows a progress bar with done/total, frames per second and ETA")
    func progressBarOnTerminal() throws {
        let folder = try temporaryFolder()
        var paths: [String] = []
        for index in 0..<3 {
            paths.append(try writePNG(patternTexture(width: 8, height: 8, seed: index), folder, "f\(index).png"))
        }
        let binary = try #require(shadeExecutable())
        let command = ([binary.path, "chain"] + paths + ["sepia", "-o", folder + "/out/{name}.png"])
            .map { "'\($0)'" }.joined(separator: " ")
        // script(1) runs the command under a pseudo-terminal, so isatty(2) is true in shade.
        let outcome = try runProgram("/usr/bin/script", ["-qfec", command, "/dev/null"])
        #expect(outcome.status == 0, "\(outcome.standardOutput)")
        let text = outcome.standardOutput
        #expect(text.contains("\r\u{1B}[K[########################] 3/3"), "\(text.debugDescription)")
        #expect(text.contains(" fps  ETA 0:0"))
        #expect(!text.contains("shade: [1/3]"), "no plain lines on a terminal")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/out").count == 3)
    }

    @Test("--help shows real examples")
    func help() throws {
        for command in ["chain", "pipeline", "render"] {
            let outcome = try runShade([command, "--help"])
            #expect(outcome.status == 0)
            #expect(outcome.standardOutput.contains("examples:") || outcome.standardOutput.contains("example"))
            #expect(outcome.standardOutput.contains("$ shade \(command) "))
        }
        let chain = try runShade(["chain", "--help"]).standardOutput
        #expect(chain.contains("$ shade chain photo.jpg alpha-blend:overlay=ghost.png,mixturePercent=0.5 grayscale -o spooky.png"))
        #expect(chain.contains("$ shade chain photo.jpg gaussian-blur:sigma=2 vignette -o out.jpg --quality 85"))
    }
}

/// Runs any program and collects its output (stdout and stderr as text).
func runProgram(_ path: String, _ arguments: [String]) throws -> Outcome {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let outData = output.fileHandleForReading.readDataToEndOfFile()
    let errData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Outcome(
        status: process.terminationStatus, standardOutput: String(decoding: outData, as: UTF8.self),
        standardError: String(decoding: errData, as: UTF8.self))
}

/// Runs the real `shade` with bytes on stdin and returns stdout as bytes.
func runShadeBinary(_ arguments: [String], input: Data) throws -> (status: Int32, standardOutput: Data, standardError: String) {
    let binary = try #require(shadeExecutable())
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    let stdin = Pipe(), output = Pipe(), error = Pipe()
    process.standardInput = stdin
    process.standardOutput = output
    process.standardError = error
    try process.run()
    stdin.fileHandleForWriting.write(input)
    try stdin.fileHandleForWriting.close()
    let outData = output.fileHandleForReading.readDataToEndOfFile()
    let errData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, outData, String(decoding: errData, as: UTF8.self))
}
