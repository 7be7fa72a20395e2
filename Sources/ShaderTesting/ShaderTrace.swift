import Foundation
import Framebuffers
import ShaderDiagnostics
import ShaderCompiler
import ShaderExecution
import ShaderSemantics

/// One fragment shaded step by step: every variable assignment and branch taken, in the
/// order they happen, with source lines and values — the debugger a GPU cannot give.
///
/// The reference interpreter (the one `ReferenceRenderer` uses) runs the 2×2 quad that holds
/// the pixel, fed exactly what the executor feeds the fragment program: the interpolated
/// varyings of the vertex stage (GPUImage's passthrough, or `vertex`), `gl_FragCoord`, the
/// uniforms and the bound textures; the steps of the traced pixel's lane are recorded. Its
/// `gl_FragColor` equals the executor's pixel (the differential tests check this), so a trace
/// explains exactly the colour that was rendered, derivatives included.
public struct ShaderTrace: Sendable {
    /// One step.
    public struct Event: Sendable, Hashable, CustomStringConvertible {
        /// 1-based source line.
        public var line: Int
        /// What happened: `color = vec4(1, 0, 0, 1)`, `if (x > 0.5) -> true`.
        public var text: String

        public var description: String { "\(line): \(text)" }
    }

    /// Steps in execution order.
    public private(set) var events: [Event] = []
    /// The fragment's colour (`gl_FragColor` or `gl_FragData[0]`), unclamped; `nil` after
    /// `discard`.
    public private(set) var fragColor: SIMD4<Float>?
    /// Every declared fragment output's value (`out` variables of GLSL ES 3.00 and desktop
    /// 1.30+, each element of an output array by itself), by location; empty after `discard`
    /// and for shaders that write `gl_FragColor`/`gl_FragData`.
    public private(set) var outputs: [OutputValue] = []

    /// The value a fragment output had when `main` returned.
    public struct OutputValue: Sendable, Hashable {
        /// The draw buffer (`layout(location = N)`).
        public var location: Int
        /// The output's name (`color`, `c[1]`).
        public var name: String
        /// Its components, unclamped (1 to 4).
        public var value: [Float]
    }

    /// Shades pixel (`x`, `y`) of a `width`×`height` target with `shader`.
    ///
    /// - Parameters:
    ///   - shader: a checked fragment shader.
    ///   - vertex: a checked vertex shader, or nil for GPUImage's passthrough.
    ///   - x: column.
    ///   - y: row (row 0 is `gl_FragCoord.y = 0.5`).
    ///   - width: target width.
    ///   - height: target height.
    ///   - uniforms: values by name, as for `DrawCall`.
    ///   - inputs: textures in GPUImage order (`inputImageTexture`, `inputImageTexture2`, …;
    ///     other samplers take the rest in declaration order).
    ///   - samplerState: how inputs are sampled.
    ///   - stepLimit: most statements to run before giving up (runaway loops).
    /// - Throws: `ShaderTestError` for a construct the tracer does not run, a bad uniform, a
    ///   pixel the quad does not cover, or a runaway loop.
    public init(
        shader: CheckedShader, vertex: CheckedShader? = nil, x: Int, y: Int, width: Int, height: Int,
        uniforms: [String: [Float]] = [:], inputs: [Texture] = [], samplerState: SamplerState = SamplerState(),
        stepLimit: Int = 1_000_000
    ) throws(ShaderTestError) {
        let lane = (x & 1) | ((y & 1) << 1)
        do {
            try DenormalFlushing.perform {
                try ReferenceRenderer.checkUniforms(uniforms, fragment: shader, vertex: vertex)
                let stage = try QuadStage(
                    fragment: shader, vertex: vertex, uniforms: uniforms, inputs: inputs, samplerState: samplerState,
                    bindings: [:], width: width, height: height, stepLimit: stepLimit, tracedLane: lane)
                // The triangle that owns the pixel (a centre on the diagonal belongs to one).
                guard let t = stage.triangles.last(where: { $0.covers(x: x, y: y) }) else {
                    throw ShaderTestError(description: "pixel (\(x), \(y)) is not covered by the quad")
                }
                let alive = try stage.run(t, x: x & ~1, y: y & ~1)
                events = stage.interpreter.events
                if alive.contains(lane) {
                    let c = stage.color(lane: lane)
                    fragColor = SIMD4(c[0], c[1], c[2], c[3])
                    for o in shader.outputs {
                        guard case .output(let first) = o.variable.storage else { continue }
                        let count = o.arraySize ?? 1
                        for e in 0..<count {
                            let value = stage.color(location: first + e, lane: lane)
                            outputs.append(OutputValue(
                                location: first + e, name: count == 1 ? o.name : "\(o.name)[\(e)]",
                                value: Array(value.prefix(o.elementType.componentCount))))
                        }
                    }
                    outputs.sort { $0.location < $1.location }
                }
            }
        } catch {
            throw ShaderTestError(interpreting: error)
        }
    }
}
