/// Mipmaps: the level chain `glGenerateMipmap` builds and llvmpipe's level-of-detail rules.
///
/// Everything here was measured against Mesa's llvmpipe (its default, accurate settings: no
/// "brilinear" approximation, no rho approximation), bit for bit on random textures of
/// power-of-two and other sizes:
///
/// - **Levels.** Level `k + 1` is `max(1, size >> 1)` on each axis, and each of its texels is
///   level `k` sampled with the texture's linear filter at the texel's centre: the fixed-point
///   bilinear of `sample(s:t:)` for RGBA8 (a 2×2 box with its rounding when the size is even),
///   the float bilinear for float textures.
/// - **Rho.** For implicit lookups, per 2×2 quad from the derivatives at its first pixel
///   (`ds/dx = s1 - s0`, `ds/dy = s2 - s0`, the same for t), in texels of level 0:
///   `rho² = max((ds/dx·w)² + (dt/dx·h)², (ds/dy·w)² + (dt/dy·h)²)`. `textureGrad` takes
///   the derivatives per pixel and maps an infinite or NaN rho² to 0.
/// - **Level of detail.** `lod = fastLog2(rho²) / 2 (+ bias)`, where `fastLog2(x)` is the
///   exponent of `x` plus its mantissa minus one (a piecewise linear log2). `textureLod`
///   gives `lod` itself, per pixel.
/// - **Levels chosen.** Linear mipmaps: `floor(lod)` and the next level, weight
///   `trunc(fract(lod) * 256)` for RGBA8 (`(c0 + ((c1 - c0) * w + 128) >> 8)` per channel) or
///   `fract(lod)` for float textures; below level 0 or past the last level the lookup reads
///   that one level. Nearest mipmaps: `lod` rounded to nearest (ties to even), or for an
///   implicit lookup without bias `(exponent(rho²) + 1) >> 1`, clamped to the levels.
extension TextureView {
    /// True when lookups choose among several levels: the texture has mipmaps and the
    /// sampler's `mipmapFilter` is not `.none`.
    public var isMipmapped: Bool { levelCount > 1 && state.mipmapFilter != .none }

    /// Level `k` of the chain (0 is this view's own texels), sampled with this view's state;
    /// a 3D texture's level keeps its own slices (`layerCount`).
    public func level(_ k: Int) -> TextureView {
        guard k > 0, let levels else {
            return TextureView(
                width: width, height: height, state: state, bytes: bytes, floats: floats, texelOffset: texelOffset,
                layerCount: layerCount, table: table)
        }
        let l = levels[k]
        return TextureView(
            width: l.width, height: l.height, state: state, bytes: l.bytes, floats: l.floats, texelOffset: texelOffset,
            layerCount: l.layerCount, table: table)
    }

    /// The size of level `k`: `max(1, size >> k)` on each axis, or (0, 0) for a level the
    /// texture does not have (llvmpipe's `textureSize` past the last level).
    public func levelSize(_ k: Int) -> (width: Int, height: Int) {
        guard k >= 0, k < levelCount else { return (0, 0) }
        return (max(1, width >> k), max(1, height >> k))
    }

    // MARK: Level of detail

    /// llvmpipe's squared rho of one quad from its pixels' coordinates: `s0`/`t0` at the first
    /// pixel, `s1`/`t1` one to the right, `s2`/`t2` one row up.
    @inline(__always)
    public func quadRhoSquared(s0: Float, s1: Float, s2: Float, t0: Float, t1: Float, t2: Float) -> Float {
        let e0 = (s1 - s0) * widthF, e1 = (s2 - s0) * widthF
        let e2 = (t1 - t0) * heightF, e3 = (t2 - t0) * heightF
        return Swift.max(e0 * e0 + e2 * e2, e1 * e1 + e3 * e3)
    }

    /// llvmpipe's squared rho of `textureGrad`'s explicit derivatives (0 when infinite or NaN).
    @inline(__always)
    public func gradientRhoSquared(dsdx: Float, dtdx: Float, dsdy: Float, dtdy: Float) -> Float {
        let x0 = widthF * dsdx, x1 = heightF * dtdx
        let y0 = widthF * dsdy, y1 = heightF * dtdy
        let rho = Swift.max(x0 * x0 + x1 * x1, y0 * y0 + y1 * y1)
        return rho.isFinite ? rho : 0
    }

    /// The unbiased exponent field of `x` (-127 for zero and subnormals, 128 for infinity and
    /// NaN) and its mantissa with the exponent of 1 (in [1, 2)).
    @inline(__always)
    static func exponentAndMantissa(_ x: Float) -> (exponent: Int32, mantissa: Float) {
        let bits = x.bitPattern
        let exponent = Int32((bits >> 23) & 0xFF) - 127
        return (exponent, Float(bitPattern: (bits & 0x7F_FFFF) | (127 << 23)))
    }

