import CShadeRuntime
import Dispatch
import Foundation
import Framebuffers
import ShaderCompiler
import ShaderSemantics

/// A texture bound to a sampler.
public enum TextureBinding: Sendable {
    /// A 2D texture with its sampling parameters.
    case texture2D(Texture, SamplerState)
    /// A cube map's six faces (+X, −X, +Y, −Y, +Z, −Z) and its filter, sampled as GL ES 2.0
    /// samples one (level 0, each face clamped at its edges).
    case cube([Texture], TextureFilter)
    /// A cube map's six faces with full sampling parameters: mipmaps from the mipmap filter,
    /// and GL ES 3.0's seamless filtering when `state.seamlessCubeMap` is set.
    case cubeMap([Texture], SamplerState)
    /// A cube map already prepared for sampling (its mipmaps built once), for a renderer that
    /// draws it again and again.
    case cubeTexture(CubeTexture)
    /// A texture already prepared for sampling (no copy per draw), with its own parameters.
    case sampled(SampledTexture)
    /// A 3D texture's slices or a 2D array's layers, stacked top to bottom in one texture
    /// (slice 0 in its first rows, each `texture.height / layers` rows), for a `sampler3D`,
    /// `sampler2DArray` or an integer sampler of either; level 0 only. `layers` must divide
    /// the texture's height.
    case layered(Texture, layers: Int, SamplerState)
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
    /// Integer uniforms given exactly (ints as two's complement, uints as themselves), for
    /// values beyond ±2^24 that `uniforms` cannot hold; applied after `uniforms` to the int,
    /// uint and bool components of the uniforms they name.
    public var integerUniforms: [String: [Int64]] = [:]
    /// Input images in GPUImage order: `inputImageTexture`, `inputImageTexture2`, …; other 2D
    /// samplers take the remaining inputs in declaration order.
    public var inputs: [Texture]
    /// Inputs already prepared for sampling; when not empty they replace `inputs` (a renderer
    /// that draws the same images repeatedly prepares them once instead of once per draw).
    public var preparedInputs: [SampledTexture] = []
    /// Sampling parameters for `inputs` and `preparedInputs`.
    public var samplerState: SamplerState
    /// Explicit bindings by sampler name; they win over `inputs`.
    public var bindings: [String: TextureBinding]
    /// Loop iterations, summed over every loop, that one batch of lanes (the vertex stage, the
    /// per-draw stage or a fragment batch) may run before the draw stops with
    /// `ExecutionError.loopLimitExceeded`. The default, `Program.loopIterationLimit` (2^20),
    /// is far above any loop GLSL ES allows; a lower limit stops runaway loops sooner.
    public var loopIterationLimit: Int = Program.loopIterationLimit
    /// The device the draw must run on, or `nil` for no check. With a profile, the programs
    /// must have been compiled for it (`CheckOptions.profile`: the same precision formats),
    /// and every input texture must fit its `MAX_TEXTURE_SIZE` (as GL refuses a larger
    /// texture; the target's own limit, `MAX_RENDERBUFFER_SIZE`, is not modelled); otherwise
    /// the draw throws `ExecutionError.profileMismatch` or `.exceedsProfileLimit`.
    public var profile: DeviceProfile?

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
    static func uniformFile(
        for program: Program, from values: [String: [Float]], integers: [String: [Int64]] = [:]
    ) throws -> [Float] {
        do {
            return try program.makeUniformFile(
                values.filter { program.uniform(named: $0.key) != nil },
                integers: integers.filter { program.uniform(named: $0.key) != nil })
        } catch let e as ProgramError {
            throw ExecutionError.uniform(e)
        }
    }

    /// Throws when `draw` does not fit `profile` (see `DrawCall.profile`).
    static func check(_ draw: DrawCall, against profile: DeviceProfile) throws(ExecutionError) {
        let vertexFormats = profile.precision(for: .vertex)
        if draw.fragment.precision != profile.precision || (draw.vertex.map { $0.precision != vertexFormats } ?? false) {
            throw .profileMismatch(profile: profile.name)
        }
        guard let limit = profile.limits.maxTextureSize else { return }
        var sizes = draw.inputs.map { ("an input texture", $0.width, $0.height) }
        sizes += draw.preparedInputs.map { ("an input texture", $0.texture.width, $0.texture.height) }
        for (what, width, height) in sizes where max(width, height) > limit {
            throw .exceedsProfileLimit(
                "\(what) is \(width)x\(height), larger than \(profile.name)'s MAX_TEXTURE_SIZE of \(limit)")
        }
    }

    /// Renders `draw` into `target`, overwriting every pixel the quad covers with the colour
    /// output at location 0 (`gl_FragColor`, `gl_FragData[0]` or `layout(location = 0) out`).
    ///
    /// - Throws: `ExecutionError` for bad uniforms, a missing output, or a runaway loop.
    public func render(_ draw: DrawCall, into target: Framebuffer) throws {
        try render(draw, into: [0: target])
    }

    /// Renders `draw` once into several draw buffers (multiple render targets): `targets[N]`
    /// receives the colour output at `layout(location = N)` (an output array's elements take
    /// consecutive locations). A location the shader writes nothing to gets zeros where the
    /// quad covers it; an output without a target is computed and dropped, as GL does.
    ///
    /// - Parameter targets: framebuffers by location, all of the same size.
    /// - Throws: `ExecutionError` for bad uniforms, targets of different sizes, or a runaway
    ///   loop.
    public func render(_ draw: DrawCall, into targets: [Int: Framebuffer]) throws {
        try DenormalFlushing.perform { try renderFlushingDenormals(draw, into: targets) }
    }

    /// Renders `draw` into a new framebuffer per colour output the fragment shader writes.
    ///
    /// - Returns: the framebuffers by location (at least location 0).
    /// - Throws: as `render(_:into:)`.
    public func renderOutputs(
        _ draw: DrawCall, width: Int, height: Int, format: PixelFormat = .rgba8
    ) throws -> [Int: Framebuffer] {
        var targets: [Int: Framebuffer] = [0: Framebuffer(width: width, height: height, format: format)]
        for output in draw.fragment.colorOutputs where targets[output.location] == nil {
            targets[output.location] = Framebuffer(width: width, height: height, format: format)
        }
        try render(draw, into: targets)
        return targets
    }

