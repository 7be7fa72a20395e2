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
public enum UndefinedReads {
    static func warnings(in function: CheckedFunction) -> [Diagnostic] {
        var walk = Walk()
        for (k, p) in function.parameters.enumerated()
        where k < function.symbol.parameters.count && function.symbol.parameters[k].qualifier == .out {
            walk.unwritten[p.id] = p
        }
        for s in function.body { walk.statement(s) }
        return walk.found
    }

    /// The locals whose value a later run of their declaration sees: declared without an
    /// initializer, and read where no write may have happened since the declaration ran (a
    /// flow-sensitive walk: a read in a loop's body of a variable the body writes later, a
    /// read after an `if` that writes it in one branch), written somewhere too.
    ///
    /// Mesa gives every local one variable for the whole function (after inlining: one per
    /// call site), and a declaration without an initializer writes nothing to it: run again
    /// (the next trip of a loop around it, NIR's unrolled copies of that loop too, the next
    /// call from the same call site inside a loop) it leaves the value the last run left.
    /// Before any run it is undefined: an SSA `undef` where NIR knows it (`MesaUndefinedValues`
    /// folds those reads), else a phi of one, which leaving SSA turns into a register nothing
    /// initialises, 0 the first time on llvmpipe. Shade's engines and its interpreter keep
    /// such a variable's storage across its declarations the same way, one per call path,
    /// zeroed once when the shader starts. Measured with glref.py (Mesa 22.3.6):
    /// `float g(float y) { float s; for (int k = 0; k < n; k++) s += y; return s; }` called 4
    /// times with n = 4 in a loop returns 4y, 8y, 12y, 16y; `for (int i = 0; i < n; i++) {
    /// float c; if (i == 0) c = x; else c += 1.0; }` leaves `x + n - 1`, unrolled or not, and
    /// so does the same `c` in a function called in the loop (7lByDK's `float t;` summed in a
    /// function its ray-marching loop calls).
    public static func loopCarried(in function: CheckedFunction) -> Set<Int> {
        var walk = Assignments()
        for s in function.body { walk.statement(s) }
        return walk.readUnassigned.intersection(walk.written)
    }

    /// The locals declared without an initializer that some read may see unwritten since
    /// their declaration ran (loop-carried or not): the others hold a written value wherever
    /// they are read.
    static func readBeforeWritten(in function: CheckedFunction) -> Set<Int> {
        var walk = Assignments()
        for s in function.body { walk.statement(s) }
        return walk.readUnassigned
    }

    /// A walk that knows which locals declared without an initializer are certainly written
    /// at each point (the paths through a loop's body include a first trip, so a read there of
    /// what the body writes later is not), for `loopCarried`.
    struct Assignments: ArgumentWalk {
        /// Declared without an initializer so far (scalars, vectors and matrices).
        var candidates: Set<Int> = []
        /// Candidates certainly written since their declaration last ran.
        var assigned: Set<Int> = []
        /// Candidates read where they may not be.
        var readUnassigned: Set<Int> = []
        /// Candidates written anywhere.
        var written: Set<Int> = []

        mutating func statement(_ s: TypedStatement) {
            switch s.kind {
            case .declarations(let ds):
                for d in ds {
                    let v = d.variable
                    if let e = d.initializer {
                        expression(e)
                        assigned.insert(v.id)
                    } else if v.storage == .local, v.constantValue == nil,
                              v.type.isScalar || v.type.isVector || v.type.isMatrix {
                        candidates.insert(v.id)
                        assigned.remove(v.id)
                    }
                }
            case .ifElse(let c, let t, let e):
                expression(c)
                eitherOf({ $0.statement(t) }, { walk in e.map { walk.statement($0) } })
            case .forLoop(let i, let c, let st, let body):
                i.map { statement($0) }
                c.map { expression($0) }
                let entry = assigned
                statement(body)
                st.map { expression($0) }
                assigned = entry
            case .whileLoop(let c, let body):
                expression(c)
                let entry = assigned
                statement(body)
                assigned = entry
            case .doWhile(let body, let c):
                statement(body)
                expression(c)
            default:
                for e in s.expressions { expression(e) }
                for sub in s.substatements { statement(sub) }
            }
        }

        mutating func read(_ id: Int) {
            if candidates.contains(id), !assigned.contains(id) { readUnassigned.insert(id) }
        }

        /// One of two paths: certainly written after it is what both certainly write.
        mutating func eitherOf(_ first: (inout Self) -> Void, _ second: (inout Self) -> Void) {
            let entry = assigned
            first(&self)
            let afterFirst = assigned
            assigned = entry
            second(&self)
            assigned.formIntersection(afterFirst)
        }

        /// An l-value: indices are read; the variable written (certainly only when `whole`:
        /// not under a swizzle, field or index).
        mutating func place(_ e: TypedExpression, alsoReads: Bool) { place(e, alsoReads: alsoReads, whole: true) }

        mutating func place(_ e: TypedExpression, alsoReads: Bool, whole: Bool) {
            switch e.kind {
            case .variable(let v):
                if alsoReads { read(v.id) }
                written.insert(v.id)
                if whole { assigned.insert(v.id) }
            case .swizzle(let b, _), .field(let b, _, _):
                place(b, alsoReads: alsoReads, whole: false)
            case .index(let b, let i):
                expression(i)
                place(b, alsoReads: alsoReads, whole: false)
            default:
                expression(e)
            }
        }

        mutating func expression(_ e: TypedExpression) {
            if e.constantValue != nil { return }
            switch e.kind {
            case .variable(let v): read(v.id)
            case .assignment(let op, let target, let value):
                expression(value)
                place(target, alsoReads: op != nil)
            case .unary(let op, let x) where op.isIncrementOrDecrement:
                place(x, alsoReads: true)
            case .binary(let op, let a, let b) where op == .logicalAnd || op == .logicalOr:
                expression(a)
                let entry = assigned
                expression(b)
                assigned = entry
            case .ternary(let c, let a, let b):
                expression(c)
                eitherOf({ $0.expression(a) }, { $0.expression(b) })
            case .call, .builtinCall:
                arguments(of: e)
            default:
                for child in e.children { expression(child) }
            }
        }
    }

    /// A walk in the order the text is written, for the warnings.
    struct Walk: ArgumentWalk {
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
            case .call, .builtinCall:
                arguments(of: e)
            default:
                for child in e.children { expression(child) }
            }
        }
    }
}

/// A walk over expressions that tells the places a call writes from the values it reads.
protocol ArgumentWalk {
    /// An l-value a call writes (`alsoReads` for `inout`).
    mutating func place(_ e: TypedExpression, alsoReads: Bool)
    mutating func expression(_ e: TypedExpression)
}

extension ArgumentWalk {
    /// The arguments of call `e` (a user function's or a built-in's), in order: `out` and
    /// `inout` arguments as places, the others as values.
    mutating func arguments(of e: TypedExpression) {
        switch e.kind {
        case .call(let f, let args):
            for (k, a) in args.enumerated() {
                switch k < f.parameters.count ? f.parameters[k].qualifier : .in {
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