    /// `fastLog2(rho²) / 2`: the level of detail of a squared rho (before any bias).
    @inline(__always)
    public static func levelOfDetail(rhoSquared: Float) -> Float {
        let (e, m) = exponentAndMantissa(rhoSquared)
        return (Float(e) + (m - 1)) * 0.5
    }

    /// The levels a lookup at level of detail `lod` reads: `level` and, when `weight` is not
    /// zero, `level + 1` mixed in by `weight` (in 1/256ths).
    @inline(__always)
    public func levels(forLOD lod: Float) -> (level: Int, weight: Float) {
        let last = levelCount - 1
        if state.mipmapFilter == .nearest {
            guard lod == lod else { return (0, 0) }
            let r = lod.rounded(.toNearestOrEven)
            return (r <= 0 ? 0 : (r >= Float(last) ? last : Int(r)), 0)
        }
        // floor with NaN and out-of-range values sent to the ends (llvmpipe's ifloor of NaN is
        // INT_MIN: level 0).
        guard lod == lod, lod >= 0 else { return (0, 0) }
        if lod >= Float(last) { return (last, 0) }
        let i = lod.rounded(.down)
        return (Int(i), lod - i)
    }

    /// The nearest-mipmap level of an implicit lookup without bias: `(exponent(rho²) + 1) >> 1`.
    @inline(__always)
    func nearestLevel(rhoSquared: Float) -> Int {
        let e = (Self.exponentAndMantissa(rhoSquared).exponent + 1) >> 1
        return e <= 0 ? 0 : Swift.min(Int(e), levelCount - 1)
    }

    // MARK: Sampling one lane

    /// Samples at (s, t) with level of detail `lod` (the texture's levels and mipmap filter
    /// decide what that reads; without mipmaps, level 0).
    public func sample(s: Float, t: Float, lod: Float) -> SIMD4<Float> {
        guard isMipmapped else { return sample(s: s, t: t) }
        return sample(s: s, t: t, lod: lod, views: level(_:))
    }

    /// `sample(s:t:lod:)` of a mipmapped view, reading level k through `view(k)`.
    @inline(__always)
    func sample(s: Float, t: Float, lod: Float, views view: (Int) -> TextureView) -> SIMD4<Float> {
        let (k, f) = levels(forLOD: state.lodBias == 0 ? lod : lod + state.lodBias)
        return sample(s: s, t: t, level: k, fraction: f, views: view)
    }

    /// Samples an implicit lookup of a quad's lane at (s, t): `rhoSquared` is the quad's, and
    /// `bias` the lane's (nil for `texture(s, p)` without one).
    public func sample(s: Float, t: Float, rhoSquared: Float, bias: Float?) -> SIMD4<Float> {
        guard isMipmapped else { return sample(s: s, t: t) }
        return sample(s: s, t: t, rhoSquared: rhoSquared, bias: bias, views: level(_:))
    }

    /// `sample(s:t:rhoSquared:bias:)` of a mipmapped view, reading level k through `view(k)`.
    @inline(__always)
    func sample(s: Float, t: Float, rhoSquared: Float, bias: Float?, views view: (Int) -> TextureView) -> SIMD4<Float> {
        if bias == nil && state.mipmapFilter == .nearest && state.lodBias == 0 {
            return view(nearestLevel(rhoSquared: rhoSquared)).sample(s: s, t: t)
        }
        var lod = Self.levelOfDetail(rhoSquared: rhoSquared)
        if let bias { lod += bias }
        return sample(s: s, t: t, lod: lod, views: view)
    }

    /// Level `k` sampled at (s, t), mixed with level `k + 1` by `fraction` when that is
    /// positive (llvmpipe's 8-bit weights for RGBA8).
    @inline(__always)
    func sample(s: Float, t: Float, level k: Int, fraction: Float, views view: (Int) -> TextureView) -> SIMD4<Float> {
        guard bytes != nil else {
            let c0 = view(k).sample(s: s, t: t)
            guard fraction > 0 else { return c0 }
            return c0 + (view(k + 1).sample(s: s, t: t) - c0) * fraction
        }
        var c = view(k).sampleBytes(s: s, t: t)
        let w = Int32(fraction * 256)
        if w > 0 {
            let c1 = view(k + 1).sampleBytes(s: s, t: t)
            c = c &+ (((c1 &- c) &* w &+ 128) &>> 8)
        }
        return SIMD4(table[Int(c.x)], table[Int(c.y)], table[Int(c.z)], table[Int(c.w)])
    }

    // MARK: Sampling spans