    /// `render` once denormals are flushed to zero on the calling thread.
    private func renderFlushingDenormals(_ draw: DrawCall, into targets: [Int: Framebuffer]) throws {
        let locations = targets.keys.sorted()
        guard let first = locations.first.flatMap({ targets[$0] }) else { return }
        let target = first
        for location in locations where targets[location]!.width != target.width
            || targets[location]!.height != target.height
        {
            throw ExecutionError.targetSizesDiffer(
                location: location, width: targets[location]!.width, height: targets[location]!.height,
                expectedWidth: target.width, expectedHeight: target.height)
        }
        if let profile = draw.profile { try Executor.check(draw, against: profile) }
        let fragment = draw.fragment
        for name in Set(draw.uniforms.keys).union(draw.integerUniforms.keys).sorted()
        where fragment.uniform(named: name) == nil && draw.vertex?.uniform(named: name) == nil {
            throw ExecutionError.uniform(.unknownUniform(name))
        }

        // Textures.
        let bound = bindTextures(draw)
        let views = UnsafeMutablePointer<TextureView>.allocate(capacity: max(bound.views.count, 1))
        defer { views.deallocate() }
        views.initialize(from: bound.views, count: bound.views.count)

        // Per-draw stage.
        let file = try Executor.uniformFile(for: fragment, from: draw.uniforms, integers: draw.integerUniforms)
        let uniforms = UnsafeMutablePointer<Float>.allocate(capacity: max(file.count, 1))
        defer { uniforms.deallocate() }
        uniforms.initialize(from: file, count: file.count)
        var drawStatus = 0, drawIterations = 0
        withUnsafeMutablePointer(to: &drawStatus) { status in
            withUnsafeMutablePointer(to: &drawIterations) { iterations in
                fragment.runDrawStage(KernelContext(
                    registers: uniforms, uniforms: uniforms, stride: 1, textures: views, status: status,
                    loopIterations: iterations, loopIterationLimit: draw.loopIterationLimit))
            }
        }

        // Vertex stage and triangle setup: the vertex program's own samplers (its implicit
        // lookups are compiled with lod 0: there are no quads).
        let vertexBound: (views: [TextureView], keepAlive: [AnyObject]) = draw.vertex.map { bindTextures(draw, for: $0) } ?? ([], [])
        defer { withExtendedLifetime(vertexBound.keepAlive) {} }
        let vertices = try vertexBound.views.withUnsafeBufferPointer { vertexTextures in
            try VertexStage.shade(
                vertex: draw.vertex, fragmentInputs: fragment.inputs, uniforms: draw.uniforms, integerUniforms: draw.integerUniforms,
                textures: vertexTextures.baseAddress ?? UnsafePointer(views), loopIterationLimit: draw.loopIterationLimit)
        }
        let triangles = FullScreenQuad.triangles.compactMap { t in
            TriangleSetup(
                [vertices[t.0], vertices[t.1], vertices[t.2]], width: target.width, height: target.height,
                inputs: fragment.inputs.map { ($0.name, $0.slots.count) },
                flatInputs: Set(fragment.inputs.filter(\.isFlat).map(\.name)))
        }

        // Output channels per draw buffer: lane slot, or a per-draw value. A shader that writes
        // no colour (e.g. one that only discards) leaves the colour of its surviving fragments
        // undefined in GL, and so are the components an output narrower than `vec4` does not
        // have: Shade writes 0 for both, as llvmpipe does.
        var attachments: [TileJob.Attachment] = []
        for location in locations {
            let color = fragment.colorOutput(at: location)
            var channels: [(slot: Int, value: Float)] = []
            for k in 0..<4 {
                guard let color, k < color.value.width else { channels.append((-1, 0)); continue }
                switch color.value.components[k] {
                case .lane(let s): channels.append((s, 0))
                case .uniform(let s): channels.append((-1, uniforms[s]))
                case .constant(let f): channels.append((-1, f))
                }
            }
            attachments.append(TileJob.Attachment(channels: channels, target: targets[location]!))
        }

        let job = TileJob(
            program: fragment, triangles: triangles, attachments: attachments, target: target,
            schedule: schedule, uniforms: uniforms, views: views, loopIterationLimit: draw.loopIterationLimit
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
                results.pointer[w] = DenormalFlushing.perform { job.run(worker: w, of: threads) }
            }
        }
        withExtendedLifetime(bound.keepAlive) {}
        if drawStatus != 0 || (0..<threads).contains(where: { statuses[$0] != 0 }) {
            throw ExecutionError.loopLimitExceeded(limit: draw.loopIterationLimit)
        }
    }

    /// Texture views in the program's sampler order, plus the objects that own them.
    /// The texture views of `program`'s samplers (the fragment program's by default), in its
    /// sampler order, and the objects that keep them alive.
    func bindTextures(_ draw: DrawCall, for program: Program? = nil) -> (views: [TextureView], keepAlive: [AnyObject]) {
        let program = program ?? draw.fragment
        var views: [TextureView] = [], keep: [AnyObject] = []
        // 2D samplers take inputs by name (TextureLocations); cube maps take none.
        let names2D = program.samplers.filter { $0.kind == .texture2D }.map(\.name)
        let locations = Dictionary(
            zip(names2D, TextureLocations.locations(ofSamplers: names2D)), uniquingKeysWith: { a, _ in a })
        let black = Texture(width: 1, height: 1, filledWith: SIMD4(0, 0, 0, 1))
        for s in program.samplers {
            switch (s.kind, draw.bindings[s.name]) {
            case (.cube, .cube(let faces, let filter)):
                let cube = CubeTexture(faces: faces, filter: filter)
                keep.append(cube)
                views.append(contentsOf: cube.views)
            case (.cube, .cubeMap(let faces, let state)):
                let cube = CubeTexture(faces: faces, state: state)
                keep.append(cube)
                views.append(contentsOf: cube.views)
            case (.cube, .cubeTexture(let cube)):
                keep.append(cube)
                views.append(contentsOf: cube.views)
            case (.cube, _):
                let cube = CubeTexture(faces: Array(repeating: black, count: 6))
                keep.append(cube)
                views.append(contentsOf: cube.views)
            case (.texture3D, _), (.texture2DArray, _):
                let sampled = Self.layeredTexture(
                    draw.bindings[s.name], integer: s.texelKind != .float, volume: s.kind == .texture3D)
                keep.append(sampled)
                views.append(sampled.view)
            case (.texture2D, .texture2D(let t, let state)):
                let sampled = SampledTexture(t, state: state)
                keep.append(sampled)
                views.append(sampled.view)
            case (.texture2D, .sampled(let sampled)):
                keep.append(sampled)
                views.append(sampled.view)
            case (.texture2D, _):
                let index = locations[s.name]
                if !draw.preparedInputs.isEmpty, index! < draw.preparedInputs.count {
                    let prepared = draw.preparedInputs[index!]
                    // A prepared texture without the levels a mipmapped sampler needs gets them
                    // (as glGenerateMipmap would).
                    let sampled = draw.samplerState.mipmapFilter != .none && prepared.levelCount == 1
                        ? SampledTexture(prepared.texture, state: draw.samplerState) : prepared
                    keep.append(sampled)
                    views.append(sampled.view.with(draw.samplerState))
                    continue
                }
                let texture = index! < draw.inputs.count ? draw.inputs[index!] : black
                let sampled = SampledTexture(texture, state: draw.samplerState)
                keep.append(sampled)
                views.append(sampled.view)
            }
        }
        return (views, keep)
    }

    /// The sampled texture a 3D or array sampler reads: its `.layered` binding (a 2D binding
    /// as one layer), a `.sampled` one as it was prepared (`SampledTexture(volume:depth:state:)`
    /// or `(_:layers:state:)`, say), or, unbound, one texel (0, 0, 0, 1) — as integers too. A
    /// float 3D texture (`volume`) whose sampler has a mipmap filter gets its mipmap chain;
    /// array and integer textures read level 0.
    public static func layeredTexture(_ binding: TextureBinding?, integer: Bool, volume: Bool = false) -> SampledTexture {
        switch binding {
        case .layered(let t, let layers, let state) where volume && !integer:
            return SampledTexture(volume: t, depth: layers, state: state)
        case .layered(let t, let layers, let state): return SampledTexture(t, layers: layers, state: state)
        case .texture2D(let t, let state): return SampledTexture(t, layers: 1, state: state)
        case .sampled(let sampled): return sampled  // prepared: its layers and levels as they are
        default:
            return SampledTexture(Texture(width: 1, height: 1, format: integer ? .float32 : .rgba8, filledWith: SIMD4(0, 0, 0, 1)), layers: 1)
        }
    }
}

