import ShaderDiagnostics
import ShaderSyntax

extension CheckContext {
    func checkStatements(_ statements: [Statement]) -> [TypedStatement] {
        statements.compactMap(checkStatement)
    }

    /// Checks a boolean condition (`if`, loops, `?:`).
    func checkCondition(_ e: Expression) -> TypedExpression {
        let c = checkExpression(e)
        if !c.type.isError && c.type != .bool {
            error(.conditionNotBool(c.type), at: e.span)
        }
        return c
    }

    /// Checks a loop condition, which may declare a variable (`while (bool b = x)`): the
    /// declaration goes into the current scope and the condition becomes `b = x`.
    private func checkLoopCondition(_ condition: Condition) -> (TypedStatement?, TypedExpression) {
        switch condition {
        case .expression(let e):
            return (nil, checkCondition(e))
        case .declaration(let type, let name, let initializer, let span):
            let t = resolveType(type.specifier)
            let value = checkExpression(initializer)
            if !t.isError && t != .bool {
                error(.conditionNotBool(t), at: type.span)
            }
            let precision = resolvePrecision(type.specifier.precision, for: t, at: type.span)
            let v = Variable(
                id: makeID(), name: name.name, type: t, storage: .local, precision: precision,
                span: name.span)
            declare(name.name, .variable(v), at: name.span)
            let converted = coerce(value, to: t) ?? value
            let target = TypedExpression(.variable(v), type: t, span: name.span)
            let assign = TypedExpression(
                .assignment(nil, target, converted), type: t, span: span)
            let declaration = VariableDeclaration(variable: v, initializer: nil, span: span)
            let decl = TypedStatement(kind: .declarations([declaration]), span: span)
            return (decl, assign)
        }
    }

    func checkStatement(_ statement: Statement) -> TypedStatement? {
        switch statement {
        case .compound(let body, let span):
            pushScope()
            let out = checkStatements(body)
            popScope()
            return TypedStatement(kind: .block(out), span: span)
        case .declaration(let d):
            let decls = checkDeclaration(d)
            if decls.isEmpty { return nil }
            return TypedStatement(kind: .declarations(decls), span: d.span)
        case .expression(let e, let span):
            return TypedStatement(kind: .expression(checkExpression(e)), span: span)
        case .empty(let span):
            return TypedStatement(kind: .empty, span: span)
        case .if(let condition, let then, let otherwise, let span):
            let c = checkCondition(condition)
            let t = checkSubstatement(then)
            let o = otherwise.map(checkSubstatement)
            return TypedStatement(kind: .ifElse(c, t, o), span: span)
        case .for(let initializer, let condition, let increment, let body, let span):
            pushScope()
            let i = checkStatement(initializer)
            var conditionDecl: TypedStatement?
            var c: TypedExpression?
            if let condition {
                let (d, e) = checkLoopCondition(condition)
                conditionDecl = d
                c = e
            }
            let step = increment.map { checkExpression($0) }
            if options.isStrict { checkAppendixALoop(initializer, condition, increment, span) }
            loopDepth += 1
            let b = checkLoopBody(body)
            loopDepth -= 1
            if options.isStrict, !loopIndices.isEmpty { loopIndices.removeLast() }
            popScope()
            var prelude: [TypedStatement] = []
            if let i { prelude.append(i) }
            if let conditionDecl { prelude.append(conditionDecl) }
            let initStatement: TypedStatement? =
                prelude.count <= 1
                ? prelude.first : TypedStatement(kind: .block(prelude), span: span)
            let loop = TypedStatement(
                kind: .forLoop(initializer: initStatement, condition: c, step: step, body: b),
                span: span)
            return loop
        case .while(let condition, let body, let span):
            if options.isStrict {
                error(.loopNotInAppendixAForm("'while' loops are not allowed"), at: span)
            }
            pushScope()
            let (decl, c) = checkLoopCondition(condition)
            loopDepth += 1
            let b = checkLoopBody(body)
            loopDepth -= 1
            popScope()
            let loop = TypedStatement(kind: .whileLoop(c, b), span: span)
            if let decl { return TypedStatement(kind: .block([decl, loop]), span: span) }
            return loop
        case .doWhile(let body, let condition, let span):
            if options.isStrict {
                error(.loopNotInAppendixAForm("'do' loops are not allowed"), at: span)
            }
            loopDepth += 1
            let b = checkSubstatement(body)
            loopDepth -= 1
            let c = checkCondition(condition)
            return TypedStatement(kind: .doWhile(b, c), span: span)
        case .continue(let span):
            if loopDepth == 0 { error(.breakOutsideLoop("continue"), at: span) }
            return TypedStatement(kind: .continue, span: span)
        case .break(let span):
            if loopDepth == 0 && switchDepth == 0 { error(.breakOutsideLoop("break"), at: span) }
            return TypedStatement(kind: .break, span: span)
        case .switch(let selector, let body, let span):
            return checkSwitch(selector, body, span: span)
        case .caseLabel(let value, let span):
            error(.invalidSwitch(
                "'\(value == nil ? "default" : "case")' label outside a switch body"), at: span)
            return nil
        case .discard(let span):
            if stage != .fragment { error(.discardInVertexShader, at: span) }
            usesDiscard = true
            return TypedStatement(kind: .discard, span: span)
        case .return(let value, let span):
            currentFunctionHasReturn = true
            guard let f = currentFunction?.symbol else {
                if let value { _ = checkExpression(value) }
                return TypedStatement(kind: .return(nil), span: span)
            }
            guard let value else {
                if f.returnType != .void && !f.returnType.isError {
                    error(.missingReturnValue(f.name), at: span)
                }
                return TypedStatement(kind: .return(nil), span: span)
            }
            let v = checkExpression(value)
            if f.returnType == .void {
                if !v.type.isError { error(.returnValueInVoid(f.name), at: value.span) }
                return TypedStatement(kind: .return(nil), span: span)
            }
            if f.returnType.isError { return TypedStatement(kind: .return(v), span: span) }
            return TypedStatement(kind: .return(coerce(v, to: f.returnType) ?? v), span: span)
        }
    }

