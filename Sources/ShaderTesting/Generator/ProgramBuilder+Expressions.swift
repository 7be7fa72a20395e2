extension ProgramBuilder {
    // MARK: Literals and bounds

    /// A float literal that round-trips exactly (multiples of 1/16 print in few digits).
    static func floatText(_ v: Double) -> String {
        let s = "\(Float(v))"
        return v < 0 ? "(\(s))" : s
    }

    static func intText(_ v: Int) -> String { v < 0 ? "(\(v))" : "\(v)" }

    mutating func literal(_ t: GType) -> Gen {
        switch t {
        case .float:
            let v = Double(d.int(in: -16...16)) / 4
            return (GExpr(.float, .literal(Self.floatText(v))), abs(v))
        case .int:
            if isES300 && d.chance(1, 8) {
                let v = d.pick(["2147483647", "(-2147483647)", "747796405", "0x7fffffff", "(-65536)", "1103515245"])
                return (GExpr(.int, .literal(v)), Self.wildBound)
            }
            let v = d.int(in: -8...8)
            return (GExpr(.int, .literal(Self.intText(v))), Double(abs(v)))
        case .uint:
            if d.chance(1, 6) {
                // A hash constant (as in PCG and the murmur finalisers).
                let v = d.pick(["0x7feb352du", "0x846ca68bu", "0x9e3779b9u", "2654435761u", "4294967295u", "0x80000000u"])
                return (GExpr(.uint, .literal(v)), Self.wildBound)
            }
            let v = d.int(in: 0...8)
            return (GExpr(.uint, .literal("\(v)u")), Double(v))
        case .bool:
            return (GExpr(.bool, .literal(d.chance(1, 2) ? "true" : "false")), 1)
        case .vec(let n), .ivec(let n), .bvec(let n), .uvec(let n):
            let parts = (0..<(d.chance(1, 3) ? 1 : n)).map { _ in literal(t.scalar) }
            return (GExpr(t, .construct(parts.map(\.e))), parts.map(\.b).max() ?? 1)
        case .mat(let n):
            let parts = (0..<(d.chance(1, 2) ? 1 : n * n)).map { _ in literal(.float) }
            return (GExpr(t, .construct(parts.map(\.e))), parts.map(\.b).max() ?? 1)
        case .structure(let i):
            let parts = model.structs[i].fields.map { literal($0.type) }
            return (GExpr(t, .construct(parts.map(\.e))), parts.map(\.b).max() ?? 1)
        case .array(let e, _):
            return literal(e)  // never asked for: arrays are not values in GLSL ES 1.00
        }
    }

    /// Clamps (scalars, vectors) or scales (matrices) `g` so its bound is at most `k`.
    func limit(_ g: Gen, _ k: Double) -> Gen {
        guard g.b > k else { return g }
        // GLSL ES 3.00 integers wrap: nothing to limit (conversions to float see the bound).
        if isES300 && g.e.type.isInteger { return g }
        switch g.e.type {
        case .float, .vec, .int, .ivec:
            return (GExpr(g.e.type, .guarded(.bound("\(Float(k))"), [g.e])), k)
        case .mat:
            var s = 1.0
            while g.b * s > k { s /= 2 }
            return (GExpr(g.e.type, .guarded(.scale("\(Float(s))"), [g.e])), g.b * s)
        default:
            return g
        }
    }

    /// Operands of a product whose bound stays under `productLimit`.
    func limitProduct(_ a: Gen, _ b: Gen, factor: Double = 1) -> (Gen, Gen) {
        if a.b * b.b * factor <= Self.productLimit { return (a, b) }
        return (limit(a, 8), limit(b, 8))
    }

    func binary(_ t: GType, _ op: String, _ a: GExpr, _ b: GExpr) -> GExpr {
        GExpr(t, .binary(op, a, b))
    }

    func call(_ t: GType, _ name: String, _ args: [Gen]) -> GExpr {
        GExpr(t, .call(name, args.map(\.e)))
    }

    func guarded(_ t: GType, _ g: GGuard, _ args: [Gen]) -> GExpr {
        GExpr(t, .guarded(g, args.map(\.e)))
    }

    // MARK: Reading variables

    mutating func swizzle(from n: Int, count m: Int, distinct: Bool) -> String {
        let sets = [["x", "y", "z", "w"], ["r", "g", "b", "a"], ["s", "t", "p", "q"]]
        let letters = sets[d.weighted([6, 2, 1])]
        var available = Array(0..<n)
        var out = ""
        for _ in 0..<m {
            let k = d.below(available.count)
            out += letters[available[k]]
            if distinct { available.remove(at: k) }
        }
        return out
    }

    /// An index in `0..<n`: a constant, a loop index known to stay in range, or a clamped value.
    mutating func index(_ n: Int) -> GIndex {
        let loops = visible.filter { v in v.loopRange.map { $0 <= n } ?? false }
        switch d.weighted([6, loops.isEmpty ? 0 : 4, 1]) {
        case 1: return .loopIndex(d.pick(loops).name)
        case 2: return .clamped(leaf(.int).e, n)
        default: return .constant(d.below(n))
        }
    }

    /// A part of `e` of type `t` (which `canYield(e.type, t)`).
    mutating func descend(_ e: GExpr, to t: GType) -> GExpr {
        if e.type == t {
            if t.isVector && d.chance(1, 6) {
                return GExpr(t, .field(e, swizzle(from: t.size, count: t.size, distinct: false)))
            }
            return e
        }
        switch e.type {
        case .vec(let n), .ivec(let n), .bvec(let n), .uvec(let n):
            if t.isScalar && d.chance(1, 4) { return GExpr(t, .index(e, index(n))) }
            return GExpr(t, .field(e, swizzle(from: n, count: t.size, distinct: false)))
        case .mat(let n):
            return descend(GExpr(.vec(n), .index(e, index(n))), to: t)
        case .array(let element, let n):
            return descend(GExpr(element, .index(e, index(n))), to: t)
        case .structure(let i):
            let f = d.pick(model.structs[i].fields.filter { canYield($0.type, t) })
            return descend(GExpr(f.type, .field(e, f.name)), to: t)
        default:
            return e
        }
    }

    /// A literal, or a part of a visible variable.
    mutating func leaf(_ t: GType) -> Gen {
        var sources = visible.filter { canYield($0.type, t) }
        // Favour what varies from pixel to pixel, so images are informative.
        let varying = sources.filter { Self.pixelInputs.contains($0.name) || $0.name.hasPrefix("vary") }
        if !varying.isEmpty && d.chance(1, 3) { sources = varying }
        if isFragment && model.inputCount > 0 && t.isFloatLike && t != .mat(t.size) && d.chance(1, 10) {
            let texel = textureRead(0)
            return t == .vec(4) ? texel : (GExpr(t, .field(texel.e, swizzle(from: 4, count: t.size, distinct: false))), 1)
        }
        if !sources.isEmpty && (containsArray(t) || !d.chance(1, 6)) {
            let v = d.pick(sources)
            let bound = v.loopRange.map(Double.init) ?? v.bound
            return (descend(GExpr(v.type, .name(v.name)), to: t), bound)
        }
        return literal(t)
    }

    static let pixelInputs: Set<String> = ["gl_FragCoord", "textureCoordinate", "position", "inputTextureCoordinate"]

    // MARK: Expressions by type

    /// A pure expression of type `t` (never an array).
    mutating func expression(_ t: GType, _ depth: Int) -> Gen {
        if depth <= 0 || d.chance(1, 5) { return leaf(t) }
        switch t {
        case .float, .vec: return floating(t, depth - 1)
        case .int, .ivec, .uint, .uvec: return isES300 ? nativeInteger(t, depth - 1) : integer(t, depth - 1)
        case .bool: return boolean(depth - 1)
        case .bvec(let n): return booleanVector(n, depth - 1)
        case .mat(let n): return matrix(n, depth - 1)
        case .structure(let i):
            if !containsArray(t), d.chance(1, 2) {
                let parts = model.structs[i].fields.map { limit(expression($0.type, depth - 1), Self.variableBound) }
                return (GExpr(t, .construct(parts.map(\.e))), Self.variableBound)
            }
            return pureCall(t, depth - 1) ?? leaf(t)
        case .array: return leaf(t)
        }
    }

    mutating func ternary(_ t: GType, _ depth: Int) -> Gen {
        let c = expression(.bool, depth)
        // No derivative in a side only some pixels of a quad take: GLSL leaves it undefined, and
        // implementations differ (llvmpipe evaluates both sides as a select; Shade branches).
        ternaryDepth += 1
        let a = expression(t, depth), b = expression(t, depth)
        ternaryDepth -= 1
        return (GExpr(t, .ternary(c.e, a.e, b.e)), max(a.b, b.b))
    }

    mutating func pureCall(_ t: GType, _ depth: Int) -> Gen? {
        let candidates = functions.filter { $0.isPure && $0.returnType == t }
        guard !candidates.isEmpty else { return nil }
        let f = d.pick(candidates)
        let args = f.parameters.map { limit(expression($0.type, depth), Self.variableBound) }
        return (call(t, f.name, args), functionBounds[f.name] ?? Self.variableBound)
    }

    var isFragment: Bool { stage == .fragment }

    /// `float` or `vecN` expressions: arithmetic and the component-wise built-ins.
    mutating func floating(_ t: GType, _ depth: Int) -> Gen {
        let n = t.size
        let isVector = t != .float
        let weights = [
            8, 2, 10, 4, 4, 2, 2, 2,
            isFragment && options.allowDerivatives && ternaryDepth == 0 ? 2 : 0,
            isFragment && model.inputCount > 0 ? 3 : 0,
            5, 3, 2,
            isES300 ? 3 : 0,
        ]
        func scalarOr(_ t: GType, _ d: inout Decisions) -> GType { d.chance(1, 3) ? .float : t }
        switch d.weighted(weights) {
        case 0:
            let op = d.pick(["+", "-", "*"])
            var a = expression(t, depth)
            var b = expression(isVector ? scalarOr(t, &d) : t, depth)
            if d.chance(1, 4) { swap(&a, &b) }
            if op == "*" {
                (a, b) = limitProduct(a, b)
                return (binary(t, op, a.e, b.e), a.b * b.b)
            }
            return (binary(t, op, a.e, b.e), a.b + b.b)
        case 1:
            let a = expression(t, depth), b = expression(isVector ? scalarOr(t, &d) : t, depth)
            return (guarded(t, .divide, [a, b]), a.b)
        case 2:
            let a = expression(t, depth)
            switch d.below(19) {
            case 0: return (call(t, "sin", [a]), 1)
            case 1: return (call(t, "cos", [a]), 1)
            case 2: return (call(t, "abs", [a]), a.b)
            case 3: return (call(t, "sign", [a]), 1)
            case 4: return (call(t, "floor", [a]), a.b + 1)
            case 5: return (call(t, "ceil", [a]), a.b + 1)
            case 6: return (call(t, "fract", [a]), 1)
            case 7: return (call(t, "radians", [a]), a.b * 0.02)
            case 8: let c = limit(a, 16); return (call(t, "degrees", [c]), c.b * 57.3)
            case 9: return (guarded(t, .exponential(d.pick(["exp", "exp2"])), [a]), 55)
            case 10: return (guarded(t, .positive(d.pick(["log", "log2"])), [a]), (a.b + 0.5).squareRoot() + 1.1)
            case 11: return (guarded(t, .positive("sqrt"), [a]), (a.b + 0.5).squareRoot())
            case 12: return (guarded(t, .positive("inversesqrt"), [a]), 1.5)
            case 13: return (guarded(t, .unit("asin"), [a]), 1.6)
            case 14: return (guarded(t, .unit("acos"), [a]), 3.2)
            case 15: return (call(t, "atan", [a]), 1.6)
            case 16: return (guarded(t, .tan, [a]), 2.6)
            case 17: return (guarded(t, .normalize, [a]), 1)
            default: return (GExpr(t, .unary("-", a.e)), a.b)
            }
        case 3:
            var a = expression(t, depth)
            switch d.below(6) {
            case 0:
                a = limit(a, 8)
                return (guarded(t, .pow, [a, expression(t, depth)]), (a.b + 0.5) * (a.b + 0.5))
            case 1: return (guarded(t, .atan2, [a, expression(t, depth)]), 3.2)
            case 2:
                let b = expression(isVector ? scalarOr(t, &d) : t, depth)
                return (guarded(t, .mod, [a, b]), b.b + 1)
            case 3, 4:
                let b = expression(isVector ? scalarOr(t, &d) : t, depth)
                return (call(t, d.pick(["min", "max"]), [a, b]), max(a.b, b.b))
            default:
                let edge = expression(isVector ? scalarOr(t, &d) : t, depth)
                return (call(t, "step", [edge, a]), 1)
            }
        case 4:
            let a = expression(t, depth)
            switch d.below(3) {
            case 0:
                let b = expression(t, depth)
                let w = limit(expression(isVector ? scalarOr(t, &d) : t, depth), 2)
                return (call(t, "mix", [a, b, w]), a.b + (a.b + b.b) * w.b)
            case 1:
                let lo = d.int(in: -8...7), hi = lo + d.int(in: 1...8)
                let bound = Double(max(abs(lo), abs(hi))) / 4
                let g = GGuard.clamp(Self.floatText(Double(lo) / 4), Self.floatText(Double(hi) / 4))
                return (guarded(t, g, [a]), bound)
            default:
                let lo = d.int(in: -8...7), hi = lo + d.int(in: 1...8)
                let g = GGuard.smoothstep(Self.floatText(Double(lo) / 4), Self.floatText(Double(hi) / 4))
                return (guarded(t, g, [a]), 1)
            }
        case 5:
            let a = expression(t, depth)
            return (GExpr(t, .unary("-", a.e)), a.b)
        case 6:
            return ternary(t, depth)
        case 7:
            if d.chance(1, 3) {
                return (GExpr(t, .construct([expression(t == .float ? .bool : .bvec(n), depth).e])), 1)
            }
            var source: GType = t == .float ? .int : .ivec(n)
            if isES300 && d.chance(1, 2) { source = GType.uint.vector(n) }
            let a = expression(source, depth)
            let converted: Gen = (GExpr(t, .construct([a.e])), a.b)
            // A GLSL ES 3.00 int may be any 32-bit value: keep floats moderate (Mesa folds
            // `sin` of a constant 4294967296.0 with libm, its run time with a polynomial).
            return isES300 ? limit(converted, Self.variableBound) : converted
        case 8:
            let a = derivativeArgument(t)
            derivativeUsed = true
            return (guarded(t, .derivative(d.pick(["dFdx", "dFdy", "fwidth"])), [a]), a.b)
        case 9:
            let texel = textureRead(depth)
            if t == .vec(4) { return texel }
            return (GExpr(t, .field(texel.e, swizzle(from: 4, count: n, distinct: false))), 1)
        case 10:
            return isVector ? vectorOnly(n, depth) : scalarOnly(depth)
        case 11:
            let m = d.int(in: 2...4)
            let v = expression(.vec(m), depth)
            return (GExpr(t, .field(v.e, swizzle(from: m, count: n, distinct: false))), v.b)
        case 13:
            return es300Float(t, depth)
        default:
            return pureCall(t, depth) ?? leaf(t)
        }
    }

    private mutating func scalarOnly(_ depth: Int) -> Gen {
        let n = d.int(in: 2...4)
        let v = GType.vec(n)
        let a = expression(v, depth)
        switch d.below(3) {
        case 0: return (call(.float, "length", [a]), a.b * 2)
        case 1:
            let b = expression(v, depth)
            return (call(.float, "distance", [a, b]), (a.b + b.b) * 2)
        default:
            let (x, y) = limitProduct(a, expression(v, depth), factor: Double(n))
            return (call(.float, "dot", [x, y]), Double(n) * x.b * y.b)
        }
    }

    private mutating func vectorOnly(_ n: Int, _ depth: Int) -> Gen {
        let t = GType.vec(n)
        switch d.below(7) {
        case 0:
            var parts: [Gen] = []
            var left = n
            while left > 0 {
                let size = left == 1 || d.chance(1, 2) ? 1 : d.int(in: 2...left)
                parts.append(expression(GType.float.vector(size), depth))
                left -= size
            }
            if n > 1 && parts.count == n && d.chance(1, 4) { parts = [parts[0]] }
            return (GExpr(t, .construct(parts.map(\.e))), parts.map(\.b).max() ?? 1)
        case 1, 2:
            let (m, v) = limitProduct(
                expression(.mat(n), depth), expression(t, depth), factor: Double(n))
            let e = d.chance(1, 2) ? binary(t, "*", m.e, v.e) : binary(t, "*", v.e, m.e)
            return (e, Double(n) * m.b * v.b)
        case 3:
            return (guarded(t, .reflect, [expression(t, depth), expression(t, depth)]), 1 + 2 * Double(n))
        case 4:
            let eta = d.pick(["0.5", "0.75", "0.9", "1.25"])
            return (guarded(t, .refract(eta), [expression(t, depth), expression(t, depth)]), 12)
        case 5:
            let nn = expression(t, depth)
            return (call(t, "faceforward", [nn, expression(t, depth), expression(t, depth)]), nn.b)
        default:
            if n != 3 { return ternary(t, depth) }
            let (a, b) = limitProduct(expression(t, depth), expression(t, depth), factor: 2)
            return (call(t, "cross", [a, b]), 2 * a.b * b.b)
        }
    }

    /// An affine function of `gl_FragCoord` or `textureCoordinate` with uniform or constant
    /// coefficients: its derivatives are the same however an implementation groups pixels.
    mutating func derivativeArgument(_ t: GType) -> Gen {
        let n = t.size
        let fromFragCoord = d.chance(1, 2)
        let base = fromFragCoord ? GExpr(.vec(4), .name("gl_FragCoord")) : GExpr(.vec(2), .name("textureCoordinate"))
        let coordinate = GExpr(t, .field(base, swizzle(from: 2, count: n, distinct: false)))
        let uniforms = visible.filter { $0.isDerivativeSafe && $0.name.hasPrefix("u") }
        let scalars = uniforms.filter { $0.type == .float }
        let coefficient: Gen = if !scalars.isEmpty && d.chance(1, 2) {
            (GExpr(.float, .name(d.pick(scalars).name)), d.pick(scalars).bound)
        } else {
            literal(.float)
        }
        let offsets = uniforms.filter { $0.type == t }
        let offset: Gen = if !offsets.isEmpty && d.chance(1, 2) {
            (GExpr(t, .name(offsets[0].name)), offsets[0].bound)
        } else {
            literal(t)
        }
        let range = fromFragCoord ? 32.0 : 1.0
        let scaled = binary(t, "*", coordinate, coefficient.e)
        return (binary(t, "+", scaled, offset.e), range * coefficient.b + offset.b)
    }

    /// `texture2D` or `texture2DProj` of a bound image, mostly at exactly representable
    /// coordinates derived from `textureCoordinate`.
    mutating func textureRead(_ depth: Int) -> Gen {
        let k = d.below(model.inputCount)
        let sampler = k == 0 ? "inputImageTexture" : "inputImageTexture\(k + 1)"
        let tc = GExpr(.vec(2), .name("textureCoordinate"))
        let coordinate: GExpr
        switch d.weighted([4, 2, 1, 1]) {
        case 1:
            let scale = d.pick(["0.5", "0.25", "2.0", "0.75"]), shift = d.pick(["0.25", "0.125", "0.5"])
            coordinate = binary(.vec(2), "+", binary(.vec(2), "*", tc, GExpr(.float, .literal(scale))),
                                GExpr(.float, .literal(shift)))
        case 2:
            coordinate = GExpr(.vec(2), .field(tc, "yx"))
        case 3:
            coordinate = expression(.vec(2), depth).e
        default:
            coordinate = tc
        }
        if d.chance(1, 4) {
            let z = leaf(.float)
            return (guarded(.vec(4), .textureProj(sampler, d.chance(1, 2)), [(coordinate, 1), z]), 1)
        }
        if options.levelOfDetailLookups {
            // For mipmapped campaigns: a bias, or (ES 3.00) an explicit level, from a leaf.
            switch d.weighted([2, 1, model.language == .es300 ? 1 : 0]) {
            case 1: return (guarded(.vec(4), .textureBias(sampler), [(coordinate, 1), leaf(.float)]), 1)
            case 2: return (guarded(.vec(4), .textureLod(sampler), [(coordinate, 1), leaf(.float)]), 1)
            default: break
            }
        }
        return (GExpr(.vec(4), .guarded(.texture(sampler), [coordinate])), 1)
    }

    /// `int` or `ivecN` expressions, kept well inside the range where every int is exact.
    mutating func integer(_ t: GType, _ depth: Int) -> Gen {
        let n = t.size
        let isVector = t != .int
        switch d.weighted([6, 2, 3, 2, 2, 1, 3, 2]) {
        case 0:
            let op = d.pick(["+", "-", "*"])
            var a = expression(t, depth)
            var b = expression(isVector && d.chance(1, 3) ? .int : t, depth)
            if d.chance(1, 4) { swap(&a, &b) }
            if op == "*" {
                if a.b * b.b > 4096 { a = limit(a, 16); b = limit(b, 16) }
                return (binary(t, op, a.e, b.e), a.b * b.b)
            }
            return (binary(t, op, a.e, b.e), a.b + b.b)
        case 1:
            let a = expression(t, depth), b = expression(isVector && d.chance(1, 3) ? .int : t, depth)
            return (guarded(t, .intDivide, [a, b]), a.b)
        case 2:
            return (guarded(t, .toInt, [expression(GType.float.vector(n), depth)]), 64)
        case 3:
            let a = expression(t, depth)
            return (GExpr(t, .unary("-", a.e)), a.b)
        case 4:
            return ternary(t, depth)
        case 5:
            return (GExpr(t, .construct([expression(GType.bool.vector(n), depth).e])), 1)
        case 6:
            let m = d.int(in: 2...4)
            let v = expression(.ivec(m), depth)
            return (GExpr(t, .field(v.e, swizzle(from: m, count: n, distinct: false))), v.b)
        default:
            return pureCall(t, depth) ?? leaf(t)
        }
    }

    mutating func boolean(_ depth: Int) -> Gen {
        switch d.weighted([5, 3, 4, 2, 2, 1, 2, 1]) {
        case 0:
            var t: GType = d.chance(2, 3) ? .float : .int
            if isES300 && t == .int && d.chance(1, 2) { t = .uint }
            let op = d.pick(["<", "<=", ">", ">="])
            return (binary(.bool, op, expression(t, depth).e, expression(t, depth).e), 1)
        case 1:
            let t = randomType(allowArrayStructs: false)
            let op = d.pick(["==", "!="])
            return (binary(.bool, op, expression(t, depth).e, expression(t, depth).e), 1)
        case 2:
            let op = d.pick(["&&", "||", "^^"])
            return (binary(.bool, op, expression(.bool, depth).e, expression(.bool, depth).e), 1)
        case 3:
            return (GExpr(.bool, .unary("!", expression(.bool, depth).e)), 1)
        case 4:
            let v = expression(.bvec(d.int(in: 2...4)), depth)
            return (GExpr(.bool, .call(d.pick(["any", "all"]), [v.e])), 1)
        case 5:
            return (GExpr(.bool, .construct([expression(d.pick([GType.float, .int]), depth).e])), 1)
        case 6:
            let m = d.int(in: 2...4)
            let v = expression(.bvec(m), depth)
            return (GExpr(.bool, .field(v.e, swizzle(from: m, count: 1, distinct: false))), 1)
        default:
            return pureCall(.bool, depth) ?? ternary(.bool, depth)
        }
    }

    mutating func booleanVector(_ n: Int, _ depth: Int) -> Gen {
        let t = GType.bvec(n)
        switch d.weighted([4, 3, 2, 2, 2, 1]) {
        case 0:
            var u: GType = d.chance(2, 3) ? .vec(n) : .ivec(n)
            if isES300 && u == .ivec(n) && d.chance(1, 2) { u = .uvec(n) }
            let name = d.pick(["lessThan", "lessThanEqual", "greaterThan", "greaterThanEqual"])
            return (call(t, name, [expression(u, depth), expression(u, depth)]), 1)
        case 1:
            var u = d.pick([GType.vec(n), .ivec(n), .bvec(n)])
            if isES300 && u == .ivec(n) && d.chance(1, 2) { u = .uvec(n) }
            return (call(t, d.pick(["equal", "notEqual"]), [expression(u, depth), expression(u, depth)]), 1)
        case 2:
            return (call(t, "not", [expression(t, depth)]), 1)
        case 3:
            if d.chance(1, 2) { return (GExpr(t, .construct([expression(.vec(n), depth).e])), 1) }
            let parts = (0..<n).map { _ in expression(.bool, depth).e }
            return (GExpr(t, .construct(parts)), 1)
        case 4:
            let m = d.int(in: 2...4)
            let v = expression(.bvec(m), depth)
            return (GExpr(t, .field(v.e, swizzle(from: m, count: n, distinct: false))), 1)
        default:
            return pureCall(t, depth) ?? ternary(t, depth)
        }
    }

    mutating func matrix(_ n: Int, _ depth: Int) -> Gen {
        let t = GType.mat(n)
        switch d.weighted([4, 3, 2, 3, 1, 1, 1, 2]) {
        case 0:
            let a = expression(t, depth)
            let b = expression(d.chance(1, 3) ? .float : t, depth)
            let op = d.pick(["+", "-"])
            return (binary(t, op, a.e, b.e), a.b + b.b)
        case 1:
            let (a, b) = limitProduct(expression(t, depth), expression(t, depth), factor: Double(n))
            return (binary(t, "*", a.e, b.e), Double(n) * a.b * b.b)
        case 2:
            let (a, b) = limitProduct(expression(t, depth), expression(.float, depth))
            let e = d.chance(1, 2) ? binary(t, "*", a.e, b.e) : binary(t, "*", b.e, a.e)
            return (e, a.b * b.b)
        case 3:
            switch d.below(3) {
            case 0:
                let a = expression(.float, depth)
                return (GExpr(t, .construct([a.e])), a.b)
            case 1:
                let columns = (0..<n).map { _ in expression(.vec(n), depth) }
                return (GExpr(t, .construct(columns.map(\.e))), columns.map(\.b).max() ?? 1)
            default:
                let parts = (0..<(n * n)).map { _ in leaf(.float) }
                return (GExpr(t, .construct(parts.map(\.e))), parts.map(\.b).max() ?? 1)
            }
        case 4:
            let (a, b) = limitProduct(expression(t, depth), expression(t, depth))
            return (call(t, "matrixCompMult", [a, b]), a.b * b.b)
        case 5:
            let a = expression(t, depth)
            return (GExpr(t, .unary("-", a.e)), a.b)
        case 6:
            let a = expression(t, depth)
            return (guarded(t, .divide, [a, expression(.float, depth)]), a.b)
        default:
            return pureCall(t, depth) ?? ternary(t, depth)
        }
    }
}
