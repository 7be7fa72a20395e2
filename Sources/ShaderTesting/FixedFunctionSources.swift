import Foundation

/// The vertex and fragment shaders Shade runs for a `shader_runner` test: the test's own text
/// with piglit's vertex attributes and the fixed-function built-ins of desktop GLSL replaced by
/// ordinary declarations, and generated shaders for a stage the test leaves to fixed function.
///
/// The executor draws one quad whose `inputTextureCoordinate` runs over (0,0)…(1,1); a
/// `draw rect` sets `shade_rect` (clip x, y, width, height) and `shade_texrect` so that
/// `gl_Vertex` / `piglit_vertex` and `gl_MultiTexCoord0` / `piglit_texcoord` are the
/// rectangle's corners. `gl_Color` is GL's current colour (white); `gl_FrontColor` and
/// `gl_TexCoord[i]` become ordinary varyings.
struct FixedFunctionSources {
    static let rectUniform = "shade_rect"
    static let textureRectUniform = "shade_texrect"
    static let projectionUniform = "shade_projection"

    /// Built-ins Shade compiles itself, or that this type replaces.
    static let providedBuiltins: Set<String> = [
        "gl_Position", "gl_FragColor", "gl_FragData", "gl_FragCoord", "gl_FrontFacing",
        "gl_PointCoord", "gl_PointSize", "gl_DepthRange", "gl_Vertex", "gl_ModelViewProjectionMatrix",
        "gl_ModelViewMatrix", "gl_ProjectionMatrix", "gl_MultiTexCoord0", "gl_Color", "gl_FrontColor",
        "gl_TexCoord",
    ]

    /// The vertex shader to compile.
    var vertex: String
    /// The fragment shader to compile.
    var fragment: String
    /// `true` for a desktop GLSL test.
    var isDesktop: Bool
    /// The version of a shader without `#version` (× 100): 100 for GLSL ES tests, else the
    /// lowest desktop version the test requires.
    var defaultVersion: Int

