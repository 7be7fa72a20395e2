/// Prints the typed AST as indented text, for `shade check --ast` and for tests.
public enum TypedASTPrinter {
    /// One expression as a parenthesised tree with types, e.g.
    /// `(vec4 construct vectorFromComponents (vec3 var c#3) (float const 1.0))`.
    public static func expression(_ e: TypedExpression) -> String {
        let t = "\(e.type)"
        switch e.kind {
        case .constant(let c): return "(\(t) const \(c))"
        case .variable(let v): return "(\(t) var \(v.name))"
        case .swizzle(let b, let comps):
            return "(\(t) swizzle \(comps.map(String.init).joined()) \(expression(b)))"
        case .field(let b, let i, let name):
            return "(\(t) field \(name)#\(i) \(expression(b)))"
        case .index(let b, let i): return "(\(t) index \(expression(b)) \(expression(i)))"
        case .unary(let op, let a): return "(\(t) \(op.rawValue) \(expression(a)))"
        case .binary(let op, let a, let b):
            return "(\(t) \(op.rawValue) \(expression(a)) \(expression(b)))"
        case .assignment(let op, let a, let b):
            return "(\(t) \(op.map { $0.rawValue } ?? "")= \(expression(a)) \(expression(b)))"
        case .ternary(let c, let a, let b):
            return "(\(t) ?: \(expression(c)) \(expression(a)) \(expression(b)))"
        case .comma(let a, let b): return "(\(t) , \(expression(a)) \(expression(b)))"
        case .call(let f, let args):
            return "(\(t) call \(f.name)" + args.map { " " + expression($0) }.joined() + ")"
        case .builtinCall(let o, let args):
            return "(\(t) builtin \(o.function.rawValue)"
                + args.map { " " + expression($0) }.joined() + ")"
        case .construct(let k, let args):
            return "(\(t) construct \(k)" + args.map { " " + expression($0) }.joined() + ")"
        }
    }

    /// A whole checked shader, one item per line block.
    public static func shader(_ shader: CheckedShader) -> String {
        var out = "// \(shader.stage) shader, version \(shader.version.rawValue)\n"
        for item in shader.globals {
            switch item {
            case .declarations(let decls):
                for d in decls { out += declaration(d, indent: "") }
            case .function(let f):
                out += "function \(f.symbol.returnType) \(f.symbol.signature)\n"
                for s in f.body { out += statement(s, indent: "    ") }
            }
        }
        return out
    }

    static func declaration(_ d: VariableDeclaration, indent: String) -> String {
        let v = d.variable
        var line = "\(indent)decl \(v.storage) \(v.type) \(v.name)"
        if let p = v.precision { line += " \(p.rawValue)" }
        if let i = d.initializer { line += " = " + expression(i) }
        return line + "\n"
    }

    static func statement(_ s: TypedStatement, indent: String) -> String {
        let inner = indent + "    "
        switch s.kind {
        case .expression(let e): return indent + expression(e) + "\n"
        case .declarations(let ds): return ds.map { declaration($0, indent: indent) }.joined()
        case .block(let ss):
            return indent + "{\n" + ss.map { statement($0, indent: inner) }.joined() + indent
                + "}\n"
        case .ifElse(let c, let a, let b):
            var out = indent + "if " + expression(c) + "\n" + statement(a, indent: inner)
            if let b { out += indent + "else\n" + statement(b, indent: inner) }
            return out
        case .forLoop(let i, let c, let step, let body):
            var out = indent + "for\n"
            if let i { out += statement(i, indent: inner) }
            out += inner + "cond " + (c.map(expression) ?? "true") + "\n"
            out += inner + "step " + (step.map(expression) ?? "-") + "\n"
            return out + statement(body, indent: inner)
        case .whileLoop(let c, let body):
            return indent + "while " + expression(c) + "\n" + statement(body, indent: inner)
        case .doWhile(let body, let c):
            return indent + "do\n" + statement(body, indent: inner) + indent + "while "
                + expression(c) + "\n"
        case .break: return indent + "break\n"
        case .continue: return indent + "continue\n"
        case .discard: return indent + "discard\n"
        case .return(let e):
            return indent + "return" + (e.map { " " + expression($0) } ?? "") + "\n"
        case .empty: return indent + ";\n"
        }
    }
}
