import ShaderSyntax

/// Texture coordinates that a device rounds to fp16 because they come out of an `if`.
///
/// Mesa lowers a `lowp` or `mediump` texture lookup by giving the built-in's coordinate
/// parameter `mediump` precision, a conversion that its algebraic pass removes again when it
/// sits right on the value (`f2f32(f2fmp(x))` is `x`), so most coordinates stay fp32. When
/// the coordinate is a variable that an `if` assigns, the value is a phi, and
/// `nir_opt_phi_precision` narrows a phi whose only uses are such conversions: the
/// coordinate is then fp16 (GPUImage's Swirl and BulgeDistortion; measured on llvmpipe's
/// native precision with `MESA_GLSL=dump`). An `if` small enough for
/// `nir_opt_peephole_select` (at most 8 operations, no texture lookup, no nested control
/// flow) becomes a select first, and there is no phi.
extension PrecisionLowering {
    /// `body` with the coordinates of such lookups passed through `roundToFP16`.
    func mergedCoordinatesRounded(_ body: [TypedStatement]) -> [TypedStatement] {
        var statements = body.map(mergedCoordinatesRounded(in:))
        for i in statements.indices {
            guard case .ifElse(_, let then, let otherwise) = statements[i].kind, !Self.isSelect(then, otherwise) else { continue }
            var declaredInside: Set<Variable> = []
            var assigned: [Variable] = []
            for branch in [then, otherwise].compactMap({ $0 }) {
                Self.walk(branch, declared: { declaredInside.insert($0) }) { e in
                    if case .assignment(_, let target, _) = e.kind, let v = target.rootVariable,
                       !assigned.contains(v) { assigned.append(v) }
                }
            }
            for v in assigned where !declaredInside.contains(v) && isMergeCandidate(v) {
                guard let end = coordinateOnlyRange(of: v, after: i, in: statements) else { continue }
                for k in (i + 1)..<end { statements[k] = roundingCoordinates(of: v, in: statements[k]) }
            }
        }
        return statements
    }

    private func mergedCoordinatesRounded(in s: TypedStatement) -> TypedStatement {
        func inner(_ t: TypedStatement) -> TypedStatement { mergedCoordinatesRounded(in: t) }
        let kind: TypedStatement.Kind
        switch s.kind {
        case .block(let body): kind = .block(mergedCoordinatesRounded(body))
        case .ifElse(let c, let then, let otherwise): kind = .ifElse(c, inner(then), otherwise.map(inner))
        case .forLoop(let initializer, let condition, let step, let body):
            kind = .forLoop(initializer: initializer, condition: condition, step: step, body: inner(body))
        case .whileLoop(let c, let body): kind = .whileLoop(c, inner(body))
        case .doWhile(let body, let c): kind = .doWhile(inner(body), c)
        default: return s
        }
        return TypedStatement(kind: kind, span: s.span)
    }

    /// A float local or global that the device holds at fp32 (a `mediump` one is fp16 already).
    private func isMergeCandidate(_ v: Variable) -> Bool {
        guard v.storage == .local || v.storage == .global, storedFormat(of: v) == nil else { return false }
        switch v.type {
        case .scalar(.float), .vector(.float, _): return true
        default: return false
        }
    }

    /// The end of the statements after `index` that read `v` only as the coordinate of a
    /// lookup rounded to fp16 (at least once), up to a statement that assigns all of `v`
    /// anew; `nil` when `v` is read any other way, partly assigned, or never so used.
    private func coordinateOnlyRange(of v: Variable, after index: Int, in statements: [TypedStatement]) -> Int? {
        var coordinates = 0
        for k in (index + 1)..<statements.count {
            let s = statements[k]
            if case .expression(let e) = s.kind, case .assignment(nil, let target, let value) = e.kind,
               case .variable(let t) = target.kind, t == v {
                guard let n = coordinateReads(of: v, in: value) else { return nil }
                coordinates += n
                return coordinates > 0 ? k + 1 : nil
            }
            // A call may read a global in the function it calls.
            var calls = false
            if v.storage == .global {
                Self.walk(s, declared: { _ in }) { e in if case .call = e.kind { calls = true } }
            }
            guard !calls, let reads = coordinateReads(of: v, in: s) else { return nil }
            coordinates += reads
        }
        return coordinates > 0 ? statements.count : nil
    }

    /// How many times `s` reads `v` as a rounded lookup's coordinate; `nil` if it reads it
    /// any other way.
    private func coordinateReads(of v: Variable, in s: TypedStatement) -> Int? {
        var count = 0, other = false
        Self.walkExpressions(s) { e in
            guard !other else { return }
            guard let n = coordinateReads(of: v, in: e) else { other = true; return }
            count += n
        }
        return other ? nil : count
    }

    private func coordinateReads(of v: Variable, in e: TypedExpression) -> Int? {
        if isRoundedCoordinate(of: v, in: e) { return 1 }
        switch e.kind {
        case .constant: return 0
        case .variable(let w): return w == v ? nil : 0
        default:
            var total = 0
            for child in e.children {
                guard let n = coordinateReads(of: v, in: child) else { return nil }
                total += n
            }
            return total
        }
    }

