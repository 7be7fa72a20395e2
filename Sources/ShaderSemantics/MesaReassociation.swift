import ShaderDiagnostics

extension CheckedShader {
    /// The shader with its float constants regrouped as Mesa's NIR regroups them before
    /// llvmpipe runs it, so that both of Shade's engines and its reference interpreter compute
    /// the same roundings llvmpipe computes.
    ///
    /// NIR's algebraic pass folds two constants that one non-constant operand separates
    /// (`nir_opt_algebraic`, "reassociate constants in add/mul chains"):
    ///
    /// - `(x * c1) * c2` is `(c1 * c2) * x`, in any order of the operands, a negation of either
    ///   product pulled out first (`-x * 2.0 * 3.0` is `-(6.0 * x)`);
    /// - `(x + c1) + c2` is `(c1 + c2) + x`, subtractions read as additions of the negated
    ///   operand: `(x - 1.0) + 0.5` is `x + (-1.0 + 0.5)`, `2.0 - (1.0 - x)` is `(2.0 - 1.0) + x`,
    ///   `(x + 1.8) - 0.7` is `1.1 + x` (measured again on 7 December 2026); through the values
    ///   of locals too (`MesaSumChains.constantSumThroughValues`);
    /// - `exp(x)` is `exp2(x * log2(e))` and `log(x)` is `log2(x) * ln(2)` by then, so
    ///   `exp(-d * 2.0)` is `exp2(-((2.0 * log2(e)) * d))` and `log(x) * 0.5` is
    ///   `log2(x) * (ln(2) * 0.5)`.
    ///
    /// - `(a * b + c * d) + e`, two products summed once and a third term that is not a
    ///   product, is `(a * b + e) + c * d` (NIR's "reassociate add chains for more MAD/FMA-friendly
    ///   code", which llvmpipe runs although it fuses nothing): `(x*x - y*y) + w` is
    ///   `(x*x + w) - y*y`, `w + (x*x - y*y)` too, `(x*x + y*y) + 1.0` is `(x*x + 1.0) + y*y`; see
    ///   `MesaSumChains`.
    ///
    /// Each rounds differently from the source's order, and a chaotic shader (a hash, a
    /// feedback buffer) shows it. Measured with glref.py on Mesa 22.3.6 (README "Calls Mesa
    /// evaluates when compiling"): the rules above apply; `x / 3.0` stays as written, and so do
    /// `(x * y) * c` and `(x + y) + c` with two non-constant operands unless both operations are
    /// used once (`MesaConstantPropagation`). Integers are exact under any grouping and are left
    /// alone.
    ///
    /// The passes, in order: assignments inside expressions made statements
    /// (`MesaAssignmentHoisting`), assignments made versions (`MesaVersioning`), calls of simple
    /// functions written out (`MesaInlining`), locals
    /// read once read where the rules can use them (`MesaForwardSubstitution`), the constant
    /// rules above with `pow` and `dot` lowered, constants moved into chains used once
    /// (`MesaConstantPropagation`), then the sum rules (`MesaSumChains`).
    public func reassociated() -> CheckedShader {
        let rewriter = MesaReassociation()
        // Versions first: a function that assigns its parameter (`p = fract(p * c); p += …;
        // return …;`) is then declarations and a return, simple enough to write out.
        // Constants first, so that a loop bounded by a local holding one is seen as counted.
        let unrolled = MesaLoopCopies.rewriting(MesaKnownValues.rewriting(MesaAssignmentHoisting.rewriting(self)))
        var versioning = MesaVersioning(nextID: MesaInlining.largestVariableID(unrolled) + 1)
        let versioned = unrolled.rewriting(function: { versioning.rewrite($0) }, declaration: { $0 })
        let loopCopyVersions = versioning.loopCopyVersions
        var inlined = MesaKnownValues.rewriting(
            versioned.rewriting(function: MesaInlining.rewriting(versioned), declaration: { $0 }))
        // The globals the calls written out assign (`SEED += 1.2312;` in a `Rand()`) get
        // versions where they now are, as NIR's, which makes them locals of `main`, does.
        var globalVersioning = MesaVersioning(nextID: MesaInlining.largestVariableID(inlined) + 1, globalsOnly: true)
        inlined = inlined.rewriting(function: { globalVersioning.rewrite($0) }, declaration: { $0 })
        // A parameter that is a constant +0.0 where the call is written out can make a division
        // by zero (`smin(a, b, 0.0)` dividing by its `k`): undefined to LLVM, as one written in
        // the source is, so the undefined values are made explicit again.
        if inlined.divisionsByConstantZero > versioned.divisionsByConstantZero {
            inlined = inlined.undefinedValuesMadeExplicit()
        }
        // Inside `if (c)`, a select on `c` is its side (`MesaConditionUses`).
        inlined = inlined.rewriting(
            function: { f in
                let uses = ValueUses(parametersUsedOnce: [:], definitionID: { $0.id }).counting(f.body)
                return CheckedFunction(symbol: f.symbol, parameters: f.parameters, body: MesaConditionUses(uses: uses).rewrite(f.body),
                                       callees: f.callees, span: f.span)
            },
            declaration: { $0 })
        inlined = MesaScaledVectors.rewriting(inlined)
        // A `mix` of a constant weight is two products and a sum before NIR's rules, so a
        // local holding one is seen through per component like any sum.
        inlined = inlined.rewriting(
            function: { f in
                CheckedFunction(symbol: f.symbol, parameters: f.parameters,
                                body: f.body.map { $0.mappingExpressions(rewriter.mixesLowered) }, callees: f.callees, span: f.span)
            },
            declaration: { $0.mappingInitializer(rewriter.mixesLowered) })
        let substituted = inlined.rewriting(
            function: { f in
                let uses = ValueUses(parametersUsedOnce: [:], definitionID: { $0.id }).counting(f.body)
                let body = MesaForwardSubstitution.rewrite(f.body, uses: uses, loopCopyVersions: loopCopyVersions)
                return CheckedFunction(symbol: f.symbol, parameters: f.parameters, body: body, callees: f.callees, span: f.span)
            },
            declaration: { $0 })
        // A component substituted from a vector's value may be a known constant (`p.y` of
        // `p = ro + rd * d` is `ro.y + rd.y * d`, and `ro.y` is 1.8), which the rules must see.
        let regrouped = MesaKnownValues.rewriting(substituted, componentsOnly: true).rewriting(
            function: { f in
                CheckedFunction(
                    symbol: f.symbol, parameters: f.parameters, body: f.body.map { $0.mappingExpressions(rewriter.rewrite) },
                    callees: f.callees, span: f.span)
            },
            declaration: { $0.mappingInitializer(rewriter.rewrite) })
        let propagating = MesaConstantPropagation.rewriting(regrouped)
        return regrouped.rewriting(
            function: { f in
                let body = propagating(f).body
                let sums = MesaSumChains(uses: ValueUses(parametersUsedOnce: [:], definitionID: { $0.id }).counting(body))
                return CheckedFunction(
                    symbol: f.symbol, parameters: f.parameters, body: body.map { $0.mappingExpressions(sums.rewrite) },
                    callees: f.callees, span: f.span)
            },
            declaration: { $0.mappingInitializer(MesaSumChains().rewrite) })
    }
}

extension VariableDeclaration {
    /// The declaration with its initializer rewritten by `transform`.
    func mappingInitializer(_ transform: (TypedExpression) -> TypedExpression) -> VariableDeclaration {
        VariableDeclaration(variable: variable, initializer: initializer.map(transform), span: span)
    }
}

extension TypedStatement {
    /// Where a top-level expression of a statement stands.
    enum ExpressionPlace {
        /// The initializer of this variable's declaration.
        case initializer(Variable)
        /// The value of a `return`.
        case returnValue
        /// An expression statement, a condition or a loop's step.
        case other
    }

