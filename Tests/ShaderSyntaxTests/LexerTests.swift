import ShaderDiagnostics
import Testing

@testable import ShaderSyntax

/// Lexes `text` with the raw lexer (no preprocessing).
private func rawTokens(_ text: String) -> [Token] {
    var lexer = Lexer(file: SourceFile(name: "lex.fsh", text: text))
    return lexer.tokenize()
}

@Suite("Lexer")
struct LexerTests {
    @Test(arguments: [
        ("0", 0), ("7", 7), ("123", 123), ("017", 15), ("00", 0), ("0x1F", 31), ("0XfF", 255),
        ("0x0", 0), ("2147483647", 2_147_483_647), ("4294967295", 4_294_967_295),
    ])
    func integerLiterals(text: String, value: Int) {
        let tokens = preprocessShader(text).tokens
        #expect(tokens.count == 2)
        #expect(tokens[0].kind == .intLiteral)
        #expect(tokens[0].text == text)
        let unit = parseClean("int x = \(text);")
        guard case .declaration(.variables(let v)) = unit.declarations[0],
            case .intLiteral(let parsed)? = v.declarators[0].initializer?.kind
        else {
            Issue.record("no int literal initializer")
            return
        }
        #expect(parsed == value)
    }

    @Test(arguments: [
        ("1.0", 1.0), ("1.", 1.0), (".5", 0.5), ("0.25", 0.25), ("1e3", 1000.0), ("1E3", 1000.0),
        ("2.5e-2", 0.025), ("1.e2", 100.0), (".5e+1", 5.0), ("3E+0", 3.0), ("0.0", 0.0),
        ("123456.789", 123_456.789),
    ])
    func floatLiterals(text: String, value: Double) {
        let tokens = preprocessShader(text).tokens
        #expect(tokens.count == 2)
        #expect(tokens[0].kind == .floatLiteral)
        #expect(tokens[0].text == text)
        let unit = parseClean("float x = \(text);")
        guard case .declaration(.variables(let v)) = unit.declarations[0],
            case .floatLiteral(let parsed)? = v.declarators[0].initializer?.kind
        else {
            Issue.record("no float literal initializer")
            return
        }
        #expect(parsed == value)
    }

