import ShaderDiagnostics

/// GLSL's operator precedence (spec §5.1), loosest first. The Pratt loop in
/// `Parser.parseExpression(_:)` keeps consuming infix operators while their level is at least
/// the minimum it was called with.
enum Precedence: Int, Comparable {
    /// `,` — sequence, left to right.
    case comma = 1
    /// `=` `+=` `-=` `*=` `/=` (and the reserved `%=` `<<=` `>>=` `&=` `^=` `|=`) — right to left.
    case assignment
    /// `?:` — selection, right to left.
    case conditional
    /// `||`
    case logicalOr
    /// `^^`
    case logicalXor
    /// `&&`
    case logicalAnd
    /// `|` (reserved)
    case bitwiseOr
    /// `^` (reserved)
    case bitwiseXor
    /// `&` (reserved)
    case bitwiseAnd
    /// `==` `!=`
    case equality
    /// `<` `>` `<=` `>=`
    case relational
    /// `<<` `>>` (reserved)
    case shift
    /// `+` `-`
    case additive
    /// `*` `/` (and the reserved `%`)
    case multiplicative
    /// prefix `+` `-` `!` `++` `--` (and the reserved `~`) — right to left.
    case unary
    /// `[]` `()` `.` postfix `++` `--` — left to right.
    case postfix

    /// The next tighter level (for left-associative operands).
    var next: Precedence { Precedence(rawValue: rawValue + 1) ?? .postfix }

    static func < (a: Precedence, b: Precedence) -> Bool { a.rawValue < b.rawValue }
}

/// What an infix token does in the Pratt loop.
enum InfixOperator {
    case binary(Expression.BinaryOperator)
    case assignment(Expression.AssignmentOperator)
    case conditional
    case comma
}

extension Parser {
    /// The level and meaning of an infix operator token.
    func infix(_ kind: TokenKind) -> (Precedence, InfixOperator)? {
        guard case .punctuator(let p) = kind else { return nil }
        switch p {
        case .comma: return (.comma, .comma)
        case .equal: return (.assignment, .assignment(.assign))
        case .plusEqual: return (.assignment, .assignment(.add))
        case .minusEqual: return (.assignment, .assignment(.subtract))
        case .starEqual: return (.assignment, .assignment(.multiply))
        case .slashEqual: return (.assignment, .assignment(.divide))
        case .percentEqual: return (.assignment, .assignment(.remainder))
        case .shiftLeftEqual: return (.assignment, .assignment(.shiftLeft))
        case .shiftRightEqual: return (.assignment, .assignment(.shiftRight))
        case .ampersandEqual: return (.assignment, .assignment(.bitwiseAnd))
        case .caretEqual: return (.assignment, .assignment(.bitwiseXor))
        case .barEqual: return (.assignment, .assignment(.bitwiseOr))
        case .question: return (.conditional, .conditional)
        case .barBar: return (.logicalOr, .binary(.logicalOr))
        case .caretCaret: return (.logicalXor, .binary(.logicalXor))
        case .ampAmp: return (.logicalAnd, .binary(.logicalAnd))
        case .bar: return (.bitwiseOr, .binary(.bitwiseOr))
        case .caret: return (.bitwiseXor, .binary(.bitwiseXor))
        case .ampersand: return (.bitwiseAnd, .binary(.bitwiseAnd))
        case .equalEqual: return (.equality, .binary(.equal))
        case .bangEqual: return (.equality, .binary(.notEqual))
        case .less: return (.relational, .binary(.less))
        case .greater: return (.relational, .binary(.greater))
        case .lessEqual: return (.relational, .binary(.lessEqual))
        case .greaterEqual: return (.relational, .binary(.greaterEqual))
        case .shiftLeft: return (.shift, .binary(.shiftLeft))
        case .shiftRight: return (.shift, .binary(.shiftRight))
        case .plus: return (.additive, .binary(.add))
        case .minus: return (.additive, .binary(.subtract))
        case .star: return (.multiplicative, .binary(.multiply))
        case .slash: return (.multiplicative, .binary(.divide))
        case .percent: return (.multiplicative, .binary(.remainder))
        default: return nil
        }
    }

