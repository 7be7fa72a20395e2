import Framebuffers
import ShaderSemantics

/// Kernel factories. Each is generic over the operator and the operand kinds and is only ever
/// called with concrete types, so the optimiser emits one specialised loop per operator and
/// operand shape (lanes × lanes, lanes × broadcast, …); the loop over components runs once per
/// batch, the loop over lanes is the tight, vectorised one.
enum Kernels {
    // MARK: Element-wise

    static func unary<Op: UnaryOp>(_: Op.Type, d: Slots, a: Slots, width: Int) -> Kernel {
        return { ctx in
            let n = ctx.stride
            for c in 0..<width {
                let dp = ctx.registers + d[c] &* n
                let ap = ctx.registers + a[c] &* n
                for i in 0..<n { dp[i] = Op.apply(ap[i]) }
            }
        }
    }

    static func binary<Op: BinaryOp, A: SpanOperand, B: SpanOperand>(
        _: Op.Type, _: A.Type, _: B.Type, d: Slots, a: Slots, b: Slots, width: Int
    ) -> Kernel {
        return { ctx in
            let n = ctx.stride
            for c in 0..<width {
                let dp = ctx.registers + d[c] &* n
                let x = A(ctx, a[c]), y = B(ctx, b[c])
                for i in 0..<n { dp[i] = Op.apply(x[i], y[i]) }
            }
        }
    }

    static func binary<Op: BinaryOp>(
        _ op: Op.Type, aIsLanes: Bool, bIsLanes: Bool, d: Slots, a: Slots, b: Slots, width: Int
    ) -> Kernel {
        switch (aIsLanes, bIsLanes) {
        case (true, true): return binary(op, LaneOperand.self, LaneOperand.self, d: d, a: a, b: b, width: width)
        case (true, false): return binary(op, LaneOperand.self, BroadcastOperand.self, d: d, a: a, b: b, width: width)
        case (false, true): return binary(op, BroadcastOperand.self, LaneOperand.self, d: d, a: a, b: b, width: width)
        case (false, false): return binary(op, BroadcastOperand.self, BroadcastOperand.self, d: d, a: a, b: b, width: width)
        }
    }

    /// `d = d op b`, for `x += y` written in place: reading and writing the same slab keeps
    /// the loop vectorisable (a separate source slab equal to the destination would make the
    /// optimiser's overlap check fail and take its scalar path).
    static func binaryInPlace<Op: BinaryOp, B: SpanOperand>(_: Op.Type, _: B.Type, d: Slots, b: Slots, width: Int) -> Kernel {
        return { ctx in
            let n = ctx.stride
            for c in 0..<width {
                let dp = ctx.registers + d[c] &* n
                let y = B(ctx, b[c])
                for i in 0..<n { dp[i] = Op.apply(dp[i], y[i]) }
            }
        }
    }

    static func ternary<Op: TernaryOp, A: SpanOperand, B: SpanOperand, C: SpanOperand>(
        _: Op.Type, _: A.Type, _: B.Type, _: C.Type, d: Slots, a: Slots, b: Slots, c: Slots, width: Int
    ) -> Kernel {
        return { ctx in
            let n = ctx.stride
            for k in 0..<width {
                let dp = ctx.registers + d[k] &* n
                let x = A(ctx, a[k]), y = B(ctx, b[k]), z = C(ctx, c[k])
                for i in 0..<n { dp[i] = Op.apply(x[i], y[i], z[i]) }
            }
        }
    }

    static func ternary<Op: TernaryOp>(
        _ op: Op.Type, lanes: (Bool, Bool, Bool), d: Slots, a: Slots, b: Slots, c: Slots, width: Int
    ) -> Kernel {
        typealias L = LaneOperand
        typealias B = BroadcastOperand
        switch lanes {
        case (true, true, true): return ternary(op, L.self, L.self, L.self, d: d, a: a, b: b, c: c, width: width)
        case (true, true, false): return ternary(op, L.self, L.self, B.self, d: d, a: a, b: b, c: c, width: width)
        case (true, false, true): return ternary(op, L.self, B.self, L.self, d: d, a: a, b: b, c: c, width: width)
        case (true, false, false): return ternary(op, L.self, B.self, B.self, d: d, a: a, b: b, c: c, width: width)
        case (false, true, true): return ternary(op, B.self, L.self, L.self, d: d, a: a, b: b, c: c, width: width)
        case (false, true, false): return ternary(op, B.self, L.self, B.self, d: d, a: a, b: b, c: c, width: width)
        case (false, false, true): return ternary(op, B.self, B.self, L.self, d: d, a: a, b: b, c: c, width: width)
        case (false, false, false): return ternary(op, B.self, B.self, B.self, d: d, a: a, b: b, c: c, width: width)
        }
    }

