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

    init(width: Int, height: Int, state: SamplerState, bytes: UnsafePointer<UInt8>?, floats: UnsafePointer<Float>?) {
        self.width = width
        self.height = height
        self.state = state
        self.bytes = bytes
        self.floats = floats
        self.widthF = Float(width)
        self.heightF = Float(height)
        self.table = unormToFloatTable
    }

    /// Samples at one texture coordinate (s, t); t = 0 is texture row 0.
    ///
    /// RGBA8 textures follow llvmpipe's fixed-point bilinear filter: `x = s * width - 0.5`,
    /// weight `rint(fract(x) * 256)`, integer lerps on the bytes (x first, then y), and the
    /// 8-bit result converted through `unormToFloatTable`. Float32 textures are filtered in
    /// float with weights `fract(x)`.
    public func sample(s: Float, t: Float) -> SIMD4<Float> {
        if bytes != nil {
            return state.filter == .linear ? linearRGBA8(s, t) : nearestRGBA8(s, t)
        }
        return state.filter == .linear ? linearFloat(s, t) : nearestFloat(s, t)
    }

    /// Samples a span of coordinates, writing only the requested channels.
    ///
    /// - Parameters:
    ///   - s: `count` s coordinates.
    ///   - t: `count` t coordinates.
    ///   - outputs: destinations for red, green, blue, alpha; `nil` skips a channel.
    public func sample(
        s: UnsafePointer<Float>, t: UnsafePointer<Float>, count: Int,
        outputs: (UnsafeMutablePointer<Float>?, UnsafeMutablePointer<Float>?,
                  UnsafeMutablePointer<Float>?, UnsafeMutablePointer<Float>?)
    ) {
        switch (bytes != nil, state.filter) {
        case (true, .linear): sampleSpan(s, t, count, outputs) { linearRGBA8($0, $1) }
        case (true, .nearest): sampleSpan(s, t, count, outputs) { nearestRGBA8($0, $1) }
        case (false, .linear): sampleSpan(s, t, count, outputs) { linearFloat($0, $1) }
        case (false, .nearest): sampleSpan(s, t, count, outputs) { nearestFloat($0, $1) }
        }
    }

    @inline(__always)
    private func sampleSpan(
        _ s: UnsafePointer<Float>, _ t: UnsafePointer<Float>, _ count: Int,
        _ o: (UnsafeMutablePointer<Float>?, UnsafeMutablePointer<Float>?,
              UnsafeMutablePointer<Float>?, UnsafeMutablePointer<Float>?),
        _ fetch: (Float, Float) -> SIMD4<Float>
    ) {
        if let r = o.0, let g = o.1, let b = o.2, let a = o.3 {
            for i in 0..<count {
                let c = fetch(s[i], t[i])
                r[i] = c.x; g[i] = c.y; b[i] = c.z; a[i] = c.w
            }
            return
        }
        for i in 0..<count {
            let c = fetch(s[i], t[i])
            if let r = o.0 { r[i] = c.x }
            if let g = o.1 { g[i] = c.y }
            if let b = o.2 { b[i] = c.z }
            if let a = o.3 { a[i] = c.w }
        }
    }

    // MARK: Texel addressing

    /// Splits a texel-space coordinate into floor index and fraction; NaN and huge values
    /// are clamped first so the integer conversion can never trap.
    @inline(__always)
    static func split(_ x: Float) -> (index: Int, fraction: Float) {
        let limit: Float = 4_194_304
        let c = x >= -limit ? (x <= limit ? x : limit) : -limit
        let f = c.rounded(.down)
        return (Int(f), c - f)
    }

    /// GL's wrap of an integer texel index into `0..<n`.
    @inline(__always)
    static func wrap(_ i: Int, _ n: Int, _ mode: TextureWrap) -> Int {
        switch mode {
        case .clampToEdge:
            return i < 0 ? 0 : (i >= n ? n - 1 : i)
        case .repeat:
            let m = i % n
            return m < 0 ? m + n : m
        case .mirroredRepeat:
            var m = i % (2 * n)
            if m < 0 { m += 2 * n }
            return m < n ? m : 2 * n - 1 - m
        }
    }

    @inline(__always)
    private func texelRGBA8(_ x: Int, _ y: Int) -> SIMD4<Int32> {
        let p = bytes.unsafelyUnwrapped + (y * width + x) * 4
        return SIMD4(Int32(p[0]), Int32(p[1]), Int32(p[2]), Int32(p[3]))
    }

    @inline(__always)
    private func texelFloat(_ x: Int, _ y: Int) -> SIMD4<Float> {
        let p = floats.unsafelyUnwrapped + (y * width + x) * 4
        return SIMD4(p[0], p[1], p[2], p[3])
    }

    @inline(__always)
    private func nearestRGBA8(_ s: Float, _ t: Float) -> SIMD4<Float> {
        let x = TextureView.wrap(TextureView.split(s * widthF).index, width, state.wrapS)
        let y = TextureView.wrap(TextureView.split(t * heightF).index, height, state.wrapT)
        let p = bytes.unsafelyUnwrapped + (y * width + x) * 4
        return SIMD4(table[Int(p[0])], table[Int(p[1])], table[Int(p[2])], table[Int(p[3])])
    }

    @inline(__always)
    private func nearestFloat(_ s: Float, _ t: Float) -> SIMD4<Float> {
        let x = TextureView.wrap(TextureView.split(s * widthF).index, width, state.wrapS)
        let y = TextureView.wrap(TextureView.split(t * heightF).index, height, state.wrapT)
        return texelFloat(x, y)
    }

    @inline(__always)
    private func linearRGBA8(_ s: Float, _ t: Float) -> SIMD4<Float> {
        let (ix, fx) = TextureView.split(s * widthF - 0.5)
        let (iy, fy) = TextureView.split(t * heightF - 0.5)
        let wx = Int32((fx * 256).rounded(.toNearestOrEven))
        let wy = Int32((fy * 256).rounded(.toNearestOrEven))
        let x0 = TextureView.wrap(ix, width, state.wrapS)
        let y0 = TextureView.wrap(iy, height, state.wrapT)
        if wx == 0 && wy == 0 {
            // Exactly on a texel centre (the common case for passthrough-like shaders).
            let p = bytes.unsafelyUnwrapped + (y0 * width + x0) * 4
            return SIMD4(table[Int(p[0])], table[Int(p[1])], table[Int(p[2])], table[Int(p[3])])
        }
        let x1 = TextureView.wrap(ix + 1, width, state.wrapS)
        let y1 = TextureView.wrap(iy + 1, height, state.wrapT)
        let c00 = texelRGBA8(x0, y0), c10 = texelRGBA8(x1, y0)
        let c01 = texelRGBA8(x0, y1), c11 = texelRGBA8(x1, y1)
        let half = SIMD4<Int32>(repeating: 128)
        let top = c00 &+ (((c10 &- c00) &* wx &+ half) &>> 8)
        let bottom = c01 &+ (((c11 &- c01) &* wx &+ half) &>> 8)
        let c = top &+ (((bottom &- top) &* wy &+ half) &>> 8)
        return SIMD4(table[Int(c.x)], table[Int(c.y)], table[Int(c.z)], table[Int(c.w)])
    }

    @inline(__always)
    private func linearFloat(_ s: Float, _ t: Float) -> SIMD4<Float> {
        let (ix, fx) = TextureView.split(s * widthF - 0.5)
        let (iy, fy) = TextureView.split(t * heightF - 0.5)
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

/// A texture prepared for sampling: it owns a copy of the texels in unsafe storage and hands
/// out `TextureView`s for the shading loop.
public final class SampledTexture: @unchecked Sendable {
    /// The texture this was made from.
    public let texture: Texture
    /// The view to sample through; valid while `self` is alive.
    public let view: TextureView
    private let storage: UnsafeMutableRawPointer

    /// Prepares `texture` for sampling with `state`.
    public init(_ texture: Texture, state: SamplerState = SamplerState()) {
        self.texture = texture
        switch texture.storage {
        case .rgba8(let b):
            let p = UnsafeMutablePointer<UInt8>.allocate(capacity: b.count)
            p.initialize(from: b, count: b.count)
            storage = UnsafeMutableRawPointer(p)
            view = TextureView(width: texture.width, height: texture.height, state: state, bytes: p, floats: nil)
        case .float32(let f):
            let p = UnsafeMutablePointer<Float>.allocate(capacity: f.count)
            p.initialize(from: f, count: f.count)
            storage = UnsafeMutableRawPointer(p)
            view = TextureView(width: texture.width, height: texture.height, state: state, bytes: nil, floats: p)
        }
    }

    deinit {
        storage.deallocate()
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

    /// Prepares six faces for sampling.
    ///
    /// - Precondition: exactly six faces of one square size.
    public init(faces: [Texture], filter: TextureFilter = .linear) {
        precondition(faces.count == 6, "a cube map has six faces, got \(faces.count)")
        let size = faces[0].width
        precondition(faces.allSatisfy { $0.width == size && $0.height == size }, "cube faces must be square and the same size")
        let state = SamplerState(filter: filter, wrap: .clampToEdge)
        self.faces = faces.map { SampledTexture($0, state: state) }
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
