import Foundation
import Testing

@Suite("shade bench, the real executable")
struct BenchCommandTests {
    @Test("the suite prints the memcpy floor and one JSON object per shader, size and thread count, with C and native ratios")
    func suite() throws {
        // 67x19: odd sizes, so the C kernels' vector loops run their remainders too.
        let outcome = try runShade(["bench", "--sizes", "67x19", "--threads", "1", "--repeat", "1", "--json"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let lines = outcome.standardOutput.split(separator: "\n")
        #expect(lines.count == 5)
        var shaders: [String] = []
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let shader = try #require(object["shader"] as? String)
            shaders.append(shader)
            #expect(object["width"] as? Int == 67)
            #expect(object["height"] as? Int == 19)
            #expect(object["threads"] as? Int == 1)
            #expect((object["c_ms"] as? Double ?? 0) > 0)
            #expect(["avx512f", "avx2", "baseline", "neon"].contains(object["c_isa"] as? String ?? ""))
            if shader == "memcpy" { continue }
            #expect((object["median_ms"] as? Double ?? 0) > 0)
            #expect((object["mpix_per_s"] as? Double ?? 0) > 0)
            #expect((object["ratio"] as? Double ?? 0) > 0)
            #expect((object["c_over_shade"] as? Double ?? 0) > 0)
            // The C kernel does exactly the shader's work: the same bytes as Shade's frame.
            #expect(object["c_differing_channels"] as? Int == 0, "\(shader): C and Shade differ")
        }
        #expect(shaders == ["memcpy", "grayscale", "alphaBlend", "gaussian9", "procedural"])
    }

    @Test("--only picks benchmarks and rejects unknown names")
    func only() throws {
        let outcome = try runShade(["bench", "--sizes", "16x8", "--threads", "1", "--repeat", "1", "--only", "procedural", "--json"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.split(separator: "\n").count == 2)
        let unknown = try runShade(["bench", "--only", "sepia"])
        #expect(unknown.status == 64)
        #expect(unknown.standardError.contains("unknown benchmark 'sepia'"))
        #expect(try runShade(["bench", "--vs-llvmpipe", "--llvmpipe-precision", "fp16"]).status == 64)
    }

    @Test("--fragment times any shader with shade run's options")
    func oneShader() throws {
        let outcome = try runShade([
            "bench", "--fragment", shadersDirectory + "/Filters/Grayscale.fsh", "--input", fixture("coffee.png"),
            "--repeat", "2", "--json",
        ])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        #expect(object["width"] as? Int == 600)
        #expect(object["height"] as? Int == 400)
        #expect(object["ratio"] == nil)
    }

    @Test("usage errors exit 64")
    func usage() throws {
        #expect(try runShade(["bench", "--repeat", "0"]).status == 64)
        #expect(try runShade(["bench", "--sizes", "axb"]).status == 64)
    }
}
