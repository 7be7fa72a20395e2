import ShaderDiagnostics
import Testing

@testable import ShaderSyntax

@Suite("Preprocessor")
struct PreprocessorTests {
    // MARK: #define and expansion

    @Test func objectLikeMacros() {
        #expect(preprocessedText("#define N 4\nfloat a[N];") == "float a [ 4 ] ;")
        #expect(preprocessedText("#define EMPTY\nEMPTY x EMPTY") == "x")
        #expect(preprocessedText("#define A B\n#define B C\n#define C 7\nA") == "7")
    }

    @Test func functionLikeMacros() {
        #expect(
            preprocessedText("#define SQ(x) ((x) * (x))\nSQ(a + 1)") == "( ( a + 1 ) * ( a + 1 ) )")
        #expect(
            preprocessedText("#define MAX(a, b) ((a) > (b) ? (a) : (b))\nMAX(f(1, 2), y)")
                == "( ( f ( 1 , 2 ) ) > ( y ) ? ( f ( 1 , 2 ) ) : ( y ) )")
        #expect(preprocessedText("#define Z() 0\nZ()") == "0")
        #expect(preprocessedText("#define ID(x) x\nID()") == "")
        #expect(preprocessedText("#define ID(x) x\nID(ID(ID(3)))") == "3")
    }

    @Test func functionLikeMacroNameWithoutParenthesesIsNotExpanded() {
        #expect(preprocessedText("#define F(x) x\nfloat F;") == "float F ;")
        // A space before `(` in the definition makes it object-like.
        #expect(preprocessedText("#define G (x) x\nG") == "( x ) x")
    }

    @Test func argumentsMaySpanLines() {
        #expect(preprocessedText("#define ADD(a, b) a + b\nADD(1,\n 2)") == "1 + 2")
    }

    @Test func macroIsNotReexpandedInsideItself() {
        #expect(preprocessedText("#define foo foo + 1\nfoo") == "foo + 1")
        #expect(preprocessedText("#define a b\n#define b a\na b") == "a b")
        #expect(preprocessedText("#define f(x) f(x + 1)\nf(2)") == "f ( 2 + 1 )")
        // The classic C example: `f` produced by the expansion of `g` can call a macro again.
        #expect(preprocessedText("#define f(a) a*g\n#define g(a) f(a)\nf(2)(9)") == "2 * 9 * g")
    }

    @Test func macroProducingAFunctionLikeMacroNameTakesFollowingArguments() {
        #expect(preprocessedText("#define h(x) x + 1\n#define call h\ncall(2)") == "2 + 1")
    }

    @Test func macroBombsDoNotExplode() {
        #expect(preprocessedText("#define a a a a\na") == "a a a")
        // Exponential growth hits the token limit, reported once.
        var text = "#define x0 1 1\n"
        for i in 1...40 { text += "#define x\(i) x\(i - 1) x\(i - 1)\n" }
        text += "x40\n"
        let result = preprocessShader(text, options: ParseOptions(maxTokens: 10_000))
        #expect(result.diagnostics.map(\.message) == ["preprocessed shader exceeds 10000 tokens"])
        #expect(
            result.diagnostics[0].span?.location
                == ShaderDiagnostics.SourceLocation(line: 42, column: 1))
    }

    @Test func expansionDepthLimit() {
        var text = ""
        for i in 0..<300 { text += "#define m\(i) m\(i + 1)\n" }
        text += "m0\n"
        let result = preprocessShader(text)
        #expect(
            result.diagnostics.map(\.message) == ["macro expansion nested too deeply (limit 256)"])
        // Nested arguments recurse too. (260 levels: at 1000, the copies of the arguments
        // reach the token limit before the depth limit.)
        let nested =
            "#define F(x) x\n" + String(repeating: "F(", count: 260) + "1"
            + String(repeating: ")", count: 260)
        let nestedResult = preprocessShader(nested)
        #expect(
            nestedResult.diagnostics.map(\.message) == [
                "macro expansion nested too deeply (limit 256)"
            ])
        let small = ParseOptions(maxMacroExpansionDepth: 3)
        #expect(
            preprocessShader(
                "#define A B\n#define B C\n#define C D\n#define D 1\nA", options: small
            )
            .diagnostics.count == 1)
        #expect(
            preprocessShader("#define A B\n#define B C\n#define C 1\nA", options: small).diagnostics
                .isEmpty)
    }

    @Test func sourceSizeLimit() {
        let result = preprocessShader("float x;", options: ParseOptions(maxSourceBytes: 4))
        #expect(
            result.diagnostics.map(\.message) == ["shader source is 8 bytes, over the limit of 4"])
        #expect(result.tokens.map(\.kind) == [.endOfFile])
    }

    @Test func macroArgumentErrors() {
        let r1 = preprocessShader("#define F(a, b) a\nF(1)")
        #expect(r1.diagnostics.map(\.message) == ["macro 'F' takes 2 arguments, but 1 given"])
        let r2 = preprocessShader("#define F(a) a\nF(1, 2)")
        #expect(r2.diagnostics.map(\.message) == ["macro 'F' takes 1 argument, but 2 given"])
        let r3 = preprocessShader("#define F(a) a\nF(1, 2")
        #expect(r3.diagnostics.map(\.message) == ["unterminated argument list invoking macro 'F'"])
        let r4 = preprocessShader("#define F(a, a) a")
        #expect(r4.diagnostics.map(\.message) == ["duplicate macro parameter 'a'"])
        let r5 = preprocessShader("#define F(a, 1) a")
        #expect(r5.diagnostics.map(\.message) == ["expected macro parameter name, found '1'"])
        let r6 = preprocessShader("#define F(a")
        #expect(
            r6.diagnostics.map(\.message) == ["expected macro parameter name, found end of line"])
    }

    @Test func reservedMacroNames() {
        #expect(
            preprocessShader("#define GL_FOO 1").diagnostics.map(\.message)
                == ["macro name 'GL_FOO' is reserved: names beginning with 'GL_' are"])
        // Only a warning, as in Mesa: include guards like `__COMMON__` are common.
        #expect(
            preprocessShader("#define my__macro 1").diagnostics.map(\.description)
                == ["test.fsh:1:9: warning: macro name 'my__macro' is reserved: names containing '__' are"])
        #expect(preprocessedText("#define __GUARD__\n#ifdef __GUARD__\nyes\n#endif") == "yes")
        #expect(preprocessShader("#define __LINE__ 3").diagnostics.map(\.message)
            == ["predefined macro '__LINE__' cannot be defined or undefined"])
        #expect(preprocessShader("#undef GL_ES").diagnostics.count == 1)
        #expect(preprocessShader("#undef __LINE__").diagnostics.count == 1)
        #expect(
            preprocessShader("#define defined 1").diagnostics.map(\.message)
                == ["'defined' cannot be used as a macro name"])
        #expect(
            preprocessShader("#define 3 4").diagnostics.map(\.message)
                == ["expected macro name after '#define', found '3'"])
        #expect(
            preprocessShader("#define").diagnostics.map(\.message) == [
                "expected macro name after '#define'"
            ])
    }

    @Test func redefinition() {
        #expect(
            preprocessShader("#define A 1 + 2\n#define A 1 + 2\n#define A  1  +  2").diagnostics
                .isEmpty)
        let result = preprocessShader("#define A 1\n#define A 2\nA")
        #expect(
            result.diagnostics.map(\.description) == [
                "test.fsh:2:9: error: macro 'A' redefined with a different definition"
            ])
        #expect(result.diagnostics[0].notes.map(\.message) == ["previous definition is here"])
        #expect(
            result.diagnostics[0].notes[0].span?.location
                == ShaderDiagnostics.SourceLocation(line: 1, column: 9))
        #expect(preprocessedText("#define A 1\n#define A 2\nA") == "2")
    }

    @Test func undef() {
        #expect(preprocessedText("#define A 1\n#undef A\nA") == "A")
        #expect(preprocessShader("#undef NEVER_DEFINED").diagnostics.isEmpty)
        #expect(
            preprocessShader("#undef").diagnostics.map(\.message) == [
                "expected macro name after '#undef'"
            ])
        #expect(
            preprocessShader("#undef A B").diagnostics.map(\.message) == [
                "extra tokens at end of '#undef' directive"
            ])
    }

    // MARK: Conditionals

    @Test func ifdefIfndefElseEndif() {
        #expect(preprocessedText("#define A\n#ifdef A\nyes\n#else\nno\n#endif") == "yes")
        #expect(preprocessedText("#ifdef A\nyes\n#else\nno\n#endif") == "no")
        #expect(preprocessedText("#ifndef A\nyes\n#endif") == "yes")
        #expect(
            preprocessedText("#ifdef GL_ES\nprecision mediump float;\n#endif")
                == "precision mediump float ;")
        #expect(preprocessedText("#ifdef GL_ES\nes\n#endif", stage: .vertex) == "es")
        #expect(
            preprocessedText("#version 120\n#ifdef GL_ES\nes\n#else\ndesktop\n#endif") == "desktop")
    }

    @Test func elifChains() {
        let text = "#if X == 1\none\n#elif X == 2\ntwo\n#elif X == 3\nthree\n#else\nother\n#endif"
        #expect(preprocessedText("#define X 1\n" + text) == "one")
        #expect(preprocessedText("#define X 2\n" + text) == "two")
        #expect(preprocessedText("#define X 3\n" + text) == "three")
        #expect(preprocessedText("#define X 4\n" + text) == "other")
        // Only the first true branch is taken, and later conditions are not even evaluated.
        #expect(preprocessedText("#if 1\na\n#elif 1/0\nb\n#else\nc\n#endif") == "a")
        #expect(preprocessShader("#if 1\na\n#elif 1/0\nb\n#endif").diagnostics.isEmpty)
    }

    @Test func nestedConditionals() {
        let text = """
            #if defined(A)
            #  if B
            ab
            #  else
            a
            #  endif
            #elif defined B
            b
            #else
            #  error never
            #endif
            """
        #expect(preprocessedText("#define A\n#define B 1\n" + text) == "ab")
        #expect(preprocessedText("#define A\n" + text) == "a")
        #expect(preprocessedText("#define B 1\n" + text) == "b")
        #expect(preprocessShader(text).diagnostics.map(\.message) == ["#error never"])
    }

    @Test func skippedGroupsIgnoreEverythingButNesting() {
        let text =
            "#if 0\n#unknown\n#error no\n#define GL_X\n#if 1/0\n#endif\n$ @ 09\n#else\nok\n#endif"
        let result = preprocessShader(text)
        #expect(result.diagnostics.isEmpty)
        #expect(preprocessedText(text) == "ok")
    }

    @Test(arguments: [
        ("1 + 2 * 3 == 7", true), ("(1 + 2) * 3 == 9", true), ("10 / 3 == 3 && 10 % 3 == 1", true),
        ("-1 < 0", true), ("~0 == -1", true), ("!0", true), ("!5", false), ("1 << 4 == 16", true),
        ("256 >> 4 == 16", true), ("(6 & 3) == 2 && (6 | 3) == 7 && (6 ^ 3) == 5", true),
        ("0 || 0", false), ("0 || 2", true), ("1 && 0", false),
        ("0 && 1 / 0", false), ("1 || 1 % 0", true),
        ("3 > 2 > 1", false), ("1 <= 1 && 2 >= 1 && 1 != 2", true),
        ("0x10 == 16 && 010 == 8", true),
        ("defined(UNDEFINED_NAME) && UNDEFINED_NAME > 1", false), ("0 && UNDEFINED_NAME", false),
        ("1 || UNDEFINED_NAME", true), ("defined(GL_ES)", true),
        ("defined GL_ES && !defined(NOPE)", true), ("__VERSION__ == 100", true), ("GL_ES", true),
        ("GL_FRAGMENT_PRECISION_HIGH == 1", true), ("defined GL_OES_standard_derivatives", true),
        ("- - 1 == 1", true), ("+3 == 3", true), ("(((((1)))))", true),
    ])
    func ifExpressions(expression: String, expected: Bool) {
        let result = preprocessShader("#if \(expression)\nyes\n#else\nno\n#endif")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.rendered())")
        #expect(result.tokens.first?.text == (expected ? "yes" : "no"))
    }

    @Test func ifExpressionUsesMacros() {
        #expect(
            preprocessedText(
                "#define N 3\n#define TWICE(x) ((x) * 2)\n#if TWICE(N) == 6\nyes\n#endif") == "yes")
    }

    @Test(arguments: [
        ("#if\n#endif", "expected expression after '#if'"),
        (
            "#if 1 +\n#endif",
            "invalid preprocessor expression: expected expression, found end of line"
        ),
        ("#if (1\n#endif", "invalid preprocessor expression: expected ')', found end of line"),
        ("#if 1 2\n#endif", "invalid preprocessor expression: unexpected '2' after expression"),
        (
            "#if 1.0\n#endif",
            "invalid preprocessor expression: floating-point literal '1.0' is not allowed"
        ),
        ("#if 1 / 0\n#endif", "division by zero in preprocessor expression"),
        ("#if 1 % 0\n#endif", "division by zero in preprocessor expression"),
        (
            "#if defined\n#endif",
            "invalid preprocessor expression: expected macro name after 'defined'"
        ),
        (
            "#if defined(A\n#endif",
            "invalid preprocessor expression: expected ')' after 'defined(A'"
        ),
        (
            "#if 1 ? 2 : 3\n#endif",
            "invalid preprocessor expression: operator '?:' is not allowed in preprocessor expressions"
        ),
        ("#if FOO\n#endif", "undefined macro 'FOO' in preprocessor expression"),
        ("#if true\n#endif", "undefined macro 'true' in preprocessor expression"),
        ("#if 1 && FOO\n#endif", "undefined macro 'FOO' in preprocessor expression"),
        ("#if ;\n#endif", "invalid preprocessor expression: expected expression, found ';'"),
        ("#ifdef\n#endif", "expected macro name after '#ifdef'"),
        ("#ifdef 1\n#endif", "expected macro name after '#ifdef', found '1'"),
        ("#ifdef A B\n#endif", "extra tokens at end of '#ifdef' directive"),
        ("#if 1\n#endif junk", "extra tokens at end of '#endif' directive"),
        ("#if 1\n#else\n#else\n#endif", "'#else' after '#else'"),
        ("#if 1\n#else\n#elif 1\n#endif", "'#elif' after '#else'"),
        ("#endif", "'#endif' without '#if'"),
        ("#else", "'#else' without '#if'"),
        ("#elif 1", "'#elif' without '#if'"),
        ("#if 1\nfloat x;", "unterminated '#if'; expected '#endif'"),
        ("#ifdef A\n#if 1\n#endif", "unterminated '#ifdef'; expected '#endif'"),
        ("#foo bar", "unknown preprocessor directive '#foo'"),
    ])
    func directiveErrors(source: String, message: String) {
        let result = preprocessShader(source)
        #expect(result.diagnostics.map(\.message) == [message])
    }

    // MARK: Other directives

    @Test func errorDirective() {
        let result = preprocessShader("float x;\n#error this shader needs  GL_ES\n")
        #expect(
            result.diagnostics.map(\.description) == [
                "test.fsh:2:1: error: #error this shader needs  GL_ES"
            ])
    }

    @Test func pragmasAreRecorded() {
        let result = parseShader(
            "#pragma optimize(on)\n#pragma debug(off)\n#pragma STDGL invariant(all)\nfloat x;")
        #expect(result.diagnostics.isEmpty)
        #expect(
            result.pragmas.map(\.text) == ["optimize(on)", "debug(off)", "STDGL invariant(all)"])
    }

    @Test func nullDirective() {
        #expect(preprocessShader("#\nfloat x;\n  #  \n").diagnostics.isEmpty)
    }

    @Test func version() {
        #expect(preprocessShader("#version 100\nfloat x;").version == .es100)
        #expect(preprocessShader("float x;").version == .es100)
        #expect(preprocessShader("// comment first\n  #version 110\n").version == .glsl110)
        #expect(preprocessShader("/* c */ #version 120").version == .glsl120)
        #expect(preprocessedText("#version 120\n__VERSION__") == "120")
        #expect(preprocessShader("#version 300 es\nfloat x;").version == .es300)
        #expect(preprocessedText("#version 300 es\n__VERSION__") == "300")
        for (text, version) in [
            ("130", LanguageVersion.glsl130), ("140", .glsl140), ("150", .glsl150),
            ("150 core", .glsl150), ("330 core", .glsl330), ("330 compatibility", .glsl330),
        ] {
            let p = preprocessShader("#version \(text)\n")
            #expect(p.version == version && p.diagnostics.isEmpty, "\(text)")
        }
        let expected = "expected 100, 300 es, 110, 120, 130, 140, 150 or 330"
        for bad in ["300", "100 es", "120 core", "300 core", "200", "330 es"] {
            #expect(
                preprocessShader("#version \(bad)").diagnostics.map(\.message)
                    == ["unsupported version '\(bad)'; \(expected)"], "\(bad)")
        }
        let late = preprocessShader("float x;\n#version 100")
        #expect(
            late.diagnostics.map(\.description) == [
                "test.fsh:2:1: error: '#version' must come before anything else in the shader"
            ])
        #expect(preprocessShader("#define A\n#version 100").diagnostics.count == 1)
        #expect(
            preprocessShader("#version").diagnostics.map(\.message) == [
                "expected version number after '#version'"
            ])
    }

    @Test func predefinedMacros() {
        #expect(
            preprocessedText("GL_ES GL_FRAGMENT_PRECISION_HIGH __VERSION__ __FILE__") == "1 1 100 0"
        )
        #expect(
            preprocessedText("GL_FRAGMENT_PRECISION_HIGH", stage: .vertex) == "1")
        #expect(preprocessedText("#version 110\nGL_ES") == "GL_ES")
        #expect(preprocessedText("GL_OES_standard_derivatives GL_EXT_shader_texture_lod") == "1 1")
        #expect(
            preprocessedText("#version 120\nGL_OES_standard_derivatives")
                == "GL_OES_standard_derivatives")
    }

    @Test func userPredefinedMacros() {
        let options = ParseOptions(predefinedMacros: ["RADIUS": "4", "EXPR": "(1 + 2)"])
        let tokens = preprocessShader("RADIUS EXPR", options: options).tokens
        #expect(tokens.dropLast().map(\.text).joined(separator: " ") == "4 ( 1 + 2 )")
        #expect(tokens[0].expansion?.macroName == "RADIUS")
    }

    @Test func lineMacroAndLineDirective() {
        #expect(preprocessedText("__LINE__\n\n__LINE__") == "1 3")
        // After `#line 10` the next line is number 10, as in C and Mesa.
        #expect(preprocessedText("a\n#line 10\n__LINE__\n__LINE__") == "a 10 11")
        #expect(preprocessedText("#line 20 3\n__LINE__ __FILE__") == "20 3")
        #expect(preprocessedText("#define BASE 100\n#line BASE + 1\n__LINE__") == "101")
        // The use site's line counts, also through macros and across lines.
        #expect(preprocessedText("#define L __LINE__\n\nL") == "3")
        #expect(
            preprocessShader("#line").diagnostics.map(\.message)
                == ["expected '#line line' or '#line line source-string-number'"])
        #expect(preprocessShader("#line x y z").diagnostics.count == 1)
        // Diagnostics keep pointing at the original text.
        let result = parseShader("#line 100\nfloat x = ;")
        #expect(
            result.diagnostics.map(\.description) == [
                "test.fsh:2:11: error: expected expression, found ';'"
            ])
    }

    // MARK: #extension

    @Test func extensionBehaviors() {
        let result = parseShader(
            """
            #extension GL_OES_standard_derivatives : enable
            #extension GL_EXT_shader_texture_lod : require
            #extension GL_OES_EGL_image_external : disable
            void main() {}
            """)
        #expect(result.diagnostics.isEmpty)
        #expect(
            result.enabledExtensions == [
                "GL_OES_standard_derivatives", "GL_EXT_shader_texture_lod",
            ])
        #expect(result.extensionBehaviors["GL_OES_EGL_image_external"] == nil)
        let warn = parseShader("#extension GL_OES_standard_derivatives : warn\n")
        #expect(warn.enabledExtensions == ["GL_OES_standard_derivatives"])
    }

    @Test func extensionAll() {
        let result = preprocessShader(
            "#extension all : warn\n#extension GL_OES_standard_derivatives : disable")
        #expect(result.diagnostics.isEmpty)
        #expect(
            result.enabledExtensions == ["GL_EXT_shader_texture_lod"])
        #expect(preprocessShader("#extension all : disable").enabledExtensions.isEmpty)
        #expect(
            preprocessShader("#extension all : require").diagnostics.map(\.message)
                == ["behavior 'require' is not allowed with 'all'"])
        #expect(
            preprocessShader("#extension all : enable").diagnostics.map(\.message)
                == ["behavior 'enable' is not allowed with 'all'"])
    }

    @Test func unknownExtensions() {
        let required = preprocessShader("#extension GL_EXT_unknown : require")
        #expect(
            required.diagnostics.map(\.description) == [
                "test.fsh:1:12: error: extension 'GL_EXT_unknown' is not supported"
            ])
        let enabled = preprocessShader("#extension GL_EXT_unknown : enable")
        #expect(enabled.diagnostics.map(\.severity) == [.warning])
        #expect(enabled.enabledExtensions.isEmpty)
        #expect(preprocessShader("#extension GL_EXT_unknown : disable").diagnostics.isEmpty)
        #expect(
            preprocessShader("#extension GL_OES_standard_derivatives : maybe").diagnostics.map(
                \.message)
                == [
                    "unknown extension behavior 'maybe'; expected 'require', 'enable', 'warn' or 'disable'"
                ])
        #expect(
            preprocessShader("#extension GL_OES_standard_derivatives enable").diagnostics.map(
                \.message)
                == [
                    "expected '#extension name : behavior', found 'GL_OES_standard_derivatives enable'"
                ])
        #expect(
            preprocessShader("#extension").diagnostics.map(\.message)
                == ["expected '#extension name : behavior', found end of line"])
    }

    @Test func extensionAfterCodeIsAnErrorInGLSLES() {
        let result = preprocessShader("float x;\n#extension GL_OES_standard_derivatives : enable")
        #expect(result.diagnostics.map(\.description)
            == ["test.fsh:2:1: error: '#extension' must come before any code in GLSL ES"])
        #expect(result.enabledExtensions == ["GL_OES_standard_derivatives"])
        // Directives before it do not count; desktop GLSL allows it anywhere.
        #expect(preprocessShader("#define X\n#extension GL_OES_standard_derivatives : enable").diagnostics.isEmpty)
        #expect(preprocessShader("#version 120\nfloat x;\n#extension GL_ARB_foo : disable").diagnostics.isEmpty)
    }

    @Test func samplerExternalOESIsATypeOnlyWhenEnabled() {
        var options = ParseOptions()
        options.supportedExtensions.insert("GL_OES_EGL_image_external")
        #expect(preprocessShader("samplerExternalOES", options: options).tokens[0].kind == .identifier)
        let enabled = preprocessShader(
            "#extension GL_OES_EGL_image_external : require\nsamplerExternalOES", options: options)
        #expect(enabled.diagnostics.isEmpty)
        #expect(enabled.tokens[0].kind == .typeName(.samplerExternalOES))
        // Not supported by default: `require` is an error and the word stays a name.
        let unsupported = preprocessShader("#extension GL_OES_EGL_image_external : require\nsamplerExternalOES")
        #expect(unsupported.diagnostics.map(\.message) == ["extension 'GL_OES_EGL_image_external' is not supported"])
        #expect(unsupported.tokens[0].kind == .identifier)
    }

    // MARK: Locations through macros

    @Test func expandedTokensCarryUseSiteAndDefinition() {
        let text = "#define ONE 1.0\n#define COLOR vec4(ONE)\nCOLOR;"
        let tokens = preprocessShader(text).tokens
        #expect(tokens.dropLast().map(\.text) == ["vec4", "(", "1.0", ")", ";"])
        // Every token of the expansion points at the use of COLOR on line 3.
        for t in tokens.prefix(4) {
            #expect(t.span.text == "COLOR")
        }
        let one = tokens[2]
        #expect(one.expansion?.macroName == "ONE")
        #expect(one.expansion?.definitionSpan.text == "1.0")
        #expect(one.expansion?.parent?.macroName == "COLOR")
        #expect(one.expansion?.parent?.definitionSpan.text == "ONE")
        #expect(one.expansion?.depth == 2)
        #expect(tokens[4].expansion == nil)
    }

    @Test func argumentTokensKeepTheirOwnSpans() {
        let tokens = preprocessShader("#define F(x) (x + 1)\nF(abc)").tokens
        let abc = tokens.first { $0.text == "abc" }!
        #expect(abc.span.text == "abc")
        #expect(abc.expansion == nil)
        let plus = tokens.first { $0.text == "+" }!
        #expect(plus.span.text == "F(abc)")
        #expect(
            plus.expansion?.definitionSpan.location
                == ShaderDiagnostics.SourceLocation(line: 1, column: 17))
    }

    @Test func errorInsideMacroPointsAtUseAndNotesDefinition() {
        let text = """
            #define BAD_COLOR vec4(1.0 2.0)
            void main() {
                gl_FragColor = BAD_COLOR;
            }
            """
        let result = parseShader(text)
        #expect(
            result.diagnostics.map { $0.rendered() } == [
                """
                test.fsh:3:20: error: expected ')', found '2.0'
                    gl_FragColor = BAD_COLOR;
                                   ^~~~~~~~~
                test.fsh:1:28: note: expanded from macro 'BAD_COLOR'
                #define BAD_COLOR vec4(1.0 2.0)
                                           ^~~

                """
            ])
    }

    @Test func nestedMacroErrorNotesEveryStep() {
        let text = "#define INNER 1 +\n#define OUTER (INNER)\nfloat x = OUTER;"
        let result = parseShader(text)
        #expect(result.diagnostics.count == 1)
        let d = result.diagnostics[0]
        #expect(d.description == "test.fsh:3:11: error: expected expression, found ')'")
        #expect(d.notes.map(\.message) == ["expanded from macro 'OUTER'"])
        let text2 = "#define INNER 1 + ;\n#define OUTER INNER\nfloat x = OUTER"
        let d2 = parseShader(text2).diagnostics
        #expect(
            d2.first?.notes.map(\.message) == [
                "expanded from macro 'INNER'", "expanded from macro 'OUTER'",
            ])
        #expect(d2.first?.notes.map { $0.span?.text } == [";", "INNER"])
    }

    @Test func reservedWordFromMacroNotesTheMacro() {
        let result = parseShader("#define T double\nT x;")
        #expect(result.diagnostics.first?.message == "'double' is a reserved word")
        #expect(result.diagnostics.first?.span?.text == "T")
        #expect(result.diagnostics.first?.notes.first?.span?.text == "double")
    }
}

