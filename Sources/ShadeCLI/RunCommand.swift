import Foundation
import Framebuffers
import ImageCodecs

/// `shade run`: one shader over zero or more images, written to a PNG or JPEG.
enum RunCommand {
    static let subcommand = ShadeCommand.Subcommand(
        name: "run",
        summary: "run a fragment shader over images (or none) and write the result",
        run: run)

    static let help = """
        usage: shade run --fragment F [--vertex V] [--input A.png --input B.png ...]
                         [--uniform NAME=V[,V...] ...] [--size WxH] [--filter nearest|linear]
                         [--mipmap none|nearest|linear] [--wrap clamp|repeat|mirror] [--time T]
                         [--threads N] [--tile WxH]
                         [--flip-y] [--float] [--quality Q] [--loop-limit N] [--force] [--json]
                         [--profile NAME | --compare-profiles A,B] -o OUT

        Runs a GLSL ES fragment shader over a full-screen quad, GPUImage-style, and writes the
        framebuffer as PNG or JPEG (from OUT's extension; '-o -' writes PNG to stdout).

        Inputs bind in order to inputImageTexture, inputImageTexture2, ... or iChannel0..3 (other
        sampler names take the free ones in declaration order). The output has the first input's size
        unless --size is given (required with no input). Uniforms the shader declares and the
        command line does not set: texelWidth/texelHeight = 1/size of the first input,
        u_resolution/iResolution/resolution = output size, u_time/iTime/iGlobalTime/time =
        --time (default 0); everything else is 0, as in GL. A --uniform the shader does not
        declare, or with the wrong number of values, is an error. Without --vertex, GPUImage's
        passthrough vertex shader is used.

        options:
          -f, --fragment F   fragment shader (also accepted as the only positional argument)
          --vertex V         vertex shader
          -i, --input IMG    input image (PNG or JPEG), repeatable
          --texture NAME=FILE[,FILE...][@N]
                             the texture of sampler NAME: for a sampler3D/sampler2DArray one
                             file per slice, or one file of slices stacked top to bottom
                             (square unless @N gives their number); for a samplerCube six
                             files or a strip of six squares (+X -X +Y -Y +Z -Z); integer
                             samplers (isampler*, usampler*) read the bytes as 0..255, nearest
          -u, --uniform N=V  uniform value(s), comma-separated; matrices column-major
          --size WxH         output size
          --filter F         texture filtering: linear (default) or nearest
          --mipmap M         mipmaps: none (default), nearest or linear (GL's *_MIPMAP_NEAREST,
                             *_MIPMAP_LINEAR; levels built as glGenerateMipmap does)
          --wrap W           clamp (default), repeat or mirror
          --time T           seconds for u_time/iTime
          --threads N        worker threads (default: all cores)
          --tile WxH         tile size of the parallel schedule (never changes the output)
          --lanes N          lanes per batch, 4 to 1024 (never changes the output)
          --engine E         closures, or native: C generated for this CPU and compiled by
                             clang (never changes the output; default $SHADE_ENGINE or native)
          --flip-y           flip the output vertically (for y-up screen shaders)
          --float            render in Float32 and write a 16-bit PNG
          --quality Q        JPEG quality 1-100 (default 90)
          --strict           check the shaders with GLSL ES Appendix A enforced
          --profile NAME     check and run as on a device profile: its limits and rules, and
                             mediump/lowp computed as fp16 or fixed point where the device
                             does (shade check --list-profiles; default desktop, all fp32)
          --compare-profiles A,B
                             render for both profiles and write OUT.A.ext, OUT.B.ext and
                             OUT.diff.png (differing pixels red, brighter the larger the
                             difference), then print how many pixels differ and by how much
          --loop-limit N     loop iterations (all loops, nested ones included) one batch
                             of pixels may run before the draw stops with an error
                             (default 1048576)
          --force            overwrite OUT if it exists
          --json             print a JSON summary on stdout
          -o, --output OUT   where to write (required)

        exit status: 0 ok, 64 usage (including unknown or mis-sized uniforms), 65 bad shader,
        bad image or runaway loop, 66 missing input, 73 output exists or cannot be written,
        70 internal error.

        examples:
          $ shade run --fragment Shaders/Filters/Grayscale.fsh --input Examples/Images/coffee.png -o gray.png
          $ shade run -f Shaders/Filters/AlphaBlend.fsh -i photo.png -i ghost.png -u mixturePercent=0.5 -o out.jpg
          $ shade run -f plasma.frag --size 1280x720 --time 2.5 --flip-y -o plasma.png

        """

