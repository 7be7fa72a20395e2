/// Why an image could not be decoded, encoded, read or written.
///
/// Each case names one kind of problem and carries what is known about it; the text in a case
/// comes from Shade or from libpng/libjpeg and is for people, not for matching.
public enum ImageCodecError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes start with neither the PNG nor the JPEG signature.
    case unrecognizedFormat(leadingBytes: [UInt8])
    /// The header is malformed: an invalid IHDR or frame header, or a first chunk that is not one.
    case invalidHeader(String)
    /// A chunk the format requires is absent (e.g. no `IHDR` first, no `IDAT` before `IEND`).
    case missingChunk(String)
    /// A critical PNG chunk's CRC does not match its contents.
    case checksumMismatch(chunk: String)
    /// The compressed data is corrupt (bad filter byte, bad Huffman code, inflate error, …).
    case corruptData(String)
    /// The data ends before the image does.
    case truncated(String)
    /// The file is valid but uses a feature Shade does not decode (e.g. 12-bit JPEG).
    case unsupported(String)
    /// The declared size exceeds the pixel limit; nothing was allocated.
    case tooLarge(width: Int, height: Int, limit: Int)
    /// The file does not exist.
    case fileNotFound(path: String)
    /// The file could not be read or written; the text is the system's reason.
    case ioError(path: String, String)
    /// Encoding options or texture contents are outside what the encoder accepts.
    case invalidOptions(String)
    /// An allocation failed inside libpng or libjpeg.
    case outOfMemory

    /// A lowercase, one-line explanation.
    public var description: String {
        switch self {
        case .unrecognizedFormat(let bytes):
            let hex = bytes.prefix(8).map { byte in
                let digits = String(byte, radix: 16)
                return digits.count == 1 ? "0" + digits : digits
            }.joined(separator: " ")
            return "not a PNG or JPEG file (starts with \(hex.isEmpty ? "nothing" : hex))"
        case .invalidHeader(let text): return "invalid header: \(text)"
        case .missingChunk(let chunk): return "missing \(chunk) chunk"
        case .checksumMismatch(let chunk): return "CRC mismatch in \(chunk) chunk"
        case .corruptData(let text): return "corrupt image data: \(text)"
        case .truncated(let text): return "truncated file: \(text)"
        case .unsupported(let text): return "unsupported: \(text)"
        case .tooLarge(let width, let height, let limit):
            return "image too large: \(width)x\(height) exceeds the limit of \(limit) pixels"
        case .fileNotFound(let path): return "\(path): no such file"
        case .ioError(let path, let reason): return "\(path): \(reason)"
        case .invalidOptions(let text): return "invalid options: \(text)"
        case .outOfMemory: return "out of memory"
        }
    }
}
