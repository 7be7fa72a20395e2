import Foundation
import Testing
import ShaderTesting

/// The Khronos dEQP GLES2 shader cases, compile expectations: every program must compile, fail
/// to compile, or fail to link exactly as the conformance suite says — except the programs
/// listed in `Expectations/dEQP-known-failures.txt`, which must still disagree (so the list
/// shrinks as Shade improves and never hides a fixed case).
@Suite struct ShaderLibraryConformanceTests {
    static let knownFailures: Set<String> = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Expectations/dEQP-known-failures.txt")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return Set(text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty })
    }()

    /// A parameterised test over no files would pass; this one says which folder is missing.
    @Test func theCorpusIsThere() {
        guard Corpus.folder("dEQP-GLES2") != nil else { return }
        #expect(Corpus.deqpFiles.count >= 15)
    }

    @Test(arguments: Corpus.deqpFiles)
    func compileExpectations(file: URL) throws {
        let cases = try ShaderLibraryFile.parse(String(contentsOf: file, encoding: .utf8), fileName: file.lastPathComponent)
        let runner = ShaderLibraryRunner()
        var checked = 0
        for testCase in cases {
            for result in runner.checkCompilation(of: testCase) {
                let name = Corpus.listedName(result.name, in: file)
                switch result.status {
                case .passed:
                    checked += 1
                    #expect(!Self.knownFailures.contains(name), "\(name) now agrees: remove it from dEQP-known-failures.txt")
                case .failed(let reason):
                    checked += 1
                    #expect(Self.knownFailures.contains(name), "COMPILE-FAIL \(name): \(reason)")
                case .skipped(let reason):
                    Issue.record("\(result.name) skipped: \(reason)")
                }
            }
        }
        #expect(checked > 0)
    }
}
