import Foundation

/// A concrete vertex + fragment shader pair made from a `ShaderLibraryCase`, with the layout
/// of its outputs.
///
/// Shade's own specialisation of the `${…}` placeholders (not dEQP's text): inputs become
/// `uniform`s named as in the case (read-only, like dEQP's varyings), outputs become `highp`
/// globals, and `${OUTPUT}` packs every output component into `gl_FragColor` (in GLSL ES 3.00
/// cases an `out highp vec4 dEQP_FragColor` at location 0, with `in`/`out` for the attribute and
/// varyings, and the generated partner shaders `#version 300 es` too), four per pixel:
/// pixel k of a one-row Float32 framebuffer holds components 4k…4k+3. The runner reads them back
/// and compares them with the case's expected values, so a failure can say what came out.
public struct ShaderLibraryProgram: Sendable, Hashable {
    /// Which shader holds the case's code.
    public enum Variant: String, Sendable, Hashable {
        /// The case's `both` source as a vertex shader, with a generated fragment shader.
        case vertex
        /// The case's `both` source as a fragment shader, with a generated vertex shader.
        case fragment
        /// The case's own `vertex` and `fragment` sources (either may be generated).
        case linked
    }

    /// One output's place among the packed components.
    public struct Output: Sendable, Hashable {
        /// The case's output value (expected rows included).
        public var value: ShaderLibraryValue
        /// Index of its first component in the packed list.
        public var firstComponent: Int
    }

    /// Which shader holds the case's code.
    public var variant: Variant
    /// The vertex shader.
    public var vertexSource: String
    /// The fragment shader.
    public var fragmentSource: String
    /// Outputs in packing order.
    public var outputs: [Output]
    /// Pixels needed to hold every output component (at least 1).
    public var pixelCount: Int
    /// Values the runner sets as uniforms for each row (inputs and the case's uniforms).
    public var uniforms: [ShaderLibraryValue]

    /// The attribute the generated vertex shaders read the quad's positions from; the cases
    /// themselves use this name too.
    public static let positionAttribute = "dEQP_Position"
}

extension ShaderLibraryCase {
    /// The programs this case stands for: a vertex and a fragment variant for `both`, one linked
    /// program for separate sources.
    public var programs: [ShaderLibraryProgram] {
        let inputs = values.filter { $0.kind == .input }
        let outputs = values.filter { $0.kind == .output }
        var packed: [ShaderLibraryProgram.Output] = []
        var next = 0
        for output in outputs {
            packed.append(.init(value: output, firstComponent: next))
            next += ShaderLibraryValue.componentCount(of: output.type) ?? 1
        }
        let pixelCount = max(1, (next + 3) / 4)
        let uniforms = values.filter { $0.kind != .output }
        let make = { (variant: ShaderLibraryProgram.Variant, vertex: String, fragment: String) in
            ShaderLibraryProgram(
                variant: variant, vertexSource: vertex, fragmentSource: fragment, outputs: packed,
                pixelCount: pixelCount, uniforms: uniforms
            )
        }
        let generator = PlaceholderText(
            inputs: inputs, outputs: packed, pixelCount: pixelCount, uniforms: uniforms,
            isES300: version.hasPrefix("300")
        )
        switch sources {
        case .both(let source):
            return [
                make(
                    .vertex, generator.specialize(source, stage: .vertex),
                    outputs.isEmpty ? generator.plainFragmentShader : generator.varyingFragmentShader
                ),
                make(.fragment, generator.plainVertexShader, generator.specialize(source, stage: .fragment)),
            ]
        case .separate(let vertex, let fragment):
            return [
                make(
                    .linked,
                    vertex.map { generator.specialize($0, stage: .vertex) } ?? generator.plainVertexShader,
                    fragment.map { generator.specialize($0, stage: .fragment) } ?? generator.plainFragmentShader
                ),
            ]
        }
    }
}

/// Writes the text that replaces each `${…}` placeholder.
private struct PlaceholderText {
    enum Stage { case vertex, fragment }

    var inputs: [ShaderLibraryValue]
    var outputs: [ShaderLibraryProgram.Output]
    var pixelCount: Int

    var position: String { ShaderLibraryProgram.positionAttribute }

    var uniforms: [ShaderLibraryValue]
    /// A GLSL ES 3.00 case: `in`/`out` instead of `attribute`/`varying`, and a declared
    /// fragment output instead of `gl_FragColor`.
    var isES300: Bool

    /// The fragment colour the generated code writes.
    var fragColor: String { isES300 ? "dEQP_FragColor" : "gl_FragColor" }

    /// The declaration of `fragColor` (none in GLSL ES 1.00).
    var fragColorDeclaration: String { isES300 ? "layout(location = 0) out highp vec4 dEQP_FragColor;\n" : "" }

    /// The position attribute's declaration.
    var positionDeclaration: String { (isES300 ? "in" : "attribute") + " highp vec4 \(position);\n" }

    /// `#version 300 es` for the generated partner shaders of a GLSL ES 3.00 case.
    var versionLine: String { isES300 ? "#version 300 es\n" : "" }

    /// `highp` where GLSL allows a precision (not on booleans).
    func declaration(_ type: String, _ name: String) -> String {
        type.hasPrefix("b") ? "\(type) \(name);\n" : "highp \(type) \(name);\n"
    }

    var inputDeclarations: String {
        inputs.map { "uniform " + declaration($0.type, $0.name) }.joined()
    }

