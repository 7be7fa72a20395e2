import Framebuffers

/// How a file stores colour.
public enum ColorModel: String, Sendable, Hashable, CustomStringConvertible {
    /// One grey channel.
    case grey
    /// Grey and alpha.
    case greyAlpha
    /// Red, green, blue.
    case rgb
    /// Red, green, blue, alpha.
    case rgba
    /// Palette indices (PNG colour type 3).
    case indexed
    /// JPEG's luma and chroma.
    case yCbCr
    /// Cyan, magenta, yellow, black.
    case cmyk
    /// CMYK stored as YCbCr plus black (Adobe transform 2).
    case yccK

    /// The name `shade info` prints (`grey`, `grey+alpha`, `RGB`, `RGBA`, `indexed`, `YCbCr`,
    /// `CMYK`, `YCCK`).
    public var description: String {
        switch self {
        case .grey: "grey"
        case .greyAlpha: "grey+alpha"
        case .rgb: "RGB"
        case .rgba: "RGBA"
        case .indexed: "indexed"
        case .yCbCr: "YCbCr"
        case .cmyk: "CMYK"
        case .yccK: "YCCK"
        }
    }
}

/// The EXIF orientation: how the stored rows must be turned to display the picture upright.
///
/// The raw values are EXIF's 1–8; each case is named by where the stored first row and first
/// column end up (EXIF's own naming), and `description` says what to do.
public enum ImageOrientation: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// 1: stored upright.
    case topLeft = 1
    /// 2: mirrored left to right.
    case topRight = 2
    /// 3: rotated 180°.
    case bottomRight = 3
    /// 4: mirrored top to bottom.
    case bottomLeft = 4
    /// 5: transposed (mirrored about the main diagonal).
    case leftTop = 5
    /// 6: needs a 90° clockwise turn to display.
    case rightTop = 6
    /// 7: transversed (mirrored about the other diagonal).
    case rightBottom = 7
    /// 8: needs a 90° counter-clockwise turn to display.
    case leftBottom = 8

    /// Whether displaying the picture swaps its width and height.
    public var swapsDimensions: Bool { rawValue >= 5 }

    /// What turns the stored pixels upright, e.g. `rotate 90° clockwise`.
    public var description: String {
        switch self {
        case .topLeft: "upright"
        case .topRight: "mirror horizontally"
        case .bottomRight: "rotate 180°"
        case .bottomLeft: "mirror vertically"
        case .leftTop: "transpose"
        case .rightTop: "rotate 90° clockwise"
        case .rightBottom: "transverse"
        case .leftBottom: "rotate 90° counter-clockwise"
        }
    }
}

/// What a file says about itself, as stored, plus what the decoder did.
public struct ImageInfo: Sendable, Equatable {
    /// The format, sniffed from the bytes.
    public var format: ImageFormat
    /// Width as stored, before any orientation is applied.
    public var width: Int
    /// Height as stored, before any orientation is applied.
    public var height: Int
    /// Channels as stored (a palette image has 1, CMYK 4).
    public var channels: Int
    /// Bits per sample as stored (PNG 1, 2, 4, 8 or 16; JPEG 8).
    public var bitDepth: Int
    /// How the file stores colour.
    public var colorModel: ColorModel
    /// Whether the file carries transparency (an alpha channel or a PNG tRNS chunk).
    public var hasAlpha: Bool
    /// Whether the file is Adam7-interlaced (PNG) or progressive (JPEG).
    public var isInterlaced: Bool
    /// The EXIF orientation (`.topLeft` when the file has none).
    public var orientation: ImageOrientation
    /// Whether the decoded texture has been turned upright according to `orientation`.
    public var isOrientationApplied: Bool
    /// Problems the decoder tolerated (libpng/libjpeg warnings), in order.
    public var warnings: [String]

    /// Creates a description; decoders fill it from the file (tests and fakes may make their own).
    public init(
        format: ImageFormat, width: Int, height: Int, channels: Int, bitDepth: Int,
        colorModel: ColorModel, hasAlpha: Bool = false, isInterlaced: Bool = false,
        orientation: ImageOrientation = .topLeft, isOrientationApplied: Bool = false,
        warnings: [String] = []
    ) {
        self.format = format
        self.width = width
        self.height = height
        self.channels = channels
        self.bitDepth = bitDepth
        self.colorModel = colorModel
        self.hasAlpha = hasAlpha
        self.isInterlaced = isInterlaced
        self.orientation = orientation
        self.isOrientationApplied = isOrientationApplied
        self.warnings = warnings
    }
}

/// A decoded image: its pixels and what the file said about them.
public struct DecodedImage: Sendable, Equatable {
    /// The pixels, upright when `info.isOrientationApplied`.
    public var texture: Texture
    /// The file's description.
    public var info: ImageInfo

    /// Pairs pixels with their file's description.
    public init(texture: Texture, info: ImageInfo) {
        self.texture = texture
        self.info = info
    }
}

/// How to decode.
public struct DecodingOptions: Sendable, Equatable {
    /// The largest `width * height` accepted, checked right after the header and before any
    /// pixel memory is allocated. The default is 2^28 (e.g. 16384 x 16384, 1 GiB as RGBA8).
    /// This is the only guard against a small file declaring a huge image: a raised limit lets
    /// such a file allocate up to `pixelLimit * 4` bytes (16 for Float32) before its data is read.
    public var pixelLimit: Int
    /// Whether to turn the pixels upright according to the EXIF orientation (default `true`).
    public var appliesOrientation: Bool
    /// Whether a 16-bit PNG decodes to a Float32 texture (each sample divided by 65535) instead
    /// of RGBA8 (the high byte of each sample). Default `false`. Other files are always RGBA8.
    public var keepsSixteenBitPrecision: Bool

    /// The default pixel limit, 2^28 pixels.
    public static let defaultPixelLimit = 1 << 28

    /// Creates decoding options.
    ///
    /// - Parameters:
    ///   - pixelLimit: the largest accepted `width * height`.
    ///   - appliesOrientation: whether to apply the EXIF orientation.
    ///   - keepsSixteenBitPrecision: whether 16-bit PNGs decode to Float32 textures.
    public init(
        pixelLimit: Int = DecodingOptions.defaultPixelLimit,
        appliesOrientation: Bool = true,
        keepsSixteenBitPrecision: Bool = false
    ) {
        self.pixelLimit = pixelLimit
        self.appliesOrientation = appliesOrientation
        self.keepsSixteenBitPrecision = keepsSixteenBitPrecision
    }
}
