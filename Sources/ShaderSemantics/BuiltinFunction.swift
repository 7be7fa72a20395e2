import ShaderSyntax

/// A built-in function of GLSL ES 1.00 §8 (plus the desktop GLSL 1.10/1.20 and extension
/// functions Shade models). The raw value is the GLSL name.
public enum BuiltinFunction: String, Sendable, Hashable, CaseIterable {
    // §8.1 Angle and trigonometry.
    case radians, degrees, sin, cos, tan, asin, acos, atan
    // §8.2 Exponential.
    case pow, exp, log, exp2, log2, sqrt, inversesqrt
    // §8.3 Common.
    case abs, sign, floor, ceil, fract, mod, min, max, clamp, mix, step, smoothstep
    // §8.4 Geometric.
    case length, distance, dot, cross, normalize, faceforward, reflect, refract
    // §8.5 Matrix.
    case matrixCompMult
    /// Desktop GLSL 1.20.
    case transpose, outerProduct
    // §8.6 Vector relational.
    case lessThan, lessThanEqual, greaterThan, greaterThanEqual, equal, notEqual, any, all
    case not
    // §8.7 Texture lookup.
    case texture2D, texture2DProj, texture2DLod, texture2DProjLod, textureCube, textureCubeLod
    /// `GL_EXT_shader_texture_lod` (fragment shaders).
    case texture2DLodEXT, texture2DProjLodEXT, textureCubeLodEXT
    case texture2DGradEXT, texture2DProjGradEXT, textureCubeGradEXT
    // `GL_OES_standard_derivatives` (fragment shaders).
    case dFdx, dFdy, fwidth
    /// Desktop vertex shaders: `gl_ModelViewProjectionMatrix * gl_Vertex`.
    case ftransform
    // GLSL ES 3.00 §8 (desktop 1.30).
    case sinh, cosh, tanh, asinh, acosh, atanh
    case trunc, round, roundEven, isnan, isinf
    case floatBitsToInt, floatBitsToUint, intBitsToFloat, uintBitsToFloat
    case texture, textureProj, textureLod, textureProjLod, textureGrad, textureProjGrad
    case texelFetch, textureSize
    case textureOffset, textureProjOffset, textureLodOffset, textureProjLodOffset, textureGradOffset
    case textureProjGradOffset, texelFetchOffset
    case modf
    case determinant, inverse
    case packSnorm2x16, unpackSnorm2x16, packUnorm2x16, unpackUnorm2x16, packHalf2x16, unpackHalf2x16
    /// Shade's own, never in the catalogue: rounds its argument to fp16 or to 10-bit fixed
    /// point. Precision lowering (`CheckedShader.lowered(to:)`) inserts them for a device
    /// profile; GLSL reserves names containing `__`, so no shader can call them.
    case roundToFP16 = "__shade_round_fp16", roundToFixed10 = "__shade_round_fixed10"
    /// Shade's own, like `roundToFP16` but toward zero: how llvmpipe turns the texels of a
    /// `lowp` or `mediump` sampler into fp16 (the unorm value's bits, cut after 11 bits).
    case truncateToFP16 = "__shade_truncate_fp16"

    /// Every overload of the function in the catalogue, in any stage, version or extension.
    public var overloads: [BuiltinOverload] {
        (BuiltinCatalogue.byName[rawValue] ?? []).map(\.overload)
    }

    /// The overload taking exactly `parameterTypes`, if there is one.
    public func overload(_ parameterTypes: [GLSLType]) -> BuiltinOverload? {
        overloads.first { $0.parameterTypes == parameterTypes }
    }

    /// The format a rounding function (`roundToFP16`, `roundToFixed10`) rounds to; `nil` for
    /// every GLSL function.
    public var roundingFormat: FloatFormat? {
        switch self {
        case .roundToFP16, .truncateToFP16: .fp16
        case .roundToFixed10: .fixed10
        default: nil
        }
    }

    /// The rounding function for `format`; `nil` for fp32, which needs none.
    public static func rounding(to format: FloatFormat) -> BuiltinFunction? {
        switch format {
        case .fp32: nil
        case .fp16: .roundToFP16
        case .fixed10: .roundToFixed10
        }
    }

