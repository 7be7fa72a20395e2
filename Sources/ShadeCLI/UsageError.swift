/// A command-line mistake: reported with the command's usage and exit code 64.
public struct UsageError: Error, Sendable, CustomStringConvertible, Equatable {
    /// What was wrong, lowercase (`missing value for '--size'`).
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
