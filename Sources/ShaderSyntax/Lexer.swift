import ShaderDiagnostics

/// An error found while reading characters into tokens.
public enum LexicalError: Error, Sendable, Hashable {
    /// A `/*` comment with no `*/`.
    case unterminatedComment
    /// A character outside the GLSL character set.
    case invalidCharacter(String)
    /// A digit 8 or 9 in an octal literal.
    case invalidOctalDigit(literal: String)
    /// `0x` with no hex digits.
    case missingHexDigits(literal: String)
    /// `1e` or `1e+` with no exponent digits.
    case missingExponent(literal: String)
    /// Letters after a number (`1.0f` in GLSL ES, `12u`).
    case invalidSuffix(String, literal: String)
    /// A word reserved for future use.
    case reservedWord(String)
    /// `1.0f` in desktop GLSL 1.10 (a warning; 1.20 allows it, GLSL ES never does).
    case floatSuffixNeedsGLSL120(String)

    /// The diagnostic message.
    public var message: String {
        switch self {
        case .unterminatedComment: "unterminated comment"
        case .invalidCharacter(let c): "invalid character '\(c)' in shader source"
        case .invalidOctalDigit(let l): "invalid digit in octal literal '\(l)'"
        case .missingHexDigits(let l): "expected hexadecimal digits in '\(l)'"
        case .missingExponent(let l): "expected exponent digits in '\(l)'"
        case .invalidSuffix(let s, let l): "invalid suffix '\(s)' on literal '\(l)'"
        case .reservedWord(let w): "'\(w)' is a reserved word"
        case .floatSuffixNeedsGLSL120(let l): "floating-point suffix in '\(l)' needs GLSL 1.20"
        }
    }

    /// The error as a diagnostic at `span`.
    public func diagnostic(at span: SourceSpan?, notes: [Diagnostic.Note] = []) -> Diagnostic {
        .error(message, at: span, notes: notes)
    }
}

/// Reads a source file into preprocessing tokens.
///
/// Words all come out as `identifier` (the preprocessor classifies them); numbers keep any
/// letters that follow them in their text so the preprocessor can report bad suffixes only in
/// code that is compiled. Comments are whitespace.
///
/// A line continuation (`\` immediately before a newline, GLSL ES 3.00 §3.2) is removed before
/// anything else, as C's translation phase 2 does: the two lines become one, even inside a token
/// (`f\⏎oo` is `foo`), a comment or a directive. Tokens keep spans in the original text.
struct Lexer {
    private let file: SourceFile
    /// The file's bytes with every line continuation removed.
    private let bytes: [UInt8]
    /// For each index of `bytes` (and one past the end), its offset in the file; `nil` when the
    /// file has no line continuation (then the two are the same).
    private let originalOffsets: [Int]?
    private var position = 0
    private(set) var diagnostics: [Diagnostic] = []
    /// The first line continuation of the file (the backslash and its newline), if any.
    let firstLineContinuation: SourceSpan?

    init(file: SourceFile) {
        self.file = file
        let original = file.bytes
        var spliced: [UInt8] = []
        var offsets: [Int] = []
        var firstSpan: SourceSpan?
        var copied = 0  // `original[..<copied]` is in `spliced` (once a continuation was seen)
        var i = original.firstIndex(of: UInt8(ascii: "\\")) ?? original.count
        while i < original.count {
            guard original[i] == UInt8(ascii: "\\"),
                let length = Lexer.continuationLength(in: original, at: i)
            else {
                i += 1
                continue
            }
            if firstSpan == nil {
                firstSpan = SourceSpan(file: file, start: i, end: i + length)
                spliced.reserveCapacity(original.count)
                offsets.reserveCapacity(original.count + 1)
            }
            spliced.append(contentsOf: original[copied..<i])
            offsets.append(contentsOf: copied..<i)
            i += length
            copied = i
        }
        firstLineContinuation = firstSpan
        guard firstSpan != nil else {
            bytes = original
            originalOffsets = nil
            return
        }
        spliced.append(contentsOf: original[copied...])
        offsets.append(contentsOf: copied...original.count)
        bytes = spliced
        originalOffsets = offsets
    }

    /// The length of the line continuation whose backslash is at `index` (2 for `\\` + LF, 3
    /// for `\\` + CR LF), or `nil` when the backslash does not end its line.
    private static func continuationLength(in bytes: [UInt8], at index: Int) -> Int? {
        let next = index + 1 < bytes.count ? bytes[index + 1] : 0
        if next == UInt8(ascii: "\n") { return 2 }
        if next == UInt8(ascii: "\r") && index + 2 < bytes.count && bytes[index + 2] == UInt8(ascii: "\n") {
            return 3
        }
        return nil
    }

