/// Operators with one operand.
public enum UnaryOperation: Sendable, Hashable {
    /// `-x`.
    case negate
    /// `!b` for bools.
    case logicalNot
    /// `int(x)`: truncation toward zero.
    case truncate
    /// `bool(x)`: 1 when non-zero.
    case toBool
    /// Native integers (GLSL ES 3.00): `-i` wrapping, `~i`, conversions between the bits of
    /// an int or uint and floats or bools, `abs` and `sign` of an int.
    case intNegate, bitwiseNot, intToFloat, uintToFloat, floatToInt, floatToUInt, intToBool
    case boolToInt, intAbs, intSign
}

/// Operators with two operands; a scalar operand is applied to every component of the other.
public enum BinaryOperation: Sendable, Hashable {
    /// `+`, `-`, `*` (component-wise; use `matrixTimesVector` & co. for linear algebra), `/`.
    case add, subtract, multiply, divide
    /// `/` on integers: truncated toward zero.
    case integerDivide
    /// Component-wise comparisons giving bools (1 or 0).
    case less, lessEqual, greater, greaterEqual, equal, notEqual
    /// Logical `&&`, `||`, `^^` on bools (operands are evaluated eagerly).
    case logicalAnd, logicalOr, logicalXor
    /// Native integers (GLSL ES 3.00): wrapping `+ - *`, `/` for int and uint, `%`, bit
    /// operators, shifts, comparisons of int and of uint, `==` on bits, `min`/`max`.
    case intAdd, intSubtract, intMultiply, nativeIntDivide, uintDivide, intRemainder
    case bitwiseAnd, bitwiseOr, bitwiseXor, shiftLeft, shiftRightArithmetic, shiftRightLogical
    case intLess, intLessEqual, intGreater, intGreaterEqual
    case uintLess, uintLessEqual, uintGreater, uintGreaterEqual, bitsEqual
    case intMinimum, intMaximum, uintMinimum, uintMaximum
}

/// GLSL ES 1.00 built-in functions (texture functions are separate methods).
public enum Builtin: String, Sendable, Hashable, CaseIterable {
    case radians, degrees, sin, cos, tan, asin, acos, atan
    case pow, exp, log, exp2, log2, sqrt, inversesqrt
    case abs, sign, floor, ceil, fract, mod, min, max, clamp, mix, step, smoothstep
    case length, distance, dot, cross, normalize, faceforward, reflect, refract
    case matrixCompMult
    case lessThan, lessThanEqual, greaterThan, greaterThanEqual, equal, notEqual, any, all, not
    case dFdx, dFdy, fwidth
}

extension ProgramBuilder {
    /// Applies a unary operator component-wise.
    public func unary(_ op: UnaryOperation, _ a: Value) -> Value {
        switch op {
        case .negate: elementwise(Negate.self, a)
        case .logicalNot: elementwise(LogicalNot.self, a)
        case .truncate: elementwise(Truncate.self, a)
        case .toBool: elementwise(ToBool.self, a)
        case .intNegate: elementwise(IntNegate.self, a)
        case .bitwiseNot: elementwise(BitwiseNot.self, a)
        case .intToFloat: elementwise(IntToFloat.self, a)
        case .uintToFloat: elementwise(UIntToFloat.self, a)
        case .floatToInt: elementwise(FloatToInt.self, a)
        case .floatToUInt: elementwise(FloatToUInt.self, a)
        case .intToBool: elementwise(IntToBool.self, a)
        case .boolToInt: elementwise(BoolToInt.self, a)
        case .intAbs: elementwise(IntAbs.self, a)
        case .intSign: elementwise(IntSign.self, a)
        }
    }

