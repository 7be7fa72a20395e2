/// An axis-aligned rectangle of whole pixels in image coordinates.
///
/// The origin is the top-left corner of the image as stored in its file: x grows to the right,
/// y grows down, and row 0 is the file's first row (the same row order as `Texture`, see
/// DESIGN.md). The rectangle covers columns `x..<x + width` and rows `y..<y + height`.
public struct PixelRect: Sendable, Hashable, CustomStringConvertible {
    /// The left column.
    public var x: Int
    /// The top row.
    public var y: Int
    /// The width in pixels.
    public var width: Int
    /// The height in pixels.
    public var height: Int

    /// Creates a rectangle from its top-left corner and size.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The number of pixels covered (0 when empty).
    public var area: Int { width > 0 && height > 0 ? width * height : 0 }

    /// The overlap of two rectangles; an empty rectangle (zero size) when they do not overlap.
    public func intersection(_ other: PixelRect) -> PixelRect {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(x + width, other.x + other.width), bottom = min(y + height, other.y + other.height)
        guard right > left, bottom > top else { return PixelRect(x: left, y: top, width: 0, height: 0) }
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// Intersection over union: the overlap's area divided by the area both cover, in 0...1.
    public func intersectionOverUnion(_ other: PixelRect) -> Double {
        let overlap = intersection(other).area
        let union = area + other.area - overlap
        return union > 0 ? Double(overlap) / Double(union) : 0
    }

    /// `x,y widthxheight`, e.g. `120,64 96x96`.
    public var description: String { "\(x),\(y) \(width)x\(height)" }
}
