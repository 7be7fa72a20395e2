import Foundation
import Framebuffers
import ImageCodecs
import ImageGraph
import ShaderExecution

/// `shade chain`: images through a left-to-right chain of built-in filters and shader files,
/// one image or a whole batch.
enum ChainCommand {
    static let subcommand = ShadeCommand.Subcommand(
        name: "chain",
        summary: "run images (one, or a batch) through a chain of filters and shader files",
        run: run)

    static let help = """
        usage: shade chain INPUT... STEP... -o OUT [--quality Q] [--force] [--quiet]
                           [--jobs N] [--threads N] [--tile WxH] [--start-number N]
                           [--shard I/N | --shard auto [--shards N]]

        Sends each INPUT through the STEPs, left to right, and writes the result.

        INPUT   an image (PNG/JPEG), a folder (its PNG and JPEG files, sorted), a glob in quotes
                ('frames/*.png'), or '-' for stdin. Inputs come first: the first argument that is
                not an image name, folder, glob or '-', or that contains '=', starts the steps.
        STEP    NAME or NAME:KEY=VALUE[,VALUE...][:KEY=VALUE...]
                NAME is a built-in filter ('shade filters' lists them; any case, camelCase or
                kebab-case: gaussian-blur = gaussianBlur = GaussianBlur) or a shader file (a name
                ending in .frag, .fsh, .glsl or .fs, or containing '/'). KEYs are the filter's
                parameters or the shader's uniforms (kebab-case accepted); values are numbers,
                vectors (0.5,0.5), true/false or colours (#ff8800). Arguments are separated by
                ':' or ','. A step that reads a second image takes it as KEY=IMAGE, where KEY is
                the input's name in 'shade filters NAME' (alpha-blend:overlay=ghost.png) or
                input2, input3, ... (for shader files also the sampler name, e.g.
                inputImageTexture2=ghost.png). The chain feeds texture location 0.
        OUT     the output file; .png or .jpg/.jpeg picks the format; '-' writes PNG to stdout
                (--format jpeg for JPEG). With several inputs OUT must be a pattern:
                {name} = input's base name, {ext} its extension, {dir} its folder,
                {index} = 0, 1, ... ({index:04} pads),
                %04d = index + --start-number (default 0). Missing folders are created.

        Several inputs are processed --jobs at a time (default 2: one frame is decoded or encoded
        while another is shaded on every core). A frame that fails is reported and the others
        go on; the exit status then says so. On a terminal a progress bar shows done/total,
        frames per second and the ETA; otherwise one line per frame; --quiet shows failures only.

        options:
          -o, --output OUT     where to write (required)
          --quality Q          JPEG quality 1-100 (default 90)
          --format F           png or jpeg, for '-o -'
          --force              overwrite existing outputs (an input is never overwritten)
          --quiet              no progress, failures only
          --jobs N             frames in flight at once (default 2)
          --start-number N     first number of %d in OUT (default 0)
          --threads N          worker threads per frame (default: all cores)
          --tile WxH           tile size (never changes the output)
          --engine E           closures or native: C generated for this CPU, compiled by
                               clang (never changes the output; default $SHADE_ENGINE or native)
          --profile NAME       compile every step for a device profile: mediump/lowp as
                               fp16 or fixed point, its limits (shade check --list-profiles)
        \(Shard.helpLines)

        With --shard, the inputs are sorted by path and cut into N runs; this process does run
        I, and {index} and %d number the whole sorted batch, so N processes (on N machines)
        write every output exactly once.

        A step may also take size=WxH when its filter chooses its own size (resize,
        lanczos-resize) or is a shader file: resize:size=640x480,fillMode=2.

        exit status: 0 ok, 64 usage (unknown filter or parameter, missing second input),
        65 bad shader or image, 66 missing input, 73 output exists or cannot be written,
        70 internal error. With several inputs, any failed frame gives 65 after the others
        are done.

        examples:
          $ shade chain photo.jpg alpha-blend:overlay=ghost.png,mixturePercent=0.5 grayscale -o spooky.png
          $ shade chain photo.jpg gaussian-blur:sigma=2 vignette -o out.jpg --quality 85
          $ shade chain photo.png my.frag:amount=0.3 sepia -o out.png
          $ shade chain 'frames/*.png' vignette:vignetteEnd=0.6 -o 'out/{name}.jpg' --quality 80
          $ shade chain frames/ grayscale -o out/%04d.png
          $ cat in.jpg | shade chain - color-invert -o - > out.png
          $ shade chain photos/ sepia -o 'out/{name}.jpg' --shard 2/8

        """

