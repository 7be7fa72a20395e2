import ShaderDiagnostics
import ShaderSyntax

/// How strictly the checker applies GLSL ES 1.00.
public struct CheckOptions: Sendable {
    /// Enforce Appendix A of the GLSL ES 1.00 specification: `for` loops only of the form
    /// `for (int i = constant; i <op> constant; i++/i--/i += constant)` with the loop index not
    /// written in the body, no `while`/`do` loops, and arrays other than uniforms indexed only
    /// by constant-index expressions. Off by default: Mesa and GPUImage's shaders need the
    /// relaxed rules.
    public var isStrict: Bool
    /// Most scalar components one type may hold, arrays and structure members included
    /// (`float a[100000000]` is an error, not 400 MB per pixel for the executor). The default,
    /// 65 536, is 256 KB of floats: far above what GLSL ES implementations allow.
    public var maxTypeComponents: Int

    /// Report a shader without `void main()` as an error (on by default). Off, a single
    /// compilation unit may lack `main` as desktop GL allows before linking (piglit's compiler
    /// tests check such units); it is checked for errors, but no `CheckedShader` is made for it.
    public var requiresMain: Bool

    /// Report a call of a function that is declared but never defined as an error (on by
    /// default). Off, such calls are left to the linker, as GL does for a compilation unit
    /// whose functions may be defined in another unit.
    public var requiresDefinitions: Bool

    /// The device the shader must run on: its limits (uniform and varying vectors under the
    /// packing of GLSL ES 1.00 Appendix A §7, texture units, attributes), whether fragment
    /// shaders may use `highp`, and WebGL's rules (which include Appendix A, as `isStrict`).
    /// The default, `.desktop`, enforces nothing. Parse with `profile.parseOptions()` so the
    /// preprocessor agrees (`GL_FRAGMENT_PRECISION_HIGH`, token length, extensions).
    public var profile: DeviceProfile

    /// Creates options.
    public init(
        isStrict: Bool = false, maxTypeComponents: Int = 65_536, requiresMain: Bool = true,
        requiresDefinitions: Bool = true, profile: DeviceProfile = .desktop
    ) {
        self.isStrict = isStrict
        self.maxTypeComponents = maxTypeComponents
        self.requiresMain = requiresMain
        self.requiresDefinitions = requiresDefinitions
        self.profile = profile
    }
}

/// The outcome of checking: the checked shader when there were no errors, and every
/// diagnostic (errors and warnings, parse diagnostics first).
public struct CheckResult: Sendable {
    /// The checked shader, or `nil` when any error was found (or when there is no `main` and
    /// `CheckOptions.requiresMain` is off).
    public let shader: CheckedShader?
    /// All diagnostics, in source order.
    public let diagnostics: [Diagnostic]

    /// The errors only.
    public var errors: [Diagnostic] { diagnostics.filter(\.isError) }
}

/// The GLSL ES 1.00 type checker: turns a parsed shader into a `CheckedShader`.
public enum Checker {
    /// Checks a parsed shader.
    ///
    /// When the parse has errors, checking is skipped (its tree is incomplete, so checking it
    /// would only produce follow-on errors) and the parse diagnostics are returned.
    ///
    /// - Parameters:
    ///   - parse: the result of `ShaderSyntax.parse(_:stage:options:)`.
    ///   - options: strictness.
    /// - Returns: the checked shader (if valid) and all diagnostics.
    public static func check(_ parse: ParseResult, options: CheckOptions = CheckOptions())
        -> CheckResult
    {
        if parse.hasErrors {
            return CheckResult(shader: nil, diagnostics: parse.diagnostics)
        }
        var context = CheckContext(
            stage: parse.stage, version: parse.version, extensions: parse.enabledExtensions,
            options: options, file: parse.translationUnit.span)
        var shader = context.checkTranslationUnit(parse.translationUnit)
        if !context.largestIndexUsed.isEmpty {
            // Arrays sized by their uses: check again, now that their sizes are known.
            let sizes = context.largestIndexUsed.merging(context.redeclaredSizes) { $1 }
            context = CheckContext(
                stage: parse.stage, version: parse.version, extensions: parse.enabledExtensions,
                options: options, file: parse.translationUnit.span)
            context.sizesFromUses = sizes
            shader = context.checkTranslationUnit(parse.translationUnit)
        }
        // GLSL ES 3.00 §4.6.1: "It is an error to use this pragma in a fragment shader."
        if parse.version.isES, parse.version.hasNativeIntegers, parse.stage == .fragment {
            for pragma in parse.pragmas
            where pragma.text.split(whereSeparator: \.isWhitespace).joined(separator: " ") == "STDGL invariant(all)" {
                context.error(.invariantAllInFragmentShader, at: pragma.span)
            }
        }
        context.parseWarnings = parse.diagnostics.filter { !$0.isError }
        let semantic = context.diagnostics.sorted { a, b in
            (a.span?.start ?? Int.max) < (b.span?.start ?? Int.max)
        }.map { d in
            // Text that came from a macro: say which macro (the span is the use site).
            guard let span = d.span else { return d }
            var withNotes = d
            withNotes.notes += parse.expansionNotes(for: span)
            return withNotes
        }
        let all = parse.diagnostics + semantic
        return CheckResult(shader: all.containsError ? nil : shader, diagnostics: all)
    }
}

