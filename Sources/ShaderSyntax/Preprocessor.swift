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
    /// The stage the shader was preprocessed for (it decides `GL_FRAGMENT_PRECISION_HIGH`).
    public let stage: ShaderStage
    /// The tokens after macro expansion and conditional compilation, words classified into
    /// keywords and type names, ending with an `endOfFile` token.
    public let tokens: [Token]
    /// The `#version` (GLSL ES 1.00 when there is none).
    public let version: LanguageVersion
    /// Each extension's behavior after the last `#extension` directive naming it.
    public let extensionBehaviors: [String: ExtensionBehavior]
    /// The `#pragma` directives, in order.
    public let pragmas: [Pragma]
    /// Errors and warnings from lexing and preprocessing.
    public let diagnostics: [Diagnostic]

    /// The extensions whose final behavior is `require`, `enable` or `warn`.
    public var enabledExtensions: Set<String> {
        Set(extensionBehaviors.filter { $0.value.isEnabled }.keys)
    }
}

/// Runs the preprocessor (GLSL ES 1.00 §3.4) over a shader's text.
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
        diagnostics: preprocessor.diagnostics)
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

    /// Two definitions are the same when parameters and replacement lists match token by
    /// token, with whitespace between tokens in the same places.
    func isSameDefinition(as other: Macro) -> Bool {
        guard parameters == other.parameters, body.count == other.body.count else { return false }
        for (i, (a, b)) in zip(body, other.body).enumerated() {
            if a.text != b.text || (i > 0 && a.hasLeadingSpace != b.hasLeadingSpace) { return false }
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
    var tokens: [Token] = []
    var index = 0
    var macros: [String: Macro] = [:]
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
    }

    var isSkipping: Bool { !(conditionals.last?.isActive ?? true) }

    mutating func run() {
        let endSpan = SourceSpan(file: file, start: file.bytes.count, end: file.bytes.count)
        let endToken = Token(.endOfFile, text: "", span: endSpan, isAtLineStart: true)
        guard file.bytes.count <= options.maxSourceBytes else {
            report(.sourceTooLarge(bytes: file.bytes.count, limit: options.maxSourceBytes),
                   at: SourceSpan(file: file, start: 0, end: 0))
            output = [endToken]
            return
        }
        var lexer = Lexer(file: file)
        tokens = lexer.tokenize()
        diagnostics += lexer.diagnostics

        // `#version` must come first; it decides the predefined macros.
        if tokens.count > 2 && tokens[0].kind == .hash && tokens[1].text == "version"
            && !tokens[1].isAtLineStart
        {
            handleDirective()
        }
        definePredefinedMacros()

        var frame = ExpansionFrame(pending: [], readsSource: true)
        while !isAborted {
            let token = tokens[index]
            if token.kind == .endOfFile { break }
            if token.kind == .hash && token.isAtLineStart {
                handleDirective()
                continue
            }
            if isSkipping {
                index += 1
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
        output.append(tokens.last ?? endToken)
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
        func define(_ name: String) {
            macros[name] = Macro(name: name, nameSpan: nil, parameters: nil, body: [one])
        }
        macros["__LINE__"] = Macro(name: "__LINE__", body: [], dynamic: .line)
        macros["__FILE__"] = Macro(name: "__FILE__", body: [], dynamic: .file)
        macros["__VERSION__"] = Macro(name: "__VERSION__", body: [], dynamic: .version)
        if version.isES {
            define("GL_ES")
            if stage == .fragment { define("GL_FRAGMENT_PRECISION_HIGH") }
            for name in options.supportedExtensions { define(name) }
        }
        for (name, value) in options.predefinedMacros.sorted(by: { $0.key < $1.key }) {
            let text = SourceFile(name: "<command line>", text: value)
            var lexer = Lexer(file: text)
            var body = lexer.tokenize()
            body.removeLast()
            for i in body.indices { body[i].isAtLineStart = false }
            if !body.isEmpty { body[0].hasLeadingSpace = false }
            macros[name] = Macro(name: name, nameSpan: nil, parameters: nil, body: body)
        }
    }

    // MARK: Reading tokens

    /// The next token of `frame`: a pushed-back token, or the file's next token unless that
    /// starts a directive line or ends the file.
    mutating func nextToken(_ frame: inout ExpansionFrame) -> Token? {
        if let t = frame.pending.popLast() { return t }
        guard frame.readsSource else { return nil }
        let t = tokens[index]
        if t.kind == .endOfFile || (t.kind == .hash && t.isAtLineStart) { return nil }
        index += 1
        return t
    }

    func peekToken(_ frame: ExpansionFrame) -> Token? {
        if let t = frame.pending.last { return t }
        guard frame.readsSource else { return nil }
        let t = tokens[index]
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
        _ token: Token, in frame: inout ExpansionFrame, into out: inout [Token], depth: Int,
        isOutput: Bool
    ) {
        guard token.kind == .identifier, let macro = macros[token.text],
            !token.hideSet.contains(macro.name)
        else {
            produce(token, into: &out, isOutput: isOutput)
            return
        }
        if let dynamic = macro.dynamic {
            var value = token
            value.kind = .intLiteral
            value.hideSet = []
            switch dynamic {
            case .line: value.text = String(file.location(of: token.span.start).line + lineDelta)
            case .file: value.text = String(sourceStringNumber)
            case .version: value.text = String(version.rawValue)
            }
            produce(value, into: &out, isOutput: isOutput)
            return
        }
        if (token.expansion?.depth ?? 0) >= options.maxMacroExpansionDepth
            || depth >= options.maxMacroExpansionDepth
        {
            report(.expansionTooDeep(limit: options.maxMacroExpansionDepth), at: token)
            isAborted = true
            return
        }

        var hideSet = token.hideSet
        var useSpan = token.span
        var arguments: [[Token]] = []
        if let parameters = macro.parameters {
            guard let next = peekToken(frame), next.isPunctuator(.leftParen) else {
                produce(token, into: &out, isOutput: isOutput)
                return
            }
            _ = nextToken(&frame)
            guard let (args, rightParen) = collectArguments(of: token, in: &frame) else { return }
            arguments = args
            if parameters.isEmpty && arguments.count == 1 && arguments[0].isEmpty { arguments = [] }
            guard arguments.count == parameters.count else {
                report(
                    .wrongArgumentCount(macro: macro.name, expected: parameters.count, given: arguments.count),
                    at: token.span.merged(with: rightParen.span),
                    notes: token.expansion?.notes ?? [])
                return
            }
            hideSet = token.hideSet.filter { rightParen.hideSet.contains($0) }
            useSpan = token.span.merged(with: rightParen.span)
            // Arguments are fully expanded before substitution (there is no `#` or `##`).
            for i in arguments.indices {
                var argumentFrame = ExpansionFrame(pending: arguments[i].reversed(), readsSource: false)
                var expanded: [Token] = []
                while !isAborted, let t = nextToken(&argumentFrame) {
                    expand(t, in: &argumentFrame, into: &expanded, depth: depth + 1, isOutput: false)
                }
                arguments[i] = expanded
            }
        }
        hideSet.append(macro.name)

        var replacement: [Token] = []
        replacement.reserveCapacity(macro.body.count)
        for bodyToken in macro.body {
            if let parameters = macro.parameters, bodyToken.kind == .identifier,
                let p = parameters.firstIndex(of: bodyToken.text)
            {
                for var t in arguments[p] {
                    t.hideSet = mergedHideSet(t.hideSet, hideSet)
                    replacement.append(t)
                }
                continue
            }
            var t = bodyToken
            t.span = useSpan
            t.expansion = MacroExpansion(
                macroName: macro.name, definitionSpan: bodyToken.span, parent: token.expansion)
            t.hideSet = hideSet
            t.isAtLineStart = false
            replacement.append(t)
        }
        if !replacement.isEmpty { replacement[0].hasLeadingSpace = token.hasLeadingSpace }
        // Tokens a macro creates count against the limit before they are rescanned, so a
        // macro bomb (`#define a1 a0 a0`, …) stops after bounded work, not at its leaves.
        guard count(replacement.count, at: token) else { return }
        frame.pending.append(contentsOf: replacement.reversed())
    }

    func mergedHideSet(_ a: [String], _ b: [String]) -> [String] {
        if a.isEmpty { return b }
        if b.isEmpty { return a }
        var result = a
        if a.count * b.count <= 64 {
            for name in b where !result.contains(name) { result.append(name) }
        } else {
            // Deeply nested function-like macros give every token a hide set of dozens of
            // names; comparing them pairwise made a macro bomb cost seconds.
            var present = Set(a)
            for name in b where present.insert(name).inserted { result.append(name) }
        }
        return result
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
    mutating func produce(_ token: Token, into out: inout [Token], isOutput: Bool) {
        guard count(1, at: token) else { return }
        guard isOutput else {
            out.append(token)
            return
        }
        var t = token
        t.hideSet = []
        // Built only when a diagnostic needs them: walking a deep expansion chain for every
        // token made a macro bomb slow long before it reached the token limit.
        var notes: [Diagnostic.Note] { t.expansion?.notes ?? [] }
        switch t.kind {
        case .identifier:
            t.kind = classifyWord(t.text)
            if t.kind == .reservedWord {
                append(LexicalError.reservedWord(t.text).diagnostic(at: t.span, notes: notes))
            }
        case .intLiteral, .floatLiteral:
            let parsed = NumberLiteral.parse(
                t.text, isFloat: t.kind == .floatLiteral, allowsFloatSuffix: version == .glsl120)
            if case .failure(let error) = parsed {
                append(error.diagnostic(at: t.span, notes: notes))
            }
        case .invalid:
            append(LexicalError.invalidCharacter(t.text).diagnostic(at: t.span, notes: notes))
        default:
            break
        }
        out.append(t)
    }

    /// What a word is in the current language version and extension state.
    func classifyWord(_ word: String) -> TokenKind {
        if let type = BuiltinType(rawValue: word) {
            if type.isESType { return .typeName(type) }
            switch type {
            case .samplerExternalOES:
                return extensionBehaviors["GL_OES_EGL_image_external"]?.isEnabled == true
                    ? .typeName(type) : .identifier
            case .sampler1D, .sampler3D, .sampler1DShadow, .sampler2DShadow:
                return version.isES ? .reservedWord : .typeName(type)
            default:  // Non-square matrices.
                return version == .glsl120 ? .typeName(type) : .identifier
            }
        }
        if let keyword = Keyword(rawValue: word) {
            if keyword == .centroid && version != .glsl120 { return .identifier }
            return .keyword(keyword)
        }
        if reservedWords.contains(word) { return .reservedWord }
        return .identifier
    }
}

/// Words GLSL ES 1.00 reserves for future use (§3.6); desktop type names among them are
/// classified before this list is consulted.
let reservedWords: Set<String> = [
    "asm", "class", "union", "enum", "typedef", "template", "this", "packed", "goto", "switch",
    "default", "inline", "noinline", "volatile", "public", "static", "extern", "external",
    "interface", "flat", "long", "short", "double", "half", "fixed", "unsigned", "superp", "input",
    "output", "hvec2", "hvec3", "hvec4", "dvec2", "dvec3", "dvec4", "fvec2", "fvec3", "fvec4",
    "sampler2DRect", "sampler3DRect", "sampler2DRectShadow", "sizeof", "cast", "namespace", "using",
]
