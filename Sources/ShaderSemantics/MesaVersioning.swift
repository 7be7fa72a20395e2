import ShaderDiagnostics

/// NIR holds a program in SSA form: every assignment makes a new value, and its rules follow
/// each value to the instruction that made it. `uv += vec2(1.1, 0.6); uv.x += -0.4;` is, to
/// them, `(uv0 + 1.1) + -0.4`, which the constant rules fold to `uv0 + 0.7`. Shade's rules read
/// the typed tree, so a local assigned again is first given a new name per value, as SSA does,
/// in straight-line code: `uv += vec2(1.1, 0.6);` becomes `vec2 uv__12 = uv + vec2(1.1, 0.6);`
/// (the declaration spans the assignment's target, which `shade trace` prints)
/// and the reads after it read `uv__12`, which is written once and which the other passes
/// (`MesaForwardSubstitution`, `ValueUses`' definitions) see through.
///
/// Globals get versions too (NIR, with every call inlined, makes them locals of `main`), and so
/// do `out` and `inout` parameters, which likewise take their last version back: a
/// call of a function not written out may read or write any of them, so a global takes its
/// last version back before a statement that makes one, before a `return`, and at the end of
/// the function. A second run after `MesaInlining` versions only globals, which the calls
/// written out assign (WtS3Ry's `Rand()`, `SEED += 1.2312;` once per call, is `SEED + 2.4624`
/// at its second call to NIR's constant rules).
///
/// Only assignments statements make (`v = e;`, `v += e;`, `-=`, `*=`, `/=`, and the same on one
/// component, `v.x *= e;`, which makes `vec2(v.x * e, v.y)`) to float scalars and vectors at `highp` (or without precision) get a version; `e` must write no
/// local (calls with `in` parameters only). The variable itself takes the last version's value again (`uv = uv__12;`, a move)
/// before a statement that writes it some other way (a component, a loop, a call's `out`
/// argument), before a statement that may leave the block by `break` or `continue`, and at the
/// end of a block it was not declared in, so every other reader sees what the source says.
public struct MesaVersioning {
    /// The next id for a new variable.
    private var nextID: Int
    /// The function's locals whose value a later run of their declaration sees
    /// (`UndefinedReads.loopCarried`): left as they are, since their value outlives the
    /// block that declares them.
    private var carried: Set<Int> = []
    /// The versions made in the copies of a loop `MesaLoopCopies` wrote out, by id: values
    /// only NIR sees one after another (GLSL IR, which merges a value read once into its
    /// reader, sees a loop).
    private(set) var loopCopyVersions: Set<Int> = []
    /// How many written-out loops the statements being versioned are in.
    private var copyDepth = 0

    /// Only globals get versions (a second run, after calls were written out).
    private let globalsOnly: Bool
    /// The variables the function being versioned assigns anywhere (declarations aside).
    private var writtenInFunction: Set<Int> = []

    init(nextID: Int, globalsOnly: Bool = false) {
        self.nextID = nextID
        self.globalsOnly = globalsOnly
    }


    /// `f` with its assignments versioned.
    mutating func rewrite(_ f: CheckedFunction) -> CheckedFunction {
        carried = UndefinedReads.loopCarried(in: f)
        writtenInFunction = f.body.variableIDs(\.writtenVariables)
        return CheckedFunction(symbol: f.symbol, parameters: f.parameters, body: block(f.body, renames: [:], isFunctionBody: true),
                        callees: f.callees, span: f.span)
    }

