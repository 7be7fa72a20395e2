import ShaderDiagnostics

/// Thrown inside the parser after a diagnostic has been recorded; caught where the parser
/// resynchronises.
struct ParseFailure: Error {}

/// A recursive-descent parser for GLSL ES 1.00 (spec §9 grammar) with a Pratt loop for
/// expressions. Errors are recorded as diagnostics; the parser resynchronises at `;`, `}` and
/// the start of the next declaration or statement so that one mistake gives one error.
struct Parser {
    let file: SourceFile
    let tokens: [Token]
    let options: ParseOptions
    /// The `#version`, for constructs that only some versions have.
    let version: LanguageVersion
    var current = 0
    var diagnostics: [Diagnostic] = []
    /// Current nesting of expressions and statements.
    var depth = 0
    /// Set when the nesting limit is hit: parsing stops.
    var isAborted = false

    init(preprocessed: PreprocessedSource, options: ParseOptions) {
        self.file = preprocessed.file
        self.tokens = preprocessed.tokens
        self.options = options
        self.version = preprocessed.version
    }

    // MARK: Helper verbs

    /// The current token.
    var peek: Token {
        @inline(__always) get { tokens[current] }
    }

    /// The current token's kind (read in place, without copying the token).
    var peekKind: TokenKind { tokens[current].kind }

    /// The token after the current one.
    func peek(ahead n: Int) -> Token { tokens[min(current + n, tokens.count - 1)] }

    /// The token before the current one.
    var previous: Token {
        @inline(__always) get { tokens[max(current - 1, 0)] }
    }

    var isAtEnd: Bool { tokens[current].kind == .endOfFile }

    /// Moves past the current token and returns it.
    @discardableResult @inline(__always)
    mutating func advance() -> Token {
        let t = tokens[current]
        if current < tokens.count - 1 { current += 1 }
        return t
    }

    /// `true` when the current token is punctuator `p`.
    func check(_ p: Punctuator) -> Bool { peekKind == .punctuator(p) }

    /// `true` when the current token is keyword `k`.
    func check(_ k: Keyword) -> Bool { peekKind == .keyword(k) }

    /// Advances past punctuator `p` if it is next.
    mutating func match(_ p: Punctuator) -> Bool {
        guard check(p) else { return false }
        advance()
        return true
    }

    /// Advances past keyword `k` if it is next.
    mutating func match(_ k: Keyword) -> Bool {
        guard check(k) else { return false }
        advance()
        return true
    }

    /// Requires punctuator `p` next.
    @discardableResult
    mutating func consume(_ p: Punctuator) throws(ParseFailure) -> Token {
        guard check(p) else { throw fail(expected: "'\(p.rawValue)'") }
        return advance()
    }

    /// Requires `;`. A missing `;` at the end of a line is reported and assumed, so the next
    /// line parses normally.
    mutating func consumeSemicolon() throws(ParseFailure) {
        if match(.semicolon) { return }
        let failure = fail(expected: "';'")
        if peek.isAtLineStart || check(.rightBrace) { return }
        throw failure
    }

    /// Requires a name; reserved words (already reported) are accepted as names.
    mutating func consumeIdentifier(_ what: String = "identifier") throws(ParseFailure)
        -> Identifier
    {
        guard peekKind == .identifier || peekKind == .reservedWord else {
            throw fail(expected: what)
        }
        let t = advance()
        return Identifier(t.text, span: t.span)
    }

    /// The span from `start` to the end of the previous token.
    @inline(__always)
    func span(from start: Token) -> SourceSpan {
        start.span.merged(with: tokens[max(current - 1, 0)].span)
    }

    // MARK: Errors

    /// Records an error (or a warning) at `token`, with its macro expansion notes.
    mutating func report(_ error: SyntaxError, _ severity: Severity = .error, at token: Token) {
        diagnostics.append(
            Diagnostic(severity, error.message, at: token.span, notes: token.expansion?.notes ?? []))
    }

    /// Records `expected X, found Y` at the current token and returns the failure to throw.
    mutating func fail(expected what: String) -> ParseFailure {
        if peekKind == .invalid {
            // Already reported by the preprocessor: resynchronise without a second error.
        } else if peekKind == .hash {
            report(.strayHash, at: peek)
        } else {
            report(.expected(what, found: peek.quoted), at: peek)
        }
        return ParseFailure()
    }

    /// Counts one level of nesting; past the limit, reports once and aborts the parse.
    mutating func enterNesting() throws(ParseFailure) {
        depth += 1
        if depth > options.maxNestingDepth {
            if !isAborted {
                report(.nestingTooDeep(limit: options.maxNestingDepth), at: peek)
                isAborted = true
            }
            throw ParseFailure()
        }
    }

    mutating func leaveNesting() { depth -= 1 }

    // MARK: Classifying what comes next

    /// `true` when the current token can begin a declaration rather than an expression.
    func isAtDeclarationStart() -> Bool {
        switch peekKind {
        case .keyword(let k):
            switch k {
            case .attribute, .const, .uniform, .varying, .invariant, .centroid, .lowp, .mediump,
                .highp, .precision, .struct, .in, .out, .inout, .flat, .smooth, .noperspective,
                .layout:
                return true
            default:
                return false
            }
        case .typeName:
            // `vec4(…)` at the start of a statement is a constructor expression.
            return !peek(ahead: 1).isPunctuator(.leftParen)
        case .identifier:
            // `S s;` and `S[2] s;` declare; anything else starting with a name (`a[2] = b;`)
            // is an expression.
            var ahead = 1
            if peek(ahead: 1).isPunctuator(.leftBracket) {
                var brackets = 0
                repeat {
                    let t = peek(ahead: ahead)
                    if t.isPunctuator(.leftBracket) { brackets += 1 }
                    if t.isPunctuator(.rightBracket) { brackets -= 1 }
                    if t.kind == .endOfFile || t.isPunctuator(.semicolon) { return false }
                    ahead += 1
                } while brackets > 0
            }
            let next = peek(ahead: ahead).kind
            return next == .identifier || next == .reservedWord
        default:
            return false
        }
    }

