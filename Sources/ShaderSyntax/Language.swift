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
///
/// The raw value is the number written after `#version` (GLSL ES 3.00 is `#version 300 es`;
/// `#version 300` alone names no language). Features are asked for by predicate
/// (`hasNativeIntegers`, `hasArrayConstructors`, …) rather than by comparing versions.
public enum LanguageVersion: Int, Sendable, Hashable, CaseIterable {
    /// GLSL ES 1.00 (`#version 100`; also what a shader without `#version` is by default).
    case es100 = 100
    /// GLSL ES 3.00 (`#version 300 es`): WebGL 2, GLES 3, Shadertoy.
    case es300 = 300
    /// Desktop GLSL 1.10.
    case glsl110 = 110
    /// Desktop GLSL 1.20 (adds `invariant`, `centroid`, non-square matrices, the `f` suffix).
    case glsl120 = 120
    /// Desktop GLSL 1.30 (adds integers as 32-bit values, `uint`, bit operations, `switch`,
    /// `in`/`out` storage, `flat`/`smooth`, precision qualifiers).
    case glsl130 = 130
    /// Desktop GLSL 1.40 (adds uniform blocks).
    case glsl140 = 140
    /// Desktop GLSL 1.50 (adds profiles and geometry shaders; core profile here).
    case glsl150 = 150
    /// Desktop GLSL 3.30 (adds `layout(location = N)` on vertex inputs and fragment outputs).
    case glsl330 = 330

    /// `true` for GLSL ES.
    public var isES: Bool { self == .es100 || self == .es300 }

    /// The desktop version number (110, 120, …), or `nil` for GLSL ES.
    public var desktopNumber: Int? { isES ? nil : rawValue }

    /// How the language is named in messages: `GLSL ES 3.00`, `GLSL 1.30`.
    public var displayName: String {
        let major = rawValue / 100, minor = rawValue % 100
        let number = "\(major).\(minor < 10 ? "0" : "")\(minor)"
        return isES ? "GLSL ES \(number)" : "GLSL \(number)"
    }

    /// How the version is written after `#version`: `300 es`, `130`.
    public var directiveText: String { self == .es300 ? "300 es" : String(rawValue) }

    /// `true` from desktop GLSL 1.20, or in GLSL ES 3.00.
    private var isAtLeast120OrES3: Bool {
        self == .es300 || (desktopNumber ?? 0) >= 120
    }

    /// Integers are 32-bit two's complement values that wrap, with `uint`, `%`, bit operators,
    /// shifts and `switch` (GLSL ES 3.00, desktop 1.30+). Before, integers are whole floats.
    public var hasNativeIntegers: Bool { self == .es300 || (desktopNumber ?? 0) >= 130 }

    /// `in` and `out` as storage qualifiers of globals, `flat`/`smooth` interpolation.
    public var hasInOutStorage: Bool { hasNativeIntegers }

    /// `layout(…)` qualifiers (GLSL ES 3.00; desktop 1.40 for uniform blocks, 3.30 for
    /// locations; Shade accepts them from 1.40).
    public var hasLayoutQualifiers: Bool { self == .es300 || (desktopNumber ?? 0) >= 140 }

    /// Uniform blocks (`uniform Name { … };`): GLSL ES 3.00, desktop 1.40+.
    public var hasUniformBlocks: Bool { hasLayoutQualifiers }

    /// Array constructors, whole-array assignment and comparison, `.length()`, arrays of arrays
    /// as function results (desktop 1.20+, GLSL ES 3.00).
    public var hasArrayConstructors: Bool { isAtLeast120OrES3 }

    /// Unsized array declarations sized by their initializer (`float a[] = float[](…)`).
    public var hasUnsizedArrays: Bool { isAtLeast120OrES3 }

    /// Non-square matrices (`mat2x3`, …): desktop 1.20+, GLSL ES 3.00.
    public var hasNonSquareMatrices: Bool { isAtLeast120OrES3 }

    /// The `centroid` qualifier: desktop 1.20+, GLSL ES 3.00.
    public var hasCentroid: Bool { isAtLeast120OrES3 }

