import Foundation
import Framebuffers
import ShaderCompiler
import ShaderExecution
import Testing

/// One call whose result GLSL leaves undefined (or that is a control), with llvmpipe's result.
struct UndefinedCase: CustomStringConvertible, Sendable {
    let name: String
    /// A float expression of `a`, `b`, `c`.
    let expression: String
    let arguments: [Float]
    /// The bits llvmpipe returns with the arguments in uniforms (any NaN stands for every NaN).
    let bits: UInt32
    /// The bits expected from the constant folder, when they differ from `bits`: with every
    /// argument constant, the folder gives what Mesa gives for a constant expression — its
    /// `mix` and `pow` rewrites, `pow` and `atan` folded with the C library's `powf` and
    /// `atan2f`/`atanf` (`CompileTimeMath`; the README's "folded constants" column, measured
    /// by scripts/measure-undefined) — and a folded int holds llvmpipe's INT_MIN.
    let folded: UInt32?

    init(_ name: String, _ expression: String, _ arguments: [Float], _ bits: UInt32, folded: UInt32? = nil) {
        self.name = name
        self.expression = expression
        self.arguments = arguments
        self.bits = bits
        self.folded = folded
    }

    var description: String { name }
}

/// The expected bits `expected` match `actual`; a NaN matches any NaN (Shade does not promise
/// llvmpipe's NaN sign or payload).
func sameResult(_ actual: Float, _ expected: UInt32) -> Bool {
    let e = Float(bitPattern: expected)
    return e.isNaN ? actual.isNaN : actual.bitPattern == expected
}

/// `expression` with the identifiers `a`, `b`, `c` written `A`, `B`, `C`.
func uppercasingArguments(_ expression: String) -> String {
    let chars = Array(expression)
    func isIdentifier(_ k: Int) -> Bool { k >= 0 && k < chars.count && (chars[k].isLetter || chars[k].isNumber || chars[k] == "_") }
    return String(chars.indices.map { k in
        "abc".contains(chars[k]) && !isIdentifier(k - 1) && !isIdentifier(k + 1) ? Character(chars[k].uppercased()) : chars[k]
    })
}

/// A GLSL literal for `x` that the constant folder evaluates to exactly `x`.
func literal(_ x: Float) -> String {
    if x.isNaN { return "(0.0 / 0.0)" }
    if x.isInfinite { return x > 0 ? "(1.0 / 0.0)" : "(-1.0 / 0.0)" }
    if x == 0 { return x.sign == .minus ? "-0.0" : "0.0" }
    return "\(x)".contains(".") || "\(x)".contains("e") ? "\(x)" : "\(x).0"
}

