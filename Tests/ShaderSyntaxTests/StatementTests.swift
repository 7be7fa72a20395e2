import ShaderDiagnostics
import Testing

@testable import ShaderSyntax

/// The body of `void f() { … }` printed back, one statement per element.
private func statements(_ body: String, sourceLocation: Testing.SourceLocation = #_sourceLocation)
    -> [String]
{
    let unit = parseClean("void f() {\n\(body)\n}", sourceLocation: sourceLocation)
    guard case .function(let f)? = unit.declarations.first else { return [] }
    return f.body.map(\.description)
}

@Suite("Statements")
struct StatementTests {
    @Test(arguments: [
        ("x = 1.0;", "(x = 1.0);"),
        (";", ";"),
        ("{ }", "{ }"),
        ("{ x++; { y--; } }", "{ (x++); { (y--); } }"),
        ("float a = 1.0, b;", "float a = 1.0, b;"),
        (
            "const vec3 w = vec3(0.2125, 0.7154, 0.0721);",
            "const vec3 w = vec3(0.2125, 0.7154, 0.0721);"
        ),
        ("S s;", "S s;"),
        ("S[2] s;", "S[2] s;"),
        ("float[2] x, y;", "float[2] x, y;"),
        ("a[2] = b;", "(a[2] = b);"),
        ("a[i[0]] = b;", "(a[i[0]] = b);"),
        ("a[2].x = b;", "(a[2].x = b);"),
        ("S s = S(1.0);", "S s = S(1.0);"),
        ("highp S s;", "highp S s;"),
        ("struct T { int i; } t;", "struct T { int i; } t;"),
        ("precision highp float;", "precision highp float;"),
        ("vec4(1.0);", "vec4(1.0);"),
        ("if (a) x = 1.0;", "if (a) (x = 1.0);"),
        ("if (a) x = 1.0; else x = 2.0;", "if (a) (x = 1.0); else (x = 2.0);"),
        ("if (a) if (b) x = 1.0; else x = 2.0;", "if (a) if (b) (x = 1.0); else (x = 2.0);"),
        ("if (a) { } else if (b) { } else { }", "if (a) { } else if (b) { } else { }"),
        ("for (int i = 0; i < 10; i++) x += 1.0;", "for (int i = 0; (i < 10); (i++)) (x += 1.0);"),
        ("for (i = 0; i < 10; ++i) { }", "for ((i = 0); (i < 10); (++i)) { }"),
        ("for (;;) break;", "for (; ; ) break;"),
        ("for (; i < 3;) { continue; }", "for (; (i < 3); ) { continue; }"),
        (
            "for (int i = 0, j = 1; i < j; i++, j--) { }",
            "for (int i = 0, j = 1; (i < j); ((i++), (j--))) { }"
        ),
        (
            "for (float t = 0.0; bool b = t < 1.0; t += 0.1) { }",
            "for (float t = 0.0; bool b = (t < 1.0); (t += 0.1)) { }"
        ),
        ("while (x < 1.0) x += 0.5;", "while ((x < 1.0)) (x += 0.5);"),
        ("while (bool b = x < 1.0) { x += 0.5; }", "while (bool b = (x < 1.0)) { (x += 0.5); }"),
        ("do x++; while (x < 10);", "do (x++); while ((x < 10));"),
        ("do { x++; } while (x < 10);", "do { (x++); } while ((x < 10));"),
        ("return;", "return;"),
        ("return x * 2.0;", "return (x * 2.0);"),
        ("discard;", "discard;"),
        ("break;", "break;"),
        ("continue;", "continue;"),
        ("a, b;", "(a, b);"),
        ("f();", "f();"),
    ])
    func statementForms(source: String, printed: String) {
        #expect(statements(source) == [printed])
    }

    @Test func danglingElseBindsToNearestIf() {
        let unit = parseClean("void f() { if (a) if (b) x(); else y(); }")
        guard case .function(let f) = unit.declarations[0],
            case .if(_, let then, let otherwise, _) = f.body[0]
        else {
            Issue.record("no if")
            return
        }
        #expect(otherwise == nil)
        guard case .if(_, _, let inner, _) = then else {
            Issue.record("no inner if")
            return
        }
        #expect(inner?.description == "y();")
    }

    @Test func statementSpans() {
        let source = "void f() {\n  for (int i = 0; i < 4; i++) { x += 1.0; }\n  return;\n}"
        let unit = parseClean(source)
        guard case .function(let f) = unit.declarations[0] else {
            Issue.record("no function")
            return
        }
        #expect(f.body[0].span.text == "for (int i = 0; i < 4; i++) { x += 1.0; }")
        #expect(f.body[1].span.text == "return;")
        guard case .for(let initializer, let condition, let increment, let body, _) = f.body[0]
        else {
            Issue.record("no for")
            return
        }
        #expect(initializer.span.text == "int i = 0;")
        #expect(condition?.span.text == "i < 4")
        #expect(increment?.span.text == "i++")
        #expect(body.span.text == "{ x += 1.0; }")
    }

    @Test(arguments: [
        ("if x) y();", "expected '(', found 'x'"),
        ("if (x y();", "expected ')', found 'y'"),
        ("for (int i = 0; i < 3) { }", "expected ';', found ')'"),
        ("for (int i = 0, i < 3; i++) { }", "expected ';', found '<'"),
        ("while x { }", "expected '(', found 'x'"),
        ("do { } (x);", "expected 'while', found '('"),
        ("do { } while (x)", "expected ';', found '}'"),
        ("return x", "expected ';', found '}'"),
        ("break", "expected ';', found '}'"),
        ("while (bool b) { }", "expected '=', found ')'"),
        ("else { }", "expected expression, found 'else'"),
    ])
    func statementErrors(source: String, message: String) {
        let result = parseShader("void f() {\n\(source)\n}")
        #expect(result.diagnostics.map(\.message) == [message])
    }

    @Test func unterminatedBlock() {
        let result = parseShader("void main() {\n  x = 1.0;\n")
        #expect(
            result.diagnostics.map(\.description) == [
                "test.fsh:3:1: error: expected '}', found end of file"
            ])
    }
}

@Suite("Statements: reserved words")
struct ReservedStatementTests {
    @Test func reservedWordStatementsGiveOneError() {
        let source = """
            void main() {
                switch (u) {
                    case 1: x = 1.0; break;
                }
                goto end;
                gl_FragColor = vec4(1.0);
            }
            class C { float x; };
            float ok;
            """
        let result = parseShader(source)
        #expect(
            headers(result) == [
                "test.fsh:2:5: error: 'switch' is a reserved word",
                "test.fsh:5:5: error: 'goto' is a reserved word",
                "test.fsh:8:1: error: 'class' is a reserved word",
            ])
        #expect(result.translationUnit.declarations.last?.description == "float ok;")
    }
}
