import Foundation
import Framebuffers
import ImageCodecs
import Testing

/// The committed test images: `Tests/Fixtures` next to this test folder.
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// Path of a file under `Tests/Fixtures/Images`, e.g. `edge/basn0g01.png`.
    static func imagePath(_ name: String) -> String {
        root.appendingPathComponent("Images").appendingPathComponent(name).path
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: imagePath(name))))
    }

    /// Pillow's RGBA8 pixels for a fixture (see `Tests/Fixtures/make-references.py`).
    static func reference(_ name: String) throws -> [UInt8] {
        let file = root.appendingPathComponent("Reference").appendingPathComponent(name + ".rgba")
        return [UInt8](try Data(contentsOf: file))
    }

    /// The photos at the top of `Images` (not the corpora).
    static let photos = [
        "Minduka_Present_Blue_Pack.png", "astronaut.png", "camera.png", "chelsea.png",
        "coffee.png", "ghost.png", "grace_hopper.jpg", "hubble_deep_field.jpg", "rocket.jpg",
    ]
}

/// Per-channel difference statistics between two RGBA8 images of the same size.
struct PixelDifference: CustomStringConvertible {
    var largest = 0
    var sum = 0
    var count = 0
    var firstBadIndex: Int?

    init(_ actual: [UInt8], _ expected: [UInt8], tolerance: Int) {
        count = min(actual.count, expected.count)
        for i in 0..<count {
            let d = abs(Int(actual[i]) - Int(expected[i]))
            sum += d
            if d > largest { largest = d }
            if d > tolerance && firstBadIndex == nil { firstBadIndex = i }
        }
    }

    var mean: Double { count == 0 ? 0 : Double(sum) / Double(count) }

    var description: String {
        "largest difference \(largest), mean \(mean)"
            + (firstBadIndex.map { ", first beyond tolerance at sample \($0)" } ?? "")
    }
}

/// Expects `actual` to match `expected` within `tolerance` per channel (and `meanTolerance` on
/// average), reporting the largest difference and the first bad pixel at the caller's location.
func expectPixels(
    _ actual: Texture, equal expected: [UInt8], width: Int, height: Int,
    tolerance: Int = 0, meanTolerance: Double = 0, _ label: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(
        actual.width == width && actual.height == height,
        "\(label): size \(actual.width)x\(actual.height), expected \(width)x\(height)",
        sourceLocation: sourceLocation)
    guard actual.width == width && actual.height == height else { return }
    let bytes = actual.rgba8Bytes
    #expect(bytes.count == expected.count, "\(label): sample count", sourceLocation: sourceLocation)
    let difference = PixelDifference(bytes, expected, tolerance: tolerance)
    var detail = "\(label): \(difference)"
    if let bad = difference.firstBadIndex {
        let pixel = bad / 4
        let x = pixel % width
        let y = pixel / width
        let got = Array(bytes[pixel * 4..<pixel * 4 + 4])
        let want = Array(expected[pixel * 4..<pixel * 4 + 4])
        detail += " (pixel \(x),\(y): got \(got), expected \(want))"
    }
    #expect(
        difference.largest <= tolerance && difference.mean <= meanTolerance, "\(detail)",
        sourceLocation: sourceLocation)
}

/// The case of an error with its identifying data, for comparing against a table.
func errorCase(_ error: ImageCodecError) -> String {
    switch error {
    case .unrecognizedFormat: "unrecognizedFormat"
    case .invalidHeader: "invalidHeader"
    case .missingChunk(let chunk): "missingChunk(\(chunk))"
    case .checksumMismatch(let chunk): "checksumMismatch(\(chunk))"
    case .corruptData: "corruptData"
    case .truncated: "truncated"
    case .unsupported: "unsupported"
    case .tooLarge(let width, let height, let limit): "tooLarge(\(width)x\(height), \(limit))"
    case .fileNotFound: "fileNotFound"
    case .ioError: "ioError"
    case .invalidOptions: "invalidOptions"
    case .outOfMemory: "outOfMemory"
    }
}

/// Runs `body` and returns the `ImageCodecError` it throws, recording an issue when it throws
/// nothing or another error.
func codecError(
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) -> ImageCodecError? {
    do {
        try body()
        Issue.record(
            "expected an ImageCodecError, but nothing was thrown", sourceLocation: sourceLocation)
        return nil
    } catch let error as ImageCodecError {
        return error
    } catch {
        Issue.record("expected an ImageCodecError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}