    /// The `invariant` qualifier: everything but desktop 1.10.
    public var hasInvariant: Bool { self != .glsl110 }

    /// `lowp`, `mediump`, `highp` and `precision`: GLSL ES, desktop 1.30+.
    public var hasPrecisionQualifiers: Bool { isES || hasNativeIntegers }

    /// The `##` token-pasting operator in macros: desktop GLSL 1.30+ only. GLSL ES has none
    /// (Mesa: "Token pasting (##) is illegal in GLES", in ES 3.00 too; glslang requires a
    /// desktop profile of 1.30 or later).
    public var hasTokenPasting: Bool { (desktopNumber ?? 0) >= 130 }

    /// Line continuations (`\` before a newline): GLSL ES 3.00 and desktop GLSL. GLSL ES 1.00 has
    /// none (§3.1); Shade joins the lines there too, as Mesa does, with a warning.
    public var hasLineContinuation: Bool { self != .es100 }

    /// The `f` suffix on floating-point literals: desktop 1.20+, GLSL ES 3.00.
    public var hasFloatSuffix: Bool { isAtLeast120OrES3 }

    /// Implicit conversion of int (and, from 1.30, uint) to float: desktop 1.20+ only; GLSL ES
    /// has none.
    public var hasImplicitConversions: Bool { (desktopNumber ?? 0) >= 120 }

    /// `attribute` and `varying`: GLSL ES 1.00, desktop up to 1.30 (deprecated from 1.30;
    /// Shade accepts them in desktop 1.40–3.30 too, as Mesa's compatibility contexts do).
    public var hasAttributeVarying: Bool { self != .es300 }

    /// `gl_FragColor` and `gl_FragData`: everything but GLSL ES 3.00, where a fragment shader
    /// declares its `out` variables (desktop 1.30+ deprecates them; Shade keeps them, as Mesa's
    /// compatibility contexts do).
    public var hasBuiltinFragmentOutputs: Bool { self != .es300 }
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
    /// A stage input (GLSL ES 3.00, desktop 1.30+): a vertex attribute or a fragment varying.
    case `in`
    /// A stage output: a vertex varying or a fragment output.
    case out
}

/// An interpolation qualifier of a stage input or output (GLSL ES 3.00, desktop 1.30+).
public enum InterpolationQualifier: String, Sendable, Hashable {
    /// Perspective-correct interpolation (the default).
    case smooth
    /// No interpolation: every fragment gets the provoking vertex's value.
    case flat
    /// Linear interpolation in screen space (desktop only).
    case noperspective
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
    // GLSL ES 3.00 and desktop GLSL 1.30: unsigned integers.
    case uint, uvec2, uvec3, uvec4
    // GLSL ES 3.00 and desktop GLSL 1.30: array, shadow-cube and integer samplers.
    case sampler2DArray, samplerCubeShadow, sampler2DArrayShadow
    case isampler2D, isampler3D, isamplerCube, isampler2DArray
    case usampler2D, usampler3D, usamplerCube, usampler2DArray
    // Desktop GLSL 1.30 only (reserved in GLSL ES 3.00).
    case sampler1DArray, sampler1DArrayShadow, isampler1D, isampler1DArray, usampler1D
    case usampler1DArray
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

    /// `true` for the types GLSL ES 3.00 adds to GLSL ES 1.00's.
    public var isES3Type: Bool {
        switch self {
        case .uint, .uvec2, .uvec3, .uvec4, .sampler3D, .sampler2DShadow, .sampler2DArray,
            .samplerCubeShadow, .sampler2DArrayShadow, .isampler2D, .isampler3D, .isamplerCube,
            .isampler2DArray, .usampler2D, .usampler3D, .usamplerCube, .usampler2DArray,
            .mat2x2, .mat2x3, .mat2x4, .mat3x2, .mat3x3, .mat3x4, .mat4x2, .mat4x3, .mat4x4:
            true
        default:
            false
        }
    }

    /// `true` for sampler types (`sampler2D`, `isampler3D`, `usamplerCube`, …).
    public var isSampler: Bool {
        rawValue.hasPrefix("sampler") || rawValue.hasPrefix("isampler")
            || rawValue.hasPrefix("usampler")
    }
}
