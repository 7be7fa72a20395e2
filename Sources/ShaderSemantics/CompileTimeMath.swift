import Foundation

/// What Mesa's compiler computes for a transcendental built-in whose arguments it knows when
/// it compiles, where that differs from llvmpipe's run-time code (`LlvmpipeMath`).
///
/// Mesa folds such calls with the host's C library instead of llvmpipe's polynomials, in two
/// places with different rules (measured with glref.py on Mesa 22.3.6; README "Undefined
/// behaviour", "Calls Mesa evaluates when compiling"):
///
/// - GLSL IR folds constant expressions (`sin(1.3)`, `const float k = pow(2.0, 0.5)`) before
///   any lowering: `sinf`, `cosf`, `sinf / cosf` for `tan`, `expf`, `exp2f`, `logf`, `log2f`,
///   `powf`, `sqrtf`, `1 / sqrtf`, `atanf`, `atan2f`, `sinhf`. `asin` and `acos` are GLSL IR
///   functions built of arithmetic, so they fold to llvmpipe's run-time bits.
/// - NIR folds what becomes constant later: values propagated through variables and function
///   arguments, and the induction variable of a loop it unrolls. By then `exp` is
///   `exp2(x * log2(e))`, `log` is `log2(x) * ln(2)`, `tan` is `sin / cos`, and `atan`, `asin`,
///   `acos` and the hyperbolic functions are arithmetic (run-time bits).
///
/// On Linux, Swift's `Float` functions below are glibc's `sinf`, `powf`, … — the functions Mesa
/// calls. (On macOS they are Apple's libm, whose last bits may differ.)
public enum CompileTimeMath {
    /// Where a constant call is folded.
    public enum Stage: Sendable {
        /// GLSL IR: constant expressions the checker folds.
        case glslIR
        /// NIR: values known only after propagation, inlining and unrolling.
        case nir
    }

    /// Mesa's folded value of the one-argument float function `function` at `stage`, or nil
    /// when it folds to llvmpipe's run-time bits (or is not a transcendental function).
    public static func unary(_ function: BuiltinFunction, at stage: Stage) -> ((Float) -> Float)? {
        switch function {
        case .sin: return { Foundation.sin($0) }
        case .cos: return { Foundation.cos($0) }
        case .tan: return { Foundation.sin($0) / Foundation.cos($0) }
        case .exp2: return { Foundation.exp2($0) }
        case .log2: return { Foundation.log2($0) }
        case .sqrt: return { $0.squareRoot() }
        case .inversesqrt: return { 1 / $0.squareRoot() }
        case .exp:
            return stage == .glslIR ? { Foundation.exp($0) } : { Foundation.exp2($0 * Float(1.4426950408889634)) }
        case .log:
            return stage == .glslIR ? { Foundation.log($0) } : { Foundation.log2($0) * Float(0.6931471805599453) }
        case .atan where stage == .glslIR: return { Foundation.atan($0) }
        case .sinh where stage == .glslIR: return { Foundation.sinh($0) }
        default: return nil
        }
    }

    /// True when Mesa folds `function` with the C library at some stage (the functions
    /// `unary` and `binary` answer for).
    public static func folds(_ function: BuiltinFunction) -> Bool {
        switch function {
        case .sin, .cos, .tan, .exp, .exp2, .log, .log2, .sqrt, .inversesqrt, .atan, .sinh, .pow: true
        default: false
        }
    }

    /// True for `pow` with an exponent whose components are all 1 or all 2: Mesa rewrites it
    /// to `x` or `x * x` before anything folds it (as the engines and the folder do).
    public static func isRewrittenPow(_ function: BuiltinFunction, exponent: [Float]) -> Bool {
        function == .pow && (exponent.allSatisfy { $0 == 1 } || exponent.allSatisfy { $0 == 2 })
    }

    /// Mesa's folded value of the two-argument float function `function` at `stage`: `pow`
    /// (`powf`) at both stages, `atan(y, x)` (`atan2f`) in GLSL IR; nil otherwise.
    public static func binary(_ function: BuiltinFunction, at stage: Stage) -> ((Float, Float) -> Float)? {
        switch function {
        case .pow: return { Foundation.pow($0, $1) }
        case .atan where stage == .glslIR: return { Foundation.atan2($0, $1) }
        default: return nil
        }
    }
}
