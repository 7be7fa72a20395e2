import Framebuffers

/// One image flowing through the graph during a processing pass.
///
/// A frame is either a rendered framebuffer leased from the pass's `FramebufferCache`, or a
/// texture a source already holds. The graph counts the consumers of every frame and gives its
/// memory back to the cache when the last one is done: there is no manual lock or unlock.
///
/// Reading `texture` copies the pixels out of the framebuffer once and returns the framebuffer
/// to the cache straight away, so a frame that is being read does not also pin a framebuffer.
/// `sampledTexture` reads the framebuffer where it is instead (no copy: the next pass samples
/// what this one rendered), and the frame keeps it until its last consumer releases it.
public final class Frame {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// The pixel format.
    public let format: PixelFormat

    private var framebuffer: Framebuffer?
    private weak var cache: FramebufferCache?
    private var storedTexture: Texture?
    private var sampled: SampledTexture?
    /// True while `sampled` reads `framebuffer` (which then stays leased until released).
    private var framebufferIsSampled = false
    private var isCounted: Bool
    /// Bytes of pixels copied out of the cache's framebuffer, counted by the cache against its
    /// memory limit until the frame ends.
    private var copiedBytes = 0
    /// Owners of this frame; at 0 its memory returns to the cache.
    private(set) var referenceCount = 1

    /// Wraps a texture (no copy: `Texture` is a copy-on-write value).
    public init(texture: Texture) {
        width = texture.width
        height = texture.height
        format = texture.format
        storedTexture = texture
        isCounted = false
    }

    /// Wraps a framebuffer leased from `cache`; the frame gives it back when released.
    ///
    /// - Parameters:
    ///   - framebuffer: a framebuffer from `cache.lease(width:height:format:)`.
    ///   - cache: the cache it came from, which counts this frame as live until released.
    public init(framebuffer: Framebuffer, cache: FramebufferCache) {
        width = framebuffer.width
        height = framebuffer.height
        format = framebuffer.format
        self.framebuffer = framebuffer
        self.cache = cache
        isCounted = true
        cache.frameDidStart()
    }

    deinit {
        // A frame dropped without the graph releasing it (an intermediate frame of a custom
        // operation, say) still gives its framebuffer back and stops counting as live.
        returnFramebuffer()
        if isCounted { cache?.frameDidEnd(copiedBytes: copiedBytes) }
    }

    /// The frame's size.
    public var size: ImageSize { ImageSize(width: width, height: height) }

    /// The pixels, as a value that stays valid after the pass.
    public var texture: Texture {
        if let storedTexture { return storedTexture }
        guard let framebuffer else {
            preconditionFailure("frame \(width)x\(height) read after the graph released it")
        }
        let texture = framebuffer.makeTexture()
        storedTexture = texture
        if isCounted, let cache {
            copiedBytes = framebuffer.pixelCount * format.bytesPerPixel
            cache.frameDidCopyPixels(copiedBytes)
        }
        if !framebufferIsSampled { returnFramebuffer() }
        return texture
    }

    /// The pixels prepared for sampling by the executor (made once per frame, shared by every
    /// consumer of the frame).
    public var sampledTexture: SampledTexture {
        if let sampled { return sampled }
        if storedTexture == nil, let framebuffer {
            let made = SampledTexture(framebuffer: framebuffer)
            sampled = made
            framebufferIsSampled = true
            return made
        }
        let made = SampledTexture(texture)
        sampled = made
        return made
    }

    /// Calls `body` with the rendered framebuffer when the frame still holds one (no copy).
    ///
    /// - Returns: `body`'s result, or `nil` when the pixels already left the framebuffer.
    public func withFramebuffer<R>(_ body: (Framebuffer) throws -> R) rethrows -> R? {
        guard let framebuffer else { return nil }
        return try body(framebuffer)
    }

    /// Takes one more reference, for a source that passes an input frame through unchanged.
    ///
    /// - Returns: `self`.
    public func retained() -> Frame {
        referenceCount += 1
        return self
    }

    /// Takes `count` more references.
    func retain(_ count: Int) {
        referenceCount += count
    }

    /// Drops one reference; the last one gives the memory back.
    func release() {
        precondition(referenceCount > 0, "internal error: frame released more times than retained")
        referenceCount -= 1
        guard referenceCount == 0 else { return }
        sampled = nil
        framebufferIsSampled = false
        returnFramebuffer()
        storedTexture = nil
        if isCounted {
            isCounted = false
            cache?.frameDidEnd(copiedBytes: copiedBytes)
            copiedBytes = 0
        }
    }

    private func returnFramebuffer() {
        if let framebuffer {
            cache?.recycle(framebuffer)
            self.framebuffer = nil
        }
    }
}

/// A size in pixels.
public struct ImageSize: Hashable, Sendable, CustomStringConvertible {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// Creates a size.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)x\(height)" }
}
