import Foundation
import Framebuffers
import ImageCodecs
import ShaderExecution
import ShaderSemantics

/// `shade run --compare-profiles A,B`: the same draw compiled for two device profiles, both
/// images and a picture of where they differ.
enum ProfileComparison {
    /// The two profiles `--compare-profiles A,B` names.
    static func profiles(_ value: String) throws(CommandFailure) -> (DeviceProfile, DeviceProfile) {
        let names = value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let known = DeviceProfile.all.map(\.name).joined(separator: ", ")
        guard names.count == 2 else {
            throw .usage("--compare-profiles takes two profiles, e.g. desktop,mali-400 (known: \(known))")
        }
        let found = names.map(DeviceProfile.named)
        guard let a = found[0], let b = found[1] else {
            let unknown = names.first { DeviceProfile.named($0) == nil } ?? ""
            throw .usage("unknown profile '\(unknown)' in --compare-profiles (known: \(known))")
        }
        return (a, b)
    }

    /// `out.png` with `.NAME` before the extension: `out.mali-400.png`.
    static func path(_ output: String, inserting name: String) -> String {
        let url = URL(fileURLWithPath: output)
        let ext = url.pathExtension
        let stem = ext.isEmpty ? output : String(output.dropLast(ext.count + 1))
        return ext.isEmpty ? "\(stem).\(name)" : "\(stem).\(name).\(ext)"
    }

    /// How two RGBA8 images differ, and a picture of it: each differing pixel red, brighter
    /// the larger its largest channel difference (a one-step difference is already a quarter
    /// red), each equal pixel a dark grey copy of the first image.
    struct Difference {
        var differingPixels = 0
        var largest = 0
        var picture: Texture

        init(_ a: Texture, _ b: Texture) {
            var bytes = [UInt8](repeating: 255, count: a.width * a.height * 4)
            for y in 0..<a.height {
                for x in 0..<a.width {
                    let p = SIMD4<Int>(truncatingIfNeeded: a.rgba8Pixel(x: x, y: y))
                    let q = SIMD4<Int>(truncatingIfNeeded: b.rgba8Pixel(x: x, y: y))
                    let d = p &- q
                    let m = max(abs(d.x), abs(d.y), abs(d.z), abs(d.w))
                    let o = (y * a.width + x) * 4
                    if m > 0 {
                        differingPixels += 1
                        largest = max(largest, m)
                        bytes[o] = UInt8(min(255, 64 + m * 12))
                        bytes[o + 1] = 0
                        bytes[o + 2] = 0
                    } else {
                        let grey = UInt8((p.x + p.y + p.z) / 3 * 3 / 10)
                        bytes[o] = grey
                        bytes[o + 1] = grey
                        bytes[o + 2] = grey
                    }
                }
            }
            picture = Texture(width: a.width, height: a.height, rgba8: bytes)
        }
    }

    /// Renders the draw `scanner` describes for both profiles, writes `OUT.A.ext`, `OUT.B.ext`
    /// and `OUT.diff.png`, and reports the difference (a line, or JSON with `--json`).
    static func run(
        _ scanner: ArgumentScanner, _ value: String, output: String, encoding: ImageEncoding, console: Console
    ) throws(CommandFailure) -> ExitCode {
        guard output != "-" else { throw .usage("--compare-profiles writes files: give -o a file name") }
        let (first, second) = try profiles(value)
        let executor = try RenderJob.executor(scanner)
        var images: [Texture] = []
        var paths: [String] = []
        for profile in [first, second] {
            let job = try RenderJob.prepare(scanner, profile: profile)
            var texture = try job.render(with: executor).makeTexture()
            if scanner.has("--flip-y") { texture = texture.flippedVertically() }
            images.append(texture)
            paths.append(path(output, inserting: profile.name))
        }
        let diffPath = path(output, inserting: "diff").replacingOccurrences(
            of: "\\.[^./]*$", with: ".png", options: .regularExpression)
        for path in paths + [diffPath] {
            try OutputFile.checkWritable(path, inputs: scanner.all("--input"), force: scanner.has("--force"))
        }
        let difference = Difference(images[0], images[1])
        for (image, path) in zip(images, paths) { try OutputFile.write(image, to: path, as: encoding, console: console) }
        try OutputFile.write(difference.picture, to: diffPath, as: .png(PNGEncodingOptions()), console: console)
        let total = images[0].width * images[0].height
        if scanner.has("--json") {
            console.standardOutput(JSON.object([
                ("profiles", JSON.array([JSON.quoted(first.name), JSON.quoted(second.name)])),
                ("outputs", JSON.array(paths.map(JSON.quoted))),
                ("diff", JSON.quoted(diffPath)),
                ("pixels", "\(total)"),
                ("differing_pixels", "\(difference.differingPixels)"),
                ("largest_difference", "\(difference.largest)"),
            ]) + "\n")
        } else {
            let percent = String(format: "%.2f", 100 * Double(difference.differingPixels) / Double(max(total, 1)))
            console.standardOutput("""
                \(first.name) vs \(second.name): \(difference.differingPixels) of \(total) pixels differ \
                (\(percent)%), largest channel difference \(difference.largest)/255
                wrote \(paths[0]), \(paths[1]), \(diffPath)

                """)
        }
        return .success
    }
}
