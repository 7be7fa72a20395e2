import Framebuffers
import ShaderCompiler
import ShaderExecution
import ShaderSemantics

/// Renders a draw with the reference interpreter instead of the compiled program: the second
/// opinion that the executor must agree with bit for bit.
///
/// It takes what a `DrawCall` takes, but checked shaders instead of compiled programs, and
/// shares no code with the compiler's lowering. What it shares with the executor is GL's
/// fixed function: the full-screen quad's rasterization and interpolation (`RasterTriangle`),
/// texture sampling (`TextureView`), the float-to-RGBA8 conversion, and denormals flushed to
/// zero. Every 2×2 quad a triangle touches is interpreted as one unit of four lanes, so
/// derivatives are real.
///
/// It is slow (a tree walk per quad): use it on small frames.
public struct ReferenceRenderer: Sendable {
    /// Statements and loop iterations one quad (or the vertex stage) may run before the render
    /// stops with an error.
    public var stepLimit: Int

    /// Creates a renderer.
    public init(stepLimit: Int = 1 << 20) {
        self.stepLimit = stepLimit
    }

    /// Renders `fragment` (with `vertex`, or GPUImage's passthrough vertex shader when nil)
    /// over the full-screen quad into a new `width`×`height` texture.
    ///
    /// - Parameters:
    ///   - fragment: a checked fragment shader.
    ///   - vertex: a checked vertex shader, or nil for the passthrough.
    ///   - uniforms: values by name, as `DrawCall.uniforms` takes them.
    ///   - inputs: images in GPUImage order (`inputImageTexture`, `inputImageTexture2`, …;
    ///     other 2D samplers take the rest, as the executor binds them).
    ///   - samplerState: how `inputs` are sampled.
    ///   - bindings: explicit textures by sampler name (cube maps are bound only this way).
    ///   - width: target width.
    ///   - height: target height.
    ///   - format: RGBA8 (GL's conversion of `gl_FragColor`) or Float32 (unclamped).
    /// - Returns: the framebuffer; pixels the quad does not cover, or whose fragment was
    ///   discarded, are (0, 0, 0, 0).
    /// - Throws: `ShaderTestError` for an unknown uniform or one with the wrong number of
    ///   values, a construct the interpreter does not run, or a runaway loop.
    public func render(
        fragment: CheckedShader, vertex: CheckedShader? = nil, uniforms: [String: [Float]] = [:],
        inputs: [Texture] = [], samplerState: SamplerState = SamplerState(),
        bindings: [String: TextureBinding] = [:], width: Int, height: Int, format: PixelFormat = .rgba8
    ) throws(ShaderTestError) -> Texture {
        try renderWithFragility(
            fragment: fragment, vertex: vertex, uniforms: uniforms, inputs: inputs, samplerState: samplerState,
            bindings: bindings, width: width, height: height, format: format
        ).image
    }

    /// `render`, and per pixel (row-major) whether it sits on a discontinuity: a comparison,
    /// `step`, `floor`, `fract`, `mod` or conversion whose inputs were within rounding of its
    /// threshold, where another fp32 implementation may legitimately take the other side.
    public func renderWithFragility(
        fragment: CheckedShader, vertex: CheckedShader? = nil, uniforms: [String: [Float]] = [:],
        inputs: [Texture] = [], samplerState: SamplerState = SamplerState(),
        bindings: [String: TextureBinding] = [:], width: Int, height: Int, format: PixelFormat = .rgba8
    ) throws(ShaderTestError) -> (image: Texture, fragile: [Bool]) {
        do {
            return try DenormalFlushing.perform {
                try renderFlushingDenormals(
                    fragment: fragment, vertex: vertex, uniforms: uniforms, inputs: inputs,
                    samplerState: samplerState, bindings: bindings, width: width, height: height, format: format)
            }
        } catch {
            throw ShaderTestError(interpreting: error)
        }
    }

