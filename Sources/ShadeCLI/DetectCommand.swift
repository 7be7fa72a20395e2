import FeatureDetection
import Foundation
import Framebuffers
import ImageCodecs
import ImageGraph

/// `shade detect faces IMAGE…`: Viola–Jones detection over OpenCV's cascades, as text or JSON,
/// with optional crops and outlined copies.
enum DetectCommand {
    static let subcommand = ShadeCommand.Subcommand(
        name: "detect",
        summary: "find faces (or eyes, smiles, …) in images with OpenCV's trained cascades",
        run: run)

    /// What `shade detect KIND` looks for by default.
    static let kinds: [(name: String, cascade: CascadeFile?)] = [
        ("faces", .frontalFaceDefault), ("eyes", .eye), ("smiles", .smile), ("profiles", .profileFace),
        ("objects", nil),
    ]

    static var help: String {
        """
        usage: shade detect faces IMAGE... [--cascade NAME|FILE] [--scale-factor F]
                            [--min-neighbors N] [--min-size WxH] [--max-size WxH] [--json]
                            [--crop PATTERN] [--draw OUT] [--threads N] [--force]

        Finds faces with the Viola-Jones method over an OpenCV cascade file, scanning as OpenCV's
        CascadeClassifier::detectMultiScale does (same cascade and options, same faces).
        Rectangles are x,y (top-left corner; the image file's first row is y = 0) and width x
        height, in pixels. Instead of 'faces': eyes, smiles, profiles (their cascades), or
        objects (give --cascade).

        options:
          --cascade NAME|FILE  the cascade (default for faces: frontal-face-default); a NAME is
                               one of OpenCV's files (below), found in $SHADE_CASCADES,
                               --cascade-dir or /usr/share/opencv4 (Debian: apt-get install
                               opencv-data); anything with '/' or ending in .xml is a file
          --cascade-dir DIR    also search DIR (and DIR/haarcascades, DIR/lbpcascades)
          --scale-factor F     window growth per scale, > 1 (default 1.1)
          --min-neighbors N    overlapping windows a face needs, more than N (default 3;
                               0 lists every accepted window)
          --min-size WxH       smallest window tried (default: the cascade's)
          --max-size WxH       largest window tried (default: the image)
          --json               one JSON array, an object per image:
                               {"file","width","height","faces":[{"x","y","width","height","neighbors"}]}
          --crop PATTERN       write each face as an image: {name} {ext} {dir} of the input,
                               {index} of the face (0, 1, ...), e.g. 'faces/{name}-{index}.png'
          --draw OUT           write the image with the faces outlined; with several images
                               OUT needs {name}
          --threads N          threads scanning scales (default: all cores)
          --repeat N           detect N times per image and report the fastest on stderr
          --force              overwrite existing outputs
          --quality Q          JPEG quality of crops and drawings (default 90)

        cascades: \(CascadeFile.allNamed.map(\.commandLineName).joined(separator: ", "))

        exit status: 0 ok (also when no face is found), 64 usage (unknown cascade name, bad
        option), 65 bad image or cascade file, 66 missing image, cascade or opencv-data,
        73 output exists or cannot be written, 70 internal error.

        examples:
          $ shade detect faces photo.jpg
          photo.jpg: 2 faces found
            120,64 96x96 (12 neighbors)
            310,80 90x90 (7 neighbors)
          $ shade detect faces team.jpg --json --min-size 40x40
          $ shade detect eyes portrait.png --draw eyes.png
          $ shade detect faces photo.jpg --crop 'faces/{name}-{index}.png'
          $ shade detect faces photo.jpg --cascade lbp-frontal-face --scale-factor 1.2

        """
    }

    static let options: [ArgumentScanner.Option] = [
        .init(names: ["--cascade"], takesValue: true),
        .init(names: ["--cascade-dir"], takesValue: true),
        .init(names: ["--scale-factor"], takesValue: true),
        .init(names: ["--min-neighbors"], takesValue: true),
        .init(names: ["--min-size"], takesValue: true),
        .init(names: ["--max-size"], takesValue: true),
        .init(names: ["--json"], takesValue: false),
        .init(names: ["--crop"], takesValue: true),
        .init(names: ["--draw"], takesValue: true),
        .init(names: ["--threads"], takesValue: true),
        .init(names: ["--repeat"], takesValue: true),
        .init(names: ["--force"], takesValue: false),
        .init(names: ["--quality"], takesValue: true),
        .init(names: ["--help", "-h"], takesValue: false),
    ]

    static func run(_ arguments: [String], _ console: Console) -> ExitCode {
        ShadeCommand.runScanned("detect", arguments, options: options, help: help, console: console, execute: execute)
    }

