/// What Mesa and LLVM make of a value GLSL leaves undefined, where they know it is undefined
/// when compiling: a local declared without an initializer, or an `out` parameter, read
/// before anything writes it, in straight-line code or in a loop NIR writes out.
///
/// NIR gives such a read an `undef` SSA value; llvmpipe hands it to LLVM as `undef`, and the
/// folds both apply decide the picture. Measured with glref.py on Mesa 22.3.6 (`float a;`
/// never written, `x` the pixel's coordinate; README "Undefined values Mesa knows fold as LLVM
/// folds them"):
///
/// - arithmetic keeps it undefined: `a + x`, `x * a`, `1.0 / a`, `-a`, `a * a`, `dot`, `min`,
///   `max`, `clamp`, `fract`, `mod`, `mix`, `smoothstep`, `normalize`, `dFdx`, `dFdy`, and a
///   loop NIR unrolls
///   that only adds to it (`vec3 r; for (int i = 0; i < 5; i++) r += f(i);`); what reaches the
///   framebuffer is 0;
/// - but `a * 0.0` and `a - a` are 0 (NIR's algebraic rules);
/// - ordered comparisons with it are false and `!=` true, as with a NaN (so `step` gives 0);
/// - `floor`, `ceil`, `round`, `trunc`, `abs`, `sign`, `sqrt`, `sin`, `cos`, `tan`, `asin`,
///   `acos`, `atan`, `inversesqrt`, `fwidth` and conversions to and from `int` give their
///   value at 0,
///   and so do `length` and `distance` of a vector with an undefined component (the square
///   root of an undefined sum);
/// - `exp`, `exp2`, `log`, `log2`, `tanh` and `pow(c, a)` give NaN;
/// - a value known only when running divided by a constant +0.0 is undefined itself, and so is
///   `smoothstep(e, e, x)` with two equal constant edges (Mesa divides by `edge1 - edge0`);
/// - `c ? a : y` is `y` (LLVM drops the undefined side of a select), and so `mix(a, b, 1.0)`
///   is `b`, and `v[i] = e` on a vector nothing has written makes every component `e`.
///
/// The pass rewrites the typed tree so that Shade's engines and its reference interpreter,
/// which both start a local's storage at 0, compute those results: a subexpression known to be
/// undefined is replaced by 0 (or NaN, or the comparison's constant) where its consumer turns
/// it into a defined value, an assignment of an undefined value stores 0, and a select's
/// undefined side is dropped. The writes of an undefined variable in a branch NIR flattens
/// into selects (or a constant write in any branch) also run before the `if`, since the select
/// or phi drops `undef`; a loop NIR writes out has its first trips written out apart when they
/// see other undefined variables than the later ones; a function whose every `return` is
/// undefined is undefined at its calls (NIR inlines it); `O += x - O` is `x` where NIR
/// simplifies it first (an `out` parameter, a `float` or `vec2` local).
///
/// Only what is certain is rewritten, and everything else reads 0 as before: variables a loop
/// NIR keeps writes are not undefined inside it (they live in a register,
/// `UndefinedReads.loopCarried`), other writes in one branch make the variable defined after the
/// `if`, vectors indexed at run time live in memory (which reads 0), values passed to user
/// functions are left as they are, and integers fold otherwise and are not followed.
struct MesaUndefinedValues {
    /// Per tracked variable (by id), which components are undefined; absent means defined.
    typealias State = [Int: [Bool]]

    let functionBody: (FunctionSymbol) -> [TypedStatement]?
    /// User functions (by definition id) whose every `return` gives an undefined value: a call
    /// of one is undefined in the caller, as NIR inlines it.
    let undefinedResults: Set<Int>
    let definitionID: (FunctionSymbol) -> Int
    var state: State = [:]
    /// What each `return` gave: its undefined components (nil: none).
    var returned: [[Bool]?] = []
    /// Statements the pass may still look at, shared by the trial copies it makes (loops
    /// looked at twice, trips written out apart): past it, loops are left as before, so that
    /// nested loops cannot make compiling slow.
    let budget = Budget()

    final class Budget: @unchecked Sendable {
        var remaining = 100_000
    }
    /// Variables a loop around this point writes that the pass does not follow through it:
    /// a value they get stays as computed (a phi of the loop may give the old one back).
    var frozen: Set<Int> = []
    /// Variables never followed (`indexedAtRunTime`).
    var indexed: Set<Int> = []
    /// Vectors indexed at run time that nothing has read or written yet (locals declared
    /// without an initializer, `out` parameters), for `firstIndexedWrite`.
    var untouchedIndexed: Set<Int> = []
    /// How many `if`s and loops are around the statement being rewritten.
    var nesting = 0

    /// Globals undefined wherever they are read (`CheckedShader.alwaysUndefinedGlobals`).
    var undefinedGlobals: Set<Int> = []

    /// True for the variables the pass follows: float locals and `out` parameters, and
    /// globals that are always undefined.
    func follows(_ v: Variable) -> Bool { Self.tracks(v) || undefinedGlobals.contains(v.id) }

    /// The function with its undefined values made explicit.
    static func rewrite(
        _ f: CheckedFunction, functionBody: @escaping (FunctionSymbol) -> [TypedStatement]?,
        undefinedResults: Set<Int> = [], definitionID: @escaping (FunctionSymbol) -> Int = { $0.id },
        calledInLoops: Bool = false, undefinedGlobals: [Int: Int] = [:]
    ) -> (function: CheckedFunction, resultUndefined: Bool) {
        var pass = MesaUndefinedValues(functionBody: functionBody, undefinedResults: undefinedResults, definitionID: definitionID)
        pass.undefinedGlobals = Set(undefinedGlobals.keys)
        for (id, width) in undefinedGlobals { pass.state[id] = Array(repeating: true, count: width) }
        let indexedVectors = indexedAtRunTime(f.body)
        pass.indexed = indexedVectors
        // Called in a loop NIR keeps, a local the last call left a value in starts from it
        // (`UndefinedReads.loopCarried`), not from `undef`.
        if calledInLoops { pass.indexed.formUnion(UndefinedReads.loopCarried(in: f)) }
        let outs = f.parameters.enumerated()
            .filter { k, _ in k < f.symbol.parameters.count && f.symbol.parameters[k].qualifier == .out }.map(\.element)
        for v in declaredUninitialised(in: f.body) + outs where tracks(v) {
            if !pass.indexed.contains(v.id) {
                pass.state[v.id] = Array(repeating: true, count: v.type.componentCount)
            } else if v.type.isVector, indexedVectors.contains(v.id) {
                pass.untouchedIndexed.insert(v.id)
            }
        }
        let body = f.body.map { pass.statement($0) }
        let undefined = !pass.returned.isEmpty && pass.returned.allSatisfy { $0?.allSatisfy { $0 } ?? false }
        return (CheckedFunction(symbol: f.symbol, parameters: f.parameters, body: body, callees: f.callees, span: f.span), undefined)
    }

