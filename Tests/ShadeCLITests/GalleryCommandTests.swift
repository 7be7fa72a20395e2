import Foundation
import Framebuffers
import ImageCodecs
import ImageGraph
import Testing
import TextRendering
@testable import ShadeCLI

@Suite("shade gallery and the text step")
struct GalleryCommandTests {
    @Test("the layout: the sheet's size follows the columns, tile size and label height")
    func layout() {
        let layout = GalleryLayout(count: 120, columns: 10, tileWidth: 160, tileHeight: 120, labelHeight: 16)
        #expect(layout.rows == 12)
        #expect(layout.width == 4 + 10 * 164 && layout.height == 4 + 12 * 140)
        #expect(layout.tileOrigin(0) == (4, 4) && layout.tileOrigin(11) == (168, 144))
        let few = GalleryLayout(count: 3, columns: 10, tileWidth: 50, tileHeight: 40, labelHeight: 10)
        #expect(few.width == 4 + 3 * 54 && few.height == 4 + 54)
    }

    @Test("the generators on 3 columns of 32x24 tiles: one tile per filter, each the filter's own picture, labelled")
    func generatorSheet() throws {
        let folder = try temporaryFolder()
        let sheetPath = folder + "/sheet.png"
        let outcome = shadeInProcess([
            "gallery", imagesDirectory + "/coffee.png", "-o", sheetPath, "--category", "generator",
            "--columns", "3", "--size", "32x24", "--quiet",
        ])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let sheet = try ImageFile.decode(contentsOfFile: sheetPath).texture
        let generators = FilterCatalog.all.filter { $0.category == .generator }
        #expect(generators.count == 8)
        let font = try Font(pixelSize: 9)
        let layout = GalleryLayout(
            count: generators.count, columns: 3, tileWidth: 32, tileHeight: 24, labelHeight: font.ascender + font.descender + 4)
        #expect(sheet.width == layout.width && sheet.height == layout.height)
        #expect(layout.rows == 3)
        let background = SIMD4<UInt8>(32, 32, 32, 255)
        for (index, filter) in generators.enumerated() {
            // The tile is the filter rendered alone at the tile size (opaque generators).
            let alone = try FilterOperation(filter: filter).with { $0.outputSize = ImageSize(width: 32, height: 24) }
                .apply(to: [])
            let origin = layout.tileOrigin(index)
            var differing = 0
            for y in 0..<24 {
                for x in 0..<32 where alone.rgba8Pixel(x: x, y: y).w == 255 {
                    let p = sheet.rgba8Pixel(x: origin.x + x, y: origin.y + y), q = alone.rgba8Pixel(x: x, y: y)
                    if p != q { differing += 1 }
                }
            }
            #expect(differing == 0, "\(filter.name): \(differing) pixels differ from the filter's own rendering")
            // Its label strip has ink.
            var ink = 0
            for y in (origin.y + 24)..<(origin.y + 24 + layout.labelHeight) {
                for x in origin.x..<(origin.x + 32) where sheet.rgba8Pixel(x: x, y: y) != background { ink += 1 }
            }
            #expect(ink > 5, "\(filter.name): no label")
        }
        // The ninth cell is empty.
        let empty = layout.tileOrigin(8)
        for y in empty.y..<(empty.y + 24 + layout.labelHeight) {
            for x in empty.x..<(empty.x + 32) {
                #expect(sheet.rgba8Pixel(x: x, y: y) == background)
            }
        }
    }

    @Test("bad options are usage errors; a missing photo or font is 66; an existing sheet needs --force")
    func errors() throws {
        let folder = try temporaryFolder()
        let photo = imagesDirectory + "/coffee.png"
        #expect(shadeInProcess(["gallery", photo, "-o", folder + "/a.jpg", "--columns", "0"]).status == 64)
        #expect(shadeInProcess(["gallery", photo, "-o", folder + "/a.jpg", "--size", "8x8"]).status == 64)
        #expect(shadeInProcess(["gallery", photo, "-o", folder + "/a.jpg", "--category", "blends"]).status == 64)
        #expect(shadeInProcess(["gallery", photo]).status == 64)
        #expect(shadeInProcess(["gallery", folder + "/none.png", "-o", folder + "/a.jpg"]).status == 66)
        let font = shadeInProcess(["gallery", photo, "-o", folder + "/a.jpg", "--font", "No Such Family Shade"])
        #expect(font.status == 66)
        #expect(font.standardError.contains("no font named 'No Such Family Shade'"))
        try "x".write(toFile: folder + "/b.jpg", atomically: true, encoding: .utf8)
        #expect(shadeInProcess(["gallery", photo, "-o", folder + "/b.jpg", "--category", "generator"]).status == 73)
    }

    @Test("the text step in a chain: a caption of the colour asked for, in its corner; its string keeps ',' and ':'")
    func textStep() throws {
        let folder = try temporaryFolder()
        let black = folder + "/black.png"
        try ImageFile.write(Texture(width: 120, height: 60, filledWith: SIMD4(0, 0, 0, 1)), toFile: black)
        let outcome = shadeInProcess([
            "chain", black, "text:string=Hi, 12:00:size=16:color=#00ff00:position=top-left:margin=3", "-o", folder + "/t.png",
        ])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let image = try ImageFile.decode(contentsOfFile: folder + "/t.png").texture
        var green = 0, other = 0
        for y in 0..<60 {
            for x in 0..<120 {
                let p = image.rgba8Pixel(x: x, y: y)
                if p == SIMD4(0, 255, 0, 255) {
                    green += 1
                    #expect(x >= 3 && y >= 3 && y < 25, "ink at (\(x), \(y))")
                } else if p != SIMD4(0, 0, 0, 255) {
                    #expect(p.x == 0 && p.z == 0, "not a shade of green at (\(x), \(y)): \(p)")
                    other += 1
                }
            }
        }
        #expect(green > 20 && other > 0)
        let step = try ChainStep(parsing: "text:string=Hi, 12:00:size=16")
        #expect(step.arguments.map(\.key) == ["string", "size"] && step.arguments[0].value == "Hi, 12:00")
        #expect(shadeInProcess(["chain", black, "text:font=No Such Family Shade", "-o", folder + "/u.png"]).status == 66)
        #expect(shadeInProcess(["chain", black, "text:size=0", "-o", folder + "/u.png"]).status == 64)
        #expect(shadeInProcess(["chain", black, "text:colr=#fff", "-o", folder + "/u.png"]).status == 64)
        // As a generator in shade render: transparent where there is no text.
        let rendered = shadeInProcess(["render", "text:string=A:size=20:position=center", "--size", "40x30", "-o", folder + "/g.png"])
        #expect(rendered.status == 0, "\(rendered.standardError)")
        let generated = try ImageFile.decode(contentsOfFile: folder + "/g.png").texture
        #expect(generated.rgba8Pixel(x: 0, y: 0).w == 0 && generated.rgba8Pixel(x: 20, y: 12).w > 0)
    }
}

extension FilterOperation {
    /// The operation after `body` configured it.
    func with(_ body: (FilterOperation) -> Void) -> FilterOperation {
        body(self)
        return self
    }
}
