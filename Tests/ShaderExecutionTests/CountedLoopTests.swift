import Framebuffers
import ShaderCompiler
import ShaderExecution
import Testing

/// Loops that every lane runs the same number of times (`Compiler+CountedLoops.swift`): the
/// Appendix A idiom `for (i = 1; i <= MAX; i++) { if (i > n) break; … }` with a uniform `n`,
/// and constant loops too long to unroll. Expectations are the sums written out here; both
/// engines must give the same bits.
@Suite struct CountedLoopTests {
    /// Whether `code` holds a counted loop anywhere.
    static func hasCountedLoop(_ code: [LaneCode]?) -> Bool {
        (code ?? []).contains { $0.contains(where: \.isCountedLoop) }
    }

    /// Renders `program` 8×2 as floats on `engine`; returns every pixel's red.
    static func reds(_ program: Program, uniforms: [String: [Float]], engine: ShadingEngine,
                     loopIterationLimit: Int = Program.loopIterationLimit) throws -> [Float] {
        var schedule = Schedule.singleThreaded
        schedule.engine = engine
        let out = try render(program, width: 8, height: 2, uniforms: uniforms, format: .float32,
                             schedule: schedule, loopIterationLimit: loopIterationLimit)
        return (0..<16).map { out.float32Pointer[$0 * 4] }
    }

    static let radiusLoop = """
        precision highp float;
        uniform int n;
        uniform float scale;
        varying vec2 textureCoordinate;
        void main() {
            float x = 0.0;
            int limit = n + 0;
            for (int i = 1; i <= 192; i++) {
                if (i > limit) break;
                float k = float(i);
                x += k * scale;
            }
            gl_FragColor = vec4(x, 0.0, 0.0, 1.0);
        }
        """

    @Test(arguments: [ShadingEngine.closures, .native])
    func aUniformBreakRunsExactlyItsIterations(_ engine: ShadingEngine) throws {
        let program = try compileShader(Self.radiusLoop)
        #expect(Self.hasCountedLoop(program.laneCode))
        for n in [-3, 0, 1, 6, 191, 192, 500] {
            var sum: Float = 0
            for i in 0..<max(0, min(n, 192)) { sum += Float(i + 1) * 0.5 }
            let got = try Self.reds(program, uniforms: ["n": [Float(n)], "scale": [0.5]], engine: engine)
            #expect(got.allSatisfy { $0 == sum }, "n = \(n): \(got[0]), expected \(sum)")
        }
    }

    @Test(arguments: [ShadingEngine.closures, .native])
    func insideADivergentBranchAndNested(_ engine: ShadingEngine) throws {
        let program = try compileShader("""
            precision highp float;
            uniform float m;
            varying vec2 textureCoordinate;
            void main() {
                float x = 0.0;
                if (textureCoordinate.x > 0.5) {
                    for (int i = 0; i < 40; i++) {
                        if (float(i) >= m) break;
                        for (int j = 0; j < 50; j++) { x += 1.0; }
                    }
                } else {
                    x = -1.0;
                }
                gl_FragColor = vec4(x, 0.0, 0.0, 1.0);
            }
            """)
        #expect(Self.hasCountedLoop(program.laneCode))
        for m: Float in [0, 2.5, 7, 100] {
            let got = try Self.reds(program, uniforms: ["m": [m]], engine: engine)
            let inside = Float(min(40, Int(m.rounded(.up))) * 50)
            for column in 0..<8 {
                let expected: Float = (Float(column) + 0.5) / 8 > 0.5 ? inside : -1
                #expect(got[column] == expected && got[8 + column] == expected, "m = \(m), column \(column)")
            }
        }
    }

    @Test(arguments: [ShadingEngine.closures, .native])
    func es300UnsignedCountersAndLongConstantLoops(_ engine: ShadingEngine) throws {
        let program = try compileShader("""
            #version 300 es
            precision highp float;
            uniform uint n;
            out vec4 color;
            void main() {
                uint x = 0u;
                for (uint i = 0u; i < 100u; i++) {
                    if (i >= n) break;
                    x += i * 3u;
                }
                float y = 0.0;
                for (float f = 0.0; f < 64.0; f += 1.0) { y += f; }
                color = vec4(float(x), y, 0.0, 1.0);
            }
            """)
        #expect(Self.hasCountedLoop(program.laneCode))
        for n in [0, 1, 33, 100, 4000] {
            var schedule = Schedule.singleThreaded
            schedule.engine = engine
            let out = try render(program, width: 4, height: 1, uniforms: ["n": [Float(n)]], format: .float32, schedule: schedule)
            let expected = (0..<min(n, 100)).reduce(0) { $0 + $1 * 3 }
            #expect(out.float32Pointer[0] == Float(expected), "n = \(n)")
            #expect(out.float32Pointer[1] == Float(63 * 64 / 2))
        }
    }

    @Test func aBreakThatDependsOnTheLaneStaysAMaskedLoop() throws {
        let program = try compileShader("""
            precision highp float;
            varying vec2 textureCoordinate;
            void main() {
                float x = 0.0;
                for (int i = 0; i < 64; i++) {
                    if (float(i) > textureCoordinate.x * 64.0) break;
                    x += 1.0;
                }
                gl_FragColor = vec4(x, 0.0, 0.0, 1.0);
            }
            """)
        #expect(!Self.hasCountedLoop(program.laneCode))
        let closures = try Self.reds(program, uniforms: [:], engine: .closures)
        let native = try Self.reds(program, uniforms: [:], engine: .native)
        #expect(closures == native)
        // Column c's s is (c + 0.5) / 8: iterations i = 0 … floor(s * 64).
        for c in 0..<8 { #expect(closures[c] == Float(Int((Float(c) + 0.5) / 8 * 64) + 1)) }
    }

    @Test(arguments: [ShadingEngine.closures, .native])
    func theIterationsCountAgainstTheBudget(_ engine: ShadingEngine) throws {
        let program = try compileShader(Self.radiusLoop)
        #expect(throws: ExecutionError.loopLimitExceeded(limit: 50)) {
            try Self.reds(program, uniforms: ["n": [100], "scale": [1]], engine: engine, loopIterationLimit: 50)
        }
        let got = try Self.reds(program, uniforms: ["n": [40], "scale": [1]], engine: engine, loopIterationLimit: 50)
        #expect(got[0] == Float(40 * 41 / 2))
    }
}
