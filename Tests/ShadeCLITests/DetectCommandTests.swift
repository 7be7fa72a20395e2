import Foundation
import Framebuffers
import ImageCodecs
@testable import ShadeCLI
import Testing

/// The face photos of FeatureDetectionTests, made by scripts/make-face-photos when missing.
let facePhotos: String = {
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    let folder = ProcessInfo.processInfo.environment["SHADE_FACE_PHOTOS"]
        ?? repository.appendingPathComponent(".build/face-photos").path
    if !FileManager.default.fileExists(atPath: folder + "/small-faces.jpg") {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", repository.appendingPathComponent("scripts/make-face-photos").path, folder]
        try? process.run()
        process.waitUntilExit()
    }
    return folder
}()

/// Runs `shade` in process with the arguments as given.
func shadeRaw(_ arguments: [String]) -> Outcome {
    let captured = CapturedConsole()
    let status = ShadeCommand.main(arguments: arguments, console: captured.console)
    return Outcome(status: status, standardOutput: captured.output, standardError: captured.error)
}

@Suite("shade detect and the on-faces step")
struct DetectCommandTests {
    let hopper = facePhotos + "/hopper.jpg"
    let none = facePhotos + "/none-chelsea.jpg"

    @Test("--json: an array with one object per image, the documented keys, in order")
    func json() throws {
        let outcome = shadeRaw(["detect", "faces", hopper, none, "--json"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [[String: Any]])
        #expect(objects.count == 2)
        #expect(Set(objects[0].keys) == ["file", "width", "height", "faces"])
        #expect(objects[0]["file"] as? String == hopper && objects[0]["width"] as? Int == 512 && objects[0]["height"] as? Int == 600)
        let faces = try #require(objects[0]["faces"] as? [[String: Int]])
        #expect(faces.count == 1)
        #expect(Set(faces[0].keys) == ["x", "y", "width", "height", "neighbors"])
        #expect((objects[1]["faces"] as? [Any])?.isEmpty == true)
        // Key order as documented.
        #expect(outcome.standardOutput.contains(#"{"x":"#) && outcome.standardOutput.contains(#""neighbors":"#))
    }

    @Test("text output says how many faces each image has")
    func text() {
        let outcome = shadeRaw(["detect", "faces", hopper, none])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.contains("hopper.jpg: 1 face found\n  "))
        #expect(outcome.standardOutput.contains("none-chelsea.jpg: 0 faces found\n"))
    }

    @Test("errors: exit codes and messages", arguments: [
        (["detect", "faces", "/nonexistent/photo.jpg"], Int32(66), "no such file"),
        (["detect", "faces"], Int32(64), "no image given"),
        (["detect", "noses", "x.jpg"], Int32(64), "cannot detect 'noses'"),
        (["detect", "faces", "x.jpg", "--cascade", "nose"], Int32(64), "no cascade named 'nose'"),
        (["detect", "faces", "x.jpg", "--cascade", "/nonexistent/c.xml"], Int32(66), "no such cascade file"),
        (["detect", "faces", "x.jpg", "--scale-factor", "1"], Int32(64), "--scale-factor"),
        (["detect", "faces", "x.jpg", "--min-size", "big"], Int32(64), "WxH"),
        (["detect", "objects", "x.jpg"], Int32(64), "needs --cascade"),
    ])
    func errors(arguments: [String], status: Int32, message: String) {
        let outcome = shadeRaw(arguments)
        #expect(outcome.status == status, "\(outcome.standardError)")
        #expect(outcome.standardError.contains(message), "\(outcome.standardError)")
    }

    @Test("a file that is not a cascade is bad data (65); a bad image too")
    func badFiles() throws {
        let folder = try temporaryFolder()
        try "<opencv_storage><nothing/></opencv_storage>".write(toFile: folder + "/bad.xml", atomically: true, encoding: .utf8)
        let cascade = shadeRaw(["detect", "faces", hopper, "--cascade", folder + "/bad.xml"])
        #expect(cascade.status == 65)
        #expect(cascade.standardError.contains("not a cascade"))
        try Data("not a jpeg".utf8).write(to: URL(fileURLWithPath: folder + "/bad.jpg"))
        let image = shadeRaw(["detect", "faces", folder + "/bad.jpg", hopper, "--json"])
        #expect(image.status == 65)
        #expect(image.standardOutput.contains(#""error":"#) && image.standardOutput.contains(#""faces":[{"#))
    }

