import Framebuffers
import ShaderCompiler
import ShaderExecution
import Testing

/// Hand-built programs against Mesa llvmpipe renders of the same GLSL (Fixtures/*.fsh).
@Suite struct OracleTests {
    @Test func grayscale() throws {
        let out = try render(HandBuilt.grayscale(), inputs: [try fixture("noise")])
        expectMatch(out, try fixture("grayscale"), tolerance: 0, "grayscale")
    }

    @Test func blend() throws {
        let out = try render(HandBuilt.blend(), inputs: [try fixture("noise"), try fixture("alpha")], uniforms: ["mixturePercent": [0.7]])
        expectMatch(out, try fixture("blend"), tolerance: 0, "blend")
    }

    @Test func boxBlur() throws {
        let out = try render(HandBuilt.boxBlur(), inputs: [try fixture("noise")], uniforms: ["texelWidth": [1.0 / 64], "texelHeight": [1.0 / 48]])
        expectMatch(out, try fixture("boxblur3x3"), tolerance: 0, "box blur")
    }

    @Test func procedural() throws {
        let out = try render(HandBuilt.procedural(), uniforms: ["u_resolution": [64, 48]])
        expectMatch(out, try fixture("procedural"), tolerance: 0, "procedural")
    }

    @Test(arguments: [
        ("resample", SamplerState(filter: .linear, wrap: .clampToEdge)),
        ("resample_repeat", SamplerState(filter: .linear, wrap: .repeat)),
        ("resample_mirror_nearest", SamplerState(filter: .nearest, wrap: .mirroredRepeat)),
    ])
    func resample(fixtureName: String, state: SamplerState) throws {
        let out = try render(HandBuilt.resample(), inputs: [try fixture("noise")], samplerState: state)
        expectMatch(out, try fixture(fixtureName), tolerance: 0, fixtureName)
    }

    @Test func derivatives() throws {
        let out = try render(HandBuilt.derivatives())
        expectMatch(out, try fixture("derivatives"), tolerance: 0, "derivatives")
    }

    @Test func loopWithBreakContinueAndDiscard() throws {
        let out = try render(HandBuilt.loopDiscard(), inputs: [try fixture("alpha")])
        expectMatch(out, try fixture("loopdiscard"), tolerance: 0, "loop/discard")
    }
}
