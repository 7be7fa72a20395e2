import FeatureDetection
import Testing

@Suite("Rectangle grouping (OpenCV's groupRectangles, eps 0.2)")
struct GroupingTests {
    let cluster = [
        PixelRect(x: 100, y: 100, width: 50, height: 50), PixelRect(x: 102, y: 101, width: 50, height: 50),
        PixelRect(x: 99, y: 103, width: 52, height: 52), PixelRect(x: 104, y: 98, width: 48, height: 48),
    ]

    @Test("similar windows merge into their average; a lone window is dropped")
    func merges() {
        let far = PixelRect(x: 400, y: 10, width: 30, height: 30)
        let groups = RectangleGrouping.group(cluster + [far], minNeighbors: 3)
        #expect(groups.count == 1)
        // Sums 405, 402, 200, 200 over 4 windows.
        #expect(groups.first?.rect == PixelRect(x: 101, y: 100, width: 50, height: 50))
        #expect(groups.first?.neighbors == 4)
    }

    @Test("a class needs more than minNeighbors windows")
    func threshold() {
        #expect(RectangleGrouping.group(cluster, minNeighbors: 4).isEmpty)
        #expect(RectangleGrouping.group(cluster, minNeighbors: 3).count == 1)
    }

    @Test("minNeighbors 0 returns the windows as they are, one neighbour each")
    func ungrouped() {
        let groups = RectangleGrouping.group(cluster, minNeighbors: 0)
        #expect(groups.map(\.rect) == cluster)
        #expect(groups.allSatisfy { $0.neighbors == 1 })
    }

    @Test("similarity: every edge within eps · (min w + min h) / 2, transitively")
    func similarity() {
        let a = PixelRect(x: 0, y: 0, width: 50, height: 50)
        // δ = 0.2 · (50 + 50) / 2 = 10.
        #expect(RectangleGrouping.areSimilar(a, PixelRect(x: 10, y: 0, width: 50, height: 50)))
        #expect(!RectangleGrouping.areSimilar(a, PixelRect(x: 11, y: 0, width: 50, height: 50)))
        #expect(!RectangleGrouping.areSimilar(a, PixelRect(x: 0, y: 0, width: 62, height: 50)))
        let chain = [a, PixelRect(x: 9, y: 0, width: 50, height: 50), PixelRect(x: 18, y: 0, width: 50, height: 50)]
        #expect(RectangleGrouping.partition(chain) == [0, 0, 0])  // a ~ b ~ c although a !~ c
        #expect(RectangleGrouping.partition([chain[2], PixelRect(x: 500, y: 0, width: 9, height: 9), a]) == [0, 1, 2])
    }

    @Test("a small face inside a bigger one with more neighbours is dropped; with fewer it stays")
    func containment() {
        let big = (0..<8).map { PixelRect(x: 100 + $0 % 2, y: 100, width: 200, height: 200) }
        let small = (0..<4).map { PixelRect(x: 150 + $0 % 2, y: 150, width: 60, height: 60) }
        let both = RectangleGrouping.group(big + small, minNeighbors: 2)
        #expect(both.map(\.neighbors) == [8])
        // n₂ > max(3, n₁) fails when the big one has 4 and the small one 4: both stay.
        let even = RectangleGrouping.group(Array(big.prefix(4)) + small, minNeighbors: 2)
        #expect(even.map(\.neighbors).sorted() == [4, 4])
    }
}
