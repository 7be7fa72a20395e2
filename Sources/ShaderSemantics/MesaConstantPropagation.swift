import ShaderDiagnostics

/// NIR's "propagate constants up multiplication chains" (`nir_opt_algebraic`), which Mesa 22.3
/// runs before llvmpipe sees a shader:
///
/// - `(a * b) * c` is `(a * c) * b` when `c` is a constant, `a` and `b` are not, and both
///   products have no other use;
/// - `(a + b) + c` is `(a + c) + b` under the same conditions.
///
/// `a` is the inner operation's first operand. A subtraction is an addition of the negated
/// operand (NIR lowers `x - y` to `x + -y`, and `x - 0.1` to `x + -0.1`), so `(j - k) + 0.1` is
/// `(j + 0.1) - k` and `(j + k) - 0.1` is `(j - 0.1) + k`, while `0.1 - (j + k)` adds a negated
/// sum, which is not a sum, and stays. Negations of a product's operands move out of it first
/// (`fmul(-a, b)` is `-(a * b)`), so `(-j * k) * 0.1` is `-((j * 0.1) * k)`.
///
/// "No other use" is NIR's `is_used_once` on its SSA values, which Shade's typed tree does not
/// have; `ValueUses` approximates it: an operand written inline is used once unless the same
/// text occurs again in the function (NIR merges equal expressions); a variable's initializer
/// is used once when the variable is read at most once and never written again; a return
/// value when the function has several returns (NIR joins them) or every call uses the result
/// once; built-in calls that Mesa expands into several reads of an argument (`length`, `dot`,
/// `mod`, `mix`, `smoothstep`, …) use it more than once. Measured on llvmpipe with the final NIR
/// Mesa prints (`ST_DEBUG=nir`): `sin((j * k) * 0.1)` is computed as `sin((j * 0.1) * k)`,
/// `floatBitsToUint((j * k) * 0.1)` read four times is not regrouped.
struct MesaConstantPropagation {
    let uses: ValueUses

    /// A top-level expression in a context that uses its value once (`usedOnce`) or not.
    func rewrite(_ e: TypedExpression, usedOnce: Bool) -> TypedExpression {
        if e.constantValue != nil { return e }
        let once = usedOnce && uses.occursOnce(e)
        var contexts = uses.childContexts(e, usedOnce: once)
        // NIR meets the sum first (it walks a block from its last instruction) and factors
        // `a * b + a * c` (`MesaSumChains`) before either product could move a constant.
        if MesaSumChains.factored(e) != nil { contexts = contexts.map { _ in false } }
        var index = 0
        let node = e.mappingChildren { child in
            defer { index += 1 }
            return rewrite(child, usedOnce: contexts[index])
        }
        guard once, MesaReassociation.isFloatValue(node) else { return node }
        return propagated(node, childrenOnce: zip(e.children, contexts).map { $1 && uses.occursOnce($0) }) ?? node
    }

    /// `node` with the constant moved into its inner operation, or nil when no rule applies.
    /// `childrenOnce` tells, per operand, whether it has no other use.
    func propagated(_ node: TypedExpression, childrenOnce: [Bool]) -> TypedExpression? {
        guard case .binary(let op, let left, let right) = node.kind else { return nil }
        switch op {
        case .multiply:
            for (inner, constant, once) in [(left, right, childrenOnce[0]), (right, left, childrenOnce[1])] {
                guard once, let c = constant.constantValue, inner.constantValue == nil,
                      let result = productRule(node.type, inner, c, span: node.span) else { continue }
                return result
            }
        case .add, .subtract:
            // The outer sum's terms: `x - c` adds `-c`; `c - x` adds a negated value (no rule).
            let candidates: [(TypedExpression, TypedExpression, Bool, Bool)] =
                op == .add ? [(left, right, false, childrenOnce[0]), (right, left, false, childrenOnce[1])]
                           : [(left, right, true, childrenOnce[0])]
            for (inner, constant, subtractsConstant, once) in candidates {
                guard once, let c0 = constant.constantValue, inner.constantValue == nil,
                      let c = MesaReassociation.signed(c0, subtractsConstant),
                      let result = sumRule(node.type, inner, c, span: node.span) else { continue }
                return result
            }
        default: break
        }
        return nil
    }