    /// A span in the original file for `bytes[start..<end]`.
    private func span(from start: Int, to end: Int) -> SourceSpan {
        guard let originalOffsets else { return SourceSpan(file: file, start: start, end: end) }
        let s = originalOffsets[start]
        let e = end > start ? originalOffsets[end - 1] + 1 : s
        return SourceSpan(file: file, start: s, end: e)
    }

    /// `true` until a token has been read on the current line.
    private var atLineStart = true
    /// `true` when trivia was skipped since the last token.
    private var leadingSpace = false

    /// Every token of the file, followed by an `endOfFile` token.
    mutating func tokenize() -> [Token] {
        var tokens: [Token] = []
        tokens.reserveCapacity(bytes.count / 4)
        while true {
            let t = next()
            tokens.append(t)
            if t.kind == .endOfFile { return tokens }
        }
    }

    /// The next token; at the end, an `endOfFile` token (again on every further call).
    mutating func next() -> Token {
        let (sawNewline, sawSpace) = skipTrivia()
        if sawNewline { atLineStart = true }
        if sawSpace { leadingSpace = true }
        guard position < bytes.count else {
            return Token(
                .endOfFile, text: "",
                span: SourceSpan(file: file, start: file.bytes.count, end: file.bytes.count),
                isAtLineStart: true, hasLeadingSpace: leadingSpace)
        }
        var token = lexToken()
        token.isAtLineStart = atLineStart
        token.hasLeadingSpace = leadingSpace
        atLineStart = false
        leadingSpace = false
        return token
    }

    private func peek(_ offset: Int = 0) -> UInt8 {
        let i = position + offset
        return i < bytes.count ? bytes[i] : 0
    }

    /// Skips whitespace and comments.
    /// - Returns: whether a newline (outside a block comment) was passed, and whether anything was.
    private mutating func skipTrivia() -> (newline: Bool, space: Bool) {
        var newline = false
        var space = false
        while position < bytes.count {
            let c = bytes[position]
            switch c {
            case UInt8(ascii: "\n"):
                newline = true
                space = true
                position += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0B, 0x0C:
                space = true
                position += 1
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                space = true
                position += 2
                while position < bytes.count && bytes[position] != UInt8(ascii: "\n") {
                    position += 1
                }
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                space = true
                let start = position
                position += 2
                var closed = false
                while position < bytes.count {
                    if bytes[position] == UInt8(ascii: "*") && peek(1) == UInt8(ascii: "/") {
                        position += 2
                        closed = true
                        break
                    }
                    position += 1
                }
                if !closed {
                    diagnostics.append(
                        LexicalError.unterminatedComment.diagnostic(
                            at: span(from: start, to: start + 2)))
                }
            default:
                return (newline, space)
            }
        }
        return (newline, space)
    }

    private func makeToken(_ kind: TokenKind, from start: Int) -> Token {
        Token(
            kind, text: String(decoding: bytes[start..<position], as: UTF8.self),
            span: span(from: start, to: position))
    }

    private mutating func lexToken() -> Token {
        let start = position
        let c = bytes[position]
        if isIdentifierStart(c) {
            position += 1
            while position < bytes.count && isIdentifierPart(bytes[position]) { position += 1 }
            return makeToken(.identifier, from: start)
        }
        if isDigit(c) || (c == UInt8(ascii: ".") && isDigit(peek(1))) {
            return lexNumber()
        }
        if c == UInt8(ascii: "#") {
            position += 1
            return makeToken(.hash, from: start)
        }
        if let p = lexPunctuator() {
            // The spelling is the case's raw value: no string is built from the bytes.
            return Token(
                .punctuator(p), text: p.rawValue, span: span(from: start, to: position))
        }
        // One character outside the character set; keep a whole UTF-8 sequence together.
        position += 1
        while position < bytes.count && bytes[position] & 0xC0 == 0x80 { position += 1 }
        return makeToken(.invalid, from: start)
    }

    /// Reads a number. Any letters, digits and underscores that follow become part of the
    /// token's text; `NumberLiteral` validates them later.
    private mutating func lexNumber() -> Token {
        let start = position
        var isFloat = false
        if bytes[position] == UInt8(ascii: "0") && (peek(1) | 0x20) == UInt8(ascii: "x") {
            position += 2
            while position < bytes.count && isHexDigit(bytes[position]) { position += 1 }
        } else {
            while position < bytes.count && isDigit(bytes[position]) { position += 1 }
            if peek() == UInt8(ascii: ".") {
                isFloat = true
                position += 1
                while position < bytes.count && isDigit(bytes[position]) { position += 1 }
            }
            if (peek() | 0x20) == UInt8(ascii: "e") {
                let signed = peek(1) == UInt8(ascii: "+") || peek(1) == UInt8(ascii: "-")
                if isDigit(peek(signed ? 2 : 1)) {
                    isFloat = true
                    position += signed ? 2 : 1
                    while position < bytes.count && isDigit(bytes[position]) { position += 1 }
                } else if signed {
                    // `1e+`: keep the sign so the literal reports a missing exponent.
                    isFloat = true
                    position += 2
                }
            }
        }
        while position < bytes.count && isIdentifierPart(bytes[position]) { position += 1 }
        return makeToken(isFloat ? .floatLiteral : .intLiteral, from: start)
    }