    /// Vectors indexed by a value not known when compiling (`col[c]`): NIR keeps them in
    /// memory, not SSA values, and their unwritten components read 0 (measured: 3lyBWz's
    /// `vec3 col;` filled by `col[c]` in a loop draws as with `vec3 col = vec3(0.0);`).
    static func indexedAtRunTime(_ body: [TypedStatement]) -> Set<Int> {
        body.variableIDs { e in
            guard case .index(let base, let index) = e.kind, index.constantValue == nil, let v = base.rootVariable else { return [] }
            return [v]
        }
    }

    /// Locals and `out` parameters of float scalar and vector types are followed. Integers fold
    /// otherwise (measured: `int i;` gives `i * 2 + 1 == 1` and `i != 3` false), and are left
    /// as before.
    static func tracks(_ v: Variable) -> Bool {
        switch v.storage {
        case .local, .parameter(.out): return tracks(type: v.type)
        default: return false
        }
    }

    /// Float scalars and vectors.
    static func tracks(type: GLSLType) -> Bool {
        switch type {
        case .scalar(let k), .vector(let k, _): return k == .float
        default: return false
        }
    }

    // MARK: Statements

    mutating func statement(_ s: TypedStatement) -> TypedStatement {
        budget.remaining -= 1
        func make(_ kind: TypedStatement.Kind) -> TypedStatement { TypedStatement(kind: kind, span: s.span) }
        // Outside any `if` or loop (one around this statement already counted all it mentions).
        if nesting == 0, !untouchedIndexed.isEmpty {
            if case .expression(let e) = s.kind, let whole = firstIndexedWrite(e) { return make(.expression(whole)) }
            untouchedIndexed.subtract(Self.mentioned(in: s))
        }
        switch s.kind {
        case .expression(let e):
            return make(.expression(expression(e).node))
        case .declarations(let ds):
            return make(.declarations(ds.map { d in
                // Without an initializer, nothing is written: the variable is undefined from
                // the function's start (`rewrite`), and run again the declaration leaves the
                // value the last run left (`UndefinedReads.loopCarried`).
                guard let e = d.initializer else { return d }
                let (node, mask) = expression(e)
                state[d.variable.id] = nil
                guard Self.tracks(d.variable), !indexed.contains(d.variable.id), let mask, mask.contains(true) else { return d.replacingInitializer(node) }
                if mask.allSatisfy({ $0 }) {
                    state[d.variable.id] = mask
                    return d.replacingInitializer(Self.replaced(node, by: Self.zero(node)))
                }
                return d.replacingInitializer(node)
            }))
        case .block(let body):
            return make(.block(body.map { statement($0) }))
        case .ifElse(let c, let t, let e):
            let hoisted = firstWritesHoisted(c, t, e)
            if !hoisted.isEmpty {
                let rest = make(.ifElse(c, t, e))
                return make(.block(hoisted.map { statement($0) } + [statement(rest)]))
            }
            let condition = consumed(expression(c))
            let entry = state
            nesting += 1
            defer { nesting -= 1 }
            let then = statement(t)
            let afterThen = Self.ends(t) ? nil : state
            state = entry
            let otherwise = e.map { statement($0) }
            let afterElse = e.map(Self.ends) == true ? nil : state
            state = Self.merged(afterThen, afterElse)
            return make(.ifElse(condition, then, otherwise))
        case .forLoop(let initializer, let condition, let step, let body):
            nesting += 1
            defer { nesting -= 1 }
            let counted = MesaLoopUnrolling.unrolledCounter(initializer, condition, step, body, functionBody: functionBody)
            if let counted, let step, let peeled = peeled(s, counted.variable, counted.values, condition, step, body) {
                return peeled
            }
            let i = initializer.map { statement($0) }
            let outer = frozen
            let unrolled = counted != nil
            prepareLoop(s, unrolled: unrolled) { pass in
                _ = condition.map { pass.consumed(pass.expression($0)) }
                _ = pass.statement(body)
                _ = step.map { pass.expression($0) }
            }
            let c = condition.map { consumed(expression($0)) }
            let b = statement(body)
            let st = step.map { expression($0).node }
            frozen = outer
            return make(.forLoop(initializer: i, condition: c, step: st, body: b))
        case .whileLoop(let condition, let body):
            nesting += 1
            defer { nesting -= 1 }
            let outer = frozen
            prepareLoop(s, unrolled: false) { _ in }
            let c = consumed(expression(condition))
            let b = statement(body)
            frozen = outer
            return make(.whileLoop(c, b))
        case .doWhile(let body, let condition):
            nesting += 1
            defer { nesting -= 1 }
            let outer = frozen
            prepareLoop(s, unrolled: false) { _ in }
            let b = statement(body)
            let c = consumed(expression(condition))
            frozen = outer
            return make(.doWhile(b, c))
        case .return(let value?):
            let (node, mask) = expression(value)
            returned.append(Self.tracks(type: value.type) ? mask : nil)
            return make(.return(node))
        case .return(nil), .break, .continue, .discard, .empty:
            return s
        }
    }

    /// True for a float division of a value known only when running by a constant with a +0.0
    /// component, undefined to LLVM there (`binary`).
    static func dividesByConstantZero(_ e: TypedExpression) -> Bool {
        if smoothstepOverZeroWidth(e) != nil { return true }
        guard case .binary(.divide, let a, let b) = e.kind, e.type.scalarKind == .float, a.constantValue == nil,
              let c = b.constantValue else { return false }
        return c.components.contains { $0.floatValue.bitPattern == 0 }
    }

