/// One case of a dEQP shader-library file (`*.test`), the format of the Khronos OpenGL ES
/// conformance suite's data-driven shader tests (`data/gles2/shaders/*.test`).
///
/// A case holds GLSL source with `${…}` placeholders, what must happen when it is compiled
/// (`expect`), and optionally rows of input and expected output values.
public struct ShaderLibraryCase: Sendable, Hashable {
    /// What compiling (and running) the case must give.
    public enum Expectation: String, Sendable, Hashable {
        /// Compiles, links, and every value row produces its outputs.
        case pass
        /// At least one shader fails to compile.
        case compileFail = "compile_fail"
        /// Both shaders compile but linking them fails.
        case linkFail = "link_fail"
        /// Compiling or linking fails.
        case compileOrLinkFail = "compile_or_link_fail"
        /// Compiles and links; nothing is run.
        case buildSuccessful = "build_successful"
    }

    /// The shader text of a case.
    public enum Sources: Sendable, Hashable {
        /// One source tested once as a vertex shader and once as a fragment shader.
        case both(String)
        /// Separate vertex and fragment sources, compiled and linked together.
        case separate(vertex: String?, fragment: String?)
    }

    /// The dotted name, groups first (`scoping.valid.local_variable_hides_global_variable`).
    public var name: String
    /// `100 es` unless the case says otherwise.
    public var version: String
    /// What must happen.
    public var expectation: Expectation
    /// `require` lines, verbatim (`full_glsl_es_100_support`).
    public var requirements: [String]
    /// Declared inputs, outputs and uniforms with their rows of values.
    public var values: [ShaderLibraryValue]
    /// The shader text.
    public var sources: Sources
    /// 1-based line of the `case` keyword in its file.
    public var line: Int

    /// Number of value rows (0 when the case has no values).
    public var rowCount: Int { values.map(\.rows.count).max() ?? 0 }
}

/// One `input`, `output` or `uniform` line of a case's `values { … }` block.
public struct ShaderLibraryValue: Sendable, Hashable {
    /// Whether the value goes in, must come out, or is a uniform the shader declares itself.
    public enum Kind: String, Sendable, Hashable {
        case input, output, uniform
    }

    /// The kind of value.
    public var kind: Kind
    /// GLSL type name (`float`, `ivec3`, `uvec2`, `mat2`, `bvec4`).
    public var type: String
    /// Variable name in the shader.
    public var name: String
    /// One entry per row: the value's scalar components in GLSL constructor order
    /// (`true`/`false` as 1/0), expanded to the type's full component count.
    public var rows: [[Double]]

    /// Scalar components of `type` (`mat3` → 9), or `nil` for a type the format does not use.
    public static func componentCount(of type: String) -> Int? {
        switch type {
        case "float", "int", "uint", "bool": 1
        case "vec2", "ivec2", "uvec2", "bvec2": 2
        case "vec3", "ivec3", "uvec3", "bvec3": 3
        case "vec4", "ivec4", "uvec4", "bvec4", "mat2": 4
        default: matrixShape(of: type).map { $0.columns * $0.rows }
        }
    }

    /// Columns and rows of `matN` and `matCxR` (GLSL ES 3.00), or `nil` for another type.
    public static func matrixShape(of type: String) -> (columns: Int, rows: Int)? {
        guard type.hasPrefix("mat") else { return nil }
        let sizes = type.dropFirst(3).split(separator: "x").compactMap { Int($0) }
        guard sizes.allSatisfy({ (2...4).contains($0) }) else { return nil }
        switch sizes.count {
        case 1: return (sizes[0], sizes[0])
        case 2: return (sizes[0], sizes[1])
        default: return nil
        }
    }
}

/// A mistake in a shader-library file, with the line it is on.
public struct ShaderLibraryParseError: Error, Sendable, CustomStringConvertible, Equatable {
    /// File name as given to the parser.
    public var file: String
    /// 1-based line.
    public var line: Int
    /// What was wrong, lowercase.
    public var message: String

    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String { "\(file):\(line): error: \(message)" }
}

