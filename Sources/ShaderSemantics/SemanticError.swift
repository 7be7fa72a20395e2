import ShaderDiagnostics
import ShaderSyntax

/// Every problem the checker reports. Each case carries its data; `message` renders it the
/// way all Shade diagnostics read (lowercase, expected vs found).
public enum SemanticError: Sendable, Hashable {
    // Names and scopes.
    case undeclaredIdentifier(String)
    case undeclaredFunction(String)
    case notAFunction(String)
    case notAType(String)
    case redefinition(String)
    case reservedName(String)
    // Types and conversions.
    case cannotConvert(from: GLSLType, to: GLSLType)
    case unsupportedType(String)
    /// A construct of the language Shade does not implement yet.
    case unsupportedFeature(String)
    /// A `layout(…)` qualifier that is malformed or misplaced.
    case invalidLayout(String)
    /// A `switch` statement that breaks a rule of GLSL ES 3.00 §6.2.
    case invalidSwitch(String)
    /// A fragment shader writing both `gl_FragColor`/`gl_FragData` and its own `out` variables.
    case builtinAndUserOutputs
    /// A GLSL ES 3.00 fragment shader with several outputs, one of them without a location.
    case outputNeedsLocation(String)
    /// Two fragment outputs whose locations overlap.
    case overlappingOutputLocations(String, String, location: Int)
    /// A fragment output at or beyond `MAX_DRAW_BUFFERS`.
    case outputLocationBeyondDrawBuffers(String, location: Int, maxDrawBuffers: Int)
    /// An array of uniform block instances indexed with a non-constant expression.
    case blockIndexNotConstant
    case invalidVariableType(GLSLType, context: String)
    case noPrecision(GLSLType)
    case precisionNotAllowed(GLSLType)
    // Operators.
    case invalidBinaryOperands(op: String, GLSLType, GLSLType)
    case invalidUnaryOperand(op: String, GLSLType)
    case conditionNotBool(GLSLType)
    case ternaryMismatch(GLSLType, GLSLType)
    // L-values.
    case notAnLValue
    case readOnly(name: String, reason: String)
    case repeatedSwizzleLValue(String)
    case arrayAssignment
    /// `=` on a structure with an array member in GLSL ES 1.00 (the WebGL conformance suite's
    /// struct-assign requires the error).
    case structWithArrayAssignment(GLSLType)
    // Selection.
    case invalidSwizzle(String, GLSLType)
    case noMember(String, GLSLType)
    case notIndexable(GLSLType)
    case indexNotInt(GLSLType)
    case indexOutOfRange(Int, GLSLType)
    // Constants and arrays.
    case arraySizeNotConstant
    case arraySizeNotPositive(Int)
    /// A type holds more scalar components than `CheckOptions.maxTypeComponents`.
    case typeTooLarge(String, limit: Int)
    case notConstant(what: String)
    case constWithoutInitializer(String)
    case arrayInitializer
    // Constructors and calls.
    case constructorNeedsArguments(GLSLType)
    case constructorTooManyArguments(GLSLType)
    case constructorTooFewComponents(GLSLType, provided: Int, needed: Int)
    case constructorMatrixArgument(GLSLType)
    case constructorInvalidArgument(GLSLType, argument: GLSLType)
    case constructingOpaqueStruct(GLSLType)
    case structConstructorArity(GLSLType, expected: Int, found: Int)
    case noMatchingOverload(signature: String)
    case builtinUnavailable(name: String, reason: String)
    case outArgumentNotLValue(index: Int, function: String)
    /// The offset of a `…Offset` texture function is not a constant expression.
    case textureOffsetNotConstant(function: String)
    /// A texel offset outside `MIN_PROGRAM_TEXEL_OFFSET…MAX_PROGRAM_TEXEL_OFFSET`.
    case textureOffsetOutOfRange(function: String, value: Int32)
    // Functions.
    /// A user function with the signature of a built-in, e.g. `sin(float)`.
    case redefineBuiltin(String)
    /// GLSL ES 3.00 forbids overloading a built-in function with new parameter types too.
    case overloadBuiltinInES300(String)
    /// `#pragma STDGL invariant(all)` in a GLSL ES 3.00 fragment shader.
    case invariantAllInFragmentShader
    /// A sampler array indexed with a non-constant expression in GLSL ES 3.00 or 1.30+.
    case samplerIndexNotConstant(String)
    case conflictingReturnType(String, GLSLType, GLSLType)
    case conflictingQualifiers(String)
    case functionRedefinition(String)
    case functionRedeclaration(String)
    case conflictingReturnPrecision(String)
    case embeddedStructDefinition(String)
    case arrayConstructorArity(GLSLType, found: Int)
    case invalidMethod(String, GLSLType)
    case unsizedArrayInitializer(GLSLType, found: GLSLType)
    case implicitlySizedArray(GLSLType)
    /// `int[];`: an unsized array type declaring nothing, so nothing can size it.
    case unsizedEmptyDeclaration(GLSLType)
    case sizedByUsesIndexNotConstant(String)
    case sizedByUsesWholeUse(String)
    case functionNotDefined(String)
    case recursion([String])
    case duplicateMember(String)
    case missingMain
    case badMainSignature
    case returnValueInVoid(String)
    case missingReturnValue(String)
    /// A non-void function whose body has no `return` at all (Mesa rejects these; a return on
    /// only some paths is allowed).
    case noReturnStatement(String, GLSLType)
    case nestedFunctionDeclaration
    case invalidParameter(String)
    // Statements and stages.
    case breakOutsideLoop(String)
    case discardInVertexShader
    case qualifierNotAllowed(String, reason: String)
    case invalidInterfaceType(qualifier: String, GLSLType)
    case bothFragColorAndFragData
    case invalidInvariant(String)
    case loopNotInAppendixAForm(String)
    case dynamicIndexInStrictMode(String)
    // Device profiles.
    /// `highp` in a fragment shader on a profile whose fragment stage has none.
    case fragmentHighpUnavailable(profile: String)
    /// A name starting with `webgl_` or `_webgl_` under a WebGL profile.
    case webGLReservedName(String)
    /// A structure nested deeper than WebGL allows.
    case structNestingTooDeep(String, depth: Int, limit: Int)
    /// A desktop `#version` under a WebGL profile.
    case desktopVersionInWebGL(Int)
    /// A shader needs more of a resource than the profile's limit.
    case limitExceeded(
        stage: ShaderStage, needed: Int, what: String, profile: String, limit: Int,
        limitName: String)

