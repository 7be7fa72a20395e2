import ShaderDiagnostics

/// Mesa inlines every call before NIR's algebraic rules run, so the rules see through function
/// boundaries: with `vec4 mod289(vec4 x) { return x - floor(x / 289.0) * 289.0; }`,
/// `mod289(y) + i.y` is `(y - floor(y / 289.0) * 289.0) + i.y` to them, and they regroup it;
/// with a loop `for (int i = 0; i < 6; i++) { … n += 12.78; }` in `randomCircuit(t, 2532.0 +
/// 25698.0 * j)`, NIR unrolls it and folds `(2532.0 + 25698.0 * j) + 12.78` to `2544.78 +
/// 25698.0 * j` (`XlSBDK`). Shade's rules work on each function's typed tree, so first the calls
/// of functions that end in their only `return`, or have none (parameters and locals of plain
/// types, each local declared with a value or written before every read, each `out` parameter
/// written before it is read; no `return` before the last statement — `MesaReturnLowering`
/// gave early ones a single exit) are
/// written out where they are made: an argument that can be read again for free (a variable,
/// a constant) and that the body cannot change takes its parameter's place, any other is
/// computed into a new local first, and an `out` or `inout` argument (a variable or components
/// of one) gets a new local, `inout` starting from its value, `out` from none; the body's
/// statements follow, their locals renamed; the returned expression replaces the call
/// (computed into a local first when the body writes something outside itself or an argument,
/// so that what follows cannot change it), and the `out` and `inout` locals are written back to
/// their arguments. A call with such arguments is written out only when nothing else in its
/// statement mentions the variables it writes back. The new statements go
/// before the statement that makes the call, so only calls that statement always makes, and
/// makes before any effect of its own, are written out (not in a loop's condition or step, a
/// `?:` branch or the right of `&&`/`||`). The compiler inlines calls anyway; this only moves
/// the work to where the rules can see it.
struct MesaInlining {
    /// Simple functions by the id of their symbol, already written out themselves.
    private var simple: [Int: CheckedFunction] = [:]
    /// The definition id a call's symbol resolves to.
    private let definitionID: (FunctionSymbol) -> Int
    /// The next id for a new variable.
    private var nextID: Int
    /// The size (`size(of:)`) of each simple function's body.
    private var sizes: [Int: Int] = [:]
    /// How much has been written out into the function being rewritten.
    private var writtenSize = 0
    /// The most written out into one function: NIR inlines every call, but a tree of calls
    /// can make that exponential (piglit's `glsl-*-inline-explosion`); past this, calls stay
    /// calls, and the compiler's own limit on inlined size speaks.
    static let budget = 30_000
    /// The largest body of a function without a value, or with `out` or `inout` parameters,
    /// that is written out where it is called.
    static let smallBody = 2_000

    /// The shader's functions with the calls of simple functions written out, callees first.
    static func rewriting(_ shader: CheckedShader) -> (CheckedFunction) -> CheckedFunction {
        let byID = Dictionary(shader.functions.map { ($0.symbol.id, $0) }, uniquingKeysWith: { a, _ in a })
        var pass = MesaInlining(definitionID: shader.definitionID, nextID: Self.largestVariableID(shader) + 1)
        var done: [Int: CheckedFunction] = [:]
        func visit(_ f: CheckedFunction, _ path: Set<Int>) {
            if done[f.symbol.id] != nil || path.contains(f.symbol.id) { return }
            for callee in f.callees { if let g = byID[pass.definitionID(callee)] { visit(g, path.union([f.symbol.id])) } }
            let rewritten = pass.inliningCalls(in: f)
            done[f.symbol.id] = rewritten
            // Functions without a value or with arguments written back are written out while
            // small: a tree of such calls would otherwise become one chain of versions too deep
            // for the passes after. A function without a value or parameters stays a call (the
            // compiler shares one body among the calls of a large one: piglit's call trees).
            let isVoid = rewritten.symbol.returnType == .void
            let small = (!isVoid && Self.writtenBack(rewritten).isEmpty)
                || (Self.size(of: rewritten.body) <= Self.smallBody && !(isVoid && rewritten.parameters.isEmpty))
            if small, Self.isSimple(rewritten) {
                pass.simple[f.symbol.id] = rewritten
                pass.sizes[f.symbol.id] = Self.size(of: rewritten.body)
            }
        }
        for f in shader.functions { visit(f, []) }
        return { f in done[f.symbol.id] ?? f }
    }

