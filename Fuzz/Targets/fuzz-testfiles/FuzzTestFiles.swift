// libFuzzer entry point: the shader-test-file parsers. The first byte picks the format, so one
// corpus holds both: even → dEQP `.test` (ShaderLibraryFile), odd → piglit `.shader_test`
// (ShaderRunnerTest). Seeds without the selector byte still parse as one or the other.
import ShaderTesting

/// Parses one input as a dEQP library file or a piglit shader_runner file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestFiles(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = count == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: count))
    let text = String(decoding: bytes, as: UTF8.self)
    if (bytes.first ?? 0) & 1 == 0 {
        do {
            let cases = try ShaderLibraryFile.parse(text, fileName: "fuzz.test")
            for c in cases { _ = c.name }
        } catch {
            _ = "\(error)"
        }
    } else {
        let test = ShaderRunnerTest(parsing: text, name: "fuzz.shader_test")
        _ = test.unsupportedReason
        _ = test.windowSize
    }
    return 0
}
