// Printing the syntax tree back as GLSL, with every expression fully parenthesised so the
// tree's shape is visible: `a + b * c` prints as `(a + (b * c))`.

extension Expression: CustomStringConvertible {
    /// The expression as GLSL with every operator application in parentheses.
    public var description: String {
        switch kind {
        case .identifier(let name): return name
        case .intLiteral(let value): return String(value)
        case .uintLiteral(let value): return "\(value)u"
        case .floatLiteral(let value): return String(value)
        case .boolLiteral(let value): return value ? "true" : "false"
        case .unary(let op, let operand):
            switch op {
            case .postIncrement: return "(\(operand)++)"
            case .postDecrement: return "(\(operand)--)"
            case .preIncrement: return "(++\(operand))"
            case .preDecrement: return "(--\(operand))"
            default: return "(\(op.rawValue)\(operand))"
            }
        case .binary(let op, let left, let right): return "(\(left) \(op.rawValue) \(right))"
        case .assignment(let op, let target, let value):
            return "(\(target) \(op.rawValue) \(value))"
        case .ternary(let c, let t, let e): return "(\(c) ? \(t) : \(e))"
        case .call(let callee, let arguments):
            let name: String
            switch callee {
            case .name(let id): name = id.name
            case .constructor(let type, _): name = type.rawValue
            case .arrayConstructor(let type):
                switch type.kind {
                case .builtin(let b): name = b.rawValue
                case .named(let id): name = id.name
                case .structure: name = "?"
                }
                return name + "[" + (type.array?.size.map(\.description) ?? "") + "]("
                    + arguments.map(\.description).joined(separator: ", ") + ")"
            }
            return name + "(" + arguments.map(\.description).joined(separator: ", ") + ")"
        case .field(let base, let field): return "\(base).\(field.name)"
        case .methodCall(let base, let method, let arguments):
            return "\(base).\(method.name)(" + arguments.map(\.description).joined(separator: ", ")
                + ")"
        case .index(let base, let index): return "\(base)[\(index)]"
        case .comma(let left, let right): return "(\(left), \(right))"
        }
    }
}

extension TypeQualifiers: CustomStringConvertible {
    /// The qualifiers as written, each followed by a space (`invariant varying `).
    public var description: String {
        let layoutText =
            layout.isEmpty
            ? "" : "layout(" + layout.map(\.description).joined(separator: ", ") + ") "
        return (isInvariant ? "invariant " : "") + (interpolation.map { $0.rawValue + " " } ?? "")
            + layoutText + (isCentroid ? "centroid " : "")
            + (storage.map { $0.rawValue + " " } ?? "")
    }
}

extension LayoutQualifierItem: CustomStringConvertible {
    /// `location = 2`, `std140`.
    public var description: String { name.name + (value.map { " = \($0)" } ?? "") }
}

extension StructMember: CustomStringConvertible {
    /// `layout(row_major) mat4 m, n[2];`
    public var description: String {
        "\(qualifiers)\(type) " + declarators.map(\.description).joined(separator: ", ") + ";"
    }
}

extension InterfaceBlock: CustomStringConvertible {
    /// `uniform Block { vec4 a; } b[2];`
    public var description: String {
        "\(qualifiers)\(name.name) { " + members.map(\.description).joined(separator: " ") + " }"
            + (instanceName.map { " " + $0.name } ?? "") + (instanceArray?.description ?? "") + ";"
    }
}

extension TypeSpecifier: CustomStringConvertible {
    /// `highp vec4`, `S`, `float[2]`, `struct S { float x; }`.
    public var description: String {
        let body: String
        switch kind {
        case .builtin(let type): body = type.rawValue
        case .named(let id): body = id.name
        case .structure(let s): body = s.description
        }
        return (precision.map { $0.rawValue + " " } ?? "") + body + (array?.description ?? "")
    }
}

extension StructSpecifier: CustomStringConvertible {
    /// `struct S { float x; vec2 y[2]; }`
    public var description: String {
        let members = members.map(\.description)
        return "struct " + (name.map { $0.name + " " } ?? "") + "{ "
            + members.joined(separator: " ") + " }"
    }
}

