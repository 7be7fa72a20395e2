import ShaderDiagnostics

/// Mesa unrolls the loops `MesaLoopUnrolling` describes before its algebraic rules run, so the
/// rules see one copy of the body per iteration with the counter a constant in each, and the
/// values the copies carry from one to the next as a chain: `for (int i = 0; i < 4; i++) {
/// total += amp * noise(p * freq); amp *= 0.6; freq *= 1.7; }` multiplies `p` by the constants
/// `1.7`, `1.7 * 1.7`, … (folded as they are made), and `p * freq` inside `noise` meets the
/// constants there. Shade's engines unroll such loops too, but the rules read the typed tree,
/// so the tree is written out first, as Mesa writes it:
///
///     for (T i = c0; i <= c0; i++) { copy(c0) copy(c1) … }
///
/// one trip of a loop (so the engines still fold what the counter feeds at NIR's stage,
/// `CompileTimeMath`, and count the loop's cost as a whole) whose body is the copies, in order,
/// in one block: each copy the body with the counter's reads replaced by its value and every
/// local the body declares with an initializer given a new variable, so that `MesaVersioning`
/// follows the values from one copy into the next. A local declared without an initializer
/// keeps its variable in every copy: Mesa has one for the whole loop, and a read before a write
/// sees what the previous iteration left (`UndefinedReads.loopCarried`). Loops are written out
/// innermost first, and a loop is judged on its body as it is then (its inner loops written
/// out), as NIR judges it.
public struct MesaLoopCopies {
    /// The next id for a new variable.
    private var nextID: Int
    /// The body of each user function, by the id of its definition.
    private let functionBody: (FunctionSymbol) -> [TypedStatement]?

    /// The shader with the loops Mesa unrolls written out.
    static func rewriting(_ shader: CheckedShader) -> CheckedShader {
        let definitionID = shader.definitionID
        let bodies = Dictionary(shader.functions.map { ($0.symbol.id, $0.body) }, uniquingKeysWith: { a, _ in a })
        var pass = MesaLoopCopies(
            nextID: MesaInlining.largestVariableID(shader) + 1, functionBody: { bodies[definitionID($0)] })
        return shader.rewriting(
            function: { f in
                CheckedFunction(symbol: f.symbol, parameters: f.parameters, body: f.body.map { pass.statement($0) },
                                callees: f.callees, span: f.span)
            },
            declaration: { $0 })
    }

    /// `s` with the loops in it that Mesa unrolls written out.
    mutating func statement(_ s: TypedStatement) -> TypedStatement {
        let kind: TypedStatement.Kind
        switch s.kind {
        case .forLoop(let i, let c, let st, let b):
            let body = statement(b)
            if let i, let (v, values) = MesaLoopUnrolling.unrolledCounter(
                i, c, st, body, functionBody: functionBody), let first = values.first,
               Self.carriesConstantChain(body) || Self.feedsFloats(body, counter: v) {
                return writtenOut(body, counter: v, values: values, first: first, span: s.span)
            }
            kind = .forLoop(initializer: i, condition: c, step: st, body: body)
        case .block(let body): kind = .block(body.map { statement($0) })
        case .ifElse(let c, let t, let e): kind = .ifElse(c, statement(t), e.map { statement($0) })
        case .whileLoop(let c, let body): kind = .whileLoop(c, statement(body))
        case .doWhile(let body, let c): kind = .doWhile(statement(body), c)
        default: return s
        }
        return TypedStatement(kind: kind, span: s.span)
    }

    /// True when `body` carries a float value from one trip to the next through an operation
    /// with a constant (`p *= 1.37`, `amp = amp * 0.5`, `t += 0.1`): the chains the copies let the
    /// rules see. Other loops are left to the engines, which unroll them too and know their
    /// counter (writing them out would only make the tree larger for the passes after this).
    static func carriesConstantChain(_ body: TypedStatement) -> Bool {
        let declared = declarations(in: body)
        var found = false
        [body].forEachExpressionNode { e in
            guard !found, case .assignment(let op, let target, let value) = e.kind, let v = target.rootVariable,
                  v.type.scalarKind == .float, !v.type.isMatrix, !declared.contains(v.id) else { return }
            switch op {
            case .multiply?, .add?, .subtract?: found = value.constantValue != nil
            case nil:
                if case .binary(let o, let a, let b) = value.kind, [.multiply, .add, .subtract].contains(o),
                   a.rootVariable?.id == v.id || b.rootVariable?.id == v.id {
                    found = a.constantValue != nil || b.constantValue != nil
                }
            default: break
            }
        }
        return found
    }

    /// True when the counter is read as a float in `body` (`float(i) * 0.37`, or a float
    /// counter): in each copy it is a constant that NIR's rules fold into the constants around
    /// it (`p + vec2(3.1, 4.0) + float(i) * 0.37` is `p + vec2(3.47, 4.37)` in the second
    /// copy).
    static func feedsFloats(_ body: TypedStatement, counter: Variable) -> Bool {
        func readsCounter(_ e: TypedExpression) -> Bool {
            if case .variable(let v) = e.kind { return v.id == counter.id }
            return e.children.contains(where: readsCounter)
        }
        var found = false
        [body].forEachExpressionNode { e in
            guard !found else { return }
            if case .variable(let v) = e.kind, v.id == counter.id, v.type.scalarKind == .float { found = true }
            if case .construct(let kind, let args) = e.kind, e.type.scalarKind == .float,
               kind == .scalarConversion || kind == .vectorFromScalar || kind == .vectorFromComponents,
               args.contains(where: { $0.type.scalarKind != .float && readsCounter($0) }) {
                found = true
            }
        }
        return found
    }

