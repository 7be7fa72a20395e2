import ShaderDiagnostics

extension Preprocessor {
    /// Reads the directive line starting at the current `#` and acts on it.
    mutating func handleDirective() {
        let isFirstInFile = consumedCount == 0
        let hash = advanceSource()
        var line: [Token] = []
        while !lookahead.isAtLineStart {
            line.append(advanceSource())
        }
        guard let nameToken = line.first else { return }  // `#` alone: the null directive.
        let name = nameToken.text
        let arguments = Array(line.dropFirst())
        let span = hash.span.merged(with: line.last?.span ?? hash.span)

        switch name {
        case "if", "ifdef", "ifndef":
            openConditional(name, arguments: arguments, nameToken: nameToken, span: span)
            return
        case "elif":
            handleElif(arguments: arguments, nameToken: nameToken, span: span)
            return
        case "else", "endif":
            handleElseOrEndif(name, arguments: arguments, span: span)
            return
        default:
            break
        }
        guard !isSkipping else { return }
        switch name {
        case "define": handleDefine(arguments, nameToken: nameToken)
        case "undef": handleUndef(arguments, nameToken: nameToken)
        case "error":
            report(.errorDirective(text(of: arguments)), at: span)
        case "pragma":
            pragmas.append(Pragma(text: text(of: arguments), span: span))
        case "extension": handleExtension(arguments, nameToken: nameToken, span: span)
        case "version":
            handleVersion(arguments, nameToken: nameToken, span: span, isFirst: isFirstInFile)
        case "line": handleLine(arguments, nameToken: nameToken, span: span)
        default:
            report(.unknownDirective(name), at: nameToken.span)
        }
    }

    /// The source text a run of tokens covers, as written.
    private func text(of tokens: [Token]) -> String {
        guard let first = tokens.first, let last = tokens.last else { return "" }
        return SourceSpan(file: file, start: first.span.start, end: last.span.end).text
    }

    // MARK: Conditionals

    private mutating func openConditional(
        _ directive: String, arguments: [Token], nameToken: Token, span: SourceSpan
    ) {
        guard !isSkipping else {
            conditionals.append(
                ConditionalGroup(
                    isActive: false, wasTaken: true, sawElse: false, parentActive: false,
                    directive: directive, span: span))
            return
        }
        var isTrue = false
        if directive == "if" {
            isTrue =
                evaluateCondition(arguments, directive: directive, nameToken: nameToken) ?? false
        } else if let name = macroNameArgument(
            arguments, directive: directive, nameToken: nameToken)
        {
            isTrue = (macros[name] != nil) == (directive == "ifdef")
        }
        conditionals.append(
            ConditionalGroup(
                isActive: isTrue, wasTaken: isTrue, sawElse: false, parentActive: true,
                directive: directive, span: span))
    }

    private mutating func handleElif(arguments: [Token], nameToken: Token, span: SourceSpan) {
        guard var group = conditionals.popLast() else {
            if !isSkipping { report(.unmatchedConditional("elif"), at: span) }
            return
        }
        defer { conditionals.append(group) }
        if group.sawElse {
            if group.parentActive { report(.directiveAfterElse("elif"), at: span) }
            group.isActive = false
            return
        }
        if !group.parentActive || group.wasTaken {
            group.isActive = false
            return
        }
        let isTrue = evaluateCondition(arguments, directive: "elif", nameToken: nameToken) ?? false
        group.isActive = isTrue
        group.wasTaken = isTrue
    }

    private mutating func handleElseOrEndif(
        _ directive: String, arguments: [Token], span: SourceSpan
    ) {
        guard var group = conditionals.popLast() else {
            report(.unmatchedConditional(directive), at: span)
            return
        }
        if let extra = arguments.first, group.parentActive {
            report(.extraTokens(directive: directive), at: extra.span)
        }
        guard directive == "else" else { return }
        if group.sawElse && group.parentActive { report(.directiveAfterElse("else"), at: span) }
        group.isActive = group.parentActive && !group.wasTaken
        group.wasTaken = true
        group.sawElse = true
        conditionals.append(group)
    }