/// Reads dEQP shader-library files.
public enum ShaderLibraryFile {
    /// Parses every case in `text`, naming cases after their enclosing groups.
    ///
    /// - Parameters:
    ///   - text: the file's contents.
    ///   - fileName: used in errors and as the first component of case names (without `.test`).
    /// - Throws: `ShaderLibraryParseError` on malformed input.
    public static func parse(_ text: String, fileName: String) throws(ShaderLibraryParseError) -> [ShaderLibraryCase] {
        var parser = Parser(bytes: Array(text.utf8), file: fileName)
        let prefix = fileName.hasSuffix(".test") ? String(fileName.dropLast(5)) : fileName
        return try parser.parseItems(groups: [prefix], untilEnd: false)
    }
}

private struct Parser {
    let bytes: [UInt8]
    let file: String
    var position = 0
    var line = 1

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    func error(_ message: String) -> ShaderLibraryParseError {
        ShaderLibraryParseError(file: file, line: line, message: message)
    }

    // MARK: Items

    mutating func parseItems(groups: [String], untilEnd: Bool) throws(ShaderLibraryParseError) -> [ShaderLibraryCase] {
        var cases: [ShaderLibraryCase] = []
        while true {
            skipSpaceAndComments()
            if position >= bytes.count {
                if untilEnd { throw error("missing 'end' of group '\(groups.last ?? "")'") }
                return cases
            }
            let word = try identifier()
            switch word {
            case "group":
                let name = try identifier()
                _ = try quotedString()
                cases += try parseItems(groups: groups + [name], untilEnd: true)
            case "case":
                cases.append(try parseCase(groups: groups))
            case "end" where untilEnd:
                return cases
            case "import":
                throw error("'import' is not supported; pass each .test file separately")
            default:
                throw error("expected 'group' or 'case', found '\(word)'")
            }
        }
    }

    mutating func parseCase(groups: [String]) throws(ShaderLibraryParseError) -> ShaderLibraryCase {
        let caseLine = line
        let name = try identifier()
        var version = "100 es"
        var expectation = ShaderLibraryCase.Expectation.pass
        var requirements: [String] = []
        var values: [ShaderLibraryValue] = []
        var both: String?
        var vertex: String?
        var fragment: String?
        while true {
            skipSpaceAndComments()
            let word = try identifier()
            switch word {
            case "end":
                let sources: ShaderLibraryCase.Sources
                if let both {
                    sources = .both(both)
                } else if vertex != nil || fragment != nil {
                    sources = .separate(vertex: vertex, fragment: fragment)
                } else {
                    throw error("case '\(name)' has no shader source")
                }
                return ShaderLibraryCase(
                    name: (groups + [name]).joined(separator: "."), version: version,
                    expectation: expectation, requirements: requirements, values: values,
                    sources: sources, line: caseLine
                )
            case "version":
                version = restOfLine()
            case "desc":
                _ = try quotedString()
            case "expect":
                let text = try identifier()
                guard let value = ShaderLibraryCase.Expectation(rawValue: text) else {
                    throw error("unknown expectation '\(text)'")
                }
                expectation = value
            case "require":
                requirements.append(restOfLine())
            case "values":
                values += try parseValues()
            case "both": both = try shaderSource()
            case "vertex": vertex = try shaderSource()
            case "fragment": fragment = try shaderSource()
            default:
                throw error("unexpected '\(word)' in case '\(name)'")
            }
        }
    }

