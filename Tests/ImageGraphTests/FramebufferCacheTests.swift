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
    func reuseBySizeAndFormat() throws {
        let cache = FramebufferCache(maximumIdleCount: 2)
        let a = try cache.lease(width: 4, height: 4)
        a.clear(to: SIMD4(1, 1, 1, 1))
        cache.recycle(a)
        let other = try cache.lease(width: 4, height: 4, format: .float32)
        #expect(other !== a)
        let again = try cache.lease(width: 4, height: 4)
        #expect(again === a)
        #expect(again.pixel(x: 3, y: 3) == .zero)
        let stats = cache.statistics
        #expect(stats.allocations == 2 && stats.reuses == 1 && stats.leasedFramebuffers == 2)
        cache.recycle(other)
        cache.recycle(again)
        cache.recycle(try cache.lease(width: 9, height: 9))
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
    func droppedFrame() throws {
        let cache = FramebufferCache()
        do {
            let frame = Frame(framebuffer: try cache.lease(width: 2, height: 2), cache: cache)
            #expect(frame.size == ImageSize(width: 2, height: 2))
            #expect(cache.statistics.liveFrames == 1 && cache.statistics.leasedFramebuffers == 1)
        }
        #expect(cache.statistics.liveFrames == 0 && cache.statistics.leasedFramebuffers == 0)
        #expect(cache.statistics.idleFramebuffers == 1)
    }

    @Test("the memory limit frees idle framebuffers first, then refuses before allocating")
    func memoryLimit() throws {
        // Room for two 4×4 RGBA8 framebuffers (64 bytes each).
        let cache = FramebufferCache(maximumIdleCount: 4, memoryLimit: 128)
        let a = try cache.lease(width: 4, height: 4)
        cache.recycle(a)
        let b = try cache.lease(width: 2, height: 8)
        #expect(cache.statistics.bytes == 128)
        // 4×4 float32 needs 256 bytes: more than the limit whatever is freed.
        #expect(throws: FramebufferCache.MemoryLimitExceeded(requestedBytes: 256, leasedBytes: 64, limit: 128)) {
            try cache.lease(width: 4, height: 4, format: .float32)
        }
        // A different 64-byte size fits once the idle 4×4 is dropped.
        let c = try cache.lease(width: 8, height: 2)
        #expect(cache.statistics.idleFramebuffers == 0 && cache.statistics.bytes == 128)
        #expect(throws: FramebufferCache.MemoryLimitExceeded.self) { try cache.lease(width: 1, height: 1) }
        cache.recycle(b)
        cache.recycle(c)
        #expect(cache.statistics.bytes == 128 && cache.statistics.leasedFramebuffers == 0)
        // Sizes whose byte count overflows are refused, not allocated.
        #expect(throws: FramebufferCache.MemoryLimitExceeded.self) {
            try FramebufferCache().lease(width: Int.max / 2, height: 3)
        }
    }

    @Test("an absurd output size ends in a framebuffer memory error naming the operation")
    func absurdOutputSize() throws {
        let solid = SolidColorSource(color: Color(red: 1, green: 0, blue: 0), size: ImageSize(width: 100_000, height: 100_000))
        solid --> RawDataOutput()
        #expect {
            try solid.processImage()
        } throws: { error in
            guard case GraphError.framebufferMemoryLimit(let name, let requested, _, let limit) = error else { return false }
            return name == solid.name && requested == 40_000_000_000 && limit == FramebufferCache.defaultMemoryLimit
                && "\(error)".contains("framebuffer memory limit of 4096 MiB")
        }
    }

    @Test("a graph past its memory limit fails, returns its frames, and the context still works")
    func graphPastMemoryLimit() throws {
        // Each 64×64 frame takes 16 KiB; a fan-out holds the source and both branches' frames.
        let context = ProcessingContext(framebufferCache: FramebufferCache(memoryLimit: 40_000))
        let picture = PictureInput(texture: grayTexture(9, width: 64, height: 64))
        let a = try BasicOperation(fragmentShader: passthroughShader, name: "A")
        let b = try BasicOperation(fragmentShader: passthroughShader, name: "B")
        let blend = try BasicOperation(fragmentShader: twoInputShader, name: "Blend")
        picture --> a
        picture --> b
        a --> blend
        b --> blend
        blend --> RawDataOutput()
        #expect {
            try picture.processImage(in: context)
        } throws: { error in
            if case GraphError.framebufferMemoryLimit = error { return true }
            return false
        }
        #expect(context.framebufferCache.statistics.leasedFramebuffers == 0)
        #expect(context.framebufferCache.statistics.liveFrames == 0)
        // A smaller graph in the same context still renders.
        let small = PictureInput(texture: grayTexture(9, width: 64, height: 64))
        let output = RawDataOutput()
        small --> (try BasicOperation(fragmentShader: passthroughShader, name: "C")) --> output
        try small.processImage(in: context)
    }
}

@Suite("Graph limits")
struct GraphLimitTests {
    @Test("an operation reading more inputs than the limit is refused before drawing")
    func tooManyInputs() throws {
        let context = ProcessingContext()
        context.limits = GraphLimits(maximumInputsPerOperation: 1)
        let left = PictureInput(texture: grayTexture(9, width: 4, height: 4))
        let right = PictureInput(texture: grayTexture(9, width: 4, height: 4))
        let blend = try BasicOperation(fragmentShader: twoInputShader, name: "Blend")
        left --> blend
        right --> blend
        blend --> RawDataOutput()
        let error = expectGraphError { try left.processImage(in: context) }
        guard case .tooManyInputs("Blend", 2, 1) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect("\(error!)".contains("more than the limit of 1"))
        #expect(GraphLimits().maximumInputsPerOperation == 32)
    }

    @Test("a graph with more nodes than the limit is refused")
    func tooManyNodes() throws {
        let context = ProcessingContext()
        context.limits = GraphLimits(maximumNodes: 10)
        let picture = PictureInput(texture: grayTexture(9, width: 4, height: 4))
        var last: ImageSource = picture
        for i in 0..<10 {
            let op = try BasicOperation(fragmentShader: passthroughShader, name: "Op\(i)")
            last --> op
            last = op
        }
        #expect {
            try picture.processImage(in: context)
        } throws: { error in
            if case GraphError.tooManyNodes(_, 11, 10) = error { return true }
            return false
        }
    }
}