    /// The body of an `if` or a loop: a compound statement gets its own scope; a single
    /// statement is checked in a scope of its own too, so a declaration can't leak.
    private func checkSubstatement(_ s: Statement) -> TypedStatement {
        if case .compound = s {
            return checkStatement(s) ?? TypedStatement(kind: .empty, span: s.span)
        }
        pushScope()
        let out = checkStatement(s) ?? TypedStatement(kind: .empty, span: s.span)
        popScope()
        return out
    }

    /// The body of a `for` or `while` loop: it shares the loop's scope (the grammar's
    /// statement-no-new-scope), so it can't redeclare the loop's variables.
    private func checkLoopBody(_ s: Statement) -> TypedStatement {
        if case .compound(let body, let span) = s {
            return TypedStatement(kind: .block(checkStatements(body)), span: span)
        }
        return checkStatement(s) ?? TypedStatement(kind: .empty, span: s.span)
    }

    // MARK: Appendix A (strict mode)

    /// Appendix A §4: `for (int i = c; i op c; i++ | i-- | i += c | i -= c)`.
    private func checkAppendixALoop(
        _ initializer: Statement, _ condition: Condition?, _ increment: Expression?,
        _ span: SourceSpan
    ) {
        func fail(_ reason: String) {
            error(.loopNotInAppendixAForm(reason), at: span)
            loopIndices.append(Variable(
                id: -1, name: "", type: .error, storage: .local, precision: nil, span: nil))
        }
        guard case .declaration(.variables(let list)) = initializer, list.declarators.count == 1,
            let declarator = list.declarators.first, let ini = declarator.initializer
        else { return fail("the initializer must declare one loop index") }
        guard case .variable(let index)? = lookup(declarator.name.name),
            index.type == .int || index.type == .float
        else { return fail("the loop index must be an 'int' or 'float'") }
        guard checkQuietly(ini)?.constantValue != nil else {
            return fail("the loop index must be initialized with a constant expression")
        }
        guard case .expression(let c)? = condition, case .binary(let op, let l, let r) = c.kind,
            [.less, .greater, .lessEqual, .greaterEqual, .equal, .notEqual].contains(op),
            case .identifier(let n) = l.kind, n == index.name,
            checkQuietly(r)?.constantValue != nil
        else { return fail("the condition must compare the loop index with a constant") }
        guard let increment else { return fail("the loop must update its index") }
        switch increment.kind {
        case .unary(let op, let e)
        where [.preIncrement, .preDecrement, .postIncrement, .postDecrement].contains(op):
            guard case .identifier(let n) = e.kind, n == index.name else {
                return fail("the loop must update its index")
            }
        case .assignment(let op, let e, let v) where op == .add || op == .subtract:
            guard case .identifier(let n) = e.kind, n == index.name,
                checkQuietly(v)?.constantValue != nil
            else { return fail("the loop must update its index by a constant") }
        default:
            return fail("the loop must update its index with ++, --, += or -=")
        }
        loopIndices.append(index)
    }