    static let options = RenderJob.options + [
        .init(names: ["--output", "-o"], takesValue: true),
        .init(names: ["--flip-y"], takesValue: false),
        .init(names: ["--float"], takesValue: false),
        .init(names: ["--quality"], takesValue: true),
        .init(names: ["--force"], takesValue: false),
        .init(names: ["--json"], takesValue: false),
        .init(names: ["--compare-profiles"], takesValue: true),
    ]

    static func run(_ arguments: [String], _ console: Console) -> ExitCode {
        ShadeCommand.runScanned("run", arguments, options: options, help: help, console: console, execute: execute)
    }

    /// The `--output` values: `NAME=FILE` captures the fragment output called NAME (an `out`
    /// variable, `c[1]` for an element of an output array); any other value is where the
    /// output at location 0 goes (the last one wins, as before).
    static func outputRequests(_ scanner: ArgumentScanner) -> (main: String?, named: [(name: String, file: String)]) {
        var main: String?
        var named: [(String, String)] = []
        for value in scanner.all("--output") {
            if let eq = value.firstIndex(of: "="), isOutputName(value[..<eq]) {
                named.append((String(value[..<eq]), String(value[value.index(after: eq)...])))
            } else {
                main = value
            }
        }
        return (main, named)
    }

    /// `name` or `name[N]`, a GLSL identifier (so `a=b.png`'s `a` counts, a path does not).
    static func isOutputName(_ text: Substring) -> Bool {
        var name = text
        if name.hasSuffix("]"), let open = name.firstIndex(of: "[") {
            guard Int(name[name.index(after: open)..<name.index(before: name.endIndex)]) != nil else { return false }
            name = name[..<open]
        }
        guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic)
        else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
    }

    /// `--quality` (JPEG), 90 when not given.
    static func quality(_ scanner: ArgumentScanner) throws(CommandFailure) -> Int {
        do {
            return try scanner.parsed("--quality", as: "a number from 1 to 100") {
                Int($0).flatMap { (1...100).contains($0) ? $0 : nil }
            } ?? 90
        } catch {
            throw .usage(error.message)
        }
    }

    static func execute(_ scanner: ArgumentScanner, _ console: Console) throws(CommandFailure) -> ExitCode {
        let requests = outputRequests(scanner)
        if !requests.named.isEmpty {
            return try executeNamedOutputs(scanner, requests, console)
        }
        guard let output = requests.main else { throw .usage("no output given (-o OUT)") }
        let quality = try Self.quality(scanner)
        let encoding = try OutputFile.encoding(for: output, quality: quality)
        if let profiles = scanner.last("--compare-profiles") {
            if scanner.last("--profile") != nil { throw .usage("give --profile or --compare-profiles, not both") }
            return try ProfileComparison.run(scanner, profiles, output: output, encoding: encoding, console: console)
        }
        try OutputFile.checkWritable(output, inputs: scanner.all("--input"), force: scanner.has("--force"))

        let job = try RenderJob.prepare(scanner)
        let executor = try RenderJob.executor(scanner)
        let start = DispatchTime.now()
        let framebuffer = try job.render(with: executor, format: scanner.has("--float") ? .float32 : .rgba8)
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6
        var texture = framebuffer.makeTexture()
        if scanner.has("--flip-y") { texture = texture.flippedVertically() }
        try OutputFile.write(texture, to: output, as: encoding, console: console)
        if scanner.has("--json") {
            console.standardOutput(JSON.object([
                ("output", JSON.quoted(output)),
                ("outputs", JSON.array([JSON.object([
                    ("name", JSON.quoted(
                        job.drawCall.fragment.colorOutput(at: 0)?.name ?? "location 0")),
                    ("location", "0"), ("file", JSON.quoted(output)),
                ])])),
                ("width", "\(job.width)"),
                ("height", "\(job.height)"),
                ("threads", "\(executor.schedule.threadCount)"),
                ("render_ms", String(format: "%.3f", milliseconds)),
            ]) + "\n")
        }
        return .success
    }
}

