/// A cascade laid out for the scan: feature rectangles turned into offsets into integral
/// tables with a fixed row stride, and stages, stumps and trees in flat read-only memory.
/// Built once per picture (the stride depends on its size); shared by every worker.
final class CompiledCascade: @unchecked Sendable {
    /// A Haar feature's three rectangles as four table offsets each, and their weights.
    struct HaarFeature {
        var offsets: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32)
        var weights: (Float, Float, Float)
    }

    /// A one-node weak classifier.
    struct Stump {
        var feature: Int32
        var threshold: Float
        var left: Float
        var right: Float
    }

    let kind: Cascade.FeatureKind
    let stageCount: Int
    let stageSizes: UnsafeMutablePointer<Int32>
    let stageThresholds: UnsafeMutablePointer<Float>
    let isStumpBased: Bool
    let stumps: UnsafeMutablePointer<Stump>
    let haar: UnsafeMutablePointer<HaarFeature>
    /// 16 offsets per LBP feature: the 4x4 grid of table points around its 3x3 blocks.
    let lbp: UnsafeMutablePointer<Int32>
    /// 8 words per node of an LBP cascade.
    let subsets: UnsafeMutablePointer<Int32>
    /// The variance window `(1, 1, w - 2, h - 2)` as four offsets, and its area.
    let normOffsets: (Int, Int, Int, Int)
    let normArea: Double
    let cascade: Cascade

    /// Lays out `cascade` for tables `stride` entries wide; tilted sums live `tiltedOffset`
    /// entries after the upright ones.
    init(_ cascade: Cascade, stride: Int, tiltedOffset: Int) {
        self.cascade = cascade
        kind = cascade.featureKind
        stageCount = cascade.stages.count
        stageSizes = .allocate(capacity: stageCount)
        stageThresholds = .allocate(capacity: stageCount)
        for (i, stage) in cascade.stages.enumerated() {
            stageSizes[i] = Int32(stage.weakCount)
            stageThresholds[i] = stage.threshold
        }
        isStumpBased = cascade.isStumpBased
        stumps = .allocate(capacity: max(cascade.weakClassifierCount, 1))
        if isStumpBased {
            for (i, weak) in cascade.weakClassifiers.enumerated() {
                let node = cascade.nodes[weak.firstNode]
                stumps[i] = Stump(
                    feature: Int32(node.feature), threshold: node.threshold,
                    left: cascade.leaves[weak.firstLeaf - node.left], right: cascade.leaves[weak.firstLeaf - node.right])
            }
        }
        func offset(_ x: Int, _ y: Int) -> Int32 { Int32(y * stride + x) }
        haar = .allocate(capacity: max(cascade.haarFeatures.count, 1))
        for (i, feature) in cascade.haarFeatures.enumerated() {
            var o = [Int32](repeating: 0, count: 12)
            var w: [Float] = [0, 0, 0]
            for (r, item) in feature.rects.enumerated() {
                let rect = item.rect
                w[r] = item.weight
                if feature.isTilted {
                    let base = Int32(tiltedOffset)
                    o[4 * r] = base + offset(rect.x, rect.y)
                    o[4 * r + 1] = base + offset(rect.x - rect.height, rect.y + rect.height)
                    o[4 * r + 2] = base + offset(rect.x + rect.width, rect.y + rect.width)
                    o[4 * r + 3] = base + offset(rect.x + rect.width - rect.height, rect.y + rect.width + rect.height)
                } else {
                    o[4 * r] = offset(rect.x, rect.y)
                    o[4 * r + 1] = offset(rect.x + rect.width, rect.y)
                    o[4 * r + 2] = offset(rect.x, rect.y + rect.height)
                    o[4 * r + 3] = offset(rect.x + rect.width, rect.y + rect.height)
                }
            }
            haar[i] = HaarFeature(
                offsets: (o[0], o[1], o[2], o[3], o[4], o[5], o[6], o[7], o[8], o[9], o[10], o[11]),
                weights: (w[0], w[1], w[2]))
        }
        lbp = .allocate(capacity: max(cascade.lbpFeatures.count * 16, 1))
        for (i, rect) in cascade.lbpFeatures.enumerated() {
            for gy in 0..<4 {
                for gx in 0..<4 {
                    lbp[16 * i + 4 * gy + gx] = offset(rect.x + gx * rect.width, rect.y + gy * rect.height)
                }
            }
        }
        subsets = .allocate(capacity: max(cascade.subsets.count, 1))
        for (i, word) in cascade.subsets.enumerated() { subsets[i] = word }
        let w = cascade.windowWidth - 2, h = cascade.windowHeight - 2
        normOffsets = (stride + 1, stride + 1 + w, (1 + h) * stride + 1, (1 + h) * stride + 1 + w)
        normArea = Double(w * h)
    }

    deinit {
        stageSizes.deallocate()
        stageThresholds.deallocate()
        stumps.deallocate()
        haar.deallocate()
        lbp.deallocate()
        subsets.deallocate()
    }

    /// The weighted rectangle sum of a Haar feature at the window whose table origin is
    /// `table` (single precision, as OpenCV computes it).
    @inline(__always)
    static func value(of f: UnsafeMutablePointer<HaarFeature>, _ table: UnsafePointer<Int32>) -> Float {
        let o = f.pointee.offsets, w = f.pointee.weights
        let s0 = table[Int(o.0)] &- table[Int(o.1)] &- table[Int(o.2)] &+ table[Int(o.3)]
        let s1 = table[Int(o.4)] &- table[Int(o.5)] &- table[Int(o.6)] &+ table[Int(o.7)]
        var result = w.0 * Float(s0) + w.1 * Float(s1)
        if w.2 != 0 {
            let s2 = table[Int(o.8)] &- table[Int(o.9)] &- table[Int(o.10)] &+ table[Int(o.11)]
            result += w.2 * Float(s2)
        }
        return result
    }

    /// The LBP code of feature `index` at the window whose table origin is `table`: bit 7 for
    /// the top-left block, then clockwise (top, top-right, right, bottom-right, bottom,
    /// bottom-left) to bit 0 for the left block; a bit is set when its block's sum is at
    /// least the centre block's.
    @inline(__always)
    func code(of index: Int, _ t: UnsafePointer<Int32>) -> Int {
        let p = lbp + 16 * index
        @inline(__always) func block(_ a: Int, _ b: Int, _ c: Int, _ d: Int) -> Int32 {
            t[Int(p[a])] &- t[Int(p[b])] &- t[Int(p[c])] &+ t[Int(p[d])]
        }
        let centre = block(5, 6, 9, 10)
        var code = 0
        if block(0, 1, 4, 5) >= centre { code |= 128 }
        if block(1, 2, 5, 6) >= centre { code |= 64 }
        if block(2, 3, 6, 7) >= centre { code |= 32 }
        if block(6, 7, 10, 11) >= centre { code |= 16 }
        if block(10, 11, 14, 15) >= centre { code |= 8 }
        if block(9, 10, 13, 14) >= centre { code |= 4 }
        if block(8, 9, 12, 13) >= centre { code |= 2 }
        if block(4, 5, 8, 9) >= centre { code |= 1 }
        return code
    }

    /// Classifies the window whose top-left table entry is at `origin`.
    ///
    /// - Returns: 1 when every stage accepts it; `-k` when stage `k` rejects it (so 0 for the
    ///   first stage, which makes the scan skip a column); -1 for a Haar window too flat to
    ///   normalise.
    @inline(__always)
    func classify(table: UnsafePointer<Int32>, squares: UnsafePointer<UInt32>, origin: Int) -> Int {
        let t = table + origin
        var inverseDeviation: Float = 1
        if kind == .haar {
            let n = normOffsets
            let sum = t[n.0] &- t[n.1] &- t[n.2] &+ t[n.3]
            let q = squares + origin
            let squareSum = q[n.0] &- q[n.1] &- q[n.2] &+ q[n.3]
            var variance = normArea * Double(squareSum) - Double(sum) * Double(sum)
            guard variance > 0 else { return -1 }
            variance = variance.squareRoot()
            inverseDeviation = Float(1 / variance)
            guard normArea * Double(inverseDeviation) < 0.1 else { return -1 }
        }
        if isStumpBased {
            var stump = stumps
            var subset = subsets
            for stage in 0..<stageCount {
                var total: Double = 0
                let count = Int(stageSizes[stage])
                if kind == .haar {
                    for i in 0..<count {
                        let s = stump + i
                        let value = CompiledCascade.value(of: haar + Int(s.pointee.feature), t) * inverseDeviation
                        total += Double(value < s.pointee.threshold ? s.pointee.left : s.pointee.right)
                    }
                } else {
                    for i in 0..<count {
                        let s = stump + i
                        let c = code(of: Int(s.pointee.feature), t)
                        let word = subset[8 * i + (c >> 5)]
                        total += Double((word & (1 << Int32(c & 31))) != 0 ? s.pointee.left : s.pointee.right)
                    }
                    subset += 8 * count
                }
                if total < Double(stageThresholds[stage]) { return -stage }
                stump += count
            }
            return 1
        }
        return classifyTrees(t, inverseDeviation: inverseDeviation)
    }

    /// The general case: weak classifiers that are trees of several nodes.
    func classifyTrees(_ t: UnsafePointer<Int32>, inverseDeviation: Float) -> Int {
        var weakIndex = 0
        for stage in 0..<stageCount {
            var total: Double = 0
            for _ in 0..<Int(stageSizes[stage]) {
                let weak = cascade.weakClassifiers[weakIndex]
                weakIndex += 1
                var index = 0
                repeat {
                    let node = cascade.nodes[weak.firstNode + index]
                    let goesLeft: Bool
                    if kind == .haar {
                        goesLeft = CompiledCascade.value(of: haar + node.feature, t) * inverseDeviation < node.threshold
                    } else {
                        let c = code(of: node.feature, t)
                        goesLeft = (subsets[8 * (weak.firstNode + index) + (c >> 5)] & (1 << Int32(c & 31))) != 0
                    }
                    index = goesLeft ? node.left : node.right
                } while index > 0
                total += Double(cascade.leaves[weak.firstLeaf - index])
            }
            if total < Double(stageThresholds[stage]) { return -stage }
        }
        return 1
    }
}