    /// The statement with every expression in it (nested statements' too) rewritten by
    /// `transform`, which is given each top-level expression.
    func mappingExpressions(_ transform: (TypedExpression) -> TypedExpression) -> TypedStatement {
        mappingExpressions { e, _ in transform(e) }
    }

    /// The statement with every top-level expression in it (nested statements' too) rewritten by
    /// `transform`, which is told where each one stands.
    func mappingExpressions(_ transform: (TypedExpression, ExpressionPlace) -> TypedExpression) -> TypedStatement {
        func inner(_ s: TypedStatement) -> TypedStatement { s.mappingExpressions(transform) }
        func other(_ e: TypedExpression) -> TypedExpression { transform(e, .other) }
        let kind: Kind
        switch self.kind {
        case .expression(let e): kind = .expression(other(e))
        case .declarations(let ds): kind = .declarations(ds.map { d in d.mappingInitializer { transform($0, .initializer(d.variable)) } })
        case .block(let body): kind = .block(body.map(inner))
        case .ifElse(let c, let t, let e): kind = .ifElse(other(c), inner(t), e.map(inner))
        case .forLoop(let i, let c, let st, let body):
            kind = .forLoop(initializer: i.map(inner), condition: c.map(other), step: st.map(other), body: inner(body))
        case .whileLoop(let c, let body): kind = .whileLoop(other(c), inner(body))
        case .doWhile(let body, let c): kind = .doWhile(inner(body), other(c))
        case .return(let v?): kind = .return(transform(v, .returnValue))
        case .break, .continue, .discard, .return(nil), .empty: return self
        }
        return TypedStatement(kind: kind, span: span)
    }
}

/// The rewriting behind `CheckedShader.reassociated()`.
struct MesaReassociation {
    /// `log2(e)` and `ln(2)` as fp32, the constants NIR's `exp` and `log` multiply by (and
    /// `LlvmpipeMath.exp`/`log`).
    static let log2e = Float(bitPattern: 0x3fb8_aa3b)
    static let ln2 = Float(bitPattern: 0x3f31_7218)

    /// `e` with every operand rewritten, then the node itself.
    func rewrite(_ e: TypedExpression) -> TypedExpression {
        if e.constantValue != nil { return e }
        let node = e.mappingChildren(rewrite)
        return regrouped(node) ?? node
    }

    /// A float scalar or vector (the rules are not applied to matrices).
    static func isFloatValue(_ e: TypedExpression) -> Bool {
        e.type.scalarKind == .float && !e.type.isMatrix && e.type.componentCount <= 4
    }

    func regrouped(_ e: TypedExpression) -> TypedExpression? {
        guard Self.isFloatValue(e) else { return nil }
        if let distributed = perComponent(e) { return distributed }
        switch e.kind {
        case .binary(.multiply, let a, let b):
            if let product = constantProduct(e.type, a, b, span: e.span) { return product }
            // `log(x) * c`: `log2(x) * (ln(2) * c)`.
            for (x, k) in [(a, b), (b, a)] {
                guard let c = k.constantValue, case .builtinCall(let o, let args) = x.kind, o.function == .log,
                      let folded = Self.fold(.multiply, .float(Self.ln2), c) else { continue }
                let log2 = TypedExpression(
                    .builtinCall(BuiltinOverload(function: .log2, parameterTypes: o.parameterTypes, returnType: o.returnType), args),
                    type: x.type, span: x.span)
                return TypedExpression(.binary(.multiply, Self.constant(folded, e.span), log2), type: e.type, span: e.span)
            }
            return nil
        case .binary(.add, let a, let b): return constantSum(e.type, (a, false), (b, false), span: e.span)
        case .binary(.subtract, let a, let b): return constantSum(e.type, (a, false), (b, true), span: e.span)
        case .builtinCall(let o, let args) where o.function == .dot && args.count == 2 && args[0].type.isVector:
            return loweredDot(args[0], args[1], span: e.span)
        case .builtinCall(let o, let args) where o.function == .pow && args.count == 2:
            // NIR's `fpow(a, 2.0) -> fmul(a, a)` (and `fpow(a, 1.0) -> a`, `fpow(a, 4.0)`), written out here so
            // that the rules after it see the product (`pow(x, 2.0) * 0.01` is `(x * 0.01) * x`
            // when used once). An operand with effects keeps the call (the compiler and the
            // interpreter square it themselves).
            guard let e1 = args[1].constantValue, MesaSumChains.isPure(args[0]) else { return nil }
            let exponents = Set(e1.components.map { c -> Float? in if case .float(let v) = c { v } else { nil } })
            guard exponents.count == 1, let exponent = exponents.first ?? nil else { return nil }
            if exponent == 1, args[0].type == e.type { return args[0] }
            // llvmpipe's `pow(x, y)` is `x == 0.0 ? 0.0 : exp2(log2(x) * y)`, and its multiply
            // of a constant zero is zero when it builds the code: `pow(x, 0.0)` is `x != 0.0 ?
            // 1.0 : 0.0`, 1 for a negative `x` too (NaN by IEEE; `dly3WG`'s vignette), 0 for 0.
            if exponent == 0 {
                let zero = ConstantValue(type: args[0].type, components: Array(repeating: .float(0), count: args[0].type.componentCount))
                let width = e.type.componentCount
                let comparison = width == 1
                    ? TypedExpression(.binary(.notEqual, args[0], Self.constant(zero, e.span)), type: .bool, span: e.span)
                    : TypedExpression(
                        .builtinCall(BuiltinOverload(function: .notEqual, parameterTypes: [e.type, e.type],
                                                     returnType: .vector(of: .bool, size: width)),
                                     [args[0], Self.constant(zero, e.span)]),
                        type: .vector(of: .bool, size: width), span: e.span)
                return TypedExpression(.construct(width == 1 ? .scalarConversion : .vectorFromComponents, [comparison]),
                                       type: e.type, span: e.span)
            }
            let square = TypedExpression(.binary(.multiply, args[0], args[0]), type: e.type, span: e.span)
            if exponent == 2 { return square }
            // `fpow(a, 4.0) -> fmul(fmul(a, a), fmul(a, a))`.
            if exponent == 4 { return TypedExpression(.binary(.multiply, square, square), type: e.type, span: e.span) }
            return nil
        case .builtinCall(let o, let args) where o.function == .mod && args.count == 2:
            // NIR lowers `mod(x, y)` to `x - y * floor(x / y)` before its rules, which then see
            // the difference and the product (`f + mod(y, c)` is `(y + f) - c * floor(y / c)`
            // when `y` is a product). Written out when `y` can be read again for free and `x` is
            // small; a constant `y` with a zero component keeps the call (NIR makes that `x`).
            let (x, y) = (args[0], args[1])
            guard x.type.scalarKind == .float, MesaSumChains.isPure(x), Self.isReadAgainFree(y),
                  Self.nodeCount(x) <= 16 else { return nil }
            if let c = y.constantValue, c.components.contains(where: { $0.floatValue == 0 }) { return nil }
            let quotient = TypedExpression(.binary(.divide, x, y), type: e.type, span: e.span)
            let floor = TypedExpression(
                .builtinCall(BuiltinOverload(function: .floor, parameterTypes: [e.type], returnType: e.type), [quotient]),
                type: e.type, span: e.span)
            let product = TypedExpression(.binary(.multiply, y, floor), type: e.type, span: e.span)
            return TypedExpression(.binary(.subtract, x, product), type: e.type, span: e.span)
        case .builtinCall(let o, let args) where o.function == .mix && args.count == 3 && args[2].type.scalarKind == .float:
            // A constant weight was written out before forward substitution (`mixesLowered`);
            // one known only when running is written out here, once `dot`s are lowered and
            // ends that are equal per component can be seen.
            guard let equal = mixOfEqualEnds(e, args[0], args[1], args[2]) else {
                return mixOfVaryingWeight(e, args[0], args[1], args[2])
            }
            return equal
        case .builtinCall(let o, let args) where o.function == .exp && args.count == 1:
            // `exp(x)` is `exp2(x * log2(e))`; worth writing so only when the product regroups.
            let x = args[0]
            let log2e = Self.constant(ConstantValue.float(Self.log2e), x.span)
            guard let product = constantProduct(x.type, x, log2e, span: x.span) else { return nil }
            return TypedExpression(
                .builtinCall(BuiltinOverload(function: .exp2, parameterTypes: o.parameterTypes, returnType: o.returnType), [product]),
                type: e.type, span: e.span)
        default:
            return nil
        }
    }

