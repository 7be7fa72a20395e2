// libFuzzer entry point: PNG decoding. Inputs get the PNG signature, so every execution reaches
// libpng through the shim; the result must be an image or a typed ImageCodecError.
import Framebuffers
import ImageCodecs

private let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

/// Decodes one input as a PNG file with a small pixel limit, so memory stays bounded.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
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
