/// A built-in filter as its shader header describes it (see `Shaders/Filters/README.md`).
///
/// Made only by parsing a header (`FilterDescription(parsingHeaderOf:file:)`), so every value
/// here obeys the header grammar.
public struct FilterDescription: Sendable, Hashable {
    /// The filter's lowerCamelCase name (`gaussianBlur`), also the CLI name.
    public let name: String
    /// A human title (`Gaussian blur`).
    public let title: String
    /// The kind of filter.
    public let category: FilterCategory
    /// One sentence: what the filter does.
    public let summary: String
    /// The maths, when the header gives it.
    public let formula: String?
    /// The images the filter takes from the graph, in texture-location order (empty for a
    /// generator).
    public let inputs: [FilterInput]
    /// The header's `vertex` key (a path relative to `Shaders/`), or `nil` for the default.
    public let vertexShader: String?
    /// How the output size is chosen.
    public let output: OutputSize
    /// The typed parameters, in header order.
    public let parameters: [FilterParameter]
    /// How the filter runs: one entry per pass (a single-pass filter has one `self` pass).
    public let passes: [FilterPass]
    /// Settings that show the filter off better than the defaults (`example:`), by parameter.
    public let example: [String: [Float]]
    /// Free-text notes.
    public let notes: [String]
    /// The shader file, relative to `Shaders/` (`Filters/GaussianBlur.fsh`).
    public let file: String
    /// The shader text after the header; empty (or only comments) when no pass runs `self`.
    public let body: String

    /// The name of the filter's typed Swift wrapper: the shader file's stem (`CGAColorspace`)
    /// when it spells the filter's name with a capital first letter, else the name with its
    /// first letter capitalised (`GaussianBlur`).
    public var swiftTypeName: String {
        let stem = String(file.split(separator: "/").last?.split(separator: ".").first ?? "")
        if stem.lowercased() == name.lowercased() { return stem }
        return name.prefix(1).uppercased() + name.dropFirst()
    }

    /// The number of input images.
    public var inputCount: Int { inputs.count }

    /// The parameter called `name`.
    public func parameter(named name: String) -> FilterParameter? {
        parameters.first { $0.name == name }
    }

    /// Every parameter's value: the defaults, with `example:` settings applied when
    /// `usingExample` is true.
    public func parameterValues(usingExample: Bool = false) -> [String: [Float]] {
        var values: [String: [Float]] = [:]
        for parameter in parameters {
            values[parameter.name] =
                usingExample
                ? example[parameter.name] ?? parameter.defaultValue : parameter.defaultValue
        }
        return values
    }

    /// The vertex shader (relative to `Shaders/`) for a pass of this filter's shader that
    /// binds `inputCount` images: the `vertex` key, else GPUImage's passthrough for that count.
    public func vertexShader(forPassInputCount inputCount: Int) -> String {
        if let vertexShader { return vertexShader }
        return inputCount >= 2 ? "Vertex/TwoInputPassthrough.vsh" : "Vertex/Passthrough.vsh"
    }
}

/// The kinds of built-in filters.
public enum FilterCategory: String, Sendable, Hashable, CaseIterable {
    /// Per-pixel colour adjustments.
    case color
    /// Neighbourhood and geometric processing (blurs, edges, transforms).
    case processing
    /// Two-image blends and compositing.
    case blend
    /// Stylising effects and distortions.
    case effect
    /// Images made from no input.
    case generator
}

/// One input image of a filter.
public struct FilterInput: Sendable, Hashable {
    /// Its name: `input1`, `input2`, … unless the header names it (`lookupTable`).
    public let name: String
    /// What the header says about it.
    public let help: String?
}

/// How a filter's output size is chosen.
public enum OutputSize: Sendable, Hashable {
    /// The size of the first input.
    case input
    /// The caller chooses; `defaultSize` is used when the caller gives none.
    case given(defaultSize: PixelSize?)
    /// round(input width · P.z) × round(input height · P.w) for the `vec4` parameter P.
    case region(parameter: String)
}

/// A size in pixels.
public struct PixelSize: Sendable, Hashable, CustomStringConvertible {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// Creates a size.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// `WxH`.
    public var description: String { "\(width)x\(height)" }
}

