import ShaderDiagnostics
import ShaderSyntax

/// A variable that GLSL predeclares (§7).
public enum BuiltinVariable: String, Sendable, Hashable, CaseIterable {
    // Vertex inputs (GLSL ES 3.00; desktop 1.30 and 1.40): the vertex's index in the draw
    // and the instance's.
    case glVertexID = "gl_VertexID"
    case glInstanceID = "gl_InstanceID"
    // Vertex outputs.
    case glPosition = "gl_Position"
    case glPointSize = "gl_PointSize"
    // Fragment inputs and outputs.
    case glFragCoord = "gl_FragCoord"
    case glFrontFacing = "gl_FrontFacing"
    case glPointCoord = "gl_PointCoord"
    case glFragColor = "gl_FragColor"
    case glFragData = "gl_FragData"
    /// The fragment depth output (desktop, GLSL ES 3.00).
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
    case glModelViewMatrixInverse = "gl_ModelViewMatrixInverse"
    case glProjectionMatrixInverse = "gl_ProjectionMatrixInverse"
    case glModelViewProjectionMatrixInverse = "gl_ModelViewProjectionMatrixInverse"
    case glModelViewMatrixTranspose = "gl_ModelViewMatrixTranspose"
    case glModelViewMatrixInverseTranspose = "gl_ModelViewMatrixInverseTranspose"
    case glNormalScale = "gl_NormalScale"
    case glLightSource = "gl_LightSource"
    case glLightModel = "gl_LightModel"
    case glFrontMaterial = "gl_FrontMaterial"
    case glBackMaterial = "gl_BackMaterial"
    case glFrontLightModelProduct = "gl_FrontLightModelProduct"
    case glBackLightModelProduct = "gl_BackLightModelProduct"
    case glFrontLightProduct = "gl_FrontLightProduct"
    case glBackLightProduct = "gl_BackLightProduct"
    case glClipVertex = "gl_ClipVertex"
    case glFogFragCoord = "gl_FogFragCoord"
    case glFogCoord = "gl_FogCoord"
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
    /// A fragment shader `out` (GLSL ES 3.00, desktop 1.30+) writing the draw buffer at
    /// `location`.
    case output(location: Int)
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
    public let precision: PrecisionQualifier?
    /// `true` for `const` variables, `const` parameters and built-in constants.
    public let isConst: Bool
    /// `true` when declared `invariant`.
    public let isInvariant: Bool
    /// `flat`, `smooth` or `noperspective` on a stage input or output (GLSL ES 3.00), if
    /// written.
    public let interpolation: InterpolationQualifier?
    /// The value of a `const` variable (and of built-in constants such as `gl_MaxDrawBuffers`).
    public let constantValue: ConstantValue?
    /// Where it was declared; `nil` for built-ins.
    public let span: SourceSpan?

    init(
        id: Int, name: String, type: GLSLType, storage: Storage, precision: PrecisionQualifier?,
        isConst: Bool = false, isInvariant: Bool = false, constantValue: ConstantValue? = nil,
        interpolation: InterpolationQualifier? = nil, span: SourceSpan?
    ) {
        self.interpolation = interpolation
        self.id = id
        self.name = name
        self.type = type
        self.storage = storage
        self.precision = precision
        self.isConst = isConst
        self.isInvariant = isInvariant
        self.constantValue = constantValue
        self.span = span
    }

    /// `true` when the shader may not assign to the variable in `stage`.
    func isReadOnly(in stage: ShaderStage) -> Bool {
        if isConst { return true }
        switch storage {
        case .uniform, .attribute, .constant: return true
        case .varying: return stage == .fragment
        case .global, .local, .parameter, .output: return false
        case .builtin(let b): return !b.isWritable(in: stage)
        }
    }

    public var description: String { "\(name)#\(id)" }

    public static func == (a: Variable, b: Variable) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// One parameter of a user function's signature.
public struct FunctionParameter: Sendable, Hashable {
    /// The parameter's name (`""` for an unnamed prototype parameter).
    public let name: String
    /// Its type (arrays included).
    public let type: GLSLType
    /// `in`, `out` or `inout`.
    public let qualifier: ParameterQualifier
    /// `true` when declared `const` (only with `in`).
    public let isConst: Bool
    /// Its precision, written or defaulted.
    public let precision: PrecisionQualifier?
}

/// A user function's signature: what a call refers to.
///
/// One symbol stands for the prototype(s) and the definition of a function together; the
/// definition's body and parameter variables are in `CheckedShader.functions`.
public final class FunctionSymbol: Sendable, Hashable, CustomStringConvertible {
    /// Unique within a checked shader.
    public let id: Int
    /// The function's name.
    public let name: String
    /// The return type.
    public let returnType: GLSLType
    /// The return precision, written or defaulted.
    public let returnPrecision: PrecisionQualifier?
    /// The parameters, as first declared.
    public let parameters: [FunctionParameter]
    /// Where it was first declared.
    public let span: SourceSpan?

    init(
        id: Int, name: String, returnType: GLSLType, returnPrecision: PrecisionQualifier?,
        parameters: [FunctionParameter], span: SourceSpan?
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
        case .glPosition, .glPointSize, .glFrontColor, .glBackColor, .glTexCoord, .glClipVertex,
            .glFogFragCoord:
            stage == .vertex
        case .glFragColor, .glFragData, .glFragDepth:
            stage == .fragment
        default:
            false
        }
    }
}
