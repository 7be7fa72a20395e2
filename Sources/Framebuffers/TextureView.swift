/// A borrowed, trivially copyable view of texel storage plus its sampling state: what the
/// shading loop holds while sampling (no reference counting, no bounds checks).
///
/// A view is valid only while the `SampledTexture` (or `CubeTexture`) that made it is alive.
public struct TextureView: @unchecked Sendable {
    /// Width in texels.
    public let width: Int
    /// Height in texels.
    public let height: Int
    /// The sampling parameters.
    public let state: SamplerState
    @usableFromInline let bytes: UnsafePointer<UInt8>?
    @usableFromInline let floats: UnsafePointer<Float>?
    @usableFromInline let widthF: Float
    @usableFromInline let heightF: Float
    @usableFromInline let table: UnsafePointer<Float>
    /// Views of every mipmap level, level 0 first (`levelCount` of them), or nil when the
    /// texture has only level 0. Level views have no levels of their own.
    @usableFromInline let levels: UnsafePointer<TextureView>?
    /// The number of mipmap levels (1 without mipmaps).
    public let levelCount: Int
    /// A constant texel offset added to the texel indices of every lookup (the `…Offset`
    /// texture functions); (0, 0) otherwise.
    public let texelOffset: (x: Int, y: Int)
    /// The layers (slices of a 3D texture, layers of a 2D array) stacked top to bottom in the
    /// view's rows, each `height / layerCount` rows; 1 for a 2D texture
    /// (`TextureView+Layers.swift`).
    public let layerCount: Int

    init(
        width: Int, height: Int, state: SamplerState, bytes: UnsafePointer<UInt8>?, floats: UnsafePointer<Float>?,
        levels: UnsafePointer<TextureView>? = nil, levelCount: Int = 1, texelOffset: (x: Int, y: Int) = (0, 0),
        layerCount: Int = 1, table: UnsafePointer<Float>? = nil
    ) {
        self.width = width
        self.height = height
        self.state = state
        self.bytes = bytes
        self.floats = floats
        self.widthF = Float(width)
        self.heightF = Float(height)
        // A view made from another (a level, a layer) takes its table: no lazy global to check.
        self.table = table ?? unormToFloatTable
        self.levels = levels
        self.levelCount = levelCount
        self.texelOffset = texelOffset
        self.layerCount = layerCount
    }

    /// The RGBA8 texels, row 0 first, when the texture holds bytes (nil for float textures):
    /// for code generators that sample with the same filter (`ShaderExecution`'s native engine).
    public var rgba8Texels: UnsafePointer<UInt8>? { bytes }

    /// The RGBA32F texels, row 0 first, when the texture holds floats (nil for RGBA8 ones).
    public var float32Texels: UnsafePointer<Float>? { floats }

    /// The same texels sampled with other parameters.
    public func with(_ state: SamplerState) -> TextureView {
        TextureView(
            width: width, height: height, state: state, bytes: bytes, floats: floats, levels: levels, levelCount: levelCount,
            texelOffset: texelOffset, layerCount: layerCount)
    }

    /// The same texels with `(x, y)` added to the texel indices of every lookup, at every
    /// level: GLSL's `textureOffset` and friends.
    public func offset(x: Int, y: Int) -> TextureView {
        TextureView(
            width: width, height: height, state: state, bytes: bytes, floats: floats, levels: levels, levelCount: levelCount,
            texelOffset: (x, y), layerCount: layerCount)
    }

    /// Texel (x, y), inside level `k`, of a view whose levels `level(k)` would give, without
    /// making that view (`k` 0, or past the levels of a view without mipmaps, reads level 0).
    @inline(__always)
    func levelTexel(_ k: Int, x: Int, y: Int) -> SIMD4<Float> {
        if k > 0, let levels { return levels[k].texelInside(x, y) }
        return texelInside(x, y)
    }

    /// Texel (x, y) of level 0, which the caller keeps inside the texture.
    @inline(__always)
    func texelInside(_ x: Int, _ y: Int) -> SIMD4<Float> {
        if let bytes {
            let p = bytes + (y &* width &+ x) &* 4
            return SIMD4(table[Int(p[0])], table[Int(p[1])], table[Int(p[2])], table[Int(p[3])])
        }
        return texelFloat(x, y)
    }

    /// The width of level `k` as `level(k)` has it.
    @inline(__always)
    func levelWidth(_ k: Int) -> Int {
        if k > 0, let levels { return levels[k].width }
        return width
    }

    /// `texelFetch`: texel (`x`, `y`) of level `level` with no filtering or wrapping,
    /// converted as sampling converts it; (0, 0, 0, 0) outside the level or for a level the
    /// texture does not have (llvmpipe's bounds check).
    public func fetch(x: Int, y: Int, level: Int = 0) -> SIMD4<Float> {
        if level != 0 {
            guard level > 0, level < levelCount, let levels else { return SIMD4(repeating: 0) }
            return levels[level].fetch(x: x, y: y)
        }
        guard x >= 0, y >= 0, x < width, y < height else { return SIMD4(repeating: 0) }
        return texelInside(x, y)
    }

