import ShaderDiagnostics

/// A keyword that is not a type name.
public enum Keyword: String, Sendable, Hashable, CaseIterable {
    // Storage and interpolation qualifiers.
    case attribute, const, uniform, varying, invariant, centroid
    // GLSL ES 3.00 and desktop 1.30+: interpolation qualifiers and layouts.
    case flat, smooth, noperspective, layout
    // Parameter qualifiers.
    case `in`, out, `inout`
    // Precision.
    case lowp, mediump, highp, precision
    // Control flow.
    case `if`, `else`, `for`, `while`, `do`, `break`, `continue`, `return`, discard
    // GLSL ES 3.00 and desktop 1.30+.
    case `switch`, `case`, `default`
    // Structures.
    case `struct`
    // Boolean literals.
    case `true`, `false`
}

/// An operator or punctuation mark.
public enum Punctuator: String, Sendable, Hashable, CaseIterable {
    // Grouping and separation.
    case leftParen = "(", rightParen = ")", leftBracket = "[", rightBracket = "]"
    case leftBrace = "{", rightBrace = "}", dot = ".", comma = ",", semicolon = ";"
    case colon = ":", question = "?"
    // Arithmetic.
    case plus = "+", minus = "-", star = "*", slash = "/", percent = "%"
    case plusPlus = "++", minusMinus = "--"
    // Bitwise and shifts (reserved in GLSL ES 1.00 outside the preprocessor).
    case tilde = "~", ampersand = "&", caret = "^", bar = "|", shiftLeft = "<<", shiftRight = ">>"
    // Comparison.
    case less = "<", greater = ">", lessEqual = "<=", greaterEqual = ">="
    case equalEqual = "==", bangEqual = "!="
    // Logical.
    case bang = "!", ampAmp = "&&", barBar = "||", caretCaret = "^^"
    // Assignment.
    case equal = "=", plusEqual = "+=", minusEqual = "-=", starEqual = "*=", slashEqual = "/="
    case percentEqual = "%=", shiftLeftEqual = "<<=", shiftRightEqual = ">>="
    case ampersandEqual = "&=", caretEqual = "^=", barEqual = "|="
}

/// What a token is, grouped by category.
///
/// The lexer produces *preprocessing* tokens: every word is an `identifier`. The preprocessor
/// classifies words into keywords, type names and reserved words as it emits them, once the
/// `#version` is known.
public enum TokenKind: Sendable, Hashable {
    // MARK: Names
    /// A name that is not a keyword.
    case identifier
    /// A keyword other than a type name.
    case keyword(Keyword)
    /// A built-in type name.
    case typeName(BuiltinType)
    /// A word reserved for future use (`class`, `double`, …); using it is an error.
    case reservedWord

    // MARK: Literals
    /// An integer literal: decimal, octal (`017`) or hex (`0x1F`).
    case intLiteral
    /// A floating-point literal: `1.0`, `1.`, `.5`, `1e3`, `2.5E-2`.
    case floatLiteral

    // MARK: Operators and punctuation
    /// An operator or punctuation mark.
    case punctuator(Punctuator)

    // MARK: Preprocessor and end
    /// `#`: starts a directive at the beginning of a line; an error anywhere else.
    case hash
    /// A character that is not part of the GLSL character set.
    case invalid
    /// The end of the input.
    case endOfFile
}

/// One step of a macro expansion: which macro produced a token, and from where in its
/// definition.
///
/// A token produced by expanding `A`, whose body used `B`, has the expansion for `B` (pointing
/// into `B`'s `#define`) whose `parent` is the expansion for `A` (pointing at the use of `B`
/// inside `A`'s `#define`). The token's own span is the use of `A` in the shader text.
public final class MacroExpansion: Sendable {
    /// The macro that was expanded.
    public let macroName: String
    /// The token of the macro's replacement list this token came from.
    public let definitionSpan: SourceSpan
    /// The expansion that produced the use of this macro, if it was used inside another macro.
    public let parent: MacroExpansion?
    /// How many expansions are chained here (1 for a macro used directly in the text).
    public let depth: Int

    init(macroName: String, definitionSpan: SourceSpan, parent: MacroExpansion?) {
        self.macroName = macroName
        self.definitionSpan = definitionSpan
        self.parent = parent
        self.depth = (parent?.depth ?? 0) + 1
    }

    /// `note: expanded from macro 'X'` lines, innermost macro first.
    public var notes: [Diagnostic.Note] {
        var notes: [Diagnostic.Note] = []
        var step: MacroExpansion? = self
        while let s = step {
            notes.append(
                Diagnostic.Note("expanded from macro '\(s.macroName)'", at: s.definitionSpan))
            step = s.parent
        }
        return notes
    }
}

/// A token: its kind, its text and where it is in the original source.
public struct Token: Sendable, CustomStringConvertible {
    /// What the token is.
    public var kind: TokenKind
    /// The token's spelling.
    public var text: String
    /// Where the token is in the source text; for a token produced by a macro, the macro's use.
    public var span: SourceSpan
    /// The macro expansion that produced the token, or `nil` for a token written in the text.
    public var expansion: MacroExpansion?
    /// `true` for the first token on a (logical) source line.
    public var isAtLineStart: Bool
    /// `true` when whitespace or a comment precedes the token.
    public var hasLeadingSpace: Bool
    /// Macros that must not expand this token again (Prosser's hide set); `nil` when empty.
    var hideSet: HideSet?

    /// Creates a token (the lexer and preprocessor make them; tests may too).
    public init(
        _ kind: TokenKind, text: String, span: SourceSpan, expansion: MacroExpansion? = nil,
        isAtLineStart: Bool = false, hasLeadingSpace: Bool = false
    ) {
        self.kind = kind
        self.text = text
        self.span = span
        self.expansion = expansion
        self.isAtLineStart = isAtLineStart
        self.hasLeadingSpace = hasLeadingSpace
    }

    /// `true` for identifiers and every word the lexer read as one (keywords, type names).
    public var isWord: Bool {
        switch kind {
        case .identifier, .keyword, .typeName, .reservedWord: true
        default: false
        }
    }

    /// `true` when the token is the punctuator `p`.
    public func isPunctuator(_ p: Punctuator) -> Bool { kind == .punctuator(p) }

    /// How diagnostics quote the token: `'vec4'`, or `end of file`.
    public var quoted: String { kind == .endOfFile ? "end of file" : "'\(text)'" }

    /// The token's spelling.
    public var description: String { text }
}

/// The names of the macros a token must not be expanded by again. A class so that a token
/// without one (almost all of them) carries a single null reference.
final class HideSet: Sendable {
    let names: [String]

    init(_ names: [String]) { self.names = names }

    func contains(_ name: String) -> Bool { names.contains(name) }
}
