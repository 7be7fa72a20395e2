/// Layered lookups — `sampler3D` and `sampler2DArray` over a view whose rows stack its layers
/// (`layerCount` of them, each `layerHeight` rows) — and the integer lookups of `isampler*` and
/// `usampler*`.
///
/// A 3D lookup filters each of the two slices around `r` as a 2D lookup does and mixes them
/// with a third weight, as llvmpipe's trilinear filter does (for RGBA8, the same 8-bit
/// fixed-point lerp once more); an array lookup picks one layer, `r` rounded to the nearest
/// integer and clamped, and samples it. Integer textures are never filtered: with a linear
/// filter GL calls one incomplete, and a `texture` lookup of it returns what llvmpipe returns,
/// (0, 0, 0) and the bits of 1.0 (`incompleteInteger`; `texelFetch` reads the texel). Their texels are the stored values:
/// the bytes of an RGBA8 texture (0…255), the values of a float texture truncated to integers.
extension TextureView {
    /// Rows per layer.
    public var layerHeight: Int { height / layerCount }

    /// Layer `k` (clamped to the layers there are) as a 2D view with this view's sampling state.
    public func layer(_ k: Int) -> TextureView {
        let k = k < 0 ? 0 : (k >= layerCount ? layerCount - 1 : k)
        let rows = layerHeight, offset = k * rows * width * 4
        return TextureView(
            width: width, height: rows, state: state, bytes: bytes.map { $0 + offset }, floats: floats.map { $0 + offset },
            texelOffset: texelOffset, table: table)
    }

    /// The slice index a coordinate `r` falls in and, for the linear filter, the two slices and
    /// the fraction between them (`r * depth - 0.5`, wrapped by `state.wrapR`).
    @inline(__always)
    func slices(_ r: Float) -> (z0: Int, z1: Int, fraction: Float) {
        let depth = layerCount
        var r = r
        if state.wrapR == .repeat && depth.nonzeroBitCount != 1 { r = TextureView.fractionBelowOne(r) }
        let depthF = Float(depth)
        if state.filter == .nearest {
            let z = TextureView.wrap(TextureView.split(r * depthF).index, depth, state.wrapR)
            return (z, z, 0)
        }
        let (iz, fz) = TextureView.split(r * depthF - 0.5)
        return (TextureView.wrap(iz, depth, state.wrapR), TextureView.wrap(iz + 1, depth, state.wrapR), fz)
    }

    /// `texture(sampler3D, vec3(s, t, r))` at level 0.
    public func sample3D(s: Float, t: Float, r: Float) -> SIMD4<Float> {
        if bytes != nil {
            let c = sample3DBytes(s: s, t: t, r: r)
            return SIMD4(table[Int(c.x)], table[Int(c.y)], table[Int(c.z)], table[Int(c.w)])
        }
        let (z0, z1, fz) = slices(r)
        if state.filter == .nearest { return layer(z0).sample(s: s, t: t) }
        let a = layer(z0).sample(s: s, t: t), b = layer(z1).sample(s: s, t: t)
        return a + (b - a) * fz
    }

    /// `sample3D` of an RGBA8 texture as its 8-bit channel values (0…255).
    @inline(__always)
    func sample3DBytes(s: Float, t: Float, r: Float) -> SIMD4<Int32> {
        if state.filter == .linear && texelOffset == (0, 0) { return TrilinearRGBA8(self).bytes(s, t, r) }
        let (z0, z1, fz) = slices(r)
        let a = layer(z0).sampleBytes(s: s, t: t)
        if state.filter == .nearest { return a }
        let b = layer(z1).sampleBytes(s: s, t: t)
        return a &+ (((b &- a) &* TextureView.weight(fz) &+ SIMD4(repeating: 128)) &>> 8)
    }

