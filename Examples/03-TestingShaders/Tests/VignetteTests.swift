// Lesson 3, with Swift Testing: the kit returns reports, and a three-line helper turns a
// failed report into an issue at the caller's line (XCTest: a helper taking `file: StaticString
// = #filePath, line: UInt = #line` that calls XCTFail(report.description, file:, line:); see
// Examples/05-Downstream).
import Foundation
import Framebuffers
import ShaderTesting
import Testing

/// Records a failed comparison as an issue pointing at the line that made it.
func expectMatch(_ report: ImageComparison) {
    guard !report.isMatch else { return }
    let l = report.sourceLocation
    Issue.record(
        Comment(rawValue: report.description),
        sourceLocation: SourceLocation(fileID: l.fileID, filePath: l.filePath, line: l.line, column: l.column))
}

@Suite struct VignetteTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static let vignette = try! String(
        contentsOf: folder.appendingPathComponent("Shaders/Vignette.fsh"), encoding: .utf8)

    func render(radius: Float) throws -> Texture {
        try ShaderFixture.render(
            fragment: Self.vignette, width: 16, height: 16,
            uniforms: ["radius": [radius], "softness": [0.1]],
            inputs: [Texture(width: 16, height: 16, filledWith: SIMD4(1, 1, 1, 1))])
    }

    @Test func theCentreKeepsItsColour() throws {
        expectMatch(ImageExpectation.rect(of: try render(radius: 0.25), x: 6, y: 6, width: 4, height: 4, is: SIMD4(1, 1, 1, 1)))
    }

    @Test func theCornersAreBlack() throws {
        let image = try render(radius: 0.25)
        for (x, y) in [(0, 0), (15, 0), (0, 15), (15, 15)] {
            expectMatch(ImageExpectation.pixel(of: image, x: x, y: y, is: SIMD4(0, 0, 0, 1)))
        }
    }

    @Test func aWiderRadiusBrightensTheEdge() throws {
        let narrow = try render(radius: 0.2).pixel(x: 14, y: 8)
        let wide = try render(radius: 0.4).pixel(x: 14, y: 8)
        #expect(wide.x > narrow.x)
    }

    /// The golden lives next to this file; record it with `SHADE_RECORD_GOLDENS=1 swift test`
    /// (that run fails on purpose), then commit the PNG.
    @Test func matchesItsGolden() throws {
        expectMatch(ImageExpectation.golden(try render(radius: 0.25), matches: "Goldens/vignette-16x16.png"))
    }

    @Test func theShaderTestFilePasses() throws {
        let file = Self.folder.appendingPathComponent("Shaders/vignette.shader_test")
        let test = ShaderRunnerTest(parsing: try String(contentsOf: file, encoding: .utf8), name: "vignette.shader_test")
        #expect(ShaderRunner().run(test) == .passed)
    }
}
