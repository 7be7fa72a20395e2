import ImageGraph

/// `shade filters [NAME]`: lists the built-in filters, or describes one.
enum FiltersCommand {
    static let subcommand = ShadeCommand.Subcommand(
        name: "filters",
        summary: "list the built-in filters, or show one filter's parameters and formula",
        run: run)

    static let help = """
        usage: shade filters [--category C] [--json]
               shade filters [--json] NAME

        Without a name, lists every built-in filter (name, category, summary), sorted by
        name, and the text step (a caption or watermark drawn with FreeType, not a shader:
        'shade filters text'; not in the --json catalogue). With a name, shows that filter: its summary and formula, inputs, output size,
        passes, and every parameter with its type, default, range and help.

        Names are matched ignoring letter case, and kebab-case works too: 'gaussianBlur',
        'GaussianBlur' and 'gaussian-blur' are the same filter. The filters are built into
        shade (their shaders are embedded at build time from Shaders/Filters), so no source
        tree is needed.

        options:
          --category C  list only one category: color, processing, blend, effect, generator
          --json        print JSON: an array of {"name", "title", "category", "summary",
                        "inputs"} for the list; one object with every header field for NAME
          -h, --help    show this help

        exit status:
          0   listed or shown
          64  bad usage, an unknown category, or no filter of that name (with a suggestion)

        examples:
          $ shade filters
          $ shade filters --category blend
          $ shade filters gaussian-blur
          $ shade filters --json vignette
          $ shade filters gausian-blur
          shade filters: error: no built-in filter named 'gausian-blur'; did you mean 'gaussianBlur'?

        """

    static func run(_ arguments: [String], _ console: Console) -> ExitCode {
        let scanner: ArgumentScanner
        let category: FilterCategory?
        do {
            scanner = try ArgumentScanner(
                arguments,
                options: [
                    .init(names: ["--category"], takesValue: true),
                    .init(names: ["--json"], takesValue: false),
                    .init(names: ["--help", "-h"], takesValue: false),
                ])
            category = try scanner.parsed(
                "--category", as: FilterCategory.allCases.map(\.rawValue).joined(separator: ", ")
            ) { FilterCategory(rawValue: $0.lowercased()) }
        } catch {
            console.standardError("shade filters: error: \(error.message)\n\n" + help)
            return .usage
        }
        if scanner.has("--help") {
            console.standardOutput(help)
            return .success
        }
        let isJSON = scanner.has("--json")
        switch scanner.positionals.count {
        case 0:
            let filters = FilterCatalog.all.filter { category == nil || $0.category == category }
            // The text step is not a shader, so it is not in the catalogue (or its JSON); the
            // plain list shows it with the generators so that it can be found.
            let withText = category == nil || category == .generator
            console.standardOutput(isJSON ? listJSON(filters) : listText(filters, includingText: withText))
            return .success
        case 1:
            if category != nil {
                console.standardError(
                    "shade filters: error: --category lists filters; it does not go with a NAME\n")
                return .usage
            }
            let name = scanner.positionals[0]
            if name.lowercased() == "text" && !isJSON {
                console.standardOutput(TextSettings.description)
                return .success
            }
            guard let filter = FilterCatalog.filter(named: name) else {
                let error = FilterError.unknownFilter(
                    name, suggestion: FilterCatalog.suggestion(for: name))
                console.standardError("shade filters: error: \(error)\n")
                return .usage
            }
            console.standardOutput(isJSON ? detailJSON(filter) : detailText(filter))
            return .success
        default:
            console.standardError(
                "shade filters: error: expected at most one filter name, got \(scanner.positionals.count)\n"
            )
            return .usage
        }
    }

    // MARK: Text

