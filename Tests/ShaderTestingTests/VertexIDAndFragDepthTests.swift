import Foundation
import Framebuffers
import ShaderTesting
import Testing

/// `gl_VertexID`, `gl_InstanceID` and `gl_FragDepth` (issue 15): the full-screen quad's
/// vertices are 0…3 in strip order, one instance; a written depth changes no colour (Shade draws
/// without a depth test). The executor, the interpreter and llvmpipe agree.
@Suite struct VertexIDAndFragDepthTests {
    static let vertex = """
        #version 300 es
        in vec4 position;
        out vec4 shade;
        flat out int id;
        void main() {
            gl_Position = position;
            shade = vec4(float(gl_VertexID) / 3.0, float(gl_InstanceID), float(gl_VertexID & 1), 1.0);
            id = gl_VertexID * 60 + 10;
        }
        """
    static let fragment = """
        #version 300 es
        precision highp float;
        in vec4 shade;
        flat in int id;
        out vec4 o;
        void main() {
            gl_FragDepth = shade.x * 0.5;
            o = vec4(shade.xyz, float(id) / 255.0);
        }
        """

    static let draw = DifferentialCase(name: "vertex id", fragmentSource: fragment, vertexSource: vertex, width: 12, height: 10)

    @Test func executorAndInterpreterAgree() {
        let outcome = DifferentialTest.run(Self.draw)
        #expect(outcome.isAgreement, "\(outcome)")
    }

    @Test func theVertexIDsAreTheStripOrder() throws {
        let image = try DifferentialTest.renderWithExecutor(Self.draw)
        // The provoking vertex of the strip's second triangle (2, 1, 3) is vertex 3: 3 * 60 + 10.
        #expect(image.rgba8Pixel(x: 11, y: 9).w == 190)
        // Bottom-left is vertex 0: gl_VertexID / 3 near 0 there, near 1 at top right (vertex 3).
        #expect(image.rgba8Pixel(x: 0, y: 0).x < 30 && image.rgba8Pixel(x: 11, y: 9).x > 225)
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["SHADE_SKIP_LLVMPIPE"] == nil))
    func matchesLlvmpipe() throws {
        guard let oracle = availableLlvmpipeOracle() else { return }
        let mesa = try oracle.render(Self.draw)
        let shade = try DifferentialTest.renderWithExecutor(Self.draw)
        let d = DifferentialTest.firstDifference(shade, mesa)
        #expect(d == nil, "\(d.map { "\($0.count) pixels differ, first at (\($0.x), \($0.y)): \($0.a) vs \($0.b)" } ?? "")")
    }
}
