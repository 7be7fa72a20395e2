// Lesson 4: Disguise.
//
// The photo-booth trick: find every face in a photo and give it a mustache. The mustache is
// drawn here, in code (an anti-aliased shape with straight alpha, no artwork), the faces are
// found by FeatureDetection's Viola–Jones detector over OpenCV's frontal-face cascade, and a
// FaceSpriteOperation in the graph places the mustache under every nose:
//
//     photo --> FaceSpriteOperation(sprite: mustache, anchor: .mustache) --> PictureOutput
//
// Then the lesson checks its own output: the number of faces (one in Grace Hopper's portrait,
// two in a picture of her beside her mirror image, at mirrored places), that the pixels
// under each mustache turned mustache-coloured, and that every pixel outside the mustaches is
// unchanged. It prints what it verified and exits 1 if a check fails.
//
// Needs OpenCV's cascade files (Debian: apt-get install opencv-data; scripts/install-deps).
// Run it from the repository root:
//
//     swift run disguise [output.png]
//
// The output defaults to disguise.png in the temporary directory; mustache.png is written
// beside it (the sprite, for `shade chain photo.jpg on-faces:sprite=mustache.png ...`).
import FeatureDetection
import Foundation
import Framebuffers
import ImageCodecs
import ImageGraph

/// The repository: the current directory when it holds Examples/Images, else two folders above
/// this file.
let root: String = {
    let here = FileManager.default.currentDirectoryPath
    if FileManager.default.fileExists(atPath: here + "/Examples/Images/grace_hopper.jpg") { return here }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
}()

/// The mustache's colour (dark brown).
let mustacheColor = SIMD3<Float>(58, 36, 22) / 255

/// A handlebar mustache, `width` x `width / 2`, straight alpha. In units where the sprite runs
/// from -1 to 1 across and y grows down, each half is a band around the curve
/// `c(x) = 0.2 - 1.05 x^2.5` (tips curling up) whose half-thickness `t(x)` thins towards the
/// tips and dips at the philtrum; coverage is the distance to the band's edge over one pixel,
/// so edges are anti-aliased.
func drawMustache(width: Int) -> Texture {
    let height = width / 2
    var bytes = [UInt8](repeating: 0, count: width * height * 4)
    let pixel = Float(2) / Float(width)
    for row in 0..<height {
        for column in 0..<width {
            let u = (Float(column) + 0.5) / Float(width) * 2 - 1
            let v = (Float(row) + 0.5) / Float(height) * 2 - 1
            let x = abs(u)
            let centre = 0.2 - 1.05 * pow(x, 2.5)
            let notch = 0.5 + 0.5 * min(1, x / 0.1)
            let thickness = (0.55 * pow(1 - x, 0.9) + 0.03) * notch
            let distance = thickness - abs(v - centre)
            let coverage = min(max(distance / pixel + 0.5, 0), 1)
            // A little shading: darker towards the lower edge.
            let shade = 1 - 0.25 * max(0, min(1, (v - centre) / max(thickness, 0.01)))
            let i = (row * width + column) * 4
            bytes[i] = Texture.unorm8(mustacheColor.x * shade)
            bytes[i + 1] = Texture.unorm8(mustacheColor.y * shade)
            bytes[i + 2] = Texture.unorm8(mustacheColor.z * shade)
            bytes[i + 3] = Texture.unorm8(coverage)
        }
    }
    return Texture(width: width, height: height, rgba8: bytes)
}

/// Two copies of `photo` side by side, the second mirrored.
func besideItsMirror(_ photo: Texture) -> Texture {
    let source = photo.rgba8Bytes
    var bytes = [UInt8](repeating: 0, count: photo.width * 2 * photo.height * 4)
    for y in 0..<photo.height {
        for x in 0..<photo.width {
            for c in 0..<4 {
                let value = source[(y * photo.width + x) * 4 + c]
                bytes[(y * photo.width * 2 + x) * 4 + c] = value
                bytes[(y * photo.width * 2 + photo.width * 2 - 1 - x) * 4 + c] = value
            }
        }
    }
    return Texture(width: photo.width * 2, height: photo.height, rgba8: bytes)
}