/// Every case of README's "Undefined behaviour" table that GLSL ES 1.00 can express. The
/// expected bits are llvmpipe's (Mesa 22.3.6, LLVM 15, glref fp32 mode) with the arguments in
/// uniforms of a `#version 300 es` shader, read back through `floatBitsToUint`; each was also
/// checked in a GLSL ES 1.00 `highp` shader. Re-measure with `scripts/measure-undefined`.
let undefinedCases: [UndefinedCase] = [
        UndefinedCase("min(NaN, 1)", "min(a, b)", [.nan, 1], 0x3f80_0000),
        UndefinedCase("min(1, NaN)", "min(a, b)", [1, .nan], 0x3f80_0000),
        UndefinedCase("min(-Inf, 1)", "min(a, b)", [-.infinity, 1], 0xff80_0000),
        UndefinedCase("min(-0, +0)", "min(a, b)", [-0.0, 0], 0x0000_0000),
        UndefinedCase("min(+0, -0)", "min(a, b)", [0, -0.0], 0x8000_0000),
        UndefinedCase("max(NaN, 1)", "max(a, b)", [.nan, 1], 0x3f80_0000),
        UndefinedCase("max(1, NaN)", "max(a, b)", [1, .nan], 0x3f80_0000),
        UndefinedCase("max(Inf, 1)", "max(a, b)", [.infinity, 1], 0x7f80_0000),
        UndefinedCase("max(-0, +0)", "max(a, b)", [-0.0, 0], 0x0000_0000),
        UndefinedCase("max(+0, -0)", "max(a, b)", [0, -0.0], 0x8000_0000),
        UndefinedCase("clamp(NaN, 0, 1)", "clamp(a, b, c)", [.nan, 0, 1], 0x0000_0000),
        UndefinedCase("clamp(0.5, NaN, 1)", "clamp(a, b, c)", [0.5, .nan, 1], 0x3f00_0000),
        UndefinedCase("clamp(0.5, 0, NaN)", "clamp(a, b, c)", [0.5, 0, .nan], 0x3f00_0000),
        UndefinedCase("clamp(2, NaN, 1)", "clamp(a, b, c)", [2, .nan, 1], 0x3f80_0000),
        UndefinedCase("clamp(-1, 0, NaN)", "clamp(a, b, c)", [-1, 0, .nan], 0x0000_0000),
        UndefinedCase("clamp(Inf, 0, 1)", "clamp(a, b, c)", [.infinity, 0, 1], 0x3f80_0000),
        UndefinedCase("clamp(-Inf, 0, 1)", "clamp(a, b, c)", [-.infinity, 0, 1], 0x0000_0000),
        UndefinedCase("clamp(0.5, 1, 0)", "clamp(a, b, c)", [0.5, 1, 0], 0x0000_0000),
        UndefinedCase("clamp(2, 1, 0)", "clamp(a, b, c)", [2, 1, 0], 0x0000_0000),
        UndefinedCase("clamp(-1, 1, 0)", "clamp(a, b, c)", [-1, 1, 0], 0x0000_0000),
        UndefinedCase("mix(NaN, 1, 0.5)", "mix(a, b, c)", [.nan, 1, 0.5], 0x7fc0_0000),
        UndefinedCase("mix(0, 1, NaN)", "mix(a, b, c)", [0, 1, .nan], 0x7fc0_0000),
        // Folded, the weight or exponent is a constant: the "const weight" row: weight 0 gives x.
        UndefinedCase("mix(Inf, 1, 0)", "mix(a, b, c)", [.infinity, 1, 0], 0xffc0_0000, folded: 0x7f80_0000),
        // Folded, the weight or exponent is a constant: weight 0 gives x.
        UndefinedCase("mix(0, Inf, 0)", "mix(a, b, c)", [0, .infinity, 0], 0xffc0_0000, folded: 0x0000_0000),
        // Folded, the weight or exponent is a constant: the "const weight" row: weight 1 gives y.
        UndefinedCase("mix(Inf, 1, 1)", "mix(a, b, c)", [.infinity, 1, 1], 0xffc0_0000, folded: 0x3f80_0000),
        UndefinedCase("mix(Inf, -Inf, 0.5)", "mix(a, b, c)", [.infinity, -.infinity, 0.5], 0xffc0_0000),
        UndefinedCase("mix(0, Inf, 0.5) const weight", "mix(a, b, 0.5)", [0, .infinity], 0x7f80_0000),
        UndefinedCase("mix(Inf, 1, 0) const weight", "mix(a, b, 0.0)", [.infinity, 1], 0x7f80_0000),
        UndefinedCase("mix(Inf, 1, 1) const weight", "mix(a, b, 1.0)", [.infinity, 1], 0x3f80_0000),
        UndefinedCase("step(NaN, 1)", "step(a, b)", [.nan, 1], 0x0000_0000),
        UndefinedCase("step(1, NaN)", "step(a, b)", [1, .nan], 0x0000_0000),
        UndefinedCase("step(Inf, Inf)", "step(a, b)", [.infinity, .infinity], 0x3f80_0000),
        UndefinedCase("step(+0, -0)", "step(a, b)", [0, -0.0], 0x3f80_0000),
        UndefinedCase("smoothstep(0, 1, NaN)", "smoothstep(a, b, c)", [0, 1, .nan], 0x0000_0000),
        UndefinedCase("smoothstep(NaN, 1, 0.5)", "smoothstep(a, b, c)", [.nan, 1, 0.5], 0x0000_0000),
        UndefinedCase("smoothstep(0, NaN, 0.5)", "smoothstep(a, b, c)", [0, .nan, 0.5], 0x0000_0000),
        UndefinedCase("smoothstep(0, 1, Inf)", "smoothstep(a, b, c)", [0, 1, .infinity], 0x3f80_0000),
        UndefinedCase("smoothstep(0, 1, -Inf)", "smoothstep(a, b, c)", [0, 1, -.infinity], 0x0000_0000),
        UndefinedCase("smoothstep(1, 1, 0.5)", "smoothstep(a, b, c)", [1, 1, 0.5], 0x0000_0000),
        UndefinedCase("smoothstep(1, 1, 1)", "smoothstep(a, b, c)", [1, 1, 1], 0x0000_0000),
        UndefinedCase("smoothstep(1, 1, 2)", "smoothstep(a, b, c)", [1, 1, 2], 0x3f80_0000),
        UndefinedCase("smoothstep(1, 0, 0.25)", "smoothstep(a, b, c)", [1, 0, 0.25], 0x3f58_0000),
        UndefinedCase("smoothstep(1, 0, 2)", "smoothstep(a, b, c)", [1, 0, 2], 0x0000_0000),
        UndefinedCase("smoothstep(1, 0, -1)", "smoothstep(a, b, c)", [1, 0, -1], 0x3f80_0000),
        UndefinedCase("abs(NaN)", "abs(a)", [.nan], 0x7fc0_0000),
        UndefinedCase("abs(-Inf)", "abs(a)", [-.infinity], 0x7f80_0000),
        UndefinedCase("abs(-0)", "abs(a)", [-0.0], 0x0000_0000),
        UndefinedCase("sign(NaN)", "sign(a)", [.nan], 0x0000_0000),
        UndefinedCase("sign(Inf)", "sign(a)", [.infinity], 0x3f80_0000),
        UndefinedCase("sign(-Inf)", "sign(a)", [-.infinity], 0xbf80_0000),
        UndefinedCase("sign(-0)", "sign(a)", [-0.0], 0x0000_0000),
        UndefinedCase("floor(NaN)", "floor(a)", [.nan], 0x7fc0_0000),
        UndefinedCase("floor(-Inf)", "floor(a)", [-.infinity], 0xff80_0000),
        UndefinedCase("floor(-0)", "floor(a)", [-0.0], 0x8000_0000),
        UndefinedCase("floor(-0.5)", "floor(a)", [-0.5], 0xbf80_0000),
        UndefinedCase("ceil(-0.5)", "ceil(a)", [-0.5], 0x8000_0000),
        UndefinedCase("fract(NaN)", "fract(a)", [.nan], 0x7fc0_0000),
        UndefinedCase("fract(Inf)", "fract(a)", [.infinity], 0xffc0_0000),
        UndefinedCase("fract(-Inf)", "fract(a)", [-.infinity], 0xffc0_0000),
        UndefinedCase("fract(-0)", "fract(a)", [-0.0], 0x0000_0000),
        UndefinedCase("fract(-1e-10)", "fract(a)", [-1.000000013351432e-10], 0x3f80_0000),
        UndefinedCase("fract(1e10)", "fract(a)", [10000000000], 0x0000_0000),
        UndefinedCase("mod(1, 0)", "mod(a, b)", [1, 0], 0xffc0_0000),
        UndefinedCase("mod(-1, 0)", "mod(a, b)", [-1, 0], 0xffc0_0000),
        UndefinedCase("mod(0, 0)", "mod(a, b)", [0, 0], 0xffc0_0000),
        UndefinedCase("mod(Inf, 1)", "mod(a, b)", [.infinity, 1], 0xffc0_0000),
        UndefinedCase("mod(1, Inf)", "mod(a, b)", [1, .infinity], 0xffc0_0000),
        UndefinedCase("mod(-1, Inf)", "mod(a, b)", [-1, .infinity], 0xffc0_0000),
        UndefinedCase("mod(NaN, 1)", "mod(a, b)", [.nan, 1], 0x7fc0_0000),
        UndefinedCase("mod(5.5, -2)", "mod(a, b)", [5.5, -2], 0xbf00_0000),
        UndefinedCase("mod(-0, 1)", "mod(a, b)", [-0.0, 1], 0x0000_0000),
        UndefinedCase("1 / 0", "a / b", [1, 0], 0x7f80_0000),
        UndefinedCase("-1 / 0", "a / b", [-1, 0], 0xff80_0000),
        UndefinedCase("1 / -0", "a / b", [1, -0.0], 0xff80_0000),
        UndefinedCase("0 / 0", "a / b", [0, 0], 0xffc0_0000),
        UndefinedCase("Inf / Inf", "a / b", [.infinity, .infinity], 0xffc0_0000),
        UndefinedCase("3 / 7", "a / b", [3, 7], 0x3edb_6db7),
        // Folded, the weight or exponent is a constant: the "const exponent" row: pow(x, 2.0) is x * x.
        UndefinedCase("pow(-2, 2)", "pow(a, b)", [-2, 2], 0x7fc0_0000, folded: 0x4080_0000),
        UndefinedCase("pow(-2, 3)", "pow(a, b)", [-2, 3], 0x7fc0_0000, folded: 0xc100_0000),
        UndefinedCase("pow(-2, 0.5)", "pow(a, b)", [-2, 0.5], 0x7fc0_0000),
        UndefinedCase("pow(-8, 1/3)", "pow(a, b)", [-8, 0.3333333432674408], 0x7fc0_0000),
        UndefinedCase("pow(0, 0)", "pow(a, b)", [0, 0], 0x0000_0000, folded: 0x3f80_0000),
        UndefinedCase("pow(0, -1)", "pow(a, b)", [0, -1], 0x0000_0000, folded: 0x7f80_0000),
        UndefinedCase("pow(-0, -1)", "pow(a, b)", [-0.0, -1], 0x0000_0000, folded: 0xff80_0000),
        UndefinedCase("pow(0, 1)", "pow(a, b)", [0, 1], 0x0000_0000),
        UndefinedCase("pow(0, 2)", "pow(a, b)", [0, 2], 0x0000_0000),
        UndefinedCase("pow(1, Inf)", "pow(a, b)", [1, .infinity], 0xffc0_0000, folded: 0x3f80_0000),
        UndefinedCase("pow(1, NaN)", "pow(a, b)", [1, .nan], 0x7fc0_0000, folded: 0x3f80_0000),
        UndefinedCase("pow(NaN, 0)", "pow(a, b)", [.nan, 0], 0x0000_0000, folded: 0x3f80_0000),
        UndefinedCase("pow(Inf, 0)", "pow(a, b)", [.infinity, 0], 0xffc0_0000, folded: 0x3f80_0000),
        // Folded, the weight or exponent is a constant: pow(x, 1.0) is x.
        UndefinedCase("pow(NaN, 1)", "pow(a, b)", [.nan, 1], 0x0000_0000, folded: 0x7fc0_0000),
        UndefinedCase("pow(Inf, 1)", "pow(a, b)", [.infinity, 1], 0x7f80_0000),
        UndefinedCase("pow(Inf, -1)", "pow(a, b)", [.infinity, -1], 0x0000_0000),
        UndefinedCase("pow(0.5, Inf)", "pow(a, b)", [0.5, .infinity], 0x0000_0000),
        UndefinedCase("pow(2, -Inf)", "pow(a, b)", [2, -.infinity], 0x0000_0000),
        UndefinedCase("pow(2, 0)", "pow(a, b)", [2, 0], 0x3f80_0000),
        UndefinedCase("pow(2, 128)", "pow(a, b)", [2, 128], 0x7f80_0000),
        UndefinedCase("pow(-2, 2.0) const exponent", "pow(a, 2.0)", [-2], 0x4080_0000),
        UndefinedCase("pow(-2, 1.0) const exponent", "pow(a, 1.0)", [-2], 0xc000_0000),
        UndefinedCase("pow(-2, 3.0) const exponent", "pow(a, 3.0)", [-2], 0x7fc0_0000, folded: 0xc100_0000),
        UndefinedCase("pow(0, 0.0) const exponent", "pow(a, 0.0)", [0], 0x0000_0000, folded: 0x3f80_0000),
        UndefinedCase("atan(+0, +0)", "atan(a, b)", [0, 0], 0x4016_cbd6, folded: 0x0000_0000),
        UndefinedCase("atan(-0, +0)", "atan(a, b)", [-0.0, 0], 0xc016_cbd6, folded: 0x8000_0000),
        UndefinedCase("atan(+0, -0)", "atan(a, b)", [0, -0.0], 0x4016_cbd6, folded: 0x4049_0fdb),
        UndefinedCase("atan(-0, -0)", "atan(a, b)", [-0.0, -0.0], 0xc016_cbd6, folded: 0xc049_0fdb),
        UndefinedCase("atan(1, 0)", "atan(a, b)", [1, 0], 0x3fc9_0fdb),
        UndefinedCase("atan(-1, 0)", "atan(a, b)", [-1, 0], 0xbfc9_0fdb),
        UndefinedCase("atan(+0, -1)", "atan(a, b)", [0, -1], 0x4049_0fdb),
        UndefinedCase("atan(-0, -1)", "atan(a, b)", [-0.0, -1], 0xc049_0fdb),
        UndefinedCase("atan(Inf, Inf)", "atan(a, b)", [.infinity, .infinity], 0x3f49_0fa3, folded: 0x3f49_0fdb),
        UndefinedCase("atan(NaN, 1)", "atan(a, b)", [.nan, 1], 0x0000_0000, folded: 0x7fc0_0000),
        UndefinedCase("atan(1, NaN)", "atan(a, b)", [1, .nan], 0x0000_0000, folded: 0x7fc0_0000),
        UndefinedCase("atan(NaN, NaN)", "atan(a, b)", [.nan, .nan], 0x0000_0000, folded: 0x7fc0_0000),
        UndefinedCase("atan(Inf, 1)", "atan(a, b)", [.infinity, 1], 0x3fc9_0fdb),
        UndefinedCase("atan(1, Inf)", "atan(a, b)", [1, .infinity], 0x0000_0000),
        UndefinedCase("atan(1, -Inf)", "atan(a, b)", [1, -.infinity], 0x4049_0fdb),
        UndefinedCase("atan(-Inf, -Inf)", "atan(a, b)", [-.infinity, -.infinity], 0xc016_cbd6, folded: 0xc016_cbe4),
        UndefinedCase("atan(Inf, -Inf)", "atan(a, b)", [.infinity, -.infinity], 0x4016_cbd6, folded: 0x4016_cbe4),
        UndefinedCase("atan(-Inf, Inf)", "atan(a, b)", [-.infinity, .infinity], 0xbf49_0fa3, folded: 0xbf49_0fdb),
        UndefinedCase("atan(Inf)", "atan(a)", [.infinity], 0x3fc9_0fdb),
        UndefinedCase("atan(NaN)", "atan(a)", [.nan], 0x0000_0000, folded: 0x7fc0_0000),
        UndefinedCase("sqrt(-0)", "sqrt(a)", [-0.0], 0x8000_0000),
        UndefinedCase("sqrt(-1)", "sqrt(a)", [-1], 0xffc0_0000),
        UndefinedCase("sqrt(-Inf)", "sqrt(a)", [-.infinity], 0xffc0_0000),
        UndefinedCase("sqrt(Inf)", "sqrt(a)", [.infinity], 0x7f80_0000),
        UndefinedCase("inversesqrt(0)", "inversesqrt(a)", [0], 0x7f80_0000),
        UndefinedCase("inversesqrt(-0)", "inversesqrt(a)", [-0.0], 0xff80_0000),
        UndefinedCase("inversesqrt(-1)", "inversesqrt(a)", [-1], 0xffc0_0000),
        UndefinedCase("inversesqrt(Inf)", "inversesqrt(a)", [.infinity], 0x0000_0000),
        UndefinedCase("log(0)", "log(a)", [0], 0xff80_0000),
        UndefinedCase("log(-0)", "log(a)", [-0.0], 0xff80_0000),
        UndefinedCase("log(-1)", "log(a)", [-1], 0x7fc0_0000),
        UndefinedCase("log(Inf)", "log(a)", [.infinity], 0x7f80_0000),
        UndefinedCase("log2(0)", "log2(a)", [0], 0xff80_0000),
        UndefinedCase("log2(-1)", "log2(a)", [-1], 0x7fc0_0000),
        UndefinedCase("log2(Inf)", "log2(a)", [.infinity], 0x7f80_0000),
        UndefinedCase("exp(89)", "exp(a)", [89], 0x7f80_0000),
        UndefinedCase("exp(1000)", "exp(a)", [1000], 0x7f80_0000),
        UndefinedCase("exp(-1000)", "exp(a)", [-1000], 0x0000_0000),
        UndefinedCase("exp(Inf)", "exp(a)", [.infinity], 0x7f80_0000),
        UndefinedCase("exp(-Inf)", "exp(a)", [-.infinity], 0x0000_0000),
        UndefinedCase("exp(NaN)", "exp(a)", [.nan], 0x7fc0_0000),
        UndefinedCase("exp2(128)", "exp2(a)", [128], 0x7f80_0000),
        UndefinedCase("exp2(1000)", "exp2(a)", [1000], 0x7f80_0000),
        UndefinedCase("exp2(-1000)", "exp2(a)", [-1000], 0x0000_0000),
        UndefinedCase("exp2(-Inf)", "exp2(a)", [-.infinity], 0x0000_0000),
        UndefinedCase("asin(1.5)", "asin(a)", [1.5], 0xffc0_0000),
        UndefinedCase("asin(-1.5)", "asin(a)", [-1.5], 0xffc0_0000),
        UndefinedCase("acos(1.5)", "acos(a)", [1.5], 0xffc0_0000),
        UndefinedCase("acos(-1.5)", "acos(a)", [-1.5], 0xffc0_0000),
        UndefinedCase("asin(NaN)", "asin(a)", [.nan], 0x7fc0_0000),
        UndefinedCase("normalize(vec2(0)).x", "normalize(vec2(a, b)).x", [0, 0], 0xffc0_0000),
        UndefinedCase("normalize(vec3(0)).x", "normalize(vec3(a, b, c)).x", [0, 0, 0], 0xffc0_0000),
        UndefinedCase("normalize(0.0)", "normalize(a)", [0], 0x0000_0000),
        UndefinedCase("normalize(-2.0)", "normalize(a)", [-2], 0xbf80_0000),
        UndefinedCase("normalize(vec2(Inf, 0)).x", "normalize(vec2(a, b)).x", [.infinity, 0], 0xffc0_0000),
        UndefinedCase("length(vec2(Inf, 0))", "length(vec2(a, b))", [.infinity, 0], 0x7f80_0000),
        UndefinedCase("refract TIR .x", "refract(vec2(a, b), vec2(0.0, 1.0), c).x", [0.800000011920929, -0.6000000238418579, 1.5], 0x0000_0000),
        UndefinedCase("refract TIR .y", "refract(vec2(a, b), vec2(0.0, 1.0), c).y", [0.800000011920929, -0.6000000238418579, 1.5], 0x0000_0000),
        UndefinedCase("float(int(1e10))", "float(int(a))", [10000000000], 0x5015_02f9, folded: 0xcf00_0000),
        UndefinedCase("float(int(NaN))", "float(int(a))", [.nan], 0x7fc0_0000, folded: 0xcf00_0000),
        UndefinedCase("float(int(-Inf))", "float(int(a))", [-.infinity], 0xff80_0000, folded: 0xcf00_0000),
        UndefinedCase("float(int(1)/int(0))", "float(int(a) / int(b))", [1, 0], 0x0000_0000),
        UndefinedCase("float(int(-1)/int(0))", "float(int(a) / int(b))", [-1, 0], 0x0000_0000),
        UndefinedCase("float(int(0)/int(0))", "float(int(a) / int(b))", [0, 0], 0x0000_0000),
        UndefinedCase("float(int(7)/int(-2))", "float(int(a) / int(b))", [7, -2], 0xc040_0000),
]