    /// How a span of lookups gets its level of detail.
    public enum LevelOfDetailSource {
        /// From the derivatives of each 2×2 quad of lanes (`texture`, `texture2D`), plus an
        /// optional per-lane bias.
        case implicit(bias: UnsafePointer<Float>?)
        /// Given per lane (`textureLod`, `texture2DLod`).
        case explicit(UnsafePointer<Float>)
        /// From per-lane derivatives (`textureGrad`): ds/dx, dt/dx, ds/dy, dt/dy.
        case gradients(UnsafePointer<Float>, UnsafePointer<Float>, UnsafePointer<Float>, UnsafePointer<Float>)
    }

    /// Samples a span of lanes with mipmaps, writing only the requested channels. For an
    /// implicit level of detail the lanes are 2×2 quads (lanes 4q…4q+3: (x, y), (x + 1, y),
    /// (x, y + 1), (x + 1, y + 1)); a span shorter than a quad is magnified (level 0).
    public func sample(
        s: UnsafePointer<Float>, t: UnsafePointer<Float>, count: Int, lod: LevelOfDetailSource,
        outputs o: (UnsafeMutablePointer<Float>?, UnsafeMutablePointer<Float>?,
                    UnsafeMutablePointer<Float>?, UnsafeMutablePointer<Float>?)
    ) {
        guard isMipmapped else {
            sample(s: s, t: t, count: count, outputs: o)
            return
        }
        @inline(__always) func put(_ i: Int, _ c: SIMD4<Float>) {
            o.0?[i] = c.x; o.1?[i] = c.y; o.2?[i] = c.z; o.3?[i] = c.w
        }
        // The level views once per span, not twice per lane (what `level(_:)` would build).
        withUnsafeTemporaryAllocation(of: TextureView.self, capacity: levelCount) { buffer in
            let views = buffer.baseAddress!
            for k in 0..<levelCount { (views + k).initialize(to: level(k)) }
            defer { views.deinitialize(count: levelCount) }
            @inline(__always) func view(_ k: Int) -> TextureView { views[k] }
            @inline(__always) func at(_ s: Float, _ t: Float, lod: Float) -> SIMD4<Float> {
                sample(s: s, t: t, lod: lod, views: view)
            }
            @inline(__always) func implicit(_ s: Float, _ t: Float, rho: Float, bias: Float?) -> SIMD4<Float> {
                sample(s: s, t: t, rhoSquared: rho, bias: bias, views: view)
            }
            switch lod {
            case .implicit(let bias):
                var i = 0
                while i + 4 <= count {
                    let rho = quadRhoSquared(s0: s[i], s1: s[i + 1], s2: s[i + 2], t0: t[i], t1: t[i + 1], t2: t[i + 2])
                    for k in i..<(i + 4) { put(k, implicit(s[k], t[k], rho: rho, bias: bias?[k])) }
                    i += 4
                }
                while i < count {
                    put(i, implicit(s[i], t[i], rho: 0, bias: bias?[i]))
                    i += 1
                }
            case .explicit(let lods):
                for i in 0..<count { put(i, at(s[i], t[i], lod: lods[i])) }
            case .gradients(let dsdx, let dtdx, let dsdy, let dtdy):
                for i in 0..<count {
                    let rho = gradientRhoSquared(dsdx: dsdx[i], dtdx: dtdx[i], dsdy: dsdy[i], dtdy: dtdy[i])
                    put(i, at(s[i], t[i], lod: Self.levelOfDetail(rhoSquared: rho)))
                }
            }
        }
    }
}

extension SampledTexture {
    /// The mipmap chain below `level0` (levels 1, 2, … down to 1×1, or 1×1×1 for a 3D
    /// texture: each level half the one before on every axis), as `glGenerateMipmap` builds it
    /// on llvmpipe: each texel of a level is the previous level sampled with the linear filter
    /// at the texel's centre (for a 3D texture, `volume`, a trilinear lookup: the mean of a
    /// 2×2×2 block in llvmpipe's 8-bit lerps; each level is then a layered texture). Each level
    /// is sampled from the one before it, which the returned array keeps alive.
    static func mipmapChain(of level0: TextureView, volume: Bool = false) -> [SampledTexture] {
        var levels: [SampledTexture] = []
        let linear = SamplerState(filter: .linear, wrap: .clampToEdge)
        var view = level0.with(linear)
        func depth(_ v: TextureView) -> Int { volume ? v.layerCount : 1 }
        while view.width > 1 || view.layerHeight > 1 || depth(view) > 1 {
            let w = max(1, view.width / 2), h = max(1, view.layerHeight / 2), d = max(1, depth(view) / 2)
            let wf = Float(w), hf = Float(h), df = Float(d)
            let isBytes = view.bytes != nil
            var bytes = isBytes ? [UInt8](repeating: 0, count: w * h * d * 4) : []
            var values = isBytes ? [] : [Float](repeating: 0, count: w * h * d * 4)
            // A float level is drawn as llvmpipe's blit draws it, its coordinates interpolated
            // over two triangles (`BlitPlanes`); the last bits of every texel depend on them.
            let blit = isBytes || volume ? nil : BlitPlanes(width: w, height: h)
            for z in 0..<d {
                let r = (Float(z) + 0.5) / df
                for y in 0..<h {
                    for x in 0..<w {
                        let (s, t) = blit?.coordinates(x: x, y: y) ?? ((Float(x) + 0.5) / wf, (Float(y) + 0.5) / hf)
                        let at = ((z * h + y) * w + x) * 4
                        if isBytes {
                            let c = volume ? view.sample3DBytes(s: s, t: t, r: r) : view.sampleBytes(s: s, t: t)
                            for k in 0..<4 { bytes[at + k] = UInt8(truncatingIfNeeded: c[k]) }
                        } else {
                            let c = volume ? view.sample3D(s: s, t: t, r: r) : view.sample(s: s, t: t)
                            for k in 0..<4 { values[at + k] = c[k] }
                        }
                    }
                }
            }
            let level = isBytes ? Texture(width: w, height: h * d, rgba8: bytes) : Texture(width: w, height: h * d, float32: values)
            levels.append(volume ? SampledTexture(level, layers: d, state: linear) : SampledTexture(levels: [level], state: linear))
            view = levels[levels.count - 1].view
        }
        return levels
    }
}

