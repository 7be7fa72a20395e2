@_exported import FilterHeaders
import Foundation

/// The built-in filters: every `Shaders/Filters/*.fsh` (a shader with its header) and
/// `*.composite` (a header only, whose passes run other filters' shaders), embedded at build time.
///
/// ```swift
/// let blur = FilterCatalog.filter(named: "gaussian-blur")   // FilterDescription of gaussianBlur
/// ```
public enum FilterCatalog {
    /// Every built-in filter, sorted by name.
    public static let all: [FilterDescription] = {
        embeddedShaderFiles.filter { $0.path.hasPrefix("Filters/") }.map { file in
            do {
                return try FilterDescription(parsingHeaderOf: file.text, file: file.path)
            } catch {
                // shader-embedder parsed the same text when it embedded it, so this cannot happen.
                fatalError("internal error: embedded header no longer parses: \(error)")
            }
        }.sorted { $0.name < $1.name }
    }()

    /// The filter called `name`, ignoring letter case and hyphens, so `gaussianBlur`,
    /// `GaussianBlur` and `gaussian-blur` all find the same filter.
    ///
    /// - Returns: the filter, or `nil` when no filter has that name.
    public static func filter(named name: String) -> FilterDescription? {
        let key = normalized(name)
        if let found = lookUp(key) { return found }
        return all.first { normalized($0.name) == key }
    }

    /// Parses only the header whose `// filter:` line gives the name: parsing all of them (as
    /// `all` does) took about 35 ms, most of a small `shade chain`'s time. Each filter's parsed
    /// description is kept.
    private static func lookUp(_ key: String) -> FilterDescription? {
        cacheLock.lock()
        defer { cacheLock.unlock() }
        if let known = parsed[key] { return known }
        for file in embeddedShaderFiles where file.path.hasPrefix("Filters/") {
            guard let declared = declaredName(in: file.text), normalized(String(declared)) == key,
                  let description = try? FilterDescription(parsingHeaderOf: file.text, file: file.path),
                  normalized(description.name) == key else { continue }
            parsed[key] = description
            return description
        }
        return nil
    }

    nonisolated(unsafe) private static var parsed: [String: FilterDescription] = [:]
    private static let cacheLock = NSLock()

    /// The name on a header's `// filter: NAME` line, read without parsing the header.
    static func declaredName(in text: String) -> Substring? {
        for line in text.split(separator: "\n", maxSplits: 8, omittingEmptySubsequences: true).prefix(8) {
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("// filter:") else { continue }
            return trimmed.dropFirst("// filter:".count).drop { $0 == " " }.prefix { $0 != " " && $0 != "\r" }
        }
        return nil
    }

    /// The name of the filter closest to `name` (by edit distance, ignoring case and hyphens),
    /// when one is close enough to be a likely typo.
    public static func suggestion(for name: String) -> String? {
        let key = normalized(name)
        guard !key.isEmpty else { return nil }
        let scored = all.map { ($0.name, editDistance(key, normalized($0.name))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        if best.1 <= max(2, key.count / 3) { return best.0 }
        // A prefix or a fragment of a longer name (`gaussian`, `sobel`).
        return all.first { normalized($0.name).contains(key) && key.count >= 4 }?.name
    }

    /// The text of an embedded shader file, by its path relative to `Shaders/`
    /// (`Filters/GaussianBlur.fsh`, `Vertex/Passthrough.vsh`).
    public static func shaderText(atPath path: String) -> String? {
        embeddedShaderFiles.first { $0.path == path }?.text
    }

    /// Paths of every embedded shader file, relative to `Shaders/`.
    public static var shaderPaths: [String] { embeddedShaderFiles.map(\.path) }

    static func normalized(_ name: String) -> String {
        String(name.lowercased().filter { $0 != "-" && $0 != "_" })
    }

    /// Levenshtein distance.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where !b.isEmpty {
                current[j] = min(
                    previous[j] + 1, current[j - 1] + 1,
                    previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return a.isEmpty ? b.count : previous[b.count]
    }
}