    /// The largest variable id in the shader (declarations, parameters and every use).
    static func largestVariableID(_ shader: CheckedShader) -> Int {
        var largest = 0
        func visit(_ e: TypedExpression) {
            if case .variable(let v) = e.kind { largest = max(largest, v.id) }
            e.children.forEach(visit)
        }
        func visit(_ s: TypedStatement) {
            if case .declarations(let ds) = s.kind { for d in ds { largest = max(largest, d.variable.id) } }
            s.expressions.forEach(visit)
            s.substatements.forEach(visit)
        }
        for item in shader.globals {
            if case .declarations(let ds) = item { for d in ds { largest = max(largest, d.variable.id); d.initializer.map(visit) } }
        }
        for f in shader.functions {
            for p in f.parameters { largest = max(largest, p.id) }
            f.body.forEach(visit)
        }
        return largest
    }

    /// True when `f` can be written out where it is called: its last statement is its only
    /// `return`, of a value without effects; its parameters are `in`, its locals declared with
    /// a value or written before any read, all of plain types.
    static func isSimple(_ f: CheckedFunction) -> Bool {
        guard f.symbol.name != "main" else { return false }
        var statements = f.body[...]
        if f.symbol.returnType == .void {
            // No `return` at all (`MesaReturnLowering` removed the early ones).
            guard !f.body.contains(where: MesaReturnLowering.containsReturn) else { return false }
        } else {
            guard let last = f.body.last, case .return(let value?) = last.kind,
                  isPlain(f.symbol.returnType), MesaSumChains.isPure(value) else { return false }
            statements = statements.dropLast()
        }
        for p in f.parameters {
            guard isPlain(p.type) else { return false }
            switch p.storage {
            case .parameter(.in), .parameter(.inout): break
            // An `out` parameter read before anything writes it reads what its storage held.
            case .parameter(.out): if !UndefinedReads.warnings(in: f).isEmpty { return false }
            default: return false
            }
        }
        var fits = true
        let unwrittenReads = UndefinedReads.readBeforeWritten(in: f)
        for s in statements {
            ValueUses.forEachStatement(s) { t in
                switch t.kind {
                case .return: fits = false
                case .declarations(let ds):
                    // A local declared without a value must be written before every read (an
                    // undefined value depends on where the declaration is: "Undefined behaviour").
                    for d in ds where !isPlain(d.variable.type) || d.variable.isConst
                        || (d.initializer == nil && unwrittenReads.contains(d.variable.id)) { fits = false }
                default: break
                }
            }
        }
        return fits
    }

    /// The parameters of `f` a call writes back (`out` and `inout`), by position.
    static func writtenBack(_ f: CheckedFunction) -> [Int] {
        f.parameters.indices.filter { k in
            switch f.parameters[k].storage {
            case .parameter(.out), .parameter(.inout): return true
            default: return false
            }
        }
    }

    /// True when running `f`'s body may change something outside it (a global, through a call
    /// too) or leave the fragment (`discard`).
    static func hasOuterEffects(_ f: CheckedFunction) -> Bool {
        var effects = false
        let own = Set(f.parameters.map(\.id))
        func visit(_ e: TypedExpression) {
            if case .call = e.kind { effects = true }
            for v in e.writtenVariables where v.storage != .local && !own.contains(v.id) { effects = true }
            e.children.forEach(visit)
        }
        for s in f.body {
            ValueUses.forEachStatement(s) { t in
                if case .discard = t.kind { effects = true }
                t.expressions.forEach(visit)
            }
        }
        return effects
    }

    /// A scalar, vector or matrix.
    static func isPlain(_ t: GLSLType) -> Bool {
        switch t {
        case .scalar, .vector, .matrix: return true
        default: return false
        }
    }

    // MARK: Writing calls out

    mutating func inliningCalls(in f: CheckedFunction) -> CheckedFunction {
        writtenSize = 0
        return CheckedFunction(symbol: f.symbol, parameters: f.parameters, body: block(f.body), callees: f.callees, span: f.span)
    }

    /// The statements and expression nodes in `body`.
    static func size(of body: [TypedStatement]) -> Int {
        var n = 0
        func visit(_ e: TypedExpression) {
            n += 1
            e.children.forEach(visit)
        }
        for s in body {
            ValueUses.forEachStatement(s) { t in
                n += 1
                t.expressions.forEach(visit)
            }
        }
        return n
    }

