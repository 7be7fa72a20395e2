/// A render target: RGBA8 or Float32 pixels in one owned allocation that parallel tiles write
/// without locks.
///
/// Row order is the same as `Texture`'s: row 0 is where `gl_FragCoord.y` = 0.5. A framebuffer is
/// created cleared to (0, 0, 0, 0), as GPUImage clears before each draw. Writers from several
/// threads must touch disjoint pixels (the executor gives each tile its own rectangle); that is
/// why the class is `@unchecked Sendable`.
public final class Framebuffer: @unchecked Sendable {
    /// Width in pixels (> 0).
    public let width: Int
    /// Height in pixels (> 0).
    public let height: Int
    /// The storage format.
    public let format: PixelFormat
    /// `width * height * format.bytesPerPixel` bytes, rows without padding.
    public let baseAddress: UnsafeMutableRawPointer

    /// Creates a framebuffer cleared to transparent black.
    ///
    /// - Precondition: `width` and `height` are positive.
    public init(width: Int, height: Int, format: PixelFormat = .rgba8) {
        precondition(width > 0 && height > 0, "framebuffer size must be positive, got \(width)x\(height)")
        self.width = width
        self.height = height
        self.format = format
        let byteCount = width * height * format.bytesPerPixel
        baseAddress = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 64)
        PixelMemory.adviseHugePages(baseAddress, byteCount: byteCount)
        baseAddress.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
    }

    deinit {
        baseAddress.deallocate()
    }

    /// Number of pixels, `width * height`.
    public var pixelCount: Int { width * height }

    /// The pixels as bytes, R G B A per pixel. - Precondition: `format == .rgba8`.
    public var rgba8Pointer: UnsafeMutablePointer<UInt8> {
        precondition(format == .rgba8, "framebuffer is \(format), not rgba8")
        return baseAddress.assumingMemoryBound(to: UInt8.self)
    }

    /// The pixels as floats, R G B A per pixel. - Precondition: `format == .float32`.
    public var float32Pointer: UnsafeMutablePointer<Float> {
        precondition(format == .float32, "framebuffer is \(format), not float32")
        return baseAddress.assumingMemoryBound(to: Float.self)
    }

    /// Fills every pixel with `color` (converted with GL's rounding for RGBA8).
    public func clear(to color: SIMD4<Float> = .zero) {
        switch format {
        case .rgba8:
            let c = SIMD4(
                Texture.unorm8(color.x), Texture.unorm8(color.y),
                Texture.unorm8(color.z), Texture.unorm8(color.w)
            )
            let p = rgba8Pointer
            for i in 0..<pixelCount {
                p[4 * i] = c.x; p[4 * i + 1] = c.y; p[4 * i + 2] = c.z; p[4 * i + 3] = c.w
            }
        case .float32:
            let p = float32Pointer
            for i in 0..<pixelCount {
                p[4 * i] = color.x; p[4 * i + 1] = color.y
                p[4 * i + 2] = color.z; p[4 * i + 3] = color.w
            }
        }
    }

    /// The pixel at column `x`, row `y` as floats (RGBA8 bytes divided by 255).
    public func pixel(x: Int, y: Int) -> SIMD4<Float> {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
        let i = (y * width + x) * 4
        switch format {
        case .rgba8:
            let p = rgba8Pointer
            return SIMD4(Float(p[i]), Float(p[i + 1]), Float(p[i + 2]), Float(p[i + 3])) / 255
        case .float32:
            let p = float32Pointer
            return SIMD4(p[i], p[i + 1], p[i + 2], p[i + 3])
        }
    }

    /// A copy of the pixels as a `Texture` of the same format.
    public func makeTexture() -> Texture {
        switch format {
        case .rgba8:
            let bytes: [UInt8] = PixelMemory.array(count: pixelCount * 4) { $0.baseAddress!.update(from: rgba8Pointer, count: $0.count) }
            return Texture(width: width, height: height, rgba8: bytes)
        case .float32:
            let floats: [Float] = PixelMemory.array(count: pixelCount * 4) { $0.baseAddress!.update(from: float32Pointer, count: $0.count) }
            return Texture(width: width, height: height, float32: floats)
        }
    }
}
