/// Assignments made inside an expression (`vec2(seed += 0.1, seed += 0.1)`, the nimitz and
/// reinder hashes of Shadertoy's path tracers) written as statements before the statement that
/// holds them, each value read from a new local: `seed += 0.1; float seed__7 = seed; seed +=
/// 0.1; float seed__8 = seed; … vec2(seed__7, seed__8) …`.
///
/// GLSL IR and NIR see such an assignment as a store and a read of what was stored, so the
/// values of the steps are SSA values the rules fold through: the second component is `seed +
/// 0.2` on llvmpipe (`#a + (b + #c)` through the first step). Shade's rules read statements
/// (`MesaVersioning` makes versions of assignments that are statements), so the steps are made
/// statements first.
///
/// Only where the order of evaluation is kept: every assigned variable is a local or a
/// parameter, assigned whole, mentioned in the expression only by its assignments (their
/// targets and values), none of which is nested in another or sits where it may not run (a
/// side of `?:`, the right side of `&&` or `||`); the expression has no `++` or `--`. Then the
/// statements run in the order GLSL evaluates the assignments (operands left to right), and
/// nothing else in the expression sees a difference.
struct MesaAssignmentHoisting {
    /// The next id for a new variable.
    private var nextID: Int

    /// The shader with its functions' nested assignments written as statements.
    static func rewriting(_ shader: CheckedShader) -> CheckedShader {
        var hoisting = MesaAssignmentHoisting(nextID: MesaInlining.largestVariableID(shader) + 1)
        return shader.rewriting(
            function: { f in
                CheckedFunction(symbol: f.symbol, parameters: f.parameters, body: hoisting.block(f.body),
                                callees: f.callees, span: f.span)
            },
            declaration: { $0 })
    }

    mutating func block(_ list: [TypedStatement]) -> [TypedStatement] { list.flatMap { statement($0) } }

    /// A substatement as one statement (a block when assignments were written before it).
    mutating func single(_ s: TypedStatement) -> TypedStatement {
        let parts = statement(s)
        return parts.count == 1 ? parts[0] : TypedStatement(kind: .block(parts), span: s.span)
    }

    mutating func statement(_ s: TypedStatement) -> [TypedStatement] {
        var before: [TypedStatement] = []
        let kind: TypedStatement.Kind
        switch s.kind {
        case .expression(let e):
            if case .assignment(let op, let target, let value) = e.kind {
                guard let v = hoisted(value, excluding: target.rootVariable, into: &before) else { return [s] }
                kind = .expression(TypedExpression(.assignment(op, target, v), type: e.type, span: e.span))
            } else {
                guard let v = hoisted(e, excluding: nil, into: &before) else { return [s] }
                kind = .expression(v)
            }
        case .declarations(let ds) where ds.count == 1:
            guard let initializer = ds[0].initializer,
                  let v = hoisted(initializer, excluding: ds[0].variable, into: &before) else { return [s] }
            kind = .declarations([VariableDeclaration(variable: ds[0].variable, initializer: v, span: ds[0].span)])
        case .return(let value?):
            guard let v = hoisted(value, excluding: nil, into: &before) else { return [s] }
            kind = .return(v)
        case .block(let body): kind = .block(block(body))
        case .ifElse(let c, let t, let e): kind = .ifElse(c, single(t), e.map { single($0) })
        case .forLoop(let i, let c, let st, let body): kind = .forLoop(initializer: i, condition: c, step: st, body: single(body))
        case .whileLoop(let c, let body): kind = .whileLoop(c, single(body))
        case .doWhile(let body, let c): kind = .doWhile(single(body), c)
        default: return [s]
        }
        return before + [TypedStatement(kind: kind, span: s.span)]
    }

    /// `e` with its nested assignments replaced by reads of new locals, the assignments and
    /// the locals appended to `before`; nil when `e` has none or they cannot be moved.
    /// `excluding` is a variable the statement itself writes (its target, its declared local).
    mutating func hoisted(_ e: TypedExpression, excluding: Variable?, into before: inout [TypedStatement]) -> TypedExpression? {
        guard let assigned = Self.movableAssignments(e), !assigned.isEmpty,
              excluding.map({ !assigned.contains($0.id) }) ?? true else { return nil }
        return moving(e, &before)
    }

    /// The ids of the variables `e`'s nested assignments write, when all of them can move
    /// before the statement; nil when one cannot.
    static func movableAssignments(_ e: TypedExpression) -> Set<Int>? {
        var assigned = Set<Int>()
        var movable = true
        /// Finds the assignments; `mayNotRun` under a side of `?:` or a short-circuit operand.
        func find(_ x: TypedExpression, mayNotRun: Bool) {
            switch x.kind {
            case .assignment(_, let target, let value):
                guard !mayNotRun, case .variable(let v) = target.kind, v.type.isScalar || v.type.isVector,
                      Self.isLocalOrParameter(v), !Self.hasEffects(value) else { movable = false; return }
                assigned.insert(v.id)
            case .unary(let op, _) where op.isIncrementOrDecrement:
                movable = false
            case .ternary(let c, let a, let b):
                find(c, mayNotRun: mayNotRun)
                find(a, mayNotRun: true)
                find(b, mayNotRun: true)
            case .binary(let op, let a, let b) where op == .logicalAnd || op == .logicalOr:
                find(a, mayNotRun: mayNotRun)
                find(b, mayNotRun: true)
            default:
                x.children.forEach { find($0, mayNotRun: mayNotRun) }
            }
        }
        find(e, mayNotRun: false)
        guard movable else { return nil }
        // Each assigned variable is mentioned only by its assignments.
        func mentionsOutside(_ x: TypedExpression) -> Bool {
            switch x.kind {
            case .variable(let v): return assigned.contains(v.id)
            case .assignment(_, let target, let value):
                if case .variable(let v) = target.kind, assigned.contains(v.id) {
                    // Its value may read its own variable (evaluated where it runs), not another.
                    return MesaUndefinedValues.readVariables(value).contains { $0 != v.id && assigned.contains($0) }
                }
                return mentionsOutside(target) || mentionsOutside(value)
            default: return x.children.contains(where: mentionsOutside)
            }
        }
        return mentionsOutside(e) ? nil : assigned
    }

    static func isLocalOrParameter(_ v: Variable) -> Bool {
        switch v.storage {
        case .local, .parameter: true
        default: false
        }
    }

    /// True when `e` assigns, increments or calls a user function.
    static func hasEffects(_ e: TypedExpression) -> Bool {
        switch e.kind {
        case .assignment, .call: return true
        case .unary(let op, _) where op.isIncrementOrDecrement: return true
        default: return e.children.contains(where: hasEffects)
        }
    }

    /// `e` with each assignment, in the order GLSL evaluates them, written into `before` and
    /// replaced by a read of a new local holding the stored value.
    mutating func moving(_ e: TypedExpression, _ before: inout [TypedStatement]) -> TypedExpression {
        guard case .assignment(_, let target, _) = e.kind, case .variable(let v) = target.kind else {
            return e.mappingChildren { moving($0, &before) }
        }
        before.append(TypedStatement(kind: .expression(e), span: e.span))
        let value = Variable(id: nextID, name: "\(v.name)__\(nextID)", type: v.type, storage: .local,
                             precision: v.precision, span: v.span)
        nextID += 1
        let read = TypedExpression(.variable(v), type: v.type, span: e.span)
        before.append(TypedStatement(
            kind: .declarations([VariableDeclaration(variable: value, initializer: read, span: e.span)]), span: e.span))
        return TypedExpression(.variable(value), type: v.type, span: e.span)
    }
}