/// One status word per worker; each worker writes only its own.
struct StatusSlots: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<Int>
}

/// The shared, read-only description of one draw's fragment work, split into tiles.
struct TileJob: @unchecked Sendable {
    /// One draw buffer: where each of its four channels comes from, and its framebuffer.
    struct Attachment {
        let channels: [(slot: Int, value: Float)]
        let target: Framebuffer
    }

    let program: Program
    let triangles: [TriangleSetup]
    let attachments: [Attachment]
    /// The first attachment's framebuffer: the size of them all.
    let target: Framebuffer
    let uniforms: UnsafeMutablePointer<Float>
    let views: UnsafePointer<TextureView>
    let loopIterationLimit: Int
    let lanes: Int
    let batchWidth: Int, batchHeight: Int
    let tileWidth: Int, tileHeight: Int
    let tilesAcross: Int, tileCount: Int
    let laneX: [Int], laneY: [Int]
    let engine: ShadingEngine
    /// `Schedule.compilesInBackground`.
    let compilesInBackground: Bool
    /// The native entry point the draw's workers use: the fused row function when it shades
    /// every row (batches are rows, one RGBA8 buffer with the channels it was made for, every
    /// triangle affine; the batch function is then never called), else the batch function.
    var nativePart: NativeEngine.CodePart {
        guard engine == .native, batchHeight == 1, attachments.count == 1, attachments[0].target.format == .rgba8,
              triangles.allSatisfy({ !$0.isPerspective }),
              let layout = NativeEngine.spanLayout(of: program),
              layout.channels.map({ $0 ?? -1 }) == attachments[0].channels.map(\.slot)
        else { return .batch }
        return .span
    }
    /// True when the draw samples a mipmapped texture: lookups then need 2×2 quads for their
    /// level of detail (on the native engine a lane group holds whole quads).
    let samplesMipmaps: Bool

    init(
        program: Program, triangles: [TriangleSetup], attachments: [Attachment],
        target: Framebuffer, schedule: Schedule, uniforms: UnsafeMutablePointer<Float>,
        views: UnsafePointer<TextureView>, loopIterationLimit: Int
    ) {
        self.program = program
        self.triangles = triangles
        self.attachments = attachments
        self.target = target
        self.uniforms = uniforms
        self.views = views
        self.loopIterationLimit = loopIterationLimit
        lanes = schedule.laneWidth
        samplesMipmaps = (0..<program.textureViewCount).contains { views[$0].isMipmapped }
        engine = schedule.engine
        compilesInBackground = schedule.compilesInBackground
        // Programs with derivatives (and lookups with mipmaps) need whole 2×2 quads; the
        // others shade one row of lanes, so that texture reads and framebuffer writes are
        // contiguous runs of pixels.
        let usesQuads = program.hasDerivatives || samplesMipmaps
        (batchWidth, batchHeight) = usesQuads ? schedule.batchSize : (lanes, 1)
        tileWidth = (schedule.tileWidth + batchWidth - 1) / batchWidth * batchWidth
        tileHeight = (schedule.tileHeight + batchHeight - 1) / batchHeight * batchHeight
        tilesAcross = (target.width + tileWidth - 1) / tileWidth
        tileCount = tilesAcross * ((target.height + tileHeight - 1) / tileHeight)
        // Lane i is pixel (laneX[i], laneY[i]) of its batch: quads row-major, 2×2 inside, or
        // one row left to right.
        if usesQuads {
            let quadsAcross = batchWidth / 2
            laneX = (0..<lanes).map { i in (i >> 2) % quadsAcross * 2 + (i & 1) }
            laneY = (0..<lanes).map { i in (i >> 2) / quadsAcross * 2 + ((i >> 1) & 1) }
        } else {
            laneX = Array(0..<lanes)
            laneY = Array(repeating: 0, count: lanes)
        }
    }

