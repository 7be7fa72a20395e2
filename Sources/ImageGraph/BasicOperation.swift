import Foundation
import Framebuffers
import ShaderCompiler
import ShaderDiagnostics
import ShaderExecution
import ShaderSemantics
import ShaderSyntax

/// A filter made of one fragment shader (and optionally a vertex shader) drawn over the
/// full-screen quad, GPUImage's `BasicOperation`.
///
/// The shaders are compiled once, when the operation is made; a shader that does not compile
/// throws its diagnostics. Samplers `inputImageTexture`, `inputImageTexture2`, … read texture
/// locations 0, 1, …. Uniforms are set by name with typed Swift values and checked against the
/// shader's declarations:
///
/// ```swift
/// let blend = try BasicOperation(fragmentShaderFile: "Shaders/Filters/AlphaBlend.fsh")  // 2 inputs
/// try blend.setUniform(0.5, forName: "mixturePercent")
/// ```
///
/// The host sets these uniforms when a shader declares them and they were not set by hand:
/// `texelWidth`/`texelHeight` (1 / size of the input at location 0, or of the output when
/// there is no input), `outputSize` (`vec2`, pixels), and `u_resolution`/`iResolution`/
/// `resolution` (output size), and `time`/`u_time`/`iTime`/`iGlobalTime` (the context's
/// `time`), as `shade run` sets them.
///
/// The output is the size of the input at location 0 unless `forceProcessing(at:)` says
/// otherwise.
open class BasicOperation: ImageProcessingOperation, ImageCapturing {
    /// The name used in errors: the fragment shader's file name without extension, or the
    /// name given.
    public let name: String
    /// The consumers of this operation's frames.
    public let targets = TargetList()
    /// The sources feeding each texture location.
    public let sources = SourceList()
    /// How many texture locations this operation reads.
    public let numberOfInputs: Int
    /// The device the shaders were compiled for.
    public let profile: DeviceProfile
    /// The compiled fragment shader.
    public let fragmentProgram: Program
    /// The compiled vertex shader; `nil` is the passthrough for any number of inputs.
    public let vertexProgram: Program?
    /// How the inputs are sampled (GPUImage's default: linear, clamp to edge).
    public var samplerState = SamplerState()
    /// The format of the output framebuffer.
    public var outputFormat: PixelFormat = .rgba8
    /// The output size set by `forceProcessing(at:)`, if any.
    public private(set) var forcedSize: ImageSize?
    /// The uniform values set so far, by name (matrices column-major).
    public private(set) var uniformValues: [String: [Float]] = [:]

    var capture = CaptureSlot()

    /// Compiles an operation from shader text.
    ///
    /// - Parameters:
    ///   - fragmentShader: GLSL ES 1.00 fragment shader text.
    ///   - vertexShader: vertex shader text; `nil` for the passthrough.
    ///   - numberOfInputs: texture locations read (0 makes a generator, which needs
    ///     `forceProcessing(at:)`); `nil` counts the shader's samplers: `inputImageTexture2`
    ///     makes 2, and so on, and at least 1.
    ///   - name: the name used in errors and in the shader's diagnostics.
    ///   - uniforms: initial uniform values by name, checked as `setUniform(_:forName:)` does.
    ///   - profile: the device to compile for: its limits and rules, and `mediump`/`lowp`
    ///     computed as fp16 or fixed point where the device does; `desktop` by default.
    /// - Throws: `GraphError.shaderCompilation` with the diagnostics,
    ///   `.samplerWithoutInput` when the shader reads a location beyond `numberOfInputs`, or a
    ///   uniform error.
    public init(
        fragmentShader: String, vertexShader: String? = nil, numberOfInputs: Int? = nil,
        name: String = "BasicOperation", uniforms: [String: any UniformValue] = [:],
        profile: DeviceProfile = .desktop
    ) throws(GraphError) {
        self.name = name
        self.profile = profile
        let fragment = try BasicOperation.compile(
            fragmentShader, fileName: "\(name).fsh", stage: .fragment, operation: name, profile: profile)
        fragmentProgram = fragment
        vertexProgram = try vertexShader.map { text throws(GraphError) in
            try BasicOperation.compile(text, fileName: "\(name).vsh", stage: .vertex, operation: name, profile: profile)
        }
        // inputImageTextureN reads location N - 1, iChannelN location N; other 2D samplers take
        // the free locations (TextureLocations).
        var highest = 0, others = 0
        for sampler in fragment.samplers where sampler.kind == .texture2D {
            if let location = TextureLocations.location(ofSampler: sampler.name) {
                highest = max(highest, location + 1)
                if let numberOfInputs, location >= numberOfInputs {
                    throw .samplerWithoutInput(operation: name, sampler: sampler.name, numberOfInputs: numberOfInputs)
                }
            } else {
                others += 1
            }
        }
        self.numberOfInputs = max(0, numberOfInputs ?? max(1, highest + others))
        for (uniformName, value) in uniforms.sorted(by: { $0.key < $1.key }) {
            try setUniform(value, forName: uniformName)
        }
    }

