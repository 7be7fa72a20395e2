import ShaderSemantics
/// Builds a `Program`: the target of the lowering pass, and usable by hand.
///
/// Every operation returns a `Value`. Operations whose operands are all uniform (uniforms,
/// constants, values computed from them) go to the per-draw stage and produce uniform
/// values; operations on constants are folded at build time; everything else becomes a kernel
/// in the current control-flow region, specialised for its operator, width and operand kinds.
///
/// Control flow follows the SIMT model: each divergent region has an execution mask slot;
/// stores into variables outside the root region are masked; `breakLoop()`, `continueLoop()`,
/// `returnFromFunction()` and `discardFragment()` clear lanes from the masks they leave.
///
/// ## Lane-slot invariants
/// Every shortcut that avoids a copy keeps these, so that no write reaches a value that is
/// still read (the differential tests against the reference interpreter check them):
/// 1. A variable (`variable`, `output`, `array`) owns its slots: only stores into it write them.
/// 2. A temporary is written once, by the operation that created it, before any reader.
/// 3. A store may rewrite the operation emitted just before it to write the store's target
///    directly only when: the store is in the root region; nothing was emitted since; the
///    stored value is that operation's whole result; no name reads the result (`protect`);
///    and the target overlaps no operand except as the same-component in-place update.
/// 4. A name bound to a value without storage (a variable never assigned after its
///    declaration: no `=`, compound assignment, `++`/`--`, component, swizzle, element or
///    field write, nor `out`/`inout` argument) reads constants, uniforms, protected
///    temporaries, or a copy of any variable storage it would read.
/// 5. The zero initialisation of a variable is dropped only when the very next store writes
///    the whole variable from a value that does not read it.
/// 6. `release` returns slots only for values no later operation reads.
public final class ProgramBuilder {
    enum RegionKind { case root, conditional, uniformBranch, loop, loopBody, function }

    struct Region {
        var kind: RegionKind
        var mask: Int
        var kernels: [EmittedStep] = []
    }

    var laneSlotCount = 1  // slot 0 is the root mask
    var freeLaneSlots: [Int] = []
    var uniformFile: [Float] = []
    var constantSlots: [UInt32: Int] = [:]
    var drawKernels: [Kernel] = []
    /// Kernels of `LaneCode.external` steps, by index.
    var externalKernels: [Kernel] = []
    var externalSlotCount = 0
    var regions: [Region] = [Region(kind: .root, mask: Program.rootMaskSlot)]
    var uniformDeclarations: [UniformDeclaration] = []
    var samplerDeclarations: [Sampler] = []
    var textureViewCount = 0
    var inputDeclarations: [InputDeclaration] = []
    var outputDeclarations: [OutputDeclaration] = []
    var fragCoordSlots: [Int]?
    var frontFacingSlot: Int?
    var usesDerivatives = false
    /// Where Mesa would fold a call whose arguments are all constant Values: in GLSL IR
    /// (constants propagated through variables and inlined calls), or in NIR (inside a loop it
    /// unrolls). See `CompileTimeMath`.
    var foldingStage = CompileTimeMath.Stage.glslIR
    var usesDiscard = false
    /// Lane slots written by stores under a mask, one set per `ifThen` that restores values
    /// (`elseReadsNeighbours`) while its then side is built; every store adds to all of them.
    var maskedWriteLog: [Set<Int>] = []

    /// Records stores under a mask into `slots` for the branches being built.
    func noteMaskedWrites<S: Sequence>(_ slots: S) where S.Element == Int {
        guard !maskedWriteLog.isEmpty else { return }
        let slots = Set(slots)
        for i in maskedWriteLog.indices { maskedWriteLog[i].formUnion(slots) }
    }

    /// The zero initialisation of the variable declared last, while nothing followed it.
    struct PendingInit {
        var region: Int
        var kernelCount: Int
        var emitted: Int
        var slots: Set<Int>
    }

    var pendingZeroInit: PendingInit?

    /// The element-wise operation emitted last, so that a store of its result into a
    /// variable at the root can write the variable directly instead of copying a temporary.
    struct LastOperation {
        var region: Int
        var kernels: Range<Int>
        var result: [Int]
        /// Lane slots each operand reads, per component (empty for broadcast operands).
        var operands: [[Int]]
        /// The kernels writing another destination, or nil when that would overlap operands.
        var rebuild: ([Int]) -> [EmittedStep]?
    }

