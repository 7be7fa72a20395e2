import Foundation
import Framebuffers
import ImageCodecs
import ShaderSemantics
import ShaderTesting
import Testing

/// `Tests/Regressions`: every miscompilation the differential tests found, as the minimal
/// shader and llvmpipe's pixels for it (`References/NAME.png`, made by
/// `scripts/make-regression-references`). A new regression is a new file.
struct RegressionCase: CustomStringConvertible, Sendable {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Regressions")

    var name: String
    var description: String { name }

    static let all: [RegressionCase] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".frag") }.sorted().map { RegressionCase(name: String($0.dropLast(5))) }
    }()

    /// The case as its header describes it: `// size: WxH` (default 32x24), `// uniforms:`,
    /// `// inputs: N` (the campaign's built-in images), `// profile: NAME` (a device profile;
    /// its reference is llvmpipe's native precision), `NAME.vert` beside it.
    func differentialCase() throws -> DifferentialCase {
        let text = try String(contentsOf: Self.folder.appendingPathComponent(name + ".frag"), encoding: .utf8)
        let vertexURL = Self.folder.appendingPathComponent(name + ".vert")
        let vertex = FileManager.default.fileExists(atPath: vertexURL.path)
            ? try String(contentsOf: vertexURL, encoding: .utf8) : nil
        var size = (32, 24), uniforms: [String: [Float]] = [:], inputs = 0, profile = DeviceProfile.desktop
        for line in text.split(separator: "\n") where line.hasPrefix("//") {
            let parts = line.dropFirst(2).split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let value = parts[1].trimmingCharacters(in: .whitespaces)
            switch parts[0].trimmingCharacters(in: .whitespaces) {
            case "size":
                let wh = value.split(separator: "x").compactMap { Int($0) }
                if wh.count == 2 { size = (wh[0], wh[1]) }
            case "uniforms":
                for pair in value.split(separator: " ") {
                    let kv = pair.split(separator: "=", maxSplits: 1)
                    uniforms[String(kv[0])] = kv[1].split(separator: ",").compactMap { Float(String($0)) }
                }
            case "inputs": inputs = Int(value) ?? 0
            case "profile": profile = DeviceProfile.named(value) ?? profile
            default: break
            }
        }
        var c = DifferentialCase(
            name: name, fragmentSource: text, vertexSource: vertex, uniforms: uniforms,
            inputs: Array(DifferentialCampaign.inputImages.prefix(inputs)), width: size.0, height: size.1)
        c.profile = profile
        return c
    }
}

@Suite struct RegressionTests {
    @Test(arguments: RegressionCase.all)
    func regressionStaysFixed(_ r: RegressionCase) throws {
        let c = try r.differentialCase()
        let outcome = DifferentialTest.run(c)
        guard case .agree(let image) = outcome else {
            Issue.record("\(r): executor and interpreter disagree: \(outcome)")
            return
        }
        let reference = try ImageFile.decode(
            contentsOfFile: RegressionCase.folder.appendingPathComponent("References/\(r.name).png").path
        ).texture
        #expect(reference.width == c.width && reference.height == c.height, "\(r): reference size")
        var worst = 0, bad = 0
        for y in 0..<c.height {
            for x in 0..<c.width {
                let a = image.rgba8Pixel(x: x, y: y), b = reference.rgba8Pixel(x: x, y: y)
                let d = (0..<4).map { abs(Int(a[$0]) - Int(b[$0])) }.max()!
                worst = max(worst, d)
                if d > 1 { bad += 1 }
            }
        }
        #expect(bad == 0, "\(r): \(bad) pixels differ from llvmpipe by more than 1/255 (largest \(worst))")
    }

    @Test func bothIssueReprosAreRegressionCases() {
        let names = Set(RegressionCase.all.map(\.name))
        #expect(names.isSuperset(of: ["copy-then-component-write", "copy-then-update-with-original"]))
    }
}
