/// Cube map lookups as llvmpipe does them with seamless cube maps (`SamplerState.seamlessCubeMap`:
/// Mesa enables them in every GL ES context; GL ES 3.0 requires them), on its SoA path in
/// floats, with the oracle's settings (128-bit vectors, so one 2×2 quad per vector; no FMA).
///
/// - **Face.** The major axis is z when `|z| ≥ max(|x|, |y|)`, else x when `|x| > |y|`, else y
///   (ties prefer z, then y); the face coordinates are the minor axes with GL's signs, times
///   `|0.5 · (1/ma)|` (`0.5/|ma|` for `textureLod`), plus 0.5.
/// - **Level of detail, per pixel.** The direction's derivatives are the quad's differences
///   (or `textureGrad`'s), carried onto the face by the quotient rule,
///   `ds = (dsc − (dma/ma)·sc) · 0.5/ma`; `rho² = max((W·dsdx)² + (W·dtdx)², (W·dsdy)² + (W·dtdy)²)`,
///   `lod = fastLog2(rho²) · 0.5` plus any bias; levels as for 2D textures.
/// - **Filter.** Within a level the bilinear footprint is `s · W − 0.5` on the face; a texel past
///   an edge is read from the neighbouring face (`SeamlessCube.neighbour`). If any lane of the
///   quad has a footprint past a corner, the whole quad filters as a weighted sum in which the
///   missing corner's weight is shared by the other three (a third each); otherwise two lerps
///   across x and one across y. Texels are `k · (1/255)`; levels mix as `c0 + f · (c1 − c0)`.
extension TextureView {
    /// Where a cube lookup's level of detail comes from, per lane.
    public enum CubeLevelOfDetail {
        /// From each 2×2 quad's differences (a span shorter than a quad has none: level 0),
        /// plus a per-lane bias.
        case implicit(bias: UnsafePointer<Float>?)
        /// Given per lane.
        case explicit(UnsafePointer<Float>)
        /// Per-lane derivatives of the direction: d/dx (x, y, z), d/dy (x, y, z).
        case gradients(
            (UnsafePointer<Float>, UnsafePointer<Float>, UnsafePointer<Float>),
            (UnsafePointer<Float>, UnsafePointer<Float>, UnsafePointer<Float>))
    }

    /// Samples a cube map given as six consecutive face views (GL order) at a span of
    /// directions (2×2 quads of lanes), writing only the requested channels. Faces without
    /// `seamlessCubeMap` (GL ES 2.0's rule) read level 0 of the selected face, clamped at its
    /// edges, with 8-bit filter weights.
    public static func sampleCube(
        faces: UnsafePointer<TextureView>,
        x: UnsafePointer<Float>, y: UnsafePointer<Float>, z: UnsafePointer<Float>, count: Int,
        lod: CubeLevelOfDetail = .implicit(bias: nil),
        outputs: (UnsafeMutablePointer<Float>?, UnsafeMutablePointer<Float>?,
                  UnsafeMutablePointer<Float>?, UnsafeMutablePointer<Float>?)
    ) {
        @inline(__always) func put(_ i: Int, _ c: SIMD4<Float>) {
            if let r = outputs.0 { r[i] = c.x }
            if let g = outputs.1 { g[i] = c.y }
            if let b = outputs.2 { b[i] = c.z }
            if let a = outputs.3 { a[i] = c.w }
        }
        guard faces[0].state.seamlessCubeMap else {
            for i in 0..<count {
                let (f, s, t) = CubeTexture.face(x: x[i], y: y[i], z: z[i])
                put(i, faces[f].sample(s: s, t: t))
            }
            return
        }
        let cube = SeamlessCube(faces: faces)
        // One quad at a time, in stack storage: the shading loop allocates nothing.
        withUnsafeTemporaryAllocation(of: SeamlessCube.Lookup.self, capacity: 4) { lookups in
            var i = 0
            while i < count {
                let n = Swift.min(4, count - i)
                for k in 0..<n {
                    let j = i + k
                    let p = SIMD3(x[j], y[j], z[j])
                    switch lod {
                    case .explicit(let levels):
                        lookups[k] = cube.lookup(p, lod: levels[j])
                    case .gradients(let dx, let dy):
                        lookups[k] = cube.lookup(
                            p, dx: SIMD3(dx.0[j], dx.1[j], dx.2[j]), dy: SIMD3(dy.0[j], dy.1[j], dy.2[j]), bias: 0)
                    case .implicit(let bias) where cube.needsDerivatives:
                        // The quad's differences: across x within the lane's row, across y within
                        // its column (a span shorter than a quad has none).
                        func at(_ q: Int) -> SIMD3<Float> { n == 4 ? SIMD3(x[i + q], y[i + q], z[i + q]) : p }
                        let row = k & 2, column = k & 1
                        lookups[k] = cube.lookup(
                            p, dx: at(row + 1) - at(row), dy: at(column + 2) - at(column), bias: bias?[j] ?? 0)
                    case .implicit:
                        lookups[k] = cube.lookup(p, lod: 0)
                    }
                }
                cube.filter(UnsafeBufferPointer(rebasing: lookups[0..<n])) { k, c in put(i + k, c) }
                i += n
            }
        }
    }
}

