import Foundation
import ShaderTesting
import Testing

/// NIR's "reassociate add chains for more MAD/FMA-friendly code" (`MesaSumChains`): a sum of two
/// products used once, plus a term that is not a product, is regrouped, `(x*x - y*y) + w` is
/// `(x*x + w) - y*y` on llvmpipe; and `a * b + a * c` is `a * (b + c)`. Each case writes the 32
/// bits of its result as RGBA over 32 per-fragment values; both engines and the reference
/// interpreter must give llvmpipe's bits. Each regrouped case has a twin NIR computes as
/// written (an inner sum used twice, `+ zero * t`; a factor that is another value with the same
/// bits, `x + zero`; the other order of the two rules), and llvmpipe must give the two different
/// bits somewhere, so the cases do exercise the rules.
@Suite struct SumChainTests {
    /// A 16×2 draw of `body` after `prelude` (the per-fragment values it reads).
    static func fragmentCase(_ prelude: String, _ body: String, functions: String = "") -> DifferentialCase {
        var c = CompileTimeFoldingTests.draw(body, CompileTimeFoldingTests.shader(prelude + " " + body, functions: functions))
        c.width = 16
        return c
    }

    /// `body` after per-fragment `x`, `y` and `w = y - x` (not a product).
    static func sumCase(_ body: String) -> DifferentialCase {
        fragmentCase("float x = gl_FragCoord.x * 0.7311 - 1.3 + zero; float y = gl_FragCoord.y * 1.9 - 0.61 + zero; float w = y - x;", body)
    }

    static let regrouped: [(DifferentialCase, DifferentialCase)] = [
        ("r = (x*x - y*y) + w;", "float t = x*x - y*y; r = (t + w) + zero * t;"),
        ("r = w + (x*x - y*y);", "float t = x*x - y*y; r = (w + t) + zero * t;"),
        ("r = (x*x - y*y) - w;", "float t = x*x - y*y; r = (t - w) + zero * t;"),
        ("r = (x*x + y*y) + 1.0;", "float t = x*x + y*y; r = (t + 1.0) + zero * t;"),
        ("r = (-x*y + w*w) + x;", "float t = -x*y + w*w; r = (t + x) + zero * t;"),
        ("r = (x*y + w*x) + (w + y);", "float t = x*y + w*x; r = (t + (w + y)) + zero * t;"),
        ("r = ((vec2(x, y) * y + vec2(w) * x) + vec2(w, x)).y;",
         "vec2 t = vec2(x, y) * y + vec2(w) * x; r = ((t + vec2(w, x)) + zero * t).y;"),
        // Distribution: `a * b + a * c` is `a * (b + c)`; the twin's factor is another value
        // (`x + zero`) with the same bits.
        ("r = x*y + w*x;", "r = x*y + w*(x + zero);"),
        ("r = y*x + x*w + x*(y - w);", "r = y*x + x*w + (x + zero)*(y - w);"),
        // The outer sum first: regrouped, not factored (the twin is the factored order).
        ("r = (x*y + x*w) + 1.5;", "r = x*(y + w) + 1.5;"),
        // llvmpipe's NIR is scalar: vector operations on vectors built of scalars are regrouped
        // per component (M3jXDy's `origin - distance * vec3(c.x * s.y, …)`), and a `dot`'s
        // products with constants too (`hash(vec2(u, v))`, `u = 50.0 * fract(…)`); the twins'
        // factor is a constant NIR does not know (`+ zero`).
        ("vec3 p = vec3(0.0) - 500.0 * vec3(x * y, w, x); r = p.x;",
         "vec3 p = vec3(0.0) - (500.0 + zero) * vec3(x * y, w, x); r = p.x;"),
        ("r = dot(vec2(x * 50.0, w), vec2(12.9898, 78.233));", "r = dot(vec2(x * (50.0 + zero), w), vec2(12.9898, 78.233));"),
        ("vec2 v = vec2(x * 50.0, w); float h = dot(v, vec2(12.9898, 78.233)); r = h * h;",
         "vec2 v = vec2(x * (50.0 + zero), w); float h = dot(v, vec2(12.9898, 78.233)); r = h * h;"),
    ].map { (sumCase($0), sumCase($1)) }

