import Foundation
import Testing
import ShaderTesting

extension Corpus {
    /// Every `.shader_test` under the corpus's piglit ES 1.00 / 1.10 / 1.20 folders.
    static var piglitShaderTests: [URL] {
        let folder = root.appendingPathComponent("piglit")
        let walker = FileManager.default.enumerator(atPath: folder.path)
        var files: [URL] = []
        while let path = walker?.nextObject() as? String {
            if path.hasSuffix(".shader_test") && isESOneFolder(path) { files.append(folder.appendingPathComponent(path)) }
        }
        return files.sorted { $0.path < $1.path }
    }
}

@Suite struct ShaderRunnerFileTests {
    @Test func parsesEverySupportedCommand() {
        let text = """
            [require]
            GLSL >= 1.10
            GL_OES_standard_derivatives

            [vertex shader passthrough]

            [fragment shader]
            uniform vec4 color;
            void main() { gl_FragColor = color; }

            [test]
            clear color 0.0 0.0 1.0 1.0  # blue
            clear
            uniform vec4 color 0.0 1.0 0.0 1.0
            uniform int tex 0
            texture rgbw 0 (8, 8)
            texture checkerboard 1 0 (32, 16) (0.5, 0.0, 0.0, 0.0) (1.0, 1.0, 1.0, 1.0)
            texparameter 2D min nearest
            tolerance 0.02
            draw rect -1 -1 2 2
            draw rect ortho tex 0 0 10 10 0 0 1 1
            probe all rgba 0.0 1.0 0.0 1.0
            probe rgb 1 2 0.0 1.0 0.0
            relative probe rgba (0.5, 0.25) (0.0, 1.0, 0.0, 1.0)
            probe rect rgb (0, 0, 5, 5) (0.0, 1.0, 0.0)
            relative probe rect rgba (0.0, 0.5, 0.5, 0.5) (1, 1, 1, 1)
            """
        let test = ShaderRunnerTest(parsing: text, name: "t.shader_test")
        #expect(test.requirements == [.glsl(isES: false, comparison: ">=", version: 110), .ext("GL_OES_standard_derivatives", isRequired: true)])
        #expect(test.usesPassthroughVertexShader)
        #expect(test.vertexShader == nil)
        #expect(test.fragmentShaderLine == 8)
        #expect(test.fragmentShader?.contains("gl_FragColor = color;") == true)
        #expect(test.unsupportedReason == nil)
        let commands = test.commands.map(\.command)
        #expect(commands == [
            .clearColor([0, 0, 1, 1]),
            .clear,
            .uniform(type: "vec4", name: "color", values: [0, 1, 0, 1]),
            .uniform(type: "int", name: "tex", values: [0]),
            .textureRGBW(unit: 0, width: 8, height: 8),
            .textureCheckerboard(unit: 1, width: 32, height: 16, color1: [0.5, 0, 0, 0], color2: [1, 1, 1, 1]),
            .textureParameter(name: "min", value: "nearest"),
            .tolerance([0.02, 0.02, 0.02, 0.02]),
            .drawRect(x: -1, y: -1, width: 2, height: 2, isOrtho: false, texture: nil),
            .drawRect(x: 0, y: 0, width: 10, height: 10, isOrtho: true, texture: [0, 0, 1, 1]),
            .probe(.all, expected: [0, 1, 0, 1]),
            .probe(.pixel(x: 1, y: 2), expected: [0, 1, 0]),
            .probe(.relativePixel(x: 0.5, y: 0.25), expected: [0, 1, 0, 1]),
            .probe(.rect(x: 0, y: 0, width: 5, height: 5), expected: [0, 1, 0]),
            .probe(.relativeRect(x: 0, y: 0.5, width: 0.5, height: 0.5), expected: [1, 1, 1, 1]),
        ])
        #expect(test.commands.first?.line == 12)
    }

    @Test func reportsWhyATestCannotRun() {
        let geometry = ShaderRunnerTest(parsing: "[geometry shader]\nvoid main(){}\n[test]\n", name: "g")
        #expect(geometry.unsupportedReason == "line 1: section [geometry shader] is not supported")
        let command = ShaderRunnerTest(parsing: "[test]\ndraw arrays GL_TRIANGLES 0 3\n", name: "c")
        #expect(command.unsupportedReason == "line 2: command 'draw arrays GL_TRIANGLES 0 3' is not supported")
        let version = ShaderRunnerTest(parsing: "[require]\nGLSL >= 4.00\n", name: "v")
        #expect(version.unsupportedReason == "requires GLSL >= 4.00")
        for supported in ["GLSL >= 1.30", "GLSL ES >= 3.00", "GL >= 3.3"] {
            let test = ShaderRunnerTest(parsing: "[require]\n\(supported)\n", name: "v")
            #expect(test.unsupportedReason == nil, "\(supported)")
        }
        let size = ShaderRunnerTest(parsing: "[require]\nSIZE 32 16\n", name: "s")
        #expect(size.windowSize == (32, 16))
    }

    /// The corpus parses, and most of it is within what Shade runs.
    @Test func parsesThePiglitCorpus() throws {
        var runnable = 0
        let files = Corpus.piglitShaderTests
        for file in files {
            let test = ShaderRunnerTest(parsing: try String(contentsOf: file, encoding: .utf8), name: file.lastPathComponent)
            if test.unsupportedReason == nil {
                runnable += 1
                #expect(test.fragmentShader != nil || test.vertexShader != nil, "\(file.lastPathComponent)")
            }
        }
        #expect(files.count > 700)
        #expect(runnable * 10 > files.count * 7, "only \(runnable) of \(files.count) runnable")
    }
}