    /// `inner * c` as `±((a * c) * b)` when `inner` is `±(±a * ±b)` with `a`, `b` not constant.
    func productRule(_ type: GLSLType, _ inner: TypedExpression, _ c: ConstantValue, span: SourceSpan) -> TypedExpression? {
        if let written = Self.smoothstepProduct(inner) { return productRule(type, written, c, span: span) }
        let (product, negatedProduct) = MesaReassociation.strippingNegation(inner)
        guard MesaReassociation.isFloatValue(product), case .binary(.multiply, let p, let q) = product.kind,
              !p.type.isMatrix, !q.type.isMatrix, p.constantValue == nil, q.constantValue == nil else { return nil }
        let (a, negatedA) = MesaReassociation.strippingNegation(p)
        let (b, negatedB) = MesaReassociation.strippingNegation(q)
        guard a.constantValue == nil, b.constantValue == nil else { return nil }
        let constant = MesaReassociation.constant(c, span)
        let first = regroupedAgain(Self.node(.multiply, a, constant, span: span))
        let result = Self.node(.multiply, first, b, span: span, type: type)
        return negatedProduct != (negatedA != negatedB) ? TypedExpression(.unary(.negate, result), type: type, span: span) : result
    }

    /// `smoothstep(0.0, w, x)` as GLSL IR writes it out for NIR, `t * (t * (3.0 - 2.0 * t))`
    /// with `t = clamp(x / w, 0.0, 1.0)` (`ScalarSemantics.smoothstep`'s order), so that a
    /// constant it is multiplied by moves in: `mix(1.0, smoothstep(0.0, 0.4, y), 0.75)` is
    /// `0.25 + (t * 0.75) * (t * (3.0 - 2.0 * t))` on llvmpipe (`MdGfzh`'s terrain). Lower
    /// edges other than zero were moved into `x` by `MesaForwardSubstitution.cancelling`; nil
    /// for anything else.
    static func smoothstepProduct(_ e: TypedExpression) -> TypedExpression? {
        guard case .builtinCall(let o, let args) = e.kind, o.function == .smoothstep, args.count == 3,
              let e0 = args[0].constantValue, e0.components.allSatisfy({ $0.floatValue == 0 && $0.floatValue.sign == .plus }),
              args[2].type == e.type, MesaSumChains.isPure(args[1]), MesaSumChains.isPure(args[2]) else { return nil }
        let (w, x) = (args[1], args[2])
        let span = e.span
        func constant(_ v: Float) -> TypedExpression { MesaReassociation.constant(.float(v), span) }
        let quotient = TypedExpression(.binary(.divide, x, w), type: e.type, span: span)
        let clamp = BuiltinOverload(function: .clamp, parameterTypes: [e.type, .float, .float], returnType: e.type)
        let t = TypedExpression(.builtinCall(clamp, [quotient, constant(0), constant(1)]), type: e.type, span: span)
        let twice = TypedExpression(.binary(.multiply, constant(2), t), type: e.type, span: span)
        let slope = TypedExpression(.binary(.subtract, constant(3), twice), type: e.type, span: span)
        let inner = TypedExpression(.binary(.multiply, t, slope), type: e.type, span: span)
        return TypedExpression(.binary(.multiply, t, inner), type: e.type, span: span)
    }

    /// `inner + c` as `(a + c) ± b` when `inner` is `a ± b` with `a`, `b` not constant.
    /// NIR first tries its variant that "prefers moving out a multiplication": when only `a`
    /// is a product (`fmul`, negated or not, or a local holding one), `(a ± b) + c` is `(±b + c)
    /// + a` — `(x * 0.5 + y) + 0.2` is `(y + 0.2) + x * 0.5` on llvmpipe.
    func sumRule(_ type: GLSLType, _ inner: TypedExpression, _ c: ConstantValue, span: SourceSpan) -> TypedExpression? {
        guard MesaReassociation.isFloatValue(inner), case .binary(let op, let a, let b) = inner.kind,
              op == .add || op == .subtract, a.constantValue == nil, b.constantValue == nil else { return nil }
        let sums = MesaSumChains(uses: uses)
        if sums.isProductValue(a), !sums.isProductValue(b) {
            let constant = MesaReassociation.constant(c, span)
            let first = regroupedAgain(op == .add ? Self.node(.add, b, constant, span: span) : Self.node(.subtract, constant, b, span: span))
            return Self.node(.add, first, a, span: span, type: type)
        }
        let first = regroupedAgain(Self.node(.add, a, MesaReassociation.constant(c, span), span: span))
        return Self.node(op, first, b, span: span, type: type)
    }

