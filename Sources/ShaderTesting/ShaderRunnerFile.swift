/// A parsed piglit `shader_runner` test (`*.shader_test`), the format of Mesa's own test suite.
///
/// The file has sections: `[require]` (GLSL/GL versions, extensions), `[vertex shader]`,
/// `[vertex shader passthrough]`, `[fragment shader]`, and `[test]` with one command per line.
/// Shade understands the commands listed in `ShaderRunnerCommand`; any other command or
/// section is kept as `.unsupported`, so the runner can report the test as skipped, with the
/// reason, rather than pretend it passed.
public struct ShaderRunnerTest: Sendable, Hashable {
    /// One `[require]` line.
    public enum Requirement: Sendable, Hashable {
        /// `GLSL >= 1.10`, `GLSL ES >= 1.00` (version × 100: 110, 100).
        case glsl(isES: Bool, comparison: String, version: Int)
        /// `GL >= 2.0`, `GL ES >= 2.0` (version × 10: 20).
        case gl(isES: Bool, comparison: String, version: Int)
        /// `GL_ARB_something` (or `!GL_…` when `isRequired` is false).
        case ext(String, isRequired: Bool)
        /// `SIZE w h`: the window size.
        case windowSize(width: Int, height: Int)
        /// A line Shade does not model.
        case other(String)
    }

    /// The file name, for reports.
    public var name: String
    /// `[require]` lines in order.
    public var requirements: [Requirement]
    /// Text of `[vertex shader]`, or `nil`. A test with several `[vertex shader]` sections
    /// (compilation units linked together) has them concatenated, later `#version` lines
    /// commented out; `vertexShaderUnitCount` says how many there were.
    public var vertexShader: String?
    /// How many `[vertex shader]` sections the file has.
    public var vertexShaderUnitCount = 0
    /// How many `[fragment shader]` sections the file has.
    public var fragmentShaderUnitCount = 0
    /// `true` when the file has `[vertex shader passthrough]`.
    public var usesPassthroughVertexShader: Bool
    /// Text of `[fragment shader]`, or `nil`.
    public var fragmentShader: String?
    /// 1-based line where each shader's text starts (for mapping diagnostics back).
    public var vertexShaderLine: Int
    /// 1-based line where the fragment shader's text starts.
    public var fragmentShaderLine: Int
    /// `[test]` commands with their 1-based lines.
    public var commands: [(line: Int, command: ShaderRunnerCommand)]
    /// Sections Shade does not run (`[geometry shader]`, `[vertex data]`, …), with their lines.
    public var unsupportedSections: [(line: Int, name: String)]

    /// piglit's default window: 250×250.
    public static let defaultWindowSize = (width: 250, height: 250)
    /// piglit's default probe tolerance per channel.
    public static let defaultTolerance: [Double] = [0.01, 0.01, 0.01, 0.01]

    /// The window size from `SIZE`, or piglit's 250×250.
    public var windowSize: (width: Int, height: Int) {
        for case .windowSize(let w, let h) in requirements { return (w, h) }
        return Self.defaultWindowSize
    }

    /// The first reason Shade cannot run this test, or `nil` when it can.
    public var unsupportedReason: String? {
        if let section = unsupportedSections.first {
            return "line \(section.line): section [\(section.name)] is not supported"
        }
        for (line, command) in commands {
            if case .unsupported(let text) = command {
                return "line \(line): command '\(text)' is not supported"
            }
        }
        for requirement in requirements {
            switch requirement {
            case .glsl(let isES, let comparison, let version):
                let supported = isES ? [100, 300] : [100, 110, 120, 130, 140, 150, 330]
                if !supported.contains(where: { Self.compare($0, comparison, version) }) {
                    return "requires GLSL\(isES ? " ES" : "") \(comparison) \(Self.versionText(version))"
                }
            case .gl(let isES, let comparison, let version):
                // Shade provides the shading of OpenGL ES 2.0 and 3.0, and of OpenGL 2.1 to 3.3
                // (GLSL up to 3.30; what those versions add beyond shading is not modelled).
                let supported = isES ? [20, 30] : [10, 11, 12, 13, 14, 15, 20, 21, 30, 31, 32, 33]
                if !supported.contains(where: { Self.compare($0, comparison, version) }) {
                    return "requires GL\(isES ? " ES" : "") \(comparison) \(Double(version) / 10)"
                }
            case .ext(let name, let isRequired):
                if isRequired && !Self.supportedExtensions.contains(name) {
                    return "requires \(name)"
                }
            case .windowSize, .other:
                break
            }
        }
        return nil
    }