    /// Samples at one texture coordinate (s, t); t = 0 is texture row 0.
    ///
    /// RGBA8 textures follow llvmpipe's fixed-point bilinear filter: `x = s * width - 0.5`,
    /// weight `rint(fract(x) * 256)`, integer lerps on the bytes (x first, then y), and the
    /// 8-bit result converted through `unormToFloatTable`. Float32 textures are filtered in
    /// float with weights `fract(x)`.
    ///
    /// This reads level 0 (a magnified lookup); mipmapped lookups take a level of detail
    /// (`sample(s:t:lod:)`, `sample(s:t:count:lod:outputs:)`).
    public func sample(s: Float, t: Float) -> SIMD4<Float> {
        if bytes != nil {
            return state.filter == .linear ? linearRGBA8(s, t) : nearestRGBA8(s, t)
        }
        return state.filter == .linear ? linearFloat(s, t) : nearestFloat(s, t)
    }

    /// Samples a span of coordinates, writing only the requested channels. A mipmapped view
    /// takes the level of detail of each 2×2 quad of lanes (`TextureView+Mipmaps.swift`).
    ///
    /// - Parameters:
    ///   - s: `count` s coordinates.
    ///   - t: `count` t coordinates.
    ///   - outputs: destinations for red, green, blue, alpha; `nil` skips a channel.
    public func sample(
        s: UnsafePointer<Float>, t: UnsafePointer<Float>, count: Int,
        outputs o: (UnsafeMutablePointer<Float>?, UnsafeMutablePointer<Float>?,
                    UnsafeMutablePointer<Float>?, UnsafeMutablePointer<Float>?)
    ) {
        if isMipmapped {
            sample(s: s, t: t, count: count, lod: .implicit(bias: nil), outputs: o)
            return
        }
        // Unrequested channels go to a zero-stride sink so the loops have no branches.
        let rs = o.0 == nil ? 0 : 1, gs = o.1 == nil ? 0 : 1, bs = o.2 == nil ? 0 : 1, as_ = o.3 == nil ? 0 : 1
        var sink = SIMD4<Float>()
        withUnsafeMutablePointer(to: &sink) { sinkPointer in
            let sp = UnsafeMutableRawPointer(sinkPointer).assumingMemoryBound(to: Float.self)
            let r = o.0 ?? sp, g = o.1 ?? sp, b = o.2 ?? sp, a = o.3 ?? sp
            if texelOffset != (0, 0) {
                // `…Offset` lookups take the one-lane path, which applies the offset.
                for i in 0..<count {
                    let c = sample(s: s[i], t: t[i])
                    r[i * rs] = c.x; g[i * gs] = c.y; b[i * bs] = c.z; a[i * as_] = c.w
                }
            } else if bytes != nil {
                if state.filter == .linear {
                    if rs == 1 && gs == 1 && bs == 1 && as_ == 1 {
                        // Constant strides: this inlined copy has no stride arithmetic.
                        linearRGBA8Span(s, t, count, r, 1, g, 1, b, 1, a, 1)
                    } else {
                        linearRGBA8Span(s, t, count, r, rs, g, gs, b, bs, a, as_)
                    }
                } else {
                    for i in 0..<count {
                        let c = nearestRGBA8(s[i], t[i])
                        r[i * rs] = c.x; g[i * gs] = c.y; b[i * bs] = c.z; a[i * as_] = c.w
                    }
                }
            } else if state.filter == .linear {
                for i in 0..<count {
                    let c = linearFloat(s[i], t[i])
                    r[i * rs] = c.x; g[i * gs] = c.y; b[i * bs] = c.z; a[i * as_] = c.w
                }
            } else {
                for i in 0..<count {
                    let c = nearestFloat(s[i], t[i])
                    r[i * rs] = c.x; g[i * gs] = c.y; b[i * bs] = c.z; a[i * as_] = c.w
                }
            }
        }
    }

    // MARK: Texel addressing

    /// Splits a texel-space coordinate into floor index and fraction; NaN and huge values
    /// are clamped first so the integer conversion can never trap.
    @inline(__always)
    static func split(_ x: Float) -> (index: Int, fraction: Float) {
        // floor without libm or checked conversions: round to nearest with the 1.5 * 2^23
        // trick, step down when that rounded up, and read the integer from the low mantissa
        // bits. NaN and huge values are clamped first.
        let limit: Float = 4_194_304
        // From 2^22 on the trick would round; a float there has at most one fraction bit,
        // and llvmpipe's floor is exact up to 2^31 (a repeating 256-texel texture read at
        // `uv * 7919.0`, Shadertoy 3lc3zM's random directions).
        if abs(x) >= limit, abs(x) < 2_147_483_648 {
            let f = x.rounded(.down)
            return (Int(f), x - f)
        }
        // NaN compares false, so it takes the upper limit: the last texel under clamp-to-edge,
        // which is what llvmpipe samples at a NaN coordinate.
        let c = x <= limit ? (x >= -limit ? x : -limit) : limit
        let magic: Float = 12_582_912
        let nearest = (c + magic) - magic
        let f = nearest > c ? nearest - 1 : nearest
        let bits = Int32(bitPattern: (f + magic).bitPattern) &- Int32(bitPattern: magic.bitPattern)
        return (Int(bits), c - f)
    }

