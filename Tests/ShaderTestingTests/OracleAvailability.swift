import Testing
import ShaderTesting

/// The llvmpipe oracle, or nil after recording that it is missing (so that a machine without
/// Mesa fails the test with the way out, rather than passing with nothing compared).
func availableLlvmpipeOracle(
    precision: LlvmpipeOracle.Precision = .fp32, sourceLocation: SourceLocation = #_sourceLocation
) -> LlvmpipeOracle? {
    do {
        return try LlvmpipeOracle(precision: precision)
    } catch {
        Issue.record(
            "llvmpipe is not available (\(error)); run scripts/install-deps, or set SHADE_SKIP_LLVMPIPE=1",
            sourceLocation: sourceLocation)
        return nil
    }
}


/// Renders every case with the executor and with llvmpipe, records each that differs, and
/// prints how many were identical under `label`.
func expectIdenticalToLlvmpipe(_ cases: [DifferentialCase], label: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    guard let oracle = availableLlvmpipeOracle(sourceLocation: sourceLocation) else { return }
    var identical = 0
    for c in cases {
        let mesa = try oracle.render(c)
        let shade = try DifferentialTest.renderWithExecutor(c)
        if let d = DifferentialTest.firstDifference(shade, mesa) {
            Issue.record(
                "\(c.name): \(d.count) pixels differ from llvmpipe, first at (\(d.x), \(d.y)): \(d.a) vs \(d.b)",
                sourceLocation: sourceLocation)
        } else {
            identical += 1
        }
    }
    print("\(label): \(identical)/\(cases.count) draws identical to llvmpipe")
}

/// Records each case the native engine renders differently from llvmpipe.
func expectNativeIdenticalToLlvmpipe(_ cases: [DifferentialCase], sourceLocation: SourceLocation = #_sourceLocation) throws {
    guard let oracle = availableLlvmpipeOracle(sourceLocation: sourceLocation) else { return }
    for c in cases {
        let d = DifferentialTest.firstDifference(try DifferentialTest.renderWithExecutor(c, engine: .native), try oracle.render(c))
        #expect(d == nil, "\(c.name): native engine \(d.map { "\($0.a) vs llvmpipe \($0.b)" } ?? "")", sourceLocation: sourceLocation)
    }
}

/// Records each pair whose two cases llvmpipe renders to the same bits: a case and its twin
/// must differ there, or the case does not exercise what it claims to.
func expectLlvmpipeTellsApart(_ pairs: [(DifferentialCase, DifferentialCase)], sourceLocation: SourceLocation = #_sourceLocation) throws {
    guard let oracle = availableLlvmpipeOracle(sourceLocation: sourceLocation) else { return }
    for (subject, twin) in pairs {
        #expect(DifferentialTest.firstDifference(try oracle.render(subject), try oracle.render(twin)) != nil,
                "\(subject.name): llvmpipe gives the same bits as its twin \(twin.name)", sourceLocation: sourceLocation)
    }
}

/// Records each case the executor and the reference interpreter do not render to the same bits,
/// and each the interpreter rejects.
func expectExecutorAndInterpreterAgree(_ cases: [DifferentialCase], sourceLocation: SourceLocation = #_sourceLocation) {
    for c in cases {
        let outcome = DifferentialTest.run(c)
        #expect(outcome.isAgreement, "\(c.name): \(outcome)", sourceLocation: sourceLocation)
        if case .rejected(let why) = outcome { Issue.record("\(c.name) was rejected: \(why)", sourceLocation: sourceLocation) }
    }
}

/// Records each case the closure and native engines render differently.
func expectEnginesAgree(_ cases: [DifferentialCase], sourceLocation: SourceLocation = #_sourceLocation) throws {
    for c in cases {
        let closures = try DifferentialTest.renderWithExecutor(c, engine: .closures)
        let native = try DifferentialTest.renderWithExecutor(c, engine: .native)
        #expect(DifferentialTest.firstDifference(closures, native) == nil, "\(c.name)", sourceLocation: sourceLocation)
    }
}
