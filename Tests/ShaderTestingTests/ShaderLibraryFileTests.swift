import Foundation
import Testing
import ShaderTesting

/// The conformance corpora written by others: `$SHADE_CORPORA`, else `../shared/corpora` beside
/// the repository (never copied into it). The suites that read them check that they found files,
/// so a missing folder fails with its path rather than passing.
enum Corpus {
    static let root: URL = {
        if let env = ProcessInfo.processInfo.environment["SHADE_CORPORA"] { return URL(fileURLWithPath: env) }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpora")
    }()

    /// The piglit folders the corpus suites were written for (GLSL ES 1.00, 1.10, 1.20); the
    /// ES 3.00 and 1.30 folders are for the GLSL ES 3.00 work.
    static func isESOneFolder(_ path: String) -> Bool {
        !path.contains("glsl-es-3.00") && !path.contains("glsl-1.30")
    }

    /// The corpus folder `name` (`dEQP-GLES2`, `piglit`, `GPUImage2`), or nil after recording one
    /// issue that names the folder looked for: a missing corpus fails its suite with that line
    /// instead of passing with nothing run.
    static func folder(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) -> URL? {
        let url = root.appendingPathComponent(name)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        guard names.isEmpty else { return url }
        Issue.record(
            "corpus folder missing: \(url.path) (set SHADE_CORPORA to the folder holding dEQP-GLES2/, piglit/ and GPUImage2/)",
            sourceLocation: sourceLocation)
        return nil
    }

    /// The dEQP GLES2 and GLES3 case files.
    static var deqpFiles: [URL] {
        ["dEQP-GLES2", "dEQP-GLES3"].flatMap { suite -> [URL] in
            let folder = root.appendingPathComponent(suite)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return names.filter { $0.hasSuffix(".test") }.sorted().map { folder.appendingPathComponent($0) }
        }
    }

    /// How a known-failure list names program `name` of `file`: GLES3 programs carry a
    /// `dEQP-GLES3:` prefix (the two suites reuse case names).
    static func listedName(_ name: String, in file: URL) -> String {
        file.deletingLastPathComponent().lastPathComponent == "dEQP-GLES3" ? "dEQP-GLES3:" + name : name
    }
}

@Suite struct ShaderLibraryFileTests {
    @Test func parsesAHandWrittenCase() throws {
        let text = """
            # a comment
            group ops "Operators"
                case negate
                    version 100 es
                    desc "negation"
                    values
                    {
                        input vec2 in0 = [ vec2(1.0, -2.0) | vec2(0.5) ];
                        output bool out0 = [ true | false ];
                        uniform mat2 m = mat2(3.0);
                    }
                    both ""
                        void main() { ${SETUP} out0 = in0.x > 0.0; ${OUTPUT} }
                    ""
                end
                case bad
                    expect compile_fail
                    require full_glsl_es_100_support
                    vertex ""
                        void main() {}
                    ""
                end
            end
            """
        let cases = try ShaderLibraryFile.parse(text, fileName: "sample.test")
        #expect(cases.map(\.name) == ["sample.ops.negate", "sample.ops.bad"])
        let negate = cases[0]
        #expect(negate.expectation == .pass)
        #expect(negate.line == 3)
        #expect(negate.rowCount == 2)
        #expect(negate.values[0].rows == [[1, -2], [0.5, 0.5]])
        #expect(negate.values[1].rows == [[1], [0]])
        #expect(negate.values[2].kind == .uniform)
        #expect(negate.values[2].rows == [[3, 0, 0, 3]])
        guard case .both(let source) = negate.sources else {
            Issue.record("expected a 'both' source")
            return
        }
        #expect(source.contains("out0 = in0.x > 0.0;"))
        #expect(cases[1].expectation == .compileFail)
        #expect(cases[1].requirements == ["full_glsl_es_100_support"])
        // The line break after the opening quotes is not part of the text (dEQP numbers the
        // first shader line 1), and every line loses the first line's indentation, as in dEQP.
        #expect(cases[1].sources == .separate(vertex: "void main() {}\n", fragment: nil))
    }

    @Test func readsSourcesWithDEQPsEscapesAndIndentation() throws {
        let text = """
            case joined
                expect pass
                vertex ""
                    float f\\\\
                    oo; // \\\\note \\n
                      x;\tend
                ""
            end
            """
        let cases = try ShaderLibraryFile.parse(text, fileName: "escapes.test")
        #expect(cases.first?.sources == .separate(vertex: "float f\\\noo; // \\note \n\n  x;\tend\n", fragment: nil))
    }

    @Test func reportsTheLineOfAMistake() {
        let text = "case x\n  values {\n    input vec5 a = 1.0;\n  }\nend\n"
        #expect(throws: ShaderLibraryParseError(file: "x.test", line: 3, message: "unsupported value type 'vec5'")) {
            try ShaderLibraryFile.parse(text, fileName: "x.test")
        }
    }

    /// Every case of every corpus file parses, and the parser finds as many cases as the file
    /// has `case` lines.
    @Test(arguments: Corpus.deqpFiles)
    func parsesTheConformanceCorpus(file: URL) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        let cases = try ShaderLibraryFile.parse(text, fileName: file.lastPathComponent)
        // `case name` lines; GLSL ES 3.00 sources also hold `case 1:` labels of switches.
        let caseLines = text.split(separator: "\n").filter {
            $0.range(of: #"^\s*case [A-Za-z_][A-Za-z0-9_]*\s*$"#, options: .regularExpression) != nil
        }
        #expect(cases.count == caseLines.count)
        for c in cases where c.rowCount > 0 {
            for value in c.values {
                #expect(value.rows.count == c.rowCount || value.rows.count == 1, "\(c.name): \(value.name)")
            }
        }
    }
}
