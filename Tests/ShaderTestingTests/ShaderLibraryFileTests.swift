import Foundation
import Testing
import ShaderTesting

/// The dEQP GLES2 shader-library files under `Tests/Corpus/dEQP-GLES2`.
enum Corpus {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Corpus")

    static var deqpFiles: [URL] {
        let folder = root.appendingPathComponent("dEQP-GLES2")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".test") }.sorted().map { folder.appendingPathComponent($0) }
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
        // first shader line 1).
        #expect(cases[1].sources == .separate(vertex: "            void main() {}\n        ", fragment: nil))
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
        let caseLines = text.split(separator: "\n").filter {
            $0.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("case ")
        }
        #expect(cases.count == caseLines.count)
        for c in cases where c.rowCount > 0 {
            for value in c.values {
                #expect(value.rows.count == c.rowCount || value.rows.count == 1, "\(c.name): \(value.name)")
            }
        }
    }
}
