import ShaderSemantics

extension CheckedShader {
    /// Every variable the shader's code mentions, in any function (GLSL's "static use": a use
    /// counts even in code that never runs).
    var staticallyUsedVariables: Set<Variable> {
        var used = Set<Variable>()
        for item in globals {
            if case .declarations(let declarations) = item {
                for d in declarations { d.initializer.map { collect($0, into: &used) } }
            }
        }
        for function in functions {
            for statement in function.body { collect(statement, into: &used) }
        }
        return used
    }

    private func collect(_ statement: TypedStatement, into used: inout Set<Variable>) {
        switch statement.kind {
        case .expression(let e):
            collect(e, into: &used)
        case .declarations(let declarations):
            for d in declarations { d.initializer.map { collect($0, into: &used) } }
        case .block(let statements):
            for s in statements { collect(s, into: &used) }
        case .ifElse(let c, let a, let b):
            collect(c, into: &used)
            collect(a, into: &used)
            b.map { collect($0, into: &used) }
        case .forLoop(let initializer, let condition, let step, let body):
            initializer.map { collect($0, into: &used) }
            condition.map { collect($0, into: &used) }
            step.map { collect($0, into: &used) }
            collect(body, into: &used)
        case .whileLoop(let c, let body):
            collect(c, into: &used)
            collect(body, into: &used)
        case .doWhile(let body, let c):
            collect(body, into: &used)
            collect(c, into: &used)
        case .return(let e):
            e.map { collect($0, into: &used) }
        case .break, .continue, .discard, .empty:
            break
        }
    }

    private func collect(_ expression: TypedExpression, into used: inout Set<Variable>) {
        switch expression.kind {
        case .constant:
            break
        case .variable(let v):
            used.insert(v)
        case .swizzle(let e, _), .field(let e, _, _), .unary(_, let e):
            collect(e, into: &used)
        case .index(let a, let b), .binary(_, let a, let b), .assignment(_, let a, let b), .comma(let a, let b):
            collect(a, into: &used)
            collect(b, into: &used)
        case .ternary(let a, let b, let c):
            collect(a, into: &used)
            collect(b, into: &used)
            collect(c, into: &used)
        case .call(_, let arguments), .builtinCall(_, let arguments), .construct(_, let arguments):
            for a in arguments { collect(a, into: &used) }
        }
    }
}
