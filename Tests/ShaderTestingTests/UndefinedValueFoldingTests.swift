import Foundation
import ShaderTesting
import Testing

/// Values Mesa knows are undefined when compiling (`MesaUndefinedValues`): a local read before
/// anything writes it, in straight code or a loop NIR writes out, is an `undef` that NIR and
/// LLVM fold — arithmetic keeps it undefined (0 in the framebuffer), `abs`, `floor`, `sin` give
/// their value at 0, `exp` NaN, comparisons behave as with a NaN, a select drops it. Each case
/// writes the 32 bits of its result over 8 fragments; both engines and the reference
/// interpreter must give llvmpipe's bits, and llvmpipe must tell each case from its twin that
/// initialises the local to 0 (which is what Shade computed before).
@Suite struct UndefinedValueFoldingTests {
    static func draw(_ name: String, _ body: String, functions: String = "") -> DifferentialCase {
        CompileTimeFoldingTests.draw(name, CompileTimeFoldingTests.shader("float x = gl_FragCoord.x; " + body, functions: functions))
    }

    /// A case and its twin: `DECL` is `float a;` in the first, `float a = 0.0;` in the second.
    static func pair(
        _ name: String, _ body: String, declaration: String = "float a", functions: String = ""
    ) -> (DifferentialCase, DifferentialCase) {
        let initialised = declaration + " = " + (declaration.hasPrefix("vec") ? declaration.prefix(4) + "(0.0)" : "0.0") + ";"
        return (draw(name, body.replacingOccurrences(of: "DECL", with: declaration + ";"),
                     functions: functions.replacingOccurrences(of: "DECL", with: declaration + ";")),
                draw(name + " (initialised)", body.replacingOccurrences(of: "DECL", with: initialised),
                     functions: functions.replacingOccurrences(of: "DECL", with: initialised)))
    }

    static let pairs: [(DifferentialCase, DifferentialCase)] = [
        // Arithmetic keeps it undefined; the framebuffer gets 0.
        pair("sum", "DECL r = a + x + 1.0;"),
        pair("quotient", "DECL r = 1.0 / a + 2.0;"),
        pair("fract", "DECL r = fract(a + x) + 1.0;"),
        pair("mix", "DECL r = mix(1.0, 2.0, a) + x;"),
        // Its value at 0 through abs and sin, NaN through exp.
        pair("abs of a sum", "DECL r = abs(x - a) + 1.0;"),
        pair("sine of a sum", "DECL r = sin(a + x) + 1.0;"),
        pair("exp", "DECL r = exp(a * x) + 1.0;"),
        pair("length", "DECL r = length(vec2(a, x)) + 1.0;"),
        // Compared as a NaN.
        pair("less than", "DECL r = (a + x < 100.0) ? 1.0 : 2.0;"),
        pair("not equal", "DECL r = (a != 0.0) ? 1.0 : 2.0;"),
        // A select drops it.
        pair("select", "DECL r = (x > 1.5 ? a : 7.0) + 1.0;"),
        // A first write in one branch: every lane where NIR flattens the `if`, or the value
        // is a constant.
        pair("conditional constant", "DECL if (x > 1.5) a = 3.0; r = a + 1.0;"),
        pair("conditional constant with a loop", "DECL int n = 4 + int(zero); if (x > 1.5) { a = 3.0; for (int k = 0; k < n; k++) r += 1.0; } r += a;"),
        pair("conditional flattened", "DECL if (x > 1.5) a = x * 2.0; else r = 5.0; r += a;"),
        // Several writes (Nd3GD8's `if (h1.w > 0.0 && (h1.w < h.w || h.w <= 0.0)) { h = h1;
        // h.w *= 8.0; }`: the comparisons with `h` do not matter, the select drops `undef`).
        pair("conditional flattened updates", "DECL vec4 h1 = vec4(x - 1.5); if (h1.w > 0.0 && (h1.w < a || a <= 0.0)) { a = h1.w; a *= 8.0; } r = a;"),
        // A function whose result is always undefined (3t3yWB's `vec3 result;` summed in a loop
        // NIR writes out): undefined in the caller too, as NIR inlines it.
        pair("undefined result", "r = h(x).y * 2.0 + 1.0;", declaration: "vec3 v",
             functions: "vec3 h(float y) { DECL for (int i = 0; i < 3; i++) { v += vec3(y, 1.0, 2.0); } return v / 5.0; }"),
        // Two components written in a flattened branch, the third left undefined (Dd3BzN).
        pair("flattened component writes", "DECL if (x > 1.5) { v.r = x; v.b = 2.0 * x; } r = v.r + v.b + 1.0;", declaration: "vec3 v"),
        // A vector with one component written.
        pair("partly written vector", "DECL v.x = x; r = v.x + v.y + 1.0;", declaration: "vec2 v"),
        // Unrolled loops: accumulating stays undefined; the first trips of `c = abs(x - c)`
        // see 0, x, 0 (Shade writes those trips out).
        pair("unrolled sum", "DECL for (int k = 0; k < 4; k++) { a += x; } r = a + 1.0;"),
        pair("unrolled abs", "DECL for (int k = 0; k < 3; k++) { a = abs(x - a); } r = a + 1.0;"),
        pair("unrolled abs with the counter", "DECL for (int k = 1; k < 5; k++) { a = abs(float(k) - a) + x; } r = a + 1.0;"),
        // Derivatives: `dFdx` keeps it undefined, `fwidth` is 0 (so `x / fwidth(…)` is
        // infinite), also for the undefined components of a vector (NtsSzf's `fwidth(x -
        // fragColor)` with only `fragColor.xy` written).
        pair("derivative", "DECL r = dFdx(a) + x;"),
        pair("fwidth", "DECL r = x / fwidth(x - a) + 1.0;"),
        pair("fwidth of a partly written vector", "DECL v.xy = vec2(2.0); vec4 q = fwidth(x - v); r = 0.5 - x / q.z;", declaration: "vec4 v"),
        // The first write of a vector, at an index known only when running: every component
        // (csdyDS's `fragColor[(a | b) % 19] = 1.;`).
        pair("indexed first write", "int i = int(x); DECL v[i] = x; r = v.x + v.w + 1.0;", declaration: "vec4 v"),
        // A value known only when running divided by a constant +0.0 is undefined too; the
        // twin divides by the `zero` uniform (IEEE: infinite).
        (draw("divided by zero", "r = abs(x / 0.0) + (x / 0.0 < 100.0 ? 1.0 : 2.0);"),
         draw("divided by a zero uniform", "r = abs(x / zero) + (x / zero < 100.0 ? 1.0 : 2.0);")),
        // A global nothing gives a value (Nl3SDl's `float seed;` only ever added to): undefined
        // in every function that reads it, as NIR inlines them all.
        pair("undefined global", "seed += x; r = rnd() + 1.0;", declaration: "float seed",
             functions: "DECL float rnd() { seed++; return fract(sin(seed * 114.514) * 1919.81); }"),
    ]