    /// NIR's `flrp(a, a, t) -> a`, on each component: `mix(dot(p, x) * x, p, c)` with `x =
    /// vec3(1, 0, 0)` is `vec3(p.x, mix(0.0, p.y, c), mix(0.0, p.z, c))` on llvmpipe, once NIR has
    /// dropped the products by 0 and 1, so an infinite `p.x` stays infinite where `mix(inf, inf,
    /// c)` is NaN (NdjGDm's `erot`). Ends equal up to products by 1 and sums with products by 0.
    func mixOfEqualEnds(_ e: TypedExpression, _ a: TypedExpression, _ b: TypedExpression, _ t: TypedExpression) -> TypedExpression? {
        guard MesaSumChains.isPure(a), MesaSumChains.isPure(b), MesaSumChains.isPure(t) else { return nil }
        func same(_ x: TypedExpression, _ y: TypedExpression) -> Bool {
            Self.droppingUnitTerms(x).description == Self.droppingUnitTerms(y).description
        }
        let n = e.type.componentCount
        if n == 1 { return same(a, b) && b.type == e.type ? b : nil }
        guard e.type.isVector, let xs = Self.components(of: a, n) ?? Self.scaledBasis(a, n),
              let ys = Self.components(of: b, n), let ts = Self.components(of: t, n) ?? (t.type.isScalar ? Array(repeating: t, count: n) : nil),
              zip(xs, ys).contains(where: same) else { return nil }
        let scalar = BuiltinOverload(function: .mix, parameterTypes: [.float, .float, .float], returnType: .float)
        let parts = (0..<n).map { i in
            same(xs[i], ys[i]) ? ys[i] : TypedExpression(.builtinCall(scalar, [xs[i], ys[i], ts[i]]), type: .float, span: e.span)
        }
        return TypedExpression(.construct(.vectorFromComponents, parts), type: e.type, span: e.span)
    }

    /// `e` with every `mix` of a constant weight written as `mixOfConstantWeight` writes it
    /// (one whose ends are equal is left to `mixOfEqualEnds`).
    func mixesLowered(_ e: TypedExpression) -> TypedExpression {
        if e.constantValue != nil { return e }
        let node = e.mappingChildren(mixesLowered)
        guard case .builtinCall(let o, let args) = node.kind, o.function == .mix, args.count == 3,
              args[2].type.scalarKind == .float, mixOfEqualEnds(node, args[0], args[1], args[2]) == nil else { return node }
        return mixOfConstantWeight(node, args[0], args[1], args[2]) ?? node
    }

    /// `mix(x, y, t)` with a weight that is not constant as NIR's `flrp` lowering writes it for
    /// llvmpipe, so that the rules see its operations (each form measured with glref.py on Mesa
    /// 22.3.6):
    ///
    /// - two constant ends the "fast" form below, their difference folded;
    /// - an end of zeros or ones takes the "strict" form `x * (1 - t) + y * t` with the
    ///   products by 0 and 1 dropped: `mix(0.0, y, t)` is `y * t`, `mix(x, 0.0, t)` is
    ///   `x * (1.0 - t)`, `mix(x, 1.0, t)` is `x * (1.0 - t) + t` (and `mix(1.0, y, t)` is
    ///   `(1.0 - t) + y * t`, below);
    /// - anything else the "fast" form `x + t * (y - x)`, which llvmpipe's engines compute for a
    ///   call too, written out so that the rules see `y - x`: constant ends fold their difference
    ///   and a constant it is multiplied by moves into the weight's products (`mix(0.455,
    ///   0.325, smoothstep(-0.5, 1.0, v))` is `0.455 + (u * -0.13) * (u * (3.0 - 2.0 * u))`,
    ///   4ltGDS's sky), and with lowered `dot`s of gradients as ends, `(p + q) - x` is
    ///   `(p - x) + q` (the MAD rule; gradient noise's `mix(a, b, u.x)`, 4ltGDS's terrain). NIR
    ///   lowers after its rules have run on `y` once, so a sum `y` that distributes
    ///   (`u * v + v * 0.3`) is factored first.
    ///
    /// Nil when an operand read twice is large (more than 16 nodes) or, for the weight, cannot be
    /// read again for free; when an end is a constant with some components but not all 0 or 1
    /// (NIR picks per component); and for a weight that is a boolean made float (`step(e, x)`,
    /// `float(c)`: NIR's `flrp(a, b, b2f(c))` is a select, which the engines' `mix` computes).
    func mixOfVaryingWeight(_ e: TypedExpression, _ x: TypedExpression, _ y: TypedExpression, _ t: TypedExpression) -> TypedExpression? {
        switch t.kind {
        case .builtinCall(let o, _) where o.function == .step: return nil
        case .construct(.scalarConversion, let args) where args.first?.type.scalarKind == .bool: return nil
        default: break
        }
        guard t.constantValue == nil, x.type == e.type, y.type == e.type, MesaSumChains.isPure(x), MesaSumChains.isPure(y),
              MesaSumChains.isPure(t) else { return nil }
        func all(_ c: ConstantValue?, _ v: Float) -> Bool { c?.components.allSatisfy { $0.floatValue == v } ?? false }
        func some(_ c: ConstantValue?) -> Bool { c?.components.contains { $0.floatValue == 0 || $0.floatValue == 1 } ?? false }
        // Each new operation through the rules (the operands are rewritten already).
        func node(_ op: BinaryOperator, _ a: TypedExpression, _ b: TypedExpression) -> TypedExpression {
            let n = TypedExpression(.binary(op, a, b), type: e.type, span: e.span)
            return regrouped(n) ?? n
        }
        // NIR's `flrp(a * b, a * c, t) -> flrp(b, c, t) * a`: ends that are products with a
        // common factor mix the other factors, then multiply (`mix(floor(y) * 8.0, floor(-y) *
        // 8.0, t)` is `(f + t * (g - f)) * 8.0`, which the MAD rule then leaves alone:
        // NdGyD3's columns).
        if x.constantValue == nil, y.constantValue == nil,
           let (xa, xb) = MesaSumChains.factors(x), let (ya, yb) = MesaSumChains.factors(y) {
            for (cx, rx) in [(xa, xb), (xb, xa)] {
                for (cy, ry) in [(ya, yb), (yb, ya)] where MesaSumChains.isSameValue(cx, cy) {
                    guard rx.type == e.type, ry.type == e.type, MesaSumChains.isPure(cx) else { continue }
                    let inner = mixOfVaryingWeight(e, rx, ry, t)
                        ?? TypedExpression(.builtinCall(BuiltinOverload(function: .mix, parameterTypes: [e.type, e.type, t.type], returnType: e.type), [rx, ry, t]),
                                           type: e.type, span: e.span)
                    let product = TypedExpression(.binary(.multiply, inner, cx), type: e.type, span: e.span)
                    return regrouped(product) ?? product
                }
            }
        }
        let (xc, yc) = (x.constantValue, y.constantValue)
        if let xc, let yc {
            guard let k = Self.fold(.subtract, yc, xc) else { return nil }
            return node(.add, x, node(.multiply, t, Self.constant(k, y.span)))
        }
        if all(xc, 0) { return node(.multiply, y, t) }
        let one = Self.constant(ConstantValue(type: t.type, components: Array(repeating: .float(1), count: t.type.componentCount)), t.span)
        let difference = TypedExpression(.binary(.subtract, one, t), type: t.type, span: t.span)
        let complement = regrouped(difference) ?? difference
        if all(yc, 0) { return node(.multiply, x, complement) }
        if all(yc, 1) { return Self.isReadAgainFree(t) ? node(.add, node(.multiply, x, complement), t) : nil }
        if all(xc, 1) || some(xc) || some(yc) { return nil }
        // `x` is read twice: a small value is computed twice (the same bits), as NIR uses its one
        // value twice.
        guard xc != nil || Self.isReadAgainFree(x) || Self.nodeCount(x) <= 16 else { return nil }
        return node(.add, x, node(.multiply, t, node(.subtract, MesaSumChains.factored(y) ?? y, x)))
    }

