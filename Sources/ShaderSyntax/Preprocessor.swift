import ShaderDiagnostics

/// A `#pragma` directive, recorded for later phases (Shade itself ignores pragmas).
public struct Pragma: Sendable, Hashable {
    /// The text after `#pragma`, as written (`optimize(on)`, `STDGL invariant(all)`).
    public var text: String
    /// The whole directive.
    public var span: SourceSpan
}

/// The preprocessor's artifact: the tokens the parser reads and what the directives said.
///
/// Only `preprocess(_:stage:options:)` makes one.
public struct PreprocessedSource: Sendable {
    /// The file that was preprocessed.
    public let file: SourceFile
    /// The stage the shader was preprocessed for.
    public let stage: ShaderStage
    /// The tokens after macro expansion and conditional compilation, words classified into
    /// keywords and type names, ending with an `endOfFile` token.
    public let tokens: [Token]
    /// The `#version`, or `ParseOptions.defaultVersion` when there is none.
    public let version: LanguageVersion
    /// Each extension's behavior after the last `#extension` directive naming it.
    public let extensionBehaviors: [String: ExtensionBehavior]
    /// The `#pragma` directives, in order.
    public let pragmas: [Pragma]
    /// Errors and warnings from lexing and preprocessing, in source order.
    public let diagnostics: [Diagnostic]
    /// `true` when a limit stopped preprocessing: the tokens are incomplete and not parsed.
    let wasAborted: Bool

    /// Notes that explain where the text of `span` came from when macros produced it:
    /// `expanded from macro 'X'` pointing into the `#define`, innermost macro first.
    ///
    /// For a checker whose nodes only carry use-site spans: the first token inside `span` that
    /// came from a macro (preferring one whose span is exactly `span`) supplies the notes.
    ///
    /// - Parameter span: a span of a syntax node or token of this file.
    /// - Returns: the notes, or an empty array when no macro produced text there.
    public func expansionNotes(for span: SourceSpan) -> [Diagnostic.Note] {
        guard span.file === file else { return [] }
        var contained: MacroExpansion?
        for t in tokens
        where t.expansion != nil && t.span.start >= span.start && t.span.end <= span.end {
            if t.span.start == span.start && t.span.end == span.end { return t.expansion!.notes }
            if contained == nil { contained = t.expansion }
        }
        return contained?.notes ?? []
    }

    /// The extensions whose final behavior is `require`, `enable` or `warn`.
    public var enabledExtensions: Set<String> {
        Set(extensionBehaviors.filter { $0.value.isEnabled }.keys)
    }
}

/// Runs the preprocessor (GLSL ES 1.00 and 3.00 §3.4) over a shader's text: line continuations
/// joined, directives, macros (with `##` from desktop GLSL 1.30), conditional compilation.
///
/// - Parameters:
///   - source: the shader text.
///   - stage: the stage it is for.
///   - options: limits and supported extensions.
/// - Returns: the tokens and directive results; errors are in its `diagnostics`.
public func preprocess(
    _ source: SourceFile, stage: ShaderStage, options: ParseOptions = ParseOptions()
) -> PreprocessedSource {
    var preprocessor = Preprocessor(file: source, stage: stage, options: options)
    preprocessor.run()
    return PreprocessedSource(
        file: source, stage: stage, tokens: preprocessor.output, version: preprocessor.version,
        extensionBehaviors: preprocessor.extensionBehaviors, pragmas: preprocessor.pragmas,
        diagnostics: inSourceOrder(preprocessor.diagnostics, file: source),
        wasAborted: preprocessor.isAborted)
}

/// A macro defined by `#define` or predefined by the implementation.
struct Macro {
    enum Dynamic {
        case line, file, version
    }

    var name: String
    /// The name in the `#define`, for notes.
    var nameSpan: SourceSpan?
    /// `nil` for an object-like macro.
    var parameters: [String]?
    var body: [Token]
    /// `__LINE__`, `__FILE__` and `__VERSION__` compute their value at each use.
    var dynamic: Dynamic?
    /// `true` when `body` holds `##` operators (`.hash` tokens spelled `##`).
    var hasPaste = false

    /// Two definitions are the same when parameters and replacement lists match token by
    /// token, with whitespace between tokens in the same places.
    func isSameDefinition(as other: Macro) -> Bool {
        guard parameters == other.parameters, body.count == other.body.count else { return false }
        for (i, (a, b)) in zip(body, other.body).enumerated() {
            if a.text != b.text || (i > 0 && a.hasLeadingSpace != b.hasLeadingSpace) {
                return false
            }
        }
        return true
    }
}

