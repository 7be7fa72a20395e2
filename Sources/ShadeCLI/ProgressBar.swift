import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reports how far a batch has got on stderr: a redrawn bar on a terminal
/// (`[#####-----] 12/200  8.3 fps  ETA 0:22`), one plain line per frame otherwise, nothing with
/// `--quiet`. Failures are always reported, on their own line. Safe to call from any thread.
final class ProgressBar: @unchecked Sendable {
    enum Style {
        /// A bar redrawn in place with `\r` (stderr is a terminal).
        case terminal
        /// One line per finished frame (stderr is a file or a pipe).
        case lines
        /// Failures only.
        case quiet
    }

    private let total: Int
    private let style: Style
    private let write: @Sendable (String) -> Void
    private let lock = NSLock()
    private let start = Date()
    private var done = 0
    private var failed = 0
    private var lastDraw = Date.distantPast

    /// Creates a reporter for `total` frames.
    init(total: Int, style: Style, write: @escaping @Sendable (String) -> Void) {
        self.total = total
        self.style = style
        self.write = write
    }

    /// `.terminal` when stderr is a terminal, else `.lines`; `.quiet` when asked.
    static func style(quiet: Bool) -> Style {
        if quiet { return .quiet }
        return isatty(STDERR_FILENO) != 0 ? .terminal : .lines
    }

    /// Counts one finished frame; `failure` is its complete error message, if it failed.
    func frameFinished(_ label: String, failure: String? = nil) {
        lock.lock()
        defer { lock.unlock() }
        done += 1
        if failure != nil { failed += 1 }
        let status = statusText()
        switch style {
        case .terminal:
            var text = ""
            if let failure { text += "\r\u{1B}[K" + failure }
            let now = Date()
            if failure != nil || done == total || now.timeIntervalSince(lastDraw) >= 0.1 {
                text += "\r\u{1B}[K" + bar() + " " + status
                lastDraw = now
            }
            if done == total { text += "\n" }
            if !text.isEmpty { write(text) }
        case .lines:
            write((failure ?? "") + "shade: [\(done)/\(total)] \(label)\(failure == nil ? "" : " failed")  (\(rateText()))\n")
        case .quiet:
            if let failure { write(failure) }
        }
    }

    /// A summary line when some frames failed (always) or, on a terminal or in lines, when all
    /// went well.
    func summary() -> String? {
        lock.lock()
        defer { lock.unlock() }
        let seconds = Date().timeIntervalSince(start)
        if failed > 0 { return "shade: \(failed) of \(total) frames failed\n" }
        if style == .quiet { return nil }
        return String(format: "shade: %d frames in %.2f s\n", total, seconds)
    }

    private func bar() -> String {
        let width = 24
        let filled = total == 0 ? width : done * width / total
        return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "]"
    }

    private func statusText() -> String {
        "\(done)/\(total)  " + rateText()
    }

    private func rateText() -> String {
        let seconds = max(Date().timeIntervalSince(start), 1e-6)
        let rate = Double(done) / seconds
        let remaining = rate > 0 ? Double(total - done) / rate : 0
        let eta = Int(remaining.rounded())
        let etaText = String(format: "%d:%02d", eta / 60, eta % 60)
        return String(format: "%.1f", rate) + " fps  ETA " + etaText
    }
}
