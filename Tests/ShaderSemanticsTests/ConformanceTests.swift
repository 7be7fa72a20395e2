import Foundation
import ShaderDiagnostics
import ShaderSemantics
import ShaderSyntax
import Testing

/// One shader under `Tests/Conformance/`, with the expectation its comments state:
/// `// expect: ok`, or `// error: <message substring>` on each line that must have an error.
/// `// check: strict` checks the case with `CheckOptions(isStrict: true)` (Appendix A).
struct ConformanceCase: Sendable, CustomTestStringConvertible {
    /// The path below `Tests/Conformance/`, e.g. `swizzle/swizzle-ok.frag`.
    let name: String
    let url: URL

    var testDescription: String { name }

    /// The repository's `Tests/Conformance` folder, or the folder named by the environment
    /// variable `SHADE_CONFORMANCE_ROOT` (used by `scripts/corpus-vs-mesa` to run other
    /// corpora through the same test).
    static let root: URL = {
        if let override = ProcessInfo.processInfo.environment["SHADE_CONFORMANCE_ROOT"] {
            return URL(fileURLWithPath: override)
        }
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/Conformance")
    }()

    /// Every case, sorted by name.
    static let all: [ConformanceCase] = {
        let fm = FileManager.default
        guard let walker = fm.enumerator(at: root, includingPropertiesForKeys: nil) else {
            return []
        }
        var out: [ConformanceCase] = []
        for case let url as URL in walker
        where ["frag", "vert", "fsh", "vsh"].contains(url.pathExtension) {
            let name = String(url.standardizedFileURL.path.dropFirst(
                root.standardizedFileURL.path.count + 1))
            out.append(ConformanceCase(name: name, url: url))
        }
        return out.sorted { $0.name < $1.name }
    }()
}

/// What a case's comments require.
struct Expectation {
    /// `(line, substring)` for each `// error:` comment.
    var errors: [(line: Int, substring: String)] = []
    /// `true` for `// expect: ok`.
    var isOK = false
    /// `true` for `// check: strict`.
    var isStrict = false

    init(text: String) {
        for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let r = line.range(of: "// error:") {
                errors.append((i + 1, line[r.upperBound...].trimmingCharacters(in: .whitespaces)))
            }
            if line.contains("// expect: ok") { isOK = true }
            if line.contains("// check: strict") { isStrict = true }
        }
    }
}

@Suite("Conformance")
struct ConformanceTests {
    @Test("there are enough conformance cases")
    func caseCount() {
        #expect(ConformanceCase.all.count >= 150)
    }

    @Test("conformance case", arguments: ConformanceCase.all)
    func conformance(_ c: ConformanceCase) throws {
        let text = try String(contentsOf: c.url, encoding: .utf8)
        let expectation = Expectation(text: text)
        #expect(expectation.isOK != !expectation.errors.isEmpty,
                "\(c.name): needs exactly one of '// expect: ok' or '// error:' comments")
        let stage = ShaderStage(pathExtension: c.url.pathExtension) ?? .fragment
        let file = SourceFile(name: c.name, text: text)
        let result = Checker.check(
            parse(file, stage: stage), options: CheckOptions(isStrict: expectation.isStrict))
        let errors = result.errors
        if expectation.isOK {
            #expect(errors.isEmpty, "\(c.name) must check, but:\n\(errors.rendered())")
            #expect(result.shader != nil, "\(c.name): no CheckedShader")
            return
        }
        #expect(result.shader == nil, "\(c.name): invalid shader produced a CheckedShader")
        for (line, substring) in expectation.errors {
            let found = errors.contains { d in
                (d.span == nil || d.span!.location.line == line)
                    && (substring.isEmpty || d.message.contains(substring))
            }
            #expect(found, """
                \(c.name):\(line): expected an error containing "\(substring)", got:
                \(errors.rendered())
                """)
        }
        let expectedLines = Set(expectation.errors.map(\.line))
        for d in errors {
            if let span = d.span {
                #expect(expectedLines.contains(span.location.line),
                        "\(c.name): unexpected error (a cascade?):\n\(d.rendered())")
            }
        }
    }
}
