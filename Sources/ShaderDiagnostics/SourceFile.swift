/// A shader source text with a name, and the table that turns byte offsets into lines and columns.
///
/// Every span in Shade points into a `SourceFile`; the preprocessor never rewrites offsets, so a
/// diagnostic always shows the text the user wrote.
public final class SourceFile: Sendable, Hashable, CustomStringConvertible {
    /// The name shown in diagnostics, usually the path the user gave (`blend.fsh`).
    public let name: String
    /// The full text, as UTF-8 bytes.
    public let bytes: [UInt8]
    /// Byte offset where each line starts; `lineStarts[0] == 0`.
    public let lineStarts: [Int]

    /// Creates a source file from its text.
    public init(name: String, text: String) {
        self.name = name
        self.bytes = Array(text.utf8)
        var starts = [0]
        for (i, b) in bytes.enumerated() where b == UInt8(ascii: "\n") {
            starts.append(i + 1)
        }
        self.lineStarts = starts
    }

    /// The whole text as a string.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The 1-based line and column of a byte offset (columns count bytes, as compilers do).
    public func location(of offset: Int) -> SourceLocation {
        let clamped = max(0, min(offset, bytes.count))
        var lo = 0
        var hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= clamped { lo = mid } else { hi = mid - 1 }
        }
        return SourceLocation(line: lo + 1, column: clamped - lineStarts[lo] + 1)
    }

    /// The text of 1-based line `line`, without its line terminator.
    public func lineText(_ line: Int) -> String {
        guard line >= 1 && line <= lineStarts.count else { return "" }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
        if end > start && bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
    }

    public var description: String { name }

    public static func == (lhs: SourceFile, rhs: SourceFile) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A 1-based line and column.
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// 1-based line number.
    public var line: Int
    /// 1-based column, in bytes.
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }
}

/// A half-open byte range `start..<end` in one source file.
public struct SourceSpan: Sendable, Hashable, CustomStringConvertible {
    /// The file the range is in.
    public var file: SourceFile
    /// First byte offset.
    public var start: Int
    /// One past the last byte offset (`end >= start`).
    public var end: Int

    public init(file: SourceFile, start: Int, end: Int) {
        self.file = file
        self.start = start
        self.end = max(start, end)
    }

    /// The line and column where the span starts.
    public var location: SourceLocation { file.location(of: start) }

    /// The source text the span covers.
    public var text: String {
        String(decoding: file.bytes[min(start, file.bytes.count)..<min(end, file.bytes.count)], as: UTF8.self)
    }

    /// The smallest span covering `self` and `other` (which must be in the same file).
    public func merged(with other: SourceSpan) -> SourceSpan {
        guard other.file === file else { return self }
        return SourceSpan(file: file, start: min(start, other.start), end: max(end, other.end))
    }

    /// `file:line:col`.
    public var description: String { "\(file.name):\(location)" }
}
