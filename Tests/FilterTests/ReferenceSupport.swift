import Foundation
import Framebuffers
import ImageCodecs
import ImageGraph
import Testing

/// The project root (this file is `Tests/FilterTests/ReferenceSupport.swift`).
let projectRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

/// One entry of `Tests/References/Filters/manifest.json`.
struct ManifestEntry: Decodable, Sendable, CustomTestStringConvertible {
    struct Pass: Decodable, Sendable {
        var shader: String
        var vertex: String?
        var inputs: [String]
        var uniforms: [String: [Float]]
        var automaticUniforms: [String: Float]
        var size: [Int]
    }

    var filter: String
    var file: String
    var category: String
    var reference: String
    var inputs: [String]
    var parameters: [String: [Float]]
    var size: [Int]
    var passes: [Pass]

    var testDescription: String { filter }
}

/// The reference manifest, sorted by filter name.
let manifest: [ManifestEntry] = {
    struct Manifest: Decodable { var filters: [ManifestEntry] }
    let url = projectRoot.appendingPathComponent("Tests/References/Filters/manifest.json")
    do {
        return try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: url)).filters
    } catch {
        Issue.record("cannot read \(url.path): \(error)")
        return []
    }
}()

/// Decodes an image relative to the project root.
func loadImage(_ path: String) throws -> Texture {
    try ImageFile.decode(contentsOfFile: projectRoot.appendingPathComponent(path).path).texture
}

/// How two RGBA8 images differ.
struct ImageDifference: CustomStringConvertible {
    var width: Int
    var height: Int
    /// Pixels with some channel more than `tolerance` steps apart.
    var pixelsOff: Int
    /// The largest channel difference, in 8-bit steps.
    var largestDifference: Int
    /// The first pixel off in row order, with expected and actual values.
    var first: (x: Int, y: Int, expected: SIMD4<UInt8>, actual: SIMD4<UInt8>)?
    var sizeMismatch: Bool = false

    var description: String {
        if sizeMismatch { return "size differs" }
        var text =
            "\(pixelsOff) of \(width * height) pixels off, largest difference \(largestDifference)/255"
        if let first {
            text +=
                "; first at (\(first.x), \(first.y)): expected \(first.expected), got \(first.actual)"
        }
        return text
    }
}

/// Compares `actual` with `expected` channel by channel; when pixels are off and `diffPath` is
/// given, writes a diff image there (the expected image dimmed, differing pixels in red scaled by
/// the difference).
func compare(
    _ actual: Texture, _ expected: Texture, tolerance: Int = 1, diffPath: String? = nil
) -> ImageDifference {
    guard actual.width == expected.width, actual.height == expected.height else {
        return ImageDifference(
            width: actual.width, height: actual.height, pixelsOff: 0, largestDifference: 0,
            sizeMismatch: true)
    }
    let a = actual.rgba8Bytes
    let e = expected.rgba8Bytes
    var result = ImageDifference(
        width: actual.width, height: actual.height, pixelsOff: 0, largestDifference: 0)
    var diff = [UInt8](repeating: 0, count: a.count)
    for pixel in 0..<(actual.width * actual.height) {
        var largest = 0
        for c in 0..<4 {
            largest = max(largest, abs(Int(a[4 * pixel + c]) - Int(e[4 * pixel + c])))
        }
        result.largestDifference = max(result.largestDifference, largest)
        if largest > tolerance {
            result.pixelsOff += 1
            if result.first == nil {
                result.first = (
                    pixel % actual.width, pixel / actual.width,
                    SIMD4(e[4 * pixel], e[4 * pixel + 1], e[4 * pixel + 2], e[4 * pixel + 3]),
                    SIMD4(a[4 * pixel], a[4 * pixel + 1], a[4 * pixel + 2], a[4 * pixel + 3])
                )
            }
            diff[4 * pixel] = UInt8(min(255, 64 + largest * 4))
            diff[4 * pixel + 3] = 255
        } else {
            for c in 0..<3 { diff[4 * pixel + c] = e[4 * pixel + c] / 4 }
            diff[4 * pixel + 3] = 255
        }
    }
    if result.pixelsOff > 0, let diffPath {
        try? ImageFile.write(
            Texture(width: actual.width, height: actual.height, rgba8: diff), toFile: diffPath)
    }
    return result
}

/// Where a failing filter's diff image goes: next to this test, gitignored (`*.diff.png`).
func diffImagePath(_ filter: String) -> String {
    projectRoot.appendingPathComponent("Tests/FilterTests/\(filter).diff.png").path
}
