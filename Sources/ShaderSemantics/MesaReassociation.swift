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
    ///   operand: `(x - 1.0) + 0.5` is `x + (-1.0 + 0.5)`, `2.0 - (1.0 - x)` is `(2.0 - 1.0) + x`
    ///   — but `(x + c1) - c2` and `c2 - (x + c1)` stay as written;
    /// - `exp(x)` is `exp2(x * log2(e))` and `log(x)` is `log2(x) * ln(2)` by then, so
    ///   `exp(-d * 2.0)` is `exp2(-((2.0 * log2(e)) * d))` and `log(x) * 0.5` is
    ///   `log2(x) * (ln(2) * 0.5)`.
    ///
    /// Each rounds differently from the source's order, and a chaotic shader (a hash, a
    /// feedback buffer) shows it. Measured with glref.py on Mesa 22.3.6 (README "Calls Mesa
    /// evaluates when compiling"): the rules above apply; `(x * y) * c` with two non-constant
    /// operands, `(x + y) + c`, and `x / 3.0` stay as written. Integers are exact under any
    /// grouping and are left alone.
    public func reassociated() -> CheckedShader {
        let rewriter = MesaReassociation()
        return rewriting(
            function: { f in
                CheckedFunction(
                    symbol: f.symbol, parameters: f.parameters, body: f.body.map { $0.mappingExpressions(rewriter.rewrite) },
                    callees: f.callees, span: f.span)
            },
            declaration: { $0.mappingInitializer(rewriter.rewrite) })
    }
}

extension VariableDeclaration {
    /// The declaration with its initializer rewritten by `transform`.
    func mappingInitializer(_ transform: (TypedExpression) -> TypedExpression) -> VariableDeclaration {
        VariableDeclaration(variable: variable, initializer: initializer.map(transform), span: span)
    }
}

extension TypedStatement {
    /// The statement with every expression in it (nested statements' too) rewritten by
    /// `transform`, which is given each top-level expression.
    func mappingExpressions(_ transform: (TypedExpression) -> TypedExpression) -> TypedStatement {
        func inner(_ s: TypedStatement) -> TypedStatement { s.mappingExpressions(transform) }
        let kind: Kind
        switch self.kind {
        case .expression(let e): kind = .expression(transform(e))
        case .declarations(let ds): kind = .declarations(ds.map { $0.mappingInitializer(transform) })
        case .block(let body): kind = .block(body.map(inner))
        case .ifElse(let c, let t, let e): kind = .ifElse(transform(c), inner(t), e.map(inner))
        case .forLoop(let i, let c, let st, let body):
            kind = .forLoop(initializer: i.map(inner), condition: c.map(transform), step: st.map(transform), body: inner(body))
        case .whileLoop(let c, let body): kind = .whileLoop(transform(c), inner(body))
        case .doWhile(let body, let c): kind = .doWhile(inner(body), transform(c))
        case .return(let v?): kind = .return(transform(v))
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
        // `(x + c1) - c2` and `c2 - (x + c1)` keep llvmpipe's bits as written (measured on
        // per-fragment values; every other arrangement of one subtraction or none regroups).
        case .binary(.add, _, _) where outer.1 || other.1: return nil
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