    /// `mix(x, y, c)` with a constant weight as NIR's `flrp` lowering writes it for llvmpipe,
    /// `x * (1.0 - c) + y * c`, so that the rules see both products: `mix(a, b * 0.7, 0.3)` is
    /// `a * 0.7 + 0.21 * b`, `mix(1.0, s, 0.75)` is `0.25 + s * 0.75` (measured with glref.py on
    /// Mesa 22.3.6). A weight of all zeros or all ones is that end; one with some components 0 or
    /// 1 keeps the call (NIR picks an end per component).
    /// With an end of 1.0 and a weight that is not constant, `mix(1.0, y, t)` is `(1.0 - t) + y * t`.
    func mixOfConstantWeight(_ e: TypedExpression, _ x: TypedExpression, _ y: TypedExpression, _ t: TypedExpression) -> TypedExpression? {
        if t.constantValue == nil, let one = x.constantValue, one.components.allSatisfy({ $0.floatValue == 1 }),
           x.type == e.type, y.type == e.type, MesaSumChains.isPure(y), Self.isReadAgainFree(t) {
            let complement = TypedExpression(.binary(.subtract, x, t), type: e.type, span: e.span)
            let product = TypedExpression(.binary(.multiply, y, t), type: e.type, span: e.span)
            let sum = TypedExpression(.binary(.add, regrouped(complement) ?? complement, regrouped(product) ?? product),
                                      type: e.type, span: e.span)
            return regrouped(sum) ?? sum
        }
        // A weight of all zeros or all ones picks an end (NIR's `flrp(a, b, 0.0) -> a` and
        // `flrp(a, b, 1.0) -> b`), exactly, where `x + (y - x) * 1.0` rounds (`mix(vec3(1.0), rgb,
        // c.y)` with `c = vec3(h, 1, v)`, X3syWs's hsv2rgb).
        if let c = t.constantValue, x.type == e.type, y.type == e.type {
            if c.components.allSatisfy({ $0.floatValue == 0 }) { return x }
            if c.components.allSatisfy({ $0.floatValue == 1 }) { return y }
        }
        guard let c = t.constantValue, c.components.allSatisfy({ $0.floatValue != 0 && $0.floatValue != 1 }),
              x.type == e.type, y.type == e.type, MesaSumChains.isPure(x), MesaSumChains.isPure(y) else { return nil }
        let one = ConstantValue(type: t.type, components: Array(repeating: .float(1), count: t.type.componentCount))
        guard let complement = Self.fold(.subtract, one, c) else { return nil }
        func product(_ operand: TypedExpression, _ k: ConstantValue) -> TypedExpression? {
            if let v = operand.constantValue {
                return Self.fold(.multiply, v, k).map { Self.constant($0, e.span) }
            }
            let node = TypedExpression(.binary(.multiply, operand, Self.constant(k, t.span)), type: e.type, span: e.span)
            return regrouped(node) ?? node
        }
        guard let first = product(x, complement), let second = product(y, c) else { return nil }
        let sum = TypedExpression(.binary(.add, first, second), type: e.type, span: e.span)
        return regrouped(sum) ?? sum
    }

    /// `e` without NIR's exact `a * 1.0 -> a` and inexact `a + 0.0 -> a` (a product by a
    /// constant 0, or a sum of such products, being 0), for comparing values.
    static func droppingUnitTerms(_ e: TypedExpression) -> TypedExpression {
        func isAll(_ x: TypedExpression, _ v: Float) -> Bool {
            x.constantValue.map { c in c.components.allSatisfy { $0.floatValue == v } } ?? false
        }
        func isZero(_ x: TypedExpression) -> Bool {
            switch x.kind {
            case .binary(.multiply, let u, let w): return isAll(u, 0) || isAll(w, 0)
            case .binary(.add, let u, let w): return isZero(u) && isZero(w)
            default: return isAll(x, 0)
            }
        }
        switch e.kind {
        case .binary(.multiply, let u, let w) where isAll(w, 1) && u.type == e.type: return droppingUnitTerms(u)
        case .binary(.multiply, let u, let w) where isAll(u, 1) && w.type == e.type: return droppingUnitTerms(w)
        case .binary(.add, let u, let w) where isZero(u) && w.type == e.type: return droppingUnitTerms(w)
        case .binary(.add, let u, let w) where isZero(w) && u.type == e.type: return droppingUnitTerms(u)
        default: return e
        }
    }

    /// The components of `s * c` (or `c * s`), scalar `s` times a constant vector of zeros and
    /// ones: `s` where `c` is 1, 0 where it is 0 (NIR drops both products).
    static func scaledBasis(_ e: TypedExpression, _ n: Int) -> [TypedExpression]? {
        guard case .binary(.multiply, let u, let w) = e.kind else { return nil }
        let (s, c) = u.type.isScalar ? (u, w.constantValue) : (w, u.constantValue)
        guard s.type == .float, let c, c.components.count == n,
              c.components.allSatisfy({ $0.floatValue == 0 || $0.floatValue == 1 }) else { return nil }
        return c.components.map { $0.floatValue == 1 ? s : constant(.float(0), e.span) }
    }

    /// NIR's values are scalars: `vec2(j - 1.0, k - 1.0) - vec2(0.3)` is `j + -1.3` and
    /// `k + -1.3` to its rules, and `vec3(0.0) - 500.0 * vec3(c * s, …)` is `-500.0 * (c * s)`
    /// then `(c * 500.0) * s` negated (M3jXDy's camera): llvmpipe's NIR is scalar. A `+`, `-`
    /// or `*` of vectors built of scalars (or of one, `vec3(s)`), constants, and scalars or
    /// vectors that can be read again for free is written per component, so that the later
    /// rules see each component's operations.
    func perComponent(_ e: TypedExpression) -> TypedExpression? {
        guard e.type.isVector, case .binary(let op, _, _) = e.kind, [.add, .subtract, .multiply].contains(op),
              Self.buildsOfScalars(e), let parts = Self.components(of: e, e.type.componentCount) else { return nil }
        // The operands are rewritten already: only each component's new operation is left.
        return TypedExpression(.construct(.vectorFromComponents, parts.map { regrouped($0) ?? $0 }), type: e.type, span: e.span)
    }

    /// True when `e` (under `+`, `-`, `*` and negations) holds a vector built of scalars.
    static func buildsOfScalars(_ e: TypedExpression) -> Bool {
        switch e.kind {
        case .construct(.vectorFromComponents, _), .construct(.vectorFromScalar, _): return e.constantValue == nil
        // A constant vector times a scalar read again for free (`MesaScaledVectors`).
        case .binary(.multiply, let a, let b) where a.type.isScalar != b.type.isScalar && e.constantValue == nil &&
                (a.type.isScalar ? isReadAgainFree(a) && b.constantValue != nil : isReadAgainFree(b) && a.constantValue != nil):
            return true
        case .binary(let op, let a, let b) where [.add, .subtract, .multiply].contains(op): return buildsOfScalars(a) || buildsOfScalars(b)
        case .unary(.negate, let a): return buildsOfScalars(a)
        default: return false
        }
    }

