import ShaderDiagnostics

/// Mesa inlines every call before NIR's algebraic rules run, so the rules see through function
/// boundaries: with `vec4 mod289(vec4 x) { return x - floor(x / 289.0) * 289.0; }`,
/// `mod289(y) + i.y` is `(y - floor(y / 289.0) * 289.0) + i.y` to them, and they regroup it.
/// Shade's rules work on each function's typed tree, so first the calls of *simple* functions
/// (local declarations, then one `return`; `in` parameters never written; nothing with effects)
/// are written out where they are made: an argument that can be read again for free (a
/// variable, a constant) takes its parameter's place, any other is computed into a new local
/// first, as are the function's locals, and the returned expression replaces the call. The new
/// locals go before the statement that makes the call, so only calls that statement always
/// makes, and makes before any effect of its own, are written out (not in a loop's condition or
/// step, a `?:` branch or the right of `&&`/`||`). The compiler inlines calls anyway; this only
/// moves the work to where the rules can see it.
struct MesaInlining {
    /// Simple functions by the id of their symbol, already written out themselves.
    private var simple: [Int: CheckedFunction] = [:]
    /// The definition id a call's symbol resolves to.
    private let definitionID: (FunctionSymbol) -> Int
    /// The next id for a new variable.
    private var nextID: Int

    /// The shader's functions with the calls of simple functions written out, callees first.
    static func rewriting(_ shader: CheckedShader) -> (CheckedFunction) -> CheckedFunction {
        let byID = Dictionary(shader.functions.map { ($0.symbol.id, $0) }, uniquingKeysWith: { a, _ in a })
        var pass = MesaInlining(definitionID: shader.definitionID, nextID: Self.largestVariableID(shader) + 1)
        var done: [Int: CheckedFunction] = [:]
        func visit(_ f: CheckedFunction, _ path: Set<Int>) {
            if done[f.symbol.id] != nil || path.contains(f.symbol.id) { return }
            for callee in f.callees { if let g = byID[pass.definitionID(callee)] { visit(g, path.union([f.symbol.id])) } }
            let rewritten = pass.inliningCalls(in: f)
            done[f.symbol.id] = rewritten
            if Self.isSimple(rewritten) { pass.simple[f.symbol.id] = rewritten }
        }
        for f in shader.functions { visit(f, []) }
        return { f in done[f.symbol.id] ?? f }
    }

    /// The largest variable id in the shader (declarations, parameters and every use).
    static func largestVariableID(_ shader: CheckedShader) -> Int {
        var largest = 0
        func visit(_ e: TypedExpression) {
            if case .variable(let v) = e.kind { largest = max(largest, v.id) }
            e.children.forEach(visit)
        }
        func visit(_ s: TypedStatement) {
            if case .declarations(let ds) = s.kind { for d in ds { largest = max(largest, d.variable.id) } }
            s.expressions.forEach(visit)
            s.substatements.forEach(visit)
        }
        for item in shader.globals {
            if case .declarations(let ds) = item { for d in ds { largest = max(largest, d.variable.id); d.initializer.map(visit) } }
        }
        for f in shader.functions {
            for p in f.parameters { largest = max(largest, p.id) }
            f.body.forEach(visit)
        }
        return largest
    }

    /// True when `f` is local declarations then one `return` of a value, its parameters `in`
    /// and never written, nothing in it with effects, and every type a plain value.
    static func isSimple(_ f: CheckedFunction) -> Bool {
        guard f.symbol.name != "main", let last = f.body.last, case .return(let value?) = last.kind,
              isPlain(f.symbol.returnType), MesaSumChains.isPure(value) else { return false }
        for p in f.parameters {
            guard case .parameter(.in) = p.storage, isPlain(p.type) else { return false }
        }
        let uses = ValueUses(parametersUsedOnce: [:], definitionID: { $0.id }).counting(f.body)
        guard f.parameters.allSatisfy(uses.neverWritten) else { return false }
        for s in f.body.dropLast() {
            guard case .declarations(let ds) = s.kind else { return false }
            for d in ds {
                guard let e = d.initializer, MesaSumChains.isPure(e), isPlain(d.variable.type), !d.variable.isConst
                else { return false }
            }
        }
        return true
    }

