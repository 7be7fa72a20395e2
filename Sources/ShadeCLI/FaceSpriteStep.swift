import FeatureDetection
import Foundation
import Framebuffers
import ImageGraph

/// The chain step `on-faces:sprite=IMAGE[,anchor=NAME][,scale=F][,cascade=NAME|FILE]
/// [,min-neighbors=N][,min-size=WxH]`: a sprite drawn on every face the detector finds.
struct FaceSpriteRecipe: Sendable {
    var sprite: Texture
    var anchor: FaceAnchor
    var scale: Double
    var detector: FaceDetector

    /// The step's names on the command line.
    static let names: Set<String> = ["on-faces", "onfaces", "on_faces"]

    static let keys = ["sprite", "anchor", "scale", "cascade", "min-neighbors", "min-size"]

    /// Checks the step's arguments, decodes the sprite and loads the cascade.
    ///
    /// - Throws: 64 for a missing or unknown argument, 66 for a missing sprite, cascade or
    ///   opencv-data, 65 for a bad sprite or cascade file.
    static func resolve(_ step: ChainStep) throws(CommandFailure) -> FaceSpriteRecipe {
        var spritePath: String?
        var anchor = FaceAnchor.mustache
        var scale = 1.0
        var cascade = CascadeFile.frontalFaceDefault
        var options = FaceDetector.Options()
        for (key, value) in step.arguments {
            switch key.lowercased().replacingOccurrences(of: "_", with: "-") {
            case "sprite", "image", "input2":
                spritePath = value
            case "anchor":
                guard let named = FaceAnchor.named.first(where: { $0.name == value.lowercased() }) else {
                    throw .usage("on-faces: no anchor '\(value)' (anchors: \(FaceAnchor.named.map(\.name).joined(separator: ", ")))")
                }
                anchor = named.anchor
            case "scale":
                guard let number = Double(value), number > 0, number.isFinite else {
                    throw .usage("on-faces: 'scale=\(value)': expected a positive number")
                }
                scale = number
            case "cascade":
                if value.contains("/") || value.lowercased().hasSuffix(".xml") {
                    cascade = .file(value)
                } else if let named = CascadeFile(name: value) {
                    cascade = named
                } else {
                    throw .usage(CascadeError.unknownName(value, known: CascadeFile.allNamed.map(\.commandLineName)).description)
                }
            case "min-neighbors", "minneighbors":
                guard let number = Int(value), number >= 0 else { throw .usage("on-faces: 'min-neighbors=\(value)': expected 0 or more") }
                options.minNeighbors = number
            case "min-size", "minsize":
                guard let size = parseSize(value) else { throw .usage("on-faces: 'min-size=\(value)': expected WxH") }
                options.minSize = PixelSize(width: size.width, height: size.height)
            default:
                throw .usage("on-faces has no argument '\(key)' (it has \(keys.joined(separator: ", ")))")
            }
        }
        guard let spritePath else {
            throw .usage("on-faces needs the sprite: on-faces:sprite=mustache.png[,anchor=mustache]")
        }
        let sprite = try ChainCommand.decodeImage(spritePath)
        let detector = try DetectCommand.detector(cascade, options: options, extraFolders: [])
        return FaceSpriteRecipe(sprite: sprite, anchor: anchor, scale: scale, detector: detector)
    }

    func makeOperation() throws(CommandFailure) -> ImageProcessingOperation {
        do {
            return try FaceSpriteOperation(sprite: sprite, anchor: anchor, scale: scale, detector: detector)
        } catch {
            throw CommandFailure(code: .internalError, message: "shade: internal error: \(error)\n")
        }
    }
}