    /// The `n` scalar expressions of float vector (or scalar, repeated) `e`, each computing
    /// only its component, nothing twice; nil when they cannot be written so.
    static func components(of e: TypedExpression, _ n: Int) -> [TypedExpression]? {
        guard e.type.scalarKind == .float, !e.type.isMatrix else { return nil }
        if let c = e.constantValue {
            return (0..<n).map { i in constant(ConstantValue(type: .float, components: [c.components[c.components.count == 1 ? 0 : i]]), e.span) }
        }
        if !e.type.isVector {
            return isReadAgainFree(e) ? Array(repeating: e, count: n) : nil
        }
        guard e.type.componentCount == n else { return nil }
        func scalar(_ kind: TypedExpression.Kind) -> TypedExpression { TypedExpression(kind, type: .float, span: e.span) }
        switch e.kind {
        case .construct(.vectorFromComponents, let args) where args.allSatisfy({ $0.type.scalarKind == .float && !$0.type.isMatrix }):
            // Each argument's components in turn (`vec3(uv * 2.0 - 1.0, 0.5)`; a scalar is itself).
            var parts: [TypedExpression] = []
            for a in args where parts.count < n {
                guard let each = a.type.isScalar ? [a] : components(of: a, a.type.componentCount) else { return nil }
                parts += each
            }
            return parts.count >= n ? Array(parts.prefix(n)) : nil
        case .construct(.vectorFromScalar, let args) where args.count == 1 && args[0].type == .float:
            return isReadAgainFree(args[0]) ? Array(repeating: args[0], count: n) : nil
        case .binary(let op, let a, let b) where [.add, .subtract, .multiply].contains(op):
            guard let x = components(of: a, n), let y = components(of: b, n) else { return nil }
            return zip(x, y).map { scalar(.binary(op, $0, $1)) }
        case .unary(.negate, let a):
            return components(of: a, n)?.map { scalar(.unary(.negate, $0)) }
        default:
            guard isReadAgainFree(e) else { return nil }
            let parts = (0..<n).compactMap { component(e, $0, span: e.span) }
            return parts.count == n ? parts : nil
        }
    }

    // MARK: Dot products

    /// `dot(a, b)` as Mesa lowers it for llvmpipe, one product per component summed from the
    /// last, `(a.z*b.z + a.y*b.y) + a.x*b.x`, so that the rules see its products and sums:
    /// `dot(v, vec3(c))` is `c * ((v.z + v.y) + v.x)` (NIR factors the common constant), and a
    /// product by 0 or 1 drops out. Only when each operand's components can be read again
    /// without computing anything (a variable, a swizzle of one, a constant) or are each read
    /// once (a vector built from scalars without effects); otherwise the compiler's dot, in the
    /// same order, stays.
    func loweredDot(_ a: TypedExpression, _ b: TypedExpression, span: SourceSpan) -> TypedExpression? {
        let n = a.type.componentCount
        guard a.type.scalarKind == .float, b.type == a.type, n >= 2, n <= 4 else { return nil }
        // Sums, differences, products and quotients of such operands too (`p3.yzx + 33.33`),
        // one operation per component, as NIR's scalar code has them.
        func part(_ e: TypedExpression, _ i: Int) -> TypedExpression? {
            if let c = Self.component(e, i, span: span) { return c }
            switch e.kind {
            case .binary(let op, let x, let y) where [.add, .subtract, .multiply, .divide].contains(op) &&
                    !x.type.isMatrix && !y.type.isMatrix:
                guard let p = x.type.isScalar ? (Self.isReadAgainFree(x) ? x : nil) : part(x, i),
                      let q = y.type.isScalar ? (Self.isReadAgainFree(y) ? y : nil) : part(y, i) else { return nil }
                return TypedExpression(.binary(op, p, q), type: .float, span: span)
            case .unary(.negate, let x):
                return part(x, i).map { TypedExpression(.unary(.negate, $0), type: .float, span: span) }
            default:
                return nil
            }
        }
        var products: [TypedExpression] = []
        for i in 0..<n {
            guard let x = part(a, i), let y = part(b, i) else { return nil }
            let product = TypedExpression(.binary(.multiply, x, y), type: .float, span: span)
            products.append(regrouped(product) ?? product)
        }
        var sum = products[n - 1]
        for i in stride(from: n - 2, through: 0, by: -1) {
            let next = TypedExpression(.binary(.add, sum, products[i]), type: .float, span: span)
            sum = regrouped(next) ?? next
        }
        return sum
    }

    /// Component `i` of a vector whose components can be read again for free; nil otherwise.
    /// New nodes get `span` (the call's: a float there, as the call is), never the span of the
    /// vector they read, which tools that find types by span (`MetamorphicRewriter`) would then
    /// take for a float.
    static func component(_ e: TypedExpression, _ i: Int, span: SourceSpan) -> TypedExpression? {
        if let c = e.constantValue {
            return constant(ConstantValue(type: .float, components: [c.components[i]]), span)
        }
        switch e.kind {
        case .variable:
            return TypedExpression(.swizzle(e, components: [i]), type: .float, span: span)
        case .swizzle(let base, let components):
            guard isReadAgainFree(base) else { return nil }
            return TypedExpression(.swizzle(base, components: [components[i]]), type: .float, span: span)
        case .field, .index:
            guard isReadAgainFree(e) else { return nil }
            return TypedExpression(.swizzle(e, components: [i]), type: .float, span: span)
        case .construct(.vectorFromComponents, let args) where args.count == e.type.componentCount:
            // Each scalar is read once by the lowered dot, so any without effects will do.
            guard args.allSatisfy({ $0.type == .float && MesaSumChains.isPure($0) }) else { return nil }
            return args[i]
        case .construct(.vectorFromScalar, let args) where args.count == 1 && args[0].type == .float:
            return isReadAgainFree(args[0]) ? args[0] : nil
        default:
            return nil
        }
    }

    /// The number of nodes in `e`.
    static func nodeCount(_ e: TypedExpression) -> Int { 1 + e.children.reduce(0) { $0 + nodeCount($1) } }

    /// True for a variable, a swizzle, field or constant-index element of one, or a constant.
    static func isReadAgainFree(_ e: TypedExpression) -> Bool {
        if e.constantValue != nil { return true }
        switch e.kind {
        case .variable: return true
        case .swizzle(let base, _), .field(let base, _, _): return isReadAgainFree(base)
        case .index(let base, let index): return index.constantValue != nil && isReadAgainFree(base)
        default: return false
        }
    }

    // MARK: Products

    /// `x` without its negations, and whether an odd number were removed.
    static func strippingNegation(_ x: TypedExpression) -> (TypedExpression, negated: Bool) {
        if case .unary(.negate, let inner) = x.kind, inner.constantValue == nil {
            let (y, n) = strippingNegation(inner)
            return (y, !n)
        }
        return (x, false)
    }

    /// `a * b` regrouped when one operand is a constant and the other a product of a constant
    /// and a non-constant (negations pulled out): `±(c1 * c2) * x`; nil otherwise.
    func constantProduct(_ type: GLSLType, _ a: TypedExpression, _ b: TypedExpression, span: SourceSpan) -> TypedExpression? {
        guard let ((outerConstant, _), (other, _)) = Self.constantAndOther((a, ()), (b, ())) else { return nil }
        let (inner, negated) = Self.strippingNegation(other)
        guard Self.isFloatValue(inner), case .binary(.multiply, let p, let q) = inner.kind else { return nil }
        guard let ((innerConstant, _), (rest, _)) = Self.constantAndOther((p, ()), (q, ())) else { return nil }
        let (x, restNegated) = Self.strippingNegation(rest)
        guard let k = Self.fold(.multiply, outerConstant, innerConstant) else { return nil }
        let product = TypedExpression(.binary(.multiply, Self.constant(k, span), x), type: type, span: span)
        return negated != restNegated ? TypedExpression(.unary(.negate, product), type: type, span: span) : product
    }

    // MARK: Sums

