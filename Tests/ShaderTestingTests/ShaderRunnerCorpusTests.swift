import Foundation
import Testing
import ShaderTesting

/// piglit's `shader_runner` tests, run: GLSL ES 1.00 and GLSL 1.10/1.20 against
/// `Expectations/piglit-known-failures.txt`, GLSL ES 3.00 and GLSL 1.30 (issue 15) against
/// `Expectations/piglit-es3-known-failures.txt`. Every runnable test must pass except the listed
/// ones, which must still fail (the lists shrink as Shade improves). Skips carry a reason and
/// are never counted as passes.
@Suite struct ShaderRunnerCorpusTests {
    static let knownFailures: Set<String> = ShaderLibraryValueTests.list("piglit-known-failures.txt")
    static let es3KnownFailures: Set<String> = ShaderLibraryValueTests.list("piglit-es3-known-failures.txt")

    /// Tests not run here because they take minutes. (The inline-explosion tests used to be;
    /// the compiler now shares the code of large functions instead of inlining every call.)
    static let tooSlow: Set<String> = []

    /// The corpus's `.shader_test` files of GLSL ES 1.00 and 1.10/1.20 (`es3: false`) or of
    /// GLSL ES 3.00 and 1.30.
    static func files(es3: Bool) -> [URL] {
        let root = Corpus.root.appendingPathComponent("piglit")
        let paths = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return paths.filter { $0.hasSuffix(".shader_test") && Corpus.isESOneFolder($0) != es3 }.sorted()
            .map { root.appendingPathComponent($0) }
    }

    static func name(_ url: URL) -> String {
        String(url.path.dropFirst(Corpus.root.appendingPathComponent("piglit").path.count + 1))
    }

    @Test func theCorpusRuns() throws {
        try run(Self.files(es3: false), knownFailures: Self.knownFailures, list: "piglit-known-failures.txt")
    }

    /// GLSL 1.30: 117 of 119 runnable pass; GLSL ES 3.00: 8 of 11 (link-time checks missing).
    @Test func theES300And130CorpusRuns() throws {
        try run(Self.files(es3: true), knownFailures: Self.es3KnownFailures, list: "piglit-es3-known-failures.txt")
    }

    func run(_ files: [URL], knownFailures: Set<String>, list: String) throws {
        guard Corpus.folder("piglit") != nil else { return }
        var passed = 0, failed = 0, skipped = 0
        for file in files where !Self.tooSlow.contains(Self.name(file)) {
            let name = Self.name(file)
            let test = ShaderRunnerTest(parsing: try String(contentsOf: file, encoding: .utf8), name: name)
            switch ShaderRunner().run(test) {
            case .passed:
                passed += 1
                #expect(!knownFailures.contains(name), "\(name) now passes: remove it from \(list)")
            case .failed(let reason):
                failed += 1
                #expect(knownFailures.contains(name), "PIGLIT-FAIL \(name): \(reason)")
            case .skipped(let reason):
                skipped += 1
                #expect(!reason.isEmpty)
                print("PIGLIT-SKIP \(name): \(reason)")
            }
        }
        print("piglit shader_runner (\(list)): \(passed) passed, \(failed) failed, \(skipped) skipped")
        #expect(passed + failed + skipped + files.filter { Self.tooSlow.contains(Self.name($0)) }.count == files.count)
        #expect(passed > 0)
    }
}
