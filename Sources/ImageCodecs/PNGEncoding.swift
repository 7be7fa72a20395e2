import CPNGShim
import Framebuffers

/// Texture → PNG through the libpng shim.
enum PNGEncoding {
    static func encode(_ texture: Texture, options: PNGEncodingOptions) throws(ImageCodecError)
        -> [UInt8]
    {
        guard (0...9).contains(options.compressionLevel) else {
            throw .invalidOptions(
                "PNG compression level must be 0...9, got \(options.compressionLevel)")
        }
        let isSixteenBit =
            switch options.bitDepth {
            case .automatic: texture.format == .float32
            case .eight: false
            case .sixteen: true
            }
        let width = texture.width
        if isSixteenBit {
            let samples: [UInt16] =
                switch texture.storage {
                case .rgba8(let bytes): bytes.map { UInt16($0) * 257 }
                case .float32(let values): values.map(unorm16)
                }
            let channels = resolve(options.channels, samples, opaque: UInt16.max)
            let packed = pack(samples, channels: channels).flatMap {
                [UInt8(truncatingIfNeeded: $0 >> 8), UInt8(truncatingIfNeeded: $0)]
            }
            return try run(
                packed, texture: texture, rowBytes: width * channels.count * 2,
                colorType: channels.colorType, bitDepth: 16, stripsFiller: false, options: options)
        }
        let bytes = texture.rgba8Bytes
        let channels = resolve(options.channels, bytes, opaque: UInt8.max)
        switch channels {
        case .rgba:
            return try run(
                bytes, texture: texture, rowBytes: width * 4, colorType: 6, bitDepth: 8,
                stripsFiller: false, options: options)
        case .rgb:  // libpng drops the fourth byte itself: no repacking
            return try run(
                bytes, texture: texture, rowBytes: width * 4, colorType: 2, bitDepth: 8,
                stripsFiller: true, options: options)
        default:
            return try run(
                pack(bytes, channels: channels), texture: texture, rowBytes: width * channels.count,
                colorType: channels.colorType, bitDepth: 8, stripsFiller: false, options: options)
        }
    }

    /// The stored channel layout: `automatic` resolved against the pixels.
    enum Layout {
        case grey, greyAlpha, rgb, rgba

        var count: Int {
            switch self {
            case .grey: 1
            case .greyAlpha: 2
            case .rgb: 3
            case .rgba: 4
            }
        }

        var colorType: Int32 {
            switch self {
            case .grey: 0
            case .greyAlpha: 4
            case .rgb: 2
            case .rgba: 6
            }
        }
    }

    static func resolve<Sample: FixedWidthInteger>(
        _ channels: PNGEncodingOptions.Channels, _ samples: [Sample], opaque: Sample
    ) -> Layout {
        switch channels {
        case .grey: return .grey
        case .greyAlpha: return .greyAlpha
        case .rgb: return .rgb
        case .rgba: return .rgba
        case .automatic:
            let (isGrey, isOpaque) = scan(samples, opaque: opaque)
            switch (isGrey, isOpaque) {
            case (true, true): return .grey
            case (true, false): return .greyAlpha
            case (false, true): return .rgb
            case (false, false): return .rgba
            }
        }
    }

    /// Whether every pixel has R = G = B, and whether every alpha is `opaque` (only when
    /// `checksOpacity`); stops as soon as the answers wanted are known to be no.
    static func scan<Sample: FixedWidthInteger>(
        _ samples: [Sample], opaque: Sample, checksOpacity: Bool = true
    ) -> (isGrey: Bool, isOpaque: Bool) {
        if Sample.self == UInt8.self, samples.count % 4 == 0 {
            return samples.withUnsafeBytes { bytes in
                scanWords(bytes.bindMemory(to: UInt32.self), opaque: UInt32(opaque) << 24, checksOpacity: checksOpacity)
            }
        }
        return samples.withUnsafeBufferPointer { p in
            var isGrey = true
            var isOpaque = checksOpacity
            var start = 0
            let blockLength = 4 * 1024  // branch-free over a block, then decide whether to go on
            while start < p.count && (isGrey || isOpaque) {
                let end = min(start + blockLength, p.count)
                var difference: Sample = 0  // any bit set: some R ≠ G or R ≠ B
                var alpha: Sample = ~0  // all bits set: every alpha is the maximum
                var j = start
                while j < end {
                    difference |= (p[j] ^ p[j + 1]) | (p[j] ^ p[j + 2])
                    alpha &= p[j + 3]
                    j += 4
                }
                isGrey = isGrey && difference == 0
                isOpaque = isOpaque && alpha == opaque
                start = end
            }
            return (isGrey, isOpaque)
        }
    }