    /// Compiles an operation from shader files.
    ///
    /// - Parameters:
    ///   - fragmentShaderFile: path of the fragment shader; its name without extension becomes
    ///     the operation's name.
    ///   - vertexShaderFile: path of the vertex shader; `nil` for the passthrough.
    ///   - numberOfInputs: texture locations read; `nil` counts the shader's samplers.
    ///   - uniforms: initial uniform values by name.
    ///   - profile: the device to compile for (`desktop` by default).
    /// - Throws: `GraphError.unreadableShader`, `.shaderCompilation`, `.samplerWithoutInput`,
    ///   or a uniform error.
    public convenience init(
        fragmentShaderFile: String, vertexShaderFile: String? = nil, numberOfInputs: Int? = nil,
        uniforms: [String: any UniformValue] = [:], profile: DeviceProfile = .desktop
    ) throws(GraphError) {
        let name = ((fragmentShaderFile as NSString).lastPathComponent as NSString).deletingPathExtension
        let fragment = try BasicOperation.read(fragmentShaderFile, operation: name)
        let vertex = try vertexShaderFile.map { path throws(GraphError) in try BasicOperation.read(path, operation: name) }
        try self.init(
            fragmentShader: fragment, vertexShader: vertex, numberOfInputs: numberOfInputs, name: name,
            uniforms: uniforms, profile: profile)
    }

    static func read(_ path: String, operation: String) throws(GraphError) -> String {
        do {
            return try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            let reason = FileManager.default.fileExists(atPath: path) ? "not UTF-8 text or unreadable" : "no such file"
            throw .unreadableShader(operation: operation, path: path, reason: reason)
        }
    }

    static func compile(
        _ text: String, fileName: String, stage: ShaderStage, operation: String, profile: DeviceProfile
    ) throws(GraphError) -> Program {
        do {
            let checked = try compileFrontEnd(
                source: text, name: fileName, stage: stage, options: CheckOptions(profile: profile),
                parseOptions: profile.parseOptions())
            return try Compiler.compile(checked)
        } catch {
            throw .shaderCompilation(operation: operation, diagnostics: error)
        }
    }

    // MARK: Uniforms

    /// Sets a uniform of the fragment or vertex shader.
    ///
    /// - Parameters:
    ///   - value: a `Float`, `SIMD2/3/4<Float>`, `Color`, `Matrix3x3`, `Matrix4x4`, `Int`,
    ///     `Bool`, or an array of them.
    ///   - name: the uniform's name in the shader.
    /// - Throws: `GraphError.unknownUniform`, `.uniformArity` (wrong number of components) or
    ///   `.uniformType` (wrong scalar kind), naming this operation.
    public func setUniform(_ value: any UniformValue, forName name: String) throws(GraphError) {
        guard let declaration = fragmentProgram.uniform(named: name) ?? vertexProgram?.uniform(named: name) else {
            throw .unknownUniform(operation: self.name, name: name)
        }
        let declared = BasicOperation.kind(declaration.kind)
        let given = value.uniformScalarKind
        guard given == declared || (given == .int && declared == .float) else {
            throw .uniformType(operation: self.name, name: name, expected: declared.rawValue, got: value.uniformTypeName)
        }
        let components = value.uniformComponents(forDeclaredWidth: declaration.width)
        guard components.count == declaration.width else {
            throw .uniformArity(operation: self.name, name: name, expected: declaration.width, got: components.count)
        }
        uniformValues[name] = components
    }

    /// Forgets a value set with `setUniform(_:forName:)`; the uniform goes back to 0 (or to
    /// its automatic value).
    public func removeUniform(forName name: String) {
        uniformValues[name] = nil
    }

