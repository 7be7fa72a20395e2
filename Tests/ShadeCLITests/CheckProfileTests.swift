import Foundation
import Testing

@Suite("shade check --profile, in process")
struct CheckProfileTests {
    @Test("an unknown profile is a usage error (64) that lists the known names")
    func unknownProfile() throws {
        let path = try temporaryShader("void main() { gl_FragColor = vec4(1.0); }\n", named: "a.frag")
        let outcome = shadeInProcess(["check", "--profile", "voodoo2", path])
        #expect(outcome.status == 64)
        #expect(outcome.standardError.contains(
            "invalid value 'voodoo2' for '--profile': expected desktop, gles2-minimum, gles3-minimum,"
                + " webgl1, webgl2, mali-400, powervr-sgx"))
    }

    @Test("a shader over webgl1's uniform vectors fails with it and passes without it")
    func limits() throws {
        let declarations = (0..<17).map { "uniform vec4 u\($0);\n" }.joined()
        let sum = (0..<17).map { "u\($0)" }.joined(separator: " + ")
        let path = try temporaryShader(
            "precision mediump float;\n\(declarations)void main() { gl_FragColor = \(sum); }\n",
            named: "many.frag")
        let plain = shadeInProcess(["check", path])
        #expect(plain.status == 0)
        let webgl = shadeInProcess(["check", "--profile", "webgl1", path])
        #expect(webgl.status == 65)
        #expect(webgl.standardError.contains(
            "\(path):18:14: error: fragment shader needs 17 uniform vectors; profile webgl1 allows 16"
                + " (MAX_FRAGMENT_UNIFORM_VECTORS)"))
        #expect(webgl.standardError.contains("note: 'u0' (vec4) takes 1 row of 4 columns"))
    }

    @Test("--list-profiles prints every profile; with --json, one object each")
    func listProfiles() throws {
        let text = shadeInProcess(["check", "--list-profiles"])
        #expect(text.status == 0)
        for name in ["desktop", "gles2-minimum", "gles3-minimum", "webgl1", "webgl2", "mali-400", "powervr-sgx"] {
            #expect(text.standardOutput.contains("\(name): "), "\(name)")
        }
        #expect(text.standardOutput.contains("MAX_FRAGMENT_UNIFORM_VECTORS 16"))
        let json = shadeInProcess(["check", "--list-profiles", "--json"])
        let objects = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        #expect(objects.count == 7)
        let webgl1 = try #require(objects.first { $0["name"] as? String == "webgl1" })
        let limits = try #require(webgl1["limits"] as? [String: Any])
        #expect(limits["MAX_VARYING_VECTORS"] as? Int == 8)
        #expect(webgl1["fragmentHighp"] as? Bool == false)
        let mali = try #require(objects.first { $0["name"] as? String == "mali-400" })
        let vertex = try #require(mali["vertexPrecision"] as? [String: Any])
        #expect(vertex["mediump"] as? String == "fp32")
        #expect((mali["precision"] as? [String: Any])?["mediump"] as? String == "fp16")
        #expect(text.standardOutput.contains("vertex          highp fp32, mediump fp32, lowp fp32"))
    }

    @Test("the usage lists --profile and --list-profiles")
    func usage() {
        let help = shadeInProcess(["check", "--help"])
        #expect(help.standardOutput.contains("[--profile NAME]"))
        #expect(help.standardOutput.contains("--list-profiles"))
    }
}
