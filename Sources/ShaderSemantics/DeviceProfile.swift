import ShaderSyntax

/// How a GPU stores the floats of one precision qualifier.
public enum FloatFormat: String, Sendable, Hashable, CaseIterable {
    /// IEEE 754 binary32.
    case fp32
    /// IEEE 754 binary16: 11 significant bits, range ±65504.
    case fp16
    /// 10-bit fixed point: range (−2, 2), steps of 2⁻⁸ — the smallest format GLSL ES 1.00
    /// §4.5.2 allows for `lowp`.
    case fixed10
}

/// The float format a device uses for each precision qualifier.
public struct PrecisionFormats: Sendable, Hashable {
    /// The format of `highp` (in the stages that have it).
    public var highp: FloatFormat
    /// The format of `mediump`.
    public var mediump: FloatFormat
    /// The format of `lowp`.
    public var lowp: FloatFormat

    /// Creates formats.
    public init(highp: FloatFormat, mediump: FloatFormat, lowp: FloatFormat) {
        self.highp = highp
        self.mediump = mediump
        self.lowp = lowp
    }

    /// Every qualifier as fp32: what desktop GPUs do.
    public static let allFP32 = PrecisionFormats(highp: .fp32, mediump: .fp32, lowp: .fp32)
}

/// The WebGL version whose extra shader rules a profile applies.
public enum WebGLVersion: Int, Sendable, Hashable, CaseIterable {
    /// WebGL 1.0: GLSL ES 1.00 Appendix A enforced, tokens of at most 256 characters.
    case webgl1 = 1
    /// WebGL 2.0: the same rules, with tokens of at most 1024 characters.
    case webgl2 = 2

    /// Longest token WebGL accepts (WebGL 1.0 "Maximum GLSL Token Size"; WebGL 2.0 raises it
    /// to 1024).
    public var maxTokenLength: Int { self == .webgl1 ? 256 : 1024 }
    /// Deepest nesting of structures WebGL accepts (WebGL 1.0 "Maximum Nesting of Structures
    /// in GLSL Shaders": the fields of a top-level structure are at level 1).
    public var maxStructNesting: Int { 4 }
}

/// The implementation limits of a device (`glGetIntegerv` values). `nil` means the limit is
/// not enforced.
///
/// A shader is measured against them with the packing rules of GLSL ES 1.00 Appendix A §7.
public struct DeviceLimits: Sendable, Hashable {
    /// `GL_MAX_VERTEX_ATTRIBS`: vec4 attribute slots (a `matN` takes N).
    public var maxVertexAttribs: Int?
    /// `GL_MAX_VERTEX_UNIFORM_VECTORS`: rows of the vertex shader's uniform grid.
    public var maxVertexUniformVectors: Int?
    /// `GL_MAX_FRAGMENT_UNIFORM_VECTORS`: rows of the fragment shader's uniform grid.
    public var maxFragmentUniformVectors: Int?
    /// `GL_MAX_VARYING_VECTORS`: rows of the varying grid.
    public var maxVaryingVectors: Int?
    /// `GL_MAX_TEXTURE_IMAGE_UNITS`: samplers a fragment shader may use.
    public var maxTextureImageUnits: Int?
    /// `GL_MAX_VERTEX_TEXTURE_IMAGE_UNITS`: samplers a vertex shader may use.
    public var maxVertexTextureImageUnits: Int?
    /// `GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS`: samplers of both stages together.
    public var maxCombinedTextureImageUnits: Int?
    /// `GL_MAX_TEXTURE_SIZE`: the largest texture width or height.
    public var maxTextureSize: Int?
    /// `GL_MAX_DRAW_BUFFERS`: colour outputs (1 where the API has no multiple render targets).
    public var maxDrawBuffers: Int?
    /// `GL_MAX_VERTEX_OUTPUT_COMPONENTS` (OpenGL ES 3.0).
    public var maxVertexOutputComponents: Int?
    /// `GL_MAX_FRAGMENT_INPUT_COMPONENTS` (OpenGL ES 3.0).
    public var maxFragmentInputComponents: Int?
    /// `GL_MAX_VERTEX_UNIFORM_COMPONENTS` (OpenGL ES 3.0).
    public var maxVertexUniformComponents: Int?
    /// `GL_MAX_FRAGMENT_UNIFORM_COMPONENTS` (OpenGL ES 3.0).
    public var maxFragmentUniformComponents: Int?
    /// `GL_MIN_PROGRAM_TEXEL_OFFSET` (OpenGL ES 3.0).
    public var minProgramTexelOffset: Int?
    /// `GL_MAX_PROGRAM_TEXEL_OFFSET` (OpenGL ES 3.0).
    public var maxProgramTexelOffset: Int?