    static func kind(_ kind: ScalarKind) -> UniformScalarKind {
        switch kind {
        case .float: .float
        case .int, .uint: .int
        case .bool: .bool
        }
    }

    /// Whether either shader declares a uniform of this name.
    public func declaresUniform(named name: String) -> Bool {
        fragmentProgram.uniform(named: name) != nil || vertexProgram?.uniform(named: name) != nil
    }

    /// The values of the automatic uniforms this operation's shaders declare, for one pass.
    ///
    /// - Parameters:
    ///   - inputSize: the size of the input at location 0, if any.
    ///   - outputSize: the size of the output.
    ///   - time: seconds, for the time uniforms.
    /// - Returns: values by name, only for uniforms that are declared as `float`s.
    public func automaticUniforms(inputSize: ImageSize?, outputSize: ImageSize, time: Float = 0) -> [String: [Float]] {
        let texel = inputSize ?? outputSize
        let w = Float(outputSize.width), h = Float(outputSize.height)
        let candidates: [String: [Float]] = [
            "texelWidth": [1 / Float(texel.width)],
            "texelHeight": [1 / Float(texel.height)],
            "outputSize": [w, h],
            "u_resolution": [w, h, 1],
            "iResolution": [w, h, 1],
            "resolution": [w, h, 1],
            "time": [time], "u_time": [time], "iTime": [time], "iGlobalTime": [time],
        ]
        var values: [String: [Float]] = [:]
        for (uniformName, candidate) in candidates {
            guard let declaration = fragmentProgram.uniform(named: uniformName) ?? vertexProgram?.uniform(named: uniformName),
                declaration.kind == .float, declaration.width <= candidate.count
            else { continue }
            values[uniformName] = Array(candidate.prefix(declaration.width))
        }
        return values
    }

    // MARK: Size

    /// Renders at `size` instead of the size of the input at location 0.
    public func forceProcessing(at size: ImageSize) {
        forcedSize = size
    }

    /// Goes back to the size of the input at location 0.
    public func removeForcedSize() {
        forcedSize = nil
    }

    /// The size of the output for inputs of these sizes: the forced size, else the size of the
    /// input at location 0, else `nil` (an error). Subclasses override it for sizes that
    /// depend on a parameter, such as a crop region.
    ///
    /// - Parameter inputSizes: the sizes of the frames at locations 0, 1, ….
    /// - Returns: the output size, or `nil` when it cannot be known.
    open func outputSize(forInputSizes inputSizes: [ImageSize]) -> ImageSize? {
        forcedSize ?? inputSizes.first
    }

    // MARK: Capture

    /// Keeps a copy of the next frame this operation renders.
    public func useNextFrameForImageCapture() {
        capture.arm()
    }

    /// The frame kept since `useNextFrameForImageCapture()`; disarms the capture.
    ///
    /// - Throws: `GraphError.captureNotRequested` when capture was not requested,
    ///   `GraphError.nothingCaptured` when nothing was rendered since.
    public func imageFromCurrentFramebuffer() throws(GraphError) -> Texture {
        try capture.take(operation: name)
    }

    // MARK: Rendering

    /// Renders this operation's frame from one frame per texture location, and keeps it when
    /// capture was requested.
    ///
    /// A shader with several colour outputs (multiple render targets) renders them all in the
    /// one draw: location 0 goes to this operation's targets, and when capture was requested
    /// every output is kept (`imageFromCurrentFramebuffer(output:)`).
    open func makeFrame(from inputs: [Frame], in context: ProcessingContext) throws -> Frame {
        guard capture.isArmed, fragmentProgram.colorOutputs.contains(where: { $0.location != 0 }) else {
            let frame = try render(inputs, in: context)
            capture.record(frame)
            return frame
        }
        var frames = try renderOutputs(inputs, in: context)
        let frame = frames.removeValue(forKey: 0)!
        capture.record(frame)
        capturedOutputs = [:]
        for output in fragmentProgram.colorOutputs {
            capturedOutputs[output.name] = output.location == 0 ? frame.texture : frames[output.location]?.texture
        }
        return frame
    }

    /// The colour outputs kept with the last captured frame, by GLSL name (`normal`, `c[1]`).
    var capturedOutputs: [String: Texture] = [:]