    /// The single macro name `#ifdef`, `#ifndef` and `#undef` take.
    private mutating func macroNameArgument(
        _ arguments: [Token], directive: String, nameToken: Token
    ) -> String? {
        guard let first = arguments.first else {
            report(
                .missingArgument(directive: directive, expected: "macro name"), at: nameToken.span)
            return nil
        }
        guard first.kind == .identifier else {
            report(.expectedMacroName(directive: directive, found: first.quoted), at: first.span)
            return nil
        }
        if arguments.count > 1 { report(.extraTokens(directive: directive), at: arguments[1].span) }
        return first.text
    }

    /// Evaluates an `#if`/`#elif` expression: `defined` first, then macro expansion, then C
    /// integer arithmetic. Identifiers left after expansion count as 0, as in C.
    /// - Returns: the truth value, or `nil` after reporting an error.
    private mutating func evaluateCondition(
        _ arguments: [Token], directive: String, nameToken: Token
    ) -> Bool? {
        guard !arguments.isEmpty else {
            report(
                .missingArgument(directive: directive, expected: "expression"), at: nameToken.span)
            return nil
        }
        guard let expanded = expandCondition(arguments), !isAborted else { return nil }
        var evaluator = ConditionEvaluator(
            tokens: expanded, endSpan: arguments.last!.span, undefinedNameIsError: version.isES,
            maxNesting: options.maxNestingDepth)
        switch evaluator.evaluateAll() {
        case .success(let value):
            return value != 0
        case .failure(let failure):
            report(failure.error, at: failure.span, notes: failure.notes)
            return nil
        }
    }

    /// Macro-expands an `#if`/`#elif` expression, replacing `defined X` and `defined(X)` by 1 or
    /// 0 without expanding `X`, also where a macro's replacement produced `defined` (as Mesa
    /// does).
    /// - Returns: the tokens to evaluate, or `nil` after reporting a malformed `defined`.
    private mutating func expandCondition(_ line: [Token]) -> [Token]? {
        var frame = ExpansionFrame(pending: line.reversed(), readsSource: false)
        var expanded: [Token] = []
        while !isAborted, let t = nextToken(&frame) {
            guard t.kind == .identifier && t.text == "defined" else {
                expand(t, in: &frame, into: &expanded, depth: 0, isOutput: false)
                continue
            }
            let parenthesized = frame.pending.last?.isPunctuator(.leftParen) == true
            if parenthesized { _ = nextToken(&frame) }
            guard let name = nextToken(&frame), name.kind == .identifier else {
                report(.invalidExpression("expected macro name after 'defined'"), at: t)
                return nil
            }
            if parenthesized {
                guard let close = nextToken(&frame), close.isPunctuator(.rightParen) else {
                    report(.invalidExpression("expected ')' after 'defined(\(name.text)'"), at: name)
                    return nil
                }
            }
            var value = t
            value.kind = .intLiteral
            value.text = macros[name.text] != nil ? "1" : "0"
            value.hideSet = nil
            expanded.append(value)
        }
        return expanded
    }

    /// Fully macro-expands a directive's tokens (for `#line`).
    private mutating func expandLine(_ line: [Token]) -> [Token] {
        var frame = ExpansionFrame(pending: line.reversed(), readsSource: false)
        var expanded: [Token] = []
        while !isAborted, let t = nextToken(&frame) {
            expand(t, in: &frame, into: &expanded, depth: 0, isOutput: false)
        }
        return expanded
    }

    // MARK: Macros

    /// Reports a name that may not be defined or undefined.
    private mutating func checkMacroName(_ token: Token) -> Bool {
        let name = token.text
        if name == "defined" {
            report(.definedAsMacroName, at: token.span)
        } else if macros[name]?.dynamic != nil {
            report(.predefinedMacro(name), at: token.span)
        } else if name.hasPrefix("GL_") {
            report(.reservedMacroPrefix(name), at: token.span)
        } else if name.contains("__") {
            // Reserved, but only a warning (as in Mesa): include guards like `__COMMON__` are
            // common in real shaders.
            report(.reservedMacroUnderscores(name), .warning, at: token.span)
            return true
        } else {
            return true
        }
        return false
    }

