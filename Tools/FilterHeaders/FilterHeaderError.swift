/// A malformed filter header: where it is and what is wrong.
public struct FilterHeaderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The shader file (as given to the parser).
    public let file: String
    /// The 1-based line of the header the problem is on (0 when it concerns the whole header).
    public let line: Int
    /// What is wrong.
    public let reason: Reason

    /// Creates an error.
    public init(file: String, line: Int, reason: Reason) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    /// What can be wrong with a header.
    public enum Reason: Sendable, Hashable, CustomStringConvertible {
        /// A `//` line that is neither `// key: value` nor a continuation.
        case malformedLine(String)
        /// A key the grammar does not have.
        case unknownKey(String)
        /// A key that must appear exactly once (or at most once) appears `count` times.
        case keyCount(key: String, count: Int)
        /// A value that does not follow the key's grammar.
        case invalidValue(key: String, value: String, expected: String)
        /// A parameter or input declared twice.
        case duplicate(key: String, name: String)
        /// A cross-reference to something that does not exist (an `example` parameter,
        /// a `$name` in a pass, a pass or input number, an `output: region` parameter).
        case unknownReference(key: String, name: String)
        /// The `pass:` lines do not match `passes:` or are not numbered 1, 2, … in order.
        case passNumbering(expected: Int, found: Int)

        public var description: String {
            switch self {
            case .malformedLine(let text):
                "expected '// key: value' or a continuation ('//' and 3 spaces), found '\(text)'"
            case .unknownKey(let key): "unknown key '\(key)'"
            case .keyCount(let key, let count):
                count == 0 ? "missing key '\(key)'" : "key '\(key)' given \(count) times"
            case .invalidValue(let key, let value, let expected):
                "\(key): expected \(expected), found '\(value)'"
            case .duplicate(let key, let name): "\(key): '\(name)' declared twice"
            case .unknownReference(let key, let name): "\(key): no such \(name)"
            case .passNumbering(let expected, let found):
                "pass: expected pass \(expected), found \(found)"
            }
        }
    }

    /// `file:line: error: reason`.
    public var description: String {
        line > 0 ? "\(file):\(line): error: \(reason)" : "\(file): error: \(reason)"
    }
}
