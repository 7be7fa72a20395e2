import Framebuffers
import ShaderExecution
import ShaderSemantics

/// An image-graph operation that runs any built-in filter, all of its passes, with parameters
/// set by name and checked against the filter's header.
///
/// ```swift
/// let blur = try FilterOperation(named: "gaussian-blur")
/// try blur.setParameter(Float(4), forName: "sigma")
/// picture --> blur --> output
/// ```
///
/// Each catalog filter also has a typed subclass generated from its header (`GaussianBlur`,
/// `AlphaBlend`, …) whose properties read and write the same parameter values.
public class FilterOperation: ImageProcessingOperation, ImageCapturing {
    /// The filter this operation runs.
    public let filter: FilterDescription
    /// The name used in errors: the filter's name.
    public var name: String { filter.name }
    /// The consumers of this operation's frames.
    public let targets = TargetList()
    /// The sources feeding each texture location.
    public let sources = SourceList()
    /// Every parameter's current value, by name (uniform components, matrices column-major).
    public private(set) var parameterValues: [String: [Float]]
    /// The output size for a filter whose header says `output: given` (generators, resizes);
    /// `nil` takes the header's default. Other filters must leave it `nil`.
    public var outputSize: ImageSize?
    /// The device the filter's shaders are compiled for (`mediump` as fp16 on a phone
    /// profile, its texture size limit); `desktop` by default.
    public var profile = DeviceProfile.desktop
    /// The renderer's executor is the graph context's; this only plans passes.
    private var renderer: FilterRenderer { FilterRenderer(profile: profile) }

    var capture = CaptureSlot()

    /// Creates an operation for `filter` with every parameter at its default.
    public init(filter: FilterDescription) {
        self.filter = filter
        parameterValues = filter.parameterValues()
    }

    /// Creates an operation for the catalog filter called `name` (any letter case, or
    /// kebab-case such as `gaussian-blur`).
    ///
    /// - Throws: `FilterError.unknownFilter` with the closest name as a suggestion.
    public convenience init(named name: String) throws(FilterError) {
        guard let filter = FilterCatalog.filter(named: name) else {
            throw .unknownFilter(name, suggestion: FilterCatalog.suggestion(for: name))
        }
        self.init(filter: filter)
    }

    /// Creates the operation of a generated wrapper; the catalog always has the name.
    init(catalogName name: String) {
        guard let filter = FilterCatalog.filter(named: name) else {
            fatalError("internal error: generated wrapper for '\(name)' has no catalog entry")
        }
        self.filter = filter
        parameterValues = filter.parameterValues()
    }

    /// How many texture locations the filter reads.
    public var numberOfInputs: Int { filter.inputCount }

    // MARK: Parameters

    /// Sets a parameter from a typed Swift value.
    ///
    /// - Parameters:
    ///   - value: a `Float` (or `Int`) for `float`, an `Int` for `int`, a `Bool` for `bool`,
    ///     `SIMD2/3/4<Float>` for vectors, a `Color` or `SIMD3/4<Float>` for `color`,
    ///     `Matrix3x3`/`Matrix4x4` for matrices, an array of them for an array parameter.
    ///   - name: the parameter's name (`sigma`).
    /// - Throws: `FilterError.unknownParameter`, `.parameterType` (a `Bool` for a `float`,
    ///   a `Float` for an `int`, …) or `.parameterArity` (wrong number of components).
    public func setParameter(_ value: any UniformValue, forName name: String) throws(FilterError) {
        guard let parameter = filter.parameter(named: name) else {
            throw .unknownParameter(filter: filter.name, name: name)
        }
        let expected: UniformScalarKind =
            switch parameter.type {
            case .int: .int
            case .bool: .bool
            default: .float
            }
        let given = value.uniformScalarKind
        guard given == expected || (given == .int && expected == .float) else {
            throw .parameterType(
                name: name, expected: parameter.glslType, got: value.uniformTypeName)
        }
        let components = value.uniformComponents(forDeclaredWidth: parameter.componentCount)
        guard components.count == parameter.componentCount else {
            throw .parameterArity(
                name: name, expected: parameter.componentCount, got: components.count)
        }
        parameterValues[name] = components
    }

