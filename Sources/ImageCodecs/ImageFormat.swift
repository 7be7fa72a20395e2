/// The file formats Shade reads and writes.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Portable Network Graphics.
    case png
    /// JPEG (JFIF/EXIF), decoded and encoded by libjpeg-turbo.
    case jpeg

    /// The PNG signature: `89 50 4E 47 0D 0A 1A 0A`.
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Recognises a format from the first bytes of a file (never from its name).
    ///
    /// - Parameter bytes: the start of the file; 8 bytes are enough.
    /// - Returns: the format, or `nil` when the bytes are neither a PNG nor a JPEG signature.
    public init?<Bytes: Collection>(sniffing bytes: Bytes) where Bytes.Element == UInt8 {
        if bytes.starts(with: ImageFormat.pngSignature) {
            self = .png
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else {
            return nil
        }
    }

    /// The format a file name's extension asks for (`.png`, `.jpg`, `.jpeg`, any case), or `nil`.
    public init?(pathExtensionOf path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: ".") else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "png": self = .png
        case "jpg", "jpeg", "jpe": self = .jpeg
        default: return nil
        }
    }

    /// `PNG` or `JPEG`.
    public var description: String { rawValue.uppercased() }
}
