import Framebuffers
import ImageGraph
import Testing

@Suite("Framebuffer cache: bounded frames, reuse, memory back when done")
struct FramebufferCacheTests {
    /// Runs `picture --> copy × n --> output` and returns the cache's statistics.
    func runChain(of n: Int) throws -> (FramebufferCache.Statistics, [UInt8]?) {
        let context = ProcessingContext()
        let picture = PictureInput(texture: Texture(width: 16, height: 8, rgba8: FramebufferCacheTests.pattern))
        var last: ImageSource = picture
        for k in 0..<n {
            last = last --> (try BasicOperation(fragmentShader: passthroughShader, name: "Copy\(k)"))
        }
        let output = RawDataOutput()
        last --> output
        try picture.processImage(in: context)
        return (context.framebufferCache.statistics, output.bytes)
    }

    static let pattern: [UInt8] = (0..<(16 * 8 * 4)).map { UInt8($0 & 255) }

    @Test("a linear chain of N shader passes holds at most three frames, whatever N", arguments: [1, 2, 5, 20])
    func linearChain(n: Int) throws {
        let (stats, bytes) = try runChain(of: n)
        #expect(bytes == FramebufferCacheTests.pattern, "the copies must reproduce the picture")
        #expect(stats.peakLiveFrames <= 3, "N = \(n): \(stats.peakLiveFrames) frames alive at once")
        #expect(stats.peakLiveFrames <= 2, "N = \(n): a frame outlived its consumer")
        #expect(stats.peakLeasedFramebuffers <= 2)
        #expect(stats.allocations <= 2, "N = \(n): framebuffers were allocated instead of reused")
        #expect(stats.reuses == n - stats.allocations)
        // Everything is back when the pass is done.
        #expect(stats.liveFrames == 0 && stats.leasedFramebuffers == 0)
    }

    @Test("the peak does not grow with the length of the chain")
    func peakIndependentOfLength() throws {
        let short = try runChain(of: 3).0
        let long = try runChain(of: 30).0
        #expect(short.peakLiveFrames == long.peakLiveFrames)
        #expect(short.peakLeasedFramebuffers == long.peakLeasedFramebuffers)
    }

    @Test("a fanned-out frame lives until its last consumer is done")
    func fanOutKeepsFrame() throws {
        let log = RunLog()
        let context = ProcessingContext()
        let source = FakeSource("source", value: 1, log: log)
        let a = FakeOperation("a", log: log)
        let b1 = FakeOperation("b1", log: log)
        let b2 = FakeOperation("b2", log: log)
        let c = FakeOperation("c", log: log)
        let target1 = FakeTarget("t1", log: log)
        let target2 = FakeTarget("t2", log: log)
        source --> a --> b1 --> c --> target1
        a --> b2 --> target2
        try source.processImage(in: context)
        #expect(target1.received == [[4]] && target2.received == [[3]])
        let stats = context.framebufferCache.statistics
        #expect(stats.liveFrames == 0)
        #expect(stats.peakLiveFrames <= 3)
    }

    @Test("framebuffers are reused by size and format, and cleared")
    func reuseBySizeAndFormat() {
        let cache = FramebufferCache(maximumIdleCount: 2)
        let a = cache.lease(width: 4, height: 4)
        a.clear(to: SIMD4(1, 1, 1, 1))
        cache.recycle(a)
        let other = cache.lease(width: 4, height: 4, format: .float32)
        #expect(other !== a)
        let again = cache.lease(width: 4, height: 4)
        #expect(again === a)
        #expect(again.pixel(x: 3, y: 3) == .zero)
        let stats = cache.statistics
        #expect(stats.allocations == 2 && stats.reuses == 1 && stats.leasedFramebuffers == 2)
        cache.recycle(other)
        cache.recycle(again)
        cache.recycle(cache.lease(width: 9, height: 9))
        #expect(cache.statistics.idleFramebuffers == 2, "the idle list is capped")
    }

    @Test("a context reused across passes reuses its framebuffers")
    func reuseAcrossPasses() throws {
        let context = ProcessingContext()
        let picture = PictureInput(texture: grayTexture(9, width: 8, height: 8))
        let copy = try BasicOperation(fragmentShader: passthroughShader, name: "Copy")
        picture --> copy --> RawDataOutput()
        try picture.processImage(in: context)
        context.framebufferCache.resetStatistics()
        try picture.processImage(in: context)
        #expect(context.framebufferCache.statistics.allocations == 0)
    }

    @Test("a frame dropped without the graph releasing it still gives its framebuffer back")
    func droppedFrame() {
        let cache = FramebufferCache()
        do {
            let frame = Frame(framebuffer: cache.lease(width: 2, height: 2), cache: cache)
            #expect(frame.size == ImageSize(width: 2, height: 2))
            #expect(cache.statistics.liveFrames == 1 && cache.statistics.leasedFramebuffers == 1)
        }
        #expect(cache.statistics.liveFrames == 0 && cache.statistics.leasedFramebuffers == 0)
        #expect(cache.statistics.idleFramebuffers == 1)
    }
}
