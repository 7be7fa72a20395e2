import Framebuffers
import ShaderCompiler

/// The full-screen quad GPUImage draws, as a triangle strip: (−1,−1), (1,−1), (−1,1), (1,1).
public enum FullScreenQuad {
    /// Clip-space positions of the four vertices.
    public static let positions: [SIMD4<Float>] = [
        SIMD4(-1, -1, 0, 1), SIMD4(1, -1, 0, 1), SIMD4(-1, 1, 0, 1), SIMD4(1, 1, 0, 1),
    ]
    /// `inputTextureCoordinate`, `inputTextureCoordinate2`, … of the four vertices.
    public static let textureCoordinates: [SIMD4<Float>] = [
        SIMD4(0, 0, 0, 1), SIMD4(1, 0, 0, 1), SIMD4(0, 1, 0, 1), SIMD4(1, 1, 0, 1),
    ]
    /// The four vertices' values of the attribute `name`: `position`, `inputTextureCoordinate…`,
    /// `gl_VertexID` (the index as int bits), or (0, 0, 0, 1) for any other (GL's default
    /// attribute value).
    public static func attribute(named name: String) -> [SIMD4<Float>] {
        if name == "position" { return positions }
        // `gl_VertexID`: 0, 1, 2, 3 as int bits.
        if name == "gl_VertexID" { return (0..<4).map { SIMD4(Float(bitPattern: UInt32($0)), 0, 0, 1) } }
        if name.hasPrefix("inputTextureCoordinate") { return textureCoordinates }
        return Array(repeating: SIMD4(0, 0, 0, 1), count: 4)
    }

    /// The strip's two triangles, with GL's vertex order for odd triangles.
    public static let triangles: [(Int, Int, Int)] = [(0, 1, 2), (2, 1, 3)]
}

/// One vertex after the vertex stage.
struct ShadedVertex {
    var clip: SIMD4<Double>
    /// Varying values by name.
    var varyings: [String: [Float]]
}

/// A plane `f(X, Y) = f0 + dx * (X − X0) + dy * (Y − Y0)` over window coordinates.
struct Plane {
    var f0: Double, dx: Double, dy: Double, x0: Double, y0: Double

    @inline(__always) func callAsFunction(_ x: Double, _ y: Double) -> Double {
        f0 + dx * (x - x0) + dy * (y - y0)
    }
}

/// One triangle prepared for rasterization and interpolation.
struct TriangleSetup {
    /// Edge functions `a X + b Y + c`, positive inside; `owned` says whether a centre exactly
    /// on the edge belongs to this triangle (so a shared edge is drawn once).
    var edges: [(a: Double, b: Double, c: Double, owned: Bool)]
    var minX: Double, maxX: Double, minY: Double, maxY: Double
    var isFrontFacing: Bool
    var isPerspective: Bool
    var q: Plane  // 1 / w
    var z: Plane  // window z
    /// Per fragment input (in `Program.inputs` order): a plane per component of value / w
    /// (value itself when affine), or nil when the vertex stage does not produce it.
    var inputs: [[Plane]?]
    /// Per fragment input: the provoking (last) vertex's values for a `flat` input, used as
    /// they are (bits included); nil for interpolated inputs.
    var flatValues: [[Float]?]

    @inline(__always) func covers(_ x: Double, _ y: Double) -> Bool {
        for e in edges {
            let v = e.a * x + e.b * y + e.c
            if v < 0 || (v == 0 && !e.owned) { return false }
        }
        return true
    }