    /// expression: the full grammar, comma included.
    mutating func parseExpression() throws(ParseFailure) -> Expression {
        try parseExpression(.comma)
    }

    /// assignment_expression: no top-level comma (initializers, arguments).
    mutating func parseAssignmentExpression() throws(ParseFailure) -> Expression {
        try parseExpression(.assignment)
    }

    /// conditional_expression / constant_expression (array sizes).
    mutating func parseConditionalExpression() throws(ParseFailure) -> Expression {
        try parseExpression(.conditional)
    }

    // The functions on the recursive path (`parseExpression`, `parseUnary`, `parsePrefix`,
    // `parseParenthesized`) keep few locals, and the work that needs many is in
    // helpers off that path: each nesting level costs little stack, also in debug builds.

    /// Parses an expression whose infix operators bind at least as tightly as `minimum`.
    mutating func parseExpression(_ minimum: Precedence) throws(ParseFailure) -> Expression {
        try enterNesting()
        // Each operator applied to `left` nests the tree one level deeper (`a + b + c` is
        // `(a + b) + c`), so it counts against the limit too: later phases recurse over it.
        var folds = 0
        defer { for _ in 0...folds { leaveNesting() } }
        var left = try parseUnary()
        // The grammar's assignment_expression has a unary_expression on the left: `a + b = c`
        // is a syntax error, `(a + b) = c` is not (the checker rejects it as no l-value).
        var leftIsUnary = true
        while let (level, op) = infix(peekKind), level >= minimum {
            if case .assignment = op, !leftIsUnary {
                throw fail(expected: "';'")
            }
            try enterNesting()
            folds += 1
            leftIsUnary = false
            left = try parseInfix(op, level: level, left: left)
        }
        return left
    }

    /// The right-hand side of one infix operator (the current token) and the node it makes.
    @inline(never)
    mutating func parseInfix(
        _ op: InfixOperator, level: Precedence, left: Expression
    ) throws(ParseFailure) -> Expression {
        let operatorToken = advance()
        switch op {
        case .comma:
            let right = try parseExpression(.assignment)
            return Expression(.comma(left, right), span: left.span.merged(with: right.span))
        case .assignment(let a):
            if a.binaryOperator.map(isReserved) == true {
                report(.reservedOperator(a.rawValue), at: operatorToken)
            }
            let right = try parseExpression(.assignment)
            return Expression(.assignment(a, left, right), span: left.span.merged(with: right.span))
        case .conditional:
            let then = try parseExpression(.comma)
            try consume(.colon)
            let otherwise = try parseExpression(.assignment)
            return Expression(
                .ternary(left, then, otherwise), span: left.span.merged(with: otherwise.span))
        case .binary(let b):
            if isReserved(b) { report(.reservedOperator(b.rawValue), at: operatorToken) }
            let right = try parseExpression(level.next)
            return Expression(.binary(b, left, right), span: left.span.merged(with: right.span))
        }
    }

    func isReserved(_ op: Expression.BinaryOperator) -> Bool {
        guard !version.hasNativeIntegers else { return false }
        switch op {
        case .remainder, .shiftLeft, .shiftRight, .bitwiseAnd, .bitwiseXor, .bitwiseOr: return true
        default: return false
        }
    }

    /// unary_expression: postfix_expression | ('++' | '--' | '+' | '-' | '!' | '~') unary_expression
    ///
    /// postfix_expression: primary_expression followed by `[index]`, `.field`, `++`, `--`.
    mutating func parseUnary() throws(ParseFailure) -> Expression {
        if let op = prefixOperator(peekKind) { return try parsePrefix(op) }
        var e =
            peekKind == .punctuator(.leftParen) ? try parseParenthesized() : try parsePrimary()
        // Like infix operators, each postfix operator nests the tree one level deeper.
        var folds = 0
        defer { for _ in 0..<folds { leaveNesting() } }
        while isPostfixOperator(peekKind) {
            try enterNesting()
            folds += 1
            e = try parsePostfixOperator(e)
        }
        return e
    }