    /// Shades the tiles `worker`, `worker + workers`, …; returns a `ProgramStatus` raw value.
    func run(worker: Int, of workers: Int) -> Int {
        // Everything the batch loop touches is copied into memory this worker owns: no shared
        // reference counts in the hot path.
        var shader = Worker(job: self)
        defer { shader.deallocate() }
        var tile = worker
        while tile < tileCount {
            if shader.awaitsNativeCode && !NativeEngine.shared.isCompiling(program, part: shader.codePart) {
                // The program's native code is ready (or failed): a worker that makes the same
                // bits faster from this tile on.
                shader.deallocate()
                shader = Worker(job: self)
            }
            let tx = tile % tilesAcross * tileWidth, ty = tile / tilesAcross * tileHeight
            var by = ty
            while by < min(ty + tileHeight, target.height) {
                var bx = tx
                let end = min(tx + tileWidth, target.width)
                if shader.shadesRows {
                    shader.shadeRow(y: by, from: tx, to: end)
                    if shader.status.pointee != 0 { return shader.status.pointee }
                    by += 1
                    continue
                }
                while bx < end {
                    let shaded = shader.shadeBatch(x: bx, y: by, limit: end)
                    if shader.status.pointee != 0 { return shader.status.pointee }
                    bx += shaded
                }
                by += batchHeight
            }
            tile += workers
        }
        return 0
    }
}

/// An edge function `a X + b Y + c`, positive inside.
struct Edge {
    var a: Double, b: Double, c: Double
    var owned: Bool

    @inline(__always) func callAsFunction(_ x: Double, _ y: Double) -> Double { a * x + b * y + c }
    @inline(__always) func includes(_ x: Double, _ y: Double) -> Bool {
        let v = a * x + b * y + c
        return v > 0 || (v == 0 && owned)
    }
}

/// One triangle in worker-owned memory.
struct WorkerTriangle {
    var e0: Edge, e1: Edge, e2: Edge
    var minX: Double, maxX: Double, minY: Double, maxY: Double
    var frontFacing: Float
    var isPerspective: Bool
    var q: Plane, z: Plane
    /// One plane per flattened input component.
    var planes: UnsafeMutablePointer<Plane>
    /// Per flattened input component: the value of a `flat` input (unused for others).
    var flatValues: UnsafeMutablePointer<Float>
    /// For one-row batches of an affine triangle: per input component, `width + lanes`
    /// values `f0 + dx * ((x + 0.5) - x0)`, the part of the plane that depends on the column
    /// (component `m` at column `x` is `columnTerms[m * stride + x]`); nil otherwise.
    var columnTerms: UnsafeMutablePointer<Double>?
    var columnStride: Int
    /// The fused row function's hints for this triangle (`NativeEngine.Span.makeHints`), when
    /// it has column terms and the program a `shade_span`.
    var spanHints: UnsafeMutablePointer<Int32>?
    /// The edges for `shade_cover_row`: a0 a1 a2 b0 b1 b2 c0 c1 c2, and the owned flags.
    var edgeCoefficients: UnsafeMutablePointer<Double>
    var edgeOwned: UnsafeMutablePointer<Int32>
}

/// One draw buffer in a worker's memory: the lane slot of each channel (or -1 for a per-draw
/// value, read from `channelValues`: four slabs of one value per lane), and the pixels.
struct WorkerAttachment {
    var channelSlots: SIMD4<Int>
    var channelValues: UnsafeMutablePointer<Float>
    var format: PixelFormat
    var output: UnsafeMutableRawPointer
}

