import Foundation
import Framebuffers
import ImageGraph
import Testing
import TextRendering

@Suite("Text with FreeType: fonts, coverage, drawing, TextOverlay")
struct TextRenderingTests {
    @Test("the default font is found through fontconfig and has sane metrics")
    func defaultFont() throws {
        let font = try Font(pixelSize: 20)
        #expect(font.path.hasSuffix(".ttf") || font.path.hasSuffix(".otf"))
        #expect(font.ascender > 10 && font.ascender <= 20)
        #expect(font.descender > 0 && font.descender < 10)
        #expect(font.lineHeight >= font.ascender + font.descender)
    }

    @Test("glyph coverage is non-empty, inside the box, from the baseline up to the cap height")
    func coverageBounds() throws {
        let font = try Font(pixelSize: 32)
        let coverage = font.coverage(of: "HI")
        let ink = try #require(coverage.inkBounds)
        #expect(coverage.width > 20 && coverage.width < 64)
        #expect(coverage.height == font.ascender + font.descender)
        // Capitals sit on the baseline and rise about 0.73 em (DejaVu's cap height).
        #expect(ink.maxY == coverage.baseline - 1)
        #expect((20...26).contains(coverage.baseline - ink.minY))
        // 'H' and 'I' are solid strokes: some pixels are fully covered.
        #expect(coverage.values.contains(255))
        // Nothing above the capitals.
        #expect(coverage.values[0..<(ink.minY * coverage.width)].allSatisfy { $0 == 0 })
    }

    @Test("different strings give different coverage; a space gives none; longer strings are wider")
    func differentStrings() throws {
        let font = try Font(pixelSize: 16)
        #expect(font.coverage(of: "Shade").values != font.coverage(of: "Shape").values)
        #expect(font.coverage(of: " ").inkBounds == nil)
        #expect(font.extent(of: "gallery").width > font.extent(of: "gal").width)
        #expect(font.extent(of: "a\nb").height == font.ascender + font.descender + font.lineHeight)
    }

    @Test("drawing respects the colour and alpha, and leaves uncovered pixels alone")
    func colourRespected() throws {
        let font = try Font(pixelSize: 24)
        let coverage = font.coverage(of: "W")
        let ink = try #require(coverage.inkBounds)
        let base = Texture(width: 40, height: 40, filledWith: SIMD4(0, 0, 1, 1))
        let drawn = base.drawing(coverage, atX: 4, y: 4, color: SIMD4(1, 0, 0, 1))
        var full = 0
        for y in 0..<40 {
            for x in 0..<40 {
                let p = drawn.rgba8Pixel(x: x, y: y)
                let inside = x - 4 >= 0 && x - 4 < coverage.width && y - 4 >= 0 && y - 4 < coverage.height
                let c = inside ? coverage.values[(y - 4) * coverage.width + (x - 4)] : 0
                if c == 0 {
                    #expect(p == SIMD4(0, 0, 255, 255), "(\(x), \(y)) changed")
                } else if c == 255 {
                    #expect(p == SIMD4(255, 0, 0, 255), "(\(x), \(y)) not red")
                    full += 1
                } else {
                    #expect(p.x == c && p.z == 255 - c && p.w == 255, "(\(x), \(y)) blended wrongly: \(p) for \(c)")
                }
            }
        }
        #expect(full > 10)
        // Half alpha: a fully covered pixel is half red over blue.
        let half = base.drawing(coverage, atX: 4, y: 4, color: SIMD4(1, 0, 0, 0.5))
        let fullIndex = try #require(coverage.values.firstIndex(of: 255))
        let (fx, fy) = (fullIndex % coverage.width + 4, fullIndex / coverage.width + 4)
        #expect(half.rgba8Pixel(x: fx, y: fy) == SIMD4(128, 0, 128, 255))
        _ = ink
    }

    @Test("an unknown family and a missing file are clear errors, not a silent fallback")
    func fontErrors() {
        #expect(throws: TextError.self) { try Font(named: "No Such Font Family Shade", pixelSize: 12) }
        do {
            _ = try Font(named: "No Such Font Family Shade", pixelSize: 12)
        } catch {
            #expect(error.description.contains("no font named 'No Such Font Family Shade'"))
        }
        #expect(throws: TextError.fontFileMissing(path: "/nonexistent/font.ttf")) {
            try Font(named: "/nonexistent/font.ttf", pixelSize: 12)
        }
        #expect(throws: TextError.invalidPixelSize(0)) { try Font(pixelSize: 0) }
    }

    @Test("a file that is not a font is an unreadable-font error")
    func notAFont() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-font-\(UUID().uuidString).ttf").path
        try "hello".write(toFile: path, atomically: true, encoding: .utf8)
        do {
            _ = try Font(named: path, pixelSize: 12)
            Issue.record("opened a text file as a font")
        } catch {
            guard case .unreadableFont(let p, _) = error else { Issue.record("\(error)"); return }
            #expect(p == path)
        }
    }

    @Test("anchors place the box inside the margins")
    func positions() {
        let box = (width: 30, height: 10), size = (width: 100, height: 50)
        #expect(TextPosition(parsing: "bottom-right")!.origin(of: box, in: size, margin: 4) == (66, 36))
        #expect(TextPosition(parsing: "top-left")!.origin(of: box, in: size, margin: 4) == (4, 4))
        #expect(TextPosition(parsing: "center")!.origin(of: box, in: size, margin: 4) == (35, 20))
        #expect(TextPosition(parsing: "12,7")!.origin(of: box, in: size, margin: 4) == (12, 7))
        #expect(TextPosition(parsing: "middle") == nil)
    }

    @Test("TextOverlay in a graph: a caption over a photo, and a generator on transparency")
    func overlayInAGraph() throws {
        let base = Texture(width: 64, height: 32, filledWith: SIMD4(0, 0, 0, 1))
        let picture = PictureInput(texture: base, name: "black")
        let caption = try TextOverlay(text: "Hi", pixelSize: 16, color: SIMD4(1, 1, 0, 1), position: .anchor(.left, .top), margin: 2)
        var result: Texture?
        let output = TextOutput { result = $0 }
        picture --> caption --> output
        try picture.processImage()
        let image = try #require(result)
        var yellow = 0
        for y in 0..<32 {
            for x in 0..<64 where image.rgba8Pixel(x: x, y: y) == SIMD4(255, 255, 0, 255) {
                yellow += 1
                #expect(x < 24 && y < 20, "ink at (\(x), \(y)), outside the top-left caption")
            }
        }
        #expect(yellow > 10)

        let generator = try TextOverlay(text: "W", pixelSize: 20, position: .anchor(.center, .center), numberOfInputs: 0)
        generator.outputSize = ImageSize(width: 32, height: 32)
        var generated: Texture?
        let sink = TextOutput { generated = $0 }
        generator --> sink
        try generator.processImage()
        let picture2 = try #require(generated)
        var inked = 0
        for y in 0..<32 {
            for x in 0..<32 where picture2.rgba8Pixel(x: x, y: y).w > 0 {
                inked += 1
                #expect((4..<28).contains(x) && (4..<28).contains(y), "ink at (\(x), \(y)), far from the centre")
                #expect(picture2.rgba8Pixel(x: x, y: y).x == 255, "white text")
            }
        }
        #expect(inked > 20)
    }
}

/// A texture output that hands each frame to a closure.
private func TextOutput(_ body: @escaping (Texture) -> Void) -> TextureOutput {
    TextureOutput(name: "out", textureAvailable: body)
}
