// libFuzzer entry point: JPEG decoding. Inputs get the JPEG SOI marker, so every execution reaches
// libjpeg-turbo through the shim; the result must be an image or a typed ImageCodecError.
import Framebuffers
import ImageCodecs

private let signature: [UInt8] = [0xFF, 0xD8, 0xFF]

/// Decodes one input as a JPEG file with a small pixel limit, so memory stays bounded.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEG(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var bytes = count == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: count))
    if !bytes.starts(with: signature) { bytes = signature + bytes }
    fuzzDecode(bytes)
    return 0
}

func fuzzDecode(_ bytes: [UInt8]) {
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
