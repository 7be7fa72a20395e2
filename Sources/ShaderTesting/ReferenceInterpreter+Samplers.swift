import Framebuffers
import ShaderSemantics
import ShaderSyntax

/// The interpreter's lookups of 3D, 2D array and integer samplers: level 0 only, one lane at
/// a time through `TextureView+Layers.swift` (the executor's kernels call the same lookups; what
/// the two compute independently is everything around them — coordinates, the projective
/// division, bits).
extension ReferenceInterpreter {
    /// `(is layered, is integer)` for the samplers this file handles, nil for the others.
    static func layeredShape(_ type: GLSLType) -> (layered: Bool, integer: Bool)? {
        guard case .otherSampler(let b) = type else { return nil }
        switch b {
        case .sampler3D, .sampler2DArray: return (true, false)
        case .isampler3D, .usampler3D, .isampler2DArray, .usampler2DArray: return (true, true)
        case .isampler2D, .usampler2D: return (false, true)
        default: return nil
        }
    }

    func layeredLookup(
        _ f: BuiltinFunction, _ type: GLSLType, _ view: TextureView, _ args: [TypedExpression], coord: Quad, _ m: LaneMask
    ) throws -> Quad {
        guard let (layered, integer) = Self.layeredShape(type), case .otherSampler(let b) = type else {
            throw InterpreterError(message: "'\(type)' cannot be sampled")
        }
        let is3D = b == .sampler3D || b == .isampler3D || b == .usampler3D
        func bits(_ v: SIMD4<Int32>) -> [Float] { (0..<4).map { Float(bitPattern: UInt32(bitPattern: v[$0])) } }
        func int(_ x: Float) -> Int { Int(Int32(bitPattern: x.bitPattern)) }
        switch f {
        case .textureSize:
            let level = int(coord.lanes[0][0])
            let size: [Int]
            if is3D {
                let v = view.volumeLevelSize(level)
                size = [v.width, v.height, v.depth]
            } else if layered {
                size = level == 0 ? [view.width, view.layerHeight, view.layerCount] : [0, 0, 0]
            } else {
                size = [view.levelSize(level).width, view.levelSize(level).height]
            }
            return Quad(uniform: size.map { Float(bitPattern: UInt32(truncatingIfNeeded: $0)) })
        case .texelFetch:
            let level = try evaluate(args[2], m)
            return Quad((0..<4).map { k in
                let c = coord.lanes[k].map(int), lod = int(level.lanes[k][0]), z = c.count > 2 ? c[2] : 0
                if integer { return bits(view.fetchInteger(x: c[0], y: c[1], z: z, level: lod)) }
                let v = view.fetch(x: c[0], y: c[1], z: z, level: lod)
                return [v.x, v.y, v.z, v.w]
            })
        default:
            let extra = try args.dropFirst(2).map { try evaluate($0, m).lanes }
            let projective = f.rawValue.contains("Proj")
            if is3D && !integer && view.isMipmapped {
                return volumeLookup(f, view, coord: coord, extra: extra, projective: projective)
            }
            return coord.map { c in
                var p = c
                if projective {
                    let q = 1 / c[c.count - 1]
                    p = c.dropLast().map { $0 * q }
                }
                switch (layered, integer) {
                case (false, _): return bits(view.sampleInteger(s: p[0], t: p[1]))
                case (true, true):
                    return bits(is3D ? view.sampleInteger3D(s: p[0], t: p[1], r: p[2])
                                     : view.sampleIntegerArray(s: p[0], t: p[1], layer: p[2]))
                case (true, false):
                    let v = is3D ? view.sample3D(s: p[0], t: p[1], r: p[2]) : view.sampleArray(s: p[0], t: p[1], layer: p[2])
                    return [v.x, v.y, v.z, v.w]
                }
            }
        }
    }

