import ShaderDiagnostics

/// NIR's `opt_if_evaluate_condition_use` (`nir_opt_if`): inside `if (c)`, a use of a select on
/// the same condition, `c ? x : y`, is `x` in the `then` branch and `y` in the `else` branch —
/// NIR copies the select into the branch with the condition a constant and folds it, also
/// when the select was computed before the `if`. In the lanes the branch runs in, the value is
/// the same; in the quad's other lanes it is not, and those are what derivatives, and the
/// level of detail of a texture lookup, read. Measured on llvmpipe (Mesa 22.3.6,
/// `ST_DEBUG=nir`): `vec2 coord = h ? a : b; if (h) c = texture(s, coord);` samples at `a`
/// with `a`'s derivatives, where quads that mix `h` would otherwise pick a coarser level
/// (`MdfGzr`'s Sierpinski carpet, whose `setColor(isHole ? coordOrig : coordRot, isHole)`
/// samples only `if (isHole)`).
///
/// An `if` small enough for `nir_opt_peephole_select` is a select itself before this runs
/// (`PrecisionLowering.isSelect`), and its branches keep the select. Shade rewrites, in each
/// branch of any other `if`: a select written there on a condition with the
/// same text, and a read of a local whose value is such a select — a local declared earlier in
/// the same block with the select as its value, none of whose variables (the local's, the
/// condition's, the sides') anything writes from there to the end of the branch, or one whose
/// value reads only values that never change in the function.
struct MesaConditionUses {
    let uses: ValueUses

    /// A local declared with a select as its value, and the variables that value reads.
    struct Select {
        let condition: TypedExpression
        let sides: (TypedExpression, TypedExpression)
        let reads: Set<Int>
    }

    /// `body` with the selects on each `if`'s condition folded inside its branches.
    func rewrite(_ body: [TypedStatement]) -> [TypedStatement] { block(body) }

    func block(_ body: [TypedStatement]) -> [TypedStatement] {
        var available: [Int: Select] = [:]
        var out: [TypedStatement] = []
        for s in body {
            var rewritten = statement(s)
            if case .ifElse(let c, let t, let e) = rewritten.kind, MesaSumChains.isPure(c), !PrecisionLowering.isSelect(t, e) {
                let picked = available.filter { MesaSumChains.isSameValue($0.value.condition, c) }
                if !picked.isEmpty {
                    // `reads` holds the condition's variables too: a branch that writes none
                    // of them still sees the select's value and the condition's.
                    func fold(_ branch: TypedStatement, _ value: Bool) -> TypedStatement {
                        let written = Self.writes(branch)
                        return Self.folding(branch, c, value, locals: picked.filter { written.isDisjoint(with: $0.value.reads) }, uses: uses)
                    }
                    let then = fold(t, true)
                    let otherwise = e.map { fold($0, false) }
                    rewritten = TypedStatement(kind: .ifElse(c, then, otherwise), span: rewritten.span)
                }
            }
            let written = Self.writes(rewritten)
            available = available.filter { written.isDisjoint(with: $0.value.reads) }
            if case .declarations(let ds) = rewritten.kind {
                for d in ds {
                    guard let value = d.initializer, case .ternary(let c, let x, let y) = value.kind,
                          MesaSumChains.isPure(value) else { continue }
                    let reads = MesaUndefinedValues.readVariables(value).union([d.variable.id])
                    available[d.variable.id] = Select(condition: c, sides: (x, y), reads: reads)
                }
            }
            out.append(rewritten)
        }
        return out
    }

    func statement(_ s: TypedStatement) -> TypedStatement {
        let kind: TypedStatement.Kind
        switch s.kind {
        case .ifElse(let c, let t, let e):
            var then = statement(t), otherwise = e.map(statement)
            if MesaSumChains.isPure(c), uses.readsOnlyUnchangedValues(c), !PrecisionLowering.isSelect(t, e) {
                then = Self.folding(then, c, true, locals: [:], uses: uses)
                otherwise = otherwise.map { Self.folding($0, c, false, locals: [:], uses: uses) }
            }
            kind = .ifElse(c, then, otherwise)
        case .block(let body): kind = .block(block(body))
        case .forLoop(let i, let c, let st, let body):
            kind = .forLoop(initializer: i.map(statement), condition: c, step: st, body: statement(body))
        case .whileLoop(let c, let body): kind = .whileLoop(c, statement(body))
        case .doWhile(let body, let c): kind = .doWhile(statement(body), c)
        default: return s
        }
        return TypedStatement(kind: kind, span: s.span)
    }

    /// The ids of the variables `s` writes.
    static func writes(_ s: TypedStatement) -> Set<Int> { [s].variableIDs(\.writtenVariables) }

