import FilterHeaders
import Testing

/// Malformed headers raise their specific `FilterHeaderError`, with the line.
@Suite("Filter header grammar")
struct FilterHeaderTests {
    static let valid = """
        // filter: demo
        // title: Demo
        // category: color
        // summary: a demo
        // inputs: 1
        // parameter: amount float default 0.5 range 0.0...1.0 -- how much
        precision highp float;
        """

    /// Parses `valid` with line `line` (1-based) replaced by `replacement` (nil removes it).
    func parse(
        replacing line: Int? = nil, with replacement: String? = nil, appending extra: [String] = []
    ) throws(FilterHeaderError) -> FilterDescription {
        var lines = Self.valid.split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
        if let line {
            if let replacement { lines[line - 1] = replacement } else { lines.remove(at: line - 1) }
        }
        lines.insert(contentsOf: extra, at: lines.count - 1)
        return try FilterDescription(
            parsingHeaderOf: lines.joined(separator: "\n"), file: "Filters/Demo.fsh")
    }

    func expectReason(
        _ reason: FilterHeaderError.Reason, line: Int,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () throws(FilterHeaderError) -> FilterDescription
    ) {
        do {
            let parsed = try body()
            Issue.record(
                "expected \(reason), parsed \(parsed.name)", sourceLocation: sourceLocation)
        } catch {
            #expect(error.reason == reason, sourceLocation: sourceLocation)
            #expect(error.line == line, sourceLocation: sourceLocation)
        }
    }

