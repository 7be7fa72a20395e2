import Foundation
import ShaderExecution

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the frames of a batch on a few worker threads, so one frame's decoding and encoding
/// (serial) overlap another frame's shading (which already uses every core). Each worker makes
/// its own graph with `makeWorker` and keeps it for all its frames. A frame that fails is
/// reported and the others go on.
struct BatchRunner {
    /// Frames in flight at once.
    var jobs: Int
    /// Where progress and per-frame failures go.
    var progress: ProgressBar

    /// The default number of frames in flight: two when there are several cores (one shading
    /// while the other decodes or encodes), else one.
    static var defaultJobs: Int { Schedule.coreCount > 1 ? 2 : 1 }

    /// Runs frames `0..<count`.
    ///
    /// - Parameters:
    ///   - count: the number of frames.
    ///   - label: a short name of frame *i* for progress lines (`in.png → out.png`).
    ///   - makeWorker: called once per worker thread; returns the function that does one frame.
    /// - Returns: the failures, by frame index, in index order.
    func run(
        count: Int, label: @escaping @Sendable (Int) -> String,
        makeWorker: @escaping @Sendable () throws(CommandFailure) -> (Int) throws(CommandFailure) -> Void
    ) -> [(index: Int, failure: CommandFailure)] {
        let state = SharedState()
        let workers = max(1, min(jobs, count))
        let progress = self.progress
        // ParallelRows is ShaderExecution's thread helper: one "row" per worker here.
        ParallelRows.forEachBand(height: workers, threads: workers) { _ in
            let work: (Int) throws(CommandFailure) -> Void
            do throws(CommandFailure) {
                work = try makeWorker()
            } catch {
                // The same failure for every frame this worker would have taken.
                while let index = state.next(below: count) {
                    state.record(index, error)
                    progress.frameFinished(label(index), failure: error.message)
                }
                return
            }
            while let index = state.next(below: count) {
                do throws(CommandFailure) {
                    try work(index)
                    progress.frameFinished(label(index))
                } catch {
                    state.record(index, error)
                    progress.frameFinished(label(index), failure: error.message)
                }
            }
        }
        return state.failures.sorted { $0.index < $1.index }
    }

    /// The next frame index and the failures so far, behind a lock.
    private final class SharedState: @unchecked Sendable {
        private let lock = NSLock()
        private var nextIndex = 0
        private(set) var failures: [(index: Int, failure: CommandFailure)] = []

        func next(below count: Int) -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard nextIndex < count else { return nil }
            nextIndex += 1
            return nextIndex - 1
        }

        func record(_ index: Int, _ failure: CommandFailure) {
            lock.lock()
            failures.append((index, failure))
            lock.unlock()
        }
    }

    /// The exit code of a batch: 0 when every frame worked; for a single frame, its failure's
    /// code; for several frames with failures, 65 ("some frames failed"; each failure was
    /// reported with its own message).
    static func exitCode(for failures: [(index: Int, failure: CommandFailure)], total: Int) -> ExitCode {
        guard let first = failures.first else { return .success }
        return total == 1 ? first.failure.code : .dataError
    }
}

/// Output names for batches: `out/%04d.png` (printf-style frame number from 1, or from
/// `--start-number`), `out/{name}.jpg` (the input's base name), `{index}` (from 0),
/// `{index:04}`, `{ext}`, `{dir}`.
struct OutputPattern {
    var text: String

    /// Whether the pattern gives each frame its own name.
    var isPattern: Bool {
        text.contains("{name}") || text.contains("{index") || text.range(of: #"%0?\d*d"#, options: .regularExpression) != nil
    }

    /// The output path for the frame at `index` made from `input` (`nil` for rendered frames).
    func path(index: Int, number: Int, input: String?) -> String {
        var result = text
        if let range = result.range(of: #"%0?\d*d"#, options: .regularExpression) {
            let spec = result[range].dropFirst().dropLast()
            let width = Int(spec) ?? 0
            let digits = String(number)
            let padded = spec.hasPrefix("0") || width > 0
                ? String(repeating: "0", count: max(0, width - digits.count)) + digits : digits
            result.replaceSubrange(range, with: padded)
        }
        while let range = result.range(of: #"\{index:0?(\d+)\}"#, options: .regularExpression) {
            let width = Int(result[range].dropFirst(7).drop { $0 == "0" }.dropLast()) ?? 0
            let digits = String(index)
            result.replaceSubrange(range, with: String(repeating: "0", count: max(0, width - digits.count)) + digits)
        }
        result = result.replacingOccurrences(of: "{index}", with: String(index))
        if let input {
            // Plain string splitting: "-" (stdin) becomes the name "stdin".
            let slash = input.lastIndex(of: "/")
            let file = input == "-" ? "stdin" : String(input[(slash.map { input.index(after: $0) } ?? input.startIndex)...])
            let dot = file.lastIndex(of: ".").flatMap { $0 == file.startIndex ? nil : $0 }
            let name = dot.map { String(file[..<$0]) } ?? file
            let ext = dot.map { String(file[file.index(after: $0)...]) } ?? ""
            let folder = slash.map { String(input[..<$0]) } ?? "."
            result = result.replacingOccurrences(of: "{name}", with: name)
            result = result.replacingOccurrences(of: "{ext}", with: ext)
            result = result.replacingOccurrences(of: "{dir}", with: folder)
        }
        return result
    }
}

/// Expands the inputs of a batch: files as given, folders to their PNG and JPEG files (sorted
/// by name), and glob patterns (`frames/*.png`, for shells that pass them unexpanded).
enum InputList {
    /// Whether a positional argument of `shade chain` is an input rather than a step: `-`, a
    /// glob, a folder, or a `.png`/`.jpg`/`.jpeg` name; never an argument with `=`
    /// (`alpha-blend:overlay=ghost.png` is a step).
    static func looksLikeImageInput(_ text: String) -> Bool {
        if text.contains("=") { return false }
        if text == "-" || text.contains("*") || text.contains("?") || text.contains("[") { return true }
        let lower = text.lowercased()
        if [".png", ".jpg", ".jpeg"].contains(where: { lower.hasSuffix($0) }) { return true }
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: text, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The files `arguments` name, in order.
    ///
    /// - Throws: 66 for a folder with no images or a glob that matches nothing.
    static func expand(_ arguments: [String]) throws(CommandFailure) -> [String] {
        var files: [String] = []
        for argument in arguments {
            var isDirectory: ObjCBool = false
            if argument != "-", FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory), isDirectory.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: argument)) ?? []
                let images = names.filter { ["png", "jpg", "jpeg"].contains(($0 as NSString).pathExtension.lowercased()) }.sorted()
                guard !images.isEmpty else {
                    throw CommandFailure(code: .noInput, message: "shade: \(argument): error: no PNG or JPEG files in this folder\n")
                }
                files += images.map { (argument as NSString).appendingPathComponent($0) }
            } else if argument.contains("*") || argument.contains("?") || argument.contains("[") {
                let matches = matchingFiles(argument)
                guard !matches.isEmpty else {
                    throw CommandFailure(code: .noInput, message: "shade: \(argument): error: no file matches\n")
                }
                files += matches
            } else {
                files.append(argument)
            }
        }
        return files
    }

    private static func matchingFiles(_ pattern: String) -> [String] {
        var result = glob_t()
        defer { globfree(&result) }
        guard glob(pattern, 0, nil, &result) == 0 else { return [] }
        return (0..<Int(result.gl_pathc)).compactMap { result.gl_pathv[$0].map { String(cString: $0) } }
    }
}
