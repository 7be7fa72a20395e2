import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

extension Cascade {
    /// Loads a named cascade from OpenCV's data folders, or a file by path.
    ///
    /// - Parameters:
    ///   - file: the cascade.
    ///   - directories: where named cascades are searched (`CascadeFile.searchDirectories`).
    /// - Throws: `CascadeError`: `.packageMissing` (naming the `opencv-data` package) when a
    ///   named cascade is not installed, `.fileNotFound`, `.malformedXML`, `.invalidCascade`.
    public init(_ file: CascadeFile, searching directories: [String] = CascadeFile.searchDirectories) throws(CascadeError) {
        try self.init(contentsOfFile: try file.resolvedPath(searching: directories))
    }

    /// Loads a cascade XML file in either layout.
    ///
    /// - Throws: `CascadeError`.
    public init(contentsOfFile path: String) throws(CascadeError) {
        guard FileManager.default.fileExists(atPath: path) else { throw .fileNotFound(path: path) }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(path: path, reason: error.localizedDescription)
        }
        try self.init(xml: data, name: path)
    }

    /// Parses a cascade from XML: the current `<cascade>` layout (Haar or LBP) or the old
    /// `haarcascade` layout.
    ///
    /// - Parameters:
    ///   - xml: the file's bytes.
    ///   - name: what errors call the file.
    /// - Throws: `CascadeError.malformedXML` or `.invalidCascade` saying what is wrong where.
    public init(xml: Data, name: String = "cascade") throws(CascadeError) {
        // XMLDocument (and XMLParser on Linux) accept a truncated file; counting the elements
        // the streaming parser opens and closes catches it.
        let checker = XMLParser(data: xml)
        let balance = ElementBalance()
        checker.delegate = balance
        if !checker.parse() || balance.depth != 0 || balance.elements == 0 {
            let reason = checker.parserError.map { "\($0.localizedDescription)" }
                ?? (balance.elements == 0 ? "no element" : "\(balance.depth) element(s) never closed (truncated file?)")
            throw .malformedXML(path: name, reason: reason)
        }
        let document: XMLDocument
        do {
            document = try XMLDocument(data: xml, options: [])
        } catch {
            throw .malformedXML(path: name, reason: "\(error.localizedDescription)")
        }
        var reader = CascadeReader(name: name)
        do {
            guard let root = document.rootElement(), root.name == "opencv_storage" else {
                throw reader.failure("the root element is not <opencv_storage>")
            }
            guard let top = root.elementChildren.first else { throw reader.failure("<opencv_storage> is empty") }
            if top.child("stageType") != nil {
                self = try reader.readCurrent(top)
            } else if top.child("size") != nil, top.child("stages") != nil {
                self = try reader.readLegacy(top)
            } else {
                throw reader.failure("<\(top.name ?? "?")> has neither <stageType> (current layout) nor <size> and <stages> (old haarcascade layout)")
            }
        } catch let error as CascadeError {
            throw error
        } catch {
            throw .invalidCascade(path: name, reason: "\(error)")
        }
    }
}

extension XMLElement {
    /// The child elements (comments and text skipped).
    var elementChildren: [XMLElement] { (children ?? []).compactMap { $0 as? XMLElement } }

    /// The first child element named `name`.
    func child(_ name: String) -> XMLElement? { elementChildren.first { $0.name == name } }

    /// The text directly inside this element (comments excluded).
    var text: String {
        (children ?? []).filter { $0.kind == .text }.map { $0.stringValue ?? "" }.joined()
    }
}

/// Reads the two XML layouts into a `Cascade`, checking every index and rectangle so that the
/// detector can evaluate it without bounds checks.
struct CascadeReader {
    let name: String
    var stages: [Cascade.Stage] = []
    var weak: [Cascade.WeakClassifier] = []
    var nodes: [Cascade.Node] = []
    var leaves: [Float] = []
    var subsets: [Int32] = []
    var haar: [Cascade.HaarFeature] = []
    var lbp: [PixelRect] = []

    init(name: String) { self.name = name }

    /// OpenCV lowers every stage threshold by this much when it reads a cascade.
    static let thresholdMargin: Float = 1e-5

