/// NIR's values are scalars, and it merges equal ones: in `vec3 p3 = fract(vec3(p.xyx) * .1031)`
/// (Dave Hoskins' "hash without sine") `p3.x` and `p3.z` are one SSA value, and in `fract(vec3(p)
/// * .1031)` all three are. Its distribution rule `a * b + a * c -> a * (b + c)` then meets the
/// lowered `dot(p3, p3.yzx + 33.33)`: `(p3.x * (p3.x + k) + p3.y * (p3.x + k)) + p3.x * (p3.y + k)`
/// is `(p3.x + k) * (p3.x + p3.y) + p3.x * (p3.y + k)` on llvmpipe, and with three equal
/// components `p3.x * (((p3.x + k) + (p3.x + k)) + (p3.x + k))` — another rounding, which the
/// hash turns into another number (measured with glref.py on Mesa 22.3.6; `ttScDc`'s aurora,
/// `MdGfzh`, `XXS3zz` and a dozen other Shadertoy shaders of the sample hash so).
///
/// Shade's rules compare values by their text, so before a `dot` is lowered each read of a
/// component of a local vector whose value equals an earlier component's is written as a read
/// of that earlier component (`p3` is `p3.xyx`, `p3.yzx` is `p3.yxx`): the products then have
/// equal operands where NIR's have, and `MesaSumChains.factored` distributes as NIR does.
extension MesaForwardSubstitution {
    /// Built-in functions whose component `i` is computed from component `i` of each vector
    /// operand (and the whole of each scalar one).
    static let componentwiseFunctions: Set<BuiltinFunction> = [
        .radians, .degrees, .sin, .cos, .tan, .asin, .acos, .atan, .pow, .exp, .log, .exp2, .log2, .sqrt,
        .inversesqrt, .abs, .sign, .floor, .ceil, .fract, .mod, .min, .max, .clamp, .mix, .step, .smoothstep,
        .sinh, .cosh, .tanh, .asinh, .acosh, .atanh, .trunc, .round, .roundEven,
    ]

    /// A text naming the value of component `i` of float `e` (the whole of a scalar), locals
    /// seen through their one value; equal texts are equal values. Nil when unknown.
    func componentText(_ e: TypedExpression, _ i: Int, depth: Int = 0) -> String? {
        guard depth < 32, e.type.scalarKind == .float, !e.type.isMatrix else { return nil }
        if let c = e.constantValue {
            return ConstantValue(type: .float, components: [c.components[e.type.isScalar ? 0 : i]]).description
        }
        if e.type.isScalar { return MesaSumChains.isPure(e) ? e.description : nil }
        switch e.kind {
        case .variable(let v):
            guard let d = knownValue(of: v) else { return "\(e.description)[\(i)]" }
            return componentText(d, i, depth: depth + 1)
        case .swizzle(let base, let components):
            return componentText(base, base.type.isScalar ? 0 : components[i], depth: depth + 1)
        case .construct(.vectorFromComponents, let args):
            var offset = i
            for a in args {
                if offset < a.type.componentCount { return componentText(a, offset, depth: depth + 1) }
                offset -= a.type.componentCount
            }
            return nil
        case .construct(.vectorFromScalar, let args) where args.count == 1:
            return componentText(args[0], 0, depth: depth + 1)
        case .binary(let op, let a, let b) where [.add, .subtract, .multiply, .divide].contains(op):
            guard let x = componentText(a, i, depth: depth + 1), let y = componentText(b, i, depth: depth + 1) else { return nil }
            return "(\(x) \(op.rawValue) \(y))"
        case .unary(.negate, let a):
            return componentText(a, i, depth: depth + 1).map { "-(\($0))" }
        case .builtinCall(let o, let args) where Self.componentwiseFunctions.contains(o.function):
            var parts: [String] = []
            for a in args {
                guard let p = componentText(a, i, depth: depth + 1) else { return nil }
                parts.append(p)
            }
            return "\(o.function.rawValue)(\(parts.joined(separator: ", ")))"
        default:
            return nil
        }
    }

    /// `e` (an operand of `dot`) with each read of a local float vector's component written as
    /// a read of its first component with the same value; through sums, differences, products,
    /// quotients, negations and vectors built of parts, where the lowered `dot` reads each
    /// component alone.
    func equalComponentsMerged(_ e: TypedExpression) -> TypedExpression {
        switch e.kind {
        case .variable(let v) where e.type.isVector:
            return merged(e, base: e, v, Array(0..<e.type.componentCount)) ?? e
        case .swizzle(let base, let components):
            guard case .variable(let v) = base.kind, base.type.isVector else { return e }
            return merged(e, base: base, v, components) ?? e
        case .binary(let op, _, _) where [.add, .subtract, .multiply, .divide].contains(op):
            return e.mappingChildren(equalComponentsMerged)
        case .unary(.negate, _), .construct(.vectorFromComponents, _):
            return e.mappingChildren(equalComponentsMerged)
        default:
            return e
        }
    }