    /// The statements of one block, with `renames` (variable id → its current version) from
    /// the blocks around it; none of those variables is written in this block.
    mutating func block(_ statements: [TypedStatement], renames inherited: [Int: Variable],
                        isFunctionBody: Bool = false) -> [TypedStatement] {
        var current = inherited
        var declaredHere = Set<Int>()
        var versionedHere: [Int: Variable] = [:]
        var out: [TypedStatement] = []
        func restore(_ ids: Set<Int>, at span: SourceSpan) {
            for id in ids.sorted() {
                guard let version = current[id], let original = versionedHere[id] else { continue }
                out.append(Self.move(original, from: version, span: span))
                current[id] = nil
            }
        }
        /// The globals this block gave versions to: their value outlives the function.
        func versionedGlobals() -> Set<Int> { Set(versionedHere.filter { Self.outlivesFunction($0.value) }.keys) }
        func process(_ s: TypedStatement) {
            // A call may read or write any global, and a `return` leaves the function: a
            // global takes its last version back first.
            if Self.callsOrReturns(s) {
                restore(versionedGlobals(), at: s.span)
            }
            // A loop of one trip around the copies `MesaLoopCopies` wrote out is straight code:
            // its body is versioned with this block's, so the versions run on into what follows.
            if case .forLoop(let i?, let c, let st, let body) = s.kind, case .declarations(let ds) = i.kind,
               MesaLoopUnrolling.countedIterations(i, c, st, maximum: 2)?.values.count == 1, !Self.mayLeaveLoop(body) {
                let outer = out
                out = []
                for d in ds { declaredHere.insert(d.variable.id) }
                copyDepth += 1
                if case .block(let list) = body.kind { list.forEach(process) } else { process(body) }
                copyDepth -= 1
                let copies = TypedStatement(kind: .block(out), span: body.span)
                out = outer
                out.append(TypedStatement(kind: .forLoop(initializer: i, condition: c, step: st, body: copies), span: s.span))
                return
            }
            if case .declarations(let ds) = s.kind {
                // An initializer that writes a versioned variable (`bool b = v++ < c;`) writes
                // the variable itself, which first takes its last version back.
                restore(Self.written(s).intersection(current.keys), at: s.span)
                out.append(s.mappingExpressions { Self.renamed($0, current) })
                for d in ds { declaredHere.insert(d.variable.id) }
                return
            }
            if case .expression(let e) = s.kind, let target = Self.target(of: e),
               let (v, op, value, components) = Self.versionable(e), !carried.contains(v.id),
               !globalsOnly || v.storage == .global || isMoveOfOneValue(e),
               !Self.outlivesFunction(v) || !Self.callsOrReturns(s) {
                let read = TypedExpression(.variable(current[v.id] ?? v), type: v.type, span: e.span)
                var value = Self.renamed(value, current), op = op
                if let cs = components, cs.count > 1 {
                    // Several components (`p.xz *= m;`): what they get first, in a local of its
                    // own, then the vector with them.
                    let type = GLSLType.vector(v.type.scalarKind ?? .float, cs.count)
                    let written = TypedExpression(.swizzle(read, components: cs), type: type, span: e.span)
                    let part = newVersion(of: v, type: type)
                    let partValue = op.map { TypedExpression(.binary($0, written, value), type: type, span: e.span) } ?? value
                    out.append(TypedStatement(
                        kind: .declarations([VariableDeclaration(variable: part, initializer: partValue, span: target.span)]),
                        span: s.span))
                    value = TypedExpression(.variable(part), type: type, span: e.span)
                    op = nil
                }
                if globalsOnly, isMoveOfOneValue(e), case .variable(let u) = value.kind {
                    // A global given a local's one value (a written-out call's version, `SEED =
                    // SEED__3;`) is that local until it changes: SSA has no copies. So is a
                    // local (the copy of an `inout` argument a written-out call gives its last
                    // version back to, `seed__25 = seed__18__28;`).
                    current[v.id] = u
                    versionedHere[v.id] = v
                    return
                }
                let initializer = Self.newValue(v, read, op, value, components: components, span: e.span)
                let version = newVersion(of: v)
                out.append(TypedStatement(
                    kind: .declarations([VariableDeclaration(variable: version, initializer: initializer, span: target.span)]),
                    span: s.span))
                current[v.id] = version
                versionedHere[v.id] = v
                return
            }
            var ids = Self.written(s).intersection(current.keys)
            if Self.mayLeaveLoop(s) { ids.formUnion(Set(versionedHere.keys).subtracting(declaredHere)) }
            restore(ids, at: s.span)
            out.append(statement(s, current))
        }
        statements.forEach(process)
        // A function's locals and parameters end with it; its globals do not.
        if let last = statements.last, !isFunctionBody {
            restore(Set(versionedHere.keys).subtracting(declaredHere), at: last.span)
        } else if let last = statements.last {
            restore(versionedGlobals(), at: last.span)
        }
        return out
    }

