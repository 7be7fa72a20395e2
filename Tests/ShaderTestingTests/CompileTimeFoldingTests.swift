import Foundation
import ShaderTesting
import Testing

/// Calls Mesa evaluates when compiling (issue 15, README "Calls Mesa evaluates when
/// compiling"): constant expressions, constants propagated through variables and inlined
/// calls (GLSL IR: the C library's `sinf`, `powf`, `atanf`, …), and the counter of a loop NIR
/// unrolls (`sin(float(i) * k)` is `sinf` of a constant there; `exp` is `exp2f(x * log2(e))`,
/// `atan` llvmpipe's polynomial). Each case writes the 32 bits of its result as RGBA, so one
/// wrong bit shows. Both engines and the reference interpreter must give llvmpipe's bits, and
/// each `…folded` case is checked to differ in llvmpipe from its twin whose arguments are run-time
/// values (`+ zero`, a uniform 0), so the cases do exercise Mesa's folding. The same holds for
/// constants NIR regroups (`(x * 1.37) * 2.71` is `3.7127 * x`), against twins whose constants
/// are uniforms.
@Suite struct CompileTimeFoldingTests {
    static func shader(_ body: String, functions: String = "") -> String {
        """
        #version 300 es
        precision highp float;
        precision highp int;
        uniform float zero;
        out vec4 o;
        \(functions)
        void main() {
            float r = 0.0;
            \(body)
            uint b = floatBitsToUint(r);
            o = vec4(float(b & 255u), float((b >> 8) & 255u), float((b >> 16) & 255u), float(b >> 24)) / 255.0;
        }
        """
    }

    /// `k` copies of a hash term in a loop of `n` iterations (each copy 5 NIR instructions).
    static func hashLoop(_ n: Int, terms k: Int, runTime: Bool = false) -> String {
        let terms = (0..<k).map { j in
            "r += fract(sin(float(i) * \(String(format: "%.4f", 12.9898 + Double(j) * 0.731))\(runTime ? " + zero" : "")) * 43758.5453);"
        }
        return "for (int i = 0; i < \(n); i++) { \(terms.joined(separator: " ")) }"
    }

    static func draw(_ name: String, _ source: String) -> DifferentialCase {
        DifferentialCase(name: name, fragmentSource: source, uniforms: ["zero": [0]], width: 4, height: 2)
    }

    /// Cases Mesa folds, each with its run-time twin.
    static let folded: [(DifferentialCase, DifferentialCase)] = [
        (draw("loop 8 folded", shader(hashLoop(8, terms: 1))), draw("loop 8 run time", shader(hashLoop(8, terms: 1, runTime: true)))),
        (draw("loop 32 folded", shader(hashLoop(32, terms: 1))), draw("loop 32 run time", shader(hashLoop(32, terms: 1, runTime: true)))),
        // The largest bodies NIR still unrolls (trip count × cost ≤ 832).
        (draw("loop 8x20 folded", shader(hashLoop(8, terms: 20))), draw("loop 8x20 run time", shader(hashLoop(8, terms: 20, runTime: true)))),
        (draw("loop 16x9 folded", shader(hashLoop(16, terms: 9))), draw("loop 16x9 run time", shader(hashLoop(16, terms: 9, runTime: true)))),
        (draw("loop 32x4 folded", shader(hashLoop(32, terms: 4))), draw("loop 32x4 run time", shader(hashLoop(32, terms: 4, runTime: true)))),
        // A float counter, and a hash in a function (inlined, then folded).
        (draw("float loop folded", shader("for (float i = 0.; i < 8.; i++) { r += hash(i); }", functions: hash)),
         draw("float loop run time", shader("for (float i = 0.; i < 8.; i++) { r += hash(i + zero); }", functions: hash))),
        // NIR counts a float loop's trips as start + k * step (0.1 + 9 * 0.1 is 1.0: ten
        // trips), where adding the step at run time passes 1.0 after nine.
        (draw("float count folded", shader("for (float i = 0.1; i <= 1.0; i += 0.1) { r += i; }")),
         draw("float count run time", shader("for (float i = 0.1; i <= 1.0 + zero; i += 0.1) { r += i; }"))),
        // `i++` on a parameter whose argument is the unrolled counter: still a constant, so
        // NIR folds the sine with the C library (fsyGDK's hash).
        (draw("incremented argument folded", shader("for (int j = 0; j < 3; j++) { r += h(j); }", functions: incremented)),
         draw("incremented argument run time", shader("for (int j = 0; j < 3; j++) { r += h(j + int(zero)); }", functions: incremented))),
        // GLSL IR: a literal, a propagated variable, an inlined argument.
        (draw("pow folded", shader("r = pow(1.37, 3.3);")), draw("pow run time", shader("r = pow(1.37 + zero, 3.3);"))),
        (draw("atan variable folded", shader("float a = 1.11; r = atan(a);")), draw("atan run time", shader("r = atan(1.11 + zero);"))),
        (draw("atan argument folded", shader("r = f(1.11);", functions: "float f(float x) { return atan(x); }")),
         draw("atan argument run time", shader("r = f(1.11 + zero);", functions: "float f(float x) { return atan(x); }"))),
        (draw("exp folded", shader("r = exp(4.11);")), draw("exp run time", shader("r = exp(4.11 + zero);"))),
    ]

