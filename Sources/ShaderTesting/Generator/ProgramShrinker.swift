import ShaderSemantics
import ShaderSyntax

/// Reduces a generated program while a property of it still holds.
public enum ProgramShrinker {
    /// Delta debugging over statements and expressions: repeatedly tries smaller variants (drop
    /// a statement, replace a block by its body, unwrap an `if` or a loop, run a loop once,
    /// replace an expression by an operand of the same type or by a constant, drop a function,
    /// a uniform, a varying or the vertex shader) and keeps the first that is still
    /// interesting, until none is. Every candidate is itself a valid program: it passes Shade's
    /// checker, and the guards that keep it free of undefined behaviour belong to the nodes
    /// that need them, so they survive every edit.
    ///
    /// - Parameters:
    ///   - program: a program made by `ProgramGenerator`.
    ///   - maxAttempts: the most candidates tried (valid or not).
    ///   - isInteresting: whether a candidate still shows the behaviour being reduced.
    /// - Returns: the smallest interesting program found (`program` itself if none is smaller).
    public static func shrink(
        _ program: GeneratedProgram, maxAttempts: Int = 2000,
        isInteresting: (GeneratedProgram) -> Bool
    ) -> GeneratedProgram {
        var current = program
        var attempts = 0
        var improved = true
        while improved && attempts < maxAttempts {
            improved = false
            for candidate in variants(of: current.model) where attempts < maxAttempts {
                attempts += 1
                let next = GeneratedProgram(model: candidate, seed: program.seed)
                guard size(next) < size(current) else { continue }
                guard isValid(next), isInteresting(next) else { continue }
                current = next
                improved = true
                break
            }
        }
        return current
    }

    /// What every accepted step makes smaller: the source text and the loop trip counts.
    static func size(_ p: GeneratedProgram) -> Int {
        func trips(_ list: [GStmt]) -> Int {
            list.reduce(0) { sum, s in
                switch s {
                case .forLoop(_, let n, _, let b), .whileLoop(_, let n, let b), .doWhile(_, let n, let b):
                    sum + n + trips(b)
                case .ifElse(_, let t, let e): sum + trips(t) + trips(e ?? [])
                case .switchCases(_, let cases): sum + cases.reduce(0) { $0 + trips($1.body) }
                default: sum
                }
            }
        }
        let shaders = [p.model.fragment] + (p.model.vertex.map { [$0] } ?? [])
        let loops = shaders.reduce(0) { sum, shader in
            sum + trips(shader.main) + shader.functions.reduce(0) { $0 + trips($1.body) }
        }
        return p.fragmentSource.utf8.count + (p.vertexSource?.utf8.count ?? 0) + loops
    }

    /// Whether both shaders pass Shade's front end.
    static func isValid(_ program: GeneratedProgram) -> Bool {
        do {
            _ = try compileFrontEnd(source: program.fragmentSource, name: "generated.frag", stage: .fragment)
            if let vertex = program.vertexSource {
                _ = try compileFrontEnd(source: vertex, name: "generated.vert", stage: .vertex)
            }
            return true
        } catch {
            return false
        }
    }

    // MARK: Candidates, larger cuts first

    static func variants(of model: ProgramModel) -> [ProgramModel] {
        var out: [ProgramModel] = []
        if model.vertex != nil {
            var m = model
            m.vertex = nil
            m.varyings = []
            out.append(m)
        }
        for k in model.fragment.functions.indices {
            var m = model
            m.fragment.functions.remove(at: k)
            out.append(m)
        }
        for main in listVariants(model.fragment.main) {
            var m = model
            m.fragment.main = main
            out.append(m)
        }
        for (k, f) in model.fragment.functions.enumerated() {
            for g in functionVariants(f) {
                var m = model
                m.fragment.functions[k] = g
                out.append(m)
            }
        }
        if let vertex = model.vertex {
            for k in vertex.functions.indices {
                var m = model
                m.vertex!.functions.remove(at: k)
                out.append(m)
            }
            for main in listVariants(vertex.main) {
                var m = model
                m.vertex!.main = main
                out.append(m)
            }
            for (k, f) in vertex.functions.enumerated() {
                for g in functionVariants(f) {
                    var m = model
                    m.vertex!.functions[k] = g
                    out.append(m)
                }
            }
            for (k, v) in model.varyings.enumerated() {
                var m = model
                m.varyings.remove(at: k)
                out.append(m)
                for e in exprVariants(v.value, model.structs) {
                    var m = model
                    m.varyings[k].value = e
                    out.append(m)
                }
            }
        }
        for k in model.uniforms.indices {
            var m = model
            m.uniforms.remove(at: k)
            out.append(m)
        }
        if model.inputCount > 0 {
            var m = model
            m.inputCount -= 1
            out.append(m)
        }
        if !model.structs.isEmpty {
            var m = model
            m.structs.removeLast()
            out.append(m)
        }
        if model.usesDerivatives {
            var m = model
            m.usesDerivatives = false
            out.append(m)
        }
        return out
    }

    static func functionVariants(_ f: GFunction) -> [GFunction] {
        var out: [GFunction] = []
        for body in listVariants(f.body) {
            var g = f
            g.body = body
            out.append(g)
        }
        for (k, s) in f.outInitialisers.enumerated() {
            for t in statementVariants(s) {
                var g = f
                g.outInitialisers[k] = t
                out.append(g)
            }
        }
        if let r = f.result {
            for e in exprVariants(r, []) {
                var g = f
                g.result = e
                out.append(g)
            }
        }
        return out
    }

