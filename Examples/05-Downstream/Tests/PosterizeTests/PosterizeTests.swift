// Swift Testing in a package that depends on Shade: ShaderTesting renders the shader at test
// size and compares pixels; ImageGraph runs it in a chain.
import Framebuffers
import ImageGraph
import Posterize
import ShaderTesting
import Testing

/// Records a failed comparison as an issue at the line that made it.
func expectMatch(_ report: ImageComparison) {
    guard !report.isMatch else { return }
    let l = report.sourceLocation
    Issue.record(
        Comment(rawValue: report.description),
        sourceLocation: SourceLocation(fileID: l.fileID, filePath: l.filePath, line: l.line, column: l.column))
}

/// A 16×4 ramp: red rises left to right, green falls, blue is constant, alpha 1.
func ramp() -> Texture {
    var bytes: [UInt8] = []
    for _ in 0..<4 {
        for x in 0..<16 { bytes += [UInt8(x * 17), UInt8(255 - x * 17), 100, 255] }
    }
    return Texture(width: 16, height: 4, rgba8: bytes)
}

@Suite struct PosterizeTests {
    @Test(arguments: [2, 3, 4, 8])
    func everyPixelIsSnapped(levels: Int) throws {
        let input = ramp()
        let image = try ShaderFixture.render(
            fragment: Posterize.shader, width: 16, height: 4, uniforms: ["levels": [Float(levels)]], inputs: [input])
        expectMatch(ImageExpectation.everyPixel(of: image) { x, y in
            let p = input.pixel(x: x, y: y)
            return SIMD4(
                Posterize.snapped(p.x, levels: levels), Posterize.snapped(p.y, levels: levels),
                Posterize.snapped(p.z, levels: levels), 1)
        })
    }

    @Test func twoLevelsAreBlackOrFull() throws {
        let image = try ShaderFixture.render(
            fragment: Posterize.shader, width: 16, height: 4, uniforms: ["levels": [2]], inputs: [ramp()])
        expectMatch(ImageExpectation.pixel(of: image, x: 0, y: 0, is: SIMD4(0, 1, 0, 1)))
        expectMatch(ImageExpectation.pixel(of: image, x: 15, y: 3, is: SIMD4(1, 0, 0, 1)))
    }

    @Test func aChainOfBlurAndPosterizeGivesOnlyTheLevels() throws {
        let result = try Posterize.softPoster(ramp(), levels: 3)
        #expect(result.width == 16 && result.height == 4)
        for y in 0..<4 {
            for x in 0..<16 {
                let p = result.rgba8Pixel(x: x, y: y)
                #expect([0, 128, 255].contains(p.x) && [0, 128, 255].contains(p.y), "(\(x), \(y)): \(p)")
            }
        }
        // The blur does not change the ends of the ramp enough to cross a level.
        #expect(result.rgba8Pixel(x: 0, y: 0).x == 0 && result.rgba8Pixel(x: 15, y: 0).x == 255)
    }
}
