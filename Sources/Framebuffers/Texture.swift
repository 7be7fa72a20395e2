/// The storage format of a texture or framebuffer.
public enum PixelFormat: String, Sendable, Hashable, CustomStringConvertible {
    /// Four unsigned normalised bytes per pixel (R, G, B, A), as GL's `GL_RGBA8`.
    case rgba8
    /// Four 32-bit floats per pixel (R, G, B, A), as GL's `GL_RGBA32F`.
    case float32

    /// Bytes one pixel takes in memory.
    public var bytesPerPixel: Int {
        switch self {
        case .rgba8: 4
        case .float32: 16
        }
    }

    public var description: String { rawValue }
}

/// An immutable-by-value RGBA image: the unit that flows between sources, operations and targets.
///
/// Row order is GL's readback order (see DESIGN.md): row 0 is the first row of an image file,
/// the row where texture coordinate t = 0 and `gl_FragCoord.y` = 0.5. Pixels are stored row
/// after row, four channels each, with no padding between rows.
public struct Texture: Sendable, Equatable {
    /// The pixel storage, one case per `PixelFormat`.
    public enum Storage: Sendable, Equatable {
        /// `width * height * 4` bytes, R G B A.
        case rgba8([UInt8])
        /// `width * height * 4` floats, R G B A, not clamped.
        case float32([Float])
    }

    /// Width in pixels (> 0).
    public let width: Int
    /// Height in pixels (> 0).
    public let height: Int
    /// The pixels.
    public private(set) var storage: Storage

    /// The storage format.
    public var format: PixelFormat {
        switch storage {
        case .rgba8: .rgba8
        case .float32: .float32
        }
    }

    /// Number of pixels, `width * height`.
    public var pixelCount: Int { width * height }

    /// Creates a texture from existing pixels.
    ///
    /// - Precondition: `width` and `height` are positive and `storage` holds exactly
    ///   `width * height * 4` values.
    public init(width: Int, height: Int, storage: Storage) {
        precondition(width > 0 && height > 0, "texture size must be positive, got \(width)x\(height)")
        let count: Int
        switch storage {
        case .rgba8(let bytes): count = bytes.count
        case .float32(let floats): count = floats.count
        }
        precondition(count == width * height * 4, "texture storage holds \(count) values, expected \(width * height * 4)")
        self.width = width
        self.height = height
        self.storage = storage
    }

    /// Creates an RGBA8 texture from `width * height * 4` bytes.
    public init(width: Int, height: Int, rgba8 bytes: [UInt8]) {
        self.init(width: width, height: height, storage: .rgba8(bytes))
    }

    /// Creates a Float32 texture from `width * height * 4` floats.
    public init(width: Int, height: Int, float32 values: [Float]) {
        self.init(width: width, height: height, storage: .float32(values))
    }

    /// Creates a texture of one colour.
    ///
    /// - Parameters:
    ///   - color: RGBA in 0...1; for RGBA8 each channel is converted with GL's rounding rule.
    public init(width: Int, height: Int, format: PixelFormat = .rgba8, filledWith color: SIMD4<Float>) {
        switch format {
        case .rgba8:
            let c = (0..<4).map { Texture.unorm8(color[$0]) }
            var bytes = [UInt8](repeating: 0, count: width * height * 4)
            for i in stride(from: 0, to: bytes.count, by: 4) {
                bytes[i] = c[0]; bytes[i + 1] = c[1]; bytes[i + 2] = c[2]; bytes[i + 3] = c[3]
            }
            self.init(width: width, height: height, storage: .rgba8(bytes))
        case .float32:
            var floats = [Float](repeating: 0, count: width * height * 4)
            for i in stride(from: 0, to: floats.count, by: 4) {
                floats[i] = color.x; floats[i + 1] = color.y; floats[i + 2] = color.z; floats[i + 3] = color.w
            }
            self.init(width: width, height: height, storage: .float32(floats))
        }
    }

    /// The pixel at column `x`, row `y` as normalised floats (RGBA8 bytes divided by 255).
    public func pixel(x: Int, y: Int) -> SIMD4<Float> {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
        let i = (y * width + x) * 4
        switch storage {
        case .rgba8(let b):
            return SIMD4(Float(b[i]), Float(b[i + 1]), Float(b[i + 2]), Float(b[i + 3])) / 255
        case .float32(let f):
            return SIMD4(f[i], f[i + 1], f[i + 2], f[i + 3])
        }
    }

    /// The pixel at column `x`, row `y` as bytes (Float32 converted with GL's rule).
    public func rgba8Pixel(x: Int, y: Int) -> SIMD4<UInt8> {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
        let i = (y * width + x) * 4
        switch storage {
        case .rgba8(let b):
            return SIMD4(b[i], b[i + 1], b[i + 2], b[i + 3])
        case .float32(let f):
            return SIMD4(Texture.unorm8(f[i]), Texture.unorm8(f[i + 1]), Texture.unorm8(f[i + 2]), Texture.unorm8(f[i + 3]))
        }
    }

    /// The pixels as RGBA8 bytes; Float32 textures are clamped and rounded as GL does.
    public var rgba8Bytes: [UInt8] {
        switch storage {
        case .rgba8(let b): return b
        case .float32(let f): return f.map(Texture.unorm8)
        }
    }

    /// The pixels as normalised floats; RGBA8 bytes are divided by 255.
    public var float32Values: [Float] {
        switch storage {
        case .rgba8(let b): return b.map { Float($0) / 255 }
        case .float32(let f): return f
        }
    }

    /// This texture converted to `format` (RGBA8 → Float32 is exact; Float32 → RGBA8 clamps
    /// and rounds as GL does).
    public func converted(to format: PixelFormat) -> Texture {
        if format == self.format { return self }
        switch format {
        case .rgba8: return Texture(width: width, height: height, storage: .rgba8(rgba8Bytes))
        case .float32: return Texture(width: width, height: height, storage: .float32(float32Values))
        }
    }

    /// GL's conversion of a float to an unsigned normalised byte as llvmpipe computes it:
    /// `f * 255` (in fp32) rounded to an int32 to nearest, ties to even, then saturated to
    /// 0...255. So values in [0, 1] round as `rint(clamp(v, 0, 1) * 255)`, and NaN and every
    /// value whose scaled form does not fit an int32 (`f * 255 >= 2^31`: +Inf, 1e20, anything
    /// from about 8.42e6 up) become 0, as the x86 conversion's "integer indefinite" INT_MIN
    /// saturates to 0 (measured with glref.py; `Tests/Regressions/huge-colour-writes-zero.frag`).
    ///
    /// Ties matter: a shader that sums 0.05 six times gives exactly 76.5 after the scale, which
    /// GL (llvmpipe) writes as 76, while `f * 255 + 0.5` truncated would give 77.
    @inlinable @inline(__always)
    public static func unorm8(_ value: Float) -> UInt8 {
        // NaN fails every comparison and becomes 0, as does a scaled value past Int32.max.
        // Adding and subtracting 1.5 * 2^23 rounds to nearest even in fp32 without a libm call
        // (the scaled value is in 0...255).
        if !(value * 255 < 2_147_483_648) { return 0 }
        let clamped: Float = value > 0 ? (value < 1 ? value : 1) : 0
        // The low mantissa bits of `x + 1.5 * 2^23` are `x` rounded: no checked conversion.
        let magic: Float = 12_582_912
        return UInt8(truncatingIfNeeded: (clamped * 255 + magic).bitPattern)
    }
}
