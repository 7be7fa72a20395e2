import ShaderDiagnostics

/// An error found by the parser.
public enum SyntaxError: Error, Sendable, Hashable {
    /// Something other than what the grammar allows here: `expected ';', found 'vec4'`.
    case expected(String, found: String)
    /// An operator GLSL ES 1.00 reserves (`%`, `&`, `<<`, `~`, …).
    case reservedOperator(String)
    /// An integer literal above 4294967295 (a warning, as in Mesa).
    case integerTooLarge(String)
    /// Expressions or statements nested deeper than the limit.
    case nestingTooDeep(limit: Int)
    /// A `#` that does not start a line.
    case strayHash
    /// An array constructor, `float[2](a, b)`, before GLSL 1.20.
    case arrayConstructor(LanguageVersion)
    /// A method call, `a.length()`, before GLSL 1.20.
    case methodCall(String, LanguageVersion)
    /// A name longer than `maximumIdentifierLength` characters.
    case identifierTooLong(String)

    /// The longest name GLSL ES 3.00 allows (§3.8).
    public static let maximumIdentifierLength = 1024

    /// The diagnostic message.
    public var message: String {
        switch self {
        case .expected(let what, let found): "expected \(what), found \(found)"
        case .reservedOperator(let op): "operator '\(op)' is reserved in GLSL ES 1.00"
        case .integerTooLarge(let text): "integer literal '\(text)' is out of range"
        case .nestingTooDeep(let limit):
            "nesting too deep: more than \(limit) levels of expressions or statements"
        case .strayHash: "'#' is only allowed at the start of a line, to begin a directive"
        case .arrayConstructor(let v):
            v.isES
                ? "array constructors need GLSL ES 3.00 ('#version 300 es')"
                : "array constructors need GLSL 1.20 ('#version 120')"
        case .methodCall(let name, let v):
            v.isES
                ? "method calls ('.\(name)()') need GLSL ES 3.00 ('#version 300 es')"
                : "method calls ('.\(name)()') need GLSL 1.20 ('#version 120')"
        case .identifierTooLong(let name):
            "the name '\(name.prefix(16))…' is \(name.utf8.count) characters long; at most \(Self.maximumIdentifierLength) are allowed"
        }
    }

    /// The error as a diagnostic at `span`.
    public func diagnostic(at span: SourceSpan?, notes: [Diagnostic.Note] = []) -> Diagnostic {
        .error(message, at: span, notes: notes)
    }
}