    private mutating func lexPunctuator() -> Punctuator? {
        let c = bytes[position]
        let n = peek(1)
        func take(_ p: Punctuator, _ length: Int) -> Punctuator {
            position += length
            return p
        }
        switch c {
        case UInt8(ascii: "("): return take(.leftParen, 1)
        case UInt8(ascii: ")"): return take(.rightParen, 1)
        case UInt8(ascii: "["): return take(.leftBracket, 1)
        case UInt8(ascii: "]"): return take(.rightBracket, 1)
        case UInt8(ascii: "{"): return take(.leftBrace, 1)
        case UInt8(ascii: "}"): return take(.rightBrace, 1)
        case UInt8(ascii: "."): return take(.dot, 1)
        case UInt8(ascii: ","): return take(.comma, 1)
        case UInt8(ascii: ";"): return take(.semicolon, 1)
        case UInt8(ascii: ":"): return take(.colon, 1)
        case UInt8(ascii: "?"): return take(.question, 1)
        case UInt8(ascii: "~"): return take(.tilde, 1)
        case UInt8(ascii: "+"):
            if n == UInt8(ascii: "+") { return take(.plusPlus, 2) }
            if n == UInt8(ascii: "=") { return take(.plusEqual, 2) }
            return take(.plus, 1)
        case UInt8(ascii: "-"):
            if n == UInt8(ascii: "-") { return take(.minusMinus, 2) }
            if n == UInt8(ascii: "=") { return take(.minusEqual, 2) }
            return take(.minus, 1)
        case UInt8(ascii: "*"):
            return n == UInt8(ascii: "=") ? take(.starEqual, 2) : take(.star, 1)
        case UInt8(ascii: "/"):
            return n == UInt8(ascii: "=") ? take(.slashEqual, 2) : take(.slash, 1)
        case UInt8(ascii: "%"):
            return n == UInt8(ascii: "=") ? take(.percentEqual, 2) : take(.percent, 1)
        case UInt8(ascii: "!"):
            return n == UInt8(ascii: "=") ? take(.bangEqual, 2) : take(.bang, 1)
        case UInt8(ascii: "="):
            return n == UInt8(ascii: "=") ? take(.equalEqual, 2) : take(.equal, 1)
        case UInt8(ascii: "<"):
            if n == UInt8(ascii: "<") {
                return peek(2) == UInt8(ascii: "=") ? take(.shiftLeftEqual, 3) : take(.shiftLeft, 2)
            }
            return n == UInt8(ascii: "=") ? take(.lessEqual, 2) : take(.less, 1)
        case UInt8(ascii: ">"):
            if n == UInt8(ascii: ">") {
                return peek(2) == UInt8(ascii: "=")
                    ? take(.shiftRightEqual, 3) : take(.shiftRight, 2)
            }
            return n == UInt8(ascii: "=") ? take(.greaterEqual, 2) : take(.greater, 1)
        case UInt8(ascii: "&"):
            if n == UInt8(ascii: "&") { return take(.ampAmp, 2) }
            return n == UInt8(ascii: "=") ? take(.ampersandEqual, 2) : take(.ampersand, 1)
        case UInt8(ascii: "|"):
            if n == UInt8(ascii: "|") { return take(.barBar, 2) }
            return n == UInt8(ascii: "=") ? take(.barEqual, 2) : take(.bar, 1)
        case UInt8(ascii: "^"):
            if n == UInt8(ascii: "^") { return take(.caretCaret, 2) }
            return n == UInt8(ascii: "=") ? take(.caretEqual, 2) : take(.caret, 1)
        default:
            return nil
        }
    }
}

@inline(__always) func isDigit(_ c: UInt8) -> Bool {
    c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")
}

@inline(__always) func isHexDigit(_ c: UInt8) -> Bool {
    isDigit(c) || (c | 0x20 >= UInt8(ascii: "a") && c | 0x20 <= UInt8(ascii: "f"))
}

@inline(__always) func isIdentifierStart(_ c: UInt8) -> Bool {
    (c | 0x20 >= UInt8(ascii: "a") && c | 0x20 <= UInt8(ascii: "z")) || c == UInt8(ascii: "_")
}