    @Test("the valid header parses, with a continuation line and the body after it")
    func valid() throws {
        let filter = try parse(appending: [
            "// formula: out = in", "//   + amount", "//", "// not header",
        ])
        #expect(filter.name == "demo" && filter.formula == "out = in + amount")
        #expect(filter.parameters[0].help == "how much")
        #expect(
            filter.passes == [
                FilterPass(number: 1, shader: .this, inputs: [.input(1)], assignments: [])
            ])
        #expect(filter.body.hasPrefix("// not header"))
    }

    @Test("line-level errors")
    func lineErrors() {
        expectReason(.malformedLine("//x"), line: 2) { () throws(FilterHeaderError) in
            try parse(replacing: 2, with: "//x")
        }
        expectReason(.malformedLine("// Title: Demo"), line: 2) { () throws(FilterHeaderError) in
            try parse(replacing: 2, with: "// Title: Demo")
        }
        expectReason(.unknownKey("colour"), line: 3) { () throws(FilterHeaderError) in
            try parse(replacing: 3, with: "// colour: red")
        }
        expectReason(.malformedLine("//   orphan"), line: 1) { () throws(FilterHeaderError) in
            try parse(replacing: 1, with: "//   orphan")
        }
    }

    @Test("key counts")
    func keyCounts() {
        expectReason(.keyCount(key: "title", count: 0), line: 0) { () throws(FilterHeaderError) in
            try parse(replacing: 2)
        }
        expectReason(.keyCount(key: "summary", count: 2), line: 7) { () throws(FilterHeaderError) in
            try parse(appending: ["// summary: again"])
        }
    }

    @Test("invalid values")
    func invalidValues() {
        expectReason(
            .invalidValue(
                key: "category", value: "colour",
                expected: "color, processing, blend, effect, generator"), line: 3
        ) { () throws(FilterHeaderError) in
            try parse(replacing: 3, with: "// category: colour")
        }
        expectReason(
            .invalidValue(key: "filter", value: "Demo", expected: "a lowerCamelCase name"), line: 1
        ) { () throws(FilterHeaderError) in
            try parse(replacing: 1, with: "// filter: Demo")
        }
        expectReason(.invalidValue(key: "inputs", value: "10", expected: "a count 0-9"), line: 5) {
            () throws(FilterHeaderError) in
            try parse(replacing: 5, with: "// inputs: 10")
        }
        let bad = [
            "// parameter: amount float default 0.5,0.5",
            "// parameter: amount vec5 default 0.5",
            "// parameter: amount int default 0.5",
            "// parameter: amount bool default 2",
            "// parameter: amount color default 1,1",
            "// parameter: amount mat3[2] default 1",
            "// parameter: amount float default 1.",
            "// parameter: amount float default 0.5 range 1.0...0.0",
            "// parameter: amount float 0.5",
        ]
        for line in bad {
            do {
                _ = try parse(replacing: 6, with: line)
                Issue.record("accepted '\(line)'")
            } catch {
                guard case .invalidValue(key: "parameter", _, _) = error.reason else {
                    Issue.record("'\(line)': \(error)")
                    continue
                }
                #expect(error.line == 6)
            }
        }
    }

    @Test("cross-references")
    func references() {
        expectReason(.unknownReference(key: "example", name: "parameter 'amout'"), line: 7) {
            () throws(FilterHeaderError) in
            try parse(appending: ["// example: amout=1.0"])
        }
        expectReason(
            .invalidValue(key: "example", value: "amount=1,2", expected: "1 numbers"), line: 7
        ) { () throws(FilterHeaderError) in
            try parse(appending: ["// example: amount=1,2"])
        }
        expectReason(.unknownReference(key: "output", name: "vec4 parameter 'amount'"), line: 7) {
            () throws(FilterHeaderError) in
            try parse(appending: ["// output: region amount"])
        }
        expectReason(.duplicate(key: "parameter", name: "amount"), line: 7) {
            () throws(FilterHeaderError) in
            try parse(appending: ["// parameter: amount float default 1.0"])
        }
        expectReason(.unknownReference(key: "input", name: "input 2"), line: 7) {
            () throws(FilterHeaderError) in
            try parse(appending: ["// input: 2 mask"])
        }
        expectReason(
            .invalidValue(
                key: "output", value: "input", expected: "'given' for a generator (inputs: 0)"),
            line: 0
        ) { () throws(FilterHeaderError) in
            try parse(replacing: 5, with: "// inputs: 0")
        }
    }

    @Test("passes")
    func passes() throws {
        let two = try parse(appending: [
            "// passes: 2", "// pass: 1 gaussianBlur input=input1 direction=1.0,0.0 sigma=$amount",
            "// pass: 2 self input=input1,pass1",
        ])
        #expect(two.passes[0].shader == .filter("gaussianBlur"))
        #expect(
            two.passes[0].assignments == [
                PassAssignment(uniform: "direction", value: .literal([1, 0])),
                PassAssignment(uniform: "sigma", value: .parameter("amount")),
            ])
        #expect(two.passes[1].inputs == [.input(1), .pass(1)])
        expectReason(.passNumbering(expected: 2, found: 3), line: 9) {
            () throws(FilterHeaderError) in
            try parse(appending: ["// passes: 2", "// pass: 1 self", "// pass: 3 self"])
        }
        expectReason(.unknownReference(key: "pass", name: "earlier pass 'pass2'"), line: 9) {
            () throws(FilterHeaderError) in
            try parse(appending: ["// passes: 2", "// pass: 1 self", "// pass: 2 self input=pass2"])
        }
        expectReason(.unknownReference(key: "pass", name: "parameter 'sigma'"), line: 8) {
            () throws(FilterHeaderError) in
            try parse(appending: ["// passes: 1", "// pass: 1 self sigma=$sigma"])
        }
        expectReason(.keyCount(key: "pass", count: 1), line: 7) { () throws(FilterHeaderError) in
            try parse(appending: ["// passes: 2", "// pass: 1 self"])
        }
    }

    @Test("an error renders as file:line: error: reason")
    func rendering() {
        let error = FilterHeaderError(
            file: "Filters/Demo.fsh", line: 3, reason: .unknownKey("colour"))
        #expect(error.description == "Filters/Demo.fsh:3: error: unknown key 'colour'")
    }
}
