import Foundation
import ShaderExecution
import Framebuffers

/// Framebuffers reused by size and format, with counters that tests and benchmarks read.
///
/// Operations lease a framebuffer for their output; the graph returns it when the last
/// consumer of the frame is done (or as soon as its pixels were copied out for sampling). A
/// returned framebuffer is handed to the next lease of the same size and format, cleared to
/// transparent black as GPUImage clears before each draw.
public final class FramebufferCache: @unchecked Sendable {
    /// A snapshot of the counters.
    public struct Statistics: Sendable, Equatable {
        /// Framebuffers leased and not yet returned.
        public var leasedFramebuffers: Int
        /// The most framebuffers leased at once since the last reset.
        public var peakLeasedFramebuffers: Int
        /// Rendered frames alive (leased from this cache, not yet released by the graph),
        /// whether their pixels are still in the framebuffer or already copied out.
        public var liveFrames: Int
        /// The most rendered frames alive at once since the last reset.
        public var peakLiveFrames: Int
        /// Framebuffers kept for reuse.
        public var idleFramebuffers: Int
        /// Framebuffers allocated since the last reset.
        public var allocations: Int
        /// Leases served from the idle framebuffers since the last reset.
        public var reuses: Int
        /// Bytes of pixels held now: framebuffers leased or kept idle, and the pixels of live
        /// frames copied out of their framebuffers (what counts against `memoryLimit`).
        public var bytes: Int
    }

    /// A lease that would take the pixels the cache accounts for past `memoryLimit`, even after
    /// every idle framebuffer was freed.
    public struct MemoryLimitExceeded: Error, Equatable, Sendable {
        /// Bytes the new framebuffer needs (`Int.max` when the size overflows).
        public var requestedBytes: Int
        /// Bytes already in use: leased framebuffers and live frames' copied pixels.
        public var leasedBytes: Int
        /// The cache's limit.
        public var limit: Int

        /// Creates the error.
        public init(requestedBytes: Int, leasedBytes: Int, limit: Int) {
            self.requestedBytes = requestedBytes
            self.leasedBytes = leasedBytes
            self.limit = limit
        }
    }

    private struct Key: Hashable {
        var width: Int
        var height: Int
        var format: PixelFormat
    }

    private let lock = NSLock()
    private var idle: [Key: [Framebuffer]] = [:]
    private var idleCount = 0
    private var idleBytes = 0
    private var leasedBytes = 0
    private var copiedBytes = 0
    private var stats = Statistics(
        leasedFramebuffers: 0, peakLeasedFramebuffers: 0, liveFrames: 0, peakLiveFrames: 0,
        idleFramebuffers: 0, allocations: 0, reuses: 0, bytes: 0)

    /// The most idle framebuffers kept; returns beyond it are freed.
    public let maximumIdleCount: Int

    /// The most bytes of pixels the cache accounts for at once: framebuffers leased and idle,
    /// and pixels live frames copied out of them for sampling.
    /// A lease past it first frees idle framebuffers, then fails with `MemoryLimitExceeded`
    /// before allocating, so an absurd output size or a graph holding too many frames at once
    /// ends in an error instead of exhausting memory.
    public let memoryLimit: Int

    /// The default `memoryLimit`: 4 GiB, about 120 4K RGBA8 frames or 30 Float32 ones.
    public static let defaultMemoryLimit = 1 << 32

    /// Creates an empty cache.
    ///
    /// - Parameters:
    ///   - maximumIdleCount: how many returned framebuffers to keep for reuse.
    ///   - memoryLimit: the most bytes of pixels leased and idle at once.
    public init(maximumIdleCount: Int = 4, memoryLimit: Int = FramebufferCache.defaultMemoryLimit) {
        self.maximumIdleCount = max(0, maximumIdleCount)
        self.memoryLimit = max(0, memoryLimit)
    }

    /// Bytes of a framebuffer of that size and format, or `nil` when it overflows `Int`.
    static func byteCount(width: Int, height: Int, format: PixelFormat) -> Int? {
        let (pixels, o1) = max(width, 0).multipliedReportingOverflow(by: max(height, 0))
        let (bytes, o2) = pixels.multipliedReportingOverflow(by: format.bytesPerPixel)
        return o1 || o2 ? nil : bytes
    }

    /// The counters now.
    public var statistics: Statistics {
        lock.withLock {
            var s = stats
            s.idleFramebuffers = idleCount
            s.bytes = leasedBytes + idleBytes + copiedBytes
            return s
        }
    }

    /// Sets the peaks to the current values and the allocation and reuse counts to 0.
    public func resetStatistics() {
        lock.withLock {
            stats.peakLeasedFramebuffers = stats.leasedFramebuffers
            stats.peakLiveFrames = stats.liveFrames
            stats.allocations = 0
            stats.reuses = 0
        }
    }

    /// Frees every idle framebuffer.
    public func removeIdleFramebuffers() {
        lock.withLock {
            idle.removeAll()
            idleCount = 0
            idleBytes = 0
        }
    }