/// One worker's buffers (allocated once, reused for every scale it scans) and its scan loop.
final class ScaleScanner {
    let plan: ScanPlan
    let compiled: CompiledCascade
    let pixels: UnsafeMutablePointer<UInt8>
    let table: UnsafeMutablePointer<Int32>
    let squares: UnsafeMutablePointer<UInt32>
    var bilinear = BilinearScratch()
    var tilted = TiltedScratch()

    init(plan: ScanPlan, compiled: CompiledCascade) {
        self.plan = plan
        self.compiled = compiled
        pixels = .allocate(capacity: max(plan.maxPixels, 1))
        let planes = compiled.cascade.hasTiltedFeatures ? 2 : 1
        table = .allocate(capacity: max(plan.maxTable * planes, 1))
        squares = .allocate(capacity: max(plan.maxTable, 1))
    }

    deinit {
        pixels.deallocate()
        table.deallocate()
        squares.deallocate()
    }

    /// The accepted windows at one scale, in image coordinates.
    func scan(_ image: GrayImage, scale: ScanScale) -> [PixelRect] {
        let w = scale.imageWidth, h = scale.imageHeight
        image.pixels.withUnsafeBufferPointer { source in
            GrayImage.resize(
                source.baseAddress!, width: image.width, height: image.height, into: pixels, width: w, height: h,
                scratch: &bilinear)
        }
        IntegralImage.fill(pixels, width: w, height: h, stride: plan.stride, sums: table, squares: squares)
        if compiled.cascade.hasTiltedFeatures {
            IntegralImage.fillTilted(pixels, width: w, height: h, stride: plan.stride, tilted: table + plan.maxTable, scratch: &tilted)
        }
        var found: [PixelRect] = []
        let step = scale.step
        var y = 0
        while y < scale.rows {
            var x = 0
            while x < scale.columns {
                let result = compiled.classify(table: table, squares: squares, origin: y * plan.stride + x)
                if result > 0 {
                    found.append(
                        PixelRect(
                            x: Int((Float(x) * scale.factor).rounded(.toNearestOrEven)),
                            y: Int((Float(y) * scale.factor).rounded(.toNearestOrEven)),
                            width: scale.windowWidth, height: scale.windowHeight))
                }
                // A window the first stage rejects lets the scan skip the next position.
                x += result == 0 ? 2 * step : step
            }
            y += step
        }
        return found
    }
}