    /// Applies a binary operator component-wise.
    public func binary(_ op: BinaryOperation, _ a: Value, _ b: Value) -> Value {
        switch op {
        case .add: elementwise(Add.self, a, b)
        case .subtract: elementwise(Subtract.self, a, b)
        case .multiply: elementwise(Multiply.self, a, b)
        case .divide: elementwise(Divide.self, a, b)
        case .integerDivide: elementwise(IntDivide.self, a, b)
        case .less: elementwise(Less.self, a, b)
        case .lessEqual: elementwise(LessEqual.self, a, b)
        case .greater: elementwise(Greater.self, a, b)
        case .greaterEqual: elementwise(GreaterEqual.self, a, b)
        case .equal: elementwise(Equal.self, a, b)
        case .notEqual: elementwise(NotEqual.self, a, b)
        case .logicalAnd: elementwise(LogicalAnd.self, a, b)
        case .logicalOr: elementwise(LogicalOr.self, a, b)
        case .logicalXor: elementwise(LogicalXor.self, a, b)
        case .intAdd: elementwise(IntAdd.self, a, b)
        case .intSubtract: elementwise(IntSubtract.self, a, b)
        case .intMultiply: elementwise(IntMultiply.self, a, b)
        case .nativeIntDivide: elementwise(NativeIntDivide.self, a, b)
        case .uintDivide: elementwise(UIntDivide.self, a, b)
        case .intRemainder: elementwise(IntRemainder.self, a, b)
        case .bitwiseAnd: elementwise(BitwiseAnd.self, a, b)
        case .bitwiseOr: elementwise(BitwiseOr.self, a, b)
        case .bitwiseXor: elementwise(BitwiseXor.self, a, b)
        case .shiftLeft: elementwise(ShiftLeft.self, a, b)
        case .shiftRightArithmetic: elementwise(ShiftRightArithmetic.self, a, b)
        case .shiftRightLogical: elementwise(ShiftRightLogical.self, a, b)
        case .intLess: elementwise(IntLess.self, a, b)
        case .intLessEqual: elementwise(IntLessEqual.self, a, b)
        case .intGreater: elementwise(IntGreater.self, a, b)
        case .intGreaterEqual: elementwise(IntGreaterEqual.self, a, b)
        case .uintLess: elementwise(UIntLess.self, a, b)
        case .uintLessEqual: elementwise(UIntLessEqual.self, a, b)
        case .uintGreater: elementwise(UIntGreater.self, a, b)
        case .uintGreaterEqual: elementwise(UIntGreaterEqual.self, a, b)
        case .bitsEqual: elementwise(BitsEqual.self, a, b)
        case .intMinimum: elementwise(IntMinimum.self, a, b)
        case .intMaximum: elementwise(IntMaximum.self, a, b)
        case .uintMinimum: elementwise(UIntMinimum.self, a, b)
        case .uintMaximum: elementwise(UIntMaximum.self, a, b)
        }
    }

    /// `a + b`.
    public func add(_ a: Value, _ b: Value) -> Value { binary(.add, a, b) }
    /// `a - b`.
    public func subtract(_ a: Value, _ b: Value) -> Value { binary(.subtract, a, b) }
    /// `a * b` component-wise.
    public func multiply(_ a: Value, _ b: Value) -> Value { binary(.multiply, a, b) }
    /// `a / b`.
    public func divide(_ a: Value, _ b: Value) -> Value { binary(.divide, a, b) }

    /// Fused `a * b + c` (two roundings, no FMA, as llvmpipe).
    public func multiplyAdd(_ a: Value, _ b: Value, _ c: Value) -> Value {
        elementwise(MultiplyAdd.self, a, b, c)
    }

    /// `condition ? a : b` per lane; both sides are evaluated (they have no side effects).
    public func select(_ condition: Value, _ a: Value, _ b: Value) -> Value {
        elementwise(Select.self, condition, a, b)
    }

