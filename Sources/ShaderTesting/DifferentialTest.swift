import Framebuffers
import ShaderCompiler
import ShaderDiagnostics
import ShaderExecution
import ShaderSemantics
import ShaderSyntax

/// One draw to render two ways: a shader pair, its uniforms and inputs, and a target size.
public struct DifferentialCase: Sendable {
    /// What the case is called in reports (a file name, `seed 42`).
    public var name: String
    /// The fragment shader's text.
    public var fragmentSource: String
    /// The vertex shader's text, or nil for GPUImage's passthrough.
    public var vertexSource: String?
    /// Uniform values by name, as `DrawCall.uniforms` takes them.
    public var uniforms: [String: [Float]]
    /// Input images in GPUImage order.
    public var inputs: [Texture]
    /// How the inputs are sampled.
    public var samplerState: SamplerState
    /// Target width.
    public var width: Int
    /// Target height.
    public var height: Int
    /// The device profile both implementations compile for (its precisions: fp16 `mediump`
    /// rounds in the executor and the interpreter alike); `desktop` by default.
    public var profile: DeviceProfile = .desktop
    /// Textures bound to samplers by name (3D, array and integer samplers, or 2D ones), beyond
    /// `inputs`; the llvmpipe oracle uploads them with the matching GL target and format.
    public var textures: [NamedTexture] = []

    /// The executor's and the interpreter's bindings of `textures`.
    var bindings: [String: TextureBinding] {
        Dictionary(textures.map { t in
            switch t.kind {
            case .texture2D: (t.sampler, TextureBinding.texture2D(t.texture, t.state))
            case .cube:
                // Mesa's GL ES contexts filter cube maps seamlessly.
                (t.sampler, .cubeMap(t.cubeFaces, { var s = t.state; s.seamlessCubeMap = true; return s }()))
            default: (t.sampler, .layered(t.texture, layers: t.layers, t.state))
            }
        }, uniquingKeysWith: { a, _ in a })
    }

    /// The checker's options for this case's profile.
    var checkOptions: CheckOptions { CheckOptions(profile: profile) }

    /// Checks one of this case's shaders under its profile.
    func check(_ source: String, suffix: String, stage: ShaderStage) throws(DiagnosticsError) -> CheckedShader {
        try compileFrontEnd(
            source: source, name: name + suffix, stage: stage, options: checkOptions,
            parseOptions: profile.parseOptions())
    }

    /// Creates a case.
    public init(
        name: String, fragmentSource: String, vertexSource: String? = nil, uniforms: [String: [Float]] = [:],
        inputs: [Texture] = [], samplerState: SamplerState = SamplerState(), width: Int = 16, height: Int = 16
    ) {
        self.name = name
        self.fragmentSource = fragmentSource
        self.vertexSource = vertexSource
        self.uniforms = uniforms
        self.inputs = inputs
        self.samplerState = samplerState
        self.width = width
        self.height = height
    }
}

/// A texture a differential case binds to a sampler by name.
public struct NamedTexture: Sendable {
    /// The sampler uniform's name.
    public var sampler: String
    /// `.texture2D`, `.texture3D`, `.texture2DArray` or `.cube` (six square faces stacked as
    /// layers, +X, −X, +Y, −Y, +Z, −Z; sampled seamlessly, as in Mesa's GL ES contexts).
    public var kind: SamplerKind
    /// True for an `isampler*`, `usampler*`: the oracle uploads the bytes as 32-bit integers.
    public var isInteger: Bool
    /// Signed (`isampler*`) rather than unsigned, for integer textures.
    public var isSigned: Bool
    /// The texels: a layered texture's layers stacked top to bottom (RGBA8).
    public var texture: Texture
    /// Layers (slices) in `texture`; 1 for 2D, 6 for a cube map.
    public var layers: Int

    /// A cube map's faces, cut from the stacked `texture`.
    var cubeFaces: [Texture] {
        let size = texture.width, bytes = texture.rgba8Bytes, face = size * size * 4
        return (0..<6).map { k in Texture(width: size, height: size, rgba8: Array(bytes[(k * face)..<((k + 1) * face)])) }
    }
    /// Filter and wrap modes; a float 3D texture with a mipmap filter gets `glGenerateMipmap`'s
    /// levels (the others have level 0 only).
    public var state: SamplerState

    /// Creates a named texture.
    public init(
        sampler: String, kind: SamplerKind, texture: Texture, layers: Int = 1, state: SamplerState = SamplerState(),
        isInteger: Bool = false, isSigned: Bool = true
    ) {
        self.sampler = sampler
        self.kind = kind
        self.texture = texture
        self.layers = layers
        self.state = state
        self.isInteger = isInteger
        self.isSigned = isSigned
    }
}

