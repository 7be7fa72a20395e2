import Framebuffers

/// What every kernel receives: the worker's register file and the draw's uniform file.
///
/// A register file holds one slab of `stride` floats per lane slot (structure of arrays):
/// component slot `s` of lane `i` is `registers[s * stride + i]`. The uniform file holds one
/// float per uniform slot (uniforms, constants, and values computed once per draw).
/// In the per-draw stage the uniform file is also the register file, with `stride == 1`.
public struct KernelContext {
    /// The lane slabs, owned by the worker.
    public var registers: UnsafeMutablePointer<Float>
    /// The uniform file of the draw, read-only in the lane stage.
    public var uniforms: UnsafeMutablePointer<Float>
    /// Lanes per batch: the length of each slab.
    public var stride: Int
    /// Texture views in the program's sampler order (a cube map takes six consecutive views).
    public var textures: UnsafePointer<TextureView>
    /// Set to a non-zero `ProgramStatus` raw value by a kernel that hits a limit.
    public var status: UnsafeMutablePointer<Int>
    /// Loop iterations run so far in this batch, counted over every loop (nested loops count
    /// each inner iteration). The caller zeroes it before each batch.
    public var loopIterations: UnsafeMutablePointer<Int>
    /// Loop iterations, summed over all loops, that one batch may run before the program
    /// stops with `ProgramStatus.loopLimitExceeded`. A single budget per batch (not per loop)
    /// bounds the work of nested runaway loops too.
    public var loopIterationLimit: Int

    /// Creates a context from raw storage the caller keeps alive while kernels run.
    public init(
        registers: UnsafeMutablePointer<Float>, uniforms: UnsafeMutablePointer<Float>, stride: Int,
        textures: UnsafePointer<TextureView>, status: UnsafeMutablePointer<Int>,
        loopIterations: UnsafeMutablePointer<Int>, loopIterationLimit: Int = Program.loopIterationLimit
    ) {
        self.registers = registers
        self.uniforms = uniforms
        self.stride = stride
        self.textures = textures
        self.status = status
        self.loopIterations = loopIterations
        self.loopIterationLimit = loopIterationLimit
    }
}

/// One compiled step: processes a whole batch of lanes (or, in the per-draw stage, the
/// uniform file once). Kernels capture plain values only.
public typealias Kernel = @Sendable (KernelContext) -> Void

/// Why a program stopped early; stored in `KernelContext.status`.
public enum ProgramStatus: Int, Sendable {
    /// Ran to completion.
    case ok = 0
    /// The loops of one batch ran more than `KernelContext.loopIterationLimit` iterations.
    case loopLimitExceeded = 1
}

// MARK: - Operands specialised by where they live

/// How a kernel reads one scalar component for lane `i`; specialised at build time so the
/// shading loop has no branches on operand kind.
protocol SpanOperand {
    init(_ context: KernelContext, _ slot: Int)
    subscript(_ i: Int) -> Float { get }
}

/// A per-lane slab in the register file.
struct LaneOperand: SpanOperand {
    let p: UnsafeMutablePointer<Float>
    @inline(__always) init(_ context: KernelContext, _ slot: Int) {
        p = context.registers + slot &* context.stride
    }
    @inline(__always) subscript(_ i: Int) -> Float { p[i] }
}

/// A per-draw scalar (uniform or constant), loaded once per batch and broadcast to all lanes.
struct BroadcastOperand: SpanOperand {
    let v: Float
    @inline(__always) init(_ context: KernelContext, _ slot: Int) {
        v = context.uniforms[slot]
    }
    @inline(__always) subscript(_ i: Int) -> Float { v }
}

/// Up to four component slots of one operand (vectors wider than four are split).
typealias Slots = SIMD4<Int>

extension Slots {
    init(_ array: ArraySlice<Int>) {
        self.init(repeating: 0)
        for (k, s) in array.enumerated() { self[k] = s }
    }
}

// MARK: - Lane helpers

/// True when any lane of a mask slab is set.
@inline(__always)
func anyLane(_ m: UnsafeMutablePointer<Float>, _ n: Int) -> Bool {
    var acc: Float = 0
    for i in 0..<n { acc = acc > m[i] ? acc : m[i] }
    return acc != 0
}

@inline(__always)
func copyLanes(_ d: UnsafeMutablePointer<Float>, _ s: UnsafeMutablePointer<Float>, _ n: Int) {
    d.update(from: s, count: n)
}

/// Runs a list of kernels in order as one kernel.
///
/// Built as a tree of closures that capture up to four kernels each: calling a captured closure
/// borrows it, while calling closures read out of an array retains and releases each one (an
/// atomic operation per kernel per batch, which two threads then fight over).
func sequence(_ kernels: [Kernel]) -> Kernel {
    switch kernels.count {
    case 0: return { _ in }
    case 1: return kernels[0]
    case 2:
        let a = kernels[0], b = kernels[1]
        return { ctx in a(ctx); b(ctx) }
    case 3:
        let a = kernels[0], b = kernels[1], c = kernels[2]
        return { ctx in a(ctx); b(ctx); c(ctx) }
    case 4:
        let a = kernels[0], b = kernels[1], c = kernels[2], d = kernels[3]
        return { ctx in a(ctx); b(ctx); c(ctx); d(ctx) }
    default:
        let quarter = (kernels.count + 3) / 4
        var parts: [Kernel] = []
        var start = 0
        while start < kernels.count {
            let end = min(start + quarter, kernels.count)
            parts.append(sequence(Array(kernels[start..<end])))
            start = end
        }
        return sequence(parts)
    }
}