    /// Rewrites `test`'s shaders.
    ///
    /// - Throws: the reason to skip the test when it uses fixed-function state Shade does not
    ///   provide (`gl_Normal`, lighting, fog, clip planes, …).
    init(_ test: ShaderRunnerTest) throws(SkipReason) {
        for text in [test.vertexShader, test.fragmentShader].compactMap({ $0 }) {
            for name in Self.matches(of: "\\bgl_[A-Za-z0-9_]+", in: text)
            where !Self.providedBuiltins.contains(name) && !name.hasPrefix("gl_Max") {
                throw SkipReason(message: "uses '\(name)', which Shade does not provide")
            }
            if text.range(of: "\\bgl_TexCoord\\s*\\[\\s*[^0-9\\s]", options: .regularExpression) != nil {
                throw SkipReason(message: "indexes 'gl_TexCoord' with a non-constant index")
            }
        }
        var vertexText = test.vertexShader.map(Self.renamingVertexBuiltins)
        var fragmentText = test.fragmentShader.map(Self.renamingFragmentBuiltins)

        // Varyings standing for gl_FrontColor/gl_Color and gl_TexCoord[i].
        let all = (vertexText ?? "") + (fragmentText ?? "")
        var varyings = Set(Self.matches(of: "\\bshade_TexCoord[0-9]+\\b", in: all))
        if all.contains("shade_Color") || fragmentText == nil { varyings.insert("shade_Color") }
        // GLSL ES 3.00 and desktop 1.30+ say `in`/`out` where older versions say `attribute`/
        // `varying`.
        let vertexHasInOut = Self.hasInOutStorage(vertexText ?? "")
        let fragmentHasInOut = Self.hasInOutStorage(fragmentText ?? "")
        func declarations(_ keyword: String) -> String {
            varyings.sorted().map { "\(keyword) vec4 \($0);" }.joined(separator: " ")
        }
        let varyingDeclarations = declarations(vertexHasInOut ? "out" : "varying")
        let fragmentVaryingDeclarations = declarations(fragmentHasInOut ? "in" : "varying")

        if vertexText == nil {
            // piglit's passthrough, or the fixed-function vertex stage.
            let position = test.usesPassthroughVertexShader ? "shade_Vertex" : "\(Self.projectionUniform) * shade_Vertex"
            var body = "gl_Position = \(position);\n"
            for v in varyings.sorted() {
                body += v == "shade_Color" ? "shade_Color = shade_CurrentColor;\n"
                    : v == "shade_TexCoord0" ? "\(v) = shade_MultiTexCoord0;\n" : "\(v) = vec4(0.0, 0.0, 0.0, 1.0);\n"
            }
            vertexText = "void main()\n{\n" + body + "}\n"
        }
        if fragmentText == nil {
            fragmentText = "void main()\n{\ngl_FragColor = shade_Color;\n}\n"
        }
        let vertexPrelude = """
            uniform vec4 \(Self.rectUniform); uniform vec4 \(Self.textureRectUniform); \
            uniform mat4 \(Self.projectionUniform); \(vertexHasInOut ? "in" : "attribute") vec4 inputTextureCoordinate; \(varyingDeclarations)
            #define shade_Vertex vec4(\(Self.rectUniform).xy + inputTextureCoordinate.xy * \(Self.rectUniform).zw, 0.0, 1.0)
            #define shade_MultiTexCoord0 vec4(\(Self.textureRectUniform).xy + inputTextureCoordinate.xy * \(Self.textureRectUniform).zw, 0.0, 1.0)
            #define shade_CurrentColor vec4(1.0)

            """
        vertex = Self.inserting(vertexPrelude, into: vertexText!)
        fragment = fragmentVaryingDeclarations.isEmpty
            ? fragmentText! : Self.inserting(fragmentVaryingDeclarations + "\n", into: fragmentText!)
        let isDesktop = test.requirements.contains {
            switch $0 {
            case .glsl(let isES, _, _), .gl(let isES, _, _): !isES
            default: false
            }
        }
        self.isDesktop = isDesktop
        // A desktop shader without '#version' is compiled as the lowest version the test
        // requires (GLSL 1.10 unless it asks for 1.20).
        var version = isDesktop ? 110 : 100
        for case .glsl(false, let comparison, let wanted) in test.requirements
        where comparison == ">=" || comparison == ">" {
            version = max(version, comparison == ">" ? wanted + 10 : wanted)
        }
        defaultVersion = version
        if !isDesktop && test.fragmentShader == nil {
            fragment = "precision mediump float;\n" + fragment
        }
    }


