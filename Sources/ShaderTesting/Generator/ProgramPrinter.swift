/// Prints a `ProgramModel` as GLSL ES 1.00 or 3.00 source, applying every guard.
struct ProgramPrinter {
    let model: ProgramModel
    private var out = ""
    private var indent = 0

    init(_ model: ProgramModel) { self.model = model }

    var isES300: Bool { model.language == .es300 }

    /// The fragment colour: `gl_FragColor`, or the `out vec4` of a GLSL ES 3.00 program.
    var fragColor: String { isES300 ? "shadeFragColor" : "gl_FragColor" }

    // MARK: Types

    func typeName(_ t: GType) -> String {
        switch t {
        case .bool: "bool"
        case .int: "int"
        case .uint: "uint"
        case .float: "float"
        case .vec(let n): "vec\(n)"
        case .ivec(let n): "ivec\(n)"
        case .uvec(let n): "uvec\(n)"
        case .bvec(let n): "bvec\(n)"
        case .mat(let n): "mat\(n)"
        case .array(let e, _): typeName(e)
        // A shrinking candidate may have dropped a structure still in use: print a name the
        // checker rejects instead of trapping.
        case .structure(let i): i < model.structs.count ? model.structs[i].name : "S_removed\(i)"
        }
    }

    /// A precision qualifier for a float local named `name` when the default is below
    /// `highp`: a quarter `highp`, a quarter `lowp`, the rest the default (by the name's hash,
    /// so that reprinting a shrunk model keeps them).
    func localPrecision(_ t: GType, _ name: String) -> String {
        guard model.floatPrecision != "highp" else { return "" }
        var base = t
        if case .array(let e, _) = t { base = e }
        guard base.scalar == .float else { return "" }
        var h: UInt32 = 2_166_136_261
        for b in name.utf8 { h = (h ^ UInt32(b)) &* 16_777_619 }
        switch h % 4 {
        case 0: return "highp "
        case 1: return "lowp "
        default: return ""
        }
    }

    /// `T name` or `T name[n]`.
    func declarator(_ t: GType, _ name: String) -> String {
        if case .array(let e, let n) = t { return "\(typeName(e)) \(name)[\(n)]" }
        return "\(typeName(t)) \(name)"
    }

    // MARK: Expressions

    func index(_ i: GIndex) -> String {
        switch i {
        case .constant(let k): "\(k)"
        case .loopIndex(let name): name
        case .clamped(let e, let n): "int(clamp(float(\(expr(e))), 0.0, \(n - 1).0))"
        }
    }

    /// `abs(x) + 0.5`-style offset of the right type for float-like `t`.
    private func offset(_ t: GType, _ value: String) -> String {
        t == .float ? value : "\(typeName(t))(\(value))"
    }

    func expr(_ e: GExpr) -> String {
        switch e.kind {
        case .literal(let s), .name(let s):
            return s
        case .construct(let args):
            return "\(typeName(e.type))(\(args.map(expr).joined(separator: ", ")))"
        case .call(let name, let args):
            return "\(name)(\(args.map(expr).joined(separator: ", ")))"
        case .unary(let op, let a):
            return "(\(op)\(expr(a)))"
        case .binary(let op, let a, let b):
            return "(\(expr(a)) \(op) \(expr(b)))"
        case .ternary(let c, let a, let b):
            return "(\(expr(c)) ? \(expr(a)) : \(expr(b)))"
        case .field(let a, let f):
            return "\(postfixOperand(a)).\(f)"
        case .index(let a, let i):
            return "\(postfixOperand(a))[\(index(i))]"
        case .guarded(let g, let args):
            return guarded(g, args, e.type)
        }
    }

    /// An operand of `.` or `[]`: names, calls and postfix chains need no parentheses.
    private func postfixOperand(_ e: GExpr) -> String {
        switch e.kind {
        case .name, .field, .index, .call, .construct: return expr(e)
        case .guarded(let g, _):
            switch g {
            case .bound, .scale, .divide, .intDivide: return "(\(expr(e)))"
            default: return expr(e)
            }
        case .literal: return "(\(expr(e)))"
        default: return expr(e)  // already parenthesised
        }
    }