    var lastOperation: LastOperation?

    /// Lane temporaries that a name reads (a variable bound to a value without a copy, see
    /// `protect(_:)`). The operation computing one of them is never rewritten to write
    /// another destination: that would leave the name reading slots nothing writes.
    var protectedSlots: Set<Int> = []

    /// The copy of a value into a whole output at the top level, emitted last.
    struct LastOutputStore {
        var output: Int
        var kernels: Range<Int>
        var value: Value
    }

    var lastOutputStore: LastOutputStore?
    /// Slots of `persistentVariable`s, zeroed before the first step.
    var slotsZeroedAtStart: [Int] = []

    /// Creates an empty builder.
    public init() {}

    // MARK: Slots

    /// Allocates `count` lane slots (recycled ones first).
    func allocateLanes(_ count: Int) -> [Int] {
        (0..<count).map { _ in
            if let s = freeLaneSlots.popLast() { return s }
            laneSlotCount += 1
            return laneSlotCount - 1
        }
    }

    /// Allocates `count` consecutive lane slots (never recycled).
    func allocateConsecutiveLanes(_ count: Int) -> Int {
        let base = laneSlotCount
        laneSlotCount += count
        return base
    }

    func allocateUniforms(_ count: Int) -> Int {
        let base = uniformFile.count
        uniformFile.append(contentsOf: repeatElement(0, count: count))
        return base
    }

    func constantSlot(_ value: Float) -> Int {
        if let s = constantSlots[value.bitPattern] { return s }
        let s = allocateUniforms(1)
        uniformFile[s] = value
        constantSlots[value.bitPattern] = s
        return s
    }

    /// Returns the lane slots of a temporary value for reuse. Only call this for values that
    /// are no longer read by any later operation (the lowering's statement temporaries).
    public func release(_ value: Value) {
        for c in value.components {
            if case .lane(let s) = c, s != Program.rootMaskSlot, !freeLaneSlots.contains(s),
               !isPinned(s) {
                freeLaneSlots.append(s)
            }
        }
    }

    /// Marks the lane temporaries of `value` as read later by name: a store of `value` then
    /// copies it instead of rewriting the operation that computed it.
    public func protect(_ value: Value) {
        for case .lane(let s) in value.components { protectedSlots.insert(s) }
    }

    var pinnedSlots: Set<Int> = []
    func isPinned(_ slot: Int) -> Bool { pinnedSlots.contains(slot) }

    // MARK: Emission

    var currentMask: Int { regions[regions.count - 1].mask }

    /// Appends a step to the current region; `code` describes it for the native engine (nil:
    /// the program runs on closures only).
    func emit(_ kernel: @escaping Kernel, _ code: LaneCode?) {
        regions[regions.count - 1].kernels.append(EmittedStep(kernel: kernel, code: code))
    }

    /// Appends a step that generated code runs by calling back into `kernel` on a group's
    /// lanes (`LaneCode.external`): `reads` are every slot the kernel reads, `writes` every
    /// slot it writes. For operations the generator has no code of its own for (derivatives,
    /// `texelFetch`, `textureSize`, cube maps, offsets): the rest of the program stays native.
    func emitExternal(_ kernel: @escaping Kernel, reads: [Int], writes: [Int]) {
        emit(kernel, externalCode(kernel, reads: reads, writes: writes))
    }

    /// Registers `kernel` as an external step and returns its native description.
    func externalCode(_ kernel: @escaping Kernel, reads: [Int], writes: [Int]) -> LaneCode {
        externalKernels.append(kernel)
        externalSlotCount = max(externalSlotCount, (reads + writes).max().map { $0 + 1 } ?? 0)
        return .external(index: externalKernels.count - 1, reads: reads, writes: writes)
    }

    /// The native description of an operand's slots.
    static func sources(_ slots: [Int], isLanes: Bool) -> [LaneCode.Source] {
        slots.map { isLanes ? .lane($0) : .uniform($0) }
    }