/// A source of tokens while expanding: tokens pushed back for rescanning (a stack, the last
/// element next), then possibly the file's own tokens.
struct ExpansionFrame {
    var pending: [Token]
    var readsSource: Bool
}

/// The state of one `#if` … `#endif` group.
struct ConditionalGroup {
    /// `true` while the lines of the current branch are compiled.
    var isActive: Bool
    /// `true` once a branch has been chosen (or when the whole group is skipped).
    var wasTaken: Bool
    var sawElse: Bool
    /// `true` when the enclosing text is compiled.
    let parentActive: Bool
    let directive: String
    let span: SourceSpan
}

struct Preprocessor {
    let file: SourceFile
    let stage: ShaderStage
    let options: ParseOptions
    /// The source's tokens, read one at a time.
    var lexer: Lexer
    /// The next source token, not yet consumed.
    var lookahead: Token
    /// How many source tokens have been consumed.
    var consumedCount = 0
    var macros: [String: Macro] = [:]
    /// Bits of `filterBit` for every macro name ever defined (never cleared on `#undef`).
    var macroFilter: UInt64 = 0
    var conditionals: [ConditionalGroup] = []
    var output: [Token] = []
    var diagnostics: [Diagnostic] = []
    var version: LanguageVersion = .es100
    var extensionBehaviors: [String: ExtensionBehavior] = [:]
    var pragmas: [Pragma] = []
    /// Added to a physical line number to give `__LINE__` (set by `#line`).
    var lineDelta = 0
    var sourceStringNumber = 0
    /// Tokens made so far, counted against `maxTokens` (see `ParseOptions.maxTokens`).
    var producedTokenCount = 0
    /// Set when a limit is hit: preprocessing stops.
    var isAborted = false
    /// Errors reported so far (see `ParseOptions.maxErrors`).
    var errorCount = 0

    init(file: SourceFile, stage: ShaderStage, options: ParseOptions) {
        self.file = file
        self.stage = stage
        self.options = options
        self.version = options.defaultVersion
        self.lexer = Lexer(file: file)
        self.lookahead = Token(
            .endOfFile, text: "", span: SourceSpan(file: file, start: 0, end: 0),
            isAtLineStart: true)
    }

    /// Consumes the next source token.
    mutating func advanceSource() -> Token {
        var t = lexer.next()
        checkLength(of: t)
        swap(&t, &lookahead)
        consumedCount += 1
        return t
    }

    /// Reports a token longer than `ParseOptions.maxTokenLength`.
    mutating func checkLength(of token: Token) {
        guard let limit = options.maxTokenLength, token.text.utf8.count > limit else { return }
        report(.tokenTooLong(token.text.count, limit: limit), at: token.span)
    }

    var isSkipping: Bool { !(conditionals.last?.isActive ?? true) }

    mutating func run() {
        let endSpan = SourceSpan(file: file, start: file.bytes.count, end: file.bytes.count)
        let endToken = Token(.endOfFile, text: "", span: endSpan, isAtLineStart: true)
        guard file.bytes.count <= options.maxSourceBytes else {
            report(
                .sourceTooLarge(bytes: file.bytes.count, limit: options.maxSourceBytes),
                at: SourceSpan(file: file, start: 0, end: 0))
            output = [endToken]
            return
        }
        lookahead = lexer.next()
        checkLength(of: lookahead)
        // Output is about as long as the input; reserve to avoid regrowing a large array.
        output.reserveCapacity(file.bytes.count / 4 + 16)

        // `#version` must come first; it decides the predefined macros.
        if lookahead.kind == .hash {
            var probe = lexer
            let second = probe.next()
            if second.text == "version" && !second.isAtLineStart { handleDirective() }
        }
        definePredefinedMacros()

        var frame = ExpansionFrame(pending: [], readsSource: true)
        while !isAborted {
            let kind = lookahead.kind
            if kind == .endOfFile { break }
            if kind == .hash && lookahead.isAtLineStart {
                handleDirective()
                continue
            }
            if isSkipping {
                _ = advanceSource()
                continue
            }
            // Expand into a local array: `expand` also mutates `self`.
            var emitted: [Token] = []
            swap(&emitted, &output)
            while !isAborted, let next = nextToken(&frame) {
                expand(next, in: &frame, into: &emitted, depth: 0, isOutput: true)
            }
            swap(&emitted, &output)
        }
        for group in conditionals.reversed() where !isAborted {
            report(.unterminatedConditional(group.directive), at: group.span)
        }
        diagnostics += lexer.diagnostics
        if !version.hasLineContinuation, let span = lexer.firstLineContinuation {
            report(.lineContinuationInES100, .warning, at: span)
        }
        output.append(lookahead.kind == .endOfFile ? lookahead : endToken)
    }

