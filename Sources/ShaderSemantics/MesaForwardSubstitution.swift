import ShaderDiagnostics

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
    /// Locals read more than once whose one value is a product with a constant, by id: what the
    /// constants multiply and the constants, one per statement, innermost first (`chain(_:)`).
    private var chains: [Int: ProductChain] = [:]

    /// The versions `MesaVersioning` made in written-out loops (`loopCopyVersions`).
    private let loopCopyVersions: Set<Int>

    init(uses: ValueUses, loopCopyVersions: Set<Int> = []) {
        self.uses = uses
        self.loopCopyVersions = loopCopyVersions
    }

    /// `body` with the substitutions made.
    static func rewrite(_ body: [TypedStatement], uses: ValueUses, loopCopyVersions: Set<Int> = []) -> [TypedStatement] {
        var pass = MesaForwardSubstitution(uses: uses, loopCopyVersions: loopCopyVersions)
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
                if let e = initializer, isConstantOperandCandidate(d.variable, e) {
                    constantOperandCandidates[d.variable.id] = e
                    if let original = d.initializer, isChainLink(d.variable, original),
                       let chain = chain(original, extending: loopCopyVersions.contains(d.variable.id)) {
                        chains[d.variable.id] = chain
                    }
                }
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
    ///
    /// `squaring` says what becomes of a product of square roots at the top of `e`, and
    /// `operandSquaring` of those of `e`'s operands (`squaredRoot`).
    func expression(_ e: TypedExpression, depth: Int, squaring: Squaring = .dropped, operandSquaring: Squaring = .dropped) -> TypedExpression {
        if e.constantValue != nil { return e }
        if let chain = chain(e), chain.links > 0, chain.constants.count > 1 {
            // A vector built of scalars: each component is a chain of its own.
            if e.type.isVector, case .variable(let b) = chain.base.kind, builtOfScalars(b) != nil {
                let parts = (0..<e.type.componentCount).compactMap { chainComponent(chain, $0, depth: depth, span: e.span) }
                if parts.count == e.type.componentCount { return e.with(.construct(.vectorFromComponents, parts)) }
            }
            if let k = Self.paired(chain.constants) {
                return e.with(.binary(.multiply, MesaReassociation.constant(k, e.span), expression(chain.base, depth: depth)))
            }
        }
        if let parts = Self.matrixProductComponents(e) { return expression(e.with(.construct(.vectorFromComponents, parts)), depth: depth) }
        if squaring == .dropped, let square = squaredRoot(e) { return expression(square, depth: depth) }
        if let halved = logarithmOfRoot(e) { return expression(halved, depth: depth) }
        if case .builtinCall(let o, let args) = e.kind, o.function == .dot, args.count == 2, args[0].type.isVector {
            return e.with(.builtinCall(o, [equalComponentsMerged(dotOperand(args[0], other: args[1], depth: depth)),
                                           equalComponentsMerged(dotOperand(args[1], other: args[0], depth: depth))]))
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
            // A scalar under a vector operation is used once per component by NIR.
            if arithmetic, case .variable(let v) = child.kind, let (initializer, d) = candidates[v.id], d == depth,
               !(e.type.isVector && child.type.isScalar) {
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
                // Several components of a local vector, alone or as the one argument of a
                // constructor (`vec3(p.xyx) * .1031` with `p = uv * 100.0`: NIR multiplies
                // each `uv` component by `100.0 * .1031`).
                case .swizzle(let base, let components):
                    if case .variable(let v) = base.kind { value = componentValues(v, components, child) }
                case .construct(.vectorFromComponents, let args) where args.count == 1 && args[0].type == child.type:
                    if case .swizzle(let base, let components) = args[0].kind, case .variable(let v) = base.kind {
                        value = componentValues(v, components, child)
                    }
                default: break
                }
                if let value, Self.meetsConstantRule(value, multiplying: multiplying) { return value }
            }
            let (childSquaring, grandchildSquaring) = Self.squaring(operand: child, of: e)
            return expression(child, depth: depth, squaring: operandSquaring == .dropped ? childSquaring : operandSquaring,
                              operandSquaring: grandchildSquaring)
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
        // `co.xy` of a `vec2 co` is `co` (lt3SDr's `rand(vec2 co)`, `dot(co.xy, …)`).
        if case .swizzle(let base, let components) = a.kind, base.type == a.type, components == Array(0..<n),
           case .variable = base.kind {
            return dotOperand(base, other: other, depth: depth)
        }
        let constants = other.constantValue
        func seenThrough(_ p: TypedExpression, _ i: Int) -> TypedExpression? {
            var value = p
            switch p.kind {
            case .variable(let u):
                guard let c = constantOperandCandidates[u.id] else { return nil }
                value = c
            // A component of a local vector (`vec2(z.x, -z.y)` of a rotation's matrix, with `z
            // = w * k`), and its negation.
            case .swizzle(let base, let components) where components.count == 1:
                guard case .variable(let u) = base.kind, let c = componentValue(u, components[0]) else { return nil }
                value = c
            case .unary(.negate, let x):
                return seenThrough(x, i).map { p.with(.unary(.negate, $0)) }
            default: break
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
                if declarationDepths[v.id] == depth, uses.componentReadOnce(v, i), let c = Self.scalarComponent(d, i),
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

    // MARK: Squared roots

    /// What becomes of a product of square roots (`squaredRoot`).
    enum Squaring {
        /// Replaced by what the roots are taken of: NIR's rule meets the product first.
        case dropped
        /// Left as written: a constant rule meets it first and takes it apart, or the MAD rule
        /// meets it first and `MesaSumChains` drops it after.
        case kept
    }

    /// NIR's `fmul(fsqrt(a), fsqrt(a)) -> fabs(a)`, which asks nothing about uses: `float s =
    /// length(p); … s * s …` is `dot(p, p)` on llvmpipe, without the square root's rounding
    /// (range analysis then drops the `fabs` of a sum of squares): what the roots are taken of,
    /// Locals are seen through their one value.
    func squaredRoot(_ e: TypedExpression) -> TypedExpression? {
        guard MesaReassociation.isFloatValue(e), case .binary(.multiply, let a, let b) = e.kind, a.type == e.type,
              let x = radicand(a), let y = radicand(b), x.fingerprint == y.fingerprint,
              MesaSumChains.isPure(x), readsOnlyUnchangedValues(x) else { return nil }
        return Self.square(ofRoot: x, span: e.span)
    }

    /// `x` when NIR's range analysis knows it is not negative (`dot(v, v)`, `a * a` and sums of
    /// those), `abs(x)` otherwise: `sqrt(x) * sqrt(x)` to NIR.
    static func square(ofRoot x: TypedExpression, span: SourceSpan) -> TypedExpression {
        func nonNegative(_ e: TypedExpression) -> Bool {
            switch e.kind {
            case .builtinCall(let o, let args) where o.function == .dot && args.count == 2:
                return args[0].fingerprint == args[1].fingerprint
            case .binary(.multiply, let a, let b): return a.fingerprint == b.fingerprint
            case .binary(.add, let a, let b): return nonNegative(a) && nonNegative(b)
            default: return false
            }
        }
        if nonNegative(x) { return x }
        let abs = BuiltinOverload(function: .abs, parameterTypes: [x.type], returnType: x.type)
        return TypedExpression(.builtinCall(abs, [x]), type: x.type, span: span)
    }

    /// What becomes of the products of square roots at the top of `operand` of `e`, and at
    /// the top of `operand`'s operands, where other rules meet `e` first (NIR's algebraic pass
    /// walks a block from its last instruction up): `(s * s) * 0.37` is `(s * 0.37) * s` by
    /// the constant rule, and `(s * s + c * c) + 1.0` is `(s * s + 1.0) + c * c` by the MAD
    /// rule before `s * s` is met. A subtraction is an addition only once NIR has lowered it,
    /// after `s * s` is met.
    static func squaring(operand: TypedExpression, of e: TypedExpression) -> (Squaring, operands: Squaring) {
        guard case .binary(let op, let a, let b) = e.kind, MesaReassociation.isFloatValue(e) else { return (.dropped, .dropped) }
        let other = operand.fingerprint == a.fingerprint ? b : a
        switch op {
        case .multiply where (a.constantValue == nil) != (b.constantValue == nil) && other.constantValue != nil:
            return (MesaSumChains.factors(operand) == nil ? .dropped : .kept, .dropped)
        case .add where !MesaSumChains.isProduct(other):
            guard case .binary(.add, let p, let q) = operand.kind, MesaSumChains.isProduct(p), MesaSumChains.isProduct(q) else {
                return (.dropped, .dropped)
            }
            return (.dropped, .kept)
        default:
            return (.dropped, .dropped)
        }
    }

    /// NIR's `flog2(fsqrt(a)) -> 0.5 * flog2(a)`: `log(length(z))` is `log(dot(z, z)) * 0.5`,
    /// which the constant rules make `(ln(2) * 0.5) * log2(dot(z, z))`, without the square
    /// root's rounding. Locals are seen through their one value.
    func logarithmOfRoot(_ e: TypedExpression) -> TypedExpression? {
        guard MesaReassociation.isFloatValue(e), case .builtinCall(let o, let args) = e.kind, args.count == 1,
              o.function == .log2 || o.function == .log, let x = radicand(args[0]), x.type == e.type,
              MesaSumChains.isPure(x), readsOnlyUnchangedValues(x) else { return nil }
        let logarithm = TypedExpression(.builtinCall(o, [x]), type: e.type, span: e.span)
        let half = MesaReassociation.constant(ConstantValue(type: .float, components: [.float(0.5)]), e.span)
        return e.with(.binary(.multiply, logarithm, half))
    }

    /// What `e` (or the one value of the local it reads) is the square root of.
    func radicand(_ e: TypedExpression) -> TypedExpression? { Self.radicand(ofValue: value(e)) }

    /// What the read `e` (a local, or one component of a local vector) is the square root of,
    /// seen through the local's one value as `definition` gives it; nil otherwise.
    static func radicand(ofRead e: TypedExpression, definition: (Variable) -> TypedExpression?) -> TypedExpression? {
        let value: TypedExpression?
        switch e.kind {
        case .variable(let v): value = definition(v)
        case .swizzle(let base, let components) where components.count == 1:
            guard case .variable(let v) = base.kind, let d = definition(v) else { return nil }
            value = component(d, components[0])
        default: value = nil
        }
        return value.flatMap { radicand(ofValue: $0) }
    }

    /// What `e` is the square root of: `x` of `sqrt(x)`, `dot(v, v)` of `length(v)` (NIR's
    /// `flength`); nil otherwise.
    static func radicand(ofValue e: TypedExpression) -> TypedExpression? {
        guard case .builtinCall(let o, let args) = e.kind, args.count == 1 else { return nil }
        switch o.function {
        case .sqrt: return args[0]
        case .length where args[0].type.isVector && e.type == .float:
            let dot = BuiltinOverload(function: .dot, parameterTypes: [args[0].type, args[0].type], returnType: .float)
            return TypedExpression(.builtinCall(dot, [args[0], args[0]]), type: .float, span: e.span)
        default: return nil
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
        let sum = value(p), subtrahend = value(q).fingerprint
        guard case .binary(let op, let x, let y) = sum.kind, op == .add || op == .subtract else { return nil }
        let b: TypedExpression
        if value(x).fingerprint == subtrahend {
            b = op == .add ? y : TypedExpression(.unary(.negate, y), type: y.type, span: y.span)
        } else if op == .add, value(y).fingerprint == subtrahend {
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
        // A sum of products once Mesa lowers it (`MesaReassociation.loweredDot`).
        case .builtinCall(let o, let args) where o.function == .dot && args.count == 2 && args[0].type.isVector: break
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
            return args.contains { $0.type.scalarKind == .float && !$0.type.isMatrix && meetsConstantRule($0, multiplying: multiplying) }
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

    /// Components `components` of local `v`'s one value as a vector of `read`'s type built of
    /// them (`componentValue`); nil when one is unknown or has effects.
    func componentValues(_ v: Variable, _ components: [Int], _ read: TypedExpression) -> TypedExpression? {
        var parts: [TypedExpression] = []
        for c in components {
            guard let part = componentValue(v, c), part.type == .float, MesaSumChains.isPure(part) else { return nil }
            parts.append(part)
        }
        return TypedExpression(.construct(.vectorFromComponents, parts), type: read.type, span: read.span)
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
        case .builtinCall(let o, _) where o.function == .dot: return c
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
        case .construct(.vectorFromComponents, let args) where args.allSatisfy({ $0.type.scalarKind == .float && !$0.type.isMatrix }):
            // The argument holding component `i` (`vec3(p.xy * 2.0, 1.0)`; a scalar is itself).
            var offset = i
            for a in args {
                if offset < a.type.componentCount { return component(a, offset) }
                offset -= a.type.componentCount
            }
            return nil
        case .construct(.vectorFromScalar, let args) where args.count == 1 && args[0].type == .float:
            return args[0]
        case .binary(let op, let a, let b) where [.add, .subtract, .multiply, .divide].contains(op):
            guard let x = component(a, i), let y = component(b, i) else { return nil }
            return scalar(.binary(op, x, y))
        case .unary(.negate, let a):
            return component(a, i).map { scalar(.unary(.negate, $0)) }
        case .binary(.vectorTimesMatrix, let a, let m):
            // `dot(a, m[i])`, as NIR has it: one dot product per column.
            guard MesaReassociation.isReadAgainFree(a), let column = column(m, i) else { return nil }
            return scalar(.builtinCall(BuiltinOverload(function: .dot, parameterTypes: [a.type, a.type], returnType: .float), [a, column]))
        case .binary(.matrixTimesVector, let m, let a):
            // `(m[0][i] * a.x + m[1][i] * a.y) + …`, as GLSL IR writes it out for NIR.
            guard MesaReassociation.isReadAgainFree(a), case .matrix(let columns, _) = m.type else { return nil }
            var sum: TypedExpression?
            for j in 0..<columns {
                guard let column = column(m, j), let x = MesaReassociation.component(column, i, span: e.span) ?? component(column, i),
                      let y = MesaReassociation.component(a, j, span: e.span) else { return nil }
                let product = scalar(.binary(.multiply, x, y))
                sum = sum.map { scalar(.binary(.add, $0, product)) } ?? product
            }
            return sum
        default:
            return nil
        }
    }

    /// The components of a constant vector times a matrix built of scalars (`vec2(c, s) *
    /// mat2(z.x, -z.y, z.yx)`, a rotation by a constant angle), as NIR has them: `dot(v, m[i])`
    /// (`component`), so that the rules see each component's products: with `c == s` (`cos`
    /// and `sin` of π/4 fold to the same float) `c * z.x + c * -z.y` is `c * (z.x - z.y)`, and a
    /// constant of `v` meets the constants of the components it multiplies. Nil for anything
    /// else, or a product with effects (`mat2(C = cos(a), S = sin(a), -S, C)`: each component
    /// would run them in another order). A vector that is not constant keeps the whole product
    /// (a version's components are followed to their dot products where read, `componentUsedOnce`).
    static func matrixProductComponents(_ e: TypedExpression) -> [TypedExpression]? {
        guard case .binary(.vectorTimesMatrix, let v, let m) = e.kind, v.constantValue != nil,
              case .construct(.matrixFromComponents, _) = m.kind,
              e.type.isVector, e.type.scalarKind == .float, MesaSumChains.isPure(e) else { return nil }
        let parts = (0..<e.type.componentCount).compactMap { component(e, $0) }
        return parts.count == e.type.componentCount ? parts : nil
    }

    /// Column `i` of float matrix `m` when it can be written without computing anything twice:
    /// its scalars where a constructor lists them, `m[i]` of a variable.
    static func column(_ m: TypedExpression, _ i: Int) -> TypedExpression? {
        guard case .matrix(let columns, let rows) = m.type, i < columns else { return nil }
        let type = GLSLType.vector(.float, rows)
        switch m.kind {
        case .construct(.matrixFromComponents, let args):
            // Its scalars, a vector argument's read one by one (`mat2(z.x, -z.y, z.yx)`).
            var scalars: [TypedExpression] = []
            for a in args {
                guard a.type.scalarKind == .float, !a.type.isMatrix else { return nil }
                for k in 0..<a.type.componentCount {
                    guard let c = component(a, k) else { return nil }
                    scalars.append(c)
                }
            }
            guard scalars.count == columns * rows else { return nil }
            return TypedExpression(.construct(.vectorFromComponents, Array(scalars[(i * rows)..<((i + 1) * rows)])), type: type, span: m.span)
        case .variable:
            let index = MesaReassociation.constant(ConstantValue(type: .int, components: [.int(Int32(i))]), m.span)
            return TypedExpression(.index(m, index), type: type, span: m.span)
        default:
            return nil
        }
    }

    /// A product with constants through locals read more than once: `base` times `constants`,
    /// one per statement (a statement's own constants already folded together, as GLSL IR
    /// folds an expression's), innermost first, through `links` locals.
    struct ProductChain {
        var base: TypedExpression
        var constants: [ConstantValue]
        var links: Int
    }

    /// True when NIR, not GLSL IR, meets local `v` (a product with a constant) as a value: when
    /// it is read more than once, or made in a written-out loop, or multiplies a vector built
    /// of scalars. GLSL IR merges a value read once into its reader, in one loop trip, as a
    /// whole vector, and folds the constants of the tree it makes as it meets them,
    /// innermost first (measured with glref.py: `float p = x * 0.37; p *= 1.37; r = fract(p *
    /// 0.77);` multiplies `x` by `(0.37 * 1.37) * 0.77`, the same with `vec2 p = vec2(x * 0.37,
    /// w)` and `p.x` by `(0.77 * 1.37) * 0.37`).
    func isChainLink(_ v: Variable, _ initializer: TypedExpression) -> Bool {
        if !uses.storedValueUsedOnce(v) || loopCopyVersions.contains(v.id) { return true }
        guard case .binary(.multiply, let a, let b) = initializer.kind,
              let (_, (other, _)) = MesaReassociation.constantAndOther((a, ()), (b, ())),
              case .variable(let w) = other.kind else { return false }
        return builtOfScalars(w) != nil
    }

    /// `e` as a product chain when it is a float product with one constant operand; nil
    /// otherwise.
    ///
    /// With `extending` (a version made in a written-out loop, which GLSL IR sees as a loop's
    /// value), a local the chain starts from whose one value is itself a product with a constant
    /// is followed too: NIR meets `float p = x * 0.37;` and the copies' `p *= 1.37` as one chain.
    func chain(_ e: TypedExpression, extending: Bool = false) -> ProductChain? {
        guard MesaReassociation.isFloatValue(e), e.constantValue == nil, case .binary(.multiply, let a, let b) = e.kind,
              let ((c, _), (other, _)) = MesaReassociation.constantAndOther((a, ()), (b, ())) else { return nil }
        if case .variable(let w) = other.kind, var inner = chains[w.id] {
            inner.constants.append(c)
            inner.links += 1
            return inner
        }
        if extending, case .variable(let w) = other.kind, let d = knownValue(of: w), var inner = chain(d, extending: true) {
            inner.constants.append(c)
            inner.links += 1
            return inner
        }
        // A component of a vector chain: NIR's values are scalars.
        if case .swizzle(let base, let components) = other.kind, components.count == 1, case .variable(let w) = base.kind,
           let vector = chains[w.id], let inner = componentChain(vector, components[0]) {
            return ProductChain(base: inner.base, constants: inner.constants + [c], links: inner.links + 1)
        }
        if var inner = chain(other), let last = inner.constants.last, let k = MesaReassociation.fold(.multiply, last, c) {
            inner.constants[inner.constants.count - 1] = k
            return inner
        }
        return ProductChain(base: other, constants: [c], links: 0)
    }

    /// Component `i` of a vector chain: each constant's component `i` (a scalar stays), the
    /// base's component, seen through a local built of scalars where that component is itself a
    /// product with a constant (`vec2(x * 0.37, w)`: the chain of `.x` starts at `x * 0.37`).
    func componentChain(_ chain: ProductChain, _ i: Int) -> ProductChain? {
        var constants: [ConstantValue] = []
        for c in chain.constants {
            if c.type.isScalar { constants.append(c); continue }
            guard c.type.isVector, i < c.components.count else { return nil }
            constants.append(ConstantValue(type: .float, components: [c.components[i]]))
        }
        var base = chain.base
        if case .variable(let v) = base.kind, let d = knownValue(of: v), let component = Self.component(d, i) {
            base = component
        } else if let component = Self.component(base, i) {
            base = component
        } else {
            return nil
        }
        // A constant component is folded as it is made, not regrouped.
        guard base.constantValue == nil else { return nil }
        if var inner = self.chain(base) {
            inner.constants += constants
            inner.links += chain.links
            return inner
        }
        return ProductChain(base: base, constants: constants, links: chain.links)
    }

    /// Component `i` of a vector chain whose base is a local built of scalars, as NIR computes
    /// it: a constant component folded as it is made (each product in turn), any other the
    /// component's chain with its constants paired; nil when it cannot be written.
    func chainComponent(_ chain: ProductChain, _ i: Int, depth: Int, span: SourceSpan) -> TypedExpression? {
        guard case .variable(let b) = chain.base.kind, let d = knownValue(of: b), let part = Self.component(d, i) else { return nil }
        if var value = part.constantValue {
            for c in chain.constants {
                let k = c.type.isScalar ? c : ConstantValue(type: .float, components: [c.components[i]])
                guard let next = MesaReassociation.fold(.multiply, value, k) else { return nil }
                value = next
            }
            return MesaReassociation.constant(value, span)
        }
        guard let inner = componentChain(chain, i) else { return nil }
        if inner.constants.count == 1 {
            return TypedExpression(.binary(.multiply, expression(inner.base, depth: depth), MesaReassociation.constant(inner.constants[0], span)),
                                   type: .float, span: span)
        }
        guard let k = Self.paired(inner.constants) else { return nil }
        return TypedExpression(.binary(.multiply, MesaReassociation.constant(k, span), expression(inner.base, depth: depth)), type: .float, span: span)
    }

    /// The constants of a chain of products folded as NIR folds them: its algebraic pass meets
    /// the last product first and moves its constant next to the one below (`#a * (b * #c)` is
    /// `(a * c) * b`), leaving that product for constant folding before the next pass, then
    /// does the same two products down, and so on; so each pass pairs the constants from the
    /// outermost, until one is left. Measured with glref.py on chains of 3 to 9 products whose
    /// values are read again elsewhere (a value read once is also regrouped by rules that
    /// need one use, which this does not model).
    static func paired(_ constants: [ConstantValue]) -> ConstantValue? {
        var level = constants
        while level.count > 1 {
            var next: [ConstantValue] = []
            var i = level.count - 1
            while i >= 1 {
                guard let product = MesaReassociation.fold(.multiply, level[i], level[i - 1]) else { return nil }
                next.append(product)
                i -= 2
            }
            if i == 0 { next.append(level[0]) }
            level = next.reversed()
        }
        return level.first
    }

    /// True when every variable `e` reads keeps its value for the whole function.
    func readsOnlyUnchangedValues(_ e: TypedExpression) -> Bool { uses.readsOnlyUnchangedValues(e) }
}
