/// How serious a diagnostic is.
public enum Severity: String, Sendable, Hashable, Comparable {
    case note
    case warning
    case error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// One message about a shader, pointing at the text it is about.
///
/// Rendered like a compiler's:
///
///     blend.fsh:12:18: error: expected ';', found 'vec4'
///         vec3 c = a vec4(1.0);
///                    ^~~~
///     blend.fsh:3:9: note: 'a' declared here
///
/// Messages are lowercase and say what was expected and what was found.
public struct Diagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    /// A secondary message attached to a diagnostic.
    public struct Note: Sendable, Hashable {
        /// The note's text.
        public var message: String
        /// Where it points, if anywhere.
        public var span: SourceSpan?

        public init(_ message: String, at span: SourceSpan? = nil) {
            self.message = message
            self.span = span
        }
    }

    /// Error, warning or note.
    public var severity: Severity
    /// The message, lowercase, without a trailing period.
    public var message: String
    /// Where the problem is; `nil` for problems with no place (e.g. a missing `main`).
    public var span: SourceSpan?
    /// Further explanation, each possibly pointing elsewhere (a declaration, a macro definition).
    public var notes: [Note]

    public init(_ severity: Severity, _ message: String, at span: SourceSpan?, notes: [Note] = []) {
        self.severity = severity
        self.message = message
        self.span = span
        self.notes = notes
    }

    /// An error at `span`.
    public static func error(_ message: String, at span: SourceSpan?, notes: [Note] = []) -> Diagnostic {
        Diagnostic(.error, message, at: span, notes: notes)
    }

    /// A warning at `span`.
    public static func warning(_ message: String, at span: SourceSpan?, notes: [Note] = []) -> Diagnostic {
        Diagnostic(.warning, message, at: span, notes: notes)
    }

    /// `true` for errors.
    public var isError: Bool { severity == .error }

    /// The one-line header, `file:line:col: error: message`.
    public var description: String {
        Diagnostic.header(severity: severity, message: message, span: span)
    }

    /// The full rendering: header, source line and caret underline, then each note.
    public func rendered() -> String {
        var out = Diagnostic.block(severity: severity, message: message, span: span)
        for note in notes {
            out += Diagnostic.block(severity: .note, message: note.message, span: note.span)
        }
        return out
    }

    private static func header(severity: Severity, message: String, span: SourceSpan?) -> String {
        guard let span else { return "\(severity.rawValue): \(message)" }
        return "\(span.file.name):\(span.location): \(severity.rawValue): \(message)"
    }

    private static func block(severity: Severity, message: String, span: SourceSpan?) -> String {
        var out = header(severity: severity, message: message, span: span) + "\n"
        guard let span else { return out }
        let loc = span.location
        let line = span.file.lineText(loc.line)
        out += line + "\n"
        // Keep tabs so the caret lines up under tabbed source.
        let prefix = line.utf8.prefix(loc.column - 1).map { $0 == UInt8(ascii: "\t") ? "\t" : " " }.joined()
        let lineEnd = span.file.lineStarts[loc.line - 1] + line.utf8.count
        let width = max(1, min(span.end, lineEnd) - span.start)
        out += prefix + "^" + String(repeating: "~", count: width - 1) + "\n"
        return out
    }
}

extension Array where Element == Diagnostic {
    /// `true` when any element is an error.
    public var containsError: Bool { contains { $0.isError } }

    /// All diagnostics rendered one after another, in source order within each file.
    public func rendered() -> String { map { $0.rendered() }.joined() }
}

/// Thrown by a phase that found errors; carries every diagnostic, warnings included.
public struct DiagnosticsError: Error, Sendable, CustomStringConvertible {
    /// Everything the phase reported.
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

    public var description: String { diagnostics.rendered() }
}
