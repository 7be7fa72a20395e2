import ShaderDiagnostics
import ShaderSyntax

extension CheckContext {
    /// An expression of the error type, for an expression that already produced a diagnostic.
    func errorExpression(_ span: SourceSpan) -> TypedExpression {
        TypedExpression(.constant(.bool(false)), type: .error, span: span)
    }

    func checkExpression(_ e: Expression) -> TypedExpression {
        switch e.kind {
        case .identifier(let name):
            return checkIdentifier(name, span: e.span)
        case .intLiteral(let v):
            let value = Int32(truncatingIfNeeded: v)
            return TypedExpression(.constant(.int(value)), type: .int, constant: .int(value),
                                   span: e.span)
        case .uintLiteral(let v):
            let c = ConstantValue(type: .uint, components: [.uint(v)])
            return TypedExpression(.constant(c), type: .uint, constant: c, span: e.span)
        case .floatLiteral(let v):
            let c = ConstantValue.float(Float(v))
            return TypedExpression(.constant(c), type: .float, constant: c, span: e.span)
        case .boolLiteral(let b):
            return TypedExpression(.constant(.bool(b)), type: .bool, constant: .bool(b),
                                   span: e.span)
        case .unary(let op, let operand):
            return checkUnary(op, operand, span: e.span)
        case .binary(let op, let l, let r):
            return checkBinary(op, l, r, span: e.span)
        case .assignment(let op, let l, let r):
            return checkAssignment(op, l, r, span: e.span)
        case .ternary(let c, let a, let b):
            let cond = checkCondition(c)
            var x = checkExpression(a)
            var y = checkExpression(b)
            if cond.type.isError || x.type.isError || y.type.isError {
                return errorExpression(e.span)
            }
            if x.type != y.type {
                if let cy = implicitlyConverted(y, to: x.type) {
                    y = cy
                } else if let cx = implicitlyConverted(x, to: y.type) {
                    x = cx
                } else {
                    error(.ternaryMismatch(x.type, y.type), at: e.span)
                    return errorExpression(e.span)
                }
            }
            if x.type.isArray && !version.hasArrayConstructors {
                error(.invalidBinaryOperands(op: "?:", x.type, y.type), at: e.span)
                return errorExpression(e.span)
            }
            var constant: ConstantValue?
            if let c = cond.constantValue?.scalar?.boolValue {
                constant = c ? x.constantValue : y.constantValue
            }
            return TypedExpression(.ternary(cond, x, y), type: x.type, constant: constant,
                                   span: e.span)
        case .call(let callee, let args):
            return checkCall(callee, args, span: e.span)
        case .field(let base, let name):
            return checkField(base, name, span: e.span)
        case .index(let base, let index):
            return checkIndex(base, index, span: e.span)
        case .methodCall(let base, let method, let args):
            // GLSL 1.20 and ES 3.00 have one method, `array.length()`: a constant int.
            let b = checkExpression(base)
            if b.type.isError { return errorExpression(e.span) }
            guard method.name == "length", args.isEmpty, case .array(_, let n) = b.type else {
                error(.invalidMethod(method.name, b.type), at: method.span)
                return errorExpression(e.span)
            }
            let value = ConstantValue.int(Int32(n))
            return TypedExpression(.constant(value), type: .int, constant: value, span: e.span)
        case .comma(let a, let b):
            let x = checkExpression(a)
            let y = checkExpression(b)
            if x.type.isError || y.type.isError { return errorExpression(e.span) }
            // An operator on constant operands is a constant expression (GLSL ES 1.00 §4.3.3),
            // so `(1.0, 2.0)` is constant in GLSL ES 1.00 and 1.10; GLSL 1.20 (like ES 3.00)
            // excludes the sequence operator. Mesa draws the same line (piglit agrees).
            let constant = x.isConstant && !version.hasArrayConstructors ? y.constantValue : nil
            return TypedExpression(.comma(x, y), type: y.type, constant: constant, span: e.span)
        }
    }

    // MARK: Names

    /// `true` for a desktop array declared `T a[]` without an initializer.
    func isSizedByUses(_ v: Variable) -> Bool {
        guard let key = v.span?.start, case .array(_, let count) = v.type,
            !redeclaredArrays.contains(key)
        else { return false }
        return sizesFromUses[key] != nil
            || (count == CheckContext.unknownArraySize && largestIndexUsed[key] != nil)
    }

