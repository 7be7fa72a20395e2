/// How a frame is shaded: tile size, number of threads and lanes per batch. A schedule never
/// changes a single bit of output; it only changes speed.
public struct Schedule: Sendable, Hashable, CustomStringConvertible {
    /// Tile width in pixels (rounded up to a multiple of the batch width).
    public var tileWidth: Int
    /// Tile height in pixels (rounded up to a multiple of the batch height).
    public var tileHeight: Int
    /// Worker threads (1 runs on the calling thread).
    public var threadCount: Int
    /// Lanes per batch: 4 × a power of two (4, 8, 16, … 1024). A batch is a block of 2×2 quads.
    public var laneWidth: Int
    /// The code that shades batches (`ShadingEngine`; the same bits either way).
    public var engine: ShadingEngine
    /// With the native engine: when a program's code is not compiled yet, shade on closures
    /// while clang compiles it on another thread, and switch to the native code tile by tile
    /// once it is loaded (the same bits either way). False waits for the compile, so that
    /// every tile runs natively (what benchmarks and engine tests need).
    public var compilesInBackground: Bool

    /// Creates a schedule.
    ///
    /// - Precondition: positive sizes; `laneWidth` is 4 times a power of two.
    public init(
        tileWidth: Int = 4096, tileHeight: Int = 8, threadCount: Int = Schedule.coreCount, laneWidth: Int = 64,
        engine: ShadingEngine = ShadingEngine.defaultEngine, compilesInBackground: Bool = false
    ) {
        precondition(tileWidth > 0 && tileHeight > 0 && threadCount > 0, "schedule sizes must be positive")
        precondition(laneWidth >= 4 && laneWidth <= 1024 && laneWidth.nonzeroBitCount == 1, "lane width must be 4, 8, 16, … 1024; got \(laneWidth)")
        self.tileWidth = tileWidth
        self.tileHeight = tileHeight
        self.threadCount = threadCount
        self.laneWidth = laneWidth
        self.engine = engine
        self.compilesInBackground = compilesInBackground
    }

    /// Active processor cores on this machine.
    public static var coreCount: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// One thread, default tiles and lanes: the reference every other schedule must match.
    public static var singleThreaded: Schedule { Schedule(threadCount: 1) }

    /// The pixel block one batch covers when the program uses derivatives: a row of 2×2
    /// quads, `laneWidth / 2` pixels wide and 2 high. Programs without derivatives shade one
    /// row of `laneWidth` pixels per batch, so that texture reads and framebuffer writes are
    /// contiguous runs.
    public var batchSize: (width: Int, height: Int) {
        (laneWidth / 2, 2)
    }

    public var description: String {
        "tile \(tileWidth)x\(tileHeight), \(threadCount) thread\(threadCount == 1 ? "" : "s"), \(laneWidth) lanes, \(engine.rawValue)"
    }
}

import Foundation
