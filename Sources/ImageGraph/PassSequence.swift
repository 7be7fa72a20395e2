/// Runs the passes of a multi-pass operation in order, handing frames between them: each pass
/// reads the operation's inputs and earlier passes' outputs, and an intermediate frame goes
/// back to the cache as soon as the last pass that reads it is done (at once when no pass
/// reads it). Shared by `MultiPassOperation` and the built-in `FilterOperation`.
enum PassSequence {
    /// Runs the passes and returns the last one's frame, owned by the caller.
    ///
    /// - Parameters:
    ///   - reads: for each pass, what its texture locations 0, 1, … read.
    ///   - inputs: the operation's input frames.
    ///   - render: draws pass `index` over its frames into a new frame.
    /// - Throws: whatever `render` throws; every intermediate frame is released first.
    static func run(
        reads: [[MultiPassOperation.PassInput]], inputs: [Frame],
        render: (_ index: Int, _ frames: [Frame]) throws -> Frame
    ) throws -> Frame {
        precondition(!reads.isEmpty, "internal error: an operation with no passes")
        var lastUse = [Int](repeating: -1, count: reads.count)
        for (index, sources) in reads.enumerated() {
            for case .pass(let j) in sources { lastUse[j] = index }
        }
        var results = [Frame?](repeating: nil, count: reads.count)
        defer {
            for frame in results { frame?.release() }
        }
        let last = reads.count - 1
        for (index, sources) in reads.enumerated() {
            let frames = sources.map { source -> Frame in
                switch source {
                case .input(let k): return inputs[k]
                case .pass(let j): return results[j]!
                }
            }
            let frame = try render(index, frames)
            results[index] = frame
            if lastUse[index] < 0 && index < last {
                // Nothing reads this pass: give it back now.
                frame.release()
                results[index] = nil
            }
            for j in 0..<index where lastUse[j] == index {
                results[j]?.release()
                results[j] = nil
            }
        }
        let output = results[last]!
        results[last] = nil
        return output
    }
}
