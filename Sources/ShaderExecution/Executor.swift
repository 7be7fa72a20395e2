import Dispatch
import Foundation
import Framebuffers
import ShaderCompiler

/// A texture bound to a sampler.
public enum TextureBinding: Sendable {
    /// A 2D texture with its sampling parameters.
    case texture2D(Texture, SamplerState)
    /// A cube map's six faces (+X, −X, +Y, −Y, +Z, −Z) and its filter.
    case cube([Texture], TextureFilter)
}

/// Everything one draw of the full-screen quad needs besides the target.
public struct DrawCall: Sendable {
    /// The fragment program.
    public var fragment: Program
    /// The vertex program; `nil` is GPUImage's passthrough (`gl_Position = position`,
    /// `textureCoordinateN = inputTextureCoordinateN`).
    public var vertex: Program?
    /// Uniform values by name (matrices column-major, arrays element after element). Every
    /// name must be declared by the fragment or the vertex program.
    public var uniforms: [String: [Float]]
    /// Input images in GPUImage order: `inputImageTexture`, `inputImageTexture2`, …; other 2D
    /// samplers take the remaining inputs in declaration order.
    public var inputs: [Texture]
    /// Sampling parameters for `inputs`.
    public var samplerState: SamplerState
    /// Explicit bindings by sampler name; they win over `inputs`.
    public var bindings: [String: TextureBinding]

    /// Creates a draw.
    public init(
        fragment: Program, vertex: Program? = nil, uniforms: [String: [Float]] = [:],
        inputs: [Texture] = [], samplerState: SamplerState = SamplerState(),
        bindings: [String: TextureBinding] = [:]
    ) {
        self.fragment = fragment
        self.vertex = vertex
        self.uniforms = uniforms
        self.inputs = inputs
        self.samplerState = samplerState
        self.bindings = bindings
    }
}

/// Shades full-screen-quad draws into framebuffers: the vertex stage at the four corners,
/// GL's interpolation per triangle, then the fragment program over batches of 2×2 quads in
/// parallel tiles. The only part of Shade that creates threads.
public struct Executor: Sendable {
    /// How frames are split and scheduled; never affects the output bits.
    public var schedule: Schedule

    /// Creates an executor.
    public init(schedule: Schedule = Schedule()) {
        self.schedule = schedule
    }

    /// The uniform file of `program` with the values it declares taken from `values`.
    static func uniformFile(for program: Program, from values: [String: [Float]]) throws -> [Float] {
        do {
            return try program.makeUniformFile(values.filter { program.uniform(named: $0.key) != nil })
        } catch let e as ProgramError {
            throw ExecutionError.uniform(e)
        }
    }