    /// `s` (which writes none of `renames`' variables) with its reads renamed and its blocks
    /// versioned.
    mutating func statement(_ s: TypedStatement, _ renames: [Int: Variable]) -> TypedStatement {
        func e(_ x: TypedExpression) -> TypedExpression { Self.renamed(x, renames) }
        func inner(_ t: TypedStatement) -> TypedStatement {
            if case .block(let body) = t.kind { return TypedStatement(kind: .block(block(body, renames: renames)), span: t.span) }
            return statement(t, renames)
        }
        let kind: TypedStatement.Kind
        switch s.kind {
        case .block(let body): kind = .block(block(body, renames: renames))
        case .ifElse(let c, let t, let f): kind = .ifElse(e(c), inner(t), f.map(inner))
        case .forLoop(let i, let c, let st, let body):
            kind = .forLoop(initializer: i.map { $0.mappingExpressions(e) }, condition: c.map(e), step: st.map(e), body: inner(body))
        case .whileLoop(let c, let body): kind = .whileLoop(e(c), inner(body))
        case .doWhile(let body, let c): kind = .doWhile(inner(body), e(c))
        default: return s.mappingExpressions(e)
        }
        return TypedStatement(kind: kind, span: s.span)
    }

    /// The variable, operator and value of an assignment statement that gets a version.
    /// `components` are those a swizzle target writes (`v.x += e`, `v.xz *= m`), nil for the
    /// whole variable.
    static func versionable(_ e: TypedExpression) -> (Variable, BinaryOperator?, TypedExpression, components: [Int]?)? {
        if case .unary(let u, let target) = e.kind, u.isIncrementOrDecrement, case .variable(let v) = target.kind,
           v.type.isScalar, isVersionable(v) {
            // `i++;` is `i + 1`: a constant argument stays a constant through it (NIR folds
            // `sin(float(i) * 524.0)` with `i++` on the parameter inside an unrolled loop).
            let one: ScalarValue
            switch v.type.scalarKind {
            case .int: one = .int(1)
            case .uint: one = .uint(1)
            default: one = .float(1)
            }
            let increments = u == .preIncrement || u == .postIncrement
            return (v, increments ? .add : .subtract, MesaReassociation.constant(ConstantValue(type: v.type, components: [one]), e.span), nil)
        }
        guard case .assignment(let op, let target, let value) = e.kind, CostEstimator.isPure(value) else { return nil }
        if op == .vectorTimesMatrix {
            // `v *= m;` on a vector (or some of its components): one dot product per column.
            guard let (v, components) = vectorTarget(target), v.type.scalarKind == .float else { return nil }
            return (v, op, value, components)
        }
        // A matrix takes versions of whole values only (`m = e;`, `m *= e;`), so a constant
        // matrix scaled and rotated stays a constant (`MesaKnownValues`).
        if value.type.isMatrix || target.type.isMatrix {
            guard case .variable(let m) = target.kind, m.type.isMatrix, value.type == m.type || value.type.isScalar, isVersionable(m) else { return nil }
            switch op {
            case nil, .add?, .subtract?, .multiply?, .divide?: return (m, op, value, nil)
            default: return nil
            }
        }
        guard let (v, components) = vectorTarget(target) else { return nil }
        switch op {
        case nil, .add?, .subtract?, .multiply?, .divide?: return (v, op, value, components)
        default: return nil
        }
    }

    /// The versionable variable a target names and the components it writes (nil: all).
    static func vectorTarget(_ target: TypedExpression) -> (Variable, [Int]?)? {
        let v: Variable
        var components: [Int]?
        switch target.kind {
        case .variable(let w): v = w
        case .swizzle(let base, let cs):
            guard case .variable(let w) = base.kind, w.type.isVector else { return nil }
            v = w
            components = cs
        default: return nil
        }
        return isVersionable(v) ? (v, components) : nil
    }

    /// What an assignment or an increment writes.
    static func target(of e: TypedExpression) -> TypedExpression? {
        switch e.kind {
        case .assignment(_, let target, _): return target
        case .unary(let op, let target) where op.isIncrementOrDecrement: return target
        default: return nil
        }
    }

    /// True for a local or `in` parameter, a float, int or uint scalar or vector, or a matrix, at
    /// `highp` (or without precision).
    /// True when `s` calls a user function or holds a `return`.
    static func callsOrReturns(_ s: TypedStatement) -> Bool {
        if case .return = s.kind { return true }
        func calls(_ e: TypedExpression) -> Bool {
            if case .call = e.kind { return true }
            return e.children.contains(where: calls)
        }
        return s.expressions.contains(where: calls) || s.substatements.contains(where: callsOrReturns)
    }

