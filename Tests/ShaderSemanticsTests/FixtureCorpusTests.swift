import Foundation
import ShaderDiagnostics
import ShaderSemantics
import ShaderSyntax
import Testing

/// The parser's corpus of real-world-style shaders (Tests/ShaderSyntaxTests/Fixtures): every
/// one of them is valid and must also pass the checker with no errors.
enum FixtureCorpus {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ShaderSyntaxTests/Fixtures")

    static let files: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.filter { ShaderStage(pathExtension: ($0 as NSString).pathExtension) != nil }
            .sorted()
    }()
}

@Suite("Fixture corpus")
struct FixtureCorpusTests {
    @Test("the corpus is there")
    func corpusExists() {
        #expect(FixtureCorpus.files.count >= 10)
    }

    @Test("real-world fixture checks without errors", arguments: FixtureCorpus.files)
    func fixtureChecks(_ name: String) throws {
        let url = FixtureCorpus.root.appendingPathComponent(name)
        let text = try String(contentsOf: url, encoding: .utf8)
        let stage = try #require(ShaderStage(pathExtension: url.pathExtension))
        let result = Checker.check(parse(SourceFile(name: name, text: text), stage: stage))
        #expect(result.errors.isEmpty, "\(result.errors.rendered())")
        #expect(result.shader != nil)
    }
}