    // MARK: Reporting

    mutating func report(
        _ error: PreprocessorError, _ severity: Severity = .error, at span: SourceSpan?,
        notes: [Diagnostic.Note] = []
    ) {
        append(error.diagnostic(severity, at: span, notes: notes))
    }

    /// Appends a diagnostic; past `maxErrors` errors, adds one saying so and aborts
    /// preprocessing (100 000 stray characters or bad directives would otherwise make as many).
    mutating func append(_ diagnostic: Diagnostic) {
        if isAborted && errorCount > options.maxErrors { return }
        diagnostics.append(diagnostic)
        guard diagnostic.isError else { return }
        errorCount += 1
        if errorCount > options.maxErrors {
            diagnostics.append(PreprocessorError.tooManyErrors(limit: options.maxErrors)
                .diagnostic(.error, at: diagnostic.span, notes: []))
            isAborted = true
        }
    }

    mutating func report(_ error: PreprocessorError, at token: Token) {
        report(error, at: token.span, notes: token.expansion?.notes ?? [])
    }

    // MARK: Predefined macros

    mutating func definePredefinedMacros() {
        let builtIn = SourceFile(name: "<built-in>", text: "1")
        let one = Token(.intLiteral, text: "1", span: SourceSpan(file: builtIn, start: 0, end: 1))
        func definePredefined(_ name: String) {
            define(Macro(name: name, nameSpan: nil, parameters: nil, body: [one]))
        }
        define(Macro(name: "__LINE__", body: [], dynamic: .line))
        define(Macro(name: "__FILE__", body: [], dynamic: .file))
        define(Macro(name: "__VERSION__", body: [], dynamic: .version))
        if version.isES {
            definePredefined("GL_ES")
            // "When defined, this macro is available in both the vertex and fragment languages"
            // (GLSL ES 1.00 §4.5.4); Mesa agrees.
            if options.definesFragmentPrecisionHigh {
                definePredefined("GL_FRAGMENT_PRECISION_HIGH")
            }
            for name in options.supportedExtensions { definePredefined(name) }
        } else if version.hasPrecisionQualifiers && options.definesFragmentPrecisionHigh {
            // Desktop 1.30+ has precision qualifiers, and Mesa defines the macro (piglit's
            // glsl-1.30 feature-macros tests).
            definePredefined("GL_FRAGMENT_PRECISION_HIGH")
        }
        for (name, value) in options.predefinedMacros.sorted(by: { $0.key < $1.key }) {
            let text = SourceFile(name: "<command line>", text: value)
            var lexer = Lexer(file: text)
            var body = lexer.tokenize()
            body.removeLast()
            for i in body.indices { body[i].isAtLineStart = false }
            if !body.isEmpty { body[0].hasLeadingSpace = false }
            define(Macro(name: name, nameSpan: nil, parameters: nil, body: body))
        }
    }

    /// Adds or replaces a macro.
    mutating func define(_ macro: Macro) {
        macros[macro.name] = macro
        macroFilter |= Preprocessor.filterBit(macro.name)
    }

    // MARK: Reading tokens

    /// The next token of `frame`: a pushed-back token, or the file's next token unless that
    /// starts a directive line or ends the file.
    mutating func nextToken(_ frame: inout ExpansionFrame) -> Token? {
        if let t = frame.pending.popLast() { return t }
        guard frame.readsSource else { return nil }
        let kind = lookahead.kind
        if kind == .endOfFile || (kind == .hash && lookahead.isAtLineStart) { return nil }
        return advanceSource()
    }

    func peekToken(_ frame: ExpansionFrame) -> Token? {
        if let t = frame.pending.last { return t }
        guard frame.readsSource else { return nil }
        let t = lookahead
        if t.kind == .endOfFile || (t.kind == .hash && t.isAtLineStart) { return nil }
        return t
    }

    // MARK: Macro expansion

