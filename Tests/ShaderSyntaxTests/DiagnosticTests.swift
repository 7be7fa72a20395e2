import ShaderDiagnostics
import Testing

@testable import ShaderSyntax

@Suite("Diagnostics and recovery")
struct DiagnosticTests {
    @Test func missingSemicolonRendersWithCaret() {
        let source = """
            precision mediump float;
            uniform sampler2D inputImageTexture;
            varying vec2 textureCoordinate;
            void main() {
                vec3 c = texture2D(inputImageTexture, textureCoordinate).rgb vec4(1.0);
            }
            """
        let result = parseShader(source)
        #expect(
            result.diagnostics.rendered() == """
                test.fsh:5:66: error: expected ';', found 'vec4'
                    vec3 c = texture2D(inputImageTexture, textureCoordinate).rgb vec4(1.0);
                                                                                 ^~~~

                """)
    }

    @Test func tabsKeepTheCaretAligned() {
        let result = parseShader("void main() {\n\tfloat x = 1.0 +;\n}")
        #expect(
            result.diagnostics.rendered() == """
                test.fsh:2:17: error: expected expression, found ';'
                \tfloat x = 1.0 +;
                \t               ^

                """)
    }

    @Test func missingSemicolonAtEndOfLineIsAssumed() {
        // One error; the next line parses normally, so `b` is declared and used without noise.
        let source =
            "void main() {\n    float a = 1.0\n    float b = a;\n    gl_FragColor = vec4(b);\n}"
        let result = parseShader(source)
        #expect(headers(result) == ["test.fsh:3:5: error: expected ';', found 'float'"])
        guard case .function(let f) = result.translationUnit.declarations[0] else {
            Issue.record("no function")
            return
        }
        #expect(
            f.body.map(\.description) == [
                "float a = 1.0;", "float b = a;", "(gl_FragColor = vec4(b));",
            ])
    }

    @Test func manyErrorsWithoutCascades() {
        let source = """
            uniform sampler2D tex
            varying vec2 uv;
            float helper(float x {
                return x * 2.0;
            }
            void main() {
                vec4 c = texture2D(tex, uv;
                float k = (1.0 + ;
                c.rgb *= ;
                if (c.a > 0.5 {
                    c = vec4(1.0);
                }
                for (int i = 0; i < 4 i++) {
                    c += 0.1;
                }
                gl_FragColor = c;
            }
            struct S { float x = 1.0; };
            void ok() { }
            """
        let result = parseShader(source)
        #expect(
            headers(result) == [
                "test.fsh:2:1: error: expected ';', found 'varying'",
                "test.fsh:3:22: error: expected ')', found '{'",
                "test.fsh:7:31: error: expected ')', found ';'",
                "test.fsh:8:22: error: expected expression, found ';'",
                "test.fsh:9:14: error: expected expression, found ';'",
                "test.fsh:10:19: error: expected ')', found '{'",
                "test.fsh:13:27: error: expected ';', found 'i'",
                "test.fsh:18:20: error: expected ';', found '='",
            ])
        // What could be parsed around the errors is kept.
        let names = result.translationUnit.declarations.compactMap { d -> String? in
            if case .function(let f) = d { return f.prototype.name.name }
            return nil
        }
        #expect(names == ["main", "ok"])
        guard
            case .function(let main) = result.translationUnit.declarations.first(where: {
                if case .function(let f) = $0 { return f.prototype.name.name == "main" }
                return false
            })
        else {
            Issue.record("no main")
            return
        }
        #expect(main.body.last?.description == "(gl_FragColor = c);")
    }

    @Test func errorsAndWarningsFromAllPhasesAreInSourceOrder() {
        let source = "float a = 1.0 +;\n#extension GL_FOO : enable\n#error stop\nfloat b = ;"
        let result = parseShader(source)
        #expect(
            headers(result) == [
                "test.fsh:1:16: error: expected expression, found ';'",
                "test.fsh:2:1: error: '#extension' must come before any code in GLSL ES",
                "test.fsh:2:12: warning: extension 'GL_FOO' is not supported",
                "test.fsh:3:1: error: #error stop",
                "test.fsh:4:11: error: expected expression, found ';'",
            ])
        #expect(result.hasErrors)
    }

    @Test func diagnosticsFromPhasesHaveTheirOwnEnums() {
        #expect(
            SyntaxError.expected("';'", found: "'vec4'").message == "expected ';', found 'vec4'")
        #expect(
            PreprocessorError.unsupportedExtension("X").diagnostic(.warning, at: nil).severity
                == .warning)
        #expect(LexicalError.reservedWord("goto").message == "'goto' is a reserved word")
    }

    // MARK: Limits

    @Test func hundredThousandNestedParenthesesGiveOneCleanError() {
        let depth = 100_000
        let source =
            "float x = " + String(repeating: "(", count: depth) + "1.0"
            + String(repeating: ")", count: depth) + ";"
        // 200 000 tokens: over the default token limit (131 072), which would stop it first.
        let result = parseShader(source, options: ParseOptions(maxTokens: 1 << 20))
        #expect(
            result.diagnostics.map(\.message) == [
                "nesting too deep: more than 256 levels of expressions or statements"
            ])
    }

    @Test func deeplyNestedUnaryBlocksAndIfsAreLimited() {
        let unary = "float x = " + String(repeating: "-", count: 100_000) + "1.0;"
        #expect(parseShader(unary).diagnostics.count == 1)
        let blocks =
            "void main() " + String(repeating: "{", count: 100_000)
            + String(repeating: "}", count: 100_000)
        #expect(parseShader(blocks).diagnostics.count == 1)
        let ifs = "void main() {" + String(repeating: "if (a) ", count: 50_000) + "x = 1.0; }"
        #expect(parseShader(ifs).diagnostics.count == 1)
        let structs = String(repeating: "struct { ", count: 10_000) + "float x;"
        #expect(parseShader(structs).diagnostics.count == 1)
        let conditional =
            "#if " + String(repeating: "(", count: 10_000) + "1"
            + String(repeating: ")", count: 10_000) + "\n#endif"
        #expect(
            parseShader(conditional).diagnostics.map(\.message) == [
                "invalid preprocessor expression: expression nested too deeply"
            ])
    }

    @Test func nestingWithinTheLimitIsFine() {
        let source =
            "float x = " + String(repeating: "(", count: 100) + "1.0"
            + String(repeating: ")", count: 100) + ";"
        #expect(parseShader(source).diagnostics.isEmpty)
        let tight = ParseOptions(maxNestingDepth: 8)
        let deep = "float x = ((((((((((1.0))))))))));"
        #expect(parseShader(deep, options: tight).diagnostics.count == 1)
    }
}
