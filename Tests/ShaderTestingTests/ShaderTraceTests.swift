import Foundation
import Framebuffers
import ShaderCompiler
import ShaderExecution
import ShaderSemantics
import Testing
import ShaderTesting

/// The tracer is a second implementation of the fragment stage: its `gl_FragColor` must equal
/// the executor's pixel (a differential check of both), and its steps must tell the story.
@Suite struct ShaderTraceTests {
    static let ring = """
        precision highp float;
        varying vec2 textureCoordinate;
        uniform float radius;
        void main()
        {
            vec2 d = textureCoordinate - vec2(0.5);
            float r = length(d);
            vec4 color = vec4(0.0);
            for (int i = 0; i < 2; i++) {
                color.g += 0.25;
            }
            if (r < radius) {
                color.r = 1.0;
            } else {
                color.b = r;
            }
            gl_FragColor = color;
        }
        """

    @Test func theTraceListsAssignmentsAndBranchesWithLines() throws {
        let shader = try compileFrontEnd(source: Self.ring, name: "ring.fsh", stage: .fragment)
        let trace = try ShaderTrace(shader: shader, x: 32, y: 40, width: 64, height: 64, uniforms: ["radius": [0.25]])
        #expect(trace.events.map(\.description) == [
            "6: d = vec2(0.0078125, 0.1328125)",
            "7: r = 0.13304208",
            "8: color = vec4(0.0, 0.0, 0.0, 0.0)",
            // Mesa unrolls the loop: traced as its copies, each with its counter's value.
            "9: i = 0",
            "10: color.g = 0.25",
            "9: i = 1",
            "10: color.g = 0.5",
            "12: if (r < radius) -> true",
            "13: color.r = 1.0",
            "17: gl_FragColor = vec4(1.0, 0.5, 0.0, 0.0)",
        ])
        #expect(trace.fragColor == SIMD4(1, 0.5, 0, 0))
        let outside = try ShaderTrace(shader: shader, x: 0, y: 0, width: 64, height: 64, uniforms: ["radius": [0.25]])
        #expect(outside.events.contains { $0.description == "12: if (r < radius) -> false" })
    }

    /// A loop Mesa keeps (it has a `break`) is traced with its tests.
    @Test func aKeptLoopShowsItsTests() throws {
        let source = """
            precision highp float;
            uniform float radius;
            void main() {
                float s = 0.0;
                for (int i = 0; i < 8; i++) {
                    if (float(i) > radius * 8.0) break;
                    s += 0.125;
                }
                gl_FragColor = vec4(s);
            }
            """
        let shader = try compileFrontEnd(source: source, name: "kept.fsh", stage: .fragment)
        let trace = try ShaderTrace(shader: shader, x: 0, y: 0, width: 4, height: 4, uniforms: ["radius": [0.25]])
        let events = trace.events.map(\.description)
        #expect(events.filter { $0 == "5: for (i < 8) -> true" }.count == 4)
        #expect(events.contains("6: break"))
        #expect(trace.fragColor == SIMD4(repeating: 0.375))
    }

    @Test func discardLeavesNoColour() throws {
        let source = "precision mediump float;\nvarying vec2 textureCoordinate;\nvoid main() {\n  if (textureCoordinate.x < 0.5) discard;\n  gl_FragColor = vec4(1.0);\n}\n"
        let shader = try compileFrontEnd(source: source, name: "d.fsh", stage: .fragment)
        let trace = try ShaderTrace(shader: shader, x: 0, y: 0, width: 4, height: 4)
        #expect(trace.fragColor == nil)
        #expect(trace.events.last?.description == "4: discard")
    }

    static func gradient(_ width: Int, _ height: Int, seed: Int) -> Texture {
        var bytes: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                bytes += [UInt8((x * 37 + seed * 11) % 256), UInt8((y * 53 + seed * 29) % 256), UInt8(((x + y) * 19 + seed) % 256), 200]
            }
        }
        return Texture(width: width, height: height, rgba8: bytes)
    }

    static var gpuImageShaders: [URL] {
        let folder = Corpus.root.appendingPathComponent("GPUImage2")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".fsh") }.sorted().map { folder.appendingPathComponent($0) }
    }

    /// Every GPUImage2 fragment shader the executor runs, traced at three pixels of an 8×6
    /// draw with two input images and every uniform set: the trace's colour is the executor's.
    @Test func theTraceAgreesWithTheExecutorOnGPUImageShaders() throws {
        guard Corpus.folder("GPUImage2") != nil else { return }
        let inputs = [Self.gradient(8, 6, seed: 1), Self.gradient(8, 6, seed: 2)]
        var compared = 0
        for url in Self.gpuImageShaders {
            let text = try String(contentsOf: url, encoding: .utf8)
            guard let shader = try? compileFrontEnd(source: text, name: url.lastPathComponent, stage: .fragment),
                !shader.usesDerivatives, let program = try? Compiler.compile(shader)
            else { continue }
            var uniforms: [String: [Float]] = [:]
            for (i, u) in shader.uniforms.enumerated() where !u.elementType.isSampler {
                let n = u.variable.type.componentCount
                uniforms[u.name] = (0..<n).map { Float(($0 + 2 * i) % 7) * 0.125 + 0.3 }
            }
            uniforms = uniforms.filter { program.uniform(named: $0.key) != nil }
            let target = Framebuffer(width: 8, height: 6, format: .float32)
            try Executor().render(DrawCall(fragment: program, uniforms: uniforms, inputs: inputs), into: target)
            for (x, y) in [(0, 0), (3, 2), (7, 5)] {
                let trace = try ShaderTrace(shader: shader, x: x, y: y, width: 8, height: 6, uniforms: uniforms, inputs: inputs)
                let rendered = target.pixel(x: x, y: y)
                guard let color = trace.fragColor else { continue }
                let difference = (0..<4).map { abs(color[$0] - rendered[$0]) / max(1, abs(rendered[$0])) }.max()!
                #expect(difference <= 1e-4, "\(url.lastPathComponent) at (\(x), \(y)): trace \(color), executor \(rendered)")
                compared += 1
            }
        }
        #expect(compared >= 200)
    }
}
