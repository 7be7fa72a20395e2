import Framebuffers

extension Texture {
    /// This texture turned upright for an EXIF orientation: what a viewer shows for a file whose
    /// stored pixels are `self`. Orientations 5–8 swap width and height.
    ///
    /// - Parameter orientation: the file's EXIF orientation.
    /// - Returns: the upright texture (`self` for `.topLeft`).
    public func applyingOrientation(_ orientation: ImageOrientation) -> Texture {
        if orientation == .topLeft { return self }
        let (newWidth, newHeight) = orientation.swapsDimensions ? (height, width) : (width, height)
        switch storage {
        case .rgba8(let pixels):
            let turned = Texture.reorient(pixels, width: width, height: height, orientation)
            return Texture(width: newWidth, height: newHeight, rgba8: turned)
        case .float32(let values):
            let turned = Texture.reorient(values, width: width, height: height, orientation)
            return Texture(width: newWidth, height: newHeight, float32: turned)
        }
    }

    /// Moves whole RGBA pixels. Every orientation is an affine map of pixel indices: the source
    /// of upright pixel (x, y) is `origin + x * stepX + y * stepY`.
    static func reorient<Element>(
        _ source: [Element], width: Int, height: Int, _ orientation: ImageOrientation
    ) -> [Element] {
        let w = width
        let h = height
        let (origin, stepX, stepY): (Int, Int, Int) =
            switch orientation {
            case .topLeft: (0, 1, w)
            case .topRight: (w - 1, -1, w)
            case .bottomRight: ((h - 1) * w + w - 1, -1, -w)
            case .bottomLeft: ((h - 1) * w, 1, -w)
            case .leftTop: (0, w, 1)
            case .rightTop: ((h - 1) * w, -w, 1)
            case .rightBottom: ((h - 1) * w + w - 1, -w, -1)
            case .leftBottom: (w - 1, w, -1)
            }
        let (outWidth, outHeight) = orientation.swapsDimensions ? (h, w) : (w, h)
        return [Element](unsafeUninitializedCapacity: source.count) { output, initialized in
            source.withUnsafeBufferPointer { input in
                var target = 0
                for y in 0..<outHeight {
                    var pixel = origin + y * stepY
                    for _ in 0..<outWidth {
                        let from = pixel * 4
                        (output.baseAddress! + target).initialize(
                            from: input.baseAddress! + from, count: 4)
                        target += 4
                        pixel += stepX
                    }
                }
            }
            initialized = source.count
        }
    }
}
