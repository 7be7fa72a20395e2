import ShaderDiagnostics

extension Parser {
    /// external_declaration: function_definition | declaration
    mutating func parseExternalDeclaration() throws(ParseFailure) -> ExternalDeclaration {
        if peekKind == .reservedWord {
            advance()  // Already reported; skip what it starts (`class C { … };`).
            throw ParseFailure()
        }
        if isStatementKeyword(peek) || check(.leftBrace) || check(.rightBrace)
            || (peekKind == .identifier && !isAtDeclarationStart())
            || peekKind == .intLiteral || peekKind == .floatLiteral
        {
            throw fail(expected: "declaration")
        }
        return try parseDeclaration(allowsFunctionDefinition: true)
    }

    /// declaration: function_prototype ';' | init_declarator_list ';'
    ///   | 'precision' precision_qualifier type_specifier_no_prec ';' | 'invariant' names ';'
    /// and, when `allowsFunctionDefinition`, function_definition.
    mutating func parseDeclaration(allowsFunctionDefinition: Bool) throws(ParseFailure)
        -> ExternalDeclaration
    {
        let start = peek
        if check(.precision) {
            return .declaration(.precision(try parsePrecisionDeclaration()))
        }
        if check(.invariant), peek(ahead: 1).kind == .identifier {
            advance()
            var names = [try consumeIdentifier()]
            while match(.comma) { names.append(try consumeIdentifier()) }
            try consumeSemicolon()
            return .declaration(
                .invariant(InvariantDeclaration(names: names, span: span(from: start))))
        }
        let qualifiers = try parseTypeQualifiers()
        if qualifiers.layoutSpan != nil && check(.semicolon) {
            advance()
            return .declaration(.defaultQualifiers(qualifiers, span: span(from: start)))
        }
        if version.hasUniformBlocks, let storage = qualifiers.storage,
            storage == .uniform || storage == .in || storage == .out,
            peekKind == .identifier, peek(ahead: 1).isPunctuator(.leftBrace)
        {
            return .declaration(.block(try parseInterfaceBlock(qualifiers, start: start)))
        }
        let specifier = try parseTypeSpecifier()
        let type = FullySpecifiedType(
            qualifiers: qualifiers, specifier: specifier, span: span(from: start))
        if check(.semicolon) {
            advance()
            return .declaration(
                .variables(
                    VariableDeclarationList(type: type, declarators: [], span: span(from: start))))
        }
        let name = try consumeIdentifier()
        if check(.leftParen) {
            let prototype = try parseFunctionPrototype(returnType: type, name: name)
            if check(.leftBrace) && allowsFunctionDefinition {
                let open = peek
                let body = try parseBlockBody()
                return .function(
                    FunctionDefinition(
                        prototype: prototype, body: body, bodySpan: span(from: open),
                        span: span(from: start)))
            }
            try consumeSemicolon()
            var declared = prototype
            declared.span = span(from: start)
            return .declaration(.functionPrototype(declared))
        }
        var declarators = [try parseDeclarator(name: name)]
        while match(.comma) {
            declarators.append(try parseDeclarator(name: try consumeIdentifier()))
        }
        try consumeSemicolon()
        return .declaration(
            .variables(
                VariableDeclarationList(
                    type: type, declarators: declarators, span: span(from: start))))
    }

    /// The rest of a declarator after its name: `[size]`, `= initializer`.
    mutating func parseDeclarator(name: Identifier) throws(ParseFailure) -> Declarator {
        let array = try parseArraySpecifier()
        var initializer: Expression?
        if match(.equal) {
            initializer = try parseAssignmentExpression()
        }
        let end = previous.span
        return Declarator(
            name: name, array: array, initializer: initializer, span: name.span.merged(with: end))
    }

    /// `[ constant_expression ]`, if present. `[]` is kept (desktop GLSL 1.20 allows it with an
    /// initializer); the checker reports it for GLSL ES.
    mutating func parseArraySpecifier() throws(ParseFailure) -> ArraySpecifier? {
        guard check(.leftBracket) else { return nil }
        let open = advance()
        var size: Expression?
        if !check(.rightBracket) {
            size = try parseConditionalExpression()
        }
        try consume(.rightBracket)
        return ArraySpecifier(size: size, span: span(from: open))
    }

    /// 'precision' precision_qualifier type_specifier_no_prec ';'
    mutating func parsePrecisionDeclaration() throws(ParseFailure) -> PrecisionDeclaration {
        let start = advance()
        guard let precision = precisionQualifier(peek) else {
            throw fail(expected: "'lowp', 'mediump' or 'highp'")
        }
        advance()
        let type = try parseTypeSpecifierNoPrecision()
        try consumeSemicolon()
        return PrecisionDeclaration(precision: precision, type: type, span: span(from: start))
    }

    func precisionQualifier(_ t: Token) -> PrecisionQualifier? {
        switch t.kind {
        case .keyword(.lowp): .lowp
        case .keyword(.mediump): .mediump
        case .keyword(.highp): .highp
        default: nil
        }
    }