    /// Uniform-file slots of a value with no lane components (constants are interned).
    func uniformSlots(_ value: Value) -> [Int] {
        value.components.map { c in
            switch c {
            case .uniform(let s): return s
            case .constant(let f): return constantSlot(f)
            case .lane: preconditionFailure("internal error: lane component in a uniform value")
            }
        }
    }

    /// The slots of an operand and whether they are lane slots. Mixed values (some lane, some
    /// uniform components) are first copied into lane temporaries.
    func operand(_ value: Value) -> (slots: [Int], isLanes: Bool) {
        if value.components.allSatisfy(\.isLane) {
            return (value.components.map { if case .lane(let s) = $0 { return s }; return 0 }, true)
        }
        if value.isUniform { return (uniformSlots(value), false) }
        let temps = allocateLanes(value.width)
        copy(value, into: temps, masked: false)
        return (temps, true)
    }

    /// Emits moves of `value` into lane slots `target`, grouped by source kind.
    func copy(_ value: Value, into target: [Int], masked: Bool) {
        var laneD: [Int] = [], laneS: [Int] = [], uniD: [Int] = [], uniS: [Int] = []
        for (k, c) in value.components.enumerated() {
            switch c {
            case .lane(let s):
                if s != target[k] { laneD.append(target[k]); laneS.append(s) }
            case .uniform(let s): uniD.append(target[k]); uniS.append(s)
            case .constant(let f): uniD.append(target[k]); uniS.append(constantSlot(f))
            }
        }
        let mask = currentMask
        if masked { noteMaskedWrites(laneD + uniD) }
        for (d, s, isLanes) in [(laneD, laneS, true), (uniD, uniS, false)] {
            Self.forChunks(d.count) { r in
                let ds = Slots(d[r]), ss = Slots(s[r]), w = r.count
                let source = Self.sources(Array(s[r]), isLanes: isLanes), destination = Array(d[r])
                let move = LaneCode.map(function: "copy", destination: destination, operands: [source])
                let maskedMove = LaneCode.maskedMove(destination: destination, source: source, mask: mask)
                switch (isLanes, masked) {
                case (true, false): emit(Kernels.move(LaneOperand.self, d: ds, a: ss, width: w), move)
                case (true, true): emit(Kernels.maskedMove(LaneOperand.self, d: ds, a: ss, width: w, mask: mask), maskedMove)
                case (false, false): emit(Kernels.move(BroadcastOperand.self, d: ds, a: ss, width: w), move)
                case (false, true): emit(Kernels.maskedMove(BroadcastOperand.self, d: ds, a: ss, width: w, mask: mask), maskedMove)
                }
            }
        }
    }

    /// Calls `body` with consecutive ranges of at most four components covering `0..<count`.
    /// Static, so stored rebuild closures that use it do not capture (and retain) the builder.
    static func forChunks(_ count: Int, _ body: (Range<Int>) -> Void) {
        var start = 0
        while start < count {
            let end = min(start + 4, count)
            body(start..<end)
            start = end
        }
    }

    static func lanes(_ slots: [Int]) -> Value { Value(slots.map { .lane($0) }) }
    static func uniforms(_ slots: Range<Int>) -> Value { Value(slots.map { .uniform($0) }) }

    // MARK: Generic element-wise emission

    func elementwise<Op: UnaryOp>(_ op: Op.Type, _ a: Value) -> Value {
        if let c = a.constantValues { return .constant(c.map { Op.fold($0, at: foldingStage) }) }
        if a.isUniform {
            let s = uniformSlots(a), d = Array(allocateUniforms(a.width)..<(uniformFile.count))
            Self.forChunks(a.width) { r in
                drawKernels.append(Kernels.unary(op, d: Slots(d[r]), a: Slots(s[r]), width: r.count))
            }
            return Value(d.map { .uniform($0) })
        }
        let s = operand(a).slots, d = allocateLanes(a.width)
        Self.forChunks(a.width) { r in
            let code = Op.nativeName.map {
                LaneCode.map(function: $0, destination: Array(d[r]), operands: [Self.sources(Array(s[r]), isLanes: true)])
            }
            emit(Kernels.unary(op, d: Slots(d[r]), a: Slots(s[r]), width: r.count), code)
        }
        return Self.lanes(d)
    }

