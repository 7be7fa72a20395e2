import ShaderSemantics

/// Counted loops written out once per iteration.
///
/// `for (int i = 0; i < 8; i++) { … }` with a constant start, bound and step, a body that
/// never assigns `i` and has no `break` or `continue` of its own, and at most
/// `maximumIterations` iterations, is lowered as its body repeated, `i` holding each
/// iteration's value in turn. The operations are the loop's, in the loop's order, on the same
/// lane slots, so every lane gets the same bits; what changes is that no loop mask is kept and
/// no iteration is counted against the loop budget (a loop of at most 32 iterations cannot run
/// away). Straight code lets the native engine's C compiler see values that stay the same
/// along a row of pixels (`cos(uv.y * f)`) and compute them once per row.
extension Lowering {
    /// The most iterations an unrolled loop may have.
    static let maximumIterations = 32
    /// The most statements and expression nodes an unrolled loop may grow to.
    static let maximumUnrolledSize = 1024

    /// The values the induction variable takes, one per iteration, when `for (initializer;
    /// condition; step) body` can be unrolled; nil otherwise.
    ///
    /// With `checksBody` false the body is not looked at (`Compiler+CountedLoops.swift` checks
    /// its own rules) and the loop may have up to `maximum` iterations.
    func unrolledIterations(
        _ initializer: TypedStatement?, _ condition: TypedExpression?, _ step: TypedExpression?, _ body: TypedStatement,
        maximum: Int = Lowering.maximumIterations, checksBody: Bool = true
    ) -> (variable: Variable, values: [ConstantValue])? {
        guard let (v, values) = MesaLoopUnrolling.countedIterations(initializer, condition, step, maximum: maximum),
              !checksBody || (!assigns(body, v.id) && !leavesLoop(body)) else { return nil }
        guard !checksBody || values.count * unrolledSize(of: body) <= Self.maximumUnrolledSize else { return nil }
        return (v, values)
    }

    /// Lowers a loop `unrolledIterations` accepted: the declaration, then per iteration the
    /// variable's value stored and the body.
    ///
    /// With `counterIsKnown` (a loop Mesa unrolls too, `MesaLoopUnrolling.unrolledCounter`),
    /// the counter is the constant itself in each copy, as in Mesa's unrolled code, so what it
    /// feeds folds as Mesa folds it (`CompileTimeMath`).
    func lowerUnrolled(
        _ initializer: TypedStatement, _ v: Variable, _ values: [ConstantValue], _ body: TypedStatement,
        counterIsKnown: Bool = false
    ) throws {
        try lower(initializer)
        guard case .value(let storage)? = bindings[v.id] else { throw unsupported("internal error: no storage for '\(v.name)'", initializer.span) }
        let place = LValue.direct(slots(of: storage))
        let stage = builder.foldingStage
        if counterIsKnown { builder.foldingStage = .nir }
        defer { builder.foldingStage = stage }
        for value in values {
            if counterIsKnown {
                bindings[v.id] = .value(constant(value))
            } else {
                write(place, constant(value))
            }
            try lower(body)
        }
        bindings[v.id] = .value(storage)
    }

    /// True when `s` may assign variable `id` (directly, by `++`/`--`, or as an `out` argument).
    func assigns(_ s: TypedStatement, _ id: Int) -> Bool { LoopBodyFacts.assigns(s, id) }

    /// True when `s` has a `break` or `continue` of the loop it is the body of (not of a loop
    /// nested in it).
    func leavesLoop(_ s: TypedStatement) -> Bool {
        switch s.kind {
        case .break, .continue: return true
        case .block(let b): return b.contains(where: leavesLoop)
        case .ifElse(_, let t, let e): return leavesLoop(t) || (e.map(leavesLoop) ?? false)
        default: return false
        }
    }

    /// Statements and expression nodes of `s` once lowered, user calls inlined and nested loops
    /// that unroll unrolled; at least `maximumUnrolledSize + 1` when larger.
    func unrolledSize(of s: TypedStatement) -> Int {
        let cap = Self.maximumUnrolledSize + 1
        func add(_ a: Int, _ b: Int) -> Int { min(a &+ b, cap) }
        func statement(_ s: TypedStatement) -> Int {
            switch s.kind {
            case .expression(let e): return add(1, expression(e))
            case .declarations(let ds): return ds.reduce(1) { add($0, $1.initializer.map(expression) ?? 0) }
            case .block(let b): return b.reduce(1) { add($0, statement($1)) }
            case .ifElse(let c, let t, let e): return add(add(1, expression(c)), add(statement(t), e.map(statement) ?? 0))
            case .forLoop(let i, let c, let st, let b):
                let once = add(add(1, i.map(statement) ?? 0), add(add(c.map(expression) ?? 0, st.map(expression) ?? 0), statement(b)))
                if let n = unrolledIterations(i, c, st, b)?.values.count { return min(n * statement(b), cap) }
                return once
            case .whileLoop(let c, let b), .doWhile(let b, let c): return add(1, add(expression(c), statement(b)))
            case .return(let e): return add(1, e.map(expression) ?? 0)
            default: return 1
            }
        }
        func expression(_ e: TypedExpression) -> Int {
            switch e.kind {
            case .constant, .variable: return 1
            case .swizzle(let b, _), .field(let b, _, _), .unary(_, let b): return add(1, expression(b))
            case .index(let a, let b), .binary(_, let a, let b), .comma(let a, let b), .assignment(_, let a, let b):
                return add(1, add(expression(a), expression(b)))
            case .ternary(let c, let a, let b): return add(1, add(expression(c), add(expression(a), expression(b))))
            case .call(let f, let args):
                let body = functions[f.id].map { $0.body.reduce(0) { add($0, statement($1)) } } ?? cap
                return args.reduce(add(1, body)) { add($0, expression($1)) }
            case .builtinCall(_, let args), .construct(_, let args): return args.reduce(1) { add($0, expression($1)) }
            }
        }
        return statement(s)
    }
}