nonisolated(unsafe) var failures = 0
func check(_ condition: Bool, _ message: String) {
    print((condition ? "ok    " : "FAILED ") + message)
    if !condition { failures += 1 }
}

let outputPath = CommandLine.arguments.dropFirst().first
    ?? (NSTemporaryDirectory() as NSString).appendingPathComponent("disguise.png")
let spritePath = ((outputPath as NSString).deletingLastPathComponent as NSString).appendingPathComponent("mustache.png")

do {
    let mustache = drawMustache(width: 256)
    try ImageFile.write(mustache, toFile: spritePath, as: .png(PNGEncodingOptions()))
    let hopper = try ImageFile.decode(contentsOfFile: root + "/Examples/Images/grace_hopper.jpg").texture

    for (label, picture, expected) in [("grace_hopper.jpg", hopper, 1), ("grace_hopper.jpg beside its mirror", besideItsMirror(hopper), 2)] {
        // The graph: three nodes.
        let photo = PictureInput(texture: picture, name: label)
        let disguise = try FaceSpriteOperation(sprite: mustache, anchor: .mustache)
        nonisolated(unsafe) var captured: Texture?
        photo --> disguise --> TextureOutput(name: "result") { captured = $0 }
        try photo.processImage()
        guard let result = captured else {
            check(false, "\(label): the graph produced a picture")
            continue
        }
        if expected == 2 { try ImageFile.write(result, toFile: outputPath, as: .png(PNGEncodingOptions())) }

        let faces = disguise.faces.map(\.bounds)
        check(faces.count == expected, "\(label): \(faces.count) face(s) found, expected \(expected): \(faces)")
        if expected == 2, faces.count == 2 {
            let (a, b) = faces[0].x < faces[1].x ? (faces[0], faces[1]) : (faces[1], faces[0])
            // The cascade is not mirror-symmetric (nor is its scan grid), so the rectangles
            // differ a little; each must still be in its own half and overlap its mirror.
            let mirrored = PixelRect(x: picture.width - (b.x + b.width), y: b.y, width: b.width, height: b.height)
            check(a.x + a.width <= hopper.width && b.x >= hopper.width && a.intersectionOverUnion(mirrored) > 0.6,
                  "one face in each half, at mirrored places (IoU \(a.intersectionOverUnion(mirrored))): \(a) and \(b)")
        }

        // Under each mustache: its middle band (where the sprite is opaque) is mustache brown.
        let before = picture.rgba8Bytes, after = result.rgba8Bytes
        for (face, place) in zip(faces, disguise.placements) {
            var brown = 0, total = 0
            for y in (place.y + place.height * 2 / 5)..<(place.y + place.height * 3 / 5) {
                for x in (place.x + place.width / 5)..<(place.x + place.width * 4 / 5) {
                    let i = (y * picture.width + x) * 4
                    let rgb = SIMD3<Float>(Float(after[i]), Float(after[i + 1]), Float(after[i + 2])) / 255
                    total += 1
                    if ((rgb - mustacheColor) * (rgb - mustacheColor)).sum() < 0.02 { brown += 1 }
                }
            }
            check(place.y > face.y + face.height / 2 && place.y + place.height < face.y + face.height + face.height / 8,
                  "\(label): the mustache \(place) sits in the lower half of the face \(face)")
            check(total > 0 && Double(brown) / Double(total) > 0.6,
                  "\(label): \(brown) of \(total) pixels under the mustache's middle are mustache brown")
        }
        // Everywhere else: not a single byte changed.
        var changedOutside = 0
        for y in 0..<picture.height {
            for x in 0..<picture.width where !disguise.placements.contains(where: {
                x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height
            }) {
                let i = (y * picture.width + x) * 4
                if before[i..<(i + 4)] != after[i..<(i + 4)] { changedOutside += 1 }
            }
        }
        check(changedOutside == 0, "\(label): \(changedOutside) pixels changed outside the mustaches")
    }
    print("wrote \(outputPath) and \(spritePath)")
} catch {
    print("FAILED disguise: \(error)")
    exit(1)
}
if failures > 0 {
    print("\(failures) check(s) failed")
    exit(1)
}
print("all checks passed")
