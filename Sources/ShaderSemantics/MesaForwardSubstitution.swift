/// NIR sees through variables: once a shader is in SSA form, `float t = x * y; r = t * 0.5;`
/// is `fmul(fmul(x, y), 0.5)`, and its algebraic rules regroup it as if it were written
/// inline. Shade's rules work on the typed tree, so before they run, a read of a local variable
/// that is written once (its initializer) and read once is replaced by the initializer where
/// a rule could use it: as an operand of `+`, `-`, `*` or a negation, when the initializer is
/// itself one of those. The declaration stays (its value is computed, as the source says, and
/// `shade trace` still shows it).
///
/// A substitution must not change the value, so the initializer has no effects and reads only
/// values that no statement changes (uniforms, inputs, constants, parameters and locals never
/// written after their declaration); and it must not multiply work, so the read is in the same
/// loop as the declaration. Variables of a precision below `highp` keep their rounding and are
/// left alone.
///
/// NIR's constant rules (`c1 * (x * c2)`, `c1 + (x + c2)`) ask nothing about uses, so a local
/// written once whose initializer has one constant operand is read as that initializer wherever
/// it meets another constant under the same operation, however often it is read and in whatever
/// loop: `float p = x * 0.37; ... fract(743.83 * p) ... p - 34.5` is `(743.83 * 0.37) * x` in
/// the first read (the second stays a read of `p`).
struct MesaForwardSubstitution {
    let uses: ValueUses
    /// Initializers that may replace a read, by variable id, with the loop depth of their
    /// declaration.
    private var candidates: [Int: (TypedExpression, depth: Int)] = [:]
    /// Initializers with one constant operand that may replace a read next to another constant,
    /// by variable id.
    private var constantOperandCandidates: [Int: TypedExpression] = [:]
    /// The loop depth of each local's declaration.
    private var declarationDepths: [Int: Int] = [:]
    /// The initializers of locals only their declaration sets, with the substitutions made.
    private var definitions: [Int: TypedExpression] = [:]

    init(uses: ValueUses) { self.uses = uses }

    /// `body` with the substitutions made.
    static func rewrite(_ body: [TypedStatement], uses: ValueUses) -> [TypedStatement] {
        var pass = MesaForwardSubstitution(uses: uses)
        return body.map { pass.statement($0, depth: 0) }
    }

    mutating func statement(_ s: TypedStatement, depth: Int) -> TypedStatement {
        let kind: TypedStatement.Kind
        switch s.kind {
        case .expression(let e): kind = .expression(expression(e, depth: depth))
        case .declarations(let ds):
            var rewritten: [VariableDeclaration] = []
            for d in ds {
                let initializer = d.initializer.map { expression($0, depth: depth) }
                if let e = initializer, isCandidate(d.variable, e) { candidates[d.variable.id] = (e, depth) }
                declarationDepths[d.variable.id] = depth
                if let e = initializer, uses.definition(of: d.variable) != nil { definitions[d.variable.id] = e }
                if let e = initializer, isConstantOperandCandidate(d.variable, e) { constantOperandCandidates[d.variable.id] = e }
                rewritten.append(VariableDeclaration(variable: d.variable, initializer: initializer, span: d.span))
            }
            kind = .declarations(rewritten)
        case .block(let body): kind = .block(body.map { statement($0, depth: depth) })
        case .ifElse(let c, let t, let e):
            kind = .ifElse(expression(c, depth: depth), statement(t, depth: depth), e.map { statement($0, depth: depth) })
        case .forLoop(let i, let c, let st, let body):
            let initializer = i.map { statement($0, depth: depth) }
            kind = .forLoop(initializer: initializer, condition: c.map { expression($0, depth: depth + 1) },
                            step: st.map { expression($0, depth: depth + 1) }, body: statement(body, depth: depth + 1))
        case .whileLoop(let c, let body):
            kind = .whileLoop(expression(c, depth: depth + 1), statement(body, depth: depth + 1))
        case .doWhile(let body, let c):
            kind = .doWhile(statement(body, depth: depth + 1), expression(c, depth: depth + 1))
        case .return(let v?): kind = .return(expression(v, depth: depth))
        case .break, .continue, .discard, .return(nil), .empty: return s
        }
        return TypedStatement(kind: kind, span: s.span)
    }

