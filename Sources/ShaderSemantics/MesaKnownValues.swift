/// Mesa propagates constants through variables before NIR's algebraic rules run: with
/// `float k = 3.1;`, `(x * 0.37) * k * 2.1` is `(x * 0.37) * 3.1 * 2.1` to them, and the constant
/// rules make it `x * ((0.37 * 3.1) * 2.1)`. Shade's rules read the typed tree, so first every read
/// of a variable whose value is a constant is written as that constant, and the operations
/// whose operands all become constants are folded:
///
/// - a local (float, int, uint or bool scalar, vector or matrix, at `highp` or without
///   precision) declared with an initializer that folds to a constant and never written again
///   (`MesaVersioning` has given each straight-line assignment a variable of its own, so
///   `m = scale(m, vec2(2.0));` of a constant `m` is another such local);
/// - a plain global (no storage qualifier) whose initializer folds to a constant and which no
///   function writes.
///
/// Arithmetic, comparisons, constructors, swizzles, constant indices and `?:` on a constant
/// condition are folded as the checker folds constant expressions, and so are the built-in
/// functions exact in fp32 (`abs`, `floor`, `min`, `mod`, …) and those both of Mesa's stages fold
/// with the C library (`sin`, `cos`, `sqrt`, `pow`, …); the others (`exp`, `log`, `atan`, …) are
/// left to the engines, which fold what they know when compiling with the rules of the stage
/// that folds it (`CompileTimeMath`). Measured with glref.py on Mesa 22.3.6: `float k = 3.1;
/// r = (x * 0.37) * k * 2.1;` and `x * 0.37 + k + 2.1` round as the regrouped forms, and so does
/// a rotation of a constant `mat4` scaled by a constant (Shadertoy ttG3Dc).
struct MesaKnownValues {
    /// The constant value of each variable known to hold one, by id.
    private var known: [Int: ConstantValue]
    /// True for a pass that only writes known components of vectors as constants, folding
    /// nothing else (after forward substitution, where a folded node would lose the precision
    /// its operands were computed at).
    private var componentsOnly = false
    /// The components known to be constants of each local vector built of scalars some of
    /// which are (`vec3(sin(t) * 5.0, 1.8, c)`), by id: NIR's vectors are scalars by the time
    /// its rules run, so `ro.y` is 1.8 to them.
    private var knownComponents: [Int: [ScalarValue?]] = [:]
    /// The globals among them.
    private var globals: Set<Int> = []

    /// The shader with the reads of variables holding constants written as the constants.
    static func rewriting(_ shader: CheckedShader, componentsOnly: Bool = false) -> CheckedShader {
        let writtenAnywhere = shader.functions.reduce(into: Set<Int>()) { $0.formUnion(assigned(in: $1.body)) }
        // Globals, in order: an initializer may read an earlier global.
        var globals = MesaKnownValues(known: [:])
        for case .declarations(let ds) in shader.globals {
            for d in ds where d.variable.storage == .global && !writtenAnywhere.contains(d.variable.id) {
                guard let value = d.initializer.map(globals.rewrite)?.constantValue, isTracked(d.variable), isFinite(value) else { continue }
                globals.known[d.variable.id] = value
            }
        }
        return shader.rewriting(
            function: { f in
                var pass = MesaKnownValues(known: globals.known, componentsOnly: componentsOnly, globals: Set(globals.known.keys))
                let body = f.body.map { pass.statement($0) }
                return CheckedFunction(symbol: f.symbol, parameters: f.parameters, body: body, callees: f.callees, span: f.span)
            },
            declaration: { $0.mappingInitializer(globals.rewrite) })
    }

    /// The ids of the variables `body` writes other than by declaring them: assignments,
    /// increments, `out` and `inout` arguments.
    static func assigned(in body: [TypedStatement]) -> Set<Int> {
        body.variableIDs { $0.writtenVariables }
    }

    /// True when no float component of `c` is infinite or NaN: those are left to the engines,
    /// whose conversions and comparisons of them follow llvmpipe's run-time code (`int(NaN)` is
    /// 0 there, not the folder's `INT_MIN`).
    static func isFinite(_ c: ConstantValue) -> Bool {
        c.components.allSatisfy { if case .float(let f) = $0 { return f.isFinite } else { return true } }
    }