    /// The first texel and the fraction of a bilinear footprint at texel-space coordinate `a`
    /// (`s · width`): `split(a - 0.5)`, which is exact while `|a| < 2^23`. Past that the
    /// subtraction would round, and llvmpipe's 8-bit path works in fixed point instead:
    /// `v = rint(a · 256) - 128` as a 32-bit integer (INT_MIN when out of range), the texel
    /// `v >> 8` and the weight `v & 255` (a 256-texel texture repeated at `uv * 7.9e6`) — on a
    /// repeating axis; under clamp-to-edge llvmpipe clamps first (the edge texel either way).
    /// Float textures and axes that do not repeat (`fixedPoint` false): `split(a - 0.5)` always.
    @inline(__always)
    static func corner(_ a: Float, fixedPoint: Bool = true) -> (index: Int, fraction: Float) {
        guard fixedPoint, abs(a) >= 8_388_608, a.isFinite else { return split(a - 0.5) }
        let scaled = (a * 256).rounded(.toNearestOrEven)
        let fixed = abs(scaled) < 2_147_483_648 ? Int32(scaled) : Int32.min
        let v = fixed &- 128
        return (Int(v >> 8), Float(v & 255) / 256)
    }

    /// `rint(f * 256)` for a fraction in [0, 1): 8-bit sub-texel weight, ties to even.
    @inline(__always)
    static func weight(_ f: Float) -> Int32 {
        let magic: Float = 12_582_912
        return Int32(bitPattern: (f * 256 + magic).bitPattern) &- Int32(bitPattern: magic.bitPattern)
    }

    /// GL's wrap of an integer texel index into `0..<n`.
    @inline(__always)
    static func wrap(_ i: Int, _ n: Int, _ mode: TextureWrap) -> Int {
        switch mode {
        case .clampToEdge:
            return i < 0 ? 0 : (i >= n ? n - 1 : i)
        case .repeat:
            // A power-of-two size (most textures) wraps with a mask: two's complement makes
            // `i & (n - 1)` the non-negative remainder, without a division.
            if n & (n &- 1) == 0 { return i & (n &- 1) }
            let m = i % n
            return m < 0 ? m + n : m
        case .mirroredRepeat:
            var m = i % (2 * n)
            if m < 0 { m += 2 * n }
            return m < n ? m : 2 * n - 1 - m
        }
    }

    /// The coordinates a lookup filters, and the texel offsets left to add to the indices, as
    /// llvmpipe wraps them: on an axis that repeats with a size that is not a power of two, a
    /// texel offset is added to the coordinate as `offset / size` and the coordinate is wrapped
    /// first, to `fract(c)` (at most 1 - 2^-24); elsewhere the offset goes to the texel index and
    /// the index is wrapped.
    @inline(__always)
    func prepared(_ s: Float, _ t: Float) -> (s: Float, t: Float, x: Int, y: Int) {
        var s = s, t = t, ox = texelOffset.x, oy = texelOffset.y
        if state.wrapS == .repeat && width.nonzeroBitCount != 1 {
            if ox != 0 { s += Float(ox) / widthF; ox = 0 }
            s = TextureView.fractionBelowOne(s)
        }
        if state.wrapT == .repeat && height.nonzeroBitCount != 1 {
            if oy != 0 { t += Float(oy) / heightF; oy = 0 }
            t = TextureView.fractionBelowOne(t)
        }
        return (s, t, ox, oy)
    }

    /// `x - floor(x)`, at most the float below 1 (llvmpipe's `fract_safe`); NaN stays NaN.
    @inline(__always)
    static func fractionBelowOne(_ x: Float) -> Float {
        let f = x - x.rounded(.down)
        return f < 0.99999994 ? f : (f == f ? 0.99999994 : f)
    }

    @inline(__always)
    func texelRGBA8(_ x: Int, _ y: Int) -> SIMD4<Int32> {
        let p = bytes.unsafelyUnwrapped + (y * width + x) * 4
        return SIMD4(Int32(p[0]), Int32(p[1]), Int32(p[2]), Int32(p[3]))
    }

    @inline(__always)
    func texelFloat(_ x: Int, _ y: Int) -> SIMD4<Float> {
        let p = floats.unsafelyUnwrapped + (y * width + x) * 4
        return SIMD4(p[0], p[1], p[2], p[3])
    }

    @inline(__always)
    private func nearestRGBA8(_ s: Float, _ t: Float) -> SIMD4<Float> {
        let (s, t, ox, oy) = prepared(s, t)
        let x = TextureView.wrap(TextureView.split(s * widthF).index &+ ox, width, state.wrapS)
        let y = TextureView.wrap(TextureView.split(t * heightF).index &+ oy, height, state.wrapT)
        let p = bytes.unsafelyUnwrapped + (y * width + x) * 4
        return SIMD4(table[Int(p[0])], table[Int(p[1])], table[Int(p[2])], table[Int(p[3])])
    }