    @Test("a missing opencv-data is exit 66 with the package's name")
    func missingPackage() {
        let failure = DetectCommand.failure(.packageMissing(name: "eye", fileName: "haarcascade_eye.xml", searched: ["/x"]))
        #expect(failure.code == .noInput)
        #expect(failure.message.contains("opencv-data"))
    }

    @Test("--crop writes one file per face, --draw the outlined picture; existing outputs need --force")
    func outputs() throws {
        let folder = try temporaryFolder()
        let outcome = shadeRaw(["detect", "faces", facePhotos + "/small-faces.jpg", "--crop", folder + "/faces/{name}-{index}.png", "--draw", folder + "/drawn.png", "--json"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [[String: Any]])
        let faces = try #require(objects.first?["faces"] as? [[String: Int]])
        #expect(faces.count >= 4)
        for (index, face) in faces.enumerated() {
            let crop = try ImageFile.decode(contentsOfFile: folder + "/faces/small-faces-\(index).png").texture
            #expect(crop.width == face["width"] && crop.height == face["height"])
        }
        let drawn = try ImageFile.decode(contentsOfFile: folder + "/drawn.png").texture
        let face = faces[0]
        #expect(drawn.rgba8Pixel(x: face["x"]!, y: face["y"]! + face["height"]! / 2) == SIMD4(0, 255, 0, 255))
        let again = shadeRaw(["detect", "faces", facePhotos + "/small-faces.jpg", "--draw", folder + "/drawn.png"])
        #expect(again.status == 73)
    }

    @Test("chain on-faces:sprite=…,anchor=mouth changes pixels only inside the face")
    func chainStep() throws {
        let folder = try temporaryFolder()
        let sprite = Texture(width: 8, height: 4, filledWith: SIMD4(1, 0, 1, 1))
        try ImageFile.write(sprite, toFile: folder + "/sprite.png", as: .png(PNGEncodingOptions()))
        let outcome = shadeRaw(["chain", hopper, "on-faces:sprite=\(folder)/sprite.png,anchor=mouth", "-o", folder + "/out.png"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let detected = shadeRaw(["detect", "faces", hopper, "--json"])
        let object = try #require((try JSONSerialization.jsonObject(with: Data(detected.standardOutput.utf8)) as? [[String: Any]])?.first)
        let face = try #require((object["faces"] as? [[String: Int]])?.first)
        let before = try ImageFile.decode(contentsOfFile: hopper).texture, after = try ImageFile.decode(contentsOfFile: folder + "/out.png").texture
        var changed = 0, magenta = 0
        for y in 0..<before.height {
            for x in 0..<before.width where before.rgba8Pixel(x: x, y: y) != after.rgba8Pixel(x: x, y: y) {
                changed += 1
                if after.rgba8Pixel(x: x, y: y) == SIMD4(255, 0, 255, 255) { magenta += 1 }
                #expect(x >= face["x"]! && x < face["x"]! + face["width"]! && y > face["y"]! + face["height"]! / 2 && y < face["y"]! + face["height"]!)
            }
        }
        #expect(changed > 100 && magenta > changed / 2)
    }

    @Test("on-faces: a missing sprite argument or an unknown anchor is a usage error", arguments: [
        ("on-faces:anchor=mouth", "needs the sprite"), ("on-faces:sprite=x.png,anchor=elbow", "no anchor 'elbow'"),
        ("on-faces:sprite=x.png,colour=red", "no argument 'colour'"),
    ])
    func stepErrors(step: String, message: String) throws {
        let folder = try temporaryFolder()
        let outcome = shadeRaw(["chain", hopper, step, "-o", folder + "/out.png"])
        #expect(outcome.status == 64, "\(outcome.standardError)")
        #expect(outcome.standardError.contains(message), "\(outcome.standardError)")
    }
}
