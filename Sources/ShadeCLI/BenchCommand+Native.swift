import BenchKernels
import Foundation
import Framebuffers
import ShaderExecution
import ShaderSemantics

/// A benchmark shader and two hand-written loops that do the same work: read RGBA8, compute in
/// fp32, write RGBA8 with GL's rounding. The C kernel (`Benchmarks/BenchKernels`, built for the
/// host's vector ISA) is the reference the README reports against; the Swift loop is written the
/// way a careful Swift programmer would (unsafe pointers, no per-pixel allocation).
struct BenchmarkShader: Sendable {
    /// Name in reports.
    var name: String
    /// Path under `Shaders/`.
    var file: String
    /// Input images it samples.
    var inputCount: Int
    /// The native Swift loop: inputs, output pixels, width, height, threads.
    var native: @Sendable ([Texture], UnsafeMutablePointer<UInt8>, Int, Int, Int) -> Void
    /// The C kernel, with the same arguments.
    var c: @Sendable ([Texture], UnsafeMutablePointer<UInt8>, Int, Int, Int) -> Void
    /// Uniforms the shader takes for a frame of this size (as glref.py sets them).
    var uniforms: @Sendable (Int, Int) -> [String: [Float]] = { _, _ in [:] }

    static let all: [BenchmarkShader] = [
        BenchmarkShader(
            name: "grayscale", file: "Bench/Grayscale.fsh", inputCount: 1, native: nativeGrayscale, c: cGrayscale),
        BenchmarkShader(
            name: "alphaBlend", file: "Bench/AlphaBlend.fsh", inputCount: 2, native: nativeAlphaBlend,
            c: cAlphaBlend, uniforms: { _, _ in ["mixturePercent": [0.5]] }),
        BenchmarkShader(
            name: "gaussian9", file: "Bench/Gaussian9.fsh", inputCount: 1, native: nativeGaussian9, c: cGaussian9,
            uniforms: { width, _ in ["texelWidth": [1 / Float(width)]] }),
        BenchmarkShader(
            name: "procedural", file: "Bench/Procedural.fsh", inputCount: 0, native: nativeProcedural,
            c: cProcedural,
            uniforms: { width, height in ["u_resolution": [Float(width), Float(height)], "u_time": [0.25]] }),
    ]

    /// The floor every kernel is above: copying the input frame (C memcpy, per band).
    static let copy: @Sendable ([Texture], UnsafeMutablePointer<UInt8>, Int, Int, Int) -> Void = cCopy
}

// MARK: - C kernels (Benchmarks/BenchKernels)

private func cGrayscale(_ inputs: [Texture], _ output: UnsafeMutablePointer<UInt8>, _ width: Int, _ height: Int, _ threads: Int) {
    withPixels(inputs, output) { pixels in
        ParallelRows.forEachBand(height: height, threads: threads) { rows in
            let offset = rows.lowerBound * width * 4
            shade_bench_grayscale(pixels.inputs[0] + offset, pixels.output + offset, rows.count * width)
        }
    }
}

private func cAlphaBlend(_ inputs: [Texture], _ output: UnsafeMutablePointer<UInt8>, _ width: Int, _ height: Int, _ threads: Int) {
    withPixels(inputs, output) { pixels in
        ParallelRows.forEachBand(height: height, threads: threads) { rows in
            let offset = rows.lowerBound * width * 4
            shade_bench_alpha_blend(
                pixels.inputs[0] + offset, pixels.inputs[1] + offset, pixels.output + offset, rows.count * width, 0.5)
        }
    }
}

private func cGaussian9(_ inputs: [Texture], _ output: UnsafeMutablePointer<UInt8>, _ width: Int, _ height: Int, _ threads: Int) {
    withPixels(inputs, output) { pixels in
        ParallelRows.forEachBand(height: height, threads: threads) { rows in
            shade_bench_gaussian9(
                pixels.inputs[0], pixels.output, Int32(width), Int32(rows.lowerBound), Int32(rows.upperBound))
        }
    }
}

private func cProcedural(_ inputs: [Texture], _ output: UnsafeMutablePointer<UInt8>, _ width: Int, _ height: Int, _ threads: Int) {
    let out = Pixels(inputs: [], output: output)
    ParallelRows.forEachBand(height: height, threads: threads) { rows in
        shade_bench_procedural(
            out.output, Int32(width), Int32(height), Int32(rows.lowerBound), Int32(rows.upperBound), 0.25)
    }
}

private func cCopy(_ inputs: [Texture], _ output: UnsafeMutablePointer<UInt8>, _ width: Int, _ height: Int, _ threads: Int) {
    withPixels(inputs, output) { pixels in
        ParallelRows.forEachBand(height: height, threads: threads) { rows in
            let offset = rows.lowerBound * width * 4
            shade_bench_copy(pixels.inputs[0] + offset, pixels.output + offset, rows.count * width)
        }
    }
}

// MARK: - Native Swift loops

/// Raw pointers handed to the worker bands.
private struct Pixels: @unchecked Sendable {
    var inputs: [UnsafePointer<UInt8>]
    var output: UnsafeMutablePointer<UInt8>
}

