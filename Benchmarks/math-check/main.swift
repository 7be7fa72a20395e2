// math-check: Shade's transcendental functions against llvmpipe's bits, and their speed.
//
//   swift run -c release math-check compare DIR   # DIR from scripts/measure-transcendentals
//   swift run -c release math-check bench         # ns per call, LlvmpipeMath vs libm
//
// `compare` reads DIR/NAME.bin (little-endian UInt32 records: the argument bits, one or two,
// then llvmpipe's result bits) and prints, per function, how many results are bit-exact and
// the largest distance in ulps, for LlvmpipeMath (now) and for libm (Shade before issue 14).
// Distances count float steps between the bit patterns, so a sign difference near 0, a flushed
// denormal or an argument beyond llvmpipe's range reduction (|x| > 2^31 * pi/4 for sin/cos)
// shows as hundreds of millions; the "≤ 1 ulp" column says how often results are that close.
// Everything runs with denormals flushed, as shading does.
import Foundation
import ShaderCompiler
import ShaderSemantics

/// Shade's built-ins before issue 14: libm, with the measured undefined cases.
enum LibmMath {
    static func pow(_ x: Float, _ y: Float) -> Float {
        let isInvalid = (x == 1 && y.isInfinite) || (x == .infinity && y == 0)
        let positive = y.isNaN ? y : (isInvalid ? -Float.nan : powf(x, y))
        return x > 0 ? positive : (x < 0 ? .nan : 0)
    }
    static func atan2(_ y: Float, _ x: Float) -> Float {
        let bothZero = y == 0 && x == 0
        let bothInfinite = y.isInfinite && x.isInfinite
        let magnitude = bothZero || x < 0 ? Float(bitPattern: 0x4016_cbd6) : Float(bitPattern: 0x3f49_0fa3)
        let special = y.sign == .minus ? -magnitude : magnitude
        let r = bothZero || bothInfinite ? special : atan2f(y, x)
        return y.isNaN || x.isNaN ? 0 : r
    }
    static func atan(_ x: Float) -> Float { x.isNaN ? 0 : atanf(x) }
}

struct Function: Sendable {
    let name: String
    let arity: Int
    let now: @Sendable (Float, Float) -> Float
    let before: @Sendable (Float, Float) -> Float
}

func unary(_ name: String, _ now: @escaping @Sendable (Float) -> Float, _ before: @escaping @Sendable (Float) -> Float) -> Function {
    Function(name: name, arity: 1, now: { x, _ in now(x) }, before: { x, _ in before(x) })
}

let functions: [Function] = [
    unary("sin", LlvmpipeMath.sin, sinf),
    unary("cos", LlvmpipeMath.cos, cosf),
    unary("tan", LlvmpipeMath.tan, tanf),
    unary("asin", LlvmpipeMath.asin, asinf),
    unary("acos", LlvmpipeMath.acos, acosf),
    unary("atan", LlvmpipeMath.atan, LibmMath.atan),
    Function(name: "atan2", arity: 2, now: LlvmpipeMath.atan2, before: LibmMath.atan2),
    unary("exp", LlvmpipeMath.exp, expf),
    unary("exp2", LlvmpipeMath.exp2, exp2f),
    unary("log", LlvmpipeMath.log, logf),
    unary("log2", LlvmpipeMath.log2, log2f),
    Function(name: "pow", arity: 2, now: LlvmpipeMath.pow, before: LibmMath.pow),
    unary("sqrt", LlvmpipeMath.sqrt, { $0.squareRoot() }),
    unary("inversesqrt", LlvmpipeMath.inverseSqrt, { 1 / $0.squareRoot() }),
    unary("sinh", LlvmpipeMath.sinh, sinhf),
    unary("cosh", LlvmpipeMath.cosh, coshf),
    unary("tanh", LlvmpipeMath.tanh, tanhf),
    unary("asinh", LlvmpipeMath.asinh, asinhf),
    unary("acosh", LlvmpipeMath.acosh, acoshf),
    unary("atanh", LlvmpipeMath.atanh, atanhf),
]

