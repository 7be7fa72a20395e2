import Framebuffers
import ImageCodecs
import Testing

@Suite("EXIF orientation")
struct OrientationTests {
    @Test(
        "PNG eXIf orientations 1-8 turn upright as Pillow's exif_transpose does",
        arguments: ImageOrientation.allCases)
    func uprightLikePillow(_ orientation: ImageOrientation) throws {
        let name = "orientation_\(orientation.rawValue).png"
        let image = try ImageFile.decode(contentsOfFile: Fixtures.imagePath("made/" + name))
        #expect(image.info.orientation == orientation)
        #expect(image.info.isOrientationApplied == (orientation != .topLeft))
        #expect(image.info.width == 5 && image.info.height == 3, "info keeps the stored size")
        let (width, height) = orientation.swapsDimensions ? (3, 5) : (5, 3)
        expectPixels(
            image.texture, equal: try Fixtures.reference(name), width: width, height: height, name)
    }

    @Test("orientation can be left unapplied", arguments: ImageOrientation.allCases)
    func unapplied(_ orientation: ImageOrientation) throws {
        let name = "orientation_\(orientation.rawValue).png"
        let stored = try ImageFile.decode(
            contentsOfFile: Fixtures.imagePath("made/" + name),
            options: DecodingOptions(appliesOrientation: false))
        #expect(stored.info.orientation == orientation)
        #expect(!stored.info.isOrientationApplied)
        #expect(stored.texture.width == 5 && stored.texture.height == 3)
        let upright = try ImageFile.decode(contentsOfFile: Fixtures.imagePath("made/" + name))
        let same = stored.texture.applyingOrientation(orientation) == upright.texture
        #expect(same, "\(orientation)")
    }

    @Test("JPEG APP1 Exif orientation 6 is reported and applied")
    func jpegOrientation() throws {
        let path = Fixtures.imagePath("edge/hopper_orientation_6.jpg")
        let upright = try ImageFile.decode(contentsOfFile: path)
        #expect(upright.info.orientation == .rightTop)
        #expect(upright.info.isOrientationApplied)
        let stored = try ImageFile.decode(
            contentsOfFile: path, options: DecodingOptions(appliesOrientation: false))
        let turned = stored.texture.applyingOrientation(.rightTop) == upright.texture
        #expect(turned, "the upright texture is the stored one turned 90° clockwise")
        let same = stored.texture == upright.texture
        #expect(!same, "orientation 6 changes the pixels")
    }

    @Test("Float32 textures turn like RGBA8 ones")
    func floatTextures() {
        let bytes = (0..<(4 * 3 * 4)).map { UInt8($0) }
        let texture = Texture(width: 4, height: 3, rgba8: bytes)
        for orientation in ImageOrientation.allCases {
            let turned = texture.converted(to: .float32).applyingOrientation(orientation)
            let same = turned.converted(to: .rgba8) == texture.applyingOrientation(orientation)
            #expect(same, "\(orientation)")
        }
    }
}
