import ShaderSemantics

/// An error in the values given to a program for a draw.
public enum ProgramError: Error, Equatable, CustomStringConvertible {
    /// The program declares no uniform of that name.
    case unknownUniform(String)
    /// A uniform was given the wrong number of values.
    case uniformArity(name: String, expected: Int, got: Int)

    public var description: String {
        switch self {
        case .unknownUniform(let name): "the shader declares no uniform '\(name)'"
        case .uniformArity(let name, let expected, let got):
            "uniform '\(name)' takes \(expected) value\(expected == 1 ? "" : "s"), got \(got)"
        }
    }
}

/// An immutable compiled shader: a per-draw stage run once on the uniform file, and a
/// per-batch stage run on every batch of lanes. Built by `ProgramBuilder`.
public final class Program: Sendable {
    /// The default number of iterations one loop may run in one batch (2^20) before the
    /// program stops with `ProgramStatus.loopLimitExceeded`. GLSL ES loops are bounded, so
    /// only a runaway loop gets near it; a draw can set its own (`DrawCall.loopIterationLimit`).
    /// A runaway loop costs about this many iterations of its body per batch before it stops.
    public static let loopIterationLimit = 1 << 20
    /// The lane slot holding the root execution mask: 1 for live lanes. The executor sets it
    /// from coverage before a batch; `discard` clears it; outputs are written where it is set.
    public static let rootMaskSlot = 0

    /// Lane slots a worker's register file needs (each `stride` floats).
    public let laneSlotCount: Int
    /// The uniform file before uniforms are set: constants in place, everything else 0.
    public let initialUniformFile: [Float]
    /// Declared uniforms.
    public let uniforms: [UniformDeclaration]
    /// Declared samplers, in declaration order.
    public let samplers: [Sampler]
    /// Texture views the samplers take in `KernelContext.textures`.
    public let textureViewCount: Int
    /// Per-fragment inputs the executor fills.
    public let inputs: [InputDeclaration]
    /// Outputs, read after the program ran.
    public let outputs: [OutputDeclaration]
    /// Lane slots of `gl_FragCoord` (x, y, z, w) if the program reads it.
    public let fragCoordSlots: [Int]?
    /// Lane slot of `gl_FrontFacing` if the program reads it.
    public let frontFacingSlot: Int?
    /// True when the program uses `dFdx`, `dFdy` or `fwidth` (batches must be whole quads).
    public let hasDerivatives: Bool
    /// True when the program contains `discard`: only then can the root mask lose lanes that
    /// the executor set.
    public let canDiscard: Bool

    let drawStage: Kernel
    let laneStage: Kernel
    /// The batch stage described for a code generator, when every step has a description
    /// (`LaneCode`); nil when some operation runs on closures only.
    public let laneCode: [LaneCode]?
    /// The kernels `LaneCode.external` steps name: generated code calls back into them.
    public let externalKernels: [Kernel]
    /// One past the largest slot an external step reads or writes (0 without them): the size
    /// of the register file they run in.
    public let externalSlotCount: Int
    /// The formats of the precision qualifiers the shader was compiled for
    /// (`CheckedShader.precision`); a draw with a device profile checks they agree.
    public let precision: PrecisionFormats

    init(
        laneSlotCount: Int, initialUniformFile: [Float], uniforms: [UniformDeclaration],
        samplers: [Sampler], inputs: [InputDeclaration], outputs: [OutputDeclaration],
        fragCoordSlots: [Int]?, frontFacingSlot: Int?, hasDerivatives: Bool, canDiscard: Bool,
        drawStage: @escaping Kernel, laneStage: @escaping Kernel, laneCode: [LaneCode]? = nil,
        externalKernels: [Kernel] = [], externalSlotCount: Int = 0, precision: PrecisionFormats = .allFP32
    ) {
        self.laneCode = laneCode
        self.externalKernels = externalKernels
        self.externalSlotCount = externalSlotCount
        self.precision = precision
        self.laneSlotCount = laneSlotCount
        self.initialUniformFile = initialUniformFile
        self.uniforms = uniforms
        self.samplers = samplers
        self.textureViewCount = samplers.reduce(0) { $0 + $1.kind.viewCount }
        self.inputs = inputs
        self.outputs = outputs
        self.fragCoordSlots = fragCoordSlots
        self.frontFacingSlot = frontFacingSlot
        self.hasDerivatives = hasDerivatives
        self.canDiscard = canDiscard
        self.drawStage = drawStage
        self.laneStage = laneStage
    }