/// A worker's private copy of a draw: register file, lane tables, triangles, output channels.
struct Worker {
    let program: Program
    let kernel: Kernel
    let context: KernelContext
    let status: UnsafeMutablePointer<Int>
    let registers: UnsafeMutablePointer<Float>
    let lanes: Int
    let batchWidth: Int, batchHeight: Int
    let width: Int, height: Int
    let laneX: UnsafeMutablePointer<Int>, laneY: UnsafeMutablePointer<Int>
    let laneXD: UnsafeMutablePointer<Double>, laneYD: UnsafeMutablePointer<Double>
    let triangles: UnsafeMutablePointer<WorkerTriangle>
    let triangleCount: Int
    /// Lane slot of every input component, in the order of `WorkerTriangle.planes`.
    let inputSlots: UnsafeMutablePointer<Int>
    let inputCount: Int
    /// The flattened input components of `flat` inputs.
    let flatComponents: [Int]
    let fragCoord: SIMD4<Int>?
    let frontFacingSlot: Int
    /// The draw buffers, in worker-owned memory (no reference counting per batch).
    let outputs: UnsafeMutablePointer<WorkerAttachment>
    let outputCount: Int
    /// `laneY * width + laneX` per lane: where a full batch's lanes land.
    let pixelOffsets: UnsafeMutablePointer<Int>
    /// True when a batch is one row of lanes, left to right (no derivatives).
    let isRow: Bool
    /// False when the root mask of a full batch stays all set (no `discard`).
    let canDiscard: Bool
    let packedPixels: UnsafeMutablePointer<UInt32>
    /// Per lane of a batch of quads: 1 where the triangle covers the pixel. The root mask
    /// then also holds the quad's other lanes (GL's helper invocations, which run the whole
    /// shader so that derivatives and implicit levels of detail see their neighbours), and
    /// only covered lanes are written.
    let coverage: UnsafeMutablePointer<Float>
    /// True when this worker shades on closures while the program's native code compiles in
    /// the background (`Schedule.compilesInBackground`).
    let awaitsNativeCode: Bool
    /// The entry point of the native code this worker shades with, or waits for.
    let codePart: NativeEngine.CodePart
    /// The native engine's fused row function, when the draw can use it: one-row batches, one
    /// RGBA8 draw buffer. It shades the batches a triangle covers whole.
    let span: NativeEngine.Span?
    /// `span`'s pieces, held apart so that the hot path touches no reference count.
    let spanFunction: NativeEngine.SpanFunction?
    let spanTextures: UnsafeRawPointer?
    let spanCallbacks: UnsafeRawPointer?
    let spanScratch: UnsafeMutablePointer<Float>?
    let spanExternal: UnsafeMutableRawPointer?
    /// True when every row is shaded by `shadeRow`: the fused row function, and every triangle
    /// affine (with column terms).
    let shadesRows: Bool
    /// Lanes per vector of the native code (the fused row function's group).
    let groupWidth: Int
    /// Per interpolated component (the inputs, then z and w): the row part of its plane.
    let rowTerms: UnsafeMutablePointer<Double>
    /// The draw buffer's per-draw channel values (`WorkerAttachment.channelValues`, one each).
    let spanConstants: UnsafeMutablePointer<Float>

    init(job: TileJob) {
        program = job.program
        lanes = job.lanes
        let n = lanes
        registers = .allocate(capacity: program.laneSlotCount * n + 64)
        registers.initialize(repeating: 0, count: program.laneSlotCount * n + 64)
        status = .allocate(capacity: 2)
        status.initialize(repeating: 0, count: 2)
        context = KernelContext(
            registers: registers, uniforms: job.uniforms, stride: n, textures: job.views, status: status,
            loopIterations: status + 1, loopIterationLimit: job.loopIterationLimit)
        let part = job.nativePart
        let native = job.engine == .native
            ? NativeEngine.shared.kernels(for: job.program, context: context, part: part, waiting: !job.compilesInBackground)
            : nil
        kernel = native?.batch ?? job.program.batchKernel
        awaitsNativeCode = native == nil && job.engine == .native && job.compilesInBackground
            && NativeEngine.shared.mayRunNatively(job.program, part: part, stride: n)
        span = native?.span
        codePart = part
        spanFunction = span?.function
        spanTextures = span?.textures
        spanCallbacks = span?.callbacks
        spanScratch = span?.scratch
        spanExternal = span?.external
        batchWidth = job.batchWidth
        batchHeight = job.batchHeight
        width = job.target.width
        height = job.target.height
        laneX = .allocate(capacity: n); laneY = .allocate(capacity: n)
        laneXD = .allocate(capacity: n); laneYD = .allocate(capacity: n)
        for i in 0..<n {
            laneX[i] = job.laneX[i]; laneY[i] = job.laneY[i]
            laneXD[i] = Double(job.laneX[i]); laneYD[i] = Double(job.laneY[i])
        }
        var slots: [Int] = []
        for input in program.inputs { slots.append(contentsOf: input.slots) }
        inputCount = slots.count
        var flat: [Int] = []
        var component = 0
        for input in program.inputs {
            if input.isFlat { flat += component..<(component + input.slots.count) }
            component += input.slots.count
        }
        flatComponents = flat
        inputSlots = .allocate(capacity: max(slots.count, 1))
        inputSlots.initialize(from: slots, count: slots.count)
        triangleCount = job.triangles.count
        triangles = .allocate(capacity: max(triangleCount, 1))
        for (k, t) in job.triangles.enumerated() {
            let planes = UnsafeMutablePointer<Plane>.allocate(capacity: max(slots.count, 1))
            let flatValues = UnsafeMutablePointer<Float>.allocate(capacity: max(slots.count, 1))
            var m = 0
            for (j, input) in program.inputs.enumerated() {
                for c in 0..<input.slots.count {
                    planes[m] = t.inputs[j]?[c] ?? Plane(f0: 0, dx: 0, dy: 0, x0: 0, y0: 0)
                    flatValues[m] = t.flatValues[j]?[c] ?? 0
                    m += 1
                }
            }
            func edge(_ e: (a: Double, b: Double, c: Double, owned: Bool)) -> Edge { Edge(a: e.a, b: e.b, c: e.c, owned: e.owned) }
            (triangles + k).initialize(to: WorkerTriangle(
                e0: edge(t.edges[0]), e1: edge(t.edges[1]), e2: edge(t.edges[2]),
                minX: t.minX, maxX: t.maxX, minY: t.minY, maxY: t.maxY,
                frontFacing: t.isFrontFacing ? 1 : 0, isPerspective: t.isPerspective,
                q: t.q, z: t.z, planes: planes, flatValues: flatValues, columnTerms: nil, columnStride: 0, spanHints: nil,
                edgeCoefficients: .allocate(capacity: 9), edgeOwned: .allocate(capacity: 3)
            ))
            for (e, edge) in t.edges.enumerated() {
                triangles[k].edgeCoefficients[e] = edge.a
                triangles[k].edgeCoefficients[3 + e] = edge.b
                triangles[k].edgeCoefficients[6 + e] = edge.c
                triangles[k].edgeOwned[e] = edge.owned ? 1 : 0
            }
            if job.batchHeight == 1 && !t.isPerspective && (!slots.isEmpty || span != nil) {
                // The column part of every plane, computed once per draw in the same order as
                // `Plane.callAsFunction`, so that a lane's value has the same bits; then z's and
                // w's, for `shade_span`'s `gl_FragCoord`.
                let stride = job.target.width + n
                let terms = UnsafeMutablePointer<Double>.allocate(capacity: stride * (slots.count + 2))
                for m in 0..<(slots.count + 2) {
                    let p = m < slots.count ? planes[m] : m == slots.count ? t.z : t.q
                    for x in 0..<stride { terms[m * stride + x] = p.f0 + p.dx * ((Double(x) + 0.5) - p.x0) }
                }
                triangles[k].columnTerms = terms
                triangles[k].columnStride = stride
                triangles[k].spanHints = span?.makeHints(columns: terms, stride: stride, width: job.target.width)
            }
        }
        fragCoord = program.fragCoordSlots.map { SIMD4($0[0], $0[1], $0[2], $0[3]) }
        frontFacingSlot = program.frontFacingSlot ?? -1
        outputCount = job.attachments.count
        outputs = .allocate(capacity: max(outputCount, 1))
        for (a, attachment) in job.attachments.enumerated() {
            let channels = attachment.channels
            let values = UnsafeMutablePointer<Float>.allocate(capacity: 4 * n)
            for k in 0..<4 { (values + k * n).initialize(repeating: channels[k].value, count: n) }
            (outputs + a).initialize(to: WorkerAttachment(
                channelSlots: SIMD4(channels[0].slot, channels[1].slot, channels[2].slot, channels[3].slot),
                channelValues: values, format: attachment.target.format,
                output: attachment.target.baseAddress))
        }
        pixelOffsets = .allocate(capacity: n)
        isRow = job.batchHeight == 1
        canDiscard = program.canDiscard
        for i in 0..<n { pixelOffsets[i] = job.laneY[i] * job.target.width + job.laneX[i] }
        packedPixels = .allocate(capacity: n)
        coverage = .allocate(capacity: n)
        rowTerms = .allocate(capacity: slots.count + 2)
        var everyAffine = true
        for k in 0..<triangleCount where triangles[k].columnTerms == nil { everyAffine = false }
        shadesRows = span != nil && everyAffine
        groupWidth = NativeEngine.shared.vectorWidth
        spanConstants = .allocate(capacity: 4)
        for k in 0..<4 { spanConstants[k] = job.attachments.first?.channels[k].value ?? 0 }
    }