    /// `a ± b` regrouped when one operand is a constant and the other a sum (or difference)
    /// of a constant and a non-constant: `(c1 ± c2) ± x`; nil otherwise. Each operand comes
    /// with whether it is subtracted.
    func constantSum(
        _ type: GLSLType, _ a: (TypedExpression, negated: Bool), _ b: (TypedExpression, negated: Bool), span: SourceSpan
    ) -> TypedExpression? {
        guard let (outer, other) = Self.constantAndOther((a.0, a.negated), (b.0, b.negated)) else { return nil }
        guard Self.isFloatValue(other.0) else { return nil }
        let terms: [(TypedExpression, Bool)]
        switch other.0.kind {
        case .binary(.add, let p, let q): terms = [(p, false), (q, false)]
        case .binary(.subtract, let p, let q): terms = [(p, false), (q, true)]
        default: return nil
        }
        guard let (innerConstant, rest) = Self.constantAndOther(terms[0], terms[1]) else { return nil }
        // a' + s·c', with each constant's sign applied first (NIR negates constants when it
        // lowers a subtraction), then ± x.
        let subtractsOther = other.1
        guard let a1 = Self.signed(outer.0, outer.1),
              let c1 = Self.signed(innerConstant.0, innerConstant.1 != subtractsOther),
              let k = Self.fold(.add, a1, c1) else { return nil }
        let subtractsRest = rest.1 != subtractsOther
        return TypedExpression(
            .binary(subtractsRest ? .subtract : .add, Self.constant(k, span), rest.0), type: type, span: span)
    }

    // MARK: Constants

    /// The operand that is a constant and the one that is not, each with its tag; nil unless
    /// exactly one of them is constant.
    static func constantAndOther<Tag>(
        _ a: (TypedExpression, Tag), _ b: (TypedExpression, Tag)
    ) -> (constant: (ConstantValue, Tag), other: (TypedExpression, Tag))? {
        if let c = a.0.constantValue, b.0.constantValue == nil { return ((c, a.1), b) }
        if let c = b.0.constantValue, a.0.constantValue == nil { return ((c, b.1), a) }
        return nil
    }

    /// `c`, negated when `negated`.
    static func signed(_ c: ConstantValue, _ negated: Bool) -> ConstantValue? {
        negated ? ConstantFolder.unary(.negate, c) : c
    }

    /// `a op b` folded, a scalar broadcast over the other's components.
    static func fold(_ op: BinaryOperator, _ a: ConstantValue, _ b: ConstantValue) -> ConstantValue? {
        let type = a.type.componentCount >= b.type.componentCount ? a.type : b.type
        return ConstantFolder.binary(op, a, b, type: type)
    }

    static func constant(_ c: ConstantValue, _ span: SourceSpan) -> TypedExpression {
        TypedExpression(.constant(c), type: c.type, constant: c, span: span)
    }
}

/// NIR's `fadd(fadd(a, b), c) -> fadd(fadd(a, c), b)` when `a` and `b` are products (`fmul`,
/// or a negated `fmul`), `c` is not, and the inner sum has no other use: the rule Mesa keeps
/// "for more MAD/FMA-friendly code". A subtraction is an addition of the negated operand, so
/// `(p - q) + c` is `(p + c) - q` and `(p + q) - c` is `(p - c) + q`; `c - (p + q)` adds a
/// negated sum, which is not a sum, and stays. Measured on llvmpipe (Mesa 22.3.6) with
/// per-fragment operands: every form above, a product as `c` (no change), a sum used twice
/// (no change), a sum written into a variable read once (changed: NIR sees the same SSA value;
/// Shade rewrites only sums written inline), `dot(vec2, vec2) + c` (changed, in the lowered
/// `a.y*b.y + a.x*b.x` order; not modelled yet).
///
/// The same pass distributes: `a * b + a * c` is `a * (b + c)` (either operand of either
/// product the common one; `x*y - x*w` stays, a negated product is not a product). NIR visits
/// the last instruction of a block first, so an outer sum is regrouped before its operands are
/// factored: `(x*y + x*w) + v` is `(x*y + v) + x*w`, while `x*y + x*w + x*v` is
/// `x * ((y + w) + v)`.
struct MesaSumChains {
    /// How the function's values are used (NIR merges equal expressions, and a merged sum is
    /// used more than once), and what computed each local; nil for a global initializer,
    /// where every sum is used once.
    let uses: ValueUses?

    /// A rewriter for a global initializer (every sum used once).
    init() { uses = nil }

    /// A rewriter for a function body counted by `uses` (the body already through the rules
    /// before this pass).
    init(uses: ValueUses) { self.uses = uses }

    /// False when NIR would merge `sum` with an equal one elsewhere in the function.
    func occursOnce(_ sum: TypedExpression) -> Bool { uses?.occursOnce(sum) ?? true }

    /// A term of a sum: an expression, and whether it is subtracted.
    typealias Term = (expression: TypedExpression, negated: Bool)

    /// `e` rewritten in NIR's order: a node before its operands (the algebraic pass walks a
    /// block from its last instruction up), and a node again once an operand changed (NIR
    /// revisits the users of what it replaced).
    func rewrite(_ e: TypedExpression) -> TypedExpression {
        if e.constantValue != nil { return e }
        if let compared = comparedWithoutConstant(e) { return compared.mappingChildren(rewrite) }
        if let terms = madOperands(e) { return regrouped(terms, type: e.type, operands: rewrite) }
        let node = e.mappingChildren(rewrite)
        if let sum = constantSumThroughValues(node) { return sum }
        if let square = squaredRoot(node) { return square }
        if let product = Self.factored(node) ?? factoredThroughReads(node) { return product }
        if let terms = madOperands(node, original: e) { return regrouped(terms, type: e.type, operands: { $0 }) }
        // A sum factored into `c1 * (b + c)` meets the constant it is multiplied by:
        // `(x*c1 + y*c1) * c2` is `(c1 * c2) * (x + y)` (NIR runs its rules to a fixed point).
        if case .binary(.multiply, let a, let b) = node.kind, MesaReassociation.isFloatValue(node),
           let product = MesaReassociation().constantProduct(node.type, a, b, span: node.span) {
            return product
        }
        return node
    }

    /// `(a + c) + b` from the terms `(a, c, b)` of the MAD rule, each operand through
    /// `operands`, and both sums factored where they then can be (NIR revisits them).
    func regrouped(_ terms: (Term, Term, Term), type: GLSLType, operands: (TypedExpression) -> TypedExpression) -> TypedExpression {
        let (a, other, b) = terms
        var inner = Self.add((operands(a.expression), a.negated), (operands(other.expression), other.negated))
        inner.expression = Self.factored(inner.expression) ?? inner.expression
        // `a` may have become a sum of two products (`squaredRoot`), which the rule meets again.
        if !inner.negated, squaredRoot(a.expression) != nil, let terms = madOperands(inner.expression) {
            inner.expression = regrouped(terms, type: inner.expression.type, operands: { $0 })
        }
        let outer = Self.expression(Self.add(inner, (operands(b.expression), b.negated)), type: type)
        return Self.factored(outer) ?? outer
    }

    /// A product of two reads of one square root (`s * s` with `s = length(p)`, `z.x * z.x` of
    /// a lowered `dot` with `z = vec2(length(p), y)`) as NIR's square-root rule makes it
    /// (`MesaForwardSubstitution.squaredRoot`) where the MAD rule met the product first; nil
    /// otherwise.
    func squaredRoot(_ e: TypedExpression) -> TypedExpression? {
        guard case .binary(.multiply, let a, let b) = e.kind, MesaReassociation.isFloatValue(e), a.type == e.type,
              let x = radicand(a), let y = radicand(b), x.description == y.description, Self.isPure(x) else { return nil }
        return MesaForwardSubstitution.square(ofRoot: MesaReassociation().rewrite(x), span: e.span)
    }

