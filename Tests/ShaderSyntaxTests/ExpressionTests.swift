import ShaderDiagnostics
import Testing

@testable import ShaderSyntax

@Suite("Expressions")
struct ExpressionTests {
    /// Precedence and associativity of every level, by the fully parenthesised printing.
    @Test(arguments: [
        // Multiplicative over additive, both left-associative.
        ("a + b * c", "(a + (b * c))"),
        ("a * b + c", "((a * b) + c)"),
        ("a - b - c", "((a - b) - c)"),
        ("a / b / c", "((a / b) / c)"),
        ("a * b / c", "((a * b) / c)"),
        // Relational over equality over logical.
        ("a < b == c > d", "((a < b) == (c > d))"),
        ("a <= b != c >= d", "((a <= b) != (c >= d))"),
        ("a == b && c != d", "((a == b) && (c != d))"),
        ("a + 1 < b * 2", "((a + 1) < (b * 2))"),
        // && over ^^ over ||.
        ("a || b && c", "(a || (b && c))"),
        ("a || b ^^ c", "(a || (b ^^ c))"),
        ("a ^^ b && c", "(a ^^ (b && c))"),
        ("a && b ^^ c || d", "(((a && b) ^^ c) || d)"),
        ("a || b || c", "((a || b) || c)"),
        // Conditional: right-associative, middle is a full expression.
        ("a ? b : c ? d : e", "(a ? b : (c ? d : e))"),
        ("a || b ? c : d", "((a || b) ? c : d)"),
        ("a ? b, c : d", "(a ? (b, c) : d)"),
        ("a ? b : c = d", "(a ? b : (c = d))"),
        ("(a + b) = c", "((a + b) = c)"),
        ("a[i].x = -b", "(a[i].x = (-b))"),
        ("a++ = b", "((a++) = b)"),
        ("a, b = c", "(a, (b = c))"),
        // Assignment: right-associative, below conditional.
        ("a = b = c", "(a = (b = c))"),
        ("a += b * c", "(a += (b * c))"),
        ("a -= b ? c : d", "(a -= (b ? c : d))"),
        ("a *= b", "(a *= b)"),
        ("a /= b", "(a /= b)"),
        // Comma: loosest, left-associative.
        ("a = 1, b = 2", "((a = 1), (b = 2))"),
        ("a, b, c", "((a, b), c)"),
        // Unary binds tighter than binary, looser than postfix.
        ("-a * b", "((-a) * b)"),
        ("-a.x", "(-a.x)"),
        ("!a && b", "((!a) && b)"),
        ("- -a", "(-(-a))"),
        ("+a", "(+a)"),
        ("++a", "(++a)"),
        ("--a[0]", "(--a[0])"),
        ("a++ + ++b", "((a++) + (++b))"),
        ("a-- - --b", "((a--) - (--b))"),
        ("a+++b", "((a++) + b)"),
        // Postfix chains.
        ("a.b.c", "a.b.c"),
        ("a[1].xyz", "a[1].xyz"),
        ("a.b[2][3]", "a.b[2][3]"),
        ("f(x).y", "f(x).y"),
        ("vec4(1.0).xyz", "vec4(1.0).xyz"),
        ("s.f[i].rgb", "s.f[i].rgb"),
        ("a[i++]", "a[(i++)]"),
        ("a.x++", "(a.x++)"),
        // Parentheses override.
        ("(a + b) * c", "((a + b) * c)"),
        ("a * (b + c)", "(a * (b + c))"),
        ("((a))", "a"),
        ("(a, b)", "(a, b)"),
        // Calls and constructors.
        ("f()", "f()"),
        ("f(void)", "f()"),
        ("f(a, b + c, d)", "f(a, (b + c), d)"),
        ("f((a, b))", "f((a, b))"),
        ("vec4(1.0, vec2(a, b), 0.0)", "vec4(1.0, vec2(a, b), 0.0)"),
        ("mat3(1.0)", "mat3(1.0)"),
        ("float(i) * 0.5", "(float(i) * 0.5)"),
        ("bvec2(true, false)", "bvec2(true, false)"),
        ("Light(p, c)", "Light(p, c)"),
        ("texture2D(tex, uv).rgb * 2.0", "(texture2D(tex, uv).rgb * 2.0)"),
        // Literals.
        ("1 + 0x10 + 010", "((1 + 16) + 8)"),
        ("1.5e1 + .5", "(15.0 + 0.5)"),
        ("true || false", "(true || false)"),
    ])
    func precedence(source: String, expected: String) {
        #expect(parenthesized(source) == expected)
    }