    /// `s` (a branch of `if (condition)` taken when the condition is `value`) with every
    /// select on the condition replaced by its `value` side: written there, held by one of
    /// `locals`, or the one value of a local that reads only unchanged values.
    static func folding(_ s: TypedStatement, _ condition: TypedExpression, _ value: Bool, locals: [Int: Select],
                        uses: ValueUses) -> TypedStatement {
        let fold = Folding(condition: condition, value: value, locals: locals, uses: uses)
        return s.mappingExpressions { fold.expression($0) }
    }

    struct Folding {
        let condition: TypedExpression
        let value: Bool
        let locals: [Int: Select]
        let uses: ValueUses

        func expression(_ e: TypedExpression) -> TypedExpression {
            switch e.kind {
            case .ternary(let c, let x, let y) where MesaSumChains.isSameValue(c, condition) && (!locals.isEmpty || uses.readsOnlyUnchangedValues(c)):
                // Only the side the condition picks runs anyway (`locals` are only given for a
                // branch that writes none of the condition's variables).
                return expression(value ? x : y)
            case .variable(let v) where v.storage == .local:
                if let select = locals[v.id] { return value ? select.sides.0 : select.sides.1 }
                guard let d = uses.definition(of: v), case .ternary(let c, let x, let y) = d.kind, MesaSumChains.isSameValue(c, condition),
                      uses.readsOnlyUnchangedValues(condition) else { return e }
                let side = value ? x : y
                return MesaSumChains.isPure(side) && uses.readsOnlyUnchangedValues(side) ? side : e
            case .assignment(let op, let target, let v):
                // The target is a place, not a value.
                return TypedExpression(.assignment(op, target, expression(v)), type: e.type, span: e.span)
            case .unary(let op, _) where op.isIncrementOrDecrement:
                return e
            case .call(let f, _) where f.parameters.contains(where: { $0.qualifier != .in }):
                return e  // `out` arguments are places
            case .builtinCall(let o, _) where o.function.outParameterIndex != nil:
                return e
            default:
                return e.mappingChildren(expression)
            }
        }
    }
}

extension MesaConditionUses {
    /// The shader with each `if` inside a branch of an `if` on the same condition replaced by
    /// the side that condition takes.
    ///
    /// The same rule of NIR's reaches a second `if` on the same value (CSE has made the two
    /// conditions one): in the `else` of `if (c)`, `if (c)` is `if (false)` and goes. It runs
    /// before NIR flattens branches into selects, so it decides which writes a variable
    /// GLSL leaves undefined keeps: 4lSyR1's colour chain repeats its fifth test as its sixth,
    /// and a hue past the last range (`h >= 300`) gets the fifth branch's colour on llvmpipe,
    /// not the sixth's (`MesaUndefinedValues` runs after this). Only a pure condition that reads
    /// values nothing changes in the function (uniforms, parameters never written, locals
    /// written once) is followed, so the two evaluate alike and the rewrite keeps every value.
    static func repeatedConditionsFolded(_ shader: CheckedShader) -> CheckedShader {
        shader.rewriting(
            function: { f in
                let uses = ValueUses(parametersUsedOnce: [:], definitionID: { $0.id }).counting(f.body)
                let body = f.body.map { repeatedConditionsFolded($0, known: [], uses: uses) }
                return CheckedFunction(symbol: f.symbol, parameters: f.parameters, body: body, callees: f.callees, span: f.span)
            },
            declaration: { $0 })
    }

    static func repeatedConditionsFolded(_ s: TypedStatement, known: [(condition: TypedExpression, value: Bool)],
                                         uses: ValueUses) -> TypedStatement {
        func again(_ t: TypedStatement) -> TypedStatement { repeatedConditionsFolded(t, known: known, uses: uses) }
        let kind: TypedStatement.Kind
        switch s.kind {
        case .ifElse(let c, let t, let e):
            // The same text and the same variables (nested `switch`es each have a `switch$entry`).
            if let k = known.first(where: {
                MesaSumChains.isSameValue($0.condition, c)
                    && MesaUndefinedValues.readVariables($0.condition) == MesaUndefinedValues.readVariables(c)
            }) {
                if k.value { return again(t) }
                return e.map(again) ?? TypedStatement(kind: .empty, span: s.span)
            }
            let followed = MesaSumChains.isPure(c) && uses.readsOnlyUnchangedValues(c)
            let then = repeatedConditionsFolded(t, known: followed ? known + [(c, true)] : known, uses: uses)
            let otherwise = e.map { repeatedConditionsFolded($0, known: followed ? known + [(c, false)] : known, uses: uses) }
            kind = .ifElse(c, then, otherwise)
        case .block(let body): kind = .block(body.map(again))
        case .forLoop(let i, let c, let st, let body): kind = .forLoop(initializer: i, condition: c, step: st, body: again(body))
        case .whileLoop(let c, let body): kind = .whileLoop(c, again(body))
        case .doWhile(let body, let c): kind = .doWhile(again(body), c)
        default: return s
        }
        return TypedStatement(kind: kind, span: s.span)
    }
}