    /// Sets a parameter from its uniform components, as the CLI and manifests give them.
    ///
    /// - Throws: `FilterError.unknownParameter` or `.parameterArity`.
    public func setParameter(components: [Float], forName name: String) throws(FilterError) {
        guard let parameter = filter.parameter(named: name) else {
            throw .unknownParameter(filter: filter.name, name: name)
        }
        guard components.count == parameter.componentCount else {
            throw .parameterArity(
                name: name, expected: parameter.componentCount, got: components.count)
        }
        parameterValues[name] = components
    }

    /// Puts every parameter back to its default.
    public func resetParameters() {
        parameterValues = filter.parameterValues()
    }

    /// The components of parameter `name` (typed wrappers read through this).
    func components(_ name: String) -> [Float] {
        parameterValues[name] ?? []
    }

    /// Stores components whose type the generated wrapper guarantees.
    func store(_ components: [Float], _ name: String) {
        parameterValues[name] = components
    }

    // MARK: Rendering

    /// Renders the filter on textures, outside any graph.
    ///
    /// - Parameters:
    ///   - inputs: one texture per filter input.
    ///   - executor: the executor for every pass.
    /// - Returns: the RGBA8 output.
    /// - Throws: `FilterError`.
    public func apply(to inputs: [Texture], executor: Executor = Executor()) throws(FilterError)
        -> Texture
    {
        try FilterRenderer(executor: executor, profile: profile).render(
            filter, parameters: parameterValues, inputs: inputs, outputSize: outputSize)
    }

    /// Runs every pass, intermediates leased from the context's cache and returned as soon as
    /// the last pass that reads them is done.
    ///
    /// - Throws: `FilterError` when the parameters or output size do not fit the filter,
    ///   `GraphError.execution` when a pass fails in the executor.
    public func makeFrame(from inputs: [Frame], in context: ProcessingContext) throws -> Frame {
        // A FilterError (bad parameter arity, output size) names the filter; it passes through
        // the graph unchanged.
        let plans = try renderer.plan(
            filter, parameters: parameterValues, inputSizes: inputs.map(\.size),
            outputSize: outputSize)
        // Plans number inputs and passes from 1; the pass runner from 0.
        let reads = plans.map { plan in
            plan.inputs.map { source -> MultiPassOperation.PassInput in
                switch source {
                case .input(let k): .input(k - 1)
                case .pass(let j): .pass(j - 1)
                }
            }
        }
        let cache = context.framebufferCache
        let output = try PassSequence.run(reads: reads, inputs: inputs) { index, frames in
            let plan = plans[index]
            var draw = DrawCall(fragment: plan.fragment, vertex: plan.vertex, uniforms: plan.uniforms)
            draw.preparedInputs = frames.map(\.sampledTexture)
            draw.profile = profile
            let pass = "\(name) pass \(index + 1)"
            let framebuffer = try GraphError.leasing(from: cache, plan.size, .rgba8, for: pass)
            do {
                try context.executor.render(draw, into: framebuffer)
            } catch let error as ExecutionError {
                cache.recycle(framebuffer)
                throw GraphError.execution(operation: pass, error)
            }
            return Frame(framebuffer: framebuffer, cache: cache)
        }
        capture.record(output)
        return output
    }

    // MARK: Capture

    /// Keeps a copy of the next frame this operation renders.
    public func useNextFrameForImageCapture() {
        capture.arm()
    }

    /// The frame kept since `useNextFrameForImageCapture()`; disarms the capture.
    ///
    /// - Throws: `GraphError.captureNotRequested` or `GraphError.nothingCaptured`.
    public func imageFromCurrentFramebuffer() throws(GraphError) -> Texture {
        try capture.take(operation: name)
    }
}

