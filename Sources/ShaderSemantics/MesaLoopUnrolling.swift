/// Which `for` loops Mesa's compiler unrolls, so that Shade's engines know what it knows.
///
/// NIR (`nir_opt_loop_unroll`, with llvmpipe's `max_unroll_iterations` of 32) writes out a
/// loop with a constant trip count when the trip count is at most 32 and the loop body's cost
/// (about one per NIR instruction) times the trip count is at most 32 × 26. After that the
/// induction variable is a constant in each copy, and Mesa folds what it feeds: `sin(float(i)
/// * 12.9898)` becomes the C library's `sinf` of a constant, not llvmpipe's run-time
/// polynomial (`CompileTimeMath`). Both Shade's compiler and its reference interpreter treat the
/// induction variable of such a loop as known when compiling, so both fold the same calls.
///
/// Measured with glref.py on Mesa 22.3.6 (README "Calls Mesa evaluates when compiling"):
/// a loop of 8 iterations whose body is `k` copies of `r += fract(sin(float(i) * c) *
/// 43758.5453);` (5 instructions each, 3 more for the loop) unrolls up to `k = 20` and not at
/// 21; of 16 iterations up to 9; of 32 up to 4; of 33 never. Vector operations cost 1 as
/// scalar ones do. The cost here is an estimate from the typed AST (each operator, conversion,
/// constructor and built-in counted as the NIR instructions it becomes; user functions by
/// their bodies, as Mesa inlines them), so a loop near the limit may be judged otherwise than
/// Mesa judges it. Only loops Shade can write out are modelled: a counted `for` whose body
/// never assigns the counter and has no `break`, `continue`, `return` or `discard` (Mesa also
/// unrolls loops with one extra `break`; those are not modelled and keep run-time values).
public enum MesaLoopUnrolling {
    /// llvmpipe's `max_unroll_iterations`.
    public static let maximumIterations = 32
    /// NIR's limit on trip count × body cost (`max_unroll_iterations × LOOP_UNROLL_LIMIT`).
    public static let costLimit = 32 * 26
    /// The cost NIR counts for the loop's own comparison and increment (and the counter's
    /// conversion the measured bodies shared).
    static let loopOverhead = 3

    /// The counter and the values it takes, one per iteration, of `for (T i = start; i OP
    /// bound; i += step)` (or `i++`, `--i`, `i -= c`; `OP` one of `<`, `<=`, `>`, `>=`, `!=`,
    /// either side), with `start`, `bound` and the step constants: counted exactly in the
    /// counter's arithmetic (fp32 for a float), at most `maximum` values; nil for any other
    /// loop, or one of more iterations.
    ///
    /// With `countedAsNIR`, a float loop has the trips NIR counts when it unrolls it (below);
    /// otherwise the trips the loop makes when run.
    public static func countedIterations(
        _ initializer: TypedStatement?, _ condition: TypedExpression?, _ step: TypedExpression?, maximum: Int,
        countedAsNIR: Bool = false
    ) -> (variable: Variable, values: [ConstantValue])? {
        guard case .declarations(let ds)? = initializer?.kind, ds.count == 1, let start = ds[0].initializer?.constantValue,
              let condition, let step else { return nil }
        let v = ds[0].variable
        guard v.type == .int || v.type == .float || v.type == .uint, start.components.count == 1 else { return nil }
        // The condition: `i OP constant` or `constant OP i`.
        guard case .binary(let op, let a, let b) = condition.kind else { return nil }
        let bound: ScalarValue, variableOnLeft: Bool
        if case .variable(let x) = a.kind, x.id == v.id, let c = b.constantValue?.components.first {
            (bound, variableOnLeft) = (c, true)
        } else if case .variable(let x) = b.kind, x.id == v.id, let c = a.constantValue?.components.first {
            (bound, variableOnLeft) = (c, false)
        } else {
            return nil
        }
        // The step: `i++`, `++i`, `i--`, `--i`, `i += c`, `i -= c`.
        let increment: Double
        switch step.kind {
        case .unary(let u, let x):
            guard case .variable(let y) = x.kind, y.id == v.id else { return nil }
            switch u {
            case .preIncrement, .postIncrement: increment = 1
            case .preDecrement, .postDecrement: increment = -1
            default: return nil
            }
        case .assignment(let o, let l, let r):
            guard case .variable(let y) = l.kind, y.id == v.id, let c = r.constantValue?.components.first,
                  o == .add || o == .subtract else { return nil }
            increment = o == .add ? Double(c.floatValue) : -Double(c.floatValue)
        default:
            return nil
        }
        guard increment != 0, [.less, .lessEqual, .greater, .greaterEqual, .notEqual].contains(op) else { return nil }
        // Integers stay within ±2^24, where fp32 and int32 agree.
        let limit = Double(1 << 24)
        var x = Double(start.components[0].floatValue)
        let k = Double(bound.floatValue)
        func holds(_ x: Double) -> Bool {
            let (l, r) = variableOnLeft ? (x, k) : (k, x)
            switch op {
            case .less: return l < r
            case .lessEqual: return l <= r
            case .greater: return l > r
            case .greaterEqual: return l >= r
            default: return l != r
            }
        }
        // NIR counts a float loop's iterations as its loop analysis does (`calculate_iterations`):
        // n = trunc((bound - start) / step) in fp32, then the first of n - 1, n, n + 1 at which
        // `start + k * step` fails the condition; it unrolls that many copies, the counter in
        // each the sum of the steps so far. `for (float i = 0.1; i <= 1.0; i += 0.1)` runs 10
        // times on llvmpipe (0.1 + 9 * 0.1 rounds to 1.0), where adding 0.1 nine times passes
        // 1.0 (`tsSfzw`'s tenth wave). With no such count NIR keeps the loop, and so does Shade.
        var trips: Int? = nil
        if countedAsNIR, v.type == .float, holds(x) {
            let (first, by, to) = (Float(x), Float(increment), Float(k))
            let quotient = (to - first) / by
            guard quotient.isFinite, quotient >= 0, quotient < Float(maximum + 2) else { return nil }
            let n = Int(quotient.rounded(.towardZero))
            if op == .notEqual {
                trips = n
            } else {
                trips = (n - 1...n + 1).first { !holds(Double(Float($0) * by + first)) }
                guard trips != nil else { return nil }
            }
        }
        var values: [ConstantValue] = []
        while trips.map({ values.count < $0 }) ?? holds(x) {
            guard values.count < maximum, abs(x) <= limit else { return nil }
            switch v.type {
            case .float: values.append(.float(Float(x)))
            case .uint:
                guard x >= 0 else { return nil }
                values.append(ConstantValue(type: .uint, components: [.uint(UInt32(x))]))
            default: values.append(.int(Int32(x)))
            }
            x = v.type == .float ? Double(Float(x) + Float(increment)) : x + increment
        }
        return values.isEmpty ? nil : (v, values)
    }