    private func checkIdentifier(_ name: String, span: SourceSpan) -> TypedExpression {
        switch lookup(name) {
        case .variable(let v)?:
            if case .builtin(let b) = v.storage { builtinsUsed.insert(b) }
            usedVariableIDs.insert(v.id)
            let isIndexed = isCheckingIndexedName
            isCheckingIndexedName = false
            if !isIndexed && isSizedByUses(v) {
                error(.sizedByUsesWholeUse(name), at: span)
                return errorExpression(span)
            }
            return TypedExpression(.variable(v), type: v.type, constant: v.constantValue,
                                   span: span)
        case .functions?, .structure?:
            error(.qualifierNotAllowed(name, reason: "is not a variable"), at: span)
            return errorExpression(span)
        case nil:
            var notes: [Diagnostic.Note] = []
            if let (suggestion, declared) = closestVariable(to: name) {
                notes.append(.init("did you mean '\(suggestion)'?", at: declared))
            }
            error(.undeclaredIdentifier(name), at: span, notes: notes)
            return errorExpression(span)
        }
    }

    /// The visible variable whose name is closest to `name` (at most two edits away), for a
    /// "did you mean" note.
    private func closestVariable(to name: String) -> (String, SourceSpan?)? {
        var best: (String, SourceSpan?, Int)?
        let limit = name.count <= 3 ? 1 : 2
        for scope in scopes.reversed() {
            for (candidate, symbol) in scope.symbols {
                guard case .variable(let v) = symbol else { continue }
                let d = editDistance(name, candidate, limit: limit)
                if d <= limit && (best == nil || d < best!.2) { best = (candidate, v.span, d) }
            }
        }
        return best.map { ($0.0, $0.1) }
    }

    // MARK: Conversions

    /// `true` when GLSL 1.20 converts `from` to `to` implicitly (int → float, ivecN → vecN);
    /// never in GLSL ES 1.00 and GLSL 1.10.
    func isImplicitlyConvertible(from: GLSLType, to type: GLSLType) -> Bool {
        version.hasImplicitConversions && from.scalarKind?.isInteger == true
            && type.scalarKind == .float
            && (from.isScalar || from.isVector) && from.vectorSize == type.vectorSize
            && !type.isMatrix
    }

    /// `value` converted to `type`: itself when the types match, an implicit conversion where
    /// the language allows one (desktop GLSL 1.20: `int` → `float`), else `nil`.
    func implicitlyConverted(_ value: TypedExpression, to type: GLSLType) -> TypedExpression? {
        if value.type == type { return value }
        guard isImplicitlyConvertible(from: value.type, to: type) else { return nil }
        let constant = value.constantValue.flatMap {
            ConstantFolder.construct(.implicitConversion, type: type, [$0])
        }
        return TypedExpression(.construct(.implicitConversion, [value]), type: type,
                               constant: constant, span: value.span)
    }

    /// `value` converted to `type`, or reports `cannot convert` (unless either is erroneous).
    func coerce(_ value: TypedExpression, to type: GLSLType) -> TypedExpression? {
        if value.type.isError || type.isError { return nil }
        if let v = implicitlyConverted(value, to: type) { return v }
        var notes: [Diagnostic.Note] = []
        if case .constant(let c) = value.kind, case .int(let i)? = c.scalar, type == .float {
            notes.append(.init(
                "GLSL ES has no implicit conversions: write the float literal '\(i).0'"))
        } else if value.type.isScalar || value.type.isVector, type.isScalar || type.isVector,
            value.type.vectorSize == type.vectorSize
        {
            notes.append(.init("convert explicitly: '\(type)(...)'"))
        }
        error(.cannotConvert(from: value.type, to: type), at: value.span, notes: notes)
        return nil
    }

    // MARK: Operators

    private func checkUnary(
        _ op: Expression.UnaryOperator, _ operand: Expression, span: SourceSpan
    ) -> TypedExpression {
        let x = checkExpression(operand)
        if x.type.isError { return errorExpression(span) }
        let typed: UnaryOperator
        switch op {
        case .plus: typed = .plus
        case .negate: typed = .negate
        case .logicalNot: typed = .logicalNot
        case .bitwiseNot:
            guard version.hasNativeIntegers else { return errorExpression(span) }  // reported by the parser
            typed = .bitwiseNot
        case .preIncrement: typed = .preIncrement
        case .preDecrement: typed = .preDecrement
        case .postIncrement: typed = .postIncrement
        case .postDecrement: typed = .postDecrement
        }
        let valid: Bool
        switch typed {
        case .logicalNot: valid = x.type == .bool
        case .bitwiseNot: valid = x.type.scalarKind?.isInteger == true
        default: valid = x.type.isNumericOrBool && x.type.scalarKind != .bool
        }
        guard valid else {
            let shown = op.rawValue.replacingOccurrences(of: "x", with: "")
            error(.invalidUnaryOperand(op: shown, x.type), at: span)
            return errorExpression(span)
        }
        if typed.isIncrementOrDecrement {
            guard checkLValue(x) else { return errorExpression(span) }
            return TypedExpression(.unary(typed, x), type: x.type, span: span)
        }
        let constant = x.constantValue.flatMap { ConstantFolder.unary(typed, $0) }
        return TypedExpression(.unary(typed, x), type: x.type, constant: constant, span: span)
    }