    init?(
        _ v: [ShadedVertex], width: Int, height: Int, inputs: [(name: String, width: Int)],
        flatInputs: Set<String> = []
    ) {
        let w = Double(width), h = Double(height)
        var xs = [Double](), ys = [Double](), zs = [Double](), qs = [Double]()
        for p in v {
            let q = 1 / p.clip.w
            xs.append((p.clip.x * q + 1) * 0.5 * w)
            ys.append((p.clip.y * q + 1) * 0.5 * h)
            zs.append(p.clip.z * q * 0.5 + 0.5)
            qs.append(q)
        }
        let area = (xs[1] - xs[0]) * (ys[2] - ys[0]) - (xs[2] - xs[0]) * (ys[1] - ys[0])
        guard area != 0, area.isFinite, qs.allSatisfy({ $0.isFinite && $0 > 0 }) else { return nil }
        let s: Double = area > 0 ? 1 : -1
        edges = [(0, 1), (1, 2), (2, 0)].map { (i, j) in
            let dx = xs[j] - xs[i], dy = ys[j] - ys[i]
            let a = -dy * s, b = dx * s, c = (dy * xs[i] - dx * ys[i]) * s
            let odx = dx * s, ody = dy * s
            return (a, b, c, ody < 0 || (ody == 0 && odx > 0))
        }
        minX = xs.min()!; maxX = xs.max()!; minY = ys.min()!; maxY = ys.max()!
        isFrontFacing = area > 0
        isPerspective = !qs.allSatisfy { $0 == 1 }
        func plane(_ f: [Double]) -> Plane {
            let dx = ((f[1] - f[0]) * (ys[2] - ys[0]) - (f[2] - f[0]) * (ys[1] - ys[0])) / area
            let dy = ((xs[1] - xs[0]) * (f[2] - f[0]) - (xs[2] - xs[0]) * (f[1] - f[0])) / area
            return Plane(f0: f[0], dx: dx, dy: dy, x0: xs[0], y0: ys[0])
        }
        q = plane(qs)
        z = plane(zs)
        let perspective = isPerspective
        flatValues = inputs.map { input in
            guard flatInputs.contains(input.name), let values = v[2].varyings[input.name] else { return nil }
            return (0..<input.width).map { $0 < values.count ? values[$0] : 0 }
        }
        self.inputs = inputs.map { input in
            guard let values = v[0].varyings[input.name] else { return nil }
            return (0..<input.width).map { k in
                plane((0..<3).map { i in
                    let a = k < values.count ? Double(v[i].varyings[input.name]![k]) : 0
                    return perspective ? a * qs[i] : a
                })
            }
        }
    }
}

/// Runs a vertex program (or GPUImage's passthrough) at the four corners of the quad.
enum VertexStage {
    static func shade(
        vertex: Program?, fragmentInputs: [InputDeclaration], uniforms: [String: [Float]],
        integerUniforms: [String: [Int64]] = [:], textures: UnsafePointer<TextureView>,
        loopIterationLimit: Int = Program.loopIterationLimit
    ) throws -> [ShadedVertex] {
        guard let vertex else {
            // GPUImage's passthrough: gl_Position = position, textureCoordinateN = inputTextureCoordinateN.
            let varyings = RasterTriangle.passthroughVaryings(inputNames: fragmentInputs.map(\.name))
            return (0..<4).map { i in
                let p = FullScreenQuad.positions[i]
                return ShadedVertex(clip: SIMD4(Double(p.x), Double(p.y), Double(p.z), Double(p.w)), varyings: varyings[i])
            }
        }
        let file = try Executor.uniformFile(for: vertex, from: uniforms, integers: integerUniforms)
        let uniformPointer = UnsafeMutablePointer<Float>.allocate(capacity: max(file.count, 1))
        defer { uniformPointer.deallocate() }
        uniformPointer.initialize(from: file, count: file.count)
        let lanes = 4
        let registers = UnsafeMutablePointer<Float>.allocate(capacity: vertex.laneSlotCount * lanes)
        defer { registers.deallocate() }
        registers.initialize(repeating: 0, count: vertex.laneSlotCount * lanes)
        var counters = (status: 0, iterations: 0)
        try withUnsafeMutablePointer(to: &counters.status) { statusPointer in
          try withUnsafeMutablePointer(to: &counters.iterations) { iterations in
            vertex.runDrawStage(KernelContext(
                registers: uniformPointer, uniforms: uniformPointer, stride: 1, textures: textures,
                status: statusPointer, loopIterations: iterations, loopIterationLimit: loopIterationLimit))
            iterations.pointee = 0
            for i in 0..<lanes { registers[Program.rootMaskSlot * lanes + i] = 1 }
            for input in vertex.inputs {
                let source = FullScreenQuad.attribute(named: input.name)
                for (k, slot) in input.slots.enumerated() where k < 4 {
                    for i in 0..<lanes { registers[slot * lanes + i] = source[i][k] }
                }
            }
            vertex.runBatch(KernelContext(
                registers: registers, uniforms: uniformPointer, stride: lanes, textures: textures,
                status: statusPointer, loopIterations: iterations, loopIterationLimit: loopIterationLimit))
            if statusPointer.pointee != 0 { throw ExecutionError.loopLimitExceeded(limit: loopIterationLimit) }
          }
        }
        func read(_ value: Value, lane: Int) -> [Float] {
            value.components.map { c in
                switch c {
                case .lane(let s): registers[s * lanes + lane]
                case .uniform(let s): uniformPointer[s]
                case .constant(let f): f
                }
            }
        }
        guard let position = vertex.output(named: "gl_Position") else { throw ExecutionError.missingPosition }
        return (0..<lanes).map { i in
            let p = read(position.value, lane: i)
            var varyings: [String: [Float]] = [:]
            for output in vertex.outputs where output.name != "gl_Position" {
                varyings[output.name] = read(output.value, lane: i)
            }
            return ShadedVertex(clip: SIMD4(Double(p[0]), Double(p[1]), Double(p[2]), Double(p[3])), varyings: varyings)
        }
    }
}