    /// Creates limits; every one left out is not enforced.
    public init(
        maxVertexAttribs: Int? = nil, maxVertexUniformVectors: Int? = nil,
        maxFragmentUniformVectors: Int? = nil, maxVaryingVectors: Int? = nil,
        maxTextureImageUnits: Int? = nil, maxVertexTextureImageUnits: Int? = nil,
        maxCombinedTextureImageUnits: Int? = nil, maxTextureSize: Int? = nil,
        maxDrawBuffers: Int? = nil, maxVertexOutputComponents: Int? = nil,
        maxFragmentInputComponents: Int? = nil, maxVertexUniformComponents: Int? = nil,
        maxFragmentUniformComponents: Int? = nil, minProgramTexelOffset: Int? = nil,
        maxProgramTexelOffset: Int? = nil
    ) {
        self.maxVertexAttribs = maxVertexAttribs
        self.maxVertexUniformVectors = maxVertexUniformVectors
        self.maxFragmentUniformVectors = maxFragmentUniformVectors
        self.maxVaryingVectors = maxVaryingVectors
        self.maxTextureImageUnits = maxTextureImageUnits
        self.maxVertexTextureImageUnits = maxVertexTextureImageUnits
        self.maxCombinedTextureImageUnits = maxCombinedTextureImageUnits
        self.maxTextureSize = maxTextureSize
        self.maxDrawBuffers = maxDrawBuffers
        self.maxVertexOutputComponents = maxVertexOutputComponents
        self.maxFragmentInputComponents = maxFragmentInputComponents
        self.maxVertexUniformComponents = maxVertexUniformComponents
        self.maxFragmentUniformComponents = maxFragmentUniformComponents
        self.minProgramTexelOffset = minProgramTexelOffset
        self.maxProgramTexelOffset = maxProgramTexelOffset
    }

    /// No limit enforced.
    public static let none = DeviceLimits()

    /// The minimums of OpenGL ES 2.0.25, tables 6.18–6.20 (`MAX_DRAW_BUFFERS` is 1: ES 2.0 has
    /// one colour output, `gl_MaxDrawBuffers` of GLSL ES 1.00 §7.4).
    public static let gles2Minimum = DeviceLimits(
        maxVertexAttribs: 8, maxVertexUniformVectors: 128, maxFragmentUniformVectors: 16,
        maxVaryingVectors: 8, maxTextureImageUnits: 8, maxVertexTextureImageUnits: 0,
        maxCombinedTextureImageUnits: 8, maxTextureSize: 64, maxDrawBuffers: 1)

    /// What ARM's Utgard driver reports for a Mali-400 (see `DeviceProfile.mali400`).
    public static let mali400 = DeviceLimits(
        maxVertexAttribs: 16, maxVertexUniformVectors: 256, maxFragmentUniformVectors: 256,
        maxVaryingVectors: 12, maxTextureImageUnits: 8, maxVertexTextureImageUnits: 0,
        maxCombinedTextureImageUnits: 8, maxTextureSize: 4096, maxDrawBuffers: 1)

    /// The OpenGL ES 2.0 minimums with a PowerVR SGX540's texture size (see
    /// `DeviceProfile.powervrSGX`).
    public static let powervrSGX540: DeviceLimits = {
        var limits = DeviceLimits.gles2Minimum
        limits.maxTextureSize = 2048
        return limits
    }()

