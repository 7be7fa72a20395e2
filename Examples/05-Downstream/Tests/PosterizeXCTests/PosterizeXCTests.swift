// XCTest in a package that depends on Shade, with one `import Shade` for everything.
import Posterize
import Shade
import XCTest

final class PosterizeXCTests: XCTestCase {
    /// Fails the test at the caller's line when a comparison does not match (XCTest wants the
    /// location as `StaticString`, so it comes from this helper's defaults, not the report).
    func assertMatch(_ report: ImageComparison, file: StaticString = #filePath, line: UInt = #line) {
        if !report.isMatch { XCTFail(report.description, file: file, line: line) }
    }

    func testAGreyPictureIsSnappedToTheNearestLevel() throws {
        let grey = Texture(width: 8, height: 8, filledWith: SIMD4(0.3, 0.6, 0.9, 1))
        let image = try ShaderFixture.render(
            fragment: Posterize.shader, width: 8, height: 8, uniforms: ["levels": [3]], inputs: [grey])
        // 0.3 → 0.5, 0.6 → 0.5, 0.9 → 1 with three levels (0, 0.5, 1).
        assertMatch(ImageExpectation.rect(of: image, x: 0, y: 0, width: 8, height: 8, is: SIMD4(0.5, 0.5, 1, 1)))
    }

    func testTheOperationRunsInAGraphAfterABuiltInFilter() throws {
        let input = PictureInput(texture: Texture(width: 8, height: 8, filledWith: SIMD4(0.2, 0.7, 0.4, 1)), name: "flat")
        let gray = Grayscale()
        let poster = try Posterize.operation(levels: 2)
        var result: Texture?
        let output = TextureOutput { result = $0 }
        input --> gray --> poster --> output
        try input.processImage()
        let image = try XCTUnwrap(result)
        // Luminance 0.2125·0.2 + 0.7154·0.7 + 0.0721·0.4 ≈ 0.572 → 1 with two levels.
        XCTAssertEqual(image.rgba8Pixel(x: 3, y: 3), SIMD4(255, 255, 255, 255))
    }

    func testABadShaderIsAnErrorNotACrash() {
        XCTAssertThrowsError(try BasicOperation(fragmentShader: "void main() { gl_FragColor = colr; }", name: "Bad")) { error in
            guard case GraphError.shaderCompilation = error else { return XCTFail("\(error)") }
        }
    }

    func testTheUmbrellaAlsoBringsTheVersionOfTheLowerModules() {
        // Types from five modules through one import.
        let schedule = Schedule(threadCount: 1)
        XCTAssertEqual(schedule.laneWidth, 64)
        XCTAssertEqual(ImageFormat(pathExtensionOf: "a.png"), .png)
        XCTAssertNotNil(FilterCatalog.filter(named: "sepia"))
        XCTAssertNoThrow(try Font(pixelSize: 12))
    }
}
