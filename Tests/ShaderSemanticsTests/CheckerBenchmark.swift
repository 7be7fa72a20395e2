import Foundation
import ShaderDiagnostics
import ShaderSemantics
import ShaderSyntax
import Testing

/// A generated 300-line fragment shader: helper functions with loops, structs, swizzles,
/// built-in calls and constants, as real effect shaders have.
func largeShader(lines target: Int = 300) -> String {
    var out = """
        precision highp float;
        uniform sampler2D inputImageTexture;
        uniform vec2 u_resolution;
        uniform float u_time;
        varying vec2 textureCoordinate;
        struct Material { vec3 albedo; float roughness; };
        const float PI = 3.14159265;
        const vec3 W = vec3(0.2125, 0.7154, 0.0721);

        """
    var n = 0
    while out.split(separator: "\n").count < target - 12 {
        out += """
            vec3 effect\(n)(vec2 uv, Material m) {
                vec3 acc = vec3(0.0);
                for (int i = 0; i < 4; i++) {
                    vec2 p = uv * float(i + 1) + vec2(sin(u_time), cos(u_time)) * 0.1;
                    vec4 c = texture2D(inputImageTexture, fract(p));
                    acc += mix(c.rgb, m.albedo, m.roughness) * dot(c.rgb, W);
                }
                acc = clamp(acc / 4.0, 0.0, 1.0);
                return pow(acc, vec3(1.0 / 2.2)) + vec3(\(n).0 * PI * 0.001);
            }

            """
        n += 1
    }
    out += "void main() {\n"
    out += "    Material m = Material(vec3(0.8, 0.6, 0.4), 0.5);\n"
    out += "    vec3 sum = vec3(0.0);\n"
    for i in 0..<n { out += "    sum += effect\(i)(textureCoordinate, m);\n" }
    out += "    gl_FragColor = vec4(sum / \(n).0, 1.0);\n}\n"
    return out
}

@Suite("Checker performance")
struct CheckerBenchmark {
    /// Checks a 300-line shader repeatedly. Prints the median time; run
    /// `scripts/bench-checker` for the release-mode figure (the goal is under 2 ms).
    @Test("checking a 300-line shader")
    func largeShaderCheck() throws {
        let source = largeShader()
        #expect(source.split(separator: "\n").count >= 295)
        let clock = ContinuousClock()
        var times: [Duration] = []
        for _ in 0..<21 {
            let start = clock.now
            let shader = try compileFrontEnd(source: source, name: "large.frag", stage: .fragment)
            times.append(clock.now - start)
            #expect(shader.functions.count > 20)
        }
        times.sort()
        let median = times[times.count / 2]
        var checkTimes: [Duration] = []
        let parsed = parse(SourceFile(name: "large.frag", text: source), stage: .fragment)
        for _ in 0..<21 {
            let start = clock.now
            _ = Checker.check(parsed)
            checkTimes.append(clock.now - start)
        }
        checkTimes.sort()
        print("checker benchmark: 300-line shader, median \(median) (parse + check), "
              + "\(checkTimes[checkTimes.count / 2]) (check only)")
        // A generous bound that only a pathological slowdown (e.g. quadratic scopes) breaks,
        // even in a debug build on a busy machine. Checking includes Mesa's compile-time
        // model (`reassociated()`), which writes out the counted loops NIR unrolls whose counter
        // feeds a float (`float(i + 1)` here: four copies of each loop body), as NIR does.
        #expect(median < .milliseconds(2000))
    }
}
