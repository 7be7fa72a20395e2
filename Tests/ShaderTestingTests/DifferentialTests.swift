import Foundation
import Framebuffers
import ImageCodecs
import ShaderTesting
import Testing

/// The repository root (shaders and images are read in place).
private let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// One fragment shader of the repository, with the vertex shader its header names.
struct RepositoryShader: CustomStringConvertible, Sendable {
    var path: String
    var description: String { path }

    /// Every `.fsh`/`.frag` under `Shaders/`, `Tests/Conformance/` and `Examples/`.
    static let all: [RepositoryShader] = {
        var out: [RepositoryShader] = []
        for top in ["Shaders", "Tests/Conformance", "Examples"] {
            let base = root.appendingPathComponent(top)
            guard let walker = FileManager.default.enumerator(atPath: base.path) else { continue }
            for case let file as String in walker where file.hasSuffix(".fsh") || file.hasSuffix(".frag") {
                out.append(RepositoryShader(path: top + "/" + file))
            }
        }
        return out.sorted { $0.path < $1.path }
    }()

    /// The case: the shader at 24×18 on two photo crops, uniforms set automatically.
    func differentialCase() throws -> DifferentialCase? {
        let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        var vertex: String?
        for line in text.split(separator: "\n") where line.hasPrefix("// vertex: ") {
            let name = line.dropFirst("// vertex: ".count).trimmingCharacters(in: .whitespaces)
            vertex = try String(contentsOf: root.appendingPathComponent("Shaders/" + name), encoding: .utf8)
        }
        let inputs = try ["coffee-160x120.png", "ghost-160x120.png"].map {
            try ImageFile.decode(contentsOfFile: root.appendingPathComponent("Tests/References/Inputs/" + $0).path).texture
        }
        let (w, h) = (24, 18)
        return DifferentialCase(
            name: path, fragmentSource: text, vertexSource: vertex,
            uniforms: DifferentialCase.automaticUniforms(fragmentSource: text, vertexSource: vertex, width: w, height: h),
            inputs: inputs, width: w, height: h)
    }
}

/// The executor and the reference interpreter render the same bits (issue 13).
@Suite struct DifferentialTests {
    @Test(arguments: RepositoryShader.all)
    func repositoryShaderRendersTheSameBitsBothWays(_ shader: RepositoryShader) throws {
        guard let c = try shader.differentialCase() else { return }
        let outcome = DifferentialTest.run(c)
        #expect(outcome.isAgreement, "\(shader): \(outcome)")
    }

    @Test func theRepositoryHasShadersToCompare() {
        #expect(RepositoryShader.all.count > 400)
    }
}