    /// `true` for a token that starts a statement with a keyword.
    func isStatementKeyword(_ t: Token) -> Bool {
        switch t.kind {
        case .keyword(.if), .keyword(.for), .keyword(.while), .keyword(.do), .keyword(.return),
            .keyword(.break), .keyword(.continue), .keyword(.discard), .keyword(.switch),
            .keyword(.case), .keyword(.default):
            true
        default:
            false
        }
    }

    /// `true` for a token that can only start a declaration.
    func isDeclarationKeyword(_ t: Token) -> Bool {
        switch t.kind {
        case .typeName: true
        case .keyword(let k):
            [
                .attribute, .const, .uniform, .varying, .invariant, .precision, .struct, .lowp,
                .mediump, .highp, .flat, .smooth, .noperspective, .layout,
            ]
            .contains(k)
        default: false
        }
    }

    // MARK: Recovery

    /// Skips to a likely statement boundary after an error inside a block: past the failed
    /// statement's parenthesised header (`for (…)`), then past a `;` or its `{ … }`, stopping
    /// before the enclosing block's `}` or a statement or declaration that starts a new line.
    mutating func synchronizeStatement(startedAt start: Int) {
        var parens = 0
        var braces = 0
        // Only a `for` header has `;` inside its parentheses.
        let isForHeader = tokens[start].kind == .keyword(.for)
        for t in tokens[start..<current] {
            if t.isPunctuator(.leftParen) { parens += 1 }
            if t.isPunctuator(.rightParen) { parens = max(0, parens - 1) }
            if t.isPunctuator(.leftBrace) { braces += 1 }
            if t.isPunctuator(.rightBrace) { braces = max(0, braces - 1) }
        }
        while !isAtEnd {
            let t = peek
            if parens > 0 && !t.isPunctuator(.leftBrace) && !t.isPunctuator(.rightBrace) {
                if t.isAtLineStart && (isStatementKeyword(t) || isDeclarationKeyword(t)) { return }
                if t.isPunctuator(.semicolon) && !isForHeader {
                    advance()
                    return
                }
                if t.isPunctuator(.leftParen) { parens += 1 }
                if t.isPunctuator(.rightParen) { parens -= 1 }
                advance()
                continue
            }
            parens = 0
            if braces == 0 && current > start && t.isAtLineStart
                && (isStatementKeyword(t) || isDeclarationKeyword(t))
            {
                return
            }
            if t.isPunctuator(.leftBrace) {
                braces += 1
            } else if t.isPunctuator(.rightBrace) {
                if braces == 0 { return }
                braces -= 1
                if braces == 0 {
                    advance()
                    return
                }
            } else if t.isPunctuator(.semicolon) && braces == 0 {
                advance()
                return
            }
            advance()
        }
    }

    /// Skips to the next external declaration after an error at global scope: past the `;`
    /// or the closing `}` of the declaration that failed (braces it had opened count), or to a
    /// declaration keyword that starts a new line.
    mutating func synchronizeDeclaration(startedAt start: Int) {
        var braces = 0
        for t in tokens[start..<current] {
            if t.isPunctuator(.leftBrace) { braces += 1 }
            if t.isPunctuator(.rightBrace) { braces = max(0, braces - 1) }
        }
        while !isAtEnd {
            let t = peek
            if braces == 0 && current > start && t.isAtLineStart && isDeclarationKeyword(t) {
                return
            }
            if t.isPunctuator(.leftBrace) {
                braces += 1
            } else if t.isPunctuator(.rightBrace) {
                advance()
                braces -= 1
                guard braces <= 0 else { continue }
                // `struct S { … };` and `struct S { … } s;` continue to their `;`.
                if match(.semicolon) { return }
                guard peekKind == .identifier else { return }
                braces = 0
                continue
            } else if t.isPunctuator(.semicolon) && braces == 0 {
                advance()
                return
            }
            advance()
        }
    }

    // MARK: Translation unit

    /// translation_unit: external_declaration+
    mutating func parseTranslationUnit() -> TranslationUnit {
        // GLSL ES 3.00 §3.8 limits names to 1024 characters; Mesa holds every version to it.
        for t in tokens where t.kind == .identifier && t.text.utf8.count > SyntaxError.maximumIdentifierLength {
            report(.identifierTooLong(t.text), at: t)
        }
        var declarations: [ExternalDeclaration] = []
        while !isAtEnd && !isAborted {
            // A stray `;` at global scope (`void f() { … };`) is accepted, as Mesa does.
            if match(.semicolon) { continue }
            let start = current
            do {
                declarations.append(try parseExternalDeclaration())
            } catch {
                if isAborted { break }
                synchronizeDeclaration(startedAt: start)
            }
        }
        let whole = SourceSpan(file: file, start: 0, end: file.bytes.count)
        return TranslationUnit(declarations: declarations, span: whole)
    }
}