    /// The filtered RGBA8 value at (s, t) as bytes (0...255 per channel), before conversion
    /// to float: what llvmpipe mixes between mipmap levels.
    @inline(__always)
    func sampleBytes(s: Float, t: Float) -> SIMD4<Int32> {
        if state.filter == .nearest {
            let (s, t, ox, oy) = prepared(s, t)
            let x = TextureView.wrap(TextureView.split(s * widthF).index &+ ox, width, state.wrapS)
            let y = TextureView.wrap(TextureView.split(t * heightF).index &+ oy, height, state.wrapT)
            return texelRGBA8(x, y)
        }
        return linearRGBA8Bytes(s, t)
    }

    @inline(__always)
    private func nearestFloat(_ s: Float, _ t: Float) -> SIMD4<Float> {
        let (s, t, ox, oy) = prepared(s, t)
        let x = TextureView.wrap(TextureView.split(s * widthF).index &+ ox, width, state.wrapS)
        let y = TextureView.wrap(TextureView.split(t * heightF).index &+ oy, height, state.wrapT)
        return texelFloat(x, y)
    }

    /// The bilinear filter's first texel (unwrapped, texel offset added) and fractions at (s, t).
    @inline(__always)
    private func bilinearCorner(_ s: Float, _ t: Float, fixedPoint: Bool = true) -> (x: Int, fx: Float, y: Int, fy: Float) {
        let (s, t, ox, oy) = prepared(s, t)
        let (ix, fx) = TextureView.corner(s * widthF, fixedPoint: fixedPoint && state.wrapS == .repeat)
        let (iy, fy) = TextureView.corner(t * heightF, fixedPoint: fixedPoint && state.wrapT == .repeat)
        return (ix &+ ox, fx, iy &+ oy, fy)
    }

    @inline(__always)
    private func linearRGBA8(_ s: Float, _ t: Float) -> SIMD4<Float> {
        let c = linearRGBA8Bytes(s, t)
        return SIMD4(table[Int(c.x)], table[Int(c.y)], table[Int(c.z)], table[Int(c.w)])
    }

    @inline(__always)
    private func linearRGBA8Bytes(_ s: Float, _ t: Float) -> SIMD4<Int32> {
        let (ix, fx, iy, fy) = bilinearCorner(s, t)
        let wx = TextureView.weight(fx), wy = TextureView.weight(fy)
        let x0 = TextureView.wrap(ix, width, state.wrapS)
        let y0 = TextureView.wrap(iy, height, state.wrapT)
        if wx == 0 && wy == 0 {
            // Exactly on a texel centre (the common case for passthrough-like shaders).
            return texelRGBA8(x0, y0)
        }
        let x1 = TextureView.wrap(ix + 1, width, state.wrapS)
        let y1 = TextureView.wrap(iy + 1, height, state.wrapT)
        let c00 = texelRGBA8(x0, y0), c10 = texelRGBA8(x1, y0)
        let c01 = texelRGBA8(x0, y1), c11 = texelRGBA8(x1, y1)
        let half = SIMD4<Int32>(repeating: 128)
        let top = c00 &+ (((c10 &- c00) &* wx &+ half) &>> 8)
        let bottom = c01 &+ (((c11 &- c01) &* wx &+ half) &>> 8)
        return top &+ (((bottom &- top) &* wy &+ half) &>> 8)
    }

