import ShaderDiagnostics
import Testing

@testable import ShaderSyntax

/// A small deterministic generator (SplitMix64) so failures reproduce.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Damaged shaders must never crash or hang the front end, and every error must point into the
/// file with a sensible location.
@Suite("Robustness")
struct RobustnessTests {
    private func checkSane(
        _ result: ParseResult, _ what: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        for d in result.diagnostics {
            guard let span = d.span else { continue }
            #expect(span.start <= span.end, "\(what): \(d)", sourceLocation: sourceLocation)
            #expect(
                span.end <= span.file.bytes.count, "\(what): \(d)", sourceLocation: sourceLocation)
            #expect(!d.message.isEmpty, sourceLocation: sourceLocation)
            _ = d.rendered()
        }
    }

    @Test(arguments: Fixtures.names)
    func truncatedAndLineDeletedFixtures(name: String) throws {
        let text = try Fixtures.source(name).text
        let bytes = Array(text.utf8)
        var cut = 0
        while cut < bytes.count {
            let truncated = String(decoding: bytes[..<cut], as: UTF8.self)
            checkSane(parseShader(truncated), "\(name) cut at \(cut)")
            cut += 11
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for i in lines.indices {
            var damaged = lines
            damaged.remove(at: i)
            checkSane(parseShader(damaged.joined(separator: "\n")), "\(name) without line \(i + 1)")
        }
    }

    @Test(arguments: Fixtures.names)
    func randomlyMutatedFixtures(name: String) throws {
        let bytes = Array(try Fixtures.source(name).text.utf8)
        var rng = SplitMix64(state: UInt64(name.utf8.count) &* 7919)
        let alphabet = Array(
            "(){}[];,.#=+-*/<>!?:&|^~%\"'\\ \n0123456789.eExabvecfloatuniform".utf8)
        for round in 0..<60 {
            var mutated = bytes
            for _ in 0..<Int.random(in: 1...4, using: &rng) where !mutated.isEmpty {
                let at = Int.random(in: 0..<mutated.count, using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: mutated[at] = alphabet.randomElement(using: &rng)!
                case 1: mutated.remove(at: at)
                default: mutated.insert(alphabet.randomElement(using: &rng)!, at: at)
                }
            }
            checkSane(
                parseShader(String(decoding: mutated, as: UTF8.self)), "\(name) round \(round)")
        }
    }

    @Test func pathologicalInputs() {
        let inputs = [
            String(repeating: "}", count: 5_000),
            String(repeating: "{", count: 5_000),
            String(repeating: "(", count: 5_000),
            String(repeating: ";", count: 5_000),
            String(repeating: "#if 1\n", count: 2_000),
            String(repeating: "#endif\n", count: 2_000),
            String(repeating: "float ", count: 5_000),
            String(repeating: "struct S {", count: 2_000),
            String(repeating: "#define A(x) A(x A(x))\n", count: 1) + "A(A(A(A(1))))",
            "\u{0}\u{1}\u{7F}\u{FEFF}é漢字",
            String(repeating: "/*", count: 1_000),
            "#define F(x) F\nF(1)(2)(3)(4)(5)",
            String(repeating: "a ? ", count: 3_000) + "b",
            String(repeating: "x = ", count: 3_000) + "1;",
        ]
        for (i, input) in inputs.enumerated() {
            let result = parseShader("void main() {\n" + input + "\n}")
            checkSane(result, "input \(i)")
            let global = parseShader(input)
            checkSane(global, "global input \(i)")
        }
    }
}
