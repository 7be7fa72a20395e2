import Foundation
import ShaderSemantics

/// The reference interpreter's GLSL ES built-in functions, written from their definitions
/// (GLSL ES 1.00 §8) as llvmpipe evaluates them in fp32: no FMA, its summation order for
/// `dot`, `normalize` as `x * inversesqrt(dot(x, x))`, and its choices where GLSL leaves the
/// result undefined (the measured table of `ScalarSemantics`, which the executor's kernels
/// and the constant folder use too; see the README's "Undefined behaviour"), and llvmpipe's
/// transcendental algorithms (`LlvmpipeMath`, shared likewise: checked against llvmpipe's own
/// bits by `LlvmpipeMathTests` and scripts/measure-transcendentals). Everything else
/// is written here independently of the executor's kernels, which must agree bit for bit.
enum ReferenceBuiltins {
    /// `x` as the nearest binary16 value (or the nearest toward zero): whole multiples of
    /// 2^(e - 10) for x in [2^e, 2^(e+1)), of 2^-24 below 2^-14; past 65504, infinity (toward
    /// zero: 65504). Computed in Double, whose values here are never subnormal, so the
    /// denormal flushing the interpreter runs under cannot touch them (Swift's `Float16`
    /// conversions can: half subnormals would read as zero).
    static func half(_ x: Float, towardZero: Bool) -> Float {
        guard x.isFinite, x != 0 else { return x }
        let d = Double(x)
        let quantum = Double(sign: .plus, exponent: Swift.max(Swift.abs(d).exponent, -14) - 10, significand: 1)
        let steps = (d / quantum).rounded(towardZero ? .towardZero : .toNearestOrEven)
        let r = steps * quantum
        if Swift.abs(r) > 65504 { return Float(sign: x.sign, exponentBitPattern: towardZero ? 0x8E : 0xFF, significandBitPattern: towardZero ? 0x7FE000 : 0) }
        return Float(r)
    }