    /// `e` with the reads a rule could use replaced by their variables' initializers.
    func expression(_ e: TypedExpression, depth: Int) -> TypedExpression {
        if e.constantValue != nil { return e }
        if case .builtinCall(let o, let args) = e.kind, o.function == .dot, args.count == 2, args[0].type.isVector {
            return e.with(.builtinCall(o, [dotOperand(args[0], other: args[1], depth: depth),
                                           dotOperand(args[1], other: args[0], depth: depth)]))
        }
        let arithmetic: Bool
        /// The operation family (`*`, or `+`/`-`) whose constant rule may apply to a child.
        var constantRule: Bool?
        switch e.kind {
        case .binary(let op, let a, let b):
            arithmetic = op == .add || op == .subtract || op == .multiply
            if arithmetic, (a.constantValue != nil) != (b.constantValue != nil) { constantRule = op == .multiply }
        case .unary(.negate, _): arithmetic = true
        default: arithmetic = false
        }
        let mapped = e.mappingChildren { child in
            if arithmetic, case .variable(let v) = child.kind, let (initializer, d) = candidates[v.id], d == depth {
                return initializer
            }
            if arithmetic, case .swizzle(let base, let components) = child.kind, components.count == 1,
               case .variable(let v) = base.kind, let value = componentUsedOnce(v, components[0], depth: depth) {
                return value
            }
            if let multiplying = constantRule {
                var value: TypedExpression?
                switch child.kind {
                case .variable(let v): value = constantOperandCandidates[v.id] ?? builtOfScalars(v)
                case .swizzle(let base, let components) where components.count == 1:
                    if case .variable(let v) = base.kind { value = componentValue(v, components[0]) }
                default: break
                }
                if let value, Self.meetsConstantRule(value, multiplying: multiplying) { return value }
            }
            return expression(child, depth: depth)
        }
        return cancelling(mapped) ?? mapped
    }

    /// An operand of `dot`, which Mesa lowers to one product per component
    /// (`MesaReassociation.loweredDot`): each component is an operand of `*` there, so a
    /// scalar it is built of, or a component of the local vector it reads, with one constant
    /// operand and meeting a constant component of `other`, is seen through as NIR's constant
    /// rule sees it, whatever else uses it (M3jXDy's `hash(vec2(u, v))` with `u = 50.0 *
    /// fract(…)`: NIR multiplies `fract(…)` by `50.0 * 12.9898`); and a component of the local
    /// vector that is a product only this `dot` reads, however often what the `dot` gives is
    /// used (`vec2 v = vec2(x * t, w); h = dot(v, c); … h * h`).
    func dotOperand(_ a: TypedExpression, other: TypedExpression, depth: Int) -> TypedExpression {
        let n = a.type.componentCount
        guard a.type.scalarKind == .float, other.type == a.type else { return expression(a, depth: depth) }
        let constants = other.constantValue
        func seenThrough(_ p: TypedExpression, _ i: Int) -> TypedExpression? {
            var value = p
            if case .variable(let u) = p.kind {
                guard let c = constantOperandCandidates[u.id] else { return nil }
                value = c
            }
            guard let constants, constants.components[i].floatValue != 0, Self.meetsConstantRule(value, multiplying: true),
                  MesaSumChains.isPure(value) else { return nil }
            return value
        }
        switch a.kind {
        case .construct(.vectorFromComponents, let parts) where parts.count == n && parts.allSatisfy({ $0.type == .float }):
            return a.with(.construct(.vectorFromComponents, parts.enumerated().map { i, p in
                seenThrough(p, i).map { expression($0, depth: depth) } ?? expression(p, depth: depth)
            }))
        case .variable(let v):
            guard let d = knownValue(of: v) else { return a }
            var changed = false
            let parts = (0..<n).map { i -> TypedExpression in
                let read = TypedExpression(.swizzle(a, components: [i]), type: .float, span: a.span)
                // A product only this `dot` reads (NIR's `is_used_once` on its instruction).
                if declarationDepths[v.id] == depth, uses.componentReadOnce(v, i), let c = Self.component(d, i),
                   case .binary(.multiply, _, _) = c.kind, MesaSumChains.isPure(c) {
                    changed = true
                    return c
                }
                if let c = Self.component(d, i), let seen = seenThrough(c, i) {
                    changed = true
                    return seen
                }
                return read
            }
            return changed ? TypedExpression(.construct(.vectorFromComponents, parts), type: a.type, span: a.span) : a
        default:
            return expression(a, depth: depth)
        }
    }

    // MARK: Cancellation

