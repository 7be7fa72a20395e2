import Foundation
import ShaderDiagnostics
import Testing

@testable import ShaderSyntax

/// Cases under `Fixtures/MesaAgreement/`, one per file, each starting with its expectation:
/// `// expect: ok` or `// expect: error LINE (…)`. The expectations were recorded by compiling
/// each file with Mesa (llvmpipe, via `../shared/tools/glref.py`); the reason in parentheses
/// quotes Mesa, or says why Shade deliberately differs. Shade must agree on acceptance and on
/// the line of the first error.
enum MesaAgreement {
    static let directory = Fixtures.directory.appendingPathComponent("MesaAgreement")

    static let names: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".fsh") }.sorted()
    }()
}

@Suite("Agreement with Mesa")
struct MesaAgreementTests {
    @Test func casesArePresent() {
        #expect(MesaAgreement.names.count >= 90)
    }

    @Test(arguments: MesaAgreement.names)
    func agreesWithMesa(name: String) throws {
        let text = try String(
            contentsOf: MesaAgreement.directory.appendingPathComponent(name), encoding: .utf8)
        let header = try #require(text.split(separator: "\n").first)
        let result = parse(SourceFile(name: name, text: text), stage: .fragment)
        let errors = result.diagnostics.filter(\.isError)
        if header.hasPrefix("// expect: ok") {
            #expect(errors.isEmpty, "\(name):\n\(errors.rendered())")
        } else {
            let words = header.split(separator: " ")
            let line = try #require(words.count > 3 ? Int(words[3]) : nil, "bad header in \(name)")
            #expect(
                errors.first?.span?.location.line == line,
                "\(name): expected an error on line \(line), got:\n\(result.diagnostics.rendered())")
        }
    }
}
