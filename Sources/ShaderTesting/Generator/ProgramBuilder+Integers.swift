import Foundation

extension ProgramBuilder {
    // MARK: GLSL ES 3.00 integers

    /// An `int`, `uint`, `ivecN` or `uvecN` expression of a GLSL ES 3.00 program: 32-bit
    /// values that wrap, so arithmetic is never limited; what GLSL leaves undefined is guarded
    /// when printed (divisors in 1...16, `%` of non-negative ints, shift counts in 0...31,
    /// floats converted from a clamped range).
    mutating func nativeInteger(_ t: GType, _ depth: Int) -> Gen {
        let n = t.size
        let isVector = n > 1
        let isSigned = t.scalar == .int
        /// The other operand: the same type, or (for a vector) sometimes its scalar.
        func operand(_ d: inout Decisions) -> GType { isVector && d.chance(1, 3) ? t.scalar : t }
        func text(_ v: Int) -> String { isSigned ? Self.intText(v) : "\(v)u" }
        switch d.weighted([6, 4, 3, 4, 2, 3, 3, 2, 1, 2, 1, 2, 2, 2, 2]) {
        case 0:
            let op = d.pick(["+", "-", "*"])
            var a = expression(t, depth)
            var b = expression(operand(&d), depth)
            if d.chance(1, 4) { swap(&a, &b) }
            return (binary(t, op, a.e, b.e), Self.wildBound)
        case 1:
            let a = expression(t, depth), b = expression(operand(&d), depth)
            return (binary(t, d.pick(["&", "|", "^"]), a.e, b.e), Self.wildBound)
        case 2:
            let mask = d.pick([1, 3, 7, 15, 255, 1023, 65535])
            let a = expression(t, depth)
            return (binary(t, "&", a.e, GExpr(t.scalar, .literal(text(mask)))), Double(mask))
        case 3:
            let a = expression(t, depth)
            // The count's signedness need not match (GLSL ES 3.00 §5.9).
            var count: GType = d.chance(1, 2) ? .int : .uint
            if isVector && d.chance(1, 2) { count = count.vector(n) }
            let b = expression(count, depth)
            return (guarded(t, .shift(d.pick(["<<", ">>"])), [a, b]), Self.wildBound)
        case 4:
            let a = expression(t, depth)
            return (GExpr(t, .unary("~", a.e)), Self.wildBound)
        case 5:
            let a = expression(t, depth), b = expression(operand(&d), depth)
            let op = d.pick(["/", "%"])
            return (guarded(t, .integerDivide(op), [a, b]), op == "/" ? a.b : 16)
        case 6:
            // int ↔ uint: the bits are kept.
            let a = expression(isSigned ? GType.uint.vector(n) : GType.int.vector(n), depth)
            return (GExpr(t, .construct([a.e])), Self.wildBound)
        case 7:
            return (guarded(t, .toInt, [expression(GType.float.vector(n), depth)]), 64)
        case 8:
            return (GExpr(t, .construct([expression(GType.bool.vector(n), depth).e])), 1)
        case 9:
            let a = expression(t, depth)
            if isSigned && d.chance(1, 2) { return (call(t, d.pick(["abs", "sign"]), [a]), a.b) }
            return (GExpr(t, .unary("-", a.e)), a.b)
        case 10:
            if t == .uint && d.chance(1, 3) {
                // A packed word: any vec2 (NaN cannot occur; out-of-range values clamp).
                let v = expression(.vec(2), depth)
                return (call(t, d.pick(["packSnorm2x16", "packUnorm2x16", "packHalf2x16"]), [v]), Self.wildBound)
            }
            let f = expression(GType.float.vector(n), depth)
            return (call(t, isSigned ? "floatBitsToInt" : "floatBitsToUint", [f]), Self.wildBound)
        case 11:
            let a = expression(t, depth)
            if d.chance(1, 2) {
                let b = expression(operand(&d), depth)
                return (call(t, d.pick(["min", "max"]), [a, b]), max(a.b, b.b))
            }
            let lo = isSigned ? d.int(in: -8...7) : d.int(in: 0...7)
            let hi = lo + d.int(in: 1...8)
            return (guarded(t, .clamp(text(lo), text(hi)), [a]), Double(max(abs(lo), abs(hi))))
        case 12:
            return ternary(t, depth)
        case 13:
            let m = d.int(in: 2...4)
            let v = expression(t.scalar.vector(m), depth)
            return (GExpr(t, .field(v.e, swizzle(from: m, count: n, distinct: false))), v.b)
        default:
            return pureCall(t, depth) ?? leaf(t)
        }
    }