    /// `dot(a, b)` in llvmpipe's summation order.
    public func dot(_ a: Value, _ b: Value) -> Value {
        precondition(a.width == b.width && a.width <= 4, "internal error: dot of widths \(a.width), \(b.width)")
        if let x = a.constantValues, let y = b.constantValues {
            return .constant(Self.dotScalar(x, y))
        }
        if a.isUniform && b.isUniform {
            let x = uniformSlots(a), y = uniformSlots(b), d = allocateUniforms(1)
            drawKernels.append(Kernels.dot(aIsLanes: true, bIsLanes: true, d: d, a: Slots(x[...]), b: Slots(y[...]), width: a.width))
            return Value([.uniform(d)])
        }
        let x = operand(a), y = operand(b), d = allocateLanes(1)[0]
        emit(
            Kernels.dot(aIsLanes: x.isLanes, bIsLanes: y.isLanes, d: d, a: Slots(x.slots[...]), b: Slots(y.slots[...]), width: a.width),
            .dot(destination: d, a: Self.sources(x.slots, isLanes: x.isLanes), b: Self.sources(y.slots, isLanes: y.isLanes)))
        return Value([.lane(d)])
    }

    static func dotScalar(_ x: [Float], _ y: [Float]) -> Float {
        var acc = x[x.count - 1] * y[x.count - 1]
        if x.count == 2 { return x[0] * y[0] + acc }
        for k in stride(from: x.count - 2, through: 0, by: -1) { acc = x[k] * y[k] + acc }
        return acc
    }

    /// `m * v` for a square column-major matrix: `((c0 * v.x + c1 * v.y) + c2 * v.z) + …`.
    public func matrixTimesVector(_ m: Value, _ v: Value) -> Value {
        let n = v.width, rows = m.width / max(n, 1)
        precondition(m.width == n * rows, "internal error: a matrix of \(n) columns expected")
        var acc = multiply(m.column(0, rows: rows), v[0])
        for j in 1..<n { acc = multiplyAdd(m.column(j, rows: rows), v[j], acc) }
        return acc
    }

    /// `v * m`: component j is `dot(v, column j)` (the vector has the matrix's rows).
    public func vectorTimesMatrix(_ v: Value, _ m: Value) -> Value {
        let rows = v.width, columns = m.width / max(rows, 1)
        precondition(m.width == rows * columns, "internal error: a matrix of \(rows) rows expected")
        return .concatenating((0..<columns).map { dot(v, m.column($0, rows: rows)) })
    }

    /// `a * b`: column j is `a * b[j]`. `rows` is `a`'s row count (square matrices when `nil`).
    public func matrixTimesMatrix(_ a: Value, _ b: Value, rows: Int? = nil) -> Value {
        let r = rows ?? Int(Double(a.width).squareRoot())
        let inner = a.width / max(r, 1), columns = b.width / max(inner, 1)
        precondition(a.width == r * inner && b.width == inner * columns, "internal error: matrix sizes")
        return .concatenating((0..<columns).map { matrixTimesVector(a, b.column($0, rows: inner)) })
    }

    /// Calls a GLSL ES built-in function with GLSL's definitions. Scalars mix with vectors as
    /// GLSL allows (`mod(vec3, float)`, `mix(vec4, vec4, float)`, `step(float, vec2)`).
    public func call(_ builtin: Builtin, _ args: Value...) -> Value {
        call(builtin, args)
    }

