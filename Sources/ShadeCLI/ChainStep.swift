import Foundation

/// One step of a filter chain as written on the command line or in a pipeline file:
/// `NAME[:KEY=VALUE[,VALUE…][:KEY=VALUE…]]`.
///
/// `NAME` is a built-in filter (any letter case, camelCase or kebab-case: `gaussianBlur`,
/// `GaussianBlur`, `gaussian-blur`) or a shader file (`my.frag`, `Shaders/x.fsh`: anything
/// ending in `.frag`, `.fsh`, `.glsl` or `.fs`, or containing a `/`). Arguments are separated
/// by `:` or `,`; a piece without `=` is one more component of the previous value, so
/// `vignette:vignetteCenter=0.5,0.4,vignetteEnd=0.8` and
/// `vignette:vignetteCenter=0.5,0.4:vignetteEnd=0.8` mean the same.
struct ChainStep: Equatable, Sendable {
    /// The filter name or shader path, as written.
    var name: String
    /// `KEY=VALUE` pairs in order; a vector value keeps its commas (`0.5,0.4`).
    var arguments: [(key: String, value: String)]

    /// Whether this is the `text` step, whose `string` keeps its `,` and `:`.
    var isText: Bool { name.lowercased() == "text" }

    /// Whether `name` names a shader file rather than a built-in filter.
    var isShaderFile: Bool { ChainStep.looksLikeShaderFile(name) }

    static func looksLikeShaderFile(_ text: String) -> Bool {
        let lower = text.lowercased()
        return lower.contains("/") || [".frag", ".fsh", ".glsl", ".fs"].contains { lower.hasSuffix($0) }
    }

    /// Parses one step.
    ///
    /// - Throws: `UsageError` for an empty name or an argument that is not `KEY=VALUE`.
    init(parsing text: String) throws(UsageError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let nameEnd = trimmed.firstIndex(of: ":") ?? trimmed.endIndex
        name = String(trimmed[..<nameEnd])
        arguments = []
        guard !name.isEmpty else { throw UsageError("empty filter name in '\(text)'") }
        guard nameEnd < trimmed.endIndex else { return }
        let rest = trimmed[trimmed.index(after: nameEnd)...]
        if name.lowercased() == "text" {
            // Only ':' separates the text step's arguments, and a piece that is not KEY=VALUE
            // belongs to the previous value with its ':' (a caption may hold ',' and ':').
            for piece in rest.split(separator: ":", omittingEmptySubsequences: false) {
                if let equals = piece.firstIndex(of: "="), ChainStep.isKey(piece[..<equals]),
                    ["string", "text", "font", "size", "color", "colour", "position", "margin"].contains(piece[..<equals].lowercased())
                {
                    arguments.append((String(piece[..<equals]), String(piece[piece.index(after: equals)...])))
                } else if !arguments.isEmpty {
                    arguments[arguments.count - 1].value += ":" + piece
                } else if let equals = piece.firstIndex(of: "=") {
                    throw UsageError("text has no parameter '\(piece[..<equals])' (it has string, font, size, color, position, margin)")
                } else {
                    throw UsageError("'\(text)': expected KEY=VALUE after 'text:', found '\(piece)'")
                }
            }
            return
        }
        for piece in rest.split(whereSeparator: { $0 == ":" || $0 == "," }).map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if let equals = piece.firstIndex(of: "="), ChainStep.isKey(piece[..<equals]) {
                arguments.append((String(piece[..<equals]), String(piece[piece.index(after: equals)...])))
            } else if !arguments.isEmpty {
                arguments[arguments.count - 1].value += "," + piece
            } else {
                throw UsageError("'\(text)': expected KEY=VALUE after '\(name):', found '\(piece)'")
            }
        }
    }

    init(name: String, arguments: [(key: String, value: String)]) {
        self.name = name
        self.arguments = arguments
    }

    private static func isKey(_ text: Substring) -> Bool {
        guard let first = text.first, first.isLetter || first == "_" else { return false }
        return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
    }

    static func == (a: ChainStep, b: ChainStep) -> Bool {
        a.name == b.name && a.arguments.map(\.key) == b.arguments.map(\.key)
            && a.arguments.map(\.value) == b.arguments.map(\.value)
    }

    /// Parses a parameter value: numbers separated by commas, `true`/`false`, or a colour
    /// `#rgb`, `#rrggbb`, `#rrggbbaa`.
    ///
    /// - Returns: the components, or `nil` when the text is none of these.
    static func components(of text: String) -> [Float]? {
        if text.hasPrefix("#") {
            let hex = Array(text.dropFirst())
            let digits: [String]
            switch hex.count {
            case 3: digits = hex.map { String([$0, $0]) }
            case 6, 8: digits = stride(from: 0, to: hex.count, by: 2).map { String(hex[$0..<$0 + 2]) }
            default: return nil
            }
            var values: [Float] = []
            for pair in digits {
                guard let byte = UInt8(pair, radix: 16) else { return nil }
                values.append(Float(byte) / 255)
            }
            return values
        }
        var values: [Float] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let item = part.trimmingCharacters(in: .whitespaces)
            if item == "true" || item == "false" {
                values.append(item == "true" ? 1 : 0)
            } else if let value = Float(item), value.isFinite {
                values.append(value)
            } else {
                return nil
            }
        }
        return values
    }

    /// `mixture-percent` → `mixturePercent`; other spellings unchanged.
    static func camelCased(_ key: String) -> String {
        guard key.contains("-") else { return key }
        let parts = key.split(separator: "-")
        return parts.enumerated().map { $0.offset == 0 ? String($0.element) : $0.element.prefix(1).uppercased() + $0.element.dropFirst() }
            .joined()
    }
}