    func deallocate() {
        for k in 0..<triangleCount {
            triangles[k].planes.deallocate()
            triangles[k].flatValues.deallocate()
            triangles[k].columnTerms?.deallocate()
            triangles[k].spanHints?.deallocate()
            triangles[k].edgeCoefficients.deallocate()
            triangles[k].edgeOwned.deallocate()
        }
        triangles.deallocate()
        for a in 0..<outputCount { outputs[a].channelValues.deallocate() }
        outputs.deallocate()
        registers.deallocate(); status.deallocate()
        laneX.deallocate(); laneY.deallocate(); laneXD.deallocate(); laneYD.deallocate()
        inputSlots.deallocate(); pixelOffsets.deallocate(); packedPixels.deallocate(); coverage.deallocate()
        rowTerms.deallocate(); spanConstants.deallocate()
    }

    /// True when every lane of the mask slab is set (branch-free reduction).
    @inline(__always)
    static func allLanesSet(_ mask: UnsafeMutablePointer<Float>, _ n: Int) -> Bool {
        var least: Float = 1
        for i in 0..<n { least = least < mask[i] ? least : mask[i] }
        return least != 0
    }

    /// How triangle `t` covers the batch at pixel (x, y): `full` when all four corner centres
    /// are strictly inside every edge (and the batch inside the image), `empty` when all four
    /// are outside one edge or the batch is outside the triangle's bounds.
    @inline(__always)
    func coverage(of t: UnsafeMutablePointer<WorkerTriangle>, x bx: Int, y by: Int, width w: Int? = nil) -> (full: Bool, empty: Bool) {
        let boxWidth = w ?? batchWidth
        let x0 = Double(bx) + 0.5, y0 = Double(by) + 0.5
        let x1 = x0 + Double(boxWidth - 1), y1 = y0 + Double(batchHeight - 1)
        if x1 < t.pointee.minX - 1 || x0 > t.pointee.maxX + 1 || y1 < t.pointee.minY - 1 || y0 > t.pointee.maxY + 1 {
            return (false, true)
        }
        var full = bx + boxWidth <= width && by + batchHeight <= height, empty = false
        @inline(__always) func test(_ e: Edge) {
            let c00 = e(x0, y0), c10 = e(x1, y0), c01 = e(x0, y1), c11 = e(x1, y1)
            if !(c00 > 0 && c10 > 0 && c01 > 0 && c11 > 0) { full = false }
            if c00 < 0 && c10 < 0 && c01 < 0 && c11 < 0 { empty = true }
        }
        test(t.pointee.e0); test(t.pointee.e1); test(t.pointee.e2)
        return (full, empty)
    }

    /// True when triangle `k` covers the `w` pixels of row `y` from `x` whole and no other
    /// triangle touches them (edges are linear, so the box's corners decide).
    @inline(__always)
    func onlyTriangle(_ k: Int, coversWhole bx: Int, _ by: Int, width w: Int) -> Bool {
        guard coverage(of: triangles + k, x: bx, y: by, width: w).full else { return false }
        for j in 0..<triangleCount where j != k && !coverage(of: triangles + j, x: bx, y: by, width: w).empty { return false }
        return true
    }