    /// `true` for the texture lookup functions.
    public var isTextureLookup: Bool {
        switch self {
        case .texture2D, .texture2DProj, .texture2DLod, .texture2DProjLod, .textureCube,
            .textureCubeLod, .texture2DLodEXT, .texture2DProjLodEXT, .textureCubeLodEXT,
            .texture2DGradEXT, .texture2DProjGradEXT, .textureCubeGradEXT, .texture,
            .textureProj, .textureLod, .textureProjLod, .textureGrad, .textureProjGrad,
            .texelFetch, .textureSize, .textureOffset, .textureProjOffset, .textureLodOffset,
            .textureProjLodOffset, .textureGradOffset, .textureProjGradOffset, .texelFetchOffset:
            true
        default: false
        }
    }

    /// The index of the argument the function writes (an `out` parameter: `modf`'s whole
    /// part), or `nil` when every parameter is `in`.
    public var outParameterIndex: Int? {
        self == .modf ? 1 : nil
    }

    /// The index of the constant `ivec2` texel offset of the `…Offset` texture functions.
    public var offsetParameterIndex: Int? {
        switch self {
        case .textureOffset, .textureProjOffset: 2
        case .textureLodOffset, .textureProjLodOffset, .texelFetchOffset: 3
        case .textureGradOffset, .textureProjGradOffset: 4
        default: nil
        }
    }

    /// GLSL ES 3.00's `MIN_PROGRAM_TEXEL_OFFSET` and `MAX_PROGRAM_TEXEL_OFFSET` (its minimums,
    /// and llvmpipe's values).
    public static let texelOffsetRange: ClosedRange<Int32> = -8...7

    /// `true` for `dFdx`, `dFdy` and `fwidth`.
    public var isDerivative: Bool {
        switch self {
        case .dFdx, .dFdy, .fwidth: true
        default: false
        }
    }
}

/// When a built-in overload exists.
struct BuiltinAvailability: Sendable, Hashable {
    /// The only stage it exists in, or `nil` for both.
    var stage: ShaderStage?
    /// An extension a GLSL ES 1.00 shader must enable to use it.
    var esExtension: String?
    /// `true` when GLSL ES has it (with `esExtension` if set).
    var inES: Bool = true
    /// `true` when GLSL ES 1.00 has it.
    var inES100: Bool = true
    /// `true` when GLSL ES 3.00 has it.
    var inES300: Bool = true
    /// The lowest desktop version that has it, or `nil` if desktop GLSL doesn't.
    var desktopSince: LanguageVersion? = .glsl110

    static let always = BuiltinAvailability()

    func isAvailable(
        stage current: ShaderStage, version: LanguageVersion, extensions: Set<String>
    ) -> Bool {
        if let stage, stage != current { return false }
        if version.isES {
            guard inES, version == .es300 ? inES300 : inES100 else { return false }
            if version == .es100, let esExtension, !extensions.contains(esExtension) {
                return false
            }
            return true
        }
        guard let since = desktopSince else { return false }
        return since.rawValue <= version.rawValue
    }
}

/// One overload in the catalogue.
struct BuiltinSignature: Sendable {
    let overload: BuiltinOverload
    let availability: BuiltinAvailability
}

/// The catalogue of every built-in function overload.
enum BuiltinCatalogue {
    /// All overloads by name.
    static let byName: [String: [BuiltinSignature]] = {
        var table: [String: [BuiltinSignature]] = [:]
        for s in makeSignatures() {
            table[s.overload.function.rawValue, default: []].append(s)
        }
        return table
    }()