    /// The read `e` of `components` of local vector `base` (`v`) with each component replaced
    /// by the first one of equal value; nil when nothing changes or the values are unknown.
    private func merged(_ e: TypedExpression, base: TypedExpression, _ v: Variable, _ components: [Int]) -> TypedExpression? {
        guard base.type.scalarKind == .float, let d = knownValue(of: v) else { return nil }
        var texts: [String] = []
        for i in 0..<base.type.componentCount {
            guard let t = componentText(d, i) else { return nil }
            texts.append(t)
        }
        let canonical = components.map { c in texts.firstIndex(of: texts[c]) ?? c }
        guard canonical != components else { return nil }
        return TypedExpression(.swizzle(base, components: canonical), type: e.type, span: e.span)
    }
}

extension MesaForwardSubstitution {
    /// Component `i` of float `e` as a scalar expression (`MesaForwardSubstitution.component`),
    /// also through component-wise built-ins (`fract(p * 0.3)` gives `fract(p.x * 0.3)`); nil
    /// when it cannot be written so.
    static func scalarComponent(_ e: TypedExpression, _ i: Int) -> TypedExpression? {
        if let c = component(e, i) { return c }
        guard e.type.isVector, e.type.scalarKind == .float else { return nil }
        switch e.kind {
        case .binary(let op, let a, let b) where [.add, .subtract, .multiply, .divide].contains(op):
            guard let x = scalarComponent(a, i), let y = scalarComponent(b, i) else { return nil }
            return TypedExpression(.binary(op, x, y), type: .float, span: e.span)
        case .unary(.negate, let a):
            return scalarComponent(a, i).map { TypedExpression(.unary(.negate, $0), type: .float, span: e.span) }
        default: break
        }
        guard case .builtinCall(let o, let args) = e.kind, componentwiseFunctions.contains(o.function) else { return nil }
        var parts: [TypedExpression] = []
        for a in args {
            guard a.type.scalarKind == .float, !a.type.isMatrix, let p = a.type.isScalar ? a : scalarComponent(a, i) else { return nil }
            parts.append(p)
        }
        let overload = BuiltinOverload(function: o.function, parameterTypes: parts.map { _ in .float }, returnType: .float)
        return TypedExpression(.builtinCall(overload, parts), type: .float, span: e.span)
    }
}

extension MesaSumChains {
    /// NIR's distribution `a * b + a * c -> a * (b + c)` where an operand reads a component of
    /// a local vector that is a product: `p = 50.0 * fract(p * 0.3183099); … p.x + p.y` is
    /// `50.0 * (fract(p.x * 0.3183099) + fract(p.y * 0.3183099))` to NIR, whose values are
    /// scalars (Inigo Quilez's `hash12`, `MdGfzh`'s terrain). Nil unless a read is seen through.
    func factoredThroughReads(_ e: TypedExpression) -> TypedExpression? {
        guard let uses, MesaReassociation.isFloatValue(e), e.type.isScalar, case .binary(.add, let p, let q) = e.kind else { return nil }
        func product(_ x: TypedExpression) -> (TypedExpression, TypedExpression)? {
            guard case .swizzle(let base, let components) = x.kind, components.count == 1, case .variable(let v) = base.kind,
                  let d = uses.definition(of: v), d.type.isVector, case .binary(.multiply, let a, let b) = d.kind,
                  !a.type.isMatrix, !b.type.isMatrix, Self.isPure(d), uses.readsOnlyUnchangedValues(d),
                  let u = MesaForwardSubstitution.scalarComponent(a, components[0]),
                  let w = MesaForwardSubstitution.scalarComponent(b, components[0]) else { return nil }
            return (u, w)
        }
        let seenP = product(p), seenQ = product(q)
        guard seenP != nil || seenQ != nil,
              let (p1, p2) = seenP ?? Self.factors(p), let (q1, q2) = seenQ ?? Self.factors(q) else { return nil }
        let rebuilt = TypedExpression(
            .binary(.add, TypedExpression(.binary(.multiply, p1, p2), type: .float, span: p.span),
                    TypedExpression(.binary(.multiply, q1, q2), type: .float, span: q.span)),
            type: e.type, span: e.span)
        return Self.factored(rebuilt)
    }
}