/// What rendering a case with the executor and with the reference interpreter gave.
public enum DifferentialOutcome: Sendable, CustomStringConvertible {
    /// Both rendered the same bits.
    case agree(Texture)
    /// The images differ; the executor's image first, then the interpreter's.
    case mismatch(executor: Texture, interpreter: Texture, differingPixels: Int, first: (x: Int, y: Int, executor: SIMD4<UInt8>, interpreter: SIMD4<UInt8>))
    /// The shader does not check or compile: the front end or compiler rejected it (the same
    /// for both, since they share the front end).
    case rejected(String)
    /// Both failed at run time (a runaway loop, a bad uniform): the executor's reason, then
    /// the interpreter's.
    case bothFailed(String, String)
    /// One implementation failed and the other rendered.
    case oneFailed(executor: String?, interpreter: String?)

    /// True for `agree`, and for failures both implementations share.
    public var isAgreement: Bool {
        switch self {
        case .agree, .rejected, .bothFailed: return true
        case .mismatch, .oneFailed: return false
        }
    }

    public var description: String {
        switch self {
        case .agree: return "agree"
        case .mismatch(_, _, let n, let f):
            return "\(n) pixels differ; first at (\(f.x), \(f.y)): executor \(f.executor), interpreter \(f.interpreter)"
        case .rejected(let why): return "rejected: \(why)"
        case .bothFailed(let a, let b): return "both failed: executor '\(a)', interpreter '\(b)'"
        case .oneFailed(let a, let b):
            return "executor: \(a ?? "rendered"); interpreter: \(b ?? "rendered")"
        }
    }
}

/// The differential test: one case rendered by the executor and by `ReferenceRenderer`,
/// compared bit for bit.
public enum DifferentialTest {
    /// Checks, compiles and renders `c` both ways (the executor on one thread, the
    /// interpreter) and compares the RGBA8 results.
    ///
    /// - Parameter stepLimit: the interpreter's step limit per quad; the executor's loop
    ///   limit per batch is the same number.
    public static func run(_ c: DifferentialCase, stepLimit: Int = 1 << 16) -> DifferentialOutcome {
        runKeepingFragility(c, stepLimit: stepLimit).outcome
    }

    /// `run`, and the interpreter's fragile pixels (`ReferenceRenderer.renderWithFragility`)
    /// when it rendered: what a comparison with another implementation needs, from the same
    /// interpreter run.
    public static func runKeepingFragility(
        _ c: DifferentialCase, stepLimit: Int = 1 << 16
    ) -> (outcome: DifferentialOutcome, fragile: [Bool]?) {
        var fragile: [Bool]?
        let outcome = run(c, stepLimit: stepLimit, fragile: &fragile)
        return (outcome, fragile)
    }

    static func run(_ c: DifferentialCase, stepLimit: Int, fragile: inout [Bool]?) -> DifferentialOutcome {
        let fragment: CheckedShader, vertex: CheckedShader?
        let fragmentProgram: Program, vertexProgram: Program?
        do {
            fragment = try c.check(c.fragmentSource, suffix: ".frag", stage: .fragment)
            vertex = try c.vertexSource.map { try c.check($0, suffix: ".vert", stage: .vertex) }
            fragmentProgram = try Compiler.compile(fragment)
            vertexProgram = try vertex.map { try Compiler.compile($0) }
        } catch let e as DiagnosticsError {
            return .rejected(e.diagnostics.rendered())
        } catch {
            return .rejected("\(error)")
        }
        var executorImage: Texture?, executorError: String?
        do {
            let target = Framebuffer(width: c.width, height: c.height)
            var draw = DrawCall(
                fragment: fragmentProgram, vertex: vertexProgram, uniforms: c.uniforms, inputs: c.inputs,
                samplerState: c.samplerState, bindings: c.bindings)
            draw.loopIterationLimit = stepLimit
            try Executor(schedule: .singleThreaded).render(draw, into: target)
            executorImage = target.makeTexture()
        } catch {
            executorError = "\(error)"
        }
        var interpreterImage: Texture?, interpreterError: String?
        do {
            let rendered = try ReferenceRenderer(stepLimit: stepLimit).renderWithFragility(
                fragment: fragment, vertex: vertex, uniforms: c.uniforms, inputs: c.inputs,
                samplerState: c.samplerState, bindings: c.bindings, width: c.width, height: c.height)
            interpreterImage = rendered.image
            fragile = rendered.fragile
        } catch {
            interpreterError = error.description
        }
        switch (executorImage, interpreterImage) {
        case (let a?, let b?):
            return compare(a, b)
        case (nil, nil):
            return .bothFailed(executorError ?? "", interpreterError ?? "")
        default:
            return .oneFailed(executor: executorError, interpreter: interpreterError)
        }
    }