    /// True for `v = u;` with `u` a local of `v`'s type that nothing writes after its
    /// declaration (one value), in the run after calls were written out.
    func isMoveOfOneValue(_ e: TypedExpression) -> Bool {
        guard case .assignment(nil, let target, let value) = e.kind, case .variable(let v) = target.kind,
              case .variable(let u) = value.kind, u.storage == .local, u.type == v.type else { return false }
        return !writtenInFunction.contains(u.id)
    }

    /// True for a variable whose value outlives the function: a global, or an `out` or
    /// `inout` parameter (copied back to the caller's argument). Like a global, such a
    /// variable takes its last version back before a call or a `return` and at the end.
    static func outlivesFunction(_ v: Variable) -> Bool {
        switch v.storage {
        case .global, .parameter(.out), .parameter(.inout): true
        default: false
        }
    }

    static func isVersionable(_ v: Variable) -> Bool {
        switch v.storage {
        case .local, .parameter(.in), .parameter(.out), .parameter(.inout), .global: break
        default: return false
        }
        return (v.precision == nil || v.precision == .highp) && [.float, .int, .uint].contains(v.type.scalarKind)
            && (v.type.isScalar || v.type.isVector || v.type.isMatrix)
    }

    /// The new value of `v` after `read op= value` (or `= value`), `read` being its current value,
    /// on some components when `components` are given: `vec2(u.x + e, u.y)` for `v.x += e`;
    /// with several, `op` is nil and `value` a variable holding them: `vec3(t.x, u.y, t.y)` for
    /// `v.xz = t`.
    static func newValue(_ v: Variable, _ read: TypedExpression, _ op: BinaryOperator?, _ value: TypedExpression,
                         components written: [Int]?, span: SourceSpan) -> TypedExpression {
        guard let written else {
            return op.map { TypedExpression(.binary($0, read, value), type: v.type, span: span) } ?? value
        }
        let scalar = GLSLType.scalar(v.type.scalarKind ?? .float)
        let components = (0..<v.type.componentCount).map { k -> TypedExpression in
            let old = TypedExpression(.swizzle(read, components: [k]), type: scalar, span: span)
            guard let j = written.firstIndex(of: k) else { return old }
            if written.count > 1 { return TypedExpression(.swizzle(value, components: [j]), type: scalar, span: span) }
            return op.map { TypedExpression(.binary($0, old, value), type: scalar, span: span) } ?? value
        }
        return TypedExpression(.construct(.vectorFromComponents, components), type: v.type, span: span)
    }

    /// The ids of the variables `s` (or anything in it) writes; with `declarationsWrite` false,
    /// a declaration without an initializer is not a write.
    static func written(_ s: TypedStatement, declarationsWrite: Bool = true) -> Set<Int> {
        var ids = Set<Int>()
        func visit(_ e: TypedExpression) {
            for v in e.writtenVariables { ids.insert(v.id) }
            e.children.forEach(visit)
        }
        func visit(_ t: TypedStatement) {
            if case .declarations(let ds) = t.kind {
                for d in ds where declarationsWrite || d.initializer != nil { ids.insert(d.variable.id) }
            }
            t.expressions.forEach(visit)
            t.substatements.forEach(visit)
        }
        visit(s)
        return ids
    }

    /// True when `s` holds a `break` or `continue` that leaves the loop around it.
    static func mayLeaveLoop(_ s: TypedStatement) -> Bool {
        switch s.kind {
        case .break, .continue: return true
        case .forLoop, .whileLoop, .doWhile: return false
        default: return s.substatements.contains(where: mayLeaveLoop)
        }
    }

    /// `e` reading each renamed variable's current version.
    static func renamed(_ e: TypedExpression, _ renames: [Int: Variable]) -> TypedExpression {
        if renames.isEmpty { return e }
        if case .variable(let v) = e.kind, let version = renames[v.id] {
            return TypedExpression(.variable(version), type: e.type, span: e.span)
        }
        return e.mappingChildren { renamed($0, renames) }
    }

