// libFuzzer entry point: the whole front end (preprocess, lex, parse, check) on arbitrary bytes.
// Every input must end in diagnostics or a checked shader; a trap, an overflow or a hang is a bug.
import ShaderDiagnostics
import ShaderSemantics
import ShaderSyntax

/// Smaller token budget than the default: a macro bomb at the default limit takes most of a
/// second under ASan, which `-timeout=1` would report as a hang. Tests/HostileInputTests
/// covers the default limits; here the budget only has to be hit, not be large.
private let options = ParseOptions(maxTokens: 1 << 14)

/// Runs one input through the front end twice: as a fragment and as a vertex shader.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzShader(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = count == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: count))
    // Invalid UTF-8 is repaired, as `shade check` does when it reads a file.
    let text = String(decoding: bytes, as: UTF8.self)
    for stage in [ShaderStage.fragment, .vertex] {
        let file = SourceFile(name: "fuzz", text: text)
        let parsed = parse(file, stage: stage, options: options)
        let checked = Checker.check(parsed)
        // A shader is produced exactly when there are no errors.
        if (checked.shader == nil) != checked.diagnostics.containsError {
            fatalError("checker result and diagnostics disagree")
        }
        _ = checked.diagnostics.rendered()
    }
    return 0
}
