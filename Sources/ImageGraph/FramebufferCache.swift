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
    }

    private struct Key: Hashable {
        var width: Int
        var height: Int
        var format: PixelFormat
    }

    private let lock = NSLock()
    private var idle: [Key: [Framebuffer]] = [:]
    private var idleCount = 0
    private var stats = Statistics(
        leasedFramebuffers: 0, peakLeasedFramebuffers: 0, liveFrames: 0, peakLiveFrames: 0,
        idleFramebuffers: 0, allocations: 0, reuses: 0)

    /// The most idle framebuffers kept; returns beyond it are freed.
    public let maximumIdleCount: Int

    /// Creates an empty cache.
    ///
    /// - Parameter maximumIdleCount: how many returned framebuffers to keep for reuse.
    public init(maximumIdleCount: Int = 4) {
        self.maximumIdleCount = max(0, maximumIdleCount)
    }

    /// The counters now.
    public var statistics: Statistics {
        lock.withLock {
            var s = stats
            s.idleFramebuffers = idleCount
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
        }
    }

    /// A framebuffer of the given size and format, cleared to transparent black: a returned
    /// one when there is one, else a new one.
    public func lease(width: Int, height: Int, format: PixelFormat = .rgba8) -> Framebuffer {
        let key = Key(width: width, height: height, format: format)
        let reused: Framebuffer? = lock.withLock {
            stats.leasedFramebuffers += 1
            stats.peakLeasedFramebuffers = max(stats.peakLeasedFramebuffers, stats.leasedFramebuffers)
            guard let framebuffer = idle[key]?.popLast() else {
                stats.allocations += 1
                return nil
            }
            idleCount -= 1
            stats.reuses += 1
            return framebuffer
        }
        guard let reused else { return Framebuffer(width: width, height: height, format: format) }
        reused.baseAddress.initializeMemory(
            as: UInt8.self, repeating: 0, count: reused.pixelCount * format.bytesPerPixel)
        return reused
    }

    /// Gives a leased framebuffer back for reuse.
    public func recycle(_ framebuffer: Framebuffer) {
        let key = Key(width: framebuffer.width, height: framebuffer.height, format: framebuffer.format)
        lock.withLock {
            stats.leasedFramebuffers -= 1
            guard idleCount < maximumIdleCount else { return }
            idle[key, default: []].append(framebuffer)
            idleCount += 1
        }
    }

    func frameDidStart() {
        lock.withLock {
            stats.liveFrames += 1
            stats.peakLiveFrames = max(stats.peakLiveFrames, stats.liveFrames)
        }
    }

    func frameDidEnd() {
        lock.withLock { stats.liveFrames -= 1 }
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
