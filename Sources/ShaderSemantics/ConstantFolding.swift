import Foundation

/// Evaluates operators, constructors and built-in functions on constants (§4.3.3, §5.10).
/// Float arithmetic is IEEE fp32, as the executor computes it; integer arithmetic wraps. Each
/// built-in gives the bits the executor gives for the same call (`ScalarSemantics`, the same
/// summation orders and rewrites), which are llvmpipe's run-time results, also where GLSL
/// leaves the result undefined (README "Undefined behaviour").
enum ConstantFolder {
    // MARK: Component-wise helpers

    /// Applies `f` to each pair of components, broadcasting a scalar operand.
    static func zipComponents(
        _ a: ConstantValue, _ b: ConstantValue, as type: GLSLType,
        _ f: (ScalarValue, ScalarValue) -> ScalarValue?
    ) -> ConstantValue? {
        let n = max(a.components.count, b.components.count)
        var out: [ScalarValue] = []
        out.reserveCapacity(n)
        for i in 0..<n {
            let x = a.components.count == 1 ? a.components[0] : a.components[i]
            let y = b.components.count == 1 ? b.components[0] : b.components[i]
            guard let r = f(x, y) else { return nil }
            out.append(r)
        }
        guard out.count == type.componentCount else { return nil }
        return ConstantValue(type: type, components: out)
    }

    static func map(
        _ a: ConstantValue, as type: GLSLType, _ f: (ScalarValue) -> ScalarValue?
    ) -> ConstantValue? {
        var out: [ScalarValue] = []
        for c in a.components {
            guard let r = f(c) else { return nil }
            out.append(r)
        }
        guard out.count == type.componentCount else { return nil }
        return ConstantValue(type: type, components: out)
    }

    // MARK: Operators

    static func unary(_ op: UnaryOperator, _ a: ConstantValue) -> ConstantValue? {
        switch op {
        case .plus: return a
        case .negate:
            return map(a, as: a.type) {
                switch $0 {
                case .float(let f): .float(-f)
                case .int(let i): .int(0 &- i)
                case .uint(let u): .uint(0 &- u)
                case .bool: nil
                }
            }
        case .bitwiseNot:
            return map(a, as: a.type) {
                switch $0 {
                case .int(let i): .int(~i)
                case .uint(let u): .uint(~u)
                default: nil
                }
            }
        case .logicalNot:
            guard let b = a.scalar, case .bool(let v) = b else { return nil }
            return .bool(!v)
        default:
            return nil
        }
    }

    static func binary(
        _ op: BinaryOperator, _ a: ConstantValue, _ b: ConstantValue, type: GLSLType
    ) -> ConstantValue? {
        switch op {
        case .add: return arithmetic(a, b, type, { $0 + $1 }, { $0 &+ $1 }, { $0 &+ $1 })
        case .subtract: return arithmetic(a, b, type, { $0 - $1 }, { $0 &- $1 }, { $0 &- $1 })
        case .multiply: return arithmetic(a, b, type, { $0 * $1 }, { $0 &* $1 }, { $0 &* $1 })
        case .divide:
            // Integer division by zero gives 0 (uint: 0xFFFFFFFF) and INT_MIN / -1 gives
            // INT_MIN, as llvmpipe.
            return arithmetic(
                a, b, type, { $0 / $1 }, { ScalarSemantics.divide($0, $1) },
                { ScalarSemantics.divide($0, $1) })
        case .remainder:
            return arithmetic(
                a, b, type, { _, _ in nil }, { ScalarSemantics.remainder($0, $1) },
                { ScalarSemantics.remainder($0, $1) })
        case .bitwiseAnd: return arithmetic(a, b, type, { _, _ in nil }, { $0 & $1 }, { $0 & $1 })
        case .bitwiseOr: return arithmetic(a, b, type, { _, _ in nil }, { $0 | $1 }, { $0 | $1 })
        case .bitwiseXor: return arithmetic(a, b, type, { _, _ in nil }, { $0 ^ $1 }, { $0 ^ $1 })
        case .shiftLeft, .shiftRight:
            // The count is taken modulo 32 (llvmpipe); `>>` on int is arithmetic.
            let left = op == .shiftLeft
            return zipComponents(a, b, as: type) { x, y in
                let n = y.integerBits & 31
                switch x {
                case .int(let i): return .int(left ? i << n : i >> n)
                case .uint(let u): return .uint(left ? u << n : u >> n)
                default: return nil
                }
            }
        case .matrixTimesMatrix, .matrixTimesVector, .vectorTimesMatrix:
            return linearAlgebra(op, a, b, type: type)
        case .less, .greater, .lessEqual, .greaterEqual:
            guard let x = a.scalar, let y = b.scalar else { return nil }
            let r: Bool
            switch (x, y) {
            case (.float(let p), .float(let q)):
                r = compare(op, p, q)
            case (.int(let p), .int(let q)):
                r = compare(op, p, q)
            case (.uint(let p), .uint(let q)):
                r = compare(op, p, q)
            default: return nil
            }
            return .bool(r)
        case .equal: return .bool(a.components == b.components)
        case .notEqual: return .bool(a.components != b.components)
        case .logicalAnd, .logicalOr, .logicalXor:
            guard let x = a.scalar?.boolValue, let y = b.scalar?.boolValue else { return nil }
            switch op {
            case .logicalAnd: return .bool(x && y)
            case .logicalOr: return .bool(x || y)
            default: return .bool(x != y)
            }
        }
    }

