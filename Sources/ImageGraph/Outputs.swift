import Foundation
import Framebuffers
import ImageCodecs

/// Writes every frame it receives to an image file (PNG, or JPEG with a quality), atomically:
/// a failed write leaves no partial file.
public final class PictureOutput: ImageConsumer {
    /// The name used in errors.
    public let name: String
    /// The source feeding location 0.
    public let sources = SourceList()
    /// One input.
    public var numberOfInputs: Int { 1 }
    /// The format and options; `nil` picks them from the path's extension.
    public var encoding: ImageEncoding?
    /// How many frames were written.
    public private(set) var framesWritten = 0
    /// The path of the last file written.
    public private(set) var lastPath: String?

    private let pathForFrame: (Int) -> String

    /// Writes to one file (each frame replaces the previous one).
    ///
    /// - Parameters:
    ///   - path: the file; `.png`, `.jpg` or `.jpeg` when `encoding` is `nil`.
    ///   - encoding: the format and its options, such as `.jpeg(JPEGEncodingOptions(quality: 80))`.
    public init(path: String, encoding: ImageEncoding? = nil) {
        name = "PictureOutput(\((path as NSString).lastPathComponent))"
        self.encoding = encoding
        pathForFrame = { _ in path }
    }

    /// Writes a JPEG of the given quality.
    ///
    /// - Parameters:
    ///   - path: the file.
    ///   - jpegQuality: 1…100.
    public convenience init(path: String, jpegQuality: Int) {
        self.init(path: path, encoding: .jpeg(JPEGEncodingOptions(quality: jpegQuality)))
    }

    /// Writes frame *n* of a sequence to `pathForFrame(n)` (n counts the frames this output
    /// received, from 0).
    public init(name: String = "PictureOutput", encoding: ImageEncoding? = nil, pathForFrame: @escaping (Int) -> String) {
        self.name = name
        self.encoding = encoding
        self.pathForFrame = pathForFrame
    }

    /// Encodes and writes the frame.
    ///
    /// - Throws: `GraphError.imageFile` when encoding or writing fails.
    public func consume(_ frames: [Frame], in context: ProcessingContext) throws {
        let path = pathForFrame(framesWritten)
        do {
            try ImageFile.write(frames[0].texture, toFile: path, as: encoding)
        } catch {
            throw GraphError.imageFile(operation: name, error)
        }
        framesWritten += 1
        lastPath = path
    }
}

/// Keeps the raw RGBA8 bytes of the last frame it received, and optionally hands each frame's
/// bytes to a closure.
public final class RawDataOutput: ImageConsumer {
    /// The name used in errors.
    public let name: String
    /// The source feeding location 0.
    public let sources = SourceList()
    /// One input.
    public var numberOfInputs: Int { 1 }
    /// The last frame's bytes: R G B A per pixel, row 0 first (Float32 frames are converted with
    /// GL's rounding).
    public private(set) var bytes: [UInt8]?
    /// The last frame's size.
    public private(set) var size: ImageSize?
    /// Called with each frame's bytes and size.
    public var dataAvailable: (([UInt8], ImageSize) throws -> Void)?

    /// Creates a raw-data output.
    public init(name: String = "RawDataOutput", dataAvailable: (([UInt8], ImageSize) throws -> Void)? = nil) {
        self.name = name
        self.dataAvailable = dataAvailable
    }

    /// Keeps the frame's bytes and calls `dataAvailable`.
    public func consume(_ frames: [Frame], in context: ProcessingContext) throws {
        let frame = frames[0]
        let data = frame.texture.rgba8Bytes
        bytes = data
        size = frame.size
        try dataAvailable?(data, frame.size)
    }
}

/// Calls a closure with every frame it receives, as a `Texture`.
public final class TextureOutput: ImageConsumer {
    /// The name used in errors.
    public let name: String
    /// The source feeding location 0.
    public let sources = SourceList()
    /// One input.
    public var numberOfInputs: Int { 1 }
    /// Called with each frame.
    public var textureAvailable: (Texture) throws -> Void

    /// Creates a callback target.
    ///
    /// - Parameters:
    ///   - name: the name used in errors.
    ///   - textureAvailable: called with each frame.
    public init(name: String = "TextureOutput", textureAvailable: @escaping (Texture) throws -> Void) {
        self.name = name
        self.textureAvailable = textureAvailable
    }

    /// Hands the frame to the closure.
    public func consume(_ frames: [Frame], in context: ProcessingContext) throws {
        try textureAvailable(frames[0].texture)
    }
}