    /// A scalar, vector or matrix.
    static func isPlain(_ t: GLSLType) -> Bool {
        switch t {
        case .scalar, .vector, .matrix: return true
        default: return false
        }
    }

    // MARK: Writing calls out

    mutating func inliningCalls(in f: CheckedFunction) -> CheckedFunction {
        CheckedFunction(symbol: f.symbol, parameters: f.parameters, body: block(f.body), callees: f.callees, span: f.span)
    }

    mutating func block(_ body: [TypedStatement]) -> [TypedStatement] {
        var out: [TypedStatement] = []
        for s in body { out += statement(s) }
        return out
    }

    /// `s` as statements: the locals of the calls it makes, then `s` itself.
    mutating func statement(_ s: TypedStatement) -> [TypedStatement] {
        var before: [TypedStatement] = []
        let kind: TypedStatement.Kind
        switch s.kind {
        case .expression(let e):
            guard let rewritten = topLevel(e, &before) else { return [s] }
            kind = .expression(rewritten)
        case .declarations(let ds) where ds.count == 1:
            guard let e = ds[0].initializer, let rewritten = hoisting(e, &before) else { return [s] }
            kind = .declarations([VariableDeclaration(variable: ds[0].variable, initializer: rewritten, span: ds[0].span)])
        case .declarations(let ds):
            // One statement per declarator, so that each one's locals come after the ones before.
            return ds.flatMap { statement(TypedStatement(kind: .declarations([$0]), span: s.span)) }
        case .return(let v?):
            guard let rewritten = hoisting(v, &before) else { return [s] }
            kind = .return(rewritten)
        case .ifElse(let c, let t, let e):
            let condition = hoisting(c, &before) ?? c
            kind = .ifElse(condition, blockStatement(t), e.map { blockStatement($0) })
        case .block(let body): kind = .block(block(body))
        case .forLoop(let i, let c, let st, let body):
            // The initializer runs once, before the loop: its calls go before the loop.
            var initializer = i
            if let i {
                let parts = statement(i)
                before = Array(parts.dropLast())
                initializer = parts.last
            }
            kind = .forLoop(initializer: initializer, condition: c, step: st, body: blockStatement(body))
        case .whileLoop(let c, let body): kind = .whileLoop(c, blockStatement(body))
        case .doWhile(let body, let c): kind = .doWhile(blockStatement(body), c)
        default: return [s]
        }
        return before + [TypedStatement(kind: kind, span: s.span)]
    }

    /// A substatement as one statement (a block when calls were written out before it).
    mutating func blockStatement(_ s: TypedStatement) -> TypedStatement {
        let parts = statement(s)
        return parts.count == 1 ? parts[0] : TypedStatement(kind: .block(parts), span: s.span)
    }

    /// An expression statement: `v = e` or `v op= e` with a target free of effects, or a value
    /// without effects; nil when nothing is written out.
    mutating func topLevel(_ e: TypedExpression, _ before: inout [TypedStatement]) -> TypedExpression? {
        if case .assignment(let op, let target, let value) = e.kind {
            guard MesaSumChains.isPure(target), let rewritten = hoisting(value, &before) else { return nil }
            return TypedExpression(.assignment(op, target, rewritten), type: e.type, span: e.span)
        }
        return hoisting(e, &before)
    }

    /// `e` with the calls it always makes written out (their locals appended to `before`); nil
    /// when `e` has effects other than such calls, or makes none.
    mutating func hoisting(_ e: TypedExpression, _ before: inout [TypedStatement]) -> TypedExpression? {
        guard isPureButForSimpleCalls(e) else { return nil }
        var changed = false
        let rewritten = writingOut(e, &before, &changed)
        return changed ? rewritten : nil
    }