    private static func compare<T: Comparable>(_ op: BinaryOperator, _ p: T, _ q: T) -> Bool {
        switch op {
        case .less: p < q
        case .greater: p > q
        case .lessEqual: p <= q
        default: p >= q
        }
    }

    private static func arithmetic(
        _ a: ConstantValue, _ b: ConstantValue, _ type: GLSLType,
        _ f: (Float, Float) -> Float?, _ i: (Int32, Int32) -> Int32?,
        _ u: (UInt32, UInt32) -> UInt32? = { _, _ in nil }
    ) -> ConstantValue? {
        zipComponents(a, b, as: type) { x, y in
            switch (x, y) {
            case (.float(let p), .float(let q)): f(p, q).map { .float($0) }
            case (.int(let p), .int(let q)): i(p, q).map { .int($0) }
            case (.uint(let p), .uint(let q)): u(p, q).map { .uint($0) }
            default: nil
            }
        }
    }

    private static func linearAlgebra(
        _ op: BinaryOperator, _ a: ConstantValue, _ b: ConstantValue, type: GLSLType
    ) -> ConstantValue? {
        let x = a.components.map(\.floatValue)
        let y = b.components.map(\.floatValue)
        var out: [Float] = []
        switch op {
        // The executor's orders: `m * v` sums the columns left to right, `v * m` is a `dot`
        // per column.
        case .matrixTimesMatrix:
            // (r × inner) * (inner × c): column j is the left matrix times column j.
            guard case .matrix(let c, let r) = type else { return nil }
            let inner = y.count / c
            for col in 0..<c {
                for row in 0..<r {
                    var s = x[row] * y[col * inner]
                    for k in 1..<inner { s = x[k * r + row] * y[col * inner + k] + s }
                    out.append(s)
                }
            }
        case .matrixTimesVector:
            let n = y.count, rows = x.count / n
            for row in 0..<rows {
                var s = x[row] * y[0]
                for k in 1..<n { s = x[k * rows + row] * y[k] + s }
                out.append(s)
            }
        default:
            let n = x.count, columns = y.count / n
            for col in 0..<columns { out.append(dot(x, Array(y[(col * n)..<(col * n + n)]))) }
        }
        return ConstantValue(type: type, components: out.map { .float($0) })
    }

    // MARK: Constructors

    static func construct(
        _ kind: ConstructorKind, type: GLSLType, _ args: [ConstantValue]
    ) -> ConstantValue? {
        switch kind {
        case .structure, .array:
            return ConstantValue(type: type, components: args.flatMap(\.components))
        case .scalarConversion, .vectorFromScalar, .vectorFromComponents, .implicitConversion:
            guard let k = type.scalarKind else { return nil }
            let all = args.flatMap(\.components)
            let n = type.componentCount
            let comps: [ScalarValue] =
                kind == .vectorFromScalar
                ? Array(repeating: all[0].converted(to: k), count: n)
                : all.prefix(n).map { $0.converted(to: k) }
            guard comps.count == n else { return nil }
            return ConstantValue(type: type, components: comps)
        case .matrixFromScalar:
            guard case .matrix(let c, let r) = type, let s = args.first?.components.first else {
                return nil
            }
            var comps = [ScalarValue](repeating: .float(0), count: c * r)
            for i in 0..<min(c, r) { comps[i * r + i] = .float(s.floatValue) }
            return ConstantValue(type: type, components: comps)
        case .matrixFromComponents:
            let comps = args.flatMap(\.components).map { ScalarValue.float($0.floatValue) }
            guard comps.count == type.componentCount else { return nil }
            return ConstantValue(type: type, components: comps)
        case .matrixFromMatrix:
            guard case .matrix(let columns, let rows) = type, let m = args.first,
                case .matrix(let kc, let kr) = m.type
            else { return nil }
            var comps: [ScalarValue] = []
            for c in 0..<columns {
                for r in 0..<rows {
                    if c < kc && r < kr {
                        comps.append(m.components[c * kr + r])
                    } else {
                        comps.append(.float(c == r ? 1 : 0))
                    }
                }
            }
            return ConstantValue(type: type, components: comps)
        }
    }