    /// Variables holding constants are constants to NIR (`MesaKnownValues`): a local or a global
    /// only its declaration sets, a matrix scaled by a constant, an exact built-in of a constant;
    /// and a sum factored into `c1 * (b + c)` meets the constant it is multiplied by. The twins'
    /// constant is one NIR does not know (`+ zero`, or a global `main` writes), in a chain used
    /// twice where a constant not known would move too.
    static let knownValues: [(DifferentialCase, DifferentialCase)] = [
        ("float k = 3.1; r = (x * 0.37) * k * 2.1;", "float k = 3.1 + zero; float t = (x * 0.37) * k; r = t * 2.1 + zero * t;"),
        ("float k = 3.1; r = x * 0.37 + k + 2.1;", "float k = 3.1 + zero; float t = x * 0.37 + k; r = (t + 2.1) + zero * t;"),
        ("vec2 k = vec2(0.999); k = k * 2.0 - 1.0; r = (x * k.x) * 0.75;",
         "vec2 k = vec2(0.999 + zero); k = k * 2.0 - 1.0; r = (x * k.x) * 0.75;"),
        ("mat2 m = mat2(0.998); m = m * 2.0; r = (x * m[0].x + y * m[1].y) * 0.75;",
         "mat2 m = mat2(0.998 + zero, 0.0, 0.0, 0.998 - zero); m = m * 2.0; r = (x * m[0].x + y * m[1].y) * 0.75;"),
        ("float a = 3.7; float k = floor(a) * 0.31; r = (x * 0.37) * k;",
         "float a = 3.7 + zero; float k = floor(a) * 0.31; r = (x * 0.37) * k;"),
        ("r = (x * 0.998 + y * 0.998) * 0.75;", "r = (x * 0.998 + y * 0.998) * (0.75 + zero);"),
    ].map { (sumCase($0), sumCase($1)) } + [
        (fragmentCase("float x = gl_FragCoord.x * 0.7311 - 1.3 + zero;", "r = (x * 0.37) * K * 2.1;", functions: "float K = 3.1;"),
         fragmentCase("float x = gl_FragCoord.x * 0.7311 - 1.3 + zero;", "K += zero; float t = (x * 0.37) * K; r = t * 2.1 + zero * t;",
                      functions: "float K = 3.1;")),
    ]

    /// NIR unrolls a loop before its rules run (`MesaLoopCopies`), and folds the constants of a
    /// chain of products it meets value by value, pairing them from the outermost
    /// (`MesaForwardSubstitution.paired`): through the copies of a loop, through values read
    /// more than once, through a vector built of scalars. The twins' constant is one NIR does
    /// not know.
    static let productChains: [(DifferentialCase, DifferentialCase)] = [
        ("float p = x; for (int i = 0; i < 5; i++) { r += fract(p * 0.77); p *= 1.37; } r += p;",
         "float p = x; for (int i = 0; i < 5; i++) { r += fract(p * 0.77); p *= 1.37 + zero; } r += p;"),
        ("float p = x; float a = 0.5; for (int i = 0; i < 5; i++) { r += a * fract(p * 3.1); p *= 2.03; a *= 0.6; } r += p;",
         "float p = x; float a = 0.5; for (int i = 0; i < 5; i++) { r += a * fract(p * 3.1); p *= 2.03 + zero; a *= 0.6; } r += p;"),
        ("float p = x * 0.37; for (int i = 0; i < 4; i++) { p *= 1.37; } r = p;",
         "float p = x * (0.37 + zero); for (int i = 0; i < 4; i++) { p *= 1.37; } r = p;"),
        ("vec2 p = vec2(x * 0.37, 1.0); for (int i = 0; i < 4; i++) { p *= 1.37; } r = p.x;",
         "vec2 p = vec2(x * (0.37 + zero), 1.0); for (int i = 0; i < 4; i++) { p *= 1.37; } r = p.x;"),
        ("float p1 = x * 0.37; float p2 = p1 * 1.37; float p3 = p2 * 1.37; float p4 = p3 * 1.37; float p5 = p4 * 1.37; r = p5 + (p1 + p2 + p3 + p4) * zero;",
         "float p1 = x * 0.37; float p2 = p1 * 1.37; float p3 = p2 * 1.37; float p4 = p3 * 1.37; float p5 = p4 * (1.37 + zero); r = p5 + (p1 + p2 + p3 + p4) * zero;"),
        ("vec2 p = vec2(x * 0.37, w); p *= 1.37; r = fract(p.x * 0.77);",
         "vec2 p = vec2(x * 0.37, w); p *= 1.37; r = fract(p.x * (0.77 + zero));"),
    ].map { (sumCase($0), sumCase($1)) }

    /// `body` after a per-fragment `x` that walks the 32 floats around 0.2 (where `x + 0.7`
    /// and `x` against `0.9 - 0.7` decide differently).
    static func comparisonCase(_ body: String) -> DifferentialCase {
        fragmentCase(
            "int k = int(gl_FragCoord.x) + 16 * int(gl_FragCoord.y) - 16; "
                + "float x = uintBitsToFloat(floatBitsToUint(0.2 + zero) + uint(k));", body)
    }