    private func guarded(_ g: GGuard, _ args: [GExpr], _ type: GType) -> String {
        let a = args.map(expr)
        let t0 = args.first?.type ?? type
        switch g {
        case .positive(let name):
            return "\(name)(abs(\(a[0])) + 0.5)"
        case .pow:
            return "pow(abs(\(a[0])) + 0.5, clamp(\(a[1]), -2.0, 2.0))"
        case .exponential(let name):
            return "\(name)(clamp(\(a[0]), -4.0, 4.0))"
        case .unit(let name):
            return "\(name)(clamp(\(a[0]), -1.0, 1.0))"
        case .tan:
            return "tan(clamp(\(a[0]), -1.2, 1.2))"
        case .atan2:
            return "atan(\(a[0]), abs(\(a[1])) + 0.5)"
        case .mod:
            return "mod(\(a[0]), abs(\(a[1])) + 1.0)"
        case .divide:
            return "\(a[0]) / (abs(\(a[1])) + 1.0)"
        case .intDivide:
            func magnitude(_ s: String, _ t: GType) -> String {
                t == .int
                    ? "int(abs(float(\(s))))"
                    : "\(typeName(t))(abs(\(typeName(.vec(t.size)))(\(s))))"
            }
            return "\(magnitude(a[0], args[0].type)) / (\(magnitude(a[1], args[1].type)) + 1)"
        case .normalize:
            if t0 == .float { return "normalize(abs(\(a[0])) + 0.5)" }
            let zeros = Array(repeating: "0.0", count: t0.size - 1).joined(separator: ", ")
            return "normalize(abs(\(a[0])) + \(typeName(t0))(0.5, \(zeros)))"
        case .toInt:
            // `uint` of a negative float is undefined.
            return "\(typeName(type))(clamp(\(a[0]), \(type.scalar == .uint ? "0.0" : "-64.0"), 64.0))"
        case .smoothstep(let lo, let hi):
            return "smoothstep(\(lo), \(hi), \(a[0]))"
        case .clamp(let lo, let hi):
            return "clamp(\(a[0]), \(lo), \(hi))"
        case .reflect:
            return "reflect(clamp(\(a[0]), -1.0, 1.0), clamp(\(a[1]), -1.0, 1.0))"
        case .refract(let eta):
            return "refract(clamp(\(a[0]), -1.0, 1.0), clamp(\(a[1]), -1.0, 1.0), \(eta))"
        case .texture(let sampler):
            return "\(isES300 ? "texture" : "texture2D")(\(sampler), \(a[0]))"
        case .textureBias(let sampler):
            return "\(isES300 ? "texture" : "texture2D")(\(sampler), \(a[0]), clamp(\(a[1]), -3.0, 3.0))"
        case .textureLod(let sampler):
            return "textureLod(\(sampler), \(a[0]), clamp(\(a[1]), -1.0, 5.0))"
        case .textureProj(let sampler, let isVec4):
            let z = "1.0 + abs(\(a[1]))"
            let name = isES300 ? "textureProj" : "texture2DProj"
            return isVec4
                ? "\(name)(\(sampler), vec4(\(a[0]), 0.0, \(z)))"
                : "\(name)(\(sampler), vec3(\(a[0]), \(z)))"
        case .derivative(let name):
            return "\(name)(\(a[0]))"
        case .bound(let k):
            switch type.scalar {
            case .int where type == .int:
                return "int(clamp(float(\(a[0])), -\(k), \(k)))"
            case .int:
                let v = typeName(.vec(type.size))
                return "\(typeName(type))(clamp(\(v)(\(a[0])), -\(k), \(k)))"
            case .uint:
                let v = typeName(.vec(type.size))
                return "\(typeName(type))(clamp(\(v)(\(a[0])), 0.0, \(k)))"
            default:
                return "clamp(\(a[0]), -\(k), \(k))"
            }
        case .scale(let k):
            return "\(a[0]) * \(k)"
        case .integerDivide(let op):
            let divisor = "((\(a[1]) & \(integer(15, args[1].type))) + \(integer(1, args[1].type)))"
            // `%` is undefined for a negative int operand.
            let dividend = op == "%" && t0.scalar == .int ? "(\(a[0]) & 2147483647)" : a[0]
            return "(\(dividend) \(op) \(divisor))"
        case .shift(let op):
            return "(\(a[0]) \(op) (\(a[1]) & \(integer(31, args[1].type))))"
        case .bitsToFloat:
            let isUnsigned = t0.scalar == .uint
            return "\(isUnsigned ? "uintBitsToFloat" : "intBitsToFloat")((\(a[0]) & \(integer(8_388_607, t0))) | \(integer(1_065_353_216, t0)))"
        case .clampedCall(let name, let lo, let hi):
            return "\(name)(clamp(\(a[0]), \(lo), \(hi)))"
        }
    }

    /// A non-negative int or uint literal of `t`'s scalar kind.
    func integer(_ v: Int, _ t: GType) -> String { t.scalar == .uint ? "\(v)u" : "\(v)" }

    // MARK: Statements

    func place(_ p: GLValue) -> String {
        var s = p.base
        for a in p.path {
            switch a {
            case .field(let f): s += ".\(f)"
            case .index(let i): s += "[\(index(i))]"
            }
        }
        return s
    }

