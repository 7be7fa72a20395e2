import FeatureDetection
import Foundation
import Framebuffers
import ImageCodecs
import Testing

/// This test target's folder.
let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path
/// The photos, made from ../shared/images by scripts/make-face-photos (sources and licences
/// there) into `$SHADE_FACE_PHOTOS` or `.build/face-photos`, once.
let photosDirectory: String = FacePhotos.prepared()

/// Makes the test photos when they are missing and checks their bytes against
/// `Expected/photos.fnv` (what OpenCV's recorded answers were measured on).
enum FacePhotos {
    static let repository = URL(fileURLWithPath: testsDirectory).deletingLastPathComponent().deletingLastPathComponent()

    static func prepared() -> String {
        let folder = ProcessInfo.processInfo.environment["SHADE_FACE_PHOTOS"]
            ?? repository.appendingPathComponent(".build/face-photos").path
        let manifest = (try? String(contentsOfFile: testsDirectory + "/Expected/photos.fnv", encoding: .utf8)) ?? ""
        let expected = manifest.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: " ") }
        func matches() -> Bool {
            expected.allSatisfy { entry in
                guard let data = FileManager.default.contents(atPath: folder + "/" + entry[1]) else { return false }
                var h: UInt64 = 0xcbf2_9ce4_8422_2325
                for byte in data { h = (h ^ UInt64(byte)) &* 0x100_0000_01b3 }
                return String(h, radix: 16).leftPadded(to: 16) == entry[0]
            }
        }
        if !matches() {
            try? FileManager.default.removeItem(atPath: folder)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", repository.appendingPathComponent("scripts/make-face-photos").path, folder]
            try? process.run()
            process.waitUntilExit()
        }
        if expected.isEmpty || !matches() {
            Issue.record(
                "the face photos in \(folder) are missing or differ from Expected/photos.fnv: scripts/make-face-photos needs python3 with the Pillow scripts/install-deps pins, and ../shared/images")
        }
        return folder
    }
}

extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}

/// A named cascade's path; fails the test (naming the package) when opencv-data is missing.
func cascadePath(_ file: CascadeFile, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    do {
        return try file.resolvedPath()
    } catch {
        Issue.record("\(error) (scripts/install-deps installs it)", sourceLocation: sourceLocation)
        throw error
    }
}

/// A test photo decoded.
func photo(_ name: String) throws -> Texture {
    try ImageFile.decode(contentsOfFile: photosDirectory + "/" + name).texture
}

/// A deterministic 8-bit test pattern.
func pattern(width: Int, height: Int, seed: UInt32 = 1) -> GrayImage {
    var state = seed
    var pixels: [UInt8] = []
    for _ in 0..<(width * height) {
        state = state &* 1_664_525 &+ 1_013_904_223
        pixels.append(UInt8(truncatingIfNeeded: state >> 24))
    }
    return GrayImage(width: width, height: height, pixels: pixels)
}