/// GL's fixed-function stage between the vertex and fragment stages of the full-screen quad:
/// which pixel centres each triangle covers, and the interpolated inputs there. The executor
/// uses the same code, so a second implementation of the programs (the reference renderer of
/// `ShaderTesting`) sees exactly the executor's varyings, `gl_FragCoord` and coverage.
public struct RasterTriangle: Sendable {
    let setup: TriangleSetup
    let width: Int, height: Int

    /// True when the triangle is counter-clockwise in window coordinates (`gl_FrontFacing`).
    public var isFrontFacing: Bool { setup.isFrontFacing }

    /// True when pixel (`x`, `y`) of the target is inside the frame and its centre is covered
    /// (a centre on a shared edge belongs to one triangle only).
    public func covers(x: Int, y: Int) -> Bool {
        x >= 0 && y >= 0 && x < width && y < height && setup.covers(Double(x) + 0.5, Double(y) + 0.5)
    }

    /// Fragment input `index` (in the order given to `triangles`) at the centre of pixel
    /// (`x`, `y`), with perspective correction when the vertices have w ≠ 1; zeros when the
    /// vertex stage does not write it. Defined outside the triangle too (helper pixels).
    public func input(_ index: Int, x: Int, y: Int) -> [Float] {
        let fx = Double(x) + 0.5, fy = Double(y) + 0.5
        if let flat = setup.flatValues[index] { return flat }
        guard let planes = setup.inputs[index] else { return [] }
        return planes.map { p in
            setup.isPerspective ? Float(p(fx, fy) / setup.q(fx, fy)) : Float(p(fx, fy))
        }
    }

    /// `gl_FragCoord` at the centre of pixel (`x`, `y`): (x + 0.5, y + 0.5, window z, 1 / w).
    public func fragCoord(x: Int, y: Int) -> SIMD4<Float> {
        let fx = Double(x) + 0.5, fy = Double(y) + 0.5
        return SIMD4(Float(fx), Float(fy), Float(setup.z(fx, fy)), Float(setup.q(fx, fy)))
    }

    /// The triangles of the quad drawn with vertices at clip positions `positions` (the four
    /// corners, in `FullScreenQuad` order) carrying `varyings` (per vertex, by name), into a
    /// `width`×`height` target; degenerate triangles are dropped, as the executor drops them.
    ///
    /// - Parameter inputs: the fragment stage's inputs (name and component count), in the
    ///   order `input(_:x:y:)` indexes them.
    ///   - flatInputs: the inputs qualified `flat`: the provoking vertex's values, unchanged.
    public static func triangles(
        positions: [SIMD4<Float>], varyings: [[String: [Float]]], inputs: [(name: String, width: Int)],
        flatInputs: Set<String> = [], width: Int, height: Int
    ) -> [RasterTriangle] {
        let vertices = zip(positions, varyings).map { p, v in
            ShadedVertex(clip: SIMD4(Double(p.x), Double(p.y), Double(p.z), Double(p.w)), varyings: v)
        }
        return FullScreenQuad.triangles.compactMap { t in
            TriangleSetup(
                [vertices[t.0], vertices[t.1], vertices[t.2]], width: width, height: height, inputs: inputs,
                flatInputs: flatInputs)
                .map { RasterTriangle(setup: $0, width: width, height: height) }
        }
    }

    /// The varyings of GPUImage's passthrough vertex shader at the four corners:
    /// `textureCoordinateN = inputTextureCoordinateN` for each input named `textureCoordinate…`.
    public static func passthroughVaryings(inputNames: [String]) -> [[String: [Float]]] {
        (0..<4).map { i in
            var varyings: [String: [Float]] = [:]
            for name in inputNames where name.hasPrefix("textureCoordinate") {
                let t = FullScreenQuad.textureCoordinates[i]
                varyings[name] = [t.x, t.y, t.z, t.w]
            }
            return varyings
        }
    }
}