    // MARK: Moves

    static func move<A: SpanOperand>(_: A.Type, d: Slots, a: Slots, width: Int) -> Kernel {
        return { ctx in
            let n = ctx.stride
            for c in 0..<width {
                let dp = ctx.registers + d[c] &* n
                let x = A(ctx, a[c])
                for i in 0..<n { dp[i] = x[i] }
            }
        }
    }

    /// `d = mask ? a : d`, branch-free.
    static func maskedMove<A: SpanOperand>(_: A.Type, d: Slots, a: Slots, width: Int, mask: Int) -> Kernel {
        return { ctx in
            let n = ctx.stride
            let m = ctx.registers + mask &* n
            for c in 0..<width {
                let dp = ctx.registers + d[c] &* n
                let x = A(ctx, a[c])
                for i in 0..<n { dp[i] = m[i] != 0 ? x[i] : dp[i] }
            }
        }
    }

    // MARK: Reductions

    /// `dot` in llvmpipe's order: `x0*y0 + (x1*y1 + (x2*y2 + x3*y3))`.
    static func dot<A: SpanOperand, B: SpanOperand>(_: A.Type, _: B.Type, d: Int, a: Slots, b: Slots, width: Int) -> Kernel {
        switch width {
        case 1:
            return binary(Multiply.self, A.self, B.self, d: Slots(repeating: d), a: a, b: b, width: 1)
        case 2:
            return { ctx in
                let n = ctx.stride, dp = ctx.registers + d &* n
                let x0 = A(ctx, a[0]), x1 = A(ctx, a[1]), y0 = B(ctx, b[0]), y1 = B(ctx, b[1])
                for i in 0..<n { dp[i] = x0[i] * y0[i] + x1[i] * y1[i] }
            }
        case 3:
            return { ctx in
                let n = ctx.stride, dp = ctx.registers + d &* n
                let x0 = A(ctx, a[0]), x1 = A(ctx, a[1]), x2 = A(ctx, a[2])
                let y0 = B(ctx, b[0]), y1 = B(ctx, b[1]), y2 = B(ctx, b[2])
                for i in 0..<n { dp[i] = x0[i] * y0[i] + (x1[i] * y1[i] + x2[i] * y2[i]) }
            }
        default:
            return { ctx in
                let n = ctx.stride, dp = ctx.registers + d &* n
                let x0 = A(ctx, a[0]), x1 = A(ctx, a[1]), x2 = A(ctx, a[2]), x3 = A(ctx, a[3])
                let y0 = B(ctx, b[0]), y1 = B(ctx, b[1]), y2 = B(ctx, b[2]), y3 = B(ctx, b[3])
                for i in 0..<n {
                    dp[i] = x0[i] * y0[i] + (x1[i] * y1[i] + (x2[i] * y2[i] + x3[i] * y3[i]))
                }
            }
        }
    }

    static func dot(aIsLanes: Bool, bIsLanes: Bool, d: Int, a: Slots, b: Slots, width: Int) -> Kernel {
        switch (aIsLanes, bIsLanes) {
        case (true, true): return dot(LaneOperand.self, LaneOperand.self, d: d, a: a, b: b, width: width)
        case (true, false): return dot(LaneOperand.self, BroadcastOperand.self, d: d, a: a, b: b, width: width)
        case (false, true): return dot(BroadcastOperand.self, LaneOperand.self, d: d, a: a, b: b, width: width)
        case (false, false): return dot(BroadcastOperand.self, BroadcastOperand.self, d: d, a: a, b: b, width: width)
        }
    }

