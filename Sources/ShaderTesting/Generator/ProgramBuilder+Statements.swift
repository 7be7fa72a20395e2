extension ProgramBuilder {
    var depth: Int { mutating get { d.int(in: 1...max(1, options.maxExpressionDepth)) } }

    // MARK: Functions

    /// A function that only calls functions defined before it (so there is no recursion).
    mutating func function() -> GFunction {
        let name = fresh("f")
        let result: GType? = d.chance(1, 4) ? nil : randomType(allowArrayStructs: false)
        var parameters: [GParameter] = []
        for _ in 0..<d.int(in: 1...3) {
            let qualifier = ["in", "out", "inout"][d.weighted([6, 2, 2])]
            parameters.append(GParameter(qualifier: qualifier, type: randomType(allowArrayStructs: false), name: fresh("p")))
        }
        let saved = (returnType, loopDepth, nesting)
        returnType = .some(result)
        loopDepth = 0
        nesting = 1
        scopes.append(parameters.filter { $0.qualifier != "out" }.map {
            variable(GVariable(name: $0.name, type: $0.type, isWritable: true))
        })
        // Every out parameter is written before anything can return.
        var outInitialisers: [GStmt] = []
        for p in parameters where p.qualifier == "out" {
            let value = limit(expression(p.type, depth), Self.variableBound)
            outInitialisers.append(.assign(GLValue(base: p.name, type: p.type), "=", value.e))
        }
        for p in parameters where p.qualifier == "out" {
            declare(GVariable(name: p.name, type: p.type, isWritable: true))
        }
        var body: [GStmt] = []
        for _ in 0..<d.int(in: 1...3) where statementsLeft > 0 { body += statement() }
        let value = result.map { limit(expression($0, depth), Self.variableBound).e }
        scopes.removeLast()
        (returnType, loopDepth, nesting) = saved
        functionBounds[name] = result.map { containsInteger($0) && isES300 } == true ? Self.wildBound : Self.variableBound
        return GFunction(
            name: name, returnType: result, parameters: parameters,
            outInitialisers: outInitialisers, body: body, result: value)
    }

    // MARK: Places

    /// Descends into `p` by members, indices and swizzles without repeated components; never
    /// stops at an array or a structure that contains one (they cannot be assigned).
    mutating func descendPlace(_ start: GLValue) -> GLValue {
        var p = start
        // Shade supports one dynamic index per stored-to place (ShaderCompiler's l-values).
        var isDynamic = false
        func nextIndex(_ n: Int, _ b: inout ProgramBuilder) -> GIndex {
            if isDynamic { return .constant(b.d.below(n)) }
            let i = b.index(n)
            if case .constant = i {} else { isDynamic = true }
            return i
        }
        while true {
            switch p.type {
            case .array(let element, let n):
                p.path.append(.index(nextIndex(n, &self)))
                p.type = element
            case .structure(let i):
                if !containsArray(p.type) && d.chance(1, 3) { return p }
                let f = d.pick(model.structs[i].fields)
                p.path.append(.field(f.name))
                p.type = f.type
            case .vec(let n), .ivec(let n), .bvec(let n), .uvec(let n):
                if d.chance(1, 2) { return p }
                if d.chance(1, 4) {
                    p.path.append(.index(nextIndex(n, &self)))
                    p.type = p.type.scalar
                    return p
                }
                let m = d.int(in: 1...n)
                p.path.append(.field(swizzle(from: n, count: m, distinct: true)))
                p.type = p.type.vector(m)
                return p
            case .mat(let n):
                if d.chance(1, 2) { return p }
                p.path.append(.index(nextIndex(n, &self)))
                p.type = .vec(n)
            default:
                return p
            }
        }
    }

    mutating func writablePlace(_ accept: (GType) -> Bool) -> GLValue? {
        let candidates = visible.filter(\.isWritable)
        guard !candidates.isEmpty else { return nil }
        for _ in 0..<4 {
            let v = d.pick(candidates)
            let p = descendPlace(GLValue(base: v.name, type: v.type))
            if accept(p.type) { return p }
        }
        return nil
    }

    /// Stores that initialise every component of an array or a structure with arrays.
    mutating func initialisers(_ p: GLValue) -> [GStmt] {
        switch p.type {
        case .array(let element, let n):
            return (0..<n).flatMap { k in
                initialisers(GLValue(base: p.base, path: p.path + [.index(.constant(k))], type: element))
            }
        case .structure(let i) where containsArray(p.type):
            return model.structs[i].fields.flatMap { f in
                initialisers(GLValue(base: p.base, path: p.path + [.field(f.name)], type: f.type))
            }
        default:
            return [.assign(p, "=", limit(expression(p.type, depth), Self.variableBound).e)]
        }
    }

    /// `place op= e` with operands small enough that repeated updates stay moderate.
    mutating func compound(_ p: GLValue) -> GStmt {
        let t = p.type
        let n = t.size
        func operand(_ d: inout Decisions) -> GType {
            t.isScalar || d.chance(2, 3) ? t : t.scalar
        }
        switch t {
        case .float, .vec:
            switch d.below(t == .float ? 4 : 5) {
            case 0: return .assign(p, "+=", limit(expression(operand(&d), depth), 4).e)
            case 1: return .assign(p, "-=", limit(expression(operand(&d), depth), 4).e)
            case 2: return .assign(p, "*=", limit(expression(operand(&d), depth), 1).e)
            case 3: return .assign(p, "/=", expression(operand(&d), depth).e)
            default: return .assign(p, "*=", limit(expression(.mat(n), depth), 1 / Double(n)).e)
            }
        case .mat:
            switch d.below(5) {
            case 0: return .assign(p, "+=", limit(expression(d.chance(1, 3) ? .float : t, depth), 4).e)
            case 1: return .assign(p, "-=", limit(expression(d.chance(1, 3) ? .float : t, depth), 4).e)
            case 2: return .assign(p, "*=", limit(expression(t, depth), 1 / Double(n)).e)
            case 3: return .assign(p, "*=", limit(expression(.float, depth), 1).e)
            default: return .assign(p, "/=", expression(.float, depth).e)
            }
        default:
            if isES300 && t.isInteger { return nativeCompound(p) }
            switch d.below(3) {
            case 0: return .assign(p, "+=", limit(expression(operand(&d), depth), 8).e)
            case 1: return .assign(p, "-=", limit(expression(operand(&d), depth), 8).e)
            default: return .assign(p, "*=", limit(expression(operand(&d), depth), 1).e)
            }
        }
    }

    static func isArithmetic(_ t: GType) -> Bool {
        switch t {
        case .float, .vec, .mat, .int, .ivec, .uint, .uvec: true
        default: false
        }
    }

    static func isSteppable(_ t: GType) -> Bool { t == .int || t == .float || t == .uint }

    // MARK: Statements

    /// One time in four, when a scalar int or float uniform is in scope: an int expression of
    /// it for a counted loop's `break` (`u + 3`, `int(clamp(u * 8.0 + 20.0, 0.0, 40.0))`).
    mutating func uniformLoopLimit() -> GExpr? {
        let scalars = visible.filter { $0.name.hasPrefix("u") && ($0.type == .int || $0.type == .float) }
        guard !scalars.isEmpty, d.chance(1, 4) else { return nil }
        let u = d.pick(scalars)
        let name = GExpr(u.type, .name(u.name))
        if u.type == .int {
            return binary(.int, "+", name, GExpr(.int, .literal("\(d.int(in: 0...30))")))
        }
        let scaled = binary(.float, "+", binary(.float, "*", name, GExpr(.float, .literal("8.0"))), GExpr(.float, .literal("\(d.int(in: 0...30)).0")))
        let clamped = call(.float, "clamp", [(scaled, 40), (GExpr(.float, .literal("0.0")), 0), (GExpr(.float, .literal("40.0")), 40)])
        return call(.int, "int", [(clamped, 40)])
    }

    mutating func block(_ count: Int, with extra: [GVariable] = []) -> [GStmt] {
        scopes.append(extra)
        nesting += 1
        var body: [GStmt] = []
        for _ in 0..<count where statementsLeft > 0 { body += statement() }
        nesting -= 1
        scopes.removeLast()
        return body
    }

    mutating func declaration() -> [GStmt] {
        let t = randomType()
        let name = fresh("v")
        if containsArray(t) || d.chance(1, 12) {
            let type: GType = containsArray(t) ? t : .array(randomType(allowArrayStructs: false), d.int(in: 2...4))
            let stores = initialisers(GLValue(base: name, type: type))
            declare(GVariable(name: name, type: type, isWritable: true))
            return [.declareInitialised(type, name, stores)]
        }
        let value = limit(expression(t, depth), Self.variableBound)
        declare(GVariable(name: name, type: t, isWritable: true))
        return [.declare(t, name, value.e)]
    }

    /// One statement (two for a copy followed by an update of the copy).
    mutating func statement() -> [GStmt] {
        statementsLeft -= 1
        let canNest = nesting < 3 && statementsLeft > 1
        let inFunction = returnType != nil
        let canLoop = canNest && options.allowLoops && loopDepth < (inFunction ? 1 : 2)
        let impure = functions.filter { !$0.isPure || $0.returnType == nil }
        let weights = [
            10, 5, 2, 8, 6, 4,
            canNest ? 5 : 0,
            canLoop ? 5 : 0,
            canLoop ? 2 : 0,
            isFragment && options.allowDiscard ? 1 : 0,
            impure.isEmpty ? 0 : 4,
            2, 2,
            loopDepth > 0 ? 3 : 0,
            inFunction ? 2 : 0,
            isES300 && canNest ? 4 : 0,
        ]
        switch d.weighted(weights) {
        case 1:
            // A local copy, then an update of part of the copy.
            let sources = visible.filter { !containsArray($0.type) && $0.loopRange == nil && $0.type != .bool }
            guard !sources.isEmpty else { return declaration() }
            let source = d.pick(sources)
            let name = fresh("v")
            declare(GVariable(name: name, type: source.type, isWritable: true))
            var p = GLValue(base: name, type: source.type)
            for _ in 0..<3 where p.path.isEmpty { p = descendPlace(p) }
            let update: GStmt = Self.isArithmetic(p.type) && d.chance(1, 3)
                ? compound(p)
                : .assign(p, "=", limit(expression(p.type, depth), Self.variableBound).e)
            return [.declare(source.type, name, GExpr(source.type, .name(source.name))), update]
        case 2:
            let structs = model.structs.indices.filter { containsArray(.structure($0)) }
            let name = fresh("v")
            let type: GType = !structs.isEmpty && d.chance(1, 2)
                ? .structure(d.pick(structs))
                : .array(randomType(allowArrayStructs: false), d.int(in: 2...4))
            let stores = initialisers(GLValue(base: name, type: type))
            declare(GVariable(name: name, type: type, isWritable: true))
            return [.declareInitialised(type, name, stores)]
        case 3:
            let structs = model.structs
            guard let p = writablePlace({ !Self.containsArray($0, in: structs) }) else { return declaration() }
            return [.assign(p, "=", limit(expression(p.type, depth), Self.variableBound).e)]
        case 4:
            guard let p = writablePlace(Self.isArithmetic) else { return declaration() }
            return [compound(p)]
        case 5:
            guard let p = writablePlace(Self.isSteppable) else { return declaration() }
            return [.step(p, d.pick(["++", "--"]), d.chance(1, 2))]
        case 6:
            let condition = expression(.bool, depth)
            let then = block(d.int(in: 1...3))
            let otherwise = d.chance(2, 5) ? block(d.int(in: 1...2)) : nil
            return [.ifElse(condition.e, then, otherwise)]
        case 7:
            let i = fresh("i")
            // Sometimes Appendix A's way of looping a uniform number of times: a constant bound
            // too large to unroll and a first `if (i >= limit) break;` with a uniform limit
            // (the engine's counted loops).
            let limit = uniformLoopLimit()
            let n = limit == nil ? d.int(in: 1...6) : d.int(in: 33...36)
            let down = limit == nil && d.chance(1, 4)
            loopDepth += 1
            let index = GVariable(name: i, type: .int, isWritable: false, bound: Double(n), loopRange: n)
            var body = block(d.int(in: 1...3), with: [index])
            if let limit {
                body.insert(.ifElse(binary(.bool, ">=", GExpr(.int, .name(i)), limit), [.breakLoop], nil), at: 0)
            }
            loopDepth -= 1
            return [.forLoop(i, n, down, body)]
        case 8:
            let c = fresh("c")
            let n = d.int(in: 1...6)
            loopDepth += 1
            let counter = GVariable(name: c, type: .int, isWritable: false, bound: Double(n))
            let body = block(d.int(in: 1...3), with: [counter])
            loopDepth -= 1
            return [d.chance(1, 2) ? .whileLoop(c, n, body) : .doWhile(c, n, body)]
        case 9:
            // Never every pixel: a pixel test joined by && to an arbitrary condition.
            let coordinate = GExpr(.float, .field(GExpr(.vec(4), .name("gl_FragCoord")), d.pick(["x", "y"])))
            let edge = GExpr(.float, .literal("\(d.int(in: 2...14)).0"))
            let test = binary(.bool, d.pick(["<", ">"]), coordinate, edge)
            return [.ifElse(binary(.bool, "&&", test, expression(.bool, depth).e), [.discard], nil)]
        case 10:
            let f = d.pick(impure)
            var used: Set<String> = []
            var args: [GArgument] = []
            for p in f.parameters {
                if p.qualifier == "in" {
                    args.append(.value(limit(expression(p.type, depth), Self.variableBound).e))
                    continue
                }
                let targets = visible.filter { $0.isWritable && $0.type == p.type && !used.contains($0.name) }
                guard !targets.isEmpty else { return declaration() }
                let v = d.pick(targets)
                used.insert(v.name)
                args.append(.place(GLValue(base: v.name, type: v.type)))
            }
            if let t = f.returnType, d.chance(2, 3) {
                let name = fresh("v")
                declare(GVariable(name: name, type: t, isWritable: true))
                return [.call(t, name, f.name, args)]
            }
            return [.call(nil, nil, f.name, args)]
        case 11:
            guard let p = writablePlace(Self.isSteppable) else { return declaration() }
            let left = expression(.bool, depth)
            let k = literal(p.type)
            let name = fresh("b")
            declare(GVariable(name: name, type: .bool, isWritable: true))
            return [.declareShortCircuit(
                name, left.e, d.pick(["&&", "||"]), p, d.pick(["++", "--"]), d.chance(1, 2),
                d.pick(["<", ">", "<=", ">=", "==", "!="]), k.e)]
        case 12:
            guard let p = writablePlace(Self.isSteppable) else { return declaration() }
            let name = fresh("v")
            declare(GVariable(name: name, type: p.type, isWritable: true))
            return [.declareStep(p.type, name, p, d.pick(["++", "--"]), d.chance(1, 2))]
        case 13:
            return [.ifElse(expression(.bool, depth).e, [d.chance(1, 2) ? .breakLoop : .continueLoop], nil)]
        case 14:
            let value: GExpr? = if case .some(.some(let t)) = returnType {
                limit(expression(t, depth), Self.variableBound).e
            } else {
                nil
            }
            return [.ifElse(expression(.bool, depth).e, [.returnValue(value)], nil)]
        case 15:
            return switchStatement()
        default:
            return declaration()
        }
    }
}
