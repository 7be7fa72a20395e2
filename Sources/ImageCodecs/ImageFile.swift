import Framebuffers

/// Reads and writes PNG and JPEG files as textures.
///
/// ```swift
/// let image = try ImageFile.decode(contentsOfFile: "photo.jpg")
/// print(image.info.width, image.info.orientation)
/// try ImageFile.write(image.texture, toFile: "photo.png")
/// ```
///
/// Decoding sniffs the format from the bytes. Every RGBA8 texture row 0 is the file's first row
/// (after the EXIF orientation is applied, unless turned off). All failures throw
/// `ImageCodecError`; none leaves a partial image.
public enum ImageFile {
    /// Decodes a PNG or JPEG held in memory.
    ///
    /// - Parameters:
    ///   - bytes: the whole file.
    ///   - options: pixel limit, orientation and 16-bit handling.
    /// - Returns: the texture (RGBA8, or Float32 for 16-bit PNGs when asked) and the file's info.
    /// - Throws: `ImageCodecError` naming what is wrong with the data.
    public static func decode(
        _ bytes: [UInt8], options: DecodingOptions = DecodingOptions()
    ) throws(ImageCodecError) -> DecodedImage {
        guard let format = ImageFormat(sniffing: bytes) else {
            throw .unrecognizedFormat(leadingBytes: Array(bytes.prefix(8)))
        }
        let result: Result<DecodedImage, ImageCodecError> = bytes.withUnsafeBytes { buffer in
            do throws(ImageCodecError) {
                switch format {
                case .png: return .success(try PNGDecoding.decode(buffer, options: options))
                case .jpeg: return .success(try JPEGDecoding.decode(buffer, options: options))
                }
            } catch {
                return .failure(error)
            }
        }
        var image = try result.get()
        if options.appliesOrientation && image.info.orientation != .topLeft {
            image.texture = image.texture.applyingOrientation(image.info.orientation)
            image.info.isOrientationApplied = true
        }
        return image
    }

    /// Reads and decodes the PNG or JPEG file at `path`.
    ///
    /// - Parameters:
    ///   - path: the file; its name does not matter, only its bytes.
    ///   - options: pixel limit, orientation and 16-bit handling.
    /// - Returns: the texture and the file's info.
    /// - Throws: `ImageCodecError.fileNotFound`, `.ioError`, or a decoding error.
    public static func decode(
        contentsOfFile path: String, options: DecodingOptions = DecodingOptions()
    ) throws(ImageCodecError) -> DecodedImage {
        try decode(FileIO.read(path: path), options: options)
    }

    /// Encodes a texture in memory.
    ///
    /// - Parameters:
    ///   - texture: the pixels; row 0 becomes the file's first row.
    ///   - encoding: the format and its options.
    /// - Returns: the file's bytes.
    /// - Throws: `ImageCodecError.invalidOptions` for out-of-range options.
    public static func encode(_ texture: Texture, as encoding: ImageEncoding)
        throws(ImageCodecError) -> [UInt8]
    {
        switch encoding {
        case .png(let options): try PNGEncoding.encode(texture, options: options)
        case .jpeg(let options): try JPEGEncoding.encode(texture, options: options)
        }
    }

    /// Encodes a texture and writes it atomically: to a temporary file in the same directory,
    /// then renamed over `path`. A failed write leaves no file (and no temporary file) behind.
    ///
    /// - Parameters:
    ///   - texture: the pixels.
    ///   - path: the destination; an existing file is replaced.
    ///   - encoding: the format and options; `nil` picks the default for the extension
    ///     (`.png`, `.jpg`/`.jpeg`).
    /// - Throws: `ImageCodecError.invalidOptions` when no format is given or implied,
    ///   `.ioError` when the file cannot be written.
    public static func write(
        _ texture: Texture, toFile path: String, as encoding: ImageEncoding? = nil
    ) throws(ImageCodecError) {
        guard let encoding = encoding ?? ImageFormat(pathExtensionOf: path).map(ImageEncoding.init)
        else {
            throw .invalidOptions(
                "cannot tell the format of '\(path)': use .png or .jpg, or pass one")
        }
        try FileIO.writeAtomically(encode(texture, as: encoding), to: path)
    }
}
