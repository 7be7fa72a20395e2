import Foundation
import Framebuffers
import ImageCodecs

/// Where a test helper was called from, so a failure points at the caller's line.
///
/// Every expectation takes `fileID`, `filePath`, `line` and `column` defaulted to the call
/// site; a Swift Testing or XCTest wrapper passes its own caller's values through and
/// records the report there.
public struct TestSourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// `#fileID` of the caller.
    public var fileID: String
    /// `#filePath` of the caller.
    public var filePath: String
    /// `#line` of the caller.
    public var line: Int
    /// `#column` of the caller.
    public var column: Int

    /// Creates a location.
    public init(fileID: String, filePath: String, line: Int, column: Int) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    public var description: String { "\(fileID):\(line):\(column)" }
}

/// The outcome of comparing an image (or part of one) with what was expected.
public struct ImageComparison: Sendable, CustomStringConvertible {
    /// One pixel that is off by more than the tolerance.
    public struct Mismatch: Sendable, Hashable {
        /// Column.
        public var x: Int
        /// Row (row 0 is `gl_FragCoord.y = 0.5`).
        public var y: Int
        /// The expected RGBA.
        public var expected: SIMD4<Float>
        /// The RGBA found.
        public var actual: SIMD4<Float>
    }

    /// What was compared (`pixel (3, 4)`, `rect (0, 0) 8x8`, `image`, `golden blur.png`).
    public var subject: String
    /// `true` when every compared pixel is within the tolerance (and the sizes agree).
    public var isMatch: Bool
    /// How many compared pixels differ by more than the tolerance.
    public var differingPixelCount: Int
    /// How many pixels were compared.
    public var comparedPixelCount: Int
    /// The largest difference in any channel of any compared pixel.
    public var largestDifference: Float
    /// The first differing pixel in row order.
    public var firstMismatch: Mismatch?
    /// A reason that is not about pixel values (wrong size, missing golden, recorded golden).
    public var problem: String?
    /// Where a diff image was written, when one was.
    public var diffImagePath: String?
    /// The caller of the expectation.
    public var sourceLocation: TestSourceLocation

    /// One paragraph for a test failure: counts, the largest difference, the first differing
    /// pixel with expected vs actual, and the diff image's path.
    public var description: String {
        if isMatch { return "\(subject): matches" }
        if let problem { return "\(subject): \(problem)" }
        var text = "\(subject): \(differingPixelCount) of \(comparedPixelCount) pixels differ"
        text += ", largest difference \(Self.format(largestDifference))"
        if let m = firstMismatch {
            text += "; first at (\(m.x), \(m.y)): expected \(Self.format(m.expected)), actual \(Self.format(m.actual))"
        }
        if let diffImagePath { text += "; diff image: \(diffImagePath)" }
        return text
    }

    static func format(_ v: Float) -> String { String(format: "%.4g", Double(v)) }
    static func format(_ v: SIMD4<Float>) -> String {
        "(" + (0..<4).map { format(v[$0]) }.joined(separator: ", ") + ")"
    }
}

/// Per-pixel expectations on rendered images, for any test framework: each returns an
/// `ImageComparison`; record its `description` as a failure when `isMatch` is false.
///
/// Tolerances are per channel (RGBA) and inclusive: a difference equal to the tolerance
/// passes. `ImageExpectation.oneStep` (1/255) accepts one step of 8-bit colour.
public enum ImageExpectation {
    /// One step of 8-bit colour in every channel.
    public static let oneStep = SIMD4<Float>(repeating: 1 / 255)
    /// Exact comparison.
    public static let exact = SIMD4<Float>(repeating: 0)