    var outputDeclarations: String {
        outputs.map { declaration($0.value.type, $0.value.name) }.joined()
    }

    /// The case's own uniforms that `source` uses without declaring (linked cases rely on the
    /// vertex declarations for them).
    func undeclaredUniforms(in source: String) -> String {
        uniforms.filter { value in
            value.kind == .uniform && !value.name.contains(".") && !value.name.contains("[")
                && source.range(of: "uniform[^;]*\\b\(value.name)\\b", options: .regularExpression) == nil
        }.map { "uniform " + declaration($0.type, $0.name) }.joined()
    }

    /// `vec4(c0, c1, c2, c3)` for each pixel, every component converted to float.
    var packedPixels: [String] {
        var components: [String] = []
        for output in outputs {
            let name = output.value.name
            let type = output.value.type
            let count = ShaderLibraryValue.componentCount(of: type) ?? 1
            if count == 1 {
                components.append("float(\(name))")
            } else if let shape = ShaderLibraryValue.matrixShape(of: type) {
                for c in 0..<shape.columns { for r in 0..<shape.rows { components.append("\(name)[\(c)][\(r)]") } }
            } else {
                components += ["x", "y", "z", "w"].prefix(count).map { "float(\(name).\($0))" }
            }
        }
        while components.count < pixelCount * 4 { components.append("0.0") }
        return (0..<pixelCount).map { "vec4(" + components[($0 * 4)..<($0 * 4 + 4)].joined(separator: ", ") + ")" }
    }

    /// Writes pixel k's packed components when the fragment is in column k.
    func fragmentOutput(pixels: [String]) -> String {
        if pixels.count == 1 { return "\(fragColor) = \(pixels[0]);" }
        var text = "{ highp float shade_column = floor(gl_FragCoord.x);\n"
        for (k, pixel) in pixels.enumerated() {
            text += "if (shade_column == \(k).0) \(fragColor) = \(pixel);\n"
        }
        return text + "}"
    }

    /// The packed results passed from a vertex-variant case to its fragment shader.
    func varyingDeclarations(_ stage: Stage) -> String {
        let qualifier = isES300 ? (stage == .vertex ? "out" : "in") : "varying"
        return (0..<pixelCount).map { "\(qualifier) highp vec4 shade_result\($0);\n" }.joined()
    }

    func specialize(_ source: String, stage: Stage) -> String {
        let declarations = inputDeclarations + outputDeclarations
        let output: String
        switch stage {
        case .vertex:
            output = packedPixels.enumerated().map { "shade_result\($0.offset) = \($0.element);\n" }.joined()
                + "gl_Position = \(position);"
        case .fragment:
            output = fragmentOutput(pixels: packedPixels)
        }
        // The VERTEX_/FRAGMENT_ placeholders appear only in linked cases, where inputs enter
        // the vertex shader and outputs leave the fragment shader.
        let replacements: [String: String] = [
            "DECLARATIONS": declarations
                + (stage == .vertex ? positionDeclaration + varyingDeclarations(.vertex) : fragColorDeclaration),
            "SETUP": "",
            "OUTPUT": output,
            "POSITION_FRAG_COLOR": stage == .vertex ? "gl_Position" : fragColor,
            "FRAG_COLOR": fragColor,
            "VERTEX_DECLARATIONS": positionDeclaration + inputDeclarations + undeclaredUniforms(in: source),
            "VERTEX_SETUP": "",
            "VERTEX_OUTPUT": "gl_Position = \(position);",
            "FRAGMENT_DECLARATIONS": fragColorDeclaration + outputDeclarations + undeclaredUniforms(in: source),
            "FRAGMENT_SETUP": "",
            "FRAGMENT_OUTPUT": fragmentOutput(pixels: packedPixels),
        ]
        return substitute(source, replacements)
    }

    /// The vertex shader paired with a fragment-variant case: positions only.
    var plainVertexShader: String {
        versionLine + positionDeclaration + "void main()\n{\n    gl_Position = \(position);\n}\n"
    }

    /// The fragment shader paired with a vertex-variant case: writes the varyings out.
    var varyingFragmentShader: String {
        versionLine + "precision highp float;\n" + fragColorDeclaration + varyingDeclarations(.fragment)
            + "void main()\n{\n"
            + fragmentOutput(pixels: (0..<pixelCount).map { "shade_result\($0)" }) + "\n}\n"
    }

    /// The fragment shader paired with a case that writes no outputs from its vertex shader.
    var plainFragmentShader: String {
        versionLine + "precision highp float;\n" + fragColorDeclaration + "void main()\n{\n    \(fragColor) = vec4(1.0);\n}\n"
    }

    /// Replaces every `${NAME}` by `replacements[NAME]`; unknown names are left as they are,
    /// so the compiler reports them.
    func substitute(_ source: String, _ replacements: [String: String]) -> String {
        var result = ""
        var rest = Substring(source)
        while let start = rest.range(of: "${") {
            result += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].firstIndex(of: "}") else { break }
            // `${NAME:single-line}` asks for the text without line breaks (line-number tests).
            let spec = rest[start.upperBound..<end].split(separator: ":", maxSplits: 1)
            let name = String(spec.first ?? "")
            if var text = replacements[name] {
                if spec.count == 2 && spec[1] == "single-line" {
                    text = text.replacingOccurrences(of: "\n", with: " ")
                }
                result += text
            } else {
                result += rest[start.lowerBound...end]
            }
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }
}