    /// Bilinear RGBA8 over a span in two passes: a branch-free, vectorisable pass computes
    /// texel indices and 8-bit weights for every lane; a second pass fetches, taking one texel
    /// where both weights are 0 (texel centres, the common case in image filters).
    @inline(__always)
    private func linearRGBA8Span(
        _ s: UnsafePointer<Float>, _ t: UnsafePointer<Float>, _ count: Int,
        _ r: UnsafeMutablePointer<Float>, _ rs: Int, _ g: UnsafeMutablePointer<Float>, _ gs: Int,
        _ b: UnsafeMutablePointer<Float>, _ bs: Int, _ a: UnsafeMutablePointer<Float>, _ as_: Int
    ) {
        let chunk = 64
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 4 * chunk) { buffer in
            let xs = buffer.baseAddress!, ys = xs + chunk, wxs = ys + chunk, wys = wxs + chunk
            let texels = bytes.unsafelyUnwrapped
            let scale = SIMD4<Float>(repeating: Float(1.0 / 255.0))
            let w = Int32(width), h = Int32(height)
            let isClamped = state.wrapS == .clampToEdge && state.wrapT == .clampToEdge
            let repeatsFractionally = (state.wrapS == .repeat && width.nonzeroBitCount != 1)
                || (state.wrapT == .repeat && height.nonzeroBitCount != 1)
            var start = 0
            while start < count {
                let m = min(chunk, count - start)
                let sp = s + start, tp = t + start
                if sampleRowOfTexelCentres(sp, tp, m, start, r, rs, g, gs, b, bs, a, as_) {
                    start += m
                    continue
                }
                var anyWeight: Int32 = 0
                for i in 0..<m {
                    // Repeating axes of other sizes than powers of two wrap the coordinate first.
                    let (si, ti) = repeatsFractionally ? { let p = prepared(sp[i], tp[i]); return (p.s, p.t) }() : (sp[i], tp[i])
                    let (ix, fx) = TextureView.corner(si * widthF, fixedPoint: state.wrapS == .repeat)
                    let (iy, fy) = TextureView.corner(ti * heightF, fixedPoint: state.wrapT == .repeat)
                    // A weight of 256 (a fraction that rounds up) takes all of the next texel:
                    // the lerp `c0 + ((c1 - c0) * 256 + 128) >> 8` is exactly c1, so step the
                    // index instead and keep weights in 0..<256.
                    let wx = TextureView.weight(fx), wy = TextureView.weight(fy)
                    xs[i] = Int32(truncatingIfNeeded: ix) &+ (wx &>> 8)
                    ys[i] = Int32(truncatingIfNeeded: iy) &+ (wy &>> 8)
                    wxs[i] = wx & 255; wys[i] = wy & 255
                    anyWeight |= (wx | wy) & 255
                }
                if anyWeight == 0 && isClamped {
                    // Every lane of the chunk is on a texel centre: one fetch each.
                    for i in 0..<m {
                        let xi = xs[i], yi = ys[i]
                        let x0 = Int(xi < 0 ? 0 : (xi >= w ? w &- 1 : xi))
                        let y0 = Int(yi < 0 ? 0 : (yi >= h ? h &- 1 : yi))
                        let p = texels + ((y0 &* width &+ x0) &<< 2)
                        let o = start &+ i
                        // k * Float(1/255) computed in SIMD: the same bits as the table.
                        let c = SIMD4<Float>(SIMD4<Int32>(Int32(p[0]), Int32(p[1]), Int32(p[2]), Int32(p[3]))) * scale
                        r[o &* rs] = c.x; g[o &* gs] = c.y; b[o &* bs] = c.z; a[o &* as_] = c.w
                    }
                    start += m
                    continue
                }
                for i in 0..<m {
                    let wx = wxs[i], wy = wys[i]
                    var x0 = Int(xs[i]), y0 = Int(ys[i]), x1 = x0 &+ 1, y1 = y0 &+ 1
                    if isClamped {
                        x0 = x0 < 0 ? 0 : (x0 >= Int(w) ? Int(w) &- 1 : x0)
                        y0 = y0 < 0 ? 0 : (y0 >= Int(h) ? Int(h) &- 1 : y0)
                        x1 = x1 < 0 ? 0 : (x1 >= Int(w) ? Int(w) &- 1 : x1)
                        y1 = y1 < 0 ? 0 : (y1 >= Int(h) ? Int(h) &- 1 : y1)
                    } else {
                        x0 = TextureView.wrap(x0, width, state.wrapS); x1 = TextureView.wrap(x1, width, state.wrapS)
                        y0 = TextureView.wrap(y0, height, state.wrapT); y1 = TextureView.wrap(y1, height, state.wrapT)
                    }
                    let o = start &+ i
                    let row0 = y0 &* width, row1 = y1 &* width
                    let p00 = texels + ((row0 &+ x0) &<< 2)
                    if wx == 0 && wy == 0 {
                        let f = SIMD4<Float>(SIMD4<Int32>(Int32(p00[0]), Int32(p00[1]), Int32(p00[2]), Int32(p00[3]))) * scale
                        r[o &* rs] = f.x; g[o &* gs] = f.y; b[o &* bs] = f.z; a[o &* as_] = f.w
                        continue
                    }
                    let p10 = texels + ((row0 &+ x1) &<< 2)
                    let p01 = texels + ((row1 &+ x0) &<< 2), p11 = texels + ((row1 &+ x1) &<< 2)
                    let c00 = SIMD4(Int32(p00[0]), Int32(p00[1]), Int32(p00[2]), Int32(p00[3]))
                    let c10 = SIMD4(Int32(p10[0]), Int32(p10[1]), Int32(p10[2]), Int32(p10[3]))
                    let c01 = SIMD4(Int32(p01[0]), Int32(p01[1]), Int32(p01[2]), Int32(p01[3]))
                    let c11 = SIMD4(Int32(p11[0]), Int32(p11[1]), Int32(p11[2]), Int32(p11[3]))
                    let half = SIMD4<Int32>(repeating: 128)
                    let top = c00 &+ (((c10 &- c00) &* wx &+ half) &>> 8)
                    let bottom = c01 &+ (((c11 &- c01) &* wx &+ half) &>> 8)
                    let c = top &+ (((bottom &- top) &* wy &+ half) &>> 8)
                    let f = SIMD4<Float>(c) * scale
                    r[o &* rs] = f.x; g[o &* gs] = f.y; b[o &* bs] = f.z; a[o &* as_] = f.w
                }
                start += m
            }
        }
    }

    /// The integer nearest to `u` (ties to even) for |u| < 2^22.
    @inline(__always)
    static func nearestIndex(_ u: Float) -> Int32 {
        let magic: Float = 12_582_912
        return Int32(bitPattern: (u + magic).bitPattern) &- Int32(bitPattern: magic.bitPattern)
    }

    /// When the bilinear filter at every lane `i < m` takes exactly one texel, `(x0 + i, y0)`,
    /// all inside the texture, writes those texels to lanes `o + i` of the outputs and
    /// returns true (image filters sampling `textureCoordinate` plus a uniform offset).
    /// Otherwise returns false and writes nothing.
    ///
    /// With `u = s * width - 0.5` and `d = u - round(u)`, the filter's 8-bit weight
    /// `rint(fract(u) * 256)` is 0 when `0 <= d <= 1/512` and 256 (all of the next texel)
    /// when `-1/512 <= d < 0`: either way the result is texel `round(u)` alone, bit for bit.
    /// One branch-free, vectorisable pass checks that for s and t and that the texels are
    /// consecutive along one row (NaN and huge coordinates fail); a second converts the run
    /// of texels (k * Float(1/255): the bits of the table).
    @inline(__always)
    private func sampleRowOfTexelCentres(
        _ s: UnsafePointer<Float>, _ t: UnsafePointer<Float>, _ m: Int, _ o: Int,
        _ r: UnsafeMutablePointer<Float>, _ rs: Int, _ g: UnsafeMutablePointer<Float>, _ gs: Int,
        _ b: UnsafeMutablePointer<Float>, _ bs: Int, _ a: UnsafeMutablePointer<Float>, _ as_: Int
    ) -> Bool {
        let magic: Float = 12_582_912
        let limit: Float = 4_194_304, tolerance: Float = 1.0 / 512
        let x0 = TextureView.nearestIndex(s[0] * widthF - 0.5)
        let y0 = TextureView.nearestIndex(t[0] * heightF - 0.5)
        guard x0 >= 0, Int(x0) + m <= width, y0 >= 0, Int(y0) < height else { return false }
        let unit = Float(1.0 / 255.0)
        let first = bytes.unsafelyUnwrapped + ((Int(y0) &* width &+ Int(x0)) &<< 2)
        var failures: Int32 = 0
        for i in 0..<m {
            let u = s[i] * widthF - 0.5, v = t[i] * heightF - 0.5
            let ru = u + magic, rv = v + magic
            let du = u - (ru - magic), dv = v - (rv - magic)
            let xi = Int32(bitPattern: ru.bitPattern) &- Int32(bitPattern: magic.bitPattern)
            let yi = Int32(bitPattern: rv.bitPattern) &- Int32(bitPattern: magic.bitPattern)
            let exact = abs(du) <= tolerance && abs(dv) <= tolerance && abs(u) < limit && abs(v) < limit
            failures |= (xi &- x0 &- Int32(truncatingIfNeeded: i)) | (yi &- y0) | (exact ? 0 : 1)
        }
        guard failures == 0 else { return false }
        first.withMemoryRebound(to: UInt32.self, capacity: m) { words in
            for i in 0..<m {
                let word = UInt32(littleEndian: words[i])
                let k = o &+ i
                r[k &* rs] = Float(word & 0xFF) * unit
                g[k &* gs] = Float((word &>> 8) & 0xFF) * unit
                b[k &* bs] = Float((word &>> 16) & 0xFF) * unit
                a[k &* as_] = Float(word &>> 24) * unit
            }
        }
        return true
    }

    @inline(__always)
    private func linearFloat(_ s: Float, _ t: Float) -> SIMD4<Float> {
        let (ix, fx, iy, fy) = bilinearCorner(s, t, fixedPoint: false)
        let x0 = TextureView.wrap(ix, width, state.wrapS)
        let y0 = TextureView.wrap(iy, height, state.wrapT)
        let x1 = TextureView.wrap(ix + 1, width, state.wrapS)
        let y1 = TextureView.wrap(iy + 1, height, state.wrapT)
        let c00 = texelFloat(x0, y0), c10 = texelFloat(x1, y0)
        let c01 = texelFloat(x0, y1), c11 = texelFloat(x1, y1)
        let top = c00 + (c10 - c00) * fx
        let bottom = c01 + (c11 - c01) * fx
        return top + (bottom - top) * fy
    }
}

