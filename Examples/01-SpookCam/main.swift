// Lesson 1: SpookCam.
//
// The chain from the well-known GPUImage tutorial: a photo at texture location 0 and a
// translucent ghost at location 1 go into an alpha blend (mixturePercent 0.5), then grayscale,
// then a PNG file and a capture. The lesson then checks every pixel of the capture against the
// same maths done in plain Swift (blend, round to 8 bits, luminance, round) and prints what it
// verified. It exits 1 if a pixel is off by more than one 8-bit step.
//
// Run it from the repository root (or anywhere: it falls back to the folder two levels above
// this file, found through #filePath):
//
//     swift run spookcam [output.png]
//
// The output defaults to spookcam.png in the temporary directory.
import Foundation
import Framebuffers
import ImageCodecs
import ImageGraph

/// The repository: the current directory when it holds Shaders/, else two folders above this file.
let root: String = {
    let here = FileManager.default.currentDirectoryPath
    if FileManager.default.fileExists(atPath: here + "/Shaders/Filters/AlphaBlend.fsh") { return here }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
}()

func repositoryPath(_ relative: String) -> String { root + "/" + relative }

/// The ghost padded to the photo's size: ghost.png (512x512) halved by averaging 2x2 blocks,
/// placed at (320, 72) on a transparent canvas whose colour is the ghost's body colour, so
/// that every texel of location 1 lines up with a texel of location 0 (no resampling).
func paddedGhost(_ ghost: Texture, width: Int, height: Int) -> Texture {
    let body: [UInt8] = [227, 239, 255, 0]
    var canvas = [UInt8]((0..<(width * height)).flatMap { _ in body })
    let half = ghost.width / 2
    let left = width - half - 24, top = (height - half) / 2
    let source = ghost.rgba8Bytes
    for y in 0..<half {
        for x in 0..<half {
            for c in 0..<4 {
                var sum = 0
                for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    sum += Int(source[((2 * y + dy) * ghost.width + 2 * x + dx) * 4 + c])
                }
                canvas[((top + y) * width + left + x) * 4 + c] = UInt8((sum + 2) / 4)
            }
        }
    }
    return Texture(width: width, height: height, rgba8: canvas)
}

let outputPath = CommandLine.arguments.dropFirst().first
    ?? (NSTemporaryDirectory() as NSString).appendingPathComponent("spookcam.png")

do {
    let ghostImage = try ImageFile.decode(contentsOfFile: repositoryPath("Examples/Images/ghost.png")).texture

    // The graph: six lines.
    let photo = try PictureInput(contentsOfFile: repositoryPath("Examples/Images/coffee.png"))
    let ghost = PictureInput(texture: paddedGhost(ghostImage, width: photo.texture.width, height: photo.texture.height))
    let blend = try BasicOperation(fragmentShaderFile: repositoryPath("Shaders/Filters/AlphaBlend.fsh"), uniforms: ["mixturePercent": 0.5])
    let gray = try BasicOperation(fragmentShaderFile: repositoryPath("Shaders/Filters/Grayscale.fsh"))
    photo --> blend --> gray --> PictureOutput(path: outputPath)
    ghost --> blend  // the next free texture location of blend: 1

    gray.useNextFrameForImageCapture()
    try photo.processImage()
    let captured = try gray.imageFromCurrentFramebuffer()

    // The check: blend then luminance in plain Swift, with GL's rounding to 8 bits in between
    // (the blend's output is an RGBA8 framebuffer).
    let coffee = photo.texture
    let base = coffee.rgba8Bytes, overlay = ghost.texture.rgba8Bytes, result = captured.rgba8Bytes
    func byte(_ v: Double) -> Int { Int((min(max(v, 0), 1) * 255).rounded(.toNearestOrEven)) }
    var worst = 0, exact = 0, ghostPixels = 0
    for i in 0..<(coffee.width * coffee.height) {
        let a = Double(overlay[4 * i + 3]) / 255 * 0.5
        if overlay[4 * i + 3] > 0 { ghostPixels += 1 }
        let blended = (0..<3).map { c in
            byte(Double(base[4 * i + c]) / 255 * (1 - a) + Double(overlay[4 * i + c]) / 255 * a)
        }
        let luma = byte((0.2125 * Double(blended[0]) + 0.7154 * Double(blended[1]) + 0.0721 * Double(blended[2])) / 255)
        var difference = 0
        for c in 0..<3 { difference = max(difference, abs(Int(result[4 * i + c]) - luma)) }
        difference = max(difference, abs(Int(result[4 * i + 3]) - Int(base[4 * i + 3])))
        worst = max(worst, difference)
        if difference == 0 { exact += 1 }
    }
    let written = try ImageFile.decode(contentsOfFile: outputPath).texture
    let total = coffee.width * coffee.height
    print("spookcam: coffee.png \(coffee.width)x\(coffee.height) + ghost at location 1 (\(ghostPixels) pixels with alpha > 0)")
    print("spookcam: alpha blend (mixturePercent 0.5) --> grayscale --> \(outputPath)")
    print("spookcam: checked \(total) pixels against mix(base, ghost, ghost.a * 0.5) then Y = 0.2125 R + 0.7154 G + 0.0721 B:")
    print("spookcam:   \(exact) exact, largest difference \(worst) step\(worst == 1 ? "" : "s") of 255, alpha kept; file equals capture: \(written == captured)")
    guard worst <= 1, written == captured, ghostPixels > 0 else {
        print("spookcam: FAILED")
        exit(1)
    }
    print("spookcam: OK")
} catch {
    print("spookcam: error: \(error)")
    exit(1)
}
