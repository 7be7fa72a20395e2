import Foundation
import ShaderDiagnostics

/// A screen shader from Shadertoy, The Book of Shaders or glslViewer, made into a fragment
/// shader Shade can run.
///
/// How a source is compiled is decided by its content (`Dialect`):
/// - it defines Shadertoy's `mainImage(out vec4 fragColor, in vec2 fragCoord)` and has no
///   `#version` line: as Shadertoy compiles it, GLSL ES 3.00 after Shadertoy's header
///   (`ShadertoyHeader`): its precision statements, `HW_PERFORMANCE`, its whole uniform set,
///   an `out vec4` and a `main` that calls `mainImage`;
/// - otherwise the source keeps its own `#version` (GLSL ES 1.00 without one), and the
///   wrapper adds only what it lacks: `precision highp float;` when it sets no float
///   precision, a `uniform` declaration for each host uniform it uses but does not declare
///   (`iTime`, `u_time`, …), and, for a `mainImage` with no `main`, a `main` that calls it.
///
/// `userDiagnostics(_:source:path:)` moves diagnostics back onto the user's own text, so line
/// numbers and quoted lines are the user's.
struct ProceduralShader {
    /// How a source is compiled.
    enum Dialect: Equatable {
        /// `mainImage` and no `#version`: GLSL ES 3.00 with Shadertoy's header.
        case shadertoy
        /// The source's own `#version` line (its text after `#version`), or GLSL ES 1.00 when
        /// `nil`, with what the source lacks added.
        case own(version: String?)
    }

    /// The host uniforms and their GLSL types, in the order Shadertoy declares its own.
    static let hostUniforms: [(name: String, type: String)] = [
        ("iResolution", "vec3"), ("iTime", "float"), ("iChannelTime", "float[4]"), ("iMouse", "vec4"),
        ("iDate", "vec4"), ("iSampleRate", "float"), ("iChannelResolution", "vec3[4]"), ("iFrame", "int"),
        ("iTimeDelta", "float"), ("iFrameRate", "float"),
        ("iChannel0", "sampler2D"), ("iChannel1", "sampler2D"), ("iChannel2", "sampler2D"),
        ("iChannel3", "sampler2D"),
        ("u_time", "float"), ("u_resolution", "vec2"), ("u_mouse", "vec2"),
    ]

    /// The `iChannelN` samplers the wrapped shader declares (the user's or the wrapper's), by
    /// N: the inputs `shade render --channelN` must give.
    let channels: [Int]

    /// The wrapped text.
    let text: String
    /// How the source is compiled.
    let dialect: Dialect
    /// Whether the source uses the `mainImage` entry point.
    let usesMainImage: Bool
    /// The host uniforms that were declared by the wrapper.
    let addedUniforms: [String]
    /// Whether the wrapper added a `main` that calls `mainImage`.
    let addsMain: Bool
    /// Where the added declarations start in `text`, in bytes, and how long they are.
    let headerOffset: Int, headerLength: Int