    /// The message, lowercase and without a trailing period.
    public var message: String {
        switch self {
        case .undeclaredIdentifier(let n): "use of undeclared identifier '\(n)'"
        case .undeclaredFunction(let n): "use of undeclared function '\(n)'"
        case .notAFunction(let n): "called object '\(n)' is not a function"
        case .notAType(let n): "unknown type '\(n)'"
        case .redefinition(let n): "redefinition of '\(n)'"
        case .reservedName(let n):
            "identifier '\(n)' is reserved: names starting with 'gl_' belong to GLSL"
        case .cannotConvert(let a, let b): "cannot convert from '\(a)' to '\(b)'"
        case .unsupportedType(let n): "type '\(n)' is not supported"
        case .unsupportedFeature(let what): "\(what) are not supported yet"
        case .invalidLayout(let why): "invalid layout qualifier: \(why)"
        case .invalidSwitch(let why): "invalid switch statement: \(why)"
        case .blockIndexNotConstant:
            "an array of uniform blocks must be indexed with a constant expression"
        case .builtinAndUserOutputs:
            "a fragment shader cannot write both 'gl_FragColor'/'gl_FragData' and its own 'out' variables"
        case .outputNeedsLocation(let n):
            "fragment output '\(n)' needs 'layout(location = N)': with more than one output, each must have one"
        case .overlappingOutputLocations(let a, let b, let location):
            "fragment outputs '\(a)' and '\(b)' both use location \(location)"
        case .outputLocationBeyondDrawBuffers(let n, let location, let maxDrawBuffers):
            "fragment output '\(n)' uses location \(location), but MAX_DRAW_BUFFERS is \(maxDrawBuffers) (locations 0 to \(maxDrawBuffers - 1))"
        case .invalidVariableType(let t, let c): "\(c) cannot have type '\(t)'"
        case .noPrecision(let t):
            "no precision specified for '\(t)': add a qualifier or 'precision mediump float;'"
        case .precisionNotAllowed(let t): "precision qualifiers cannot be used with '\(t)'"
        case .invalidBinaryOperands(let op, let a, let b):
            "invalid operands to binary '\(op)': '\(a)' and '\(b)'"
        case .invalidUnaryOperand(let op, let t): "invalid operand to unary '\(op)': '\(t)'"
        case .conditionNotBool(let t): "condition must be a scalar 'bool', found '\(t)'"
        case .ternaryMismatch(let a, let b):
            "operands of '?:' have different types: '\(a)' and '\(b)'"
        case .notAnLValue: "expression is not an l-value and cannot be assigned"
        case .readOnly(let n, let r): "'\(n)' is \(r) and cannot be assigned"
        case .repeatedSwizzleLValue(let s):
            "swizzle '\(s)' has repeated components and cannot be assigned (not an l-value)"
        case .arrayAssignment: "arrays cannot be assigned before GLSL 1.20"
        case .structWithArrayAssignment(let t):
            "'\(t)' contains an array and cannot be assigned in GLSL ES 1.00"
        case .invalidSwizzle(let s, let t): "invalid swizzle '\(s)' on '\(t)'"
        case .noMember(let n, let t): "no member named '\(n)' in '\(t)'"
        case .notIndexable(let t): "'\(t)' cannot be indexed"
        case .indexNotInt(let t): "index must be a scalar 'int', found '\(t)'"
        case .indexOutOfRange(let i, let t): "index \(i) is out of range for '\(t)'"
        case .arraySizeNotConstant: "array size must be a constant integer expression"
        case .arraySizeNotPositive(let n): "array size must be greater than zero, found \(n)"
        case .typeTooLarge(let type, let limit):
            "type '\(type)' holds more than \(limit) components, the limit for one value"
        case .notConstant(let what): "\(what) must be a constant expression"
        case .constWithoutInitializer(let n): "const variable '\(n)' needs an initializer"
        case .arrayInitializer: "arrays cannot be initialized before GLSL 1.20"
        case .constructorNeedsArguments(let t): "'\(t)' constructor needs at least one argument"
        case .constructorTooManyArguments(let t): "too many arguments to '\(t)' constructor"
        case .constructorTooFewComponents(let t, let p, let n):
            "not enough components for '\(t)' constructor: \(p) provided, \(n) needed"
        case .constructorMatrixArgument(let t):
            "a matrix argument to the '\(t)' constructor must be its only argument"
        case .constructorInvalidArgument(let t, let a):
            "cannot construct '\(t)' from an argument of type '\(a)'"
        case .constructingOpaqueStruct(let t):
            "cannot construct '\(t)': it contains a sampler"
        case .structConstructorArity(let t, let e, let f):
            "wrong number of arguments to '\(t)' constructor: expected \(e), found \(f)"
        case .noMatchingOverload(let s): "no matching overload for call to '\(s)'"
        case .builtinUnavailable(let n, let r): "'\(n)' \(r)"
        case .outArgumentNotLValue(let i, let f):
            "argument \(i) of '\(f)' is an 'out' or 'inout' parameter and needs an l-value"
        case .textureOffsetNotConstant(let f): "the offset of '\(f)' must be a constant expression"
        case .textureOffsetOutOfRange(let f, let v):
            "texel offset \(v) of '\(f)' is outside \(BuiltinFunction.texelOffsetRange.lowerBound)...\(BuiltinFunction.texelOffsetRange.upperBound) (MIN/MAX_PROGRAM_TEXEL_OFFSET)"
        case .redefineBuiltin(let n): "cannot redefine built-in function '\(n)'"
        case .overloadBuiltinInES300(let n):
            "a shader cannot redefine or overload built-in function '\(n)' in GLSL ES 3.00"
        case .invariantAllInFragmentShader: "'#pragma STDGL invariant(all)' cannot be used in a fragment shader"
        case .samplerIndexNotConstant(let v):
            "sampler arrays indexed with non-constant expressions are forbidden in \(v) and later"
        case .conflictingReturnType(let s, let a, let b):
            "conflicting return type for '\(s)': '\(a)', earlier '\(b)'"
        case .conflictingQualifiers(let s):
            "parameter qualifiers of '\(s)' differ from its earlier declaration"
        case .functionRedefinition(let s): "redefinition of '\(s)'"
        case .functionRedeclaration(let s):
            "function '\(s)' is declared twice: GLSL ES allows one prototype per function"
        case .conflictingReturnPrecision(let s):
            "function '\(s)' is declared with a different return precision before"
        case .arrayConstructorArity(let t, let f):
            "array constructor '\(t)' needs one argument per element, found \(f)"
        case .unsizedArrayInitializer(let e, let f):
            "an array declared '\(e)[]' takes its size from an array initializer, found '\(f)'"
        case .unsizedEmptyDeclaration(let e):
            "'\(e)[]' declares nothing, so nothing gives the array a size"
        case .implicitlySizedArray(let e):
            "arrays sized by their uses ('\(e)[]' without an initializer) are not supported"
        case .sizedByUsesIndexNotConstant(let n):
            "array '\(n)' is declared without a size, so it must be indexed with constant expressions"
        case .sizedByUsesWholeUse(let n):
            "array '\(n)' is declared without a size, so it can only be indexed"
        case .invalidMethod(let m, let t):
            "'\(t)' has no method '\(m)()': arrays have 'length()'"
        case .embeddedStructDefinition(let n):
            "structure '\(n)' cannot be defined inside another structure: define it first"
        case .functionNotDefined(let s): "function '\(s)' is called but never defined"
        case .recursion(let path):
            path.count <= 2
                ? "recursion is not allowed: '\(path[0])' calls itself"
                : "recursion is not allowed: " + path.map { "'\($0)'" }.joined(separator: " calls ")
        case .duplicateMember(let n): "duplicate member '\(n)' in structure"
        case .missingMain: "missing 'main' function: every shader needs 'void main()'"
        case .badMainSignature: "'main' must be declared as 'void main()'"
        case .returnValueInVoid(let n): "void function '\(n)' cannot return a value"
        case .missingReturnValue(let n): "non-void function '\(n)' must return a value"
        case .noReturnStatement(let n, let t):
            "function '\(n)' returns '\(t)' but has no return statement"
        case .nestedFunctionDeclaration: "functions can only be declared at global scope"
        case .invalidParameter(let r): r
        case .breakOutsideLoop(let k): "'\(k)' is only allowed inside a loop"
        case .discardInVertexShader: "'discard' is only allowed in fragment shaders"
        case .qualifierNotAllowed(let q, let r): "'\(q)' \(r)"
        case .invalidInterfaceType(let q, let t): "\(q) cannot have type '\(t)'"
        case .bothFragColorAndFragData:
            "a shader cannot write both 'gl_FragColor' and 'gl_FragData'"
        case .invalidInvariant(let n):
            "'\(n)' cannot be made invariant: only varyings and built-in outputs can"
        case .loopNotInAppendixAForm(let r): "loop not allowed in strict mode: \(r)"
        case .dynamicIndexInStrictMode(let r): "index not allowed in strict mode: \(r)"
        case .fragmentHighpUnavailable(let p):
            "'highp' is not available in fragment shaders on profile \(p)"
                + " (GL_FRAGMENT_PRECISION_HIGH is not defined): use 'mediump'"
        case .webGLReservedName(let n):
            "identifier '\(n)' is reserved: names starting with 'webgl_' or '_webgl_' belong to WebGL"
        case .structNestingTooDeep(let n, let depth, let limit):
            "structure '\(n)' nests \(depth) levels of structures; WebGL allows \(limit)"
        case .desktopVersionInWebGL(let v):
            "'#version \(v)' is desktop GLSL; WebGL accepts GLSL ES shaders only"
        case .limitExceeded(let stage, let needed, let what, let profile, let limit, let name):
            "\(stage.rawValue) shader needs \(needed) \(what); profile \(profile) allows \(limit)"
                + " (\(name))"
        }
    }

    /// The error as a diagnostic at `span`.
    public func diagnostic(at span: SourceSpan?, notes: [Diagnostic.Note] = []) -> Diagnostic {
        .error(message, at: span, notes: notes)
    }
}