    func prefixOperator(_ kind: TokenKind) -> Expression.UnaryOperator? {
        switch kind {
        case .punctuator(.plus): .plus
        case .punctuator(.minus): .negate
        case .punctuator(.bang): .logicalNot
        case .punctuator(.tilde): .bitwiseNot
        case .punctuator(.plusPlus): .preIncrement
        case .punctuator(.minusMinus): .preDecrement
        default: nil
        }
    }

    /// A prefix operator (the current token) and its operand.
    mutating func parsePrefix(_ op: Expression.UnaryOperator) throws(ParseFailure) -> Expression {
        let start = tokens[current].span
        if op == .bitwiseNot && !version.hasNativeIntegers {
            report(.reservedOperator("~"), at: peek)
        }
        advance()
        try enterNesting()
        defer { leaveNesting() }
        let operand = try parseUnary()
        return Expression(.unary(op, operand), span: start.merged(with: operand.span))
    }

    func isPostfixOperator(_ kind: TokenKind) -> Bool {
        switch kind {
        case .punctuator(.leftBracket), .punctuator(.dot), .punctuator(.plusPlus),
            .punctuator(.minusMinus):
            true
        default:
            false
        }
    }

    /// One `[index]`, `.field`, `++` or `--` applied to `base`.
    @inline(never)
    mutating func parsePostfixOperator(_ base: Expression) throws(ParseFailure) -> Expression {
        let t = advance()
        switch t.kind {
        case .punctuator(.leftBracket):
            let index = try parseExpression()
            let close = try consume(.rightBracket)
            return Expression(.index(base, index), span: base.span.merged(with: close.span))
        case .punctuator(.dot):
            let field = try consumeIdentifier("field name")
            if check(.leftParen) {
                guard version.hasArrayConstructors else {
                    // `a.length()`: reported, then read as the field so that parsing goes on.
                    report(.methodCall(field.name, version), at: tokens[current - 1])
                    advance()
                    try consume(.rightParen)
                    return Expression(
                        .field(base, field), span: base.span.merged(with: previous.span))
                }
                let call = try parseCall(.name(field), start: tokens[current - 1])
                guard case .call(_, let arguments) = call.kind else { return call }
                return Expression(
                    .methodCall(base, field, arguments), span: base.span.merged(with: call.span))
            }
            return Expression(.field(base, field), span: base.span.merged(with: previous.span))
        default:
            let op: Expression.UnaryOperator =
                t.isPunctuator(.plusPlus) ? .postIncrement : .postDecrement
            return Expression(.unary(op, base), span: base.span.merged(with: t.span))
        }
    }

    /// primary_expression: IDENTIFIER | literal | function_call (parentheses are handled by
    /// `parseUnary`, to keep the recursion through them short).
    mutating func parsePrimary() throws(ParseFailure) -> Expression {
        switch peekKind {
        case .identifier, .reservedWord, .typeName: try parseNameOrCall()
        default: try parseLiteral()
        }
    }

    /// '(' expression ')': the inner node, its span widened to the parentheses.
    mutating func parseParenthesized() throws(ParseFailure) -> Expression {
        let open = tokens[current].span
        advance()
        let inner = try parseExpression()
        try consume(.rightParen)
        return Expression(inner.kind, span: open.merged(with: tokens[current - 1].span))
    }

