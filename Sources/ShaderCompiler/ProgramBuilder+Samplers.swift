import Framebuffers
import ShaderSemantics

/// Lookups of `sampler3D`, `sampler2DArray` and the integer samplers (`isampler2D`,
/// `usampler3D`, …), one lane at a time (`TextureView+Layers.swift`). A float 3D texture
/// sampled with a mipmap filter has its mipmap chain and picks levels as 2D lookups do (by 2×2
/// quads for an implicit level of detail); the others read level 0. An integer sampler's
/// results are the texels' integer values as int or uint bits.
extension ProgramBuilder {
    /// `texture(sampler, coord)`: `coord` is (s, t) for a 2D integer sampler, (s, t, r) for a 3D
    /// one, (s, t, layer) for an array; `lod` (nil: implicit) matters to float 3D textures with
    /// mipmaps.
    public func layeredTexture(
        _ sampler: Sampler, _ coord: Value, lod: LevelOfDetail? = nil, channels: [Int] = [0, 1, 2, 3]
    ) -> Value {
        let c = laneSlots(coord)
        let d = allocateLanes(channels.count)
        let lodSlots = lodSlots(lod)
        emitExternal(
            Kernels.layeredLookup(
                view: sampler.viewIndex, kind: sampler.kind, texelKind: sampler.texelKind, coords: c, lod: lodSlots, d: d,
                channels: channels),
            reads: c + lodSlots.slots, writes: d)
        return Self.lanes(d)
    }

    /// The lane slots of a lookup's own level of detail (nil: implicit, no bias).
    func lodSlots(_ lod: LevelOfDetail?) -> Kernels.LODSlots {
        switch lod {
        case nil: .implicit(bias: nil)
        case .bias(let b): .implicit(bias: laneSlots(b)[0])
        case .explicit(let level): .explicit(laneSlots(level)[0])
        case .gradients(let dx, let dy): .gradients(laneSlots(dx), laneSlots(dy))
        }
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
    /// layers) of the level as int bits (an array has level 0 only); zeros past the last.
    public func layeredTextureSize(_ sampler: Sampler, lod: Value) -> Value {
        let l = laneSlots(lod)
        let d = allocateLanes(3)
        emitExternal(
            Kernels.layeredTextureSize(view: sampler.viewIndex, kind: sampler.kind, level: l[0], d: d), reads: [l[0]], writes: d)
        return Self.lanes(d)
    }
}

extension Kernels {
    /// An int or uint as the lane bits that hold it.
    @inline(__always)
    static func bits(_ v: Int32) -> Float { Float(bitPattern: UInt32(bitPattern: v)) }

    /// `ProgramBuilder.layeredTexture`.
    static func layeredLookup(
        view: Int, kind: SamplerKind, texelKind: ScalarKind, coords c: [Int], lod: LODSlots = .implicit(bias: nil),
        d: [Int], channels: [Int]
    ) -> Kernel {
        let pairs = Array(zip(channels, d))
        let isInteger = texelKind != .float
        // Each channel read at most once: the span lookup writes one register per channel.
        let spans = kind == .texture3D && !isInteger && Set(channels).count == channels.count
        let channelSlots = (0..<4).map { ch in pairs.first { $0.0 == ch }?.1 }
        return { ctx in
            let n = ctx.stride, r = ctx.registers, texture = ctx.textures[view]
            if kind == .texture3D && !isInteger && texture.isMipmapped {
                volumeLookup(texture, registers: r, stride: n, coords: c, lod: lod, pairs: pairs)
                return
            }
            if spans {
                // Level 0 of a volume: the span lookup, straight into the channels' registers.
                @inline(__always) func slot(_ ch: Int) -> UnsafeMutablePointer<Float>? { channelSlots[ch].map { r + $0 &* n } }
                texture.sample3D(
                    s: r + c[0] &* n, t: r + c[1] &* n, r: r + c[2] &* n, count: n,
                    outputs: (slot(0), slot(1), slot(2), slot(3)))
                return
            }
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

    /// A float 3D lookup of a mipmapped texture over the lanes, by 2×2 quads for an implicit
    /// level of detail (a tail shorter than a quad is magnified, level 0).
    static func volumeLookup(
        _ texture: TextureView, registers r: UnsafeMutablePointer<Float>, stride n: Int, coords c: [Int], lod: LODSlots,
        pairs: [(Int, Int)]
    ) {
        @inline(__always) func at(_ slot: Int, _ i: Int) -> Float { r[slot &* n &+ i] }
        @inline(__always) func put(_ i: Int, _ v: SIMD4<Float>) { for (ch, slot) in pairs { r[slot &* n &+ i] = v[ch] } }
        switch lod {
        case .implicit(let bias):
            var i = 0
            while i < n {
                let quad = i + 4 <= n
                let rho = quad ? texture.volumeQuadRhoSquared(
                    s0: at(c[0], i), s1: at(c[0], i + 1), s2: at(c[0], i + 2), t0: at(c[1], i), t1: at(c[1], i + 1),
                    t2: at(c[1], i + 2), r0: at(c[2], i), r1: at(c[2], i + 1), r2: at(c[2], i + 2)) : 0
                for k in i..<(quad ? i + 4 : i + 1) {
                    put(k, texture.sample3D(
                        s: at(c[0], k), t: at(c[1], k), r: at(c[2], k), rhoSquared: rho, bias: bias.map { at($0, k) }))
                }
                i += quad ? 4 : 1
            }
        case .explicit(let level):
            for i in 0..<n { put(i, texture.sample3D(s: at(c[0], i), t: at(c[1], i), r: at(c[2], i), lod: at(level, i))) }
        case .gradients(let dx, let dy):
            for i in 0..<n {
                let rho = texture.volumeGradientRhoSquared(
                    dx: SIMD3(at(dx[0], i), at(dx[1], i), at(dx[2], i)), dy: SIMD3(at(dy[0], i), at(dy[1], i), at(dy[2], i)))
                put(i, texture.sample3D(
                    s: at(c[0], i), t: at(c[1], i), r: at(c[2], i), lod: TextureView.levelOfDetail(rhoSquared: rho)))
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

    /// `ProgramBuilder.layeredTextureSize`; each 2×2 quad takes the level of its first lane. A
    /// 3D texture's level k is `max(1, size >> k)` while it has that level.
    static func layeredTextureSize(view: Int, kind: SamplerKind, level: Int, d: [Int]) -> Kernel {
        { ctx in
            let n = ctx.stride, r = ctx.registers, texture = ctx.textures[view]
            for i in 0..<n {
                let k = Int(Int32(bitPattern: r[level &* n &+ (i & ~3)].bitPattern))
                let size: [Int]
                if kind == .texture3D {
                    let v = texture.volumeLevelSize(k)
                    size = [v.width, v.height, v.depth]
                } else {
                    size = k == 0 ? [texture.width, texture.layerHeight, texture.layerCount] : [0, 0, 0]
                }
                for j in 0..<3 { r[d[j] &* n &+ i] = bits(Int32(truncatingIfNeeded: size[j])) }
            }
        }
    }
}
