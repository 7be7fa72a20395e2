import CJPEGShim
import Framebuffers

/// Texture → JPEG through the libjpeg-turbo shim.
enum JPEGEncoding {
    static func encode(_ texture: Texture, options: JPEGEncodingOptions) throws(ImageCodecError)
        -> [UInt8]
    {
        guard (1...100).contains(options.quality) else {
            throw .invalidOptions("JPEG quality must be 1...100, got \(options.quality)")
        }
        guard texture.width <= 65_500, texture.height <= 65_500 else {
            throw .invalidOptions(
                "JPEG cannot store \(texture.width)x\(texture.height) (65500 at most)")
        }
        let bytes = texture.rgba8Bytes
        let isGrey =
            switch options.components {
            case .grey: true
            case .color: false
            case .automatic: PNGEncoding.scan(bytes, opaque: 255, checksOpacity: false).isGrey
            }
        var output: UnsafeMutablePointer<UInt8>?
        var count = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = bytes.withUnsafeBufferPointer { pixels in
            shade_jpeg_encode(
                pixels.baseAddress, UInt32(texture.width), UInt32(texture.height),
                texture.width * 4,
                Int32(options.quality), options.chromaSubsampling == .halfBoth ? 1 : 0,
                isGrey ? 1 : 0,
                &output, &count, &message, message.count)
        }
        defer { shade_jpeg_free(output) }
        switch status {
        case SHADE_JPEG_OK:
            return Array(UnsafeBufferPointer(start: output, count: count))
        case SHADE_JPEG_NO_MEMORY:
            throw .outOfMemory
        default:
            throw .invalidOptions(
                message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
        }
    }
}