    /// True when the only effects in `e` could be calls of simple functions.
    func isPureButForSimpleCalls(_ e: TypedExpression) -> Bool {
        switch e.kind {
        case .assignment: return false
        case .call(let symbol, let args): return simple[definitionID(symbol)] != nil && args.allSatisfy(isPureButForSimpleCalls)
        case .unary(let op, _) where op.isIncrementOrDecrement: return false
        default: return e.children.allSatisfy(isPureButForSimpleCalls)
        }
    }

    mutating func writingOut(_ e: TypedExpression, _ before: inout [TypedStatement], _ changed: inout Bool) -> TypedExpression {
        if e.constantValue != nil { return e }
        switch e.kind {
        case .ternary(let c, let a, let b):
            // Only the condition is always evaluated.
            let condition = writingOut(c, &before, &changed)
            return TypedExpression(.ternary(condition, a, b), type: e.type, span: e.span)
        case .binary(let op, let a, let b) where op == .logicalAnd || op == .logicalOr:
            let left = writingOut(a, &before, &changed)
            return TypedExpression(.binary(op, left, b), type: e.type, span: e.span)
        case .call(let symbol, let args):
            // `hoisting` let only calls of simple functions through.
            var arguments: [TypedExpression] = []
            for a in args { arguments.append(writingOut(a, &before, &changed)) }
            changed = true
            return writtenOut(simple[definitionID(symbol)]!, arguments, span: e.span, &before)
        default:
            return e.mappingChildren { writingOut($0, &before, &changed) }
        }
    }

    /// The value of `f(arguments)`, its parameters and locals declared in `before`.
    mutating func writtenOut(_ f: CheckedFunction, _ arguments: [TypedExpression], span: SourceSpan,
                             _ before: inout [TypedStatement]) -> TypedExpression {
        var replacements: [Int: TypedExpression] = [:]
        for (p, a) in zip(f.parameters, arguments) {
            if MesaReassociation.isReadAgainFree(a), a.type == p.type {
                replacements[p.id] = a
            } else {
                let v = newLocal(like: p)
                before.append(Self.declaration(v, a, span: span))
                replacements[p.id] = TypedExpression(.variable(v), type: v.type, span: span)
            }
        }
        for s in f.body.dropLast() {
            guard case .declarations(let ds) = s.kind else { continue }
            for d in ds {
                let v = newLocal(like: d.variable)
                before.append(Self.declaration(v, Self.substituting(d.initializer!, replacements), span: span))
                replacements[d.variable.id] = TypedExpression(.variable(v), type: v.type, span: span)
            }
        }
        guard case .return(let value?) = f.body.last!.kind else { preconditionFailure("internal error: not a simple function") }
        return Self.substituting(value, replacements)
    }

    /// A new local with `original`'s type and precision, named after it and unlike any other
    /// (`x__12`: GLSL reserves names with two underscores, and the rules tell values apart by
    /// their text).
    mutating func newLocal(like original: Variable) -> Variable {
        defer { nextID += 1 }
        return Variable(id: nextID, name: "\(original.name)__\(nextID)", type: original.type, storage: .local,
                        precision: original.precision, span: original.span)
    }

    static func declaration(_ v: Variable, _ value: TypedExpression, span: SourceSpan) -> TypedStatement {
        TypedStatement(kind: .declarations([VariableDeclaration(variable: v, initializer: value, span: span)]), span: span)
    }

    /// `e` with each variable `replacements` names replaced.
    static func substituting(_ e: TypedExpression, _ replacements: [Int: TypedExpression]) -> TypedExpression {
        if case .variable(let v) = e.kind, let r = replacements[v.id] { return r }
        return e.mappingChildren { substituting($0, replacements) }
    }
}