    /// fully_specified_type: type_qualifier? type_specifier
    mutating func parseFullySpecifiedType() throws(ParseFailure) -> FullySpecifiedType {
        let start = peek
        let qualifiers = try parseTypeQualifiers()
        let specifier = try parseTypeSpecifier()
        return FullySpecifiedType(
            qualifiers: qualifiers, specifier: specifier, span: span(from: start))
    }

    /// type_qualifier, in the order GLSL ES 3.00 §4.7 requires:
    /// 'invariant'? interpolation_qualifier? layout_qualifier? 'centroid'? storage_qualifier?
    /// where storage_qualifier: 'const' | 'attribute' | 'uniform' | 'varying' | 'in' | 'out'
    /// and interpolation_qualifier: 'smooth' | 'flat' | 'noperspective'. `invariant`,
    /// interpolation and `centroid` need `varying`, `in` or `out` after them.
    mutating func parseTypeQualifiers() throws(ParseFailure) -> TypeQualifiers {
        var qualifiers = TypeQualifiers()
        if check(.invariant) {
            qualifiers.invariantSpan = advance().span
        }
        let interpolation: InterpolationQualifier? =
            switch peekKind {
            case .keyword(.flat): .flat
            case .keyword(.smooth): .smooth
            case .keyword(.noperspective): .noperspective
            default: nil
            }
        if let interpolation {
            qualifiers.interpolation = interpolation
            qualifiers.interpolationSpan = advance().span
        }
        while check(.layout) {
            let layoutStart = peek
            qualifiers.layout += try parseLayoutQualifier()
            let layoutSpan = span(from: layoutStart)
            qualifiers.layoutSpan = qualifiers.layoutSpan?.merged(with: layoutSpan) ?? layoutSpan
        }
        if check(.centroid) {
            qualifiers.centroidSpan = advance().span
        }
        let storage: StorageQualifier? =
            switch peekKind {
            case .keyword(.const): .const
            case .keyword(.attribute): .attribute
            case .keyword(.uniform): .uniform
            case .keyword(.varying): .varying
            case .keyword(.in) where version.hasInOutStorage: .in
            case .keyword(.out) where version.hasInOutStorage: .out
            default: nil
            }
        if qualifiers.isInvariant || qualifiers.isCentroid || qualifiers.interpolation != nil {
            switch storage {
            case .varying?, .in?, .out?: break
            default:
                throw fail(expected: version.hasInOutStorage ? "'in' or 'out'" : "'varying'")
            }
        }
        if let storage {
            qualifiers.storage = storage
            qualifiers.storageSpan = advance().span
        }
        return qualifiers
    }

    /// layout_qualifier: 'layout' '(' layout_qualifier_id (',' layout_qualifier_id)* ')' where
    /// layout_qualifier_id: IDENTIFIER ('=' constant)?
    mutating func parseLayoutQualifier() throws(ParseFailure) -> [LayoutQualifierItem] {
        advance()
        try consume(.leftParen)
        var items: [LayoutQualifierItem] = []
        repeat {
            let itemStart = peek
            // `shared` and the like are plain names; accept keywords spelled as names too.
            guard peek.isWord else { throw fail(expected: "layout qualifier") }
            let nameToken = advance()
            let name = Identifier(nameToken.text, span: nameToken.span)
            var value: Expression?
            if match(.equal) { value = try parseConditionalExpression() }
            items.append(LayoutQualifierItem(name: name, value: value, span: span(from: itemStart)))
        } while match(.comma)
        try consume(.rightParen)
        return items
    }

    /// interface_block: type_qualifier IDENTIFIER '{' member+ '}' (IDENTIFIER array?)? ';'
    mutating func parseInterfaceBlock(
        _ qualifiers: TypeQualifiers, start: Token
    ) throws(ParseFailure) -> InterfaceBlock {
        let name = try consumeIdentifier()
        try enterNesting()
        defer { leaveNesting() }
        try consume(.leftBrace)
        var members: [StructMember] = []
        repeat {
            do {
                members.append(try parseStructMember(allowsQualifiers: true))
            } catch {
                if isAborted { throw error }
                synchronizeMember()
            }
        } while !check(.rightBrace) && !isAtEnd
        try consume(.rightBrace)
        var instanceName: Identifier?
        var instanceArray: ArraySpecifier?
        if !check(.semicolon) {
            instanceName = try consumeIdentifier()
            instanceArray = try parseArraySpecifier()
        }
        try consumeSemicolon()
        return InterfaceBlock(
            qualifiers: qualifiers, name: name, members: members, instanceName: instanceName,
            instanceArray: instanceArray, span: span(from: start))
    }

    /// type_specifier: precision_qualifier? type_specifier_no_prec
    mutating func parseTypeSpecifier() throws(ParseFailure) -> TypeSpecifier {
        let start = peek
        guard let precision = precisionQualifier(peek) else {
            return try parseTypeSpecifierNoPrecision()
        }
        advance()
        var specifier = try parseTypeSpecifierNoPrecision()
        specifier.precision = precision
        specifier.precisionSpan = start.span
        specifier.span = span(from: start)
        return specifier
    }