    private static func makeSignatures() -> [BuiltinSignature] {
        var out: [BuiltinSignature] = []
        func add(
            _ f: BuiltinFunction, _ params: [GLSLType], _ result: GLSLType,
            _ availability: BuiltinAvailability = .always
        ) {
            out.append(
                BuiltinSignature(
                    overload: BuiltinOverload(
                        function: f, parameterTypes: params, returnType: result),
                    availability: availability))
        }
        let gen: [GLSLType] = [.float, .vec2, .vec3, .vec4]
        let unary: [BuiltinFunction] = [
            .radians, .degrees, .sin, .cos, .tan, .asin, .acos, .atan, .exp, .log, .exp2, .log2,
            .sqrt, .inversesqrt, .abs, .sign, .floor, .ceil, .fract, .normalize,
        ]
        for f in unary {
            for g in gen { add(f, [g], g) }
        }
        let es3 = BuiltinAvailability(inES100: false, desktopSince: .glsl130)
        let es3Unary: [BuiltinFunction] = [
            .sinh, .cosh, .tanh, .asinh, .acosh, .atanh, .trunc, .round, .roundEven,
        ]
        for f in es3Unary {
            for g in gen { add(f, [g], g, es3) }
        }
        for n in 1...4 {
            let g = GLSLType.vector(of: .float, size: n)
            let i = GLSLType.vector(of: .int, size: n), u = GLSLType.vector(of: .uint, size: n)
            let b = GLSLType.vector(of: .bool, size: n)
            add(.isnan, [g], b, es3)
            add(.isinf, [g], b, es3)
            add(.floatBitsToInt, [g], i, es3)
            add(.floatBitsToUint, [g], u, es3)
            add(.intBitsToFloat, [i], g, es3)
            add(.uintBitsToFloat, [u], g, es3)
            add(.mix, [g, g, b], g, es3)
            for k in [i, u] {
                add(.min, [k, k], k, es3)
                add(.max, [k, k], k, es3)
                add(.clamp, [k, k, k], k, es3)
                if n > 1 {
                    let s = GLSLType.scalar(k == i ? .int : .uint)
                    add(.min, [k, s], k, es3)
                    add(.max, [k, s], k, es3)
                    add(.clamp, [k, s, s], k, es3)
                }
            }
            add(.abs, [i], i, es3)
            add(.sign, [i], i, es3)
        }
        for g in gen {
            add(.atan, [g, g], g)
            add(.pow, [g, g], g)
            add(.mod, [g, .float], g)
            if g != .float { add(.mod, [g, g], g) }
            for f in [BuiltinFunction.min, .max] {
                add(f, [g, g], g)
                if g != .float { add(f, [g, .float], g) }
            }
            add(.clamp, [g, g, g], g)
            if g != .float { add(.clamp, [g, .float, .float], g) }
            add(.mix, [g, g, g], g)
            if g != .float { add(.mix, [g, g, .float], g) }
            add(.step, [g, g], g)
            if g != .float { add(.step, [.float, g], g) }
            add(.smoothstep, [g, g, g], g)
            if g != .float { add(.smoothstep, [.float, .float, g], g) }
            add(.length, [g], .float)
            add(.distance, [g, g], .float)
            add(.dot, [g, g], .float)
            add(.faceforward, [g, g, g], g)
            add(.reflect, [g, g], g)
            add(.refract, [g, g, .float], g)
            // Core in GLSL ES 3.00; an extension in GLSL ES 1.00.
            let derivative = BuiltinAvailability(
                stage: .fragment, esExtension: "GL_OES_standard_derivatives")
            add(.dFdx, [g], g, derivative)
            add(.dFdy, [g], g, derivative)
            add(.fwidth, [g], g, derivative)
        }
        add(.cross, [.vec3, .vec3], .vec3)
        // GLSL ES 3.00 §8.3 and §8.4 (desktop: modf 1.30, inverse 1.40, determinant 1.50; the
        // packing functions are desktop 4.00/4.20, beyond the versions Shade models).
        for g in gen { add(.modf, [g, g], g, es3) }
        let inverse = BuiltinAvailability(inES100: false, desktopSince: .glsl140)
        let determinant = BuiltinAvailability(inES100: false, desktopSince: .glsl150)
        for n in 2...4 {
            add(.determinant, [.matrix(n)], .float, determinant)
            add(.inverse, [.matrix(n)], .matrix(n), inverse)
        }
        let packing = BuiltinAvailability(inES100: false, desktopSince: nil)
        for f in [BuiltinFunction.packSnorm2x16, .packUnorm2x16, .packHalf2x16] {
            add(f, [.vec2], .uint, packing)
        }
        for f in [BuiltinFunction.unpackSnorm2x16, .unpackUnorm2x16, .unpackHalf2x16] {
            add(f, [.uint], .vec2, packing)
        }
        // transpose and outerProduct: desktop 1.20 and GLSL ES 3.00, every shape; non-square
        // matrixCompMult likewise.
        let desktop120 = BuiltinAvailability(inES100: false, desktopSince: .glsl120)
        for c in 2...4 {
            for r in 2...4 where r != c {
                let m = GLSLType.matrix(columns: c, rows: r)
                add(.matrixCompMult, [m, m], m, desktop120)
                add(.transpose, [m], .matrix(columns: r, rows: c), desktop120)
                add(.outerProduct, [.vector(.float, r), .vector(.float, c)], m, desktop120)
            }
        }
        for n in 2...4 {
            add(.matrixCompMult, [.matrix(n), .matrix(n)], .matrix(n))
            add(.transpose, [.matrix(n)], .matrix(n), desktop120)
            add(.outerProduct, [.vector(.float, n), .vector(.float, n)], .matrix(n), desktop120)
            let b = GLSLType.vector(.bool, n)
            for f in [BuiltinFunction.lessThan, .lessThanEqual, .greaterThan, .greaterThanEqual] {
                add(f, [.vector(.float, n), .vector(.float, n)], b)
                add(f, [.vector(.int, n), .vector(.int, n)], b)
                add(f, [.vector(.uint, n), .vector(.uint, n)], b, es3)
            }
            for f in [BuiltinFunction.equal, .notEqual] {
                add(f, [.vector(.float, n), .vector(.float, n)], b)
                add(f, [.vector(.int, n), .vector(.int, n)], b)
                add(f, [.vector(.uint, n), .vector(.uint, n)], b, es3)
                add(f, [b, b], b)
            }
            add(.any, [b], .bool)
            add(.all, [b], .bool)
            add(.not, [b], b)
        }
        // GLSL ES 3.00 (desktop 1.30) texture functions, in both stages; bias in fragment
        // shaders only.
        let es3Fragment = BuiltinAvailability(stage: .fragment, inES100: false, desktopSince: .glsl130)
        add(.texture, [.sampler2D, .vec2], .vec4, es3)
        add(.texture, [.sampler2D, .vec2, .float], .vec4, es3Fragment)
        add(.texture, [.samplerCube, .vec3], .vec4, es3)
        add(.texture, [.samplerCube, .vec3, .float], .vec4, es3Fragment)
        for c in [GLSLType.vec3, .vec4] {
            add(.textureProj, [.sampler2D, c], .vec4, es3)
            add(.textureProj, [.sampler2D, c, .float], .vec4, es3Fragment)
            add(.textureProjLod, [.sampler2D, c, .float], .vec4, es3)
            add(.textureProjGrad, [.sampler2D, c, .vec2, .vec2], .vec4, es3)
        }
        add(.textureLod, [.sampler2D, .vec2, .float], .vec4, es3)
        add(.texelFetch, [.sampler2D, .ivec2, .int], .vec4, es3)
        add(.textureSize, [.sampler2D, .int], .ivec2, es3)
        add(.textureSize, [.samplerCube, .int], .ivec2, es3)
        add(.textureLod, [.samplerCube, .vec3, .float], .vec4, es3)
        add(.textureGrad, [.sampler2D, .vec2, .vec2, .vec2], .vec4, es3)
        add(.textureGrad, [.samplerCube, .vec3, .vec3, .vec3], .vec4, es3)
        // The offset variants (2D only); the offset is a constant expression.
        add(.textureOffset, [.sampler2D, .vec2, .ivec2], .vec4, es3)
        add(.textureOffset, [.sampler2D, .vec2, .ivec2, .float], .vec4, es3Fragment)
        add(.textureLodOffset, [.sampler2D, .vec2, .float, .ivec2], .vec4, es3)
        add(.textureGradOffset, [.sampler2D, .vec2, .vec2, .vec2, .ivec2], .vec4, es3)
        add(.texelFetchOffset, [.sampler2D, .ivec2, .int, .ivec2], .vec4, es3)
        for c in [GLSLType.vec3, .vec4] {
            add(.textureProjOffset, [.sampler2D, c, .ivec2], .vec4, es3)
            add(.textureProjOffset, [.sampler2D, c, .ivec2, .float], .vec4, es3Fragment)
            add(.textureProjLodOffset, [.sampler2D, c, .float, .ivec2], .vec4, es3)
            add(.textureProjGradOffset, [.sampler2D, c, .vec2, .vec2, .ivec2], .vec4, es3)
        }
        // 3D, 2D array and integer samplers (no shadow samplers, no integer cube maps).
        let flavours: [(String, GLSLType)] = [("", .vec4), ("i", .vector(.int, 4)), ("u", .vector(.uint, 4))]
        for (prefix, result) in flavours {
            func sampler(_ name: String) -> GLSLType { .otherSampler(BuiltinType(rawValue: prefix + name)!) }
            let volume = sampler("sampler3D"), array = sampler("sampler2DArray")
            for s in [volume, array] {
                add(.texture, [s, .vec3], result, es3)
                add(.texture, [s, .vec3, .float], result, es3Fragment)
                add(.textureLod, [s, .vec3, .float], result, es3)
                add(.texelFetch, [s, .ivec3, .int], result, es3)
                add(.textureSize, [s, .int], .ivec3, es3)
            }
            add(.textureGrad, [volume, .vec3, .vec3, .vec3], result, es3)
            add(.textureGrad, [array, .vec3, .vec2, .vec2], result, es3)
            add(.textureProj, [volume, .vec4], result, es3)
            add(.textureProj, [volume, .vec4, .float], result, es3Fragment)
            add(.textureProjLod, [volume, .vec4, .float], result, es3)
            add(.textureProjGrad, [volume, .vec4, .vec3, .vec3], result, es3)
            guard !prefix.isEmpty else { continue }
            let plane = sampler("sampler2D")
            add(.texture, [plane, .vec2], result, es3)
            add(.texture, [plane, .vec2, .float], result, es3Fragment)
            add(.textureLod, [plane, .vec2, .float], result, es3)
            add(.textureGrad, [plane, .vec2, .vec2, .vec2], result, es3)
            add(.texelFetch, [plane, .ivec2, .int], result, es3)
            add(.textureSize, [plane, .int], .ivec2, es3)
            for c in [GLSLType.vec3, .vec4] {
                add(.textureProj, [plane, c], result, es3)
                add(.textureProj, [plane, c, .float], result, es3Fragment)
                add(.textureProjLod, [plane, c, .float], result, es3)
                add(.textureProjGrad, [plane, c, .vec2, .vec2], result, es3)
            }
        }
        // GLSL ES 1.00's texture functions are gone from GLSL ES 3.00.
        let fragment = BuiltinAvailability(stage: .fragment, inES300: false)
        let vertex = BuiltinAvailability(stage: .vertex, inES300: false)
        let es100 = BuiltinAvailability(inES300: false)
        let lodEXT = BuiltinAvailability(stage: .fragment, esExtension: "GL_EXT_shader_texture_lod",
                                         inES300: false, desktopSince: nil)
        add(.texture2D, [.sampler2D, .vec2], .vec4, es100)
        add(.texture2D, [.sampler2D, .vec2, .float], .vec4, fragment)
        add(.texture2DProj, [.sampler2D, .vec3], .vec4, es100)
        add(.texture2DProj, [.sampler2D, .vec4], .vec4, es100)
        add(.texture2DProj, [.sampler2D, .vec3, .float], .vec4, fragment)
        add(.texture2DProj, [.sampler2D, .vec4, .float], .vec4, fragment)
        add(.texture2DLod, [.sampler2D, .vec2, .float], .vec4, vertex)
        add(.texture2DProjLod, [.sampler2D, .vec3, .float], .vec4, vertex)
        add(.texture2DProjLod, [.sampler2D, .vec4, .float], .vec4, vertex)
        add(.textureCube, [.samplerCube, .vec3], .vec4, es100)
        add(.textureCube, [.samplerCube, .vec3, .float], .vec4, fragment)
        add(.textureCubeLod, [.samplerCube, .vec3, .float], .vec4, vertex)
        add(.texture2DLodEXT, [.sampler2D, .vec2, .float], .vec4, lodEXT)
        add(.texture2DProjLodEXT, [.sampler2D, .vec3, .float], .vec4, lodEXT)
        add(.texture2DProjLodEXT, [.sampler2D, .vec4, .float], .vec4, lodEXT)
        add(.textureCubeLodEXT, [.samplerCube, .vec3, .float], .vec4, lodEXT)
        add(.texture2DGradEXT, [.sampler2D, .vec2, .vec2, .vec2], .vec4, lodEXT)
        add(.texture2DProjGradEXT, [.sampler2D, .vec3, .vec2, .vec2], .vec4, lodEXT)
        add(.texture2DProjGradEXT, [.sampler2D, .vec4, .vec2, .vec2], .vec4, lodEXT)
        add(.textureCubeGradEXT, [.samplerCube, .vec3, .vec3, .vec3], .vec4, lodEXT)
        add(.ftransform, [], .vec4, BuiltinAvailability(stage: .vertex, inES: false))
        return out
    }
}
