/// The pipeline stage a shader runs in.
public enum ShaderStage: String, Sendable, Hashable, CaseIterable {
    case vertex
    case fragment

    /// The stage a file name's extension implies: `fsh`/`frag` → fragment, `vsh`/`vert` → vertex.
    ///
    /// - Parameter pathExtension: the extension without its dot, in any letter case.
    /// - Returns: the stage, or `nil` for an extension that names none.
    public init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "fsh", "frag", "fs": self = .fragment
        case "vsh", "vert", "vs": self = .vertex
        default: return nil
        }
    }
}

/// The language a shader is written in, from its `#version` line.
public enum LanguageVersion: Int, Sendable, Hashable, CaseIterable {
    /// GLSL ES 1.00 (`#version 100`; also what a shader without `#version` is by default).
    case es100 = 100
    /// Desktop GLSL 1.10.
    case glsl110 = 110
    /// Desktop GLSL 1.20 (adds `invariant`, `centroid`, non-square matrices, the `f` suffix).
    case glsl120 = 120

    /// `true` for GLSL ES.
    public var isES: Bool { self == .es100 }
}

/// What an `#extension name : behavior` directive asks for (GLSL ES 1.00 §3.4).
public enum ExtensionBehavior: String, Sendable, Hashable, CaseIterable {
    /// Use the extension; it is an error if it is not supported.
    case require
    /// Use the extension; warn if it is not supported.
    case enable
    /// Use the extension, but warn on each use.
    case warn
    /// Behave as if the extension did not exist.
    case disable

    /// `true` when the extension's features may be used.
    public var isEnabled: Bool { self != .disable }
}

/// A parameter qualifier: the direction a function parameter passes its value.
public enum ParameterQualifier: String, Sendable, Hashable {
    case `in`
    case out
    case `inout`
}

/// A precision qualifier (`lowp`, `mediump`, `highp`).
public enum PrecisionQualifier: String, Sendable, Hashable, Comparable, CaseIterable {
    case lowp
    case mediump
    case highp

    private var rank: Int {
        switch self {
        case .lowp: 0
        case .mediump: 1
        case .highp: 2
        }
    }

    /// `lowp < mediump < highp`.
    public static func < (a: PrecisionQualifier, b: PrecisionQualifier) -> Bool { a.rank < b.rank }
}

/// A storage qualifier of a declaration.
public enum StorageQualifier: String, Sendable, Hashable {
    case const
    case attribute
    case uniform
    case varying
}

/// A type the language names with a keyword (`float`, `vec4`, `sampler2D`, …).
///
/// Desktop-only types (`sampler3D`, `mat2x3`, …) lex as types only in desktop shaders; the
/// checker decides which it supports. `samplerExternalOES` is a type while
/// `GL_OES_EGL_image_external` is enabled.
public enum BuiltinType: String, Sendable, Hashable, CaseIterable {
    case void
    case float, int, bool
    case vec2, vec3, vec4
    case ivec2, ivec3, ivec4
    case bvec2, bvec3, bvec4
    case mat2, mat3, mat4
    case sampler2D, samplerCube
    // Desktop GLSL 1.10 and 1.20.
    case sampler1D, sampler3D, sampler1DShadow, sampler2DShadow
    // Desktop GLSL 1.20: non-square matrices.
    case mat2x2, mat2x3, mat2x4, mat3x2, mat3x3, mat3x4, mat4x2, mat4x3, mat4x4
    // GL_OES_EGL_image_external.
    case samplerExternalOES

    /// `true` for the types of GLSL ES 1.00 itself.
    public var isESType: Bool {
        switch self {
        case .void, .float, .int, .bool, .vec2, .vec3, .vec4, .ivec2, .ivec3, .ivec4,
            .bvec2, .bvec3, .bvec4, .mat2, .mat3, .mat4, .sampler2D, .samplerCube:
            true
        default:
            false
        }
    }

    /// `true` for sampler types.
    public var isSampler: Bool { rawValue.hasPrefix("sampler") }
}
