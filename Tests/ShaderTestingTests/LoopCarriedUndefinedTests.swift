import Foundation
import ShaderTesting
import Testing

/// A local declared without an initializer and read where a loop may carry a value to it
/// (`UndefinedReads.loopCarried`): on llvmpipe nothing resets it when the declaration runs
/// again, so it starts from its value the last time that code ran (the previous trip of a loop
/// around it or holding it, kept or written out, the previous call from the same call site), 0
/// the first time. Each
/// case writes the 32 bits of its result over 8 fragments; both engines and the reference
/// interpreter must give llvmpipe's bits, and llvmpipe must tell each case from its twin that
/// initialises the local to 0. `n` is 4 known only when running, so NIR keeps the loops.
@Suite struct LoopCarriedUndefinedTests {
    static func carried(_ name: String, _ body: String, functions: String = "") -> DifferentialCase {
        CompileTimeFoldingTests.draw(
            name,
            CompileTimeFoldingTests.shader(
                "float x = gl_FragCoord.x; int n = 4 + int(zero); " + body,
                functions: functions))
    }

    static let sum = "float g(float y, int n) { float s; for (int k = 0; k < n; k++) { s += y; } return s; }"
    static let update = "float h(int i, float y) { float c; if (i == 0) c = y; else c += 1.0; return c; }"
    static let sumFromZero = "float g(float y, int n) { float s = 0.0; for (int k = 0; k < n; k++) { s += y; } return s; }"

    static let pairs: [(DifferentialCase, DifferentialCase)] = [
        // The call inside a loop: 4x, 8x, 12x, 16x.
        (carried("carried across calls", "for (int j = 0; j < n; j++) { r += g(x, n); }", functions: sum),
         carried("reset across calls", "for (int j = 0; j < n; j++) { r += g(x, n); }", functions: sumFromZero)),
        // Two call sites, two registers.
        (carried("one register per call site", "for (int j = 0; j < n; j++) { r += g(x, n) + 3.0 * g(x * 2.0, n); }", functions: sum),
         carried("call sites reset", "for (int j = 0; j < n; j++) { r += g(x, n) + 3.0 * g(x * 2.0, n); }", functions: sumFromZero)),
        // Declared in the outer loop's body.
        (carried("carried across an outer loop", "for (int j = 0; j < n; j++) { float s; for (int k = 0; k < n; k++) { s += x; } r += s; }"),
         carried("reset by an outer loop", "for (int j = 0; j < n; j++) { float s = 0.0; for (int k = 0; k < n; k++) { s += x; } r += s; }")),
        // An int counter without initializer (`int i; while (i++ < 3)`).
        (carried("counter carried", "for (int j = 0; j < n; j++) { int i; while (i++ < 3) { r += x; } }"),
         carried("counter reset", "for (int j = 0; j < n; j++) { int i = 0; while (i++ < 3) { r += x; } }")),
        // Declared in the body of the loop that carries it: read first (7lByDK's ray march),
        // or written on the first trip and updated on the others, in a loop NIR keeps or
        // writes out, or in a function called in the loop.
        (carried("summed where declared", "for (int j = 0; j < n; j++) { float t; t += x; r += t; }"),
         carried("summed from zero where declared", "for (int j = 0; j < n; j++) { float t = 0.0; t += x; r += t; }")),
        (carried("updated where declared", "for (int j = 0; j < n; j++) { float c; if (j == 0) c = x; else c += 1.0; r += c; }"),
         carried("updated from zero where declared", "for (int j = 0; j < n; j++) { float c = 0.0; if (j == 0) c = x; else c += 1.0; r += c; }")),
        (carried("updated in an unrolled loop", "for (int j = 0; j < 4; j++) { float c; if (j == 0) c = x; else c += 1.0; r += c; }"),
         carried("updated from zero in an unrolled loop", "for (int j = 0; j < 4; j++) { float c = 0.0; if (j == 0) c = x; else c += 1.0; r += c; }")),
        (carried("updated in a called function", "for (int j = 0; j < n; j++) { r += h(j, x); }", functions: update),
         carried("updated from zero in a called function", "for (int j = 0; j < n; j++) { r += h(j, x); }",
                 functions: update.replacingOccurrences(of: "float c;", with: "float c = 0.0;"))),
    ]

    static var all: [DifferentialCase] { pairs.flatMap { [$0.0, $0.1] } }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["SHADE_SKIP_LLVMPIPE"] == nil))
    func closuresMatchLlvmpipe() throws {
        try expectIdenticalToLlvmpipe(Self.all, label: "loop-carried undefined values (closures)")
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["SHADE_SKIP_LLVMPIPE"] == nil))
    func nativeEngineMatchesLlvmpipe() throws {
        try expectNativeIdenticalToLlvmpipe(Self.all)
    }

    @Test(arguments: LoopCarriedUndefinedTests.all.map(\.name))
    func interpreterAgrees(_ name: String) {
        let c = Self.all.first { $0.name == name }!
        let outcome = DifferentialTest.run(c)
        #expect(outcome.isAgreement, "\(outcome)")
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["SHADE_SKIP_LLVMPIPE"] == nil))
    func llvmpipeTellsCarriedFromReset() throws {
        try expectLlvmpipeTellsApart(Self.pairs)
    }
}
