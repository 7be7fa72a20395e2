import Foundation
import Testing
import ShaderTesting

/// The dEQP GLES2 `pass` cases run through the executor, row by row: every output must match
/// its expected value, except the programs in `Expectations/dEQP-value-known-failures.txt`,
/// which must still fail (the list shrinks as Shade improves and never hides a fixed case).
/// Programs whose compile expectation already disagrees are the compile test's business.
@Suite struct ShaderLibraryValueTests {
    static func list(_ name: String) -> Set<String> {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Expectations/\(name)")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return Set(text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty })
    }

    static let knownFailures = list("dEQP-value-known-failures.txt")
    static let compileKnownFailures = list("dEQP-known-failures.txt")

    @Test(arguments: Corpus.deqpFiles)
    func values(file: URL) throws {
        let cases = try ShaderLibraryFile.parse(String(contentsOf: file, encoding: .utf8), fileName: file.lastPathComponent)
        let runner = ShaderLibraryRunner()
        for testCase in cases where testCase.expectation == .pass {
            for result in runner.run(testCase) where !Self.compileKnownFailures.contains(Corpus.listedName(result.name, in: file)) {
                let name = Corpus.listedName(result.name, in: file)
                switch result.status {
                case .passed:
                    #expect(!Self.knownFailures.contains(name), "\(name) now passes: remove it from dEQP-value-known-failures.txt")
                case .failed(let reason):
                    #expect(Self.knownFailures.contains(name), "VALUE-FAIL \(name): \(reason)")
                case .skipped(let reason):
                    Issue.record("\(result.name) skipped: \(reason)")
                }
            }
        }
    }

    static let handWritten = """
        case add
            values
            {
                input vec2 in0 = [ vec2(1.0, -2.0) | vec2(0.5) ];
                input int i = [ 3 | -4 ];
                output vec2 out0 = [ vec2(2.0, -1.0) | vec2(1.5) ];
                output int j = [ 6 | -8 ];
                output bool b = [ true | false ];
            }
            both ""
                precision highp float;
                ${DECLARATIONS}
                void main()
                {
                    out0 = in0 + vec2(1.0);
                    j = i * 2;
                    b = i > 0;
                    ${OUTPUT}
                }
            ""
        end
        """

    @Test func aCorrectCasePassesInBothStages() throws {
        let cases = try ShaderLibraryFile.parse(Self.handWritten, fileName: "mine.test")
        let results = ShaderLibraryRunner().run(cases[0])
        #expect(results.map(\.name) == ["mine.add.vertex", "mine.add.fragment"])
        #expect(results.map(\.status) == [.passed, .passed])
    }

    @Test func aWrongExpectedValueFailsWithExpectedAndActual() throws {
        let text = Self.handWritten.replacingOccurrences(of: "output int j = [ 6 | -8 ]", with: "output int j = [ 6 | -7 ]")
        let cases = try ShaderLibraryFile.parse(text, fileName: "mine.test")
        let results = ShaderLibraryRunner().run(cases[0])
        #expect(results.map(\.status) == Array(repeating: .failed("row 1: j expected -7, got -8"), count: 2))
    }

    @Test func floatsOutsideTheToleranceFail() throws {
        let text = Self.handWritten.replacingOccurrences(of: "vec2(1.5) ];", with: "vec2(1.5, 1.6) ];")
        let results = ShaderLibraryRunner().run(try ShaderLibraryFile.parse(text, fileName: "t.test")[0])
        #expect(results[0].status == .failed("row 1: out0[1] expected 1.6, got 1.5"))
        let close = Self.handWritten.replacingOccurrences(of: "vec2(1.5) ];", with: "vec2(1.5, 1.54) ];")
        #expect(ShaderLibraryRunner().run(try ShaderLibraryFile.parse(close, fileName: "t.test")[0])[0].status == .passed)
    }
}

extension ShaderLibraryValueTests {
    /// The whole corpus in one sweep: how many programs had their values checked.
    @Test func theCorpusRunsWithValues() throws {
        guard Corpus.folder("dEQP-GLES2") != nil else { return }
        var passed = 0, failed = 0, programs = 0
        for file in Corpus.deqpFiles {
            let cases = try ShaderLibraryFile.parse(String(contentsOf: file, encoding: .utf8), fileName: file.lastPathComponent)
            for testCase in cases where testCase.expectation == .pass {
                for result in ShaderLibraryRunner().run(testCase) {
                    programs += 1
                    if result.status == .passed { passed += 1 } else { failed += 1 }
                }
            }
        }
        print("dEQP pass-case programs: \(programs), passed \(passed), failed \(failed)")
        #expect(programs > 1000)
        #expect(passed >= programs - Self.knownFailures.count - Self.compileKnownFailures.count)
    }
}
