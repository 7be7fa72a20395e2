/// Merges the overlapping windows a cascade accepts into one rectangle per object, the way
/// OpenCV's `groupRectangles` does for `detectMultiScale`.
///
/// 1. Two windows are *similar* when each of their four edges differs by at most
///    `δ = eps · (min(w₁, w₂) + min(h₁, h₂)) / 2`; similarity is closed transitively into
///    classes (union–find).
/// 2. Each class becomes the average of its windows (each coordinate summed, then multiplied
///    by `1/n` in single precision and rounded to nearest, ties to even), with `n` as its
///    neighbour count. Classes with `n ≤ minNeighbors` are dropped.
/// 3. A class is also dropped when it lies inside another kept class enlarged by `eps` of that
///    class's size on each side and that class has more neighbours (`n₂ > max(3, n₁)`, or
///    any `n₂` when `n₁ < 3`): a small face inside a big one is the big face's part.
///
/// With `minNeighbors <= 0` the windows are returned unchanged, each with one neighbour.
public enum RectangleGrouping {
    /// OpenCV's `GROUP_EPS` for cascades.
    public static let defaultEpsilon = 0.2

    /// Groups `rects`; see the type's description.
    ///
    /// - Parameters:
    ///   - rects: the accepted windows.
    ///   - minNeighbors: classes need more than this many windows.
    ///   - epsilon: the relative tolerance of similarity and containment.
    /// - Returns: the grouped rectangles with their neighbour counts, in class order (the order
    ///   in which each class's first window appears in `rects`).
    public static func group(_ rects: [PixelRect], minNeighbors: Int, epsilon: Double = defaultEpsilon) -> [(rect: PixelRect, neighbors: Int)] {
        guard minNeighbors > 0, !rects.isEmpty else { return rects.map { ($0, 1) } }
        let labels = partition(rects, epsilon: epsilon)
        let classCount = (labels.max() ?? -1) + 1
        var sums = [(x: Int, y: Int, width: Int, height: Int)](repeating: (0, 0, 0, 0), count: classCount)
        var counts = [Int](repeating: 0, count: classCount)
        for (rect, label) in zip(rects, labels) {
            sums[label].x += rect.x
            sums[label].y += rect.y
            sums[label].width += rect.width
            sums[label].height += rect.height
            counts[label] += 1
        }
        let averages: [PixelRect] = (0..<classCount).map { c in
            let scale = 1 / Float(counts[c])
            func mean(_ total: Int) -> Int { Int((Float(total) * scale).rounded(.toNearestOrEven)) }
            return PixelRect(x: mean(sums[c].x), y: mean(sums[c].y), width: mean(sums[c].width), height: mean(sums[c].height))
        }
        var result: [(rect: PixelRect, neighbors: Int)] = []
        for i in 0..<classCount where counts[i] > minNeighbors {
            let r1 = averages[i], n1 = counts[i]
            var isInside = false
            for j in 0..<classCount where j != i && counts[j] > minNeighbors {
                let r2 = averages[j], n2 = counts[j]
                let dx = Int((Double(r2.width) * epsilon).rounded(.toNearestOrEven))
                let dy = Int((Double(r2.height) * epsilon).rounded(.toNearestOrEven))
                if r1.x >= r2.x - dx && r1.y >= r2.y - dy && r1.x + r1.width <= r2.x + r2.width + dx
                    && r1.y + r1.height <= r2.y + r2.height + dy && (n2 > max(3, n1) || n1 < 3)
                {
                    isInside = true
                    break
                }
            }
            if !isInside { result.append((r1, n1)) }
        }
        return result
    }

    /// Whether two windows are similar: every edge within `δ` (see the type's description).
    public static func areSimilar(_ a: PixelRect, _ b: PixelRect, epsilon: Double = defaultEpsilon) -> Bool {
        let delta = epsilon * Double(min(a.width, b.width) + min(a.height, b.height)) * 0.5
        return Double(abs(a.x - b.x)) <= delta && Double(abs(a.y - b.y)) <= delta
            && Double(abs(a.x + a.width - b.x - b.width)) <= delta
            && Double(abs(a.y + a.height - b.y - b.height)) <= delta
    }

    /// The class of each rectangle under the transitive closure of `areSimilar`, numbered
    /// 0, 1, … in order of each class's first member.
    public static func partition(_ rects: [PixelRect], epsilon: Double = defaultEpsilon) -> [Int] {
        var parent = Array(rects.indices)
        func root(_ i: Int) -> Int {
            var i = i
            while parent[i] != i {
                parent[i] = parent[parent[i]]
                i = parent[i]
            }
            return i
        }
        for i in rects.indices {
            for j in rects.indices where j > i && areSimilar(rects[i], rects[j], epsilon: epsilon) {
                let a = root(i), b = root(j)
                if a != b { parent[max(a, b)] = min(a, b) }
            }
        }
        var labels = [Int](repeating: -1, count: rects.count)
        var labelOfRoot: [Int: Int] = [:]
        for i in rects.indices {
            let r = root(i)
            if let label = labelOfRoot[r] {
                labels[i] = label
            } else {
                labels[i] = labelOfRoot.count
                labelOfRoot[r] = labels[i]
            }
        }
        return labels
    }
}