/// A texture prepared for sampling: it owns a copy of the texels in unsafe storage (or reads a
/// framebuffer it keeps alive) and hands out `TextureView`s for the shading loop.
public final class SampledTexture: @unchecked Sendable {
    /// The texture this was made from (for one made from a framebuffer, a copy of its pixels).
    public var texture: Texture { storedTexture ?? framebuffer!.makeTexture() }
    /// The view to sample through; valid while `self` is alive.
    public let view: TextureView
    private let storedTexture: Texture?
    /// The framebuffer whose pixels `view` reads, when made with `init(framebuffer:state:)`.
    private let framebuffer: Framebuffer?
    /// The copy of the texels `view` reads (nil when it reads `framebuffer`).
    private let storage: UnsafeMutableRawPointer?
    /// The mipmap levels below level 0 (empty without mipmaps) and the level views.
    private let mipmaps: [SampledTexture]
    private let levelViews: UnsafeMutablePointer<TextureView>?

    /// Prepares `texture` for sampling with `state`. When `state.mipmapFilter` is not
    /// `.none`, this builds the whole mipmap chain as `glGenerateMipmap` does.
    public convenience init(_ texture: Texture, state: SamplerState = SamplerState()) {
        self.init(levels: [texture], state: state, generatingMipmaps: state.mipmapFilter != .none)
    }

