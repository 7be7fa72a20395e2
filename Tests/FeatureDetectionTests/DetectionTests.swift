import FeatureDetection
import Foundation
import Framebuffers
import Testing

/// Expected/opencv-faces.json, written by `scripts/measure-faces --record`.
struct OpenCVExpectations: Decodable {
    struct Case: Decodable {
        var photo: String
        var cascade: String
        var scaleFactor: Double
        var minNeighbors: Int
        var minSize: [Int]?
        var maxSize: [Int]?
        var faces: [[Int]]
    }

    var opencv: String
    var cases: [Case]

    static func load() throws -> OpenCVExpectations {
        let data = try Data(contentsOf: URL(fileURLWithPath: testsDirectory + "/Expected/opencv-faces.json"))
        return try JSONDecoder().decode(OpenCVExpectations.self, from: data)
    }
}

/// Greedy one-to-one matching at IoU >= 0.5: how many expected rectangles are found, and how
/// many found ones match nothing.
func match(expected: [PixelRect], found: [PixelRect]) -> (matched: Int, extra: Int) {
    var pairs: [(Double, Int, Int)] = []
    for (i, e) in expected.enumerated() {
        for (j, f) in found.enumerated() { pairs.append((e.intersectionOverUnion(f), i, j)) }
    }
    var usedExpected = Set<Int>(), usedFound = Set<Int>()
    for (score, i, j) in pairs.sorted(by: { $0.0 > $1.0 }) where score >= 0.5 && !usedExpected.contains(i) && !usedFound.contains(j) {
        usedExpected.insert(i)
        usedFound.insert(j)
    }
    return (usedExpected.count, found.count - usedFound.count)
}

@Suite("Detection against OpenCV's own answers")
struct DetectionTests {
    /// Photos up to 800x600 (the 1080p one is left to scripts/measure-faces: debug builds
    /// are slow), every case of the file.
    @Test("Shade finds >= 98% of OpenCV's rectangles (IoU >= 0.5) with <= 2% extra, same cascades and parameters")
    func matchesOpenCV() throws {
        let expectations = try OpenCVExpectations.load()
        var detectors: [String: Cascade] = [:]
        var expectedCount = 0, matchedCount = 0, extraCount = 0, identical = 0, photos = Set<String>()
        var pictures: [String: GrayImage] = [:]
        for item in expectations.cases where item.photo != "group-1080p.jpg" {
            let folder = CascadeFile.searchDirectories.first { FileManager.default.fileExists(atPath: $0 + "/" + item.cascade) }
            let path = try #require(folder.map { $0 + "/" + item.cascade }, "\(item.cascade): install opencv-data")
            let cascade = try detectors[path] ?? Cascade(contentsOfFile: path)
            detectors[path] = cascade
            let options = FaceDetector.Options(
                scaleFactor: item.scaleFactor, minNeighbors: item.minNeighbors,
                minSize: item.minSize.map { PixelSize(width: $0[0], height: $0[1]) },
                maxSize: item.maxSize.map { PixelSize(width: $0[0], height: $0[1]) })
            let gray = try pictures[item.photo] ?? GrayImage(photo(item.photo))
            pictures[item.photo] = gray
            let found = try FaceDetector(cascade: cascade, options: options).faces(in: gray)
            let expected = item.faces.map { PixelRect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) }
            let result = match(expected: expected, found: found.map(\.bounds))
            expectedCount += expected.count
            matchedCount += result.matched
            extraCount += result.extra
            identical += Set(expected).intersection(found.map(\.bounds)).count
            photos.insert(item.photo)
            if result.matched < expected.count || result.extra > 0 {
                print("\(item.photo) \(item.cascade): expected \(expected), found \(found.map(\.bounds))")
            }
        }
        print("OpenCV \(expectations.opencv): \(matchedCount)/\(expectedCount) matched, \(extraCount) extra, \(identical) identical, \(photos.count) photos")
        #expect(expectedCount >= 50, "too few faces to measure anything")
        #expect(Double(matchedCount) >= 0.98 * Double(expectedCount), "\(matchedCount) of \(expectedCount) found")
        #expect(Double(extraCount) <= 0.02 * Double(expectedCount), "\(extraCount) extra")
    }

    @Test("the photos without faces give none, and a portrait gives one")
    func basics() throws {
        let detector = try FaceDetector(cascade: .frontalFaceDefault)
        for name in ["none-coffee.jpg", "none-chelsea.jpg"] {
            #expect(detector.faces(in: try photo(name)).isEmpty, "\(name)")
        }
        let faces = detector.faces(in: try photo("hopper.jpg"))
        #expect(faces.count == 1)
        // Grace Hopper's face is in the upper middle of the 512x600 portrait.
        if let face = faces.first {
            #expect(face.bounds.x > 100 && face.bounds.x + face.bounds.width < 420 && face.bounds.y > 50 && face.bounds.y < 250)
            #expect(face.neighbors > 3)
        }
    }

    @Test("the thread count never changes the answer", arguments: [1, 2, 3, 7])
    func threads(count: Int) throws {
        let gray = GrayImage(try photo("small-faces.jpg"))
        let cascade = try Cascade(.frontalFaceAlt2)
        let one = try FaceDetector(cascade: cascade, options: .init(minNeighbors: 0, threadCount: 1)).candidates(in: gray)
        let many = try FaceDetector(cascade: cascade, options: .init(minNeighbors: 0, threadCount: count)).candidates(in: gray)
        #expect(one == many)
        #expect(!one.isEmpty)
    }

    @Test("options out of range are refused", arguments: [
        FaceDetector.Options(scaleFactor: 1), FaceDetector.Options(scaleFactor: .nan), FaceDetector.Options(minNeighbors: -1),
        FaceDetector.Options(minSize: PixelSize(width: -1, height: 4)), FaceDetector.Options(threadCount: 0),
    ])
    func badOptions(options: FaceDetector.Options) throws {
        let cascade = try Cascade(.frontalFaceDefault)
        #expect(throws: DetectionError.self) { try FaceDetector(cascade: cascade, options: options) }
    }

    @Test("minSize and maxSize bound the faces found")
    func sizeLimits() throws {
        let gray = GrayImage(try photo("small-faces.jpg"))
        let cascade = try Cascade(.frontalFaceDefault)
        let all = try FaceDetector(cascade: cascade, options: .init(minNeighbors: 0)).candidates(in: gray)
        let big = try FaceDetector(cascade: cascade, options: .init(minNeighbors: 0, minSize: PixelSize(width: 50, height: 50))).candidates(in: gray)
        let small = try FaceDetector(cascade: cascade, options: .init(minNeighbors: 0, maxSize: PixelSize(width: 40, height: 40))).candidates(in: gray)
        #expect(big.allSatisfy { $0.width >= 50 } && small.allSatisfy { $0.width <= 40 })
        #expect(!big.isEmpty && !small.isEmpty && big.count + small.count < all.count)
    }
}
