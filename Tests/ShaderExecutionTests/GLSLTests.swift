import Foundation
import Framebuffers
import ShaderCompiler
import ShaderExecution
import ShaderSemantics
import ShaderSyntax
import Testing

/// Compiles GLSL ES source through the front end and the lowering.
func compileShader(_ source: String, name: String = "test.fsh", stage: ShaderStage = .fragment) throws -> Program {
    let checked = try compileFrontEnd(source: source, name: name, stage: stage)
    return try Compiler.compile(checked)
}

/// Compiles a fixture shader file.
func compileFixture(_ file: String, stage: ShaderStage = .fragment) throws -> Program {
    let source = try String(contentsOf: fixtures.appendingPathComponent(file), encoding: .utf8)
    return try compileShader(source, name: file, stage: stage)
}

/// One GLSL fixture rendered end to end and compared with llvmpipe's output.
struct OracleCase: CustomStringConvertible, Sendable {
    var shader: String
    var reference: String
    var inputs: [String] = []
    var uniforms: [String: [Float]] = [:]
    var state = SamplerState()
    var vertex: String?
    var tolerance = 0

    var description: String { reference }
}

let texel64x48: [String: [Float]] = ["texelWidth": [1.0 / 64], "texelHeight": [1.0 / 48]]

let oracleCases: [OracleCase] = [
    OracleCase(shader: "grayscale.fsh", reference: "grayscale", inputs: ["noise"]),
    OracleCase(shader: "blend.fsh", reference: "blend", inputs: ["noise", "alpha"], uniforms: ["mixturePercent": [0.7]]),
    OracleCase(shader: "boxblur3x3.fsh", reference: "boxblur3x3", inputs: ["noise"], uniforms: texel64x48),
    OracleCase(shader: "boxblur3x3_gpuimage.fsh", reference: "boxblur3x3_gpuimage", inputs: ["noise"], uniforms: texel64x48, vertex: "nearby3x3.vsh"),
    OracleCase(shader: "procedural.fsh", reference: "procedural", uniforms: ["u_resolution": [64, 48]]),
    OracleCase(shader: "resample.fsh", reference: "resample", inputs: ["noise"]),
    OracleCase(shader: "resample.fsh", reference: "resample_repeat", inputs: ["noise"], state: SamplerState(filter: .linear, wrap: .repeat)),
    OracleCase(shader: "resample.fsh", reference: "resample_mirror_nearest", inputs: ["noise"], state: SamplerState(filter: .nearest, wrap: .mirroredRepeat)),
    OracleCase(shader: "derivatives.fsh", reference: "derivatives"),
    OracleCase(shader: "loopdiscard.fsh", reference: "loopdiscard", inputs: ["alpha"]),
    // Bit-exact on this data, although transcendentals come from libm here and from
    // llvmpipe's own approximations there.
    OracleCase(shader: "builtins.fsh", reference: "builtins", tolerance: 0),
    OracleCase(shader: "uniforms.fsh", reference: "uniforms", uniforms: [
        "tint": [0.2, 0.4, 0.6], "m": [1, 0, 0, 0.5, 0.5, 0, 0.25, 0, 1], "w": [0.1, 0.2, 0.3], "which": [2],
    ]),
    OracleCase(shader: "functions.fsh", reference: "functions", inputs: ["noise"]),
    OracleCase(shader: "arrays.fsh", reference: "arrays", uniforms: [
        "weights": [0.5, 0.25, 0.125, 0.0625, 0.03], "palette": [1, 0, 0, 0, 1, 0, 0, 0, 1, 0.5, 0.5, 0.5],
        "colorMatrix": [0.9, 0.1, 0, 0.1, 0.8, 0.1, 0, 0.2, 0.7], "count": [3],
    ], tolerance: 0),
    OracleCase(shader: "projective.fsh", reference: "projective", inputs: ["noise", "alpha"]),
    OracleCase(shader: "language.fsh", reference: "language"),
]

@Suite struct GLSLOracleTests {
    @Test(arguments: oracleCases)
    func rendersLikeLlvmpipe(_ c: OracleCase) throws {
        let program = try compileFixture(c.shader)
        let vertex = try c.vertex.map { try compileFixture($0, stage: .vertex) }
        let out = try render(program, vertex: vertex, inputs: try c.inputs.map { try fixture($0) }, uniforms: c.uniforms, samplerState: c.state)
        expectMatch(out, try fixture(c.reference), tolerance: c.tolerance, c.reference)
    }
}
