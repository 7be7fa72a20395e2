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
            let level0 = coord.lanes[0][0].bitPattern == 0
            let size = layered ? [view.width, view.layerHeight, view.layerCount] : [view.levelSize(int(coord.lanes[0][0])).width,
                                                                                     view.levelSize(int(coord.lanes[0][0])).height]
            return Quad(uniform: size.map { Float(bitPattern: UInt32(truncatingIfNeeded: layered && !level0 ? 0 : $0)) })
        case .texelFetch:
            let level = try evaluate(args[2], m)
            return Quad((0..<4).map { k in
                let c = coord.lanes[k].map(int), lod = int(level.lanes[k][0]), z = c.count > 2 ? c[2] : 0
                if integer { return bits(view.fetchInteger(x: c[0], y: c[1], z: z, level: lod)) }
                let v = view.fetch(x: c[0], y: c[1], z: z, level: lod)
                return [v.x, v.y, v.z, v.w]
            })
        default:
            for a in args.dropFirst(2) { _ = try evaluate(a, m) }
            let projective = f.rawValue.contains("Proj")
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
}
