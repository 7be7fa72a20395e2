import ShaderDiagnostics

/// An error (or warning) found by the preprocessor.
public enum PreprocessorError: Error, Sendable, Hashable {
    /// `#error text`.
    case errorDirective(String)
    /// `#foo`.
    case unknownDirective(String)
    /// `#define` or `#undef` without a name, or with something else where the name goes.
    case expectedMacroName(directive: String, found: String)
    /// A macro name starting with `GL_`.
    case reservedMacroPrefix(String)
    /// A macro name containing `__` (a warning).
    case reservedMacroUnderscores(String)
    /// `#define __LINE__`, `#undef __FILE__`: the built-in macros cannot change.
    case predefinedMacro(String)
    /// `#define defined`.
    case definedAsMacroName
    /// A second `#define` of a name with a different definition.
    case macroRedefined(String)
    /// A parameter list that is not `(name, name, …)`.
    case expectedParameterName(found: String)
    /// A parameter name used twice in one macro.
    case duplicateParameter(String)
    /// A function-like macro called with the wrong number of arguments.
    case wrongArgumentCount(macro: String, expected: Int, given: Int)
    /// A function-like macro call with no `)`.
    case unterminatedInvocation(String)
    /// Macros expanding inside macros deeper than the limit.
    case expansionTooDeep(limit: Int)
    /// The preprocessed output grew beyond the token limit.
    case tooManyTokens(limit: Int)
    /// The source text is larger than the size limit.
    case sourceTooLarge(bytes: Int, limit: Int)
    /// `#if` without `#endif`.
    case unterminatedConditional(String)
    /// `#else`, `#elif` or `#endif` with no open `#if`.
    case unmatchedConditional(String)
    /// `#else` or `#elif` after `#else`.
    case directiveAfterElse(String)
    /// Something wrong in an `#if`/`#elif` expression.
    case invalidExpression(String)
    /// A name that is not a macro in an evaluated part of a GLSL ES `#if` (desktop GLSL reads 0).
    case undefinedMacroInExpression(String)
    /// Division or remainder by zero in `#if`.
    case divisionByZero
    /// A directive that takes no more tokens has some.
    case extraTokens(directive: String)
    /// A directive that needs an argument has none.
    case missingArgument(directive: String, expected: String)
    /// `#version` after other tokens.
    case versionNotFirst
    /// A `#version` other than 100, 110 and 120.
    case unsupportedVersion(String)
    /// A `#extension` directive that does not read `#extension name : behavior`.
    case malformedExtension(found: String)
    /// A behavior other than `require`, `enable`, `warn`, `disable`.
    case unknownExtensionBehavior(String)
    /// `#extension all : require` or `: enable`.
    case behaviorNotAllowedForAll(ExtensionBehavior)
    /// An extension Shade does not support (an error for `require`, a warning otherwise).
    case unsupportedExtension(String)
    /// `#extension` after code in GLSL ES.
    case extensionAfterCode
    /// `#line` whose arguments are not integers.
    case invalidLineDirective
    /// `#` or `##` in a macro's replacement list (GLSL ES has no stringizing or pasting).
    case hashInMacro
    /// `##` in a version without token pasting (GLSL ES 3.00, desktop 1.10 and 1.20).
    case tokenPastingUnavailable(LanguageVersion)
    /// `#` (stringizing) in a macro where `##` is allowed: GLSL has no strings.
    case stringizingInMacro
    /// `##` first or last in a replacement list: it needs a token on each side.
    case tokenPastingAtEdge
    /// `##` whose operands do not join into one token (`+ ## /`).
    case invalidTokenPaste(String, String)
    /// A line continuation in GLSL ES 1.00, which has none (a warning: the lines are joined).
    case lineContinuationInES100
    /// More errors than `ParseOptions.maxErrors`; preprocessing stops.
    case tooManyErrors(limit: Int)
    /// A token longer than `ParseOptions.maxTokenLength` characters.
    case tokenTooLong(Int, limit: Int)