    /// The components of `smoothstep(edge0, edge1, x)`, `x` known only when running, whose
    /// constant edges are equal: Mesa computes `(x - edge0) / (edge1 - edge0)`, a division by
    /// +0.0 there. Nil when there are none.
    static func smoothstepOverZeroWidth(_ e: TypedExpression) -> [Int]? {
        guard case .builtinCall(let o, let args) = e.kind, o.function == .smoothstep, args.count == 3,
              e.type.scalarKind == .float, args[2].constantValue == nil,
              let low = args[0].constantValue, let high = args[1].constantValue else { return nil }
        let width = e.type.componentCount
        let zero = (0..<width).filter { k in
            let a = low.components[low.components.count == 1 ? 0 : k].floatValue
            let b = high.components[high.components.count == 1 ? 0 : k].floatValue
            return (b - a).bitPattern == 0
        }
        return zero.isEmpty ? nil : zero
    }

    /// `v[i] = e;` as the first thing done to an undefined vector `v`, outside any `if` or
    /// loop: NIR writes it as `v = vecN(i == 0 ? e : v.x, …)`, and each select drops the
    /// undefined side, so every component is `e` (measured: csdyDS's `fragColor[(a | b) % 19]
    /// = 1.;` on the undefined `out` parameter is white everywhere). The assignment of `e` to
    /// the whole vector; nil for anything else.
    mutating func firstIndexedWrite(_ e: TypedExpression) -> TypedExpression? {
        guard case .assignment(nil, let target, let value) = e.kind, case .index(let base, let index) = target.kind,
              case .variable(let v) = base.kind, untouchedIndexed.contains(v.id), index.constantValue == nil,
              !Self.hasSideEffects(index), value.type == .float,
              value.constantValue != nil || MesaReassociation.isReadAgainFree(value) else { return nil }
        untouchedIndexed.remove(v.id)
        let (node, _) = expression(value)
        let whole = TypedExpression(.construct(.vectorFromScalar, [node]), type: v.type, span: target.span)
        return e.with(.assignment(nil, base, whole))
    }

    /// Before a loop: a loop NIR writes out keeps its undefined variables when one trip through
    /// it (`trip`, run on a copy) leaves the same ones undefined; otherwise, and for a loop NIR
    /// keeps, what the loop writes is defined from its start.
    mutating func prepareLoop(_ s: TypedStatement, unrolled: Bool, trip: (inout MesaUndefinedValues) -> Void) {
        if unrolled && budget.remaining > 0 {
            var copy = self
            trip(&copy)
            if copy.state == state { return }
        }
        for id in Self.assigned(in: s) {
            state[id] = nil
            frozen.insert(id)
        }
    }

    /// A loop NIR writes out whose first iterations see other undefined variables than the
    /// rest (`c = abs(x - c);` three times is 0, x, 0 when `c` starts undefined): those
    /// iterations as loops of one trip each, their bodies rewritten for what they see, then
    /// the loop over the remaining values of the counter. Int counters only (one trip is
    /// `i != next`, exact); nil when every iteration sees the same, or for a float counter.
    mutating func peeled(
        _ s: TypedStatement, _ counter: Variable, _ values: [ConstantValue], _ condition: TypedExpression?,
        _ step: TypedExpression, _ body: TypedStatement
    ) -> TypedStatement? {
        guard counter.type == .int, values.count >= 2, let condition, budget.remaining > 0,
              case .int(let first) = values[0].components[0], case .int(let second) = values[1].components[0] else { return nil }
        func trip(_ pass: inout MesaUndefinedValues) {
            _ = pass.statement(body)
            _ = pass.expression(step)
        }
        var copy = self
        trip(&copy)
        guard copy.state != state else { return nil }
        let increment = second &- first
        func declaration(_ value: Int32) -> TypedStatement {
            let c = ConstantValue.int(value)
            return TypedStatement(kind: .declarations([VariableDeclaration(
                variable: counter, initializer: Self.constant(c, condition), span: s.span)]), span: s.span)
        }
        var loops: [TypedStatement] = []
        var k = 0
        while k < values.count {
            var probe = self
            trip(&probe)
            if probe.state == state { break }
            guard case .int(let value) = values[k].components[0] else { return nil }
            let next = Self.constant(.int(value &+ increment), condition)
            let read = TypedExpression(.variable(counter), type: counter.type, span: condition.span)
            let once = TypedExpression(.binary(.notEqual, read, next), type: .bool, span: condition.span)
            let b = statement(body)
            let st = expression(step).node
            loops.append(TypedStatement(kind: .forLoop(initializer: declaration(value), condition: once, step: st, body: b), span: s.span))
            k += 1
        }
        if k < values.count, case .int(let value) = values[k].components[0] {
            let b = statement(body)
            let st = expression(step).node
            loops.append(TypedStatement(kind: .forLoop(initializer: declaration(value), condition: condition, step: st, body: b), span: s.span))
        }
        return TypedStatement(kind: .block(loops), span: s.span)
    }

    /// `if (c) a = v;` with `a` undefined before: on llvmpipe `a` is `v` in every lane where NIR
    /// flattens the `if` into a select (`select(c, v, undef)` is `v`) or `v` is a constant (the
    /// phi of a constant and `undef` is the constant; measured: `if (x > 1.5) a = 3.0;` gives 3
    /// everywhere, also with a loop in the branch, and `a = 3.0 + x` in a branch NIR keeps gives
    /// 0 in the other lanes). The assignment, the first statement of its branch and that
    /// branch's only write of `a`, is copied before the `if`; nothing for any other `if`.
    func firstWritesHoisted(_ c: TypedExpression, _ t: TypedStatement, _ e: TypedStatement?) -> [TypedStatement] {
        guard !Self.hasSideEffects(c) else { return [] }
        let flattened = PrecisionLowering.isSelect(t, e)
        var out: [TypedStatement] = []
        for (branch, other) in [(t, e), (e, t)] {
            guard let branch else { continue }
            let written = MesaVersioning.written(branch)
            let writtenByOther = other.map { MesaVersioning.written($0) } ?? []
            let statements = Self.straightStatements(branch)
            for x in Set(statements.flatMap { s in s.expressions.flatMap(\.writtenVariables) }).sorted(by: { $0.id < $1.id }) {
                guard follows(x), !frozen.contains(x.id), !indexed.contains(x.id), let m = state[x.id],
                      m.allSatisfy({ $0 }), !writtenByOther.contains(x.id) else { continue }
                // The statements that write `x`: each writes nothing else and reads nothing the
                // branch writes but `x`, so run before the `if` they give `x` its value at the
                // branch's end.
                let writes = statements.filter { MesaVersioning.written($0).contains(x.id) }
                let movable = writes.allSatisfy { s in
                    guard case .expression(let a) = s.kind, case .assignment(_, let target, let value) = a.kind,
                          target.rootVariable?.id == x.id, Self.isWholeOrSwizzle(target), !Self.hasSideEffects(value) else { return false }
                    return Self.readVariables(value).isDisjoint(with: written.subtracting([x.id]))
                }
                guard movable, !writes.isEmpty else { continue }
                // A branch NIR keeps: only a single constant write (the phi of a constant and
                // `undef` is the constant).
                if !flattened {
                    guard writes.count == 1, case .expression(let a) = writes[0].kind, case .assignment(nil, _, let v) = a.kind,
                          v.constantValue != nil, Self.writes(of: x.id, in: branch) == 1 else { continue }
                }
                // Only when they make some of `x` defined (else the `if` would be looked at
                // again forever).
                var probe = self
                for w in writes { _ = probe.statement(w) }
                guard probe.state[x.id] != state[x.id] else { continue }
                out += writes
            }
        }
        return out
    }