/// Preprocesses, parses and checks a shader in one step.
///
/// - Parameters:
///   - source: the shader text.
///   - name: the file name diagnostics show.
///   - stage: the shader's stage.
///   - options: strictness.
///   - parseOptions: limits, extensions, predefined macros and the version of a shader without
///     `#version` (`ParseOptions.defaultVersion`).
/// - Returns: the checked shader; its `warnings` hold any warnings.
/// - Throws: `DiagnosticsError` with every diagnostic when the shader has errors.
public func compileFrontEnd(
    source: String, name: String, stage: ShaderStage, options: CheckOptions = CheckOptions(),
    parseOptions: ParseOptions = ParseOptions()
) throws(DiagnosticsError) -> CheckedShader {
    let file = SourceFile(name: name, text: source)
    let result = Checker.check(parse(file, stage: stage, options: parseOptions), options: options)
    guard let shader = result.shader else { throw DiagnosticsError(result.diagnostics) }
    return shader
}

/// A named thing in a scope.
enum Symbol {
    case variable(Variable)
    case functions(FunctionGroup)
    case structure(StructType)
}

/// All user overloads of one function name.
final class FunctionGroup {
    let name: String
    var entries: [FunctionEntry] = []
    init(name: String) { self.name = name }
}

/// One user overload: its symbol and what the checker learned about it.
final class FunctionEntry {
    let symbol: FunctionSymbol
    var isDefined = false
    var definitionSpan: SourceSpan?
    /// Calls made by the body: callee and call site.
    var calls: [(FunctionEntry, SourceSpan)] = []
    /// Call sites of this function (for "never defined").
    var callSites: [SourceSpan] = []
    init(symbol: FunctionSymbol) { self.symbol = symbol }
}

/// One lexical scope: names and default precisions.
struct Scope {
    var symbols: [String: Symbol] = [:]
    var precisions: [GLSLType: PrecisionQualifier] = [:]
}

/// The state of one check. A class so the helpers in the `+` files can share it.
final class CheckContext {
    let stage: ShaderStage
    let version: LanguageVersion
    let extensions: Set<String>
    let options: CheckOptions
    let fileSpan: SourceSpan

    var diagnostics: [Diagnostic] = []
    /// The preprocessor's and parser's warnings, for `CheckedShader.warnings`.
    var parseWarnings: [Diagnostic] = []
    var scopes: [Scope] = [Scope()]
    var nextID = 0

    // The function being checked.
    var currentFunction: FunctionEntry?
    var currentFunctionHasReturn = false
    var loopDepth = 0
    /// How many `switch` bodies enclose the statement being checked (`break` is allowed).
    var switchDepth = 0
    var functionEntries: [FunctionEntry] = []

    // Built-ins created on first use.
    var builtinVariables: [String: Variable] = [:]
    var depthRangeType: StructType?
    var compatStructs: [String: StructType] = [:]

    // Interface and usage facts.
    var uniforms: [InterfaceVariable] = []
    var attributes: [InterfaceVariable] = []
    var varyings: [InterfaceVariable] = []
    /// Fragment outputs declared with `out` (GLSL ES 3.00, desktop 1.30+).
    var outputs: [InterfaceVariable] = []
    /// The ids of the `outputs` declared with `layout(location = N)`.
    var declaredLocations: Set<Int> = []
    /// The first write of a user-declared fragment output (GLSL 1.30+).
    var firstOutputWrite: SourceSpan?
    /// Names of the uniform blocks declared (their own namespace).
    var declaredBlockNames: Set<String> = []
    /// The uniform blocks declared, for the link-time rules.
    var uniformBlocks: [UniformBlockInterface] = []
    /// The block layouts `layout(…) uniform;` has set so far.
    var defaultBlockLayout = BlockLayout()
    /// The structure types made for block instances (arrays of them need constant indices).
    var blockTypes: Set<ObjectIdentifier> = []
    var builtinsUsed: Set<BuiltinVariable> = []
    /// The variables some expression names (statically used), by `Variable.id`.
    var usedVariableIDs: Set<Int> = []
    var usesDiscard = false
    var usesDerivatives = false
    var firstFragColorWrite: SourceSpan?
    var firstFragDataWrite: SourceSpan?
    var anonymousStructCount = 0
    /// Loop indices of Appendix A loops being checked (strict mode).
    var loopIndices: [Variable] = []

