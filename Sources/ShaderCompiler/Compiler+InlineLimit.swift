import ShaderDiagnostics
import ShaderSemantics

/// Shade inlines every call, so a program's size is its call tree's: a function that calls
/// the next one twice, ten levels deep, is 1,024 copies of the innermost body. The lowering
/// refuses programs whose inlined size passes `Compiler.inlinedSizeLimit` before doing any
/// work, instead of running for minutes (piglit `glsl-*-inline-explosion`).
extension Lowering {
    /// The definition a call to `symbol` runs.
    func definition(of symbol: FunctionSymbol) -> CheckedFunction? {
        functions[symbol.id]
            ?? shader.functions.first {
                $0.symbol.name == symbol.name
                    && $0.symbol.parameters.map(\.type) == symbol.parameters.map(\.type)
            }
    }

    /// Throws when main, with every call inlined, has more than `Compiler.inlinedSizeLimit`
    /// statements and expression nodes.
    func checkInlinedSize() throws {
        var sizes: [Int: Int] = [:]
        let limit = Compiler.inlinedSizeLimit
        func add(_ a: Int, _ b: Int) -> Int { min(a &+ b, limit + 1) }

        func size(of f: CheckedFunction) -> Int {
            if let s = sizes[f.symbol.id] { return s }
            sizes[f.symbol.id] = limit + 1  // GLSL forbids recursion; never loop on it.
            let s = f.body.reduce(0) { add($0, size(of: $1)) }
            sizes[f.symbol.id] = s
            return s
        }
        func size(of s: TypedStatement) -> Int {
            switch s.kind {
            case .expression(let e): return add(1, size(of: e))
            case .declarations(let ds):
                return ds.reduce(1) { add($0, $1.initializer.map(size(of:)) ?? 0) }
            case .block(let b): return b.reduce(1) { add($0, size(of: $1)) }
            case .ifElse(let c, let t, let e):
                return add(add(1, size(of: c)), add(size(of: t), e.map(size(of:)) ?? 0))
            case .forLoop(let i, let c, let st, let body):
                return add(
                    add(1, i.map(size(of:)) ?? 0),
                    add(add(c.map(size(of:)) ?? 0, st.map(size(of:)) ?? 0), size(of: body)))
            case .whileLoop(let c, let b): return add(1, add(size(of: c), size(of: b)))
            case .doWhile(let b, let c): return add(1, add(size(of: c), size(of: b)))
            case .return(let e): return add(1, e.map(size(of:)) ?? 0)
            default: return 1
            }
        }
        func size(of e: TypedExpression) -> Int {
            switch e.kind {
            case .constant, .variable: return 1
            case .swizzle(let b, _), .field(let b, _, _): return add(1, size(of: b))
            case .index(let b, let i): return add(1, add(size(of: b), size(of: i)))
            case .unary(_, let x): return add(1, size(of: x))
            case .binary(_, let a, let b), .comma(let a, let b), .assignment(_, let a, let b):
                return add(1, add(size(of: a), size(of: b)))
            case .ternary(let c, let a, let b): return add(1, add(size(of: c), add(size(of: a), size(of: b))))
            case .call(let f, let args):
                let body = definition(of: f).map(size(of:)) ?? 0
                return args.reduce(add(1, body)) { add($0, size(of: $1)) }
            case .builtinCall(_, let args), .construct(_, let args):
                return args.reduce(1) { add($0, size(of: $1)) }
            }
        }

        guard size(of: shader.main) > limit else { return }
        // Name the deepest function whose inlined size passes the limit.
        let culprit = shader.functions.first { f in
            size(of: f) > limit
                && f.callees.allSatisfy { c in definition(of: c).map { size(of: $0) <= limit } ?? true }
        }
        let name = culprit?.symbol.name ?? "main"
        throw unsupported(
            "the program is too large once function calls are inlined (more than \(limit) "
                + "statements and expressions, starting with '\(name)'); Shade inlines every call, "
                + "so reduce how many times nested functions call each other",
            culprit?.span ?? shader.main.span)
    }
}