    /// NIR's `-a + (a + b) -> b` (and `a + (-a + b) -> b`), which asks nothing about uses:
    /// `(r + 0.01) - r` is `0.01`. GLSL IR writes `smoothstep(e0, e1, x)` out as
    /// `t = clamp((x - e0) / (e1 - e0), 0, 1); t * (t * (3 - 2t))` before NIR's rules, so it
    /// becomes `smoothstep(0.0, e1 - e0, x - e0)`, the same operations with both differences
    /// on the tree: `smoothstep(r, r + 0.01, d)` divides by `0.01`. Variables are seen through
    /// their one value.
    func cancelling(_ e: TypedExpression) -> TypedExpression? {
        guard MesaReassociation.isFloatValue(e) else { return nil }
        switch e.kind {
        case .binary(.subtract, let p, let q):
            guard let b = remainder(p, q), b.type == e.type else { return nil }
            return b
        case .builtinCall(let o, let args) where o.function == .smoothstep && args.count == 3:
            // Written so that the rules see both differences, the width and `x - e0`: with
            // constant edges `smoothstep(0.3, 1.1, j - 1.0)` is `(j + -1.3) / 0.8`.
            let (e0, e1, x) = (args[0], args[1], args[2])
            guard e0.type == e1.type, MesaSumChains.isPure(e0), e0.constantValue.map({ c in
                c.components.contains { $0.floatValue != 0 } }) ?? true else { return nil }
            let difference = TypedExpression(.binary(.subtract, e1, e0), type: e1.type, span: e1.span)
            let width = cancelling(difference) ?? difference
            let zero = MesaReassociation.constant(ConstantValue(type: e0.type, components: Array(
                repeating: .float(0), count: e0.type.componentCount)), e0.span)
            let shifted = TypedExpression(.binary(.subtract, x, e0), type: x.type, span: x.span)
            return TypedExpression(.builtinCall(o, [zero, width, shifted]), type: e.type, span: e.span)
        default:
            return nil
        }
    }

    /// `b` when `p` is `q + b`, `b + q` or (as `-b`) `q - b`, seen through locals' values.
    func remainder(_ p: TypedExpression, _ q: TypedExpression) -> TypedExpression? {
        guard MesaSumChains.isPure(q) else { return nil }
        let sum = value(p), subtrahend = value(q).description
        guard case .binary(let op, let x, let y) = sum.kind, op == .add || op == .subtract else { return nil }
        let b: TypedExpression
        if value(x).description == subtrahend {
            b = op == .add ? y : TypedExpression(.unary(.negate, y), type: y.type, span: y.span)
        } else if op == .add, value(y).description == subtrahend {
            b = x
        } else {
            return nil
        }
        return MesaSumChains.isPure(b) && readsOnlyUnchangedValues(b) ? b : nil
    }

    /// The one value of local `v` (its declaration alone sets it, with the substitutions made)
    /// when it may be read in its place: computed without effects, from values that keep theirs,
    /// at `highp`.
    func knownValue(of v: Variable) -> TypedExpression? {
        guard v.precision == nil || v.precision == .highp, let d = definitions[v.id],
              MesaSumChains.isPure(d), readsOnlyUnchangedValues(d) else { return nil }
        return d
    }

    /// The one value of a local `e` names (when its declaration alone sets it, with values
    /// that keep theirs); `e` itself otherwise.
    func value(_ e: TypedExpression) -> TypedExpression {
        if case .variable(let v) = e.kind, let d = knownValue(of: v) { return d }
        return e
    }

    /// True when reads of `v` may be replaced by `initializer`.
    func isCandidate(_ v: Variable, _ initializer: TypedExpression) -> Bool {
        guard uses.storedValueUsedOnce(v), v.precision == nil || v.precision == .highp,
              MesaReassociation.isFloatValue(initializer), initializer.constantValue == nil,
              MesaSumChains.isPure(initializer) else { return false }
        switch initializer.kind {
        case .binary(let op, _, _) where op == .add || op == .subtract || op == .multiply: break
        case .unary(.negate, _): break
        default: return false
        }
        return readsOnlyUnchangedValues(initializer)
    }

    /// True when reads of `v` next to a constant may be replaced by `initializer`, an operation
    /// with one constant operand.
    func isConstantOperandCandidate(_ v: Variable, _ initializer: TypedExpression) -> Bool {
        guard case .local = v.storage, uses.neverWritten(v), v.precision == nil || v.precision == .highp,
              MesaReassociation.isFloatValue(initializer), initializer.constantValue == nil,
              MesaSumChains.isPure(initializer),
              case .binary(let op, let a, let b) = initializer.kind,
              op == .add || op == .subtract || op == .multiply,
              (a.constantValue != nil) != (b.constantValue != nil) else { return false }
        return readsOnlyUnchangedValues(initializer)
    }