    /// Shades one batch at pixel (x, y) once per triangle that touches it, and returns how
    /// many pixels along the row it shaded: a batch's width, or more when the fused row function
    /// went on through following batches (up to `limit`) that one triangle alone covers whole.
    @inline(__always)
    func shadeBatch(x bx: Int, y by: Int, limit: Int) -> Int {
        let n = lanes
        let mask = registers + Program.rootMaskSlot * n
        var consumed = batchWidth
        for k in 0..<triangleCount {
            let t = triangles + k
            let (full, empty) = coverage(of: t, x: bx, y: by)
            if empty { continue }
            if full, let spanFunction, let terms = t.pointee.columnTerms {
                // Then the following batches this triangle alone covers, eight at a time first.
                var count = n
                while bx + count + 8 * n <= limit && onlyTriangle(k, coversWhole: bx + count, by, width: 8 * n) { count += 8 * n }
                while bx + count + n <= limit && onlyTriangle(k, coversWhole: bx + count, by, width: n) { count += n }
                shadeSpan(spanFunction, t, terms: terms, x: bx, y: by, count: count, skip: 0)
                if status.pointee != 0 { return consumed }
                consumed = max(consumed, count)
                continue
            }
            if full {
                for i in 0..<n { mask[i] = 1 }
            } else if isRow {
                let e = t.pointee.edgeCoefficients
                if shade_cover_row(e, e + 3, e + 6, t.pointee.edgeOwned, bx, by, width, mask, n) == 0 { continue }
            } else {
                var live = 0
                let e0 = t.pointee.e0, e1 = t.pointee.e1, e2 = t.pointee.e2
                for i in 0..<n {
                    let px = bx + laneX[i], py = by + laneY[i]
                    let x = Double(px) + 0.5, y = Double(py) + 0.5
                    let on = px < width && py < height && e0.includes(x, y) && e1.includes(x, y) && e2.includes(x, y)
                    coverage[i] = on ? 1 : 0
                    live += on ? 1 : 0
                }
                if live == 0 { continue }
                // Quads: every lane of a quad with a covered pixel runs (helper lanes).
                for q in stride(from: 0, to: n, by: 4) {
                    let any: Float = coverage[q] + coverage[q + 1] + coverage[q + 2] + coverage[q + 3] > 0 ? 1 : 0
                    mask[q] = any; mask[q + 1] = any; mask[q + 2] = any; mask[q + 3] = any
                }
            }
            fillInputs(t, x: bx, y: by)
            status[1] = 0
            kernel(context)
            if status.pointee != 0 { return consumed }
            if !full && !isRow {
                // Helper lanes are not written.
                for i in 0..<n where coverage[i] == 0 { mask[i] = 0 }
            }
            for a in 0..<outputCount { writeOutputs(outputs[a], x: bx, y: by, full: full) }
        }
        return consumed
    }

    /// Shades the pixels `x0..<x1` of row `y` with the fused row function: per triangle in
    /// order, the run of pixels it covers (an edge function is monotonic along a row, so what
    /// one covers is an interval), so no batch is tested or shaded twice at an edge.
    @inline(__always)
    func shadeRow(y by: Int, from x0: Int, to x1: Int) {
        let y = Double(by) + 0.5
        for k in 0..<triangleCount {
            let t = triangles + k
            if y < t.pointee.minY - 1 || y > t.pointee.maxY + 1 { continue }
            var lo = x0, hi = x1
            Worker.clip(&lo, &hi, t.pointee.e0, y)
            Worker.clip(&lo, &hi, t.pointee.e1, y)
            Worker.clip(&lo, &hi, t.pointee.e2, y)
            if lo >= hi { continue }
            // From the lane group the run starts in, so that groups sit on columns 0, W, 2W, …
            // (where the hints are) and never straddle two batches.
            let start = lo & ~(groupWidth - 1)
            shadeSpan(spanFunction!, t, terms: t.pointee.columnTerms!, x: start, y: by, count: hi - start, skip: lo - start)
            if status.pointee != 0 { return }
        }
    }

    /// Narrows `lo..<hi` to the pixels of a row (centre height `y`) that `e` includes. Along a
    /// row `e(x, y)` is monotonic in x (each rounded step is), so they are an interval; its end
    /// is found by bisection, starting from where the exact line crosses the row.
    @inline(__always)
    static func clip(_ lo: inout Int, _ hi: inout Int, _ e: Edge, _ y: Double) {
        guard lo < hi else { return }
        @inline(__always) func inside(_ x: Int) -> Bool { e.includes(Double(x) + 0.5, y) }
        if !(e.a > 0 || e.a < 0) {
            // Constant along the row (or NaN: nothing).
            if !inside(lo) { hi = lo }
            return
        }
        let crossing = -(e.b * y + e.c) / e.a - 0.5
        let guess = crossing.isFinite ? Int(max(Double(lo), min(Double(hi), crossing.rounded(.up)))) : lo
        if e.a > 0 {
            // Outside, then inside: the first pixel inside is the new start.
            lo = firstTrue(lo, hi, guess: guess) { inside($0) }
        } else {
            hi = firstTrue(lo, hi, guess: guess) { !inside($0) }
        }
    }

    /// The first x in `lo..<hi` where the monotonic `test` holds (`hi` when none), probing
    /// `guess` and its neighbour before bisecting.
    @inline(__always)
    static func firstTrue(_ lo: Int, _ hi: Int, guess: Int, _ test: (Int) -> Bool) -> Int {
        var a = lo, b = hi  // test is false below a and true from b on: the answer is in a...b
        let g = min(max(guess, lo), hi)
        if g < b {
            if test(g) {
                b = g
                if g - 1 >= a {
                    if !test(g - 1) { return g }
                    b = g - 1
                }
            } else {
                a = g + 1
                if a < b {
                    if test(a) { return a }
                    a += 1
                }
            }
        }
        while a < b {
            let m = a + (b - a) / 2
            if test(m) { b = m } else { a = m + 1 }
        }
        return a
    }