    /// A sum with a constant compared with a constant: `x + c1 < c2` is `x < c2 - c1`; the twin
    /// uses the sum twice.
    static let comparisons: [(DifferentialCase, DifferentialCase)] = [
        ("r = x + 0.7 < 0.9 ? 1.0 : 0.0;", "float t = x + 0.7; r = (t < 0.9 ? 1.0 : 0.0) + zero * t;"),
        ("r = x + 0.7 >= 0.9 ? 1.0 : 0.0;", "float t = x + 0.7; r = (t >= 0.9 ? 1.0 : 0.0) + zero * t;"),
        ("r = 0.9 > x + 0.7 ? 1.0 : 0.0;", "float t = x + 0.7; r = (0.9 > t ? 1.0 : 0.0) + zero * t;"),
        ("r = -(x + 0.7) < -0.9 ? 1.0 : 0.0;", "float t = x + 0.7; r = (-t < -0.9 ? 1.0 : 0.0) + zero * t;"),
        ("r = step(0.9, x + 0.7);", "float t = x + 0.7; r = step(0.9, t) + zero * t;"),
    ].map { (comparisonCase($0), comparisonCase($1)) }

    /// Forms the rule does not touch: a negated sum, three products, a product as the third
    /// term, and a sum of sums whose second is not a product.
    static let unchanged: [DifferentialCase] = [
        "r = w - (x*x + y*y);",
        "r = (x*x + y*y + w*w) + x;",
        "r = (x*x + y*y) + w*x;",
        "r = (x*y - w) + y*x;",
        "r = x*y - w*x;",
        "r = -x*y + x*w;",
    ].map(sumCase) + [
        // `a > b` is `b < a` to NIR, and `b < x + c` has no rule.
        "r = x + 0.7 > 0.9 ? 1.0 : 0.0;",
        "r = x + 0.7 <= 0.9 ? 1.0 : 0.0;",
    ].map(comparisonCase)

    /// `x * 0.0` is 0 and `mod(x, 0.0)` is `x` on llvmpipe (NIR's `~fmul(a, 0.0) -> 0.0`), also
    /// for an infinite or NaN `x`; the twin's zero is the `zero` uniform, where IEEE gives NaN.
    /// `x` runs through ±infinity, NaN and ordinary values.
    static func zeroCase(_ body: String) -> DifferentialCase {
        fragmentCase(
            "float x = gl_FragCoord.x < 4.0 ? (gl_FragCoord.x - 2.0) / (zero * gl_FragCoord.y) : gl_FragCoord.x * 1.37 - 9.1; "
                + "vec3 p = vec3(x, gl_FragCoord.y * 2.3 - 1.0, x * 0.5);", body,
            functions: "vec3 repeated(vec3 q, vec3 period) { return mod(q, period) - 0.5 * period; }")
    }

    static let zeros: [(DifferentialCase, DifferentialCase)] = [
        ("r = x * 0.0 + 1.0;", "r = x * zero + 1.0;"),
        ("r = mod(x, 0.0);", "r = mod(x, zero);"),
        ("r = mod(p, vec3(4.0, 0.0, 2.5)).y;", "r = mod(p, vec3(4.0, zero, 2.5)).y;"),
        ("vec3 m = mod(p, vec3(0.0, 3.0, 2.5)); r = m.x - m.z;", "vec3 m = mod(p, vec3(zero, 3.0, 2.5)); r = m.x - m.z;"),
        // Through an inlined call's parameter and a never-reassigned variable, as NIR sees them.
        ("r = repeated(p, vec3(1.0, 0.0, 0.0)).y;", "r = repeated(p, vec3(1.0, zero, 0.0)).y;"),
        ("vec3 k = vec3(0.0, 2.0, 1.0); r = (p * k).x + 1.0;", "vec3 k = vec3(zero, 2.0, 1.0); r = (p * k).x + 1.0;"),
        ("r = length(mod(p.xy, 0.0));", "r = length(mod(p.xy, vec2(zero)));"),
    ].map { (zeroCase($0), zeroCase($1)) }

    static var all: [DifferentialCase] {
        (regrouped + knownValues + productChains + comparisons + zeros).flatMap { [$0.0, $0.1] } + unchanged
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["SHADE_SKIP_LLVMPIPE"] == nil))
    func closuresMatchLlvmpipe() throws {
        try expectIdenticalToLlvmpipe(Self.all, label: "sum chains (closures)")
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["SHADE_SKIP_LLVMPIPE"] == nil))
    func nativeEngineMatchesLlvmpipe() throws {
        try expectNativeIdenticalToLlvmpipe(Self.all)
    }

    @Test(arguments: SumChainTests.all.map(\.name))
    func interpreterAgrees(_ name: String) {
        let c = Self.all.first { $0.name == name }!
        let outcome = DifferentialTest.run(c)
        #expect(outcome.isAgreement, "\(outcome)")
    }

    /// The regrouped cases are sensitive: llvmpipe's bits differ from the twin's.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["SHADE_SKIP_LLVMPIPE"] == nil))
    func regroupingChangesLlvmpipesBits() throws {
        try expectLlvmpipeTellsApart(Self.regrouped + Self.knownValues + Self.productChains + Self.comparisons + Self.zeros)
    }
}
