import Foundation
import ImageCodecs

/// `shade info IMAGE…`: decodes each image completely and describes it as stored.
enum InfoCommand {
    static let subcommand = ShadeCommand.Subcommand(
        name: "info",
        summary: "describe PNG/JPEG images (format, size, channels, depth, orientation)",
        run: run)

    static let help = """
        usage: shade info [--json] IMAGE...   ('-' reads an image from stdin)

        Decodes each PNG or JPEG completely (so a damaged file is caught, not just its header)
        and prints, per image: format, width x height, channels and bit depth as stored, colour
        model, and EXIF orientation. The format is sniffed from the bytes, not the name.

        options:
          --json      print one JSON array with an object per image, in argument order;
                      an image that fails is {"file": ..., "error": ...}
          -h, --help  show this help

        Warnings libpng/libjpeg tolerated go to stderr; errors go to stderr as
        'shade: FILE: error: REASON'.

        exit status:
          0   every image decoded
          65  an image is damaged or unsupported (and no file was missing)
          66  a file is missing or unreadable
          64  bad usage (no image, unknown option)

        examples (in Tests/Fixtures/Images):
          $ shade info camera.png edge/hopper_orientation_6.jpg
          camera.png: PNG 512x512, 1 channel (grey), 8-bit, orientation 1 (upright)
          edge/hopper_orientation_6.jpg: JPEG 128x128, 3 channels (YCbCr), 8-bit, orientation 6 \
          (rotate 90° clockwise)
          $ shade info --json camera.png
          [{"file":"camera.png","format":"png","width":512,"height":512,"channels":1,...}]
          $ shade info bad/truncated_jpeg.jpg; echo $?
          shade: bad/truncated_jpeg.jpg: error: truncated file: Premature end of JPEG file
          65

        """

    static func run(_ arguments: [String], _ console: Console) -> ExitCode {
        var isJSON = false
        var files: [String] = []
        var optionsEnded = false
        for argument in arguments {
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                files.append(argument)
            } else if argument == "--" {
                optionsEnded = true
            } else if argument == "--json" {
                isJSON = true
            } else if argument == "-h" || argument == "--help" {
                console.standardOutput(help)
                return .success
            } else {
                console.standardError("shade info: unknown option '\(argument)'\n\n" + help)
                return .usage
            }
        }
        guard !files.isEmpty else {
            console.standardError("shade info: no image given\n\n" + help)
            return .usage
        }

        var isMissing = false
        var isBad = false
        var objects: [String] = []
        for file in files {
            do {
                // `-` reads the image from stdin.
                let image = file == "-"
                    ? try ImageFile.decode(Array(FileHandle.standardInput.readDataToEndOfFile()))
                    : try ImageFile.decode(contentsOfFile: file)
                for warning in image.info.warnings {
                    console.standardError("shade: \(file): warning: \(warning)\n")
                }
                if isJSON {
                    objects.append(json(file: file, info: image.info))
                } else {
                    console.standardOutput(line(file: file, info: image.info) + "\n")
                }
            } catch {
                switch error {
                case .fileNotFound, .ioError: isMissing = true
                default: isBad = true
                }
                let reason =
                    switch error {
                    case .fileNotFound: "no such file"
                    case .ioError(_, let reason): reason
                    default: error.description
                    }
                console.standardError("shade: \(file): error: \(reason)\n")
                if isJSON {
                    objects.append("{\"file\":\(quoted(file)),\"error\":\(quoted(reason))}")
                }
            }
        }
        if isJSON {
            console.standardOutput("[" + objects.joined(separator: ",\n ") + "]\n")
        }
        return isMissing ? .noInput : isBad ? .dataError : .success
    }

    /// `photo.jpg: JPEG 512x600, 3 channels (YCbCr), 8-bit, progressive, orientation 1 (upright)`
    static func line(file: String, info: ImageInfo) -> String {
        var parts = [
            "\(info.format) \(info.width)x\(info.height)",
            "\(info.channels) channel\(info.channels == 1 ? "" : "s") (\(info.colorModel))",
            "\(info.bitDepth)-bit",
        ]
        if info.format == .png && info.colorModel == .indexed && info.hasAlpha {
            parts.append("tRNS alpha")
        }
        if info.format == .png && info.colorModel != .indexed && info.hasAlpha
            && info.colorModel != .rgba && info.colorModel != .greyAlpha
        {
            parts.append("tRNS colour key")
        }
        if info.isInterlaced { parts.append(info.format == .png ? "interlaced" : "progressive") }
        parts.append("orientation \(info.orientation.rawValue) (\(info.orientation))")
        return "\(file): " + parts.joined(separator: ", ")
    }

    static func json(file: String, info: ImageInfo) -> String {
        let fields: [(String, String)] = [
            ("file", quoted(file)),
            ("format", quoted(info.format.rawValue)),
            ("width", "\(info.width)"),
            ("height", "\(info.height)"),
            ("channels", "\(info.channels)"),
            ("bitDepth", "\(info.bitDepth)"),
            ("colorModel", quoted(info.colorModel.rawValue)),
            ("hasAlpha", "\(info.hasAlpha)"),
            ("isInterlaced", "\(info.isInterlaced)"),
            ("orientation", "\(info.orientation.rawValue)"),
            ("warnings", "[" + info.warnings.map(quoted).joined(separator: ",") + "]"),
        ]
        return "{" + fields.map { "\(quoted($0.0)):\($0.1)" }.joined(separator: ",") + "}"
    }

    /// A JSON string literal.
    static func quoted(_ text: String) -> String { JSON.quoted(text) }
}
