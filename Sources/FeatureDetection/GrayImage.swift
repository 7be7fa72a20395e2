import Framebuffers

/// An 8-bit single-channel image, row 0 first (the first row of the image file), rows packed.
///
/// Detection works on luma computed the way OpenCV's `cvtColor(…, COLOR_BGR2GRAY)` computes it
/// for 8-bit pixels, and scales it the way OpenCV's bit-exact bilinear `resize`
/// (`INTER_LINEAR_EXACT`, what its cascade classifier uses) does, so that the same cascade sees
/// the same numbers in both.
public struct GrayImage: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height` luma values, row after row.
    public var pixels: [UInt8]

    /// Creates an image from packed rows.
    ///
    /// - Precondition: `pixels.count == width * height` and both sizes are positive.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width > 0 && height > 0 && pixels.count == width * height, "gray image \(width)x\(height) with \(pixels.count) pixels")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The luma of a texture, ignoring alpha: `(9798 R + 19235 G + 3735 B + 2^14) >> 15` on
    /// 8-bit channels (Float32 textures are first rounded to bytes as GL does).
    public init(_ texture: Texture) {
        let bytes = texture.rgba8Bytes
        var luma = [UInt8](repeating: 0, count: texture.pixelCount)
        bytes.withUnsafeBufferPointer { source in
            luma.withUnsafeMutableBufferPointer { target in
                for i in 0..<target.count {
                    let r = UInt32(source[4 * i]), g = UInt32(source[4 * i + 1]), b = UInt32(source[4 * i + 2])
                    target[i] = UInt8(truncatingIfNeeded: (r &* 9798 &+ g &* 19235 &+ b &* 3735 &+ 16384) >> 15)
                }
            }
        }
        self.init(width: texture.width, height: texture.height, pixels: luma)
    }

    /// The pixel at column `x`, row `y`.
    public subscript(x: Int, y: Int) -> UInt8 { pixels[y * width + x] }

    /// This image scaled to `width` x `height` with bilinear interpolation in fixed point, as
    /// OpenCV's `resize(…, INTER_LINEAR_EXACT)` does for 8-bit images: pixel centres aligned
    /// (`source = (target + 0.5) · scale - 0.5`), 8-bit weights per axis, edge pixels repeated,
    /// the 16-bit-fraction result rounded half up.
    public func resized(width newWidth: Int, height newHeight: Int) -> GrayImage {
        var target = [UInt8](repeating: 0, count: newWidth * newHeight)
        var scratch = BilinearScratch()
        pixels.withUnsafeBufferPointer { source in
            target.withUnsafeMutableBufferPointer { output in
                GrayImage.resize(
                    source.baseAddress!, width: width, height: height, into: output.baseAddress!,
                    width: newWidth, height: newHeight, scratch: &scratch)
            }
        }
        return GrayImage(width: newWidth, height: newHeight, pixels: target)
    }
}

/// Reusable buffers of one bilinear resize (so that a detector scale allocates nothing new once
/// its first scale has run).
struct BilinearScratch {
    var columns: [Int32] = []
    var columnWeights: [Int32] = []
    var rows: [Int32] = []
    var rowWeights: [Int32] = []
    /// Two horizontally filtered source rows (8-bit fraction).
    var filtered: [Int32] = []
}

extension GrayImage {
    /// Source positions and weights of one axis: for each target index the left/top source
    /// index and the weight of the pixel after it, `round(f · 256)`, where `f` is the fraction
    /// of `(d + 0.5) · scale - 0.5` (computed in double precision).
    static func bilinearTaps(source: Int, target: Int, indices: inout [Int32], weights: inout [Int32]) {
        indices.removeAll(keepingCapacity: true)
        weights.removeAll(keepingCapacity: true)
        let scale = 1.0 / (Double(target) / Double(source))
        for d in 0..<target {
            var f = (Double(d) + 0.5) * scale - 0.5
            var s = Int(f.rounded(.down))
            f -= Double(s)
            if s < 0 {
                s = 0
                f = 0
            }
            if s >= source - 1 {
                s = source - 1
                f = 0
            }
            indices.append(Int32(s))
            weights.append(Int32((f * 256).rounded(.toNearestOrEven)))
        }
    }

    /// Resizes packed 8-bit rows; see `resized(width:height:)`.
    static func resize(
        _ source: UnsafePointer<UInt8>, width: Int, height: Int, into target: UnsafeMutablePointer<UInt8>,
        width newWidth: Int, height newHeight: Int, scratch: inout BilinearScratch
    ) {
        if newWidth == width && newHeight == height {
            target.update(from: source, count: width * height)
            return
        }
        bilinearTaps(source: width, target: newWidth, indices: &scratch.columns, weights: &scratch.columnWeights)
        bilinearTaps(source: height, target: newHeight, indices: &scratch.rows, weights: &scratch.rowWeights)
        if scratch.filtered.count < 2 * newWidth { scratch.filtered = [Int32](repeating: 0, count: 2 * newWidth) }
        scratch.columns.withUnsafeBufferPointer { xs in
            scratch.columnWeights.withUnsafeBufferPointer { xw in
                scratch.filtered.withUnsafeMutableBufferPointer { filtered in
                    let upper = filtered.baseAddress!, lower = upper + newWidth
                    var upperRow = -1, lowerRow = -1
                    /// One source row filtered horizontally: 8-bit fraction.
                    func filter(row: Int, into line: UnsafeMutablePointer<Int32>) {
                        let pixels = source + row * width
                        for d in 0..<newWidth {
                            let s = Int(xs[d]), a = xw[d]
                            let next = min(s + 1, width - 1)
                            line[d] = Int32(pixels[s]) &* (256 &- a) &+ Int32(pixels[next]) &* a
                        }
                    }
                    for dy in 0..<newHeight {
                        let top = Int(scratch.rows[dy]), bottom = min(top + 1, height - 1)
                        let b1 = scratch.rowWeights[dy], b0 = 256 - b1
                        // Filtered rows are kept while consecutive target rows read them.
                        if upperRow != top {
                            if lowerRow == top {
                                upper.update(from: lower, count: newWidth)
                            } else {
                                filter(row: top, into: upper)
                            }
                            upperRow = top
                        }
                        if lowerRow != bottom {
                            filter(row: bottom, into: lower)
                            lowerRow = bottom
                        }
                        let out = target + dy * newWidth
                        for d in 0..<newWidth {
                            out[d] = UInt8(truncatingIfNeeded: (upper[d] &* b0 &+ lower[d] &* b1 &+ 32768) >> 16)
                        }
                    }
                }
            }
        }
    }
}
