// codec-bench: decode and encode a 4K PNG and a 4K JPEG through Shade's ImageCodecs and through
// libpng/libjpeg-turbo called directly from C, and print the ratios measured in the same run.
//
//     swift run -c release codec-bench [runs]
//
// The 4K picture (3840x2160) is made at run time from Tests/Fixtures/Images/coffee.png: upscaled
// bilinearly, plus a ±4-level deterministic grain so it compresses like a camera photo rather
// than like a smooth upscale. (Tiling was tried and rejected: repeated tiles within zlib's 32 KiB
// window let LZ77 match whole tiles, which no real photo allows.)
import CodecBenchDirect
import Foundation
import Framebuffers
import ImageCodecs

let runs = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 9
let width = 3840
let height = 2160

/// The bundled photo, found from this source file (the package's own checkout).
let photoPath = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Tests/Fixtures/Images/coffee.png").path

func makeFourK() throws -> Texture {
    let photo = try ImageFile.decode(contentsOfFile: photoPath).texture
    let source = photo.rgba8Bytes
    var pixels = [UInt8](repeating: 255, count: width * height * 4)
    var noise: UInt32 = 0x9E37_79B9
    for y in 0..<height {
        // Bilinear sample of the photo at the pixel centre.
        let fy = max(0, (Float(y) + 0.5) * Float(photo.height) / Float(height) - 0.5)
        let y0 = min(Int(fy), photo.height - 1)
        let y1 = min(y0 + 1, photo.height - 1)
        let wy = fy - Float(y0)
        for x in 0..<width {
            let fx = max(0, (Float(x) + 0.5) * Float(photo.width) / Float(width) - 0.5)
            let x0 = min(Int(fx), photo.width - 1)
            let x1 = min(x0 + 1, photo.width - 1)
            let wx = fx - Float(x0)
            for c in 0..<3 {
                let a = Float(source[(y0 * photo.width + x0) * 4 + c])
                let b = Float(source[(y0 * photo.width + x1) * 4 + c])
                let d = Float(source[(y1 * photo.width + x0) * 4 + c])
                let e = Float(source[(y1 * photo.width + x1) * 4 + c])
                let value = (a * (1 - wx) + b * wx) * (1 - wy) + (d * (1 - wx) + e * wx) * wy
                // Sensor-like grain of ±4 levels (xorshift), so the picture is not unnaturally smooth.
                noise ^= noise << 13
                noise ^= noise >> 17
                noise ^= noise << 5
                let grain = Float(Int(noise % 9) - 4)
                pixels[(y * width + x) * 4 + c] = UInt8(min(max(value + grain, 0), 255).rounded())
            }
        }
    }
    return Texture(width: width, height: height, rgba8: pixels)
}

/// CPU milliseconds this thread spends in one call. CPU time, not wall time: on a shared,
/// loaded machine it does not count the time other processes hold the core.
func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
    }
    let start = now()
    try body()
    return now() - start
}

struct Measurement {
    var name: String
    var shade: [Double] = []
    var direct: [Double] = []

    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    var ratio: Double { Measurement.median(shade) / Measurement.median(direct) }
}

/// Runs Shade and C alternately `runs` times (after one warm-up each), so drift hits both alike.
func measure(_ name: String, shade: () throws -> Void, direct: () throws -> Void) rethrows
    -> Measurement
{
    var result = Measurement(name: name)
    try shade()
    try direct()
    for _ in 0..<runs {
        result.shade.append(try milliseconds(shade))
        result.direct.append(try milliseconds(direct))
    }
    return result
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
}

let texture = try makeFourK()
let rgba = texture.rgba8Bytes
let pngOptions = PNGEncodingOptions()  // Shade's defaults: level 1, Z_RLE
let zRLE: Int32 = 3

// Inputs for the decoders: a PNG as zlib's defaults write it (level 6), a JPEG at quality 90.
var size = 0
guard
    let pngPointer = rgba.withUnsafeBufferPointer({
        bench_png_encode($0.baseAddress, UInt32(width), UInt32(height), 0, 6, 0, &size)
    })
else { throw BenchError(description: "direct PNG encode failed") }
let pngFile = Array(UnsafeBufferPointer(start: pngPointer, count: size))
bench_free(pngPointer)
guard
    let jpegPointer = rgba.withUnsafeBufferPointer({
        bench_jpeg_encode($0.baseAddress, UInt32(width), UInt32(height), 90, 1, &size)
    })
else { throw BenchError(description: "direct JPEG encode failed") }
let jpegFile = Array(UnsafeBufferPointer(start: jpegPointer, count: size))
bench_free(jpegPointer)

print(
    "codec-bench: \(width)x\(height) RGBA8 (coffee.png upscaled, with grain), median of \(runs) runs, CPU ms"
)
print("inputs: PNG \(pngFile.count) bytes (zlib level 6), JPEG \(jpegFile.count) bytes (q90 4:2:0)")

