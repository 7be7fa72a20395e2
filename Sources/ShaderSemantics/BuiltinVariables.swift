import ShaderSyntax

/// The values GLSL ES 1.00 guarantees for its built-in constants (§7.4), which Shade uses.
public enum BuiltinConstants {
    /// Name and value of every built-in constant of GLSL ES 1.00.
    public static let es100: [(name: String, value: Int32)] = [
        ("gl_MaxVertexAttribs", 8),
        ("gl_MaxVertexUniformVectors", 128),
        ("gl_MaxVaryingVectors", 8),
        ("gl_MaxVertexTextureImageUnits", 0),
        ("gl_MaxCombinedTextureImageUnits", 8),
        ("gl_MaxTextureImageUnits", 8),
        ("gl_MaxFragmentUniformVectors", 16),
        ("gl_MaxDrawBuffers", 1),
    ]

    /// GLSL ES 3.00's built-in constants (§7.3), its minimums; they replace ES 1.00's
    /// (`gl_MaxVaryingVectors` is gone).
    public static let es300: [(name: String, value: Int32)] = [
        ("gl_MaxVertexAttribs", 16),
        ("gl_MaxVertexUniformVectors", 256),
        ("gl_MaxVertexOutputVectors", 16),
        ("gl_MaxFragmentInputVectors", 15),
        ("gl_MaxVertexTextureImageUnits", 16),
        ("gl_MaxCombinedTextureImageUnits", 32),
        ("gl_MaxTextureImageUnits", 16),
        ("gl_MaxFragmentUniformVectors", 224),
        ("gl_MaxDrawBuffers", 4),
        ("gl_MinProgramTexelOffset", -8),
        ("gl_MaxProgramTexelOffset", 7),
    ]

    /// Constants desktop GLSL 1.30 adds (its minimums).
    public static let desktop130: [(name: String, value: Int32)] = [
        ("gl_MaxVaryingComponents", 64),
        ("gl_MaxClipDistances", 8),
        ("gl_MinProgramTexelOffset", -8),
        ("gl_MaxProgramTexelOffset", 7),
    ]

    /// Extra constants of desktop GLSL 1.10/1.20 that Shade models.
    public static let desktop: [(name: String, value: Int32)] = [
        ("gl_MaxTextureCoords", 8),
        ("gl_MaxLights", 8),
        ("gl_MaxClipPlanes", 6),
        ("gl_MaxTextureUnits", 2),
        ("gl_MaxVertexUniformComponents", 512),
        ("gl_MaxFragmentUniformComponents", 64),
        ("gl_MaxVaryingFloats", 32),
    ]
}

extension CheckContext {
    /// The built-in variable or constant `name`, if it exists in this stage and version.
    /// Created on first use so each check has its own instances.
    func builtinVariable(named name: String) -> Variable? {
        guard name.hasPrefix("gl_") else { return nil }
        if let v = builtinVariables[name] { return v }
        guard let v = makeBuiltinVariable(name) else { return nil }
        builtinVariables[name] = v
        return v
    }

