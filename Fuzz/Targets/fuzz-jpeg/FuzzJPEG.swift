// libFuzzer entry point: JPEG decoding. Inputs get the JPEG SOI marker, so every execution reaches
// libjpeg-turbo through the shim; the result must be an image or a typed ImageCodecError.
import FuzzSupport

/// Decodes one input as a JPEG file with a small pixel limit, so memory stays bounded.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEG(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    fuzzDecode(data, count, signature: [0xFF, 0xD8, 0xFF])
    return 0
}
