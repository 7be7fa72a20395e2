import ShaderDiagnostics
import ShaderSemantics
import ShaderSyntax
import Testing

/// Checks `source`, recording a test issue (at the caller) with the rendered diagnostics when
/// it does not check.
func checked(
    _ source: String, stage: ShaderStage = .fragment, options: CheckOptions = CheckOptions(),
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> CheckedShader? {
    do {
        return try compileFrontEnd(source: source, name: "test.frag", stage: stage,
                                   options: options)
    } catch {
        Issue.record("shader did not check:\n\(error.description)", sourceLocation: sourceLocation)
        return nil
    }
}

/// The error diagnostics checking `source` produces.
func errors(
    _ source: String, stage: ShaderStage = .fragment, options: CheckOptions = CheckOptions()
) -> [Diagnostic] {
    let file = SourceFile(name: "test.frag", text: source)
    return Checker.check(parse(file, stage: stage), options: options).errors
}

/// Every variable declaration in a list of statements, blocks and loops included.
func declarations(in statements: [TypedStatement]) -> [VariableDeclaration] {
    var out: [VariableDeclaration] = []
    for s in statements {
        switch s.kind {
        case .declarations(let ds): out += ds
        case .block(let ss): out += declarations(in: ss)
        case .forLoop(let i, _, _, let body):
            out += declarations(in: (i.map { [$0] } ?? []) + [body])
        case .whileLoop(_, let body), .doWhile(let body, _): out += declarations(in: [body])
        case .ifElse(_, let a, let b): out += declarations(in: [a] + (b.map { [$0] } ?? []))
        default: break
        }
    }
    return out
}

extension CheckedShader {
    /// The initializer of the variable `name` declared in `main` (or at global scope).
    func initializer(of name: String) -> TypedExpression? {
        var all = declarations(in: main.body)
        for case .declarations(let ds) in globals { all += ds }
        return all.first { $0.variable.name == name }?.initializer
    }

    /// The expression statements of `main`, in order.
    var mainExpressions: [TypedExpression] {
        main.body.compactMap { if case .expression(let e) = $0.kind { e } else { nil } }
    }
}