    /// Renders `draw` into `target`, overwriting every pixel the quad covers.
    ///
    /// - Throws: `ExecutionError` for bad uniforms, a missing output, or a runaway loop.
    public func render(_ draw: DrawCall, into target: Framebuffer) throws {
        let fragment = draw.fragment
        for name in draw.uniforms.keys.sorted()
        where fragment.uniform(named: name) == nil && draw.vertex?.uniform(named: name) == nil {
            throw ExecutionError.uniform(.unknownUniform(name))
        }
        guard let color = fragment.output(named: "gl_FragColor") ?? fragment.output(named: "gl_FragData")
            ?? fragment.outputs.first
        else { throw ExecutionError.missingColorOutput }

        // Textures.
        let bound = bindTextures(draw)
        let views = UnsafeMutablePointer<TextureView>.allocate(capacity: max(bound.views.count, 1))
        defer { views.deallocate() }
        views.initialize(from: bound.views, count: bound.views.count)

        // Per-draw stage.
        let file = try Executor.uniformFile(for: fragment, from: draw.uniforms)
        let uniforms = UnsafeMutablePointer<Float>.allocate(capacity: max(file.count, 1))
        defer { uniforms.deallocate() }
        uniforms.initialize(from: file, count: file.count)
        var drawStatus = 0
        withUnsafeMutablePointer(to: &drawStatus) {
            fragment.runDrawStage(KernelContext(registers: uniforms, uniforms: uniforms, stride: 1, textures: views, status: $0))
        }

        // Vertex stage and triangle setup.
        let vertices = try VertexStage.shade(vertex: draw.vertex, fragmentInputs: fragment.inputs, uniforms: draw.uniforms, textures: views)
        let triangles = FullScreenQuad.triangles.compactMap { t in
            TriangleSetup([vertices[t.0], vertices[t.1], vertices[t.2]], width: target.width, height: target.height, inputs: fragment.inputs)
        }

        // Output channels: lane slot, or a per-draw value.
        var channels: [(slot: Int, value: Float)] = []
        for k in 0..<4 {
            guard k < color.value.width else { channels.append((-1, k == 3 ? 1 : 0)); continue }
            switch color.value.components[k] {
            case .lane(let s): channels.append((s, 0))
            case .uniform(let s): channels.append((-1, uniforms[s]))
            case .constant(let f): channels.append((-1, f))
            }
        }

        let job = TileJob(
            program: fragment, triangles: triangles, channels: channels, target: target,
            schedule: schedule, uniforms: uniforms, views: views
        )
        let threads = min(schedule.threadCount, job.tileCount)
        let statuses = UnsafeMutablePointer<Int>.allocate(capacity: threads)
        defer { statuses.deallocate() }
        statuses.initialize(repeating: 0, count: threads)
        if threads <= 1 {
            statuses[0] = job.run(worker: 0, of: 1)
        } else {
            let results = StatusSlots(pointer: statuses)
            DispatchQueue.concurrentPerform(iterations: threads) { w in
                results.pointer[w] = job.run(worker: w, of: threads)
            }
        }
        withExtendedLifetime(bound.keepAlive) {}
        if drawStatus != 0 || (0..<threads).contains(where: { statuses[$0] != 0 }) {
            throw ExecutionError.loopLimitExceeded(limit: Program.loopIterationLimit)
        }
    }

    /// Texture views in the program's sampler order, plus the objects that own them.
    func bindTextures(_ draw: DrawCall) -> (views: [TextureView], keepAlive: [AnyObject]) {
        var views: [TextureView] = [], keep: [AnyObject] = []
        var used = Set<Int>()
        func inputIndex(_ name: String) -> Int? {
            if name == "inputImageTexture" { return 0 }
            if name.hasPrefix("inputImageTexture"), let n = Int(name.dropFirst("inputImageTexture".count)), n >= 2 {
                return n - 1
            }
            return nil
        }
        for s in draw.fragment.samplers { if let i = inputIndex(s.name) { used.insert(i) } }
        var next = 0
        let black = Texture(width: 1, height: 1, filledWith: SIMD4(0, 0, 0, 1))
        for s in draw.fragment.samplers {
            switch (s.kind, draw.bindings[s.name]) {
            case (.cube, .cube(let faces, let filter)):
                let cube = CubeTexture(faces: faces, filter: filter)
                keep.append(cube)
                views.append(contentsOf: cube.views)
            case (.cube, _):
                let cube = CubeTexture(faces: Array(repeating: black, count: 6))
                keep.append(cube)
                views.append(contentsOf: cube.views)
            case (.texture2D, .texture2D(let t, let state)):
                let sampled = SampledTexture(t, state: state)
                keep.append(sampled)
                views.append(sampled.view)
            case (.texture2D, _):
                var index = inputIndex(s.name)
                if index == nil {
                    while used.contains(next) { next += 1 }
                    index = next
                    used.insert(next)
                }
                let texture = index! < draw.inputs.count ? draw.inputs[index!] : black
                let sampled = SampledTexture(texture, state: draw.samplerState)
                keep.append(sampled)
                views.append(sampled.view)
            }
        }
        return (views, keep)
    }
}

/// One status word per worker; each worker writes only its own.
struct StatusSlots: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<Int>
}

/// The shared, read-only description of one draw's fragment work, split into tiles.
struct TileJob: @unchecked Sendable {
    let program: Program
    let triangles: [TriangleSetup]
    let channels: [(slot: Int, value: Float)]
    let target: Framebuffer
    let uniforms: UnsafeMutablePointer<Float>
    let views: UnsafePointer<TextureView>
    let lanes: Int
    let batchWidth: Int, batchHeight: Int
    let tileWidth: Int, tileHeight: Int
    let tilesAcross: Int, tileCount: Int
    let laneX: [Int], laneY: [Int]