    /// One colour output of the frame kept since `useNextFrameForImageCapture()`: a shader
    /// with several outputs (`layout(location = N) out`) has one image per output.
    ///
    /// - Parameter output: the output's name in the shader (`c[1]` for an element of an
    ///   output array).
    /// - Throws: as `imageFromCurrentFramebuffer()`, and `GraphError.unknownOutput` when the
    ///   shader writes no output of that name.
    public func imageFromCurrentFramebuffer(output: String) throws(GraphError) -> Texture {
        guard let location = fragmentProgram.colorOutputs.first(where: { $0.name == output })?.location else {
            throw .unknownOutput(operation: name, output: output, known: fragmentProgram.colorOutputs.map(\.name))
        }
        let main = try capture.take(operation: name)
        return location == 0 ? main : capturedOutputs[output] ?? main
    }

    /// Draws the shaders once over `inputs` into one framebuffer per colour output the fragment
    /// shader writes (multiple render targets), leased from the context's cache.
    ///
    /// - Parameters: as `render(_:in:extraUniforms:)`.
    /// - Returns: the new frames by location (location 0 always), owned by the caller.
    /// - Throws: as `render(_:in:extraUniforms:)`.
    public func renderOutputs(
        _ inputs: [Frame], in context: ProcessingContext, extraUniforms: [String: [Float]] = [:]
    ) throws(GraphError) -> [Int: Frame] {
        let locations = Set([0] + fragmentProgram.colorOutputs.map(\.location))
        return try draw(inputs, in: context, extraUniforms: extraUniforms, locations: locations)
    }

    /// Draws the shaders once over `inputs` into a framebuffer leased from the context's cache.
    ///
    /// This is one pass with no graph around it; multi-pass operations call it for each pass.
    ///
    /// - Parameters:
    ///   - inputs: the frames bound to texture locations 0, 1, ….
    ///   - context: the executor and cache.
    ///   - extraUniforms: values that win over this operation's own for this pass only (such as
    ///     a pass's `direction`).
    /// - Returns: the new frame, owned by the caller.
    /// - Throws: `GraphError.outputSizeUnknown`, a uniform error, or `.execution`.
    public func render(
        _ inputs: [Frame], in context: ProcessingContext, extraUniforms: [String: [Float]] = [:]
    ) throws(GraphError) -> Frame {
        try draw(inputs, in: context, extraUniforms: extraUniforms, locations: [0])[0]!
    }

    /// One draw into a leased framebuffer per location of `locations`.
    func draw(
        _ inputs: [Frame], in context: ProcessingContext, extraUniforms: [String: [Float]],
        locations: Set<Int>
    ) throws(GraphError) -> [Int: Frame] {
        guard let size = outputSize(forInputSizes: inputs.map(\.size)), size.width > 0, size.height > 0 else {
            throw .outputSizeUnknown(operation: name)
        }
        var uniforms = automaticUniforms(inputSize: inputs.first?.size, outputSize: size, time: context.time)
        uniforms.merge(uniformValues) { _, set in set }
        for (uniformName, values) in extraUniforms {
            guard let declaration = fragmentProgram.uniform(named: uniformName) ?? vertexProgram?.uniform(named: uniformName)
            else { throw .unknownUniform(operation: name, name: uniformName) }
            guard declaration.width == values.count else {
                throw .uniformArity(operation: name, name: uniformName, expected: declaration.width, got: values.count)
            }
            uniforms[uniformName] = values
        }
        var draw = DrawCall(
            fragment: fragmentProgram, vertex: vertexProgram, uniforms: uniforms, samplerState: samplerState)
        draw.preparedInputs = inputs.map(\.sampledTexture)
        draw.profile = profile
        let cache = context.framebufferCache
        var framebuffers: [Int: Framebuffer] = [:]
        func recycleAll() { for f in framebuffers.values { cache.recycle(f) } }
        for location in locations.sorted() {
            do {
                framebuffers[location] = try GraphError.leasing(from: cache, size, outputFormat, for: name)
            } catch {
                recycleAll()
                throw error
            }
        }
        do {
            try context.executor.render(draw, into: framebuffers)
        } catch let error as ExecutionError {
            recycleAll()
            throw .execution(operation: name, error)
        } catch {
            recycleAll()
            preconditionFailure("internal error: the executor threw \(error)")
        }
        return framebuffers.mapValues { Frame(framebuffer: $0, cache: cache) }
    }
}
