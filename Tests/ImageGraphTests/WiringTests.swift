import Framebuffers
import ImageGraph
import Testing

@Suite("Wiring: -->, texture locations, fan-in, fan-out, removal")
struct WiringTests {
    @Test("--> returns its right side and fills locations 0, 1, … in order")
    func chainOperator() throws {
        let log = RunLog()
        let a = FakeSource("a", value: 10, log: log)
        let b = FakeSource("b", value: 20, log: log)
        let blend = FakeOperation("blend", inputs: 2, log: log) { $0[0] * 2 + $0[1] }
        let target = FakeTarget("target", log: log)
        let returned = a --> blend --> target
        #expect(returned === target)
        b --> blend
        #expect(blend.sources.source(atTextureLocation: 0) === a)
        #expect(blend.sources.source(atTextureLocation: 1) === b)
        #expect(target.sources.source(atTextureLocation: 0) === blend)
        #expect(a.targets.edges.map(\.location) == [0])
        #expect(b.targets.edges.map(\.location) == [1])
        try a.processImage()
        #expect(target.received == [[40]])
    }

    @Test("an explicit location wins, and takes the location over from its old source")
    func explicitLocation() throws {
        let log = RunLog()
        let a = FakeSource("a", value: 10, log: log)
        let b = FakeSource("b", value: 20, log: log)
        let c = FakeSource("c", value: 30, log: log)
        let blend = FakeOperation("blend", inputs: 2, log: log) { $0[0] * 2 + $0[1] }
        let target = FakeTarget("target", log: log)
        b.addTarget(blend, atTextureLocation: 1)
        a.addTarget(blend, atTextureLocation: 0)
        blend --> target
        try b.processImage()
        #expect(target.received == [[40]])
        c.addTarget(blend, atTextureLocation: 1)
        #expect(b.targets.count == 0)
        #expect(blend.sources.source(atTextureLocation: 1) === c)
        try a.processImage()
        #expect(target.received.last == [50])
    }

    @Test("fan-in: a three-input operation runs once, after all its locations have frames")
    func fanIn() throws {
        let log = RunLog()
        let sources = (0..<3).map { FakeSource("s\($0)", value: UInt8(1 + $0), log: log) }
        let sum = FakeOperation("sum", inputs: 3, log: log) { $0[0] * 100 / 10 + $0[1] * 10 + $0[2] }
        let target = FakeTarget("target", log: log)
        sources[2].addTarget(sum, atTextureLocation: 2)
        sources[0].addTarget(sum, atTextureLocation: 0)
        sources[1].addTarget(sum, atTextureLocation: 1)
        sum --> target
        try sources[1].processImage()
        #expect(sum.runs == 1)
        #expect(sources.map(\.runs) == [1, 1, 1])
        #expect(target.received == [[10 + 20 + 3]])
        #expect(log.entries.firstIndex(of: "sum")! > log.entries.lastIndex(where: { $0.hasPrefix("s") && $0 != "sum" })!)
    }

    @Test("fan-out: one source feeds several targets and runs once")
    func fanOut() throws {
        let log = RunLog()
        let source = FakeSource("source", value: 5, log: log)
        let plusOne = FakeOperation("plusOne", log: log)
        let t1 = FakeTarget("t1", log: log)
        let t2 = FakeTarget("t2", log: log)
        let t3 = FakeTarget("t3", log: log)
        source --> plusOne --> t1
        plusOne --> t2
        source --> t3
        try source.processImage()
        #expect(source.runs == 1 && plusOne.runs == 1)
        #expect(t1.received == [[6]] && t2.received == [[6]] && t3.received == [[5]])
    }

    @Test("a diamond runs every node once, each after its sources")
    func diamond() throws {
        let log = RunLog()
        let source = FakeSource("source", value: 1, log: log)
        let left = FakeOperation("left", log: log) { $0[0] + 1 }
        let right = FakeOperation("right", log: log) { $0[0] + 2 }
        let join = FakeOperation("join", inputs: 2, log: log) { $0[0] * 10 + $0[1] }
        let target = FakeTarget("target", log: log)
        source --> left --> join --> target
        source --> right --> join
        try source.processImage()
        #expect(target.received == [[23]])
        #expect(log.entries.count == 5)
        #expect(log.entries.first == "source" && log.entries.suffix(2) == ["join", "target"])
    }

    @Test("removeTarget and removeAllTargets disconnect both directions")
    func removal() throws {
        let log = RunLog()
        let source = FakeSource("source", value: 1, log: log)
        let t1 = FakeTarget("t1", log: log)
        let t2 = FakeTarget("t2", log: log)
        source --> t1
        source --> t2
        source.removeTarget(t1)
        #expect(t1.sources.source(atTextureLocation: 0) == nil)
        #expect(source.targets.targets.map(\.name) == ["t2"])
        try source.processImage()
        #expect(t1.received.isEmpty && t2.received == [[1]])
        source.removeAllTargets()
        #expect(source.targets.count == 0 && t2.sources.all.isEmpty)
        try source.processImage()
        #expect(t2.received.count == 1)
        source --> t1
        t1.removeAllSources()
        #expect(source.targets.count == 0)
    }

    @Test("consumers hold their sources weakly: a source that goes away leaves an empty location")
    func weakSources() throws {
        let log = RunLog()
        let a = FakeSource("a", value: 1, log: log)
        let blend = FakeOperation("blend", inputs: 2, log: log)
        a --> blend
        do {
            let b = FakeSource("b", value: 2, log: log)
            b --> blend
            #expect(blend.sources.all.count == 2)
        }
        #expect(blend.sources.all.count == 1)
        let error = expectGraphError { try a.processImage() }
        guard case .emptyTextureLocation(let operation, let location) = error else {
            Issue.record("expected emptyTextureLocation, got \(String(describing: error))")
            return
        }
        #expect(operation == "blend" && location == 1)
    }
}