    static func execute(_ scanner: ArgumentScanner, _ console: Console) throws(CommandFailure) -> ExitCode {
        guard let kindName = scanner.positionals.first else {
            throw .usage("say what to detect: shade detect faces IMAGE... (see 'shade detect --help')")
        }
        guard let kind = kinds.first(where: { $0.name == kindName.lowercased() }) else {
            throw .usage("cannot detect '\(kindName)': expected \(kinds.map(\.name).joined(separator: ", ")) before the images")
        }
        let files = Array(scanner.positionals.dropFirst())
        guard !files.isEmpty else { throw .usage("no image given (shade detect \(kind.name) IMAGE...)") }
        let detectorOptions = try parseOptions(scanner)
        let cascadeFile = try cascadeFile(scanner, default: kind.cascade)
        let detector = try makeDetector(cascadeFile, options: detectorOptions, scanner: scanner)
        let repeats = try parsed(scanner, "--repeat", "a positive number") { Int($0).flatMap { $0 > 0 ? $0 : nil } } ?? 1
        let quality = try parsed(scanner, "--quality", "a number from 1 to 100") { Int($0).flatMap { (1...100).contains($0) ? $0 : nil } } ?? 90

        let draw = scanner.last("--draw").map(OutputPattern.init(text:))
        let crop = scanner.last("--crop").map(OutputPattern.init(text:))
        if let draw, files.count > 1, !draw.text.contains("{name}") {
            throw .usage("\(files.count) images need a --draw pattern with {name}, such as 'out/{name}-faces.png'")
        }
        let drawEncoding = try draw.map { (pattern: OutputPattern) throws(CommandFailure) in try OutputFile.encoding(for: pattern.text, quality: quality) }
        let cropEncoding = try crop.map { (pattern: OutputPattern) throws(CommandFailure) in try OutputFile.encoding(for: pattern.text, quality: quality) }
        if let crop, !crop.text.contains("{index") {
            throw .usage("--crop needs {index} in its pattern (one file per face), e.g. 'faces/{name}-{index}.png'")
        }
        let force = scanner.has("--force")

        var worst: ExitCode = .success
        var objects: [String] = []
        let noun = kind.name == "objects" ? "objects" : kind.name
        for (imageIndex, file) in files.enumerated() {
            do {
                let texture = try ChainCommand.decodeImage(file)
                let gray = GrayImage(texture)
                var faces: [DetectedFace] = []
                var best = Double.infinity
                for _ in 0..<repeats {
                    let start = DispatchTime.now().uptimeNanoseconds
                    faces = detector.faces(in: gray)
                    best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
                }
                if scanner.last("--repeat") != nil {
                    console.standardError("shade: \(file): detection took \(String(format: "%.2f", best)) ms (fastest of \(repeats), \(detector.options.threadCount) thread\(detector.options.threadCount == 1 ? "" : "s"))\n")
                }
                if scanner.has("--json") {
                    objects.append(json(file: file, width: texture.width, height: texture.height, faces: faces))
                } else {
                    let singular = String(noun.dropLast())
                    var text = "\(file): \(faces.count) \(faces.count == 1 ? singular : noun) found\n"
                    for face in faces { text += "  \(face.bounds) (\(face.neighbors) neighbor\(face.neighbors == 1 ? "" : "s"))\n" }
                    console.standardOutput(text)
                }
                if let crop, let cropEncoding {
                    for (index, face) in faces.enumerated() {
                        let path = crop.path(index: index, number: index, input: file)
                        try write(texture.cropped(to: face.bounds), to: path, as: cropEncoding, inputs: files, force: force, console: console)
                    }
                }
                if let draw, let drawEncoding {
                    let path = draw.path(index: imageIndex, number: imageIndex, input: file)
                    try write(texture.outlining(faces.map(\.bounds)), to: path, as: drawEncoding, inputs: files, force: force, console: console)
                }
            } catch {
                console.standardError(error.message)
                if scanner.has("--json") {
                    let reason = error.message.components(separatedBy: "error: ").dropFirst().joined(separator: "error: ")
                        .trimmingCharacters(in: .whitespacesAndNewlines)
                    objects.append(JSON.object([("file", JSON.quoted(file)), ("error", JSON.quoted(reason))]))
                }
                worst = severity(error.code) > severity(worst) ? error.code : worst
            }
        }
        if scanner.has("--json") { console.standardOutput("[" + objects.joined(separator: ",\n ") + "]\n") }
        return worst
    }

    /// Missing inputs outrank bad data, which outranks unwritable outputs.
    static func severity(_ code: ExitCode) -> Int {
        switch code {
        case .success: 0
        case .cannotCreate: 1
        case .dataError: 2
        case .noInput: 3
        default: 4
        }
    }

    static func json(file: String, width: Int, height: Int, faces: [DetectedFace]) -> String {
        let items = faces.map { face in
            JSON.object([
                ("x", "\(face.bounds.x)"), ("y", "\(face.bounds.y)"), ("width", "\(face.bounds.width)"),
                ("height", "\(face.bounds.height)"), ("neighbors", "\(face.neighbors)"),
            ])
        }
        return JSON.object([
            ("file", JSON.quoted(file)), ("width", "\(width)"), ("height", "\(height)"), ("faces", JSON.array(items)),
        ])
    }

    static func parsed<T>(_ scanner: ArgumentScanner, _ key: String, _ what: String, _ parse: (String) -> T?) throws(CommandFailure) -> T? {
        do {
            return try scanner.parsed(key, as: what, parse)
        } catch {
            throw .usage(error.message)
        }
    }