    /// Extensions a `[require]` section may ask for.
    public static let supportedExtensions: Set<String> = [
        "GL_OES_standard_derivatives", "GL_ARB_fragment_shader", "GL_ARB_vertex_shader",
        "GL_ARB_shader_objects", "GL_ARB_texture_non_power_of_two",
    ]

    static func compare(_ have: Int, _ op: String, _ want: Int) -> Bool {
        switch op {
        case ">=": have >= want
        case ">": have > want
        case "<=": have <= want
        case "<": have < want
        case "==", "=": have == want
        case "!=": have != want
        default: false
        }
    }

    static func versionText(_ v: Int) -> String { "\(v / 100).\(String(format2: v % 100))" }

    public static func == (a: ShaderRunnerTest, b: ShaderRunnerTest) -> Bool {
        a.name == b.name && a.requirements == b.requirements && a.vertexShader == b.vertexShader
            && a.fragmentShader == b.fragmentShader
            && a.commands.map(\.line) == b.commands.map(\.line)
            && a.commands.map(\.command) == b.commands.map(\.command)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(fragmentShader)
    }
}

/// One line of a `[test]` section.
public enum ShaderRunnerCommand: Sendable, Hashable {
    /// Which pixels a probe looks at.
    public enum Region: Sendable, Hashable {
        /// One pixel in window coordinates (row 0 at the bottom, as GL reads back).
        case pixel(x: Int, y: Int)
        /// One pixel at fractions of the window size (`relative probe`).
        case relativePixel(x: Double, y: Double)
        /// A rectangle in window coordinates.
        case rect(x: Int, y: Int, width: Int, height: Int)
        /// A rectangle in fractions of the window size.
        case relativeRect(x: Double, y: Double, width: Double, height: Double)
        /// Every pixel.
        case all
    }

    /// `uniform TYPE NAME VALUES…` (samplers are set with `uniform int NAME UNIT`).
    case uniform(type: String, name: String, values: [Double])
    /// `draw rect [ortho] [tex] X Y W H [TX TY TW TH]`: a rectangle in clip coordinates, or in
    /// window coordinates with `ortho`; `tex` adds texture coordinates (`gl_MultiTexCoord0`).
    case drawRect(x: Double, y: Double, width: Double, height: Double, isOrtho: Bool, texture: [Double]?)
    /// `probe [all|rect] rgb|rgba …`, `relative probe …`: the expected colour.
    case probe(Region, expected: [Double])
    /// `clear color R G B A`.
    case clearColor([Double])
    /// `clear`.
    case clear
    /// `texture rgbw UNIT (W, H)`: GL's red/green/blue/white quadrant texture.
    case textureRGBW(unit: Int, width: Int, height: Int)
    /// `texture checkerboard UNIT LEVEL (W, H) (COLOR1) (COLOR2)`.
    case textureCheckerboard(unit: Int, width: Int, height: Int, color1: [Double], color2: [Double])
    /// `texture miptree UNIT`: piglit's 8×8 texture with four levels, each one colour (red,
    /// green, blue, white); `GL_NEAREST_MIPMAP_NEAREST`, clamp to edge.
    case textureMiptree(unit: Int)
    /// `texparameter 2D min|mag nearest|linear` and `wrap_s|wrap_t repeat|clamp_to_edge|…`.
    case textureParameter(name: String, value: String)
    /// `tolerance R G B A` (or one value for all four).
    case tolerance([Double])
    /// `link success` or `link error`: whether compiling and linking the shaders must work.
    case expectLink(succeeds: Bool)
    /// `ortho` alone, `hint …`, `clear depth …`: lines that change nothing Shade draws.
    case noOperation(String)
    /// Anything Shade does not run.
    case unsupported(String)
}