    /// A float 3D lookup of a mipmapped texture: the level of detail explicit (`textureLod`),
    /// from explicit derivatives (`textureGrad`), or from the quad's coordinates (vertex
    /// shaders have no quads: level 0), plus any bias.
    func volumeLookup(_ f: BuiltinFunction, _ view: TextureView, coord: Quad, extra: [[[Float]]], projective: Bool) -> Quad {
        let p: [[Float]] = coord.lanes.map { c in
            guard projective else { return Array(c.prefix(3)) }
            let q = 1 / c[c.count - 1]
            return c.prefix(3).map { $0 * q }
        }
        let rho = view.volumeQuadRhoSquared(
            s0: p[0][0], s1: p[1][0], s2: p[2][0], t0: p[0][1], t1: p[1][1], t2: p[2][1], r0: p[0][2], r1: p[1][2], r2: p[2][2])
        return Quad((0..<4).map { k in
            let v: SIMD4<Float>
            switch f {
            case .textureLod, .textureProjLod:
                v = view.sample3D(s: p[k][0], t: p[k][1], r: p[k][2], lod: extra[0][k][0])
            case .textureGrad, .textureProjGrad:
                let g = extra.map { SIMD3($0[k][0], $0[k][1], $0[k][2]) }
                let r = view.volumeGradientRhoSquared(dx: g[0], dy: g[1])
                v = view.sample3D(s: p[k][0], t: p[k][1], r: p[k][2], lod: TextureView.levelOfDetail(rhoSquared: r))
            case _ where shader.stage == .vertex:
                v = view.sample3D(s: p[k][0], t: p[k][1], r: p[k][2])
            default:
                v = view.sample3D(s: p[k][0], t: p[k][1], r: p[k][2], rhoSquared: rho, bias: extra.first?[k][0])
            }
            return [v.x, v.y, v.z, v.w]
        })
    }

    /// A cube lookup of one quad through the faces' own sampling (`TextureView.sampleCube`):
    /// the level of detail explicit, from explicit derivatives, from the quad (vertex shaders
    /// have no quads: level 0), plus any bias.
    func cubeLookup(_ f: BuiltinFunction, _ faces: [TextureView], _ args: [TypedExpression], coord: Quad, _ m: LaneMask) throws -> Quad {
        let extra = try args.dropFirst(2).map { try evaluate($0, m).lanes }
        let isGrad = f.rawValue.contains("Grad")
        let isLod = f == .textureLod || f == .textureCubeLod || f == .textureCubeLodEXT
        // 4 lanes each: x, y, z, the level or bias, 3 + 3 derivatives, 4 outputs.
        let lanes = UnsafeMutablePointer<Float>.allocate(capacity: 4 * 15)
        lanes.initialize(repeating: 0, count: 4 * 15)
        defer { lanes.deallocate() }
        func slot(_ k: Int) -> UnsafeMutablePointer<Float> { lanes + 4 * k }
        for i in 0..<4 {
            for k in 0..<3 { slot(k)[i] = coord.lanes[i][k] }
            if isLod || (!isGrad && !extra.isEmpty) { slot(3)[i] = extra[0][i][0] }
            if isGrad {
                for k in 0..<3 { slot(4 + k)[i] = extra[0][i][k]; slot(7 + k)[i] = extra[1][i][k] }
            }
        }
        let lod: TextureView.CubeLevelOfDetail
        if isGrad {
            lod = .gradients((UnsafePointer(slot(4)), UnsafePointer(slot(5)), UnsafePointer(slot(6))),
                             (UnsafePointer(slot(7)), UnsafePointer(slot(8)), UnsafePointer(slot(9))))
        } else if isLod || shader.stage == .vertex {
            lod = .explicit(UnsafePointer(slot(3)))  // a vertex shader's implicit lookup: level 0
        } else {
            lod = .implicit(bias: extra.isEmpty ? nil : UnsafePointer(slot(3)))
        }
        faces.withUnsafeBufferPointer { views in
            TextureView.sampleCube(
                faces: views.baseAddress!, x: slot(0), y: slot(1), z: slot(2), count: 4, lod: lod,
                outputs: (slot(10), slot(11), slot(12), slot(13)))
        }
        return Quad((0..<4).map { i in [slot(10)[i], slot(11)[i], slot(12)[i], slot(13)[i]] })
    }
}
