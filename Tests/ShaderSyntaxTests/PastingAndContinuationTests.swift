import ShaderDiagnostics
import Testing

@testable import ShaderSyntax

/// `text` preprocessed as desktop GLSL 1.30 (`#version 130` is added as the first line).
private func desktop130(_ text: String) -> PreprocessedSource {
    preprocessShader("#version 130\n" + text)
}

/// The preprocessed tokens' texts after `#version 130`, joined by spaces.
private func pastedText(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation)
    -> String
{
    let result = desktop130(text)
    #expect(
        result.diagnostics.isEmpty, "\(result.diagnostics.rendered())",
        sourceLocation: sourceLocation)
    return result.tokens.dropLast().map(\.text).joined(separator: " ")
}

/// `##` (desktop GLSL 1.30+), with the rules of C99 §6.10.3.3 as expectations.
@Suite("Preprocessor: token pasting")
struct TokenPastingTests {
    @Test func pastingJoinsTheSpellingsOfItsOperands() {
        #expect(pastedText("#define INT i##n##t\nINT x;") == "int x ;")
        #expect(pastedText("#define INT i ## n ## t\nINT x;") == "int x ;")
        #expect(pastedText("#define CAT(x, y, z) x ## y ## z\nCAT(i, n, t) x;") == "int x ;")
        #expect(pastedText("#define V(n) value##n\nV(2) V(12)") == "value2 value12")
        #expect(pastedText("#define N(a, b) a ## b\nN(1, 5) N(0x, 1F) N(2, .5)") == "15 0x1F 2.5")
        #expect(pastedText("#define OP(a, b) a ## b\nx OP(+, =) 1; OP(<<, =)") == "x += 1 ; <<=")
    }

    @Test func pastedTokensAreClassifiedAndRescanned() {
        let result = desktop130("#define T(a, b) a ## b\nT(fl, oat) T(ve, c4)")
        #expect(result.tokens.dropLast().map(\.kind) == [.typeName(.float), .typeName(.vec4)])
        // The result of pasting is a name that is then expanded (piglit's nested_concat).
        #expect(pastedText("#define AB 7\n#define P(a, b) a ## b\nP(A, B)") == "7")
    }

    @Test func operandsOfPastingAreNotExpandedFirst() {
        // C99 §6.10.3.1: an argument next to `##` is used as written, others are expanded.
        #expect(pastedText("#define A x\n#define P(a) a ## 1 a\nP(A)") == "A1 x")
        // piglit concat-04: `INVALID_TYPE` is `INT` pasted from `I`, `N`, `T` as written,
        // then expanded (to `invalid_type`, not to `int` through `I`, `N`, `T` first).
        #expect(
            pastedText("#define I i\n#define N n\n#define T t\n#define INT bad\n#define IT I ## N ## T\nIT")
                == "bad")
    }

    @Test func emptyArgumentsArePlacemarkers() {
        #expect(pastedText("#define P(a, b) a ## b\nP(x, ) P(, y) P(, ) z") == "x y z")
        #expect(pastedText("#define P3(a, b, c) a ## b ## c\nP3(x, , z) P3(, , w)") == "xz w")
    }

    @Test func aPasteThatIsNotOneTokenIsAnError() {
        let result = desktop130("#define P(a, b) a ## b\nvoid f() { P(+, /); }")
        #expect(
            result.diagnostics.map(\.description) == [
                "test.fsh:3:14: error: pasting '+' and '/' does not give a valid preprocessing token"
            ])
        #expect(
            desktop130("#define P(a, b) a ## b\nP(a, -)").diagnostics.map(\.message) == [
                "pasting 'a' and '-' does not give a valid preprocessing token"
            ])
    }

    @Test func pastingNeedsTokensOnBothSides() {
        for body in ["## a", "a ##", "##"] {
            let result = desktop130("#define M(a) \(body)\n")
            #expect(
                result.diagnostics.map(\.message) == [
                    "'##' cannot appear at either end of a macro replacement list"
                ], "\(body)")
        }
    }

    @Test func stringizingIsStillAnError() {
        #expect(
            desktop130("#define S(x) #x").diagnostics.map(\.description) == [
                "test.fsh:2:14: error: '#' (stringizing) is not supported in macros: GLSL has no strings"
            ])
        // `# #` with a space is two `#`, not `##`.
        #expect(desktop130("#define S(x) x # # x").diagnostics.count == 1)
    }

    @Test func glslESAndOlderDesktopVersionsHaveNoPasting() {
        // Mesa (llvmpipe): "Token pasting (##) is illegal in GLES", in ES 3.00 too; glslang
        // requires a desktop profile of 1.30 or later.
        let es300 = preprocessShader("#version 300 es\n#define P(a, b) a ## b")
        #expect(
            es300.diagnostics.map(\.description) == [
                "test.fsh:2:19: error: '##' (token pasting) is not available in GLSL ES 3.00; it needs desktop GLSL 1.30 or later"
            ])
        #expect(
            preprocessShader("#version 120\n#define P(a, b) a##b").diagnostics.map(\.message) == [
                "'##' (token pasting) is not available in GLSL 1.20; it needs desktop GLSL 1.30 or later"
            ])
        // GLSL ES 1.00 keeps its message.
        #expect(
            preprocessShader("#define P(a, b) a ## b").diagnostics.map(\.message) == [
                "'#' and '##' are not supported in macros"
            ])
        #expect(preprocessShader("#version 330\n#define P(a, b) a ## b\nP(x, y)").diagnostics.isEmpty)
    }

    @Test func pastingInsideNestedMacrosFollowsPiglit() {
        // piglit glsl-1.30/preprocessor/concat/nested_concat.shader_test, as tokens.
        let text = """
            #define STEP_ONE() c = 1
            #define GLUE(x,y) x ## _ ## y
            #define EVALUATE(x,y)  GLUE(x,y)
            #define STEP(stepname) EVALUATE(STEP, stepname)()
            STEP(ONE);
            """
        #expect(pastedText(text) == "c = 1 ;")
    }
}