    /// `any` (isAll false) or `all` (isAll true) of bool components.
    static func anyAll(d: Int, a: Slots, width: Int, isAll: Bool) -> Kernel {
        return { ctx in
            let n = ctx.stride, dp = ctx.registers + d &* n
            let first = ctx.registers + a[0] &* n
            for i in 0..<n { dp[i] = first[i] != 0 ? 1 : 0 }
            for c in 1..<max(width, 1) {
                let ap = ctx.registers + a[c] &* n
                if isAll {
                    for i in 0..<n { dp[i] = (dp[i] != 0 && ap[i] != 0) ? 1 : 0 }
                } else {
                    for i in 0..<n { dp[i] = (dp[i] != 0 || ap[i] != 0) ? 1 : 0 }
                }
            }
        }
    }

    // MARK: Derivatives (lanes are 2×2 quads: 0 = (x, y), 1 = (x+1, y), 2 = (x, y+1), 3 = (x+1, y+1))

    static func derivativeX(d: Slots, a: Slots, width: Int) -> Kernel {
        return { ctx in
            let n = ctx.stride
            for c in 0..<width {
                let dp = ctx.registers + d[c] &* n, ap = ctx.registers + a[c] &* n
                for q in stride(from: 0, to: n, by: 4) {
                    let top = ap[q + 1] - ap[q], bottom = ap[q + 3] - ap[q + 2]
                    dp[q] = top; dp[q + 1] = top; dp[q + 2] = bottom; dp[q + 3] = bottom
                }
            }
        }
    }

    static func derivativeY(d: Slots, a: Slots, width: Int) -> Kernel {
        return { ctx in
            let n = ctx.stride
            for c in 0..<width {
                let dp = ctx.registers + d[c] &* n, ap = ctx.registers + a[c] &* n
                for q in stride(from: 0, to: n, by: 4) {
                    let left = ap[q + 2] - ap[q], right = ap[q + 3] - ap[q + 1]
                    dp[q] = left; dp[q + 1] = right; dp[q + 2] = left; dp[q + 3] = right
                }
            }
        }
    }

    // MARK: Arrays with dynamic indices

    /// Clamps a float index to `0...last` after truncation (NaN becomes 0).
    @inline(__always)
    static func clampIndex(_ x: Float, _ last: Float) -> Float {
        let t = x.rounded(.towardZero)
        return t >= 0 ? (t <= last ? t : last) : 0
    }

    /// The truncated index when it is inside `0...last`, else `last` (NaN included): a
    /// matrix column read out of range, as llvmpipe.
    @inline(__always)
    static func lastIfOutside(_ x: Float, _ last: Float) -> Float {
        let t = x.rounded(.towardZero)
        return t >= 0 && t <= last ? t : last
    }

    /// 0 when a float index truncates to outside `0...last` (NaN counts as inside: it reads
    /// element 0), else 1: an array in the constant buffer read out of range gives 0.
    @inline(__always)
    static func inRange(_ x: Float, _ last: Float) -> Float {
        let t = x.rounded(.towardZero)
        return t < 0 || t > last ? 0 : 1
    }

    /// Gathers element `index[i]` of an array whose elements are `elementWidth` consecutive slots
    /// from `base`, in the register file (`fromUniforms` false) or the uniform file. An index out
    /// of range follows `rule` (`OutOfRangeIndex`): the last element of an array in registers or
    /// column of a matrix, 0 for an array in the constant buffer, the nearest component of a
    /// vector, as llvmpipe.
    static func gather<I: SpanOperand>(
        _: I.Type, d: [Int], index: Int, base: Int, elementWidth: Int, count: Int, fromUniforms: Bool,
        rule: OutOfRangeIndex
    ) -> Kernel {
        let last = Float(count - 1)
        let readsZero = rule == .constantArray, clampsToLast = rule == .matrix || rule == .array
        let dSlots = ContiguousArray(d)
        return { ctx in
            let n = ctx.stride
            let idx = I(ctx, index)
            for c in 0..<dSlots.count {
                let dp = ctx.registers + dSlots[c] &* n
                if fromUniforms {
                    let src = ctx.uniforms + base + c
                    if clampsToLast {
                        for i in 0..<n { dp[i] = src[Int(lastIfOutside(idx[i], last)) &* elementWidth] }
                    } else {
                        for i in 0..<n { dp[i] = src[Int(clampIndex(idx[i], last)) &* elementWidth] }
                    }
                } else {
                    let src = ctx.registers + (base + c) &* n
                    let step = elementWidth &* n
                    if clampsToLast {
                        for i in 0..<n { dp[i] = src[Int(lastIfOutside(idx[i], last)) &* step &+ i] }
                    } else {
                        for i in 0..<n { dp[i] = src[Int(clampIndex(idx[i], last)) &* step &+ i] }
                    }
                }
                if readsZero {
                    for i in 0..<n { dp[i] = inRange(idx[i], last) != 0 ? dp[i] : 0 }
                }
            }
        }
    }

