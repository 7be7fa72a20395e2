import Framebuffers
import ImageGraph
import Testing

/// Multiplies location 0 by `gain`.
let gainShader = """
    precision highp float;
    varying vec2 textureCoordinate;
    uniform sampler2D inputImageTexture;
    uniform float gain;
    void main() {
        vec4 c = texture2D(inputImageTexture, textureCoordinate);
        gl_FragColor = vec4(c.rgb * gain, c.a);
    }
    """

@Suite("BasicOperation: shaders, typed uniforms, automatic uniforms, size")
struct ShaderOperationTests {
    @Test("re-processing after a uniform change renders the new value")
    func reprocessAfterUniformChange() throws {
        let picture = PictureInput(texture: grayTexture(100))
        let gain = try BasicOperation(fragmentShader: gainShader, name: "Gain", uniforms: ["gain": 0.5])
        let output = RawDataOutput()
        picture --> gain --> output
        try picture.processImage()
        #expect(output.bytes?[0] == 50)
        try gain.setUniform(Float(2), forName: "gain")
        try picture.processImage()
        #expect(output.bytes?[0] == 200)
        picture.texture = grayTexture(10)
        try picture.processImage()
        #expect(output.bytes?[0] == 20)
    }

    @Test("texelWidth, texelHeight and outputSize are set from the sizes")
    func automaticUniforms() throws {
        let shader = """
            precision highp float;
            uniform float texelWidth;
            uniform float texelHeight;
            uniform vec2 outputSize;
            uniform sampler2D inputImageTexture;
            void main() { gl_FragColor = vec4(texelWidth * 4.0, texelHeight * 5.0, outputSize.x / 255.0, outputSize.y / 255.0); }
            """
        let picture = PictureInput(texture: grayTexture(0, width: 4, height: 5))
        let operation = try BasicOperation(fragmentShader: shader, name: "Sizes")
        operation.forceProcessing(at: ImageSize(width: 7, height: 3))
        let output = RawDataOutput()
        picture --> operation --> output
        try picture.processImage()
        #expect(output.size == ImageSize(width: 7, height: 3))
        #expect(Array(output.bytes!.prefix(4)) == [255, 255, 7, 3])
    }

    @Test("typed uniforms reach the shader: Color, Matrix3x3 (column-major), Int, Bool, arrays")
    func typedUniforms() throws {
        let shader = """
            precision highp float;
            uniform vec4 color;
            uniform mat3 transform;
            uniform int count;
            uniform bool isOn;
            uniform float weights[3];
            void main() {
                vec3 column = transform * vec3(1.0, 0.0, 0.0);   // the first column
                gl_FragColor = vec4(color.r, column.y, float(count) / 255.0 + (isOn ? weights[2] : 0.0), color.a);
            }
            """
        let operation = try BasicOperation(fragmentShader: shader, numberOfInputs: 0, name: "Typed")
        operation.forceProcessing(at: ImageSize(width: 1, height: 1))
        try operation.setUniform(Color(red: 0.2, green: 0, blue: 0, alpha: 0.6), forName: "color")
        try operation.setUniform(
            Matrix3x3(rows: SIMD3(1, 0, 0), SIMD3(0.4, 1, 0), SIMD3(0, 0, 1)), forName: "transform")
        try operation.setUniform(6, forName: "count")
        try operation.setUniform(true, forName: "isOn")
        try operation.setUniform([Float(0), 0, 0.25], forName: "weights")
        #expect(operation.uniformValues["transform"] == [1, 0.4, 0, 0, 1, 0, 0, 0, 1])
        let output = RawDataOutput()
        operation --> output
        try operation.processImage()
        // 0.2*255 = 51, 0.4*255 = 102, (6/255 + 0.25)*255 = 69.75 -> 70, 0.6*255 = 153
        #expect(output.bytes == [51, 102, 70, 153])
        guard case .uniformArity("Typed", "weights", 3, 2) = expectGraphError({
            try operation.setUniform([Float(1), 2], forName: "weights")
        }) else { Issue.record("expected uniformArity for a short array"); return }
        guard case .uniformArity("Typed", "transform", 9, 16) = expectGraphError({
            try operation.setUniform(Matrix4x4.identity, forName: "transform")
        }) else { Issue.record("expected uniformArity for mat4 into mat3"); return }
    }

    @Test("a two-input shader reads location 1 through inputImageTexture2")
    func twoInputs() throws {
        let shader = """
            precision highp float;
            varying vec2 textureCoordinate;
            varying vec2 textureCoordinate2;
            uniform sampler2D inputImageTexture;
            uniform sampler2D inputImageTexture2;
            void main() {
                gl_FragColor = vec4(texture2D(inputImageTexture, textureCoordinate).r,
                                    texture2D(inputImageTexture2, textureCoordinate2).r, 0.0, 1.0);
            }
            """
        let base = PictureInput(texture: grayTexture(11))
        let overlay = PictureInput(texture: grayTexture(22))
        let merge = try BasicOperation(fragmentShader: shader, numberOfInputs: 2, name: "Merge")
        let output = RawDataOutput()
        overlay.addTarget(merge, atTextureLocation: 1)
        base --> merge --> output
        try overlay.processImage()
        #expect(Array(output.bytes!.prefix(4)) == [11, 22, 0, 255])
    }

    @Test("the same graph gives the same bits with one thread and with many")
    func schedules() throws {
        let picture = PictureInput(texture: Texture(width: 37, height: 19, rgba8: (0..<(37 * 19 * 4)).map { UInt8($0 % 251) }))
        let gain = try BasicOperation(fragmentShader: gainShader, name: "Gain", uniforms: ["gain": 0.7])
        let output = RawDataOutput()
        picture --> gain --> output
        try picture.processImage(in: ProcessingContext(executor: .init(schedule: .singleThreaded)))
        let one = output.bytes
        try picture.processImage(in: ProcessingContext(executor: .init(schedule: .init(tileWidth: 8, tileHeight: 2, threadCount: 4))))
        #expect(output.bytes == one)
    }

    @Test("a subclass can compute its output size from its inputs (as a crop would)")
    func outputSizeOverride() throws {
        final class HalfSize: BasicOperation {
            override func outputSize(forInputSizes inputSizes: [ImageSize]) -> ImageSize? {
                inputSizes.first.map { ImageSize(width: $0.width / 2, height: $0.height / 2) }
            }
        }
        let picture = PictureInput(texture: grayTexture(30, width: 8, height: 6))
        let half = try HalfSize(fragmentShader: passthroughShader, name: "Half")
        let output = RawDataOutput()
        picture --> half --> output
        try picture.processImage()
        #expect(output.size == ImageSize(width: 4, height: 3))
        #expect(output.bytes?[0] == 30)
    }
}