    private func renderFlushingDenormals(
        fragment: CheckedShader, vertex: CheckedShader?, uniforms: [String: [Float]], inputs: [Texture],
        samplerState: SamplerState, bindings: [String: TextureBinding], width: Int, height: Int,
        format: PixelFormat
    ) throws -> (image: Texture, fragile: [Bool]) {
        try Self.checkUniforms(uniforms, fragment: fragment, vertex: vertex)
        let stage = try QuadStage(
            fragment: fragment, vertex: vertex, uniforms: uniforms, inputs: inputs,
            samplerState: samplerState, bindings: bindings, width: width, height: height, stepLimit: stepLimit)
        var out = [Float](repeating: 0, count: width * height * 4)
        var fragile = [Bool](repeating: false, count: width * height)
        try stage.shade { x, y, color, isFragile in
            if let color {
                let i = (y * width + x) * 4
                for k in 0..<4 { out[i + k] = color[k] }
            }
            fragile[y * width + x] = isFragile
        }
        switch format {
        case .float32:
            return (Texture(width: width, height: height, float32: out), fragile)
        case .rgba8:
            return (Texture(width: width, height: height, rgba8: out.map(Texture.unorm8)), fragile)
        }
    }

    /// Renders `fragment` once into one texture per draw buffer in `locations` (multiple
    /// render targets): each receives the colour output at its `layout(location = N)`, as
    /// `Executor.render(_:into:)` with several targets does.
    ///
    /// - Parameters: as `render`, and `locations`, the draw buffers wanted.
    /// - Returns: the textures by location.
    /// - Throws: as `render`.
    public func renderOutputs(
        fragment: CheckedShader, vertex: CheckedShader? = nil, uniforms: [String: [Float]] = [:],
        inputs: [Texture] = [], samplerState: SamplerState = SamplerState(),
        bindings: [String: TextureBinding] = [:], locations: [Int], width: Int, height: Int,
        format: PixelFormat = .rgba8
    ) throws(ShaderTestError) -> [Int: Texture] {
        do {
            return try DenormalFlushing.perform {
                try Self.checkUniforms(uniforms, fragment: fragment, vertex: vertex)
                let stage = try QuadStage(
                    fragment: fragment, vertex: vertex, uniforms: uniforms, inputs: inputs,
                    samplerState: samplerState, bindings: bindings, width: width, height: height,
                    stepLimit: stepLimit)
                var out = [[Float]](repeating: [Float](repeating: 0, count: width * height * 4), count: locations.count)
                try stage.shadeLanes { x, y, lane, _ in
                    guard let lane else { return }
                    let i = (y * width + x) * 4
                    for (a, location) in locations.enumerated() {
                        let color = stage.color(location: location, lane: lane)
                        for k in 0..<4 { out[a][i + k] = color[k] }
                    }
                }
                var textures: [Int: Texture] = [:]
                for (a, location) in locations.enumerated() {
                    textures[location] = format == .float32
                        ? Texture(width: width, height: height, float32: out[a])
                        : Texture(width: width, height: height, rgba8: out[a].map(Texture.unorm8))
                }
                return textures
            }
        } catch {
            throw ShaderTestError(interpreting: error)
        }
    }

    /// The executor's uniform rules: every name declared by a stage, with its component count.
    static func checkUniforms(_ uniforms: [String: [Float]], fragment: CheckedShader, vertex: CheckedShader?) throws {
        let declared = fragment.uniforms + (vertex?.uniforms ?? [])
        for (name, values) in uniforms.sorted(by: { $0.key < $1.key }) {
            guard let u = declared.first(where: { $0.name == name && !$0.elementType.isSampler }) else {
                throw ShaderTestError(description: "unknown uniform '\(name)'")
            }
            let width = u.variable.type.componentCount
            guard values.count == width else {
                throw ShaderTestError(description: "uniform '\(name)' takes \(width) values, got \(values.count)")
            }
        }
    }
}

/// One draw prepared for the interpreter: the vertex stage run, the triangles set up, the
/// samplers bound.
struct QuadStage {
    let fragment: CheckedShader
    let triangles: [RasterTriangle]
    let inputNames: [(name: String, width: Int)]
    let interpreter: ReferenceInterpreter
    let width: Int, height: Int
    let keepAlive: [AnyObject]