extension RunCommand {
    /// `shade run` with `--output NAME=FILE`: one draw, every requested output written.
    static func executeNamedOutputs(
        _ scanner: ArgumentScanner, _ requests: (main: String?, named: [(name: String, file: String)]),
        _ console: Console
    ) throws(CommandFailure) -> ExitCode {
        if scanner.last("--compare-profiles") != nil {
            throw .usage("--compare-profiles takes one output (-o OUT), not NAME=FILE outputs")
        }
        let quality = try Self.quality(scanner)
        let job = try RenderJob.prepare(scanner)
        let outputs = job.drawCall.fragment.colorOutputs
        // Which location each file captures, in the order given (-o first).
        var files: [(name: String, location: Int, file: String)] = []
        if let main = requests.main {
            files.append((outputs.first { $0.location == 0 }?.name ?? "location 0", 0, main))
        }
        for (name, file) in requests.named {
            guard let output = outputs.first(where: { $0.name == name }) else {
                let known = outputs.map(\.name).joined(separator: ", ")
                throw .usage(
                    "the fragment shader writes no output '\(name)'"
                        + (known.isEmpty ? "" : " (it writes: \(known))"))
            }
            files.append((name, output.location, file))
        }
        var seen = Set<String>()
        for f in files {
            guard seen.insert(f.file).inserted || f.file == "-" else {
                throw .usage("two outputs are written to '\(f.file)'")
            }
            _ = try OutputFile.encoding(for: f.file, quality: quality)
            try OutputFile.checkWritable(f.file, inputs: scanner.all("--input"), force: scanner.has("--force"))
        }
        if files.filter({ $0.file == "-" }).count > 1 { throw .usage("only one output can go to stdout ('-')") }
        let executor = try RenderJob.executor(scanner)
        let start = DispatchTime.now()
        let framebuffers = try job.renderOutputs(
            at: Set(files.map(\.location)), with: executor,
            format: scanner.has("--float") ? .float32 : .rgba8)
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6
        for f in files {
            var texture = framebuffers[f.location]!.makeTexture()
            if scanner.has("--flip-y") { texture = texture.flippedVertically() }
            try OutputFile.write(
                texture, to: f.file, as: try OutputFile.encoding(for: f.file, quality: quality), console: console)
        }
        if scanner.has("--json") {
            let written = files.map { f in
                JSON.object([
                    ("name", JSON.quoted(f.name)), ("location", "\(f.location)"), ("file", JSON.quoted(f.file)),
                ])
            }
            console.standardOutput(JSON.object([
                ("output", JSON.quoted(files[0].file)),
                ("outputs", JSON.array(written)),
                ("width", "\(job.width)"),
                ("height", "\(job.height)"),
                ("threads", "\(executor.schedule.threadCount)"),
                ("render_ms", String(format: "%.3f", milliseconds)),
            ]) + "\n")
        }
        return .success
    }
}

/// Writing command outputs: format from the name, no silent overwrites, atomic writes.
enum OutputFile {
    /// The encoding `path`'s extension asks for (`-` is PNG on stdout).
    static func encoding(for path: String, quality: Int) throws(CommandFailure) -> ImageEncoding {
        if path == "-" { return .png(PNGEncodingOptions()) }
        switch ImageFormat(pathExtensionOf: path) {
        case .png: return .png(PNGEncodingOptions())
        case .jpeg: return .jpeg(JPEGEncodingOptions(quality: quality))
        case nil: throw .usage("cannot tell the image format of '\(path)': use .png, .jpg or .jpeg")
        }
    }

    /// Refuses to overwrite an input ever, or an existing output without `force`.
    static func checkWritable(_ path: String, inputs: [String], force: Bool) throws(CommandFailure) {
        guard path != "-" else { return }
        let target = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        for input in inputs where URL(fileURLWithPath: input).standardizedFileURL.resolvingSymlinksInPath().path == target {
            throw CommandFailure(code: .cannotCreate, message: "shade: \(path): error: refusing to overwrite an input\n")
        }
        if !force && FileManager.default.fileExists(atPath: path) {
            throw CommandFailure(
                code: .cannotCreate, message: "shade: \(path): error: the file exists (use --force to overwrite it)\n")
        }
    }

    /// Encodes and writes atomically (or to stdout for `-`).
    static func write(_ texture: Texture, to path: String, as encoding: ImageEncoding, console: Console) throws(CommandFailure) {
        do {
            if path == "-" {
                let bytes = try ImageFile.encode(texture, as: encoding)
                FileHandle.standardOutput.write(Data(bytes))
            } else {
                try ImageFile.write(texture, toFile: path, as: encoding)
            }
        } catch {
            throw CommandFailure(code: .cannotCreate, message: "shade: \(path): error: \(error)\n")
        }
    }
}

extension Texture {
    /// The texture with its rows in the opposite order.
    func flippedVertically() -> Texture {
        let rowLength = width * 4
        switch storage {
        case .rgba8(let bytes):
            var flipped = [UInt8](repeating: 0, count: bytes.count)
            for y in 0..<height {
                flipped[(height - 1 - y) * rowLength..<(height - y) * rowLength] = bytes[y * rowLength..<(y + 1) * rowLength]
            }
            return Texture(width: width, height: height, rgba8: flipped)
        case .float32(let floats):
            var flipped = [Float](repeating: 0, count: floats.count)
            for y in 0..<height {
                flipped[(height - 1 - y) * rowLength..<(height - y) * rowLength] = floats[y * rowLength..<(y + 1) * rowLength]
            }
            return Texture(width: width, height: height, float32: flipped)
        }
    }
}
