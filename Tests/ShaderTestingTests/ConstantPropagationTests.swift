import Foundation
import ShaderTesting
import Testing

/// NIR's "propagate constants up multiplication chains" (`MesaConstantPropagation`): `(a * b) * c`
/// is `(a * c) * b` and `(a + b) + c` is `(a + c) + b` on llvmpipe when `c` is a constant and both
/// operations have no other use, also through variables read once (`MesaForwardSubstitution`),
/// `pow(x, 2.0)` being `x * x` and `dot` a sum of products, and through calls of simple functions
/// (`MesaInlining`). Each case writes the 32 bits of its result as RGBA over 32
/// per-fragment values; both engines and the reference interpreter must give llvmpipe's bits.
/// Each regrouped case has a twin NIR computes as written (the inner value used twice, or
/// constants that are uniforms), and llvmpipe must give the two different bits somewhere, so the
/// cases do exercise the rules. `j` and `k` are square roots, values no rule looks into; `sin`
/// uses the value once (Mesa drops an `abs` of a value it knows is not negative, and the value
/// is then read four times).
@Suite struct ConstantPropagationTests {
    /// A 16×2 draw of `body` after per-fragment `j` and `k`, with uniforms `k1` = 0.3, `k2` = 0.1.
    static func propagationCase(_ body: String) -> DifferentialCase {
        var c = CompileTimeFoldingTests.draw(
            body,
            CompileTimeFoldingTests.shader(
                "float j = sqrt(gl_FragCoord.x * 0.37 + 1.0 + zero); float k = sqrt(gl_FragCoord.y * 1.3 + 2.0 + zero); " + body,
                functions: "uniform float k1; uniform float k2;\n" + functions))
        c.uniforms = ["zero": [0], "k1": [0.3], "k2": [0.1]]
        c.width = 16
        return c
    }

    /// Functions the cases call; Mesa inlines them before its rules, and so does
    /// `MesaInlining` for functions this simple.
    static let functions = """
        float wrap289(float x) { return x - floor(x * 0.0034602077) * 289.0; }
        float square(float x) { return x * x; }
        """