    mutating func parseValues() throws(ShaderLibraryParseError) -> [ShaderLibraryValue] {
        try expect("{")
        var values: [ShaderLibraryValue] = []
        while true {
            skipSpaceAndComments()
            if peek() == UInt8(ascii: "}") {
                position += 1
                return values
            }
            let kindText = try identifier()
            guard let kind = ShaderLibraryValue.Kind(rawValue: kindText) else {
                throw error("expected 'input', 'output' or 'uniform', found '\(kindText)'")
            }
            let type = try identifier()
            guard let count = ShaderLibraryValue.componentCount(of: type) else {
                throw error("unsupported value type '\(type)'")
            }
            let name = try uniformPath()
            try expect("=")
            var rows: [[Double]] = []
            skipSpaceAndComments()
            if peek() == UInt8(ascii: "[") {
                position += 1
                repeat {
                    rows.append(try parseValue(type: type, count: count))
                    skipSpaceAndComments()
                } while consume("|")
                try expect("]")
            } else {
                rows.append(try parseValue(type: type, count: count))
            }
            try expect(";")
            values.append(ShaderLibraryValue(kind: kind, type: type, name: name, rows: rows))
        }
    }

    /// `1.5`, `-2`, `true`, or `vec3(1.0, 2.0, 3.0)`; a one-argument constructor is broadcast
    /// (a matrix one fills its diagonal, as GLSL does).
    mutating func parseValue(type: String, count: Int) throws(ShaderLibraryParseError) -> [Double] {
        skipSpaceAndComments()
        var components: [Double] = []
        if let c = peek(), isIdentifierStart(c) {
            let word = try identifier()
            if word == "true" || word == "false" {
                components = [word == "true" ? 1 : 0]
            } else {
                try expect("(")
                repeat {
                    components.append(try scalar())
                    skipSpaceAndComments()
                } while consume(",")
                try expect(")")
            }
        } else {
            components = [try scalar()]
        }
        if components.count == count { return components }
        guard components.count == 1 else {
            throw error("value for '\(type)' has \(components.count) components, expected \(count)")
        }
        if type.hasPrefix("mat") {
            let n = Int(sqrt(Double(count)))
            return (0..<count).map { $0 / n == $0 % n ? components[0] : 0 }
        }
        return Array(repeating: components[0], count: count)
    }

    mutating func scalar() throws(ShaderLibraryParseError) -> Double {
        skipSpaceAndComments()
        if let c = peek(), isIdentifierStart(c) {
            let word = try identifier()
            switch word {
            case "true": return 1
            case "false": return 0
            default: throw error("expected a number, found '\(word)'")
            }
        }
        let start = position
        while let c = peek(), isNumberByte(c) { position += 1 }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        guard let value = Double(text) else { throw error("expected a number, found '\(text)'") }
        return value
    }