    /// The statements of a branch, nested blocks opened; empty when it holds anything else.
    static func straightStatements(_ s: TypedStatement) -> [TypedStatement] {
        switch s.kind {
        case .block(let body): return body.flatMap(straightStatements)
        case .expression, .declarations, .empty: return [s]
        default: return []
        }
    }

    /// The ids of the variables `e` reads or writes.
    static func readVariables(_ e: TypedExpression) -> Set<Int> {
        if case .variable(let v) = e.kind { return [v.id] }
        return e.children.reduce(into: []) { $0.formUnion(readVariables($1)) }
    }

    /// How many assignments, increments and `out` arguments in `s` write variable `id`.
    static func writes(of id: Int, in s: TypedStatement) -> Int {
        var n = 0
        [s].forEachExpressionNode { e in n += e.writtenVariables.filter { $0.id == id }.count }
        return n
    }

    /// The variables `s` writes: by assignment, `++`/`--`, `out` arguments, or a declaration
    /// with an initializer (one without writes nothing).
    static func assigned(in s: TypedStatement) -> Set<Int> {
        MesaVersioning.written(s, declarationsWrite: false)
    }

    /// Every variable `s` reads or writes.
    static func mentioned(in s: TypedStatement) -> Set<Int> {
        var ids = Set<Int>()
        func visit(_ e: TypedExpression) {
            if case .variable(let v) = e.kind { ids.insert(v.id) }
            e.children.forEach(visit)
        }
        func visit(_ t: TypedStatement) {
            t.expressions.forEach(visit)
            t.substatements.forEach(visit)
        }
        visit(s)
        return ids
    }

    /// The locals declared without an initializer anywhere in `body`.
    static func declaredUninitialised(in body: [TypedStatement]) -> [Variable] {
        var out: [Variable] = []
        func visit(_ t: TypedStatement) {
            if case .declarations(let ds) = t.kind { for d in ds where d.initializer == nil { out.append(d.variable) } }
            t.substatements.forEach(visit)
        }
        body.forEach(visit)
        return out
    }

    /// True when control never leaves the end of `s` for the statement after it.
    static func ends(_ s: TypedStatement) -> Bool {
        switch s.kind {
        case .return, .discard, .break, .continue: return true
        case .block(let body): return body.contains(where: ends)
        case .ifElse(_, let t, let e?): return ends(t) && ends(e)
        default: return false
        }
    }

    /// Undefined after a branch only where both sides (those that reach it) leave it undefined.
    static func merged(_ a: State?, _ b: State?) -> State {
        guard let a else { return b ?? [:] }
        guard let b else { return a }
        var out: State = [:]
        for (id, m) in a {
            guard let n = b[id] else { continue }
            let both = zip(m, n).map { $0 && $1 }
            if both.contains(true) { out[id] = both }
        }
        return out
    }

    // MARK: Expressions

    /// The rewritten expression and which of its components are undefined (nil: none).
    mutating func expression(_ e: TypedExpression) -> (node: TypedExpression, mask: [Bool]?) {
        if e.constantValue != nil { return (e, nil) }
        switch e.kind {
        case .constant:
            return (e, nil)
        case .variable(let v):
            return (e, state[v.id])
        case .swizzle(let base, let components):
            let (b, m) = expression(base)
            return (e.with(.swizzle(b, components: components)), m.map { m in components.map { m[$0] } })
        case .unary(let op, let x):
            if op.isIncrementOrDecrement, let v = x.rootVariable, let m = state[v.id], Self.isWholeOrSwizzle(x) {
                let mask = Self.targetMask(x, m)
                // An undefined value incremented stays undefined, its storage 0.
                if mask.allSatisfy({ $0 }) { return (x, mask) }
            }
            if op.isIncrementOrDecrement {
                if let v = x.rootVariable { state[v.id] = nil }
                return (e, nil)
            }
            if op == .negate || op == .plus {
                let (n, m) = expression(x)
                return (e.with(.unary(op, n)), m)
            }
            return plain(e)
        case .binary(let op, let a, let b):
            return binary(e, op, a, b)
        case .assignment(let op, let target, let value):
            return assignment(e, op, target, value)
        case .ternary(let c, let a, let b):
            let condition = consumed(expression(c))
            let (x, mx) = expression(a)
            let (y, my) = expression(b)
            let undefinedA = mx?.allSatisfy { $0 } ?? false, undefinedB = my?.allSatisfy { $0 } ?? false
            if undefinedA && undefinedB { return (e.with(.ternary(condition, x, y)), mx) }
            if !Self.hasSideEffects(condition) {
                if undefinedA, !Self.hasSideEffects(x) { return (y, my) }
                if undefinedB, !Self.hasSideEffects(y) { return (x, mx) }
            }
            return (e.with(.ternary(condition, x, y)), nil)
        case .comma(let a, let b):
            let first = expression(a).node
            let (second, m) = expression(b)
            return (e.with(.comma(first, second)), m)
        case .builtinCall(let o, let args):
            return builtin(e, o, args)
        case .construct(let kind, let args):
            return construct(e, kind, args)
        case .index, .field, .call:
            return plain(e)
        }
    }

    /// `e` with its operands consumed: defined, whatever they were.
    mutating func plain(_ e: TypedExpression) -> (node: TypedExpression, mask: [Bool]?) {
        var node = e
        if case .call(let f, let args) = e.kind {
            // `out` and `inout` arguments are written by the call.
            node = e.with(.call(f, zip(f.parameters, args).map { p, a in
                if p.qualifier == .in { return expression(a).node }
                if let v = a.rootVariable { state[v.id] = nil }
                return a
            }))
            let undefined = undefinedResults.contains(definitionID(f)) && Self.tracks(type: e.type)
            return (node, undefined ? Array(repeating: true, count: e.type.componentCount) : nil)
        }
        return (e.mappingChildren { expression($0).node }, nil)
    }

