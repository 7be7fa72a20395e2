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

/// PNGs with a hand-made eXIf chunk, to cover both TIFF byte orders and malformed EXIF.
@Suite("EXIF parsing")
struct EXIFParsingTests {
    /// CRC-32 as PNG chunks use it (polynomial 0xEDB88320).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }

    /// A 2x1 PNG (red, blue) with `exif` inserted as an eXIf chunk right after IHDR.
    static func png(exif: [UInt8]) throws -> [UInt8] {
        let texture = Texture(width: 2, height: 1, rgba8: [255, 0, 0, 255, 0, 0, 255, 255])
        let plain = try ImageFile.encode(texture, as: .png())
        let afterIHDR = 8 + 8 + 13 + 4
        let body = Array("eXIf".utf8) + exif
        let chunk = bigEndian(UInt32(exif.count)) + body + bigEndian(crc32(body))
        return Array(plain[..<afterIHDR]) + chunk + Array(plain[afterIHDR...])
    }

    /// TIFF data with one IFD entry: tag 0x0112, type SHORT, count 1, `value`.
    static func tiff(bigEndian isBig: Bool, orientation value: UInt16, type: UInt16 = 3) -> [UInt8] {
        func u16(_ v: UInt16) -> [UInt8] {
            isBig ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)]
        }
        func u32(_ v: UInt32) -> [UInt8] {
            isBig ? u16(UInt16(v >> 16)) + u16(UInt16(v & 0xFFFF))
                : u16(UInt16(v & 0xFFFF)) + u16(UInt16(v >> 16))
        }
        let header = (isBig ? Array("MM".utf8) : Array("II".utf8)) + u16(42) + u32(8)
        return header + u16(1) + u16(0x0112) + u16(type) + u32(1) + u16(value) + u16(0) + u32(0)
    }

    @Test("both TIFF byte orders", arguments: [false, true])
    func byteOrders(_ isBig: Bool) throws {
        let image = try ImageFile.decode(Self.png(exif: Self.tiff(bigEndian: isBig, orientation: 6)))
        #expect(image.info.orientation == .rightTop)
        #expect(image.texture.width == 1 && image.texture.height == 2)
        #expect(image.texture.rgba8Bytes == [255, 0, 0, 255, 0, 0, 255, 255])
    }

    @Test("libpng drops an eXIf chunk with a JPEG-style Exif prefix, with a warning")
    func prefixedChunk() throws {
        let exif = Array("Exif\0\0".utf8) + Self.tiff(bigEndian: false, orientation: 6)
        let image = try ImageFile.decode(Self.png(exif: exif))
        #expect(image.info.orientation == .topLeft)
        #expect(image.info.warnings.contains { $0.contains("eXIf") }, "\(image.info.warnings)")
    }

    @Test("malformed or out-of-range orientations are ignored")
    func malformed() throws {
        let good = Self.tiff(bigEndian: false, orientation: 3)
        let cases: [[UInt8]] = [
            Self.tiff(bigEndian: false, orientation: 0),
            Self.tiff(bigEndian: true, orientation: 9),
            Self.tiff(bigEndian: false, orientation: 3, type: 4),  // LONG, not SHORT
            Array(good.prefix(12)),  // the entry is cut off
            [0x49, 0x49, 0x2B, 0x00] + Array(good.dropFirst(4)),  // magic 43, not 42
            Array("XX".utf8) + Array(good.dropFirst(2)),  // no byte order
            Array(good.prefix(4)) + [0xFF, 0xFF, 0, 0] + Array(good.dropFirst(8)),  // IFD far away
        ]
        for exif in cases {
            let image = try ImageFile.decode(Self.png(exif: exif))
            #expect(image.info.orientation == .topLeft, "\(exif)")
            #expect(!image.info.isOrientationApplied)
        }
        #expect(try ImageFile.decode(Self.png(exif: good)).info.orientation == .bottomRight)
    }
}
