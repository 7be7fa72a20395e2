import CJPEGShim
import Framebuffers

/// JPEG → texture through the libjpeg-turbo shim.
enum JPEGDecoding {
    static func decode(
        _ bytes: UnsafeRawBufferPointer, options: DecodingOptions
    ) throws(ImageCodecError) -> DecodedImage {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self),
            let decoder = shade_jpeg_decoder_create(base, bytes.count)
        else { throw .outOfMemory }
        defer { shade_jpeg_decoder_destroy(decoder) }

        var header = shade_jpeg_header()
        let headerStatus = shade_jpeg_decoder_read_header(decoder, &header)
        guard headerStatus == SHADE_JPEG_OK else {
            throw error(headerStatus, message: String(cString: shade_jpeg_decoder_message(decoder)))
        }
        let width = Int(header.width)
        let height = Int(header.height)
        let count = try checkedSampleCount(width: width, height: height, limit: options.pixelLimit)
        // Saved markers live in libjpeg's per-image pool, freed by jpeg_finish_decompress.
        var exifCount = 0
        let exif = shade_jpeg_decoder_exif(decoder, &exifCount)
        let orientation = exif.flatMap {
            EXIF.orientation(in: UnsafeBufferPointer(start: $0, count: exifCount))
        }

        var status = SHADE_JPEG_OK
        let pixels: [UInt8] = PixelMemory.array(count: count) { buffer in
            status = shade_jpeg_decoder_read_rgba(decoder, buffer.baseAddress, width * 4)
        }
        guard status == SHADE_JPEG_OK else {
            throw error(status, message: String(cString: shade_jpeg_decoder_message(decoder)))
        }

        let colorModel: ColorModel =
            switch Int(header.color_space) {
            case Int(SHADE_JPEG_GRAYSCALE): .grey
            case Int(SHADE_JPEG_RGB): .rgb
            case Int(SHADE_JPEG_CMYK): .cmyk
            case Int(SHADE_JPEG_YCCK): .yccK
            default: .yCbCr
            }
        let info = ImageInfo(
            format: .jpeg, width: width, height: height,
            channels: Int(header.components), bitDepth: Int(header.precision),
            colorModel: colorModel, hasAlpha: false,
            isInterlaced: header.is_progressive != 0,
            orientation: orientation ?? .topLeft, isOrientationApplied: false,
            warnings: warningList(shade_jpeg_decoder_warnings(decoder))
        )
        return DecodedImage(
            texture: Texture(width: width, height: height, rgba8: pixels), info: info)
    }

    static func error(_ status: shade_jpeg_status, message: String) -> ImageCodecError {
        switch status {
        case SHADE_JPEG_BAD_HEADER: .invalidHeader(message)
        case SHADE_JPEG_TRUNCATED: .truncated(message)
        case SHADE_JPEG_UNSUPPORTED: .unsupported(message)
        case SHADE_JPEG_NO_MEMORY: .outOfMemory
        default: .corruptData(message)
        }
    }
}
