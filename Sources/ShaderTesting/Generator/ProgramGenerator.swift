/// The language generated programs are written in.
public enum GeneratedLanguage: String, Sendable, Hashable, CaseIterable {
    /// GLSL ES 1.00 (the default): ints kept small, as they are floats on some GPUs.
    case es100
    /// GLSL ES 3.00 (`#version 300 es`): 32-bit ints and uints that wrap, `%`, bit operators,
    /// shifts, int/uint conversions, `switch` with fall-through, `break` and `default`, the
    /// ES 3.00 float built-ins, `texture()` and an `out vec4` fragment output.
    case es300
}

/// A random GLSL ES 1.00 or 3.00 program for differential testing: valid, terminating and free
/// of undefined behaviour, with a value for every uniform it declares.
public struct GeneratedProgram: Sendable, Hashable {
    /// The fragment shader source.
    public var fragmentSource: String
    /// The vertex shader source; nil means GPUImage's passthrough vertex shader.
    public var vertexSource: String?
    /// A value for every non-sampler uniform declared: floats; ints as whole floats; bools 0 or
    /// 1; matrices column-major; arrays element after element.
    public var uniforms: [String: [Float]]
    /// Samplers `inputImageTexture`, `inputImageTexture2`, … read images `0..<inputCount`.
    public var inputCount: Int
    /// The seed the program was generated from (0 for programs made from entropy bytes).
    public var seed: UInt64
    /// What the shrinker edits; the sources are printed from it.
    var model: ProgramModel

    init(model: ProgramModel, seed: UInt64) {
        var printer = ProgramPrinter(model)
        fragmentSource = printer.fragmentSource()
        vertexSource = printer.vertexSource()
        var values: [String: [Float]] = [:]
        for u in model.uniforms { values[u.name] = u.values }
        uniforms = values
        inputCount = model.inputCount
        self.seed = seed
        self.model = model
    }
}

/// Makes random programs in the spirit of Csmith and GraphicsFuzz, deterministically from a
/// seed or from a fuzzer's bytes.
public struct ProgramGenerator: Sendable {
    /// What generated programs may contain, and how large they are.
    public struct Options: Sendable {
        /// Most statements in a program (both shaders and all functions together).
        public var maxStatements = 20
        /// Deepest nesting of operators and calls in one expression.
        public var maxExpressionDepth = 4
        /// Sometimes generate a vertex shader that writes its own varyings.
        public var allowVertexShader = true
        /// `dFdx`, `dFdy` and `fwidth` (GL_OES_standard_derivatives).
        public var allowDerivatives = true
        /// `discard` under a condition.
        public var allowDiscard = true
        /// `texture2D` and `texture2DProj` of bound images.
        public var allowTextures = true
        /// Also `texture2D(s, p, bias)` and (ES 3.00) `textureLod` lookups, for campaigns whose
        /// inputs are mipmapped (off by default, so that a seed's program never changes).
        public var levelOfDetailLookups = false
        /// `for`, `while` and `do`-`while` loops with `break` and `continue`.
        public var allowLoops = true
        /// User functions with `in`, `out` and `inout` parameters.
        public var allowFunctions = true
        /// Structure types, nested and with array members.
        public var allowStructs = true
        /// The language: GLSL ES 1.00 (the default) or 3.00. A seed gives the same GLSL ES
        /// 1.00 program as before 3.00 existed.
        public var language = GeneratedLanguage.es100
        /// The default float precision of both shaders: `highp` (the default: a seed gives the
        /// same program as before), `mediump` or `lowp`. Below `highp`, locals are declared
        /// `highp`, `mediump` or `lowp` by their names, so that a device profile with fp16
        /// (`shade difftest --profile`) rounds some trees and not others.
        public var floatPrecision = "highp"

        /// Creates the default options.
        public init() {}
    }

    /// The options every program is made with.
    public var options: Options

    /// Creates a generator.
    ///
    /// - Parameter options: what programs may contain.
    public init(options: Options = .init()) { self.options = options }

    /// The program for a seed; the same seed always gives the same program.
    ///
    /// - Parameter seed: any number.
    /// - Returns: a valid program.
    public func program(seed: UInt64) -> GeneratedProgram {
        var builder = ProgramBuilder(options: options, decisions: Decisions(seed: seed))
        return GeneratedProgram(model: builder.build(), seed: seed)
    }

    /// The program whose decisions are read from `bytes` (zeros once they run out), for a
    /// libFuzzer target. Any bytes give a valid program.
    ///
    /// - Parameter bytes: the fuzzer's input.
    /// - Returns: a valid program with seed 0.
    public func program(entropy bytes: [UInt8]) -> GeneratedProgram {
        var builder = ProgramBuilder(options: options, decisions: Decisions(bytes: bytes))
        return GeneratedProgram(model: builder.build(), seed: 0)
    }
}