    /// Shades pixels `bx + skip ..< bx + count` of row `by`, which triangle `t` covers, with the
    /// fused row function: inputs, shader and RGBA8 store in one call (the same bits as
    /// `fillInputs`, the kernel and `writeOutputs`); the first `skip` lanes run masked off.
    @inline(__always)
    func shadeSpan(_ function: NativeEngine.SpanFunction, _ t: UnsafeMutablePointer<WorkerTriangle>, terms: UnsafeMutablePointer<Double>,
                   x bx: Int, y by: Int, count: Int, skip: Int) {
        let y0 = Double(by) + 0.5
        for m in 0..<inputCount {
            let p = t.pointee.planes[m]
            rowTerms[m] = p.dy * (y0 - p.y0)
        }
        let z = t.pointee.z, q = t.pointee.q
        rowTerms[inputCount] = z.dy * (y0 - z.y0)
        rowTerms[inputCount + 1] = q.dy * (y0 - q.y0)
        let out = outputs[0].output.assumingMemoryBound(to: UInt32.self) + (by &* width &+ bx)
        function(
            context.uniforms, spanTextures!, status, context.loopIterationLimit, spanCallbacks!, count, lanes,
            terms + bx, t.pointee.columnStride, rowTerms, t.pointee.flatValues, Double(bx) + 0.5, y0,
            t.pointee.frontFacing, spanConstants, out, spanScratch!, spanExternal!, t.pointee.spanHints, bx, skip)
    }

    @inline(__always)
    func fillInputs(_ t: UnsafeMutablePointer<WorkerTriangle>, x bx: Int, y by: Int) {
        let n = lanes, r = registers
        let x0 = Double(bx) + 0.5, y0 = Double(by) + 0.5
        let perspective = t.pointee.isPerspective, q = t.pointee.q
        for m in 0..<inputCount {
            let p = t.pointee.planes[m], d = r + inputSlots[m] * n
            if perspective {
                for i in 0..<n {
                    let x = x0 + laneXD[i], y = y0 + laneYD[i]
                    d[i] = Float(p(x, y) / q(x, y))
                }
            } else if let terms = t.pointee.columnTerms {
                // One row: `p(x, y)` is the column term plus `dy * (y - y0)`, summed in the
                // same order as `Plane.callAsFunction`.
                let rowTerm = p.dy * (y0 - p.y0)
                let column = terms + (m &* t.pointee.columnStride &+ bx)
                shade_interpolate_row(column, rowTerm, d, n)
            } else {
                for i in 0..<n { d[i] = Float(p(x0 + laneXD[i], y0 + laneYD[i])) }
            }
        }
        for m in flatComponents {
            // Flat inputs: the provoking vertex's bits, no arithmetic (ints are held as bits).
            let value = t.pointee.flatValues[m], d = r + inputSlots[m] * n
            for i in 0..<n { d[i] = value }
        }
        if let f = fragCoord {
            let fx = r + f[0] * n, fy = r + f[1] * n, fz = r + f[2] * n, fw = r + f[3] * n
            let z = t.pointee.z
            for i in 0..<n {
                let x = x0 + laneXD[i], y = y0 + laneYD[i]
                fx[i] = Float(x); fy[i] = Float(y)
                fz[i] = Float(z(x, y)); fw[i] = Float(q(x, y))
            }
        }
        if frontFacingSlot >= 0 {
            (r + frontFacingSlot * n).update(repeating: t.pointee.frontFacing, count: n)
        }
    }

    @inline(__always)
    func writeOutputs(_ attachment: WorkerAttachment, x bx: Int, y by: Int, full: Bool) {
        let n = lanes, r = registers
        let mask = r + Program.rootMaskSlot * n
        let channelSlots = attachment.channelSlots, channelValues = attachment.channelValues
        let format = attachment.format, output = attachment.output
        // Per-draw channels are read from slabs filled with their value: every channel is a
        // slab of n floats.
        let rs = 1, gs = 1, bs = 1, as_ = 1
        let rp = channelSlots[0] >= 0 ? r + channelSlots[0] * n : channelValues
        let gp = channelSlots[1] >= 0 ? r + channelSlots[1] * n : channelValues + n
        let bp = channelSlots[2] >= 0 ? r + channelSlots[2] * n : channelValues + 2 * n
        let ap = channelSlots[3] >= 0 ? r + channelSlots[3] * n : channelValues + 3 * n
        switch format {
        case .rgba8:
            let out = output.assumingMemoryBound(to: UInt8.self)
            if full && isRow && (!canDiscard || Worker.allLanesSet(mask, n)) {
                // One row of whole pixels: convert and store in one vectorisable pass.
                let base = (output + ((by &* width &+ bx) &<< 2)).assumingMemoryBound(to: UInt32.self)
                shade_pack_rgba8(rp, gp, bp, ap, base, n)
                return
            }
            if full {
                // Convert all lanes in one vectorisable pass, then store whole pixels.
                let packed = packedPixels
                shade_pack_rgba8(rp, gp, bp, ap, packed, n)
                let base = output + ((by &* width &+ bx) &<< 2)
                for i in 0..<n where mask[i] != 0 {
                    (base + (pixelOffsets[i] &<< 2)).storeBytes(of: packed[i], as: UInt32.self)
                }
                return
            }
            if isRow {
                // A row at an edge of the triangle or the image: convert all lanes in one pass,
                // store the covered pixels (the mask is 0 beyond the image's right edge).
                let packed = packedPixels
                shade_pack_rgba8(rp, gp, bp, ap, packed, n)
                let base = (output + ((by &* width &+ bx) &<< 2)).assumingMemoryBound(to: UInt32.self)
                for i in 0..<min(n, width &- bx) where mask[i] != 0 { base[i] = packed[i] }
                return
            }
            for i in 0..<n where mask[i] != 0 {
                let px = bx &+ laneX[i], py = by &+ laneY[i]
                if !full && (px >= width || py >= height) { continue }
                let o = out + ((py &* width &+ px) &<< 2)
                o[0] = Texture.unorm8(rp[i &* rs]); o[1] = Texture.unorm8(gp[i &* gs])
                o[2] = Texture.unorm8(bp[i &* bs]); o[3] = Texture.unorm8(ap[i &* as_])
            }
        case .float32:
            let out = output.assumingMemoryBound(to: Float.self)
            for i in 0..<n where mask[i] != 0 {
                let px = bx + laneX[i], py = by + laneY[i]
                if !full && (px >= width || py >= height) { continue }
                let o = out + (py * width + px) * 4
                o[0] = rp[i * rs]; o[1] = gp[i * gs]; o[2] = bp[i * bs]; o[3] = ap[i * as_]
            }
        }
    }
}