    /// True when `e` has one constant operand under the operation family the rule needs, or
    /// is a vector built of scalars one of which has (`MesaReassociation.perComponent`).
    static func meetsConstantRule(_ e: TypedExpression, multiplying: Bool) -> Bool {
        switch e.kind {
        case .binary(let op, let a, let b):
            return [.add, .subtract, .multiply].contains(op) && (op == .multiply) == multiplying
                && (a.constantValue != nil) != (b.constantValue != nil)
        case .construct(.vectorFromComponents, let args), .construct(.vectorFromScalar, let args):
            return args.contains { $0.type == .float && meetsConstantRule($0, multiplying: multiplying) }
        default:
            return false
        }
    }

    /// The one value of local `v` when it is a vector built of scalars (`vec2(s * 0.321, s *
    /// 0.456)`, an inlined parameter), which a constant may meet per component.
    func builtOfScalars(_ v: Variable) -> TypedExpression? {
        guard let d = knownValue(of: v), case .construct(let kind, _) = d.kind,
              kind == .vectorFromComponents || kind == .vectorFromScalar else { return nil }
        return d
    }

    /// Component `i` of local `v`'s one value, written with values that keep theirs, following
    /// the versions `MesaVersioning` makes (`vec2(u.x + e, u.y)`, `u + vec2(1.1, 0.6)`) as NIR's
    /// scalar values do; nil when unknown.
    func componentValue(_ v: Variable, _ i: Int, depth: Int = 0) -> TypedExpression? {
        guard depth < 16, let d = knownValue(of: v), let c = Self.component(d, i) else { return nil }
        if case .swizzle(let base, let components) = c.kind, components.count == 1, case .variable(let w) = base.kind,
           let deeper = componentValue(w, components[0], depth: depth + 1) {
            return deeper
        }
        return c
    }

    /// Component `i` of local `v` when it is a sum, difference, product or negation that only
    /// this read uses, following moves between versions, all declared in the read's loop.
    func componentUsedOnce(_ v: Variable, _ i: Int, depth: Int, links: Int = 0) -> TypedExpression? {
        guard links < 16, declarationDepths[v.id] == depth, uses.componentUsedOnce(v, i),
              let d = knownValue(of: v), let c = Self.component(d, i) else { return nil }
        switch c.kind {
        case .swizzle(let base, let components) where components.count == 1:
            guard case .variable(let w) = base.kind else { return nil }
            return componentUsedOnce(w, components[0], depth: depth, links: links + 1)
        case .binary(let op, _, _) where op == .add || op == .subtract || op == .multiply: return c
        case .unary(.negate, _): return c
        default: return nil
        }
    }

    /// Component `i` of float vector `e` (a scalar is every component), nil when it cannot be
    /// written without computing anything twice.
    static func component(_ e: TypedExpression, _ i: Int) -> TypedExpression? {
        guard e.type.scalarKind == .float, !e.type.isMatrix else { return nil }
        if !e.type.isVector { return e }
        if let c = e.constantValue {
            return MesaReassociation.constant(ConstantValue(type: .float, components: [c.components[i]]), e.span)
        }
        func scalar(_ kind: TypedExpression.Kind) -> TypedExpression { TypedExpression(kind, type: .float, span: e.span) }
        switch e.kind {
        case .variable: return scalar(.swizzle(e, components: [i]))
        case .swizzle(let base, let components):
            guard case .variable = base.kind else { return nil }
            return scalar(.swizzle(base, components: [components[i]]))
        case .construct(.vectorFromComponents, let args) where args.count == e.type.componentCount && args.allSatisfy({ $0.type == .float }):
            return args[i]
        case .construct(.vectorFromScalar, let args) where args.count == 1 && args[0].type == .float:
            return args[0]
        case .binary(let op, let a, let b) where [.add, .subtract, .multiply, .divide].contains(op):
            guard let x = component(a, i), let y = component(b, i) else { return nil }
            return scalar(.binary(op, x, y))
        case .unary(.negate, let a):
            return component(a, i).map { scalar(.unary(.negate, $0)) }
        default:
            return nil
        }
    }

    /// True when every variable `e` reads keeps its value for the whole function.
    func readsOnlyUnchangedValues(_ e: TypedExpression) -> Bool {
        if case .variable(let v) = e.kind {
            switch v.storage {
            case .uniform, .attribute, .varying, .constant: return true
            case .local, .parameter(.in), .builtin: return uses.neverWritten(v)
            default: return false
            }
        }
        return e.children.allSatisfy(readsOnlyUnchangedValues)
    }
}