extension FullySpecifiedType: CustomStringConvertible {
    /// Qualifiers then type: `uniform highp vec4`.
    public var description: String { qualifiers.description + specifier.description }
}

extension ArraySpecifier: CustomStringConvertible {
    /// `[size]`, or `[]` for an unsized array.
    public var description: String { "[" + (size?.description ?? "") + "]" }
}

extension Declarator: CustomStringConvertible {
    /// `a[3] = x`
    public var description: String {
        name.name + (array?.description ?? "") + (initializer.map { " = \($0)" } ?? "")
    }
}

extension ParameterDeclaration: CustomStringConvertible {
    /// `const in highp vec2 p[2]`.
    public var description: String {
        (isConst ? "const " : "") + (direction.map { $0.rawValue + " " } ?? "") + type.description
            + (name.map { " " + $0.name } ?? "") + (array?.description ?? "")
    }
}

extension FunctionPrototype: CustomStringConvertible {
    /// `vec4 blend(vec4 a, vec4 b)`, without a `;`.
    public var description: String {
        "\(returnType) \(name.name)(" + parameters.map(\.description).joined(separator: ", ") + ")"
    }
}

extension Declaration: CustomStringConvertible {
    /// The declaration as one line of GLSL, `;` included.
    public var description: String {
        switch self {
        case .functionPrototype(let p): return "\(p);"
        case .variables(let v):
            let names = v.declarators.map(\.description).joined(separator: ", ")
            return "\(v.type)" + (names.isEmpty ? "" : " " + names) + ";"
        case .precision(let p): return "precision \(p.precision.rawValue) \(p.type);"
        case .invariant(let i):
            return "invariant " + i.names.map(\.name).joined(separator: ", ") + ";"
        case .block(let b): return b.description
        case .defaultQualifiers(let q, _): return q.description.trimmingSuffixSpace + ";"
        }
    }
}

extension Condition: CustomStringConvertible {
    /// The expression, or `bool b = (x < 1.0)`.
    public var description: String {
        switch self {
        case .expression(let e): e.description
        case .declaration(let type, let name, let initializer, _):
            "\(type) \(name.name) = \(initializer)"
        }
    }
}

extension Statement: CustomStringConvertible {
    /// The statement as GLSL on one line, blocks in braces.
    public var description: String {
        switch self {
        case .compound(let statements, _):
            return statements.isEmpty
                ? "{ }" : "{ " + statements.map(\.description).joined(separator: " ") + " }"
        case .declaration(let d): return d.description
        case .expression(let e, _): return "\(e);"
        case .empty: return ";"
        case .if(let c, let t, let e, _): return "if (\(c)) \(t)" + (e.map { " else \($0)" } ?? "")
        case .for(let i, let c, let inc, let body, _):
            let initText = i.description
            return "for (\(initText) \(c?.description ?? ""); \(inc?.description ?? "")) \(body)"
        case .while(let c, let body, _): return "while (\(c)) \(body)"
        case .doWhile(let body, let c, _): return "do \(body) while (\(c));"
        case .continue: return "continue;"
        case .break: return "break;"
        case .return(let value, _): return value.map { "return \($0);" } ?? "return;"
        case .discard: return "discard;"
        case .switch(let selector, let body, _):
            return "switch (\(selector)) { " + body.map(\.description).joined(separator: " ") + " }"
        case .caseLabel(let value, _): return value.map { "case \($0):" } ?? "default:"
        }
    }
}

extension ExternalDeclaration: CustomStringConvertible {
    /// The declaration or the whole function definition on one line.
    public var description: String {
        switch self {
        case .function(let f):
            return "\(f.prototype) " + Statement.compound(f.body, span: f.bodySpan).description
        case .declaration(let d): return d.description
        }
    }
}

extension TranslationUnit: CustomStringConvertible {
    /// One external declaration per line.
    public var description: String { declarations.map(\.description).joined(separator: "\n") }
}

extension String {
    /// The string without one trailing space.
    fileprivate var trimmingSuffixSpace: String { hasSuffix(" ") ? String(dropLast()) : self }
}