    mutating func binary(_ e: TypedExpression, _ op: BinaryOperator, _ a: TypedExpression, _ b: TypedExpression)
        -> (node: TypedExpression, mask: [Bool]?) {
        // `a + (x - a)` is `x` (NIR's inexact rule `a + (-a + b) = b`).
        var probe = self
        let kept = op == .add ? (Self.cancelling(a, b) ?? Self.cancelling(b, a)).map { probe.expression($0).mask } : nil
        let (x, mx) = expression(a)
        let (y, my) = expression(b)
        if let kept, e.type.scalarKind == .float { return (e.with(.binary(op, x, y)), kept) }
        let width = e.type.componentCount
        switch op {
        case .add, .subtract, .multiply, .divide:
            guard e.type.scalarKind == .float || e.type.scalarKind == .int, !e.type.isMatrix,
                  !a.type.isMatrix, !b.type.isMatrix else { break }
            if op == .subtract, case .variable(let u) = a.kind, case .variable(let w) = b.kind, u.id == w.id, mx != nil {
                return (Self.zero(e), nil)  // `a - a` is 0
            }
            let left = Self.broadcast(mx, width), right = Self.broadcast(my, width)
            var mask = zip(left, right).map { $0 || $1 }
            if Self.dividesByConstantZero(e), let c = b.constantValue {
                // A value known only when running divided by a constant +0.0 is undefined to
                // LLVM (measured: `x / 0.0 + 1.0` reaches the framebuffer as 0, `abs(x / 0.0)`
                // is 0, `x / 0.0 < 100.0` false; `x / -0.0` is -infinity, and a constant
                // dividend folds to infinity before).
                for k in 0..<width where c.components[c.components.count == 1 ? 0 : k].floatValue.bitPattern == 0 {
                    mask[k] = true
                }
            }
            if op == .multiply {
                // `a * 0.0` is 0.
                for k in 0..<width {
                    if Self.isZero(a, k, width) || Self.isZero(b, k, width) { mask[k] = false }
                }
                if mask.allSatisfy({ !$0 }), left.contains(true) || right.contains(true) {
                    return (e.with(.binary(op, consumed(x, mx), consumed(y, my))), nil)
                }
            }
            return (e.with(.binary(op, x, y)), mask.contains(true) ? mask : nil)
        case .less, .greater, .lessEqual, .greaterEqual, .equal, .notEqual:
            let undefined = (mx?.contains(true) ?? false) || (my?.contains(true) ?? false)
            guard undefined, a.type.scalarKind == .float, !a.type.isMatrix else { break }
            // Compared as a NaN: ordered comparisons false, `!=` true.
            return (Self.replaced(e.with(.binary(op, x, y)), by: Self.constant(.bool(op == .notEqual), e)), nil)
        case .matrixTimesVector, .vectorTimesMatrix:
            if (mx?.contains(true) ?? false) || (my?.contains(true) ?? false) {
                return (e.with(.binary(op, x, y)), Array(repeating: true, count: width))
            }
        default:
            break
        }
        return (e.with(.binary(op, x, y)), nil)
    }

    mutating func assignment(_ e: TypedExpression, _ op: BinaryOperator?, _ target: TypedExpression, _ value: TypedExpression)
        -> (node: TypedExpression, mask: [Bool]?) {
        var probe = self
        let kept = op == .add ? Self.cancelling(target, value).map { probe.expression($0).mask } : nil
        var (v, mv) = expression(value)
        let root = target.rootVariable
        guard let root, follows(root), Self.isWholeOrSwizzle(target), !frozen.contains(root.id), !indexed.contains(root.id) else {
            // An output, a global, an array element: an undefined value stores 0.
            if op == nil, let root, Self.isOutput(root) { v = consumed(v, mv) }
            if let root { state[root.id] = nil }
            return (e.with(.assignment(op, Self.targetIndicesRewritten(target, &self), v)), nil)
        }
        let current = state[root.id] ?? Array(repeating: false, count: root.type.componentCount)
        var mask: [Bool]
        let width = target.type.componentCount
        if let op {
            // `t op= v` is `t = t op v`.
            let old = Self.targetMask(target, current)
            let right = Self.broadcast(mv, width)
            mask = Array(repeating: false, count: width)
            if op == .subtract, value.description == target.description {
                // `o -= o` is 0.
            } else if let kept {
                // `o += x - o` is `x`.
                mask = Self.broadcast(kept, width)
            } else if [.add, .subtract, .divide, .multiply].contains(op), target.type.scalarKind == value.type.scalarKind {
                mask = zip(old, right).map { $0 || $1 }
                if op == .multiply {
                    for k in 0..<width where Self.isZero(value, k, width) { mask[k] = false }
                }
            }
            if mask.allSatisfy({ $0 }) {
                Self.setMask(target, &state, root, current, mask)
                return (e.with(.assignment(nil, target, Self.replaced(v, by: Self.zero(target)))), mask)
            }
            Self.setMask(target, &state, root, current, Array(repeating: false, count: width))
            return (e.with(.assignment(op, target, v)), nil)
        }
        mask = Self.broadcast(mv, width)
        if mask.allSatisfy({ $0 }) {
            Self.setMask(target, &state, root, current, mask)
            return (e.with(.assignment(nil, target, Self.replaced(v, by: Self.zero(target)))), mask)
        }
        Self.setMask(target, &state, root, current, Array(repeating: false, count: width))
        return (e.with(.assignment(nil, target, v)), nil)
    }

