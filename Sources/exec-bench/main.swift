// exec-bench: shades 3840x2160 grayscale (and a two-input blend) through the closure runtime,
// one thread and all threads, beside a native Swift loop doing the same math in the same run.
// Texture preparation (the analogue of a GL upload) happens once, outside the timed draws.
// Build and run: swift run -c release exec-bench [--width W --height H --repeat N]

import Dispatch
import Foundation
import Framebuffers
import ShaderCompiler
import ShaderExecution

enum Config {
    static let values: (width: Int, height: Int, repeats: Int, only: String?, threads: Int?) = {
        var width = 3840, height = 2160, repeats = 7
        var only: String?, threads: Int?
        var arguments = CommandLine.arguments.dropFirst().makeIterator()
        while let a = arguments.next() {
            switch a {
            case "--width": width = Int(arguments.next() ?? "") ?? width
            case "--height": height = Int(arguments.next() ?? "") ?? height
            case "--repeat": repeats = Int(arguments.next() ?? "") ?? repeats
            case "--shader": only = arguments.next()
            case "--threads": threads = Int(arguments.next() ?? "")
            default:
                print("usage: exec-bench [--width W] [--height H] [--repeat N] [--shader grayscale|blend] [--threads N]")
                exit(64)
            }
        }
        return (width, height, repeats, only, threads)
    }()
}
let width = Config.values.width, height = Config.values.height, repeats = Config.values.repeats

func noise(seed: UInt32) -> Texture {
    var state = seed
    var bytes = [UInt8](repeating: 0, count: width * height * 4)
    for i in bytes.indices {
        state = state &* 1_664_525 &+ 1_013_904_223
        bytes[i] = UInt8(truncatingIfNeeded: state >> 24)
    }
    return Texture(width: width, height: height, rgba8: bytes)
}

func median(_ body: () throws -> Void) rethrows -> Double {
    try body()  // warm-up
    var times: [Double] = []
    for _ in 0..<repeats {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    return times.sorted()[times.count / 2]
}

// MARK: Programs

func grayscaleProgram() -> Program {
    let b = ProgramBuilder()
    let color = b.texture2D(b.sampler("inputImageTexture"), b.input("textureCoordinate", width: 2))
    let l = b.dot(color.swizzled([0, 1, 2]), .constant(0.2125, 0.7154, 0.0721))
    b.store(.concatenating([l.splat(3), color[3]]), into: b.output("gl_FragColor", width: 4))
    return b.finish()
}

func blendProgram() -> Program {
    let b = ProgramBuilder()
    let base = b.texture2D(b.sampler("inputImageTexture"), b.input("textureCoordinate", width: 2))
    let overlay = b.texture2D(b.sampler("inputImageTexture2"), b.input("textureCoordinate2", width: 2))
    let amount = b.multiply(overlay[3], b.uniform("mixturePercent", width: 1))
    let rgb = b.call(.mix, base.swizzled([0, 1, 2]), overlay.swizzled([0, 1, 2]), amount)
    b.store(.concatenating([rgb, base[3]]), into: b.output("gl_FragColor", width: 4))
    return b.finish()
}

// MARK: Native loops (the same math, written by hand over raw pointers)

func nativeRows(_ rows: Range<Int>, _ input: UnsafePointer<UInt8>, _ out: UnsafeMutablePointer<UInt8>) {
    let width = Config.values.width
    let k = Float(1.0 / 255.0)
    for y in rows {
        for x in 0..<width {
            let i = (y * width + x) * 4
            let r = Float(input[i]) * k, g = Float(input[i + 1]) * k, b = Float(input[i + 2]) * k
            let l = r * 0.2125 + (g * 0.7154 + b * 0.0721)
            let o = Texture.unorm8(l)
            out[i] = o; out[i + 1] = o; out[i + 2] = o; out[i + 3] = input[i + 3]
        }
    }
}

func nativeBlendRows(_ rows: Range<Int>, _ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ out: UnsafeMutablePointer<UInt8>, _ mix: Float) {
    let width = Config.values.width
    let k = Float(1.0 / 255.0)
    for y in rows {
        for x in 0..<width {
            let i = (y * width + x) * 4
            let t = Float(b[i + 3]) * k * mix
            for c in 0..<3 {
                let p = Float(a[i + c]) * k, q = Float(b[i + c]) * k
                out[i + c] = Texture.unorm8(p + (q - p) * t)
            }
            out[i + 3] = a[i + 3]
        }
    }
}

struct Pointers: @unchecked Sendable {
    let a: UnsafePointer<UInt8>, b: UnsafePointer<UInt8>, out: UnsafeMutablePointer<UInt8>
}

func native(threads: Int, _ p: Pointers, blend: Bool) {
    let height = Config.values.height
    let body = { @Sendable (rows: Range<Int>) in
        if blend { nativeBlendRows(rows, p.a, p.b, p.out, 0.7) } else { nativeRows(rows, p.a, p.out) }
    }
    if threads == 1 { body(0..<height); return }
    let chunk = 16
    let chunks = (height + chunk - 1) / chunk
    DispatchQueue.concurrentPerform(iterations: threads) { w in
        var c = w
        while c < chunks { body((c * chunk)..<min(height, (c + 1) * chunk)); c += threads }
    }
}

// MARK: Run

let inputA = noise(seed: 1), inputB = noise(seed: 2)
guard case .rgba8(let bytesA) = inputA.storage, case .rgba8(let bytesB) = inputB.storage else { fatalError() }
let pa = UnsafeMutablePointer<UInt8>.allocate(capacity: bytesA.count); pa.initialize(from: bytesA, count: bytesA.count)
let pb = UnsafeMutablePointer<UInt8>.allocate(capacity: bytesB.count); pb.initialize(from: bytesB, count: bytesB.count)
let nativeOut = UnsafeMutablePointer<UInt8>.allocate(capacity: bytesA.count)
let pointers = Pointers(a: pa, b: pb, out: nativeOut)
let megapixels = Double(width * height) / 1e6
let cores = Schedule.coreCount

print("exec-bench \(width)x\(height), median of \(repeats), \(cores) cores")
print("shader     threads  runtime ms  Mpix/s   native ms  Mpix/s   runtime/native")
for (name, program, inputs, uniforms, isBlend) in [
    ("grayscale", grayscaleProgram(), [inputA], [String: [Float]](), false),
    ("blend", blendProgram(), [inputA, inputB], ["mixturePercent": [0.7]], true),
] where Config.values.only == nil || Config.values.only == name {
    for threads in Config.values.threads.map({ [$0] }) ?? Set([1, cores]).sorted() {
        let target = Framebuffer(width: width, height: height)
        let executor = Executor(schedule: Schedule(threadCount: threads))
        var draw = DrawCall(fragment: program, uniforms: uniforms)
        draw.preparedInputs = inputs.map { SampledTexture($0) }  // "upload" once, as GL does
        let runtime = try median { try executor.render(draw, into: target) }
        let nativeTime = median { native(threads: threads, pointers, blend: isBlend) }
        // The two must agree bit for bit.
        let same = memcmp(target.rgba8Pointer, nativeOut, width * height * 4) == 0
        print(
            name.padding(toLength: 11, withPad: " ", startingAt: 0)
                + String(format: "%7d  %10.1f  %6.0f   %9.1f  %6.0f   %6.2fx%@", threads, runtime, megapixels / runtime * 1000,
                         nativeTime, megapixels / nativeTime * 1000, runtime / nativeTime, same ? "" : "  (OUTPUT DIFFERS)")
        )
    }
}