    /// `sample3D(s:t:r:)` over a span of `count` lanes, writing only the requested channels
    /// (`nil` skips one), as `sample(s:t:count:outputs:)` does in 2D: level 0, for a view
    /// without mipmaps.
    public func sample3D(
        s: UnsafePointer<Float>, t: UnsafePointer<Float>, r: UnsafePointer<Float>, count: Int,
        outputs o: (UnsafeMutablePointer<Float>?, UnsafeMutablePointer<Float>?,
                    UnsafeMutablePointer<Float>?, UnsafeMutablePointer<Float>?)
    ) {
        guard bytes != nil, state.filter == .linear, texelOffset == (0, 0) else {
            for i in 0..<count {
                let c = sample3D(s: s[i], t: t[i], r: r[i])
                o.0?[i] = c.x; o.1?[i] = c.y; o.2?[i] = c.z; o.3?[i] = c.w
            }
            return
        }
        let filter = TrilinearRGBA8(self)
        for i in 0..<count {
            let c = filter.bytes(s[i], t[i], r[i])
            o.0?[i] = table[Int(c.x)]; o.1?[i] = table[Int(c.y)]; o.2?[i] = table[Int(c.z)]; o.3?[i] = table[Int(c.w)]
        }
    }

    // MARK: 3D mipmaps

    /// The size of level `k` of a 3D texture: `max(1, size >> k)` on each axis, or zeros for a
    /// level the texture does not have.
    public func volumeLevelSize(_ k: Int) -> (width: Int, height: Int, depth: Int) {
        guard k >= 0, k < levelCount else { return (0, 0, 0) }
        return (max(1, width >> k), max(1, layerHeight >> k), max(1, layerCount >> k))
    }

    /// llvmpipe's squared rho of one quad of 3D lookups: the derivatives of (s, t, r) across the
    /// quad (`…0` the first pixel, `…1` one to the right, `…2` one row up) scaled by the
    /// level-0 width, height and depth, `max(|d/dx|², |d/dy|²)`.
    @inline(__always)
    public func volumeQuadRhoSquared(
        s0: Float, s1: Float, s2: Float, t0: Float, t1: Float, t2: Float, r0: Float, r1: Float, r2: Float
    ) -> Float {
        let h = Float(layerHeight), d = Float(layerCount)
        let e0 = (s1 - s0) * widthF, e1 = (s2 - s0) * widthF
        let e2 = (t1 - t0) * h, e3 = (t2 - t0) * h
        let e4 = (r1 - r0) * d, e5 = (r2 - r0) * d
        return Swift.max(e0 * e0 + e2 * e2 + e4 * e4, e1 * e1 + e3 * e3 + e5 * e5)
    }

    /// llvmpipe's squared rho of `textureGrad`'s explicit 3D derivatives (0 when infinite or NaN).
    @inline(__always)
    public func volumeGradientRhoSquared(dx: SIMD3<Float>, dy: SIMD3<Float>) -> Float {
        let h = Float(layerHeight), d = Float(layerCount)
        let x0 = widthF * dx.x, x1 = h * dx.y, x2 = d * dx.z
        let y0 = widthF * dy.x, y1 = h * dy.y, y2 = d * dy.z
        let rho = Swift.max(x0 * x0 + x1 * x1 + x2 * x2, y0 * y0 + y1 * y1 + y2 * y2)
        return rho.isFinite ? rho : 0
    }

    /// A 3D lookup at level of detail `lod` (the view's bias added): level `floor(lod)` mixed
    /// with the next by the fraction, as 2D lookups are (`sample(s:t:lod:)`).
    public func sample3D(s: Float, t: Float, r: Float, lod: Float) -> SIMD4<Float> {
        guard isMipmapped else { return sample3D(s: s, t: t, r: r) }
        let (k, f) = levels(forLOD: state.lodBias == 0 ? lod : lod + state.lodBias)
        guard bytes != nil else {
            let c0 = level(k).sample3D(s: s, t: t, r: r)
            guard f > 0 else { return c0 }
            return c0 + (level(k + 1).sample3D(s: s, t: t, r: r) - c0) * f
        }
        var c = level(k).sample3DBytes(s: s, t: t, r: r)
        let w = Int32(f * 256)
        if w > 0 {
            let c1 = level(k + 1).sample3DBytes(s: s, t: t, r: r)
            c = c &+ (((c1 &- c) &* w &+ 128) &>> 8)
        }
        return SIMD4(table[Int(c.x)], table[Int(c.y)], table[Int(c.z)], table[Int(c.w)])
    }

