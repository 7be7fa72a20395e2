/// How a sampler picks texels: GL's `GL_NEAREST` or `GL_LINEAR` (no mipmaps).
public enum TextureFilter: String, Sendable, Hashable, CaseIterable {
    /// The texel that contains the coordinate: index `floor(u * width)`.
    case nearest
    /// Bilinear between the four texels around `u * width - 0.5`.
    case linear
}

/// What a sampler does with coordinates outside [0, 1], as GL's wrap modes.
public enum TextureWrap: String, Sendable, Hashable, CaseIterable {
    /// `GL_CLAMP_TO_EDGE`: texel indices are clamped to the edge.
    case clampToEdge
    /// `GL_REPEAT`: texel indices wrap modulo the size.
    case `repeat`
    /// `GL_MIRRORED_REPEAT`: texel indices mirror every other period.
    case mirroredRepeat
}

/// A texture's sampling parameters (GL's texture parameters; there are no mipmaps).
public struct SamplerState: Sendable, Hashable {
    /// Minification and magnification filter (the same for both).
    public var filter: TextureFilter
    /// Wrap mode along s (x).
    public var wrapS: TextureWrap
    /// Wrap mode along t (y).
    public var wrapT: TextureWrap

    /// Creates sampling parameters; GPUImage's defaults are linear and clamp-to-edge.
    public init(filter: TextureFilter = .linear, wrap: TextureWrap = .clampToEdge) {
        self.filter = filter
        self.wrapS = wrap
        self.wrapT = wrap
    }

    /// Creates sampling parameters with a wrap mode per axis.
    public init(filter: TextureFilter, wrapS: TextureWrap, wrapT: TextureWrap) {
        self.filter = filter
        self.wrapS = wrapS
        self.wrapT = wrapT
    }
}

/// The 256 floats an RGBA8 texel byte converts to: `k * Float(1 / 255)`.
///
/// This is a multiplication by the rounded reciprocal, which is what llvmpipe computes; it
/// differs from `k / 255` in the last bit for some `k`.
nonisolated(unsafe) public let unormToFloatTable: UnsafePointer<Float> = {
    let table = UnsafeMutablePointer<Float>.allocate(capacity: 256)
    let scale = Float(1.0 / 255.0)
    for k in 0..<256 { table[k] = Float(k) * scale }
    return UnsafePointer(table)
}()