    private mutating func handleDefine(_ arguments: [Token], nameToken: Token) {
        guard let name = arguments.first else {
            report(
                .missingArgument(directive: "define", expected: "macro name"), at: nameToken.span)
            return
        }
        guard name.kind == .identifier else {
            report(.expectedMacroName(directive: "define", found: name.quoted), at: name.span)
            return
        }
        guard checkMacroName(name) else { return }
        var bodyStart = 1
        var parameters: [String]?
        if arguments.count > 1 && arguments[1].isPunctuator(.leftParen)
            && !arguments[1].hasLeadingSpace
        {
            var names: [String] = []
            var i = 2
            var expectName = true
            while true {
                guard i < arguments.count else {
                    report(.expectedParameterName(found: "end of line"), at: arguments[i - 1].span)
                    return
                }
                let t = arguments[i]
                i += 1
                if t.isPunctuator(.rightParen) && (!expectName || names.isEmpty) { break }
                if expectName {
                    guard t.kind == .identifier else {
                        report(.expectedParameterName(found: t.quoted), at: t.span)
                        return
                    }
                    if names.contains(t.text) {
                        report(.duplicateParameter(t.text), at: t.span)
                        return
                    }
                    names.append(t.text)
                    expectName = false
                } else {
                    guard t.isPunctuator(.comma) else {
                        report(.expectedParameterName(found: t.quoted), at: t.span)
                        return
                    }
                    expectName = true
                }
            }
            parameters = names
            bodyStart = i
        }
        guard var body = replacementList(Array(arguments[bodyStart...])) else { return }
        if !body.isEmpty { body[0].hasLeadingSpace = false }
        let macro = Macro(
            name: name.text, nameSpan: name.span, parameters: parameters, body: body,
            hasPaste: body.contains { $0.kind == .hash })
        if let old = macros[name.text], !old.isSameDefinition(as: macro) {
            report(
                .macroRedefined(name.text), at: name.span,
                notes: old.nameSpan.map { [Diagnostic.Note("previous definition is here", at: $0)] }
                    ?? [])
        }
        define(macro)
    }

    /// A `#define`'s replacement list with each `##` made one `.hash` token spelled `##`, or
    /// `nil` after reporting a `#` or `##` the language does not allow.
    ///
    /// `##` (C's token pasting) exists from desktop GLSL 1.30; GLSL ES has neither `#` nor `##`
    /// (ES 1.00 §3.4; Mesa and glslang reject `##` in ES 3.00 too), and no version has `#`.
    private mutating func replacementList(_ tokens: [Token]) -> [Token]? {
        guard tokens.contains(where: { $0.kind == .hash }) else { return tokens }
        var body: [Token] = []
        body.reserveCapacity(tokens.count)
        var i = 0
        while i < tokens.count {
            let t = tokens[i]
            i += 1
            guard t.kind == .hash else {
                body.append(t)
                continue
            }
            let isPaste = i < tokens.count && tokens[i].kind == .hash && !tokens[i].hasLeadingSpace
            guard isPaste else {
                report(version.hasTokenPasting ? .stringizingInMacro : .hashInMacro, at: t.span)
                return nil
            }
            let second = tokens[i]
            i += 1
            guard version.hasTokenPasting else {
                report(
                    version == .es100 ? .hashInMacro : .tokenPastingUnavailable(version),
                    at: t.span.merged(with: second.span))
                return nil
            }
            var paste = t
            paste.text = "##"
            paste.span = t.span.merged(with: second.span)
            body.append(paste)
        }
        if let edge = [body.first, body.last].compactMap({ $0 }).first(where: { $0.kind == .hash }) {
            report(.tokenPastingAtEdge, at: edge.span)
            return nil
        }
        return body
    }

    private mutating func handleUndef(_ arguments: [Token], nameToken: Token) {
        guard let name = macroNameArgument(arguments, directive: "undef", nameToken: nameToken),
            checkMacroName(arguments[0])
        else { return }
        macros[name] = nil
    }

