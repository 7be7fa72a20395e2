import Foundation
import ShaderDiagnostics

/// A screen shader from Shadertoy, The Book of Shaders or glslViewer, made into a GLSL ES
/// fragment shader Shade can run.
///
/// The wrapper adds what such shaders take from their host, and nothing they already have:
/// `precision highp float;` when the source sets no float precision, a `uniform` declaration for
/// each host uniform the source uses but does not declare (`iTime`, `iResolution`, `iFrame`,
/// `u_time`, …), and, when the source defines Shadertoy's
/// `mainImage(out vec4 fragColor, in vec2 fragCoord)` and no `main`, a `main` that calls it
/// with `gl_FragCoord.xy` and writes the colour opaque (as Shadertoy shows it).
/// `userDiagnostics(_:source:path:)` moves diagnostics back onto the user's own text, so line
/// numbers and quoted lines are the user's.
struct ProceduralShader {
    /// The host uniforms and their GLSL types.
    static let hostUniforms: [(name: String, type: String)] = [
        ("iTime", "float"), ("iTimeDelta", "float"), ("iFrame", "int"), ("iFrameRate", "float"),
        ("iResolution", "vec3"), ("iMouse", "vec4"),
        ("iChannel0", "sampler2D"), ("iChannel1", "sampler2D"), ("iChannel2", "sampler2D"),
        ("iChannel3", "sampler2D"), ("iChannelResolution", "vec3[4]"),
        ("u_time", "float"), ("u_resolution", "vec2"), ("u_mouse", "vec2"),
    ]

    /// The `iChannelN` samplers the wrapped shader declares (the user's or the wrapper's), by
    /// N: the inputs `shade render --channelN` must give.
    let channels: [Int]

    /// The wrapped text.
    let text: String
    /// Whether the source uses the `mainImage` entry point.
    let usesMainImage: Bool
    /// The host uniforms that were declared by the wrapper.
    let addedUniforms: [String]
    /// Where the added declarations start in `text`, in bytes, and how long they are.
    let headerOffset: Int, headerLength: Int

    /// Wraps `source`.
    init(source: String) {
        let code = ProceduralShader.strippingComments(source)
        usesMainImage = ProceduralShader.matches(#"\bvoid\s+mainImage\s*\("#, code)
        let hasMain = ProceduralShader.matches(#"\bvoid\s+main\s*\(\s*(void\s*)?\)"#, code)
        var header: [String] = []
        if !ProceduralShader.matches(#"\bprecision\s+(highp|mediump|lowp)\s+float\s*;"#, code) {
            header.append("precision highp float;")
        }
        var added: [String] = []
        for (name, type) in ProceduralShader.hostUniforms
        where ProceduralShader.matches("\\b\(name)\\b", code)
            && !ProceduralShader.matches("\\buniform\\b[^;]*\\b\(name)\\b", code)
        {
            if type.hasSuffix("]"), let bracket = type.firstIndex(of: "[") {
                header.append("uniform \(type[..<bracket]) \(name)\(type[bracket...]);")
            } else {
                header.append("uniform \(type) \(name);")
            }
            added.append(name)
        }
        addedUniforms = added
        channels = (0...3).filter { ProceduralShader.matches("\\biChannel\($0)\\b", code) }
        // Shadertoy's GLSL ES 3.00 `texture(sampler, uv)` is `texture2D` in GLSL ES 1.00.
        if ProceduralShader.matches(#"\btexture\s*\("#, code)
            && !ProceduralShader.matches(#"\b(vec4|float|vec3)\s+texture\s*\("#, code)
        {
            header.append("#define texture texture2D")
        }

        // #version and #extension lines must stay first.
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var keep = 0
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#version") || trimmed.hasPrefix("#extension") {
                keep = index + 1
            } else if !(trimmed.isEmpty || trimmed.hasPrefix("//")) {
                break
            }
        }
        var result = lines[..<keep].joined(separator: "\n")
        if keep > 0 { result += "\n" }
        headerOffset = result.utf8.count
        let headerText = header.isEmpty ? "" : header.joined(separator: "\n") + "\n"
        headerLength = headerText.utf8.count
        result += headerText
        result += lines[keep...].joined(separator: "\n")
        if usesMainImage && !hasMain {
            result += "\nvoid main() {\n    vec4 shadeColor = vec4(0.0, 0.0, 0.0, 1.0);\n"
                + "    mainImage(shadeColor, gl_FragCoord.xy);\n    gl_FragColor = vec4(shadeColor.rgb, 1.0);\n}\n"
        }
        text = result
    }

    /// `diagnostics` about `text` moved onto the user's `source`: spans after the added
    /// declarations shift back by their length; spans inside them or in the added `main` point
    /// at the user's first line of code or the end of the file.
    func userDiagnostics(_ diagnostics: [Diagnostic], source: String, path: String) -> [Diagnostic] {
        let file = SourceFile(name: path, text: source)
        let userLength = file.bytes.count
        func moved(_ span: SourceSpan?) -> SourceSpan? {
            guard let span else { return nil }
            func map(_ offset: Int) -> Int {
                if offset < headerOffset { return offset }
                if offset < headerOffset + headerLength { return headerOffset }
                return min(offset - headerLength, userLength)
            }
            return SourceSpan(file: file, start: map(span.start), end: max(map(span.start), map(span.end)))
        }
        return diagnostics.map { diagnostic in
            var result = diagnostic
            result.span = moved(diagnostic.span)
            result.notes = diagnostic.notes.map { Diagnostic.Note($0.message, at: moved($0.span)) }
            return result
        }
    }

    static func matches(_ pattern: String, _ text: String) -> Bool {
        text.range(of: pattern, options: .regularExpression) != nil
    }

    /// The source with `//` and `/* */` comments blanked, so names in comments do not count.
    static func strippingComments(_ source: String) -> String {
        var result = source.replacingOccurrences(of: #"/\*[\s\S]*?\*/"#, with: " ", options: .regularExpression)
        result = result.replacingOccurrences(of: #"//[^\n]*"#, with: "", options: .regularExpression)
        return result
    }
}