    /// A `""` … `""` block (the shader text between the two double-quote pairs).
    mutating func shaderSource() throws(ShaderLibraryParseError) -> String {
        skipSpaceAndComments()
        guard consume("\"\"") else { throw error("expected '\"\"' to start a shader source") }
        // The text starts on the line after the opening quotes, as in dEQP (so `__LINE__` on
        // the first line of the shader is 1).
        var lineStart = position
        while lineStart < bytes.count, bytes[lineStart] == UInt8(ascii: " ") || bytes[lineStart] == UInt8(ascii: "\t")
            || bytes[lineStart] == UInt8(ascii: "\r")
        {
            lineStart += 1
        }
        if lineStart < bytes.count, bytes[lineStart] == UInt8(ascii: "\n") {
            position = lineStart + 1
            line += 1
        }
        // As dEQP does: each line loses the first line's indentation (so `f\\` + `oo` on the
        // next line is `foo`), and `\x` reads as `x`, `\n` as a newline and `\t` as a tab (so
        // its cases write `// \\note` and a line continuation as `\\`).
        let isIndentation = { (c: UInt8) in c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") }
        var indentation = 0
        while position + indentation < bytes.count, isIndentation(bytes[position + indentation]) {
            indentation += 1
        }
        var text: [UInt8] = []
        var isLineStart = true
        while position + 1 < bytes.count {
            if isLineStart {
                isLineStart = false
                var skipped = 0
                while skipped < indentation, isIndentation(bytes[position]) {
                    position += 1
                    skipped += 1
                }
                continue
            }
            let c = bytes[position]
            if c == UInt8(ascii: "\""), bytes[position + 1] == UInt8(ascii: "\"") {
                position += 2
                return String(decoding: text, as: UTF8.self)
            }
            if c == UInt8(ascii: "\\") {
                let next = bytes[position + 1]
                switch next {
                case UInt8(ascii: "n"): text.append(UInt8(ascii: "\n"))
                case UInt8(ascii: "t"): text.append(UInt8(ascii: "\t"))
                default: text.append(next)
                }
                if next == UInt8(ascii: "\n") {
                    line += 1
                    isLineStart = true
                }
                position += 2
                continue
            }
            if c == UInt8(ascii: "\n") {
                line += 1
                isLineStart = true
            }
            text.append(c)
            position += 1
        }
        throw error("unterminated shader source")
    }

    // MARK: Tokens

    func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

    mutating func consume(_ text: String) -> Bool {
        skipSpaceAndComments()
        let utf8 = Array(text.utf8)
        guard position + utf8.count <= bytes.count, Array(bytes[position..<position + utf8.count]) == utf8 else {
            return false
        }
        position += utf8.count
        return true
    }

    mutating func expect(_ text: String) throws(ShaderLibraryParseError) {
        guard consume(text) else {
            let found = peek().map { String(UnicodeScalar($0)) } ?? "end of file"
            throw error("expected '\(text)', found '\(found)'")
        }
    }

    mutating func identifier() throws(ShaderLibraryParseError) -> String {
        skipSpaceAndComments()
        let start = position
        while let c = peek(), isIdentifierStart(c) || (c >= 48 && c <= 57) { position += 1 }
        guard position > start else {
            let found = peek().map { String(UnicodeScalar($0)) } ?? "end of file"
            throw error("expected a word, found '\(found)'")
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// A variable name, possibly a uniform path such as `val.a` or `arr[1].b`.
    mutating func uniformPath() throws(ShaderLibraryParseError) -> String {
        var path = try identifier()
        while let c = peek(), c == UInt8(ascii: ".") || c == UInt8(ascii: "[") {
            position += 1
            if c == UInt8(ascii: ".") {
                path += "." + (try identifier())
            } else {
                let start = position
                while let d = peek(), d != UInt8(ascii: "]") { position += 1 }
                path += "[" + String(decoding: bytes[start..<position], as: UTF8.self) + "]"
                try expect("]")
            }
        }
        return path
    }

    mutating func quotedString() throws(ShaderLibraryParseError) -> String {
        skipSpaceAndComments()
        guard peek() == UInt8(ascii: "\"") else { throw error("expected a quoted string") }
        position += 1
        let start = position
        while let c = peek(), c != UInt8(ascii: "\"") {
            if c == UInt8(ascii: "\n") { line += 1 }
            position += 1
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        position += 1
        return text
    }

    mutating func restOfLine() -> String {
        while let c = peek(), c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") { position += 1 }
        let start = position
        while let c = peek(), c != UInt8(ascii: "\n") { position += 1 }
        return String(decoding: bytes[start..<position], as: UTF8.self).trimmingTrailingSpace()
    }

    mutating func skipSpaceAndComments() {
        while let c = peek() {
            if c == UInt8(ascii: "\n") {
                line += 1
                position += 1
            } else if c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") || c == UInt8(ascii: "\r") {
                position += 1
            } else if c == UInt8(ascii: "#") {
                while let d = peek(), d != UInt8(ascii: "\n") { position += 1 }
            } else {
                return
            }
        }
    }

    func isIdentifierStart(_ c: UInt8) -> Bool {
        (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == UInt8(ascii: "_")
    }

    func isNumberByte(_ c: UInt8) -> Bool {
        (c >= 48 && c <= 57) || c == UInt8(ascii: ".") || c == UInt8(ascii: "-") || c == UInt8(ascii: "+")
            || c == UInt8(ascii: "e") || c == UInt8(ascii: "E")
    }
}

extension String {
    fileprivate func trimmingTrailingSpace() -> String {
        var s = Substring(self)
        while let last = s.last, last == " " || last == "\t" || last == "\r" { s = s.dropLast() }
        return String(s)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