    // MARK: Version, extensions, line

    private mutating func handleVersion(
        _ arguments: [Token], nameToken: Token, span: SourceSpan, isFirst: Bool
    ) {
        guard isFirst else {
            report(.versionNotFirst, at: span)
            return
        }
        guard let number = arguments.first else {
            report(
                .missingArgument(directive: "version", expected: "version number"),
                at: nameToken.span)
            return
        }
        guard number.kind == .intLiteral, let value = Int(number.text),
            let version = LanguageVersion(rawValue: value)
        else {
            report(.unsupportedVersion(text(of: arguments)), at: number.span)
            return
        }
        // `300 es` needs its profile; desktop 1.50 and 3.30 may name `core` or
        // `compatibility` (both run as core here); nothing else takes a profile.
        let profile = arguments.count > 1 ? arguments[1] : nil
        switch (version, profile?.text) {
        case (.es300, "es"), (.es100, nil), (.glsl110, nil), (.glsl120, nil), (.glsl130, nil),
            (.glsl140, nil), (.glsl150, nil), (.glsl150, "core"), (.glsl150, "compatibility"),
            (.glsl330, nil), (.glsl330, "core"), (.glsl330, "compatibility"):
            break
        default:
            report(.unsupportedVersion(text(of: arguments)), at: (profile ?? number).span)
            return
        }
        if arguments.count > 2 {
            report(.unsupportedVersion(text(of: arguments)), at: arguments[2].span)
            return
        }
        self.version = version
    }

    private mutating func handleExtension(_ arguments: [Token], nameToken: Token, span: SourceSpan)
    {
        guard arguments.count == 3, arguments[0].kind == .identifier,
            arguments[1].isPunctuator(.colon), arguments[2].kind == .identifier
        else {
            let found = arguments.first(where: { _ in true }).map { _ in "'\(text(of: arguments))'"
            }
            report(
                .malformedExtension(found: found ?? "end of line"),
                at: arguments.first?.span ?? nameToken.span)
            return
        }
        // GLSL ES (and Mesa) require `#extension` before any code; desktop GLSL allows it anywhere.
        if !output.isEmpty && version.isES { report(.extensionAfterCode, at: span) }
        let name = arguments[0].text
        guard let behavior = ExtensionBehavior(rawValue: arguments[2].text) else {
            report(.unknownExtensionBehavior(arguments[2].text), at: arguments[2].span)
            return
        }
        if name == "all" {
            guard behavior == .warn || behavior == .disable else {
                report(.behaviorNotAllowedForAll(behavior), at: arguments[2].span)
                return
            }
            for ext in options.supportedExtensions { extensionBehaviors[ext] = behavior }
            return
        }
        guard options.supportedExtensions.contains(name) else {
            switch behavior {
            case .require: report(.unsupportedExtension(name), at: arguments[0].span)
            case .enable, .warn:
                report(.unsupportedExtension(name), .warning, at: arguments[0].span)
            case .disable: break
            }
            return
        }
        extensionBehaviors[name] = behavior
    }

    /// `#line line [source-string-number]`: the next line is number `line` (as in C and Mesa)
    /// and `__FILE__` becomes the number. Diagnostics keep pointing at the original text.
    private mutating func handleLine(_ arguments: [Token], nameToken: Token, span: SourceSpan) {
        let expanded = expandLine(arguments)
        guard !isAborted else { return }
        var evaluator = ConditionEvaluator(
            tokens: expanded, endSpan: span, undefinedNameIsError: version.isES,
            maxNesting: options.maxNestingDepth)
        guard !expanded.isEmpty, case .success(let line) = evaluator.evaluateOne() else {
            report(.invalidLineDirective, at: span)
            return
        }
        var sourceString: Int?
        if !evaluator.isAtEnd {
            guard case .success(let number) = evaluator.evaluateOne(), evaluator.isAtEnd else {
                report(.invalidLineDirective, at: span)
                return
            }
            sourceString = number
        }
        lineDelta = line - (file.location(of: nameToken.span.start).line + 1)
        if let sourceString { sourceStringNumber = sourceString }
    }
}