    static let options: [ArgumentScanner.Option] = [
        .init(names: ["--output", "-o"], takesValue: true),
        .init(names: ["--quality"], takesValue: true),
        .init(names: ["--format"], takesValue: true),
        .init(names: ["--force"], takesValue: false),
        .init(names: ["--quiet", "-q"], takesValue: false),
        .init(names: ["--jobs", "-j"], takesValue: true),
        .init(names: ["--start-number"], takesValue: true),
        .init(names: ["--threads"], takesValue: true),
        .init(names: ["--tile"], takesValue: true),
        .init(names: ["--engine"], takesValue: true),
        .init(names: ["--lanes"], takesValue: true),
        .init(names: ["--profile"], takesValue: true),
        .init(names: ["--help", "-h"], takesValue: false),
    ] + Shard.options

    static func run(_ arguments: [String], _ console: Console) -> ExitCode {
        ShadeCommand.runScanned("chain", arguments, options: options, help: help, console: console, execute: execute)
    }

    static func execute(_ scanner: ArgumentScanner, _ console: Console) throws(CommandFailure) -> ExitCode {
        let inputArguments = Array(scanner.positionals.prefix { InputList.looksLikeImageInput($0) })
        let stepArguments = Array(scanner.positionals.dropFirst(inputArguments.count))
        guard !inputArguments.isEmpty else {
            throw .usage("no input image given (shade chain INPUT... STEP... -o OUT); see 'shade chain --help'")
        }
        guard let output = scanner.last("--output") else { throw .usage("no output given (-o OUT)") }
        let profile = try RenderJob.parsedProfile(scanner)
        var steps: [StepRecipe] = []
        for argument in stepArguments {
            let step: ChainStep
            do { step = try ChainStep(parsing: argument) } catch { throw .usage(error.message) }
            if InputList.looksLikeImageInput(step.name) {
                throw .usage("'\(argument)' looks like an image after the first step: give every input before the steps")
            }
            steps.append(try StepRecipe.resolve(step, profile: profile))
        }
        var batch = try InputList.expand(inputArguments)
        let settings = try OutputSettings(scanner, output: output)
        let pattern = OutputPattern(text: output)
        if batch.count > 1 && !pattern.isPattern {
            throw .usage("\(batch.count) inputs need an output pattern such as 'out/{name}.png' or 'out/%04d.png', not '\(output)'")
        }
        if batch.count > 1 && output == "-" { throw .usage("'-o -' takes one input, got \(batch.count)") }
        if batch.filter({ $0 == "-" }).count > 1 { throw .usage("'-' (stdin) can be given once") }
        let start = try settings.startNumber(scanner)
        // A shard does its run of the batch sorted by path; {index} and %d stay the whole batch's.
        var indices = Array(batch.indices)
        if let shard = try Shard.parse(scanner, environment: ProcessInfo.processInfo.environment) {
            if batch.contains("-") { throw .usage("--shard splits a batch of files; '-' (stdin) cannot be split") }
            batch.sort()
            indices = Array(shard.range(of: batch.count))
            if indices.isEmpty {
                console.standardError("shade chain: shard \(shard) of \(batch.count) inputs is empty; nothing to do\n")
                return .success
            }
        }
        let inputs = indices.map { batch[$0] }
        let outputs = indices.map { pattern.path(index: $0, number: $0 + start, input: batch[$0]) }

        let secondInputs = steps.flatMap { $0.imageInputs.values }
        try OutputSettings.checkOutputs(outputs, inputs: inputs + secondInputs, force: settings.force)
        var images: [String: Texture] = [:]
        for path in Set(secondInputs) { images[path] = try decodeImage(path) }
        let stdinBytes: [UInt8]? = inputs.contains("-") ? Array(FileHandle.standardInput.readDataToEndOfFile()) : nil

        let executor = settings.executor
        let fixedImages = images
        let style: ProgressBar.Style = inputs.count == 1 ? .quiet : ProgressBar.style(quiet: settings.quiet)
        let progress = ProgressBar(total: inputs.count, style: style, write: console.standardError)
        let runner = BatchRunner(jobs: settings.jobs, progress: progress)
        let recipes = steps
        let failures = runner.run(
            count: inputs.count, label: { "\(inputs[$0]) -> \(outputs[$0])" },
            makeWorker: { () throws(CommandFailure) -> (Int) throws(CommandFailure) -> Void in
                let chain = try ChainGraph(recipes, images: fixedImages, executor: executor)
                return { (index: Int) throws(CommandFailure) in
                    let input = inputs[index]
                    let texture: Texture
                    if input == "-" {
                        do {
                            texture = try ImageFile.decode(stdinBytes ?? []).texture
                        } catch {
                            throw CommandFailure(code: .dataError, message: "shade: -: error: \(error)\n")
                        }
                    } else {
                        texture = try decodeImage(input)
                    }
                    let result = try chain.process(texture)
                    try OutputFile.write(result, to: outputs[index], as: settings.encoding, console: console)
                }
            })
        if inputs.count > 1, let summary = progress.summary() { console.standardError(summary) }
        return BatchRunner.exitCode(for: failures, total: inputs.count)
    }