    /// type_specifier_no_prec: a built-in type | struct_specifier | TYPE_NAME
    mutating func parseTypeSpecifierNoPrecision() throws(ParseFailure) -> TypeSpecifier {
        let start = peek
        var specifier: TypeSpecifier
        switch peekKind {
        case .typeName(let type):
            advance()
            specifier = TypeSpecifier(.builtin(type), span: start.span)
        case .keyword(.struct):
            let structure = try parseStructSpecifier()
            specifier = TypeSpecifier(.structure(structure), span: structure.span)
        case .identifier:
            advance()
            specifier = TypeSpecifier(
                .named(Identifier(start.text, span: start.span)), span: start.span)
        default:
            throw fail(expected: "type")
        }
        // type_specifier_nonarray '[' constant_expression ']': `float[2] a;`
        if let array = try parseArraySpecifier() {
            specifier.array = array
            specifier.span = specifier.span.merged(with: array.span)
        }
        return specifier
    }

    /// struct_specifier: 'struct' IDENTIFIER? '{' struct_declaration+ '}'
    mutating func parseStructSpecifier() throws(ParseFailure) -> StructSpecifier {
        let start = advance()
        try enterNesting()
        defer { leaveNesting() }
        var name: Identifier?
        if peekKind == .identifier || peekKind == .reservedWord {
            name = try consumeIdentifier()
        }
        try consume(.leftBrace)
        var members: [StructMember] = []
        repeat {
            do {
                members.append(try parseStructMember())
            } catch {
                if isAborted { throw error }
                synchronizeMember()
            }
        } while !check(.rightBrace) && !isAtEnd
        try consume(.rightBrace)
        return StructSpecifier(name: name, members: members, span: span(from: start))
    }

    /// struct_declaration: type_specifier struct_declarator (',' struct_declarator)* ';'
    mutating func parseStructMember(allowsQualifiers: Bool = false) throws(ParseFailure) -> StructMember {
        let memberStart = peek
        // Qualifiers are not allowed on struct members, but block members may have some
        // (`layout(row_major)`); the checker decides which.
        let qualifiers = allowsQualifiers ? try parseTypeQualifiers() : TypeQualifiers()
        let type = try parseTypeSpecifier()
        var declarators: [Declarator] = []
        repeat {
            let memberName = try consumeIdentifier()
            let array = try parseArraySpecifier()
            declarators.append(
                Declarator(
                    name: memberName, array: array, initializer: nil,
                    span: memberName.span.merged(with: previous.span)))
        } while match(.comma)
        try consumeSemicolon()
        return StructMember(
            qualifiers: qualifiers, type: type, declarators: declarators,
            span: span(from: memberStart))
    }

    /// After an error in a struct member: past its `;`, or up to the struct's `}`.
    mutating func synchronizeMember() {
        var braces = 0
        while !isAtEnd {
            if check(.leftBrace) { braces += 1 }
            if check(.rightBrace) {
                if braces == 0 { return }
                braces -= 1
            }
            if check(.semicolon) && braces == 0 {
                advance()
                return
            }
            advance()
        }
    }

    /// function_prototype: fully_specified_type IDENTIFIER '(' parameters? ')'; the type and
    /// name are already read.
    mutating func parseFunctionPrototype(
        returnType: FullySpecifiedType, name: Identifier
    ) throws(ParseFailure) -> FunctionPrototype {
        try consume(.leftParen)
        var parameters: [ParameterDeclaration] = []
        if peekKind == .typeName(.void) && peek(ahead: 1).isPunctuator(.rightParen) {
            advance()  // `(void)`: no parameters.
        } else if !check(.rightParen) {
            repeat {
                parameters.append(try parseParameter())
            } while match(.comma)
        }
        try consume(.rightParen)
        return FunctionPrototype(
            returnType: returnType, name: name, parameters: parameters,
            span: returnType.span.merged(with: previous.span))
    }

    /// parameter_declaration: 'const'? ('in' | 'out' | 'inout')? type_specifier IDENTIFIER?
    /// array_specifier?
    mutating func parseParameter() throws(ParseFailure) -> ParameterDeclaration {
        let start = peek
        var constSpan: SourceSpan?
        if check(.const) { constSpan = advance().span }
        var direction: ParameterQualifier?
        switch peekKind {
        case .keyword(.in): direction = .in
        case .keyword(.out): direction = .out
        case .keyword(.inout): direction = .inout
        default: break
        }
        if direction != nil { advance() }
        let type = try parseTypeSpecifier()
        var name: Identifier?
        if peekKind == .identifier || peekKind == .reservedWord {
            name = try consumeIdentifier()
        }
        let array = try parseArraySpecifier()
        return ParameterDeclaration(
            constSpan: constSpan, direction: direction, type: type, name: name, array: array,
            span: span(from: start))
    }
}
