import Foundation
import Testing

@Suite("shade filters, the real executable")
struct FiltersCommandTests {
    @Test("lists all 120 filters and the text step, one line each: name, category, summary")
    func list() throws {
        let outcome = try runShade(["filters"])
        #expect(outcome.status == 0)
        let lines = outcome.standardOutput.split(separator: "\n")
        #expect(lines.count == 121)
        #expect(lines.contains { $0.hasPrefix("text ") && $0.contains("FreeType") })
        let blur = try #require(lines.first { $0.hasPrefix("gaussianBlur ") })
        #expect(
            blur.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first
                == "processing")
        #expect(blur.contains("separable Gaussian blur"))
        #expect(outcome.standardError.isEmpty)
    }

    @Test("--category lists one category")
    func category() throws {
        let outcome = try runShade(["filters", "--category", "generator"])
        #expect(outcome.status == 0)
        let names = outcome.standardOutput.split(separator: "\n").map {
            $0.split(separator: " ")[0]
        }
        #expect(
            names.contains("solidColor") && names.contains("perlinNoise") && names.contains("text")
                && !names.contains("sepia"))
        #expect(try runShade(["filters", "--category", "colour"]).status == 64)
    }

    @Test(
        "one filter: parameters with types, defaults, ranges, and the formula",
        arguments: [
            "gaussian-blur", "gaussianBlur", "GaussianBlur",
        ])
    func detail(name: String) throws {
        let outcome = try runShade(["filters", name])
        #expect(outcome.status == 0)
        let text = outcome.standardOutput
        #expect(text.hasPrefix("gaussianBlur: Gaussian blur (processing)\n"))
        #expect(text.contains("formula: out(x) = sum_k w_k in(x + k d)"))
        #expect(
            text.contains(
                "  sigma  float  default 2  range 0...64  -- standard deviation in pixels"))
        #expect(text.contains("  2: self input=pass1 direction=0,1\n"))
        #expect(text.hasSuffix("swift:   GaussianBlur(sigma:)\n"))
    }

    @Test("--json for the list and for one filter")
    func json() throws {
        let list = try runShade(["filters", "--json"])
        let array = try #require(
            try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8))
                as? [[String: Any]])
        #expect(array.count == 120)
        #expect(array.first?["name"] as? String == "adaptiveThreshold")

        let one = try runShade(["filters", "--json", "polygon"])
        #expect(one.status == 0)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(one.standardOutput.utf8)) as? [String: Any])
        #expect(object["category"] as? String == "generator")
        let parameters = try #require(object["parameters"] as? [[String: Any]])
        #expect(
            parameters.map { $0["name"] as? String } == [
                "vertices", "vertexCount", "fillColor", "backgroundColor",
            ])
        #expect(parameters[0]["glslType"] as? String == "vec2[16]")
        #expect((parameters[1]["range"] as? [Double]) == [3, 16])
        #expect((object["output"] as? [String: Any])?["default"] as? [Int] == [160, 120])
    }

    @Test("an unknown name exits 64 with a suggestion on stderr")
    func unknown() throws {
        let outcome = try runShade(["filters", "gausian-blur"])
        #expect(outcome.status == 64)
        #expect(outcome.standardOutput.isEmpty)
        #expect(
            outcome.standardError
                == "shade filters: error: no built-in filter named 'gausian-blur'; did you mean 'gaussianBlur'?\n"
        )
        let far = try runShade(["filters", "qqqqqqqqqq"])
        #expect(far.status == 64 && !far.standardError.contains("did you mean"))
        #expect(try runShade(["filters", "sepia", "vignette"]).status == 64)
        #expect(try runShade(["filters", "--bogus"]).status == 64)
    }

    @Test("--help shows usage and examples")
    func help() throws {
        let outcome = try runShade(["filters", "--help"])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.hasPrefix("usage: shade filters"))
        #expect(outcome.standardOutput.contains("$ shade filters gaussian-blur"))
        #expect(try runShade(["--help"]).standardOutput.contains("filters"))
    }

    @Test("an installed copy of shade needs no source tree (the shaders are embedded)")
    func installedCopy() throws {
        let binary = try #require(shadeExecutable())
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "shade-install-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("shade")
        try FileManager.default.copyItem(at: binary, to: copy)
        let process = Process()
        process.executableURL = copy
        process.arguments = ["filters", "cannyEdgeDetection"]
        process.currentDirectoryURL = folder
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(
            decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(text.contains("5: directionalNonMaximumSuppression input=pass4"))
    }
}