    /// The result of applying arithmetic `op` to operands of these types, and the typed
    /// operator (`*` may become a linear-algebra product); `nil` when invalid.
    func arithmeticResult(
        _ op: BinaryOperator, _ a: GLSLType, _ b: GLSLType
    ) -> (BinaryOperator, GLSLType)? {
        guard a.isNumericOrBool, b.isNumericOrBool, let ka = a.scalarKind, let kb = b.scalarKind,
            ka == kb, ka != .bool
        else { return nil }
        if op == .multiply, case .matrix(let c1, let r1) = a, case .matrix(let c2, let r2) = b {
            // Linear algebra: columns of the left = rows of the right.
            return c1 == r2 ? (.matrixTimesMatrix, .matrix(columns: c2, rows: r1)) : nil
        }
        if a == b { return (op, a) }
        if a.isScalar { return (op, b) }
        if b.isScalar { return (op, a) }
        if op == .multiply {
            if case .matrix(let c, let r) = a, case .vector(_, let m) = b, c == m {
                return (.matrixTimesVector, .vector(.float, r))
            }
            if case .vector(_, let m) = a, case .matrix(let c, let r) = b, r == m {
                return (.vectorTimesMatrix, .vector(.float, c))
            }
        }
        return nil
    }

    /// The result of `%`, a shift or a bitwise operator on integer operands (GLSL ES 3.00
    /// §5.9), and the typed operator; `nil` when invalid. Shifts take any integer kinds and
    /// give the left operand's type; the others need one kind and broadcast a scalar.
    func integerResult(
        _ op: Expression.BinaryOperator, _ a: GLSLType, _ b: GLSLType
    ) -> (BinaryOperator, GLSLType)? {
        guard let ka = a.scalarKind, let kb = b.scalarKind, ka.isInteger, kb.isInteger,
            !a.isMatrix, !b.isMatrix, a.isScalar || a.isVector, b.isScalar || b.isVector
        else { return nil }
        let typed: BinaryOperator
        switch op {
        case .remainder: typed = .remainder
        case .shiftLeft: typed = .shiftLeft
        case .shiftRight: typed = .shiftRight
        case .bitwiseAnd: typed = .bitwiseAnd
        case .bitwiseOr: typed = .bitwiseOr
        default: typed = .bitwiseXor
        }
        if typed == .shiftLeft || typed == .shiftRight {
            guard b.isScalar || (a.vectorSize == b.vectorSize) else { return nil }
            return (typed, a)
        }
        guard ka == kb else { return nil }
        if a == b || b.isScalar { return (typed, a) }
        if a.isScalar { return (typed, b) }
        return nil
    }

    /// Makes both operands the same kind where GLSL 1.20 allows (`int` → `float`).
    private func balance(_ x: TypedExpression, _ y: TypedExpression)
        -> (TypedExpression, TypedExpression)
    {
        guard version.hasImplicitConversions, let kx = x.type.scalarKind,
            let ky = y.type.scalarKind, kx != ky
        else { return (x, y) }
        if kx.isInteger, ky == .float, !x.type.isMatrix,
            let cx = implicitlyConverted(x, to: x.type.withKind(.float))
        {
            return (cx, y)
        }
        if ky.isInteger, kx == .float, !y.type.isMatrix,
            let cy = implicitlyConverted(y, to: y.type.withKind(.float))
        {
            return (x, cy)
        }
        return (x, y)
    }