    /// `switch` on an int or uint masked to a few values, with 1–4 groups of labels (values in
    /// range, sometimes `default`), each a block that ends with `break` or falls through.
    mutating func switchStatement() -> [GStmt] {
        let t: GType = d.chance(1, 2) ? .int : .uint
        let mask = d.pick([3, 7])
        let value = expression(t, depth)
        let selector = binary(t, "&", value.e, GExpr(t, .literal(t == .int ? "\(mask)" : "\(mask)u")))
        var unused = Array(0...mask)
        var hasDefault = false
        var cases: [GCase] = []
        for _ in 0..<d.int(in: 1...4) {
            var labels: [Int?] = []
            for _ in 0..<(1 + d.weighted([4, 2, 1])) {
                if !hasDefault && d.chance(1, 6) {
                    labels.append(nil)
                    hasDefault = true
                } else if !unused.isEmpty {
                    labels.append(unused.remove(at: d.below(unused.count)))
                }
            }
            if labels.isEmpty { break }
            let body = block(d.int(in: 0...2))
            cases.append(GCase(labels: labels, body: body, breaks: d.chance(2, 3)))
        }
        return [.switchCases(selector, cases)]
    }

    /// `place op= e` on a GLSL ES 3.00 integer place: arithmetic that wraps, bit operators and
    /// shifts (guarded when printed).
    mutating func nativeCompound(_ p: GLValue) -> GStmt {
        let t = p.type
        let op = d.pick(["+=", "-=", "*=", "&=", "|=", "^=", "<<=", ">>=", "/=", "%="])
        var operand: GType = t.isScalar || d.chance(2, 3) ? t : t.scalar
        if op == "<<=" || op == ">>=" {
            operand = (d.chance(1, 2) ? GType.int : .uint).vector(operand.size)
        }
        return .assign(p, op, expression(operand, depth).e)
    }

    /// A GLSL ES 3.00 float built-in of one argument: hyperbolic functions, `trunc`, `round`,
    /// `roundEven`, a float made from integer bits, an unpacked word (a half masked to stay
    /// finite and below 1) or a determinant.
    mutating func es300Float(_ t: GType, _ depth: Int) -> Gen {
        if d.chance(1, 6) {
            let n = t.size
            if d.chance(1, 2) {
                let m = d.int(in: 2...4)
                let a = limit(matrix(m, depth), 4)
                let det = (call(.float, "determinant", [a]), pow(a.b, Double(m)) * [1, 1, 2, 6, 24][m])
                return n == 1 ? det : (GExpr(t, .construct([det.0])), det.1)
            }
            var p = expression(.uint, depth)
            var name = d.pick(["unpackSnorm2x16", "unpackUnorm2x16"])
            if d.chance(1, 3) {
                name = "unpackHalf2x16"
                p = (binary(.uint, "&", p.e, GExpr(.uint, .literal("0x3BFF3BFFu"))), p.b)
            }
            let v = call(.vec(2), name, [p])
            if n == 2 { return (v, 1) }
            return (GExpr(t, .field(v, swizzle(from: 2, count: n, distinct: false))), 1)
        }
        let a = expression(t, depth)
        switch d.below(9) {
        case 0: return (guarded(t, .exponential(d.pick(["sinh", "cosh"])), [a]), 28)
        case 1: return (call(t, "tanh", [a]), 1)
        case 2: return (call(t, "asinh", [a]), 5)
        case 3: return (guarded(t, .clampedCall("acosh", "1.0", "8.0"), [a]), 3)
        case 4: return (guarded(t, .clampedCall("atanh", "(-0.875)", "0.875"), [a]), 1.4)
        case 5: return (call(t, d.pick(["trunc", "round", "roundEven"]), [a]), a.b + 1)
        case 6:
            let b = expression(t, depth)
            let w = expression(GType.bool.vector(t.size), depth)
            return (call(t, "mix", [a, b, w]), max(a.b, b.b))
        default:
            let bits = expression(d.chance(1, 2) ? GType.int.vector(t.size) : GType.uint.vector(t.size), depth)
            return (guarded(t, .bitsToFloat, [bits]), 2)
        }
    }
}
