import ShaderSemantics

/// Counted loops run without masks.
///
/// GLSL ES 1.00's Appendix A allows only loops with constant bounds, so a loop whose length is
/// a uniform is written with a constant bound and a `break`:
///
///     for (int i = 1; i <= 192; i++) {
///         if (i > radius) break;   // radius: a uniform, or computed from uniforms only
///         …
///     }
///
/// Every lane runs the same iterations of such a loop. When the loop counts from a constant
/// by a constant step (as `unrolledIterations` requires, up to `maximumCountedIterations`),
/// its body never assigns the counter, its only way out is a first statement
/// `if (condition) break;` whose condition reads nothing but the counter, constants and
/// values the same for every lane (or there is no way out at all), and it has no `return` or
/// `discard`, it is lowered as `ProgramBuilder.countedLoop`: the number of iterations is
/// computed once per draw (the condition evaluated for each value of the counter, the first
/// true one ending the count), and the body runs that many times under the enclosing mask,
/// with no loop mask, no per-iteration test and no masked stores in straight code. The lanes
/// compute the same operations on the same values as in the masked loop, so every bit is
/// the same; the masked loop's last, all-lanes-off iteration is not run.
extension Lowering {
    /// The most iterations a counted loop may have.
    static let maximumCountedIterations = 1024
    /// The most iterations whose break condition is evaluated per draw.
    static let maximumCountedBreakTests = 256

    /// Lowers `for (initializer; condition; step) body` as a counted loop when it is one;
    /// returns false (having emitted nothing) when it is not.
    func lowerCounted(
        _ initializer: TypedStatement, _ condition: TypedExpression?, _ step: TypedExpression?, _ body: TypedStatement
    ) throws -> Bool {
        guard let (v, allValues) = unrolledIterations(
            initializer, condition, step, body, maximum: Self.maximumCountedIterations, checksBody: false)
        else { return false }
        guard !assigns(body, v.id), countReturns(body) == 0, !containsDiscard(body) else { return false }
        // The body: `if (c) break;` then statements that do not leave, or no way out at all.
        var breakCondition: TypedExpression?
        var rest: [TypedStatement] = [body]
        if case .block(let statements) = body.kind, let first = statements.first,
           case .ifElse(let c, let then, nil) = first.kind, isBreak(then)
        {
            breakCondition = c
            rest = Array(statements.dropFirst())
        }
        guard !rest.contains(where: leavesLoop) else { return false }
        if let c = breakCondition {
            guard allValues.count <= Self.maximumCountedBreakTests, readsOnlyUniformValues(c, besides: v.id) else { return false }
        }
        // The count: the first iteration whose break condition holds, else all of them.
        var values = allValues
        var tests: [(iteration: Int, condition: Value)] = []
        if let c = breakCondition {
            // The counter has no binding outside the loop: bind it to each value in turn.
            for (k, value) in allValues.enumerated() {
                bindings[v.id] = .value(constant(value))
                let holds = try lower(c)
                if let known = holds.constantValues?.first {
                    if known != 0 { values = Array(allValues.prefix(k)); break }
                    continue
                }
                tests.append((k, holds))
            }
            bindings[v.id] = nil
        }
        guard !values.isEmpty else { return true }  // the break holds on entry: no iteration
        var count = Value.constant([Float(values.count)])
        for test in tests.reversed() {  // all before the first test known to hold
            count = builder.select(test.condition, .constant([Float(test.iteration)]), count)
        }
        let registerValues = values.map { constant($0).constantValues![0] }
        var failure: Error?
        builder.countedLoop(count: count, values: registerValues) { index in
            variableSlots.formUnion(slots(of: index))
            bindings[v.id] = .value(index)
            do { try lowerStatements(rest) } catch { failure = error }
        }
        bindings[v.id] = nil
        if let failure { throw failure }
        return true
    }

    /// `break` or `{ break; }`.
    func isBreak(_ s: TypedStatement) -> Bool {
        switch s.kind {
        case .break: return true
        case .block(let b): return b.count == 1 && isBreak(b[0])
        default: return false
        }
    }

    /// True when `s` has a `discard` of its own (not in the functions it calls).
    func containsDiscard(_ s: TypedStatement) -> Bool {
        switch s.kind {
        case .discard: return true
        case .block(let b): return b.contains(where: containsDiscard)
        case .ifElse(_, let t, let e): return containsDiscard(t) || (e.map(containsDiscard) ?? false)
        case .forLoop(_, _, _, let b), .whileLoop(_, let b), .doWhile(let b, _): return containsDiscard(b)
        default: return false
        }
    }

    /// True when `e` reads only constants, variable `id` and variables whose values are the
    /// same for every lane (uniforms, and locals bound to values computed from them), through
    /// operators and built-in functions that are not lookups or derivatives.
    func readsOnlyUniformValues(_ e: TypedExpression, besides id: Int) -> Bool {
        func check(_ e: TypedExpression) -> Bool {
            if e.constantValue != nil { return true }
            switch e.kind {
            case .constant: return true
            case .variable(let x):
                if x.id == id || x.constantValue != nil { return true }
                guard case .value(let value)? = bindings[x.id] else { return false }
                return value.isUniform
            case .swizzle(let b, _), .field(let b, _, _): return check(b)
            case .unary(let op, let x): return !op.isIncrementOrDecrement && check(x)
            case .binary(_, let a, let b): return check(a) && check(b)
            case .ternary(let c, let a, let b): return check(c) && check(a) && check(b)
            case .construct(_, let args): return args.allSatisfy(check)
            case .builtinCall(let o, let args):
                switch o.function {
                case .dFdx, .dFdy, .fwidth: return false
                default: break
                }
                return o.function.outParameterIndex == nil && !args.contains { $0.type.containsSampler }
                    && args.allSatisfy(check)
            case .index, .assignment, .comma, .call: return false
            }
        }
        return check(e)
    }
}
