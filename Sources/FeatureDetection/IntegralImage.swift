/// The summed-area tables of an 8-bit image that Viola–Jones features read.
///
/// Each table has `(width + 1) * (height + 1)` entries, row 0 and column 0 zero, and entry
/// `(X, Y)` at index `Y * (width + 1) + X`:
///
/// - `sums`: `S(X, Y) = Σ I(x, y)` over `x < X`, `y < Y`; the sum of the rectangle
///   `(x, y, w, h)` is `S(x, y) - S(x + w, y) - S(x, y + h) + S(x + w, y + h)`.
/// - `squaredSums`: the same over `I(x, y)²`, kept modulo 2³² (as OpenCV keeps it in 32-bit
///   integers): differences over any window smaller than 2³² / 255² ≈ 66,000 pixels are exact.
/// - `tiltedSums`: the 45° table, `T(X, Y) = Σ I(x, y)` over `y < Y` and
///   `|x - (X - 1)| ≤ Y - 1 - y`: the upward triangle whose apex is pixel `(X - 1, Y - 1)`.
///   The sum of the tilted rectangle whose top corner is `(x, y)`, with sides `w` down-right
///   and `h` down-left, is `T(x, y) - T(x - h, y + h) - T(x + w, y + w) + T(x + w - h, y + w + h)`.
public struct IntegralImage: Sendable, Equatable {
    /// Width of the image (the tables are one wider).
    public let width: Int
    /// Height of the image (the tables are one taller).
    public let height: Int
    /// The upright sums, `(width + 1) * (height + 1)`.
    public var sums: [Int32]
    /// The sums of squares, modulo 2³².
    public var squaredSums: [UInt32]
    /// The 45° sums (empty unless asked for).
    public var tiltedSums: [Int32]

    /// Computes the tables of `image`.
    ///
    /// - Parameters:
    ///   - image: the pixels.
    ///   - includesTilted: whether to compute `tiltedSums` too.
    public init(_ image: GrayImage, includesTilted: Bool = true) {
        width = image.width
        height = image.height
        let count = (width + 1) * (height + 1)
        sums = [Int32](repeating: 0, count: count)
        squaredSums = [UInt32](repeating: 0, count: count)
        tiltedSums = includesTilted ? [Int32](repeating: 0, count: count) : []
        var scratch = TiltedScratch()
        image.pixels.withUnsafeBufferPointer { pixels in
            sums.withUnsafeMutableBufferPointer { s in
                squaredSums.withUnsafeMutableBufferPointer { q in
                    IntegralImage.fill(
                        pixels.baseAddress!, width: width, height: height, stride: width + 1,
                        sums: s.baseAddress!, squares: q.baseAddress!)
                }
            }
            if includesTilted {
                tiltedSums.withUnsafeMutableBufferPointer { t in
                    IntegralImage.fillTilted(
                        pixels.baseAddress!, width: width, height: height, stride: width + 1,
                        tilted: t.baseAddress!, scratch: &scratch)
                }
            }
        }
    }

    /// The sum of the pixels of `rect` (which must lie inside the image).
    public func sum(of rect: PixelRect) -> Int {
        let w = width + 1
        let a = Int(sums[rect.y * w + rect.x]), b = Int(sums[rect.y * w + rect.x + rect.width])
        let c = Int(sums[(rect.y + rect.height) * w + rect.x]), d = Int(sums[(rect.y + rect.height) * w + rect.x + rect.width])
        return a - b - c + d
    }

    /// Fills the upright tables of a packed 8-bit image; entries are `stride` apart per row.
    static func fill(
        _ pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int,
        sums: UnsafeMutablePointer<Int32>, squares: UnsafeMutablePointer<UInt32>
    ) {
        for x in 0...width {
            sums[x] = 0
            squares[x] = 0
        }
        for y in 0..<height {
            let row = pixels + y * width
            let above = y * stride, here = (y + 1) * stride
            sums[here] = 0
            squares[here] = 0
            var rowSum: Int32 = 0
            var rowSquares: UInt32 = 0
            for x in 0..<width {
                let value = row[x]
                rowSum &+= Int32(value)
                rowSquares &+= UInt32(value) &* UInt32(value)
                sums[here + x + 1] = sums[above + x + 1] &+ rowSum
                squares[here + x + 1] = squares[above + x + 1] &+ rowSquares
            }
        }
    }

    /// Fills the 45° table in one pass over the rows.
    ///
    /// With `P_y(x)` the prefix sum of row `y` clamped to `0...width`, the triangle of
    /// `(X, Y)` is `L(X, Y) - R(X - 1, Y)`, where the two diagonal running sums
    /// `L(u, Y) = L(u + 1, Y - 1) + P_{Y-1}(u)` and `R(v, Y) = R(v - 1, Y - 1) + P_{Y-1}(v)`
    /// collect whole row prefixes along the triangle's right and left sides.
    /// `L(u, Y)` for `u > width` is the sum of all rows above `Y`, and `R(-1, Y)` is 0.
    static func fillTilted(
        _ pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int,
        tilted: UnsafeMutablePointer<Int32>, scratch: inout TiltedScratch
    ) {
        let n = width + 2
        if scratch.values.count < 3 * n { scratch.values = [Int32](repeating: 0, count: 3 * n) }
        scratch.values.withUnsafeMutableBufferPointer { buffer in
            let left = buffer.baseAddress!, right = left + n
            let prefix = right + n
            // left[u] = L(u, Y) for u in 0...width+1; right[v + 1] = R(v, Y) for v in -1...width-1.
            for i in 0..<n {
                left[i] = 0
                right[i] = 0
            }
            for x in 0...width { tilted[x] = 0 }
            var total: Int32 = 0
            for y in 1...height {
                let row = pixels + (y - 1) * width
                prefix[0] = 0
                for x in 0..<width { prefix[x + 1] = prefix[x] &+ Int32(row[x]) }
                total &+= prefix[width]
                // Update in place: L(u) reads the old L(u + 1), so go left to right; R(v)
                // reads the old R(v - 1), so go right to left.
                for u in 0...width { left[u] = left[u + 1] &+ prefix[u] }
                left[width + 1] = total
                var v = width - 1
                while v >= 0 {
                    right[v + 1] = right[v] &+ prefix[v]
                    v -= 1
                }
                right[0] = 0
                let out = tilted + y * stride
                for x in 0...width { out[x] = left[x] &- right[x] }
            }
        }
    }
}

/// Reusable rows of the 45° table's recurrences.
struct TiltedScratch {
    var values: [Int32] = []
}
