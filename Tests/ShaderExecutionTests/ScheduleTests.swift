import Foundation
import Framebuffers
import ShaderCompiler
import ShaderExecution
import Testing

/// Every schedule must give the bits of a one-thread run (DESIGN.md, STYLE.md §6).
@Suite struct ScheduleTests {
    static let schedules: [Schedule] = [
        Schedule(tileWidth: 8, tileHeight: 8, threadCount: 1, laneWidth: 4),
        Schedule(tileWidth: 16, tileHeight: 4, threadCount: 2, laneWidth: 8),
        Schedule(tileWidth: 13, tileHeight: 7, threadCount: 3, laneWidth: 16),
        Schedule(tileWidth: 64, tileHeight: 64, threadCount: 4, laneWidth: 64),
        Schedule(tileWidth: 256, tileHeight: 16, threadCount: 2, laneWidth: 256),
        Schedule(tileWidth: 1000, tileHeight: 1000, threadCount: 8, laneWidth: 1024),
        Schedule(tileWidth: 32, tileHeight: 2, threadCount: 5, laneWidth: 32),
    ]

    /// Shaders that exercise divergence, loops, discard, derivatives, calls and sampling.
    /// (grayscale, blend, the box blur and resample take the one-row batches and the
    /// sampler's row path; derivatives takes 2×2 quads.)
    static let shaders = [
        "loopdiscard.fsh", "derivatives.fsh", "functions.fsh", "arrays.fsh", "projective.fsh", "builtins.fsh",
        "grayscale.fsh", "blend.fsh", "boxblur3x3.fsh", "resample.fsh",
    ]

    static let uniforms: [String: [Float]] = [
        "weights": [0.5, 0.25, 0.125, 0.0625, 0.03], "palette": [1, 0, 0, 0, 1, 0, 0, 0, 1, 0.5, 0.5, 0.5],
        "colorMatrix": [0.9, 0.1, 0, 0.1, 0.8, 0.1, 0, 0.2, 0.7], "count": [3],
    ]

    @Test(arguments: shaders)
    func everyScheduleMatchesOneThread(_ shader: String) throws {
        let program = try compileFixture(shader)
        // An odd size so that batches and tiles hang over the right and bottom edges.
        let (w, h) = (97, 61)
        let inputs = [noiseTexture(width: 50, height: 40, seed: 7), noiseTexture(width: 31, height: 17, seed: 9)]
        let uniforms = Self.uniforms.filter { program.uniform(named: $0.key) != nil }
        for format in [PixelFormat.rgba8, .float32] {
            let reference = try render(program, width: w, height: h, inputs: inputs, uniforms: uniforms, format: format, schedule: .singleThreaded)
            for schedule in Self.schedules {
                let out = try render(program, width: w, height: h, inputs: inputs, uniforms: uniforms, format: format, schedule: schedule)
                let same = memcmp(reference.baseAddress, out.baseAddress, w * h * format.bytesPerPixel) == 0
                #expect(same, "\(shader), \(format): \(schedule) differs from one thread")
            }
        }
    }

    @Test func batchShapesAreWholeQuads() {
        for lanes in [4, 8, 16, 32, 64, 128, 256, 512, 1024] {
            let (w, h) = Schedule(laneWidth: lanes).batchSize
            #expect(w * h == lanes && w % 2 == 0 && h % 2 == 0, "\(lanes) lanes: \(w)x\(h)")
        }
    }
}
