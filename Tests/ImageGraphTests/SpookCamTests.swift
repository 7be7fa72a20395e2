import Foundation
import Framebuffers
import ImageCodecs
import ImageGraph
import Testing

@Suite("SpookCam: the lesson's chain with the real shaders")
struct SpookCamTests {
    /// ghost.png halved (2x2 averages) and padded with transparent body-colour pixels to
    /// `width`x`height` at (width - 256 - 24, (height - 256) / 2): the recipe of Examples/01-SpookCam.
    func paddedGhost(width: Int, height: Int) throws -> Texture {
        let ghost = try ImageFile.decode(contentsOfFile: repositoryPath("Examples/Images/ghost.png")).texture
        let half = ghost.width / 2
        let left = width - half - 24, top = (height - half) / 2
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let inside = x >= left && x < left + half && y >= top && y < top + half
                for c in 0..<4 {
                    var value = Int([227, 239, 255, 0][c])
                    if inside {
                        let gx = 2 * (x - left), gy = 2 * (y - top)
                        let sum = Int(ghost.rgba8Pixel(x: gx, y: gy)[c]) + Int(ghost.rgba8Pixel(x: gx + 1, y: gy)[c])
                            + Int(ghost.rgba8Pixel(x: gx, y: gy + 1)[c]) + Int(ghost.rgba8Pixel(x: gx + 1, y: gy + 1)[c])
                        value = (sum + 2) / 4
                    }
                    pixels[(y * width + x) * 4 + c] = UInt8(value)
                }
            }
        }
        return Texture(width: width, height: height, rgba8: pixels)
    }

    @Test("photo + ghost at location 1 --> alpha blend 0.5 --> grayscale matches blend-then-luminance within one step")
    func spookCam() throws {
        let photo = try PictureInput(contentsOfFile: repositoryPath("Examples/Images/coffee.png"))
        let ghost = PictureInput(texture: try paddedGhost(width: photo.texture.width, height: photo.texture.height))
        let blend = try BasicOperation(
            fragmentShaderFile: repositoryPath("Shaders/Filters/AlphaBlend.fsh"), numberOfInputs: 2,
            uniforms: ["mixturePercent": 0.5])
        let gray = try BasicOperation(fragmentShaderFile: repositoryPath("Shaders/Filters/Grayscale.fsh"))
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/spookcam.png"
        photo --> blend --> gray --> PictureOutput(path: file)
        ghost --> blend
        #expect(blend.name == "AlphaBlend" && gray.name == "Grayscale")
        #expect(blend.sources.source(atTextureLocation: 1) === ghost)

        gray.useNextFrameForImageCapture()
        try photo.processImage()
        let captured = try gray.imageFromCurrentFramebuffer()
        #expect(try ImageFile.decode(contentsOfFile: file).texture == captured)

        let base = photo.texture, overlay = ghost.texture
        func unorm(_ v: Double) -> Int { Int((min(max(v, 0), 1) * 255).rounded(.toNearestOrEven)) }
        var worst = 0, exact = 0, changedByGhost = 0
        for y in 0..<base.height {
            for x in 0..<base.width {
                let b = base.rgba8Pixel(x: x, y: y), o = overlay.rgba8Pixel(x: x, y: y)
                let t = Double(o.w) / 255 * 0.5
                let mixed = (0..<3).map { unorm(Double(b[$0]) / 255 * (1 - t) + Double(o[$0]) / 255 * t) }
                let luma = unorm((0.2125 * Double(mixed[0]) + 0.7154 * Double(mixed[1]) + 0.0721 * Double(mixed[2])) / 255)
                let plain = unorm((0.2125 * Double(b.x) + 0.7154 * Double(b.y) + 0.0721 * Double(b.z)) / 255)
                if luma != plain { changedByGhost += 1 }
                let got = captured.rgba8Pixel(x: x, y: y)
                let difference = max(
                    abs(Int(got.x) - luma), abs(Int(got.y) - luma), abs(Int(got.z) - luma), abs(Int(got.w) - Int(b.w)))
                worst = max(worst, difference)
                if difference == 0 { exact += 1 }
            }
        }
        #expect(worst <= 1, "largest difference \(worst)")
        #expect(exact * 100 >= base.pixelCount * 99, "only \(exact) of \(base.pixelCount) pixels exact")
        #expect(changedByGhost > 10_000, "the ghost must show: \(changedByGhost) pixels differ from plain grayscale")
    }
}
