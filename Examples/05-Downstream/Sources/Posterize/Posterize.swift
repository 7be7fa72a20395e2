import Shade

/// A posterize filter written by a project that uses Shade: each channel snapped to one of
/// `levels` values (0, 1/(levels-1), …, 1), alpha kept.
public enum Posterize {
    /// The GLSL ES 1.00 fragment shader (GPUImage's conventions: `textureCoordinate`,
    /// `inputImageTexture`).
    public static let shader = """
        precision highp float;
        varying vec2 textureCoordinate;
        uniform sampler2D inputImageTexture;
        uniform float levels;
        void main() {
            vec4 color = texture2D(inputImageTexture, textureCoordinate);
            float steps = max(levels - 1.0, 1.0);
            gl_FragColor = vec4(floor(color.rgb * steps + 0.5) / steps, color.a);
        }
        """

    /// The expected value of one channel, in plain Swift (what the tests hold the shader to).
    public static func snapped(_ value: Float, levels: Int) -> Float {
        let steps = Float(max(levels - 1, 1))
        return (value * steps + 0.5).rounded(.down) / steps
    }

    /// A graph operation running the shader.
    ///
    /// - Parameter levels: values per channel, 2 or more.
    /// - Throws: `GraphError` if the shader does not compile (it does; the tests prove it).
    public static func operation(levels: Int) throws(GraphError) -> BasicOperation {
        try BasicOperation(fragmentShader: shader, name: "Posterize", uniforms: ["levels": Float(levels)])
    }

    /// `image` blurred a little, then posterized: a two-step chain built with `-->`.
    ///
    /// - Throws: `GraphError` from the graph.
    public static func softPoster(_ image: Texture, levels: Int) throws -> Texture {
        let input = PictureInput(texture: image, name: "photo")
        let blur = GaussianBlur(sigma: 1)
        let poster = try operation(levels: levels)
        var result: Texture?
        let output = TextureOutput { result = $0 }
        input --> blur --> poster --> output
        try input.processImage()
        guard let result else { throw GraphError.nothingCaptured(operation: "Posterize") }
        return result
    }
}
