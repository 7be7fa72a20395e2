import Framebuffers
import ImageGraph

/// Where a text box goes in an image: one of nine anchors, inset by a margin, or a pixel point
/// (the box's top-left corner, from the image's top-left).
public enum TextPosition: Sendable, Equatable {
    /// Horizontal placement of an anchor.
    public enum Horizontal: Sendable, Equatable { case left, center, right }
    /// Vertical placement of an anchor.
    public enum Vertical: Sendable, Equatable { case top, center, bottom }

    case anchor(Horizontal, Vertical)
    case point(x: Int, y: Int)

    /// The anchors' names: `top-left`, `top`, `top-right`, `left`, `center`, `right`,
    /// `bottom-left`, `bottom`, `bottom-right`.
    public static let anchorNames: [String: TextPosition] = [
        "top-left": .anchor(.left, .top), "top": .anchor(.center, .top), "top-right": .anchor(.right, .top),
        "left": .anchor(.left, .center), "center": .anchor(.center, .center), "right": .anchor(.right, .center),
        "bottom-left": .anchor(.left, .bottom), "bottom": .anchor(.center, .bottom),
        "bottom-right": .anchor(.right, .bottom),
    ]

    /// Parses an anchor name or `X,Y` in pixels; `nil` for anything else.
    public init?(parsing text: String) {
        let lower = text.lowercased()
        if let anchor = TextPosition.anchorNames[lower] {
            self = anchor
            return
        }
        let parts = lower.split(separator: ",")
        guard parts.count == 2, let x = Int(parts[0]), let y = Int(parts[1]) else { return nil }
        self = .point(x: x, y: y)
    }

    /// The top-left corner of a `box` placed in an image of `size`, `margin` pixels from the
    /// edges an anchor touches.
    public func origin(of box: (width: Int, height: Int), in size: (width: Int, height: Int), margin: Int) -> (x: Int, y: Int) {
        switch self {
        case .point(let x, let y):
            return (x, y)
        case .anchor(let horizontal, let vertical):
            let x = switch horizontal {
            case .left: margin
            case .center: (size.width - box.width) / 2
            case .right: size.width - margin - box.width
            }
            let y = switch vertical {
            case .top: margin
            case .center: (size.height - box.height) / 2
            case .bottom: size.height - margin - box.height
            }
            return (x, y)
        }
    }
}

/// A caption or watermark: draws text with FreeType over its input (location 0), or, with no
/// input, on a transparent image of `outputSize` (a generator).
///
/// ```swift
/// let caption = try TextOverlay(text: "Shade", pixelSize: 32, color: SIMD4(1, 1, 1, 0.8))
/// photo --> caption --> PictureOutput(path: "captioned.png")
/// ```
public final class TextOverlay: ImageProcessingOperation {
    public let name: String
    public let targets = TargetList()
    public let sources = SourceList()
    /// 1 for a caption over its input, 0 for a generator.
    public let numberOfInputs: Int

    /// The text; `\n` starts a new line.
    public var text: String
    /// Straight RGBA, 0…1; the alpha makes a translucent watermark.
    public var color: SIMD4<Float>
    /// Where the text goes.
    public var position: TextPosition
    /// Pixels between the text and the edges an anchor touches (default: half the font size).
    public var margin: Int
    /// The size of a generator's image; ignored with an input.
    public var outputSize: ImageSize?

    private let font: Font

    /// Makes a text operation.
    ///
    /// - Parameters:
    ///   - text: the string; `\n` starts a new line.
    ///   - fontName: a family name for fontconfig or a font file's path (default DejaVu Sans).
    ///   - pixelSize: pixels per em.
    ///   - color: straight RGBA, 0…1 (default opaque white).
    ///   - position: an anchor or a point (default bottom right).
    ///   - margin: inset from the edges; `nil` is half of `pixelSize`.
    ///   - numberOfInputs: 1 draws over the input; 0 makes a generator (set `outputSize`).
    /// - Throws: `TextError` when the font is not found or cannot be read.
    public init(
        text: String, fontName: String = Font.defaultName, pixelSize: Int = 24,
        color: SIMD4<Float> = SIMD4(1, 1, 1, 1), position: TextPosition = .anchor(.right, .bottom),
        margin: Int? = nil, numberOfInputs: Int = 1
    ) throws(TextError) {
        font = try Font(named: fontName, pixelSize: pixelSize)
        self.text = text
        self.color = color
        self.position = position
        self.margin = margin ?? pixelSize / 2
        self.numberOfInputs = numberOfInputs == 0 ? 0 : 1
        name = "text"
    }

    /// The path of the font file in use.
    public var fontPath: String { font.path }

    public func makeFrame(from inputs: [Frame], in context: ProcessingContext) throws -> Frame {
        let base: Texture
        if let input = inputs.first {
            base = input.texture
        } else {
            guard let size = outputSize, size.width > 0, size.height > 0 else {
                throw GraphError.outputSizeUnknown(operation: name)
            }
            base = Texture(width: size.width, height: size.height, filledWith: SIMD4(0, 0, 0, 0))
        }
        return Frame(texture: render(onto: base))
    }

    /// `base` with this operation's text drawn on it (RGBA8).
    public func render(onto base: Texture) -> Texture {
        let coverage = font.coverage(of: text)
        let origin = position.origin(
            of: (coverage.width, coverage.height), in: (base.width, base.height), margin: margin)
        return base.drawing(coverage, atX: origin.x, y: origin.y, color: color)
    }
}
