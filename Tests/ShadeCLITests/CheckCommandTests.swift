import Foundation
import Testing

/// One folder for this test process's temporary files, removed when the process exits.
let scratchFolder: URL = {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("shade-cli-tests-\(ProcessInfo.processInfo.processIdentifier)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(at: scratchFolder) }
    return folder
}()

/// A temporary shader file, in a folder of its own under `scratchFolder`.
func temporaryShader(_ text: String, named name: String) throws -> String {
    let folder = scratchFolder.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent(name)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url.path
}

/// `Shaders/` in this repository.
let shadersDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Shaders").path

@Suite("shade check, the real executable")
struct CheckCommandTests {
    @Test("a valid shader: exit 0, nothing on stderr")
    func valid() throws {
        let outcome = try runShade(["check", shadersDirectory + "/Filters/Grayscale.fsh"])
        #expect(outcome.status == 0)
        #expect(outcome.standardError.isEmpty)
    }

    @Test("errors: exit 65, every diagnostic with file:line:col, source line and caret")
    func invalid() throws {
        let path = try temporaryShader(
            "precision mediump float;\nvoid main() {\n  vec3 c = vec4(1.0);\n  gl_FragColor = vec4(colr, 1.0);\n}\n",
            named: "bad.frag")
        let outcome = try runShade(["check", path])
        #expect(outcome.status == 65)
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.standardError == """
            \(path):3:12: error: cannot convert from 'vec4' to 'vec3'
              vec3 c = vec4(1.0);
                       ^~~~~~~~~
            \(path):4:23: error: use of undeclared identifier 'colr'
              gl_FragColor = vec4(colr, 1.0);
                                  ^~~~

            """)
    }

    @Test("--json lists each file with its diagnostics")
    func json() throws {
        let path = try temporaryShader("void main() { gl_Position = 1.0; }\n", named: "v.vert")
        let outcome = try runShade(["check", "--json", path])
        #expect(outcome.status == 65)
        let objects = try #require(
            try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [[String: Any]])
        #expect(objects.count == 1)
        #expect(objects[0]["stage"] as? String == "vertex")
        #expect(objects[0]["valid"] as? Bool == false)
        let diagnostics = try #require(objects[0]["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.first?["line"] as? Int == 1)
        #expect(diagnostics.first?["severity"] as? String == "error")
    }

    @Test("--stage is needed when the extension does not tell; usage errors exit 64")
    func usage() throws {
        let path = try temporaryShader("void main() {}\n", named: "shader.txt")
        #expect(try runShade(["check", path]).status == 64)
        #expect(try runShade(["check", "--stage", "geometry", path]).status == 64)
        #expect(try runShade(["check"]).status == 64)
        #expect(try runShade(["check", "--stage", "vertex", path]).status == 0)
    }

    @Test("a missing file exits 66")
    func missing() throws {
        let outcome = try runShade(["check", "/nonexistent/shader.frag"])
        #expect(outcome.status == 66)
        #expect(outcome.standardError == "shade: /nonexistent/shader.frag: error: no such file\n")
    }

    @Test("--strict enforces Appendix A's loop forms")
    func strict() throws {
        let path = try temporaryShader(
            "precision mediump float;\nvoid main() {\n  float x = 0.0;\n  while (x < 1.0) { x += 0.5; }\n  gl_FragColor = vec4(x);\n}\n",
            named: "loop.frag")
        #expect(try runShade(["check", path]).status == 0)
        let strict = try runShade(["check", "--strict", path])
        #expect(strict.status == 65)
        #expect(strict.standardError.contains("\(path):4:"))
    }

    @Test("--ast prints the typed tree")
    func ast() throws {
        let outcome = try runShade(["check", "--ast", shadersDirectory + "/Filters/Grayscale.fsh"])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.contains("texture2D"))
    }
}

@Suite("shade check --glsl-version")
struct CheckVersionTests {
    @Test("a shader without #version is GLSL ES unless --glsl-version says desktop")
    func desktopDefault() throws {
        let path = try temporaryShader("void main() { gl_FragColor = gl_Color; }\n", named: "desktop.frag")
        #expect(try runShade(["check", path]).status == 65)
        #expect(try runShade(["check", "--glsl-version", "110", path]).status == 0)
        #expect(try runShade(["check", "--glsl-version", "130", path]).status == 0)
        #expect(try runShade(["check", "--glsl-version", "200", path]).status == 64)
        let es3 = try temporaryShader(
            "precision mediump float;\nout vec4 color;\nvoid main() { color = vec4(1u >> 1u); }\n",
            named: "es3.frag")
        #expect(try runShade(["check", es3]).status == 65)
        #expect(try runShade(["check", "--glsl-version", "300es", es3]).status == 0)
        #expect(try runShade(["check", "--glsl-version", "300 es", es3]).status == 0)
    }
}
