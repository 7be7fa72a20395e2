import ShaderDiagnostics
import Testing

@testable import ShaderSyntax

/// Parses `text` as a shader named `test.fsh`.
func parseShader(
    _ text: String, stage: ShaderStage = .fragment, options: ParseOptions = ParseOptions()
) -> ParseResult {
    parse(SourceFile(name: "test.fsh", text: text), stage: stage, options: options)
}

/// Preprocesses `text` as a shader named `test.fsh`.
func preprocessShader(
    _ text: String, stage: ShaderStage = .fragment, options: ParseOptions = ParseOptions()
) -> PreprocessedSource {
    preprocess(SourceFile(name: "test.fsh", text: text), stage: stage, options: options)
}

/// The preprocessed tokens' texts joined by spaces, end of file left out.
func preprocessedText(_ text: String, stage: ShaderStage = .fragment) -> String {
    preprocessShader(text, stage: stage).tokens.dropLast().map(\.text).joined(separator: " ")
}

/// Parses `text`, expecting no diagnostics; reports failures at the caller.
@discardableResult
func parseClean(
    _ text: String, stage: ShaderStage = .fragment,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> TranslationUnit {
    let result = parseShader(text, stage: stage)
    #expect(
        result.diagnostics.isEmpty, "\(result.diagnostics.rendered())",
        sourceLocation: sourceLocation)
    return result.translationUnit
}

/// The fully parenthesised form of one expression, parsed inside a function body.
func parenthesized(_ expression: String, sourceLocation: Testing.SourceLocation = #_sourceLocation)
    -> String
{
    let unit = parseClean("void f() { \(expression); }", sourceLocation: sourceLocation)
    guard case .function(let f)? = unit.declarations.first,
        case .expression(let e, _)? = f.body.first
    else {
        Issue.record("no expression statement in \(unit)", sourceLocation: sourceLocation)
        return ""
    }
    return e.description
}

/// The diagnostics' one-line headers (`test.fsh:1:2: error: …`).
func headers(_ result: ParseResult) -> [String] { result.diagnostics.map(\.description) }
