import ShaderDiagnostics

/// Loops whose counter lives outside them, given a counter of their own, as NIR's loop analysis
/// sees them.
///
/// NIR finds a loop's induction variable wherever GLSL declared it: `int i; for (i = 0; i < 3;
/// i++)` and `float i = .34; for (O -= O; i < .9; i += .08, t += .8)` are counted, and unrolled
/// when small, as `for (int i = 0; …)` is (measured on Mesa 22.3.6: the float loop runs the 7
/// trips NIR counts, `.34 + 7 * .08` failing `< .9`, where adding `.08` seven times stays under
/// `.9` and a loop would run 8; Shadertoy `ttdyRs`'s gears, `WlXGWX`'s octaves). Shade's loop
/// models (`MesaLoopUnrolling`) read the counter from the loop's declaration, so such a loop is
/// rewritten to declare one:
///
///     init; for (T i' = start; cond[i := i']; i' += c) { body[i := i']; rest }
///
/// for `for (init; cond; i += c, rest) body` (any step `MesaLoopUnrolling` counts, the other
/// parts of a comma step moved to the end of the body, which needs a body that does not leave
/// the loop early),
/// when the counter's value at the loop is a constant — the loop's own `i = start`, or the
/// constant its declaration gave it with nothing in between mentioning it. A counter read
/// after its loop (`G(U, …)` after `ttdyRs`'s loop reads `i`) takes each trip's value at the
/// end of the body and one more step after the loop, the value it leaves, as NIR's copies and
/// a run both leave it, which needs such a body too.
public enum MesaLoopCounters {
    /// The shader with the loops whose counter lives outside them given their own.
    public static func rewriting(_ shader: CheckedShader) -> CheckedShader {
        var nextID = MesaInlining.largestVariableID(shader) + 1
        return shader.rewriting(
            function: { f in
                let (candidates, readElsewhere) = Self.candidateCounters(in: f.body)
                guard !candidates.isEmpty else { return f }
                var pass = Rewriter(counters: candidates, readElsewhere: readElsewhere, nextID: nextID)
                let body = pass.statements(f.body)
                nextID = pass.nextID
                return CheckedFunction(symbol: f.symbol, parameters: f.parameters, body: body, callees: f.callees, span: f.span)
            },
            declaration: { $0 })
    }

    /// The locals of `body` some `for` loop steps that no other such loop mentions, and those
    /// of them mentioned outside their loops.
    static func candidateCounters(in body: [TypedStatement]) -> (Set<Int>, Set<Int>) {
        var stepped = Set<Int>(), inOtherLoops = Set<Int>(), outside = Set<Int>()
        func visit(_ s: TypedStatement) {
            if case .forLoop(_, _, let step?, _) = s.kind, let v = counterStepped(by: step),
               v.storage == .local, v.type == .int || v.type == .float {
                stepped.insert(v.id)
                inOtherLoops.formUnion(MesaUndefinedValues.mentioned(in: s).subtracting([v.id]))
                return
            }
            for e in s.expressions { outside.formUnion(MesaUndefinedValues.readVariables(e)) }
            s.substatements.forEach(visit)
        }
        body.forEach(visit)
        let candidates = stepped.subtracting(inOtherLoops)
        return (candidates, candidates.intersection(outside))
    }

    /// The variable `step` (or the first part of a comma step) counts: `i++`, `--i`, `i += c`, ….
    static func counterStepped(by step: TypedExpression) -> Variable? {
        let (first, _) = splitStep(step)
        switch first.kind {
        case .unary(let op, let x) where op.isIncrementOrDecrement:
            if case .variable(let v) = x.kind { return v }
        case .assignment(let op?, let l, let r) where (op == .add || op == .subtract) && r.constantValue != nil:
            if case .variable(let v) = l.kind { return v }
        default: break
        }
        return nil
    }

    /// A step's first part and the parts after it (`i += c, t += d`: `i += c` and `[t += d]`).
    static func splitStep(_ step: TypedExpression) -> (TypedExpression, [TypedExpression]) {
        var parts: [TypedExpression] = []
        func flatten(_ e: TypedExpression) {
            if case .comma(let a, let b) = e.kind { flatten(a); flatten(b) } else { parts.append(e) }
        }
        flatten(step)
        return (parts[0], Array(parts.dropFirst()))
    }

    struct Rewriter {
        let counters: Set<Int>
        /// Counters read or written outside their loops: they keep their value (`ttdyRs`).
        let readElsewhere: Set<Int>
        var nextID: Int