    /// The minimums of OpenGL ES 3.0.6, tables 6.32–6.34 and 6.37 (the uniform vectors are the
    /// uniform components / 4; varying vectors are `MAX_VARYING_COMPONENTS` 60 / 4).
    public static let gles3Minimum = DeviceLimits(
        maxVertexAttribs: 16, maxVertexUniformVectors: 256, maxFragmentUniformVectors: 224,
        maxVaryingVectors: 15, maxTextureImageUnits: 16, maxVertexTextureImageUnits: 16,
        maxCombinedTextureImageUnits: 32, maxTextureSize: 2048, maxDrawBuffers: 4,
        maxVertexOutputComponents: 64, maxFragmentInputComponents: 60,
        maxVertexUniformComponents: 1024, maxFragmentUniformComponents: 896,
        minProgramTexelOffset: -8, maxProgramTexelOffset: 7)
}

/// A device to check shaders against: the precision of each qualifier, whether the fragment
/// stage has `highp`, the implementation limits and WebGL's extra rules.
///
/// The checker honours the limits, `hasFragmentHighp` and the WebGL rules; the precision
/// formats are how the shader runs (`CheckedShader.lowered(to:)`), per stage
/// (`precision(for:)`).
///
/// | profile | fragment precisions (high/medium/low) | vertex | fragment `highp` | limits | WebGL |
/// | --- | --- | --- | --- | --- | --- |
/// | `desktop` | fp32/fp32/fp32 | fp32/fp32/fp32 | yes | none (the default: what Shade always did) | no |
/// | `gles2-minimum` | fp32/fp16/fixed10 | fp32/fp16/fixed10 | no | OpenGL ES 2.0.25 minimums | no |
/// | `gles3-minimum` | fp32/fp16/fp16 | fp32/fp16/fp16 | yes | OpenGL ES 3.0.6 minimums | no |
/// | `webgl1` | fp32/fp16/fixed10 | fp32/fp16/fixed10 | no | ES 2.0 minimums | 1.0 |
/// | `webgl2` | fp32/fp16/fp16 | fp32/fp16/fp16 | yes | ES 3.0 minimums | 2.0 |
/// | `mali-400` | —/fp16/fp16 | fp32/fp32/fp32 | no | ARM's Utgard driver | no |
/// | `powervr-sgx` | fp32/fp16/fixed10 | fp32/fp16/fixed10 | yes | ES 2.0 minimums, SGX540's texture size | no |
///
/// Each profile's documentation gives the source of its numbers.
public struct DeviceProfile: Sendable, Hashable, CustomStringConvertible {
    /// The name `shade check --profile` takes.
    public let name: String
    /// One line saying what the profile models.
    public let summary: String
    /// The float format of each qualifier in the fragment stage.
    public let precision: PrecisionFormats
    /// The float format of each qualifier in the vertex stage.
    public let vertexPrecision: PrecisionFormats
    /// Whether the fragment stage supports `highp` (`GL_FRAGMENT_PRECISION_HIGH`). Without it,
    /// `highp` in a fragment shader is an error and the macro is not defined.
    public let hasFragmentHighp: Bool
    /// The implementation limits enforced.
    public let limits: DeviceLimits
    /// The WebGL rules applied, or `nil`.
    public let webGL: WebGLVersion?
    /// The extensions `#extension` accepts; `nil` keeps `ParseOptions`' own list.
    public let extensions: Set<String>?
    /// Where each number comes from.
    public let sources: [String]

    /// Creates a profile.
    ///
    /// - Parameters:
    ///   - precision: the fragment stage's formats.
    ///   - vertexPrecision: the vertex stage's; `nil` takes `precision` with fp32 `highp`
    ///     (GLSL ES requires `highp` in vertex shaders).
    public init(
        name: String, summary: String, precision: PrecisionFormats,
        vertexPrecision: PrecisionFormats? = nil, hasFragmentHighp: Bool,
        limits: DeviceLimits, webGL: WebGLVersion? = nil, extensions: Set<String>? = nil,
        sources: [String] = []
    ) {
        self.name = name
        self.summary = summary
        self.precision = precision
        var vertex = precision
        vertex.highp = .fp32
        self.vertexPrecision = vertexPrecision ?? vertex
        self.hasFragmentHighp = hasFragmentHighp
        self.limits = limits
        self.webGL = webGL
        self.extensions = extensions
        self.sources = sources
    }

