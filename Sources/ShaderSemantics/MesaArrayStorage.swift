/// Where llvmpipe keeps each array, which decides what a dynamic index out of range reads
/// (`OutOfRangeIndex`): undefined in GLSL, and visible in real shaders through derivatives (a
/// lane that has left a loop still computes `stack[depth - 1]` with `depth == 0`, and its
/// neighbours' `texture` calls take their level of detail from it) and through loops that read
/// one element past the end.
///
/// Mesa's linker (`nir_lower_const_arrays_to_uniforms`) moves an array of 32-bit scalars,
/// vectors or matrices into the constant buffer when every store to it is a direct store of a
/// constant in one block and comes before any read: a `const` array, one with a constant
/// initializer, one filled with constants in straight-line code or in a loop NIR unrolls.
/// llvmpipe reads those (and uniform arrays) from the constant buffer: out of range it reads
/// what follows the array there, and 0 past the buffer's end; Shade reads 0. Every other array
/// (written with a value known only when running, written under a condition, written after a
/// read, or of `bool`s or structures) lives in registers, where llvmpipe clamps the index as
/// an unsigned number: -1 and anything past the end read the last element.
///
/// Measured with glref.py on Mesa 22.3.6 with a per-lane index from -2 to 5 into arrays of 4:
/// `float v[4] = float[4](1.0, 2.0, 3.0, 4.0)` reads 0 at -2, -1 and 5 (1.0 at 4, the next
/// uniform); with `v[3] = x` or `if (c) v[1] = 7.0;` it reads `v[3]` at -2, -1, 4 and 5; the
/// same for `int` arrays, while `bool` arrays always clamp. Reads with a constant index do not
/// count as reads (NIR forwards the stored constant), so `float w = v[1]; v[2] = 9.0;` keeps
/// `v` constant.
public struct MesaArrayStorage: Sendable {
    /// The ids of the array variables (locals and plain globals) Mesa moves to the constant
    /// buffer.
    public let constantBufferArrays: Set<Int>

    /// Classifies every array of `shader`.
    public init(_ shader: CheckedShader) {
        var bodies: [Int: [TypedStatement]] = [:]
        for f in shader.functions { bodies[f.symbol.id] = f.body }
        var walk = Walk(functionBody: { bodies[$0.id] })
        // Plain global arrays: their initializers are stores at the start of `main`.
        for item in shader.globals {
            guard case .declarations(let ds) = item else { continue }
            for d in ds where d.variable.storage == .global {
                walk.declare(d, unconditional: true, counters: [])
                walk.globals.insert(d.variable.id)
            }
        }
        walk.statements(shader.main.body, unconditional: true, counters: [])
        // Another function's stores to a global are not in `main`'s first block; its reads come
        // after `main`'s stores that precede the call (most calls follow them).
        walk.globalsWritable = false
        for f in shader.functions where f.symbol.id != shader.main.symbol.id {
            walk.statements(f.body, unconditional: true, counters: [])
        }
        constantBufferArrays = Set(walk.arrays.filter { $0.value }.keys)
    }

    /// The out-of-range rule for indexing `base` (an array, a matrix or a vector).
    public func rule(indexing base: TypedExpression) -> OutOfRangeIndex {
        guard base.type.isArray else { return OutOfRangeIndex(indexing: base.type) }
        if base.constantValue != nil { return .constantArray }
        guard let v = base.rootVariable else { return .array }
        switch v.storage {
        case .uniform, .constant: return .constantArray
        default: return constantBufferArrays.contains(v.id) ? .constantArray : .array
        }
    }

    /// The walk over function bodies in program order.
    struct Walk {
        let functionBody: (FunctionSymbol) -> [TypedStatement]?
        /// Every candidate array: true while it may still be constant.
        var arrays: [Int: Bool] = [:]
        /// Candidates read with an index not known when compiling.
        var read: Set<Int> = []
        /// The candidates declared at global scope.
        var globals: Set<Int> = []
        /// False while walking a function other than `main`: a store to a global there keeps
        /// it in registers.
        var globalsWritable = true

        /// True for an array Mesa may move: of 32-bit scalars, vectors or matrices.
        static func isCandidate(_ type: GLSLType) -> Bool {
            guard case .array(let element, _) = type else { return false }
            if element.isArray { return isCandidate(element) }
            return element.isNumericOrBool && [.float, .int, .uint].contains(element.scalarKind)
        }

