import Framebuffers
import ShaderCompiler
import ShaderDiagnostics
import ShaderExecution
import ShaderSemantics

/// A shader that failed to compile or run in a test, with the rendered diagnostics.
public struct ShaderTestError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, compiler-style (`name.fsh:3:5: error: …`).
    public var description: String
}

/// Renders shaders at a small size for tests.
public enum ShaderFixture {
    /// Compiles `fragment` (and `vertex`, or GPUImage's passthrough) and draws the full-screen
    /// quad once.
    ///
    /// Row 0 of the result is `gl_FragCoord.y = 0.5` and texture coordinate t = 0.
    ///
    /// - Parameters:
    ///   - fragment: GLSL ES fragment shader text.
    ///   - vertex: vertex shader text, or `nil` for the passthrough.
    ///   - width: result width in pixels.
    ///   - height: result height in pixels.
    ///   - uniforms: values by uniform name (matrices column-major).
    ///   - inputs: textures for `inputImageTexture`, `inputImageTexture2`, ….
    ///   - samplerState: how `inputs` are sampled.
    ///   - format: `.rgba8` (clamped and rounded like a GL framebuffer) or `.float32`.
    ///   - name: the shader's name in diagnostics.
    /// - Returns: the rendered image.
    /// - Throws: `ShaderTestError` with the diagnostics when the shader does not compile or run.
    public static func render(
        fragment: String, vertex: String? = nil, width: Int, height: Int,
        uniforms: [String: [Float]] = [:], inputs: [Texture] = [],
        samplerState: SamplerState = SamplerState(), format: PixelFormat = .rgba8,
        name: String = "shader.fsh"
    ) throws(ShaderTestError) -> Texture {
        let fragmentProgram: Program, vertexProgram: Program?
        do {
            fragmentProgram = try Compiler.compile(compileFrontEnd(source: fragment, name: name, stage: .fragment))
            vertexProgram = try vertex.map { text throws(DiagnosticsError) in
                try Compiler.compile(compileFrontEnd(source: text, name: "shader.vsh", stage: .vertex))
            }
        } catch {
            throw ShaderTestError(description: error.diagnostics.rendered())
        }
        let target = Framebuffer(width: width, height: height, format: format)
        do {
            try Executor().render(
                DrawCall(
                    fragment: fragmentProgram, vertex: vertexProgram, uniforms: uniforms, inputs: inputs,
                    samplerState: samplerState),
                into: target)
        } catch {
            throw ShaderTestError(description: "\(name): error: \(error)")
        }
        return target.makeTexture()
    }
}