    /// Calls a built-in with an argument array.
    public func call(_ builtin: Builtin, _ args: [Value]) -> Value {
        func arg(_ k: Int) -> Value { args[k] }
        switch builtin {
        case .radians: return elementwise(Radians.self, arg(0))
        case .degrees: return elementwise(Degrees.self, arg(0))
        case .sin: return elementwise(Sin.self, arg(0))
        case .cos: return elementwise(Cos.self, arg(0))
        case .tan: return elementwise(Tan.self, arg(0))
        case .asin: return elementwise(Asin.self, arg(0))
        case .acos: return elementwise(Acos.self, arg(0))
        case .atan: return args.count == 2 ? elementwise(Atan2.self, arg(0), arg(1)) : elementwise(Atan.self, arg(0))
        case .pow:
            // llvmpipe's compiler rewrites pow(x, 1.0) to x and pow(x, 2.0) to x * x.
            if let e = arg(1).constantValues, Set(e).count == 1 {
                if e[0] == 1 { return arg(0) }
                if e[0] == 2 { return multiply(arg(0), arg(0)) }
            }
            return elementwise(Power.self, arg(0), arg(1))
        case .exp: return elementwise(Exp.self, arg(0))
        case .log: return elementwise(Log.self, arg(0))
        case .exp2: return elementwise(Exp2.self, arg(0))
        case .log2: return elementwise(Log2.self, arg(0))
        case .sqrt: return elementwise(Sqrt.self, arg(0))
        case .inversesqrt: return elementwise(InverseSqrt.self, arg(0))
        case .abs: return elementwise(Abs.self, arg(0))
        case .sign: return elementwise(Sign.self, arg(0))
        case .floor: return elementwise(Floor.self, arg(0))
        case .ceil: return elementwise(Ceil.self, arg(0))
        case .fract: return elementwise(Fract.self, arg(0))
        case .mod: return elementwise(Modulo.self, arg(0), arg(1))
        case .min: return elementwise(Minimum.self, arg(0), arg(1))
        case .max: return elementwise(Maximum.self, arg(0), arg(1))
        case .clamp: return elementwise(Clamp.self, arg(0), arg(1), arg(2))
        case .mix:
            if let t = arg(2).constantValues {
                // llvmpipe's compiler simplifies a constant weight of 0 to x and 1 to y (so
                // mix(Inf, 1.0, 0.0) is Inf, not NaN) ...
                if Set(t) == [0] { return arg(0).splat(max(arg(0).width, arg(1).width)) }
                if Set(t) == [1] { return arg(1).splat(max(arg(0).width, arg(1).width)) }
                // ... and evaluates any other as x * (1 - a) + y * a.
                return multiplyAdd(arg(1), arg(2), multiply(arg(0), .constant(t.map { 1 - $0 })))
            }
            return elementwise(Mix.self, arg(0), arg(1), arg(2))
        case .step: return elementwise(Step.self, arg(0), arg(1))
        case .smoothstep: return elementwise(Smoothstep.self, arg(0), arg(1), arg(2))
        case .length:
            return arg(0).width == 1 ? call(.abs, arg(0)) : call(.sqrt, dot(arg(0), arg(0)))
        case .distance: return call(.length, subtract(arg(0), arg(1)))
        case .dot: return dot(arg(0), arg(1))
        case .cross:
            let a = arg(0), b = arg(1)
            let p = multiply(a.swizzled([1, 2, 0]), b.swizzled([2, 0, 1]))
            let q = multiply(b.swizzled([1, 2, 0]), a.swizzled([2, 0, 1]))
            return subtract(p, q)
        case .normalize:
            if arg(0).width == 1 { return call(.sign, arg(0)) }
            return multiply(arg(0), call(.inversesqrt, dot(arg(0), arg(0))))
        case .faceforward:
            // dot(Nref, I) < 0 ? N : -N
            let d = dot(arg(2), arg(1))
            return select(binary(.less, d, .constant(0)), arg(0), unary(.negate, arg(0)))
        case .reflect:
            // I - 2 * dot(N, I) * N
            let d = dot(arg(1), arg(0))
            return subtract(arg(0), multiply(multiply(.constant(2), d), arg(1)))
        case .refract:
            let i = arg(0), n = arg(1), eta = arg(2)
            let d = dot(n, i)
            // k = 1 - eta * eta * (1 - d * d)
            let k = subtract(.constant(1), multiply(multiply(eta, eta), subtract(.constant(1), multiply(d, d))))
            // eta * I - (eta * d + sqrt(k)) * N, or 0 when k < 0
            let r = subtract(multiply(eta, i), multiply(multiplyAdd(eta, d, call(.sqrt, k)), n))
            return select(binary(.less, k, .constant(0)), .constant(Array(repeating: 0, count: i.width)), r)
        case .matrixCompMult: return multiply(arg(0), arg(1))
        case .lessThan: return binary(.less, arg(0), arg(1))
        case .lessThanEqual: return binary(.lessEqual, arg(0), arg(1))
        case .greaterThan: return binary(.greater, arg(0), arg(1))
        case .greaterThanEqual: return binary(.greaterEqual, arg(0), arg(1))
        case .equal: return binary(.equal, arg(0), arg(1))
        case .notEqual: return binary(.notEqual, arg(0), arg(1))
        case .not: return unary(.logicalNot, arg(0))
        case .any, .all:
            let a = arg(0), isAll = builtin == .all
            if let c = a.constantValues {
                return .constant(isAll ? (c.allSatisfy { $0 != 0 } ? 1 : 0) : (c.contains { $0 != 0 } ? 1 : 0))
            }
            var acc = a[0]
            for k in 1..<a.width { acc = binary(isAll ? .logicalAnd : .logicalOr, acc, a[k]) }
            return a.width == 1 ? unary(.toBool, acc) : acc
        case .dFdx, .dFdy:
            let a = arg(0)
            if a.isUniform { return .constant(Array(repeating: 0, count: a.width)) }
            usesDerivatives = true
            let s = operand(a).slots, d = allocateLanes(a.width)
            Self.forChunks(a.width) { r in
                if builtin == .dFdx {
                    emitExternal(Kernels.derivativeX(d: Slots(d[r]), a: Slots(s[r]), width: r.count), reads: Array(s[r]), writes: Array(d[r]))
                } else {
                    emitExternal(Kernels.derivativeY(d: Slots(d[r]), a: Slots(s[r]), width: r.count), reads: Array(s[r]), writes: Array(d[r]))
                }
            }
            return Self.lanes(d)
        case .fwidth:
            return add(call(.abs, call(.dFdx, arg(0))), call(.abs, call(.dFdy, arg(0))))
        }
    }

