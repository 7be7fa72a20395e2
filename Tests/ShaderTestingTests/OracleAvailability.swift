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