    @Test(arguments: [
        ("float x = 1.0f;", "invalid suffix 'f' on literal '1.0f'"),
        ("int x = 09;", "invalid digit in octal literal '09'"),
        ("int x = 0x;", "expected hexadecimal digits in '0x'"),
        ("float x = 1e;", "invalid suffix 'e' on literal '1e'"),
        ("float x = 1e+;", "expected exponent digits in '1e+'"),
        ("int x = 12u;", "invalid suffix 'u' on literal '12u'"),
        ("int x = 0x1G;", "invalid suffix 'G' on literal '0x1G'"),
    ])
    func badLiteralsAreErrors(source: String, message: String) {
        let result = parseShader(source)
        #expect(result.diagnostics.map(\.message) == [message])
        let column = source.hasPrefix("int") ? 9 : 11
        #expect(
            result.diagnostics.first?.span?.location
                == ShaderDiagnostics.SourceLocation(line: 1, column: column))
    }

    @Test func floatSuffixIsAllowedInDesktop120AndWarnedIn110() {
        #expect(parseShader("#version 120\nfloat x = 1.5f;").diagnostics.isEmpty)
        let desktop110 = parseShader("#version 110\nfloat x = 1.5f;")
        #expect(desktop110.diagnostics.map(\.description) == [
            "test.fsh:2:11: warning: floating-point suffix in '1.5f' needs GLSL 1.20"
        ])
        #expect(parseShader("float x = 1.5f;").diagnostics.map(\.severity) == [.error])
    }

    @Test func desktopVersionsHaveTheirOwnKeywords() {
        // Precision qualifiers are names before GLSL 1.30; `invariant` is one in 1.10 (piglit).
        let v110 = preprocessShader("#version 110\nlowp mediump highp precision invariant centroid")
        #expect(v110.tokens.dropLast().map(\.kind) == Array(repeating: .identifier, count: 6))
        let v120 = preprocessShader("#version 120\nlowp invariant centroid")
        #expect(v120.tokens.dropLast().map(\.kind) == [.identifier, .keyword(.invariant), .keyword(.centroid)])
        #expect(parseShader("#version 110\nuniform vec4 invariant;\nfloat lowp = 1.0;").diagnostics.isEmpty)
    }

    @Test func integerOutOfRangeIsAWarning() {
        let result = parseShader("int x = 4294967296;")
        #expect(result.diagnostics.map(\.message) == ["integer literal '4294967296' is out of range"])
        #expect(result.diagnostics.map(\.severity) == [.warning])
        #expect(parseShader("int x = 4294967295;").diagnostics.isEmpty)
    }

    @Test func everyPunctuatorLexesAsItself() {
        for p in Punctuator.allCases {
            let tokens = rawTokens("a \(p.rawValue) b")
            #expect(
                tokens.map(\.kind) == [.identifier, .punctuator(p), .identifier, .endOfFile], "\(p)"
            )
        }
    }

    @Test func longestMatchForOperators() {
        let kinds = rawTokens("a<<=b>>=c&&d||e^^f++--g").map(\.kind)
        #expect(
            kinds == [
                .identifier, .punctuator(.shiftLeftEqual), .identifier,
                .punctuator(.shiftRightEqual),
                .identifier, .punctuator(.ampAmp), .identifier, .punctuator(.barBar), .identifier,
                .punctuator(.caretCaret), .identifier, .punctuator(.plusPlus),
                .punctuator(.minusMinus),
                .identifier, .endOfFile,
            ])
    }

    @Test func spansPointIntoTheOriginalText() {
        let text = "vec4 color; // comment\n  /* block\n */ float  x = .5;"
        let tokens = rawTokens(text)
        for t in tokens.dropLast() {
            #expect(t.span.text == t.text)
        }
        let x = tokens.first { $0.text == "x" }!
        #expect(x.span.location == ShaderDiagnostics.SourceLocation(line: 3, column: 12))
        #expect(tokens.first { $0.text == "float" }!.isAtLineStart)
        #expect(rawTokens("a /* x\n */ b")[1].isAtLineStart == false)
        #expect(tokens.first { $0.text == "vec4" }!.isAtLineStart)
    }

    @Test func keywordsAndTypesAreClassifiedAfterPreprocessing() {
        let kinds = preprocessShader("uniform highp vec4 color; if true discard struct in inout")
            .tokens.map(\.kind)
        #expect(
            kinds == [
                .keyword(.uniform), .keyword(.highp), .typeName(.vec4), .identifier,
                .punctuator(.semicolon),
                .keyword(.if), .keyword(.true), .keyword(.discard), .keyword(.struct),
                .keyword(.in),
                .keyword(.inout), .endOfFile,
            ])
    }

    @Test(arguments: [
        "asm", "class", "union", "enum", "typedef", "template", "this", "packed", "goto", "switch",
        "default", "inline", "noinline", "volatile", "public", "static", "extern", "external",
        "interface", "flat", "long", "short", "double", "half", "fixed", "unsigned", "superp",
        "input", "output", "hvec2", "hvec3", "hvec4", "dvec2", "dvec3", "dvec4", "fvec2", "fvec3",
        "fvec4", "sampler1D", "sampler3D", "sampler1DShadow", "sampler2DShadow", "sampler2DRect",
        "sampler3DRect", "sampler2DRectShadow", "sizeof", "cast", "namespace", "using",
    ])
    func reservedWordsAreErrors(word: String) {
        let result = parseShader("float \(word);")
        #expect(result.diagnostics.map(\.message) == ["'\(word)' is a reserved word"])
        #expect(result.diagnostics.first?.span?.text == word)
    }

    @Test func reservedWordInSkippedCodeIsNotAnError() {
        #expect(parseShader("#if 0\nfloat double;\n#endif\nfloat x;").diagnostics.isEmpty)
    }

    @Test func desktopTypesAreTypesInDesktopShaders() {
        let tokens = preprocessShader("#version 120\nsampler3D mat2x3 centroid").tokens
        #expect(
            tokens.map(\.kind) == [
                .typeName(.sampler3D), .typeName(.mat2x3), .keyword(.centroid), .endOfFile,
            ])
        let es = preprocessShader("mat2x3 centroid").tokens
        #expect(es.map(\.kind) == [.identifier, .identifier, .endOfFile])
    }

    @Test func invalidCharactersAreErrors() {
        let result = parseShader("float x = 1.0 $ 2.0;\nfloat y = @;")
        #expect(
            result.diagnostics.map(\.message).prefix(2) == [
                "invalid character '$' in shader source", "invalid character '@' in shader source",
            ])
    }

    @Test func unterminatedBlockCommentIsAnError() {
        let result = parseShader("float x; /* never closed")
        #expect(
            result.diagnostics.map(\.description) == ["test.fsh:1:10: error: unterminated comment"])
    }

    @Test func lineContinuationIsWhitespace() {
        let tokens = rawTokens("#define A 1 + \\\n 2\nA")
        let directiveLine = tokens.prefix { !$0.isAtLineStart || $0.kind == .hash }
        #expect(directiveLine.count >= 6)
        #expect(preprocessedText("#define A 1 + \\\n 2\nA") == "1 + 2")
    }

    @Test func crlfLineEndings() {
        let unit = parseClean("void main()\r\n{\r\n    gl_FragColor = vec4(1.0);\r\n}\r\n")
        #expect(unit.declarations.count == 1)
    }
}