@Suite struct UndefinedBehaviourTests {
    /// The executor with the arguments in uniforms: the per-draw stage (`r`) and per lane (`l`,
    /// the same arguments routed through a varying-dependent select).
    @Test(arguments: undefinedCases)
    func executorFollowsLlvmpipe(_ c: UndefinedCase) throws {
        let names = ["a", "b", "c"].prefix(c.arguments.count)
        let laneExpression = uppercasingArguments(c.expression)
        let program = try compileShader("""
            precision highp float;
            varying vec2 textureCoordinate;
            \(names.map { "uniform float \($0);" }.joined(separator: "\n"))
            void main() {
                \(names.map { "float \($0.uppercased()) = textureCoordinate.x > 2.0 ? 0.5 : \($0);" }.joined(separator: " "))
                float r = \(c.expression);
                float l = \(laneExpression);
                gl_FragColor = vec4(r, l, 0.0, 1.0);
            }
            """)
        var uniforms: [String: [Float]] = [:]
        for (n, v) in zip(names, c.arguments) { uniforms[n] = [v] }
        let out = try render(program, width: 4, height: 1, uniforms: uniforms, format: .float32)
        let p = out.pixel(x: 1, y: 0)
        #expect(sameResult(p.x, c.bits), "\(c.name): uniform arguments gave \(p.x) (0x\(String(p.x.bitPattern, radix: 16)))")
        #expect(sameResult(p.y, c.bits), "\(c.name): per-lane arguments gave \(p.y) (0x\(String(p.y.bitPattern, radix: 16)))")
    }