    /// `true` when `text` says `#version 300 es` or a desktop version from 1.30 (`in`/`out`).
    static func hasInOutStorage(_ text: String) -> Bool {
        text.range(of: #"#\s*version\s+(300\s+es|1[3-9]0|[2-9][0-9]0)"#, options: .regularExpression) != nil
    }

    static func renamingVertexBuiltins(_ text: String) -> String {
        var text = text
        // A shader whose only attribute is not piglit_vertex gets the rectangle there too: GL
        // gives a lone attribute location 0, where piglit's `draw rect` puts its corners.
        var position = "piglit_vertex"
        let anyAttribute = #"(?m)^\s*(?:layout\s*\([^)]*\)\s*)?(?:attribute|in)\s+(?:(?:highp|mediump|lowp)\s+)?(?:vec[234]|float)\s+(\w+)\s*;"#
        if let regex = try? NSRegularExpression(pattern: anyAttribute),
           case let matches = regex.matches(in: text, range: NSRange(text.startIndex..., in: text)),
           matches.count == 1, let name = Range(matches[0].range(at: 1), in: text),
           text.range(of: #"\b(gl_Vertex|piglit_vertex)\b"#, options: .regularExpression) == nil {
            position = String(text[name])
        }
        // piglit's own attributes: the declaration goes, uses take the declared width.
        for (attribute, replacement) in [(position, "shade_Vertex"), ("piglit_texcoord", "shade_MultiTexCoord0")] {
            let declaration = "(?:attribute|in)\\s+(?:(?:highp|mediump|lowp)\\s+)?(vec[234]|float)\\s+\(attribute)\\s*;"
            if let range = text.range(of: declaration, options: .regularExpression) {
                let type = String(text[range]).components(separatedBy: .whitespaces).first { $0.hasPrefix("vec") || $0 == "float" } ?? "vec4"
                text.replaceSubrange(range, with: "")
                let swizzle = ["float": ".x", "vec2": ".xy", "vec3": ".xyz", "vec4": ""][type] ?? ""
                text = replacing("\\b\(attribute)\\b", in: text, with: replacement + swizzle)
            }
        }
        text = replacing("\\bftransform\\s*\\(\\s*\\)", in: text, with: "(\(projectionUniform) * shade_Vertex)")
        text = replacing("\\bgl_Vertex\\b", in: text, with: "shade_Vertex")
        text = replacing("\\bgl_ModelViewProjectionMatrix\\b", in: text, with: projectionUniform)
        text = replacing("\\bgl_ProjectionMatrix\\b", in: text, with: projectionUniform)
        text = replacing("\\bgl_ModelViewMatrix\\b", in: text, with: "mat4(1.0)")
        text = replacing("\\bgl_MultiTexCoord0\\b", in: text, with: "shade_MultiTexCoord0")
        text = replacing("\\bgl_Color\\b", in: text, with: "shade_CurrentColor")
        text = replacing("\\bgl_FrontColor\\b", in: text, with: "shade_Color")
        return renamingTexCoord(text)
    }

    static func renamingFragmentBuiltins(_ text: String) -> String {
        renamingTexCoord(replacing("\\bgl_Color\\b", in: text, with: "shade_Color"))
    }

    static func renamingTexCoord(_ text: String) -> String {
        // A redeclaration that sizes gl_TexCoord goes; the used elements become varyings.
        let text = replacing("varying\\s+vec4\\s+gl_TexCoord\\s*\\[[^\\]]*\\]\\s*;", in: text, with: "")
        return replacing("\\bgl_TexCoord\\s*\\[\\s*([0-9]+)\\s*\\]", in: text, with: "shade_TexCoord$1")
    }

    static func replacing(_ pattern: String, in text: String, with template: String) -> String {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.stringByReplacingMatches(
            in: text, range: NSRange(text.startIndex..., in: text), withTemplate: template)
    }

    static func matches(of pattern: String, in text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range, in: text).map { String(text[$0]) }
        }
    }

    /// `text` with `prelude` after its `#version` line and the `#extension` lines that follow
    /// it (comments and blank lines may come between).
    static func inserting(_ prelude: String, into text: String) -> String {
        var lines = text.components(separatedBy: "\n")
        func directive(_ line: String) -> String? {
            let t = line.trimmingCharacters(in: .whitespaces)
            guard t.hasPrefix("#") else { return nil }
            return t.dropFirst().trimmingCharacters(in: .whitespaces).split(separator: " ").first.map(String.init)
        }
        var insertAt = 0
        var index = lines.firstIndex { directive($0) == "version" }.map { $0 + 1 } ?? 0
        insertAt = index
        var inComment = false
        while index < lines.count {
            let t = lines[index].trimmingCharacters(in: .whitespaces)
            if inComment {
                if t.contains("*/") { inComment = false }
            } else if directive(t) == "extension" {
                insertAt = index + 1
            } else if t.hasPrefix("/*") {
                inComment = !t.contains("*/")
            } else if !(t.isEmpty || t.hasPrefix("//")) {
                break
            }
            index += 1
        }
        lines.insert(prelude.hasSuffix("\n") ? String(prelude.dropLast()) : prelude, at: insertAt)
        return lines.joined(separator: "\n")
    }
}

/// Why a test cannot run.
struct SkipReason: Error {
    var message: String
}