    public var description: String { name }

    /// The float formats of `stage`'s precision qualifiers.
    public func precision(for stage: ShaderStage) -> PrecisionFormats {
        stage == .vertex ? vertexPrecision : precision
    }

    /// `true` when the profile changes nothing (no limit, no WebGL rule, fragment `highp`).
    public var isUnrestricted: Bool {
        limits == .none && webGL == nil && hasFragmentHighp && extensions == nil
    }

    /// `options` adjusted for this profile: `GL_FRAGMENT_PRECISION_HIGH` left undefined
    /// without fragment `highp`, WebGL's token length, and the profile's extensions.
    ///
    /// - Parameter options: the options to start from.
    /// - Returns: the adjusted options (equal to `options` for `desktop`).
    public func parseOptions(_ options: ParseOptions = ParseOptions()) -> ParseOptions {
        var adjusted = options
        if !hasFragmentHighp { adjusted.definesFragmentPrecisionHigh = false }
        if let webGL { adjusted.maxTokenLength = webGL.maxTokenLength }
        if let extensions { adjusted.supportedExtensions = extensions }
        return adjusted
    }

    // MARK: Named profiles

    /// What Shade did before profiles existed, and still does by default: every qualifier
    /// fp32, fragment `highp`, no limit enforced, no WebGL rule.
    public static let desktop = DeviceProfile(
        name: "desktop", summary: "a desktop GPU: fp32 everywhere, no limits (the default)",
        precision: .allFP32, hasFragmentHighp: true, limits: .none,
        sources: ["no limits: Shade's behaviour before device profiles"])

    /// The least an OpenGL ES 2.0 device may offer.
    ///
    /// Limits: OpenGL ES 2.0.25 §6.2, tables 6.18–6.20 (`MAX_VERTEX_ATTRIBS` 8,
    /// `MAX_VERTEX_UNIFORM_VECTORS` 128, `MAX_FRAGMENT_UNIFORM_VECTORS` 16,
    /// `MAX_VARYING_VECTORS` 8, `MAX_TEXTURE_IMAGE_UNITS` 8, `MAX_VERTEX_TEXTURE_IMAGE_UNITS` 0,
    /// `MAX_COMBINED_TEXTURE_IMAGE_UNITS` 8, `MAX_TEXTURE_SIZE` 64). Precision: the smallest
    /// formats GLSL ES 1.00 §4.5.2 allows (`mediump` relative 2⁻¹⁰ over ±2¹⁴: fp16; `lowp`
    /// absolute 2⁻⁸ over ±2: 10-bit fixed point); fragment `highp` is optional (§4.5.4).
    public static let gles2Minimum = DeviceProfile(
        name: "gles2-minimum", summary: "the least an OpenGL ES 2.0 device may offer",
        precision: PrecisionFormats(highp: .fp32, mediump: .fp16, lowp: .fixed10),
        hasFragmentHighp: false, limits: .gles2Minimum,
        sources: [
            "limits: OpenGL ES 2.0.25 §6.2 tables 6.18-6.20",
            "precisions: GLSL ES 1.00 §4.5.2 minimum ranges; fragment highp optional (§4.5.4)",
        ])

