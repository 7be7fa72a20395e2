/// A file format to encode to, with its options.
public enum ImageEncoding: Sendable, Equatable {
    /// PNG with the given options (`.png()` for the defaults).
    case png(PNGEncodingOptions = PNGEncodingOptions())
    /// JPEG with the given options (`.jpeg()` for the defaults).
    case jpeg(JPEGEncodingOptions = JPEGEncodingOptions())

    /// The format this encoding writes.
    public var format: ImageFormat {
        switch self {
        case .png: .png
        case .jpeg: .jpeg
        }
    }

    /// The default encoding for `format`.
    public init(_ format: ImageFormat) {
        switch format {
        case .png: self = .png()
        case .jpeg: self = .jpeg()
        }
    }
}

/// How to write a PNG.
public struct PNGEncodingOptions: Sendable, Equatable {
    /// Which channels the file stores.
    public enum Channels: String, Sendable, Equatable, CaseIterable {
        /// The fewest channels that keep every pixel: grey when R = G = B everywhere, no alpha
        /// when every pixel is opaque.
        case automatic
        /// One grey channel; colour pixels become luma `(77 R + 150 G + 29 B + 128) >> 8`
        /// (scaled to 16 bits for 16-bit files); alpha is dropped.
        case grey
        /// Grey (as for `grey`) and alpha.
        case greyAlpha
        /// Red, green, blue; alpha is dropped.
        case rgb
        /// Red, green, blue, alpha.
        case rgba
    }

    /// Bits per sample in the file.
    public enum BitDepth: String, Sendable, Equatable, CaseIterable {
        /// 8 for RGBA8 textures, 16 for Float32 textures.
        case automatic
        /// 8 bits; Float32 values are clamped and rounded as GL does.
        case eight
        /// 16 bits; each value is clamped to 0…1 and scaled by 65535 (RGBA8 bytes by 257).
        case sixteen
    }

    /// zlib's compression strategies.
    public enum Strategy: String, Sendable, Equatable, CaseIterable {
        /// zlib's default (`Z_DEFAULT_STRATEGY`).
        case `default`
        /// `Z_FILTERED`: tuned for filtered rows.
        case filtered
        /// `Z_HUFFMAN_ONLY`: no string matching.
        case huffmanOnly
        /// `Z_RLE`: matches only runs; with level 1, several times faster than the defaults on
        /// photos for files within a few percent of their size.
        case runLength
    }

    /// Which channels to store (default `.automatic`).
    public var channels: Channels
    /// Bits per sample (default `.automatic`).
    public var bitDepth: BitDepth
    /// zlib level, 0 (stored) … 9 (smallest). Default 1.
    public var compressionLevel: Int
    /// zlib strategy. Default `.runLength`.
    public var strategy: Strategy

    /// Creates PNG options; the defaults (level 1, `Z_RLE`) were measured fastest on photos,
    /// with files as small as zlib's level 6 makes.
    ///
    /// - Parameters:
    ///   - channels: which channels to store.
    ///   - bitDepth: bits per sample.
    ///   - compressionLevel: zlib level 0…9.
    ///   - strategy: zlib strategy.
    public init(
        channels: Channels = .automatic,
        bitDepth: BitDepth = .automatic,
        compressionLevel: Int = 1,
        strategy: Strategy = .runLength
    ) {
        self.channels = channels
        self.bitDepth = bitDepth
        self.compressionLevel = compressionLevel
        self.strategy = strategy
    }
}

/// How to write a JPEG. Alpha is ignored: JPEG has none.
public struct JPEGEncodingOptions: Sendable, Equatable {
    /// How chroma is sampled.
    public enum ChromaSubsampling: String, Sendable, Equatable, CaseIterable {
        /// Full-resolution chroma (4:4:4).
        case none
        /// Half-resolution chroma in both directions (4:2:0), the usual for photos.
        case halfBoth
    }

    /// Which components the file stores.
    public enum Components: String, Sendable, Equatable, CaseIterable {
        /// Greyscale when R = G = B in every pixel, colour otherwise.
        case automatic
        /// One component: luma.
        case grey
        /// Three components: YCbCr.
        case color
    }

    /// libjpeg quality, 1 (smallest) … 100 (best). Default 90.
    public var quality: Int
    /// Chroma subsampling. Default `.halfBoth` (4:2:0).
    public var chromaSubsampling: ChromaSubsampling
    /// Which components to store. Default `.automatic`.
    public var components: Components

    /// Creates JPEG options.
    ///
    /// - Parameters:
    ///   - quality: 1…100.
    ///   - chromaSubsampling: 4:4:4 (`.none`) or 4:2:0 (`.halfBoth`).
    ///   - components: grey, colour, or chosen from the pixels.
    public init(
        quality: Int = 90,
        chromaSubsampling: ChromaSubsampling = .halfBoth,
        components: Components = .automatic
    ) {
        self.quality = quality
        self.chromaSubsampling = chromaSubsampling
        self.components = components
    }
}