    func elementwise<Op: BinaryOp>(_ op: Op.Type, _ a: Value, _ b: Value) -> Value {
        let width = max(a.width, b.width)
        let a = a.splat(width), b = b.splat(width)
        precondition(a.width == b.width, "internal error: operand widths \(a.width) and \(b.width)")
        if let x = a.constantValues, let y = b.constantValues {
            return .constant(zip(x, y).map { Op.fold($0, $1, at: foldingStage) })
        }
        // NIR's `~fmul(a, 0.0) -> 0.0`: where a wholly constant operand has a zero, the product
        // is 0 even for an infinite or NaN factor, and `mod(x, y) = x - y * floor(x / y)` is x
        // (`mod(p, vec3(4, 0, 4))` through an inlined call's parameter, say). The interpreter
        // applies the same rule to operands known when compiling.
        if Op.self == Multiply.self || Op.self == Modulo.self {
            let constant = Op.self == Modulo.self ? b.constantValues : (b.constantValues ?? a.constantValues)
            if let k = constant, k.contains(0) {
                let zero = k.map { $0 == 0 }
                let rest = (0..<width).filter { !zero[$0] }
                let computed = rest.isEmpty ? Value([]) : elementwise(op, a.swizzled(rest), b.swizzled(rest))
                var out = (0..<width).map { i -> Value.Component in Op.self == Modulo.self ? a.components[i] : .constant(0) }
                for (k, c) in rest.enumerated() { out[c] = computed.components[k] }
                return Value(out)
            }
        }
        // x - 0, x * 1 and x / 1 are x, bit for bit: `uv - vec2(t, 0.0)` touches one slab.
        let identity: Float? = Op.self == Subtract.self ? 0 : (Op.self == Multiply.self || Op.self == Divide.self ? 1 : nil)
        if let identity {
            // +0 only: x - (-0) turns -0 into +0.
            let keep = b.components.map { c -> Bool in
                guard case .constant(let f) = c else { return false }
                return f.bitPattern == identity.bitPattern
            }
            if keep.contains(true) {
                if keep.allSatisfy({ $0 }) { return a }
                let rest = (0..<width).filter { !keep[$0] }
                let computed = elementwise(op, a.swizzled(rest), b.swizzled(rest))
                var out = a.components
                for (k, c) in rest.enumerated() { out[c] = computed.components[k] }
                return Value(out)
            }
        }
        if a.isUniform && b.isUniform {
            let x = uniformSlots(a), y = uniformSlots(b), d = Array(allocateUniforms(width)..<(uniformFile.count))
            Self.forChunks(width) { r in
                drawKernels.append(Kernels.binary(op, aIsLanes: true, bIsLanes: true, d: Slots(d[r]), a: Slots(x[r]), b: Slots(y[r]), width: r.count))
            }
            return Value(d.map { .uniform($0) })
        }
        let x = operand(a), y = operand(b), d = allocateLanes(width)
        let start = regions[regions.count - 1].kernels.count
        let build = { (d: [Int]) -> [EmittedStep]? in
            let inPlace = x.isLanes && d == x.slots
            // Any other overlap between the destination and the operands would defeat
            // vectorisation (and a cross-component one would be wrong): keep the temporary.
            let operandSlots = Set((x.isLanes && !inPlace ? x.slots : []) + (y.isLanes ? y.slots : []))
            if d.contains(where: operandSlots.contains) { return nil }
            var kernels: [EmittedStep] = []
            Self.forChunks(width) { r in
                let code = Op.nativeName.map {
                    LaneCode.map(
                        function: $0, destination: Array(d[r]),
                        operands: [Self.sources(Array(x.slots[r]), isLanes: x.isLanes), Self.sources(Array(y.slots[r]), isLanes: y.isLanes)])
                }
                if inPlace {
                    kernels.append(EmittedStep(kernel: y.isLanes
                        ? Kernels.binaryInPlace(op, LaneOperand.self, d: Slots(d[r]), b: Slots(y.slots[r]), width: r.count)
                        : Kernels.binaryInPlace(op, BroadcastOperand.self, d: Slots(d[r]), b: Slots(y.slots[r]), width: r.count), code: code))
                } else {
                    kernels.append(EmittedStep(kernel: Kernels.binary(op, aIsLanes: x.isLanes, bIsLanes: y.isLanes, d: Slots(d[r]), a: Slots(x.slots[r]), b: Slots(y.slots[r]), width: r.count), code: code))
                }
            }
            return kernels
        }
        for k in build(d)! { emit(k.kernel, k.code) }
        lastOperation = LastOperation(
            region: regions.count - 1, kernels: start..<regions[regions.count - 1].kernels.count, result: d,
            operands: [x.isLanes ? x.slots : [], y.isLanes ? y.slots : []], rebuild: build
        )
        return Self.lanes(d)
    }