    /// Prepares a texture whose mipmap levels are given (`glTexImage2D` per level), level 0
    /// first; each level should be `max(1, size >> 1)` of the one before (GL's completeness
    /// rule; missing levels are simply not there).
    ///
    /// - Precondition: at least one level, all of one storage format.
    public convenience init(levels: [Texture], state: SamplerState = SamplerState()) {
        self.init(levels: levels, state: state, generatingMipmaps: false)
    }

    /// Prepares a layered texture — a 3D texture's slices or a 2D array's layers, stacked top
    /// to bottom in `texture`'s rows (slice 0 first), each `texture.height / layers` rows —
    /// for `sampler3D` and `sampler2DArray` lookups, at level 0 only.
    ///
    /// - Precondition: `layers` ≥ 1 divides `texture.height`.
    public convenience init(_ texture: Texture, layers: Int, state: SamplerState = SamplerState()) {
        precondition(layers >= 1 && texture.height % layers == 0, "a layered texture's height is a multiple of its layers")
        var plain = state
        plain.mipmapFilter = .none
        self.init(levels: [texture], state: plain, generatingMipmaps: false, layers: layers)
    }

    /// Prepares a 3D texture of `depth` slices stacked as for `init(_:layers:state:)`; when
    /// `state.mipmapFilter` is not `.none`, with the whole 3D mipmap chain as `glGenerateMipmap`
    /// builds it (`mipmapChain(of:volume:)`), for `TextureView.sample3D(s:t:r:lod:)`.
    ///
    /// - Precondition: `depth` ≥ 1 divides `texture.height`.
    public convenience init(volume texture: Texture, depth: Int, state: SamplerState = SamplerState()) {
        precondition(depth >= 1 && texture.height % depth == 0, "a 3D texture's height is a multiple of its depth")
        self.init(levels: [texture], state: state, generatingMipmaps: state.mipmapFilter != .none, layers: depth, volume: true)
    }

    /// Prepares a rendered framebuffer for sampling without copying its pixels: the view reads
    /// them where they are, and the sampled texture keeps the framebuffer alive. Whoever
    /// renders into `framebuffer` again while this is in use changes what it samples (the
    /// image graph reuses a framebuffer only after every reader is done). With mipmaps the
    /// pixels are copied, as `init(_:state:)` does.
    public convenience init(framebuffer: Framebuffer, state: SamplerState = SamplerState()) {
        if state.mipmapFilter != .none {
            self.init(framebuffer.makeTexture(), state: state)
        } else {
            self.init(reading: framebuffer, state: state)
        }
    }

    private init(reading framebuffer: Framebuffer, state: SamplerState) {
        self.framebuffer = framebuffer
        storedTexture = nil
        storage = nil
        mipmaps = []
        levelViews = nil
        switch framebuffer.format {
        case .rgba8:
            view = TextureView(
                width: framebuffer.width, height: framebuffer.height, state: state,
                bytes: UnsafePointer(framebuffer.rgba8Pointer), floats: nil)
        case .float32:
            view = TextureView(
                width: framebuffer.width, height: framebuffer.height, state: state,
                bytes: nil, floats: UnsafePointer(framebuffer.float32Pointer))
        }
    }

    /// Level 0 copied into storage of its own; the other levels from `levels`, or built from
    /// level 0 when `generatingMipmaps`.
    private init(levels: [Texture], state: SamplerState, generatingMipmaps: Bool, layers: Int = 1, volume: Bool = false) {
        precondition(!levels.isEmpty, "a texture needs at least level 0")
        let texture = levels[0]
        storedTexture = texture
        framebuffer = nil
        let base: TextureView
        switch texture.storage {
        case .rgba8(let b):
            let p = UnsafeMutablePointer<UInt8>.allocate(capacity: b.count)
            PixelMemory.adviseHugePages(p, byteCount: b.count)
            p.initialize(from: b, count: b.count)
            storage = UnsafeMutableRawPointer(p)
            base = TextureView(
                width: texture.width, height: texture.height, state: state, bytes: p, floats: nil, layerCount: layers)
        case .float32(let f):
            let p = UnsafeMutablePointer<Float>.allocate(capacity: f.count)
            PixelMemory.adviseHugePages(p, byteCount: f.count * 4)
            p.initialize(from: f, count: f.count)
            storage = UnsafeMutableRawPointer(p)
            base = TextureView(
                width: texture.width, height: texture.height, state: state, bytes: nil, floats: p, layerCount: layers)
        }
        mipmaps = !generatingMipmaps ? levels.dropFirst().map { SampledTexture(levels: [$0]) }
            : Self.mipmapChain(of: base, volume: volume)
        guard !mipmaps.isEmpty else {
            levelViews = nil
            view = base
            return
        }
        let views = UnsafeMutablePointer<TextureView>.allocate(capacity: mipmaps.count + 1)
        views.initialize(to: base)
        for (k, m) in mipmaps.enumerated() { (views + k + 1).initialize(to: m.view) }
        levelViews = views
        view = TextureView(
            width: texture.width, height: texture.height, state: state, bytes: base.bytes, floats: base.floats,
            levels: UnsafePointer(views), levelCount: mipmaps.count + 1, layerCount: layers)
    }