    private func makeBuiltinVariable(_ name: String) -> Variable? {
        let constants: [(name: String, value: Int32)]
        if version.isES {
            constants = version.hasNativeIntegers ? BuiltinConstants.es300 : BuiltinConstants.es100
        } else {
            constants = BuiltinConstants.es100 + BuiltinConstants.desktop
                + (version.hasNativeIntegers ? BuiltinConstants.desktop130 : [])
        }
        for (n, value) in constants where n == name {
            return Variable(
                id: makeID(), name: n, type: .int, storage: .constant, precision: .mediump,
                isConst: true, constantValue: .int(value), span: nil)
        }
        guard let b = BuiltinVariable(rawValue: name) else { return nil }
        let isDesktop = !version.isES
        let texCoords = 8
        let type: GLSLType
        let precision: PrecisionQualifier?
        switch b {
        case .glVertexID:
            guard stage == .vertex, version.hasNativeIntegers else { return nil }
            (type, precision) = (.int, .highp)
        case .glInstanceID:
            guard stage == .vertex, version.hasNativeIntegers, version.isES || version.rawValue >= 140 else { return nil }
            (type, precision) = (.int, .highp)
        case .glPosition:
            guard stage == .vertex else { return nil }
            (type, precision) = (.vec4, .highp)
        case .glPointSize:
            guard stage == .vertex else { return nil }
            (type, precision) = (.float, .mediump)
        case .glFragCoord:
            guard stage == .fragment else { return nil }
            (type, precision) = (.vec4, .mediump)
        case .glFrontFacing:
            guard stage == .fragment else { return nil }
            (type, precision) = (.bool, nil)
        case .glPointCoord:
            guard stage == .fragment else { return nil }
            (type, precision) = (.vec2, .mediump)
        case .glFragColor:
            guard stage == .fragment, version.hasBuiltinFragmentOutputs else { return nil }
            (type, precision) = (.vec4, .mediump)
        case .glFragData:
            guard stage == .fragment, version.hasBuiltinFragmentOutputs else { return nil }
            let n = isDesktop ? 8 : 1  // gl_MaxDrawBuffers
            (type, precision) = (.array(.vec4, n), .mediump)
        case .glFragDepth:
            guard stage == .fragment, isDesktop || version == .es300 else { return nil }
            (type, precision) = (.float, nil)
        case .glDepthRange:
            (type, precision) = (.structure(depthRangeStruct()), .highp)
        case .glVertex, .glColor, .glSecondaryColor, .glMultiTexCoord0, .glMultiTexCoord1,
            .glMultiTexCoord2, .glMultiTexCoord3:
            guard isDesktop else { return nil }
            if b == .glColor || b == .glSecondaryColor {
                (type, precision) = (.vec4, nil)
            } else {
                guard stage == .vertex else { return nil }
                (type, precision) = (.vec4, nil)
            }
        case .glNormal:
            guard isDesktop, stage == .vertex else { return nil }
            (type, precision) = (.vec3, nil)
        case .glFrontColor, .glBackColor:
            guard isDesktop, stage == .vertex else { return nil }
            (type, precision) = (.vec4, nil)
        case .glTexCoord:
            guard isDesktop else { return nil }
            (type, precision) = (.array(.vec4, texCoords), nil)
        case .glModelViewMatrix, .glProjectionMatrix, .glModelViewProjectionMatrix:
            guard isDesktop else { return nil }
            (type, precision) = (.mat4, nil)
        case .glNormalMatrix:
            guard isDesktop else { return nil }
            (type, precision) = (.mat3, nil)
        case .glTextureMatrix:
            guard isDesktop else { return nil }
            (type, precision) = (.array(.mat4, texCoords), nil)
        case .glModelViewMatrixInverse, .glProjectionMatrixInverse,
            .glModelViewProjectionMatrixInverse, .glModelViewMatrixTranspose,
            .glModelViewMatrixInverseTranspose:
            guard isDesktop else { return nil }
            (type, precision) = (.mat4, nil)
        case .glNormalScale:
            guard isDesktop else { return nil }
            (type, precision) = (.float, nil)
        case .glLightSource:
            guard isDesktop else { return nil }
            (type, precision) = (.array(.structure(compatStruct(.lightSource)), 8), nil)
        case .glLightModel:
            guard isDesktop else { return nil }
            (type, precision) = (.structure(compatStruct(.lightModel)), nil)
        case .glFrontMaterial, .glBackMaterial:
            guard isDesktop else { return nil }
            (type, precision) = (.structure(compatStruct(.material)), nil)
        case .glFrontLightModelProduct, .glBackLightModelProduct:
            guard isDesktop else { return nil }
            (type, precision) = (.structure(compatStruct(.lightModelProducts)), nil)
        case .glFrontLightProduct, .glBackLightProduct:
            guard isDesktop else { return nil }
            (type, precision) = (.array(.structure(compatStruct(.lightProducts)), 8), nil)
        case .glClipVertex:
            guard isDesktop, stage == .vertex else { return nil }
            (type, precision) = (.vec4, nil)
        case .glFogFragCoord:
            guard isDesktop else { return nil }
            (type, precision) = (.float, nil)
        case .glFogCoord:
            guard isDesktop, stage == .vertex else { return nil }
            (type, precision) = (.float, nil)
        }
        return Variable(
            id: makeID(), name: name, type: type, storage: .builtin(b), precision: precision,
            span: nil)
    }

    /// The desktop compatibility uniform structures (GLSL 1.10 §7.5).
    enum CompatStruct: String {
        case lightSource = "gl_LightSourceParameters"
        case lightModel = "gl_LightModelParameters"
        case material = "gl_MaterialParameters"
        case lightModelProducts = "gl_LightModelProducts"
        case lightProducts = "gl_LightProducts"

        var fields: [(String, GLSLType)] {
            switch self {
            case .lightSource:
                [("ambient", .vec4), ("diffuse", .vec4), ("specular", .vec4),
                 ("position", .vec4), ("halfVector", .vec4), ("spotDirection", .vec3),
                 ("spotExponent", .float), ("spotCutoff", .float), ("spotCosCutoff", .float),
                 ("constantAttenuation", .float), ("linearAttenuation", .float),
                 ("quadraticAttenuation", .float)]
            case .lightModel: [("ambient", .vec4)]
            case .material:
                [("emission", .vec4), ("ambient", .vec4), ("diffuse", .vec4),
                 ("specular", .vec4), ("shininess", .float)]
            case .lightModelProducts: [("sceneColor", .vec4)]
            case .lightProducts: [("ambient", .vec4), ("diffuse", .vec4), ("specular", .vec4)]
            }
        }
    }

    func compatStruct(_ which: CompatStruct) -> StructType {
        if let s = compatStructs[which.rawValue] { return s }
        let s = StructType(
            name: which.rawValue,
            fields: which.fields.map { .init(name: $0.0, type: $0.1, precision: nil) }, span: nil)
        compatStructs[which.rawValue] = s
        return s
    }

    private func depthRangeStruct() -> StructType {
        if let s = depthRangeType { return s }
        let s = StructType(
            name: "gl_DepthRangeParameters",
            fields: [
                .init(name: "near", type: .float, precision: .highp),
                .init(name: "far", type: .float, precision: .highp),
                .init(name: "diff", type: .float, precision: .highp),
            ], span: nil)
        depthRangeType = s
        return s
    }
}
