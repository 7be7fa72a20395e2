import ShaderDiagnostics

/// Functions with a `return` before their end, or none at the end, given one exit as NIR gives
/// them.
///
/// NIR lowers every `return` before it inlines (`nir_lower_returns`): the code after an `if`
/// whose branch returns moves into the other branch, and the value returned is a variable each
/// `return` writes and the end reads. Where a path can reach the end without a `return`, GLSL
/// leaves the result undefined, and that variable holds `undef` on it; the phi of a value and
/// `undef` is that value, so on llvmpipe the path that falls off returns what another path
/// returns (measured with glref.py on Mesa 22.3.6: `vec3 line(vec2 uv) { if (uv.x > 0.3 &&
/// uv.x < 0.5) return vec3(1, 0, 0); }` is red at every pixel; with a second `if (uv.x > 0.7)
/// return blue;` after a first that returns green, the pixels that pass neither test are blue
/// — the second `if` sits in the first one's `else`). Shadertoy `ws3fRS`'s debug grid draws
/// its centre line over the whole picture that way.
///
/// The pass rewrites such a function into that shape,
///
///     T f(…) { T r; if (c) { …; r = a; } else { rest }; return r; }
///
/// (a `void` function the same way without `r`), so that `MesaUndefinedValues` sees `r` as the
/// undefined local it is and applies its rules for a write in a branch (a constant, or a branch
/// NIR flattens into a select), and so that `MesaInlining`, which writes out functions whose
/// only `return` ends them, writes these out too, as NIR inlines every call. Engines and the
/// reference interpreter start `r` at 0, so where those rules do not apply the result is the 0
/// it was before, and every path that returns returns what it did. Only functions whose
/// `return`s are each in a chain of `if`s in which one side always returns (or nothing follows)
/// are rewritten, a `switch` whose cases return instead of breaking included (MXXGDn's
/// `albedo`, no case for the `ID` of a ray that hit nothing): a `return` in a loop, or in a
/// function with a `discard`, leaves the function as it was.
enum MesaReturnLowering {
    /// The shader with each function that returns early, or can fall off its end, given a
    /// single exit.
    static func rewriting(_ shader: CheckedShader) -> CheckedShader {
        var nextID = MesaInlining.largestVariableID(shader) + 1
        return shader.rewriting(
            function: { f in
                guard f.symbol.name != "main", hasEarlyReturn(f), !f.body.contains(where: containsDiscard) else { return f }
                guard f.symbol.returnType != .void else {
                    var body = f.body
                    if case .return(nil)? = body.last?.kind { body.removeLast() }
                    guard let lowered = lowered(body[...], into: nil) else { return f }
                    return CheckedFunction(symbol: f.symbol, parameters: f.parameters, body: lowered, callees: f.callees, span: f.span)
                }
                let result = Variable(
                    id: nextID, name: "\(f.symbol.name)__result\(nextID)", type: f.symbol.returnType, storage: .local,
                    precision: f.symbol.returnPrecision, span: f.span)
                guard let body = lowered(f.body[...], into: result) else { return f }
                nextID += 1
                let declare = TypedStatement(
                    kind: .declarations([VariableDeclaration(variable: result, initializer: nil, span: f.span)]), span: f.span)
                let read = TypedExpression(.variable(result), type: result.type, span: f.span)
                let exit = TypedStatement(kind: .return(read), span: f.span)
                return CheckedFunction(symbol: f.symbol, parameters: f.parameters, body: [declare] + body + [exit],
                                       callees: f.callees, span: f.span)
            },
            declaration: { $0 })
    }

    /// True when `f` has a `return` other than one statement that ends its body, or can reach
    /// its end without one.
    static func hasEarlyReturn(_ f: CheckedFunction) -> Bool {
        let returns = f.body.reduce(0) { $0 + returnCount($1) }
        if f.symbol.returnType != .void && !alwaysReturns(f.body) { return true }
        guard case .return? = f.body.last?.kind else { return returns > 0 }
        return returns > 1
    }

    static func returnCount(_ s: TypedStatement) -> Int {
        if case .return = s.kind { return 1 }
        return s.substatements.reduce(0) { $0 + returnCount($1) }
    }

    /// `statements` with each `return e` made `result = e` and the statements after an `if` one
    /// of whose sides returns moved into its other side; nil where a `return` sits elsewhere.
    static func lowered(_ statements: ArraySlice<TypedStatement>, into result: Variable?) -> [TypedStatement]? {
        var out: [TypedStatement] = []
        for i in statements.indices {
            let s = statements[i]
            guard containsReturn(s) else {
                out.append(s)
                continue
            }
            let rest = statements[(i + 1)...]
            switch s.kind {
            case .return(nil) where result == nil:
                return out
            case .return(let value?):
                guard let result else { return nil }
                let target = TypedExpression(.variable(result), type: result.type, span: s.span)
                let write = TypedExpression(.assignment(nil, target, value), type: result.type, span: s.span)
                return out + [TypedStatement(kind: .expression(write), span: s.span)]
            case .block(let body):
                guard let inner = lowered(body[...] + rest, into: result) else { return nil }
                return out + [TypedStatement(kind: .block(inner), span: s.span)]
            // A `switch` (the checker's `do { if (entry <= 0) { … } … } while (false);`) whose
            // segments end in `return`s, not `break`s: its body runs once, as a block's.
            case .doWhile(let body, let condition) where condition.constantValue?.scalar?.boolValue == false && !leavesLoop(body):
                guard let inner = lowered([body] + rest, into: result) else { return nil }
                return out + [TypedStatement(kind: .block(inner), span: s.span)]
            case .ifElse(let c, let t, let e):
                let thenReturns = alwaysReturns([t]), elseReturns = e.map { alwaysReturns([$0]) } ?? false
                guard thenReturns || elseReturns || rest.isEmpty else { return nil }
                let thenPart = [t] + (thenReturns ? [] : Array(rest))
                let elsePart = (e.map { [$0] } ?? []) + (thenReturns ? Array(rest) : [])
                guard let then = lowered(thenPart[...], into: result),
                      let otherwise = lowered(elsePart[...], into: result) else { return nil }
                let thenBlock = TypedStatement(kind: .block(then), span: t.span)
                let elseBlock = otherwise.isEmpty ? nil : TypedStatement(kind: .block(otherwise), span: e?.span ?? s.span)
                return out + [TypedStatement(kind: .ifElse(c, thenBlock, elseBlock), span: s.span)]
            default:
                return nil
            }
        }
        return out
    }

    /// True when every path through `statements` ends at a `return`.
    static func alwaysReturns(_ statements: [TypedStatement]) -> Bool {
        statements.contains { s in
            switch s.kind {
            case .return: return true
            case .block(let body): return alwaysReturns(body)
            case .ifElse(_, let t, let e?): return alwaysReturns([t]) && alwaysReturns([e])
            default: return false
            }
        }
    }

    /// True when `s` holds a `break` or `continue` of the loop around it (not of a loop inside).
    static func leavesLoop(_ s: TypedStatement) -> Bool {
        switch s.kind {
        case .break, .continue: return true
        case .forLoop, .whileLoop, .doWhile: return false
        default: return s.substatements.contains(where: leavesLoop)
        }
    }

    static func containsReturn(_ s: TypedStatement) -> Bool {
        if case .return = s.kind { return true }
        return s.substatements.contains(where: containsReturn)
    }

    static func containsDiscard(_ s: TypedStatement) -> Bool {
        if case .discard = s.kind { return true }
        return s.substatements.contains(where: containsDiscard)
    }
}
