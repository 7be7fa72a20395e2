import Foundation
import Testing
import ShaderTesting

/// piglit's GLSL ES 1.00 and GLSL 1.10/1.20 `shader_runner` tests, run: every runnable test
/// must pass except those in `Expectations/piglit-known-failures.txt`, which must still fail
/// (the list shrinks as Shade improves). Skips carry a reason and are never counted as passes.
@Suite struct ShaderRunnerCorpusTests {
    static let knownFailures: Set<String> = ShaderLibraryValueTests.list("piglit-known-failures.txt")

    /// Tests not run here because they take minutes. (The inline-explosion tests used to be;
    /// the compiler now shares the code of large functions instead of inlining every call.)
    static let tooSlow: Set<String> = []

    static var files: [URL] {
        let root = Corpus.root.appendingPathComponent("piglit")
        let paths = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return paths.filter { $0.hasSuffix(".shader_test") && Corpus.isESOneFolder($0) }.sorted()
            .map { root.appendingPathComponent($0) }
    }

    static func name(_ url: URL) -> String {
        String(url.path.dropFirst(Corpus.root.appendingPathComponent("piglit").path.count + 1))
    }

    @Test func theCorpusRuns() throws {
        guard Corpus.folder("piglit") != nil else { return }
        var passed = 0, failed = 0, skipped = 0
        for file in Self.files where !Self.tooSlow.contains(Self.name(file)) {
            let name = Self.name(file)
            let test = ShaderRunnerTest(parsing: try String(contentsOf: file, encoding: .utf8), name: name)
            switch ShaderRunner().run(test) {
            case .passed:
                passed += 1
                #expect(!Self.knownFailures.contains(name), "\(name) now passes: remove it from piglit-known-failures.txt")
            case .failed(let reason):
                failed += 1
                #expect(Self.knownFailures.contains(name), "PIGLIT-FAIL \(name): \(reason)")
            case .skipped(let reason):
                skipped += 1
                #expect(!reason.isEmpty)
                print("PIGLIT-SKIP \(name): \(reason)")
            }
        }
        print("piglit shader_runner: \(passed) passed, \(failed) failed, \(skipped) skipped")
        #expect(passed + failed + skipped + Self.tooSlow.count == Self.files.count)
        #expect(passed > 0)
    }
}