    /// Writes `value` into element `index[i]` of a lane array for lanes whose mask is set. An
    /// index out of range (or NaN) writes the last element of an array or matrix and nothing
    /// into a vector, as llvmpipe (`OutOfRangeIndex`).
    static func scatter<I: SpanOperand, V: SpanOperand>(
        _: I.Type, _: V.Type, value: [Int], index: Int, base: Int, elementWidth: Int, count: Int, mask: Int,
        rule: OutOfRangeIndex
    ) -> Kernel {
        let isArray = rule != .vector  // arrays and matrices: the last element takes the rest
        let vSlots = ContiguousArray(value)
        return { ctx in
            let n = ctx.stride
            let idx = I(ctx, index)
            let m = ctx.registers + mask &* n
            for k in 0..<count {
                let kf = Float(k)
                let takesTheRest = isArray && k == count - 1
                for c in 0..<vSlots.count {
                    let ep = ctx.registers + (base + k &* elementWidth + c) &* n
                    let v = V(ctx, vSlots[c])
                    if takesTheRest {
                        // Every index but 0..<last lands here.
                        for i in 0..<n {
                            let t = idx[i].rounded(.towardZero)
                            ep[i] = (m[i] != 0 && !(t >= 0 && t < kf)) ? v[i] : ep[i]
                        }
                    } else {
                        for i in 0..<n {
                            ep[i] = (m[i] != 0 && idx[i].rounded(.towardZero) == kf) ? v[i] : ep[i]
                        }
                    }
                }
            }
        }
    }

    // MARK: Textures

    /// `texture2D` writing the channels listed in `channels` (a fused swizzle) into `d`.
    static func texture2D(view: Int, s: Int, t: Int, d: [Int], channels: [Int]) -> Kernel {
        var out = SIMD4<Int>(repeating: -1)
        for (k, ch) in channels.enumerated() { out[ch] = d[k] }
        let o = out
        return { ctx in
            let n = ctx.stride, r = ctx.registers
            ctx.textures[view].sample(
                s: r + s &* n, t: r + t &* n, count: n,
                outputs: (o.x >= 0 ? r + o.x &* n : nil, o.y >= 0 ? r + o.y &* n : nil,
                          o.z >= 0 ? r + o.z &* n : nil, o.w >= 0 ? r + o.w &* n : nil)
            )
        }
    }

    /// How a lookup's level-of-detail slots are read (`ProgramBuilder.LevelOfDetail`).
    enum LevelOfDetailKind { case implicit, bias, explicit, gradients }

    /// `texture2D` with its own level of detail or a texel offset: `lodSlots` holds nothing
    /// (implicit), the bias, the level, or ds/dx, dt/dx, ds/dy, dt/dy.
    static func texture2D(
        view: Int, s: Int, t: Int, lod: LevelOfDetailKind, lodSlots l: [Int], offset: (x: Int, y: Int), d: [Int],
        channels: [Int]
    ) -> Kernel {
        var out = SIMD4<Int>(repeating: -1)
        for (k, ch) in channels.enumerated() { out[ch] = d[k] }
        let o = out
        return { ctx in
            let n = ctx.stride, r = ctx.registers
            let source: TextureView.LevelOfDetailSource
            switch lod {
            case .implicit: source = .implicit(bias: nil)
            case .bias: source = .implicit(bias: r + l[0] &* n)
            case .explicit: source = .explicit(r + l[0] &* n)
            case .gradients: source = .gradients(r + l[0] &* n, r + l[1] &* n, r + l[2] &* n, r + l[3] &* n)
            }
            let texture = offset == (0, 0) ? ctx.textures[view] : ctx.textures[view].offset(x: offset.x, y: offset.y)
            texture.sample(
                s: r + s &* n, t: r + t &* n, count: n, lod: source,
                outputs: (o.x >= 0 ? r + o.x &* n : nil, o.y >= 0 ? r + o.y &* n : nil,
                          o.z >= 0 ? r + o.z &* n : nil, o.w >= 0 ? r + o.w &* n : nil)
            )
        }
    }

