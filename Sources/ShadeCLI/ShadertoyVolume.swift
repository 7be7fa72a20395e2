import Foundation
import Framebuffers

/// A 3D texture in Shadertoy's volume format (the `.bin` files of its "Volume" inputs, such as
/// its grey and RGBA 3D noise): a 20-byte little-endian header — a 4-byte signature, the
/// width, height and depth as `UInt32`, the number of channels (`UInt8`, 1…4), a layout byte
/// and the texel format (`UInt16`: 0 for 8-bit unsigned normalized channels, 10 for 32-bit
/// floats) — then the texels, x fastest, then y, then z.
///
/// Channels are widened as GL reads a one-, two- or three-channel texture: missing colour
/// channels read 0 and alpha reads 1. Shadertoy uploads a volume as it is stored (its `vflip`
/// does not apply to volumes), so slice z is the z-th block of `width × height` texels.
struct ShadertoyVolume {
    /// The slices stacked top to bottom (slice 0 in the first `height` rows), as
    /// `TextureBinding.layered` wants them.
    var texture: Texture
    /// The number of slices.
    var depth: Int

    /// The header's size in bytes.
    static let headerSize = 20
    /// The largest volume read, in texels (2^26, 256 MiB as floats).
    static let texelLimit = 1 << 26

    /// Decodes a volume file.
    ///
    /// - Throws: `CommandFailure` 66 when the file cannot be read, 65 when it is not a volume
    ///   (short, an unknown format or channel count, a size of zero or past `texelLimit`, fewer
    ///   bytes than the size needs).
    static func read(contentsOfFile path: String) throws(CommandFailure) -> ShadertoyVolume {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandFailure(code: .noInput, message: "shade: \(path): error: cannot read the volume file\n")
        }
        do throws(VolumeError) {
            return try decode(data)
        } catch {
            throw CommandFailure(code: .dataError, message: "shade: \(path): error: not a Shadertoy volume: \(error.reason)\n")
        }
    }

    struct VolumeError: Error { var reason: String }

    /// Decodes a volume from its bytes.
    static func decode(_ data: Data) throws(VolumeError) -> ShadertoyVolume {
        let bytes = [UInt8](data)
        guard bytes.count >= headerSize else { throw VolumeError(reason: "\(bytes.count) bytes, shorter than the 20-byte header") }
        func u32(_ at: Int) -> Int { (0..<4).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
        let width = u32(4), height = u32(8), depth = u32(12)
        let channels = Int(bytes[16]), format = Int(bytes[18]) | Int(bytes[19]) << 8
        guard (1...4).contains(channels) else { throw VolumeError(reason: "\(channels) channels (expected 1 to 4)") }
        guard format == 0 || format == 10 else { throw VolumeError(reason: "texel format \(format) (expected 0, bytes, or 10, floats)") }
        guard width > 0, height > 0, depth > 0, width <= texelLimit, height <= texelLimit, depth <= texelLimit,
            width * height <= texelLimit, width * height * depth <= texelLimit
        else { throw VolumeError(reason: "a size of \(width)×\(height)×\(depth) texels") }
        let count = width * height * depth, size = format == 0 ? 1 : 4
        let needed = count * channels * size
        guard bytes.count - headerSize >= needed else {
            throw VolumeError(reason: "\(bytes.count - headerSize) bytes of texels, \(width)×\(height)×\(depth)×\(channels) need \(needed)")
        }
        if format == 0 {
            var rgba = [UInt8](repeating: 0, count: count * 4)
            for i in 0..<count {
                rgba[4 * i + 3] = 255
                for c in 0..<channels { rgba[4 * i + c] = bytes[headerSize + i * channels + c] }
            }
            return ShadertoyVolume(texture: Texture(width: width, height: height * depth, rgba8: rgba), depth: depth)
        }
        var values = [Float](repeating: 0, count: count * 4)
        for i in 0..<count {
            values[4 * i + 3] = 1
            for c in 0..<channels {
                let at = headerSize + (i * channels + c) * 4
                values[4 * i + c] = Float(bitPattern: UInt32(u32(at)))
            }
        }
        return ShadertoyVolume(texture: Texture(width: width, height: height * depth, float32: values), depth: depth)
    }
}