    init(
        program: Program, triangles: [TriangleSetup], channels: [(slot: Int, value: Float)],
        target: Framebuffer, schedule: Schedule, uniforms: UnsafeMutablePointer<Float>,
        views: UnsafePointer<TextureView>
    ) {
        self.program = program
        self.triangles = triangles
        self.channels = channels
        self.target = target
        self.uniforms = uniforms
        self.views = views
        lanes = schedule.laneWidth
        (batchWidth, batchHeight) = schedule.batchSize
        tileWidth = (schedule.tileWidth + batchWidth - 1) / batchWidth * batchWidth
        tileHeight = (schedule.tileHeight + batchHeight - 1) / batchHeight * batchHeight
        tilesAcross = (target.width + tileWidth - 1) / tileWidth
        tileCount = tilesAcross * ((target.height + tileHeight - 1) / tileHeight)
        // Lane i is pixel (laneX[i], laneY[i]) of its batch: quads row-major, 2×2 inside.
        let quadsAcross = batchWidth / 2
        laneX = (0..<lanes).map { i in (i >> 2) % quadsAcross * 2 + (i & 1) }
        laneY = (0..<lanes).map { i in (i >> 2) / quadsAcross * 2 + ((i >> 1) & 1) }
    }

    /// Shades the tiles `worker`, `worker + workers`, …; returns a `ProgramStatus` raw value.
    func run(worker: Int, of workers: Int) -> Int {
        let n = lanes
        let registers = UnsafeMutablePointer<Float>.allocate(capacity: program.laneSlotCount * n + 64)
        defer { registers.deallocate() }
        registers.initialize(repeating: 0, count: program.laneSlotCount * n + 64)
        var status = 0
        return withUnsafeMutablePointer(to: &status) { statusPointer in
            let context = KernelContext(registers: registers, uniforms: uniforms, stride: n, textures: views, status: statusPointer)
            var tile = worker
            while tile < tileCount {
                let tx = tile % tilesAcross * tileWidth, ty = tile / tilesAcross * tileHeight
                var by = ty
                while by < min(ty + tileHeight, target.height) {
                    var bx = tx
                    while bx < min(tx + tileWidth, target.width) {
                        shadeBatch(x: bx, y: by, context: context)
                        if statusPointer.pointee != 0 { return statusPointer.pointee }
                        bx += batchWidth
                    }
                    by += batchHeight
                }
                tile += workers
            }
            return 0
        }
    }

    /// Shades one batch at pixel (x, y) once per triangle that touches it.
    @inline(__always)
    func shadeBatch(x bx: Int, y by: Int, context: KernelContext) {
        let n = lanes, r = context.registers
        let mask = r + Program.rootMaskSlot * n
        let x0 = Double(bx) + 0.5, y0 = Double(by) + 0.5
        let x1 = x0 + Double(batchWidth - 1), y1 = y0 + Double(batchHeight - 1)
        let width = target.width, height = target.height
        let isInside = bx + batchWidth <= width && by + batchHeight <= height
        for t in triangles {
            if x1 < t.minX - 1 || x0 > t.maxX + 1 || y1 < t.minY - 1 || y0 > t.maxY + 1 { continue }
            // Coverage: all four corner centres strictly inside every edge → whole batch.
            var full = isInside, empty = false
            for e in t.edges {
                let c00 = e.a * x0 + e.b * y0 + e.c, c10 = e.a * x1 + e.b * y0 + e.c
                let c01 = e.a * x0 + e.b * y1 + e.c, c11 = e.a * x1 + e.b * y1 + e.c
                if !(c00 > 0 && c10 > 0 && c01 > 0 && c11 > 0) { full = false }
                if c00 < 0 && c10 < 0 && c01 < 0 && c11 < 0 { empty = true }
            }
            if empty { continue }
            var live = 0
            if full {
                for i in 0..<n { mask[i] = 1 }
                live = n
            } else {
                for i in 0..<n {
                    let px = bx + laneX[i], py = by + laneY[i]
                    let on = px < width && py < height && t.covers(Double(px) + 0.5, Double(py) + 0.5)
                    mask[i] = on ? 1 : 0
                    live += on ? 1 : 0
                }
                if live == 0 { continue }
            }
            fillInputs(t, x: bx, y: by, registers: r)
            program.runBatch(context)
            if context.status.pointee != 0 { return }
            writeOutputs(x: bx, y: by, registers: r, full: full)
        }
    }