    init(
        fragment: CheckedShader, vertex: CheckedShader?, uniforms: [String: [Float]], inputs: [Texture],
        samplerState: SamplerState, bindings: [String: TextureBinding], width: Int, height: Int,
        stepLimit: Int, tracedLane: Int? = nil
    ) throws {
        self.fragment = fragment
        self.width = width
        self.height = height
        inputNames = fragment.varyings.map { ($0.name, $0.variable.type.componentCount) }
        var keep: [AnyObject] = []
        let fragmentViews = Self.bind(fragment, inputs: inputs, samplerState: samplerState, bindings: bindings, keep: &keep)
        // Vertex stage: the four corners as the four lanes of one quad.
        let varyings: [[String: [Float]]]
        var positions = FullScreenQuad.positions
        if let vertex {
            let views = Self.bind(vertex, inputs: inputs, samplerState: samplerState, bindings: bindings, keep: &keep)
            let v = ReferenceInterpreter(shader: vertex, uniforms: uniforms, views: views, stepLimit: stepLimit)
            for a in vertex.attributes {
                v.inputs[a.name] = FullScreenQuad.attribute(named: a.name).map { [$0.x, $0.y, $0.z, $0.w] }
            }
            _ = try v.run()
            guard let p = v.builtinVariable(.glPosition) else {
                throw ShaderTestError(description: "the vertex shader does not write gl_Position")
            }
            positions = (0..<4).map { k in
                let c = v.output(p, lane: k)!
                return SIMD4(c[0], c[1], c[2], c[3])
            }
            varyings = (0..<4).map { k in
                var out: [String: [Float]] = [:]
                for variable in v.memory.keys where variable.storage == .varying {
                    out[variable.name] = v.output(variable, lane: k)
                }
                return out
            }
        } else {
            varyings = RasterTriangle.passthroughVaryings(inputNames: fragment.varyings.map(\.name))
        }
        triangles = RasterTriangle.triangles(
            positions: positions, varyings: varyings, inputs: inputNames,
            flatInputs: Set(fragment.varyings.filter { $0.variable.interpolation == .flat }.map(\.name)),
            width: width, height: height)
        interpreter = ReferenceInterpreter(
            shader: fragment, uniforms: uniforms, views: fragmentViews, stepLimit: stepLimit, tracedLane: tracedLane)
        keepAlive = keep
    }

    /// Texture views by sampler name, bound as the executor binds them.
    static func bind(
        _ shader: CheckedShader, inputs: [Texture], samplerState: SamplerState,
        bindings: [String: TextureBinding], keep: inout [AnyObject]
    ) -> [String: [TextureView]] {
        var names: [(name: String, kind: GLSLType)] = []
        for s in shader.samplers {
            if let n = s.arraySize {
                for k in 0..<n { names.append(("\(s.name)[\(k)]", s.elementType)) }
            } else {
                names.append((s.name, s.elementType))
            }
        }
        let names2D = names.filter {
            $0.kind == .sampler2D || $0.kind == .otherSampler(.isampler2D) || $0.kind == .otherSampler(.usampler2D)
        }.map(\.name)
        let locations = Dictionary(
            zip(names2D, TextureLocations.locations(ofSamplers: names2D)), uniquingKeysWith: { a, _ in a })
        let black = Texture(width: 1, height: 1, filledWith: SIMD4(0, 0, 0, 1))
        var views: [String: [TextureView]] = [:]
        for (name, kind) in names {
            switch (kind, bindings[name]) {
            case (.samplerCube, .cube(let faces, let filter)):
                let cube = CubeTexture(faces: faces, filter: filter)
                keep.append(cube)
                views[name] = cube.views
            case (.samplerCube, .cubeMap(let faces, let state)):
                let cube = CubeTexture(faces: faces, state: state)
                keep.append(cube)
                views[name] = cube.views
            case (.samplerCube, .cubeTexture(let cube)):
                keep.append(cube)
                views[name] = cube.views
            case (.samplerCube, _):
                let cube = CubeTexture(faces: Array(repeating: black, count: 6))
                keep.append(cube)
                views[name] = cube.views
            case (.otherSampler(let b), _) where [.sampler3D, .sampler2DArray, .isampler3D, .usampler3D,
                                                  .isampler2DArray, .usampler2DArray].contains(b):
                let sampled = Executor.layeredTexture(
                    bindings[name], integer: b.rawValue.hasPrefix("i") || b.rawValue.hasPrefix("u"), volume: b == .sampler3D)
                keep.append(sampled)
                views[name] = [sampled.view]
            case (_, .texture2D(let t, let state)):
                let sampled = SampledTexture(t, state: state)
                keep.append(sampled)
                views[name] = [sampled.view]
            case (_, .sampled(let sampled)):
                keep.append(sampled)
                views[name] = [sampled.view]
            default:
                let index = locations[name] ?? 0
                let sampled = SampledTexture(index < inputs.count ? inputs[index] : black, state: samplerState)
                keep.append(sampled)
                views[name] = [sampled.view]
            }
        }
        return views
    }

