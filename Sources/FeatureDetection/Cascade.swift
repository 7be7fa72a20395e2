/// A trained boosted cascade of weak classifiers over Haar or LBP features, as OpenCV's
/// `opencv_traincascade` (or the older `haartraining`) writes it.
///
/// A window passes stage `i` when the sum of its weak classifiers' leaf values is at least the
/// stage's threshold; it is an object when it passes every stage. Load one with
/// `Cascade(contentsOfFile:)` or `Cascade(_ file: CascadeFile)`, or parse XML text with
/// `Cascade(xml:)`.
public struct Cascade: Sendable, Equatable {
    /// What the weak classifiers compare.
    public enum FeatureKind: String, Sendable {
        /// Haar-like features: weighted sums of two or three rectangles (upright or 45°),
        /// normalised by the window's standard deviation.
        case haar
        /// Local binary patterns: the 8-bit code of a 3x3 grid of blocks compared with its
        /// centre; each node tests the code's membership in a set of 256.
        case lbp
    }

    /// The XML layout a cascade was read from.
    public enum Layout: String, Sendable {
        /// `<cascade>` with `<stageType>`, `<featureType>`, `<stages>` of `<weakClassifiers>`
        /// and a shared `<features>` list (OpenCV 2.4 and later).
        case current
        /// The old `haarcascade` layout: `<size>`, `<stages>` of `<trees>` whose nodes carry
        /// their own `<feature>`, `<stage_threshold>`, `<parent>`, `<next>`.
        case legacy
    }

    /// One stage: a threshold and a run of weak classifiers.
    public struct Stage: Sendable, Equatable {
        /// The threshold a window's sum of leaf values must reach (OpenCV's value from the
        /// file minus 1e-5, in single precision).
        public var threshold: Float
        /// Index of the first weak classifier in `weakClassifiers`.
        var firstWeak: Int
        /// Number of weak classifiers.
        public var weakCount: Int
    }

    /// A decision tree (a stump when it has one node).
    struct WeakClassifier: Sendable, Equatable {
        var firstNode: Int
        var nodeCount: Int
        var firstLeaf: Int
    }

    /// An internal node: `value < threshold` (Haar) or `code ∈ subset` (LBP) goes left.
    /// A child `> 0` is a node of the same tree (relative index); `<= 0` is leaf `-child`.
    struct Node: Sendable, Equatable {
        var feature: Int
        var threshold: Float
        var left: Int
        var right: Int
    }

    /// A Haar-like feature: up to three weighted rectangles of the detection window.
    public struct HaarFeature: Sendable, Equatable {
        /// The rectangles (two or three) and their weights.
        public var rects: [(rect: PixelRect, weight: Float)]
        /// Whether the rectangles are rotated by 45° (their `width` runs down-right and
        /// their `height` down-left from the top corner `(x, y)`).
        public var isTilted: Bool

        public static func == (a: HaarFeature, b: HaarFeature) -> Bool {
            a.isTilted == b.isTilted && a.rects.count == b.rects.count
                && zip(a.rects, b.rects).allSatisfy { $0.rect == $1.rect && $0.weight == $1.weight }
        }
    }

    /// How the cascade's features are computed.
    public let featureKind: FeatureKind
    /// Where the cascade was read from.
    public let layout: Layout
    /// The detection window the cascade was trained on, in pixels.
    public let windowWidth: Int
    /// The detection window's height.
    public let windowHeight: Int
    /// The stages, in evaluation order.
    public let stages: [Stage]
    let weakClassifiers: [WeakClassifier]
    let nodes: [Node]
    let leaves: [Float]
    /// Eight 32-bit words (256 bits) per node of an LBP cascade: the codes that go left.
    let subsets: [Int32]
    /// The Haar features (empty for LBP).
    public let haarFeatures: [HaarFeature]
    /// The LBP features: the top-left block of each 3x3 grid (empty for Haar).
    public let lbpFeatures: [PixelRect]

    /// Whether every weak classifier is a single node.
    public var isStumpBased: Bool { weakClassifiers.allSatisfy { $0.nodeCount == 1 } }
    /// Whether any Haar feature is tilted (the detector then builds the 45° table).
    public var hasTiltedFeatures: Bool { haarFeatures.contains { $0.isTilted } }
    /// The total number of weak classifiers.
    public var weakClassifierCount: Int { weakClassifiers.count }

    /// Two cascades are equal when they classify alike: the layout they came from is ignored.
    public static func == (a: Cascade, b: Cascade) -> Bool {
        a.featureKind == b.featureKind && a.windowWidth == b.windowWidth && a.windowHeight == b.windowHeight
            && a.stages == b.stages && a.weakClassifiers == b.weakClassifiers && a.nodes == b.nodes
            && a.leaves == b.leaves && a.subsets == b.subsets && a.haarFeatures == b.haarFeatures
            && a.lbpFeatures == b.lbpFeatures
    }

    init(
        featureKind: FeatureKind, layout: Layout, windowWidth: Int, windowHeight: Int, stages: [Stage],
        weakClassifiers: [WeakClassifier], nodes: [Node], leaves: [Float], subsets: [Int32],
        haarFeatures: [HaarFeature], lbpFeatures: [PixelRect]
    ) {
        self.featureKind = featureKind
        self.layout = layout
        self.windowWidth = windowWidth
        self.windowHeight = windowHeight
        self.stages = stages
        self.weakClassifiers = weakClassifiers
        self.nodes = nodes
        self.leaves = leaves
        self.subsets = subsets
        self.haarFeatures = haarFeatures
        self.lbpFeatures = lbpFeatures
    }
}