@inline(__always) func isIdentifierPart(_ c: UInt8) -> Bool { isIdentifierStart(c) || isDigit(c) }

/// The value of a number token, or why it is not a valid literal.
enum NumberLiteral {
    case int(Int)
    /// An integer literal with the `u` suffix (GLSL ES 3.00, desktop 1.30).
    case unsigned(Int)
    case float(Double)

    /// Parses a number token's text.
    /// - Parameters:
    ///   - allowsFloatSuffix: `true` where `1.0f` is allowed (desktop 1.20+, GLSL ES 3.00).
    ///   - allowsUnsignedSuffix: `true` where `1u` is allowed (desktop 1.30+, GLSL ES 3.00).
    static func parse(
        _ text: String, isFloat: Bool, allowsFloatSuffix: Bool, allowsUnsignedSuffix: Bool = false
    ) -> Result<NumberLiteral, LexicalError> {
        var storage = text
        return storage.withUTF8 { bytes in
            parse(
                bytes: bytes, text: text, isFloat: isFloat, allowsFloatSuffix: allowsFloatSuffix,
                allowsUnsignedSuffix: allowsUnsignedSuffix)
        }
    }

    private static func parse(
        bytes: UnsafeBufferPointer<UInt8>, text: String, isFloat: Bool, allowsFloatSuffix: Bool,
        allowsUnsignedSuffix: Bool
    ) -> Result<NumberLiteral, LexicalError> {
        if isFloat {
            var end = 0
            while end < bytes.count && (isDigit(bytes[end]) || bytes[end] == UInt8(ascii: ".")) {
                end += 1
            }
            if end < bytes.count && bytes[end] | 0x20 == UInt8(ascii: "e") {
                var e = end + 1
                if e < bytes.count
                    && (bytes[e] == UInt8(ascii: "+") || bytes[e] == UInt8(ascii: "-"))
                {
                    e += 1
                }
                let digitsStart = e
                while e < bytes.count && isDigit(bytes[e]) { e += 1 }
                if e == digitsStart { return .failure(.missingExponent(literal: text)) }
                end = e
            }
            if end < bytes.count {
                let suffix = String(decoding: bytes[end...], as: UTF8.self)
                if !(allowsFloatSuffix && (suffix == "f" || suffix == "F")) {
                    return .failure(.invalidSuffix(suffix, literal: text))
                }
            } else if let value = Double(text) {
                return .success(.float(value))
            }
            // Spell the value the way `Double.init` accepts: digits on both sides of the dot.
            var body = ""
            var previous = UInt8(ascii: "e")
            for b in bytes[..<end] {
                if b == UInt8(ascii: ".") && !isDigit(previous) { body += "0" }
                if previous == UInt8(ascii: ".") && !isDigit(b) { body += "0" }
                body.unicodeScalars.append(Unicode.Scalar(b))
                previous = b
            }
            if previous == UInt8(ascii: ".") { body += "0" }
            return .success(.float(Double(body) ?? 0))
        }
        var digitsStart = 0
        var radix = 10
        if bytes.count >= 2 && bytes[0] == UInt8(ascii: "0") && bytes[1] | 0x20 == UInt8(ascii: "x")
        {
            radix = 16
            digitsStart = 2
        } else if bytes.count >= 2 && bytes[0] == UInt8(ascii: "0") && isDigit(bytes[1]) {
            radix = 8
            digitsStart = 1
        }
        var end = digitsStart
        while end < bytes.count && (radix == 16 ? isHexDigit(bytes[end]) : isDigit(bytes[end])) {
            end += 1
        }
        let isUnsigned =
            allowsUnsignedSuffix && end == bytes.count - 1 && bytes[end] | 0x20 == UInt8(ascii: "u")
        if end < bytes.count && !isUnsigned {
            return .failure(
                .invalidSuffix(String(decoding: bytes[end...], as: UTF8.self), literal: text))
        }
        if radix == 16 && end == digitsStart { return .failure(.missingHexDigits(literal: text)) }
        if radix == 8 && bytes[digitsStart..<end].contains(where: { $0 > UInt8(ascii: "7") }) {
            return .failure(.invalidOctalDigit(literal: text))
        }
        // Saturate: the parser reports values that do not fit 32 bits.
        var value = 0
        for b in bytes[digitsStart..<end] {
            let digit =
                isDigit(b) ? Int(b - UInt8(ascii: "0")) : Int((b | 0x20) - UInt8(ascii: "a") + 10)
            value = value * radix + digit
            if value > Int(UInt32.max) + 1 { value = Int(UInt32.max) + 1 }
        }
        return .success(isUnsigned ? .unsigned(value) : .int(value))
    }
}
