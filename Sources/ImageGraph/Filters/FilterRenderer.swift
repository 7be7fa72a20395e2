import Foundation
import Framebuffers
import ShaderCompiler
import ShaderExecution
import ShaderSemantics
import ShaderSyntax

/// One pass of a filter, resolved: what runs, on what, with which uniforms, at what size.
public struct FilterPassPlan: Sendable {
    /// The fragment shader, relative to `Shaders/`.
    public var fragmentPath: String
    /// The vertex shader, relative to `Shaders/`.
    public var vertexPath: String
    /// The images bound to texture locations 0, 1, …
    public var inputs: [PassSource]
    /// Every uniform the pass sets (parameters, pass constants, `texelWidth`/`texelHeight`,
    /// `outputSize`), restricted to those the pass's shaders declare.
    public var uniforms: [String: [Float]]
    /// The pass's output size.
    public var size: ImageSize
    /// The compiled fragment program.
    public var fragment: Program
    /// The compiled vertex program.
    public var vertex: Program
}

/// Renders built-in filters through the executor: every pass into an RGBA8 framebuffer,
/// uniforms and inputs per the header's rules (`Shaders/Filters/README.md`).
///
/// ```swift
/// let blur = FilterCatalog.filter(named: "gaussianBlur")!
/// let output = try FilterRenderer().render(blur, parameters: ["sigma": [3]], inputs: [photo])
/// ```
public struct FilterRenderer: Sendable {
    /// The executor every pass runs on.
    public var executor: Executor
    /// The device the filters' shaders are compiled for (`mediump` as fp16 on a phone
    /// profile); `desktop` by default.
    public var profile: DeviceProfile

    /// Creates a renderer.
    public init(executor: Executor = Executor(), profile: DeviceProfile = .desktop) {
        self.executor = executor
        self.profile = profile
    }

    /// Renders `filter` on `inputs`.
    ///
    /// - Parameters:
    ///   - filter: the filter.
    ///   - parameters: parameter values by name (uniform components; matrices column-major);
    ///     parameters not given keep their defaults.
    ///   - inputs: one texture per filter input, in order.
    ///   - outputSize: the size for an `output: given` filter; `nil` takes its default.
    /// - Returns: the last pass's RGBA8 output.
    /// - Throws: `FilterError` for unknown parameters, wrong arities or input counts, a missing
    ///   output size, or an executor failure.
    public func render(
        _ filter: FilterDescription, parameters: [String: [Float]] = [:], inputs: [Texture],
        outputSize: ImageSize? = nil
    ) throws(FilterError) -> Texture {
        let plans = try plan(
            filter, parameters: parameters,
            inputSizes: inputs.map { ImageSize(width: $0.width, height: $0.height) },
            outputSize: outputSize)
        var results: [Texture] = []
        for (index, pass) in plans.enumerated() {
            let bound = pass.inputs.map { source in
                switch source {
                case .input(let k): inputs[k - 1]
                case .pass(let j): results[j - 1]
                }
            }
            let target = Framebuffer(
                width: pass.size.width, height: pass.size.height, format: .rgba8)
            var draw = DrawCall(
                fragment: pass.fragment, vertex: pass.vertex, uniforms: pass.uniforms,
                inputs: bound,
                samplerState: SamplerState(filter: .linear, wrap: .clampToEdge))
            draw.profile = profile
            do {
                try executor.render(draw, into: target)
            } catch {
                throw .execution(filter: filter.name, pass: index + 1, reason: "\(error)")
            }
            results.append(target.makeTexture())
        }
        return results[results.count - 1]
    }