    /// The least an OpenGL ES 3.0 device may offer (for GLSL ES 1.00 shaders on it).
    ///
    /// Limits: OpenGL ES 3.0.6 §6.2, tables 6.32–6.34 and 6.37 (`MAX_VERTEX_ATTRIBS` 16,
    /// `MAX_VERTEX_UNIFORM_VECTORS` 256, `MAX_FRAGMENT_UNIFORM_VECTORS` 224,
    /// `MAX_VARYING_VECTORS` 15, texture units 16/16/32, `MAX_TEXTURE_SIZE` 2048,
    /// `MAX_DRAW_BUFFERS` 4, `MAX_VERTEX_OUTPUT_COMPONENTS` 64,
    /// `MAX_FRAGMENT_INPUT_COMPONENTS` 60, uniform components 1024/896, texel offsets −8…7).
    /// Precision: GLSL ES 3.00 §4.5.1 requires fp32 `highp` in both stages; `mediump` and
    /// `lowp` may be fp16.
    public static let gles3Minimum = DeviceProfile(
        name: "gles3-minimum", summary: "the least an OpenGL ES 3.0 device may offer",
        precision: PrecisionFormats(highp: .fp32, mediump: .fp16, lowp: .fp16),
        hasFragmentHighp: true, limits: .gles3Minimum,
        sources: [
            "limits: OpenGL ES 3.0.6 §6.2 tables 6.32-6.34, 6.37",
            "precisions: GLSL ES 3.00 §4.5.1 (highp required in both stages)",
        ])

    /// A WebGL 1.0 context on a device at the OpenGL ES 2.0 minimums, with no extension
    /// enabled (as a page that calls no `getExtension`, and as the WebGL conformance suite
    /// assumes).
    ///
    /// WebGL 1.0 specification: the ES 2.0 minimums apply; "Supported GLSL Constructs": only
    /// what GLSL ES 1.00 Appendix A §4–5 mandates (Appendix A loops, no `while`/`do`,
    /// constant-index expressions), and names starting with `webgl_` or `_webgl_` are
    /// reserved; "Maximum GLSL Token Size": 256 characters; "Maximum Nesting of Structures in
    /// GLSL Shaders": 4 levels; "Characters Outside the GLSL Source Character Set": ASCII only
    /// outside comments (Shade's lexer enforces that for every profile); "Packing Restrictions
    /// for Uniforms and Varyings": Appendix A §7 over the limits.
    public static let webgl1 = DeviceProfile(
        name: "webgl1", summary: "WebGL 1.0 on a device at the OpenGL ES 2.0 minimums",
        precision: PrecisionFormats(highp: .fp32, mediump: .fp16, lowp: .fixed10),
        hasFragmentHighp: false, limits: .gles2Minimum, webGL: .webgl1, extensions: [],
        sources: [
            "limits: OpenGL ES 2.0.25 tables 6.18-6.20 (WebGL 1.0 uses ES 2.0's)",
            "rules: WebGL 1.0 specification, Differences Between WebGL and OpenGL ES 2.0",
        ])

    /// A WebGL 2.0 context on a device at the OpenGL ES 3.0 minimums, no extension enabled.
    ///
    /// WebGL 2.0 specification: the ES 3.0 minimums; WebGL 1's shader rules for GLSL ES 1.00
    /// shaders, with tokens of at most 1024 characters ("GLSL ES 1.00 and 3.00 token size").
    public static let webgl2 = DeviceProfile(
        name: "webgl2", summary: "WebGL 2.0 on a device at the OpenGL ES 3.0 minimums",
        precision: PrecisionFormats(highp: .fp32, mediump: .fp16, lowp: .fp16),
        hasFragmentHighp: true, limits: .gles3Minimum, webGL: .webgl2, extensions: [],
        sources: [
            "limits: OpenGL ES 3.0.6 tables 6.32-6.34, 6.37 (WebGL 2.0 uses ES 3.0's)",
            "rules: WebGL 2.0 specification §5-6 (token limit 1024)",
        ])