    @inline(__always)
    func fillInputs(_ t: TriangleSetup, x bx: Int, y by: Int, registers r: UnsafeMutablePointer<Float>) {
        let n = lanes
        let x0 = Double(bx) + 0.5, y0 = Double(by) + 0.5
        laneX.withUnsafeBufferPointer { lx in
            laneY.withUnsafeBufferPointer { ly in
                for (k, input) in program.inputs.enumerated() {
                    guard let planes = t.inputs[k] else {
                        for s in input.slots { (r + s * n).update(repeating: 0, count: n) }
                        continue
                    }
                    for (c, s) in input.slots.enumerated() {
                        let p = planes[c], d = r + s * n
                        if t.isPerspective {
                            for i in 0..<n {
                                let x = x0 + Double(lx[i]), y = y0 + Double(ly[i])
                                d[i] = Float(p(x, y) / t.q(x, y))
                            }
                        } else {
                            for i in 0..<n { d[i] = Float(p(x0 + Double(lx[i]), y0 + Double(ly[i]))) }
                        }
                    }
                }
                if let f = program.fragCoordSlots {
                    let fx = r + f[0] * n, fy = r + f[1] * n, fz = r + f[2] * n, fw = r + f[3] * n
                    for i in 0..<n {
                        let x = x0 + Double(lx[i]), y = y0 + Double(ly[i])
                        fx[i] = Float(x); fy[i] = Float(y)
                        fz[i] = Float(t.z(x, y)); fw[i] = Float(t.q(x, y))
                    }
                }
                if let s = program.frontFacingSlot {
                    (r + s * n).update(repeating: t.isFrontFacing ? 1 : 0, count: n)
                }
            }
        }
    }

    @inline(__always)
    func writeOutputs(x bx: Int, y by: Int, registers r: UnsafeMutablePointer<Float>, full: Bool) {
        let n = lanes, width = target.width
        let mask = r + Program.rootMaskSlot * n
        // Per-draw channels are read from a 0-stride pointer.
        var constant = SIMD4<Float>(channels[0].value, channels[1].value, channels[2].value, channels[3].value)
        withUnsafeMutablePointer(to: &constant) { cp in
            let cf = UnsafeMutableRawPointer(cp).assumingMemoryBound(to: Float.self)
            func source(_ k: Int) -> (UnsafeMutablePointer<Float>, Int) {
                channels[k].slot >= 0 ? (r + channels[k].slot * n, 1) : (cf + k, 0)
            }
            let (rp, rs) = source(0), (gp, gs) = source(1), (bp, bs) = source(2), (ap, as_) = source(3)
            let height = target.height
            switch target.format {
            case .rgba8:
                let out = target.rgba8Pointer
                for i in 0..<n where mask[i] != 0 {
                    let px = bx + laneX[i], py = by + laneY[i]
                    if !full && (px >= width || py >= height) { continue }
                    let o = out + (py * width + px) * 4
                    o[0] = Texture.unorm8(rp[i * rs]); o[1] = Texture.unorm8(gp[i * gs])
                    o[2] = Texture.unorm8(bp[i * bs]); o[3] = Texture.unorm8(ap[i * as_])
                }
            case .float32:
                let out = target.float32Pointer
                for i in 0..<n where mask[i] != 0 {
                    let px = bx + laneX[i], py = by + laneY[i]
                    if !full && (px >= width || py >= height) { continue }
                    let o = out + (py * width + px) * 4
                    o[0] = rp[i * rs]; o[1] = gp[i * gs]; o[2] = bp[i * bs]; o[3] = ap[i * as_]
                }
            }
        }
    }
}