    /// The uniform declaration called `name`.
    public func uniform(named name: String) -> UniformDeclaration? {
        uniforms.first { $0.name == name }
    }

    /// The output called `name`.
    public func output(named name: String) -> OutputDeclaration? {
        outputs.first { $0.name == name }
    }

    /// The colour outputs of a fragment program the shader writes, by location: each element
    /// of an output array separately. `gl_FragColor` and `gl_FragData[0]` are at location 0.
    public var colorOutputs: [ColorOutput] {
        var result: [ColorOutput] = []
        for o in outputs {
            guard let location = o.location else { continue }
            if o.elementCount == 1 {
                result.append(ColorOutput(location: location, name: o.name, value: o.value))
                continue
            }
            let width = o.value.width / o.elementCount
            for e in 0..<o.elementCount {
                let components = Array(o.value.components[(e * width)..<((e + 1) * width)])
                result.append(ColorOutput(
                    location: location + e, name: "\(o.name)[\(e)]", value: Value(components)))
            }
        }
        return result.sorted { $0.location < $1.location }
    }

    /// The colour output at draw buffer `location`, if the shader writes one.
    public func colorOutput(at location: Int) -> ColorOutput? {
        colorOutputs.first { $0.location == location }
    }

    /// The input called `name`.
    public func input(named name: String) -> InputDeclaration? {
        inputs.first { $0.name == name }
    }

    /// A uniform file with `values` set (converted per `ScalarKind`); unset uniforms are 0,
    /// as GL's default.
    ///
    /// - Throws: `ProgramError` for an unknown name or a wrong number of values.
    ///
    /// `integers` gives integer uniforms exactly (ints as two's complement, uints as
    /// themselves), for values beyond ±2^24 that a float cannot hold; it is applied after
    /// `values`, to the int, uint and bool components of the uniforms it names.
    public func makeUniformFile(_ values: [String: [Float]], integers: [String: [Int64]] = [:]) throws -> [Float] {
        var file = try uniformFile(applying: values)
        for (name, given) in integers.sorted(by: { $0.key < $1.key }) {
            guard let u = uniform(named: name) else { throw ProgramError.unknownUniform(name) }
            guard given.count == u.width else {
                throw ProgramError.uniformArity(name: name, expected: u.width, got: given.count)
            }
            for (k, v) in given.enumerated() {
                switch u.componentKinds?[k] ?? u.kind {
                case .float: continue
                case .int, .uint:
                    file[u.base + k] = u.holdsIntegerBits ? Float(bitPattern: UInt32(truncatingIfNeeded: v)) : Float(v)
                case .bool: file[u.base + k] = v != 0 ? 1 : 0
                }
            }
        }
        return file
    }

    /// The uniform file with `values` applied (see `makeUniformFile(_:integers:)`).
    func uniformFile(applying values: [String: [Float]]) throws -> [Float] {
        var file = initialUniformFile
        for (name, given) in values.sorted(by: { $0.key < $1.key }) {
            guard let u = uniform(named: name) else { throw ProgramError.unknownUniform(name) }
            guard given.count == u.width else {
                throw ProgramError.uniformArity(name: name, expected: u.width, got: given.count)
            }
            for (k, v) in given.enumerated() {
                switch u.componentKinds?[k] ?? u.kind {
                case .float: file[u.base + k] = v
                case .int where u.holdsIntegerBits:
                    file[u.base + k] = Float(bitPattern: UInt32(bitPattern: ScalarSemantics.floatToInt(v)))
                case .uint:
                    file[u.base + k] = Float(bitPattern: ScalarSemantics.floatToUInt(v))
                case .int: file[u.base + k] = v.rounded(.towardZero)
                case .bool: file[u.base + k] = v != 0 ? 1 : 0
                }
            }
        }
        return file
    }

    /// Runs the per-draw stage: `context.registers` and `context.uniforms` both point at the
    /// uniform file and `context.stride` is 1.
    public func runDrawStage(_ context: KernelContext) {
        drawStage(context)
    }

    /// The per-batch stage as one kernel, for callers that keep it in a local while shading.
    public var batchKernel: Kernel { laneStage }

    /// Runs the per-batch stage on one batch of `context.stride` lanes.
    public func runBatch(_ context: KernelContext) {
        laneStage(context)
    }
}