    private mutating func line(_ s: String) {
        out += String(repeating: "    ", count: indent) + s + "\n"
    }

    private mutating func block(_ body: [GStmt]) {
        indent += 1
        for s in body { statement(s) }
        indent -= 1
    }

    mutating func statement(_ s: GStmt) {
        switch s {
        case .declare(let t, let name, let e):
            line("\(localPrecision(t, name))\(declarator(t, name)) = \(expr(e));")
        case .declareInitialised(let t, let name, let stores):
            line("\(declarator(t, name));")
            for store in stores { statement(store) }
        case .assign(let p, let op, let e) where isES300 && e.type.isInteger:
            // GLSL ES 3.00 integer updates, guarded as `GGuard.integerDivide` and `.shift`.
            let x = expr(e)
            switch op {
            case "/=", "%=":
                let divisor = "((\(x) & \(integer(15, e.type))) + \(integer(1, e.type)))"
                if op == "%=" && p.type.scalar == .int {
                    line("\(place(p)) = (\(place(p)) & 2147483647) % \(divisor);")
                } else {
                    line("\(place(p)) \(op) \(divisor);")
                }
            case "<<=", ">>=":
                line("\(place(p)) \(op) (\(x) & \(integer(31, e.type)));")
            default:
                line("\(place(p)) \(op) \(x);")
            }
        case .assign(let p, let op, let e):
            if op == "/=" {
                let one = offset(e.type, "1.0")
                line("\(place(p)) /= abs(\(expr(e))) + \(one);")
            } else {
                line("\(place(p)) \(op) \(expr(e));")
            }
        case .step(let p, let op, let prefix):
            line(prefix ? "\(op)\(place(p));" : "\(place(p))\(op);")
        case .declareStep(let t, let name, let p, let op, let prefix):
            line("\(declarator(t, name)) = \(prefix ? op + place(p) : place(p) + op);")
        case .declareShortCircuit(let name, let left, let logic, let p, let op, let prefix, let cmp, let k):
            let stepped = prefix ? op + place(p) : place(p) + op
            line("bool \(name) = \(expr(left)) \(logic) (\(stepped) \(cmp) \(expr(k)));")
        case .call(let t, let name, let fn, let args):
            let list = args.map { arg -> String in
                switch arg {
                case .value(let e): expr(e)
                case .place(let p): place(p)
                }
            }.joined(separator: ", ")
            if let t, let name {
                line("\(declarator(t, name)) = \(fn)(\(list));")
            } else {
                line("\(fn)(\(list));")
            }
        case .ifElse(let c, let then, let otherwise):
            line("if (\(expr(c))) {")
            block(then)
            if let otherwise {
                line("} else {")
                block(otherwise)
            }
            line("}")
        case .forLoop(let i, let n, let down, let body):
            if down {
                line("for (int \(i) = \(n - 1); \(i) >= 0; \(i)--) {")
            } else {
                line("for (int \(i) = 0; \(i) < \(n); \(i)++) {")
            }
            block(body)
            line("}")
        case .whileLoop(let c, let n, let body):
            line("int \(c) = 0;")
            line("while (\(c) < \(n)) {")
            indent += 1
            line("\(c)++;")
            indent -= 1
            block(body)
            line("}")
        case .doWhile(let c, let n, let body):
            line("int \(c) = 0;")
            line("do {")
            indent += 1
            line("\(c)++;")
            indent -= 1
            block(body)
            line("} while (\(c) < \(n));")
        case .switchCases(let selector, let cases):
            line("switch (\(expr(selector))) {")
            for c in cases {
                for (k, label) in c.labels.enumerated() {
                    let text = label.map { "case \(integer($0, selector.type)):" } ?? "default:"
                    line(k == c.labels.count - 1 ? text + " {" : text)
                }
                block(c.body)
                line("}")
                if c.breaks {
                    indent += 1
                    line("break;")
                    indent -= 1
                }
            }
            line("}")
        case .breakLoop: line("break;")
        case .continueLoop: line("continue;")
        case .discard: line("discard;")
        case .returnValue(let e):
            if let e { line("return \(expr(e));") } else { line("return;") }
        }
    }

    // MARK: Shaders

    private mutating func header(isFragment: Bool) {
        if isES300 { line("#version 300 es") }
        if isFragment && model.usesDerivatives && !isES300 {
            line("#extension GL_OES_standard_derivatives : enable")
        }
        line("precision \(model.floatPrecision) float;")
        line("precision highp int;")
        for s in model.structs {
            line("struct \(s.name) {")
            indent += 1
            for f in s.fields { line("\(declarator(f.type, f.name));") }
            indent -= 1
            line("};")
        }
        for u in model.uniforms { line("uniform \(declarator(u.type, u.name));") }
    }

