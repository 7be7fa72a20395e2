import Foundation
import Testing

@Suite("shade bench, the real executable")
struct BenchCommandTests {
    @Test("the suite prints one JSON object per shader, size and thread count, with native ratios")
    func suite() throws {
        let outcome = try runShade(["bench", "--sizes", "32x16", "--threads", "1", "--repeat", "1", "--json"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let lines = outcome.standardOutput.split(separator: "\n")
        #expect(lines.count == 4)
        var shaders: [String] = []
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            shaders.append(try #require(object["shader"] as? String))
            #expect(object["width"] as? Int == 32)
            #expect(object["height"] as? Int == 16)
            #expect(object["threads"] as? Int == 1)
            #expect((object["median_ms"] as? Double ?? 0) > 0)
            #expect((object["mpix_per_s"] as? Double ?? 0) > 0)
            #expect((object["ratio"] as? Double ?? 0) > 0)
        }
        #expect(shaders == ["grayscale", "alphaBlend", "gaussian9", "procedural"])
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