    /// Compares the pixel at (`x`, `y`) with `expected`.
    ///
    /// - Parameters:
    ///   - image: the rendered image.
    ///   - x: column.
    ///   - y: row (row 0 is `gl_FragCoord.y = 0.5`).
    ///   - expected: RGBA in 0…1.
    ///   - tolerance: largest accepted difference per channel.
    /// - Returns: the comparison; outside the image it is a mismatch that says so.
    public static func pixel(
        of image: Texture, x: Int, y: Int, is expected: SIMD4<Float>, tolerance: SIMD4<Float> = oneStep,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> ImageComparison {
        region(
            of: image, x: x, y: y, width: 1, height: 1, subject: "pixel (\(x), \(y))", tolerance: tolerance,
            location: TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        ) { _, _ in expected }
    }

    /// Compares every pixel of a rectangle with one colour.
    ///
    /// - Parameters:
    ///   - image: the rendered image.
    ///   - x: left column.
    ///   - y: first row.
    ///   - width: columns.
    ///   - height: rows.
    ///   - expected: RGBA in 0…1.
    ///   - tolerance: largest accepted difference per channel.
    /// - Returns: the comparison; a rectangle outside the image is a mismatch that says so.
    public static func rect(
        of image: Texture, x: Int, y: Int, width: Int, height: Int, is expected: SIMD4<Float>,
        tolerance: SIMD4<Float> = oneStep,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> ImageComparison {
        region(
            of: image, x: x, y: y, width: width, height: height, subject: "rect (\(x), \(y)) \(width)x\(height)",
            tolerance: tolerance,
            location: TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        ) { _, _ in expected }
    }

    /// Compares every pixel with a function of its coordinates.
    ///
    /// - Parameters:
    ///   - image: the rendered image.
    ///   - tolerance: largest accepted difference per channel.
    ///   - expected: the expected RGBA of pixel (x, y).
    /// - Returns: the comparison.
    public static func everyPixel(
        of image: Texture, tolerance: SIMD4<Float> = oneStep,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        is expected: (Int, Int) -> SIMD4<Float>
    ) -> ImageComparison {
        region(
            of: image, x: 0, y: 0, width: image.width, height: image.height, subject: "image", tolerance: tolerance,
            location: TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column), expected)
    }

    /// Compares two whole images; different sizes are a mismatch.
    ///
    /// - Parameters:
    ///   - image: the rendered image.
    ///   - expected: the reference.
    ///   - tolerance: largest accepted difference per channel.
    ///   - diffImagePath: where to write a diff image on mismatch (PNG), or `nil` for none.
    /// - Returns: the comparison.
    public static func image(
        _ image: Texture, equals expected: Texture, tolerance: SIMD4<Float> = oneStep, diffImagePath: String? = nil,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> ImageComparison {
        let location = TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return compare(image, expected, subject: "image", tolerance: tolerance, diffImagePath: diffImagePath, location: location)
    }

    /// The environment variable that makes `golden` record instead of compare.
    public static let recordGoldensVariable = "SHADE_RECORD_GOLDENS"

    /// Compares `image` with the golden PNG at `path`, or records it.
    ///
    /// A relative `path` is resolved against the folder of the calling test file, so goldens
    /// live next to their tests. When `SHADE_RECORD_GOLDENS=1` is set, the image is written
    /// to `path` and the comparison fails (so a recording run never passes by accident). A
    /// missing golden fails and says how to record it. On a mismatch a diff image
    /// (`NAME.diff.png`: differing pixels red, scaled by the difference, others dimmed grey)
    /// and the actual image (`NAME.actual.png`) are written next to the golden.
    ///
    /// - Parameters:
    ///   - image: the rendered image.
    ///   - path: the golden PNG.
    ///   - tolerance: largest accepted difference per channel.
    ///   - environment: the variables to read `SHADE_RECORD_GOLDENS` from.
    /// - Returns: the comparison.
    public static func golden(
        _ image: Texture, matches path: String, tolerance: SIMD4<Float> = oneStep,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> ImageComparison {
        let location = TestSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let resolved = path.hasPrefix("/")
            ? path : (URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent(path).path)
        let subject = "golden \(path)"
        func problem(_ text: String) -> ImageComparison {
            ImageComparison(
                subject: subject, isMatch: false, differingPixelCount: 0, comparedPixelCount: 0, largestDifference: 0,
                problem: text, sourceLocation: location)
        }
        if let flag = environment[recordGoldensVariable], !flag.isEmpty, flag != "0" {
            do {
                try FileManager.default.createDirectory(
                    atPath: (resolved as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try ImageFile.write(image.converted(to: .rgba8), toFile: resolved, as: .png())
            } catch {
                return problem("could not record the golden at \(resolved): \(error)")
            }
            return problem("recorded the golden at \(resolved) (\(recordGoldensVariable) is set); run again without it to compare")
        }
        guard FileManager.default.fileExists(atPath: resolved) else {
            return problem("no golden at \(resolved); run with \(recordGoldensVariable)=1 to record it")
        }
        let expected: Texture
        do {
            expected = try ImageFile.decode(contentsOfFile: resolved).texture
        } catch {
            return problem("cannot read the golden at \(resolved): \(error)")
        }
        let base = resolved.hasSuffix(".png") ? String(resolved.dropLast(4)) : resolved
        var result = compare(image, expected, subject: subject, tolerance: tolerance, diffImagePath: base + ".diff.png", location: location)
        if !result.isMatch, result.problem == nil {
            try? ImageFile.write(image.converted(to: .rgba8), toFile: base + ".actual.png", as: .png())
        }
        if result.isMatch { result.diffImagePath = nil }
        return result
    }

    static func compare(
        _ image: Texture, _ expected: Texture, subject: String, tolerance: SIMD4<Float>, diffImagePath: String?,
        location: TestSourceLocation
    ) -> ImageComparison {
        guard image.width == expected.width, image.height == expected.height else {
            return ImageComparison(
                subject: subject, isMatch: false, differingPixelCount: 0, comparedPixelCount: 0, largestDifference: 0,
                problem: "size \(image.width)x\(image.height) differs from the expected \(expected.width)x\(expected.height)",
                sourceLocation: location)
        }
        var result = region(
            of: image, x: 0, y: 0, width: image.width, height: image.height, subject: subject, tolerance: tolerance,
            location: location) { expected.pixel(x: $0, y: $1) }
        if !result.isMatch, let diffImagePath {
            var bytes = [UInt8](repeating: 255, count: image.width * image.height * 4)
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let a = image.pixel(x: x, y: y), e = expected.pixel(x: x, y: y)
                    let d = (a - e).replacing(with: e - a, where: a .< e)
                    let o = (y * image.width + x) * 4
                    if any(d .> tolerance + 1e-6) {
                        let m = max(d.max(), 0.25)
                        bytes[o] = Texture.unorm8(m); bytes[o + 1] = 0; bytes[o + 2] = 0
                    } else {
                        let grey = Texture.unorm8((e.x + e.y + e.z) / 3 * 0.3)
                        bytes[o] = grey; bytes[o + 1] = grey; bytes[o + 2] = grey
                    }
                }
            }
            if (try? ImageFile.write(Texture(width: image.width, height: image.height, rgba8: bytes), toFile: diffImagePath, as: .png())) != nil {
                result.diffImagePath = diffImagePath
            }
        }
        return result
    }

    static func region(
        of image: Texture, x: Int, y: Int, width: Int, height: Int, subject: String, tolerance: SIMD4<Float>,
        location: TestSourceLocation, _ expected: (Int, Int) -> SIMD4<Float>
    ) -> ImageComparison {
        var result = ImageComparison(
            subject: subject, isMatch: true, differingPixelCount: 0, comparedPixelCount: width * height,
            largestDifference: 0, sourceLocation: location)
        guard x >= 0, y >= 0, width > 0, height > 0, x + width <= image.width, y + height <= image.height else {
            result.isMatch = false
            result.problem = "outside the \(image.width)x\(image.height) image"
            return result
        }
        for py in y..<(y + height) {
            for px in x..<(x + width) {
                let a = image.pixel(x: px, y: py), e = expected(px, py)
                let d = (a - e).replacing(with: e - a, where: a .< e)
                result.largestDifference = max(result.largestDifference, d.max())
                // A hair of slack so that k/255 − (k−1)/255 counts as one step.
                if any(d .> tolerance + 1e-6) {
                    result.differingPixelCount += 1
                    if result.firstMismatch == nil {
                        result.firstMismatch = .init(x: px, y: py, expected: e, actual: a)
                    }
                }
            }
        }
        result.isMatch = result.differingPixelCount == 0
        return result
    }
}