    static let hash = "float hash(float x) { return fract(sin(x * 12.9898) * 43758.5453); }"
    static let incremented = "float h(int i) { i++; return fract(4384.545 * sin(float(i) * 524.0 * 734.322 + 143.0)); }"

    /// Constants regrouped as NIR regroups them (`CheckedShader.reassociated()`), each with a
    /// twin whose constants are uniforms (`k1` = 1.37, `k2` = 2.71), which NIR leaves as written.
    /// `body` after per-fragment `x` (16 values along a row) and `y`, with uniforms `k1`, `k2`.
    static func regroupedCase(_ body: String) -> DifferentialCase {
        var c = draw(body, shader("float x = gl_FragCoord.x * 0.7311 - 1.3 + zero; float y = gl_FragCoord.y * 1.9 + zero; " + body,
                                  functions: "uniform float k1; uniform float k2;"))
        c.uniforms = ["zero": [0], "k1": [1.37], "k2": [2.71]]
        c.width = 16
        return c
    }

    static let regrouped: [(DifferentialCase, DifferentialCase)] = [
        ("r = (x * 1.37) * 2.71;", "r = (x * k1) * k2;"),
        ("r = (x + 1.37) + 2.71;", "r = (x + k1) + k2;"),
        ("r = (x - 1.37) + 2.71;", "r = (x - k1) + k2;"),
        ("r = 2.71 - (x - 1.37);", "r = k2 - (x - k1);"),
        ("r = (1.37 - x) + 2.71;", "r = (k1 - x) + k2;"),
        ("r = -x * 2.71 * 1.37;", "r = -x * k2 * k1;"),
        ("r = log(abs(x) + 1.0) * 1.37;", "r = log(abs(x) + 1.0) * k1;"),
        ("r = ((vec2(y, x) * 1.37) * 2.71).y;", "r = ((vec2(y, x) * k1) * k2).y;"),
    ].map { (regroupedCase($0), regroupedCase($1)) }

    /// Cases Mesa does not fold, or folds to llvmpipe's run-time bits.
    static let notFolded: [DifferentialCase] = [
        // One term more than NIR unrolls at each trip count, and a trip count of 33.
        draw("loop 8x21", shader(hashLoop(8, terms: 21))),
        draw("loop 16x10", shader(hashLoop(16, terms: 10))),
        draw("loop 32x5", shader(hashLoop(32, terms: 5))),
        draw("loop 33", shader(hashLoop(33, terms: 1))),
        // In an unrolled loop `atan` is arithmetic (llvmpipe's polynomial) and `exp` is `exp2f`.
        draw("atan in loop", shader("for (int i = 0; i < 4; i++) { if (i == 3) r = atan(float(i) * 0.37); }")),
        draw("exp in loop", shader("for (int i = 0; i < 4; i++) { if (i == 3) r += exp(float(i)); r += exp(float(i) * 0.5); }")),
        // Regrouped: `exp2(-((2.71 * log2(e)) * x))`.
        regroupedCase("r = exp(-x * 2.71);"),
        // `asin` and `acos` are GLSL IR functions built of arithmetic: folded to run-time bits.
        draw("asin literal", shader("r = asin(0.37) + acos(0.61);")),
    ]

    static var all: [DifferentialCase] { (folded + regrouped).flatMap { [$0.0, $0.1] } + notFolded }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["SHADE_SKIP_LLVMPIPE"] == nil))
    func closuresMatchLlvmpipe() throws {
        try expectIdenticalToLlvmpipe(Self.all, label: "compile-time folding (closures)")
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["SHADE_SKIP_LLVMPIPE"] == nil))
    func nativeEngineMatchesLlvmpipe() throws {
        try expectNativeIdenticalToLlvmpipe(Self.all)
    }

    @Test(arguments: CompileTimeFoldingTests.all.map(\.name))
    func interpreterAgrees(_ name: String) {
        let c = Self.all.first { $0.name == name }!
        let outcome = DifferentialTest.run(c)
        #expect(outcome.isAgreement, "\(outcome)")
    }

    /// The folded cases are sensitive: llvmpipe's folded and run-time bits differ.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["SHADE_SKIP_LLVMPIPE"] == nil))
    func foldingChangesLlvmpipesBits() throws {
        try expectLlvmpipeTellsApart(Self.folded + Self.regrouped)
    }
}
