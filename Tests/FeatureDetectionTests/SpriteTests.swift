import FeatureDetection
import Framebuffers
import ImageGraph
import Testing

@Suite("Sprites on faces")
struct SpriteTests {
    @Test("anchors place the sprite relative to the face and keep its aspect ratio")
    func placement() {
        let face = PixelRect(x: 100, y: 200, width: 80, height: 80)
        // Mustache: centre (0.5, 0.69) of the face, half its width: 40x20 centred on (140, 255.2).
        #expect(FaceAnchor.mustache.placement(on: face, spriteWidth: 200, spriteHeight: 100) == PixelRect(x: 120, y: 245, width: 40, height: 20))
        // Hat: bottom edge on y = 200 + 0.12 · 80, 1.1 · 80 = 88 wide, 44 tall.
        let hat = FaceAnchor.hat.placement(on: face, spriteWidth: 100, spriteHeight: 50)
        #expect(hat == PixelRect(x: 96, y: 166, width: 88, height: 44))
        #expect(hat.y + hat.height == 210)
        let doubled = FaceAnchor.eyes.placement(on: face, spriteWidth: 10, spriteHeight: 10, scale: 2)
        #expect(doubled.width == 136 && doubled.height == 136)
    }

    @Test("compositing: opaque texels replace, half-transparent ones blend, outside stays exact")
    func compositing() {
        let base = Texture(width: 8, height: 6, filledWith: SIMD4(0.2, 0.4, 0.6, 1))
        let sprite = Texture(width: 2, height: 2, rgba8: [255, 0, 0, 255, 255, 0, 0, 255, 0, 0, 255, 128, 0, 0, 255, 128])
        let result = base.compositing(sprite, into: [PixelRect(x: 2, y: 1, width: 4, height: 4), PixelRect(x: 7, y: 5, width: 4, height: 4)])
        // Top row of the first rectangle: sprite row 0 (red), sampled at texel centres.
        #expect(result.rgba8Pixel(x: 2, y: 1) == SIMD4(255, 0, 0, 255))
        // Bottom row: blue at alpha 128/255 over (51, 102, 153): 153·(1 - a) + 255·a etc.
        let a = Float(128) / 255
        let expected = SIMD4<UInt8>(Texture.unorm8(0.2 * (1 - a)), Texture.unorm8(0.4 * (1 - a)), Texture.unorm8(a + 0.6 * (1 - a)), 255)
        let bottom = result.rgba8Pixel(x: 3, y: 4)
        #expect(abs(Int(bottom.x) - Int(expected.x)) <= 1 && abs(Int(bottom.z) - Int(expected.z)) <= 1 && bottom.w == 255)
        // The second rectangle is clipped to the picture's last pixel.
        #expect(result.rgba8Pixel(x: 7, y: 5) == SIMD4(255, 0, 0, 255))
        for y in 0..<6 {
            for x in 0..<8 where !((2..<6).contains(x) && (1..<5).contains(y)) && !(x == 7 && y == 5) {
                #expect(result.rgba8Pixel(x: x, y: y) == base.rgba8Pixel(x: x, y: y), "(\(x), \(y))")
            }
        }
    }

    @Test("FaceSpriteOperation in a graph: one face found, pixels change only where the sprite went")
    func operation() throws {
        let picture = try photo("hopper.jpg")
        let sprite = Texture(width: 4, height: 2, filledWith: SIMD4(1, 0, 1, 1))
        let input = PictureInput(texture: picture)
        let disguise = try FaceSpriteOperation(sprite: sprite, anchor: .mouth)
        nonisolated(unsafe) var output: Texture?
        input --> disguise --> TextureOutput { output = $0 }
        try input.processImage()
        let result = try #require(output)
        #expect(disguise.faces.count == 1)
        let place = try #require(disguise.placements.first)
        let face = disguise.faces[0].bounds
        #expect(place == FaceAnchor.mouth.placement(on: face, spriteWidth: 4, spriteHeight: 2))
        #expect(result.rgba8Pixel(x: place.x + place.width / 2, y: place.y + place.height / 2) == SIMD4(255, 0, 255, 255))
        var changed = 0
        for y in 0..<picture.height {
            for x in 0..<picture.width where result.rgba8Pixel(x: x, y: y) != picture.rgba8Pixel(x: x, y: y) {
                changed += 1
                #expect(x >= place.x && x < place.x + place.width && y >= place.y && y < place.y + place.height)
            }
        }
        #expect(changed > place.area / 2)
    }

    @Test("FaceCropInput sends each face down the graph")
    func crops() throws {
        let picture = try photo("small-faces.jpg")
        let crops = try FaceCropInput(texture: picture)
        nonisolated(unsafe) var sizes: [FeatureDetection.PixelSize] = []
        crops --> TextureOutput { sizes.append(FeatureDetection.PixelSize(width: $0.width, height: $0.height)) }
        try crops.processAllFaces()
        #expect(crops.faces.count >= 4)
        #expect(sizes == crops.faces.map { FeatureDetection.PixelSize(width: $0.bounds.width, height: $0.bounds.height) })
        #expect(crops.crop(at: 0).rgba8Pixel(x: 0, y: 0) == picture.rgba8Pixel(x: crops.faces[0].bounds.x, y: crops.faces[0].bounds.y))
    }
}