    /// `scan` on RGBA8 pixels read as little-endian words: grey when R ^ G and G ^ B are 0
    /// (the low 16 bits of `w ^ (w >> 8)`), opaque when every alpha byte is `opaque`'s. A loop
    /// the compiler vectorises (about 4x the byte loop on a 4K frame).
    static func scanWords(_ words: UnsafeBufferPointer<UInt32>, opaque: UInt32, checksOpacity: Bool)
        -> (isGrey: Bool, isOpaque: Bool)
    {
        var isGrey = true
        var isOpaque = checksOpacity
        var start = 0
        let blockLength = 4 * 1024
        while start < words.count && (isGrey || isOpaque) {
            let end = min(start + blockLength, words.count)
            var difference: UInt32 = 0
            var alpha: UInt32 = ~0
            for j in start..<end {
                let w = words[j]
                difference |= (w ^ (w >> 8)) & 0xFFFF
                alpha &= w
            }
            isGrey = isGrey && difference == 0
            isOpaque = isOpaque && alpha & 0xFF00_0000 == opaque
            start = end
        }
        return (isGrey, isOpaque)
    }

    /// RGBA samples repacked to `layout` (grey is luma `(77 R + 150 G + 29 B + 128) >> 8`).
    static func pack<Sample: FixedWidthInteger>(_ samples: [Sample], channels layout: Layout)
        -> [Sample]
    {
        let pixelCount = samples.count / 4
        let count = layout.count
        return [Sample](unsafeUninitializedCapacity: pixelCount * count) { output, initialized in
            samples.withUnsafeBufferPointer { input in
                for pixel in 0..<pixelCount {
                    let r = Int(input[pixel * 4])
                    let g = Int(input[pixel * 4 + 1])
                    let b = Int(input[pixel * 4 + 2])
                    switch layout {
                    case .grey:
                        output[pixel] = Sample(
                            truncatingIfNeeded: (77 * r + 150 * g + 29 * b + 128) >> 8)
                    case .greyAlpha:
                        output[pixel * 2] = Sample(
                            truncatingIfNeeded: (77 * r + 150 * g + 29 * b + 128) >> 8)
                        output[pixel * 2 + 1] = input[pixel * 4 + 3]
                    case .rgb:
                        output[pixel * 3] = input[pixel * 4]
                        output[pixel * 3 + 1] = input[pixel * 4 + 1]
                        output[pixel * 3 + 2] = input[pixel * 4 + 2]
                    case .rgba:
                        for c in 0..<4 { output[pixel * 4 + c] = input[pixel * 4 + c] }
                    }
                }
            }
            initialized = pixelCount * count
        }
    }

    /// A float in 0…1 as a 16-bit sample (clamped, rounded to nearest; NaN is 0).
    static func unorm16(_ value: Float) -> UInt16 {
        let clamped = value.isNaN ? 0 : min(max(value, 0), 1)
        return UInt16(clamped * 65535 + 0.5)
    }

    static func run(
        _ rows: [UInt8], texture: Texture, rowBytes: Int, colorType: Int32, bitDepth: Int32,
        stripsFiller: Bool, options: PNGEncodingOptions
    ) throws(ImageCodecError) -> [UInt8] {
        let strategy: Int32 =
            switch options.strategy {
            case .default: Int32(SHADE_Z_DEFAULT_STRATEGY)
            case .filtered: Int32(SHADE_Z_FILTERED)
            case .huffmanOnly: Int32(SHADE_Z_HUFFMAN_ONLY)
            case .runLength: Int32(SHADE_Z_RLE)
            }
        var output = shade_png_buffer()
        defer { shade_png_buffer_free(&output) }
        var message = [CChar](repeating: 0, count: 256)
        let status = rows.withUnsafeBufferPointer { pixels in
            shade_png_encode(
                pixels.baseAddress, UInt32(texture.width), UInt32(texture.height), rowBytes,
                colorType, bitDepth, stripsFiller ? 1 : 0,
                Int32(options.compressionLevel), strategy, 0,
                &output, &message, message.count)
        }
        switch status {
        case SHADE_PNG_OK:
            return Array(UnsafeBufferPointer(start: output.bytes, count: output.count))
        case SHADE_PNG_NO_MEMORY:
            throw .outOfMemory
        default:
            throw .invalidOptions(
                message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
        }
    }
}