    /// An implicit 3D lookup of a quad's lane: `rhoSquared` is the quad's
    /// (`volumeQuadRhoSquared`), `bias` the lane's `texture(…, bias)` argument.
    public func sample3D(s: Float, t: Float, r: Float, rhoSquared: Float, bias: Float?) -> SIMD4<Float> {
        guard isMipmapped else { return sample3D(s: s, t: t, r: r) }
        if bias == nil && state.mipmapFilter == .nearest && state.lodBias == 0 {
            return level(nearestLevel(rhoSquared: rhoSquared)).sample3D(s: s, t: t, r: r)
        }
        var lod = Self.levelOfDetail(rhoSquared: rhoSquared)
        if let bias { lod += bias }
        return sample3D(s: s, t: t, r: r, lod: lod)
    }

    /// The layer a 2D array lookup reads at `r`: the nearest integer, ties to even, clamped to
    /// the layers there are (llvmpipe rounds with the CPU's default rounding).
    public func arrayLayer(_ r: Float) -> Int {
        let rounded = r.isNaN ? 0 : r.rounded(.toNearestOrEven)
        if rounded <= 0 { return 0 }
        return rounded >= Float(layerCount - 1) ? layerCount - 1 : Int(rounded)
    }

    /// `texture(sampler2DArray, vec3(s, t, layer))` at level 0.
    public func sampleArray(s: Float, t: Float, layer r: Float) -> SIMD4<Float> {
        layer(arrayLayer(r)).sample(s: s, t: t)
    }

    /// `texelFetch` of a layered texture: texel (x, y) of layer z at `level`; zeros outside the
    /// texture or for a level other than 0.
    public func fetch(x: Int, y: Int, z: Int, level: Int) -> SIMD4<Float> {
        guard level == 0, z >= 0, z < layerCount else { return SIMD4(repeating: 0) }
        return layer(z).fetch(x: x, y: y)
    }

    // MARK: Integer textures

    /// The stored integer value of texel (x, y): RGBA8 bytes as 0…255, float texels truncated
    /// (NaN as 0, clamped to the int32 range).
    @inline(__always)
    public func integerTexel(x: Int, y: Int) -> SIMD4<Int32> {
        if bytes != nil { return texelRGBA8(x, y) }
        let f = texelFloat(x, y)
        return SIMD4((0..<4).map { k -> Int32 in
            let v = f[k]
            if v.isNaN { return 0 }
            return v >= 2_147_483_520 ? Int32.max : (v <= -2_147_483_648 ? Int32.min : Int32(v))
        })
    }

    /// What every lookup of an incomplete integer texture (one with a linear filter) returns
    /// on llvmpipe: the float (0, 0, 0, 1) as bits.
    public static let incompleteInteger = SIMD4<Int32>(0, 0, 0, Int32(bitPattern: Float(1).bitPattern))

    /// An integer lookup at (s, t): the nearest texel, wrapped (level 0).
    public func sampleInteger(s: Float, t: Float) -> SIMD4<Int32> {
        if state.filter != .nearest { return Self.incompleteInteger }
        let (s, t, ox, oy) = prepared(s, t)
        let x = TextureView.wrap(TextureView.split(s * widthF).index &+ ox, width, state.wrapS)
        let y = TextureView.wrap(TextureView.split(t * heightF).index &+ oy, height, state.wrapT)
        return integerTexel(x: x, y: y)
    }

    /// An integer 3D lookup: the nearest texel of the nearest slice.
    public func sampleInteger3D(s: Float, t: Float, r: Float) -> SIMD4<Int32> {
        if state.filter != .nearest { return Self.incompleteInteger }
        return layer(slices(r).z0).sampleInteger(s: s, t: t)
    }

    /// An integer 2D array lookup.
    public func sampleIntegerArray(s: Float, t: Float, layer r: Float) -> SIMD4<Int32> {
        if state.filter != .nearest { return Self.incompleteInteger }
        return layer(arrayLayer(r)).sampleInteger(s: s, t: t)
    }