    mutating func builtin(_ e: TypedExpression, _ o: BuiltinOverload, _ args: [TypedExpression])
        -> (node: TypedExpression, mask: [Bool]?) {
        if let k = o.function.outParameterIndex, k < args.count {
            // `modf(x, i)`: the out argument is written, the others read.
            if let v = args[k].rootVariable { state[v.id] = nil }
            return (e.with(.builtinCall(o, args.enumerated().map { j, a in j == k ? a : expression(a).node })), nil)
        }
        var nodes: [TypedExpression] = [], masks: [[Bool]?] = []
        for a in args {
            let (n, m) = expression(a)
            nodes.append(n)
            masks.append(m)
        }
        if let zeroWidth = Self.smoothstepOverZeroWidth(e) {
            // Mesa's `smoothstep` divides by `edge1 - edge0`: a constant +0.0 there is a
            // division by zero, undefined as one written out is (measured: XXjGzR's grid lines
            // `smoothstep(0.45, .45, d)` reach the framebuffer as 0 everywhere).
            var mask = Array(repeating: false, count: e.type.componentCount)
            for m in masks { for (k, u) in Self.broadcast(m, mask.count).enumerated() where u { mask[k] = true } }
            for k in zeroWidth { mask[k] = true }
            return (e.with(.builtinCall(o, nodes)), mask)
        }
        let anyUndefined = masks.contains { $0?.contains(true) ?? false }
        guard anyUndefined, o.returnType.scalarKind == .float, !o.returnType.isMatrix,
              args.allSatisfy({ !$0.type.isMatrix }) else {
            return (e.with(.builtinCall(o, nodes)), nil)
        }
        let width = e.type.componentCount
        if o.function == .mix, let t = args[2].constantValue {
            // `mix(a, b, 1.0)` is `b` and `mix(a, b, 0.0)` is `a` (NIR's `flrp` rules; with a
            // `bool` selector, a select): measured, `mix(a, x, 1.0)` is `x`.
            let picks: [Int?] = (0..<width).map { k in
                let c = t.components[t.components.count == 1 ? 0 : k]
                switch c {
                case .bool(let b): return b ? 1 : 0
                default: return c.floatValue == 1 ? 1 : c.floatValue == 0 ? 0 : nil
                }
            }
            if let first = picks[0], picks.allSatisfy({ $0 == first }), args[first].type == e.type,
               !Self.hasSideEffects(args[1 - first]) {
                return (nodes[first], masks[first])
            }
            let mask = (0..<width).map { k in
                if let p = picks[k] { return Self.broadcast(masks[p], width)[k] }
                return masks.contains { Self.broadcast($0, width)[k] }
            }
            return (e.with(.builtinCall(o, nodes)), mask.contains(true) ? mask : nil)
        }
        switch o.function {
        case .min, .max, .clamp, .fract, .mod, .mix, .smoothstep, .radians, .degrees, .dFdx, .dFdy:
            // Component-wise, undefined wherever an operand is.
            var mask = Array(repeating: false, count: width)
            for m in masks { for (k, u) in Self.broadcast(m, width).enumerated() where u { mask[k] = true } }
            return (e.with(.builtinCall(o, nodes)), mask)
        case .dot:
            // A sum of products: a product with a constant 0 factor is 0.
            let (a, b) = (Self.broadcast(masks[0], args[0].type.componentCount), Self.broadcast(masks[1], args[1].type.componentCount))
            let n = args[0].type.componentCount
            let undefined = (0..<n).contains { k in
                (a[k] || b[k]) && !Self.isZero(args[0], k, n) && !Self.isZero(args[1], k, n)
            }
            if !undefined { return (e.with(.builtinCall(o, nodes)), nil) }
            return (e.with(.builtinCall(o, nodes)), [true])
        case .normalize, .cross, .reflect, .refract, .faceforward:
            return (e.with(.builtinCall(o, nodes)), Array(repeating: true, count: width))
        case .length, .distance:
            // The square root of an undefined sum: 0.
            return (Self.replaced(e.with(.builtinCall(o, nodes)), by: Self.zero(e)), nil)
        case .step:
            return (Self.replaced(e.with(.builtinCall(o, nodes)), by: Self.zero(e)), nil)
        case .exp, .exp2, .log, .log2, .tanh, .pow:
            // NaN from an undefined argument (of `pow`, the exponent).
            let k = o.function == .pow ? 1 : 0
            guard let m = masks[k], m.allSatisfy({ $0 }) else { break }
            let nan = Self.constant(ConstantValue(type: e.type, components: Array(repeating: .float(.nan), count: width)), e)
            return (Self.replaced(e.with(.builtinCall(o, nodes)), by: nan), nil)
        default:
            break
        }
        return (e.with(.builtinCall(o, zip(nodes, masks).map { Self.atZero.contains(o.function) && args.count == 1 ? consumed($0, $1) : $0 })), nil)
    }

    mutating func construct(_ e: TypedExpression, _ kind: ConstructorKind, _ args: [TypedExpression])
        -> (node: TypedExpression, mask: [Bool]?) {
        var nodes: [TypedExpression] = [], masks: [[Bool]?] = []
        for a in args {
            let (n, m) = expression(a)
            nodes.append(n)
            masks.append(m)
        }
        let sameKind = args.allSatisfy { $0.type.scalarKind == e.type.scalarKind && !$0.type.isMatrix }
        guard sameKind, !e.type.isMatrix, masks.contains(where: { $0?.contains(true) ?? false }) else {
            return (e.with(.construct(kind, zip(args, zip(nodes, masks)).map { Self.isConversion($0.type, e.type) ? consumed($1.0, $1.1) : $1.0 })), nil)
        }
        let width = e.type.componentCount
        switch kind {
        case .scalarConversion:
            return (e.with(.construct(kind, nodes)), [masks[0]?.first ?? false])
        case .vectorFromScalar:
            return (e.with(.construct(kind, nodes)), Array(repeating: masks[0]?.first ?? false, count: width))
        case .vectorFromComponents:
            var mask: [Bool] = []
            for (a, m) in zip(args, masks) { mask += m ?? Array(repeating: false, count: a.type.componentCount) }
            return (e.with(.construct(kind, nodes)), Array(mask.prefix(width)))
        default:
            return (e.with(.construct(kind, nodes)), nil)
        }
    }

    /// Built-ins that give their value at 0 for an undefined argument (measured).
    static let atZero: Set<BuiltinFunction> = [
        .floor, .ceil, .round, .roundEven, .trunc, .abs, .sign, .sqrt, .inversesqrt, .sin, .cos, .tan, .asin, .acos, .atan,
        // `abs(dFdx(a)) + abs(dFdy(a))`: 0 (measured: `x / fwidth(x - a)` is infinite).
        .fwidth,
    ]

    /// A conversion between `int` and `float` values: 0 from an undefined value (measured).
    static func isConversion(_ from: GLSLType, _ to: GLSLType) -> Bool {
        let kinds: Set<ScalarKind?> = [.int, .float]
        return from.scalarKind != to.scalarKind && kinds.contains(from.scalarKind) && kinds.contains(to.scalarKind)
    }

