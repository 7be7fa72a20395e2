import Foundation
import Framebuffers
import ShaderExecution

/// A size in whole pixels.
public struct PixelSize: Sendable, Hashable, CustomStringConvertible {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// Creates a size.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// `WxH`.
    public var description: String { "\(width)x\(height)" }
}

/// One object a detector found.
public struct DetectedFace: Sendable, Hashable {
    /// Where it is, in image coordinates: top-left origin, row 0 is the file's first row
    /// (see `PixelRect`).
    public var bounds: PixelRect
    /// How many accepted windows were merged into it (more is surer).
    public var neighbors: Int

    /// Creates a detection.
    public init(bounds: PixelRect, neighbors: Int) {
        self.bounds = bounds
        self.neighbors = neighbors
    }
}

/// Why a detector could not be made.
public enum DetectionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The cascade could not be loaded.
    case cascade(CascadeError)
    /// An option is out of range (`scaleFactor` must exceed 1, …).
    case invalidOptions(String)

    public var description: String {
        switch self {
        case .cascade(let error): error.description
        case .invalidOptions(let reason): "invalid detection options: \(reason)"
        }
    }
}

/// Finds faces (or eyes, smiles, profiles… whatever its cascade was trained on) in pictures
/// with the Viola–Jones method, over OpenCV's trained cascade files.
///
/// ```swift
/// let detector = try FaceDetector(cascade: .frontalFaceDefault)
/// for face in detector.faces(in: texture) {
///     print(face.bounds, face.neighbors)   // 120,64 96x96 12
/// }
/// ```
///
/// The scan follows OpenCV's `CascadeClassifier::detectMultiScale`, so the same cascade and
/// options give the same faces: the picture's luma is scaled down by `scaleFactor`,
/// `scaleFactor²`, … (bilinear, fixed point) while the cascade's window still fits and lies
/// within `minSize...maxSize`; at each scale the window visits every second row and column
/// (every one once the scale reaches 2) and skips one more column after a window the first
/// stage rejects; Haar features are normalised by the window's standard deviation (windows
/// too flat to normalise are rejected); and the accepted windows are merged by
/// `RectangleGrouping` with `minNeighbors`. Scales run in parallel; the result does not depend
/// on the thread count.
///
/// Rectangles are in image coordinates with the origin at the top-left of the image as stored
/// in its file (row 0 of a `Texture`), clipped to the image.
public struct FaceDetector: Sendable {
    /// How the scan runs.
    public struct Options: Sendable, Equatable {
        /// How much the window grows from one scale to the next (> 1; OpenCV's default 1.1).
        public var scaleFactor: Double
        /// A face needs more than this many overlapping accepted windows (OpenCV's default
        /// 3; 0 returns every accepted window ungrouped).
        public var minNeighbors: Int
        /// Smaller windows are not tried (`nil`: the cascade's own window).
        public var minSize: PixelSize?
        /// Larger windows are not tried (`nil`: the image size).
        public var maxSize: PixelSize?
        /// Threads to scan scales on (at least 1).
        public var threadCount: Int

        /// Creates options; the defaults are OpenCV's.
        public init(
            scaleFactor: Double = 1.1, minNeighbors: Int = 3, minSize: PixelSize? = nil, maxSize: PixelSize? = nil,
            threadCount: Int = ProcessInfo.processInfo.activeProcessorCount
        ) {
            self.scaleFactor = scaleFactor
            self.minNeighbors = minNeighbors
            self.minSize = minSize
            self.maxSize = maxSize
            self.threadCount = threadCount
        }