    private func checkBinary(
        _ op: Expression.BinaryOperator, _ l: Expression, _ r: Expression, span: SourceSpan
    ) -> TypedExpression {
        var x = checkExpression(l)
        var y = checkExpression(r)
        if x.type.isError || y.type.isError { return errorExpression(span) }
        (x, y) = balance(x, y)
        func invalid() -> TypedExpression {
            error(.invalidBinaryOperands(op: op.rawValue, x.type, y.type), at: span)
            return errorExpression(span)
        }
        let typedOp: BinaryOperator
        let resultType: GLSLType
        switch op {
        case .remainder, .shiftLeft, .shiftRight, .bitwiseAnd, .bitwiseOr, .bitwiseXor:
            guard version.hasNativeIntegers else { return errorExpression(span) }  // reported by the parser
            guard let (o, t) = integerResult(op, x.type, y.type) else { return invalid() }
            (typedOp, resultType) = (o, t)
        case .add, .subtract, .multiply, .divide:
            let base: BinaryOperator =
                op == .add
                ? .add : op == .subtract ? .subtract : op == .multiply ? .multiply : .divide
            guard let (o, t) = arithmeticResult(base, x.type, y.type) else { return invalid() }
            (typedOp, resultType) = (o, t)
        case .less, .greater, .lessEqual, .greaterEqual:
            guard x.type == y.type, x.type == .float || x.type == .int || x.type == .uint else {
                return invalid()
            }
            typedOp =
                op == .less ? .less : op == .greater ? .greater : op == .lessEqual ? .lessEqual
                : .greaterEqual
            resultType = .bool
        case .equal, .notEqual:
            // Arrays compare in GLSL 1.20 (§5.9), not in GLSL ES 1.00 or GLSL 1.10.
            guard x.type == y.type, !x.type.containsArray || version.hasArrayConstructors,
                !x.type.containsSampler, x.type != .void
            else { return invalid() }
            typedOp = op == .equal ? .equal : .notEqual
            resultType = .bool
        case .logicalAnd, .logicalOr, .logicalXor:
            guard x.type == .bool, y.type == .bool else { return invalid() }
            typedOp = op == .logicalAnd ? .logicalAnd : op == .logicalOr ? .logicalOr : .logicalXor
            resultType = .bool
        }
        var constant: ConstantValue?
        if let a = x.constantValue, let b = y.constantValue {
            constant = ConstantFolder.binary(typedOp, a, b, type: resultType)
        }
        return TypedExpression(.binary(typedOp, x, y), type: resultType, constant: constant,
                               span: span)
    }

    private func checkAssignment(
        _ op: Expression.AssignmentOperator, _ l: Expression, _ r: Expression, span: SourceSpan
    ) -> TypedExpression {
        let target = checkExpression(l)
        var value = checkExpression(r)
        if target.type.isError || value.type.isError { return errorExpression(span) }
        guard checkLValue(target) else { return errorExpression(span) }
        if op == .assign {
            if target.type.isArray && !version.hasArrayConstructors {
                error(.arrayAssignment, at: span)
                return errorExpression(span)
            }
            if target.type.containsArray && version == .es100 {
                error(.structWithArrayAssignment(target.type), at: span)
                return errorExpression(span)
            }
            if target.type.containsSampler {
                error(.readOnly(name: "sampler", reason: "a sampler"), at: l.span)
                return errorExpression(span)
            }
            guard let v = coerce(value, to: target.type) else { return errorExpression(span) }
            return TypedExpression(.assignment(nil, target, v), type: target.type, span: span)
        }
        let base: BinaryOperator
        switch op {
        case .add: base = .add
        case .subtract: base = .subtract
        case .multiply: base = .multiply
        case .divide: base = .divide
        case .remainder, .shiftLeft, .shiftRight, .bitwiseAnd, .bitwiseOr, .bitwiseXor:
            guard version.hasNativeIntegers else { return errorExpression(span) }  // reported by the parser
            let op: Expression.BinaryOperator = op.binaryOperator!
            guard let (typed, result) = integerResult(op, target.type, value.type),
                result == target.type
            else {
                error(.invalidBinaryOperands(op: op.rawValue + "=", target.type, value.type), at: span)
                return errorExpression(span)
            }
            return TypedExpression(.assignment(typed, target, value), type: target.type, span: span)
        case .assign: return errorExpression(span)  // handled above
        }
        if version.hasImplicitConversions, target.type.scalarKind == .float,
            value.type.scalarKind?.isInteger == true,
            let v = implicitlyConverted(value, to: value.type.withKind(.float))
        {
            value = v
        }
        guard let (typed, result) = arithmeticResult(base, target.type, value.type),
            result == target.type
        else {
            error(.invalidBinaryOperands(op: op.rawValue, target.type, value.type), at: span)
            return errorExpression(span)
        }
        return TypedExpression(.assignment(typed, target, value), type: target.type, span: span)
    }