    /// A new inner operation, given to the rules again as NIR revisits what it wrote: a
    /// constant it meets folds (`MesaReassociation`), a chain under it moves the constant on.
    func regroupedAgain(_ e: TypedExpression) -> TypedExpression {
        if let folded = MesaReassociation().regrouped(e) { return folded }
        guard case .binary(_, let a, _) = e.kind else { return e }
        return propagated(e, childrenOnce: [uses.occursOnce(a), true]) ?? e
    }

    /// `a op b`, of the wider operand's type unless given.
    static func node(_ op: BinaryOperator, _ a: TypedExpression, _ b: TypedExpression, span: SourceSpan, type: GLSLType? = nil) -> TypedExpression {
        let wider = a.type.componentCount >= b.type.componentCount ? a.type : b.type
        return TypedExpression(.binary(op, a, b), type: type ?? wider, span: span)
    }
}

extension MesaConstantPropagation {
    /// `body` with the rules applied, each top-level expression in its statement's context.
    func rewrite(_ body: [TypedStatement]) -> [TypedStatement] {
        body.map { s in ValueUses.mappingExpressions(s, contexts: uses) { rewrite($0, usedOnce: $1) } }
    }

    /// The rules applied to every function of `shader` (global initializers are left alone).
    static func rewriting(_ shader: CheckedShader) -> (CheckedFunction) -> CheckedFunction {
        let definitionID = shader.definitionID
        var base = ValueUses(parametersUsedOnce: [:], definitionID: definitionID)
        // Parameters: read at most once, never written, passed in.
        var parameters: [Int: [Bool]] = [:]
        for f in shader.functions {
            let uses = base.counting(f.body)
            parameters[f.symbol.id] = f.parameters.map { uses.parameterUsedOnce($0) }
        }
        base = ValueUses(parametersUsedOnce: parameters, definitionID: definitionID)
        // Results: several returns meet in a phi, which is their one use; otherwise every call
        // must use the result once (a call in a return statement counts as more than once).
        var returns: [Int: Int] = [:]
        var callContexts: [Int: Bool] = [:]
        for f in shader.functions {
            let uses = base.counting(f.body)  // its returns counted as used more than once
            var count = 0
            for s in f.body { ValueUses.forEachStatement(s) { if case .return(_?) = $0.kind { count += 1 } } }
            returns[f.symbol.id] = count
            for s in f.body {
                _ = ValueUses.mappingExpressions(s, contexts: uses) { e, once in
                    uses.visitContexts(e, usedOnce: once) { call, callOnce in
                        guard case .call(let symbol, _) = call.kind else { return }
                        let id = definitionID(symbol)
                        callContexts[id] = (callContexts[id] ?? true) && callOnce
                    }
                    return e
                }
            }
        }
        var results = Set<Int>()
        for f in shader.functions where returns[f.symbol.id, default: 0] > 1 || callContexts[f.symbol.id] == true {
            results.insert(f.symbol.id)
        }
        let shared = base
        return { f in
            var uses = shared.counting(f.body)
            uses.returnsUsedOnce = results.contains(f.symbol.id)
            return CheckedFunction(
                symbol: f.symbol, parameters: f.parameters, body: MesaConstantPropagation(uses: uses).rewrite(f.body),
                callees: f.callees, span: f.span)
        }
    }
}

extension CheckedShader {
    /// The id of the definition a call's symbol names: a call made before the definition
    /// names the prototype's symbol, which has an id of its own.
    var definitionID: (FunctionSymbol) -> Int {
        func key(_ s: FunctionSymbol) -> String { s.name + "(" + s.parameters.map { $0.type.description }.joined(separator: ",") + ")" }
        var definitions: [String: Int] = [:]
        for f in functions { definitions[key(f.symbol)] = f.symbol.id }
        return { definitions[key($0)] ?? $0.id }
    }
}

