import FeatureDetection
import Foundation
import Framebuffers
import ImageCodecs
import Testing

/// This test target's folder.
let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path
/// The photos (see Photos/LICENSES.md).
let photosDirectory = testsDirectory + "/Photos"

/// A named cascade's path; fails the test (naming the package) when opencv-data is missing.
func cascadePath(_ file: CascadeFile, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    do {
        return try file.resolvedPath()
    } catch {
        Issue.record("\(error) (scripts/install-deps installs it)", sourceLocation: sourceLocation)
        throw error
    }
}

/// A photo of Photos/ decoded.
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