var results: [Measurement] = []
results.append(
    try measure(
        "PNG decode",
        shade: {
            let image = try ImageFile.decode(pngFile)
            guard image.texture.width == width else { throw BenchError(description: "PNG decode") }
        },
        direct: {
            var w: UInt32 = 0
            var h: UInt32 = 0
            guard
                let pixels = pngFile.withUnsafeBufferPointer({
                    bench_png_decode($0.baseAddress, $0.count, &w, &h)
                })
            else { throw BenchError(description: "direct PNG decode") }
            bench_free(pixels)
        }))
results.append(
    try measure(
        "PNG encode (level 1, Z_RLE, RGB)",
        shade: {
            _ = try ImageFile.encode(texture, as: .png(pngOptions))
        },
        direct: {
            var count = 0
            guard
                let bytes = rgba.withUnsafeBufferPointer({
                    bench_png_encode(
                        $0.baseAddress, UInt32(width), UInt32(height), 0, 1, zRLE, &count)
                })
            else { throw BenchError(description: "direct PNG encode") }
            bench_free(bytes)
        }))
results.append(
    try measure(
        "JPEG decode",
        shade: {
            let image = try ImageFile.decode(jpegFile)
            guard image.texture.width == width else { throw BenchError(description: "JPEG decode") }
        },
        direct: {
            var w: UInt32 = 0
            var h: UInt32 = 0
            guard
                let pixels = jpegFile.withUnsafeBufferPointer({
                    bench_jpeg_decode($0.baseAddress, $0.count, &w, &h)
                })
            else { throw BenchError(description: "direct JPEG decode") }
            bench_free(pixels)
        }))
results.append(
    try measure(
        "JPEG encode (q90, 4:2:0)",
        shade: {
            _ = try ImageFile.encode(texture, as: .jpeg(JPEGEncodingOptions(quality: 90)))
        },
        direct: {
            var count = 0
            guard
                let bytes = rgba.withUnsafeBufferPointer({
                    bench_jpeg_encode($0.baseAddress, UInt32(width), UInt32(height), 90, 1, &count)
                })
            else { throw BenchError(description: "direct JPEG encode") }
            bench_free(bytes)
        }))

func format(_ value: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", value) }

print("")
print("| operation | Shade (ms) | direct C (ms) | Shade / C |")
print("| --- | ---: | ---: | ---: |")
for result in results {
    print(
        "| \(result.name) | \(format(Measurement.median(result.shade))) | "
            + "\(format(Measurement.median(result.direct))) | \(format(result.ratio, 3)) |")
}
let worst = results.map(\.ratio).max() ?? 0
print("")
print("worst ratio \(format(worst, 3)): \(worst <= 1.2 ? "within" : "NOT within") the 1.2x goal")

// How the PNG settings trade time for size (Shade only), on the 4K picture and two photos.
let photos = ["astronaut.png", "chelsea.png", "coffee.png"].map { name in
    (
        name,
        try! ImageFile.decode(
            contentsOfFile: photoPath.replacingOccurrences(of: "coffee.png", with: name)
        ).texture
    )
}
print("")
print(
    "| PNG setting | 4K encode (ms) | 4K bytes | "
        + photos.map { "\($0.0) ms / bytes" }.joined(separator: " | ") + " |")
print("| --- | ---: | ---: | " + photos.map { _ in "---:" }.joined(separator: " | ") + " |")
for (label, options) in [
    ("level 1, Z_RLE", PNGEncodingOptions(compressionLevel: 1, strategy: .runLength)),
    ("level 1, default strategy", PNGEncodingOptions(compressionLevel: 1, strategy: .default)),
    ("level 3, default strategy", PNGEncodingOptions(compressionLevel: 3, strategy: .default)),
    (
        "level 6, default strategy (zlib's default)",
        PNGEncodingOptions(compressionLevel: 6, strategy: .default)
    ),
    ("level 9, default strategy", PNGEncodingOptions(compressionLevel: 9, strategy: .default)),
    ("level 9, Z_FILTERED", PNGEncodingOptions(compressionLevel: 9, strategy: .filtered)),
] {
    var cells: [String] = []
    for (index, picture) in ([texture] + photos.map(\.1)).enumerated() {
        var bytes = 0
        var times: [Double] = []
        for _ in 0..<max(1, min(runs, 3)) {
            times.append(
                try milliseconds { bytes = try ImageFile.encode(picture, as: .png(options)).count })
        }
        cells.append(
            index == 0
                ? "\(format(Measurement.median(times))) | \(bytes)"
                : "\(format(Measurement.median(times))) / \(bytes)")
    }
    print(
        "| \(label)\(options == PNGEncodingOptions() ? " (Shade's default)" : "") | "
            + cells.joined(separator: " | ") + " |")
}