/// How often values are used, as far as NIR's `is_used_once` goes (see
/// `MesaConstantPropagation`): per function, the number of times each pure float expression
/// occurs (by its text) and the reads and writes of each variable; per shader, how the
/// parameters and results of user functions are used.
struct ValueUses {
    private var occurrences: [Int: Int] = [:]
    private var reads: [Int: Int] = [:]
    /// Per variable, the reads of each component (a whole read reads every one).
    private var componentReads: [Int: [Int]] = [:]
    private var writes: [Int: Int] = [:]
    /// Counters of `for` loops that only the loop's step writes (`for (float j = 0.0; j < 7.0;
    /// j++)`): every expression that reads one is inside its loop's body, where it keeps its
    /// value from a definition to the uses after it (NIR's phi for the trip).
    private var stepCounters: Set<Int> = []
    /// Variables some read of which uses the value more than once (`uint b =
    /// floatBitsToUint(r)` with `b` read four times reads `r`'s value four times).
    private var readManyTimes: Set<Int> = []
    /// The initializers of locals only their declaration sets, by variable id.
    private var definitions: [Int: TypedExpression] = [:]
    /// Locals with a definition whose every read sees the variables that definition reads
    /// unchanged: nothing writes them from the declaration to the last statement of its block
    /// that reads the local, and no user function is called there.
    private var stableDefinitions: Set<Int> = []
    /// Per function id, per parameter: read at most once and never written (an argument
    /// passed there is used once).
    let parametersUsedOnce: [Int: [Bool]]
    /// The function being rewritten: whether its return values are used once.
    var returnsUsedOnce = false
    /// Resolves a call's symbol to its definition's id (prototypes have symbols of their own).
    let definitionID: (FunctionSymbol) -> Int

    init(parametersUsedOnce: [Int: [Bool]], definitionID: @escaping (FunctionSymbol) -> Int) {
        self.parametersUsedOnce = parametersUsedOnce
        self.definitionID = definitionID
    }