    /// A framebuffer of the given size and format, cleared to transparent black: a returned
    /// one when there is one, else a new one.
    ///
    /// - Throws: `MemoryLimitExceeded` when a new framebuffer would take the cache past
    ///   `memoryLimit` even with no idle framebuffers kept; nothing is allocated then.
    public func lease(
        width: Int, height: Int, format: PixelFormat = .rgba8
    ) throws(MemoryLimitExceeded) -> Framebuffer {
        let key = Key(width: width, height: height, format: format)
        let bytes = FramebufferCache.byteCount(width: width, height: height, format: format) ?? Int.max
        let outcome: Result<Framebuffer?, MemoryLimitExceeded> = lock.withLock {
            let inUse = leasedBytes + copiedBytes
            guard bytes <= memoryLimit - inUse else {
                return .failure(MemoryLimitExceeded(requestedBytes: bytes, leasedBytes: inUse, limit: memoryLimit))
            }
            if let framebuffer = idle[key]?.popLast() {
                idleCount -= 1
                idleBytes -= bytes
                stats.reuses += 1
                leaseCounted(bytes)
                return .success(framebuffer)
            }
            if bytes > memoryLimit - inUse - idleBytes {
                // Make room by dropping what is kept for reuse.
                idle.removeAll()
                idleCount = 0
                idleBytes = 0
            }
            stats.allocations += 1
            leaseCounted(bytes)
            return .success(nil)
        }
        guard let reused = try outcome.get() else { return Framebuffer(width: width, height: height, format: format) }
        reused.baseAddress.initializeMemory(
            as: UInt8.self, repeating: 0, count: reused.pixelCount * format.bytesPerPixel)
        return reused
    }

    /// Counts one more lease of `bytes`; the caller holds the lock.
    private func leaseCounted(_ bytes: Int) {
        leasedBytes += bytes
        stats.leasedFramebuffers += 1
        stats.peakLeasedFramebuffers = max(stats.peakLeasedFramebuffers, stats.leasedFramebuffers)
    }

    /// Gives a leased framebuffer back for reuse.
    public func recycle(_ framebuffer: Framebuffer) {
        let key = Key(width: framebuffer.width, height: framebuffer.height, format: framebuffer.format)
        let bytes = framebuffer.pixelCount * framebuffer.format.bytesPerPixel
        lock.withLock {
            stats.leasedFramebuffers -= 1
            leasedBytes -= bytes
            // Keep it for reuse only while the cache stays within its limit.
            guard idleCount < maximumIdleCount,
                bytes <= memoryLimit - leasedBytes - copiedBytes - idleBytes
            else { return }
            idle[key, default: []].append(framebuffer)
            idleCount += 1
            idleBytes += bytes
        }
    }

    func frameDidStart() {
        lock.withLock {
            stats.liveFrames += 1
            stats.peakLiveFrames = max(stats.peakLiveFrames, stats.liveFrames)
        }
    }

    /// A live frame's pixels were copied out of its framebuffer (which comes back to the
    /// cache); the copy counts against `memoryLimit` until the frame ends.
    func frameDidCopyPixels(_ bytes: Int) {
        lock.withLock { copiedBytes += bytes }
    }

    func frameDidEnd(copiedBytes bytes: Int) {
        lock.withLock {
            stats.liveFrames -= 1
            copiedBytes -= bytes
        }
    }
}

/// What one processing pass runs with: the executor (its schedule of parallel tiles) and the
/// framebuffer cache. There is no global context; pass the same context to successive passes
/// to reuse framebuffers between them.
public final class ProcessingContext {
    /// Shades every pass (parallel tiles by default).
    public var executor: Executor
    /// Where operations lease their output framebuffers.
    public let framebufferCache: FramebufferCache
    /// Seconds, for shaders that declare `time`, `u_time`, `iTime` or `iGlobalTime` (as
    /// `shade run --time` sets them). `FrameSequenceInput` sets it per frame when it has a
    /// frame rate.
    public var time: Float = 0
    /// Limits on the size of the graphs processed in this context (the framebuffer memory
    /// limit belongs to `framebufferCache`).
    public var limits = GraphLimits()

    /// Creates a context.
    ///
    /// - Parameters:
    ///   - executor: the executor for every pass.
    ///   - framebufferCache: the cache for output framebuffers.
    public init(executor: Executor = Executor(), framebufferCache: FramebufferCache = FramebufferCache()) {
        self.executor = executor
        self.framebufferCache = framebufferCache
    }
}

/// Limits on the graphs a `ProcessingContext` processes; past one, processing fails with a
/// `GraphError` before anything is drawn. Framebuffer memory is limited by
/// `FramebufferCache.memoryLimit`.
public struct GraphLimits: Sendable, Equatable {
    /// The most texture locations (inputs) one operation may read: 32, as many texture image
    /// units as llvmpipe offers a fragment shader (GLES 2 guarantees 8).
    public var maximumInputsPerOperation: Int
    /// The most nodes (sources, operations, targets) one graph may have.
    public var maximumNodes: Int

    /// Creates limits; the defaults suit any graph a person writes.
    public init(maximumInputsPerOperation: Int = 32, maximumNodes: Int = 10_000) {
        self.maximumInputsPerOperation = maximumInputsPerOperation
        self.maximumNodes = maximumNodes
    }
}