extension ShaderRunnerTest {
    /// Parses a `.shader_test` file.
    ///
    /// Never fails: unknown sections and commands become `unsupportedSections` and
    /// `.unsupported` commands, which the runner reports as a skip with the line.
    public init(parsing text: String, name: String) {
        self.name = name
        requirements = []
        vertexShader = nil
        usesPassthroughVertexShader = false
        fragmentShader = nil
        vertexShaderLine = 0
        fragmentShaderLine = 0
        commands = []
        unsupportedSections = []

        enum Section { case none, require, vertex, fragment, test, ignored }
        var section = Section.none
        var shaderLines: [String] = []
        var shaderStart = 0

        /// A later compilation unit of a stage is appended to the first, its #version commented out.
        func add(_ text: String, to shader: inout String?, line: inout Int, units: inout Int) {
            units += 1
            if let first = shader {
                shader = first + Self.commentingOutVersion(text)
            } else {
                shader = text
                line = shaderStart
            }
        }
        func finishShader(_ section: Section) {
            let text = shaderLines.joined(separator: "\n") + "\n"
            switch section {
            case .vertex:
                add(text, to: &vertexShader, line: &vertexShaderLine, units: &vertexShaderUnitCount)
            case .fragment:
                add(text, to: &fragmentShader, line: &fragmentShaderLine, units: &fragmentShaderUnitCount)
            default: break
            }
            shaderLines = []
        }

        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, raw) in lines.enumerated() {
            let lineNumber = index + 1
            let line = raw.trimmingCharacters(in: " \t\r")
            if line.hasPrefix("[") && line.hasSuffix("]") {
                finishShader(section)
                let header = String(line.dropFirst().dropLast())
                shaderStart = lineNumber + 1
                switch header {
                case "require": section = .require
                case "vertex shader": section = .vertex
                case "vertex shader passthrough":
                    usesPassthroughVertexShader = true
                    section = .ignored
                case "fragment shader": section = .fragment
                case "test": section = .test
                default:
                    unsupportedSections.append((lineNumber, header))
                    section = .ignored
                }
                continue
            }
            switch section {
            case .vertex, .fragment:
                shaderLines.append(String(raw))
            case .require:
                if let requirement = Self.parseRequirement(line) { requirements.append(requirement) }
            case .test:
                if let command = Self.parseCommand(line) { commands.append((lineNumber, command)) }
            case .none, .ignored:
                break
            }
        }
        finishShader(section)
    }

    /// A later compilation unit's text with `#version` turned into a comment (same lines).
    static func commentingOutVersion(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.trimmingCharacters(in: " \t").hasPrefix("#version") ? "// " + line : String(line)
        }.joined(separator: "\n")
    }

    static func parseRequirement(_ line: String) -> Requirement? {
        let text = line.strippingComment()
        if text.isEmpty { return nil }
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard !words.isEmpty else { return nil }
        if words[0].hasPrefix("GL_") { return .ext(words[0], isRequired: true) }
        if words[0].hasPrefix("!GL_") { return .ext(String(words[0].dropFirst()), isRequired: false) }
        if words[0] == "SIZE", words.count == 3, let w = Int(words[1]), let h = Int(words[2]) {
            return .windowSize(width: w, height: h)
        }
        if words[0] == "GLSL" || words[0] == "GL" {
            let isES = words.count > 1 && words[1] == "ES"
            let rest = Array(words.dropFirst(isES ? 2 : 1))
            // A finite, plausible number only: `GLSL >= 1e400` is infinity, which `Int(_:)` traps on.
            guard rest.count == 2, let number = Double(rest[1]), number.isFinite,
                abs(number) < 1_000_000
            else { return .other(text) }
            if words[0] == "GLSL" {
                return .glsl(isES: isES, comparison: rest[0], version: Int((number * 100).rounded()))
            }
            return .gl(isES: isES, comparison: rest[0], version: Int((number * 10).rounded()))
        }
        return .other(text)
    }

    static func parseCommand(_ line: String) -> ShaderRunnerCommand? {
        let text = line.strippingComment()
        if text.isEmpty { return nil }
        // Parentheses and commas only group numbers; words and numbers are what matter.
        let separators: Set<Character> = ["(", ")", ",", ";", " ", "\t"]
        let words: [String] = text.split(whereSeparator: { separators.contains($0) }).map(String.init)
        func numbers(_ from: Int) -> [Double]? {
            var values: [Double] = []
            for word in words.dropFirst(from) {
                guard let value = Double(word) else { return nil }
                values.append(value)
            }
            return values
        }
        switch words.first {
        case "uniform" where words.count >= 4:
            // As piglit, a hexadecimal value of a float uniform is the float's bit pattern.
            let isFloat = words[1].hasPrefix("float") || words[1].hasPrefix("vec") || words[1].hasPrefix("mat")
            var values: [Double] = []
            for word in words.dropFirst(3) {
                if isFloat, word.hasPrefix("0x"), let bits = UInt32(word.dropFirst(2), radix: 16) {
                    values.append(Double(Float(bitPattern: bits)))
                } else if let value = Double(word) {
                    values.append(value)
                } else {
                    return .unsupported(text)
                }
            }
            return .uniform(type: words[1], name: words[2], values: values)
        case "draw" where words.count >= 2 && words[1] == "rect":
            var index = 2
            var isOrtho = false
            var hasTexture = false
            while index < words.count, words[index] == "ortho" || words[index] == "tex" {
                if words[index] == "ortho" { isOrtho = true } else { hasTexture = true }
                index += 1
            }
            guard let values = numbers(index), values.count == (hasTexture ? 8 : 4) else {
                return .unsupported(text)
            }
            return .drawRect(
                x: values[0], y: values[1], width: values[2], height: values[3], isOrtho: isOrtho,
                texture: hasTexture ? Array(values[4...]) : nil
            )
        case "probe", "relative":
            return parseProbe(words, text: text)
        case "clear" where words.count == 1:
            return .clear
        case "clear" where words.count == 6 && words[1] == "color":
            guard let values = numbers(2) else { return .unsupported(text) }
            return .clearColor(values)
        case "texture" where words.count == 5 && words[1] == "rgbw":
            guard let unit = Int(words[2]), let w = Int(words[3]), let h = Int(words[4]) else {
                return .unsupported(text)
            }
            return .textureRGBW(unit: unit, width: w, height: h)
        case "texture" where words.count == 14 && words[1] == "checkerboard":
            guard let unit = Int(words[2]), let w = Int(words[4]), let h = Int(words[5]),
                let colors = numbers(6), colors.count == 8
            else { return .unsupported(text) }
            return .textureCheckerboard(
                unit: unit, width: w, height: h, color1: Array(colors[0..<4]), color2: Array(colors[4..<8])
            )
        case "texture" where words.count == 3 && words[1] == "miptree":
            guard let unit = Int(words[2]) else { return .unsupported(text) }
            return .textureMiptree(unit: unit)
        case "texparameter" where words.count == 4 && words[1] == "2D":
            return .textureParameter(name: words[2], value: words[3])
        case "tolerance":
            guard let values = numbers(1), values.count == 1 || values.count == 4 else {
                return .unsupported(text)
            }
            return .tolerance(values.count == 1 ? Array(repeating: values[0], count: 4) : values)
        case "ortho" where words.count == 1:
            return .noOperation(text)
        case "link" where words.count == 2 && (words[1] == "success" || words[1] == "error"):
            return .expectLink(succeeds: words[1] == "success")
        case "hint" where words.count == 3, "clear" where words.count == 3 && words[1] == "depth":
            // Quality hints and the depth clear change nothing Shade draws.
            return .noOperation(text)
        default:
            return .unsupported(text)
        }
    }

    static func parseProbe(_ words: [String], text: String) -> ShaderRunnerCommand {
        var index = 0
        let isRelative = words[0] == "relative"
        if isRelative {
            guard words.count > 1, words[1] == "probe" else { return .unsupported(text) }
            index = 1
        }
        index += 1
        var kind = "pixel"
        if index < words.count, words[index] == "all" || words[index] == "rect" {
            kind = words[index]
            index += 1
        }
        guard index < words.count, words[index] == "rgb" || words[index] == "rgba" else {
            return .unsupported(text)
        }
        let channels = words[index] == "rgb" ? 3 : 4
        index += 1
        let values = words[index...].map { Double($0) }
        guard !values.contains(where: { $0 == nil }) else { return .unsupported(text) }
        let v = values.map { $0! }
        let coordinates = kind == "all" ? 0 : kind == "rect" ? 4 : 2
        // piglit reads only the channels it probes; some tests give a fourth, ignored value.
        guard v.count == coordinates + channels || (channels == 3 && v.count == coordinates + 4) else {
            return .unsupported(text)
        }
        // Coordinates become Ints below: `probe rgba 1e400 …` would trap in Int(_:).
        guard v.allSatisfy({ $0.isFinite && abs($0) < 1e9 }) else { return .unsupported(text) }
        let expected = Array(v[coordinates..<(coordinates + channels)])
        let region: ShaderRunnerCommand.Region
        switch (kind, isRelative) {
        case ("all", false): region = .all
        case ("rect", false): region = .rect(x: Int(v[0]), y: Int(v[1]), width: Int(v[2]), height: Int(v[3]))
        case ("rect", true): region = .relativeRect(x: v[0], y: v[1], width: v[2], height: v[3])
        case ("pixel", false): region = .pixel(x: Int(v[0]), y: Int(v[1]))
        case ("pixel", true): region = .relativePixel(x: v[0], y: v[1])
        default: return .unsupported(text)
        }
        return .probe(region, expected: expected)
    }
}

extension StringProtocol {
    fileprivate func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let c = s.first, set.contains(c) { s = s.dropFirst() }
        while let c = s.last, set.contains(c) { s = s.dropLast() }
        return String(s)
    }

    /// The line without a trailing `#` comment, trimmed.
    fileprivate func strippingComment() -> String {
        let body = firstIndex(of: "#").map { self[..<$0] } ?? self[...]
        return body.trimmingCharacters(in: " \t\r")
    }
}

extension String {
    fileprivate init(format2 value: Int) {
        self = value < 10 ? "0\(value)" : "\(value)"
    }
}