    /// The counts of one function's body.
    func counting(_ body: [TypedStatement]) -> ValueUses {
        var copy = self
        var occurrences: [Int: Int] = [:]
        var reads: [Int: Int] = [:]
        var componentReads: [Int: [Int]] = [:]
        var writes: [Int: Int] = [:]
        func readComponents(_ v: Variable, _ components: [Int]) {
            var counts = componentReads[v.id] ?? [0, 0, 0, 0]
            for c in components where c < 4 { counts[c] += 1 }
            componentReads[v.id] = counts
        }
        // NIR merges equal expressions before its rules run: the operands of a second copy of
        // `(x + 0.1)` are not read again (`x` is used once in `(x + 0.1) * (x + 0.1)`).
        var merged = Set<Int>()
        func isMergedCopy(_ e: TypedExpression) -> Bool {
            guard Self.mayBeMerged(e), CostEstimator.isPure(e) else { return false }
            return !merged.insert(e.fingerprint).inserted
        }
        func visit(_ e: TypedExpression) {
            if isMergedCopy(e) { return }
            for v in e.writtenVariables { writes[v.id, default: 0] += 1 }
            // A value known when compiling reads nothing when running (`tt + 1.41` with `tt`
            // known to hold 0).
            if e.constantValue != nil { return }
            switch e.kind {
            case .variable(let v):
                reads[v.id, default: 0] += 1
                readComponents(v, Array(0..<v.type.componentCount))
            case .swizzle(let base, let components):
                if case .variable(let v) = base.kind {
                    reads[v.id, default: 0] += 1
                    readComponents(v, components)
                    return
                }
            case .assignment(let op, let target, _):
                // `v = x` reads nothing of `v`; `v.x = y` and `v += y` keep the rest.
                if op == nil, case .variable(let v) = target.kind { reads[v.id, default: 0] -= 1 }
            default: break
            }
            e.children.forEach(visit)
        }
        for s in body { Self.forEachStatement(s) { $0.expressions.forEach(visit) } }
        // Moves into locals nothing reads are not in NIR's program at all (the last copy of a
        // loop written out writes its variables back, `tt = tt__43`, after which nothing reads
        // `tt`): counted again without them.
        let unread = reads
        // Only the moves Shade's own passes leave behind (their variables' names hold `__`,
        // which GLSL reserves); other values nothing reads still count (SumChainTests' `p *=
        // 1.37` chain: its versions, read where their values were substituted, keep `x * (0.37
        // + zero)` from taking the chain's constant, as on llvmpipe).
        func isDeadStore(_ e: TypedExpression) -> Bool {
            guard case .assignment(nil, let target, let value) = e.kind, case .variable(let v) = target.kind,
                  v.storage == .local, unread[v.id, default: 0] <= 0,
                  case .variable(let u) = value.kind, u.name.contains("__") else { return false }
            return true
        }
        var hasDeadStores = false
        for s in body { Self.forEachStatement(s) { t in if case .expression(let e) = t.kind, isDeadStore(e) { hasDeadStores = true } } }
        if hasDeadStores {
            reads = [:]
            componentReads = [:]
            writes = [:]
            merged = []
            for s in body {
                Self.forEachStatement(s) { t in
                    if case .expression(let e) = t.kind, isDeadStore(e) { return }
                    t.expressions.forEach(visit)
                }
            }
        }
        // Equal expressions, except in the initializers of variables nothing reads (NIR
        // deletes those; `MesaForwardSubstitution` leaves them behind).
        var definitions: [Int: TypedExpression] = [:]
        // A square root's sum is used by the root, and by the value NIR makes of the root
        // squared (`MesaForwardSubstitution.squaredRoot`): a read of a local holding a root
        // counts as one more copy of that sum, and so does `r * r` of such a read.
        func rootedSum(_ e: TypedExpression) -> Int? {
            var read = e
            if case .binary(.multiply, let a, let b) = e.kind, a.fingerprint == b.fingerprint { read = a }
            guard read.type == .float,
                  let x = MesaForwardSubstitution.radicand(ofRead: read, definition: { definitions[$0.id] }) else { return nil }
            return MesaForwardSubstitution.square(ofRoot: MesaReassociation().rewrite(x), span: e.span).fingerprint
        }
        func count(_ e: TypedExpression) {
            if let sum = rootedSum(e) {
                occurrences[sum, default: 0] += 1
                return
            }
            // A scalar operand of a vector operation is used once per component by NIR's
            // scalar code (`p3 + (a * b + c * d)` reads the sum three times).
            if case .binary(let op, let a, let b) = e.kind, e.type.isVector, [.add, .subtract, .multiply, .divide].contains(op) {
                for s in [a, b] where s.type.isScalar && Self.mayBeMerged(s) {
                    occurrences[s.fingerprint, default: 0] += e.type.componentCount - 1
                }
            }
            if Self.mayBeMerged(e) {
                occurrences[e.fingerprint, default: 0] += 1
                // A copy's operands are the first copy's.
                if occurrences[e.fingerprint]! > 1, CostEstimator.isPure(e) { return }
            }
            e.children.forEach(count)
        }
        for s in body {
            Self.forEachStatement(s) { t in
                if case .declarations(let ds) = t.kind {
                    for d in ds {
                        if d.variable.storage == .local, writes[d.variable.id, default: 0] == 0, let value = d.initializer {
                            definitions[d.variable.id] = value
                        }
                        if d.variable.storage == .local && reads[d.variable.id, default: 0] == 0 { continue }
                        // A vector built of components counts the components something reads.
                        if d.variable.storage == .local, let value = d.initializer,
                           case .construct(.vectorFromComponents, let args) = value.kind,
                           args.count == value.type.componentCount, args.allSatisfy({ $0.type.componentCount == 1 }) {
                            let counts = componentReads[d.variable.id] ?? [0, 0, 0, 0]
                            for (i, a) in args.enumerated() where counts[i] > 0 { count(a) }
                            continue
                        }
                        d.initializer.map(count)
                    }
                } else if case .expression(let e) = t.kind, isDeadStore(e) {
                    return
                } else {
                    t.expressions.forEach(count)
                }
            }
        }
        copy.occurrences = occurrences
        copy.definitions = definitions
        copy.stableDefinitions = Self.stableDefinitions(body, definitions)
        copy.reads = reads
        copy.componentReads = componentReads
        copy.writes = writes
        copy.stepCounters = Self.stepCounters(body)
        // A read's own context depends on the variables its value is stored in: two rounds
        // carry it through a chain of two variables.
        for _ in 0..<2 {
            var many = Set<Int>()
            merged = []
            func visitReads(_ e: TypedExpression, usedOnce: Bool) {
                if isMergedCopy(e) { return }
                if case .variable(let v) = e.kind, !usedOnce { many.insert(v.id) }
                let once = usedOnce && copy.occursOnce(e)
                for (child, context) in zip(e.children, copy.childContexts(e, usedOnce: once)) {
                    visitReads(child, usedOnce: context)
                }
            }
            for s in body {
                _ = Self.mappingExpressions(s, contexts: copy) { e, once in
                    if !isDeadStore(e) { visitReads(e, usedOnce: once) }
                    return e
                }
            }
            copy.readManyTimes = many
        }
        return copy
    }