    /// What writing out every call `e` makes of a simple function would add.
    func writtenOutSize(_ e: TypedExpression) -> Int {
        var n = 0
        if case .call(let symbol, _) = e.kind { n += sizes[definitionID(symbol)] ?? 0 }
        return e.children.reduce(n) { $0 + writtenOutSize($1) }
    }

    mutating func block(_ body: [TypedStatement]) -> [TypedStatement] {
        var out: [TypedStatement] = []
        for s in body { out += statement(s) }
        return out
    }

    /// `s` as statements: the locals of the calls it makes, then `s` itself.
    mutating func statement(_ s: TypedStatement) -> [TypedStatement] {
        var before: [TypedStatement] = []
        let kind: TypedStatement.Kind
        switch s.kind {
        case .expression(let e):
            if case .call(let symbol, _) = e.kind, let f = simple[definitionID(symbol)], f.symbol.returnType == .void {
                // A call of a function without a value: only what its body does stays.
                guard hoisting(e, &before, exceptTarget: nil) != nil else { return [s] }
                return before
            }
            guard let rewritten = topLevel(e, &before) else { return [s] }
            kind = .expression(rewritten)
        case .declarations(let ds) where ds.count == 1:
            guard let e = ds[0].initializer, let rewritten = hoisting(e, &before) else { return [s] }
            kind = .declarations([VariableDeclaration(variable: ds[0].variable, initializer: rewritten, span: ds[0].span)])
        case .declarations(let ds):
            // One statement per declarator, so that each one's locals come after the ones before.
            return ds.flatMap { statement(TypedStatement(kind: .declarations([$0]), span: s.span)) }
        case .return(let v?):
            guard let rewritten = hoisting(v, &before) else { return [s] }
            kind = .return(rewritten)
        case .ifElse(let c, let t, let e):
            let condition = hoisting(c, &before) ?? c
            kind = .ifElse(condition, blockStatement(t), e.map { blockStatement($0) })
        case .block(let body): kind = .block(block(body))
        case .forLoop(let i, let c, let st, let body):
            // The initializer runs once, before the loop: its calls go before the loop.
            var initializer = i
            if let i {
                let parts = statement(i)
                before = Array(parts.dropLast())
                initializer = parts.last
            }
            kind = .forLoop(initializer: initializer, condition: c, step: st, body: blockStatement(body))
        case .whileLoop(let c, let body): kind = .whileLoop(c, blockStatement(body))
        case .doWhile(let body, let c): kind = .doWhile(blockStatement(body), c)
        default: return [s]
        }
        return before + [TypedStatement(kind: kind, span: s.span)]
    }

    /// A substatement as one statement (a block when calls were written out before it).
    mutating func blockStatement(_ s: TypedStatement) -> TypedStatement {
        let parts = statement(s)
        return parts.count == 1 ? parts[0] : TypedStatement(kind: .block(parts), span: s.span)
    }

    /// An expression statement: `v = e` or `v op= e` with a target free of effects, or a value
    /// without effects; nil when nothing is written out.
    mutating func topLevel(_ e: TypedExpression, _ before: inout [TypedStatement]) -> TypedExpression? {
        if case .assignment(let op, let target, let value) = e.kind {
            guard MesaSumChains.isPure(target), let rewritten = hoisting(value, &before, exceptTarget: target.rootVariable) else { return nil }
            return TypedExpression(.assignment(op, target, rewritten), type: e.type, span: e.span)
        }
        return hoisting(e, &before)
    }

    /// `e` with the calls it always makes written out (their locals appended to `before`); nil
    /// when `e` has effects other than such calls, or makes none.
    mutating func hoisting(_ e: TypedExpression, _ before: inout [TypedStatement], exceptTarget: Variable? = nil) -> TypedExpression? {
        guard isPureButForSimpleCalls(e), writesBackSafely(e, target: exceptTarget) else { return nil }
        let added = writtenOutSize(e)
        guard writtenSize + added <= Self.budget else { return nil }
        writtenSize += added
        var changed = false
        let rewritten = writingOut(e, &before, &changed)
        return changed ? rewritten : nil
    }