    /// `true` when `e` is a lookup whose sampler the device reads at fp16 and whose
    /// coordinate (argument 1) is `v` or some of its components.
    private func isRoundedCoordinate(of v: Variable, in e: TypedExpression) -> Bool {
        guard case .builtinCall(let overload, let args) = e.kind, overload.function.isTextureLookup,
              args.count >= 2, e.type.scalarKind == .float,
              formats.format(of: args.first.flatMap(precision(read:))) == .fp16 else { return false }
        var coordinate = args[1]
        if case .swizzle(let base, _) = coordinate.kind { coordinate = base }
        guard case .variable(let w) = coordinate.kind else { return false }
        return w == v
    }

    private func roundingCoordinates(of v: Variable, in s: TypedStatement) -> TypedStatement {
        s.mappingExpressions { e in roundingCoordinates(of: v, in: e) }
    }

    private func roundingCoordinates(of v: Variable, in e: TypedExpression) -> TypedExpression {
        if isRoundedCoordinate(of: v, in: e), case .builtinCall(let overload, var args) = e.kind {
            args[1] = rounded(args[1], .fp16)
            return TypedExpression(.builtinCall(overload, args), type: e.type, constant: e.constantValue, span: e.span)
        }
        return e.mappingChildren { roundingCoordinates(of: v, in: $0) }
    }

    // MARK: Which `if`s become selects

    /// `true` when Mesa's `nir_opt_peephole_select(limit: 8, indirect loads and expensive
    /// operations allowed)` turns the `if` into selects: both sides straight-line code
    /// without lookups, calls, `discard` or writes to outputs, and at most 8 scalar
    /// operations between them (moves, negations and swizzles do not count).
    static func isSelect(_ then: TypedStatement, _ otherwise: TypedStatement?) -> Bool {
        var operations = 0
        for branch in [then, otherwise].compactMap({ $0 }) {
            guard let n = Self.straightLineOperations(branch) else { return false }
            operations += n
        }
        return operations <= 8
    }

    private static func straightLineOperations(_ s: TypedStatement) -> Int? {
        var total = 0
        switch s.kind {
        case .expression(let e):
            guard let n = operations(e) else { return nil }
            total = n
        case .declarations(let ds):
            for d in ds {
                guard let e = d.initializer else { continue }
                guard let n = operations(e) else { return nil }
                total += n
            }
        case .block(let body):
            for t in body {
                guard let n = straightLineOperations(t) else { return nil }
                total += n
            }
        case .empty: break
        default: return nil
        }
        return total
    }

    /// The scalar operations NIR would need for `e`, roughly; `nil` for what a select
    /// cannot hold.
    private static func operations(_ e: TypedExpression) -> Int? {
        if e.isConstant { return 0 }
        let width = max(e.type.componentCount, 1)
        var own = 0
        switch e.kind {
        case .constant, .variable, .swizzle, .field, .comma: own = 0
        case .index(let base, let i): own = base.type.isArray && !i.isConstant ? width : 0
        case .unary(let op, let x):
            switch op {
            case .negate, .plus: own = 0
            case .logicalNot, .bitwiseNot: own = width
            default: own = max(x.type.componentCount, 1)
            }
        case .binary(_, let a, let b): own = max(a.type.componentCount, b.type.componentCount, 1)
        case .assignment(let op, let target, _):
            if case .output = target.rootVariable?.storage { return nil }
            own = op == nil ? 0 : width
        case .ternary: own = width
        case .call: return nil
        case .builtinCall(let overload, let args):
            if overload.function.isTextureLookup { return nil }
            let n = max(args.first?.type.componentCount ?? 1, 1)
            switch overload.function {
            case .dot: own = 2 * n - 1
            case .length: own = n == 1 ? 0 : 2 * n
            case .distance: own = n == 1 ? 1 : 3 * n
            case .normalize: own = 3 * n
            case .cross: own = 9
            case .mix, .faceforward, .reflect: own = 3 * width
            case .clamp: own = 2 * width
            case .smoothstep: own = 6 * width
            case .mod: own = 4 * width
            case .abs: own = 0
            case .atan, .asin, .acos: own = 10 * width
            default: own = width
            }
        case .construct(_, let args):
            own = args.contains { $0.type.scalarKind != e.type.scalarKind } ? width : 0
        }
        var total = own
        for child in e.children {
            guard let n = operations(child) else { return nil }
            total += n
        }
        return total
    }

    // MARK: Walking the tree

    /// Calls `visit` on every expression of `s` and all their subexpressions, and
    /// `declared` on every variable `s` declares.
    static func walk(
        _ s: TypedStatement, declared: (Variable) -> Void, _ visit: (TypedExpression) -> Void
    ) {
        func expression(_ e: TypedExpression) {
            visit(e)
            e.children.forEach(expression)
        }
        if case .declarations(let ds) = s.kind { ds.forEach { declared($0.variable) } }
        s.expressions.forEach(expression)
        for t in s.substatements { walk(t, declared: declared, visit) }
    }

    /// Calls `visit` on each expression at the top of `s` and of its substatements.
    static func walkExpressions(_ s: TypedStatement, _ visit: (TypedExpression) -> Void) {
        s.expressions.forEach(visit)
        for t in s.substatements { walkExpressions(t, visit) }
    }
}
