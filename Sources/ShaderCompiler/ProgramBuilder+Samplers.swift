import Framebuffers
import ShaderSemantics

/// Lookups of the samplers that have no mipmaps in Shade: `sampler3D`, `sampler2DArray` and
/// the integer samplers (`isampler2D`, `usampler3D`, …). They read level 0, one lane at a
/// time (`TextureView+Layers.swift`); an integer sampler's results are the texels' integer
/// values as int or uint bits.
extension ProgramBuilder {
    /// `texture(sampler, coord)`: `coord` is (s, t) for a 2D integer sampler, (s, t, r) for a 3D
    /// one, (s, t, layer) for an array.
    public func layeredTexture(_ sampler: Sampler, _ coord: Value, channels: [Int] = [0, 1, 2, 3]) -> Value {
        let c = laneSlots(coord)
        let d = allocateLanes(channels.count)
        emitExternal(
            Kernels.layeredLookup(
                view: sampler.viewIndex, kind: sampler.kind, texelKind: sampler.texelKind, coords: c, d: d, channels: channels),
            reads: c, writes: d)
        return Self.lanes(d)
    }

    /// `texelFetch(sampler, coord, lod)`: `coord` (ivec2 or ivec3) and `lod` hold int bits.
    public func layeredTexelFetch(_ sampler: Sampler, _ coord: Value, lod: Value, channels: [Int] = [0, 1, 2, 3]) -> Value {
        let c = laneSlots(coord), l = laneSlots(lod)
        let d = allocateLanes(channels.count)
        emitExternal(
            Kernels.layeredFetch(
                view: sampler.viewIndex, kind: sampler.kind, texelKind: sampler.texelKind, coords: c, level: l[0], d: d,
                channels: channels),
            reads: c + [l[0]], writes: d)
        return Self.lanes(d)
    }

    /// `textureSize(sampler, lod)` of a 3D or array sampler: width, height and slices (or
    /// layers) of level 0 as int bits; zeros for any other level.
    public func layeredTextureSize(_ sampler: Sampler, lod: Value) -> Value {
        let l = laneSlots(lod)
        let d = allocateLanes(3)
        emitExternal(Kernels.layeredTextureSize(view: sampler.viewIndex, level: l[0], d: d), reads: [l[0]], writes: d)
        return Self.lanes(d)
    }
}

extension Kernels {
    /// An int or uint as the lane bits that hold it.
    @inline(__always)
    static func bits(_ v: Int32) -> Float { Float(bitPattern: UInt32(bitPattern: v)) }

    /// `ProgramBuilder.layeredTexture`.
    static func layeredLookup(
        view: Int, kind: SamplerKind, texelKind: ScalarKind, coords c: [Int], d: [Int], channels: [Int]
    ) -> Kernel {
        let pairs = Array(zip(channels, d))
        let isInteger = texelKind != .float
        return { ctx in
            let n = ctx.stride, r = ctx.registers, texture = ctx.textures[view]
            for i in 0..<n {
                let s = r[c[0] &* n &+ i], t = r[c[1] &* n &+ i]
                let p = c.count > 2 ? r[c[2] &* n &+ i] : 0
                if isInteger {
                    let v: SIMD4<Int32>
                    switch kind {
                    case .texture3D: v = texture.sampleInteger3D(s: s, t: t, r: p)
                    case .texture2DArray: v = texture.sampleIntegerArray(s: s, t: t, layer: p)
                    default: v = texture.sampleInteger(s: s, t: t)
                    }
                    for (ch, slot) in pairs { r[slot &* n &+ i] = bits(v[ch]) }
                } else {
                    let v = kind == .texture3D ? texture.sample3D(s: s, t: t, r: p) : texture.sampleArray(s: s, t: t, layer: p)
                    for (ch, slot) in pairs { r[slot &* n &+ i] = v[ch] }
                }
            }
        }
    }

    /// `ProgramBuilder.layeredTexelFetch`.
    static func layeredFetch(
        view: Int, kind: SamplerKind, texelKind: ScalarKind, coords c: [Int], level: Int, d: [Int], channels: [Int]
    ) -> Kernel {
        let pairs = Array(zip(channels, d))
        let isInteger = texelKind != .float
        return { ctx in
            let n = ctx.stride, r = ctx.registers, texture = ctx.textures[view]
            func int(_ slot: Int, _ i: Int) -> Int { Int(Int32(bitPattern: r[slot &* n &+ i].bitPattern)) }
            for i in 0..<n {
                let x = int(c[0], i), y = int(c[1], i), z = c.count > 2 ? int(c[2], i) : 0, lod = int(level, i)
                if isInteger {
                    let v = texture.fetchInteger(x: x, y: y, z: z, level: lod)
                    for (ch, slot) in pairs { r[slot &* n &+ i] = bits(v[ch]) }
                } else {
                    let v = texture.fetch(x: x, y: y, z: z, level: lod)
                    for (ch, slot) in pairs { r[slot &* n &+ i] = v[ch] }
                }
            }
        }
    }

    /// `ProgramBuilder.layeredTextureSize`; each 2×2 quad takes the level of its first lane.
    static func layeredTextureSize(view: Int, level: Int, d: [Int]) -> Kernel {
        { ctx in
            let n = ctx.stride, r = ctx.registers, texture = ctx.textures[view]
            let size = [texture.width, texture.layerHeight, texture.layerCount].map { Int32($0) }
            for i in 0..<n {
                let isLevel0 = r[level &* n &+ (i & ~3)].bitPattern == 0
                for k in 0..<3 { r[d[k] &* n &+ i] = bits(isLevel0 ? size[k] : 0) }
            }
        }
    }
}