    /// True when the only effects in `e` could be calls of simple functions.
    func isPureButForSimpleCalls(_ e: TypedExpression) -> Bool {
        switch e.kind {
        case .assignment: return false
        case .call(let symbol, let args):
            guard let f = simple[definitionID(symbol)] else { return false }
            let back = Set(Self.writtenBack(f))
            return args.indices.allSatisfy { k in
                back.contains(k) ? MesaUndefinedValues.isWholeOrSwizzle(args[k]) : isPureButForSimpleCalls(args[k])
            }
        case .unary(let op, _) where op.isIncrementOrDecrement: return false
        default: return e.children.allSatisfy(isPureButForSimpleCalls)
        }
    }

    /// True when the calls in `e` that write arguments back can run before the rest of `e`:
    /// nothing else in `e` (nor the assignment's `target`) mentions a variable they write, and
    /// no two of them write the same variable. The statements written out run before the
    /// statement, so a read of such a variable elsewhere in it would see the new value.
    func writesBackSafely(_ e: TypedExpression, target: Variable?) -> Bool {
        var written: [Int: Int] = [:]
        var mentions: [Int: Int] = [:]
        func visit(_ x: TypedExpression) {
            if case .variable(let v) = x.kind { mentions[v.id, default: 0] += 1 }
            if case .call(let symbol, let args) = x.kind, let f = simple[definitionID(symbol)] {
                for k in Self.writtenBack(f) where k < args.count {
                    if let v = args[k].rootVariable { written[v.id, default: 0] += 1 }
                }
            }
            x.children.forEach(visit)
        }
        visit(e)
        for (id, n) in written {
            if n > 1 || mentions[id, default: 0] != 1 || target?.id == id { return false }
        }
        return true
    }

    mutating func writingOut(_ e: TypedExpression, _ before: inout [TypedStatement], _ changed: inout Bool) -> TypedExpression {
        if e.constantValue != nil { return e }
        switch e.kind {
        case .ternary(let c, let a, let b):
            // Only the condition is always evaluated.
            let condition = writingOut(c, &before, &changed)
            return TypedExpression(.ternary(condition, a, b), type: e.type, span: e.span)
        case .binary(let op, let a, let b) where op == .logicalAnd || op == .logicalOr:
            let left = writingOut(a, &before, &changed)
            return TypedExpression(.binary(op, left, b), type: e.type, span: e.span)
        case .call(let symbol, let args):
            // `hoisting` let only calls of simple functions through.
            var arguments: [TypedExpression] = []
            for a in args { arguments.append(writingOut(a, &before, &changed)) }
            changed = true
            return writtenOut(simple[definitionID(symbol)]!, arguments, span: e.span, &before)
        default:
            return e.mappingChildren { writingOut($0, &before, &changed) }
        }
    }

    /// The value of `f(arguments)`: its parameters and body written into `before`, its
    /// locals renamed.
    mutating func writtenOut(_ f: CheckedFunction, _ arguments: [TypedExpression], span: SourceSpan,
                             _ before: inout [TypedStatement]) -> TypedExpression {
        let back = Self.writtenBack(f)
        // An argument written back may be read by what follows: the value goes into a local.
        let effects = Self.hasOuterEffects(f) || !back.isEmpty
        let uses = ValueUses(parametersUsedOnce: [:], definitionID: { $0.id }).counting(f.body)
        var replacements: [Int: TypedExpression] = [:]
        var copies: [(local: Variable, argument: TypedExpression)] = []
        for (k, (p, a)) in zip(f.parameters, arguments).enumerated() {
            if back.contains(k) {
                // `inout` starts from the argument's value, `out` from nothing (NIR's `undef`).
                let v = newLocal(like: p)
                let isOut: Bool = { if case .parameter(.out) = p.storage { return true }; return false }()
                before.append(TypedStatement(kind: .declarations([VariableDeclaration(variable: v, initializer: isOut ? nil : a, span: span)]), span: span))
                replacements[p.id] = TypedExpression(.variable(v), type: v.type, span: span)
                copies.append((v, a))
            } else if MesaReassociation.isReadAgainFree(a), a.type == p.type, uses.neverWritten(p),
               !effects || Self.readsOnlyLocals(a) {
                replacements[p.id] = a
            } else {
                let v = newLocal(like: p)
                before.append(Self.declaration(v, a, span: span))
                replacements[p.id] = TypedExpression(.variable(v), type: v.type, span: span)
            }
        }
        let isVoid = f.symbol.returnType == .void
        for s in isVoid ? f.body[...] : f.body.dropLast() { before.append(renamingLocals(s, &replacements)) }
        var result: TypedExpression?
        if !isVoid {
            guard case .return(let value?) = f.body.last!.kind else { preconditionFailure("internal error: not a simple function") }
            result = Self.substituting(value, replacements)
            if effects {
                let r = newLocal(like: Variable(id: 0, name: f.symbol.name, type: f.symbol.returnType, storage: .local,
                                                 precision: f.symbol.returnPrecision, span: f.span))
                before.append(Self.declaration(r, result!, span: span))
                result = TypedExpression(.variable(r), type: r.type, span: span)
            }
        }
        // The arguments written back, in order, after the body (and the value) ran.
        for (v, a) in copies {
            let read = TypedExpression(.variable(v), type: v.type, span: span)
            let write = TypedExpression(.assignment(nil, a, read), type: a.type, span: span)
            before.append(TypedStatement(kind: .expression(write), span: span))
        }
        // A call without a value stands only as a statement (`statement`), which drops this.
        return result ?? TypedExpression(.constant(.bool(false)), type: .bool, constant: .bool(false), span: span)
    }

