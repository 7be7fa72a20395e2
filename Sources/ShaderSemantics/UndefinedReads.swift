import ShaderDiagnostics

/// Warnings for values read before anything wrote them: a local variable declared without an
/// initializer, or an `out` parameter, whose first use in the order the source is written is a
/// read (`float i; while (i++ < 58.0)`, `vec2 col; … sin(v + col)`, `O += …` on Shadertoy's
/// `out vec4 O`).
///
/// GLSL leaves such a value undefined, and GPUs differ: Shade reads 0, llvmpipe whatever its
/// registers held (README "Undefined behaviour"), so a picture that depends on it cannot be
/// trusted. The walk follows the text, not the control flow — a write anywhere before the read
/// (in a branch or an earlier loop iteration too) counts — so each warning says "may". One
/// warning per variable, at its first such read.
public enum UndefinedReads {
    static func warnings(in function: CheckedFunction) -> [Diagnostic] {
        walk(function, functionBody: nil).found
    }

    /// The locals whose undefined value a loop carries: declared without an initializer (or an
    /// `out` parameter), and first used by a read inside a loop NIR keeps (one Mesa does not
    /// unroll, `MesaLoopUnrolling`) that also writes them, the loop not holding the declaration.
    /// `float s; for (…) s += y;` starts the loop from a phi of an undefined value, which
    /// leaving SSA turns into a register nothing initialises: on llvmpipe `s` starts from what
    /// that register held when this code last ran (the previous trip of a loop around it, the
    /// previous call from the same call site), 0 the first time. Shade's engines and its
    /// interpreter keep such a variable's storage across its declarations the same way.
    /// Measured with glref.py: `float g(float y) { float s; for (int k = 0; k < n; k++) s += y;
    /// return s; }` called 4 times with n = 4 in a loop returns 4y, 8y, 12y, 16y.
    public static func loopCarried(
        in function: CheckedFunction, functionBody: @escaping (FunctionSymbol) -> [TypedStatement]?
    ) -> Set<Int> {
        walk(function, functionBody: functionBody).carried
    }

    static func walk(_ function: CheckedFunction, functionBody: ((FunctionSymbol) -> [TypedStatement]?)?) -> Walk {
        var walk = Walk(functionBody: functionBody)
        for (k, p) in function.parameters.enumerated()
        where k < function.symbol.parameters.count && function.symbol.parameters[k].qualifier == .out {
            walk.unwritten[p.id] = p
            walk.depth[p.id] = 0
        }
        for s in function.body { walk.statement(s) }
        return walk
    }

    struct Walk {
        /// Given, loops are told apart (the ones NIR keeps) for `carried`.
        let functionBody: ((FunctionSymbol) -> [TypedStatement]?)?
        /// Variables nothing has written yet, by id.
        var unwritten: [Int: Variable] = [:]
        var found: [Diagnostic] = []
        /// What each enclosing loop NIR keeps writes, outermost first.
        var loops: [Set<Int>] = []
        /// How many such loops were around each unwritten variable's declaration.
        var depth: [Int: Int] = [:]
        /// Variables whose first use is a read a loop around it (not around the declaration)
        /// carries to its next trip.
        var carried: Set<Int> = []

        mutating func statement(_ s: TypedStatement) {
            switch s.kind {
            case .declarations(let ds):
                for d in ds {
                    if let e = d.initializer {
                        expression(e)
                    } else if !d.variable.type.containsSampler, d.variable.constantValue == nil {
                        unwritten[d.variable.id] = d.variable
                        depth[d.variable.id] = loops.count
                    }
                }
            case .forLoop(let i, let c, let st, let body):
                // In the order a loop runs: initializer, condition, body, step.
                i.map { statement($0) }
                let kept = keeps(s)
                if kept { loops.append(MesaVersioning.written(s)) }
                c.map { expression($0) }
                statement(body)
                st.map { expression($0) }
                if kept { loops.removeLast() }
            case .doWhile(let body, let c):
                let kept = keeps(s)
                if kept { loops.append(MesaVersioning.written(s)) }
                statement(body)
                expression(c)
                if kept { loops.removeLast() }
            case .whileLoop:
                let kept = keeps(s)
                if kept { loops.append(MesaVersioning.written(s)) }
                for e in s.expressions { expression(e) }
                for sub in s.substatements { statement(sub) }
                if kept { loops.removeLast() }
            default:
                for e in s.expressions { expression(e) }
                for sub in s.substatements { statement(sub) }
            }
        }

        /// True when `s` is a loop NIR keeps (asked only when finding `carried`).
        func keeps(_ s: TypedStatement) -> Bool {
            guard let functionBody else { return false }
            if case .forLoop(let i, let c, let st, let body) = s.kind {
                return MesaLoopUnrolling.unrolledCounter(i, c, st, body, functionBody: functionBody) == nil
            }
            return true
        }

        mutating func read(_ v: Variable, at span: SourceSpan) {
            guard unwritten.removeValue(forKey: v.id) != nil else { return }
            if let d = depth[v.id], loops.dropFirst(d).contains(where: { $0.contains(v.id) }),
               v.storage == .local, v.type.isScalar || v.type.isVector || v.type.isMatrix {
                carried.insert(v.id)
            }
            found.append(.warning(
                "'\(v.name)' may be read before anything writes it: its value is undefined there (Shade reads 0; GPUs, llvmpipe among them, may give anything)",
                at: span))
        }

        /// The indices inside an l-value are reads; the variable itself is written.
        mutating func place(_ e: TypedExpression, alsoReads: Bool) {
            switch e.kind {
            case .variable(let v):
                if alsoReads { read(v, at: e.span) }
                unwritten.removeValue(forKey: v.id)
            case .swizzle(let b, _), .field(let b, _, _): place(b, alsoReads: alsoReads)
            case .index(let b, let i):
                expression(i)
                place(b, alsoReads: alsoReads)
            default: expression(e)
            }
        }

        mutating func expression(_ e: TypedExpression) {
            if e.constantValue != nil { return }
            switch e.kind {
            case .variable(let v): read(v, at: e.span)
            case .assignment(let op, let target, let value):
                expression(value)
                place(target, alsoReads: op != nil)
            case .unary(let op, let x) where op.isIncrementOrDecrement:
                place(x, alsoReads: true)
            case .call(let f, let args):
                for (k, a) in args.enumerated() {
                    let q = k < f.parameters.count ? f.parameters[k].qualifier : .in
                    switch q {
                    case .out: place(a, alsoReads: false)
                    case .inout: place(a, alsoReads: true)
                    default: expression(a)
                    }
                }
            case .builtinCall(let o, let args):
                for (k, a) in args.enumerated() {
                    if k == o.function.outParameterIndex { place(a, alsoReads: false) } else { expression(a) }
                }
            default:
                for child in e.children { expression(child) }
            }
        }
    }
}
