import Foundation

/// A pipeline file: a small line-based description of an image graph with named nodes, several
/// inputs and several outputs (see `docs/pipeline-format.md`).
///
/// ```
/// # SpookCam, plus a soft copy
/// set mix = 0.5
/// input photo = photo.jpg
/// input ghost = ghost.png
/// spooky = alpha-blend:mixturePercent=$mix <- photo, ghost
/// gray   = grayscale <- spooky
/// soft   = gaussian-blur:sigma=2 <- gray
/// output spooky.png <- gray
/// output soft.jpg quality=85 <- soft
/// ```
///
/// One statement per line; `#` at the start of a line or after a space starts a comment.
/// A name must be defined on a line above the one that uses it, so a pipeline has no cycles.
struct PipelineFile: Equatable {
    /// An image file read as a source.
    struct Input: Equatable {
        var name: String
        var path: String
        var line: Int
    }

    /// A filter or shader step fed by earlier nodes at texture locations 0, 1, ….
    struct Node: Equatable {
        var name: String
        var step: ChainStep
        var sources: [String]
        var line: Int
    }

    /// An image file written from a node.
    struct Output: Equatable {
        var path: String
        var source: String
        var quality: Int?
        var line: Int
    }

    /// The file's name, for messages.
    var fileName: String
    var inputs: [Input] = []
    var nodes: [Node] = []
    var outputs: [Output] = []

    /// A mistake in the file, located at a line.
    struct ParseError: Error, Equatable {
        var line: Int
        var message: String
    }