    func failure(_ reason: String) -> CascadeError { .invalidCascade(path: name, reason: reason) }

    func numbers(_ element: XMLElement?, _ what: String) throws(CascadeError) -> [Double] {
        guard let element else { throw failure("missing <\(what)>") }
        var values: [Double] = []
        for word in element.text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }) {
            guard let value = Double(word), value.isFinite else {
                throw failure("<\(what)>: '\(word)' is not a number")
            }
            values.append(value)
        }
        return values
    }

    func number(_ element: XMLElement?, _ what: String) throws(CascadeError) -> Double {
        let values = try numbers(element, what)
        guard values.count == 1 else { throw failure("<\(what)>: expected one number, found \(values.count)") }
        return values[0]
    }

    func integer(_ value: Double, _ what: String) throws(CascadeError) -> Int {
        guard value == value.rounded(), abs(value) < 1e12 else { throw failure("\(what): expected an integer, found \(value)") }
        return Int(value)
    }

    // MARK: The current layout

    mutating func readCurrent(_ top: XMLElement) throws(CascadeError) -> Cascade {
        let stageType = top.child("stageType")?.text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard stageType == "BOOST" else { throw failure("stage type '\(stageType ?? "")': only BOOST cascades exist") }
        let kind: Cascade.FeatureKind
        switch top.child("featureType")?.text.trimmingCharacters(in: .whitespacesAndNewlines) {
        case "HAAR": kind = .haar
        case "LBP": kind = .lbp
        case let other: throw failure("feature type '\(other ?? "")': Shade runs HAAR and LBP cascades")
        }
        let width = try integer(try number(top.child("width"), "width"), "<width>")
        let height = try integer(try number(top.child("height"), "height"), "<height>")
        guard (1...4096).contains(width), (1...4096).contains(height) else { throw failure("window \(width)x\(height) is not a usable size") }
        let categories = try integer(try number(top.child("featureParams")?.child("maxCatCount"), "maxCatCount"), "<maxCatCount>")
        guard (kind == .haar && categories == 0) || (kind == .lbp && categories == 256) else {
            throw failure("\(kind) cascade with maxCatCount \(categories) (expected \(kind == .haar ? 0 : 256))")
        }
        let subsetWords = categories / 32
        let nodeLength = 3 + (categories > 0 ? subsetWords : 1)
        guard let stageList = top.child("stages")?.elementChildren, !stageList.isEmpty else { throw failure("no <stages>") }

        for (s, stage) in stageList.enumerated() {
            let threshold = Float(try number(stage.child("stageThreshold"), "stageThreshold")) - CascadeReader.thresholdMargin
            guard let trees = stage.child("weakClassifiers")?.elementChildren, !trees.isEmpty else {
                throw failure("stage \(s): no <weakClassifiers>")
            }
            stages.append(Cascade.Stage(threshold: threshold, firstWeak: weak.count, weakCount: trees.count))
            for (t, tree) in trees.enumerated() {
                let where_ = "stage \(s), weak classifier \(t)"
                let nodeNumbers = try numbers(tree.child("internalNodes"), "internalNodes")
                let values = try numbers(tree.child("leafValues"), "leafValues")
                guard !nodeNumbers.isEmpty, nodeNumbers.count % nodeLength == 0 else {
                    throw failure("\(where_): <internalNodes> holds \(nodeNumbers.count) numbers, not a multiple of \(nodeLength)")
                }
                let count = nodeNumbers.count / nodeLength
                guard values.count == count + 1 else {
                    throw failure("\(where_): \(count) nodes need \(count + 1) leaf values, found \(values.count)")
                }
                weak.append(Cascade.WeakClassifier(firstNode: nodes.count, nodeCount: count, firstLeaf: leaves.count))
                for n in 0..<count {
                    let field = nodeNumbers
                    let left = try integer(field[n * nodeLength], "\(where_): left child")
                    let right = try integer(field[n * nodeLength + 1], "\(where_): right child")
                    let feature = try integer(field[n * nodeLength + 2], "\(where_): feature index")
                    var threshold: Float = 0
                    if categories > 0 {
                        for w in 0..<subsetWords {
                            let word = try integer(field[n * nodeLength + 3 + w], "\(where_): category subset")
                            guard let bits = Int32(exactly: word) ?? UInt32(exactly: word).map({ Int32(bitPattern: $0) }) else {
                                throw failure("\(where_): category subset word \(word) is not 32-bit")
                            }
                            subsets.append(bits)
                        }
                    } else {
                        threshold = Float(field[n * nodeLength + 3])
                    }
                    try checkChild(left, nodes: count, leaves: count + 1, where_)
                    try checkChild(right, nodes: count, leaves: count + 1, where_)
                    nodes.append(Cascade.Node(feature: feature, threshold: threshold, left: left, right: right))
                }
                leaves += values.map { Float($0) }
            }
        }

        guard let featureList = top.child("features")?.elementChildren else { throw failure("no <features>") }
        for (f, feature) in featureList.enumerated() {
            switch kind {
            case .haar:
                haar.append(try haarFeature(feature, index: f))
            case .lbp:
                let v = try numbers(feature.child("rect"), "rect").map { (value: Double) throws(CascadeError) in try integer(value, "feature \(f): rect") }
                guard v.count == 4, v[0] >= 0, v[1] >= 0, v[2] > 0, v[3] > 0,
                    v[0] + 3 * v[2] <= width, v[1] + 3 * v[3] <= height
                else {
                    throw failure("feature \(f): LBP rect \(v) does not fit 3x3 blocks in the \(width)x\(height) window")
                }
                lbp.append(PixelRect(x: v[0], y: v[1], width: v[2], height: v[3]))
            }
        }
        return try finish(kind: kind, layout: .current, width: width, height: height)
    }

    /// A child index is a node (`1..<nodes`) or a leaf (`-(leaves - 1)...0`).
    func checkChild(_ child: Int, nodes: Int, leaves: Int, _ where_: String) throws(CascadeError) {
        guard child < nodes, -child < leaves else { throw failure("\(where_): child \(child) is outside its tree") }
    }

    func haarFeature(_ element: XMLElement, index f: Int) throws(CascadeError) -> Cascade.HaarFeature {
        guard let rectList = element.child("rects")?.elementChildren, (1...3).contains(rectList.count) else {
            throw failure("feature \(f): expected one to three <rects>")
        }
        var rects: [(rect: PixelRect, weight: Float)] = []
        for item in rectList {
            let v = try numbers(item, "rects")
            guard v.count == 5 else { throw failure("feature \(f): a rect is 'x y width height weight', found \(v.count) numbers") }
            let r = try v[0..<4].map { (value: Double) throws(CascadeError) in try integer(value, "feature \(f): rect") }
            rects.append((PixelRect(x: r[0], y: r[1], width: r[2], height: r[3]), Float(v[4])))
        }
        // `<tilted>` is optional: absent means upright.
        var tilted = false
        if let flag = element.child("tilted") {
            tilted = try integer(try number(flag, "tilted"), "feature \(f): <tilted>") != 0
        }
        return Cascade.HaarFeature(rects: rects, isTilted: tilted)
    }

    // MARK: The old haarcascade layout

    mutating func readLegacy(_ top: XMLElement) throws(CascadeError) -> Cascade {
        let size = try numbers(top.child("size"), "size")
        guard size.count == 2 else { throw failure("<size> must be 'width height'") }
        let width = try integer(size[0], "<size>"), height = try integer(size[1], "<size>")
        guard (1...4096).contains(width), (1...4096).contains(height) else { throw failure("window \(width)x\(height) is not a usable size") }
        guard let stageList = top.child("stages")?.elementChildren, !stageList.isEmpty else { throw failure("no <stages>") }
        for (s, stage) in stageList.enumerated() {
            // Only a plain chain of stages: each one's parent is the one before, none has a
            // sibling (`next`). Tree-of-stages cascades were never converted by OpenCV either.
            let parent = try stage.child("parent").map { (e: XMLElement) throws(CascadeError) in try integer(try number(e, "parent"), "<parent>") } ?? (s - 1)
            let next = try stage.child("next").map { (e: XMLElement) throws(CascadeError) in try integer(try number(e, "next"), "<next>") } ?? -1
            guard parent == s - 1, next == -1 else {
                throw failure("stage \(s) has parent \(parent) and next \(next): tree-of-stages cascades are not supported, only chains")
            }
            let threshold = Float(try number(stage.child("stage_threshold"), "stage_threshold")) - CascadeReader.thresholdMargin
            guard let trees = stage.child("trees")?.elementChildren, !trees.isEmpty else { throw failure("stage \(s): no <trees>") }
            stages.append(Cascade.Stage(threshold: threshold, firstWeak: weak.count, weakCount: trees.count))
            for (t, tree) in trees.enumerated() {
                let where_ = "stage \(s), tree \(t)"
                let treeNodes = tree.elementChildren
                guard !treeNodes.isEmpty else { throw failure("\(where_): no nodes") }
                weak.append(Cascade.WeakClassifier(firstNode: nodes.count, nodeCount: treeNodes.count, firstLeaf: leaves.count))
                var treeLeaves: [Float] = []
                var pending: [Cascade.Node] = []
                for (n, node) in treeNodes.enumerated() {
                    guard let featureElement = node.child("feature") else { throw failure("\(where_), node \(n): no <feature>") }
                    haar.append(try haarFeature(featureElement, index: haar.count))
                    let threshold = Float(try number(node.child("threshold"), "threshold"))
                    func side(_ prefix: String) throws(CascadeError) -> Int {
                        if let value = node.child("\(prefix)_val") {
                            treeLeaves.append(Float(try number(value, "\(prefix)_val")))
                            return -(treeLeaves.count - 1)
                        }
                        if let child = node.child("\(prefix)_node") {
                            let index = try integer(try number(child, "\(prefix)_node"), "\(where_): <\(prefix)_node>")
                            guard index > n, index < treeNodes.count else {
                                throw failure("\(where_), node \(n): <\(prefix)_node> \(index) is not a later node of the tree")
                            }
                            return index
                        }
                        throw failure("\(where_), node \(n): neither <\(prefix)_val> nor <\(prefix)_node>")
                    }
                    let left = try side("left")
                    let right = try side("right")
                    pending.append(Cascade.Node(feature: haar.count - 1, threshold: threshold, left: left, right: right))
                }
                guard treeLeaves.count == treeNodes.count + 1 else {
                    throw failure("\(where_): \(treeNodes.count) nodes with \(treeLeaves.count) leaves")
                }
                nodes += pending
                leaves += treeLeaves
            }
        }
        return try finish(kind: .haar, layout: .legacy, width: width, height: height)
    }

    // MARK: Checks shared by both layouts

    func finish(kind: Cascade.FeatureKind, layout: Cascade.Layout, width: Int, height: Int) throws(CascadeError) -> Cascade {
        let featureCount = kind == .haar ? haar.count : lbp.count
        for (i, node) in nodes.enumerated() where !(0..<featureCount).contains(node.feature) {
            throw failure("node \(i) uses feature \(node.feature), but there are \(featureCount)")
        }
        for (f, feature) in haar.enumerated() {
            for (rect, _) in feature.rects {
                let fits: Bool
                if feature.isTilted {
                    fits = rect.width >= 0 && rect.height >= 0 && rect.x - rect.height >= 0 && rect.y >= 0
                        && rect.x + rect.width <= width && rect.y + rect.width + rect.height <= height
                } else {
                    fits = rect.x >= 0 && rect.y >= 0 && rect.width >= 0 && rect.height >= 0
                        && rect.x + rect.width <= width && rect.y + rect.height <= height
                }
                guard fits else {
                    throw failure("feature \(f): \(feature.isTilted ? "tilted " : "")rect \(rect) leaves the \(width)x\(height) window")
                }
            }
        }
        return Cascade(
            featureKind: kind, layout: layout, windowWidth: width, windowHeight: height, stages: stages,
            weakClassifiers: weak, nodes: nodes, leaves: leaves, subsets: subsets, haarFeatures: haar, lbpFeatures: lbp)
    }
}

/// Counts the elements a parse opens and closes.
final class ElementBalance: NSObject, XMLParserDelegate {
    var depth = 0
    var elements = 0

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        depth += 1
        elements += 1
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        depth -= 1
    }
}