    // MARK: Built-in functions

    /// Folds a call in a constant expression as Mesa's GLSL IR does: the transcendental
    /// functions with the C library (`CompileTimeMath`, stage `.glslIR`), everything else as
    /// `builtin` (llvmpipe's run-time bits).
    static func compileTime(
        _ overload: BuiltinOverload, _ args: [ConstantValue], nativeIntegers: Bool = false
    ) -> ConstantValue? {
        let type = overload.returnType
        if type.scalarKind == .float, args.allSatisfy({ $0.type.scalarKind == .float }) {
            let f = args.map { $0.components.map(\.floatValue) }
            func at(_ a: Int, _ i: Int) -> Float { f[a].count == 1 ? f[a][0] : f[a][i] }
            if args.count == 1, let g = CompileTimeMath.unary(overload.function, at: .glslIR) {
                return floats(f[0].map(g), type)
            }
            // `pow` with an exponent of 1 or 2 keeps the rewrites `builtin` makes (same bits).
            if args.count == 2, let g = CompileTimeMath.binary(overload.function, at: .glslIR),
               !CompileTimeMath.isRewrittenPow(overload.function, exponent: f[1]) {
                return floats((0..<type.componentCount).map { g(at(0, $0), at(1, $0)) }, type)
            }
        }
        return builtin(overload, args, nativeIntegers: nativeIntegers)
    }

