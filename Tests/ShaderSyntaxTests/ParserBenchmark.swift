import ShaderDiagnostics
import Testing

@testable import ShaderSyntax

/// A generated shader of about `lines` lines, dense like real effect code: helper functions
/// with loops, swizzles, constructors, built-in calls and a function-like macro.
func benchmarkShader(lines: Int) -> String {
    var text = """
        precision highp float;
        uniform sampler2D inputImageTexture;
        uniform float u_time;
        varying vec2 textureCoordinate;
        struct Material { vec3 albedo; float roughness; };
        const vec3 W = vec3(0.2125, 0.7154, 0.0721);
        #define WEIGHT(i) (0.25 * float(i + 1))

        """
    var n = 0
    while text.utf8.lazy.filter({ $0 == UInt8(ascii: "\n") }).count < lines - 5 {
        text += """
            vec3 effect\(n)(vec2 uv, Material m) {
                vec3 acc = vec3(0.0);
                for (int i = 0; i < 4; i++) {
                    vec2 p = uv * WEIGHT(i) + vec2(sin(u_time), cos(u_time)) * 0.1;
                    vec4 c = texture2D(inputImageTexture, fract(p));
                    acc += mix(c.rgb, m.albedo, m.roughness) * dot(c.rgb, W);
                }
                return clamp(acc / 4.0, 0.0, 1.0) + vec3(\(n).0 * 0.001);
            }

            """
        n += 1
    }
    text +=
        "void main() {\n    gl_FragColor = vec4(effect0(textureCoordinate, Material(W, 0.5)), 1.0);\n}\n"
    return text
}

/// Times preprocessing and parsing. Run `swift test -c release --filter ParserBenchmark` for
/// the release figures it prints (fastest about 0.8 ms for 300 lines and 2.6 ms for 1000 lines on the
/// development machine); the bound checked here only catches pathological slowdowns.
@Suite("Parser performance")
struct ParserBenchmark {
    @Test(arguments: [300, 1000])
    func preprocessAndParse(lines: Int) {
        let source = SourceFile(name: "bench.fsh", text: benchmarkShader(lines: lines))
        #expect(source.lineStarts.count >= lines - 5)
        let clock = ContinuousClock()
        var times: [Duration] = []
        var result: ParseResult?
        for _ in 0..<31 {
            times.append(clock.measure { result = parse(source, stage: .fragment) })
        }
        times.sort()
        let tokens = result?.preprocessed.tokens.count ?? 0
        print(
            "parser benchmark: \(lines) lines, \(tokens) tokens, median \(times[15]), fastest \(times[0])"
        )
        #expect(result?.diagnostics.isEmpty == true)
        #expect(times[15] < .milliseconds(500))
    }
}