private func withPixels(_ inputs: [Texture], _ output: UnsafeMutablePointer<UInt8>, _ body: (Pixels) -> Void) {
    let arrays = inputs.map(\.rgba8Bytes)
    func nest(_ index: Int, _ pointers: [UnsafePointer<UInt8>]) {
        if index == arrays.count {
            body(Pixels(inputs: pointers, output: output))
            return
        }
        arrays[index].withUnsafeBufferPointer { nest(index + 1, pointers + [$0.baseAddress!]) }
    }
    nest(0, [])
}

@inline(__always)
private func store(_ value: Float) -> UInt8 {
    UInt8(min(max(value, 0), 1) * 255 + 0.5)
}

private let inverse255: Float = 1 / 255

private func nativeGrayscale(_ inputs: [Texture], _ output: UnsafeMutablePointer<UInt8>, _ width: Int, _ height: Int, _ threads: Int) {
    withPixels(inputs, output) { pixels in
        ParallelRows.forEachBand(height: height, threads: threads) { rows in
            let source = pixels.inputs[0]
            let destination = pixels.output
            for i in rows.lowerBound * width..<rows.upperBound * width {
                let r = Float(source[4 * i]) * inverse255
                let g = Float(source[4 * i + 1]) * inverse255
                let b = Float(source[4 * i + 2]) * inverse255
                let l = store(r * 0.2125 + g * 0.7154 + b * 0.0721)
                destination[4 * i] = l
                destination[4 * i + 1] = l
                destination[4 * i + 2] = l
                destination[4 * i + 3] = source[4 * i + 3]
            }
        }
    }
}

private func nativeAlphaBlend(_ inputs: [Texture], _ output: UnsafeMutablePointer<UInt8>, _ width: Int, _ height: Int, _ threads: Int) {
    withPixels(inputs, output) { pixels in
        ParallelRows.forEachBand(height: height, threads: threads) { rows in
            let base = pixels.inputs[0]
            let overlay = pixels.inputs[1]
            let destination = pixels.output
            for i in rows.lowerBound * width..<rows.upperBound * width {
                let a = Float(overlay[4 * i + 3]) * inverse255 * 0.5
                for c in 0..<3 {
                    let x = Float(base[4 * i + c]) * inverse255
                    let y = Float(overlay[4 * i + c]) * inverse255
                    destination[4 * i + c] = store(x + (y - x) * a)
                }
                destination[4 * i + 3] = base[4 * i + 3]
            }
        }
    }
}

private let gaussianWeights: [Float] = [0.028532, 0.067234, 0.124009, 0.179044, 0.20236, 0.179044, 0.124009, 0.067234, 0.028532]

private func nativeGaussian9(_ inputs: [Texture], _ output: UnsafeMutablePointer<UInt8>, _ width: Int, _ height: Int, _ threads: Int) {
    withPixels(inputs, output) { pixels in
        ParallelRows.forEachBand(height: height, threads: threads) { rows in
            let source = pixels.inputs[0]
            let destination = pixels.output
            gaussianWeights.withUnsafeBufferPointer { weights in
                for y in rows {
                    let row = y * width
                    for x in 0..<width {
                        var sum = SIMD4<Float>(repeating: 0)
                        for k in 0..<9 {
                            let sx = min(max(x + k - 4, 0), width - 1)  // clamp to edge
                            let p = 4 * (row + sx)
                            let texel = SIMD4<Float>(Float(source[p]), Float(source[p + 1]), Float(source[p + 2]), Float(source[p + 3]))
                            sum += texel * (inverse255 * weights[k])
                        }
                        let o = 4 * (row + x)
                        destination[o] = store(sum.x)
                        destination[o + 1] = store(sum.y)
                        destination[o + 2] = store(sum.z)
                        destination[o + 3] = store(sum.w)
                    }
                }
            }
        }
    }
}

private func nativeProcedural(_ inputs: [Texture], _ output: UnsafeMutablePointer<UInt8>, _ width: Int, _ height: Int, _ threads: Int) {
    let time: Float = 0.25
    let out = Pixels(inputs: [], output: output)
    ParallelRows.forEachBand(height: height, threads: threads) { rows in
        let destination = out.output
        for y in rows {
            let v = (Float(y) + 0.5) / Float(height)
            for x in 0..<width {
                let u = (Float(x) + 0.5) / Float(width)
                var value: Float = 0
                var frequency: Float = 3
                var amplitude: Float = 0.5
                for _ in 0..<8 {
                    value += amplitude * LlvmpipeMath.sin(u * frequency + time) * LlvmpipeMath.cos(v * frequency - time)
                    frequency *= 1.7
                    amplitude *= 0.6
                }
                let o = 4 * (y * width + x)
                let scaled = value * 4
                destination[o] = store(0.5 + 0.5 * value)
                destination[o + 1] = store(scaled - scaled.rounded(.down))
                destination[o + 2] = store(u * v)
                destination[o + 3] = 255
            }
        }
    }
}