        mutating func declare(_ d: VariableDeclaration, unconditional: Bool, counters: Set<Int>) {
            if let i = d.initializer { expression(i, counters: counters) }
            guard Self.isCandidate(d.variable.type) else { return }
            arrays[d.variable.id] = d.initializer.map { unconditional && Self.isConstant($0, counters) } ?? true
        }

        mutating func statements(_ list: [TypedStatement], unconditional: Bool, counters: Set<Int>) {
            for s in list { statement(s, unconditional: unconditional, counters: counters) }
        }

        mutating func statement(_ s: TypedStatement, unconditional: Bool, counters: Set<Int>) {
            switch s.kind {
            case .declarations(let ds):
                for d in ds { declare(d, unconditional: unconditional, counters: counters) }
            case .expression(let e):
                if case .assignment(nil, let target, let value) = e.kind, let v = target.rootVariable,
                   arrays[v.id] != nil, Self.isDirect(target, counters) {
                    expression(value, counters: counters)
                    indices(target, counters: counters)
                    // A direct store: constant when its value is, unconditional, and before any read.
                    let inFirstBlock = unconditional && (globalsWritable || !globals.contains(v.id))
                    if !(inFirstBlock && Self.isConstant(value, counters) && !read.contains(v.id)) { arrays[v.id] = false }
                } else {
                    expression(e, counters: counters)
                }
            case .block(let body):
                statements(body, unconditional: unconditional, counters: counters)
            case .forLoop(let initializer, let condition, let step, let body):
                if let initializer, let (counter, _) = MesaLoopUnrolling.unrolledCounter(
                    initializer, condition, step, body, functionBody: functionBody) {
                    // Written out by NIR: each copy's counter is a constant.
                    statement(body, unconditional: unconditional, counters: counters.union([counter.id]))
                } else {
                    s.expressions.forEach { expression($0, counters: counters) }
                    s.substatements.forEach { statement($0, unconditional: false, counters: counters) }
                }
            default:
                s.expressions.forEach { expression($0, counters: counters) }
                s.substatements.forEach { statement($0, unconditional: false, counters: counters) }
            }
        }

        /// Notes the reads and writes of `e`: any write that is not a direct constant store
        /// (compound assignments, increments, `out` arguments) keeps an array in registers.
        mutating func expression(_ e: TypedExpression, counters: Set<Int>) {
            for v in e.writtenVariables where arrays[v.id] != nil { arrays[v.id] = false }
            if case .index(let base, let i) = e.kind, let v = base.rootVariable, arrays[v.id] != nil,
               base.type.isArray, !Self.isConstant(i, counters) {
                read.insert(v.id)
            }
            for c in e.children { expression(c, counters: counters) }
        }

        /// Notes the reads in the indices of an assignment's target.
        mutating func indices(_ target: TypedExpression, counters: Set<Int>) {
            switch target.kind {
            case .index(let base, let i): expression(i, counters: counters); indices(base, counters: counters)
            case .swizzle(let base, _), .field(let base, _, _): indices(base, counters: counters)
            default: break
            }
        }

        /// True when every index in `target` is known when compiling.
        static func isDirect(_ target: TypedExpression, _ counters: Set<Int>) -> Bool {
            switch target.kind {
            case .variable: return true
            case .index(let base, let i): return isConstant(i, counters) && isDirect(base, counters)
            case .swizzle(let base, _), .field(let base, _, _): return isDirect(base, counters)
            default: return false
            }
        }

        /// True when `e` is a constant once the counters of unrolled loops are (NIR folds it).
        static func isConstant(_ e: TypedExpression, _ counters: Set<Int>) -> Bool {
            if e.constantValue != nil { return true }
            switch e.kind {
            case .constant: return true
            case .variable(let v): return counters.contains(v.id) || v.constantValue != nil
            case .swizzle, .field, .index, .binary, .ternary, .construct:
                return e.children.allSatisfy { isConstant($0, counters) }
            case .unary(let op, let x): return !op.isIncrementOrDecrement && isConstant(x, counters)
            case .builtinCall(let o, let args):
                return o.function.outParameterIndex == nil && !o.function.isTextureLookup && !o.function.isDerivative
                    && args.allSatisfy { isConstant($0, counters) }
            default: return false
            }
        }
    }
}
