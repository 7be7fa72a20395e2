import Foundation
import ShaderSemantics
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `LlvmpipeMath` against llvmpipe's own results (the fixture `Expectations/
/// llvmpipe-transcendentals.txt`, rendered by `scripts/measure-transcendentals --fixture`), and
/// against double-precision math and identities that hold whatever the algorithm.
@Suite("LlvmpipeMath")
struct LlvmpipeMathTests {
    static let fixtureURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .appendingPathComponent("Expectations/llvmpipe-transcendentals.txt")

    /// One fixture row: function name, argument bits, llvmpipe's result bits.
    struct Row { var name: String; var args: [UInt32]; var result: UInt32 }

    static func rows() throws -> [Row] {
        let text = try String(contentsOf: fixtureURL, encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let f = line.split(separator: " ")
            let bits = f.dropFirst().map { UInt32($0, radix: 16)! }
            return Row(name: String(f[0]), args: Array(bits.dropLast()), result: bits.last!)
        }
    }

    static let functions: [String: @Sendable ([Float]) -> Float] = [
        "sin": { LlvmpipeMath.sin($0[0]) }, "cos": { LlvmpipeMath.cos($0[0]) },
        "tan": { LlvmpipeMath.tan($0[0]) }, "asin": { LlvmpipeMath.asin($0[0]) },
        "acos": { LlvmpipeMath.acos($0[0]) }, "atan": { LlvmpipeMath.atan($0[0]) },
        "atan2": { LlvmpipeMath.atan2($0[0], $0[1]) }, "exp": { LlvmpipeMath.exp($0[0]) },
        "exp2": { LlvmpipeMath.exp2($0[0]) }, "log": { LlvmpipeMath.log($0[0]) },
        "log2": { LlvmpipeMath.log2($0[0]) }, "pow": { LlvmpipeMath.pow($0[0], $0[1]) },
        "sqrt": { LlvmpipeMath.sqrt($0[0]) }, "inversesqrt": { LlvmpipeMath.inverseSqrt($0[0]) },
        "sinh": { LlvmpipeMath.sinh($0[0]) }, "cosh": { LlvmpipeMath.cosh($0[0]) },
        "tanh": { LlvmpipeMath.tanh($0[0]) }, "asinh": { LlvmpipeMath.asinh($0[0]) },
        "acosh": { LlvmpipeMath.acosh($0[0]) }, "atanh": { LlvmpipeMath.atanh($0[0]) },
    ]

    /// Runs `body` with denormals flushed (FTZ and DAZ), as llvmpipe and Shade's shading do.
    static func flushingDenormals<R>(_ body: () throws -> R) rethrows -> R {
        #if os(Linux) && arch(x86_64)
        var saved = fenv_t()
        fegetenv(&saved)
        var flushing = saved
        flushing.__mxcsr |= 0x8040
        fesetenv(&flushing)
        defer { fesetenv(&saved) }
        #endif
        return try body()
    }