    // MARK: L-values

    /// Reports (and returns `false`) when `e` can't be assigned; records writes of
    /// `gl_FragColor`/`gl_FragData`.
    @discardableResult
    func checkLValue(_ e: TypedExpression) -> Bool {
        switch e.kind {
        case .variable(let v):
            if v.isReadOnly(in: stage) {
                error(.readOnly(name: v.name, reason: readOnlyReason(v)), at: e.span)
                return false
            }
            if case .builtin(.glFragColor) = v.storage, firstFragColorWrite == nil {
                firstFragColorWrite = e.span
            }
            if case .builtin(.glFragData) = v.storage, firstFragDataWrite == nil {
                firstFragDataWrite = e.span
            }
            if case .output = v.storage, firstOutputWrite == nil { firstOutputWrite = e.span }
            if options.isStrict, loopIndices.contains(v) {
                error(.loopNotInAppendixAForm("the loop index '\(v.name)' is written in the body"),
                      at: e.span)
                return false
            }
            return true
        case .swizzle(let base, let comps):
            if Set(comps).count != comps.count {
                let letters = e.span.text.split(separator: ".").last.map(String.init) ?? ""
                error(.repeatedSwizzleLValue(letters), at: e.span)
                return false
            }
            return checkLValue(base)
        case .field(let base, _, _):
            return checkLValue(base)
        case .index(let base, _):
            return checkLValue(base)
        default:
            error(.notAnLValue, at: e.span)
            return false
        }
    }

    private func readOnlyReason(_ v: Variable) -> String {
        switch v.storage {
        case .uniform: return "a uniform"
        case .attribute: return "an attribute"
        case .varying: return "a varying"
        case .constant: return v.name.hasPrefix("gl_") ? "a built-in constant" : "const"
        case .parameter: return "a const parameter"
        case .builtin: return stage == .fragment ? "a read-only fragment shader input" : "read-only"
        default: return "read-only"
        }
    }

    // MARK: Selection

    private func checkField(_ baseExpr: Expression, _ name: Identifier, span: SourceSpan)
        -> TypedExpression
    {
        let base = checkExpression(baseExpr)
        if base.type.isError { return errorExpression(span) }
        switch base.type {
        case .structure(let s):
            guard let i = s.fieldIndex(named: name.name) else {
                error(.noMember(name.name, base.type), at: name.span)
                return errorExpression(span)
            }
            let t = s.fields[i].type
            let constant = base.constantValue?.element(i)
            return TypedExpression(.field(base, index: i, name: name.name), type: t,
                                   constant: constant, span: span)
        case .vector(let kind, let n):
            guard let comps = swizzleIndices(name.name, size: n) else {
                error(.invalidSwizzle(name.name, base.type), at: name.span)
                return errorExpression(span)
            }
            let t = GLSLType.vector(of: kind, size: comps.count)
            let constant = base.constantValue.map { value in
                ConstantValue(type: t, components: comps.map { value.components[$0] })
            }
            return TypedExpression(.swizzle(base, components: comps), type: t, constant: constant,
                                   span: span)
        default:
            if base.type.isScalar && swizzleIndices(name.name, size: 1) != nil {
                error(.invalidSwizzle(name.name, base.type), at: name.span)
            } else if base.type.isScalar || base.type.isMatrix {
                error(.invalidSwizzle(name.name, base.type), at: name.span)
            } else {
                error(.noMember(name.name, base.type), at: name.span)
            }
            return errorExpression(span)
        }
    }

    /// The component indices of a swizzle like `xyz`, `bgr` or `st` on a vector of `size`;
    /// `nil` when letters come from different sets, are out of range, or there are more
    /// than four.
    func swizzleIndices(_ text: String, size: Int) -> [Int]? {
        let sets = ["xyzw", "rgba", "stpq"]
        guard !text.isEmpty, text.count <= 4 else { return nil }
        for set in sets {
            let letters = Array(set)
            var out: [Int] = []
            for ch in text {
                guard let i = letters.firstIndex(of: ch) else { break }
                out.append(i)
            }
            if out.count == text.count {
                return out.allSatisfy { $0 < size } ? out : nil
            }
        }
        return nil
    }