    /// The diagnostic message.
    public var message: String {
        switch self {
        case .errorDirective(let text): text.isEmpty ? "#error" : "#error \(text)"
        case .unknownDirective(let name): "unknown preprocessor directive '#\(name)'"
        case .expectedMacroName(let d, let found):
            "expected macro name after '#\(d)', found \(found)"
        case .reservedMacroPrefix(let n):
            "macro name '\(n)' is reserved: names beginning with 'GL_' are"
        case .reservedMacroUnderscores(let n):
            "macro name '\(n)' is reserved: names containing '__' are"
        case .predefinedMacro(let n): "predefined macro '\(n)' cannot be defined or undefined"
        case .definedAsMacroName: "'defined' cannot be used as a macro name"
        case .macroRedefined(let n): "macro '\(n)' redefined with a different definition"
        case .expectedParameterName(let found): "expected macro parameter name, found \(found)"
        case .duplicateParameter(let n): "duplicate macro parameter '\(n)'"
        case .wrongArgumentCount(let m, let expected, let given):
            "macro '\(m)' takes \(expected) argument\(expected == 1 ? "" : "s"), but \(given) given"
        case .unterminatedInvocation(let m): "unterminated argument list invoking macro '\(m)'"
        case .expansionTooDeep(let limit): "macro expansion nested too deeply (limit \(limit))"
        case .tooManyTokens(let limit): "preprocessed shader exceeds \(limit) tokens"
        case .sourceTooLarge(let bytes, let limit):
            "shader source is \(bytes) bytes, over the limit of \(limit)"
        case .unterminatedConditional(let d): "unterminated '#\(d)'; expected '#endif'"
        case .unmatchedConditional(let d): "'#\(d)' without '#if'"
        case .directiveAfterElse(let d): "'#\(d)' after '#else'"
        case .invalidExpression(let why): "invalid preprocessor expression: \(why)"
        case .undefinedMacroInExpression(let name): "undefined macro '\(name)' in preprocessor expression"
        case .divisionByZero: "division by zero in preprocessor expression"
        case .extraTokens(let d): "extra tokens at end of '#\(d)' directive"
        case .missingArgument(let d, let expected): "expected \(expected) after '#\(d)'"
        case .versionNotFirst: "'#version' must come before anything else in the shader"
        case .unsupportedVersion(let v):
            "unsupported version '\(v)'; expected 100, 300 es, 110, 120, 130, 140, 150 or 330"
        case .malformedExtension(let found): "expected '#extension name : behavior', found \(found)"
        case .unknownExtensionBehavior(let b):
            "unknown extension behavior '\(b)'; expected 'require', 'enable', 'warn' or 'disable'"
        case .behaviorNotAllowedForAll(let b): "behavior '\(b.rawValue)' is not allowed with 'all'"
        case .unsupportedExtension(let n): "extension '\(n)' is not supported"
        case .extensionAfterCode: "'#extension' must come before any code in GLSL ES"
        case .invalidLineDirective: "expected '#line line' or '#line line source-string-number'"
        case .hashInMacro: "'#' and '##' are not supported in macros"
        case .tokenPastingUnavailable(let v):
            "'##' (token pasting) is not available in \(v.displayName); it needs desktop GLSL 1.30 or later"
        case .stringizingInMacro: "'#' (stringizing) is not supported in macros: GLSL has no strings"
        case .tokenPastingAtEdge: "'##' cannot appear at either end of a macro replacement list"
        case .invalidTokenPaste(let a, let b):
            "pasting '\(a)' and '\(b)' does not give a valid preprocessing token"
        case .lineContinuationInES100:
            "line continuation is not part of GLSL ES 1.00 (it is from GLSL ES 3.00); lines joined"
        case .tooManyErrors(let limit): "too many errors (limit \(limit)); stopping here"
        case .tokenTooLong(let length, let limit):
            "token is \(length) characters long; the limit is \(limit)"
        }
    }

    /// The error as a diagnostic at `span`.
    public func diagnostic(
        _ severity: Severity = .error, at span: SourceSpan?, notes: [Diagnostic.Note] = []
    ) -> Diagnostic {
        Diagnostic(severity, message, at: span, notes: notes)
    }
}