        func validated() throws(DetectionError) -> Options {
            guard scaleFactor.isFinite, scaleFactor > 1, scaleFactor <= 100 else {
                throw .invalidOptions("scale factor \(scaleFactor) must be greater than 1 (1.1 is usual)")
            }
            guard minNeighbors >= 0 else { throw .invalidOptions("min neighbours \(minNeighbors) must be 0 or more") }
            for (name, size) in [("min", minSize), ("max", maxSize)] {
                if let size, size.width < 0 || size.height < 0 {
                    throw .invalidOptions("\(name) size \(size) must not be negative")
                }
            }
            guard threadCount >= 1 else { throw .invalidOptions("thread count \(threadCount) must be at least 1") }
            return self
        }
    }

    /// The cascade that classifies windows.
    public let cascade: Cascade
    /// The scan's options.
    public let options: Options

    /// Loads a cascade and makes a detector.
    ///
    /// - Parameters:
    ///   - file: a named cascade from OpenCV's data folders (`frontalFaceDefault`, `eye`,
    ///     `lbpFrontalFace`, …) or `.file(path)`.
    ///   - options: the scan's options.
    /// - Throws: `DetectionError.cascade` when the cascade is missing (the message names the
    ///   `opencv-data` package) or invalid, `.invalidOptions` for an option out of range.
    public init(cascade file: CascadeFile = .frontalFaceDefault, options: Options = Options()) throws(DetectionError) {
        let cascade: Cascade
        do {
            cascade = try Cascade(file)
        } catch {
            throw .cascade(error)
        }
        try self.init(cascade: cascade, options: options)
    }

    /// Makes a detector from a loaded cascade.
    ///
    /// - Throws: `DetectionError.invalidOptions` for an option out of range.
    public init(cascade: Cascade, options: Options = Options()) throws(DetectionError) {
        self.cascade = cascade
        self.options = try options.validated()
    }

    /// The faces in a picture (its luma; alpha is ignored).
    ///
    /// - Returns: one rectangle per face with its neighbour count, in image coordinates
    ///   (top-left origin, the file's first row at y = 0), clipped to the picture.
    public func faces(in texture: Texture) -> [DetectedFace] {
        faces(in: GrayImage(texture))
    }

    /// The faces in an 8-bit luma image; see `faces(in:)` for textures.
    public func faces(in image: GrayImage) -> [DetectedFace] {
        let windows = candidates(in: image)
        let bounds = PixelRect(x: 0, y: 0, width: image.width, height: image.height)
        return RectangleGrouping.group(windows, minNeighbors: options.minNeighbors).compactMap { group in
            let clipped = group.rect.intersection(bounds)
            return clipped.area > 0 ? DetectedFace(bounds: clipped, neighbors: group.neighbors) : nil
        }
    }

    /// Every window the cascade accepts, before grouping, in image coordinates, ordered by
    /// scale, then row, then column.
    public func candidates(in image: GrayImage) -> [PixelRect] {
        let plan = ScanPlan(cascade: cascade, options: options, width: image.width, height: image.height)
        guard !plan.scales.isEmpty else { return [] }
        let compiled = CompiledCascade(cascade, stride: plan.stride, tiltedOffset: plan.maxTable)
        let workers = min(options.threadCount, plan.scales.count)
        let assignment = plan.assign(workers: workers)
        let results = ScaleResults(count: plan.scales.count)
        ParallelRows.forEachBandCompat(count: workers) { worker in
            let scanner = ScaleScanner(plan: plan, compiled: compiled)
            for index in assignment[worker] {
                results.store(scanner.scan(image, scale: plan.scales[index]), at: index)
            }
        }
        return results.all
    }
}

/// One scale of the scan: the factor and the sizes derived from it, as OpenCV derives them.
struct ScanScale: Sendable {
    /// The factor, in single precision as OpenCV keeps it.
    var factor: Float
    /// The scaled picture's size: `round(size / factor)`.
    var imageWidth: Int
    var imageHeight: Int
    /// The window's size in the original picture: `round(window · factor)`.
    var windowWidth: Int
    var windowHeight: Int
    /// Step between tried rows and columns: 2 below factor 2, then 1.
    var step: Int
    /// How many window positions fit along each axis.
    var columns: Int { max(imageWidth + 1 - baseWidth, 0) }
    var rows: Int { max(imageHeight + 1 - baseHeight, 0) }
    var baseWidth: Int
    var baseHeight: Int
    /// Rough cost for load balancing: tried windows.
    var cost: Int { (columns / step + 1) * (rows / step + 1) }
}