    /// A variable, or a call of a function or constructor.
    @inline(never)
    mutating func parseNameOrCall() throws(ParseFailure) -> Expression {
        let t = advance()
        if case .typeName(let type) = t.kind {
            if check(.leftBracket) {
                guard version.hasArrayConstructors else {
                    // `float[2](a, b)`: reported, then read as a call of the element type's
                    // constructor so that parsing goes on.
                    report(.arrayConstructor(version), at: t)
                    _ = try parseArraySpecifier()
                    guard check(.leftParen) else {
                        throw fail(expected: "'(' after type name '\(t.text)'")
                    }
                    return try parseCall(.constructor(type, span: t.span), start: t)
                }
                let array = try parseArraySpecifier()
                let spec = TypeSpecifier(
                    .builtin(type), array: array, span: t.span.merged(with: previous.span))
                guard check(.leftParen) else { throw fail(expected: "'(' after array type") }
                return try parseCall(.arrayConstructor(spec), start: t)
            }
            guard check(.leftParen) else { throw fail(expected: "'(' after type name '\(t.text)'") }
            return try parseCall(.constructor(type, span: t.span), start: t)
        }
        if check(.leftParen) {
            return try parseCall(.name(Identifier(t.text, span: t.span)), start: t)
        }
        // `S[2](a, b)` or `S[](a, b)`: an array constructor of a struct type. An indexed
        // value is never called, so `name [ … ] (` can only be this.
        if check(.leftBracket) && isArrayConstructorAhead() {
            let name = Identifier(t.text, span: t.span)
            guard version.hasArrayConstructors else {
                report(.arrayConstructor(version), at: t)
                _ = try parseArraySpecifier()
                return try parseCall(.name(name), start: t)
            }
            let array = try parseArraySpecifier()
            let spec = TypeSpecifier(
                .named(name), array: array, span: t.span.merged(with: previous.span))
            return try parseCall(.arrayConstructor(spec), start: t)
        }
        return Expression(.identifier(t.text), span: t.span)
    }

    /// `true` when the `[` at the current token closes with a `]` followed by `(`.
    func isArrayConstructorAhead() -> Bool {
        var depth = 0
        var i = current
        while i < tokens.count {
            let k = tokens[i]
            if k.isPunctuator(.leftBracket) {
                depth += 1
            } else if k.isPunctuator(.rightBracket) {
                depth -= 1
                if depth == 0 {
                    return i + 1 < tokens.count && tokens[i + 1].isPunctuator(.leftParen)
                }
            } else if k.isPunctuator(.semicolon) || k.isPunctuator(.leftBrace)
                || k.isPunctuator(.rightBrace)
            {
                return false
            }
            i += 1
        }
        return false
    }

    /// An int, float or bool literal.
    @inline(never)
    mutating func parseLiteral() throws(ParseFailure) -> Expression {
        let t = peek
        switch t.kind {
        case .intLiteral:
            advance()
            switch NumberLiteral.parse(
                t.text, isFloat: false, allowsFloatSuffix: true,
                allowsUnsignedSuffix: version.hasNativeIntegers)
            {
            case .success(.int(let v)):
                // GLSL ES 3.00 §4.1.3: a literal whose bit pattern does not fit 32 bits is an
                // error; before, Mesa warns.
                if v > Int(UInt32.max) {
                    report(.integerTooLarge(t.text), version.hasNativeIntegers ? .error : .warning, at: t)
                }
                return Expression(.intLiteral(v), span: t.span)
            case .success(.unsigned(let v)):
                if v > Int(UInt32.max) { report(.integerTooLarge(t.text), .error, at: t) }
                return Expression(.uintLiteral(UInt32(truncatingIfNeeded: v)), span: t.span)
            default:
                return Expression(.intLiteral(0), span: t.span)
            }
        case .floatLiteral:
            advance()
            var value = 0.0
            if case .success(.float(let v)) = NumberLiteral.parse(
                t.text, isFloat: true, allowsFloatSuffix: true)
            {
                value = v
            }
            return Expression(.floatLiteral(value), span: t.span)
        case .keyword(.true), .keyword(.false):
            advance()
            return Expression(.boolLiteral(t.kind == .keyword(.true)), span: t.span)
        default:
            throw fail(expected: "expression")
        }
    }

    /// function_call: callee '(' ('void' | assignment_expression (',' assignment_expression)*)? ')'
    mutating func parseCall(_ callee: Expression.Callee, start: Token) throws(ParseFailure)
        -> Expression
    {
        try consume(.leftParen)
        var arguments: [Expression] = []
        if peekKind == .typeName(.void) && peek(ahead: 1).isPunctuator(.rightParen) {
            advance()
        } else if !check(.rightParen) {
            repeat {
                arguments.append(try parseAssignmentExpression())
            } while match(.comma)
        }
        try consume(.rightParen)
        return Expression(.call(callee, arguments), span: span(from: start))
    }
}
