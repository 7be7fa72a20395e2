// libFuzzer entry point: PNG decoding. Inputs get the PNG signature, so every execution reaches
// libpng through the shim; the result must be an image or a typed ImageCodecError.
import FuzzSupport

/// Decodes one input as a PNG file with a small pixel limit, so memory stays bounded.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    fuzzDecode(data, count, signature: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    return 0
}