    static func padded(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    static func listText(_ filters: [FilterDescription], includingText: Bool = false) -> String {
        var rows = filters.map { ($0.name, $0.category.rawValue, $0.summary) }
        if includingText { rows.append(("text", FilterCategory.generator.rawValue, TextSettings.summary)) }
        rows.sort { $0.0 < $1.0 }
        let nameWidth = (rows.map(\.0.count).max() ?? 0) + 2
        var out = ""
        for row in rows {
            out += padded(row.0, nameWidth) + padded(row.1, 12) + row.2 + "\n"
        }
        return out
    }

    static func number(_ value: Float) -> String {
        value == value.rounded() && abs(value) < 1e7 ? String(Int(value)) : "\(value)"
    }

    static func values(_ values: [Float]) -> String {
        values.map(number).joined(separator: ",")
    }

    static func outputText(_ output: OutputSize) -> String {
        switch output {
        case .input: "the size of the first input"
        case .given(let size): "given by the caller" + (size.map { ", default \($0)" } ?? "")
        case .region(let parameter): "round(input size * \(parameter).zw)"
        }
    }

    static func passText(_ pass: FilterPass) -> String {
        var text = "\(pass.number): "
        switch pass.shader {
        case .this: text += "self"
        case .filter(let name): text += name
        }
        text += " input=" + pass.inputs.map(\.description).joined(separator: ",")
        for assignment in pass.assignments {
            switch assignment.value {
            case .literal(let numbers): text += " \(assignment.uniform)=\(values(numbers))"
            case .parameter(let name): text += " \(assignment.uniform)=$\(name)"
            }
        }
        return text
    }

    static func detailText(_ filter: FilterDescription) -> String {
        var out = "\(filter.name): \(filter.title) (\(filter.category.rawValue))\n"
        out += "  \(filter.summary)\n\n"
        if let formula = filter.formula { out += "formula: \(formula)\n" }
        let inputs = filter.inputs.map { input in input.name + (input.help.map { " (\($0))" } ?? "")
        }
        out +=
            "inputs:  \(filter.inputCount)"
            + (inputs.isEmpty ? " (a generator)" : ": " + inputs.joined(separator: ", ")) + "\n"
        out += "output:  \(outputText(filter.output))\n"
        if let vertex = filter.vertexShader { out += "vertex:  \(vertex)\n" }
        if filter.passes.count > 1 {
            out += "passes:  \(filter.passes.count)\n"
            for pass in filter.passes { out += "  \(passText(pass))\n" }
        }
        if filter.parameters.isEmpty {
            out += "parameters: none\n"
        } else {
            out += "parameters:\n"
            let nameWidth = (filter.parameters.map(\.name.count).max() ?? 0) + 2
            let typeWidth = (filter.parameters.map(\.glslType.count).max() ?? 0) + 2
            for parameter in filter.parameters {
                var line =
                    "  " + padded(parameter.name, nameWidth)
                    + padded(parameter.type == .color ? "color" : parameter.glslType, typeWidth)
                line += "default " + values(parameter.defaultValue)
                if let range = parameter.range {
                    line += "  range \(number(range.lowerBound))...\(number(range.upperBound))"
                }
                if let help = parameter.help { line += "  -- \(help)" }
                out += line + "\n"
            }
        }
        if !filter.example.isEmpty {
            let settings = filter.parameters.compactMap { p in
                filter.example[p.name].map { "\(p.name)=\(values($0))" }
            }
            out += "example: \(settings.joined(separator: " "))\n"
        }
        for note in filter.notes { out += "note: \(note)\n" }
        out += "shader:  Shaders/\(filter.file)\n"
        let labels = filter.parameters.map { "\($0.name):" }.joined()
        out += "swift:   \(filter.swiftTypeName)(\(labels))\n"
        return out
    }

    // MARK: JSON

    static func numbersJSON(_ values: [Float]) -> String {
        JSON.array(values.map(number))
    }

    static func listJSON(_ filters: [FilterDescription]) -> String {
        JSON.array(
            filters.map { filter in
                JSON.object([
                    ("name", JSON.quoted(filter.name)), ("title", JSON.quoted(filter.title)),
                    ("category", JSON.quoted(filter.category.rawValue)),
                    ("summary", JSON.quoted(filter.summary)),
                    ("inputs", "\(filter.inputCount)"),
                ])
            }) + "\n"
    }

    static func detailJSON(_ filter: FilterDescription) -> String {
        let output: String =
            switch filter.output {
            case .input: JSON.object([("rule", JSON.quoted("input"))])
            case .given(let size):
                JSON.object(
                    [("rule", JSON.quoted("given"))]
                        + (size.map { [("default", JSON.array(["\($0.width)", "\($0.height)"]))] }
                            ?? []))
            case .region(let parameter):
                JSON.object([
                    ("rule", JSON.quoted("region")), ("parameter", JSON.quoted(parameter)),
                ])
            }
        let parameters = filter.parameters.map { p in
            JSON.object([
                ("name", JSON.quoted(p.name)), ("type", JSON.quoted(p.type.rawValue)),
                ("glslType", JSON.quoted(p.glslType)), ("default", numbersJSON(p.defaultValue)),
                ("range", p.range.map { numbersJSON([$0.lowerBound, $0.upperBound]) } ?? "null"),
                ("help", p.help.map(JSON.quoted) ?? "null"),
            ])
        }
        let passes = filter.passes.map { pass in
            let shader: String =
                switch pass.shader {
                case .this: "self"
                case .filter(let name): name
                }
            let uniforms = pass.assignments.map { a -> (String, String) in
                switch a.value {
                case .literal(let numbers): (a.uniform, numbersJSON(numbers))
                case .parameter(let name): (a.uniform, JSON.quoted("$" + name))
                }
            }
            return JSON.object([
                ("shader", JSON.quoted(shader)),
                ("inputs", JSON.array(pass.inputs.map { JSON.quoted($0.description) })),
                ("uniforms", JSON.object(uniforms)),
            ])
        }
        let example = filter.parameters.compactMap { p in
            filter.example[p.name].map { (p.name, numbersJSON($0)) }
        }
        return JSON.object([
            ("name", JSON.quoted(filter.name)), ("title", JSON.quoted(filter.title)),
            ("category", JSON.quoted(filter.category.rawValue)),
            ("summary", JSON.quoted(filter.summary)),
            ("formula", filter.formula.map(JSON.quoted) ?? "null"),
            (
                "inputs",
                JSON.array(
                    filter.inputs.map { i in
                        JSON.object([
                            ("name", JSON.quoted(i.name)),
                            ("help", i.help.map(JSON.quoted) ?? "null"),
                        ])
                    })
            ),
            ("vertex", JSON.quoted(filter.vertexShader(forPassInputCount: filter.inputCount))),
            ("output", output), ("parameters", JSON.array(parameters)),
            ("passes", JSON.array(passes)),
            ("example", JSON.object(example)), ("notes", JSON.array(filter.notes.map(JSON.quoted))),
            ("shader", JSON.quoted("Shaders/" + filter.file)),
            ("swiftType", JSON.quoted(filter.swiftTypeName)),
        ]) + "\n"
    }
}
