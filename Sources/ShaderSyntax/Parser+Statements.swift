import ShaderDiagnostics

extension Parser {
    /// '{' statement* '}' — the statements of a block; each error is recovered from inside it.
    mutating func parseBlockBody() throws(ParseFailure) -> [Statement] {
        try consume(.leftBrace)
        var statements: [Statement] = []
        while !check(.rightBrace) && !isAtEnd {
            let start = current
            do {
                statements.append(try parseStatement())
            } catch {
                if isAborted { throw error }
                synchronizeStatement(startedAt: start)
            }
        }
        try consume(.rightBrace)
        return statements
    }

    /// statement: compound | simple statement. A small dispatcher: each form is parsed by its
    /// own function, so nested statements cost little stack.
    mutating func parseStatement() throws(ParseFailure) -> Statement {
        try enterNesting()
        defer { leaveNesting() }
        switch peekKind {
        case .punctuator(.leftBrace): return try parseCompound()
        case .keyword(.if): return try parseIf()
        case .keyword(.for): return try parseFor()
        case .keyword(.while): return try parseWhile()
        case .keyword(.do): return try parseDoWhile()
        case .keyword(.switch): return try parseSwitch()
        default: return try parseSimpleStatement()
        }
    }

    /// '{' statement* '}' as a statement.
    mutating func parseCompound() throws(ParseFailure) -> Statement {
        let start = tokens[current].span
        let statements = try parseBlockBody()
        return .compound(statements, span: start.merged(with: tokens[current - 1].span))
    }

    /// 'while' '(' condition ')' statement
    mutating func parseWhile() throws(ParseFailure) -> Statement {
        let start = tokens[current].span
        advance()
        try consume(.leftParen)
        let condition = try parseCondition()
        try consume(.rightParen)
        let body = try parseStatement()
        return .while(condition: condition, body: body, span: start.merged(with: body.span))
    }

    /// 'do' statement 'while' '(' expression ')' ';'
    mutating func parseDoWhile() throws(ParseFailure) -> Statement {
        let start = tokens[current].span
        advance()
        let body = try parseStatement()
        return try finishDoWhile(body: body, start: start)
    }

    @inline(never)
    mutating func finishDoWhile(body: Statement, start: SourceSpan) throws(ParseFailure) -> Statement {
        guard match(.while) else { throw fail(expected: "'while'") }
        try consume(.leftParen)
        let condition = try parseExpression()
        try consume(.rightParen)
        try consumeSemicolon()
        return .doWhile(body: body, condition: condition, span: start.merged(with: previous.span))
    }

    /// 'switch' '(' expression ')' '{' statement* '}' — `case` labels are statements inside.
    mutating func parseSwitch() throws(ParseFailure) -> Statement {
        let start = tokens[current].span
        advance()
        try consume(.leftParen)
        let selector = try parseExpression()
        try consume(.rightParen)
        let body = try parseBlockBody()
        return .switch(selector: selector, body: body, span: start.merged(with: previous.span))
    }

    /// Statements that do not nest: `;`, jumps, labels, declarations, expression statements.
    @inline(never)
    mutating func parseSimpleStatement() throws(ParseFailure) -> Statement {
        let start = peek
        switch peekKind {
        case .punctuator(.semicolon):
            advance()
            return .empty(span: start.span)
        case .keyword(.continue):
            advance()
            try consumeSemicolon()
            return .continue(span: span(from: start))
        case .keyword(.break):
            advance()
            try consumeSemicolon()
            return .break(span: span(from: start))
        case .keyword(.discard):
            advance()
            try consumeSemicolon()
            return .discard(span: span(from: start))
        case .keyword(.case):
            advance()
            let value = try parseExpression()
            try consume(.colon)
            return .caseLabel(value, span: span(from: start))
        case .keyword(.default):
            advance()
            try consume(.colon)
            return .caseLabel(nil, span: span(from: start))
        case .keyword(.return):
            advance()
            var value: Expression?
            if !check(.semicolon) { value = try parseExpression() }
            try consumeSemicolon()
            return .return(value, span: span(from: start))
        case .reservedWord where !isAtDeclarationStart():
            // `switch (x) { … }`, `goto l;`: the word is already reported; skip the statement.
            advance()
            throw ParseFailure()
        default:
            if isAtDeclarationStart() {
                return try parseDeclarationStatement()
            }
            let expression = try parseExpression()
            try consumeSemicolon()
            return .expression(expression, span: span(from: start))
        }
    }

    /// A declaration inside a function (function definitions are not allowed there).
    mutating func parseDeclarationStatement() throws(ParseFailure) -> Statement {
        let start = peek
        switch try parseDeclaration(allowsFunctionDefinition: false) {
        case .declaration(let declaration):
            return .declaration(declaration)
        case .function:
            // Unreachable: definitions were not allowed. Treat as a grammar error, not a crash.
            report(.expected("declaration", found: start.quoted), at: start)
            throw ParseFailure()
        }
    }

    /// 'if' '(' expression ')' statement ('else' statement)?
    mutating func parseIf() throws(ParseFailure) -> Statement {
        let start = tokens[current].span
        advance()
        try consume(.leftParen)
        let condition = try parseExpression()
        try consume(.rightParen)
        let then = try parseStatement()
        let otherwise = match(.else) ? try parseStatement() : nil
        return .if(
            condition: condition, then: then, else: otherwise,
            span: start.merged(with: tokens[current - 1].span))
    }

    /// 'for' '(' (declaration | expression? ';') condition? ';' expression? ')' statement
    mutating func parseFor() throws(ParseFailure) -> Statement {
        let start = tokens[current].span
        let header = try parseForHeader()
        let body = try parseStatement()
        return .for(
            initializer: header.initializer, condition: header.condition,
            increment: header.increment, body: body, span: start.merged(with: body.span))
    }

    /// `for (…)` up to and including the `)`.
    @inline(never)
    mutating func parseForHeader() throws(ParseFailure) -> (
        initializer: Statement, condition: Condition?, increment: Expression?
    ) {
        advance()
        try consume(.leftParen)
        let initStart = peek
        let initializer: Statement
        if check(.semicolon) {
            advance()
            initializer = .empty(span: initStart.span)
        } else if isAtDeclarationStart() {
            initializer = try parseDeclarationStatement()
        } else {
            let e = try parseExpression()
            try consume(.semicolon)
            initializer = .expression(e, span: span(from: initStart))
        }
        var condition: Condition?
        if !check(.semicolon) { condition = try parseCondition() }
        try consume(.semicolon)
        var increment: Expression?
        if !check(.rightParen) { increment = try parseExpression() }
        try consume(.rightParen)
        return (initializer, condition, increment)
    }

    /// condition: expression | fully_specified_type IDENTIFIER '=' initializer
    mutating func parseCondition() throws(ParseFailure) -> Condition {
        guard isAtDeclarationStart() else { return .expression(try parseExpression()) }
        let start = peek
        let type = try parseFullySpecifiedType()
        let name = try consumeIdentifier()
        try consume(.equal)
        let initializer = try parseAssignmentExpression()
        return .declaration(
            type: type, name: name, initializer: initializer, span: span(from: start))
    }
}