    /// A fragment output: an undefined value reaches the framebuffer as 0.
    static func isOutput(_ v: Variable) -> Bool {
        switch v.storage {
        case .output, .builtin, .parameter(.out): return true
        default: return false
        }
    }

    /// `node` where its consumer needs a defined value: an undefined value is 0 there.
    func consumed(_ node: TypedExpression, _ mask: [Bool]?) -> TypedExpression {
        guard let mask, mask.contains(true), node.type.scalarKind == .float || node.type.scalarKind == .int else { return node }
        if mask.allSatisfy({ $0 }) { return Self.replaced(node, by: Self.zero(node)) }
        // Some components: those multiplied by 0 (what the engines compute there from storage
        // that reads 0 is finite), the others by 1.
        guard node.type.scalarKind == .float, node.type.isVector, mask.count == node.type.componentCount,
              !Self.hasSideEffects(node) else { return node }
        let keep = Self.constant(ConstantValue(type: node.type, components: mask.map { .float($0 ? 0 : 1) }), node)
        return node.with(.binary(.multiply, node, keep))
    }

    func consumed(_ result: (node: TypedExpression, mask: [Bool]?)) -> TypedExpression {
        consumed(result.node, result.mask)
    }

    // MARK: Helpers

    static func isWholeOrSwizzle(_ target: TypedExpression) -> Bool {
        switch target.kind {
        case .variable: return true
        case .swizzle(let b, _): if case .variable = b.kind { return true }
        default: break
        }
        return false
    }

    /// The undefined components of a target (`v` or `v.zx`) under the variable's mask.
    static func targetMask(_ target: TypedExpression, _ m: [Bool]) -> [Bool] {
        if case .swizzle(_, let components) = target.kind { return components.map { m[$0] } }
        return m
    }

    /// The variable's mask after writing `mask` through `target`.
    static func setMask(_ target: TypedExpression, _ state: inout State, _ v: Variable, _ current: [Bool], _ mask: [Bool]) {
        var m = current
        if case .swizzle(_, let components) = target.kind {
            for (k, c) in components.enumerated() where k < mask.count { m[c] = mask[k] }
        } else {
            m = mask
        }
        state[v.id] = m.contains(true) ? m : nil
    }

    static func targetIndicesRewritten(_ target: TypedExpression, _ pass: inout MesaUndefinedValues) -> TypedExpression {
        guard case .index(let base, let index) = target.kind else { return target }
        return target.with(.index(targetIndicesRewritten(base, &pass), pass.expression(index).node))
    }

    static func broadcast(_ m: [Bool]?, _ width: Int) -> [Bool] {
        guard let m else { return Array(repeating: false, count: width) }
        return m.count == 1 ? Array(repeating: m[0], count: width) : Array(m.prefix(width))
    }

    /// True when component `k` (of a result `width` wide) of `e` is the constant 0.
    static func isZero(_ e: TypedExpression, _ k: Int, _ width: Int) -> Bool {
        guard let c = e.constantValue, !c.type.isMatrix else { return false }
        let component = c.components.count == 1 ? c.components[0] : (k < c.components.count ? c.components[k] : nil)
        guard let component else { return false }
        return component.floatValue == 0
    }

    /// `x` when `b` is `x - a` and `a` a variable or a swizzle of one (`a + b` is then `x`).
    /// Measured: `O += x - O;` on an `out vec4 O` is `x` (NIR simplifies the function before
    /// it is inlined, when `O` is not yet `undef`), and so on a `float` or `vec2` local, but a
    /// `vec3` or `vec4` local stays undefined.
    static func cancelling(_ a: TypedExpression, _ b: TypedExpression) -> TypedExpression? {
        guard isWholeOrSwizzle(a), let v = a.rootVariable, case .binary(.subtract, let x, let c) = b.kind,
              c.description == a.description, x.type == b.type || x.type.isScalar else { return nil }
        if case .local = v.storage, v.type.componentCount > 2 { return nil }
        return x
    }

    /// `r` in place of `e`: `(e, r)` when `e` has side effects, which still happen.
    static func replaced(_ e: TypedExpression, by r: TypedExpression) -> TypedExpression {
        hasSideEffects(e) ? TypedExpression(.comma(e, r), type: r.type, span: e.span) : r
    }

    static func hasSideEffects(_ e: TypedExpression) -> Bool {
        switch e.kind {
        case .assignment, .call: return true
        case .unary(let op, _) where op.isIncrementOrDecrement: return true
        case .builtinCall(let o, _) where o.function.outParameterIndex != nil: return true
        default: return e.children.contains(where: hasSideEffects)
        }
    }

    /// A zero of `e`'s type, where `e` was.
    static func zero(_ e: TypedExpression) -> TypedExpression {
        let component: ScalarValue = e.type.scalarKind == .int ? .int(0) : .float(0)
        return constant(ConstantValue(type: e.type, components: Array(repeating: component, count: e.type.componentCount)), e)
    }

    static func constant(_ c: ConstantValue, _ at: TypedExpression) -> TypedExpression {
        TypedExpression(.constant(c), type: c.type, constant: c, span: at.span)
    }
}

extension TypedExpression {
    /// This node with another kind (same type, span and folded value).
    func with(_ kind: Kind) -> TypedExpression {
        TypedExpression(kind, type: type, constant: constantValue, span: span)
    }
}

extension VariableDeclaration {
    func replacingInitializer(_ e: TypedExpression) -> VariableDeclaration {
        VariableDeclaration(variable: variable, initializer: e, span: span)
    }
}

extension CheckedShader {
    /// How many float divisions of a value known only when running by a constant with a +0.0
    /// component the functions make (undefined to LLVM: `MesaUndefinedValues.binary`).
    var divisionsByConstantZero: Int {
        var count = 0
        for f in functions + [main] {
            f.body.forEachExpressionNode { e in if MesaUndefinedValues.dividesByConstantZero(e) { count += 1 } }
        }
        return count
    }

