import CPNGShim
import Framebuffers

/// PNG → texture through the libpng shim.
enum PNGDecoding {
    /// Where in the file libpng failed; decides between header and data errors.
    enum Stage { case header, pixels }

    static func decode(
        _ bytes: UnsafeRawBufferPointer, options: DecodingOptions
    ) throws(ImageCodecError) -> DecodedImage {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self),
            let decoder = shade_png_decoder_create(base, bytes.count)
        else { throw .outOfMemory }
        defer { shade_png_decoder_destroy(decoder) }

        var header = shade_png_header()
        let headerStatus = shade_png_decoder_read_header(decoder, &header)
        guard headerStatus == SHADE_PNG_OK else {
            // libpng explains a bad IHDR in warnings before its "Invalid IHDR data" error.
            var message = String(cString: shade_png_decoder_message(decoder))
            let warnings = warningList(shade_png_decoder_warnings(decoder))
            if !warnings.isEmpty { message += " (" + warnings.joined(separator: "; ") + ")" }
            throw error(headerStatus, at: .header, message: message)
        }
        let width = Int(header.width)
        let height = Int(header.height)
        let count = try checkedSampleCount(width: width, height: height, limit: options.pixelLimit)

        let isFloat = header.bit_depth == 16 && options.keepsSixteenBitPrecision
        var status = SHADE_PNG_OK
        let storage: Texture.Storage
        if isFloat {
            let samples = [UInt16](unsafeUninitializedCapacity: count) { buffer, initialized in
                status = shade_png_decoder_read_rgba(decoder, buffer.baseAddress, width * 8, 1)
                initialized = count
            }
            storage = .float32(samples.map { Float($0) / 65535 })
        } else {
            storage = .rgba8(
                PixelMemory.array(count: count) { buffer in
                    status = shade_png_decoder_read_rgba(decoder, buffer.baseAddress, width * 4, 0)
                })
        }
        guard status == SHADE_PNG_OK else {
            throw error(
                status, at: .pixels, message: String(cString: shade_png_decoder_message(decoder)))
        }

        var exifCount = 0
        let exif = shade_png_decoder_exif(decoder, &exifCount)
        let orientation = exif.flatMap {
            EXIF.orientation(in: UnsafeBufferPointer(start: $0, count: exifCount))
        }
        let colorModel: ColorModel =
            switch header.color_type {
            case 0: .grey
            case 2: .rgb
            case 3: .indexed
            case 4: .greyAlpha
            default: .rgba
            }
        let info = ImageInfo(
            format: .png, width: width, height: height,
            channels: Int(header.channels), bitDepth: Int(header.bit_depth),
            colorModel: colorModel,
            hasAlpha: colorModel == .greyAlpha || colorModel == .rgba || header.has_trns != 0,
            isInterlaced: header.is_interlaced != 0,
            orientation: orientation ?? .topLeft, isOrientationApplied: false,
            warnings: warningList(shade_png_decoder_warnings(decoder))
        )
        return DecodedImage(
            texture: Texture(width: width, height: height, storage: storage), info: info)
    }

    /// Maps a shim failure to its error case. libpng reports problems as text only, so the
    /// classification reads libpng's (stable, documented) messages.
    static func error(_ status: shade_png_status, at stage: Stage, message: String)
        -> ImageCodecError
    {
        switch status {
        case SHADE_PNG_TRUNCATED: return .truncated(message)
        case SHADE_PNG_NO_MEMORY: return .outOfMemory
        default: break
        }
        if message.hasSuffix("CRC error") {
            return .checksumMismatch(chunk: String(message.prefix { $0 != ":" }))
        }
        if message.contains("Missing IHDR") { return .missingChunk("IHDR") }
        if stage == .header && message.hasPrefix("IEND: out of place") {
            return .missingChunk("IDAT")  // png_read_info met IEND before any IDAT
        }
        if message.contains("Not enough image data") || message.contains("Missing IDAT") {
            return .missingChunk("IDAT")
        }
        return stage == .header ? .invalidHeader(message) : .corruptData(message)
    }
}

/// Checks `width * height` against `limit` and returns the RGBA sample count.
func checkedSampleCount(width: Int, height: Int, limit: Int) throws(ImageCodecError) -> Int {
    guard width > 0, height > 0 else {
        throw .invalidHeader("image size \(width)x\(height) is empty")
    }
    let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
    // Beyond Int.max / 16 even the Float32 byte count would overflow, whatever the limit.
    guard !overflow, pixels <= limit, pixels <= Int.max / 16 else {
        throw .tooLarge(width: width, height: height, limit: limit)
    }
    return pixels * 4
}

/// Splits the shim's newline-separated warnings.
func warningList(_ text: UnsafePointer<CChar>) -> [String] {
    let joined = String(cString: text)
    return joined.isEmpty ? [] : joined.split(separator: "\n").map(String.init)
}