    /// What `e` is the square root of, seen through the one value of a local it reads (or of
    /// the local vector it reads a component of) when that value can be read here.
    func radicand(_ e: TypedExpression) -> TypedExpression? {
        guard let x = MesaForwardSubstitution.radicand(ofRead: e, definition: { uses?.definition(of: $0) })
                ?? MesaForwardSubstitution.radicand(ofValue: e) else { return nil }
        return uses?.readsOnlyUnchangedValues(x) ?? true ? x : nil
    }

    /// `a * b + a * c` as `a * (b + c)` (NIR's distribution, used or not elsewhere; a
    /// difference of products is an addition of a negated product and stays); nil otherwise.
    static func factored(_ e: TypedExpression) -> TypedExpression? {
        guard MesaReassociation.isFloatValue(e), e.constantValue == nil, case .binary(.add, let p, let q) = e.kind,
              let (p1, p2) = factors(p), let (q1, q2) = factors(q) else { return nil }
        for (common, b) in [(p1, p2), (p2, p1)] {
            for (candidate, c) in [(q1, q2), (q2, q1)] where isPure(common) && isSameValue(common, candidate) {
                let sumType = b.type.componentCount >= c.type.componentCount ? b.type : c.type
                // Two constants left in the sum fold (`st.y * 12.9898 + st.y * 78.233` of a
                // lowered `dot(st.yy, …)` is `st.y * 91.2228` to the rules after).
                if let k1 = b.constantValue, let k2 = c.constantValue, let k = MesaReassociation.fold(.add, k1, k2) {
                    return TypedExpression(.binary(.multiply, common, MesaReassociation.constant(k, b.span)), type: e.type, span: e.span)
                }
                let sum = TypedExpression(.binary(.add, b, c), type: sumType, span: b.span)
                return TypedExpression(.binary(.multiply, common, sum), type: e.type, span: e.span)
            }
        }
        return nil
    }

    /// True when `a` and `b` are one value to NIR: equal constants, or the same text.
    static func isSameValue(_ a: TypedExpression, _ b: TypedExpression) -> Bool {
        if let x = a.constantValue, let y = b.constantValue { return x.description == y.description }
        return a.fingerprint == b.fingerprint
    }

    /// The operands of a float product of two non-matrix operands (not a negated one).
    static func factors(_ e: TypedExpression) -> (TypedExpression, TypedExpression)? {
        guard e.constantValue == nil, MesaReassociation.isFloatValue(e), case .binary(.multiply, let a, let b) = e.kind,
              !a.type.isMatrix, !b.type.isMatrix else { return nil }
        return (a, b)
    }

    /// True when evaluating `e` twice gives the same value: no assignment, increment or user
    /// call in it, so two equal texts are one value to NIR.
    static func isPure(_ e: TypedExpression) -> Bool {
        switch e.kind {
        case .assignment, .call: return false
        case .unary(let op, _) where op != .negate && op != .plus && op != .logicalNot && op != .bitwiseNot: return false
        default: return e.children.allSatisfy(isPure)
        }
    }

    /// The two terms of a float sum or difference; nil for anything else.
    static func terms(_ e: TypedExpression) -> (Term, Term)? {
        guard MesaReassociation.isFloatValue(e), e.constantValue == nil else { return nil }
        switch e.kind {
        case .binary(.add, let a, let b): return ((a, false), (b, false))
        case .binary(.subtract, let a, let b): return ((a, false), (b, true))
        default: return nil
        }
    }

    /// True when `e` is a product NIR sees as `fmul` (negations looked through): a float
    /// scalar or vector product of two non-matrix operands, not folded to a constant.
    static func isProduct(_ e: TypedExpression) -> Bool {
        factors(MesaReassociation.strippingNegation(e).0) != nil
    }

    /// `isProduct`, also for a local whose one value is a product, or a component of a local
    /// vector whose one value has a product there (`ro.z` of `ro = vec3(s, 1.8, c * 5.0)`, `p.y`
    /// of `p = rd * d`): NIR asks what computed an SSA value, however often it is used
    /// (`is_fmul`), and its vectors are scalars by then.
    func isProductValue(_ e: TypedExpression) -> Bool {
        let (x, _) = MesaReassociation.strippingNegation(e)
        if let value = definingValue(x) { return isProductValue(value) }
        return Self.isProduct(x)
    }

    /// What the read `e` (a local, or one component of a local vector) holds, as the local's
    /// one value has it; nil for anything else.
    func definingValue(_ e: TypedExpression) -> TypedExpression? {
        // A store at a lower precision rounds what it stores.
        func exact(_ v: Variable) -> Bool { v.precision == nil || v.precision == .highp }
        switch e.kind {
        case .variable(let v): return exact(v) ? uses?.definition(of: v) : nil
        case .swizzle(let base, let components) where components.count == 1:
            guard case .variable(let v) = base.kind, exact(v), let value = uses?.definition(of: v) else { return nil }
            return MesaForwardSubstitution.component(value, components[0])
        default: return nil
        }
    }

    /// `e`'s value when it is a constant or reads one through locals' values (`ro.y` of
    /// `ro = vec3(s, 1.8, c)`); nil otherwise.
    func constantThroughValues(_ e: TypedExpression) -> ConstantValue? {
        e.constantValue ?? definingValue(e).flatMap(constantThroughValues)
    }

    /// Scalar `e` as a constant plus a rest, `k + x` or `k - x`, seen through the values of
    /// the locals it reads, each nested constant folded in as NIR's `#a + (b + #c) -> (a + c)
    /// + b` folds it, innermost first; whether a local's value was looked through, and whether
    /// two constants were folded. A local stored at a precision below `highp` is not looked
    /// through (its store rounds). Nil unless `e` is such a sum.
    func constantAndRest(_ e: TypedExpression) -> (constant: ConstantValue, rest: Term, throughValues: Bool, folded: Bool)? {
        guard e.type == .float, e.constantValue == nil else { return nil }
        if let value = definingValue(e) {
            return constantAndRest(value).map { ($0.constant, $0.rest, true, $0.folded) }
        }
        if case .unary(.negate, let x) = e.kind, let inner = constantAndRest(x),
           let k = ConstantFolder.unary(.negate, inner.constant) {
            return (k, (inner.rest.expression, !inner.rest.negated), inner.throughValues, inner.folded)
        }
        guard let (t1, t2) = Self.terms(e) else { return nil }
        for (c, other) in [(t1, t2), (t2, t1)] {
            guard let k = constantThroughValues(c.expression), constantThroughValues(other.expression) == nil,
                  let signedK = MesaReassociation.signed(k, c.negated) else { continue }
            let through = c.expression.constantValue == nil
            guard let inner = constantAndRest(other.expression) else { return (signedK, other, through, false) }
            guard let innerK = MesaReassociation.signed(inner.constant, other.negated),
                  let total = MesaReassociation.fold(.add, signedK, innerK) else { return nil }
            return (total, (inner.rest.expression, inner.rest.negated != other.negated), through || inner.throughValues, true)
        }
        return nil
    }