    /// Wraps `source`, declaring none of the host uniforms in `leavingOut`, nor `main` when it
    /// holds "main" (what the source declares itself; see `clashes(in:)`).
    ///
    /// - Parameters:
    ///   - keepsAlpha: a Shadertoy buffer pass: the added `main` writes the colour as
    ///     `mainImage` leaves it, alpha included (an Image pass's colour is written opaque).
    ///   - isShadertoyPass: a pass of a multipass shader, which is Shadertoy's whatever its text
    ///     looks like (its `mainImage` may come from a macro): compiled in the Shadertoy dialect,
    ///     with a `mainImage` prototype and the `main` in the header, before the user's code, as
    ///     Shadertoy places them (so the user's macros cannot reach them).
    ///   - samplerTypes: the type of `iChannelN` by N where it is not `sampler2D` (Shadertoy
    ///     declares a volume input `sampler3D`).
    init(
        source: String, leavingOut: Set<String> = [], keepsAlpha: Bool = false, isShadertoyPass: Bool = false,
        samplerTypes: [Int: String] = [:]
    ) {
        let code = ProceduralShader.strippingComments(source)
        usesMainImage = isShadertoyPass || ProceduralShader.matches(#"\bvoid\s+mainImage\s*\("#, code)
        let version = ProceduralShader.firstMatch(#"(?m)^[ \t]*#[ \t]*version[ \t]+([^\n/]*)"#, code)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        dialect = isShadertoyPass || (usesMainImage && version == nil) ? .shadertoy : .own(version: version)
        // Shadertoy adds its main whatever the source says (one of the user's may sit in a
        // branch of #if that is not taken); the others only when the source has none.
        let hasMain = leavingOut.contains("main")
            || (dialect != .shadertoy && ProceduralShader.matches(#"\bvoid\s+main\s*\(\s*(void\s*)?\)"#, code))
        addsMain = usesMainImage && !hasMain
        channels = (0...3).filter { ProceduralShader.matches("\\biChannel\($0)\\b", code) }

        let uses = { (name: String) in ProceduralShader.matches("\\b\(name)\\b", code) }
        // Shadertoy declares its uniforms whatever the source says; the others only those the
        // source does not declare.
        let isShadertoy = dialect == .shadertoy
        let declares = { (name: String) in
            leavingOut.contains(name)
                || (!isShadertoy && ProceduralShader.matches("\\buniform\\b[^;]*\\b\(name)\\b", code))
        }
        var header: [String] = []
        var added: [String] = []
        // Which host uniforms to declare: Shadertoy declares its whole set (the samplers only
        // when named, as an unnamed one reads nothing); the other dialects those used.
        let wanted: [(name: String, type: String)]
        let writesOutput: Bool
        switch dialect {
        case .shadertoy:
            header += ShadertoyHeader.preamble
            // A multipass pass gets all four, as Shadertoy declares them.
            wanted = ProceduralShader.hostUniforms.filter {
                $0.name.hasPrefix("i") && (!$0.type.hasPrefix("sampler") || isShadertoyPass || uses($0.name))
            }
            writesOutput = true
        case .own(let version):
            if !ProceduralShader.matches(#"\bprecision\s+(highp|mediump|lowp)\s+float\s*;"#, code) {
                header.append("precision highp float;")
            }
            wanted = ProceduralShader.hostUniforms.filter { uses($0.name) }
            writesOutput = ProceduralShader.hasOutputVariables(version: version)
            if usesMainImage && !ProceduralShader.matches(#"#\s*define\s+HW_PERFORMANCE\b"#, code) {
                header.append(ShadertoyHeader.performanceDefine)
            }
        }
        let typed = wanted.map { entry -> (name: String, type: String) in
            guard entry.name.hasPrefix("iChannel"), let n = Int(entry.name.dropFirst("iChannel".count)), let type = samplerTypes[n]
            else { return entry }
            return (entry.name, type)
        }
        for (name, type) in typed where !declares(name) {
            if let bracket = type.firstIndex(of: "[") {
                header.append("uniform \(type[..<bracket]) \(name)\(type[bracket...]);")
            } else {
                header.append("uniform \(type) \(name);")
            }
            added.append(name)
        }
        addedUniforms = added
        // GLSL ES 3.00's `texture(sampler, uv)` is `texture2D` in GLSL ES 1.00.
        if dialect == .own(version: nil) || dialect == .own(version: "100"),
            ProceduralShader.matches(#"\btexture\s*\("#, code),
            !ProceduralShader.matches(#"\b(vec4|float|vec3)\s+texture\s*\("#, code)
        {
            header.append("#define texture texture2D")
        }
        let asserts = addsMain && uses("st_assert")
        if addsMain {
            if writesOutput { header.append("out vec4 \(ShadertoyHeader.outputName);") }
            if asserts { header += ShadertoyHeader.assertions }
        }
        let mainText = ShadertoyHeader.main(
            output: writesOutput ? ShadertoyHeader.outputName : "gl_FragColor",
            initialColor: dialect == .shadertoy ? "vec4(1e20)" : "vec4(0.0, 0.0, 0.0, 1.0)",
            checksAssertions: asserts, keepsAlpha: keepsAlpha)
        if addsMain && isShadertoyPass {
            header.append("void mainImage(out vec4 c, in vec2 f);")
            header += mainText.split(separator: "\n").map(String.init)
        }

        // A Shadertoy header starts with its #version, so it goes first; otherwise the
        // source's #version and #extension lines stay first.
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var keep = 0
        for (index, line) in lines.enumerated() where dialect != .shadertoy {
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
        if addsMain && !isShadertoyPass {
            result += "\n" + mainText
        }
        text = result
    }

    /// The added uniforms (and "main") that `diagnostics` of `text` say the source defines
    /// again: wrap again leaving them out, so a shader that declares `uniform float iTime;` or
    /// its own `main` for another host, as glslViewer's do, runs too.
    func clashes(in diagnostics: [Diagnostic]) -> Set<String> {
        let added = Set(addedUniforms + (addsMain ? ["main"] : []))
        return Set(diagnostics.compactMap { diagnostic in
            ProceduralShader.firstMatch(#"^redefinition of '(\w+)(?:\(\))?'"#, diagnostic.message)
        }.filter(added.contains))
    }

    /// Whether `#version <version>` writes colours through an `out` variable (GLSL ES 3.00,
    /// desktop GLSL 1.30 and later) rather than `gl_FragColor`.
    static func hasOutputVariables(version: String?) -> Bool {
        guard let version, let number = Int(version.prefix { $0.isNumber }) else { return false }
        return version.hasSuffix("es") ? number >= 300 : number >= 130
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

    /// The first capture group of `pattern`'s first match in `text`.
    static func firstMatch(_ pattern: String, _ text: String) -> String? {
        guard let expression = try? NSRegularExpression(pattern: pattern),
            let match = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
            let range = Range(match.range(at: 1), in: text)
        else { return nil }
        return String(text[range])
    }

    /// The source with `//` and `/* */` comments blanked, so names in comments do not count.
    /// One pass from left to right, as the preprocessor reads them: a `/*` inside a `//` comment
    /// (`//* note`) opens nothing, and a `//` inside a block comment starts nothing.
    static func strippingComments(_ source: String) -> String {
        source.replacingOccurrences(of: #"//[^\n]*|/\*[\s\S]*?\*/"#, with: " ", options: .regularExpression)
    }
}

/// What Shadertoy puts around an Image pass, written from its documented behaviour: the
/// language and precision, `HW_PERFORMANCE`, the uniforms (`ProceduralShader.hostUniforms`),
/// `st_assert`, and a `main` that starts the colour at 1e20 in every component as Shadertoy
/// does (an `out` parameter is not copied in, so `mainImage` never sees it), calls `mainImage`
/// with `gl_FragCoord.xy` and writes the colour opaque.
enum ShadertoyHeader {
    static let preamble = [
        "#version 300 es",
        "precision highp float;",
        "precision highp int;",
        "precision mediump sampler3D;",
        performanceDefine,
    ]

    /// Shadertoy's quality switch; 1 on desktop GPUs.
    static let performanceDefine = "#define HW_PERFORMANCE 1"

    /// The fragment output the added `main` writes in GLSL ES 3.00.
    static let outputName = "shadeFragColor"

    /// `st_assert(cond)` and `st_assert(cond, channel)`: a failed assertion paints the pixel red
    /// (channel 0), green (1), blue (2) or yellow (any other); the highest failed channel wins.
    static let assertions = [
        "bvec4 shadeFailedAssertions = bvec4(false);",
        "void st_assert(bool shadeCondition, int shadeChannel) {",
        "    if (!shadeCondition) {",
        "        if (shadeChannel == 0) shadeFailedAssertions.x = true;",
        "        else if (shadeChannel == 1) shadeFailedAssertions.y = true;",
        "        else if (shadeChannel == 2) shadeFailedAssertions.z = true;",
        "        else shadeFailedAssertions.w = true;",
        "    }",
        "}",
        "void st_assert(bool shadeCondition) { st_assert(shadeCondition, 0); }",
    ]

    /// The `main` added after the user's code; `keepsAlpha` writes the colour's alpha too (a
    /// buffer pass), else 1.
    static func main(output: String, initialColor: String, checksAssertions: Bool, keepsAlpha: Bool = false) -> String {
        var lines = [
            "void main() {",
            "    vec4 shadeColor = \(initialColor);",
            "    mainImage(shadeColor, gl_FragCoord.xy);",
        ]
        if checksAssertions {
            let colours = [("x", "1.0, 0.0, 0.0"), ("y", "0.0, 1.0, 0.0"), ("z", "0.0, 0.0, 1.0"), ("w", "1.0, 1.0, 0.0")]
            for (component, rgb) in colours {
                lines.append("    if (shadeFailedAssertions.\(component)) shadeColor = vec4(\(rgb), 1.0);")
            }
        }
        lines += [keepsAlpha ? "    \(output) = shadeColor;" : "    \(output) = vec4(shadeColor.rgb, 1.0);", "}", ""]
        return lines.joined(separator: "\n")
    }
}