/// The six face views of a seamless cube map and llvmpipe's arithmetic on them.
struct SeamlessCube {
    /// One lane's lookup: its face, face coordinates and level of detail.
    struct Lookup {
        var face: Int
        var s: Float, t: Float
        var lod: Float
    }

    let faces: UnsafePointer<TextureView>
    /// The faces' size at level 0.
    let size: Int
    let isMipmapped: Bool

    init(faces: UnsafePointer<TextureView>) {
        self.faces = faces
        size = faces[0].width
        isMipmapped = faces[0].isMipmapped
    }

    /// Whether an implicit lookup computes derivatives (llvmpipe skips them without mipmaps,
    /// the min and mag filters being equal).
    var needsDerivatives: Bool { isMipmapped }

    /// llvmpipe's major axis: 0 (x), 1 (y) or 2 (z). z when `|z| >= max(|x|, |y|)`, else x
    /// when `|x| > |y|`, else y — with gallivm's unordered comparisons (true when an operand is
    /// NaN) and SSE's `max` (the second operand when one is NaN), so a NaN direction takes
    /// the z face its sign picks (measured with glref.py: `texture(cube, vec3(NaN, ±1, NaN))`
    /// reads the z faces whatever the sign of y).
    @inline(__always)
    static func majorAxis(_ p: SIMD3<Float>) -> Int {
        let ax = abs(p.x), ay = abs(p.y), az = abs(p.z)
        let xOverY = !(ax <= ay)
        let largerOfXY = ax > ay ? ax : ay
        if !(az < largerOfXY) { return 2 }
        return xOverY ? 0 : 1
    }

    /// The face, the minor coordinates (sc, tc) with GL's signs and the major coordinate.
    @inline(__always)
    static func faceCoordinates(_ p: SIMD3<Float>, axis: Int) -> (face: Int, sc: Float, tc: Float, ma: Float) {
        switch axis {
        case 0:
            let negative = p.x.sign == .minus
            return (negative ? 1 : 0, negative ? p.z : -p.z, -p.y, p.x)
        case 1:
            let negative = p.y.sign == .minus
            return (negative ? 3 : 2, p.x, negative ? -p.z : p.z, p.y)
        default:
            let negative = p.z.sign == .minus
            return (negative ? 5 : 4, negative ? -p.x : p.x, -p.y, p.z)
        }
    }

    /// The minor and major components of a derivative, with the face's signs.
    @inline(__always)
    static func faceDerivative(_ d: SIMD3<Float>, of p: SIMD3<Float>, axis: Int) -> (sc: Float, tc: Float, ma: Float) {
        switch axis {
        case 0: return (p.x.sign == .minus ? d.z : -d.z, -d.y, d.x)
        case 1: return (d.x, p.y.sign == .minus ? -d.z : d.z, d.y)
        default: return (p.z.sign == .minus ? -d.x : d.x, -d.y, d.z)
        }
    }

    /// A lookup at a given level of detail (`textureLod`, or no mipmaps): `0.5/|ma|`.
    func lookup(_ p: SIMD3<Float>, lod: Float) -> Lookup {
        let (face, sc, tc, ma) = Self.faceCoordinates(p, axis: Self.majorAxis(p))
        let am = abs(ma)
        // gallivm's unordered `am > 0`: a NaN major coordinate gives a NaN scale, so the
        // minor coordinates are NaN too (and read as 0 by the filter).
        let ima: Float = !(am <= 0) ? 0.5 / am : 0
        return Lookup(face: face, s: sc * ima + 0.5, t: tc * ima + 0.5, lod: lod)
    }

