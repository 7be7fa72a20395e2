import Foundation

extension FilterDescription {
    /// Parses the header of a built-in filter's shader (the grammar of
    /// `Shaders/Filters/README.md`).
    ///
    /// - Parameters:
    ///   - text: the whole shader file.
    ///   - file: the file's path relative to `Shaders/` (`Filters/GaussianBlur.fsh`), used in
    ///     errors and kept as `FilterDescription.file`.
    /// - Throws: `FilterHeaderError` for the first problem found, with its line.
    public init(parsingHeaderOf text: String, file: String) throws(FilterHeaderError) {
        var parser = FilterHeaderParser(file: file)
        self = try parser.parse(text)
    }
}

/// One key line of a header with its continuations joined.
struct HeaderEntry {
    var key: String
    var value: String
    var line: Int
}

/// Turns header lines into a `FilterDescription`, checking the grammar as it goes.
struct FilterHeaderParser {
    let file: String

    static let keys: Set<String> = [
        "filter", "title", "category", "summary", "formula", "inputs", "input", "vertex",
        "output", "parameter", "passes", "pass", "example", "note",
    ]

    func error(_ line: Int, _ reason: FilterHeaderError.Reason) -> FilterHeaderError {
        FilterHeaderError(file: file, line: line, reason: reason)
    }

    // MARK: Lines

    /// Splits the header into key entries (continuations appended) and returns the body.
    func entries(_ text: String) throws(FilterHeaderError) -> (entries: [HeaderEntry], body: String)
    {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var entries: [HeaderEntry] = []
        var index = 0
        while index < lines.count {
            var line = Substring(lines[index])
            if line.hasSuffix("\r") { line = line.dropLast() }
            guard line.hasPrefix("//"), line != "//" else { break }
            let number = index + 1
            if line.hasPrefix("//   ") {
                let text = line.dropFirst(2).drop { $0 == " " }
                guard !entries.isEmpty, !text.isEmpty else {
                    throw error(number, .malformedLine(String(line)))
                }
                entries[entries.count - 1].value += " " + text
            } else if line.hasPrefix("// "), let colon = line.firstIndex(of: ":") {
                let key = line[line.index(line.startIndex, offsetBy: 3)..<colon]
                guard let first = key.first, first.isASCII, first.isLowercase,
                    key.allSatisfy({ $0.isASCII && $0.isLetter })
                else { throw error(number, .malformedLine(String(line))) }
                let rest = line[line.index(after: colon)...]
                guard rest.isEmpty || rest.hasPrefix(" ") else {
                    throw error(number, .malformedLine(String(line)))
                }
                guard Self.keys.contains(String(key)) else {
                    throw error(number, .unknownKey(String(key)))
                }
                entries.append(
                    HeaderEntry(key: String(key), value: rest.trimmingSpaces, line: number))
            } else {
                throw error(number, .malformedLine(String(line)))
            }
            index += 1
        }
        // A line that is exactly `//` closes the header and belongs to neither part.
        if index < lines.count, lines[index] == "//" || lines[index] == "//\r" { index += 1 }
        let body = lines[index...].joined(separator: "\n")
        return (entries, body)
    }

    // MARK: The whole header

