import ShaderDiagnostics

/// Evaluates the integer expressions of `#if`, `#elif` and `#line` after macro expansion,
/// with C's operators, precedence and short-circuiting.
struct ConditionEvaluator {
    struct Failure: Error {
        var error: PreprocessorError
        var span: SourceSpan
        var notes: [Diagnostic.Note] = []
    }

    /// C's binary operator precedence, loosest first.
    private enum Level: Int, Comparable {
        case conditional = 1  // the whole expression (GLSL ES has no ?: in directives)
        case logicalOr  // ||
        case logicalAnd  // &&
        case bitwiseOr  // |
        case bitwiseXor  // ^
        case bitwiseAnd  // &
        case equality  // == !=
        case relational  // < > <= >=
        case shift  // << >>
        case additive  // + -
        case multiplicative  // * / %
        case unary  // operands only: no binary operator binds this tightly

        static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
    }

    private let tokens: [Token]
    private let endSpan: SourceSpan
    private var position = 0
    /// Deepest nesting of parentheses and unary operators allowed
    /// (`ParseOptions.maxNestingDepth`); `?:` is an error at its first `?`, so it never nests.
    private let maxNesting: Int
    private var nesting = 0

    /// `true` in GLSL ES: a name left after macro expansion is an error where it is evaluated.
    private let undefinedNameIsError: Bool

    init(tokens: [Token], endSpan: SourceSpan, undefinedNameIsError: Bool, maxNesting: Int) {
        self.tokens = tokens
        self.endSpan = endSpan
        self.undefinedNameIsError = undefinedNameIsError
        self.maxNesting = maxNesting
    }

    var isAtEnd: Bool { position >= tokens.count }

    /// Evaluates the whole token list as one expression.
    mutating func evaluateAll() -> Result<Int, Failure> {
        Result { () throws(Failure) -> Int in
            let value = try expression(.conditional, evaluated: true)
            if let extra = peek() {
                if extra.isPunctuator(.question) {
                    throw failure("operator '?:' is not allowed in preprocessor expressions", at: extra)
                }
                throw failure("unexpected \(extra.quoted) after expression", at: extra)
            }
            return value
        }
    }

    /// Evaluates one expression and leaves the position after it (for `#line a b`).
    mutating func evaluateOne() -> Result<Int, Failure> {
        Result { () throws(Failure) -> Int in try expression(.conditional, evaluated: true) }
    }

    private func peek() -> Token? { position < tokens.count ? tokens[position] : nil }

    private func failure(_ message: String, at token: Token?) -> Failure {
        Failure(
            error: .invalidExpression(message), span: token?.span ?? endSpan,
            notes: token?.expansion?.notes ?? [])
    }

    private func binaryLevel(_ p: Punctuator) -> Level? {
        switch p {
        case .barBar: .logicalOr
        case .ampAmp: .logicalAnd
        case .bar: .bitwiseOr
        case .caret: .bitwiseXor
        case .ampersand: .bitwiseAnd
        case .equalEqual, .bangEqual: .equality
        case .less, .greater, .lessEqual, .greaterEqual: .relational
        case .shiftLeft, .shiftRight: .shift
        case .plus, .minus: .additive
        case .star, .slash, .percent: .multiplicative
        default: nil
        }
    }

    /// Precedence climbing. `evaluated` is `false` on the unevaluated side of `&&` and `||`,
    /// where division by zero and undefined names are not errors.
    private mutating func expression(_ minimum: Level, evaluated: Bool) throws(Failure) -> Int {
        var left = try unary(evaluated: evaluated)
        while let t = peek(), case .punctuator(let p) = t.kind, let level = binaryLevel(p),
            level >= minimum
        {
            position += 1
            switch p {
            case .barBar:
                let right = try expression(.logicalAnd, evaluated: evaluated && left == 0)
                left = (left != 0 || right != 0) ? 1 : 0
                continue
            case .ampAmp:
                let right = try expression(.bitwiseOr, evaluated: evaluated && left != 0)
                left = (left != 0 && right != 0) ? 1 : 0
                continue
            default:
                break
            }
            let right = try expression(Level(rawValue: level.rawValue + 1)!, evaluated: evaluated)
            switch p {
            case .bar: left = left | right
            case .caret: left = left ^ right
            case .ampersand: left = left & right
            case .equalEqual: left = left == right ? 1 : 0
            case .bangEqual: left = left != right ? 1 : 0
            case .less: left = left < right ? 1 : 0
            case .greater: left = left > right ? 1 : 0
            case .lessEqual: left = left <= right ? 1 : 0
            case .greaterEqual: left = left >= right ? 1 : 0
            case .shiftLeft: left = right >= 64 || right < 0 ? 0 : left << right
            case .shiftRight: left = right >= 64 || right < 0 ? (left < 0 ? -1 : 0) : left >> right
            case .plus: left = left &+ right
            case .minus: left = left &- right
            case .star: left = left &* right
            case .slash, .percent:
                if right == 0 {
                    if evaluated {
                        throw Failure(
                            error: .divisionByZero, span: t.span, notes: t.expansion?.notes ?? [])
                    }
                    left = 0
                } else {
                    let (q, overflow) = left.dividedReportingOverflow(by: right)
                    let (r, _) = left.remainderReportingOverflow(dividingBy: right)
                    left = p == .slash ? (overflow ? left : q) : r
                }
            default: break
            }
        }
        return left
    }

    private mutating func unary(evaluated: Bool) throws(Failure) -> Int {
        guard let t = peek() else {
            throw failure("expected expression, found end of line", at: nil)
        }
        nesting += 1
        defer { nesting -= 1 }
        if nesting > maxNesting { throw failure("expression nested too deeply", at: t) }
        position += 1
        switch t.kind {
        case .intLiteral:
            // `26u` too, in every version, as Mesa's preprocessor reads it.
            switch NumberLiteral.parse(t.text, isFloat: false, allowsFloatSuffix: false, allowsUnsignedSuffix: true) {
            case .success(.int(let value)), .success(.unsigned(let value)): return value
            default: throw failure("invalid integer \(t.quoted)", at: t)
            }
        case .floatLiteral:
            throw failure("floating-point literal \(t.quoted) is not allowed", at: t)
        case .identifier, .keyword, .typeName, .reservedWord:
            // A name that is not a macro: an error in GLSL ES (as Mesa has it), 0 in desktop GLSL.
            if evaluated && undefinedNameIsError {
                throw Failure(
                    error: .undefinedMacroInExpression(t.text), span: t.span,
                    notes: t.expansion?.notes ?? [])
            }
            return 0
        case .punctuator(.question):
            throw failure("operator '?:' is not allowed in preprocessor expressions", at: t)
        case .punctuator(.leftParen):
            let value = try expression(.conditional, evaluated: evaluated)
            guard let close = peek(), close.isPunctuator(.rightParen) else {
                throw failure("expected ')', found \(peek()?.quoted ?? "end of line")", at: peek())
            }
            position += 1
            return value
        case .punctuator(.plus): return try unary(evaluated: evaluated)
        case .punctuator(.minus): return 0 &- (try unary(evaluated: evaluated))
        case .punctuator(.tilde): return ~(try unary(evaluated: evaluated))
        case .punctuator(.bang): return try unary(evaluated: evaluated) == 0 ? 1 : 0
        default:
            throw failure("expected expression, found \(t.quoted)", at: t)
        }
    }
}