    // Desktop arrays declared `T a[]` without an initializer take their size from their uses
    // (the largest constant index + 1). A first pass declares them with a placeholder size and
    // records the indices; a second pass declares them with the sizes found.
    /// Sizes from the first pass, by the offset of the array's name in its declaration.
    var sizesFromUses: [Int: Int] = [:]
    /// First pass: the largest constant index + 1 used on each such array, by name offset.
    var largestIndexUsed: [Int: Int] = [:]
    /// First pass: sizes given by a later declaration (`float a[3];` after `float a[];`).
    var redeclaredSizes: [Int: Int] = [:]
    /// Arrays sized by their uses whose size has been declared since.
    var redeclaredArrays: Set<Int> = []
    /// `true` while checking a name that is then indexed (`a` in `a[1]`).
    var isCheckingIndexedName = false
    /// The size of an array sized by its uses before its uses are known.
    static let unknownArraySize = 1 << 20

    init(
        stage: ShaderStage, version: LanguageVersion, extensions: Set<String>,
        options: CheckOptions, file: SourceSpan
    ) {
        self.stage = stage
        self.version = version
        self.extensions = extensions
        var options = options
        // WebGL accepts only what Appendix A mandates ("Supported GLSL Constructs").
        if options.profile.webGL != nil {
            options.isStrict = true
        }
        self.options = options
        self.fileSpan = file
        scopes[0].precisions = defaultPrecisions()
    }

    // A recursive shader makes a cycle of call edges (`FunctionEntry.calls`); break it so
    // the entries, their symbols and the source they point into are freed.
    deinit {
        for entry in functionEntries { entry.calls.removeAll() }
    }

    // MARK: Diagnostics

    func error(_ e: SemanticError, at span: SourceSpan?, notes: [Diagnostic.Note] = []) {
        diagnostics.append(e.diagnostic(at: span, notes: notes))
    }

    func warning(_ message: String, at span: SourceSpan?) {
        diagnostics.append(.warning(message, at: span))
    }

    func makeID() -> Int {
        nextID += 1
        return nextID
    }

    // MARK: Scopes

    func pushScope() { scopes.append(Scope()) }
    func popScope() { scopes.removeLast() }
    var isGlobalScope: Bool { scopes.count == 1 }

    func lookup(_ name: String) -> Symbol? {
        for scope in scopes.reversed() {
            if let s = scope.symbols[name] { return s }
        }
        if let v = builtinVariable(named: name) { return .variable(v) }
        return nil
    }

    /// Declares `name` in the innermost scope; reports a redefinition if it is taken there.
    @discardableResult
    func declare(_ name: String, _ symbol: Symbol, at span: SourceSpan) -> Bool {
        if name.hasPrefix("gl_") {
            error(.reservedName(name), at: span)
            return false
        }
        if !checkWebGLName(name, at: span) { return false }
        if scopes[scopes.count - 1].symbols[name] != nil
            || (scopes.count == 1 && declaredBlockNames.contains(name))
        {
            error(.redefinition(name), at: span)
            return false
        }
        if name.contains("__") {
            warning("identifier '\(name)' contains '__', which is reserved for the implementation",
                    at: span)
        }
        scopes[scopes.count - 1].symbols[name] = symbol
        return true
    }

    // MARK: Precision

    func defaultPrecisions() -> [GLSLType: PrecisionQualifier] {
        guard version.isES else { return [:] }
        switch stage {
        case .vertex:
            return [.float: .highp, .int: .highp, .sampler2D: .lowp, .samplerCube: .lowp]
        case .fragment:
            return [.int: .mediump, .sampler2D: .lowp, .samplerCube: .lowp]
        }
    }

    func defaultPrecision(for type: GLSLType) -> PrecisionQualifier? {
        guard let key = type.precisionClass else { return nil }
        for scope in scopes.reversed() {
            if let p = scope.precisions[key] { return p }
        }
        return nil
    }

    /// The precision a declaration of `type` gets; reports the missing-default error of
    /// GLSL ES fragment shaders.
    func resolvePrecision(
        _ written: PrecisionQualifier?, for type: GLSLType, at span: SourceSpan
    ) -> PrecisionQualifier? {
        if let written {
            checkFragmentHighp(written, at: span)
            return written
        }
        guard type.takesPrecision else { return nil }
        if let p = defaultPrecision(for: type) { return p }
        if version.isES && !type.containsError {
            error(.noPrecision(type), at: span)
        }
        return nil
    }

    // MARK: Extensions

    func isExtensionEnabled(_ name: String) -> Bool { extensions.contains(name) }
}