    /// The counter of `for (initializer; condition; step) body` and its values when Mesa
    /// unrolls the loop and Shade models it (see the type's notes); nil otherwise.
    ///
    /// - Parameter functionBody: the body of a user function, by symbol (calls count as
    ///   their inlined bodies).
    public static func unrolledCounter(
        _ initializer: TypedStatement?, _ condition: TypedExpression?, _ step: TypedExpression?, _ body: TypedStatement,
        functionBody: @escaping (FunctionSymbol) -> [TypedStatement]?
    ) -> (variable: Variable, values: [ConstantValue])? {
        guard let (v, values) = countedIterations(initializer, condition, step, maximum: maximumIterations, countedAsNIR: true),
              !leaves(body), !LoopBodyFacts.assigns(body, v.id) else { return nil }
        var estimator = CostEstimator(functionBody: functionBody)
        guard let cost = estimator.statement(body) else { return nil }
        return (cost + loopOverhead) * values.count <= costLimit ? (v, values) : nil
    }

    /// True when `s` has a `break` or `continue` of its loop, or any `return` or `discard`.
    static func leaves(_ s: TypedStatement) -> Bool {
        switch s.kind {
        case .break, .continue, .return, .discard: return true
        case .block(let b): return b.contains(where: leaves)
        case .ifElse(_, let t, let e): return leaves(t) || (e.map(leaves) ?? false)
        case .forLoop(_, _, _, let b), .whileLoop(_, let b), .doWhile(let b, _): return containsExit(b)
        default: return false
        }
    }

    /// True when `s` has a `return` or `discard` (a nested loop's own `break` stays inside it).
    static func containsExit(_ s: TypedStatement) -> Bool {
        switch s.kind {
        case .return, .discard: return true
        default: return s.substatements.contains(where: containsExit)
        }
    }
}