    /// True when every variable `e` reads is a local (a body cannot change the caller's locals).
    static func readsOnlyLocals(_ e: TypedExpression) -> Bool {
        if case .variable(let v) = e.kind { return v.storage == .local }
        return e.children.allSatisfy(readsOnlyLocals)
    }

    /// `s` with each local it declares replaced by a new one (added to `replacements`) and
    /// every variable `replacements` names replaced.
    mutating func renamingLocals(_ s: TypedStatement, _ replacements: inout [Int: TypedExpression]) -> TypedStatement {
        func e(_ x: TypedExpression) -> TypedExpression { Self.substituting(x, replacements) }
        let kind: TypedStatement.Kind
        switch s.kind {
        case .expression(let x): kind = .expression(e(x))
        case .declarations(let ds):
            var renamed: [VariableDeclaration] = []
            for d in ds {
                let value = d.initializer.map(e)
                let v = newLocal(like: d.variable)
                replacements[d.variable.id] = TypedExpression(.variable(v), type: v.type, span: d.span)
                renamed.append(VariableDeclaration(variable: v, initializer: value, span: d.span))
            }
            kind = .declarations(renamed)
        case .block(let body): kind = .block(body.map { renamingLocals($0, &replacements) })
        case .ifElse(let c, let t, let o):
            let condition = e(c)
            kind = .ifElse(condition, renamingLocals(t, &replacements), o.map { renamingLocals($0, &replacements) })
        case .forLoop(let i, let c, let st, let body):
            let initializer = i.map { renamingLocals($0, &replacements) }
            kind = .forLoop(initializer: initializer, condition: c.map(e), step: st.map(e), body: renamingLocals(body, &replacements))
        case .whileLoop(let c, let body): kind = .whileLoop(e(c), renamingLocals(body, &replacements))
        case .doWhile(let body, let c):
            let b = renamingLocals(body, &replacements)
            kind = .doWhile(b, e(c))
        case .return(let v): kind = .return(v.map(e))
        default: return s
        }
        return TypedStatement(kind: kind, span: s.span)
    }

    /// A new local with `original`'s type and precision, named after it and unlike any other
    /// (`x__12`: GLSL reserves names with two underscores, and the rules tell values apart by
    /// their text).
    mutating func newLocal(like original: Variable) -> Variable {
        defer { nextID += 1 }
        return Variable(id: nextID, name: "\(original.name)__\(nextID)", type: original.type, storage: .local,
                        precision: original.precision, span: original.span)
    }

    static func declaration(_ v: Variable, _ value: TypedExpression, span: SourceSpan) -> TypedStatement {
        TypedStatement(kind: .declarations([VariableDeclaration(variable: v, initializer: value, span: span)]), span: span)
    }

    /// `e` with each variable `replacements` names replaced.
    static func substituting(_ e: TypedExpression, _ replacements: [Int: TypedExpression]) -> TypedExpression {
        if case .variable(let v) = e.kind, let r = replacements[v.id] { return r }
        return e.mappingChildren { substituting($0, replacements) }
    }
}
