import Foundation
import Testing

/// The piglit compiler tests under the piglit corpus (`../shared/corpora/piglit/`) against
/// `Expectations/PiglitKnownFailures.txt`: a case not listed must agree with its
/// `expect_result`, and a listed case must still disagree (when it starts to agree, delete its
/// line). The list may only shrink.
@Suite("piglit corpus")
struct PiglitCorpusTests {
    static let knownFailuresURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .appendingPathComponent("Expectations/PiglitKnownFailures.txt")

    static let knownFailures: Set<String> = {
        let text = (try? String(contentsOf: knownFailuresURL, encoding: .utf8)) ?? ""
        return Set(text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") })
    }()

    /// The cases Shade can run (the versions it supports).
    static let supported = PiglitCase.all.filter { $0.defaultVersion != nil }

    @Test("the corpus is there, and only unsupported versions are left out")
    func corpusExists() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: PiglitCase.root.path)) ?? []
        guard !names.isEmpty else {
            Issue.record("corpus folder missing: \(PiglitCase.root.path) (set SHADE_CORPORA to the folder holding piglit/)")
            return
        }
        #expect(PiglitCase.all.count >= 850)
        let unsupported = PiglitCase.all.filter { $0.defaultVersion == nil }
        #expect(unsupported.allSatisfy { !["1.00", "1.10", "1.20", "1.30", "3.00", "3.00 es"].contains($0.glslVersion) })
        #expect(unsupported.count <= 2, "\(unsupported.map(\.name))")
    }

    @Test("every known failure names a case of the corpus")
    func knownFailuresExist() {
        // A missing corpus is reported once, by corpusExists.
        guard !PiglitCase.all.isEmpty else { return }
        let names = Set(Self.supported.map(\.name))
        #expect(Self.knownFailures.subtracting(names).isEmpty,
                "stale lines: \(Self.knownFailures.subtracting(names).sorted())")
    }

    @Test("piglit case agrees with its expect_result", arguments: supported)
    func piglitCase(_ c: PiglitCase) {
        let outcome = c.run()
        if Self.knownFailures.contains(c.name) {
            #expect(outcome != .agrees,
                    "\(c.name) agrees now: delete its line from PiglitKnownFailures.txt")
        } else {
            #expect(outcome == .agrees, "\(c.name): \(outcome)")
        }
    }
}

extension PiglitCase: CustomTestStringConvertible {
    var testDescription: String { name }
}