    /// Expands `token` if it names a macro (pushing the replacement back onto `frame` for
    /// rescanning), or sends it to `out`.
    ///
    /// Recursion is prevented by hide sets (Prosser's algorithm): every token produced by
    /// expanding `M` remembers `M`, and is never expanded by `M` again.
    mutating func expand(
        _ token: consuming Token, in frame: inout ExpansionFrame, into out: inout [Token],
        depth: Int,
        isOutput: Bool
    ) {
        // The common case first: a token that cannot name a macro moves straight on.
        if token.kind != .identifier || macroFilter & Preprocessor.filterBit(token.text) == 0 {
            produce(token, into: &out, isOutput: isOutput)
            return
        }
        guard let macro = macros[token.text],
            token.hideSet?.contains(macro.name) != true
        else {
            produce(token, into: &out, isOutput: isOutput)
            return
        }
        expandMacro(macro, at: token, in: &frame, into: &out, depth: depth, isOutput: isOutput)
    }

    // `expandMacro`, `expandArguments` and `expand` recurse for macro calls nested in macro
    // arguments; the work with many locals is in `substitute`, off that path.

    /// Expands one use of `macro` (the token `use`): computes a dynamic macro's value, or reads
    /// the arguments of a function-like macro, then pushes the replacement back onto `frame`.
    @inline(never)
    mutating func expandMacro(
        _ macro: Macro, at use: Token, in frame: inout ExpansionFrame, into out: inout [Token],
        depth: Int, isOutput: Bool
    ) {
        if let dynamic = macro.dynamic {
            produce(dynamicValue(dynamic, at: use), into: &out, isOutput: isOutput)
            return
        }
        if (use.expansion?.depth ?? 0) >= options.maxMacroExpansionDepth
            || depth >= options.maxMacroExpansionDepth
        {
            report(.expansionTooDeep(limit: options.maxMacroExpansionDepth), at: use)
            isAborted = true
            return
        }
        guard macro.parameters != nil else {
            substitute(macro, at: use, arguments: [], rightParen: nil, onto: &frame)
            return
        }
        guard var call = readCall(of: macro, at: use, in: &frame, into: &out, isOutput: isOutput)
        else { return }
        // Arguments are fully expanded before substitution, except where they are an operand
        // of `##` (C99 §6.10.3.1): those take the argument as written.
        let unexpanded = macro.hasPaste ? call.arguments : []
        expandArguments(&call.arguments, depth: depth + 1)
        substitute(
            macro, at: use, arguments: call.arguments, unexpandedArguments: unexpanded,
            rightParen: call.rightParen, onto: &frame)
    }

    /// The arguments of a function-like macro's call and its closing parenthesis.
    struct MacroCall {
        var arguments: [[Token]]
        var rightParen: Token
    }

    /// Reads `( arguments )` after a function-like macro's name and checks their number.
    /// - Returns: the call, or `nil` when the name is not followed by `(` (then the name itself
    ///   is produced) or after reporting an error.
    @inline(never)
    mutating func readCall(
        of macro: Macro, at use: Token, in frame: inout ExpansionFrame, into out: inout [Token],
        isOutput: Bool
    ) -> MacroCall? {
        let parameters = macro.parameters ?? []
        guard let next = peekToken(frame), next.isPunctuator(.leftParen) else {
            produce(use, into: &out, isOutput: isOutput)
            return nil
        }
        _ = nextToken(&frame)
        guard var (arguments, rightParen) = collectArguments(of: use, in: &frame) else { return nil }
        if parameters.isEmpty && arguments.count == 1 && arguments[0].isEmpty { arguments = [] }
        guard arguments.count == parameters.count else {
            report(
                .wrongArgumentCount(
                    macro: macro.name, expected: parameters.count, given: arguments.count),
                at: use.span.merged(with: rightParen.span), notes: use.expansion?.notes ?? [])
            return nil
        }
        return MacroCall(arguments: arguments, rightParen: rightParen)
    }