    /// A lookup whose level of detail comes from the direction's derivatives.
    func lookup(_ p: SIMD3<Float>, dx: SIMD3<Float>, dy: SIMD3<Float>, bias: Float) -> Lookup {
        let axis = Self.majorAxis(p)
        let (face, sc, tc, ma) = Self.faceCoordinates(p, axis: axis)
        let ima = 1 / ma, imaHalf = 0.5 * ima, imaHalfPositive = abs(imaHalf)
        let x = Self.faceDerivative(dx, of: p, axis: axis), y = Self.faceDerivative(dy, of: p, axis: axis)
        let kx = x.ma * ima, ky = y.ma * ima
        let dsdx = (x.sc - kx * sc) * imaHalf, dtdx = (x.tc - kx * tc) * imaHalf
        let dsdy = (y.sc - ky * sc) * imaHalf, dtdy = (y.tc - ky * tc) * imaHalf
        let w = Float(size)
        let ax = w * dsdx, bx = w * dtdx, ay = w * dsdy, by = w * dtdy
        let rx = ax * ax + bx * bx, ry = ay * ay + by * by
        var rho = Swift.max(rx, ry)
        if !rho.isFinite { rho = 0 }
        var lod = TextureView.levelOfDetail(rhoSquared: rho)
        if bias != 0 { lod += bias }
        return Lookup(face: face, s: sc * imaHalfPositive + 0.5, t: tc * imaHalfPositive + 0.5, lod: lod)
    }

    /// One vector of lookups (a quad, at most four): each lane's levels, filtered and mixed,
    /// handed to `put` by lane.
    func filter(_ lookups: UnsafeBufferPointer<Lookup>, _ put: (Int, SIMD4<Float>) -> Void) {
        let view = faces[0], n = lookups.count
        var level = SIMD4<Int>(repeating: 0), weight = SIMD4<Float>(repeating: 0)
        if isMipmapped {
            for k in 0..<n {
                let lod = lookups[k].lod
                (level[k], weight[k]) = view.levels(forLOD: view.state.lodBias == 0 ? lod : lod + view.state.lodBias)
            }
        }
        let c0 = filterLevel(lookups, levels: level)
        guard (0..<n).contains(where: { weight[$0] > 0 }) else {
            for k in 0..<n { put(k, c0[k]) }
            return
        }
        var next = level
        for k in 0..<4 { next[k] = Swift.min(level[k] + 1, view.levelCount - 1) }
        let c1 = filterLevel(lookups, levels: next)
        for k in 0..<n {
            let f = Swift.max(weight[k], 0)
            put(k, c0[k] + f * (c1[k] - c0[k]))
        }
    }

    /// The four texels (T_yx: (x0, y0), (x1, y0), (x0, y1), (x1, y1)) and weights of one
    /// lane's bilinear footprint, and the texel it runs past a corner at (-1 for none).
    struct Footprint {
        var t00 = SIMD4<Float>(), t01 = SIMD4<Float>(), t10 = SIMD4<Float>(), t11 = SIMD4<Float>()
        var fs: Float = 0, ft: Float = 0
        var corner = -1
    }

    /// One lane's bilinear footprint at `level`.
    func footprint(_ l: Lookup, level: Int) -> Footprint {
        let n = faces[l.face].levelWidth(level), m = n - 1, w = Float(n)
        let u = (l.s.isNaN ? 0 : Swift.max(l.s, 0)) * w - 0.5
        let v = (l.t.isNaN ? 0 : Swift.max(l.t, 0)) * w - 0.5
        let (x0, fs) = TextureView.split(u), (y0, ft) = TextureView.split(v)
        let x1 = x0 + 1, y1 = y0 + 1
        let fo0 = x0 < 0, fo1 = x1 > m, fo2 = y0 < 0, fo3 = y1 > m
        let y0c = Swift.max(y0, 0), y1c = Swift.min(y1, m)
        func texel(_ f: Int, _ tx: Int, _ ty: Int) -> SIMD4<Float> {
            faces[f].levelTexel(level, x: Swift.min(Swift.max(tx, 0), m), y: Swift.min(Swift.max(ty, 0), m))
        }
        func across(_ edge: SeamlessCube.Edge, _ k: Int) -> SIMD4<Float> {
            let (f, tx, ty) = Self.neighbour(l.face, edge: edge, k: k, size: n)
            return texel(f, tx, ty)
        }
        var p = Footprint(
            t00: texel(l.face, x0, y0c), t01: texel(l.face, x1, y0c), t10: texel(l.face, x0, y1c), t11: texel(l.face, x1, y1c),
            fs: fs, ft: ft)
        if fo0 { p.t00 = across(.left, y0c); p.t10 = across(.left, y1c) }
        if fo1 { p.t01 = across(.right, y0c); p.t11 = across(.right, y1c) }
        if fo2 && !fo0 { p.t00 = across(.top, x0) }
        if fo2 && !fo1 { p.t01 = across(.top, x1) }
        if fo3 && !fo0 { p.t10 = across(.bottom, x0) }
        if fo3 && !fo1 { p.t11 = across(.bottom, x1) }
        p.corner = fo0 && fo2 ? 0 : fo1 && fo2 ? 1 : fo0 && fo3 ? 2 : fo1 && fo3 ? 3 : -1
        return p
    }

