import ShaderDiagnostics
import ShaderSemantics
import ShaderSyntax

/// The samplers beyond `sampler2D` and `samplerCube`: 3D, 2D array and integer samplers.
extension Lowering {
    /// What a sampler type samples and what its lookups return, or nil for one Shade cannot
    /// sample (shadow samplers, integer cube maps, the desktop 1D samplers).
    static func samplerKind(of type: GLSLType) -> (SamplerKind, ScalarKind)? {
        switch type {
        case .sampler2D: return (.texture2D, .float)
        case .samplerCube: return (.cube, .float)
        case .otherSampler(let b):
            switch b {
            case .sampler3D: return (.texture3D, .float)
            case .sampler2DArray: return (.texture2DArray, .float)
            case .isampler2D: return (.texture2D, .int)
            case .usampler2D: return (.texture2D, .uint)
            case .isampler3D: return (.texture3D, .int)
            case .usampler3D: return (.texture3D, .uint)
            case .isampler2DArray: return (.texture2DArray, .int)
            case .usampler2DArray: return (.texture2DArray, .uint)
            default: return nil
            }
        default: return nil
        }
    }

    /// A lookup of a 3D, array or integer sampler. Only float 3D textures have mipmaps: for
    /// the others a bias, an explicit level or gradients change nothing (they are still
    /// evaluated).
    func layeredLookup(
        _ f: BuiltinFunction, _ s: Sampler, _ args: [TypedExpression], _ span: SourceSpan?, channels: [Int]
    ) throws -> Value {
        let dimensions = s.kind == .texture2D ? 2 : 3
        switch f {
        case .textureSize:
            let lod = try lower(args[1])
            return s.kind == .texture2D ? builder.textureSize(s, lod: lod) : builder.layeredTextureSize(s, lod: lod)
        case .texelFetch:
            return builder.layeredTexelFetch(s, try lower(args[1]), lod: try lower(args[2]), channels: channels)
        case .texture, .textureLod, .textureGrad:
            let coord = try lower(args[1])
            let lod = try volumeLevelOfDetail(f, args)
            return builder.layeredTexture(s, coord, lod: lod, channels: channels)
        case .textureProj, .textureProjLod, .textureProjGrad:
            // As for 2D: the coordinate times the reciprocal of its last component.
            let coord = try lower(args[1])
            let lod = try volumeLevelOfDetail(f, args)
            let q = builder.divide(.constant(1), coord[coord.width - 1])
            return builder.layeredTexture(
                s, builder.multiply(coord.swizzled(Array(0..<dimensions)), q), lod: lod, channels: channels)
        default:
            throw unsupported("'\(f.rawValue)' of a \(args[0].type) is not supported yet", span)
        }
    }

    /// The arguments after a layered lookup's coordinate, lowered, as its level of detail
    /// (nil: implicit).
    func volumeLevelOfDetail(_ f: BuiltinFunction, _ args: [TypedExpression]) throws -> ProgramBuilder.LevelOfDetail? {
        let rest = try args.dropFirst(2).map { try lower($0) }
        switch f {
        case .textureLod, .textureProjLod: return .explicit(rest[0])
        case .textureGrad, .textureProjGrad: return .gradients(rest[0], rest[1])
        default: return rest.first.map { .bias($0) }
        }
    }
}
