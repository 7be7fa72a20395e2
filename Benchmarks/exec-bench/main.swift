// exec-bench: shades 3840x2160 grayscale (and a two-input blend) through the closure runtime,
// one thread and all threads, beside a native Swift loop doing the same math in the same run.
// Texture preparation (the analogue of a GL upload) happens once, outside the timed draws.
// Build and run: swift run -c release exec-bench [--width W --height H --repeat N]

import Dispatch
import Foundation
import Framebuffers
import ShaderCompiler
import ShaderExecution
import ShaderSemantics

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

/// GLSL compiled through the whole front end (parse, check, lower).
func glsl(_ source: String) -> Program {
    do {
        return try Compiler.compile(try compileFrontEnd(source: source, name: "bench.fsh", stage: .fragment))
    } catch {
        print("bench shader failed to compile: \(error)")
        exit(70)
    }
}

let boxBlurSource = """
    precision highp float;
    varying vec2 textureCoordinate;
    uniform sampler2D inputImageTexture;
    uniform float texelWidth;
    uniform float texelHeight;
    void main() {
        vec2 dx = vec2(texelWidth, 0.0);
        vec2 dy = vec2(0.0, texelHeight);
        vec4 sum = vec4(0.0);
        sum += texture2D(inputImageTexture, textureCoordinate - dx - dy);
        sum += texture2D(inputImageTexture, textureCoordinate - dy);
        sum += texture2D(inputImageTexture, textureCoordinate + dx - dy);
        sum += texture2D(inputImageTexture, textureCoordinate - dx);
        sum += texture2D(inputImageTexture, textureCoordinate);
        sum += texture2D(inputImageTexture, textureCoordinate + dx);
        sum += texture2D(inputImageTexture, textureCoordinate - dx + dy);
        sum += texture2D(inputImageTexture, textureCoordinate + dy);
        sum += texture2D(inputImageTexture, textureCoordinate + dx + dy);
        gl_FragColor = sum / 9.0;
    }
    """

let proceduralSource = """
    precision highp float;
    uniform vec2 u_resolution;
    void main() {
        vec2 p = gl_FragCoord.xy / u_resolution;
        float v = 0.0;
        for (int i = 1; i <= 4; i++) {
            float f = float(i) * 3.0;
            v += sin(p.x * f + float(i)) * cos(p.y * f - float(i)) / float(i);
        }
        gl_FragColor = vec4(0.5 + 0.5 * v, fract(v * 4.0), smoothstep(0.0, 1.0, p.x * p.y), 1.0);
    }
    """

// MARK: Native loops (the same math, written by hand over raw pointers)

/// 3x3 box blur reading the nine texels directly (clamped at the edges).
func nativeBlurRows(_ rows: Range<Int>, _ input: UnsafePointer<UInt8>, _ out: UnsafeMutablePointer<UInt8>) {
    let width = Config.values.width, height = Config.values.height
    let k = SIMD4<Float>(repeating: Float(1.0 / 255.0))
    for y in rows {
        let ys = [max(y - 1, 0), y, min(y + 1, height - 1)]
        for x in 0..<width {
            let xs = [max(x - 1, 0), x, min(x + 1, width - 1)]
            var sum = SIMD4<Float>()
            for yy in ys {
                for xx in xs {
                    let p = input + (yy * width + xx) * 4
                    sum += SIMD4<Float>(SIMD4<Int32>(Int32(p[0]), Int32(p[1]), Int32(p[2]), Int32(p[3]))) * k
                }
            }
            let c = sum / 9
            let o = out + (y * width + x) * 4
            o[0] = Texture.unorm8(c.x); o[1] = Texture.unorm8(c.y); o[2] = Texture.unorm8(c.z); o[3] = Texture.unorm8(c.w)
        }
    }
}

/// The procedural shader's math per pixel.
func nativeProceduralRows(_ rows: Range<Int>, _ out: UnsafeMutablePointer<UInt8>) {
    let width = Config.values.width, height = Config.values.height
    let w = Float(width), h = Float(height)
    for y in rows {
        for x in 0..<width {
            let px = (Float(x) + 0.5) / w, py = (Float(y) + 0.5) / h
            var v: Float = 0
            for i in 1...4 {
                let f = Float(i) * 3
                v += sinf(px * f + Float(i)) * cosf(py * f - Float(i)) / Float(i)
            }
            let t = min(max(px * py, 0), 1)
            let o = out + (y * width + x) * 4
            o[0] = Texture.unorm8(0.5 + 0.5 * v); o[1] = Texture.unorm8(v * 4 - (v * 4).rounded(.down))
            o[2] = Texture.unorm8(t * t * (3 - 2 * t)); o[3] = 255
        }
    }
}


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