    /// True for a variable whose constant value may replace its reads: scalars, vectors and
    /// matrices at `highp` or without precision (a lower precision rounds what it stores).
    static func isTracked(_ v: Variable) -> Bool {
        (v.precision == nil || v.precision == .highp) && v.constantValue == nil
            && (v.type.isScalar || v.type.isVector || v.type.isMatrix)
    }

    /// `s` with its reads of known variables replaced, learning the locals it declares and
    /// forgetting those it writes. A loop forgets what its condition, step or body writes before
    /// it runs (a later trip sees it), except a loop of one trip (`MesaLoopCopies`); a branch
    /// forgets what it writes after it.
    mutating func statement(_ s: TypedStatement) -> TypedStatement {
        let kind: TypedStatement.Kind
        switch s.kind {
        case .declarations(let ds):
            var out: [VariableDeclaration] = []
            for d in ds {
                let initializer = d.initializer.map { expression($0) }
                known[d.variable.id] = nil
                knownComponents[d.variable.id] = nil
                if let value = initializer?.constantValue, d.variable.storage == .local, Self.isTracked(d.variable),
                   Self.isFinite(value) {
                    known[d.variable.id] = value
                } else if let initializer, d.variable.storage == .local, Self.isTracked(d.variable), d.variable.type.isVector,
                          let components = Self.constantComponents(initializer) {
                    knownComponents[d.variable.id] = components
                }
                out.append(VariableDeclaration(variable: d.variable, initializer: initializer, span: d.span))
            }
            kind = .declarations(out)
        case .expression(let e): kind = .expression(expression(e))
        case .block(let body): kind = .block(body.map { statement($0) })
        case .ifElse(let c, let t, let e):
            let condition = expression(c)
            let before = known
            let then = statement(t)
            known = before
            let otherwise = e.map { statement($0) }
            known = before
            forget(Self.assigned(in: [t] + (e.map { [$0] } ?? [])))
            kind = .ifElse(condition, then, otherwise)
        case .forLoop(let i, let c, let st, let body):
            let oneTrip = i.flatMap { MesaLoopUnrolling.countedIterations($0, c, st, maximum: 2) }?.values.count == 1
            let stepWrites = st.map { Self.assigned(in: [TypedStatement(kind: .expression($0), span: s.span)]) } ?? []
            let loopWrites = Self.assigned(in: [body]).union(stepWrites)
            let initializer = i.map { statement($0) }
            forget(oneTrip ? stepWrites : loopWrites)
            let condition = c.map { expression($0) }
            let b = statement(body)
            let step = st.map { expression($0) }
            forget(loopWrites)
            kind = .forLoop(initializer: initializer, condition: condition, step: step, body: b)
        case .whileLoop(let c, let body):
            forget(Self.assigned(in: [s]))
            kind = .whileLoop(expression(c), statement(body))
            forget(Self.assigned(in: [s]))
        case .doWhile(let body, let c):
            forget(Self.assigned(in: [s]))
            let b = statement(body)
            kind = .doWhile(b, expression(c))
            forget(Self.assigned(in: [s]))
        case .return(let v?): kind = .return(expression(v))
        case .break, .continue, .discard, .return(nil), .empty: return s
        }
        return TypedStatement(kind: kind, span: s.span)
    }

    /// `e` rewritten (nothing it writes read as a constant), then what it writes forgotten. A
    /// move `MesaVersioning` made (`uv = uv__12`) stays one.
    mutating func expression(_ e: TypedExpression) -> TypedExpression {
        if case .assignment(nil, let target, let source) = e.kind, case .variable(let v) = target.kind,
           case .variable(let version) = source.kind, version.name == "\(v.name)__\(version.id)" {
            known[v.id] = nil
            return e
        }
        let writes = Self.assigned(in: [TypedStatement(kind: .expression(e), span: e.span)])
        let saved = known
        forget(writes)
        let result = rewrite(e)
        known = saved
        forget(writes)
        return result
    }

    /// Forgets the values of `ids` (globals stay: no function writes them).
    mutating func forget(_ ids: Set<Int>) {
        for id in ids where !globals.contains(id) {
            known[id] = nil
            knownComponents[id] = nil
        }
    }