    static func listVariants(_ list: [GStmt]) -> [[GStmt]] {
        var out: [[GStmt]] = []
        for i in list.indices {
            var l = list
            l.remove(at: i)
            out.append(l)
        }
        for (i, s) in list.enumerated() {
            for body in bodies(s) {
                var l = list
                l.replaceSubrange(i...i, with: body)
                out.append(l)
            }
        }
        for (i, s) in list.enumerated() {
            for t in statementVariants(s) {
                var l = list
                l[i] = t
                out.append(l)
            }
        }
        return out
    }

    static func bodies(_ s: GStmt) -> [[GStmt]] {
        switch s {
        case .ifElse(_, let then, let otherwise): [then] + (otherwise.map { [$0] } ?? [])
        case .forLoop(_, _, _, let body), .whileLoop(_, _, let body), .doWhile(_, _, let body): [body]
        case .switchCases(_, let cases): cases.map(\.body)
        default: []
        }
    }

    static func statementVariants(_ s: GStmt) -> [GStmt] {
        let e = { (x: GExpr) in exprVariants(x, []) }
        switch s {
        case .declare(let t, let n, let x):
            return e(x).map { .declare(t, n, $0) }
        case .declareInitialised(let t, let n, let stores):
            return stores.enumerated().flatMap { k, store in
                statementVariants(store).map { v in
                    var l = stores
                    l[k] = v
                    return GStmt.declareInitialised(t, n, l)
                }
            }
        case .assign(let p, let op, let x):
            return e(x).map { .assign(p, op, $0) }
        case .declareShortCircuit(let n, let left, let logic, let p, let op, let prefix, let cmp, let k):
            return e(left).map { .declareShortCircuit(n, $0, logic, p, op, prefix, cmp, k) }
        case .call(let t, let n, let f, let args):
            return args.enumerated().flatMap { k, arg -> [GStmt] in
                guard case .value(let x) = arg else { return [] }
                return e(x).map { v in
                    var l = args
                    l[k] = .value(v)
                    return GStmt.call(t, n, f, l)
                }
            }
        case .ifElse(let c, let then, let otherwise):
            var out: [GStmt] = otherwise == nil ? [] : [.ifElse(c, then, nil)]
            out += listVariants(then).map { .ifElse(c, $0, otherwise) }
            if let otherwise { out += listVariants(otherwise).map { .ifElse(c, then, $0) } }
            out += e(c).map { .ifElse($0, then, otherwise) }
            return out
        case .forLoop(let i, let n, let down, let body):
            return (n > 1 ? [.forLoop(i, 1, down, body)] : []) + listVariants(body).map { .forLoop(i, n, down, $0) }
        case .whileLoop(let c, let n, let body):
            return (n > 1 ? [.whileLoop(c, 1, body)] : []) + listVariants(body).map { .whileLoop(c, n, $0) }
        case .doWhile(let c, let n, let body):
            return (n > 1 ? [.doWhile(c, 1, body)] : []) + listVariants(body).map { .doWhile(c, n, $0) }
        case .returnValue(let x?):
            return e(x).map { .returnValue($0) }
        case .switchCases(let selector, let cases):
            var out: [GStmt] = []
            if cases.count > 1 {
                for k in cases.indices {
                    var fewer = cases
                    fewer.remove(at: k)
                    out.append(.switchCases(selector, fewer))
                }
            }
            for (k, c) in cases.enumerated() {
                for body in listVariants(c.body) {
                    var changed = cases
                    changed[k].body = body
                    out.append(.switchCases(selector, changed))
                }
            }
            out += e(selector).map { .switchCases($0, cases) }
            return out
        default:
            return []
        }
    }

    static func isConstant(_ e: GExpr) -> Bool {
        switch e.kind {
        case .literal: true
        case .construct(let parts): parts.allSatisfy(isConstant)
        default: false
        }
    }

    /// The simplest constant of a type (nil for structures, which need their field types).
    static func constant(_ t: GType) -> GExpr? {
        switch t {
        case .float: GExpr(t, .literal("1.0"))
        case .int: GExpr(t, .literal("1"))
        case .uint: GExpr(t, .literal("1u"))
        case .uvec: GExpr(t, .construct([GExpr(.uint, .literal("1u"))]))
        case .bool: GExpr(t, .literal("true"))
        case .vec: GExpr(t, .construct([GExpr(.float, .literal("1.0"))]))
        case .ivec: GExpr(t, .construct([GExpr(.int, .literal("1"))]))
        case .bvec: GExpr(t, .construct([GExpr(.bool, .literal("true"))]))
        case .mat: GExpr(t, .construct([GExpr(.float, .literal("1.0"))]))
        default: nil
        }
    }

    static func exprVariants(_ e: GExpr, _ structs: [GStruct]) -> [GExpr] {
        var out: [GExpr] = []
        if !isConstant(e), let c = constant(e.type) { out.append(c) }
        let children = e.children
        if e.isRemovable { out += children.filter { $0.type == e.type } }
        for (k, child) in children.enumerated() {
            for v in exprVariants(child, structs) {
                var c = children
                c[k] = v
                out.append(e.replacingChildren(c))
            }
        }
        return out
    }
}
