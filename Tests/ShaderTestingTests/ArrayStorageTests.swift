import Foundation
import ShaderTesting
import Testing

/// Dynamic indices out of range, which read what llvmpipe's storage of the array gives
/// (`MesaArrayStorage`): an array Mesa moves to the constant buffer (every store a constant,
/// unconditional, before any read) reads 0 below its start, and one kept in registers reads its
/// last element for every index outside it. Each case indexes a 4-element array with
/// `i = int(gl_FragCoord.x) - 4` (-4 to 7 over 12 columns; constant-buffer arrays only up to 3,
/// since past the end llvmpipe reads whatever uniform follows) and writes the 32 bits of the
/// element read; both engines and the reference interpreter must give llvmpipe's bits. Each pair
/// is a constant-buffer array and its register twin, which llvmpipe must tell apart.
@Suite struct ArrayStorageTests {
    static func indexing(_ name: String, _ body: String, functions: String = "") -> DifferentialCase {
        var c = CompileTimeFoldingTests.draw(
            name, CompileTimeFoldingTests.shader("int i = int(gl_FragCoord.x) - 4; " + body, functions: functions))
        c.width = 12
        return c
    }

    static let global = "float g[4] = float[4](1.5, 2.5, 3.5, 4.5);\nfloat at(int k) { return g[k]; }"

    static let pairs: [(DifferentialCase, DifferentialCase)] = [
        // A constant initializer; the twin's last element is known only when running.
        (indexing("initializer constant", "float v[4] = float[4](1.5, 2.5, 3.5, 4.5); r = v[min(i, 3)];"),
         indexing("initializer run time", "float v[4] = float[4](1.5, 2.5, 3.5, 4.5 + zero); r = v[min(i, 3)];")),
        // Filled in a loop NIR unrolls; the twin stores once more after.
        (indexing("loop fill constant", "float v[4]; for (int k = 0; k < 4; k++) { v[k] = float(k) + 0.5; } r = v[min(i, 3)];"),
         indexing("loop fill run time", "float v[4]; for (int k = 0; k < 4; k++) { v[k] = float(k) + 0.5; } v[0] = 0.5 + zero; r = v[min(i, 3)];")),
        // A read with a constant index does not count (NIR forwards the stored constant); a
        // store under a condition keeps the array in registers.
        (indexing("store after constant read", "float v[4] = float[4](1.5, 2.5, 3.5, 4.5); float w = v[1]; v[2] = 9.0; r = v[min(i, 3)] + w;"),
         indexing("store under condition", "float v[4] = float[4](1.5, 2.5, 3.5, 4.5); if (gl_FragCoord.y > 1.0) { v[1] = 7.0; } r = v[min(i, 3)];")),
        // A global with a constant initializer, read in a function; the twin stores in `main`
        // a value known only when running.
        (indexing("global constant", "r = at(min(i, 3));", functions: global),
         indexing("global run time", "g[3] = 4.5 + zero; r = at(min(i, 3));", functions: global)),
    ]

    /// Register arrays over the whole range of indices.
    static let registers: [DifferentialCase] = [
        indexing("condition, all indices", "float v[4] = float[4](1.5, 2.5, 3.5, 4.5); if (gl_FragCoord.y > 1.0) { v[1] = 7.0; } r = v[i];"),
        indexing("bool array", "bool flags[4] = bool[4](true, false, true, true); r = flags[i] ? 1.0 : 2.0;"),
        indexing("int array", "int v[4] = int[4](1, 2, 3, int(gl_FragCoord.y)); r = float(v[i]);"),
        indexing("vec3 array", "vec3 v[4] = vec3[4](vec3(1.0), vec3(2.0), vec3(3.0), vec3(gl_FragCoord.y)); r = v[i].y;"),
        // 40 trips: NIR keeps the loop, and the array in registers.
        indexing("loop not unrolled", "float v[4]; for (int k = 0; k < 40; k++) { v[k / 10] = float(k); } r = v[i];"),
        // A ray stack (tdScDV): columns 0-4 leave the loop after one trip, the others push a
        // second ray. In the second trip column 5's derivative reads column 4, which has left:
        // its `d - 1` lives in `d`'s register (`MesaVersioning.restoredVersions`), so it reads
        // `st[0]`, rewritten to 0.9 (a fresh value would read `st[-1]`, the last element), and
        // its `v` is computed anew (an SSA value llvmpipe computes in every lane), not kept.
        indexing("stack popped by a lane that left", """
            vec3 st[8]; int d = 0;
            if (d < 8) { st[d] = vec3(gl_FragCoord.x * 0.01); d++; }
            int n = 0;
            while (d > 0 && n < 10) {
                d--;
                vec3 v = st[d];
                n++;
                r = dFdx(v).x;
                st[0].x = 0.9;
                if (gl_FragCoord.x < 5.0) { n = 100; }
                if (n < 2) { if (d < 8) { st[d] = vec3(0.5); d++; } }
            }
            """),
    ]

    static var all: [DifferentialCase] { pairs.flatMap { [$0.0, $0.1] } + registers }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["SHADE_SKIP_LLVMPIPE"] == nil))
    func closuresMatchLlvmpipe() throws {
        try expectIdenticalToLlvmpipe(Self.all, label: "array storage (closures)")
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["SHADE_SKIP_LLVMPIPE"] == nil))
    func nativeEngineMatchesLlvmpipe() throws {
        try expectNativeIdenticalToLlvmpipe(Self.all)
    }

    @Test(arguments: ArrayStorageTests.all.map(\.name))
    func interpreterAgrees(_ name: String) {
        let c = Self.all.first { $0.name == name }!
        let outcome = DifferentialTest.run(c)
        #expect(outcome.isAgreement, "\(outcome)")
    }

    /// Each constant-buffer array reads otherwise than its register twin on llvmpipe.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["SHADE_SKIP_LLVMPIPE"] == nil))
    func llvmpipeTellsTheStoragesApart() throws {
        try expectLlvmpipeTellsApart(Self.pairs)
    }
}
