import ShaderDiagnostics
import Testing

@testable import ShaderSyntax

@Test func parsesPassthroughShader() {
    let unit = parseClean(
        """
        varying highp vec2 textureCoordinate;
        uniform sampler2D inputImageTexture;
        void main() {
            gl_FragColor = texture2D(inputImageTexture, textureCoordinate);
        }
        """)
    #expect(unit.declarations.count == 3)
    #expect(
        unit.description.contains(
            "(gl_FragColor = texture2D(inputImageTexture, textureCoordinate));"))
}