    /// The shader with the values Mesa knows to be undefined made explicit
    /// (`MesaUndefinedValues`).
    func undefinedValuesMadeExplicit() -> CheckedShader {
        var bodies: [Int: [TypedStatement]] = [:]
        for f in functions + [main] { bodies[f.symbol.id] = f.body }
        let definitionID = self.definitionID
        let byID = Dictionary((functions + [main]).map { (definitionID($0.symbol), $0) }, uniquingKeysWith: { a, _ in a })
        let inLoops = calledInKeptLoops(functionBody: { bodies[$0.id] })
        let globals = alwaysUndefinedGlobals(functionBody: { bodies[$0.id] })
        // Callees first, so that a call knows whether its function gives an undefined result.
        var undefinedResults: Set<Int> = []
        var done: [Int: CheckedFunction] = [:]
        func visit(_ f: CheckedFunction, _ path: Set<Int>) {
            let id = definitionID(f.symbol)
            if done[id] != nil || path.contains(id) { return }
            for callee in f.callees { if let g = byID[definitionID(callee)] { visit(g, path.union([id])) } }
            let (rewritten, undefined) = MesaUndefinedValues.rewrite(
                f, functionBody: { bodies[$0.id] }, undefinedResults: undefinedResults, definitionID: definitionID,
                calledInLoops: inLoops.contains(id), undefinedGlobals: globals)
            done[id] = rewritten
            if undefined { undefinedResults.insert(id) }
        }
        for f in functions + [main] { visit(f, []) }
        return rewriting(function: { done[definitionID($0.symbol)] ?? $0 }, declaration: { $0 })
    }

    /// Globals declared without an initializer (float scalars and vectors) that never get a
    /// value: every write adds to, subtracts from, multiplies or divides what they hold
    /// (`float seed; … seed += texture(…).x; seed++;`), outside any loop or `if` NIR keeps
    /// (after which it is a register: measured, 0 or NaN after `if (c) { seed++; … }` with a
    /// loop in the branch, as `seed` held an undefined value plus a constant or one plus a
    /// value known only when running; Nl3SDl's `rand()` there is not followed). NIR inlines every call, so each read of one is the global's
    /// `undef` with arithmetic on it, which stays undefined: measured, `float seed; float
    /// rand() { seed++; return fract(sin(seed * 114.514) * 1919.81); }` gives 0 after `seed +=
    /// x;` (Nl3SDl's film grain: `sin` of an undefined value is `sin(0)`). By id, with their
    /// component count.
    func alwaysUndefinedGlobals(functionBody: @escaping (FunctionSymbol) -> [TypedStatement]?) -> [Int: Int] {
        let calledInLoops = calledInKeptLoops(keptBranches: true, functionBody: functionBody)
        var candidates: [Int: Int] = [:]
        for case .declarations(let ds) in globals {
            for d in ds where d.initializer == nil && d.variable.storage == .global && MesaUndefinedValues.tracks(type: d.variable.type) {
                candidates[d.variable.id] = d.variable.type.componentCount
            }
        }
        guard !candidates.isEmpty else { return [:] }
        func reads(_ e: TypedExpression, _ id: Int) -> Bool {
            if case .variable(let v) = e.kind, v.id == id { return true }
            return e.children.contains { reads($0, id) }
        }
        func visit(_ e: TypedExpression, _ inLoop: Bool) {
            for v in e.writtenVariables where candidates[v.id] != nil {
                var keeps = false
                switch e.kind {
                case .unary(let op, let t) where op.isIncrementOrDecrement:
                    keeps = MesaUndefinedValues.isWholeOrSwizzle(t)
                case .assignment(let op?, let t, let value) where [.add, .subtract, .multiply, .divide].contains(op):
                    let zero = value.constantValue?.components.contains { $0.floatValue == 0 } ?? false
                    keeps = MesaUndefinedValues.isWholeOrSwizzle(t) && !reads(value, v.id) && !zero
                default:
                    break
                }
                if inLoop || !keeps { candidates[v.id] = nil }
            }
            for child in e.children { visit(child, inLoop) }
        }
        func visit(_ s: TypedStatement, _ inLoop: Bool) {
            let inner = inLoop || Self.keeps(s, keptBranches: true, functionBody: functionBody)
            for e in s.expressions { visit(e, inner) }
            for sub in s.substatements { visit(sub, inner) }
        }
        for f in functions + [main] {
            for s in f.body { visit(s, calledInLoops.contains(definitionID(f.symbol))) }
        }
        return candidates
    }

    /// True when `s` is a loop NIR keeps, or (with `keptBranches`) an `if` it does not turn
    /// into selects: what `s` writes is a register after it, not an SSA value NIR follows.
    static func keeps(
        _ s: TypedStatement, keptBranches: Bool, functionBody: @escaping (FunctionSymbol) -> [TypedStatement]?
    ) -> Bool {
        switch s.kind {
        case .forLoop(let i, let c, let st, let b):
            return MesaLoopUnrolling.unrolledCounter(i, c, st, b, functionBody: functionBody) == nil
        case .whileLoop, .doWhile:
            return true
        case .ifElse(_, let t, let e):
            return keptBranches && !PrecisionLowering.isSelect(t, e)
        default:
            return false
        }
    }

    /// The functions (by definition id) called inside a loop NIR keeps, or from one of them:
    /// after inlining, their locals live across the loop's trips.
    /// With `keptBranches`, also those called in a branch of an `if` NIR keeps.
    func calledInKeptLoops(
        keptBranches: Bool = false, functionBody: @escaping (FunctionSymbol) -> [TypedStatement]?
    ) -> Set<Int> {
        let definitionID = self.definitionID
        var found: Set<Int> = []
        func visit(_ e: TypedExpression, _ inLoop: Bool) {
            if inLoop, case .call(let f, _) = e.kind { found.insert(definitionID(f)) }
            for child in e.children { visit(child, inLoop) }
        }
        func visit(_ s: TypedStatement, _ inLoop: Bool) {
            let inner = inLoop || Self.keeps(s, keptBranches: keptBranches, functionBody: functionBody)
            if case .forLoop(let i, _, _, let b) = s.kind {
                // The initializer runs once, before the loop.
                i.map { visit($0, inLoop) }
                for e in s.expressions { visit(e, inner) }
                visit(b, inner)
                return
            }
            for e in s.expressions { visit(e, inner) }
            for sub in s.substatements { visit(sub, inner) }
        }
        let all = functions + [main]
        for f in all { for s in f.body { visit(s, false) } }
        // And everything those call.
        let byID = Dictionary(all.map { (definitionID($0.symbol), $0) }, uniquingKeysWith: { a, _ in a })
        var pending = Array(found)
        while let id = pending.popLast() {
            for callee in byID[id]?.callees ?? [] where found.insert(definitionID(callee)).inserted {
                pending.append(definitionID(callee))
            }
        }
        return found
    }
}