    /// Interprets every 2×2 quad each triangle touches and reports each covered pixel: its
    /// colour (nil when discarded) and whether it is fragile (later triangles overwrite, as in
    /// the executor).
    func shade(_ write: (Int, Int, [Float]?, Bool) -> Void) throws {
        try shadeLanes { x, y, lane, isFragile in write(x, y, lane.map { color(lane: $0) }, isFragile) }
    }

    /// `shade`, reporting the lane of the interpreter that holds each covered pixel's outputs
    /// (nil when discarded) while that lane's values are there.
    func shadeLanes(_ write: (Int, Int, Int?, Bool) -> Void) throws {
        for t in triangles {
            for qy in stride(from: 0, to: height, by: 2) {
                for qx in stride(from: 0, to: width, by: 2) {
                    var covered: LaneMask = 0
                    for k in 0..<4 where t.covers(x: qx + (k & 1), y: qy + (k >> 1)) { covered.insert(k) }
                    if covered.isEmpty { continue }
                    let alive = try run(t, x: qx, y: qy)
                    for k in 0..<4 where covered.contains(k) {
                        write(qx + (k & 1), qy + (k >> 1), alive.contains(k) ? k : nil,
                              interpreter.fragile.contains(k))
                    }
                }
            }
        }
    }

    /// Runs the quad at (`x`, `y`) of triangle `t`; returns the lanes that did not discard.
    func run(_ t: RasterTriangle, x: Int, y: Int) throws -> LaneMask {
        var lanes: [String: [[Float]]] = [:]
        for (index, input) in inputNames.enumerated() {
            lanes[input.name] = (0..<4).map { k in t.input(index, x: x + (k & 1), y: y + (k >> 1)) }
        }
        interpreter.inputs = lanes
        interpreter.fragCoord = (0..<4).map { k in
            let f = t.fragCoord(x: x + (k & 1), y: y + (k >> 1))
            return [f.x, f.y, f.z, f.w]
        }
        interpreter.frontFacing = t.isFrontFacing ? 1 : 0
        return try interpreter.run()
    }

    /// The colour lane `k` wrote: `gl_FragColor`, else `gl_FragData[0]`, else the fragment
    /// output at location 0 (GLSL ES 3.00, desktop 1.30+), else zero.
    func color(lane k: Int) -> [Float] { color(location: 0, lane: k) }

    /// The colour lane `k` wrote to the draw buffer at `location`: the element of the `out`
    /// variable (or of `gl_FragData`) there, `gl_FragColor` at 0, else zeros; an output
    /// narrower than `vec4` has zeros for the rest, as the executor writes.
    func color(location: Int, lane k: Int) -> [Float] {
        func padded(_ c: ArraySlice<Float>) -> [Float] { Array(c) + Array(repeating: 0, count: 4 - c.count) }
        for v in interpreter.memory.keys {
            guard case .output(let first) = v.storage else { continue }
            var count = 1
            if case .array(_, let n) = v.type { count = n }
            guard (first..<(first + count)).contains(location), let c = interpreter.output(v, lane: k)
            else { continue }
            let width = c.count / count, e = location - first
            return padded(c[(e * width)..<((e + 1) * width)])
        }
        if location == 0, let v = interpreter.builtinVariable(.glFragColor), let c = interpreter.output(v, lane: k) {
            return padded(c.prefix(4))
        }
        if let v = interpreter.builtinVariable(.glFragData), let c = interpreter.output(v, lane: k),
            location * 4 + 4 <= c.count
        {
            return padded(c[(location * 4)..<(location * 4 + 4)])
        }
        return [0, 0, 0, 0]
    }
}

extension ShaderTestError {
    /// The error a reference-interpreter run reports for `error`.
    init(interpreting error: any Error) {
        switch error {
        case let e as InterpreterError: self.init(description: e.message)
        case let e as ShaderTestError: self = e
        default: self.init(description: "internal error: \(error)")
        }
    }
}