    /// The number of mipmap levels, level 0 included.
    public var levelCount: Int { mipmaps.count + 1 }

    /// Mipmap level `k` (0 is `texture`).
    public func level(_ k: Int) -> Texture { k == 0 ? texture : mipmaps[k - 1].texture }

    deinit {
        storage?.deallocate()
        if let levelViews {
            levelViews.deinitialize(count: mipmaps.count + 1)
            levelViews.deallocate()
        }
    }
}

/// Six square faces sampled as GL's cube map: +X, −X, +Y, −Y, +Z, −Z.
///
/// Face selection and the s/t formulas are GL's (ES 2.0 table 3.21): the major axis is the
/// component of largest magnitude (ties prefer x, then y), and `s = (sc / |ma| + 1) / 2`,
/// `t = (tc / |ma| + 1) / 2`. Each face is sampled with clamp-to-edge and no filtering across
/// faces (GL ES 2.0 cube maps are not seamless).
public final class CubeTexture: @unchecked Sendable {
    /// The faces in GL order: +X, −X, +Y, −Y, +Z, −Z.
    public let faces: [SampledTexture]

    /// Prepares six faces for sampling as a GL ES 2.0 cube map: level 0, clamped at each
    /// face's edges.
    ///
    /// - Precondition: exactly six faces of one square size.
    public convenience init(faces: [Texture], filter: TextureFilter = .linear) {
        self.init(faces: faces, state: SamplerState(filter: filter, wrap: .clampToEdge))
    }

    /// Prepares six faces for sampling with `state`: each face gets its mipmap chain when the
    /// state has a mipmap filter (`glGenerateMipmap` of a cube map builds each face's levels as
    /// a 2D texture's), and `state.seamlessCubeMap` selects the seamless lookup.
    ///
    /// - Precondition: exactly six faces of one square size.
    public init(faces: [Texture], state: SamplerState) {
        precondition(faces.count == 6, "a cube map has six faces, got \(faces.count)")
        let size = faces[0].width
        precondition(faces.allSatisfy { $0.width == size && $0.height == size }, "cube faces must be square and the same size")
        var faceState = state
        faceState.wrapS = .clampToEdge
        faceState.wrapT = .clampToEdge
        self.faces = faces.map { SampledTexture($0, state: faceState) }
    }

    /// The face views in GL order, for `TextureView.sampleCube`.
    public var views: [TextureView] { faces.map(\.view) }

    /// Which face a direction selects and the face coordinates (s, t) in 0...1.
    @inline(__always)
    public static func face(x: Float, y: Float, z: Float) -> (face: Int, s: Float, t: Float) {
        let ax = abs(x), ay = abs(y), az = abs(z)
        let face: Int, sc: Float, tc: Float, ma: Float
        if ax >= ay && ax >= az {
            ma = ax
            if x >= 0 { face = 0; sc = -z; tc = -y } else { face = 1; sc = z; tc = -y }
        } else if ay >= az {
            ma = ay
            if y >= 0 { face = 2; sc = x; tc = z } else { face = 3; sc = x; tc = -z }
        } else {
            ma = az
            if z >= 0 { face = 4; sc = x; tc = -y } else { face = 5; sc = -x; tc = -y }
        }
        return (face, (sc / ma + 1) * 0.5, (tc / ma + 1) * 0.5)
    }
}

extension TextureView {
    /// Samples a cube map given as six consecutive face views (GL order) at a span of
    /// directions, writing only the requested channels.
    public static func sampleCube(
        faces: UnsafePointer<TextureView>,
        x: UnsafePointer<Float>, y: UnsafePointer<Float>, z: UnsafePointer<Float>, count: Int,
        outputs: (UnsafeMutablePointer<Float>?, UnsafeMutablePointer<Float>?,
                  UnsafeMutablePointer<Float>?, UnsafeMutablePointer<Float>?)
    ) {
        for i in 0..<count {
            let (f, s, t) = CubeTexture.face(x: x[i], y: y[i], z: z[i])
            let c = faces[f].sample(s: s, t: t)
            if let r = outputs.0 { r[i] = c.x }
            if let g = outputs.1 { g[i] = c.y }
            if let b = outputs.2 { b[i] = c.z }
            if let a = outputs.3 { a[i] = c.w }
        }
    }
}