    // MARK: Textures

    /// `texture2D(sampler, coord)` writing only `channels` (a fused swizzle: `.rgb` is
    /// `[0, 1, 2]`). `lod` is the lookup's level of detail when it gives one (a bias, an
    /// explicit level or derivatives); without it, a mipmapped texture takes the level of
    /// detail of each quad's derivatives.
    /// `offset` is the constant texel offset of the `…Offset` functions.
    public func texture2D(
        _ sampler: Sampler, _ coord: Value, lod: LevelOfDetail? = nil, offset: (x: Int, y: Int) = (0, 0),
        channels: [Int] = [0, 1, 2, 3]
    ) -> Value {
        precondition(sampler.kind == .texture2D && coord.width == 2, "internal error: texture2D(sampler2D, vec2)")
        if lod != nil || offset != (0, 0) {
            return lookupWithOptions(sampler, coord, lod: lod, offset: offset, channels: channels)
        }
        let order = Array(Set(channels)).sorted()
        if coord.isUniform {
            let c = uniformSlots(coord)
            let d = Array(allocateUniforms(order.count)..<uniformFile.count)
            drawKernels.append(Kernels.texture2D(view: sampler.viewIndex, s: c[0], t: c[1], d: d, channels: order))
            return Value(channels.map { .uniform(d[order.firstIndex(of: $0)!]) })
        }
        let c = operand(coord).slots
        let d = allocateLanes(order.count)
        let start = regions[regions.count - 1].kernels.count
        emit(
            Kernels.texture2D(view: sampler.viewIndex, s: c[0], t: c[1], d: d, channels: order),
            Self.textureCode(view: sampler.viewIndex, s: c[0], t: c[1], d: d, channels: order))
        let result = channels.map { d[order.firstIndex(of: $0)!] }
        if channels.count == order.count {
            // `vec4 color = texture2D(…)`: the store may have the lookup write the variable.
            let view = sampler.viewIndex
            lastOperation = LastOperation(
                region: regions.count - 1, kernels: start..<(start + 1), result: result, operands: [c],
                rebuild: { slots in
                    if slots.contains(where: c.contains) { return nil }
                    var target = d
                    for (k, ch) in channels.enumerated() { target[order.firstIndex(of: ch)!] = slots[k] }
                    return [EmittedStep(
                        kernel: Kernels.texture2D(view: view, s: c[0], t: c[1], d: target, channels: order),
                        code: Self.textureCode(view: view, s: c[0], t: c[1], d: target, channels: order))]
                })
        }
        return Value(result.map { .lane($0) })
    }