    /// Fully macro-expands each argument of a call, in place.
    mutating func expandArguments(_ arguments: inout [[Token]], depth: Int) {
        for i in arguments.indices {
            // Mesa's glcpp: `__LINE__` written in an object-like macro's body, inside the
            // arguments of a call in that body (`#define time f(float(__LINE__))`), is the line
            // of the definition, not of the use (measured on Mesa 22.3.6; a `__LINE__` the
            // body holds outside a call, or one in a function-like macro's body, is the use's).
            for j in arguments[i].indices {
                let t = arguments[i][j]
                guard let expansion = t.expansion, t.kind == .identifier, t.text == "__LINE__",
                      let origin = macros[expansion.macroName], origin.parameters == nil else { continue }
                arguments[i][j] = literal(String(file.location(of: expansion.definitionSpan.start).line + lineDelta), at: t)
            }
            var argumentFrame = ExpansionFrame(pending: arguments[i].reversed(), readsSource: false)
            var expanded: [Token] = []
            while !isAborted, let t = nextToken(&argumentFrame) {
                expand(t, in: &argumentFrame, into: &expanded, depth: depth, isOutput: false)
            }
            arguments[i] = expanded
        }
    }

    /// The token `__LINE__`, `__FILE__` or `__VERSION__` stands for at `use`.
    func dynamicValue(_ dynamic: Macro.Dynamic, at use: Token) -> Token {
        switch dynamic {
        case .line:
            // Inside a macro's replacement, `use` spans the whole call; like Mesa and dEQP,
            // the line is the one holding the call's last token (its closing parenthesis).
            let last = max(use.span.start, use.span.end - 1)
            return literal(String(file.location(of: last).line + lineDelta), at: use)
        case .file: return literal(String(sourceStringNumber), at: use)
        case .version: return literal(String(version.rawValue), at: use)
        }
    }

    /// An integer literal `text` in the place of `use`.
    func literal(_ text: String, at use: Token) -> Token {
        var value = use
        value.kind = .intLiteral
        value.hideSet = nil
        value.text = text
        return value
    }

    /// Builds the replacement of one macro use, with parameters replaced by their expanded
    /// arguments, and pushes it onto `frame` to be rescanned. Every token gets the hide set
    /// (Prosser's algorithm); tokens from the body get the use's span and an expansion step.
    @inline(never)
    mutating func substitute(
        _ macro: Macro, at use: Token, arguments: [[Token]], unexpandedArguments: [[Token]] = [],
        rightParen: Token?, onto frame: inout ExpansionFrame
    ) {
        var hideNames = use.hideSet?.names ?? []
        var useSpan = use.span
        if let rightParen {
            hideNames = hideNames.filter { rightParen.hideSet?.contains($0) == true }
            useSpan = use.span.merged(with: rightParen.span)
        }
        hideNames.append(macro.name)
        let hideSet = HideSet(hideNames)

        var replacement: [Token] = []
        replacement.reserveCapacity(macro.body.count)
        if macro.hasPaste {
            replacement = pastedReplacement(
                macro, at: use, useSpan: useSpan, hideSet: hideSet, arguments: arguments,
                unexpandedArguments: unexpandedArguments)
        }
        for bodyToken in macro.body where !macro.hasPaste {
            if let parameters = macro.parameters, bodyToken.kind == .identifier,
                let p = parameters.firstIndex(of: bodyToken.text)
            {
                for var t in arguments[p] {
                    t.hideSet = t.hideSet.map { mergedHideSet($0, hideSet) } ?? hideSet
                    replacement.append(t)
                }
                continue
            }
            replacement.append(expanded(bodyToken, of: macro, at: use, useSpan: useSpan, hideSet: hideSet))
        }
        if !replacement.isEmpty { replacement[0].hasLeadingSpace = use.hasLeadingSpace }
        // Tokens a macro creates count against the limit before they are rescanned, so a
        // macro bomb (`#define a1 a0 a0`, …) stops after bounded work, not at its leaves.
        guard count(replacement.count, at: use) else { return }
        frame.pending.append(contentsOf: replacement.reversed())
    }

    /// A token of `macro`'s body as it appears in the replacement of `use`: at the use's place,
    /// with the expansion step for notes and the hide set.
    func expanded(
        _ bodyToken: Token, of macro: Macro, at use: Token, useSpan: SourceSpan, hideSet: HideSet
    ) -> Token {
        var t = bodyToken
        t.span = useSpan
        t.expansion = MacroExpansion(
            macroName: macro.name, definitionSpan: bodyToken.span, parent: use.expansion)
        t.hideSet = hideSet
        t.isAtLineStart = false
        return t
    }