    static func parseOptions(_ scanner: ArgumentScanner) throws(CommandFailure) -> FaceDetector.Options {
        var options = FaceDetector.Options()
        if let factor = try parsed(scanner, "--scale-factor", "a number greater than 1, such as 1.1", { Double($0).flatMap { $0 > 1 && $0.isFinite ? $0 : nil } }) {
            options.scaleFactor = factor
        }
        if let neighbors = try parsed(scanner, "--min-neighbors", "a number, 0 or more", { Int($0).flatMap { $0 >= 0 ? $0 : nil } }) {
            options.minNeighbors = neighbors
        }
        if let size = try parsed(scanner, "--min-size", "WxH, e.g. 30x30", parseSize) {
            options.minSize = PixelSize(width: size.width, height: size.height)
        }
        if let size = try parsed(scanner, "--max-size", "WxH, e.g. 400x400", parseSize) {
            options.maxSize = PixelSize(width: size.width, height: size.height)
        }
        if let threads = try parsed(scanner, "--threads", "a positive number", { Int($0).flatMap { $0 > 0 ? $0 : nil } }) {
            options.threadCount = threads
        }
        return options
    }

    /// `--cascade`: a path (contains '/' or ends in .xml) or one of OpenCV's names.
    static func cascadeFile(_ scanner: ArgumentScanner, default fallback: CascadeFile?) throws(CommandFailure) -> CascadeFile {
        guard let text = scanner.last("--cascade") else {
            guard let fallback else { throw .usage("detecting objects needs --cascade NAME|FILE") }
            return fallback
        }
        if text.contains("/") || text.lowercased().hasSuffix(".xml") { return .file(text) }
        guard let named = CascadeFile(name: text) else {
            throw .usage(CascadeError.unknownName(text, known: CascadeFile.allNamed.map(\.commandLineName)).description)
        }
        return named
    }

    /// Loads the cascade; 66 when it (or opencv-data) is missing, 65 when it is not a cascade.
    static func makeDetector(_ file: CascadeFile, options: FaceDetector.Options, scanner: ArgumentScanner) throws(CommandFailure) -> FaceDetector {
        try detector(file, options: options, extraFolders: scanner.all("--cascade-dir"))
    }

    /// Loads a cascade from `extraFolders` or the usual ones and makes a detector.
    static func detector(_ file: CascadeFile, options: FaceDetector.Options, extraFolders: [String]) throws(CommandFailure) -> FaceDetector {
        let folders = extraFolders + CascadeFile.searchDirectories
        do {
            let cascade = try Cascade(file, searching: folders)
            return try FaceDetector(cascade: cascade, options: options)
        } catch let error as CascadeError {
            throw failure(error)
        } catch let error as DetectionError {
            switch error {
            case .cascade(let cascadeError): throw failure(cascadeError)
            case .invalidOptions: throw .usage(error.description)
            }
        } catch {
            throw CommandFailure(code: .internalError, message: "shade: internal error: \(error)\n")
        }
    }

    static func failure(_ error: CascadeError) -> CommandFailure {
        switch error {
        case .packageMissing, .fileNotFound, .unreadable:
            return CommandFailure(code: .noInput, message: "shade: error: \(error)\n")
        case .malformedXML, .invalidCascade:
            return CommandFailure(code: .dataError, message: "shade: error: \(error)\n")
        case .unknownName:
            return .usage(error.description)
        }
    }

    static func write(_ texture: Texture, to path: String, as encoding: ImageEncoding, inputs: [String], force: Bool, console: Console) throws(CommandFailure) {
        try OutputFile.checkWritable(path, inputs: inputs, force: force)
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty && !FileManager.default.fileExists(atPath: folder) {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw CommandFailure(code: .cannotCreate, message: "shade: \(folder): error: cannot create the folder\n")
            }
        }
        try OutputFile.write(texture, to: path, as: encoding, console: console)
    }
}

extension Texture {
    /// A copy with each rectangle outlined in opaque green, `max(2, width / 200)` pixels thick.
    func outlining(_ rects: [PixelRect]) -> Texture {
        var bytes = rgba8Bytes
        let thickness = Swift.max(2, width / 200)
        func paint(_ x: Int, _ y: Int) {
            guard x >= 0, y >= 0, x < width, y < height else { return }
            let i = (y * width + x) * 4
            bytes[i] = 0
            bytes[i + 1] = 255
            bytes[i + 2] = 0
            bytes[i + 3] = 255
        }
        for rect in rects {
            for t in 0..<thickness {
                for x in rect.x..<(rect.x + rect.width) {
                    paint(x, rect.y + t)
                    paint(x, rect.y + rect.height - 1 - t)
                }
                for y in rect.y..<(rect.y + rect.height) {
                    paint(rect.x + t, y)
                    paint(rect.x + rect.width - 1 - t, y)
                }
            }
        }
        return Texture(width: width, height: height, rgba8: bytes)
    }
}
