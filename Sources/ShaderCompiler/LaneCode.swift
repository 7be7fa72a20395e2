import ShaderSemantics

/// A description of the per-batch stage that a code generator can translate (the native
/// engine, `ShaderExecution.NativeEngine`): the same operations, slots and control flow as the
/// closures the builder emits, recorded beside them. A program has it only when every step of
/// its batch stage has one (`Program.laneCode`); otherwise it runs on closures alone.
///
/// Slots are the register file's lane slots; `Source.uniform` reads the uniform file. The
/// semantics of every case are those of the closure it was recorded with (`Kernels`).
public indirect enum LaneCode: Sendable, Hashable {
    /// Where an operand's component comes from.
    public enum Source: Sendable, Hashable {
        /// A lane slot (one value per lane).
        case lane(Int)
        /// A uniform-file slot (one value for the draw, broadcast).
        case uniform(Int)
    }

    /// `d[k] = function(operands[0][k], operands[1][k], …)` for each component `k`, where
    /// `function` names an element-wise operation (an operator's `nativeName`).
    case map(function: String, destination: [Int], operands: [[Source]])
    /// `d[k] = mask ? a[k] : d[k]` per lane.
    case maskedMove(destination: [Int], source: [Source], mask: Int)
    /// `dot` in llvmpipe's order into one slot.
    case dot(destination: Int, a: [Source], b: [Source])
    /// `texture2D` of texture view `view` at (s, t), channel `c` written to `outputs[c]` when
    /// it is not negative.
    case texture2D(view: Int, s: Int, t: Int, outputs: [Int])
    /// A divergent `if`: `then = condition ? parent : 0`, `else = condition ? 0 : parent`, each
    /// side run when any of its lanes is set.
    case branch(condition: Int, parent: Int, thenMask: Int, elseMask: Int, then: [LaneCode], otherwise: [LaneCode]?)
    /// A uniform `if`.
    case uniformBranch(condition: Int, then: [LaneCode], otherwise: [LaneCode]?)
    /// A loop (`ProgramBuilder.loop`): `loopMask` starts as `parent`; the condition code runs,
    /// then lanes whose condition is 0 leave; `bodyMask` is a copy of `loopMask` each iteration.
    case loop(
        parent: Int, loopMask: Int, bodyMask: Int, condition: [LaneCode], conditionSource: Source?,
        body: [LaneCode], step: [LaneCode], testsFirst: Bool)
    /// `ProgramBuilder.countedLoop`: `n` iterations, `n` the uniform slot `count` truncated to
    /// 0…`values.count` (all of them when `count` is nil); iteration `k` sets every lane of
    /// slot `index` to the float whose bits are `values[k]`, then runs `body` under the
    /// mask `mask`, skipped when no lane of `mask` is set. `n - 1` iterations count
    /// against the loop budget before the first.
    case countedLoop(count: Int?, mask: Int, index: Int, values: [UInt32], body: [LaneCode])
    /// `break`, `continue`, `return`, `discard`: clears the lanes of `current` from each of
    /// `targets`, then clears `current`.
    case leave(current: Int, targets: [Int])
    /// A function body run under a copy of the caller's mask.
    case call(mask: Int, caller: Int, body: [LaneCode])
    /// `Kernels.gather`: `destination[c] = element[trunc(index)][c]` of the array of `count`
    /// elements of `elementWidth` slots from `base` (lane slots, or uniform slots when
    /// `fromUniforms`), an index out of range following `rule`.
    case gather(
        destination: [Int], index: Source, base: Int, elementWidth: Int, count: Int, fromUniforms: Bool,
        rule: OutOfRangeIndex)
    /// `Kernels.scatter`: `element[trunc(index)] = value` for the lanes of `mask`, an index out
    /// of range following `rule`.
    case scatter(value: [Source], index: Source, base: Int, elementWidth: Int, count: Int, mask: Int, rule: OutOfRangeIndex)
    /// Steps run in order.
    case block([LaneCode])
    /// `mipmapped` when texture view `view` has mipmaps in the draw, else `plain` (a lookup with
    /// its own level of detail: the plain lookup is exact without mipmaps).
    case mipmapSwitch(view: Int, mipmapped: [LaneCode], plain: [LaneCode])
    /// A lookup with its own level of detail on a mipmapped view (`Kernels.texture2D` with a
    /// level-of-detail kind): `lodSlots` holds the per-lane bias, the level, or ds/dx, dt/dx,
    /// ds/dy, dt/dy; channel `c` goes to `outputs[c]` when it is not negative. `fallback` is the
    /// same lookup as a closure step, for views the generated sampler does not take.
    case textureLevel(view: Int, s: Int, t: Int, kind: LevelOfDetail, lodSlots: [Int], outputs: [Int], fallback: [LaneCode])

    /// How a `textureLevel` lookup gets its level of detail.
    public enum LevelOfDetail: Sendable, Hashable {
        /// The quad's implicit level plus a per-lane bias (`texture(s, p, bias)`).
        case bias
        /// Given per lane (`textureLod`).
        case explicit
        /// From per-lane derivatives (`textureGrad`).
        case gradients
    }
    /// `Program.externalKernels[index]` run on the lanes of a group (a register file of the
    /// group's width holding the slots `reads`); it writes only the slots `writes`.
    case external(index: Int, reads: [Int], writes: [Int])
}

extension LaneCode {
    /// The steps nested directly in this one (the sides of a branch, a loop's condition, body
    /// and step, a call's body, a block's steps, both forms of a mipmap switch).
    public var nested: [LaneCode] {
        switch self {
        case .branch(_, _, _, _, let then, let otherwise), .uniformBranch(_, let then, let otherwise):
            return then + (otherwise ?? [])
        case .loop(_, _, _, let condition, _, let body, let step, _): return condition + body + step
        case .countedLoop(_, _, _, _, let body), .call(_, _, let body), .block(let body): return body
        case .mipmapSwitch(_, let mipmapped, let plain): return mipmapped + plain
        case .textureLevel(_, _, _, _, _, _, let fallback): return fallback
        case .map, .maskedMove, .dot, .texture2D, .leave, .gather, .scatter, .external: return []
        }
    }

    /// Whether this step or any step nested in it satisfies `predicate`.
    public func contains(where predicate: (LaneCode) -> Bool) -> Bool {
        predicate(self) || nested.contains { $0.contains(where: predicate) }
    }

    /// Whether this is a `countedLoop`.
    public var isCountedLoop: Bool {
        if case .countedLoop = self { return true }
        return false
    }
}

/// One emitted step of a stage: the closure that runs it, and its description when the
/// operation has one.
struct EmittedStep {
    var kernel: Kernel
    var code: LaneCode?
}

/// Runs steps in order as one step.
func sequence(_ steps: [EmittedStep]) -> EmittedStep {
    let codes = steps.compactMap(\.code)
    return EmittedStep(kernel: sequence(steps.map(\.kernel)), code: codes.count == steps.count ? .block(codes) : nil)
}