    /// The replacement of a use of a macro with `##` operators: each operand pair joined into
    /// one token, an operand that is a parameter replaced by its argument as written, an empty
    /// argument a placemarker (`x ## <empty>` is `x`), as C99 §6.10.3.3 says.
    mutating func pastedReplacement(
        _ macro: Macro, at use: Token, useSpan: SourceSpan, hideSet: HideSet,
        arguments: [[Token]], unexpandedArguments: [[Token]]
    ) -> [Token] {
        let body = macro.body
        var replacement: [Token] = []
        var leftIsPlacemarker = false
        var isPastePending = false
        for (i, bodyToken) in body.enumerated() {
            if bodyToken.kind == .hash {
                isPastePending = true
                continue
            }
            var piece: [Token]
            if let parameters = macro.parameters, bodyToken.kind == .identifier,
                let p = parameters.firstIndex(of: bodyToken.text)
            {
                let isOperand =
                    (i > 0 && body[i - 1].kind == .hash)
                    || (i + 1 < body.count && body[i + 1].kind == .hash)
                piece = isOperand ? unexpandedArguments[p] : arguments[p]
                for j in piece.indices {
                    piece[j].hideSet = piece[j].hideSet.map { mergedHideSet($0, hideSet) } ?? hideSet
                }
            } else {
                piece = [expanded(bodyToken, of: macro, at: use, useSpan: useSpan, hideSet: hideSet)]
            }
            if isPastePending {
                isPastePending = false
                if !leftIsPlacemarker, let right = piece.first, let left = replacement.popLast() {
                    if let joined = pasted(left, right) {
                        replacement.append(joined)
                        replacement.append(contentsOf: piece.dropFirst())
                    } else {
                        // Reported; the right operand is dropped so that the error is not
                        // followed by parse errors about the stray token.
                        replacement.append(left)
                        replacement.append(contentsOf: piece.dropFirst())
                    }
                    leftIsPlacemarker = false
                    continue
                }
                // `x ## <empty>` leaves `x`; `<empty> ## y` is `y`.
                if piece.isEmpty { continue }
            }
            replacement.append(contentsOf: piece)
            leftIsPlacemarker = piece.isEmpty
        }
        return replacement
    }

    /// `left` and `right` joined into one token, or `nil` after reporting that their spellings
    /// together are not one preprocessing token. The result keeps `left`'s place and history.
    mutating func pasted(_ left: Token, _ right: Token) -> Token? {
        let text = left.text + right.text
        var lexer = Lexer(file: SourceFile(name: "<paste>", text: text))
        let token = lexer.next()
        let end = lexer.next()
        guard token.kind != .endOfFile, token.kind != .invalid, token.text == text,
            end.kind == .endOfFile, lexer.diagnostics.isEmpty
        else {
            report(.invalidTokenPaste(left.text, right.text), at: left.span, notes: left.expansion?.notes ?? [])
            return nil
        }
        var result = left
        result.kind = token.kind
        result.text = text
        return result
    }

    func mergedHideSet(_ a: HideSet, _ b: HideSet) -> HideSet {
        if b.names.isEmpty { return a }
        if a.names.isEmpty { return b }
        var result = a.names
        if a.names.count * b.names.count <= 64 {
            for name in b.names where !result.contains(name) { result.append(name) }
        } else {
            // Deeply nested function-like macros give every token a hide set of dozens of
            // names; comparing them pairwise made a macro bomb cost seconds.
            var present = Set(a.names)
            for name in b.names where present.insert(name).inserted { result.append(name) }
        }
        return HideSet(result)
    }

    /// Reads `( a, b, … )` after a function-like macro's name; the `(` is already consumed.
    /// - Returns: the arguments and the closing parenthesis, or `nil` after reporting an
    ///   unterminated call.
    mutating func collectArguments(
        of name: Token, in frame: inout ExpansionFrame
    ) -> ([[Token]], Token)? {
        var arguments: [[Token]] = [[]]
        var nesting = 0
        while let t = nextToken(&frame) {
            if t.isPunctuator(.leftParen) {
                nesting += 1
            } else if t.isPunctuator(.rightParen) {
                if nesting == 0 { return (arguments, t) }
                nesting -= 1
            } else if t.isPunctuator(.comma) && nesting == 0 {
                arguments.append([])
                continue
            }
            // Copies of the argument tokens count too: `f(f(f(…)))` copies the inner calls
            // once per level.
            guard count(1, at: t) else { return nil }
            arguments[arguments.count - 1].append(t)
        }
        report(.unterminatedInvocation(name.text), at: name)
        return nil
    }