    /// A lookup's own level of detail: `texture2D(s, p, bias)`, `textureLod`, `textureGrad`.
    public enum LevelOfDetail {
        /// Added to the implicit level of detail.
        case bias(Value)
        /// The level of detail itself.
        case explicit(Value)
        /// The derivatives of the coordinate along x and y (`dPdx`, `dPdy`).
        case gradients(Value, Value)
    }

    /// A lookup with its own level of detail or a texel offset. Without an offset, the native
    /// engine's code for it is the plain lookup when the view has no mipmaps in the draw (exact
    /// there) and the closure kernel otherwise (`LaneCode.mipmapSwitch`); with one, always the
    /// closure kernel.
    func lookupWithOptions(
        _ sampler: Sampler, _ coord: Value, lod: LevelOfDetail?, offset: (x: Int, y: Int), channels: [Int]
    ) -> Value {
        let order = Array(Set(channels)).sorted()
        let c = laneSlots(coord)
        let kind: Kernels.LevelOfDetailKind, slots: [Int]
        switch lod {
        case nil: (kind, slots) = (.implicit, [])
        case .bias(let b): (kind, slots) = (.bias, laneSlots(b))
        case .explicit(let l): (kind, slots) = (.explicit, laneSlots(l))
        case .gradients(let dx, let dy): (kind, slots) = (.gradients, laneSlots(dx) + laneSlots(dy))
        }
        let d = allocateLanes(order.count)
        let kernel = Kernels.texture2D(
            view: sampler.viewIndex, s: c[0], t: c[1], lod: kind, lodSlots: slots, offset: offset, d: d, channels: order)
        if offset == (0, 0) {
            let external = externalCode(kernel, reads: Array(c.prefix(2)) + slots, writes: d)
            var outputs = [-1, -1, -1, -1]
            for (k, ch) in order.enumerated() { outputs[ch] = d[k] }
            let level: [LaneCode]
            switch kind {
            case .implicit: level = [external]
            case .bias, .explicit, .gradients:
                let code: LaneCode.LevelOfDetail = kind == .bias ? .bias : kind == .explicit ? .explicit : .gradients
                level = [.textureLevel(
                    view: sampler.viewIndex, s: c[0], t: c[1], kind: code, lodSlots: slots, outputs: outputs, fallback: [external])]
            }
            emit(kernel, .mipmapSwitch(
                view: sampler.viewIndex, mipmapped: level,
                plain: [Self.textureCode(view: sampler.viewIndex, s: c[0], t: c[1], d: d, channels: order)]))
        } else {
            emitExternal(kernel, reads: Array(c.prefix(2)) + slots, writes: d)
        }
        return Value(channels.map { .lane(d[order.firstIndex(of: $0)!]) })
    }

    /// The lane slots of `value`, copied into lane temporaries unless it is all lanes.
    func laneSlots(_ value: Value) -> [Int] {
        let o = operand(value)
        if o.isLanes { return o.slots }
        let temps = allocateLanes(value.width)
        copy(value, into: temps, masked: false)
        return temps
    }

    /// The native description of a `texture2D` writing `channels` (sorted) into `d`.
    static func textureCode(view: Int, s: Int, t: Int, d: [Int], channels: [Int]) -> LaneCode {
        var outputs = [-1, -1, -1, -1]
        for (k, ch) in channels.enumerated() { outputs[ch] = d[k] }
        return .texture2D(view: view, s: s, t: t, outputs: outputs)
    }

