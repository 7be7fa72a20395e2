// libFuzzer entry point: the text-file parsers. The first byte picks the format, so one corpus
// holds all three: 0 mod 3 → dEQP `.test` (ShaderLibraryFile), 1 → piglit `.shader_test`
// (ShaderRunnerTest), 2 → a `shade pipeline` file (PipelineFile). Seeds without a selector
// byte still parse as one of them. The pipeline parser's two source files are symbolic links to
// Sources/ShadeCLI (they import only Foundation): linking ShadeCLI itself would build the
// shader-embedder plugin tool with the fuzzer's sanitizers, which SwiftPM cannot run.
import ShaderTesting

/// Parses one input as a dEQP library file, a piglit shader_runner file or a pipeline file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestFiles(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = count == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: count))
    let text = String(decoding: bytes, as: UTF8.self)
    switch (bytes.first ?? 0) % 3 {
    case 0:
        do {
            let cases = try ShaderLibraryFile.parse(text, fileName: "fuzz.test")
            for c in cases { _ = c.name }
        } catch {
            _ = "\(error)"
        }
    case 1:
        let test = ShaderRunnerTest(parsing: text, name: "fuzz.shader_test")
        _ = test.unsupportedReason
        _ = test.windowSize
    default:
        _ = parsePipelineForFuzzing(text)
    }
    return 0
}
