import ShaderDiagnostics

/// Limits and settings for preprocessing and parsing. Hitting a limit is an error diagnostic,
/// never a crash.
public struct ParseOptions: Sendable {
    /// Largest source text accepted, in bytes. The default, 1 MiB, is far above any real
    /// shader and keeps the worst case (a file of single-character tokens) under a second.
    public var maxSourceBytes: Int
    /// Most tokens preprocessing may make: the output's tokens, the tokens each macro
    /// expansion creates (before they are rescanned) and the copies of macro arguments all
    /// count, so the work a macro bomb can cause is bounded by this number. The default,
    /// 131 072, is more than the largest dEQP `.test` file (dozens of shaders) holds in all,
    /// and keeps a macro bomb well under a second.
    public var maxTokens: Int
    /// Deepest chain of macros expanding inside macros.
    public var maxMacroExpansionDepth: Int
    /// Deepest nesting of expressions and statements the parser accepts: parentheses,
    /// blocks, control statements, struct members and each operator applied to a
    /// subexpression count one level (the depth of the tree later phases recurse over). Also
    /// bounds the nesting of `#if` expressions.
    public var maxNestingDepth: Int
    /// Most errors the preprocessor reports before it stops (with one more error saying so):
    /// a file of 100 000 stray characters would otherwise make 100 000 diagnostics.
    public var maxErrors: Int
    /// Extensions `#extension` accepts; each is also a predefined macro with value 1 in
    /// GLSL ES shaders.
    public var supportedExtensions: Set<String>
    /// Object-like macros defined before the shader's first line (like `-D NAME=value`).
    public var predefinedMacros: [String: String]

    /// The extensions Shade supports by default.
    public static let defaultExtensions: Set<String> = [
        "GL_OES_standard_derivatives", "GL_EXT_shader_texture_lod", "GL_OES_EGL_image_external",
    ]

    /// Creates options; the defaults suit any real shader.
    public init(
        maxSourceBytes: Int = 1 << 20,
        maxTokens: Int = 1 << 17,
        maxMacroExpansionDepth: Int = 256,
        maxNestingDepth: Int = 256,
        maxErrors: Int = 100,
        supportedExtensions: Set<String> = ParseOptions.defaultExtensions,
        predefinedMacros: [String: String] = [:]
    ) {
        self.maxSourceBytes = maxSourceBytes
        self.maxTokens = maxTokens
        self.maxMacroExpansionDepth = maxMacroExpansionDepth
        self.maxNestingDepth = maxNestingDepth
        self.maxErrors = maxErrors
        self.supportedExtensions = supportedExtensions
        self.predefinedMacros = predefinedMacros
    }
}

/// The result of parsing: the syntax tree (partial when there were errors), what the
/// preprocessor found, and every diagnostic of both phases.
public struct ParseResult: Sendable {
    /// The tree. With errors, it holds what could be parsed around them.
    public let translationUnit: TranslationUnit
    /// The preprocessor's output the tree was parsed from.
    public let preprocessed: PreprocessedSource
    /// Preprocessor and parser diagnostics, in source order.
    public let diagnostics: [Diagnostic]

    /// The `#version` (GLSL ES 1.00 when there is none).
    public var version: LanguageVersion { preprocessed.version }
    /// The stage parsed for.
    public var stage: ShaderStage { preprocessed.stage }
    /// Extensions enabled by `#extension` (`require`, `enable` or `warn`).
    public var enabledExtensions: Set<String> { preprocessed.enabledExtensions }
    /// Each extension's final behavior.
    public var extensionBehaviors: [String: ExtensionBehavior] { preprocessed.extensionBehaviors }
    /// The `#pragma` directives.
    public var pragmas: [Pragma] { preprocessed.pragmas }
    /// `true` when any diagnostic is an error.
    public var hasErrors: Bool { diagnostics.containsError }
}

/// Preprocesses and parses a shader.
///
/// - Parameters:
///   - source: the shader text.
///   - stage: the stage it is for.
///   - options: limits and supported extensions.
/// - Returns: the tree and all diagnostics; never throws, a bad shader gives error diagnostics.
public func parse(
    _ source: SourceFile, stage: ShaderStage, options: ParseOptions = ParseOptions()
) -> ParseResult {
    parse(preprocess(source, stage: stage, options: options), options: options)
}

/// Parses already preprocessed tokens.
///
/// - Parameters:
///   - preprocessed: the output of `preprocess(_:stage:options:)`.
///   - options: the nesting limit.
/// - Returns: the tree, with the preprocessor's and the parser's diagnostics in source order.
public func parse(_ preprocessed: PreprocessedSource, options: ParseOptions = ParseOptions()) -> ParseResult {
    var parser = Parser(preprocessed: preprocessed, options: options)
    let unit = parser.parseTranslationUnit()
    let all = (preprocessed.diagnostics + parser.diagnostics).enumerated().sorted { a, b in
        let x = a.element.span?.file === preprocessed.file ? a.element.span?.start ?? Int.max : Int.max
        let y = b.element.span?.file === preprocessed.file ? b.element.span?.start ?? Int.max : Int.max
        return (x, a.offset) < (y, b.offset)
    }.map(\.element)
    return ParseResult(translationUnit: unit, preprocessed: preprocessed, diagnostics: all)
}