    @Test("every fixture result is llvmpipe's bits (NaN as NaN)")
    func fixture() throws {
        let rows = try Self.rows()
        var perFunction: [String: Int] = [:]
        var mismatches: [String] = []
        Self.flushingDenormals {
            for row in rows {
                guard let f = Self.functions[row.name] else {
                    mismatches.append("unknown function \(row.name)")
                    continue
                }
                perFunction[row.name, default: 0] += 1
                let got = f(row.args.map(Float.init(bitPattern:)))
                let want = Float(bitPattern: row.result)
                if got.bitPattern != want.bitPattern && !(got.isNaN && want.isNaN) {
                    let args = row.args.map { String($0, radix: 16) }.joined(separator: ", ")
                    mismatches.append("\(row.name)(0x\(args)) = 0x\(String(got.bitPattern, radix: 16)), llvmpipe 0x\(String(row.result, radix: 16))")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10).joined(separator: "\n"))")
        // Every function is covered by a few hundred rows.
        for name in Self.functions.keys { #expect(perFunction[name, default: 0] >= 300, "\(name)") }
    }

    /// Largest absolute (or relative) error of `f` against `reference` over n points of [lo, hi].
    static func maxError(
        _ f: (Float) -> Float, _ reference: (Double) -> Double, _ lo: Float, _ hi: Float,
        relative: Bool = false, n: Int = 20_001
    ) -> Double {
        flushingDenormals {
            (0..<n).reduce(0) { worst, i in
                let x = lo + (hi - lo) * Float(i) / Float(n - 1)
                let r = reference(Double(x)), e = abs(Double(f(x)) - r)
                return Swift.max(worst, relative ? e / Swift.max(abs(r), 1e-30) : e)
            }
        }
    }

    @Test("accuracy against double precision")
    func accuracy() {
        #expect(Self.maxError(LlvmpipeMath.sin, Foundation.sin, -1e4, 1e4) < 1.5e-7)
        #expect(Self.maxError(LlvmpipeMath.cos, Foundation.cos, -1e4, 1e4) < 1.5e-7)
        #expect(Self.maxError(LlvmpipeMath.tan, Foundation.tan, -1.4, 1.4, relative: true) < 5e-7)
        #expect(Self.maxError(LlvmpipeMath.exp2, Foundation.exp2, -126, 127, relative: true) < 5e-7)
        #expect(Self.maxError(LlvmpipeMath.exp, Foundation.exp, -87, 88, relative: true) < 1e-5)
        #expect(Self.maxError(LlvmpipeMath.log2, Foundation.log2, 1e-3, 1e3) < 1.5e-6)
        #expect(Self.maxError(LlvmpipeMath.log, Foundation.log, 1e-3, 1e3) < 1.5e-6)
        #expect(Self.maxError({ LlvmpipeMath.pow($0, 2.5) }, { Foundation.pow($0, 2.5) }, 0.01, 100, relative: true) < 5e-6)
        #expect(Self.maxError(LlvmpipeMath.atan, Foundation.atan, -1e3, 1e3) < 5e-6)
        #expect(Self.maxError({ LlvmpipeMath.atan2($0, 0.75) }, { Foundation.atan2($0, 0.75) }, -50, 50) < 5e-6)
        #expect(Self.maxError({ LlvmpipeMath.atan2($0, -0.75) }, { Foundation.atan2($0, -0.75) }, -50, 50) < 5e-6)
        // Mesa's front end approximates asin and acos coarsely.
        #expect(Self.maxError(LlvmpipeMath.asin, Foundation.asin, -1, 1) < 5e-4)
        #expect(Self.maxError(LlvmpipeMath.acos, Foundation.acos, -1, 1) < 2.5e-4)
        // (exp(x) - exp(-x)) / 2 cancels near 0: relative error bounded away from it.
        #expect(Self.maxError(LlvmpipeMath.sinh, Foundation.sinh, 0.5, 10, relative: true) < 1e-5)
        #expect(Self.maxError(LlvmpipeMath.tanh, Foundation.tanh, -5, 5) < 1e-6)
        #expect(Self.maxError(LlvmpipeMath.atanh, Foundation.atanh, -0.9, 0.9) < 2e-6)
    }

    @Test("identities: symmetry, exact powers of two, range, special values")
    func identities() {
        Self.flushingDenormals {
            for i in 0..<5000 {
                let x = Float(i) * 0.037 - 80
                #expect(LlvmpipeMath.sin(-x).bitPattern == (-LlvmpipeMath.sin(x)).bitPattern)
                #expect(LlvmpipeMath.cos(-x) == LlvmpipeMath.cos(x))
                #expect(abs(LlvmpipeMath.sin(x)) <= 1 && abs(LlvmpipeMath.cos(x)) <= 1)
                #expect(LlvmpipeMath.tan(x) == LlvmpipeMath.sin(x) / LlvmpipeMath.cos(x))
                #expect(LlvmpipeMath.atan(-x) == -LlvmpipeMath.atan(x))
            }
            for k in -126...127 {
                #expect(LlvmpipeMath.exp2(Float(k)) == Float(sign: .plus, exponent: k, significand: 1))
                #expect(LlvmpipeMath.log2(Float(sign: .plus, exponent: k, significand: 1)) == Float(k))
            }
            #expect(LlvmpipeMath.exp2(128) == .infinity && LlvmpipeMath.exp2(-1000) == 0)
            #expect(LlvmpipeMath.log2(0) == -.infinity && LlvmpipeMath.log2(.infinity) == .infinity)
            #expect(LlvmpipeMath.log2(-1).isNaN && LlvmpipeMath.log2(.nan).isNaN)
            #expect(LlvmpipeMath.sin(.infinity).isNaN && LlvmpipeMath.cos(.nan).isNaN)
            #expect(LlvmpipeMath.pow(0, -1) == 0 && LlvmpipeMath.pow(.nan, 0) == 0 && LlvmpipeMath.pow(-2, 2).isNaN)
            #expect(LlvmpipeMath.atan(.nan) == 0 && LlvmpipeMath.atan(.infinity) == Float(bitPattern: 0x3fc9_0fdb))
            // llvmpipe's polynomial at 1, not π/4: atan(1) and atan(Inf, Inf).
            #expect(LlvmpipeMath.atan(1) == Float(bitPattern: 0x3f49_0fa3))
            #expect(LlvmpipeMath.atan2(.infinity, .infinity) == Float(bitPattern: 0x3f49_0fa3))
            #expect(LlvmpipeMath.atan2(0, 0) == Float(bitPattern: 0x4016_cbd6))
            #expect(LlvmpipeMath.asin(1.5).isNaN && LlvmpipeMath.acos(1) == 0)
        }
    }
}
