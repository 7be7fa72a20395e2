import Foundation
import ShaderDiagnostics
import Testing
@testable import ShaderSyntax

@Test func zzBenchScratch() throws {
    guard ProcessInfo.processInfo.environment["SHADE_BENCH"] != nil else { return }
    var text = "precision mediump float;\nuniform sampler2D tex;\nvarying vec2 uv;\n#define W(i) (0.1 * float(i))\n"
    for i in 0..<200 {
        text += """
            vec4 f\(i)(vec4 c, float k) {
                vec4 r = c * W(\(i)) + texture2D(tex, uv + vec2(k, 0.5)).bgra;
                if (r.x > 0.5 && k < 1.0) { r.xy = vec2(k * 2.0, -k); } else { r *= 0.5; }
                return clamp(r, 0.0, 1.0);
            }

            """
    }
    let source = SourceFile(name: "big.fsh", text: text)
    let clock = ContinuousClock()
    var best = Duration.seconds(100)
    var bestPP = Duration.seconds(100)
    for _ in 0..<200 {
        best = min(best, clock.measure { _ = parse(source, stage: .fragment) })
        bestPP = min(bestPP, clock.measure { _ = preprocess(source, stage: .fragment) })
    }
    var bestLex = Duration.seconds(100)
    var count = 0
    for _ in 0..<200 {
        bestLex = min(bestLex, clock.measure { var l = Lexer(file: source); count = l.tokenize().count })
    }
    print("BENCH tokens", count, "lex", bestLex)
    print("BENCH lines", source.lineStarts.count, "parse", best, "preprocess", bestPP)
}
