import Foundation
import Framebuffers
import Testing
import ShaderTesting

/// The kit must catch a wrong pixel, a wrong size and an off-by-one tolerance, and record
/// goldens only when asked.
@Suite struct ImageExpectationTests {
    static let gradient = """
        precision highp float;
        varying vec2 textureCoordinate;
        uniform float blue;
        void main() { gl_FragColor = vec4(textureCoordinate.x, textureCoordinate.y, blue, 1.0); }
        """

    func render(blue: Float = 0.5) throws -> Texture {
        try ShaderFixture.render(fragment: Self.gradient, width: 4, height: 2, uniforms: ["blue": [blue]])
    }

    @Test func aCorrectPixelMatches() throws {
        let image = try render()
        // Pixel (1, 0): texture coordinate (0.375, 0.25).
        let result = ImageExpectation.pixel(of: image, x: 1, y: 0, is: SIMD4(96 / 255, 64 / 255, 128 / 255, 1))
        #expect(result.isMatch, "\(result)")
    }

    @Test func aWrongPixelIsReportedWithExpectedAndActual() throws {
        let result = ImageExpectation.pixel(of: try render(), x: 1, y: 0, is: SIMD4(0, 64 / 255, 128 / 255, 1))
        #expect(!result.isMatch)
        #expect(result.differingPixelCount == 1)
        #expect(result.firstMismatch?.x == 1 && result.firstMismatch?.y == 0)
        #expect(result.description.contains("expected (0, 0.251, 0.502, 1), actual (0.3765, 0.251, 0.502, 1)"))
        #expect(result.sourceLocation.line == #line - 5)
    }

    @Test func theToleranceIsInclusiveAndOneStepIsNotTwo() throws {
        let image = try render()
        let oneOff = SIMD4<Float>(97 / 255, 64 / 255, 128 / 255, 1)
        let twoOff = SIMD4<Float>(98 / 255, 64 / 255, 128 / 255, 1)
        #expect(ImageExpectation.pixel(of: image, x: 1, y: 0, is: oneOff).isMatch)
        #expect(!ImageExpectation.pixel(of: image, x: 1, y: 0, is: oneOff, tolerance: ImageExpectation.exact).isMatch)
        #expect(!ImageExpectation.pixel(of: image, x: 1, y: 0, is: twoOff).isMatch)
    }

    @Test func aRectCountsItsBadPixels() throws {
        let image = try render(blue: 1)
        let result = ImageExpectation.rect(
            of: image, x: 0, y: 0, width: 4, height: 2, is: SIMD4(0, 0, 1, 1), tolerance: SIMD4(0.2, 1, 0, 0))
        // Red is 0.125, 0.375, 0.625, 0.875 by column: three columns of two rows are off by > 0.2.
        #expect(result.differingPixelCount == 6)
        #expect(result.comparedPixelCount == 8)
        #expect(abs(result.largestDifference - 223 / 255) < 1e-6)
        #expect(result.firstMismatch?.x == 1)
        #expect(!ImageExpectation.rect(of: image, x: 3, y: 0, width: 2, height: 1, is: .zero).isMatch)
    }

    @Test func aWrongSizeIsAMismatch() throws {
        let small = try render()
        let large = try ShaderFixture.render(fragment: Self.gradient, width: 4, height: 3, uniforms: ["blue": [0.5]])
        let result = ImageExpectation.image(small, equals: large)
        #expect(!result.isMatch)
        #expect(result.description.contains("size 4x2 differs from the expected 4x3"))
        #expect(ImageExpectation.image(small, equals: try render()).isMatch)
    }

    @Test func everyPixelComparesWithAFunction() throws {
        let image = try render()
        let result = ImageExpectation.everyPixel(of: image) { x, y in
            SIMD4((Float(x) + 0.5) / 4, (Float(y) + 0.5) / 2, 0.5, 1)
        }
        #expect(result.isMatch, "\(result)")
    }

    @Test func goldensAreRecordedOnlyWhenAskedAndDiffsAreWritten() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shade-golden-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("gradient.png").path
        let image = try render()
        let missing = ImageExpectation.golden(image, matches: path, environment: [:])
        #expect(!missing.isMatch)
        #expect(missing.description.contains("SHADE_RECORD_GOLDENS=1"))
        let recording = ImageExpectation.golden(image, matches: path, environment: ["SHADE_RECORD_GOLDENS": "1"])
        #expect(!recording.isMatch, "a recording run must fail")
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(ImageExpectation.golden(image, matches: path, environment: [:]).isMatch)
        let changed = ImageExpectation.golden(try render(blue: 0.6), matches: path, environment: [:])
        #expect(!changed.isMatch)
        #expect(changed.differingPixelCount == 8)
        #expect(changed.diffImagePath == folder.appendingPathComponent("gradient.diff.png").path)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("gradient.diff.png").path))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("gradient.actual.png").path))
    }

    @Test func aBadShaderThrowsItsDiagnostics() {
        #expect(throws: ShaderTestError.self) {
            try ShaderFixture.render(fragment: "void main() { gl_FragColor = vec3(1.0); }", width: 1, height: 1)
        }
    }
}