    /// The reserved operators parse at their C precedence but are errors in GLSL ES 1.00.
    @Test(arguments: [
        ("a % b", "(a % b)", "%"),
        ("a << 1 + b", "(a << (1 + b))", "<<"),
        ("a >> b", "(a >> b)", ">>"),
        ("a & b == c", "(a & (b == c))", "&"),
        ("a | b ^ c", "(a | (b ^ c))", "|"),
        ("~a", "(~a)", "~"),
        ("a %= b", "(a %= b)", "%="),
        ("a <<= b", "(a <<= b)", "<<="),
        ("a |= b", "(a |= b)", "|="),
    ])
    func reservedOperators(source: String, expected: String, op: String) {
        let result = parseShader("void f() { \(source); }")
        #expect(result.diagnostics.first?.message == "operator '\(op)' is reserved in GLSL ES 1.00")
        guard case .function(let f)? = result.translationUnit.declarations.first,
            case .expression(let e, _)? = f.body.first
        else {
            Issue.record("no expression")
            return
        }
        #expect(e.description == expected)
    }

    @Test func spansCoverTheWholeExpression() {
        let source = "void f() { x = a + b * (c - d); }"
        let result = parseShader(source)
        guard case .function(let f)? = result.translationUnit.declarations.first,
            case .expression(let e, let statementSpan)? = f.body.first,
            case .assignment(_, let target, let value) = e.kind,
            case .binary(_, _, let product) = value.kind,
            case .binary(_, _, let group) = product.kind
        else {
            Issue.record("unexpected shape")
            return
        }
        #expect(e.span.text == "x = a + b * (c - d)")
        #expect(statementSpan.text == "x = a + b * (c - d);")
        #expect(target.span.text == "x")
        #expect(value.span.text == "a + b * (c - d)")
        #expect(product.span.text == "b * (c - d)")
        #expect(group.span.text == "(c - d)")
    }

    @Test func callSpansAndCallees() {
        let result = parseShader("void f() { texture2D(s, uv); vec3(1.0); }")
        guard case .function(let f)? = result.translationUnit.declarations.first,
            case .expression(let call, _) = f.body[0],
            case .call(.name(let name), let args) = call.kind,
            case .expression(let ctor, _) = f.body[1],
            case .call(.constructor(let type, let typeSpan), _) = ctor.kind
        else {
            Issue.record("unexpected shape")
            return
        }
        #expect(name.name == "texture2D")
        #expect(args.count == 2)
        #expect(call.span.text == "texture2D(s, uv)")
        #expect(type == .vec3)
        #expect(typeSpan.text == "vec3")
    }

    @Test(arguments: [
        ("x = ;", "expected expression, found ';'"),
        ("x = (a + b;", "expected ')', found ';'"),
        ("f(a,);", "expected expression, found ')'"),
        ("x = a ? b;", "expected ':', found ';'"),
        ("a.;", "expected field name, found ';'"),
        ("a[1;", "expected ']', found ';'"),
        ("x = vec4;", "expected '(' after type name 'vec4', found ';'"),
        ("x = a b;", "expected ';', found 'b'"),
        ("x = 1 +;", "expected expression, found ';'"),
        ("a + b = c;", "expected ';', found '='"),
        ("x = float[2](1.0, 2.0);", "array constructors need GLSL ES 3.00 ('#version 300 es')"),
        ("n = a.length();", "method calls ('.length()') need GLSL ES 3.00 ('#version 300 es')"),
        ("x = a * b += c;", "expected ';', found '+='"),
        ("x = #;", "'#' is only allowed at the start of a line, to begin a directive"),
    ])
    func expressionErrors(source: String, message: String) {
        let result = parseShader("void f() {\n    \(source)\n}")
        #expect(result.diagnostics.map(\.message) == [message])
        #expect(result.diagnostics.first?.span?.location.line == 2)
    }

    @Test func arrayConstructorsAndLengthBefore120AreReportedOnce() {
        let source = """
            #version 110
            void main() {
                float a[2] = float[2](1.0, 2.0);
                int n = a.length();
                gl_FragColor = vec4(a[0], float(n), 0.0, 1.0);
            }
            """
        #expect(headers(parseShader(source)) == [
            "test.fsh:3:18: error: array constructors need GLSL 1.20 ('#version 120')",
            "test.fsh:4:15: error: method calls ('.length()') need GLSL 1.20 ('#version 120')",
        ])
    }

    @Test func desktop120ArrayConstructorsAndLengthParse() throws {
        let source = """
            #version 120
            void main() {
                float a[2] = float[2](1.0, 2.0);
                int n = a.length() + vec2[](vec2(1.0)).length();
            }
            """
        let result = parseShader(source)
        #expect(result.diagnostics.isEmpty)
        let text = "\(result.translationUnit)"
        #expect(text.contains("float[2](1.0, 2.0)"), "\(text)")
        #expect(text.contains("a.length()"), "\(text)")
        #expect(text.contains("vec2[](vec2(1.0)).length()"), "\(text)")
    }
}