    /// Parses `text`.
    ///
    /// - Parameters:
    ///   - text: the file's contents.
    ///   - fileName: the name used in errors.
    ///   - overrides: `--set NAME=VALUE` values; they win over the file's `set` lines.
    /// - Throws: every `ParseError` found, in line order (parsing goes on after a bad line).
    init(parsing text: String, fileName: String, overrides: [String: String] = [:]) throws(PipelineErrors) {
        self.fileName = fileName
        var variables = overrides
        var names: [String: Int] = [:]
        var errors: [ParseError] = []
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineNumber = offset + 1
            let line = PipelineFile.removingComment(String(rawLine)).trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            do throws(ParseError) {
                if line.hasPrefix("set ") || line.hasPrefix("set\t") {
                    let (name, value) = try PipelineFile.assignment(String(line.dropFirst(3)), line: lineNumber, what: "set NAME = VALUE")
                    if overrides[name] == nil { variables[name] = value }
                    continue
                }
                let expanded = try PipelineFile.substituting(variables, in: line, line: lineNumber)
                if expanded.hasPrefix("input ") || expanded.hasPrefix("input\t") {
                    let (name, path) = try PipelineFile.assignment(
                        String(expanded.dropFirst(5)), line: lineNumber, what: "input NAME = IMAGE")
                    try PipelineFile.define(name, at: lineNumber, in: &names)
                    inputs.append(Input(name: name, path: path, line: lineNumber))
                } else if expanded.hasPrefix("output ") || expanded.hasPrefix("output\t") {
                    outputs.append(try PipelineFile.output(String(expanded.dropFirst(6)), line: lineNumber, names: names))
                } else {
                    let node = try PipelineFile.node(expanded, line: lineNumber, names: names)
                    try PipelineFile.define(node.name, at: lineNumber, in: &names)
                    nodes.append(node)
                }
            } catch {
                errors.append(error)
            }
        }
        if errors.isEmpty && outputs.isEmpty {
            errors.append(ParseError(line: max(1, text.split(separator: "\n", omittingEmptySubsequences: false).count), message: "the pipeline has no output line (output FILE <- NODE)"))
        }
        guard errors.isEmpty else { throw PipelineErrors(fileName: fileName, errors: errors) }
    }

    static func removingComment(_ line: String) -> String {
        var previous: Character = " "
        for index in line.indices {
            if line[index] == "#" && (previous == " " || previous == "\t") { return String(line[..<index]) }
            previous = line[index]
        }
        return line
    }

    static func isName(_ text: String) -> Bool {
        guard let first = text.first, first.isLetter || first == "_" else { return false }
        return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
    }

    /// `NAME = VALUE`.
    static func assignment(_ text: String, line: Int, what: String) throws(ParseError) -> (String, String) {
        guard let equals = text.firstIndex(of: "=") else {
            throw ParseError(line: line, message: "expected '\(what)', found '\(text.trimmingCharacters(in: .whitespaces))'")
        }
        let name = text[..<equals].trimmingCharacters(in: .whitespaces)
        let value = text[text.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        guard isName(name) else { throw ParseError(line: line, message: "'\(name)' is not a name (letters, digits, '_' or '-')") }
        guard !value.isEmpty else { throw ParseError(line: line, message: "expected a value after '\(name) ='") }
        return (name, value)
    }

    /// Replaces `$name` and `${name}`.
    static func substituting(_ variables: [String: String], in line: String, line number: Int) throws(ParseError) -> String {
        var result = ""
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            guard character == "$" else {
                result.append(character)
                index = line.index(after: index)
                continue
            }
            var nameStart = line.index(after: index)
            var braced = false
            if nameStart < line.endIndex && line[nameStart] == "{" {
                braced = true
                nameStart = line.index(after: nameStart)
            }
            var nameEnd = nameStart
            while nameEnd < line.endIndex, line[nameEnd].isLetter || line[nameEnd].isNumber || line[nameEnd] == "_" {
                nameEnd = line.index(after: nameEnd)
            }
            let name = String(line[nameStart..<nameEnd])
            if braced {
                guard nameEnd < line.endIndex, line[nameEnd] == "}" else {
                    throw ParseError(line: number, message: "expected '}' after '${\(name)'")
                }
                nameEnd = line.index(after: nameEnd)
            }
            guard !name.isEmpty else { throw ParseError(line: number, message: "expected a variable name after '$'") }
            guard let value = variables[name] else {
                throw ParseError(line: number, message: "no variable '\(name)' (add 'set \(name) = VALUE' or --set \(name)=VALUE)")
            }
            result += value
            index = nameEnd
        }
        return result
    }

    static func define(_ name: String, at line: Int, in names: inout [String: Int]) throws(ParseError) {
        if let first = names[name] {
            throw ParseError(line: line, message: "'\(name)' is already defined on line \(first)")
        }
        names[name] = line
    }

    static func checkKnown(_ name: String, line: Int, names: [String: Int]) throws(ParseError) {
        guard names[name] == nil else { return }
        var best: (name: String, distance: Int)?
        for candidate in names.keys.sorted() {
            let distance = editDistance(candidate, name)
            if distance <= max(2, name.count / 3) && distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        let suggestion = best.map { "; did you mean '\($0.name)'?" } ?? ""
        throw ParseError(line: line, message: "no node or input named '\(name)' above this line\(suggestion)")
    }

    /// `NAME = STEP <- SOURCE, SOURCE…`.
    static func node(_ text: String, line: Int, names: [String: Int]) throws(ParseError) -> Node {
        guard let equals = text.firstIndex(of: "=") else {
            throw ParseError(line: line, message: "expected 'input NAME = IMAGE', 'NAME = STEP <- SOURCES', 'output FILE <- NODE' or 'set NAME = VALUE', found '\(text)'")
        }
        let name = text[..<equals].trimmingCharacters(in: .whitespaces)
        guard isName(name) else { throw ParseError(line: line, message: "'\(name)' is not a name (letters, digits, '_' or '-')") }
        let rest = String(text[text.index(after: equals)...])
        guard let arrow = rest.range(of: "<-") else {
            throw ParseError(line: line, message: "expected '<- SOURCE' after the step of '\(name)'")
        }
        let stepText = rest[..<arrow.lowerBound].trimmingCharacters(in: .whitespaces)
        guard !stepText.isEmpty else { throw ParseError(line: line, message: "expected a filter or shader after '\(name) ='") }
        let step: ChainStep
        do { step = try ChainStep(parsing: stepText) } catch { throw ParseError(line: line, message: error.message) }
        let sources = rest[arrow.upperBound...].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard !sources.isEmpty, !sources.contains(where: \.isEmpty) else {
            throw ParseError(line: line, message: "expected SOURCE[, SOURCE...] after '<-'")
        }
        for source in sources { try checkKnown(source, line: line, names: names) }
        return Node(name: name, step: step, sources: sources, line: line)
    }

    /// `output FILE [quality=Q] <- NODE`.
    static func output(_ text: String, line: Int, names: [String: Int]) throws(ParseError) -> Output {
        guard let arrow = text.range(of: "<-") else {
            throw ParseError(line: line, message: "expected 'output FILE <- NODE'")
        }
        var words = text[..<arrow.lowerBound].split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard !words.isEmpty else { throw ParseError(line: line, message: "expected a file name after 'output'") }
        let path = words.removeFirst()
        var quality: Int?
        for word in words {
            guard word.hasPrefix("quality="), let value = Int(word.dropFirst(8)), (1...100).contains(value) else {
                throw ParseError(line: line, message: "expected 'quality=1...100' after the output file, found '\(word)'")
            }
            quality = value
        }
        let source = text[arrow.upperBound...].trimmingCharacters(in: .whitespaces)
        guard !source.isEmpty, !source.contains(",") else {
            throw ParseError(line: line, message: "expected one NODE after '<-' in an output line")
        }
        try checkKnown(source, line: line, names: names)
        return Output(path: path, source: source, quality: quality, line: line)
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.lowercased()), b = Array(b.lowercased())
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}

/// Every mistake found in a pipeline file, rendered `file:line: error: message` with the line.
struct PipelineErrors: Error, Equatable {
    var fileName: String
    var errors: [PipelineFile.ParseError]

    /// The errors as the compiler prints them, with each offending line quoted.
    func rendered(source: String) -> String {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        return errors.map { error in
            var text = "\(fileName):\(error.line): error: \(error.message)\n"
            if error.line - 1 < lines.count { text += "    " + lines[error.line - 1] + "\n" }
            return text
        }.joined()
    }
}

/// The pipeline-file parser as the fuzz target `fuzz-testfiles` calls it (it compiles this file
/// through a symbolic link): parses `text`, reading and writing no file, and returns the
/// rendered errors, or `nil` when it parses.
func parsePipelineForFuzzing(_ text: String) -> String? {
    do {
        let file = try PipelineFile(parsing: text, fileName: "fuzz.pipeline", overrides: ["x": "1"])
        _ = file.nodes.count + file.inputs.count + file.outputs.count
        return nil
    } catch {
        return "\(error)"
    }
}
