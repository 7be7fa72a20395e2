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
    func infix(_ t: Token) -> (Precedence, InfixOperator)? {
        guard case .punctuator(let p) = t.kind else { return nil }
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

    /// Parses an expression whose infix operators bind at least as tightly as `minimum`.
    mutating func parseExpression(_ minimum: Precedence) throws(ParseFailure) -> Expression {
        try enterNesting()
        // Each operator applied to `left` nests the tree one level deeper (`a + b + c` is
        // `(a + b) + c`), so it counts against the limit too: later phases recurse over it.
        var folds = 0
        defer { for _ in 0...folds { leaveNesting() } }
        var left = try parseUnary()
        while let (level, op) = infix(peek), level >= minimum {
            let operatorToken = advance()
            try enterNesting()
            folds += 1
            switch op {
            case .comma:
                let right = try parseExpression(.assignment)
                left = Expression(.comma(left, right), span: left.span.merged(with: right.span))
            case .assignment(let a):
                if a.binaryOperator.map(isReserved) == true { report(.reservedOperator(a.rawValue), at: operatorToken) }
                let right = try parseExpression(.assignment)
                left = Expression(.assignment(a, left, right), span: left.span.merged(with: right.span))
            case .conditional:
                let then = try parseExpression(.comma)
                try consume(.colon)
                let otherwise = try parseExpression(.assignment)
                left = Expression(.ternary(left, then, otherwise), span: left.span.merged(with: otherwise.span))
            case .binary(let b):
                if isReserved(b) { report(.reservedOperator(b.rawValue), at: operatorToken) }
                let right = try parseExpression(level.next)
                left = Expression(.binary(b, left, right), span: left.span.merged(with: right.span))
            }
        }
        return left
    }

    func isReserved(_ op: Expression.BinaryOperator) -> Bool {
        switch op {
        case .remainder, .shiftLeft, .shiftRight, .bitwiseAnd, .bitwiseXor, .bitwiseOr: true
        default: false
        }
    }

    /// unary_expression: postfix_expression | ('++' | '--' | '+' | '-' | '!' | '~') unary_expression
    mutating func parseUnary() throws(ParseFailure) -> Expression {
        let op: Expression.UnaryOperator? =
            switch peek.kind {
            case .punctuator(.plus): .plus
            case .punctuator(.minus): .negate
            case .punctuator(.bang): .logicalNot
            case .punctuator(.tilde): .bitwiseNot
            case .punctuator(.plusPlus): .preIncrement
            case .punctuator(.minusMinus): .preDecrement
            default: nil
            }
        guard let op else { return try parsePostfix() }
        let start = advance()
        if op == .bitwiseNot { report(.reservedOperator("~"), at: start) }
        try enterNesting()
        defer { leaveNesting() }
        let operand = try parseUnary()
        return Expression(.unary(op, operand), span: start.span.merged(with: operand.span))
    }

    /// postfix_expression: primary followed by `[index]`, `.field`, `++`, `--`.
    mutating func parsePostfix() throws(ParseFailure) -> Expression {
        var e = try parsePrimary()
        // Like infix operators, each postfix operator nests the tree one level deeper.
        var folds = 0
        defer { for _ in 0..<folds { leaveNesting() } }
        while true {
            if check(.leftBracket) || check(.dot) || check(.plusPlus) || check(.minusMinus) {
                try enterNesting()
                folds += 1
            }
            if check(.leftBracket) {
                advance()
                let index = try parseExpression()
                let close = try consume(.rightBracket)
                e = Expression(.index(e, index), span: e.span.merged(with: close.span))
            } else if check(.dot) {
                advance()
                let field = try consumeIdentifier("field name")
                e = Expression(.field(e, field), span: e.span.merged(with: field.span))
            } else if check(.plusPlus) || check(.minusMinus) {
                let t = advance()
                let op: Expression.UnaryOperator = t.isPunctuator(.plusPlus) ? .postIncrement : .postDecrement
                e = Expression(.unary(op, e), span: e.span.merged(with: t.span))
            } else {
                return e
            }
        }
    }

    /// primary_expression: IDENTIFIER | literal | '(' expression ')' | function_call
    mutating func parsePrimary() throws(ParseFailure) -> Expression {
        let t = peek
        switch t.kind {
        case .identifier, .reservedWord:
            advance()
            if check(.leftParen) {
                return try parseCall(.name(Identifier(t.text, span: t.span)), start: t)
            }
            return Expression(.identifier(t.text), span: t.span)
        case .typeName(let type):
            advance()
            guard check(.leftParen) else { throw fail(expected: "'(' after type name '\(t.text)'") }
            return try parseCall(.constructor(type, span: t.span), start: t)
        case .intLiteral:
            advance()
            var value = 0
            if case .success(.int(let v)) = NumberLiteral.parse(t.text, isFloat: false, allowsFloatSuffix: true) {
                value = v
                if v > Int(UInt32.max) { report(.integerTooLarge(t.text), at: t) }
            }
            return Expression(.intLiteral(value), span: t.span)
        case .floatLiteral:
            advance()
            var value = 0.0
            if case .success(.float(let v)) = NumberLiteral.parse(t.text, isFloat: true, allowsFloatSuffix: true) {
                value = v
            }
            return Expression(.floatLiteral(value), span: t.span)
        case .keyword(.true), .keyword(.false):
            advance()
            return Expression(.boolLiteral(t.kind == .keyword(.true)), span: t.span)
        case .punctuator(.leftParen):
            advance()
            let inner = try parseExpression()
            try consume(.rightParen)
            // Keep the inner node; widen its span to the parentheses for diagnostics.
            return Expression(inner.kind, span: span(from: t))
        default:
            throw fail(expected: "expression")
        }
    }

    /// function_call: callee '(' ('void' | assignment_expression (',' assignment_expression)*)? ')'
    mutating func parseCall(_ callee: Expression.Callee, start: Token) throws(ParseFailure) -> Expression {
        try consume(.leftParen)
        var arguments: [Expression] = []
        if peek.kind == .typeName(.void) && peek(ahead: 1).isPunctuator(.rightParen) {
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
