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
    /// Deepest chain of macros expanding inside macros (also the deepest nesting of macro
    /// calls inside macro arguments, which costs about 1.1 KB of stack per level in release
    /// builds and 4.5 KB in debug builds).
    public var maxMacroExpansionDepth: Int
    /// Deepest nesting of expressions and statements the parser accepts: parentheses,
    /// blocks, control statements, struct members and each operator applied to a
    /// subexpression count one level (the depth of the tree later phases recurse over). Also
    /// bounds the nesting of `#if` expressions. Each level costs about 350 bytes of stack in
    /// release builds and about 3 KB in debug builds, so the default fits any thread in
    /// release; debug builds on threads with small stacks (512 KB) should lower it.
    public var maxNestingDepth: Int
    /// Most errors the preprocessor reports before it stops (with one more error saying so):
    /// a file of 100 000 stray characters would otherwise make 100 000 diagnostics.
    public var maxErrors: Int
    /// Extensions `#extension` accepts; each is also a predefined macro with value 1 in
    /// GLSL ES shaders.
    public var supportedExtensions: Set<String>
    /// Object-like macros defined before the shader's first line (like `-D NAME=value`).
    public var predefinedMacros: [String: String]
    /// The language of a shader that has no `#version` line: GLSL ES 1.00 by default, as in a
    /// GLES or WebGL context; `.glsl110` is what a desktop OpenGL context assumes. A `#version`
    /// line always wins.
    public var defaultVersion: LanguageVersion
    /// Whether GLSL ES shaders see `GL_FRAGMENT_PRECISION_HIGH` defined as 1 (on by default, as
    /// on a GPU whose fragment stage has `highp`; a device profile without fragment `highp`
    /// turns it off, in both stages as GLSL ES 1.00 §4.5.4 says).
    public var definesFragmentPrecisionHigh: Bool
    /// Longest token accepted, in characters, or `nil` for no limit (the default). WebGL
    /// rejects shaders with tokens over 256 characters ("Maximum GLSL Token Size"; 1024 in WebGL 2.0).
    public var maxTokenLength: Int?

    /// The extensions Shade supports by default: derivatives and explicit-LOD texture lookups.
    /// `GL_OES_EGL_image_external` (the `samplerExternalOES` type) is understood by the
    /// preprocessor and parser but not listed, because nothing downstream samples external
    /// images; add it to `supportedExtensions` to parse such shaders.
    public static let defaultExtensions: Set<String> = [
        "GL_OES_standard_derivatives", "GL_EXT_shader_texture_lod",
    ]

    /// Creates options; the defaults suit any real shader.
    public init(
        maxSourceBytes: Int = 1 << 20,
        maxTokens: Int = 1 << 17,
        maxMacroExpansionDepth: Int = 256,
        maxNestingDepth: Int = 256,
        maxErrors: Int = 100,
        supportedExtensions: Set<String> = ParseOptions.defaultExtensions,
        predefinedMacros: [String: String] = [:],
        defaultVersion: LanguageVersion = .es100,
        definesFragmentPrecisionHigh: Bool = true,
        maxTokenLength: Int? = nil
    ) {
        self.maxSourceBytes = maxSourceBytes
        self.maxTokens = maxTokens
        self.maxMacroExpansionDepth = maxMacroExpansionDepth
        self.maxNestingDepth = maxNestingDepth
        self.maxErrors = maxErrors
        self.supportedExtensions = supportedExtensions
        self.predefinedMacros = predefinedMacros
        self.defaultVersion = defaultVersion
        self.definesFragmentPrecisionHigh = definesFragmentPrecisionHigh
        self.maxTokenLength = maxTokenLength
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

    /// The `#version`, or `ParseOptions.defaultVersion` when there is none.
    public var version: LanguageVersion { preprocessed.version }
    /// The stage parsed for.
    public var stage: ShaderStage { preprocessed.stage }
    /// Extensions enabled by `#extension` (`require`, `enable` or `warn`).
    public var enabledExtensions: Set<String> { preprocessed.enabledExtensions }
    /// Each extension's final behavior.
    public var extensionBehaviors: [String: ExtensionBehavior] { preprocessed.extensionBehaviors }
    /// The `#pragma` directives.
    public var pragmas: [Pragma] { preprocessed.pragmas }
    /// `expanded from macro 'X'` notes for a span of the tree (see
    /// `PreprocessedSource.expansionNotes(for:)`).
    public func expansionNotes(for span: SourceSpan) -> [Diagnostic.Note] {
        preprocessed.expansionNotes(for: span)
    }
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
public func parse(_ preprocessed: PreprocessedSource, options: ParseOptions = ParseOptions())
    -> ParseResult
{
    var parser = Parser(preprocessed: preprocessed, options: options)
    // Incomplete tokens (a limit was hit) would only give follow-on errors.
    let unit =
        preprocessed.wasAborted
        ? TranslationUnit(
            declarations: [],
            span: SourceSpan(file: preprocessed.file, start: 0, end: preprocessed.file.bytes.count))
        : parser.parseTranslationUnit()
    let all = inSourceOrder(preprocessed.diagnostics + parser.diagnostics, file: preprocessed.file)
    return ParseResult(translationUnit: unit, preprocessed: preprocessed, diagnostics: all)
}

/// `diagnostics` sorted by where they point in `file` (stable; others keep their order, last).
func inSourceOrder(_ diagnostics: [Diagnostic], file: SourceFile) -> [Diagnostic] {
    func position(_ d: Diagnostic) -> Int {
        guard let span = d.span, span.file === file else { return Int.max }
        return span.start
    }
    return diagnostics.enumerated().sorted { a, b in
        (position(a.element), a.offset) < (position(b.element), b.offset)
    }.map(\.element)
}