    /// `texelFetch` of an integer texture (layer `z` of a layered one); zeros outside it or for
    /// a level other than 0.
    public func fetchInteger(x: Int, y: Int, z: Int = 0, level: Int) -> SIMD4<Int32> {
        guard level == 0, z >= 0, z < layerCount else { return SIMD4(repeating: 0) }
        let slice = layer(z)
        guard x >= 0, y >= 0, x < width, y < slice.height else { return SIMD4(repeating: 0) }
        return slice.integerTexel(x: x, y: y)
    }
}

/// The trilinear filter of an RGBA8 volume without a texel offset, its sizes and wraps read
/// once: the same integer arithmetic as two bilinear slice lookups (`sampleBytes` of
/// `layer(z)`) mixed by a third 8-bit weight, bit for bit, without a view per slice and with
/// no division where a size is a power of two.
struct TrilinearRGBA8 {
    let texels: UnsafePointer<UInt8>
    let width: Int, height: Int, depth: Int
    let widthF: Float, heightF: Float, depthF: Float
    let wrapS: TextureWrap, wrapT: TextureWrap, wrapR: TextureWrap
    let fractS: Bool, fractT: Bool, fractR: Bool

    @inline(__always)
    init(_ view: TextureView) {
        texels = view.bytes.unsafelyUnwrapped
        width = view.width; height = view.layerHeight; depth = view.layerCount
        widthF = Float(width); heightF = Float(height); depthF = Float(depth)
        wrapS = view.state.wrapS; wrapT = view.state.wrapT; wrapR = view.state.wrapR
        // Repeating axes of other sizes than powers of two wrap the coordinate first.
        fractS = wrapS == .repeat && width.nonzeroBitCount != 1
        fractT = wrapT == .repeat && height.nonzeroBitCount != 1
        fractR = wrapR == .repeat && depth.nonzeroBitCount != 1
    }

    /// The filtered texel at (s, t, r), 0…255 per channel.
    @inline(__always)
    func bytes(_ s: Float, _ t: Float, _ r: Float) -> SIMD4<Int32> {
        let (ix, fx) = TextureView.split((fractS ? TextureView.fractionBelowOne(s) : s) * widthF - 0.5)
        let (iy, fy) = TextureView.split((fractT ? TextureView.fractionBelowOne(t) : t) * heightF - 0.5)
        let (iz, fz) = TextureView.split((fractR ? TextureView.fractionBelowOne(r) : r) * depthF - 0.5)
        let wx = TextureView.weight(fx), wy = TextureView.weight(fy), wz = TextureView.weight(fz)
        let row = width &* 4, slice = row &* height
        let x0 = TextureView.wrap(ix, width, wrapS) &<< 2, x1 = TextureView.wrap(ix &+ 1, width, wrapS) &<< 2
        let y0 = TextureView.wrap(iy, height, wrapT) &* row, y1 = TextureView.wrap(iy &+ 1, height, wrapT) &* row
        let z0 = texels + TextureView.wrap(iz, depth, wrapR) &* slice
        let z1 = texels + TextureView.wrap(iz &+ 1, depth, wrapR) &* slice
        let half = SIMD4<Int32>(repeating: 128)
        @inline(__always) func texel(_ p: UnsafePointer<UInt8>) -> SIMD4<Int32> {
            SIMD4(Int32(p[0]), Int32(p[1]), Int32(p[2]), Int32(p[3]))
        }
        @inline(__always) func lerp(_ a: SIMD4<Int32>, _ b: SIMD4<Int32>, _ w: Int32) -> SIMD4<Int32> {
            a &+ (((b &- a) &* w &+ half) &>> 8)
        }
        let a = lerp(
            lerp(texel(z0 + (y0 &+ x0)), texel(z0 + (y0 &+ x1)), wx),
            lerp(texel(z0 + (y1 &+ x0)), texel(z0 + (y1 &+ x1)), wx), wy)
        let b = lerp(
            lerp(texel(z1 + (y0 &+ x0)), texel(z1 + (y0 &+ x1)), wx),
            lerp(texel(z1 + (y1 &+ x0)), texel(z1 + (y1 &+ x1)), wx), wy)
        return lerp(a, b, wz)
    }
}