    /// NIR's `#a + (b + #c) -> (a + c) + b`, which asks nothing about uses, where the inner sum
    /// is the value of a local the node reads (or of a component of a local vector): with
    /// `ro = vec3(s, 1.8, c)` and `p = ro + rd * d` read often, `p.y - 0.0005` is `1.7995 + rd.y
    /// * d`, and a sum of the vector and a constant is looked at per component (`p + vec3(0.0005,
    /// -0.0005, 0.0)`, lfjXzd's normal). Measured on llvmpipe (Mesa 22.3.6): subtractions and
    /// negated reads fold alike (`0.7 - q.y` with `q.y = 1.8 - x` is `-1.1 + x`). The rest is
    /// read again where the node is, so only when what it reads keeps its value; nil otherwise.
    func constantSumThroughValues(_ e: TypedExpression) -> TypedExpression? {
        guard let uses, MesaReassociation.isFloatValue(e), Self.terms(e) != nil else { return nil }
        func regrouped(_ x: TypedExpression) -> TypedExpression? {
            // Only where two constants fold: `k + x` with `k` a local's constant is left as written.
            guard let (k, rest, through, folded) = constantAndRest(x), through, folded, Self.isPure(rest.expression),
                  uses.readsOnlyUnchangedValues(rest.expression) || uses.readsStableDefinitions(x) else { return nil }
            let constant = MesaReassociation.constant(k, x.span)
            return TypedExpression(.binary(rest.negated ? .subtract : .add, constant, rest.expression), type: .float, span: x.span)
        }
        guard e.type.isVector else { return regrouped(e) }
        guard let (t1, t2) = Self.terms(e), t1.expression.constantValue != nil || t2.expression.constantValue != nil,
              let parts = MesaReassociation.components(of: e, e.type.componentCount) else { return nil }
        let regroupedParts = parts.map(regrouped)
        guard regroupedParts.contains(where: { $0 != nil }) else { return nil }
        let components = zip(parts, regroupedParts).map { $1 ?? $0 }
        return TypedExpression(.construct(.vectorFromComponents, components), type: e.type, span: e.span)
    }

    /// `x + c1 < c2` as `x < c2 - c1` (NIR's inexact comparison rules, `flt`, `fge`, `feq`
    /// and `fneu` of a sum used once with a constant, against a constant): `<`, `>=`, `==` and
    /// `!=` with the sum on the left, `>` and `<=` with it on the right (NIR has only `<` and
    /// `>=`), either side of `==` and `!=`; `-(x + c1) < c2` is `-(c2 + c1) < x`. A scalar
    /// float comparison only; nil otherwise.
    func comparedWithoutConstant(_ e: TypedExpression) -> TypedExpression? {
        // `step(edge, x)` is `x >= edge`.
        if case .builtinCall(let o, let args) = e.kind, o.function == .step, args.count == 2, args[0].type == .float,
           args[1].type == .float, args[0].constantValue != nil,
           case .binary(.greaterEqual, let x, let k)? = comparedWithoutConstant(
               TypedExpression(.binary(.greaterEqual, args[1], args[0]), type: .bool, span: e.span)).map(\.kind),
           k.constantValue != nil {
            return TypedExpression(.builtinCall(o, [k, x]), type: e.type, span: e.span)
        }
        guard case .binary(let op, let left, let right) = e.kind, left.type == .float, right.type == .float else { return nil }
        // NIR's operand order: `a > b` is `b < a`, `a <= b` is `b >= a`.
        let (nirOp, a, b): (BinaryOperator, TypedExpression, TypedExpression)
        switch op {
        case .less, .greaterEqual, .equal, .notEqual: (nirOp, a, b) = (op, left, right)
        case .greater: (nirOp, a, b) = (.less, right, left)
        case .lessEqual: (nirOp, a, b) = (.greaterEqual, right, left)
        default: return nil
        }
        let symmetric = nirOp == .equal || nirOp == .notEqual
        for (sumSide, constantSide) in symmetric ? [(a, b), (b, a)] : [(a, b)] {
            guard let c2 = constantSide.constantValue else { continue }
            var (sum, negatedSum) = (sumSide, false)
            if case .unary(.negate, let inner) = sumSide.kind { (sum, negatedSum) = (inner, true) }
            guard let (t1, t2) = Self.terms(sum), occursOnce(sum) else { continue }
            guard let ((c1, constantNegated), (x, xNegated)) = MesaReassociation.constantAndOther(
                (t1.expression, t1.negated), (t2.expression, t2.negated)) else { continue }
            // The sum is fadd(x', b): b the constant with its sign, x' the other with its own.
            guard let b1 = MesaReassociation.signed(c1, constantNegated) else { continue }
            let xTerm = xNegated ? TypedExpression(.unary(.negate, x), type: x.type, span: x.span) : x
            if negatedSum {
                // -(x' + b) < c2  ->  -(c2 + b) < x'
                guard let k = MesaReassociation.fold(.add, c2, b1), let negK = ConstantFolder.unary(.negate, k) else { continue }
                return TypedExpression(.binary(nirOp, MesaReassociation.constant(negK, e.span), xTerm), type: e.type, span: e.span)
            }
            // x' + b < c2  ->  x' < c2 + (-b)
            guard let negB = ConstantFolder.unary(.negate, b1), let k = MesaReassociation.fold(.add, c2, negB) else { continue }
            return TypedExpression(.binary(nirOp, xTerm, MesaReassociation.constant(k, e.span)), type: e.type, span: e.span)
        }
        return nil
    }

    /// The terms `(a, c, b)` of `(a + b) + c` when the MAD rule applies to `e`; nil otherwise.
    /// `original` is `e` before its operands were rewritten: a sum that occurred more than once
    /// there is still one value NIR uses more than once, whatever its new text.
    func madOperands(_ e: TypedExpression, original: TypedExpression? = nil) -> (Term, Term, Term)? {
        guard let (first, second) = Self.terms(e) else { return nil }
        let originals = original.flatMap(Self.terms)
        // NIR tries the operands in order: the first that is a sum of two products wins.
        for (index, (sum, other)) in [(first, second), (second, first)].enumerated() where !sum.negated {
            let inner = Self.terms(sum.expression) == nil ? sumReadOnce(sum.expression) ?? sum.expression : sum.expression
            guard sum.expression.type == e.type, let (a, b) = Self.terms(inner),
                  isProductValue(a.expression), isProductValue(b.expression),
                  !isProductValue(other.expression),
                  occursOnce(inner),
                  originals.map({ occursOnce(index == 0 ? $0.0.expression : $0.1.expression) }) ?? true else { continue }
            return (a, other, b)
        }
        return nil
    }

    /// The sum a read holds when that read is its only use: a scalar local read once, or a
    /// component of a local vector read once (NIR's values are scalars: `c.y + r.y` with `r =
    /// vec3(0.0, x*x - y*y, 0.0)`, a written-out function's result, is `(x*x + c.y) - y*y`,
    /// dtGfDw's sum over samples; `x + c.x` with `float x = z.x*z.x - z.y*z.y` in its
    /// Mandelbrot loop). Only when what the sum reads keeps its value up to the read, so that
    /// it can be read there; nil otherwise.
    func sumReadOnce(_ e: TypedExpression) -> TypedExpression? {
        guard let uses, let value = definingValue(e), Self.terms(value) != nil, Self.isPure(value),
              let v = e.rootVariable, uses.readsOnlyUnchangedValues(value) || uses.definitionIsStable(v) else { return nil }
        // `definingValue` reads only a local or one component of one.
        if case .swizzle(_, let components) = e.kind { return uses.componentReadOnce(v, components[0]) ? value : nil }
        return uses.storedValueUsedOnce(v) ? value : nil
    }

    /// `a + b` as a term, written with the fewest negations: `a - b`, `b - a`, or `-(a + b)`.
    static func add(_ a: Term, _ b: Term) -> Term {
        let type = a.expression.type.componentCount >= b.expression.type.componentCount ? a.expression.type : b.expression.type
        let span = a.expression.span
        func node(_ op: BinaryOperator, _ x: TypedExpression, _ y: TypedExpression) -> TypedExpression {
            TypedExpression(.binary(op, x, y), type: type, span: span)
        }
        switch (a.negated, b.negated) {
        case (false, false): return (node(.add, a.expression, b.expression), false)
        case (false, true): return (node(.subtract, a.expression, b.expression), false)
        case (true, false): return (node(.subtract, b.expression, a.expression), false)
        case (true, true): return (node(.add, a.expression, b.expression), true)
        }
    }

    /// A term as an expression of `type`.
    static func expression(_ t: Term, type: GLSLType) -> TypedExpression {
        t.negated ? TypedExpression(.unary(.negate, t.expression), type: type, span: t.expression.span) : t.expression
    }
}