    /// `texelFetch(sampler2D, ivec2, lod)`: `x`, `y` and `level` hold int bits.
    static func texelFetch(view: Int, x: Int, y: Int, level: Int, offset: (x: Int, y: Int), d: [Int], channels: [Int]) -> Kernel {
        let pairs = Array(zip(channels, d))
        return { ctx in
            let n = ctx.stride, r = ctx.registers, texture = ctx.textures[view]
            for i in 0..<n {
                let px = Int(Int32(bitPattern: r[x &* n &+ i].bitPattern))
                let py = Int(Int32(bitPattern: r[y &* n &+ i].bitPattern))
                let lod = Int(Int32(bitPattern: r[level &* n &+ i].bitPattern))
                let texel = texture.fetch(x: px &+ offset.x, y: py &+ offset.y, level: lod)
                for (ch, slot) in pairs { r[slot &* n &+ i] = texel[ch] }
            }
        }
    }

    /// `textureSize(sampler2D, lod)`, as int bits, into the lanes of `d`. Each 2×2 quad takes
    /// the level of its first lane, as llvmpipe's size query.
    static func textureSize(view: Int, level: Int, d: [Int]) -> Kernel {
        { ctx in
            let n = ctx.stride, r = ctx.registers, texture = ctx.textures[view]
            for i in 0..<n {
                let size = texture.levelSize(Int(Int32(bitPattern: r[level &* n &+ (i & ~3)].bitPattern)))
                r[d[0] &* n &+ i] = Float(bitPattern: UInt32(truncatingIfNeeded: size.width))
                r[d[1] &* n &+ i] = Float(bitPattern: UInt32(truncatingIfNeeded: size.height))
            }
        }
    }

    /// The lane slots a lookup's own level of detail reads (cube and 3D lookups).
    enum LODSlots {
        case implicit(bias: Int?)
        case explicit(Int)
        case gradients([Int], [Int])

        var slots: [Int] {
            switch self {
            case .implicit(let bias): bias.map { [$0] } ?? []
            case .explicit(let level): [level]
            case .gradients(let dx, let dy): dx + dy
            }
        }
    }

    /// `textureCube` over six consecutive face views starting at `view`; `lod` is the lookup's
    /// own level of detail (implicit, from the quads, when nil or a bias).
    static func textureCube(
        view: Int, x: Int, y: Int, z: Int, lod: LODSlots = .implicit(bias: nil), d: [Int], channels: [Int]
    ) -> Kernel {
        var out = SIMD4<Int>(repeating: -1)
        for (k, ch) in channels.enumerated() { out[ch] = d[k] }
        let o = out
        return { ctx in
            let n = ctx.stride, r = ctx.registers
            let source: TextureView.CubeLevelOfDetail
            switch lod {
            case .implicit(let bias): source = .implicit(bias: bias.map { UnsafePointer(r + $0 &* n) })
            case .explicit(let level): source = .explicit(UnsafePointer(r + level &* n))
            case .gradients(let dx, let dy):
                func lanes(_ slot: Int) -> UnsafePointer<Float> { UnsafePointer(r + slot &* n) }
                source = .gradients((lanes(dx[0]), lanes(dx[1]), lanes(dx[2])), (lanes(dy[0]), lanes(dy[1]), lanes(dy[2])))
            }
            TextureView.sampleCube(
                faces: ctx.textures + view, x: r + x &* n, y: r + y &* n, z: r + z &* n, count: n, lod: source,
                outputs: (o.x >= 0 ? r + o.x &* n : nil, o.y >= 0 ? r + o.y &* n : nil,
                          o.z >= 0 ? r + o.z &* n : nil, o.w >= 0 ? r + o.w &* n : nil)
            )
        }
    }
}
