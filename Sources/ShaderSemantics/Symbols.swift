import ShaderDiagnostics

/// The pipeline stage a shader runs in.
public enum ShaderStage: String, Sendable, Hashable, CaseIterable {
    case vertex
    case fragment
}

/// The language a shader is checked against, from its `#version` line.
public enum LanguageVersion: Int, Sendable, Hashable, CaseIterable {
    /// GLSL ES 1.00 (`#version 100`, or no `#version` at all).
    case es100 = 100
    /// Desktop GLSL 1.10: no default-precision rule, compatibility built-ins, no implicit
    /// conversions.
    case glsl110 = 110
    /// Desktop GLSL 1.20: as 1.10 plus implicit `int` → `float` conversion, `transpose`,
    /// `outerProduct`, non-square matrices (not modelled).
    case glsl120 = 120

    /// `true` for GLSL ES.
    public var isES: Bool { self == .es100 }
}

/// A parameter qualifier.
public enum ParameterQualifier: String, Sendable, Hashable {
    case `in`
    case out
    case `inout`
}

/// A variable that GLSL predeclares (§7).
public enum BuiltinVariable: String, Sendable, Hashable, CaseIterable {
    // Vertex outputs.
    case glPosition = "gl_Position"
    case glPointSize = "gl_PointSize"
    // Fragment inputs and outputs.
    case glFragCoord = "gl_FragCoord"
    case glFrontFacing = "gl_FrontFacing"
    case glPointCoord = "gl_PointCoord"
    case glFragColor = "gl_FragColor"
    case glFragData = "gl_FragData"
    /// Desktop only (`#version 110/120`): the fragment depth output.
    case glFragDepth = "gl_FragDepth"
    // Uniform state.
    case glDepthRange = "gl_DepthRange"
    // Desktop compatibility built-ins (`#version 110/120` only).
    case glVertex = "gl_Vertex"
    case glNormal = "gl_Normal"
    case glColor = "gl_Color"
    case glSecondaryColor = "gl_SecondaryColor"
    case glMultiTexCoord0 = "gl_MultiTexCoord0"
    case glMultiTexCoord1 = "gl_MultiTexCoord1"
    case glMultiTexCoord2 = "gl_MultiTexCoord2"
    case glMultiTexCoord3 = "gl_MultiTexCoord3"
    case glFrontColor = "gl_FrontColor"
    case glBackColor = "gl_BackColor"
    case glTexCoord = "gl_TexCoord"
    case glModelViewMatrix = "gl_ModelViewMatrix"
    case glProjectionMatrix = "gl_ProjectionMatrix"
    case glModelViewProjectionMatrix = "gl_ModelViewProjectionMatrix"
    case glNormalMatrix = "gl_NormalMatrix"
    case glTextureMatrix = "gl_TextureMatrix"
}

/// Where a variable lives; this decides how the compiler stores and reads it.
public enum Storage: Sendable, Hashable {
    /// A global `uniform`: the same for every lane, set by the application.
    case uniform
    /// A vertex-shader `attribute`.
    case attribute
    /// A `varying`: written by the vertex stage, interpolated, read by the fragment stage.
    case varying
    /// A global variable without a storage qualifier (private, writable, per lane).
    case global
    /// A `const` variable (global or local); its value is in `Variable.constantValue`.
    case constant
    /// A local variable of a function body.
    case local
    /// A function parameter; `in` parameters are writable copies.
    case parameter(ParameterQualifier)
    /// A variable predeclared by GLSL.
    case builtin(BuiltinVariable)
}

/// A declared variable: every identifier use in a `CheckedShader` refers to one of these.
///
/// Variables compare by identity; `id` is unique within one checked shader and stable, so
/// the compiler can use it as a dictionary key or register index.
public final class Variable: Sendable, Hashable, CustomStringConvertible {
    /// Unique within a checked shader.
    public let id: Int
    /// The declared name.
    public let name: String
    /// The declared type (arrays included).
    public let type: GLSLType
    /// Where the variable lives.
    public let storage: Storage
    /// The precision the variable has (written, or from the default in scope); `nil` for
    /// types without precision and for desktop shaders that don't say.
    public let precision: Precision?
    /// `true` when declared `invariant`.
    public let isInvariant: Bool
    /// The value of a `const` variable (and of built-in constants such as `gl_MaxDrawBuffers`).
    public let constantValue: ConstantValue?
    /// Where it was declared; `nil` for built-ins.
    public let span: SourceSpan?

    init(
        id: Int, name: String, type: GLSLType, storage: Storage, precision: Precision?,
        isInvariant: Bool = false, constantValue: ConstantValue? = nil, span: SourceSpan?
    ) {
        self.id = id
        self.name = name
        self.type = type
        self.storage = storage
        self.precision = precision
        self.isInvariant = isInvariant
        self.constantValue = constantValue
        self.span = span
    }

    /// `true` when the shader may not assign to the variable in `stage`.
    func isReadOnly(in stage: ShaderStage) -> Bool {
        switch storage {
        case .uniform, .attribute, .constant: true
        case .varying: stage == .fragment
        case .global, .local, .parameter: false
        case .builtin(let b): !b.isWritable(in: stage)
        }
    }

    public var description: String { "\(name)#\(id)" }

    public static func == (a: Variable, b: Variable) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A user function's signature: what a call refers to.
///
/// One symbol stands for the prototype(s) and the definition of a function together. The body
/// is in `CheckedShader.functions`.
public final class FunctionSymbol: Sendable, Hashable, CustomStringConvertible {
    /// Unique within a checked shader.
    public let id: Int
    /// The function's name.
    public let name: String
    /// The return type.
    public let returnType: GLSLType
    /// The return precision, if written.
    public let returnPrecision: Precision?
    /// The parameters, as declared in the definition (or the first prototype if it has no
    /// definition). Unnamed prototype parameters are named `""`.
    public let parameters: [Variable]
    /// Where it was first declared.
    public let span: SourceSpan?

    init(
        id: Int, name: String, returnType: GLSLType, returnPrecision: Precision?,
        parameters: [Variable], span: SourceSpan?
    ) {
        self.id = id
        self.name = name
        self.returnType = returnType
        self.returnPrecision = returnPrecision
        self.parameters = parameters
        self.span = span
    }

    /// The parameter types, for overload resolution.
    public var parameterTypes: [GLSLType] { parameters.map(\.type) }

    /// `name(type, type)`, as diagnostics write a signature.
    public var signature: String {
        "\(name)(" + parameters.map { "\($0.type)" }.joined(separator: ", ") + ")"
    }

    public var description: String { signature }

    public static func == (a: FunctionSymbol, b: FunctionSymbol) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension BuiltinVariable {
    /// `true` when a shader of `stage` may assign to it.
    func isWritable(in stage: ShaderStage) -> Bool {
        switch self {
        case .glPosition, .glPointSize, .glFrontColor, .glBackColor, .glTexCoord:
            stage == .vertex
        case .glFragColor, .glFragData, .glFragDepth:
            stage == .fragment
        default:
            false
        }
    }
}
