import Foundation
import Framebuffers
import ImageCodecs

/// A still picture as a source: from an image file, a `Texture`, or raw RGBA bytes.
///
/// ```swift
/// let photo = try PictureInput(contentsOfFile: "Examples/Images/coffee.png")
/// photo --> filter --> output
/// try photo.processImage()
/// ```
public final class PictureInput: ImageSource {
    /// The name used in errors.
    public let name: String
    /// The consumers of the picture.
    public let targets = TargetList()
    /// The picture; set a new one and process again to run the graph on it.
    public var texture: Texture

    /// Uses a texture as it is (no copy).
    ///
    /// - Parameters:
    ///   - texture: the picture; row 0 is texture coordinate t = 0.
    ///   - name: the name used in errors.
    public init(texture: Texture, name: String = "PictureInput") {
        self.texture = texture
        self.name = name
    }

    /// Decodes a PNG or JPEG file.
    ///
    /// - Parameters:
    ///   - path: the file.
    ///   - options: decoding options (pixel limit, EXIF orientation).
    /// - Throws: `GraphError.imageFile` with the codec's error.
    public convenience init(contentsOfFile path: String, options: DecodingOptions = DecodingOptions()) throws(GraphError) {
        let name = "PictureInput(\((path as NSString).lastPathComponent))"
        do {
            self.init(texture: try ImageFile.decode(contentsOfFile: path, options: options).texture, name: name)
        } catch {
            throw .imageFile(operation: name, error)
        }
    }

    /// Uses raw RGBA8 pixels, row after row, row 0 first.
    ///
    /// - Parameters:
    ///   - width: width in pixels.
    ///   - height: height in pixels.
    ///   - bytes: `width * height * 4` bytes, R G B A.
    ///   - name: the name used in errors.
    /// - Throws: `GraphError.invalidImageData` when the size is not positive or the byte count
    ///   does not match.
    public convenience init(width: Int, height: Int, rgba8 bytes: [UInt8], name: String = "PictureInput") throws(GraphError) {
        guard width > 0, height > 0 else {
            throw .invalidImageData(operation: name, reason: "size \(width)x\(height) is not positive")
        }
        let (expected, overflow) = width.multipliedReportingOverflow(by: height * 4)
        guard !overflow, bytes.count == expected else {
            throw .invalidImageData(
                operation: name, reason: "\(width)x\(height) RGBA8 needs \(width)*\(height)*4 bytes, got \(bytes.count)")
        }
        self.init(texture: Texture(width: width, height: height, rgba8: bytes), name: name)
    }

    /// Sends the picture.
    public func makeFrame(from inputs: [Frame], in context: ProcessingContext) throws -> Frame {
        Frame(texture: texture)
    }
}

/// A source of one colour at a given size: a background, or a test input.
public final class SolidColorSource: ImageSource {
    /// The name used in errors.
    public let name: String
    /// The consumers of the colour.
    public let targets = TargetList()
    /// The colour (straight alpha).
    public var color: Color
    /// The size of the frame.
    public var size: ImageSize
    /// The format of the frame.
    public var format: PixelFormat

    /// Creates a solid-colour source.
    ///
    /// - Parameters:
    ///   - color: the colour; RGBA8 frames round it with GL's rule.
    ///   - size: the frame size.
    ///   - format: RGBA8 or Float32.
    ///   - name: the name used in errors.
    public init(color: Color, size: ImageSize, format: PixelFormat = .rgba8, name: String = "SolidColorSource") {
        self.color = color
        self.size = size
        self.format = format
        self.name = name
    }

    /// Fills a framebuffer from the cache with the colour.
    ///
    /// - Throws: `GraphError.invalidImageData` for a size that is not positive.
    public func makeFrame(from inputs: [Frame], in context: ProcessingContext) throws -> Frame {
        guard size.width > 0, size.height > 0 else {
            throw GraphError.invalidImageData(operation: name, reason: "size \(size) is not positive")
        }
        let framebuffer = try GraphError.leasing(from: context.framebufferCache, size, format, for: name)
        framebuffer.clear(to: color.rgba)
        return Frame(framebuffer: framebuffer, cache: context.framebufferCache)
    }
}