    private func checkIndex(_ baseExpr: Expression, _ indexExpr: Expression, span: SourceSpan)
        -> TypedExpression
    {
        if case .identifier = baseExpr.kind { isCheckingIndexedName = true }
        let base = checkExpression(baseExpr)
        isCheckingIndexedName = false
        let index = checkExpression(indexExpr)
        if base.type.isError || index.type.isError { return errorExpression(span) }
        guard let element = base.type.indexedType, let count = base.type.indexableCount else {
            error(.notIndexable(base.type), at: baseExpr.span)
            return errorExpression(span)
        }
        // GLSL ES 3.00 §5.7 (and desktop 1.30): an int or uint index.
        guard index.type == .int || index.type == .uint else {
            error(.indexNotInt(index.type), at: indexExpr.span)
            return errorExpression(span)
        }
        var constant: ConstantValue?
        if case .variable(let v) = base.kind, isSizedByUses(v), let key = v.span?.start {
            // An array sized by its uses; on the first pass, record the index.
            guard let i = index.constantValue?.scalar?.intValue else {
                error(.sizedByUsesIndexNotConstant(v.name), at: indexExpr.span)
                return errorExpression(span)
            }
            if let largest = largestIndexUsed[key], i >= 0 && Int(i) < count {
                largestIndexUsed[key] = max(largest, Int(i) + 1)
            }
        }
        if index.constantValue == nil, case .array(.structure(let s), _) = base.type,
            blockTypes.contains(ObjectIdentifier(s))
        {
            error(.blockIndexNotConstant, at: indexExpr.span)
            return errorExpression(span)
        }
        // GLSL ES 3.00 and desktop 1.30–3.30: sampler arrays take constant indices only (a loop
        // index too is refused, as Mesa does); GLSL ES 1.00 allows loop indices.
        if index.constantValue == nil, version.hasNativeIntegers, element.isSampler {
            error(.samplerIndexNotConstant(version.isES ? "GLSL ES 3.00" : "GLSL 1.30"), at: indexExpr.span)
            return errorExpression(span)
        }
        if let i = index.constantValue?.scalar?.intValue {
            guard i >= 0 && Int(i) < count else {
                error(.indexOutOfRange(Int(i), base.type), at: indexExpr.span)
                return errorExpression(span)
            }
            constant = base.constantValue?.element(Int(i))
        } else if options.isStrict {
            checkStrictIndex(base, index, span: indexExpr.span)
        }
        return TypedExpression(.index(base, index), type: element, constant: constant, span: span)
    }

    /// Appendix A §5: outside uniforms (and vertex-shader uniforms only), indices must be
    /// constant-index expressions: constants and loop indices.
    private func checkStrictIndex(_ base: TypedExpression, _ index: TypedExpression,
                                  span: SourceSpan)
    {
        var root = base
        walk: while true {
            switch root.kind {
            case .index(let b, _), .field(let b, _, _), .swizzle(let b, _): root = b
            default: break walk
            }
        }
        if case .variable(let v) = root.kind, v.storage == .uniform, stage == .vertex { return }
        if isConstantIndexExpression(index) { return }
        error(.dynamicIndexInStrictMode(
            "indices must be constant expressions or loop indices"), at: span)
    }

    private func isConstantIndexExpression(_ e: TypedExpression) -> Bool {
        if e.constantValue != nil { return true }
        switch e.kind {
        case .variable(let v): return loopIndices.contains(v)
        case .unary(let op, let x):
            return !op.isIncrementOrDecrement && isConstantIndexExpression(x)
        case .binary(_, let a, let b):
            return isConstantIndexExpression(a) && isConstantIndexExpression(b)
        case .construct(_, let args), .builtinCall(_, let args):
            return args.allSatisfy(isConstantIndexExpression)
        default: return false
        }
    }
}

/// The Levenshtein distance between two names, giving up (returning `limit + 1`) once it
/// exceeds `limit`.
func editDistance(_ a: String, _ b: String, limit: Int) -> Int {
    let x = Array(a.utf8)
    let y = Array(b.utf8)
    if abs(x.count - y.count) > limit { return limit + 1 }
    var previous = Array(0...y.count)
    for i in 1...max(x.count, 1) where !x.isEmpty {
        var current = [i] + Array(repeating: 0, count: y.count)
        var rowMin = i
        for j in stride(from: 1, through: y.count, by: 1) {
            let cost = x[i - 1] == y[j - 1] ? 0 : 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            rowMin = min(rowMin, current[j])
        }
        if rowMin > limit { return limit + 1 }
        previous = current
    }
    return x.isEmpty ? y.count : previous[y.count]
}
