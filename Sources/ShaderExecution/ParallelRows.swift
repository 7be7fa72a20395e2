import Dispatch

/// Runs work over the rows of an image on several threads: the one place outside the executor
/// that may use more than one core (DESIGN.md: only this module creates threads). Benchmarks use
/// it so native comparison loops get the same parallelism as shaded frames.
public enum ParallelRows {
    /// Calls `body(rows)` for `threads` contiguous bands of `0..<height`, concurrently.
    ///
    /// - Parameters:
    ///   - height: number of rows.
    ///   - threads: bands to split the rows into (at least 1; at most `height`).
    ///   - body: receives one band; must only write its own rows.
    public static func forEachBand(height: Int, threads: Int, _ body: @Sendable (Range<Int>) -> Void) {
        let bands = max(1, min(threads, height))
        if bands == 1 {
            body(0..<height)
            return
        }
        DispatchQueue.concurrentPerform(iterations: bands) { band in
            body(band * height / bands..<(band + 1) * height / bands)
        }
    }
}