    /// The components of vector `e` built of scalars (`vec3(x, 1.8, y)`), each constant one
    /// known; nil unless it is built so and at least one component is known.
    static func constantComponents(_ e: TypedExpression) -> [ScalarValue?]? {
        guard case .construct(.vectorFromComponents, let args) = e.kind, let kind = e.type.scalarKind else { return nil }
        var components: [ScalarValue?] = []
        for a in args {
            if let c = a.constantValue, isFinite(c) {
                // Converted as the constructor converts (`vec3(h, 1, v)` holds 1.0).
                components += c.components.map { $0.converted(to: kind, nativeIntegers: true) }
            } else {
                guard !a.type.isMatrix else { return nil }
                components += Array(repeating: nil, count: a.type.componentCount)
            }
        }
        guard components.count == e.type.componentCount, components.contains(where: { $0 != nil }) else { return nil }
        return components
    }

    /// `e` with reads of known variables written as their constants and the operations on
    /// constants folded.
    func rewrite(_ e: TypedExpression) -> TypedExpression {
        if e.constantValue != nil { return e }
        if !componentsOnly, case .variable(let v) = e.kind, let value = known[v.id] {
            return TypedExpression(.constant(value), type: e.type, constant: value, span: e.span)
        }
        if case .swizzle(let base, let components) = e.kind, case .variable(let v) = base.kind,
           let partial = knownComponents[v.id] {
            let values = components.compactMap { partial[$0] }
            if values.count == components.count {
                let value = ConstantValue(type: e.type, components: values)
                return TypedExpression(.constant(value), type: e.type, constant: value, span: e.span)
            }
        }
        let node = e.mappingChildren(rewrite)
        guard !componentsOnly, let value = Self.folded(node), Self.isFinite(value) else { return node }
        return TypedExpression(.constant(value), type: node.type, constant: value, span: node.span)
    }

    /// The value of `e` when every operand it reads is a constant and the checker would fold
    /// its operation; nil otherwise.
    static func folded(_ e: TypedExpression) -> ConstantValue? {
        switch e.kind {
        case .unary(let op, let x):
            guard !op.isIncrementOrDecrement, let a = x.constantValue else { return nil }
            return ConstantFolder.unary(op, a)
        case .binary(let op, let x, let y):
            guard let a = x.constantValue, let b = y.constantValue else { return nil }
            return ConstantFolder.binary(op, a, b, type: e.type)
        case .construct(let kind, let args):
            let values = args.compactMap(\.constantValue)
            guard values.count == args.count, !args.isEmpty else { return nil }
            return ConstantFolder.construct(kind, type: e.type, values)
        case .swizzle(let base, let components):
            guard let value = base.constantValue else { return nil }
            return ConstantValue(type: e.type, components: components.map { value.components[$0] })
        case .index(let base, let index):
            guard let value = base.constantValue, let i = index.constantValue?.scalar?.intValue,
                  i >= 0 else { return nil }
            return value.element(Int(i))
        case .builtinCall(let overload, let args):
            let values = args.compactMap(\.constantValue)
            guard values.count == args.count else { return nil }
            switch overload.function {
            // Functions exact in fp32, which every stage folds to the same bits.
            case .abs, .sign, .floor, .ceil, .fract, .trunc, .round, .roundEven, .min, .max, .clamp, .step, .mod:
                return overload.evaluate(values, nativeIntegers: true)
            // Functions GLSL IR and NIR both fold with the C library (`CompileTimeMath`):
            // `cos(a)` of a constant argument `a` is a constant to NIR's rules (`c * x + c * y`
            // is then `c * (x + y)` when `sin(a)` folds to the same `c`).
            case .sin, .cos, .tan, .exp2, .log2, .sqrt, .inversesqrt, .pow:
                return ConstantFolder.compileTime(overload, values, nativeIntegers: true)
            default: return nil
            }
        case .ternary(let c, let x, let y):
            guard let condition = c.constantValue?.scalar?.boolValue else { return nil }
            return condition ? x.constantValue : y.constantValue
        default: return nil
        }
    }
}

extension Array where Element == TypedStatement {
    /// Calls `body` on every expression node of these statements (their nested statements' too),
    /// each node before its operands.
    func forEachExpressionNode(_ body: (TypedExpression) -> Void) {
        func visit(_ e: TypedExpression) {
            body(e)
            e.children.forEach(visit)
        }
        func visit(_ s: TypedStatement) {
            s.expressions.forEach(visit)
            s.substatements.forEach(visit)
        }
        forEach(visit)
    }

    /// The ids of the variables `pick` names at any expression node of these statements.
    func variableIDs(_ pick: (TypedExpression) -> [Variable]) -> Set<Int> {
        var ids = Set<Int>()
        forEachExpressionNode { e in for v in pick(e) { ids.insert(v.id) } }
        return ids
    }
}
