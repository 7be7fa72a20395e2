import FeatureDetection
import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite("Cascade XML: the current layout, the old haarcascade layout, errors")
struct CascadeTests {
    /// Occurrences of `needle` in `text`.
    func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    @Test("frontal-face-default: window, stages, weak classifiers and thresholds as the file states them")
    func currentHaar() throws {
        let path = try cascadePath(.frontalFaceDefault)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let cascade = try Cascade(contentsOfFile: path)
        #expect(cascade.featureKind == .haar && cascade.layout == .current)
        #expect(cascade.windowWidth == 24 && cascade.windowHeight == 24)
        #expect(cascade.stages.count == 25)
        #expect(cascade.weakClassifierCount == count("<internalNodes>", in: text))
        #expect(cascade.haarFeatures.count == count("<rects>", in: text))
        #expect(cascade.isStumpBased && !cascade.hasTiltedFeatures)
        // The first stage threshold as written, minus OpenCV's 1e-5.
        let first = try #require(text.range(of: #"<stageThreshold>[^<]+"#, options: .regularExpression))
        let written = try #require(Double(text[first].dropFirst("<stageThreshold>".count)))
        #expect(cascade.stages[0].threshold == Float(written) - 1e-5)
    }

    @Test("LBP: 256-category nodes, one 3x3 grid rectangle per feature")
    func lbp() throws {
        let path = try cascadePath(.lbpFrontalFace)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let cascade = try Cascade(contentsOfFile: path)
        #expect(cascade.featureKind == .lbp)
        #expect(cascade.lbpFeatures.count == count("<rect>", in: text))
        #expect(cascade.weakClassifierCount == count("<internalNodes>", in: text))
        #expect(cascade.lbpFeatures.allSatisfy { $0.x + 3 * $0.width <= cascade.windowWidth && $0.y + 3 * $0.height <= cascade.windowHeight })
    }

    @Test("tilted features and multi-node trees (eye-tree-eyeglasses)")
    func treesAndTilted() throws {
        let cascade = try Cascade(contentsOfFile: try cascadePath(.eyeTreeEyeglasses))
        #expect(!cascade.isStumpBased)
        #expect(cascade.hasTiltedFeatures)
    }

    @Test("the old layout as Debian ships it (licence-plate-rus-16-stages)")
    func legacyFile() throws {
        let path = try cascadePath(.licencePlateRus16Stages)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let cascade = try Cascade(contentsOfFile: path)
        #expect(cascade.layout == .legacy)
        #expect(cascade.windowWidth == 64 && cascade.windowHeight == 16)
        #expect(cascade.stages.count == count("<stage_threshold>", in: text))
        #expect(cascade.haarFeatures.count == count("<feature>", in: text))
    }

