import Foundation
import Testing

/// `shade test` and `shade trace` through the real executable.
@Suite("shade test and shade trace, the real executable")
struct TestCommandTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let ownTests = repository.appendingPathComponent("Tests/ShaderTests").path

    func temporary(_ files: [String: String]) throws -> URL {
        let folder = scratchFolder.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files {
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return folder
    }

    static let green = """
        [require]
        GLSL ES >= 1.00
        [vertex shader passthrough]
        [fragment shader]
        precision mediump float;
        void main() { gl_FragColor = vec4(0.0, 1.0, 0.0, 1.0); }
        [test]
        draw rect -1 -1 2 2

        """

    @Test("our own shader tests all pass: exit 0 and a summary line")
    func ownTestsPass() throws {
        let outcome = try runShade(["test", Self.ownTests])
        #expect(outcome.status == 0, "\(outcome.standardOutput)")
        let lines = outcome.standardOutput.split(separator: "\n")
        #expect(lines.dropLast().allSatisfy { $0.hasPrefix("PASS ") })
        #expect(lines.count >= 150)
        #expect(lines.last?.hasSuffix(" passed, 0 failed, 0 skipped") == true)
    }

    @Test("a wrong probe fails with expected vs observed, exit 1")
    func wrongProbeFails() throws {
        let folder = try temporary([
            "good.shader_test": Self.green + "probe all rgb 0.0 1.0 0.0\n",
            "bad.shader_test": Self.green + "probe rgb 3 4 1.0 1.0 0.0\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try runShade(["test", folder.path])
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.contains(
            "FAIL \(folder.path)/bad.shader_test: line 9: probe at (3, 4): expected (1.0, 1.0, 0.0), observed (0.0, 1.0, 0.0)"))
        #expect(outcome.standardOutput.contains("PASS \(folder.path)/good.shader_test"))
        #expect(outcome.standardOutput.hasSuffix("1 passed, 1 failed, 0 skipped\n"))
    }

    @Test("an unsupported command is a skip with the reason, never a pass")
    func unsupportedCommandSkips() throws {
        let folder = try temporary(["points.shader_test": Self.green + "draw arrays GL_POINTS 0 1\nprobe all rgb 0.0 1.0 0.0\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try runShade(["test", folder.appendingPathComponent("points.shader_test").path])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.contains("SKIP"))
        #expect(outcome.standardOutput.contains("line 9: command 'draw arrays GL_POINTS 0 1' is not supported"))
        #expect(outcome.standardOutput.hasSuffix("0 passed, 0 failed, 1 skipped\n"))
    }

    @Test("--json gives one object with every test and the counts")
    func json() throws {
        let folder = try temporary(["bad.shader_test": Self.green + "probe all rgb 1.0 0.0 0.0\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try runShade(["test", "--json", folder.path])
        #expect(outcome.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any]
        #expect(object?["failed"] as? Int == 1)
        let tests = object?["tests"] as? [[String: Any]]
        #expect(tests?.first?["status"] as? String == "fail")
        #expect((tests?.first?["reason"] as? String)?.contains("probe at (0, 0)") == true)
    }

    @Test("dEQP .test files run case by case")
    func deqpFile() throws {
        let folder = try temporary(["ops.test": """
            case add
                values { input float a = [ 1.0 | 2.0 ]; output float b = [ 2.0 | 3.5 ]; }
                both ""
                    precision mediump float;
                    ${DECLARATIONS}
                    void main() { b = a + 1.0; ${OUTPUT} }
                ""
            end

            """])
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try runShade(["test", folder.path])
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.contains("FAIL \(folder.path)/ops.test: ops.add.vertex: row 1: b expected 3.5, got 3"))
        #expect(outcome.standardOutput.hasSuffix("0 passed, 2 failed, 0 skipped\n"))
    }

    @Test("missing files exit 66, no arguments 64, --help 0")
    func usage() throws {
        #expect(try runShade(["test", "/no/such/file.shader_test"]).status == 66)
        #expect(try runShade(["test"]).status == 64)
        let help = try runShade(["test", "--help"])
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("examples:"))
    }

    @Test("shade trace prints steps with lines and the rendered pixel agrees")
    func trace() throws {
        try traced("half.fsh", """
            precision mediump float;
            varying vec2 textureCoordinate;
            void main()
            {
                float x = textureCoordinate.x;
                if (x > 0.5) {
                    x = 1.0;
                }
                gl_FragColor = vec4(x, 0.0, 0.0, 1.0);
            }

            """) { (path: String, outcome: Outcome) throws in
        #expect(outcome.standardOutput == """
            trace of \(path) at pixel (3, 1) of 4x4
            5: x = 0.875
            6: if (x > 0.5) -> true
            7: x = 1.0
            9: gl_FragColor = vec4(1.0, 0.0, 0.0, 1.0)
            gl_FragColor = vec4(1.0, 0.0, 0.0, 1.0)
            rendered pixel (3, 1) = (1.0, 0.0, 0.0, 1.0)

            """)
        #expect(try runShade(["trace", path, "--size", "4x4"]).status == 64)
        #expect(try runShade(["trace", path, "--size", "4x4", "--pixel", "4,0"]).status == 64)
        }
    }

    /// Writes `source` as `name` in a fresh folder and traces pixel (3, 1) of a 4×4 target;
    /// `check` gets the path and the outcome (which must succeed).
    func traced(
        _ name: String, _ source: String, sourceLocation: SourceLocation = #_sourceLocation,
        _ check: (String, Outcome) throws -> Void
    ) throws {
        let folder = try temporary([name: source])
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(name).path
        let outcome = try runShade(["trace", path, "--size", "4x4", "--pixel", "3,1"])
        #expect(outcome.status == 0, "\(outcome.standardError)", sourceLocation: sourceLocation)
        try check(path, outcome)
    }

    @Test("shade trace runs GLSL ES 3.00 and prints ints and uints as integers")
    func traceES300() throws {
        try traced("hash.fsh", """
            #version 300 es
            precision highp float;
            precision highp int;
            out vec4 color;
            void main() {
                uint h = uint(gl_FragCoord.x) * 0x9e3779b9u;
                int s = int(h) >> 28;
                color = vec4(float(h >> 24u) / 255.0, s < 0 ? 1.0 : 0.0, 0.0, 1.0);
            }

            """) { (path: String, outcome: Outcome) throws in
        // h = 3 * 0x9e3779b9 wrapped = 0xdaa66d2b; int(h) >> 28 = -3 (arithmetic shift).
        #expect(outcome.standardOutput == """
            trace of \(path) at pixel (3, 1) of 4x4
            6: h = 3668340011u
            7: s = -3
            8: color = vec4(0.85490197, 1.0, 0.0, 1.0)
            color = vec4(0.85490197, 1.0, 0.0, 1.0)
            rendered pixel (3, 1) = (0.85490197, 1.0, 0.0, 1.0)

            """)
        }
    }
}