    /// Adds `tokens` to the count of tokens made so far; past `maxTokens`, reports the limit
    /// once, aborts preprocessing and returns `false`.
    mutating func count(_ tokens: Int, at token: Token) -> Bool {
        producedTokenCount += tokens
        if producedTokenCount > options.maxTokens {
            if !isAborted {
                report(.tooManyTokens(limit: options.maxTokens), at: token)
                isAborted = true
            }
            return false
        }
        return true
    }

    /// Sends a fully expanded token to `out`: for the shader's output, classifies words,
    /// checks literals and characters, and enforces the token limit.
    mutating func produce(_ token: consuming Token, into out: inout [Token], isOutput: Bool) {
        guard count(1, at: token) else { return }
        guard isOutput else {
            out.append(consume token)
            return
        }
        var t = consume token
        t.hideSet = nil
        // Expansion notes are built only when a diagnostic needs them: walking a deep
        // expansion chain for every token made a macro bomb slow long before it reached the
        // token limit.
        switch t.kind {
        case .identifier:
            t.kind = classifyWord(t.text)
            if t.kind == .reservedWord {
                append(
                    LexicalError.reservedWord(t.text).diagnostic(
                        at: t.span, notes: t.expansion?.notes ?? []))
            }
        case .intLiteral, .floatLiteral:
            let isFloat = t.kind == .floatLiteral
            let parsed = NumberLiteral.parse(
                t.text, isFloat: isFloat, allowsFloatSuffix: version.hasFloatSuffix || version == .glsl110,
                allowsUnsignedSuffix: version.hasNativeIntegers)
            if case .failure(let error) = parsed {
                append(error.diagnostic(at: t.span, notes: t.expansion?.notes ?? []))
            } else if isFloat && version == .glsl110 && (t.text.hasSuffix("f") || t.text.hasSuffix("F")) {
                // GLSL 1.10 has no suffix; Mesa (and real desktop code) accept it with a warning.
                append(
                    Diagnostic(
                        .warning, LexicalError.floatSuffixNeedsGLSL120(t.text).message, at: t.span,
                        notes: t.expansion?.notes ?? []))
            }
        case .invalid:
            append(
                LexicalError.invalidCharacter(t.text).diagnostic(
                    at: t.span, notes: t.expansion?.notes ?? []))
        default:
            break
        }
        out.append(t)
    }

    /// What a word is in the current language version and extension state.
    func classifyWord(_ word: String) -> TokenKind {
        if version == .es300 {
            if reservedWordsES300.contains(word) { return .reservedWord }
        } else if version.hasNativeIntegers && reservedWordsDesktop130.contains(word) {
            return .reservedWord
        } else if reservedWords.contains(word) {
            // `switch`, `default` and `flat` are keywords from desktop 1.30.
            if !(version.hasNativeIntegers && (word == "switch" || word == "default" || word == "flat")) {
                return .reservedWord
            }
        }
        guard let kind = fixedWordKinds[word] else { return .identifier }
        switch kind {
        case .typeName(let type) where !type.isESType:
            switch type {
            case .samplerExternalOES:
                return extensionBehaviors["GL_OES_EGL_image_external"]?.isEnabled == true
                    ? kind : .identifier
            case .sampler1D, .sampler1DShadow:
                return version.isES ? .reservedWord : kind
            case .sampler3D, .sampler2DShadow:
                return version == .es100 ? .reservedWord : kind
            case .mat2x2, .mat2x3, .mat2x4, .mat3x2, .mat3x3, .mat3x4, .mat4x2, .mat4x3, .mat4x4:
                return version.hasNonSquareMatrices ? kind : .identifier
            case .sampler1DArray, .sampler1DArrayShadow, .isampler1D, .isampler1DArray,
                .usampler1D, .usampler1DArray:
                // Reserved in GLSL ES 3.00 (caught above).
                return version.hasNativeIntegers ? kind : .identifier
            default:  // uint, uvecN and the GLSL ES 3.00 samplers.
                return version.hasNativeIntegers ? kind : .identifier
            }
        case .keyword(.centroid):
            return version.hasCentroid ? kind : .identifier
        case .keyword(.invariant):
            return version.hasInvariant ? kind : .identifier
        case .keyword(.lowp), .keyword(.mediump), .keyword(.highp), .keyword(.precision):
            // Precision qualifiers came to desktop GLSL in 1.30; before, they are plain names (as
            // in Mesa), so desktop shaders use them only under `#ifdef GL_ES`.
            return version.hasPrecisionQualifiers ? kind : .identifier
        case .keyword(.flat), .keyword(.smooth), .keyword(.noperspective), .keyword(.switch),
            .keyword(.case), .keyword(.default):
            return version.hasNativeIntegers ? kind : .identifier
        case .keyword(.layout):
            return version.hasLayoutQualifiers ? kind : .identifier
        default:
            return kind
        }
    }