    /// frontal-face-alt rewritten in the old layout: the same numbers (as text), each tree's
    /// node carrying its own feature, leaves as left_val/right_val.
    func legacyRewrite(of path: String) throws -> Data {
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: path), options: [])
        let top = try #require(document.rootElement()?.children?.compactMap { $0 as? XMLElement }.first)
        func child(_ e: XMLElement, _ name: String) -> XMLElement? { e.elements(forName: name).first }
        func items(_ e: XMLElement?) -> [XMLElement] { e?.elements(forName: "_") ?? [] }
        func words(_ e: XMLElement?) -> [String] { (e?.stringValue ?? "").split(whereSeparator: \.isWhitespace).map(String.init) }
        let features = items(child(top, "features"))
        var xml = "<?xml version=\"1.0\"?>\n<opencv_storage>\n<rewritten type_id=\"opencv-haar-classifier\">\n"
        xml += "<size>\(words(child(top, "width"))[0]) \(words(child(top, "height"))[0])</size>\n<stages>\n"
        for (s, stage) in items(child(top, "stages")).enumerated() {
            xml += "<_>\n<!-- stage \(s) -->\n<trees>\n"
            for weak in items(child(stage, "weakClassifiers")) {
                let node = words(child(weak, "internalNodes")), leaves = words(child(weak, "leafValues"))
                let feature = features[Int(node[2])!]
                let rects = items(child(feature, "rects")).map { "<_>\(words($0).joined(separator: " "))</_>" }.joined()
                let tilted = words(child(feature, "tilted")).first ?? "0"
                xml += "<_><_><feature><rects>\(rects)</rects><tilted>\(tilted)</tilted></feature>"
                xml += "<threshold>\(node[3])</threshold><left_val>\(leaves[0])</left_val><right_val>\(leaves[1])</right_val></_></_>\n"
            }
            xml += "</trees>\n<stage_threshold>\(words(child(stage, "stageThreshold"))[0])</stage_threshold>"
            xml += "<parent>\(s - 1)</parent><next>-1</next></_>\n"
        }
        xml += "</stages>\n</rewritten>\n</opencv_storage>\n"
        return Data(xml.utf8)
    }

    @Test("a cascade rewritten in the old layout reads as the same cascade and finds the same faces")
    func legacyRewriteIsEquivalent() throws {
        let path = try cascadePath(.frontalFaceAlt)
        let current = try Cascade(contentsOfFile: path)
        let legacy = try Cascade(xml: try legacyRewrite(of: path), name: "rewritten")
        #expect(legacy.layout == .legacy && current.layout == .current)
        #expect(legacy == current)
        let picture = try photo("hopper.jpg")
        let a = try FaceDetector(cascade: current).faces(in: picture)
        let b = try FaceDetector(cascade: legacy).faces(in: picture)
        #expect(a == b)
        #expect(a.count == 1)
    }

    @Test("errors name what is wrong", arguments: [
        ("<opencv_storage><cascade>", "malformed XML"),
        ("<other/>", "root element"),
        ("<opencv_storage><cascade><stageType>BOOST</stageType><featureType>HOG</featureType></cascade></opencv_storage>", "HAAR and LBP"),
        ("<opencv_storage><c><size>24 24</size><stages><_><trees><_><_><feature><rects><_>0 0 30 4 -1.</_></rects></feature><threshold>0</threshold><left_val>1</left_val><right_val>2</right_val></_></_></trees><stage_threshold>0</stage_threshold></_></stages></c></opencv_storage>", "leaves the 24x24 window"),
        ("<opencv_storage><c><size>24 24</size><stages><_><trees><_><_><feature><rects><_>0 0 3 4 -1.</_></rects></feature><threshold>x</threshold><left_val>1</left_val><right_val>2</right_val></_></_></trees><stage_threshold>0</stage_threshold></_></stages></c></opencv_storage>", "'x' is not a number"),
        ("<opencv_storage><c><size>24 24</size><stages><_><trees><_><_><feature><rects><_>0 0 3 4 -1.</_></rects></feature><threshold>0</threshold><left_val>1</left_val><right_val>2</right_val></_></_></trees><stage_threshold>0</stage_threshold><parent>-1</parent><next>3</next></_></stages></c></opencv_storage>", "tree-of-stages"),
    ])
    func errors(xml: String, expected: String) {
        do {
            _ = try Cascade(xml: Data(xml.utf8), name: "bad.xml")
            Issue.record("'\(xml)' parsed")
        } catch {
            #expect(error.description.contains(expected), "\(error)")
            #expect(error.description.contains("bad.xml"), "\(error)")
        }
    }

    @Test("a feature index past the feature list is refused")
    func featureIndex() throws {
        let xml = """
            <opencv_storage><cascade><stageType>BOOST</stageType><featureType>HAAR</featureType>
            <height>24</height><width>24</width><featureParams><maxCatCount>0</maxCatCount></featureParams>
            <stages><_><stageThreshold>0</stageThreshold><weakClassifiers><_><internalNodes>0 -1 5 0.1</internalNodes>
            <leafValues>1 2</leafValues></_></weakClassifiers></_></stages>
            <features><_><rects><_>0 0 2 2 -1.</_></rects></_></features></cascade></opencv_storage>
            """
        #expect(throws: CascadeError.invalidCascade(path: "f.xml", reason: "node 0 uses feature 5, but there are 1")) {
            try Cascade(xml: Data(xml.utf8), name: "f.xml")
        }
    }

    @Test("a named cascade outside every search folder names the opencv-data package")
    func missingPackage() {
        #expect {
            try Cascade(.frontalFaceDefault, searching: ["/nonexistent/opencv"])
        } throws: { error in
            guard case CascadeError.packageMissing(let name, let file, let searched) = error else { return false }
            let text = (error as? CascadeError)?.description ?? ""
            return name == "frontalFaceDefault" && file == "haarcascade_frontalface_default.xml"
                && searched == ["/nonexistent/opencv"] && text.contains("apt-get install opencv-data")
        }
        #expect(throws: CascadeError.fileNotFound(path: "/nonexistent/x.xml")) { try Cascade(.file("/nonexistent/x.xml")) }
    }

    @Test("cascade names in every spelling")
    func names() {
        for spelling in ["frontalFaceDefault", "frontal-face-default", "haarcascade_frontalface_default.xml", "frontalface_default"] {
            #expect(CascadeFile(name: spelling) == .frontalFaceDefault, "\(spelling)")
        }
        #expect(CascadeFile(name: "lbp-frontal-face") == .lbpFrontalFace)
        #expect(CascadeFile(name: "lbpcascade_frontalface_improved") == .lbpFrontalFaceImproved)
        #expect(CascadeFile(name: "eye") == .eye)
        #expect(CascadeFile(name: "nose") == nil)
        #expect(CascadeFile.allNamed.allSatisfy { CascadeFile(name: $0.commandLineName) == $0 })
    }
}