/// Distance in ulps between two floats (0 for two NaNs, nil for NaN against a number).
func ulps(_ a: Float, _ b: Float) -> UInt64? {
    if a.isNaN || b.isNaN { return a.isNaN && b.isNaN ? 0 : nil }
    func ordered(_ f: Float) -> Int64 {
        let i = Int64(Int32(bitPattern: f.bitPattern))
        return i < 0 ? Int64(Int32.min) - i : i
    }
    return UInt64((ordered(a) - ordered(b)).magnitude)
}

struct Tally {
    var exact = 0, withinOne = 0, maxUlps: UInt64 = 0, nanMismatch = 0
    mutating func add(_ got: Float, _ want: Float) {
        if got.bitPattern == want.bitPattern || (got.isNaN && want.isNaN) { exact += 1; return }
        if let d = ulps(got, want) {
            maxUlps = max(maxUlps, d)
            if d <= 1 { withinOne += 1 }
        } else {
            nanMismatch += 1
        }
    }
    func describe(_ n: Int) -> String {
        let pct = n == 0 ? 0 : 100 * Double(exact) / Double(n)
        let maxText = nanMismatch > 0 ? "\(maxUlps) (+\(nanMismatch) NaN/number)" : "\(maxUlps)"
        let one = n == 0 ? 0 : 100 * Double(exact + withinOne) / Double(n)
        return String(format: "%9.5f%% | %9.5f%% | ", pct, one) + maxText
    }
}

@MainActor func compare(_ dir: String) {
    print("| function | inputs | LlvmpipeMath bit-exact | ≤ 1 ulp | max ulps | libm bit-exact | ≤ 1 ulp | max ulps |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    var allExact = true
    for f in functions {
        let path = dir + "/" + f.name + ".bin"
        guard let data = FileManager.default.contents(atPath: path) else { continue }
        let words = data.withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) }
        let stride = f.arity + 1, n = words.count / stride
        var now = Tally(), before = Tally()
        DenormalFlushing.perform {
            for i in 0..<n {
                let x = Float(bitPattern: words[i * stride])
                let y = f.arity == 2 ? Float(bitPattern: words[i * stride + 1]) : 0
                let want = Float(bitPattern: words[i * stride + f.arity])
                now.add(f.now(x, y), want)
                before.add(f.before(x, y), want)
            }
        }
        if now.exact != n { allExact = false }
        print("| \(f.name) | \(n) | \(now.describe(n)) | \(before.describe(n)) |")
    }
    if !allExact { exit(1) }
}

@MainActor func bench() {
    // Arguments in each function's usual range; 1M calls, best of 5.
    let n = 1 << 20
    func inputs(_ lo: Float, _ hi: Float) -> [Float] {
        (0..<n).map { lo + (hi - lo) * Float($0) / Float(n) }
    }
    let ranges: [String: (Float, Float)] = [
        "asin": (-1, 1), "acos": (-1, 1), "atanh": (-0.99, 0.99), "log": (0.001, 1000), "log2": (0.001, 1000),
        "pow": (0.001, 100), "sqrt": (0, 1000), "inversesqrt": (0.001, 1000), "acosh": (1, 1000),
        "exp": (-80, 80), "exp2": (-120, 120), "sinh": (-80, 80), "cosh": (-80, 80),
    ]
    print("| function | LlvmpipeMath ns/call | libm ns/call |")
    print("| --- | --- | --- |")
    for f in functions {
        let (lo, hi) = ranges[f.name] ?? (-100, 100)
        let xs = inputs(lo, hi), ys = inputs(0.5, 2.5)
        func time(_ g: (Float, Float) -> Float) -> Double {
            var best = Double.infinity
            var sink: Float = 0
            for _ in 0..<5 {
                let t0 = DispatchTime.now().uptimeNanoseconds
                for i in 0..<n { sink += g(xs[i], ys[i]) }
                let t1 = DispatchTime.now().uptimeNanoseconds
                best = min(best, Double(t1 - t0) / Double(n))
            }
            if sink == 12345.678 { print(sink) }
            return best
        }
        let (a, b) = DenormalFlushing.perform { (time(f.now), time(f.before)) }
        print(String(format: "| %@ | %.2f | %.2f |", f.name, a, b))
    }
}

let args = CommandLine.arguments
switch args.count > 1 ? args[1] : "" {
case "compare" where args.count == 3: compare(args[2])
case "bench": bench()
default:
    print("usage: math-check compare DIR | math-check bench")
    exit(2)
}