    /// `function` on one lane's arguments.
    ///
    /// - Parameters:
    ///   - args: each argument's components.
    ///   - isConstant: per argument, whether it is a compile-time constant (llvmpipe's compiler
    ///     rewrites `pow(x, 1.0)`, `pow(x, 2.0)` and `mix` with a constant weight).
    ///   - count: the result's component count.
    /// - Returns: nil for a function this table does not define.
    static func evaluate(
        _ function: BuiltinFunction, _ args: [[Float]], isConstant: [Bool], count: Int,
        foldingStage: CompileTimeMath.Stage = .glslIR
    ) -> [Float]? {
        /// Component k of argument i, a scalar argument applying to every component.
        func a(_ i: Int, _ k: Int) -> Float { args[i].count == 1 ? args[i][0] : args[i][k] }
        func each(_ f: (Int) -> Float) -> [Float] { (0..<count).map(f) }
        func unary(_ f: (Float) -> Float) -> [Float] { each { f(a(0, $0)) } }
        func binary(_ f: (Float, Float) -> Float) -> [Float] { each { f(a(0, $0), a(1, $0)) } }
        func ternary(_ f: (Float, Float, Float) -> Float) -> [Float] { each { f(a(0, $0), a(1, $0), a(2, $0)) } }
        func bool(_ b: Bool) -> Float { b ? 1 : 0 }

        // Every argument known when compiling: Mesa folds the transcendental functions with the
        // C library, by GLSL IR's rules or, in a loop it unrolls, NIR's (`CompileTimeMath`;
        // `pow` with an exponent of 1 or 2 is rewritten first, below).
        if !isConstant.isEmpty, isConstant.allSatisfy({ $0 }) {
            if args.count == 1, let g = CompileTimeMath.unary(function, at: foldingStage) { return unary(g) }
            if args.count == 2, let g = CompileTimeMath.binary(function, at: foldingStage),
               !CompileTimeMath.isRewrittenPow(function, exponent: args[1]) {
                return binary(g)
            }
        }
        switch function {
        // A device profile's formats, written apart from FloatFormat.round (which the engines
        // run): binary16 by scaling in Double, fixed point by division.
        case .roundToFP16: return unary { half($0, towardZero: false) }
        case .truncateToFP16: return unary { half($0, towardZero: true) }
        case .roundToFixed10:
            return unary { x in
                guard !x.isNaN else { return 0 }
                let steps = (Double(x) * 256).rounded(.toNearestOrEven)
                return Float(Swift.min(Swift.max(steps, -512), 511) / 256)
            }
        // §8.1
        case .radians: return unary { $0 * Float(Double.pi / 180) }
        case .degrees: return unary { $0 * Float(180 / Double.pi) }
        case .sin: return unary(LlvmpipeMath.sin)
        case .cos: return unary(LlvmpipeMath.cos)
        case .tan: return unary(LlvmpipeMath.tan)
        case .asin: return unary(LlvmpipeMath.asin)
        case .acos: return unary(LlvmpipeMath.acos)
        case .atan: return args.count == 2 ? binary(ScalarSemantics.atan2) : unary(ScalarSemantics.atan)
        // §8.2
        case .pow:
            if isConstant[1], Set(args[1]).count == 1 {
                if args[1][0] == 1 { return unary { $0 } }
                if args[1][0] == 2 { return unary { $0 * $0 } }
            }
            return binary(ScalarSemantics.pow)
        case .exp: return unary(LlvmpipeMath.exp)
        case .log: return unary(LlvmpipeMath.log)
        case .exp2: return unary(LlvmpipeMath.exp2)
        case .log2: return unary(LlvmpipeMath.log2)
        case .sqrt: return unary { $0.squareRoot() }
        case .inversesqrt: return unary(LlvmpipeMath.inverseSqrt)
        // §8.3
        case .abs: return unary { Swift.abs($0) }
        case .sign: return unary(ScalarSemantics.sign)
        case .floor: return unary { $0.rounded(.down) }
        case .ceil: return unary { $0.rounded(.up) }
        case .fract: return unary { $0 - $0.rounded(.down) }
        case .mod:
            // A divisor known when compiling is zero where x is kept (NIR's `~fmul(a, 0.0)`).
            let kept = isConstant.count == 2 && isConstant[1]
            return each { k in
                let x = a(0, k), y = a(1, k)
                return kept && y == 0 ? x : x - y * (x / y).rounded(.down)
            }
        case .min: return binary(ScalarSemantics.min)
        case .max: return binary(ScalarSemantics.max)
        case .clamp: return ternary(ScalarSemantics.clamp)
        case .mix:
            if isConstant[2] {
                // llvmpipe's compiler: a constant weight of 0 is x, of 1 is y, any other
                // x * (1 - a) + y * a.
                if Set(args[2]) == [0] { return each { a(0, $0) } }
                if Set(args[2]) == [1] { return each { a(1, $0) } }
                return ternary { x, y, t in y * t + x * (1 - t) }
            }
            return ternary { x, y, t in x + (y - x) * t }
        case .step: return binary(ScalarSemantics.step)
        case .smoothstep: return ternary(ScalarSemantics.smoothstep)
        // §8.4
        case .length:
            return [args[0].count == 1 ? Swift.abs(args[0][0]) : LinearAlgebra.dot(args[0], args[0]).squareRoot()]
        case .distance:
            let d = zip(args[0], args[1]).map { $0 - $1 }
            return [d.count == 1 ? Swift.abs(d[0]) : LinearAlgebra.dot(d, d).squareRoot()]
        case .dot:
            return [LinearAlgebra.dot(args[0], args[1])]
        case .cross:
            // A product by a component known to be 0 when compiling is 0 (NIR's `a * 0.0 ->
            // 0.0`, the compiler's multiply), even of an infinite or NaN other factor.
            let x = args[0], y = args[1]
            let knownX = isConstant.count == 2 && isConstant[0], knownY = isConstant.count == 2 && isConstant[1]
            func times(_ i: Int, _ j: Int) -> Float { (knownX && x[i] == 0) || (knownY && y[j] == 0) ? 0 : x[i] * y[j] }
            return [times(1, 2) - times(2, 1), times(2, 0) - times(0, 2), times(0, 1) - times(1, 0)]
        case .normalize:
            if args[0].count == 1 { return [ScalarSemantics.sign(args[0][0])] }
            let r = 1 / LinearAlgebra.dot(args[0], args[0]).squareRoot()
            return args[0].map { $0 * r }
        case .faceforward:
            let d = LinearAlgebra.dot(args[2], args[1])
            return args[0].map { d < 0 ? $0 : -$0 }
        case .reflect:
            let twice = 2 * LinearAlgebra.dot(args[1], args[0])
            return zip(args[0], args[1]).map { i, n in i - twice * n }
        case .refract:
            let i = args[0], n = args[1], eta = args[2][0]
            let d = LinearAlgebra.dot(n, i)
            let k = 1 - eta * eta * (1 - d * d)
            let s = eta * d + k.squareRoot()
            return zip(i, n).map { x, y in k < 0 ? 0 : eta * x - s * y }
        // §8.5
        case .matrixCompMult: return binary { $0 * $1 }
        // §8.6
        case .lessThan: return binary { bool($0 < $1) }
        case .lessThanEqual: return binary { bool($0 <= $1) }
        case .greaterThan: return binary { bool($0 > $1) }
        case .greaterThanEqual: return binary { bool($0 >= $1) }
        case .equal: return binary { bool($0 == $1) }
        case .notEqual: return binary { bool($0 != $1) }
        case .any: return [bool(args[0].contains { $0 != 0 })]
        case .all: return [bool(args[0].allSatisfy { $0 != 0 })]
        case .not: return unary { bool($0 == 0) }
        // Desktop GLSL 1.20.
        case .transpose:
            let n = Int(Double(args[0].count).squareRoot())
            return (0..<(n * n)).map { k in args[0][(k % n) * n + k / n] }
        case .outerProduct:
            return args[1].flatMap { y in args[0].map { $0 * y } }
        default:
            return nil
        }
    }
}