    /// Reads a text file (a shader or a pipeline); 66 when missing, 65 when not UTF-8 text or
    /// unreadable.
    static func readText(_ path: String) throws(CommandFailure) -> String {
        do {
            return try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            let exists = FileManager.default.fileExists(atPath: path)
            throw CommandFailure(
                code: exists ? .dataError : .noInput,
                message: "shade: \(path): error: \(exists ? "not UTF-8 text or unreadable" : "no such file")\n")
        }
    }

    /// Decodes an image file; 66 when missing, 65 when bad.
    static func decodeImage(_ path: String) throws(CommandFailure) -> Texture {
        do {
            return try ImageFile.decode(contentsOfFile: path).texture
        } catch {
            throw CommandFailure.from(error, path: path)
        }
    }
}

/// One worker's graph for a chain: a picture input, the steps' operations (with their second
/// inputs) and a texture output, built once and reused for every frame.
final class ChainGraph {
    private let picture: PictureInput
    private let context: ProcessingContext
    private var operations: [ImageProcessingOperation] = []
    private var extraInputs: [PictureInput] = []
    private var result: Texture?

    /// Builds the graph.
    init(_ recipes: [StepRecipe], images: [String: Texture], executor: Executor) throws(CommandFailure) {
        picture = PictureInput(texture: Texture(width: 1, height: 1, rgba8: [0, 0, 0, 0]), name: "input")
        context = ProcessingContext(executor: executor)
        var last: ImageSource = picture
        for recipe in recipes {
            let operation = try recipe.makeOperation()
            last.addTarget(operation, atTextureLocation: 0)
            for (location, path) in recipe.imageInputs.sorted(by: { $0.key < $1.key }) {
                guard let texture = images[path] else { throw CommandFailure.usage("internal: \(path) not decoded") }
                let source = PictureInput(texture: texture, name: (path as NSString).lastPathComponent)
                source.addTarget(operation, atTextureLocation: location)
                extraInputs.append(source)
            }
            operations.append(operation)
            last = operation
        }
        let output = TextureOutput(name: "output") { [unowned self] texture in self.result = texture }
        last.addTarget(output, atTextureLocation: 0)
    }

    /// Runs the chain on one picture.
    func process(_ texture: Texture) throws(CommandFailure) -> Texture {
        picture.texture = texture
        result = nil
        do {
            try picture.processImage(in: context)
        } catch {
            throw CommandFailure.from(error)
        }
        guard let result else { throw CommandFailure(code: .internalError, message: "shade: internal error: the chain produced no frame\n") }
        return result
    }
}

/// The output options the rendering commands share: format, quality, overwriting, progress,
/// parallelism.
struct OutputSettings: Sendable {
    var encoding: ImageEncoding
    var force: Bool
    var quiet: Bool
    var jobs: Int
    var executor: Executor

    init(_ scanner: ArgumentScanner, output: String) throws(CommandFailure) {
        let quality: Int
        let jobs: Int?
        do {
            quality = try scanner.parsed("--quality", as: "a number from 1 to 100") {
                Int($0).flatMap { (1...100).contains($0) ? $0 : nil }
            } ?? 90
            jobs = try scanner.parsed("--jobs", as: "a positive number") { Int($0).flatMap { $0 > 0 ? $0 : nil } }
        } catch {
            throw .usage(error.message)
        }
        if output == "-" {
            switch scanner.last("--format")?.lowercased() {
            case nil, "png": encoding = .png(PNGEncodingOptions())
            case "jpeg", "jpg": encoding = .jpeg(JPEGEncodingOptions(quality: quality))
            case let other?: throw .usage("invalid value '\(other)' for '--format': expected png or jpeg")
            }
        } else {
            encoding = try OutputFile.encoding(for: output, quality: quality)
        }
        force = scanner.has("--force")
        quiet = scanner.has("--quiet")
        self.jobs = jobs ?? BatchRunner.defaultJobs
        executor = try RenderJob.executor(scanner)
    }

    func startNumber(_ scanner: ArgumentScanner) throws(CommandFailure) -> Int {
        do {
            return try scanner.parsed("--start-number", as: "a number") { Int($0) } ?? 0
        } catch {
            throw .usage(error.message)
        }
    }

    /// Refuses duplicate outputs, an output that is an input, and existing outputs without
    /// `force`; creates missing folders.
    static func checkOutputs(_ outputs: [String], inputs: [String], force: Bool) throws(CommandFailure) {
        var seen = Set<String>()
        for output in outputs where output != "-" {
            guard seen.insert(output).inserted else {
                throw .usage("two frames would be written to '\(output)': use {name}, {index} or %04d in the output")
            }
        }
        for output in outputs {
            try OutputFile.checkWritable(output, inputs: inputs.filter { $0 != "-" }, force: force)
        }
        for folder in Set(outputs.filter { $0 != "-" }.map { ($0 as NSString).deletingLastPathComponent }) where !folder.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw CommandFailure(code: .cannotCreate, message: "shade: \(folder): error: cannot create the folder\n")
            }
        }
    }
}
