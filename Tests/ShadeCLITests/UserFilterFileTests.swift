import Foundation
import Framebuffers
import Testing

/// A shader file with a filter header is a filter of the user's own: `shade chain` runs all
/// its passes with the header's parameters, as it runs a built-in filter.
@Suite struct UserFilterFileTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test func aTwoPassFilterFileRunsBothPassesWithItsParameters() throws {
        let folder = try temporaryFolder()
        let input = try writePNG(patternTexture(width: 40, height: 24), folder, "in.png")
        // The built-in Gaussian blur's file under another name: the same header, both passes.
        let builtin = try String(
            contentsOf: Self.repository.appendingPathComponent("Shaders/Filters/GaussianBlur.fsh"), encoding: .utf8)
        let mine = folder + "/MyBlur.fsh"
        try builtin.replacingOccurrences(of: "// filter: gaussianBlur", with: "// filter: myBlur")
            .write(toFile: mine, atomically: true, encoding: .utf8)
        #expect(shadeInProcess(["chain", input, "\(mine):sigma=1.5", "-o", folder + "/a.png"]).status == 0)
        #expect(shadeInProcess(["chain", input, "gaussian-blur:sigma=1.5", "-o", folder + "/b.png"]).status == 0)
        let a = try decoded(folder + "/a.png"), b = try decoded(folder + "/b.png")
        #expect(Self.same(a, b))
        // Read as a plain shader, its `direction` uniform would be 0 and every tap the centre:
        // a copy of the input. It is not.
        #expect(!Self.same(a, try decoded(input)))
        // Its parameters are checked like a built-in's.
        let unknown = shadeInProcess(["chain", input, "\(mine):sigma=1,foo=2", "-o", folder + "/d.png"])
        #expect(unknown.status == 64)
        #expect(unknown.standardError.contains("has no parameter 'foo' (it has sigma)"))
    }

    static func same(_ a: Texture, _ b: Texture) -> Bool {
        guard a.width == b.width, a.height == b.height else { return false }
        for y in 0..<a.height { for x in 0..<a.width where a.rgba8Pixel(x: x, y: y) != b.rgba8Pixel(x: x, y: y) { return false } }
        return true
    }

    @Test func aBrokenHeaderIsAUsageError() throws {
        let folder = try temporaryFolder()
        let input = try writePNG(patternTexture(width: 8, height: 8), folder, "in.png")
        let bad = folder + "/Bad.fsh"
        try "// filter: bad\n// passes: x\nvoid main() { gl_FragColor = vec4(1.0); }\n"
            .write(toFile: bad, atomically: true, encoding: .utf8)
        let outcome = shadeInProcess(["chain", input, bad, "-o", folder + "/o.png"])
        #expect(outcome.status == 64)
        #expect(outcome.standardError.contains("its filter header is not valid"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/o.png"))
    }
}