    /// Folds a built-in call on constant arguments; `nil` for functions that aren't
    /// foldable (texture lookups) or results that are undefined.
    ///
    /// - Parameter nativeIntegers: true in GLSL ES 3.00 and desktop 1.30+ (32-bit integers).
    static func builtin(
        _ overload: BuiltinOverload, _ args: [ConstantValue], nativeIntegers: Bool = false
    ) -> ConstantValue? {
        if let folded = nativeBuiltin(overload, args, nativeIntegers: nativeIntegers) { return folded }
        let type = overload.returnType
        let f = args.map { $0.components.map(\.floatValue) }
        func per(_ g: (Float) -> Float) -> ConstantValue? {
            floats(f[0].map(g), type)
        }
        // Component `i` of argument `a`, broadcasting scalars.
        func at(_ a: Int, _ i: Int) -> Float { f[a].count == 1 ? f[a][0] : f[a][i] }
        func per2(_ g: (Float, Float) -> Float) -> ConstantValue? {
            floats((0..<type.componentCount).map { g(at(0, $0), at(1, $0)) }, type)
        }
        func per3(_ g: (Float, Float, Float) -> Float) -> ConstantValue? {
            floats((0..<type.componentCount).map { g(at(0, $0), at(1, $0), at(2, $0)) }, type)
        }
        func dotp(_ x: [Float], _ y: [Float]) -> Float { dot(x, y) }
        // Every component of argument `a` equals `v` (the executor's test for its rewrites).
        func all(_ a: Int, _ v: Float) -> Bool { f[a].allSatisfy { $0 == v } }
        switch overload.function {
        case .radians: return per { $0 * (Float.pi / 180) }
        case .degrees: return per { $0 * (180 / Float.pi) }
        case .sin: return per(LlvmpipeMath.sin)
        case .cos: return per(LlvmpipeMath.cos)
        case .tan: return per(LlvmpipeMath.tan)
        case .asin: return per(LlvmpipeMath.asin)
        case .acos: return per(LlvmpipeMath.acos)
        case .atan:
            if args.count == 1 { return per { ScalarSemantics.atan($0) } }
            return per2 { ScalarSemantics.atan2($0, $1) }
        case .pow:
            // A constant exponent of 1 or 2 is rewritten to x or x * x, as llvmpipe does.
            if all(1, 1) { return per { $0 } }
            if all(1, 2) { return per { $0 * $0 } }
            return per2 { ScalarSemantics.pow($0, $1) }
        case .exp: return per(LlvmpipeMath.exp)
        case .log: return per(LlvmpipeMath.log)
        case .exp2: return per(LlvmpipeMath.exp2)
        case .log2: return per(LlvmpipeMath.log2)
        case .sqrt: return per { $0.squareRoot() }
        case .inversesqrt: return per(LlvmpipeMath.inverseSqrt)
        case .abs: return per { Swift.abs($0) }
        case .sign: return per { ScalarSemantics.sign($0) }
        case .floor: return per { $0.rounded(.down) }
        case .ceil: return per { $0.rounded(.up) }
        case .fract: return per { $0 - $0.rounded(.down) }
        case .mod: return per2 { $0 - $1 * ($0 / $1).rounded(.down) }
        case .min: return per2 { ScalarSemantics.min($0, $1) }
        case .max: return per2 { ScalarSemantics.max($0, $1) }
        case .clamp: return per3 { ScalarSemantics.clamp($0, $1, $2) }
        case .mix:
            // The weight is constant: 0 gives x and 1 gives y, any other x * (1 - a) + y * a,
            // as llvmpipe's compiler (and the executor) do with a constant weight.
            if all(2, 0) { return per2 { x, _ in x } }
            if all(2, 1) { return per2 { _, y in y } }
            return per3 { x, y, a in y * a + x * (1 - a) }
        case .step: return per2 { ScalarSemantics.step($0, $1) }
        case .smoothstep: return per3 { ScalarSemantics.smoothstep($0, $1, $2) }
        case .length:
            if f[0].count == 1 { return per { Swift.abs($0) } }
            return floats([dotp(f[0], f[0]).squareRoot()], type)
        case .distance:
            let d = zip(f[0], f[1]).map { $0 - $1 }
            if d.count == 1 { return floats([Swift.abs(d[0])], type) }
            return floats([dotp(d, d).squareRoot()], type)
        case .dot: return floats([dotp(f[0], f[1])], type)
        case .cross:
            let a = f[0]
            let b = f[1]
            return floats(
                [a[1] * b[2] - b[1] * a[2], a[2] * b[0] - b[2] * a[0], a[0] * b[1] - b[0] * a[1]],
                type)
        case .normalize:
            // As the executor: sign(x) for a scalar, x * inversesqrt(dot(x, x)) otherwise
            // (a zero vector gives NaN, as llvmpipe).
            if f[0].count == 1 { return per { ScalarSemantics.sign($0) } }
            let r = 1 / dotp(f[0], f[0]).squareRoot()
            return floats(f[0].map { $0 * r }, type)
        case .faceforward:
            let d = dotp(f[2], f[1])
            return floats(f[0].map { d < 0 ? $0 : -$0 }, type)
        case .reflect:
            let d = dotp(f[1], f[0])
            return floats(zip(f[0], f[1]).map { $0 - 2 * d * $1 }, type)
        case .refract:
            let eta = f[2][0]
            let d = dotp(f[1], f[0])
            let k = 1 - eta * eta * (1 - d * d)
            if k < 0 { return floats(f[0].map { _ in 0 }, type) }
            return floats(zip(f[0], f[1]).map { eta * $0 - (eta * d + k.squareRoot()) * $1 }, type)
        case .matrixCompMult: return per2 { $0 * $1 }
        case .transpose:
            // The result has the argument's rows as columns.
            guard case .matrix(let c, let r) = type else { return nil }
            var out: [Float] = []
            for col in 0..<c { for row in 0..<r { out.append(f[0][row * c + col]) } }
            return floats(out, type)
        case .outerProduct:
            var out: [Float] = []
            for c in f[1] { for r in f[0] { out.append(r * c) } }
            return floats(out, type)
        case .lessThan, .lessThanEqual, .greaterThan, .greaterThanEqual, .equal, .notEqual:
            var out: [ScalarValue] = []
            for (x, y) in zip(args[0].components, args[1].components) {
                let r: Bool
                switch overload.function {
                case .lessThan: r = x.floatValue < y.floatValue
                case .lessThanEqual: r = x.floatValue <= y.floatValue
                case .greaterThan: r = x.floatValue > y.floatValue
                case .greaterThanEqual: r = x.floatValue >= y.floatValue
                case .equal: r = x == y
                default: r = x != y
                }
                out.append(.bool(r))
            }
            return ConstantValue(type: type, components: out)
        // A constant has the same value at every pixel, so its derivatives are zero. GLSL 1.20
        // section 4.3.3 makes every built-in call on constant arguments except the texture
        // lookups a constant expression (piglit glsl-const-builtin-derivatives).
        case .dFdx, .dFdy, .fwidth: return per { _ in 0 }
        case .any: return .bool(args[0].components.contains { $0.boolValue })
        case .all: return .bool(args[0].components.allSatisfy { $0.boolValue })
        case .not:
            return ConstantValue(
                type: type, components: args[0].components.map { .bool(!$0.boolValue) })
        default:
            return nil
        }
    }

    /// `dot` in llvmpipe's (and the executor's) order: `x0*y0 + (x1*y1 + (x2*y2 + x3*y3))`.
    static func dot(_ x: [Float], _ y: [Float]) -> Float {
        var acc = x[x.count - 1] * y[x.count - 1]
        for k in stride(from: x.count - 2, through: 0, by: -1) { acc = x[k] * y[k] + acc }
        return acc
    }

    private static func floats(_ values: [Float], _ type: GLSLType) -> ConstantValue? {
        guard values.count == type.componentCount else { return nil }
        return ConstantValue(type: type, components: values.map { .float($0) })
    }
}