    /// `original = version;`.
    static func move(_ original: Variable, from version: Variable, span: SourceSpan) -> TypedStatement {
        let target = TypedExpression(.variable(original), type: original.type, span: span)
        let value = TypedExpression(.variable(version), type: version.type, span: span)
        return TypedStatement(kind: .expression(TypedExpression(.assignment(nil, target, value), type: original.type, span: span)), span: span)
    }

    /// The versions declared inside a branch or a loop body that the block gives back to their
    /// variable (`v = v__12;`) where the variable is read again (after the block, or on the
    /// loop's next trip), by id, each with its variable: in NIR such a value is a source of a
    /// phi, which leaving SSA puts in the variable's own register, so llvmpipe writes it only
    /// for the lanes running that code; the others keep the variable's value. Shade's engines
    /// store these versions the same way (only when their value is not known when compiling:
    /// NIR folds a constant before it has a register), which matters for derivatives:
    /// `stack[depth - 1]` in a lane that has left the loop reads `stack[depth]`. A give-back after
    /// a `return`, or of a variable nothing reads again, makes no phi: the version stays a value
    /// every lane computes.
    ///
    /// llvmpipe's phis are scalar: only the components read again are a phi's sources; the
    /// others stay values every lane computes (`dir = vec3(uv.yx * 24.0, 2.0)` in a branch,
    /// with only `dir.z` read after it: `dFdx(dir.x)` there differentiates `uv.y * 24.0` in
    /// every lane of the quad).
    public static func restoredVersions(in body: [TypedStatement]) -> [Int: RestoredVersion] {
        var nested: Set<Int> = []
        var restored: [Int: RestoredVersion] = [:]
        /// `following`: the statements after the current one in each enclosing block, innermost
        /// last; `loops`: the enclosing loops.
        func visit(_ list: [TypedStatement], depth: Int, following: [ArraySlice<TypedStatement>], loops: [TypedStatement]) {
            for (k, s) in list.enumerated() {
                let rest = list[(k + 1)...]
                switch s.kind {
                case .declarations(let ds) where depth > 0:
                    // A copy of another value (`t = planeT;`) is that value to NIR, computed
                    // where it was, for every lane: only a computation made here is the phi's.
                    for d in ds where d.variable.name.hasSuffix("__\(d.variable.id)") && !(d.initializer?.isPlainRead ?? true) {
                        nested.insert(d.variable.id)
                    }
                case .expression(let e):
                    if case .assignment(nil, let target, let value) = e.kind, case .variable(let original) = target.kind,
                       case .variable(let version) = value.kind, version.name == "\(original.name)__\(version.id)" {
                        let width = original.type.componentCount
                        var read = Set<Int>()
                        for later in (following + [rest]).joined() { read.formUnion(later.componentsRead(of: original.id, width: width)) }
                        for loop in loops { read.formUnion(loop.componentsRead(of: original.id, width: width)) }
                        if !read.isEmpty { restored[version.id] = RestoredVersion(original: original, components: read) }
                    }
                case .return, .discard, .break, .continue:
                    return  // what follows in this block never runs
                default: break
                }
                let isLoop: Bool
                switch s.kind {
                case .forLoop, .whileLoop, .doWhile: isLoop = true
                default: isLoop = false
                }
                // A bare block is not a branch; an if, a loop's body (and its header) are.
                let inner: Int
                if case .block = s.kind { inner = depth } else { inner = depth + 1 }
                for t in s.substatements {
                    let statements: [TypedStatement]
                    if case .block(let b) = t.kind { statements = b } else { statements = [t] }
                    visit(statements, depth: inner, following: following + [rest], loops: isLoop ? loops + [s] : loops)
                }
            }
        }
        visit(body, depth: 0, following: [], loops: [])
        return restored.filter { nested.contains($0.key) }
    }

    /// A new local for the next value of `v`, named `v__<id>` (GLSL reserves names with two
    /// underscores; `shade trace` prints the name before them).
    mutating func newVersion(of v: Variable, type: GLSLType? = nil) -> Variable {
        defer { nextID += 1 }
        if copyDepth > 0 { loopCopyVersions.insert(nextID) }
        return Variable(id: nextID, name: "\(v.name)__\(nextID)", type: type ?? v.type, storage: .local,
                        precision: v.precision, span: v.span)
    }
}