/// The texture coordinates at the texel centres of a `width`×`height` level as llvmpipe's
/// `glGenerateMipmap` computes them: Gallium's blitter draws the level as a fan of four
/// vertices, (0, 0) (W, 0) (W, H) (0, H) with coordinates (0, 0) (1, 0) (1, 1) (0, 1), which the
/// draw module splits into the triangles (v1, v2, v0) and (v2, v3, v0); llvmpipe's setup finds
/// each triangle's plane in floats (`a0`, `dadx`, `dady` from the first vertex, `1 / area`
/// rounded once) and its fragment code evaluates `(a0 + dadx x) + dady y` at each pixel,
/// unfused. The coordinates differ from `(x + 0.5) / W` in their last bits, enough to move a
/// float texel of the next level by up to a few hundred ulps. Measured against llvmpipe with
/// impulse textures (every texel of level 1 of a 200×112 float texture the same bits).
struct BlitPlanes {
    typealias Plane = (a0: Float, dadx: Float, dady: Float)
    let width: Int, height: Int
    /// The (s, t) planes of the triangle below the diagonal from (0, 0) to (W, H), and above it.
    let lower: (s: Plane, t: Plane), upper: (s: Plane, t: Plane)

    init(width: Int, height: Int) {
        let w = Float(width), h = Float(height)
        // (x, y, s, t) of the fan's vertices.
        let v: [(Float, Float, Float, Float)] = [(0, 0, 0, 0), (w, 0, 1, 0), (w, h, 1, 1), (0, h, 0, 1)]
        func planes(_ p0: Int, _ p1: Int, _ p2: Int) -> (s: Plane, t: Plane) {
            let (x0, y0, _, _) = v[p0], (x1, y1, _, _) = v[p1], (x2, y2, _, _) = v[p2]
            let x0c = x0 - 0.5, y0c = y0 - 0.5
            let dx01 = x0 - x1, dy01 = y0 - y1, dx20 = x2 - x0, dy20 = y2 - y0
            let e = dx01 * dy20, f = dy01 * dx20
            let ooa = 1 / (e - f)
            let dx20o = dx20 * ooa, dy20o = dy20 * ooa, dx01o = dx01 * ooa, dy01o = dy01 * ooa
            func plane(_ a0: Float, _ a1: Float, _ a2: Float) -> Plane {
                let da01 = a0 - a1, da20 = a2 - a0
                let p = da01 * dy20o, q = da20 * dy01o
                let dadx = p - q
                let m = da20 * dx01o, n = da01 * dx20o
                let dady = m - n
                let px = dadx * x0c, py = dady * y0c
                return (a0 - (px + py), dadx, dady)
            }
            return (plane(v[p0].2, v[p1].2, v[p2].2), plane(v[p0].3, v[p1].3, v[p2].3))
        }
        self.width = width
        self.height = height
        lower = planes(1, 2, 0)
        upper = planes(2, 3, 0)
    }

    /// (s, t) at the centre of texel (x, y).
    func coordinates(x: Int, y: Int) -> (Float, Float) {
        let (ps, pt) = (Double(y) + 0.5) * Double(width) < (Double(x) + 0.5) * Double(height) ? lower : upper
        let fx = Float(x), fy = Float(y)
        let sx = ps.dadx * fx, sy = ps.dady * fy
        let tx = pt.dadx * fx, ty = pt.dady * fy
        return ((ps.a0 + sx) + sy, (pt.a0 + tx) + ty)
    }
}
