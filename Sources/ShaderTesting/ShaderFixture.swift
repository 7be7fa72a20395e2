import Framebuffers
import ShaderCompiler
import ShaderDiagnostics
import ShaderExecution
import ShaderSemantics
import ShaderSyntax

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
    ///   - profile: the device to render as: its precisions (`mediump` as fp16 on a phone
    ///     profile, so a test can assert how a shader looks there), limits and rules. The
    ///     default, `desktop`, is fp32 everywhere and enforces no limit.
    /// - Returns: the rendered image.
    /// - Throws: `ShaderTestError` with the diagnostics when the shader does not compile for
    ///   the profile (a limit, a WebGL rule, `highp` on a GPU without it) or does not run.
    public static func render(
        fragment: String, vertex: String? = nil, width: Int, height: Int,
        uniforms: [String: [Float]] = [:], inputs: [Texture] = [],
        samplerState: SamplerState = SamplerState(), format: PixelFormat = .rgba8,
        name: String = "shader.fsh", profile: DeviceProfile = .desktop
    ) throws(ShaderTestError) -> Texture {
        let fragmentProgram: Program, vertexProgram: Program?
        let options = CheckOptions(profile: profile)
        func check(_ text: String, _ name: String, _ stage: ShaderStage) throws(DiagnosticsError) -> Program {
            try Compiler.compile(compileFrontEnd(
                source: text, name: name, stage: stage, options: options, parseOptions: profile.parseOptions()))
        }
        do {
            fragmentProgram = try check(fragment, name, .fragment)
            vertexProgram = try vertex.map { text throws(DiagnosticsError) in try check(text, "shader.vsh", .vertex) }
        } catch {
            throw ShaderTestError(description: error.diagnostics.rendered())
        }
        let target = Framebuffer(width: width, height: height, format: format)
        var draw = DrawCall(
            fragment: fragmentProgram, vertex: vertexProgram, uniforms: uniforms, inputs: inputs,
            samplerState: samplerState)
        draw.profile = profile
        do {
            try Executor().render(draw, into: target)
        } catch {
            throw ShaderTestError(description: "\(name): error: \(error)")
        }
        return target.makeTexture()
    }
}