/// The GLSL-facing type of a filter parameter.
public enum ParameterType: String, Sendable, Hashable, CaseIterable {
    /// A `float` (Swift `Float`).
    case float
    /// An `int` (Swift `Int`); integer values only.
    case int
    /// A `bool` (Swift `Bool`); 0 or 1.
    case bool
    /// A `vec2` (Swift `SIMD2<Float>`).
    case vec2
    /// A `vec3` (Swift `SIMD3<Float>`).
    case vec3
    /// A `vec4` (Swift `SIMD4<Float>`).
    case vec4
    /// A `mat3`, column-major.
    case mat3
    /// A `mat4`, column-major.
    case mat4
    /// A `vec3` (RGB) or `vec4` (straight-alpha RGBA), by the number of default values.
    case color

    /// Components of one element (`color` is resolved by its default; 0 here).
    var fixedComponentCount: Int {
        switch self {
        case .float, .int, .bool: 1
        case .vec2: 2
        case .vec3: 3
        case .vec4: 4
        case .mat3: 9
        case .mat4: 16
        case .color: 0
        }
    }
}

/// One typed parameter: the uniform of the same name.
public struct FilterParameter: Sendable, Hashable {
    /// The parameter's name, which is also its uniform's name.
    public let name: String
    /// Its type.
    public let type: ParameterType
    /// The array length for an array uniform (`vec2[16]`), else `nil`.
    public let arrayCount: Int?
    /// The default, every component of every element (matrices column-major).
    public let defaultValue: [Float]
    /// The suggested range of each component, when given.
    public let range: ClosedRange<Float>?
    /// The help text after ` -- `.
    public let help: String?

    /// Components of one element (a `color` has 3 or 4).
    public var componentsPerElement: Int {
        type == .color ? defaultValue.count : type.fixedComponentCount
    }

    /// All components the uniform takes.
    public var componentCount: Int { componentsPerElement * (arrayCount ?? 1) }

    /// The GLSL type the uniform is declared with (`vec3` for a 3-component `color`,
    /// `vec2[16]` for an array).
    public var glslType: String {
        let base = type == .color ? "vec\(defaultValue.count)" : type.rawValue
        return arrayCount.map { "\(base)[\($0)]" } ?? base
    }
}

/// One pass of a filter.
public struct FilterPass: Sendable, Hashable {
    /// The pass's number, 1-based.
    public let number: Int
    /// Which shader runs.
    public let shader: PassShader
    /// The images bound to texture locations 0, 1, …
    public let inputs: [PassSource]
    /// The `uniform=value` assignments of the `pass:` line, in order.
    public let assignments: [PassAssignment]

    /// Creates a pass.
    public init(
        number: Int, shader: PassShader, inputs: [PassSource], assignments: [PassAssignment]
    ) {
        self.number = number
        self.shader = shader
        self.inputs = inputs
        self.assignments = assignments
    }
}

/// The shader a pass runs.
public enum PassShader: Sendable, Hashable {
    /// This filter's own shader.
    case this
    /// One pass of another filter's shader (its text and vertex shader, not its passes).
    case filter(String)
}

/// An image a pass reads.
public enum PassSource: Sendable, Hashable, CustomStringConvertible {
    /// Filter input k (1-based).
    case input(Int)
    /// The result of earlier pass j (1-based).
    case pass(Int)

    /// `input1`, `pass2`, …
    public var description: String {
        switch self {
        case .input(let k): "input\(k)"
        case .pass(let j): "pass\(j)"
        }
    }
}

/// A uniform set by a `pass:` line.
public struct PassAssignment: Sendable, Hashable {
    /// The uniform.
    public let uniform: String
    /// Its value.
    public let value: Value

    /// Creates an assignment.
    public init(uniform: String, value: Value) {
        self.uniform = uniform
        self.value = value
    }

    /// What a pass assignment sets.
    public enum Value: Sendable, Hashable {
        /// Literal numbers (`direction=1.0,0.0`).
        case literal([Float])
        /// The value of this filter's parameter (`$sigma`).
        case parameter(String)
    }
}