    private mutating func function(_ f: GFunction) {
        let params = f.parameters.map { p in
            (p.qualifier == "in" ? "" : p.qualifier + " ") + declarator(p.type, p.name)
        }.joined(separator: ", ")
        line("\(f.returnType.map(typeName) ?? "void") \(f.name)(\(params)) {")
        block(f.outInitialisers)
        block(f.body)
        if let r = f.result {
            indent += 1
            line("return \(expr(r));")
            indent -= 1
        }
        line("}")
    }

    /// The fragment shader, ending with a colour built from every variable `main` declares at
    /// its top level, mapped smoothly into (0, 1).
    mutating func fragmentSource() -> String {
        out = ""
        header(isFragment: true)
        for k in 0..<model.inputCount {
            line("uniform sampler2D inputImageTexture\(k == 0 ? "" : String(k + 1));")
        }
        line("\(isES300 ? "in" : "varying") vec2 textureCoordinate;")
        for v in model.varyings { line("\(isES300 ? "in" : "varying") \(declarator(v.type, v.name));") }
        if isES300 { line("out vec4 \(fragColor);") }
        for f in model.fragment.functions { function(f) }
        line("void main() {")
        block(model.fragment.main)
        indent += 1
        let terms = model.fragment.main.flatMap(summaryTerms)
        line("vec4 shadeColor = vec4(0.0);")
        var k = 0
        while k < terms.count {
            var group = Array(terms[k..<min(k + 4, terms.count)])
            while group.count < 4 { group.append("0.0") }
            line("shadeColor += vec4(\(group.joined(separator: ", ")));")
            k += 4
        }
        line("shadeColor *= 0.125;")
        line("\(fragColor) = vec4(0.5) + 0.5 * shadeColor / (abs(shadeColor) + 1.0);")
        indent -= 1
        line("}")
        return out
    }

    /// The vertex shader, or nil for the passthrough one.
    mutating func vertexSource() -> String? {
        guard let vertex = model.vertex else { return nil }
        out = ""
        header(isFragment: false)
        let input = isES300 ? "in" : "attribute", output = isES300 ? "out" : "varying"
        line("\(input) vec4 position;")
        line("\(input) vec4 inputTextureCoordinate;")
        line("\(output) vec2 textureCoordinate;")
        for v in model.varyings { line("\(output) \(declarator(v.type, v.name));") }
        for f in vertex.functions { function(f) }
        line("void main() {")
        block(vertex.main)
        indent += 1
        line("gl_Position = position;")
        line("textureCoordinate = inputTextureCoordinate.xy;")
        for v in model.varyings { line("\(v.name) = \(expr(v.value));") }
        indent -= 1
        line("}")
        return out
    }

    // MARK: Summary of the final state

    private func summaryTerms(_ s: GStmt) -> [String] {
        switch s {
        case .declare(let t, let n, _), .declareInitialised(let t, let n, _),
            .declareStep(let t, let n, _, _, _):
            return terms(n, t)
        case .declareShortCircuit(let n, _, _, _, _, _, _, _):
            return terms(n, .bool)
        case .call(let t?, let n?, _, _):
            return terms(n, t)
        default:
            return []
        }
    }

    /// Float expressions that read every scalar of a value (matrices: the diagonal and one more).
    func terms(_ name: String, _ t: GType) -> [String] {
        switch t {
        case .float: return [name]
        case .int where isES300, .uint: return [folded(name, t)]
        case .int, .bool: return ["float(\(name))"]
        case .vec(let n): return (0..<n).map { "\(name).\(Self.letters[$0])" }
        case .ivec(let n) where isES300, .uvec(let n): return (0..<n).map { folded("\(name).\(Self.letters[$0])", t.scalar) }
        case .ivec(let n), .bvec(let n): return (0..<n).map { "float(\(name).\(Self.letters[$0]))" }
        case .mat(let n): return (0..<n).map { "\(name)[\($0)][\($0)]" } + ["\(name)[0][\(n - 1)]"]
        case .array(let e, let n): return (0..<n).flatMap { terms("\(name)[\($0)]", e) }
        case .structure(let i):
            guard i < model.structs.count else { return [name] }  // rejected by the checker
            return model.structs[i].fields.flatMap { terms("\(name).\($0.name)", $0.type) }
        }
    }

    /// A 32-bit integer's bits folded (xor of three shifts) into 4 bits, as a float in [0, 4):
    /// high bits reach the colour too, and a change of a folded bit moves it by several steps
    /// of 8-bit colour.
    func folded(_ name: String, _ t: GType) -> String {
        "float((\(name) ^ (\(name) >> \(integer(13, t))) ^ (\(name) >> \(integer(26, t)))) & \(integer(15, t))) * 0.25"
    }

    static let letters = ["x", "y", "z", "w"]
}