    /// The expressions whose equal copies `occursOnce` looks for: float sums, differences and
    /// products, and user calls (inlined, then merged).
    static func mayBeMerged(_ e: TypedExpression) -> Bool {
        switch e.kind {
        case .binary(let op, _, _): [.add, .subtract, .multiply].contains(op) && MesaReassociation.isFloatValue(e)
        case .call: true
        default: false
        }
    }

    /// False when NIR would merge `e` with an equal expression elsewhere in the function.
    func occursOnce(_ e: TypedExpression) -> Bool {
        !Self.mayBeMerged(e) || occurrences[e.fingerprint, default: 1] <= 1
    }

    /// The one value of local `v` when only its declaration sets it; nil otherwise.
    func definition(of v: Variable) -> TypedExpression? { definitions[v.id] }

    /// True when parameter `p` is an `in` parameter read at most once and never written.
    func parameterUsedOnce(_ p: Variable) -> Bool {
        guard case .parameter(.in) = p.storage else { return false }
        return reads[p.id, default: 0] <= 1 && writes[p.id, default: 0] == 0
    }

    /// Calls `visit` on `e` and each node under it with whether its value is used once.
    func visitContexts(_ e: TypedExpression, usedOnce: Bool, _ visit: (TypedExpression, Bool) -> Void) {
        let once = usedOnce && occursOnce(e)
        visit(e, once)
        for (child, context) in zip(e.children, childContexts(e, usedOnce: once)) {
            visitContexts(child, usedOnce: context, visit)
        }
    }

    /// Calls `f` on `s` and every statement inside it.
    static func forEachStatement(_ s: TypedStatement, _ f: (TypedStatement) -> Void) {
        f(s)
        s.substatements.forEach { forEachStatement($0, f) }
    }

    /// `s` with each top-level expression rewritten by `transform`, which is told whether the
    /// statement uses the value once: a declaration's initializer as `storedValueUsedOnce`, a
    /// return value as `returnsUsedOnce`, conditions and expression statements once.
    static func mappingExpressions(
        _ s: TypedStatement, contexts uses: ValueUses, _ transform: (TypedExpression, Bool) -> TypedExpression
    ) -> TypedStatement {
        s.mappingExpressions { e, place in
            switch place {
            case .initializer(let v): transform(e, uses.storedValueUsedOnce(v) || uses.everyComponentUsedOnce(v))
            case .returnValue: transform(e, uses.returnsUsedOnce)
            case .other: transform(e, true)
            }
        }
    }

    /// True when no statement of the function writes `v`.
    func neverWritten(_ v: Variable) -> Bool { writes[v.id, default: 0] == 0 }

    /// True when every variable `e` reads keeps its value for the whole function, or, for the
    /// counter of a loop that only its step writes, for a trip of its loop's body (where every
    /// local whose value reads it is declared and read).
    func readsOnlyUnchangedValues(_ e: TypedExpression) -> Bool {
        if case .variable(let v) = e.kind {
            switch v.storage {
            case .uniform, .attribute, .varying, .constant: return true
            case .local: return neverWritten(v) || stepCounters.contains(v.id)
            case .parameter(.in), .builtin: return neverWritten(v)
            default: return false
            }
        }
        return e.children.allSatisfy(readsOnlyUnchangedValues)
    }

