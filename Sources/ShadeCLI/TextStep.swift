import Foundation
import ImageGraph
import TextRendering

/// The `text` step: a caption or watermark drawn with FreeType, in chains and pipelines (over
/// the image) and in `shade render` (a generator on transparency). Not a shader, so it is not
/// in the filter catalogue; `shade filters text` describes it.
struct TextSettings: Sendable {
    var string = "Shade"
    var font = Font.defaultName
    var size = 24
    var color = SIMD4<Float>(1, 1, 1, 1)
    var position = TextPosition.anchor(.right, .bottom)
    var margin: Int?

    /// The step's parameter names.
    static let keys = ["string", "font", "size", "color", "position", "margin"]

    static let summary = "draws a caption or watermark with FreeType (string, font, size, color, position, margin)"

    /// `shade filters text`.
    static let description = """
        text — Text (caption or watermark)
        category: generator (over its input in a chain; on transparency in 'shade render')
        \(summary)
        Drawn with FreeType; the font is found through fontconfig. Not a shader.

        parameters:
          string    text      default Shade         the text ('\\n' starts a new line); ':' and ','
                                                      are kept, only ':KEY=' starts the next argument
          font      text      default DejaVu Sans   a family name ('fc-list : family') or a font file
          size      int       default 24            pixels per em
          color     color     default #ffffff       straight RGBA (#rrggbbaa: alpha for a watermark)
          position  anchor    default bottom-right  top-left, top, top-right, left, center, right,
                                                      bottom-left, bottom, bottom-right, or X,Y pixels
          margin    int       default size / 2      pixels from the edges an anchor touches

        examples:
          $ shade chain photo.jpg text:string=Coffee at noon:size=32:color=#ffffffc0 -o captioned.jpg
          $ shade render 'text:string=Shade:size=48:position=center' --size 320x80 -o title.png

        """

    /// Reads the step's arguments.
    ///
    /// - Throws: a usage failure naming the bad argument.
    init(_ step: ChainStep) throws(CommandFailure) {
        for (key, value) in step.arguments {
            switch ChainStep.camelCased(key).lowercased() {
            case "string", "text": string = value.replacingOccurrences(of: "\\n", with: "\n")
            case "font": font = value
            case "size":
                guard let pixels = Int(value), (1...1024).contains(pixels) else {
                    throw .usage("text: 'size=\(value)': expected a font size in pixels, 1 to 1024")
                }
                size = pixels
            case "color", "colour":
                guard var components = ChainStep.components(of: value), components.count == 3 || components.count == 4 else {
                    throw .usage("text: 'color=\(value)': expected #rrggbb, #rrggbbaa or R,G,B[,A] from 0 to 1")
                }
                if components.count == 3 { components.append(1) }
                color = SIMD4(components[0], components[1], components[2], components[3])
            case "position":
                guard let parsed = TextPosition(parsing: value) else {
                    throw .usage("text: 'position=\(value)': expected \(TextPosition.anchorNames.keys.sorted().joined(separator: ", ")) or X,Y")
                }
                position = parsed
            case "margin":
                guard let pixels = Int(value), pixels >= 0 else {
                    throw .usage("text: 'margin=\(value)': expected pixels, 0 or more")
                }
                margin = pixels
            default:
                throw .usage("text has no parameter '\(key)' (it has \(TextSettings.keys.joined(separator: ", ")))")
            }
        }
    }

    /// A new operation; `inputs` 1 draws over the input, 0 makes a generator.
    ///
    /// - Throws: 66 when the font is not installed or its file is missing, 65 when it cannot be read.
    func makeOperation(inputs: Int) throws(CommandFailure) -> TextOverlay {
        do {
            return try TextOverlay(
                text: string, fontName: font, pixelSize: size, color: color, position: position, margin: margin,
                numberOfInputs: inputs)
        } catch {
            switch error {
            case .fontNotFound, .fontFileMissing:
                throw CommandFailure(code: .noInput, message: "shade: text: error: \(error)\n")
            case .unreadableFont:
                throw CommandFailure(code: .dataError, message: "shade: text: error: \(error)\n")
            case .invalidPixelSize:
                throw .usage("text: \(error)")
            }
        }
    }
}
