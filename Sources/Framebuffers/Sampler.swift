/// How a sampler picks texels within one level: GL's `GL_NEAREST` or `GL_LINEAR`.
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

/// How a minified lookup chooses among mipmap levels: the `_MIPMAP_` half of GL's
/// minification filter.
public enum MipmapFilter: String, Sendable, Hashable, CaseIterable {
    /// No mipmaps: every lookup reads level 0 (`GL_NEAREST`, `GL_LINEAR`).
    case none
    /// The level nearest the level of detail (`GL_NEAREST_MIPMAP_NEAREST`,
    /// `GL_LINEAR_MIPMAP_NEAREST`).
    case nearest
    /// A blend of the two levels around the level of detail (`GL_NEAREST_MIPMAP_LINEAR`,
    /// `GL_LINEAR_MIPMAP_LINEAR`, "trilinear" with a linear filter).
    case linear
}

/// A texture's sampling parameters (GL's texture parameters).
///
/// With a `mipmapFilter` other than `.none`, a `SampledTexture` builds the texture's whole
/// mipmap chain as `glGenerateMipmap` does, and lookups choose levels from the level of
/// detail (see `TextureView+Mipmaps.swift`).
public struct SamplerState: Sendable, Hashable {
    /// The filter within a level, for minification and magnification alike.
    public var filter: TextureFilter
    /// How minified lookups choose among mipmap levels (`.none`: level 0 only).
    public var mipmapFilter: MipmapFilter
    /// Wrap mode along s (x).
    public var wrapS: TextureWrap
    /// Wrap mode along t (y).
    public var wrapT: TextureWrap
    /// Wrap mode along r (the slices of a 3D texture); 2D textures and arrays ignore it.
    public var wrapR: TextureWrap
    /// Desktop GL's `GL_TEXTURE_LOD_BIAS`: added to every mipmapped lookup's level of detail
    /// (after a shader's bias); 0 by default.
    public var lodBias: Float = 0
    /// Whether a cube map filters across its faces' edges (`GL_TEXTURE_CUBE_MAP_SEAMLESS`, which
    /// GL ES 3.0 always enables): a cube lookup then runs as llvmpipe's seamless one
    /// (`TextureView+Cube.swift`). GL ES 2.0 cube maps are not seamless; other textures ignore it.
    public var seamlessCubeMap = false

    /// Creates sampling parameters; GPUImage's defaults are linear, no mipmaps and
    /// clamp-to-edge. Shadertoy's "mipmap" channel filter is `.linear` with `.linear` mipmaps
    /// (`GL_LINEAR_MIPMAP_LINEAR`).
    public init(filter: TextureFilter = .linear, mipmapFilter: MipmapFilter = .none, wrap: TextureWrap = .clampToEdge) {
        self.filter = filter
        self.mipmapFilter = mipmapFilter
        self.wrapS = wrap
        self.wrapT = wrap
        self.wrapR = wrap
    }

    /// Creates sampling parameters with a wrap mode per axis; r wraps as t unless given.
    public init(
        filter: TextureFilter, mipmapFilter: MipmapFilter = .none, wrapS: TextureWrap, wrapT: TextureWrap,
        wrapR: TextureWrap? = nil
    ) {
        self.filter = filter
        self.mipmapFilter = mipmapFilter
        self.wrapS = wrapS
        self.wrapT = wrapT
        self.wrapR = wrapR ?? wrapT
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