    /// The locals of `definitions` whose definitions read, at every read of the local, the
    /// values they read at the declaration (see `stableDefinitions`).
    static func stableDefinitions(_ body: [TypedStatement], _ definitions: [Int: TypedExpression]) -> Set<Int> {
        var stable = Set<Int>()
        // What a definition reads, through the definitions of the locals it reads: a value
        // seen through two locals is read where the second is, so the variables under both
        // must keep their values over both locals' ranges.
        var deepReads: [Int: Set<Int>] = [:]
        func reads(of id: Int) -> Set<Int> {
            if let known = deepReads[id] { return known }
            guard let value = definitions[id] else { return [] }
            deepReads[id] = []
            var all = MesaUndefinedValues.readVariables(value)
            for r in all where definitions[r] != nil { all.formUnion(reads(of: r)) }
            deepReads[id] = all
            return all
        }
        func block(_ list: [TypedStatement]) {
            // Per statement, once: the variables it reads and writes, and whether it calls a
            // user function.
            var readSets: [Set<Int>] = [], writeSets: [Set<Int>] = [], calls: [Bool] = []
            for s in list {
                var read = Set<Int>(), call = false
                [s].forEachExpressionNode { e in
                    if case .variable(let v) = e.kind { read.insert(v.id) }
                    if case .call = e.kind { call = true }
                }
                readSets.append(read)
                writeSets.append([s].variableIDs(\.writtenVariables))
                calls.append(call)
            }
            for (i, s) in list.enumerated() {
                if case .declarations(let ds) = s.kind {
                    for d in ds {
                        guard definitions[d.variable.id] != nil,
                              let last = (i + 1 < list.count ? (i + 1)..<list.count : list.count..<list.count)
                                .last(where: { readSets[$0].contains(d.variable.id) }) else { continue }
                        let needed = reads(of: d.variable.id)
                        let range = (i + 1)...last
                        if !range.contains(where: { calls[$0] || !writeSets[$0].isDisjoint(with: needed) }) {
                            stable.insert(d.variable.id)
                        }
                    }
                }
                for t in s.substatements {
                    if case .block(let inner) = t.kind { block(inner) } else { block([t]) }
                }
            }
        }
        block(body)
        return stable
    }

    /// True when every read of local `v` sees the variables its one value reads as they were
    /// at its declaration: the value can be computed again where `v` is read.
    func definitionIsStable(_ v: Variable) -> Bool { stableDefinitions.contains(v.id) }

    /// True when every local `e` reads that has one value (a definition) keeps, at its
    /// reads, what that value reads (`definitionIsStable`): `e`'s operands can be seen
    /// through those locals and read where `e` is.
    func readsStableDefinitions(_ e: TypedExpression) -> Bool {
        MesaUndefinedValues.readVariables(e).allSatisfy { id in definitions[id] == nil || stableDefinitions.contains(id) }
    }

    /// The counters of the `for` loops in `body` that its initializer declares alone, its step
    /// writes, and nothing else writes.
    static func stepCounters(_ body: [TypedStatement]) -> Set<Int> {
        var counters = Set<Int>()
        var writtenElsewhere = Set<Int>()
        func writes(_ e: TypedExpression) -> Set<Int> {
            [TypedStatement(kind: .expression(e), span: e.span)].variableIDs(\.writtenVariables)
        }
        for s in body {
            forEachStatement(s) { t in
                if case .forLoop(let i?, _, let step?, _) = t.kind, case .declarations(let ds) = i.kind, ds.count == 1,
                   writes(step).contains(ds[0].variable.id) {
                    counters.insert(ds[0].variable.id)
                }
            }
        }
        for s in body {
            forEachStatement(s) { t in
                var written = t.expressions.reduce(into: Set<Int>()) { $0.formUnion(writes($1)) }
                // The step's write of its own counter is the one allowed.
                if case .forLoop(let i?, let c, let step?, _) = t.kind, case .declarations(let ds) = i.kind, ds.count == 1 {
                    written = (c.map(writes) ?? []).union(writes(step).subtracting([ds[0].variable.id]))
                }
                writtenElsewhere.formUnion(written)
            }
        }
        return counters.subtracting(writtenElsewhere)
    }

    /// True when component `i` of the value stored in local `v` (which only its declaration
    /// sets) is used at most once: NIR's values are scalars by the time its rules run.
    func componentUsedOnce(_ v: Variable, _ i: Int) -> Bool {
        guard case .local = v.storage, i < 4 else { return false }
        return (componentReads[v.id]?[i] ?? 0) <= 1 && writes[v.id, default: 0] == 0 && !readManyTimes.contains(v.id)
    }