    /// A Mali-400-class GPU (ARM Utgard: Mali-300/400/450), the GPU of many low-end phones.
    ///
    /// Precision: ARM's "Understanding numerical precision" guide (developer.arm.com, Shader
    /// precision): Mali GPUs map `lowp` and `mediump` to 16-bit floats, and Mali-400 series
    /// (Utgard) GPUs do not support `highp` in fragment shaders. ARM's driver answers
    /// `glGetShaderPrecisionFormat` with 23 bits and range 2¹²⁷ for every vertex float
    /// (fp32) and 10 bits, range 2¹⁵ for fragment `lowp`/`mediump` (fp16)
    /// (`ogl_4330/src/opengles/gles2_state/gles2_get.c` in the tree below).
    ///
    /// Limits: what ARM's own Utgard OpenGL ES driver reports, from its source as published
    /// in a vendor's Android tree (github.com/NexellCorp/android_hal_pyrope, commit dbbba5f,
    /// `ogl_4330/src/opengles/gles2_config_m200.h` and `gles_config_m200.h`, with the core
    /// constants of `regs/MALI200/mali200_core.h` and `regs/MALIGP2`): 256 vertex and 256
    /// fragment uniform vectors, varyings = `MALI200_MAX_INPUT_STREAMS` 12, 8 texture units,
    /// none in the vertex stage, 16 vertex attributes (`MALIGP2_MAX_VS_INPUT_REGISTERS`),
    /// textures up to 2¹² = 4096. Mesa's open driver for the same GPU (lima,
    /// `src/gallium/drivers/lima/lima_screen.c`) agrees on the attributes, the 12 fragment
    /// inputs and the texture size.
    public static let mali400 = DeviceProfile(
        name: "mali-400", summary: "a Mali-400-class phone GPU: fp16 fragments, no highp",
        precision: PrecisionFormats(highp: .fp16, mediump: .fp16, lowp: .fp16),
        vertexPrecision: .allFP32, hasFragmentHighp: false, limits: .mali400,
        sources: [
            "precisions: ARM, Understanding numerical precision: Shader precision (lowp and"
                + " mediump are fp16; Utgard Mali-400 has no fragment highp); ARM's driver's"
                + " glGetShaderPrecisionFormat (gles2_state/gles2_get.c): vertex floats 23 bits"
                + " (fp32), fragment lowp/mediump 10 bits, range 2^15 (fp16)",
            "limits: ARM's Utgard driver source (NexellCorp/android_hal_pyrope@dbbba5f,"
                + " ogl_4330/src/opengles/gles2_config_m200.h, gles_config_m200.h,"
                + " mali200_core.h); attributes, fragment inputs and texture size as Mesa lima's"
                + " lima_screen.c",
        ])

    /// A PowerVR SGX-class GPU (Imagination Series 5, the GPU of early iPhones and many
    /// Android phones).
    ///
    /// Precision: Imagination's PowerVR performance guide ("Do prefer lower data precision",
    /// docs.imgtec.com): `mediump` variables are 16-bit floats; fragment `highp` is fp32.
    /// `lowp` as 10-bit fixed point is the GLSL ES 1.00 §4.5.2 minimum (no vendor figure found
    /// here). Limits: BlackBerry's "Understand the PowerVR SGX540 platform" (the PlayBook's
    /// GPU) gives `MAX_TEXTURE_SIZE` 2048 and 8 combined texture image units; for the rest no
    /// published report was found, so the OpenGL ES 2.0 minimums are kept.
    public static let powervrSGX = DeviceProfile(
        name: "powervr-sgx", summary: "a PowerVR SGX-class phone GPU: fp16 mediump",
        precision: PrecisionFormats(highp: .fp32, mediump: .fp16, lowp: .fixed10),
        hasFragmentHighp: true, limits: .powervrSGX540,
        sources: [
            "precisions: Imagination, PowerVR guide: Do prefer lower data precision (mediump"
                + " is fp16)",
            "lowp: GLSL ES 1.00 §4.5.2 minimum (no vendor figure found)",
            "limits: BlackBerry, Understand the PowerVR SGX540 platform (MAX_TEXTURE_SIZE 2048,"
                + " MAX_COMBINED_TEXTURE_IMAGE_UNITS 8); the rest OpenGL ES 2.0.25 minimums",
        ])

    /// Every named profile, `desktop` first.
    public static let all: [DeviceProfile] = [
        .desktop, .gles2Minimum, .gles3Minimum, .webgl1, .webgl2, .mali400, .powervrSGX,
    ]

    /// The profile called `name`.
    ///
    /// - Parameter name: a profile name such as `webgl1` (letter case ignored).
    /// - Returns: the profile, or `nil` when no profile has that name.
    public static func named(_ name: String) -> DeviceProfile? {
        all.first { $0.name == name.lowercased() }
    }
}