    static let regrouped: [(DifferentialCase, DifferentialCase)] = [
        ("r = sin((j * k) * 0.1);", "float t = j * k; r = sin(t * 0.1) + zero * t;"),
        ("r = sin(0.1 * (k * j));", "float t = k * j; r = sin(0.1 * t) + zero * t;"),
        ("r = sin((j + k) + 0.1);", "float t = j + k; r = sin(t + 0.1) + zero * t;"),
        // A subtraction adds a negated operand: `(j + 0.1) - k`, `(j - 0.1) + k`.
        ("r = sin((j - k) + 0.1);", "float t = j - k; r = sin(t + 0.1) + zero * t;"),
        ("r = sin((j + k) - 0.1);", "float t = j + k; r = sin(t - 0.1) + zero * t;"),
        // Negations leave the product first: `-((j * 0.1) * k)`.
        ("r = sin((-j * k) * 0.1);", "float t = -j * k; r = sin(t * 0.1) + zero * t;"),
        ("r = sin((j * -k) * 0.1);", "float t = j * -k; r = sin(t * 0.1) + zero * t;"),
        // `pow(x, 2.0)` is `x * x` first.
        ("r = sin(pow(j + k, 2.0) * 0.1);", "float t = pow(j + k, 2.0); r = sin(t * 0.1) + zero * t;"),
        // Through variables read once, and again on the new inner sum: `((j + 0.1) + k) + j`.
        ("float t = j * k; r = sin(t * 0.1);", "float t = j * k; r = sin(t * 0.1) + zero * t;"),
        ("float t = j + k; float u = t + j; r = sin(u + 0.1);", "float t = j + k; float u = t + j; r = sin(u + 0.1) + zero * u;"),
        // NIR's constant regrouping after a subtraction: `(0.3 - 0.1) + j`, `(0.1 - 0.3) - j`.
        ("r = sin((j + 0.3) - 0.1);", "r = sin((j + k1) - k2);"),
        ("r = sin(0.1 - (j + 0.3));", "r = sin(k2 - (j + k1));"),
        // `dot` as Mesa lowers it, `(a.z*b.z + a.y*b.y) + a.x*b.x`, then regrouped: a common
        // constant factored out, `c * ((z + y) + x)`; a constant moved in, `(k*(j*0.5) + 0.25) + j*k`.
        ("r = dot(vec3(j, k, j * k), vec3(1.0 / 6.0));", "r = dot(vec3(j, k, j * k), vec3(1.0 / 6.0, 1.0 / 6.0, 1.0 / 6.0 + zero));"),
        ("r = sin(dot(vec2(j, k), vec2(k, j * 0.5)) + 0.25);", "float t = dot(vec2(j, k), vec2(k, j * 0.5)); r = sin(t + 0.25) + zero * t;"),
        ("vec3 v = vec3(j, k, j - k); r = sin(dot(v, vec3(0.5, 1.5, 2.0)) + 0.5);",
         "vec3 v = vec3(j, k, j - k); float t = dot(v, vec3(0.5, 1.5, 2.0)); r = sin(t + 0.5) + zero * t;"),
        // Through inlined calls: the sum a call returns regrouped with what its caller adds,
        // `(y*y + k) - floor(…) * 289.0`, and a product it returns with a constant,
        // `(x * 0.1) * x` for the parameter `x = j + k`.
        ("float y = j * 1733.7; r = sin(wrap289(y * y) + k);", "float y = j * 1733.7; float t = wrap289(y * y); r = sin(t + k) + zero * t;"),
        ("r = sin(square(j + k) * 0.1);", "float t = square(j + k); r = sin(t * 0.1) + zero * t;"),
        // NIR's constant rules ask nothing about uses: `743.83 * t` is `(743.83 * 0.3) * j` with `t`
        // read twice (wsyGzG's hash).
        ("float t = j * 0.3; r = sin(743.83 * t) + t;", "float t = j * k1; r = sin(743.83 * t) + t;"),
        // `pow(x, 4.0)` is `(x * x) * (x * x)` (GLSL IR's rewrite), then `(s * 0.1) * s`.
        ("r = sin(pow(j + k, 4.0) * 0.1);", "r = sin(pow(j + k, 4.0 + zero) * 0.1);"),
        // Equal expressions are one value before the rules: `t` is used once by the two copies
        // of `t + 0.1`, so the sum of products moves the constant in, `(j*k + 0.1) + k*(j*0.5)`.
        ("float t = j * k + k * (j * 0.5); r = sin((t + 0.1) * (t + 0.1));",
         "float t = j * k + k * (j * 0.5); r = sin((t + 0.1) * (t + 0.1)) + zero * t;"),
        // A local assigned again is a new value (SSA; `MesaVersioning`), on one component too:
        // `(j * 0.3) * 0.1` is `j * 0.03` (3d2SWc's zoom adds), `38 * (w.x * w.y)` is
        // `((j * 38) * s) * (k * s)` (dsVczz's hash: `b *= k; b.x *= b.y;`).
        ("vec2 u = vec2(j, k); u *= vec2(0.3, 0.6); u.x *= 0.1; r = sin(u.x) + u.x;",
         "vec2 u = vec2(j, k); u *= vec2(k1, 0.6); u.x *= k2; r = sin(u.x) + u.x;"),
        ("vec2 w = vec2(j, k); w *= sin(k); w.x *= w.y; r = sin(38.0 * w.x);",
         "vec2 w = vec2(j, k); w *= sin(k); w.x *= w.y; r = sin(38.0 * w.x) + zero * w.x;"),
        // `mod(y, c)` is `y - c * floor(y / c)` to the rules: `j + mod(k * j, 0.7)` is
        // `(k * j + j) - 0.7 * floor(…)`.
        ("r = sin(j + mod(k * j, 0.7));", "float t = mod(k * j, 0.7); r = sin(j + t) + zero * t;"),
        // NIR's "prefer moving out a multiplication": `(j * 0.5 + k) + 0.2` is `(k + 0.2) + j * 0.5`.
        ("r = sin((j * 0.5 + k) + 0.2);", "float t = j * 0.5 + k; r = sin(t + 0.2) + zero * t;"),
        ("r = sin((j * k - k) + 0.2);", "float t = j * k - k; r = sin(t + 0.2) + zero * t;"),
        // `mix` of a constant weight is `x * (1.0 - c) + y * c` (NIR's `flrp` lowering):
        // `mix(j, k * 0.7, 0.3)` is `j * 0.7 + 0.21 * k`; `smoothstep`'s cubic takes the weight in.
        ("r = sin(mix(j, k * 0.7, 0.3));", "r = sin(mix(j, k * 0.7, k1));"),
        ("r = sin(mix(1.0, smoothstep(0.0, 3.0, j), 0.75));", "r = sin(mix(1.0, smoothstep(0.0, 3.0, j), k1));"),
        // Equal components are one value: `dot(p3, p3.yzx + 33.33)` with `p3.x == p3.z` is
        // distributed as NIR distributes it (Dave Hoskins' `hash12`).
        ("vec3 p3 = fract(vec3(j, k, j) * 0.1031); r = dot(p3, p3.yzx + 33.33);",
         "vec3 p3 = fract(vec3(j, k, j + zero) * 0.1031); r = dot(p3, p3.yzx + 33.33);"),
    ].map { (propagationCase($0), propagationCase($1)) }

    /// Forms NIR computes as written: a result read four times (through `floatBitsToUint`), a
    /// negated sum, a division, a product with no constant.
    static let unchanged: [DifferentialCase] = [
        "r = (j * k) * 0.1;",
        "r = (j + k) + 0.1;",
        "r = sin(0.1 - (j + k));",
        "r = sin((j * k) / 3.0);",
        "r = sin((j * k) * (j + 0.1));",
        "float t = j * k; r = sin(t * 0.1) + t;",
    ].map(propagationCase)

    static var all: [DifferentialCase] { regrouped.flatMap { [$0.0, $0.1] } + unchanged }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["SHADE_SKIP_LLVMPIPE"] == nil))
    func closuresMatchLlvmpipe() throws {
        try expectIdenticalToLlvmpipe(Self.all, label: "constant propagation (closures)")
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["SHADE_SKIP_LLVMPIPE"] == nil))
    func nativeEngineMatchesLlvmpipe() throws {
        try expectNativeIdenticalToLlvmpipe(Self.all)
    }

    @Test(arguments: ConstantPropagationTests.all.map(\.name))
    func interpreterAgrees(_ name: String) {
        let c = Self.all.first { $0.name == name }!
        let outcome = DifferentialTest.run(c)
        #expect(outcome.isAgreement, "\(outcome)")
    }

    /// The regrouped cases are sensitive: llvmpipe's bits differ from the twin's.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["SHADE_SKIP_LLVMPIPE"] == nil))
    func regroupingChangesLlvmpipesBits() throws {
        try expectLlvmpipeTellsApart(Self.regrouped)
    }
}