/// Grayscale with GL's texture addressing written inline, as a shader compiler would emit it:
/// texture coordinate at the pixel centre, `x = s * W - 0.5`, floor, 8-bit weights, clamp, and
/// the fixed-point bilinear filter (which reduces to one texel at texel centres).
func nativeSampledRows(_ rows: Range<Int>, _ input: UnsafePointer<UInt8>, _ out: UnsafeMutablePointer<UInt8>) {
    let width = Config.values.width, height = Config.values.height
    let wf = Float(width), hf = Float(height), k = Float(1.0 / 255.0), magic: Float = 12_582_912
    @inline(__always) func split(_ v: Float) -> (Int, Float) {
        let n = (v + magic) - magic
        let f = n > v ? n - 1 : n
        return (Int(Int32(bitPattern: (f + magic).bitPattern) &- Int32(bitPattern: magic.bitPattern)), v - f)
    }
    for y in rows {
        let t = (Float(y) + 0.5) / hf
        let (iy, fy) = split(t * hf - 0.5)
        let wy = Int32(bitPattern: (fy * 256 + magic).bitPattern) &- Int32(bitPattern: magic.bitPattern)
        let y0 = min(max(iy, 0), height - 1), y1 = min(max(iy + 1, 0), height - 1)
        for x in 0..<width {
            let s = (Float(x) + 0.5) / wf
            let (ix, fx) = split(s * wf - 0.5)
            let wx = Int32(bitPattern: (fx * 256 + magic).bitPattern) &- Int32(bitPattern: magic.bitPattern)
            let x0 = min(max(ix, 0), width - 1), x1 = min(max(ix + 1, 0), width - 1)
            let p00 = input + (y0 &* width &+ x0) &* 4
            var c = SIMD4<Int32>(Int32(p00[0]), Int32(p00[1]), Int32(p00[2]), Int32(p00[3]))
            if wx != 0 || wy != 0 {
                let p10 = input + (y0 &* width &+ x1) &* 4, p01 = input + (y1 &* width &+ x0) &* 4
                let p11 = input + (y1 &* width &+ x1) &* 4
                let c10 = SIMD4<Int32>(Int32(p10[0]), Int32(p10[1]), Int32(p10[2]), Int32(p10[3]))
                let c01 = SIMD4<Int32>(Int32(p01[0]), Int32(p01[1]), Int32(p01[2]), Int32(p01[3]))
                let c11 = SIMD4<Int32>(Int32(p11[0]), Int32(p11[1]), Int32(p11[2]), Int32(p11[3]))
                let half = SIMD4<Int32>(repeating: 128)
                let top = c &+ (((c10 &- c) &* wx &+ half) &>> 8)
                let bottom = c01 &+ (((c11 &- c01) &* wx &+ half) &>> 8)
                c = top &+ (((bottom &- top) &* wy &+ half) &>> 8)
            }
            let f = SIMD4<Float>(c) * k
            let l = f.x * 0.2125 + (f.y * 0.7154 + f.z * 0.0721)
            let i = (y * width + x) * 4
            let o = Texture.unorm8(l)
            out[i] = o; out[i + 1] = o; out[i + 2] = o; out[i + 3] = Texture.unorm8(f.w)
        }
    }
}

struct Pointers: @unchecked Sendable {
    let a: UnsafePointer<UInt8>, b: UnsafePointer<UInt8>, out: UnsafeMutablePointer<UInt8>
}

func native(threads: Int, _ p: Pointers, kind: String, sampled: Bool = false) {
    let height = Config.values.height
    let body = { @Sendable (rows: Range<Int>) in
        switch kind {
        case "blend": nativeBlendRows(rows, p.a, p.b, p.out, 0.7)
        case "boxblur": nativeBlurRows(rows, p.a, p.out)
        case "procedural": nativeProceduralRows(rows, p.out)
        default:
            if sampled { nativeSampledRows(rows, p.a, p.out) } else { nativeRows(rows, p.a, p.out) }
        }
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
for (name, program, inputs, uniforms) in [
    ("grayscale", grayscaleProgram(), [inputA], [String: [Float]]()),
    ("blend", blendProgram(), [inputA, inputB], ["mixturePercent": [0.7]]),
    ("boxblur", glsl(boxBlurSource), [inputA], ["texelWidth": [1 / Float(width)], "texelHeight": [1 / Float(height)]]),
    ("procedural", glsl(proceduralSource), [], ["u_resolution": [Float(width), Float(height)]]),
] where Config.values.only == nil || Config.values.only == name {
    let isBlend = name != "grayscale"
    for threads in Config.values.threads.map({ [$0] }) ?? Set([1, cores]).sorted() {
        let target = Framebuffer(width: width, height: height)
        let executor = Executor(schedule: Schedule(threadCount: threads))
        var draw = DrawCall(fragment: program, uniforms: uniforms)
        draw.preparedInputs = inputs.map { SampledTexture($0) }  // "upload" once, as GL does
        let runtime = try median { try executor.render(draw, into: target) }
        var note = ""
        if !isBlend {
            let sampledTime = median { native(threads: threads, pointers, kind: name, sampled: true) }
            let same = memcmp(target.rgba8Pointer, nativeOut, width * height * 4) == 0
            note = "\n    same math with GL's texture addressing written inline: "
                + String(format: "%.1f ms, runtime/that %.2fx", sampledTime, runtime / sampledTime)
                + (same ? "" : "  (OUTPUT DIFFERS)")
        }
        let nativeTime = median { native(threads: threads, pointers, kind: name) }
        // The two must agree bit for bit.
        let same = memcmp(target.rgba8Pointer, nativeOut, width * height * 4) == 0
        print(
            name.padding(toLength: 11, withPad: " ", startingAt: 0)
                + String(format: "%7d  %10.1f  %6.0f   %9.1f  %6.0f   %6.2fx%@", threads, runtime, megapixels / runtime * 1000,
                         nativeTime, megapixels / nativeTime * 1000, runtime / nativeTime, same ? "" : "  (OUTPUT DIFFERS)")
                + note
        )
    }
}