    /// The constant folder with the arguments as `const` literals; the executor then only
    /// writes the folded constant.
    @Test(arguments: undefinedCases)
    func constantFolderFollowsLlvmpipe(_ c: UndefinedCase) throws {
        let names = ["a", "b", "c"].prefix(c.arguments.count)
        let program = try compileShader("""
            precision highp float;
            \(zip(names, c.arguments).map { "const float \($0) = \(literal($1));" }.joined(separator: "\n"))
            void main() {
                const float r = \(c.expression);
                gl_FragColor = vec4(r, 0.0, 0.0, 1.0);
            }
            """)
        let out = try render(program, width: 1, height: 1, format: .float32)
        let r = out.pixel(x: 0, y: 0).x
        let expected = c.folded ?? c.bits
        #expect(sameResult(r, expected), "\(c.name): folded to \(r) (0x\(String(r.bitPattern, radix: 16)))")
    }

    /// ES 1.00 dynamic indices out of range, index `int(i)` from a uniform (the index arrives
    /// per lane through a varying-dependent select as well). llvmpipe, measured by
    /// scripts/measure-undefined and by hand with glref: a read of an array Mesa moves to the
    /// constant buffer (`v`, every store a constant; a uniform array) gives 0 (a NaN index reads
    /// element 0), a read of one it keeps in registers (`y`, a store known only when running)
    /// gives the last element (`MesaArrayStorage`); an array write lands in the last element; a
    /// vector read clamps to the nearest component and a vector write is dropped.
    @Test(arguments: [
        // (index, v[i] of float v[3] = (1, 2, 3), v after v[i] = 9 on float v[4] = (1, 2, 3, 4),
        //  w[i] of vec3 w = (1, 2, 3), w after w[i] = 9)
        (Float(2), Float(3), [Float(1), 2, 9, 4], Float(3), [Float(1), 2, 9]),
        (3, 0, [1, 2, 3, 9], 3, [1, 2, 3]),
        (5, 0, [1, 2, 3, 9], 3, [1, 2, 3]),
        (1000, 0, [1, 2, 3, 9], 3, [1, 2, 3]),
        (-1, 0, [1, 2, 3, 9], 1, [1, 2, 3]),
        (.nan, 1, [1, 2, 3, 9], 1, [1, 2, 3]),
    ])
    func dynamicIndicesOutOfRangeFollowLlvmpipe(
        _ index: Float, _ arrayRead: Float, _ arrayAfterWrite: [Float], _ vectorRead: Float,
        _ vectorAfterWrite: [Float]
    ) throws {
        for perLane in [false, true] {
            let program = try compileShader("""
                precision highp float;
                varying vec2 textureCoordinate;
                uniform float u;
                uniform float w3[3];
                uniform float k;
                void main() {
                    int i = int(\(perLane ? "textureCoordinate.x > 2.0 ? 0.0 : u" : "u"));
                    float v[3];
                    v[0] = 1.0; v[1] = 2.0; v[2] = 3.0;
                    float y[3];
                    y[0] = 1.0; y[1] = 2.0; y[2] = k;
                    float x[4];
                    x[0] = 1.0; x[1] = 2.0; x[2] = 3.0; x[3] = 4.0;
                    x[i] = 9.0;
                    vec3 w = vec3(1.0, 2.0, 3.0) * (textureCoordinate.x > 2.0 ? 0.0 : 1.0);
                    float wr = w[i];
                    w[i] = 9.0;
                    gl_FragColor = vec4(v[i], w3[i], wr, 0.0);
                    if (textureCoordinate.y > 0.5) { gl_FragColor = vec4(x[0], x[1], x[2], x[3]); }
                    if (textureCoordinate.y > 0.75) { gl_FragColor = vec4(w, y[i]); }
                }
                """)
            let out = try render(program, width: 1, height: 4, uniforms: ["u": [index], "w3": [1, 2, 3], "k": [7]], format: .float32)
            let reads = out.pixel(x: 0, y: 0), writes = out.pixel(x: 0, y: 2), vector = out.pixel(x: 0, y: 3)
            let at = "index \(index), \(perLane ? "per lane" : "uniform")"
            #expect(reads.x == arrayRead, "temporary array read at \(at)")
            #expect(reads.y == arrayRead, "uniform array read at \(at)")
            #expect(reads.z == vectorRead, "vector read at \(at)")
            #expect([writes.x, writes.y, writes.z, writes.w] == arrayAfterWrite, "array write at \(at)")
            #expect([vector.x, vector.y, vector.z] == vectorAfterWrite, "vector write at \(at)")
            // y = (1, 2, 7): index 2 and every index outside read 7.
            #expect(vector.w == 7, "register array read at \(at)")
        }
    }

    /// The float to int conversion: Shade's ES 1.00 ints are floats, so `int(x)` truncates and
    /// `float(int(1e10))` is 1e10, as llvmpipe computes it at run time (its compiler turns
    /// `float(int(x))` into `trunc(x)`); a folded constant int holds llvmpipe's INT_MIN for NaN
    /// and out-of-range floats (its `cvttps2dq`), as Mesa's own constant folder gives.
    @Test func floatToIntOutOfRange() throws {
        let program = try compileShader("""
            precision highp float;
            const int k = int(1e10);
            void main() { gl_FragColor = vec4(float(k), float(k / 0), 0.0, 1.0); }
            """)
        let p = try render(program, width: 1, height: 1, format: .float32).pixel(x: 0, y: 0)
        #expect(p.x == -2147483648)
        #expect(p.y == 0)  // integer division by zero: 0, as llvmpipe
    }
}