    /// True when component `i` of local `v` is read at most once in the text and `v` is never
    /// written after its declaration (what NIR's `is_used_once` asks of the instruction that
    /// computes the component, whatever uses the value it feeds).
    func componentReadOnce(_ v: Variable, _ i: Int) -> Bool {
        guard case .local = v.storage, i < 4 else { return false }
        return (componentReads[v.id]?[i] ?? 0) <= 1 && writes[v.id, default: 0] == 0
    }

    /// True when `v` is a vector local each component of which is used at most once: NIR's
    /// values are scalars, so each component of its initializer is used once (`p = mod(p +
    /// 10.0, 20.0) - 10.0` with `p.z` and `p.xy` read apart: fscfWX's folded space).
    func everyComponentUsedOnce(_ v: Variable) -> Bool {
        v.type.isVector && (0..<v.type.componentCount).allSatisfy { componentUsedOnce(v, $0) }
    }

    /// True when the value stored in local `v` is used at most once.
    func storedValueUsedOnce(_ v: Variable, extraWrites: Int = 0) -> Bool {
        guard case .local = v.storage else { return false }
        return reads[v.id, default: 0] <= 1 && writes[v.id, default: 0] <= extraWrites && !readManyTimes.contains(v.id)
    }

    /// Per operand of `e`, whether `e` uses it once (its own context given).
    func childContexts(_ e: TypedExpression, usedOnce: Bool) -> [Bool] {
        let n = e.children.count
        switch e.kind {
        case .constant, .variable: return []
        case .binary(let op, let a, let b):
            switch op {
            case .add, .subtract, .multiply, .divide:
                return Array(repeating: !a.type.isMatrix && !b.type.isMatrix, count: 2)
            case .less, .greater, .lessEqual, .greaterEqual, .equal, .notEqual:
                return [true, true]
            default: return [false, false]
            }
        case .unary(let op, _): return [op == .negate || op == .plus]
        case .swizzle: return [true]
        case .field, .index, .comma: return Array(repeating: false, count: n)
        case .ternary: return [true, true, true]
        case .assignment(let op, let target, let value):
            switch op {
            case nil:
                if case .variable(let v) = target.kind { return [false, storedValueUsedOnce(v, extraWrites: 1)] }
                return [false, false]
            case .add?, .subtract?, .multiply?, .divide?:
                return [false, !value.type.isMatrix && !target.type.isMatrix]
            default: return [false, false]
            }
        case .call(let symbol, _):
            let once = parametersUsedOnce[definitionID(symbol)] ?? []
            return (0..<n).map { $0 < once.count && once[$0] }
        case .builtinCall(let o, _) where [.floatBitsToInt, .floatBitsToUint, .intBitsToFloat, .uintBitsToFloat].contains(o.function):
            // A reinterpretation is a move: its argument is used as often as its result.
            return [usedOnce]
        case .builtinCall(let o, let args):
            return Self.usesArgumentsOnce(o.function, args) ? Array(repeating: true, count: n) : Array(repeating: false, count: n)
        case .construct(let kind, let args):
            switch kind {
            case .vectorFromComponents: return args.map { $0.type.componentCount == 1 }
            case .scalarConversion, .implicitConversion:
                // A conversion between kinds (`int(x)`, NIR's f2i) is an operation of its own that
                // uses its operand once; to the same kind it is a move.
                guard args[0].type.componentCount == 1 else { return [false] }
                return [args[0].type.scalarKind != e.type.scalarKind || usedOnce]
            default: return Array(repeating: false, count: n)
            }
        }
    }

    /// Built-ins Mesa computes with one read of each argument (one NIR instruction, or a
    /// chain reading each argument once); the rest (`length`, `dot`, `mod`, `mix`, `atan`,
    /// `smoothstep`, texture lookups, …) read some argument more than once.
    static func usesArgumentsOnce(_ f: BuiltinFunction, _ args: [TypedExpression]) -> Bool {
        switch f {
        case .radians, .degrees, .sin, .cos, .exp, .log, .exp2, .log2, .sqrt, .inversesqrt, .abs, .sign, .floor,
             .ceil, .fract, .min, .max, .clamp, .step, .pow, .trunc, .round, .roundEven, .dFdx, .dFdy:
            return true
        case .dot:
            return args.allSatisfy { $0.type.componentCount == 1 }
        default:
            return false
        }
    }
}