    /// Cases whose result is the same either way, and which must stay so: `a * 0.0`, `a - a`,
    /// a loop NIR keeps (a phi of a defined value and the undefined one is the defined one).
    static let same: [DifferentialCase] = [
        draw("times zero", "float a; r = a * 0.0 * x + 1.0;"),
        draw("minus itself", "float a; r = (a - a) + x;"),
        draw("kept loop", "float a; int n = 4 + int(zero); for (int k = 0; k < n; k++) { r += a; } r += 1.0;"),
        // `O += x - O` on an out parameter is `x` (NIR simplifies the function before inlining
        // it; WltBzM, MtVfW3), as if `O` were 0.
        draw("out parameter cancelled", "vec4 c; m(c, x); r = c.x + 1.0;",
             functions: "void m(out vec4 O, float x) { O += x - O; O *= 2.0; }"),
        draw("written in both branches", "float a; if (x > 1.5) a = 3.0; else a = x; r = a + 1.0;"),
        // `mix(a, b, 1.0)` is `b` and `mix(a, b, 0.0)` is `a` (NIR's `flrp` rules; M3jXDy's
        // `fragColor = mix(fragColor, color, 1.)` on the undefined `out` parameter).
        draw("mix by one", "float a; r = mix(a, x, 1.0) + 1.0;"),
        draw("mix by zero", "vec2 a; r = mix(vec2(x), a, 0.0).x + 1.0;"),
        draw("mix by a boolean", "float a; r = mix(a, x, true) + 1.0;"),
        // A branch NIR keeps (a loop in it) writing a run-time value: 0 in the other lanes.
        draw("conditional kept branch",
             "float a; int n = 4 + int(zero); if (x > 1.5) { a = 3.0 + x; for (int k = 0; k < n; k++) r += 1.0; } else { r = 10.0; } r += a;"),
    ]

    static var all: [DifferentialCase] { pairs.flatMap { [$0.0, $0.1] } + same }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["SHADE_SKIP_LLVMPIPE"] == nil))
    func closuresMatchLlvmpipe() throws {
        try expectIdenticalToLlvmpipe(Self.all, label: "undefined values Mesa folds (closures)")
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["SHADE_SKIP_LLVMPIPE"] == nil))
    func nativeEngineMatchesLlvmpipe() throws {
        try expectNativeIdenticalToLlvmpipe(Self.all)
    }

    @Test(arguments: UndefinedValueFoldingTests.all.map(\.name))
    func interpreterAgrees(_ name: String) {
        let c = Self.all.first { $0.name == name }!
        let outcome = DifferentialTest.run(c)
        #expect(outcome.isAgreement, "\(outcome)")
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["SHADE_SKIP_LLVMPIPE"] == nil))
    func llvmpipeTellsUndefinedFromInitialised() throws {
        try expectLlvmpipeTellsApart(Self.pairs)
    }
}