/// The scales of one picture and the stride the integral tables share.
struct ScanPlan: Sendable {
    var scales: [ScanScale] = []
    /// Entries per row of every integral table (the largest scaled width + 1).
    var stride: Int = 0
    var maxPixels: Int = 0
    var maxTable: Int = 0

    init(cascade: Cascade, options: FaceDetector.Options, width: Int, height: Int) {
        let maxSize = options.maxSize.flatMap { $0.width > 0 && $0.height > 0 ? $0 : nil } ?? PixelSize(width: width, height: height)
        let minSize = options.minSize ?? PixelSize(width: 0, height: 0)
        var factor = 1.0
        while true {
            defer { factor *= options.scaleFactor }
            let windowWidth = Int((Double(cascade.windowWidth) * factor).rounded(.toNearestOrEven))
            let windowHeight = Int((Double(cascade.windowHeight) * factor).rounded(.toNearestOrEven))
            if windowWidth > maxSize.width || windowHeight > maxSize.height || windowWidth > width || windowHeight > height {
                break
            }
            if windowWidth < minSize.width || windowHeight < minSize.height { continue }
            let f = Float(factor)
            let scaledWidth = Int((Float(width) / f).rounded(.toNearestOrEven))
            let scaledHeight = Int((Float(height) / f).rounded(.toNearestOrEven))
            let scale = ScanScale(
                factor: f, imageWidth: scaledWidth, imageHeight: scaledHeight,
                windowWidth: Int((Float(cascade.windowWidth) * f).rounded(.toNearestOrEven)),
                windowHeight: Int((Float(cascade.windowHeight) * f).rounded(.toNearestOrEven)),
                step: f >= 2 ? 1 : 2, baseWidth: cascade.windowWidth, baseHeight: cascade.windowHeight)
            guard scale.imageWidth > 0, scale.imageHeight > 0 else { continue }
            scales.append(scale)
            stride = max(stride, scaledWidth + 1)
            maxPixels = max(maxPixels, scaledWidth * scaledHeight)
            maxTable = max(maxTable, (scaledWidth + 1) * (scaledHeight + 1))
        }
        maxTable = max(maxTable, stride * ((scales.map(\.imageHeight).max() ?? 0) + 1))
    }

    /// Scale indices per worker: the costliest scale first to the least loaded worker.
    func assign(workers: Int) -> [[Int]] {
        var lists = [[Int]](repeating: [], count: workers)
        var loads = [Int](repeating: 0, count: workers)
        for index in scales.indices.sorted(by: { scales[$0].cost > scales[$1].cost }) {
            let worker = loads.indices.min { loads[$0] < loads[$1] }!
            lists[worker].append(index)
            loads[worker] += scales[index].cost
        }
        return lists
    }
}

/// Per-scale results written by the workers, each slot by one worker only.
final class ScaleResults: @unchecked Sendable {
    private var slots: [[PixelRect]]
    private let lock = NSLock()

    init(count: Int) { slots = [[PixelRect]](repeating: [], count: count) }

    func store(_ rects: [PixelRect], at index: Int) {
        lock.lock()
        slots[index] = rects
        lock.unlock()
    }

    var all: [PixelRect] { slots.flatMap { $0 } }
}

extension ParallelRows {
    /// Runs `body(i)` for `i` in `0..<count`, concurrently (one band of one row each).
    static func forEachBandCompat(count: Int, _ body: @Sendable (Int) -> Void) {
        forEachBand(height: count, threads: count) { band in
            for i in band { body(i) }
        }
    }
}
