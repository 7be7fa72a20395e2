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