/// Line continuations: `\` immediately before a newline joins the lines before anything else.
@Suite("Preprocessor: line continuation")
struct LineContinuationTests {
    @Test func aContinuationJoinsTheLinesInsideATokenAndADirective() {
        let text = "#version 300 es\n#def\\\nine A(X) (-1.0*(X))\nfloat f\\\noo = A(1.0);"
        let result = preprocessShader(text)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.rendered())")
        #expect(
            result.tokens.dropLast().map(\.text).joined(separator: " ")
                == "float foo = ( - 1.0 * ( 1.0 ) ) ;")
        // The joined token spans both lines of the original text, from `f` to the last `o`.
        let foo = result.tokens.first { $0.text == "foo" }!
        #expect(foo.span.text == "f\\\noo")
        #expect(foo.span.location == ShaderDiagnostics.SourceLocation(line: 4, column: 7))
    }

    @Test func tokensAfterAContinuationKeepTheirLinesAndColumns() {
        let result = parseShader("#version 300 es\nfloat a = \\\n  1.0 +\n  ;")
        #expect(result.diagnostics.map(\.description) == ["test.fsh:4:3: error: expected expression, found ';'"])
        let tokens = preprocessShader("#version 300 es\nfloat a = \\\n  1.0 +\n  x;").tokens
        #expect(tokens.first { $0.text == "1.0" }!.span.location == SourceLocation(line: 3, column: 3))
        #expect(tokens.first { $0.text == "x" }!.span.location == SourceLocation(line: 4, column: 3))
        // `__LINE__` is the physical line of the token (Mesa counts the same way).
        #expect(preprocessedText("#version 300 es\nint a = \\\n__LINE__;") == "int a = 3 ;")
    }

    /// `__LINE__` in an object-like macro's body, inside the arguments of a call the body
    /// makes, is the definition's line on Mesa (22.3.6, measured with glref.py: Shadertoy
    /// `lddSWl`'s `#define time ((saw(float(__LINE__)) + 1.0) * …)`); anywhere else it is the
    /// line of the use.
    @Test func lineInsideACallInAnObjectLikeBodyIsTheDefinitionsLine() {
        let text = """
            #version 300 es
            #define S(x) (x)
            #define T1 float(__LINE__)
            #define T2 S(float(__LINE__))
            #define T3 (S(float(__LINE__)) + 0.0)
            #define V(x) S(float(__LINE__) + x)

            a T1 ; b T2 ; c T3 ; d V(1.0) ; e S(T1) ; f S(float(__LINE__)) ;
            """
        #expect(preprocessedText(text) == "a float ( 8 ) ; b ( float ( 4 ) ) ; c ( ( float ( 5 ) ) + 0.0 ) ; "
            + "d ( float ( 8 ) + 1.0 ) ; e ( float ( 8 ) ) ; f ( float ( 8 ) ) ;")
    }

    @Test func aContinuationInACommentContinuesTheComment() {
        // dEQP-GLES3 preprocessor.line_continuation.comment.
        #expect(preprocessedText("#version 300 es\nx = 1; // comment \\\nx = -1;\ny;") == "x = 1 ; y ;")
    }

    @Test func crlfContinuationsAndBackslashesElsewhere() {
        #expect(preprocessedText("#version 300 es\nfl\\\r\noat x;") == "float x ;")
        // A backslash not at the end of its line is an invalid character (where it is compiled).
        let stray = preprocessShader("#version 300 es\nfloat x; \\ float y;")
        #expect(stray.diagnostics.map(\.message) == ["invalid character '\\' in shader source"])
        // dEQP line_continuation.middle_of_line: in an unused macro it is never produced.
        #expect(preprocessShader("#version 300 es\n#define A a \\ b\n").diagnostics.isEmpty)
        // A backslash with spaces after it does not continue the line.
        #expect(preprocessedText("#version 300 es\n#define A 1 \\ \n2\nA") == "2 1 \\")
    }

    @Test func glslES100HasNoContinuationsButTheLinesAreJoinedWithAWarning() {
        // GLSL ES 1.00 §3.1 has no line continuation; Mesa (llvmpipe) joins the lines there
        // too, even inside a token, so Shade does the same and warns once.
        let result = preprocessShader("float f\\\noo;\n#define A 1 + \\\n 2\nA")
        #expect(result.tokens.dropLast().map(\.text).joined(separator: " ") == "float foo ; 1 + 2")
        #expect(
            result.diagnostics.map(\.description) == [
                "test.fsh:1:8: warning: line continuation is not part of GLSL ES 1.00 (it is from GLSL ES 3.00); lines joined"
            ])
        #expect(preprocessShader("#version 120\nfloat f\\\noo;").diagnostics.isEmpty)
    }
}
