// Shared by fuzz-png and fuzz-jpeg: one input decoded with a small pixel limit.
import Framebuffers
import ImageCodecs

/// Decodes `bytes` (prefixed with `signature` when they do not start with it, so every input
/// reaches the codec) with a 2^20 pixel limit. The result must be an image within the limit
/// or a typed `ImageCodecError`.
public func fuzzDecode(_ data: UnsafePointer<UInt8>?, _ count: Int, signature: [UInt8]) {
    var bytes = count == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: count))
    if !bytes.starts(with: signature) { bytes = signature + bytes }
    var options = DecodingOptions()
    options.pixelLimit = 1 << 20
    do {
        let image = try ImageFile.decode(bytes, options: options)
        let t = image.texture
        if t.width * t.height > options.pixelLimit { fatalError("pixel limit not enforced") }
    } catch {
        _ = error.description
    }
}