    /// Resolves every pass of `filter` without drawing: shaders, bindings, uniforms, sizes.
    ///
    /// - Throws: as `render`.
    public func plan(
        _ filter: FilterDescription, parameters: [String: [Float]] = [:], inputSizes: [ImageSize],
        outputSize: ImageSize? = nil
    ) throws(FilterError) -> [FilterPassPlan] {
        guard inputSizes.count == filter.inputCount else {
            throw .inputCount(
                filter: filter.name, expected: filter.inputCount, got: inputSizes.count)
        }
        var values = filter.parameterValues()
        for (name, given) in parameters {
            guard let parameter = filter.parameter(named: name) else {
                throw .unknownParameter(filter: filter.name, name: name)
            }
            guard given.count == parameter.componentCount else {
                throw .parameterArity(
                    name: name, expected: parameter.componentCount, got: given.count)
            }
            values[name] = given
        }
        let finalSize = try Self.outputSize(
            of: filter, values: values, inputSizes: inputSizes, given: outputSize)

        var plans: [FilterPassPlan] = []
        for pass in filter.passes {
            let shaderFilter: FilterDescription
            switch pass.shader {
            case .this: shaderFilter = filter
            case .filter(let name):
                guard let other = FilterCatalog.filter(named: name) else {
                    throw .shaderDiagnostics(
                        "\(filter.file): pass \(pass.number) runs unknown filter '\(name)'")
                }
                shaderFilter = other
            }
            let vertexPath = shaderFilter.vertexShader(forPassInputCount: pass.inputs.count)
            let fragment = try ProgramCache.shared.program(at: shaderFilter.file, stage: .fragment, profile: profile)
            let vertex = try ProgramCache.shared.program(at: vertexPath, stage: .vertex, profile: profile)
            func declares(_ name: String) -> Bool {
                fragment.uniform(named: name) != nil || vertex.uniform(named: name) != nil
            }

            var uniforms: [String: [Float]] = [:]
            if shaderFilter.name != filter.name {
                for parameter in shaderFilter.parameters {
                    uniforms[parameter.name] = parameter.defaultValue
                }
            }
            for (name, value) in values { uniforms[name] = value }
            for assignment in pass.assignments {
                switch assignment.value {
                case .literal(let numbers): uniforms[assignment.uniform] = numbers
                case .parameter(let name): uniforms[assignment.uniform] = values[name]
                }
            }
            let sizes = pass.inputs.map { source in
                switch source {
                case .input(let k): inputSizes[k - 1]
                case .pass(let j): plans[j - 1].size
                }
            }
            let size = pass.number == filter.passes.count ? finalSize : sizes.first ?? finalSize
            let texel = sizes.first ?? size
            uniforms["texelWidth"] = [1 / Float(texel.width)]
            uniforms["texelHeight"] = [1 / Float(texel.height)]
            uniforms["outputSize"] = [Float(size.width), Float(size.height)]
            plans.append(
                FilterPassPlan(
                    fragmentPath: shaderFilter.file, vertexPath: vertexPath, inputs: pass.inputs,
                    uniforms: uniforms.filter { declares($0.key) }, size: size, fragment: fragment,
                    vertex: vertex))
        }
        return plans
    }

    /// The filter's output size under its `output` rule.
    static func outputSize(
        of filter: FilterDescription, values: [String: [Float]], inputSizes: [ImageSize],
        given: ImageSize?
    ) throws(FilterError) -> ImageSize {
        switch filter.output {
        case .given(let defaultSize):
            guard
                let size = given
                    ?? defaultSize.map({ ImageSize(width: $0.width, height: $0.height) })
            else {
                throw .outputSize(filter: filter.name, reason: "needs an output size")
            }
            guard size.width > 0, size.height > 0 else {
                throw .outputSize(filter: filter.name, reason: "output size \(size) is empty")
            }
            return size
        case .input:
            if let given, given != inputSizes[0] {
                throw .outputSize(
                    filter: filter.name,
                    reason: "the output has the input's size; \(given) was given")
            }
            return inputSizes[0]
        case .region(let name):
            if given != nil {
                throw .outputSize(
                    filter: filter.name,
                    reason: "the output size follows '\(name)'; a size was given")
            }
            let region = values[name] ?? [0, 0, 1, 1]
            let width = Int((Float(inputSizes[0].width) * region[2]).rounded())
            let height = Int((Float(inputSizes[0].height) * region[3]).rounded())
            guard width > 0, height > 0 else {
                throw .outputSize(filter: filter.name, reason: "'\(name)' selects an empty region")
            }
            return ImageSize(width: width, height: height)
        }
    }
}

/// Compiled built-in shaders, compiled once per process.
final class ProgramCache: @unchecked Sendable {
    static let shared = ProgramCache()
    private let lock = NSLock()
    private var programs: [String: Program] = [:]

    func program(at path: String, stage: ShaderStage, profile: DeviceProfile = .desktop) throws(FilterError) -> Program {
        let key = profile.name + ":" + path
        lock.lock()
        let cached = programs[key]
        lock.unlock()
        if let cached { return cached }
        // A built-in shader, or the file of a user's filter (a shader with a filter header).
        let embedded = FilterCatalog.shaderText(atPath: path)
        guard let text = embedded ?? (try? String(contentsOfFile: path, encoding: .utf8)) else {
            throw .shaderDiagnostics("no embedded shader '\(path)'")
        }
        let program: Program
        do {
            let checked = try compileFrontEnd(
                source: text, name: embedded == nil ? path : "Shaders/" + path, stage: stage,
                options: CheckOptions(profile: profile),
                parseOptions: profile.parseOptions())
            program = try Compiler.compile(checked)
        } catch {
            throw .shaderDiagnostics(error.diagnostics.rendered())
        }
        lock.lock()
        programs[key] = program
        lock.unlock()
        return program
    }
}