    mutating func parse(_ text: String) throws(FilterHeaderError) -> FilterDescription {
        let (entries, body) = try entries(text)
        func all(_ key: String) -> [HeaderEntry] { entries.filter { $0.key == key } }
        func one(_ key: String) throws(FilterHeaderError) -> HeaderEntry {
            let found = all(key)
            guard found.count == 1 else {
                throw error(
                    found.count > 1 ? found[1].line : 0, .keyCount(key: key, count: found.count))
            }
            return found[0]
        }
        func optional(_ key: String) throws(FilterHeaderError) -> HeaderEntry? {
            let found = all(key)
            guard found.count <= 1 else {
                throw error(found[1].line, .keyCount(key: key, count: found.count))
            }
            return found.first
        }

        let nameEntry = try one("filter")
        let name = nameEntry.value
        guard let first = name.first, first.isASCII, first.isLowercase,
            name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
        else {
            throw error(
                nameEntry.line,
                .invalidValue(key: "filter", value: name, expected: "a lowerCamelCase name"))
        }

        let title = try one("title").value
        let categoryEntry = try one("category")
        guard let category = FilterCategory(rawValue: categoryEntry.value) else {
            throw error(
                categoryEntry.line,
                .invalidValue(
                    key: "category", value: categoryEntry.value,
                    expected: FilterCategory.allCases.map(\.rawValue).joined(separator: ", ")))
        }
        let summary = try one("summary").value
        let formula = try optional("formula")?.value

        let inputsEntry = try one("inputs")
        guard let inputCount = Int(inputsEntry.value), (0...9).contains(inputCount),
            inputsEntry.value.allSatisfy(\.isNumber)
        else {
            throw error(
                inputsEntry.line,
                .invalidValue(key: "inputs", value: inputsEntry.value, expected: "a count 0-9"))
        }
        var inputs = (1...max(inputCount, 1)).prefix(inputCount).map {
            FilterInput(name: "input\($0)", help: nil)
        }
        var namedInputs: Set<Int> = []
        for entry in all("input") {
            let (text, help) = splitHelp(entry.value)
            let words = text.split(separator: " ")
            guard words.count == 2, let k = Int(words[0]), isIdentifier(words[1]) else {
                throw error(
                    entry.line,
                    .invalidValue(
                        key: "input", value: entry.value, expected: "'N name [-- description]'"))
            }
            guard (1...max(inputCount, 1)).contains(k), k <= inputCount else {
                throw error(entry.line, .unknownReference(key: "input", name: "input \(k)"))
            }
            guard namedInputs.insert(k).inserted else {
                throw error(entry.line, .duplicate(key: "input", name: "\(k)"))
            }
            inputs[k - 1] = FilterInput(name: String(words[1]), help: help)
        }

        let vertex = try optional("vertex")?.value

        var parameters: [FilterParameter] = []
        for entry in all("parameter") {
            let parameter = try parseParameter(entry)
            guard !parameters.contains(where: { $0.name == parameter.name }) else {
                throw error(entry.line, .duplicate(key: "parameter", name: parameter.name))
            }
            parameters.append(parameter)
        }

        let output = try parseOutput(
            try optional("output"), parameters: parameters, inputCount: inputCount)

        var example: [String: [Float]] = [:]
        if let entry = try optional("example") {
            for setting in entry.value.split(separator: " ") {
                let parts = setting.split(
                    separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2 else {
                    throw error(
                        entry.line,
                        .invalidValue(
                            key: "example", value: String(setting), expected: "'name=values'"))
                }
                guard let parameter = parameters.first(where: { $0.name == parts[0] }) else {
                    throw error(
                        entry.line,
                        .unknownReference(key: "example", name: "parameter '\(parts[0])'"))
                }
                guard let values = numbers(parts[1]), values.count == parameter.componentCount
                else {
                    throw error(
                        entry.line,
                        .invalidValue(
                            key: "example", value: String(setting),
                            expected: "\(parameter.componentCount) numbers"))
                }
                example[parameter.name] = values
            }
        }

        let passes = try parsePasses(
            count: try optional("passes"), lines: all("pass"), inputCount: inputCount,
            parameters: parameters)

        return FilterDescription(
            name: name, title: title, category: category, summary: summary, formula: formula,
            inputs: inputs, vertexShader: vertex, output: output, parameters: parameters,
            passes: passes, example: example, notes: all("note").map(\.value), file: file,
            body: body)
    }

    // MARK: Parameters

    func parseParameter(_ entry: HeaderEntry) throws(FilterHeaderError) -> FilterParameter {
        let (text, help) = splitHelp(entry.value)
        let words = text.split(separator: " ").map(String.init)
        func invalid(_ expected: String) -> FilterHeaderError {
            error(
                entry.line, .invalidValue(key: "parameter", value: entry.value, expected: expected))
        }
        guard words.count == 4 || words.count == 6, words[2] == "default",
            isIdentifier(words[0][...])
        else {
            throw invalid("'name type default values [range min...max] [-- help]'")
        }
        var typeName = words[1][...]
        var arrayCount: Int?
        if let open = typeName.firstIndex(of: "[") {
            guard typeName.hasSuffix("]"),
                let count = Int(
                    typeName[
                        typeName.index(after: open)..<typeName.index(before: typeName.endIndex)]),
                count > 0
            else { throw invalid("an array type such as 'vec2[16]'") }
            arrayCount = count
            typeName = typeName[..<open]
        }
        guard let type = ParameterType(rawValue: String(typeName)) else {
            throw invalid(
                "a type: " + ParameterType.allCases.map(\.rawValue).joined(separator: ", "))
        }
        if arrayCount != nil, ![.float, .int, .vec2, .vec3, .vec4].contains(type) {
            throw invalid("arrays of float, int, vec2, vec3 or vec4 only")
        }
        guard let values = numbers(words[3][...]) else {
            throw invalid("default values: numbers separated by ','")
        }
        let perElement = type == .color ? values.count : type.fixedComponentCount
        if type == .color, values.count != 3, values.count != 4 {
            throw invalid("3 (RGB) or 4 (RGBA) default values for a color")
        }
        guard values.count == perElement * (arrayCount ?? 1) else {
            throw invalid("\(perElement * (arrayCount ?? 1)) default values")
        }
        if type == .int, values.contains(where: { $0 != $0.rounded() }) {
            throw invalid("integer values for an int")
        }
        if type == .bool, values.contains(where: { $0 != 0 && $0 != 1 }) {
            throw invalid("0 or 1 for a bool")
        }
        var range: ClosedRange<Float>?
        if words.count == 6 {
            let bounds = words[5].components(separatedBy: "...")
            guard words[4] == "range", bounds.count == 2,
                let low = number(bounds[0][...]), let high = number(bounds[1][...]), low <= high
            else { throw invalid("'range min...max'") }
            range = low...high
        }
        return FilterParameter(
            name: words[0], type: type, arrayCount: arrayCount, defaultValue: values, range: range,
            help: help)
    }

    // MARK: Output size

    func parseOutput(_ entry: HeaderEntry?, parameters: [FilterParameter], inputCount: Int)
        throws(FilterHeaderError) -> OutputSize
    {
        guard let entry else {
            guard inputCount > 0 else {
                throw error(
                    0,
                    .invalidValue(
                        key: "output", value: "input",
                        expected: "'given' for a generator (inputs: 0)"))
            }
            return .input
        }
        let words = entry.value.split(separator: " ")
        let expected = "'input', 'given [default WxH]' or 'region PARAMETER'"
        let output: OutputSize
        switch (words.first, words.count) {
        case ("input", 1):
            output = .input
        case ("given", 1):
            output = .given(defaultSize: nil)
        case ("given", 3) where words[1] == "default":
            let size = words[2].split(separator: "x")
            guard size.count == 2, let w = Int(size[0]), let h = Int(size[1]), w > 0, h > 0 else {
                throw error(
                    entry.line,
                    .invalidValue(key: "output", value: entry.value, expected: "a size 'WxH'"))
            }
            output = .given(defaultSize: PixelSize(width: w, height: h))
        case ("region", 2):
            guard let parameter = parameters.first(where: { $0.name == words[1] }),
                parameter.type == .vec4,
                parameter.arrayCount == nil
            else {
                throw error(
                    entry.line,
                    .unknownReference(key: "output", name: "vec4 parameter '\(words[1])'"))
            }
            output = .region(parameter: parameter.name)
        default:
            throw error(
                entry.line, .invalidValue(key: "output", value: entry.value, expected: expected))
        }
        if inputCount == 0, case .given = output {
        } else if inputCount == 0 {
            throw error(
                entry.line,
                .invalidValue(
                    key: "output", value: entry.value,
                    expected: "'given' for a generator (inputs: 0)"))
        }
        return output
    }

    // MARK: Passes

    func parsePasses(
        count: HeaderEntry?, lines: [HeaderEntry], inputCount: Int, parameters: [FilterParameter]
    ) throws(FilterHeaderError) -> [FilterPass] {
        var passCount = 1
        if let count {
            guard let n = Int(count.value), n > 0, count.value.allSatisfy(\.isNumber) else {
                throw error(
                    count.line,
                    .invalidValue(key: "passes", value: count.value, expected: "a positive number"))
            }
            passCount = n
        }
        if lines.isEmpty {
            guard passCount == 1 else {
                throw error(count?.line ?? 0, .passNumbering(expected: 1, found: 0))
            }
            return [
                FilterPass(
                    number: 1, shader: .this,
                    inputs: (1...max(inputCount, 1)).prefix(inputCount).map { .input($0) },
                    assignments: [])
            ]
        }
        guard lines.count == passCount else {
            throw error(
                lines.count > passCount ? lines[passCount].line : count?.line ?? 0,
                .keyCount(key: "pass", count: lines.count))
        }
        var passes: [FilterPass] = []
        for (index, entry) in lines.enumerated() {
            let words = entry.value.split(separator: " ")
            guard words.count >= 2, let number = Int(words[0]) else {
                throw error(
                    entry.line,
                    .invalidValue(
                        key: "pass", value: entry.value,
                        expected: "'N shader [input=…] [uniform=value …]'"))
            }
            guard number == index + 1 else {
                throw error(entry.line, .passNumbering(expected: index + 1, found: number))
            }
            let shader: PassShader
            if words[1] == "self" {
                shader = .this
            } else if isIdentifier(words[1]) {
                shader = .filter(String(words[1]))
            } else {
                throw error(
                    entry.line,
                    .invalidValue(
                        key: "pass", value: String(words[1]), expected: "'self' or a filter name"))
            }
            var sources: [PassSource] = inputCount > 0 ? [.input(1)] : []
            var assignments: [PassAssignment] = []
            for word in words.dropFirst(2) {
                let parts = word.split(
                    separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2, isIdentifier(parts[0]), !parts[1].isEmpty else {
                    throw error(
                        entry.line,
                        .invalidValue(key: "pass", value: String(word), expected: "'name=value'"))
                }
                if parts[0] == "input" {
                    sources = []
                    for source in parts[1].split(separator: ",", omittingEmptySubsequences: false) {
                        if source.hasPrefix("input"), let k = Int(source.dropFirst(5)),
                            (1...9).contains(k)
                        {
                            guard k <= inputCount else {
                                throw error(
                                    entry.line,
                                    .unknownReference(key: "pass", name: "input '\(source)'"))
                            }
                            sources.append(.input(k))
                        } else if source.hasPrefix("pass"), let j = Int(source.dropFirst(4)), j >= 1
                        {
                            guard j < number else {
                                throw error(
                                    entry.line,
                                    .unknownReference(key: "pass", name: "earlier pass '\(source)'")
                                )
                            }
                            sources.append(.pass(j))
                        } else {
                            throw error(
                                entry.line,
                                .invalidValue(
                                    key: "pass", value: String(source),
                                    expected: "'inputK' or 'passJ'"))
                        }
                    }
                } else if parts[1].hasPrefix("$") {
                    let name = parts[1].dropFirst()
                    guard parameters.contains(where: { $0.name == name }) else {
                        throw error(
                            entry.line, .unknownReference(key: "pass", name: "parameter '\(name)'"))
                    }
                    assignments.append(
                        PassAssignment(uniform: String(parts[0]), value: .parameter(String(name))))
                } else {
                    guard let values = numbers(parts[1]) else {
                        throw error(
                            entry.line,
                            .invalidValue(
                                key: "pass", value: String(word),
                                expected: "numbers or '$parameter'"))
                    }
                    assignments.append(
                        PassAssignment(uniform: String(parts[0]), value: .literal(values)))
                }
            }
            passes.append(
                FilterPass(
                    number: number, shader: shader, inputs: sources, assignments: assignments))
        }
        return passes
    }

    // MARK: Small pieces

    /// Splits `text -- help` at the first ` -- `.
    func splitHelp(_ value: String) -> (String, String?) {
        guard let range = value.range(of: " -- ") else { return (value, nil) }
        return (
            String(value[..<range.lowerBound]), String(value[range.upperBound...]).trimmingSpaces
        )
    }

    func isIdentifier(_ text: Substring) -> Bool {
        guard let first = text.first, first.isASCII, first.isLetter || first == "_" else {
            return false
        }
        return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }

    /// `number { "," number }`, no spaces.
    func numbers(_ text: Substring) -> [Float]? {
        var values: [Float] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let value = number(part) else { return nil }
            values.append(value)
        }
        return values
    }

    /// `[+-] digits [. digits] [exponent]`.
    func number(_ text: Substring) -> Float? {
        var rest = text[...]
        if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return nil }
        rest = rest.dropFirst(digits.count)
        if rest.first == "." {
            let fraction = rest.dropFirst().prefix { $0.isASCII && $0.isNumber }
            guard !fraction.isEmpty else { return nil }
            rest = rest.dropFirst(1 + fraction.count)
        }
        if rest.first == "e" || rest.first == "E" {
            rest = rest.dropFirst()
            if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
            let exponent = rest.prefix { $0.isASCII && $0.isNumber }
            guard !exponent.isEmpty else { return nil }
            rest = rest.dropFirst(exponent.count)
        }
        guard rest.isEmpty else { return nil }
        return Float(String(text.hasPrefix("+") ? text.dropFirst() : text))
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces.
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
