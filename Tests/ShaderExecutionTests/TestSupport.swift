import Foundation
import Framebuffers
import ShaderCompiler
import ShaderExecution
import Testing

/// Directory of the oracle fixtures (raw RGBA8 dumps made by Fixtures/make_fixtures.py).
let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

/// Loads a raw RGBA8 fixture of the given size.
func fixture(_ name: String, width: Int = 64, height: Int = 48) throws -> Texture {
    let data = try Data(contentsOf: fixtures.appendingPathComponent("\(name)_\(width)x\(height).rgba"))
    return Texture(width: width, height: height, rgba8: [UInt8](data))
}

/// Renders a program into a new framebuffer.
func render(
    _ program: Program, vertex: Program? = nil, width: Int = 64, height: Int = 48,
    inputs: [Texture] = [], uniforms: [String: [Float]] = [:], format: PixelFormat = .rgba8,
    samplerState: SamplerState = SamplerState(), bindings: [String: TextureBinding] = [:],
    schedule: Schedule = .singleThreaded, loopIterationLimit: Int = Program.loopIterationLimit
) throws -> Framebuffer {
    let target = Framebuffer(width: width, height: height, format: format)
    var draw = DrawCall(
        fragment: program, vertex: vertex, uniforms: uniforms, inputs: inputs,
        samplerState: samplerState, bindings: bindings
    )
    draw.loopIterationLimit = loopIterationLimit
    try Executor(schedule: schedule).render(draw, into: target)
    return target
}

/// Where two RGBA8 images differ by more than a tolerance.
struct ImageDifference: CustomStringConvertible {
    var badPixels = 0
    var largest = 0
    var first: (x: Int, y: Int, expected: SIMD4<UInt8>, actual: SIMD4<UInt8>)?

    var description: String {
        guard let f = first else { return "identical within tolerance" }
        return "\(badPixels) pixels differ, largest difference \(largest); first at (\(f.x), \(f.y)): expected \(f.expected), got \(f.actual)"
    }
}

func difference(_ actual: Framebuffer, _ expected: Texture, tolerance: Int) -> ImageDifference {
    var d = ImageDifference()
    for y in 0..<expected.height {
        for x in 0..<expected.width {
            let e = expected.rgba8Pixel(x: x, y: y)
            let i = (y * actual.width + x) * 4
            let p = actual.rgba8Pointer
            let a = SIMD4(p[i], p[i + 1], p[i + 2], p[i + 3])
            var worst = 0
            for k in 0..<4 { worst = max(worst, abs(Int(e[k]) - Int(a[k]))) }
            d.largest = max(d.largest, worst)
            if worst > tolerance {
                d.badPixels += 1
                if d.first == nil { d.first = (x, y, e, a) }
            }
        }
    }
    return d
}

/// Expects an image to match a reference within `tolerance` steps per channel.
func expectMatch(
    _ actual: Framebuffer, _ expected: Texture, tolerance: Int = 1, _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let d = difference(actual, expected, tolerance: tolerance)
    #expect(d.badPixels == 0, "\(what): \(d)", sourceLocation: sourceLocation)
}

/// Deterministic pseudo-random RGBA8 texture.
func noiseTexture(width: Int, height: Int, seed: UInt32 = 1) -> Texture {
    var state = seed &* 747_796_405 &+ 2_891_336_453
    var bytes = [UInt8](repeating: 0, count: width * height * 4)
    for i in bytes.indices {
        state = state &* 1_664_525 &+ 1_013_904_223
        bytes[i] = UInt8(truncatingIfNeeded: state >> 24)
    }
    return Texture(width: width, height: height, rgba8: bytes)
}

/// The float an RGBA8 texel byte samples as.
func texel(_ byte: UInt8) -> Float { Float(byte) * Float(1.0 / 255.0) }