/// Facts about loop bodies that the loop models share.
public enum LoopBodyFacts {
    /// True when `s` may assign variable `id`: directly, by `++`/`--`, or as an `out` or
    /// `inout` argument.
    public static func assigns(_ s: TypedStatement, _ id: Int) -> Bool {
        func root(_ e: TypedExpression) -> Bool { e.rootVariable?.id == id }
        func expression(_ e: TypedExpression) -> Bool {
            switch e.kind {
            case .unary(let op, let x) where op.isIncrementOrDecrement && root(x): return true
            case .assignment(_, let l, _) where root(l): return true
            case .call(let f, let args):
                if zip(f.parameters, args).contains(where: { p, a in p.qualifier != .in && root(a) }) { return true }
            case .builtinCall(let o, let args):
                if let k = o.function.outParameterIndex, root(args[k]) { return true }
            default: break
            }
            return e.children.contains(where: expression)
        }
        func statement(_ s: TypedStatement) -> Bool {
            s.expressions.contains(where: expression) || s.substatements.contains(where: statement)
        }
        return statement(s)
    }
}

/// An estimate of NIR's instruction count for a loop body (`instr_cost`: one per ALU
/// instruction, intrinsic and texture lookup; nothing for constants, moves and swizzles).
struct CostEstimator {
    let functionBody: (FunctionSymbol) -> [TypedStatement]?
    /// Calls being counted, against recursion through a malformed program.
    var active: Set<ObjectIdentifier> = []
    /// Expressions already counted, by their text in the current inlined call: NIR's common
    /// subexpression elimination computes `float(i)` once however often the body writes it.
    var counted: Set<String> = []
    /// The inlined call being counted (a parameter's name means another value in another call).
    var instance = 0
    var instances = 0

    init(functionBody: @escaping (FunctionSymbol) -> [TypedStatement]?) { self.functionBody = functionBody }

    /// The cost of `s`, or nil when it holds a loop Mesa would not unroll (NIR unrolls no
    /// loop that still contains one).
    mutating func statement(_ s: TypedStatement) -> Int? {
        switch s.kind {
        case .forLoop(let i, let c, let st, let b):
            guard let inner = MesaLoopUnrolling.unrolledCounter(i, c, st, b, functionBody: functionBody),
                  let bodyCost = statement(b) else { return nil }
            return (bodyCost + MesaLoopUnrolling.loopOverhead) * inner.values.count
        case .whileLoop, .doWhile: return nil
        default:
            var total = 0
            for e in s.expressions { guard let c = expression(e) else { return nil }; total += c }
            for sub in s.substatements { guard let c = statement(sub) else { return nil }; total += c }
            return total
        }
    }

    mutating func expression(_ e: TypedExpression) -> Int? {
        if e.constantValue != nil { return 0 }
        switch e.kind {
        case .constant, .variable: return 0
        default: break
        }
        let key = Self.isPure(e) ? "\(instance):\(e)" : nil
        if let key {
            if counted.contains(key) { return 0 }
            counted.insert(key)
        }
        var own: Int
        switch e.kind {
        case .constant, .variable, .swizzle, .field: own = 0
        case .index(_, let i): own = i.constantValue == nil ? 1 : 0
        case .unary(let op, _): own = op == .plus ? 0 : 1
        case .binary(let op, let a, _):
            switch op {
            case .matrixTimesVector, .vectorTimesMatrix: own = a.type.componentCount > 4 ? 4 : 2
            case .matrixTimesMatrix: own = 8
            default: own = 1
            }
        case .assignment(let op, _, _): own = op == nil ? 0 : 1
        case .ternary: own = 1
        case .comma: own = 0
        case .construct(let kind, let args):
            switch kind {
            case .vectorFromScalar, .matrixFromScalar: own = args.first?.type.scalarKind == e.type.scalarKind ? 0 : 1
            case .structure, .array: own = 0
            default: own = 1
            }
        case .builtinCall(let o, _): own = Self.builtinCost(o.function)
        case .call(let f, _):
            let key = ObjectIdentifier(f)
            guard !active.contains(key), let body = functionBody(f) else { return nil }
            active.insert(key)
            let caller = instance
            instances += 1
            instance = instances
            defer { active.remove(key); instance = caller }
            own = 0
            for s in body { guard let c = statement(s) else { return nil }; own += c }
        }
        for child in e.children { guard let c = expression(child) else { return nil }; own += c }
        return own
    }

    /// True when `e` assigns nothing (user calls count as pure: Mesa inlines and then
    /// eliminates a repeated call with the same arguments like any other expression).
    static func isPure(_ e: TypedExpression) -> Bool { e.assignsNothing }

    /// NIR instructions a built-in becomes in llvmpipe's lowering (an estimate).
    static func builtinCost(_ f: BuiltinFunction) -> Int {
        switch f {
        case .length, .exp, .log, .step: return 2
        case .distance, .normalize, .tan, .clamp, .mix: return 3
        case .mod, .reflect, .faceforward: return 4
        case .cross: return 4
        case .smoothstep: return 7
        case .refract: return 12
        case .asin, .acos, .atan: return 16
        default: return 1
        }
    }
}