    func elementwise<Op: TernaryOp>(_ op: Op.Type, _ a: Value, _ b: Value, _ c: Value) -> Value {
        let width = max(a.width, b.width, c.width)
        let a = a.splat(width), b = b.splat(width), c = c.splat(width)
        precondition(a.width == width && b.width == width && c.width == width, "internal error: operand widths differ")
        if let x = a.constantValues, let y = b.constantValues, let z = c.constantValues {
            return .constant((0..<width).map { Op.apply(x[$0], y[$0], z[$0]) })
        }
        if a.isUniform && b.isUniform && c.isUniform {
            let x = uniformSlots(a), y = uniformSlots(b), z = uniformSlots(c)
            let d = Array(allocateUniforms(width)..<(uniformFile.count))
            Self.forChunks(width) { r in
                drawKernels.append(Kernels.ternary(op, lanes: (true, true, true), d: Slots(d[r]), a: Slots(x[r]), b: Slots(y[r]), c: Slots(z[r]), width: r.count))
            }
            return Value(d.map { .uniform($0) })
        }
        let x = operand(a), y = operand(b), z = operand(c), d = allocateLanes(width)
        Self.forChunks(width) { r in
            let code = Op.nativeName.map {
                LaneCode.map(
                    function: $0, destination: Array(d[r]),
                    operands: [
                        Self.sources(Array(x.slots[r]), isLanes: x.isLanes), Self.sources(Array(y.slots[r]), isLanes: y.isLanes),
                        Self.sources(Array(z.slots[r]), isLanes: z.isLanes),
                    ])
            }
            emit(Kernels.ternary(op, lanes: (x.isLanes, y.isLanes, z.isLanes), d: Slots(d[r]), a: Slots(x.slots[r]), b: Slots(y.slots[r]), c: Slots(z.slots[r]), width: r.count), code)
        }
        return Self.lanes(d)
    }

    // MARK: Finishing

    /// The finished program. The builder must not be used afterwards.
    ///
    /// - Parameter precision: the formats the shader was lowered to (`CheckedShader.precision`).
    public func finish(precision: PrecisionFormats = .allFP32) -> Program {
        precondition(regions.count == 1, "internal error: \(regions.count - 1) control-flow regions left open")
        if let last = lastOutputStore, regions[0].kernels.count == last.kernels.upperBound {
            // `gl_FragColor = vec4(vec3(l), c.a);` as the last statement: the executor reads
            // l and c.a where they are instead of copies.
            regions[0].kernels.removeSubrange(last.kernels)
            var output = outputDeclarations[last.output]
            output = OutputDeclaration(
                name: output.name, value: last.value, location: output.location,
                elementCount: output.elementCount)
            outputDeclarations[last.output] = output
        }
        zeroPersistentSlotsAtStart()
        return Program(
            laneSlotCount: laneSlotCount, initialUniformFile: uniformFile,
            uniforms: uniformDeclarations, samplers: samplerDeclarations,
            inputs: inputDeclarations, outputs: outputDeclarations,
            fragCoordSlots: fragCoordSlots, frontFacingSlot: frontFacingSlot,
            hasDerivatives: usesDerivatives, canDiscard: usesDiscard,
            drawStage: sequence(drawKernels), laneStage: sequence(regions[0].kernels.map(\.kernel)),
            laneCode: regions[0].kernels.allSatisfy { $0.code != nil } ? regions[0].kernels.compactMap(\.code) : nil,
            externalKernels: externalKernels, externalSlotCount: externalSlotCount, precision: precision
        )
    }
}