    /// A cheap filter in front of the macro table: one bit per (length, first and last
    /// character) hash of every name ever defined.
    static func filterBit(_ name: String) -> UInt64 {
        let utf8 = name.utf8
        let h = (utf8.count &* 31 &+ Int(utf8.first ?? 0)) &* 31 &+ Int(utf8.last ?? 0)
        return 1 << UInt64(h & 63)
    }
}

/// Every word that is not an identifier in some version: keywords, type names, reserved words.
let fixedWordKinds: [String: TokenKind] = {
    var kinds: [String: TokenKind] = [:]
    for type in BuiltinType.allCases { kinds[type.rawValue] = .typeName(type) }
    for keyword in Keyword.allCases { kinds[keyword.rawValue] = .keyword(keyword) }
    return kinds
}()

/// Words GLSL ES 1.00 reserves for future use (§3.6), also used for desktop GLSL.
let reservedWords: Set<String> = [
    "asm", "class", "union", "enum", "typedef", "template", "this", "packed", "goto", "switch",
    "default", "inline", "noinline", "volatile", "public", "static", "extern", "external",
    "interface", "flat", "long", "short", "double", "half", "fixed", "unsigned", "superp", "input",
    "output", "hvec2", "hvec3", "hvec4", "dvec2", "dvec3", "dvec4", "fvec2", "fvec3", "fvec4",
    "sampler2DRect", "sampler3DRect", "sampler2DRectShadow", "sizeof", "cast", "namespace", "using",
]

/// Words GLSL ES 3.00 reserves (§3.8), `attribute` and `varying` among them (keywords of
/// GLSL ES 1.00 that GLSL ES 3.00 no longer has).
let reservedWordsES300: Set<String> = [
    "attribute", "varying", "coherent", "volatile", "restrict", "readonly", "writeonly",
    "resource", "atomic_uint", "noperspective", "patch", "sample", "subroutine", "common",
    "partition", "active", "asm", "class", "union", "enum", "typedef", "template", "this",
    "goto", "inline", "noinline", "public", "static", "extern", "external", "interface",
    "long", "short", "double", "half", "fixed", "unsigned", "superp", "input", "output",
    "hvec2", "hvec3", "hvec4", "dvec2", "dvec3", "dvec4", "fvec2", "fvec3", "fvec4",
    "sampler3DRect", "filter", "image1D", "image2D", "image3D", "imageCube", "iimage1D",
    "iimage2D", "iimage3D", "iimageCube", "uimage1D", "uimage2D", "uimage3D", "uimageCube",
    "image1DArray", "image2DArray", "iimage1DArray", "iimage2DArray", "uimage1DArray",
    "uimage2DArray", "imageBuffer", "iimageBuffer", "uimageBuffer", "sampler1D",
    "sampler1DShadow", "sampler1DArray", "sampler1DArrayShadow", "isampler1D",
    "isampler1DArray", "usampler1D", "usampler1DArray", "sampler2DRect", "sampler2DRectShadow",
    "isampler2DRect", "usampler2DRect", "samplerBuffer", "isamplerBuffer", "usamplerBuffer",
    "sampler2DMS", "isampler2DMS", "usampler2DMS", "sampler2DMSArray", "isampler2DMSArray",
    "usampler2DMSArray", "sizeof", "cast", "namespace", "using",
]

/// Words desktop GLSL 1.30 adds to the reserved list (§3.6 of GLSL 1.30).
let reservedWordsDesktop130: Set<String> = [
    "common", "partition", "active", "filter", "row_major", "samplerBuffer", "image1D",
    "image2D", "image3D", "imageCube", "iimage1D", "iimage2D", "iimage3D", "iimageCube",
    "uimage1D", "uimage2D", "uimage3D", "uimageCube", "image1DArray", "image2DArray",
    "iimage1DArray", "iimage2DArray", "uimage1DArray", "uimage2DArray", "image1DShadow",
    "image2DShadow", "image1DArrayShadow", "image2DArrayShadow", "imageBuffer", "iimageBuffer",
    "uimageBuffer",
]