/// A call a function's body is lowered through, as the engines and the interpreter key the
/// storage of a local whose undefined value a loop carries (`CheckedShader.loopCarriedLocals`):
/// where the call is written and the variables its arguments read. NIR has one such variable
/// per call site once it has inlined every call; two copies of one call that `MesaInlining`
/// wrote out in two places read different locals, so they are two sites (Shadertoy Nd3GD8:
/// `ray_scene`, written out twice, calls `ray_grid`, whose loop carries an undefined `h`, and
/// one storage for both calls gave the second call the first one's hit), while the iterations
/// of a loop lowered again read the same variables and share one storage, as NIR's do.
public struct CallSite: Hashable, Sendable {
    /// Where the call is written.
    public let span: SourceSpan?
    /// The ids of the variables its arguments read, sorted.
    public let reads: [Int]

    /// The site of a call written at `span` with `arguments`.
    public init(span: SourceSpan?, arguments: [TypedExpression]) {
        self.span = span
        reads = arguments.reduce(into: Set<Int>()) { $0.formUnion(MesaUndefinedValues.readVariables($1)) }.sorted()
    }
}

/// A version that lives, in the components a phi reads, in its variable's storage
/// (`MesaVersioning.restoredVersions`).
public struct RestoredVersion: Sendable {
    /// The variable the version gives its value back to.
    public let original: Variable
    /// The components read again after the version's block: the phis' sources. The other
    /// components stay values every lane computes.
    public let components: Set<Int>

    /// `true` when component `k` is a phi's source.
    public func isStored(_ k: Int) -> Bool { components.contains(k) }
}

extension CheckedShader {
    /// Every function's versions that live in their variable's storage
    /// (`MesaVersioning.restoredVersions`), by id; both engines and the interpreter store them so.
    public var restoredVersions: [Int: RestoredVersion] {
        (functions + [main]).reduce(into: [:]) { all, f in
            all.merge(MesaVersioning.restoredVersions(in: f.body)) { a, _ in a }
        }
    }

    /// Every function's locals whose undefined value a loop carries (`UndefinedReads.loopCarried`).
    public var loopCarriedLocals: Set<Int> {
        (functions + [main]).reduce(into: []) { all, f in all.formUnion(UndefinedReads.loopCarried(in: f)) }
    }
}

extension TypedStatement {
    /// The components of variable `id` (of `width` components) that the statement (or one
    /// inside it) reads: a swizzle's, or all of them for any other use but as the target of a
    /// plain assignment.
    func componentsRead(of id: Int, width: Int) -> Set<Int> {
        var read = Set<Int>()
        func uses(_ e: TypedExpression) {
            switch e.kind {
            case .variable(let v) where v.id == id: read.formUnion(0..<width)
            case .swizzle(let b, let comps):
                if case .variable(let v) = b.kind, v.id == id { read.formUnion(comps) } else { uses(b) }
            case .assignment(nil, let target, let value):
                switch target.kind {
                case .variable: break
                case .swizzle(let b, _) where b.kind.isVariable: break
                default: uses(target)
                }
                uses(value)
            default: e.children.forEach(uses)
            }
        }
        expressions.forEach(uses)
        for s in substatements { read.formUnion(s.componentsRead(of: id, width: width)) }
        return read
    }
}

extension TypedExpression.Kind {
    var isVariable: Bool { if case .variable = self { true } else { false } }
}

extension TypedExpression {
    /// True for a read of a variable, whole or swizzled, or a constant: a value NIR copies
    /// rather than computes.
    var isPlainRead: Bool {
        switch kind {
        case .variable, .constant: return true
        case .swizzle(let b, _): return b.isPlainRead
        default: return constantValue != nil
        }
    }

    /// The variables this node itself writes (not its operands): an assignment's or an
    /// increment's target, a call's `out` and `inout` arguments, a built-in's out argument
    /// (`modf`, `frexp`).
    var writtenVariables: [Variable] {
        switch kind {
        case .assignment(_, let target, _): return target.rootVariable.map { [$0] } ?? []
        case .unary(let op, let target) where op.isIncrementOrDecrement: return target.rootVariable.map { [$0] } ?? []
        case .call(let f, let args):
            return zip(f.parameters, args).compactMap { p, a in p.qualifier != .in ? a.rootVariable : nil }
        case .builtinCall(let o, let args):
            guard let i = o.function.outParameterIndex, i < args.count, let v = args[i].rootVariable else { return [] }
            return [v]
        default: return []
        }
    }
}