        /// A statement list with its loops rewritten; a loop may take the constant a declaration
        /// earlier in the list gave its counter.
        mutating func statements(_ list: [TypedStatement]) -> [TypedStatement] {
            var out: [TypedStatement] = []
            // Counters declared in this list with a constant, not mentioned since.
            var declared: [Int: ConstantValue] = [:]
            for s in list {
                if case .forLoop = s.kind, let rewritten = loop(s, declared: declared) {
                    out += rewritten
                } else {
                    out.append(statement(s))
                }
                for id in MesaUndefinedValues.mentioned(in: s) { declared[id] = nil }
                if case .declarations(let ds) = s.kind {
                    for d in ds where counters.contains(d.variable.id) {
                        if let c = d.initializer?.constantValue { declared[d.variable.id] = c }
                    }
                }
            }
            return out
        }

        mutating func statement(_ s: TypedStatement) -> TypedStatement {
            let kind: TypedStatement.Kind
            switch s.kind {
            case .block(let body): kind = .block(statements(body))
            case .ifElse(let c, let t, let e): kind = .ifElse(c, statement(t), e.map { statement($0) })
            case .forLoop(let i, let c, let st, let b): kind = .forLoop(initializer: i, condition: c, step: st, body: statement(b))
            case .whileLoop(let c, let b): kind = .whileLoop(c, statement(b))
            case .doWhile(let b, let c): kind = .doWhile(statement(b), c)
            default: return s
            }
            return TypedStatement(kind: kind, span: s.span)
        }

        /// `s`, a loop, as the statements that replace it, or nil when it keeps its form.
        mutating func loop(_ s: TypedStatement, declared: [Int: ConstantValue]) -> [TypedStatement]? {
            guard case .forLoop(let initializer, let condition?, let step?, let body) = s.kind,
                  let v = MesaLoopCounters.counterStepped(by: step), counters.contains(v.id) else { return nil }
            let (increment, rest) = MesaLoopCounters.splitStep(step)
            let keepsValue = readElsewhere.contains(v.id)
            // A body that leaves early would skip the moved step or the copy of the counter (and
            // NIR does not count such a loop's trips anyway): left alone.
            if (!rest.isEmpty || keepsValue) && MesaLoopUnrolling.leaves(body) { return nil }
            // The counter's value at the loop.
            var before: [TypedStatement] = []
            let start: ConstantValue
            if case .expression(let e)? = initializer?.kind, case .assignment(nil, let l, let r) = e.kind,
               case .variable(let w) = l.kind, w.id == v.id, let c = r.constantValue {
                start = c
            } else if let c = declared[v.id], initializer.map({ !MesaUndefinedValues.mentioned(in: $0).contains(v.id) }) ?? true {
                // A declaration in the initializer would leave the loop's scope: left alone.
                if case .declarations? = initializer?.kind { return nil }
                start = c
                if let initializer { before.append(initializer) }
            } else {
                return nil
            }
            guard start.type == v.type else { return nil }
            let counter = Variable(id: nextID, name: "\(v.name)__\(nextID)", type: v.type, storage: .local,
                                   precision: v.precision, span: v.span)
            nextID += 1
            let renames = [v.id: counter]
            let span = initializer?.span ?? s.span
            let value = TypedExpression(.constant(start), type: v.type, constant: start, span: span)
            let declaration = TypedStatement(
                kind: .declarations([VariableDeclaration(variable: counter, initializer: value, span: span)]), span: span)
            let newCondition = MesaVersioning.renamed(condition, renames)
            let newStep = MesaVersioning.renamed(increment, renames)
            // Counted as `MesaLoopUnrolling` counts, or left as it was.
            guard MesaLoopUnrolling.countedIterations(declaration, newCondition, newStep, maximum: 1 << 16) != nil else { return nil }
            var newBody = statement(body.mappingExpressions { MesaVersioning.renamed($0, renames) })
            var tail = rest.map { TypedStatement(kind: .expression($0), span: $0.span) }
            var after: [TypedStatement] = []
            if keepsValue {
                // `i = i'` at the end of each trip, and the step once more after the last.
                tail.append(MesaVersioning.move(v, from: counter, span: span))
                after.append(TypedStatement(kind: .expression(increment), span: increment.span))
            }
            if !tail.isEmpty {
                if case .block(let list) = newBody.kind {
                    newBody = TypedStatement(kind: .block(list + tail), span: newBody.span)
                } else {
                    newBody = TypedStatement(kind: .block([newBody] + tail), span: newBody.span)
                }
            }
            let newLoop = TypedStatement(
                kind: .forLoop(initializer: declaration, condition: newCondition, step: newStep, body: newBody), span: s.span)
            return before + [newLoop] + after
        }
    }
}