    /// Checks, compiles and renders `c` with the executor alone, on one thread, with `engine`
    /// (by default the schedule's: `$SHADE_ENGINE` or closures) and `laneWidth` lanes per batch.
    ///
    /// - Throws: `DiagnosticsError` when a shader does not check, or the compiler's or the
    ///   executor's error.
    public static func renderWithExecutor(
        _ c: DifferentialCase, stepLimit: Int = 1 << 16, engine: ShadingEngine = ShadingEngine.defaultEngine,
        laneWidth: Int = 64
    ) throws -> Texture {
        let fragment = try Compiler.compile(c.check(c.fragmentSource, suffix: ".frag", stage: .fragment))
        let vertex = try c.vertexSource.map { try Compiler.compile(c.check($0, suffix: ".vert", stage: .vertex)) }
        let target = Framebuffer(width: c.width, height: c.height)
        var draw = DrawCall(
            fragment: fragment, vertex: vertex, uniforms: c.uniforms, inputs: c.inputs, samplerState: c.samplerState,
            bindings: c.bindings)
        draw.loopIterationLimit = stepLimit
        var schedule = Schedule.singleThreaded
        schedule.engine = engine
        schedule.laneWidth = laneWidth
        try Executor(schedule: schedule).render(draw, into: target)
        return target.makeTexture()
    }

    /// How many RGBA8 pixels of two same-sized images differ, and the first that does (in row
    /// order); `nil` when they are the same bits.
    public static func firstDifference(_ a: Texture, _ b: Texture)
        -> (count: Int, x: Int, y: Int, a: SIMD4<UInt8>, b: SIMD4<UInt8>)?
    {
        guard case .mismatch(_, _, let count, let first) = compare(a, b) else { return nil }
        return (count, first.x, first.y, first.executor, first.interpreter)
    }

    /// Compares two RGBA8 images of the same size bit for bit.
    static func compare(_ a: Texture, _ b: Texture) -> DifferentialOutcome {
        var count = 0
        var first: (x: Int, y: Int, executor: SIMD4<UInt8>, interpreter: SIMD4<UInt8>)?
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.rgba8Pixel(x: x, y: y), q = b.rgba8Pixel(x: x, y: y)
                if p != q {
                    count += 1
                    if first == nil { first = (x, y, p, q) }
                }
            }
        }
        guard let first else { return .agree(a) }
        return .mismatch(executor: a, interpreter: b, differingPixels: count, first: first)
    }
}

extension DifferentialCase {
    /// Values for every uniform the shaders declare and `given` does not set: GPUImage's and
    /// Shadertoy's conventional names get their usual values (`texelWidth` = 1 / width,
    /// `u_resolution`, `iResolution`), everything else a fixed, unremarkable value by type
    /// (floats between 0.1 and 0.9 that vary by component, ints 1 to 3, bools true), so that a
    /// comparison does not run every shader with zeros.
    public static func automaticUniforms(
        fragmentSource: String, vertexSource: String?, width: Int, height: Int, given: [String: [Float]] = [:]
    ) -> [String: [Float]] {
        var out = given
        var shaders: [CheckedShader] = []
        if let f = try? compileFrontEnd(source: fragmentSource, name: "f", stage: .fragment) { shaders.append(f) }
        if let s = vertexSource, let v = try? compileFrontEnd(source: s, name: "v", stage: .vertex) { shaders.append(v) }
        for shader in shaders {
            for u in shader.uniforms where out[u.name] == nil && !u.elementType.isSampler {
                let n = u.variable.type.componentCount
                switch u.name {
                case "texelWidth": out[u.name] = [1 / Float(width)]
                case "texelHeight": out[u.name] = [1 / Float(height)]
                case "u_resolution", "resolution", "iResolution":
                    out[u.name] = Array([Float(width), Float(height), 1].prefix(n))
                default:
                    var h: UInt32 = 2_166_136_261
                    for b in u.name.utf8 { h = (h ^ UInt32(b)) &* 16_777_619 }
                    let kind: ScalarKind?
                    if case .array(let e, _) = u.variable.type { kind = e.scalarKind } else { kind = u.elementType.scalarKind }
                    out[u.name] = (0..<n).map { k in
                        let r = (h &+ UInt32(k) &* 2_654_435_761) >> 8
                        switch kind {
                        case .int: return Float(1 + r % 3)
                        case .bool: return 1
                        default: return 0.1 + Float(r % 801) / 1000
                        }
                    }
                }
            }
        }
        return out
    }
}