/// A value a typed wrapper property holds, convertible to and from uniform components.
protocol FilterParameterValue {
    /// Components of one value (a `Color` has 4; a `vec3` colour parameter keeps 3).
    static var componentCount: Int { get }
    /// Reads a value from its components.
    init(components: ArraySlice<Float>)
    /// The value's components.
    var components: [Float] { get }
}

extension Float: FilterParameterValue {
    static var componentCount: Int { 1 }
    init(components: ArraySlice<Float>) { self = components.first ?? 0 }
    var components: [Float] { [self] }
}

extension Int: FilterParameterValue {
    static var componentCount: Int { 1 }
    init(components: ArraySlice<Float>) { self = Int((components.first ?? 0).rounded()) }
    var components: [Float] { [Float(self)] }
}

extension Bool: FilterParameterValue {
    static var componentCount: Int { 1 }
    init(components: ArraySlice<Float>) { self = (components.first ?? 0) != 0 }
    var components: [Float] { [self ? 1 : 0] }
}

extension SIMD2: FilterParameterValue where Scalar == Float {
    static var componentCount: Int { 2 }
    init(components: ArraySlice<Float>) { self.init(Array(components.prefix(2))) }
    var components: [Float] { [x, y] }
}

extension SIMD3: FilterParameterValue where Scalar == Float {
    static var componentCount: Int { 3 }
    init(components: ArraySlice<Float>) { self.init(Array(components.prefix(3))) }
    var components: [Float] { [x, y, z] }
}

extension SIMD4: FilterParameterValue where Scalar == Float {
    static var componentCount: Int { 4 }
    init(components: ArraySlice<Float>) { self.init(Array(components.prefix(4))) }
    var components: [Float] { [x, y, z, w] }
}

extension Color: FilterParameterValue {
    static var componentCount: Int { 4 }
    init(components: ArraySlice<Float>) {
        let c = Array(components)
        self.init(red: c[0], green: c[1], blue: c[2], alpha: c.count > 3 ? c[3] : 1)
    }
    var components: [Float] { [red, green, blue, alpha] }
}

extension Matrix3x3: FilterParameterValue {
    static var componentCount: Int { 9 }
    init(components: ArraySlice<Float>) {
        let c = Array(components)
        self.init(
            columns: SIMD3(c[0], c[1], c[2]), SIMD3(c[3], c[4], c[5]), SIMD3(c[6], c[7], c[8]))
    }
    var components: [Float] { uniformComponents(forDeclaredWidth: 9) }
}

extension Matrix4x4: FilterParameterValue {
    static var componentCount: Int { 16 }
    init(components: ArraySlice<Float>) {
        let c = Array(components)
        self.init(
            columns: SIMD4(c[0], c[1], c[2], c[3]), SIMD4(c[4], c[5], c[6], c[7]),
            SIMD4(c[8], c[9], c[10], c[11]), SIMD4(c[12], c[13], c[14], c[15]))
    }
    var components: [Float] { uniformComponents(forDeclaredWidth: 16) }
}

extension FilterOperation {
    /// A typed parameter's current value.
    func value<T: FilterParameterValue>(_ name: String, as type: T.Type = T.self) -> T {
        T(components: components(name)[...])
    }

    /// An array parameter's current value.
    func values<T: FilterParameterValue>(_ name: String, as type: T.Type = T.self) -> [T] {
        let all = components(name)
        return stride(from: 0, to: all.count, by: T.componentCount).map {
            T(components: all[$0..<($0 + T.componentCount)])
        }
    }

    /// Stores a typed parameter value (a colour keeps as many components as its default).
    func setValue<T: FilterParameterValue>(_ value: T, _ name: String) {
        store(Array(value.components.prefix(components(name).count)), name)
    }

    /// Stores an array parameter value; fewer elements than the uniform array holds are padded
    /// with zeros (as GL leaves unset elements), more fail with `parameterArity` on rendering.
    func setValues<T: FilterParameterValue>(_ values: [T], _ name: String) {
        var components = values.flatMap(\.components)
        let count = filter.parameter(named: name)?.componentCount ?? components.count
        if components.count < count {
            components += [Float](repeating: 0, count: count - components.count)
        }
        store(components, name)
    }
}
