import Foundation
import Framebuffers
import ShaderSemantics
import ShaderTesting

/// What lesson 6 measures: the wave shader rendered on a profile, and how smooth it is.
public enum Banding {
    /// The lesson's shader (`Shaders/Waves.fsh`).
    public static let waves: String = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        return (try? String(contentsOf: folder.appendingPathComponent("Shaders/Waves.fsh"), encoding: .utf8)) ?? ""
    }()

    /// The frame's width: one wave period is 256 / (12 / 2π) ≈ 134 columns.
    public static let width = 256

    /// Renders the waves at `time` seconds on `profile`, 256×4.
    public static func render(time: Float, on profile: DeviceProfile) throws -> Texture {
        try ShaderFixture.render(
            fragment: waves, width: width, height: 4, uniforms: ["u_time": [time]], name: "Waves.fsh",
            profile: profile)
    }

    /// The largest change between neighbouring columns of row 0, in 1/255 steps. The wave's
    /// own slope is at most 0.5 · 12 / 256 ≈ 6/255 per column; bands jump far more.
    public static func largestStep(_ image: Texture) -> Int {
        (1..<image.width).map { x in
            abs(Int(image.rgba8Pixel(x: x, y: 0).x) - Int(image.rgba8Pixel(x: x - 1, y: 0).x))
        }.max() ?? 0
    }

    /// The time an app should upload: the same phase, wrapped to [0, 2π) in Double on the CPU,
    /// so that fp16 keeps its precision for the small part that changes per pixel.
    public static func wrapped(_ seconds: Double) -> Float {
        Float(seconds.truncatingRemainder(dividingBy: 2 * Double.pi))
    }
}