    /// Four values, one per lane of a quad, in stored properties (no heap storage).
    struct Four<T> {
        var a: T, b: T, c: T, d: T

        init(repeating value: T) { (a, b, c, d) = (value, value, value, value) }

        subscript(k: Int) -> T {
            get { k == 0 ? a : k == 1 ? b : k == 2 ? c : d }
            set {
                switch k {
                case 0: a = newValue
                case 1: b = newValue
                case 2: c = newValue
                default: d = newValue
                }
            }
        }
    }

    /// One level's bilinear lookups of a quad, lane k at `levels[k]`: lerps, or, when any
    /// lane's footprint runs past a corner, the weighted sum for every lane.
    func filterLevel(_ lookups: UnsafeBufferPointer<Lookup>, levels: SIMD4<Int>) -> Four<SIMD4<Float>> {
        var out = Four(repeating: SIMD4<Float>())
        if faces[0].state.filter == .nearest {
            for (k, l) in lookups.enumerated() {
                let face = faces[l.face], n = face.levelWidth(levels[k]), w = Float(n)
                let (ix, _) = TextureView.split((l.s.isNaN ? 0 : Swift.max(l.s, 0)) * w)
                let (iy, _) = TextureView.split((l.t.isNaN ? 0 : Swift.max(l.t, 0)) * w)
                out[k] = face.levelTexel(levels[k], x: Swift.min(Swift.max(ix, 0), n - 1), y: Swift.min(Swift.max(iy, 0), n - 1))
            }
            return out
        }
        var prints = Four(repeating: Footprint())
        var anyCorner = false
        for (k, l) in lookups.enumerated() {
            prints[k] = footprint(l, level: levels[k])
            anyCorner = anyCorner || prints[k].corner >= 0
        }
        for k in 0..<lookups.count {
            let p = prints[k]
            if anyCorner {
                let third = Float(bitPattern: 0x3EAA_AAAB)
                let wx0 = 1 - p.fs, wy0 = 1 - p.ft
                var w = SIMD4(wx0 * wy0, p.fs * wy0, wx0 * p.ft, p.fs * p.ft)
                if p.corner >= 0 {
                    let share = w[p.corner] * third
                    w = w + share
                    w[p.corner] = 0
                }
                var acc = w[0] * p.t00
                acc = w[1] * p.t01 + acc
                acc = w[2] * p.t10 + acc
                acc = w[3] * p.t11 + acc
                out[k] = acc
            } else {
                let a = p.t00 + p.fs * (p.t01 - p.t00)
                let b = p.t10 + p.fs * (p.t11 - p.t10)
                out[k] = a + p.ft * (b - a)
            }
        }
        return out
    }

    /// A face's edges: x < 0, x past the last column, y < 0, y past the last row.
    enum Edge { case left, right, top, bottom }

    /// The face and texel (x, y) across `edge` of `face` at position `k` along it (the row for
    /// the left and right edges, the column for the top and bottom ones), on faces of `n`
    /// texels: the texel of the neighbouring face that touches that edge.
    static func neighbour(_ face: Int, edge: Edge, k: Int, size n: Int) -> (face: Int, x: Int, y: Int) {
        let m = n - 1
        switch (face, edge) {
        case (0, .left): return (4, m, k)
        case (0, .right): return (5, 0, k)
        case (0, .top): return (2, m, m - k)
        case (0, .bottom): return (3, m, k)
        case (1, .left): return (5, m, k)
        case (1, .right): return (4, 0, k)
        case (1, .top): return (2, 0, k)
        case (1, .bottom): return (3, 0, m - k)
        case (2, .left): return (1, k, 0)
        case (2, .right): return (0, m - k, 0)
        case (2, .top): return (5, m - k, 0)
        case (2, .bottom): return (4, k, 0)
        case (3, .left): return (1, m - k, m)
        case (3, .right): return (0, k, m)
        case (3, .top): return (4, k, m)
        case (3, .bottom): return (5, m - k, m)
        case (4, .left): return (1, m, k)
        case (4, .right): return (0, 0, k)
        case (4, .top): return (2, k, m)
        case (4, .bottom): return (3, k, 0)
        case (5, .left): return (0, m, k)
        case (5, .right): return (1, 0, k)
        case (5, .top): return (2, m - k, 0)
        default: return (3, m - k, m)
        }
    }
}