    /// `texture2DProj(sampler, coord)`: coord is a vec3 (s, t scaled by 1 / z) or vec4 (by 1 / w).
    public func texture2DProj(
        _ sampler: Sampler, _ coord: Value, lod: LevelOfDetail? = nil, offset: (x: Int, y: Int) = (0, 0),
        channels: [Int] = [0, 1, 2, 3]
    ) -> Value {
        // llvmpipe multiplies by the reciprocal of q rather than dividing (this matches it
        // bit for bit where a division would differ by one 8-bit step in a few pixels).
        let q = divide(.constant(1), coord[coord.width - 1])
        return texture2D(sampler, multiply(coord.swizzled([0, 1]), q), lod: lod, offset: offset, channels: channels)
    }

    /// `texelFetch(sampler, coord, lod)` for a 2D sampler: `coord` and `lod` hold int bits
    /// (native integers); (0, 0, 0, 0) outside the level or for a level the texture lacks.
    public func texelFetch(
        _ sampler: Sampler, _ coord: Value, lod: Value, offset: (x: Int, y: Int) = (0, 0), channels: [Int] = [0, 1, 2, 3]
    ) -> Value {
        precondition(sampler.kind == .texture2D && coord.width == 2, "internal error: texelFetch(sampler2D, ivec2)")
        let c = laneSlots(coord), l = laneSlots(lod)
        let d = allocateLanes(channels.count)
        emitExternal(
            Kernels.texelFetch(view: sampler.viewIndex, x: c[0], y: c[1], level: l[0], offset: offset, d: d, channels: channels),
            reads: [c[0], c[1], l[0]], writes: d)
        return Self.lanes(d)
    }

    /// `textureSize(sampler, lod)` for a 2D sampler: the size of level `lod` (int bits),
    /// `max(1, size >> lod)` on each axis.
    public func textureSize(_ sampler: Sampler, lod: Value) -> Value {
        let l = laneSlots(lod)
        let d = allocateLanes(2)
        emitExternal(Kernels.textureSize(view: sampler.viewIndex, level: l[0], d: d), reads: [l[0]], writes: d)
        return Self.lanes(d)
    }

    /// `textureCube(sampler, direction)`, `texture(samplerCube, direction[, bias])`,
    /// `textureLod`, `textureGrad`: the level of detail matters to a mipmapped seamless cube
    /// map (`TextureView+Cube.swift`); GL ES 2.0 cube maps read level 0.
    public func textureCube(
        _ sampler: Sampler, _ direction: Value, lod: LevelOfDetail? = nil, channels: [Int] = [0, 1, 2, 3]
    ) -> Value {
        precondition(sampler.kind == .cube && direction.width == 3, "internal error: textureCube(samplerCube, vec3)")
        let order = Array(Set(channels)).sorted()
        if let lod {
            let c = laneSlots(direction)
            let d = allocateLanes(order.count)
            let source = lodSlots(lod)
            emitExternal(
                Kernels.textureCube(view: sampler.viewIndex, x: c[0], y: c[1], z: c[2], lod: source, d: d, channels: order),
                reads: [c[0], c[1], c[2]] + source.slots, writes: d)
            return Value(channels.map { .lane(d[order.firstIndex(of: $0)!]) })
        }
        if direction.isUniform {
            let c = uniformSlots(direction)
            let d = Array(allocateUniforms(order.count)..<uniformFile.count)
            drawKernels.append(Kernels.textureCube(view: sampler.viewIndex, x: c[0], y: c[1], z: c[2], d: d, channels: order))
            return Value(channels.map { .uniform(d[order.firstIndex(of: $0)!]) })
        }
        let c = operand(direction).slots
        let d = allocateLanes(order.count)
        emitExternal(Kernels.textureCube(view: sampler.viewIndex, x: c[0], y: c[1], z: c[2], d: d, channels: order), reads: [c[0], c[1], c[2]], writes: d)
        return Value(channels.map { .lane(d[order.firstIndex(of: $0)!]) })
    }
}
