import ShaderDiagnostics

/// NIR's values are scalars, so iq's tetrahedral normal, `e.xyy * map(p + e.xyy) + e.yyx *
/// map(p + e.yyx) + e.yxy * map(p + e.yxy) + e.xxx * map(p + e.xxx)` with `e = vec2(1, -1) *
/// k`, is to its rules, component by component, a sum of products of `±k` and the four values
/// of `map`, and they factor it: component y is `(-k * d1 + -k * d2) + …`, which NIR makes
/// `-k * (d1 + d2) + …`. Shade's rules write a vector operation per component
/// (`MesaReassociation.perComponent`) only where its scalars can be read again for free, so
/// first, a scalar that multiplies a constant vector (`e.xyy * map(…)`) is computed into a
/// local of its own just before the statement, and the product reads the local.
///
/// Only in a statement that always computes the product (an expression statement, a
/// declaration of one variable, a `return`), outside `?:`, `&&`, `||` and calls' arguments, in
/// a value without assignments or increments and whose user calls have only `in` parameters.
/// The scalars are computed in the order the statement computes them; where one calls a user
/// function (which may write a global), what the statement computes besides them calls nothing
/// and reads no global a function could write, so nothing sees the change of order.
struct MesaScaledVectors {
    /// The next id for a new variable.
    private var nextID: Int

    /// The shader with such scalars computed into locals.
    static func rewriting(_ shader: CheckedShader) -> CheckedShader {
        var pass = MesaScaledVectors(nextID: MesaInlining.largestVariableID(shader) + 1)
        return shader.rewriting(
            function: { f in
                CheckedFunction(symbol: f.symbol, parameters: f.parameters, body: pass.block(f.body), callees: f.callees, span: f.span)
            },
            declaration: { $0 })
    }

    mutating func block(_ statements: [TypedStatement]) -> [TypedStatement] {
        statements.flatMap { statement($0) }
    }

    /// `s` with its nested blocks rewritten, preceded by the locals its products read.
    mutating func statement(_ s: TypedStatement) -> [TypedStatement] {
        func inner(_ t: TypedStatement) -> TypedStatement {
            let rewritten = statement(t)
            return rewritten.count == 1 ? rewritten[0] : TypedStatement(kind: .block(rewritten), span: t.span)
        }
        switch s.kind {
        case .block(let body):
            return [TypedStatement(kind: .block(block(body)), span: s.span)]
        case .ifElse(let c, let t, let e):
            return [TypedStatement(kind: .ifElse(c, inner(t), e.map(inner)), span: s.span)]
        case .forLoop(let i, let c, let st, let body):
            return [TypedStatement(kind: .forLoop(initializer: i, condition: c, step: st, body: inner(body)), span: s.span)]
        case .whileLoop(let c, let body):
            return [TypedStatement(kind: .whileLoop(c, inner(body)), span: s.span)]
        case .doWhile(let body, let c):
            return [TypedStatement(kind: .doWhile(inner(body), c), span: s.span)]
        case .expression(let e):
            guard case .assignment(let op, let target, let value) = e.kind, MesaReassociation.isReadAgainFree(target) ||
                    MesaVersioning.vectorTarget(target) != nil,
                  let (locals, v) = hoisting(value) else { return [s] }
            let assignment = TypedExpression(.assignment(op, target, v), type: e.type, span: e.span)
            return locals + [TypedStatement(kind: .expression(assignment), span: s.span)]
        case .declarations(let ds) where ds.count == 1:
            guard let initializer = ds[0].initializer, let (locals, v) = hoisting(initializer) else { return [s] }
            return locals + [TypedStatement(kind: .declarations([ds[0].replacingInitializer(v)]), span: s.span)]
        case .return(let value?):
            guard let (locals, v) = hoisting(value) else { return [s] }
            return locals + [TypedStatement(kind: .return(v), span: s.span)]
        default:
            return [s]
        }
    }

    /// The declarations of the scalars `value` multiplies constant vectors by, and `value`
    /// reading them; nil when there are none or they may not move.
    mutating func hoisting(_ value: TypedExpression) -> ([TypedStatement], TypedExpression)? {
        guard CostEstimator.isPure(value) else { return nil }
        var scalars: [TypedExpression] = []
        func visit(_ e: TypedExpression) -> TypedExpression {
            switch e.kind {
            case .binary(.multiply, let a, let b) where e.type.isVector && e.type.scalarKind == .float:
                if Self.scales(a), Self.moves(b) { scalars.append(b); return e.with(.binary(.multiply, a, placeholder(b))) }
                if Self.scales(b), Self.moves(a) { scalars.append(a); return e.with(.binary(.multiply, placeholder(a), b)) }
                return e.mappingChildren(visit)
            case .binary(let op, _, _) where op == .logicalAnd || op == .logicalOr:
                return e
            case .binary, .unary, .construct, .builtinCall, .swizzle:
                return e.mappingChildren(visit)
            default:
                return e
            }
        }
        var placeholders: [Variable] = []
        func placeholder(_ scalar: TypedExpression) -> TypedExpression {
            let v = Variable(id: nextID, name: "scalar__\(nextID)", type: .float, storage: .local, precision: nil, span: scalar.span)
            nextID += 1
            placeholders.append(v)
            return TypedExpression(.variable(v), type: .float, span: scalar.span)
        }
        let rewritten = visit(value)
        guard !scalars.isEmpty else { return nil }
        if scalars.contains(where: Self.callsUserFunction), Self.callsUserFunction(rewritten) || Self.readsWritableGlobal(rewritten) {
            return nil
        }
        let locals = zip(placeholders, scalars).map { v, e in
            TypedStatement(kind: .declarations([VariableDeclaration(variable: v, initializer: e, span: e.span)]), span: e.span)
        }
        return (locals, rewritten)
    }

    /// A constant vector with a component other than 0 and 1 (NIR drops products by those, so
    /// `dot(p, x) * x` with `x = vec3(1, 0, 0)` is left whole: `MesaReassociation.mixOfEqualEnds`).
    static func scales(_ e: TypedExpression) -> Bool {
        e.constantValue?.components.contains { $0.floatValue != 0 && $0.floatValue != 1 } ?? false
    }

    /// A float scalar that would be computed twice were the product written per component.
    static func moves(_ e: TypedExpression) -> Bool {
        e.type == .float && e.constantValue == nil && !MesaReassociation.isReadAgainFree(e)
    }

    static func callsUserFunction(_ e: TypedExpression) -> Bool {
        if case .call = e.kind { return true }
        return e.children.contains(where: callsUserFunction)
    }

    static func readsWritableGlobal(_ e: TypedExpression) -> Bool {
        if case .variable(let v) = e.kind {
            switch v.storage {
            case .global, .output: return true
            case .builtin(let b): return [.glFragColor, .glFragData, .glFragDepth, .glPosition, .glPointSize].contains(b)
            default: return false
            }
        }
        return e.children.contains(where: readsWritableGlobal)
    }
}