@Suite("Preprocessor: more")
struct MorePreprocessorTests {
    @Test func hashAndPastingAreNotSupported() {
        #expect(
            preprocessShader("#define S(x) #x").diagnostics.map(\.message) == [
                "'#' and '##' are not supported in macros"
            ])
        #expect(preprocessShader("#define P(a, b) a ## b").diagnostics.count == 1)
    }

    @Test func expansionNotesForTreeSpans() {
        let result = parseShader(
            "#define ONE 1.0\n#define COLOR vec4(ONE)\nvec4 c = COLOR;\nfloat x = 2.0 * ONE;\nfloat y = 2.0;"
        )
        #expect(result.diagnostics.isEmpty)
        let inits = result.translationUnit.declarations.compactMap { d -> Expression? in
            guard case .declaration(.variables(let v)) = d else { return nil }
            return v.declarators.first?.initializer
        }
        #expect(inits.count == 3)
        #expect(
            result.expansionNotes(for: inits[0].span).map(\.message) == [
                "expanded from macro 'COLOR'"
            ])
        #expect(result.expansionNotes(for: inits[0].span).first?.span?.text == "vec4")
        #expect(
            result.expansionNotes(for: inits[1].span).map(\.message) == [
                "expanded from macro 'ONE'"
            ])
        #expect(result.expansionNotes(for: inits[1].span).first?.span?.text == "1.0")
        #expect(result.expansionNotes(for: inits[2].span).isEmpty)
    }

    @Test func directiveInsideMacroArgumentsEndsTheCall() {
        let result = preprocessShader("#define F(x) x\nF(1,\n#define Y\n2)")
        #expect(
            result.diagnostics.first?.message == "unterminated argument list invoking macro 'F'")
    }

    @Test func undefinedNamesReadZeroInDesktopGLSL() {
        let result = preprocessShader("#version 110\n#if FOO || true\nyes\n#else\nno\n#endif")
        #expect(result.diagnostics.isEmpty)
        #expect(result.tokens.first?.text == "no")
    }

    @Test func definedProducedByExpansionIsJustAName() {
        #expect(preprocessedText("#version 120\n#define D defined(X)\n#if D\nyes\n#else\nno\n#endif") == "no")
    }

    @Test func definedProducedByExpansionIsEvaluatedWithoutExpandingItsOperand() {
        // As Mesa: `defined` from a macro's replacement still tests its operand unexpanded.
        #expect(preprocessedText("#define D defined(X)\n#if D\nyes\n#else\nno\n#endif") == "no")
        #expect(preprocessedText("#define X\n#define D defined(X)\n#if D\nyes\n#else\nno\n#endif") == "yes")
        #expect(preprocessedText("#define X 0\n#define D defined X && X == 0\n#if D\nyes\n#endif") == "yes")
        let bad = preprocessShader("#define D defined\n#if D\n#endif")
        #expect(bad.diagnostics.map(\.message) == ["invalid preprocessor expression: expected macro name after 'defined'"])
        #expect(bad.diagnostics.first?.notes.map(\.message) == ["expanded from macro 'D'"])
    }

    @Test func lineInsideMultiLineInvocationIsTheTokensOwnLine() {
        #expect(preprocessedText("#define ID(x) x\nID(\n__LINE__)") == "3")
    }

    @Test func limitHitStopsWithoutFollowOnErrors() {
        var text = "#define x0 1 1\n"
        for i in 1...40 { text += "#define x\(i) x\(i - 1) x\(i - 1)\n" }
        text += "float a = x40;\nvoid main() {}\n"
        let result = parseShader(text, options: ParseOptions(maxTokens: 5_000))
        #expect(result.diagnostics.map(\.message) == ["preprocessed shader exceeds 5000 tokens"])
        #expect(result.translationUnit.declarations.isEmpty)
    }

    @Test func byteOrderMarkIsAnInvalidCharacter() {
        // Mesa rejects it too; the GLSL character set has no BOM.
        let result = parseShader("\u{FEFF}void main() {}")
        #expect(headers(result) == ["test.fsh:1:1: error: invalid character '\u{FEFF}' in shader source"])
    }

    @Test func emptyFileAndCommentsOnly() {
        #expect(parseShader("").diagnostics.isEmpty)
        #expect(parseShader("// nothing\n/* at all */\n").translationUnit.declarations.isEmpty)
    }
}
