import ShaderDiagnostics

/// Warnings for values read before anything wrote them: a local variable declared without an
/// initializer, or an `out` parameter, whose first use in the order the source is written is a
/// read (`float i; while (i++ < 58.0)`, `vec2 col; … sin(v + col)`, `O += …` on Shadertoy's
/// `out vec4 O`).
///
/// GLSL leaves such a value undefined, and GPUs differ: Shade reads 0, llvmpipe whatever its
/// registers held (README "Undefined behaviour"), so a picture that depends on it cannot be
/// trusted. The walk follows the text, not the control flow — a write anywhere before the read
/// (in a branch or an earlier loop iteration too) counts — so each warning says "may". One
/// warning per variable, at its first such read.
enum UndefinedReads {
    static func warnings(in function: CheckedFunction) -> [Diagnostic] {
        var walk = Walk()
        for (k, p) in function.parameters.enumerated()
        where k < function.symbol.parameters.count && function.symbol.parameters[k].qualifier == .out {
            walk.unwritten[p.id] = p
        }
        for s in function.body { walk.statement(s) }
        return walk.found
    }

    struct Walk {
        /// Variables nothing has written yet, by id.
        var unwritten: [Int: Variable] = [:]
        var found: [Diagnostic] = []

        mutating func statement(_ s: TypedStatement) {
            switch s.kind {
            case .declarations(let ds):
                for d in ds {
                    if let e = d.initializer {
                        expression(e)
                    } else if !d.variable.type.containsSampler, d.variable.constantValue == nil {
                        unwritten[d.variable.id] = d.variable
                    }
                }
            case .forLoop(let i, let c, let st, let body):
                // In the order a loop runs: initializer, condition, body, step.
                i.map { statement($0) }
                c.map { expression($0) }
                statement(body)
                st.map { expression($0) }
            case .doWhile(let body, let c):
                statement(body)
                expression(c)
            default:
                for e in s.expressions { expression(e) }
                for sub in s.substatements { statement(sub) }
            }
        }

        mutating func read(_ v: Variable, at span: SourceSpan) {
            guard unwritten.removeValue(forKey: v.id) != nil else { return }
            found.append(.warning(
                "'\(v.name)' may be read before anything writes it: its value is undefined there (Shade reads 0; GPUs, llvmpipe among them, may give anything)",
                at: span))
        }

        /// The indices inside an l-value are reads; the variable itself is written.
        mutating func place(_ e: TypedExpression, alsoReads: Bool) {
            switch e.kind {
            case .variable(let v):
                if alsoReads { read(v, at: e.span) }
                unwritten.removeValue(forKey: v.id)
            case .swizzle(let b, _), .field(let b, _, _): place(b, alsoReads: alsoReads)
            case .index(let b, let i):
                expression(i)
                place(b, alsoReads: alsoReads)
            default: expression(e)
            }
        }

        mutating func expression(_ e: TypedExpression) {
            if e.constantValue != nil { return }
            switch e.kind {
            case .variable(let v): read(v, at: e.span)
            case .assignment(let op, let target, let value):
                expression(value)
                place(target, alsoReads: op != nil)
            case .unary(let op, let x) where op.isIncrementOrDecrement:
                place(x, alsoReads: true)
            case .call(let f, let args):
                for (k, a) in args.enumerated() {
                    let q = k < f.parameters.count ? f.parameters[k].qualifier : .in
                    switch q {
                    case .out: place(a, alsoReads: false)
                    case .inout: place(a, alsoReads: true)
                    default: expression(a)
                    }
                }
            case .builtinCall(let o, let args):
                for (k, a) in args.enumerated() {
                    if k == o.function.outParameterIndex { place(a, alsoReads: false) } else { expression(a) }
                }
            default:
                for child in e.children { expression(child) }
            }
        }
    }
}