    /// Checks an expression without keeping its diagnostics (they were reported already).
    func checkQuietly(_ e: Expression) -> TypedExpression? {
        let saved = diagnostics
        let result = checkExpression(e)
        diagnostics = saved
        return result
    }
}

extension CheckContext {
    // MARK: switch (GLSL ES 3.00 §6.2)

    /// Checks `switch (selector) { body }` and lowers it to statements the back ends already
    /// run: the selector into a temporary, the index of the label it enters by into another,
    /// then `do { if (entry <= 0) { segment 0 } if (entry <= 1) { segment 1 } … } while (false);`
    /// so that a segment falls through to the next and `break` leaves the `do`. A `continue`
    /// of an enclosing loop becomes `{ continued = true; break; }`, followed after the `do` by
    /// `if (continued) continue;`.
    func checkSwitch(_ selectorExpr: Expression, _ body: [Statement], span: SourceSpan)
        -> TypedStatement?
    {
        let selector = checkExpression(selectorExpr)
        let kind = selector.type.scalarKind
        let isValidSelector = selector.type.isScalar && kind?.isInteger == true
        if !selector.type.isError && !isValidSelector {
            error(.invalidSwitch("the selector must be a scalar 'int' or 'uint', found '\(selector.type)'"),
                  at: selectorExpr.span)
        }
        pushScope()
        switchDepth += 1
        var segments: [[TypedStatement]] = []
        var labels: [(value: Int64?, segment: Int)] = []
        var seen: Set<Int64> = []
        var hasDefault = false
        var lastLabelSpan: SourceSpan?
        var statementsSinceLabel = 0
        for statement in body {
            if case .caseLabel(let valueExpr, let labelSpan) = statement {
                if segments.isEmpty || !(segments.last!.isEmpty) { segments.append([]) }
                lastLabelSpan = labelSpan
                statementsSinceLabel = 0
                guard let valueExpr else {
                    if hasDefault { error(.invalidSwitch("more than one 'default' label"), at: labelSpan) }
                    hasDefault = true
                    labels.append((nil, segments.count - 1))
                    continue
                }
                let value = checkExpression(valueExpr)
                if value.type.isError || !isValidSelector { continue }
                guard value.type == selector.type, let c = value.constantValue?.scalar else {
                    error(.invalidSwitch(value.type == selector.type
                        ? "a case label must be a constant expression"
                        : "a case label must have the selector's type '\(selector.type)', found '\(value.type)'"),
                          at: valueExpr.span)
                    continue
                }
                let key: Int64 = kind == .uint ? Int64(c.integerBits) : Int64(c.intValue)
                if !seen.insert(key).inserted {
                    error(.invalidSwitch("duplicate case label '\(value.constantValue!)'"), at: valueExpr.span)
                }
                labels.append((key, segments.count - 1))
                continue
            }
            guard !segments.isEmpty else {
                error(.invalidSwitch("statements before the first 'case' label"), at: statement.span)
                _ = checkStatement(statement)
                continue
            }
            statementsSinceLabel += 1
            if let typed = checkStatement(statement) { segments[segments.count - 1].append(typed) }
        }
        if let lastLabelSpan, statementsSinceLabel == 0 {
            error(.invalidSwitch("a label at the end of a switch body needs a statement after it"),
                  at: lastLabelSpan)
        }
        switchDepth -= 1
        popScope()
        if selector.type.isError || diagnostics.containsError { return nil }

        // The lowering.
        func variable(_ name: String, _ type: GLSLType) -> Variable {
            Variable(id: makeID(), name: name, type: type, storage: .local,
                     precision: .highp, span: nil)
        }
        func use(_ v: Variable) -> TypedExpression { TypedExpression(.variable(v), type: v.type, span: span) }
        func intConstant(_ k: Int) -> TypedExpression {
            let c = ConstantValue.int(Int32(k))
            return TypedExpression(.constant(c), type: .int, constant: c, span: span)
        }
        let selected = variable("switch$selector", selector.type)
        let entry = variable("switch$entry", .int)
        var entryValue = intConstant(labels.first { $0.value == nil }?.segment ?? segments.count)
        for label in labels.reversed() {
            guard let value = label.value else { continue }
            let c = ConstantValue(type: selector.type, components: [
                kind == .uint ? .uint(UInt32(value)) : .int(Int32(value))])
            let equal = TypedExpression(
                .binary(.equal, use(selected), TypedExpression(.constant(c), type: selector.type, constant: c, span: span)),
                type: .bool, span: span)
            entryValue = TypedExpression(.ternary(equal, intConstant(label.segment), entryValue), type: .int, span: span)
        }
        let continued = variable("switch$continued", .bool)
        var usesContinue = false
        func rewriteContinues(_ s: TypedStatement) -> TypedStatement {
            func again(_ k: TypedStatement.Kind) -> TypedStatement { TypedStatement(kind: k, span: s.span) }
            switch s.kind {
            case .continue:
                usesContinue = true
                let t = ConstantValue.bool(true)
                let set = TypedExpression(.assignment(nil, use(continued), TypedExpression(.constant(t), type: .bool, constant: t, span: span)), type: .bool, span: span)
                return again(.block([again(.expression(set)), again(.break)]))
            case .block(let b): return again(.block(b.map(rewriteContinues)))
            case .ifElse(let c, let t, let e): return again(.ifElse(c, rewriteContinues(t), e.map(rewriteContinues)))
            default: return s
            }
        }
        var lowered: [TypedStatement] = []
        for (i, segment) in segments.enumerated() where !segment.isEmpty {
            let test = TypedExpression(.binary(.lessEqual, use(entry), intConstant(i)), type: .bool, span: span)
            let block = TypedStatement(kind: .block(segment.map(rewriteContinues)), span: span)
            lowered.append(TypedStatement(kind: .ifElse(test, block, nil), span: span))
        }
        let no = ConstantValue.bool(false)
        let falseExpression = TypedExpression(.constant(no), type: .bool, constant: no, span: span)
        var out: [TypedStatement] = [
            TypedStatement(kind: .declarations([
                VariableDeclaration(variable: selected, initializer: selector, span: span),
                VariableDeclaration(variable: entry, initializer: entryValue, span: span),
            ]), span: span)
        ]
        if usesContinue {
            out.append(TypedStatement(kind: .declarations([
                VariableDeclaration(variable: continued, initializer: falseExpression, span: span)]), span: span))
        }
        out.append(TypedStatement(kind: .doWhile(TypedStatement(kind: .block(lowered), span: span), falseExpression), span: span))
        if usesContinue {
            out.append(TypedStatement(kind: .ifElse(use(continued), TypedStatement(kind: .continue, span: span), nil), span: span))
        }
        return TypedStatement(kind: .block(out), span: span)
    }
}