    /// The ids of the locals declared anywhere in `s`.
    static func declarations(in s: TypedStatement) -> Set<Int> {
        var ids = Set<Int>()
        func visit(_ t: TypedStatement) {
            if case .declarations(let ds) = t.kind { for d in ds { ids.insert(d.variable.id) } }
            t.substatements.forEach(visit)
        }
        visit(s)
        return ids
    }

    /// The loop of one trip around the copies of `body`, one per value of the counter.
    mutating func writtenOut(
        _ body: TypedStatement, counter v: Variable, values: [ConstantValue], first: ConstantValue, span: SourceSpan
    ) -> TypedStatement {
        var copies: [TypedStatement] = []
        for value in values {
            let statements: [TypedStatement]
            if case .block(let list) = body.kind { statements = list } else { statements = [body] }
            var renames: [Int: Variable] = [:]
            // The copy's counter, for `shade trace` (`i = 2`); nothing reads it.
            let counterSpan = v.span ?? span
            let counter = Variable(id: nextID, name: "\(v.name)__\(nextID)", type: v.type, storage: .local,
                                   precision: v.precision, span: counterSpan)
            nextID += 1
            let value = TypedExpression(.constant(value), type: v.type, constant: value, span: counterSpan)
            copies.append(TypedStatement(
                kind: .declarations([VariableDeclaration(variable: counter, initializer: value, span: counterSpan)]), span: counterSpan))
            copies += statements.map { copy($0, counter: v.id, value: value.constantValue!, renames: &renames) }
        }
        func read() -> TypedExpression { TypedExpression(.variable(v), type: v.type, span: span) }
        let start = TypedExpression(.constant(first), type: v.type, constant: first, span: span)
        let initializer = TypedStatement(
            kind: .declarations([VariableDeclaration(variable: v, initializer: start, span: span)]), span: span)
        let condition = TypedExpression(.binary(.lessEqual, read(), start), type: .bool, span: span)
        let step = TypedExpression(.unary(.postIncrement, read()), type: v.type, span: span)
        return TypedStatement(
            kind: .forLoop(initializer: initializer, condition: condition, step: step,
                           body: TypedStatement(kind: .block(copies), span: body.span)),
            span: span)
    }

    /// True when `body` is copies this pass wrote out: a block that starts with the first
    /// copy's counter (`i__12 = 0`).
    public static func isWrittenOut(_ body: TypedStatement) -> Bool {
        guard case .block(let list) = body.kind, case .declarations(let ds)? = list.first?.kind, ds.count == 1,
              let c = ds[0].initializer?.constantValue, c.type.isScalar else { return false }
        // GLSL reserves names with two underscores: `i__12` is made here.
        return ds[0].variable.name.hasSuffix("__\(ds[0].variable.id)")
    }

    /// `s` with the counter's reads replaced by `value` and the locals it declares with an
    /// initializer given new variables (recorded in `renames`, which later reads follow).
    mutating func copy(_ s: TypedStatement, counter: Int, value: ConstantValue, renames: inout [Int: Variable]) -> TypedStatement {
        func expression(_ e: TypedExpression) -> TypedExpression {
            if case .variable(let v) = e.kind {
                if v.id == counter { return TypedExpression(.constant(value), type: e.type, constant: value, span: e.span) }
                if let renamed = renames[v.id] { return TypedExpression(.variable(renamed), type: e.type, span: e.span) }
                return e
            }
            if e.constantValue != nil { return e }
            return e.mappingChildren(expression)
        }
        let kind: TypedStatement.Kind
        switch s.kind {
        case .declarations(let ds):
            var out: [VariableDeclaration] = []
            for d in ds {
                let initializer = d.initializer.map(expression)
                var variable = d.variable
                if initializer != nil {
                    variable = Variable(id: nextID, name: "\(d.variable.name)__\(nextID)", type: d.variable.type,
                                        storage: d.variable.storage, precision: d.variable.precision, span: d.variable.span)
                    nextID += 1
                    renames[d.variable.id] = variable
                }
                out.append(VariableDeclaration(variable: variable, initializer: initializer, span: d.span))
            }
            kind = .declarations(out)
        case .expression(let e): kind = .expression(expression(e))
        case .block(let body): kind = .block(body.map { copy($0, counter: counter, value: value, renames: &renames) })
        case .ifElse(let c, let t, let e):
            let condition = expression(c)
            let then = copy(t, counter: counter, value: value, renames: &renames)
            kind = .ifElse(condition, then, e.map { copy($0, counter: counter, value: value, renames: &renames) })
        case .forLoop(let i, let c, let st, let b):
            let initializer = i.map { copy($0, counter: counter, value: value, renames: &renames) }
            kind = .forLoop(initializer: initializer, condition: c.map(expression), step: st.map(expression),
                            body: copy(b, counter: counter, value: value, renames: &renames))
        case .whileLoop(let c, let b):
            let condition = expression(c)
            kind = .whileLoop(condition, copy(b, counter: counter, value: value, renames: &renames))
        case .doWhile(let b, let c):
            let body = copy(b, counter: counter, value: value, renames: &renames)
            kind = .doWhile(body, expression(c))
        case .return(let v?): kind = .return(expression(v))
        case .break, .continue, .discard, .return(nil), .empty: return s
        }
        return TypedStatement(kind: kind, span: s.span)
    }
}
