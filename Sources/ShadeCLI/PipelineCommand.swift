import Foundation
import Framebuffers
import ImageCodecs
import ImageGraph

/// `shade pipeline`: runs a graph described in a pipeline file.
enum PipelineCommand {
    static let subcommand = ShadeCommand.Subcommand(
        name: "pipeline",
        summary: "run an image graph from a pipeline file (several inputs and outputs)",
        run: run)

    static let help = """
        usage: shade pipeline FILE... [--set NAME=VALUE ...] [--check] [--force] [--quality Q]
                              [--threads N] [--tile WxH] [--quiet]
                              [--shard I/N | --shard auto [--shards N]]

        Runs the graph FILE describes ('-' reads it from stdin). One statement per line:

          set NAME = VALUE                  a variable, used as $NAME or ${NAME} below;
                                            --set NAME=VALUE overrides it
          input NAME = IMAGE                a PNG or JPEG file ('-' reads stdin)
          NAME = STEP <- SOURCE[, SOURCE]   a step (as in 'shade chain': filter or shader file,
                                            :KEY=VALUE arguments) fed by nodes defined above,
                                            at texture locations 0, 1, ... in order
          output FILE [quality=Q] <- NODE   write NODE's image (.png, .jpg; '-' is stdout)

        '#' at the start of a line or after a space starts a comment. Names are letters, digits,
        '_' and '-'; a name must be defined above the line that uses it. A node can feed any
        number of nodes and outputs. Paths are relative to the current folder. Every error
        is reported as FILE:LINE: error: ...; nothing is written unless the whole file is valid.

        options:
          --set NAME=VALUE   set a variable (repeatable)
          --check            check the file, the filters and the inputs, and write nothing
          --force            overwrite existing outputs (an input is never overwritten)
          --quality Q        JPEG quality for outputs without quality= (default 90)
          --threads N        worker threads (default: all cores)
          --tile WxH         tile size (never changes the output)
          --engine E         closures or native (never changes the output)
          --quiet            with several files, print only failures
          --shard I/N        run only part I (0-based) of N of the files, sorted by path;
                             --shard auto reads I from JOB_COMPLETION_INDEX or
                             SLURM_ARRAY_TASK_ID and N from --shards, SLURM_ARRAY_TASK_COUNT
                             or SHADE_SHARDS
          --shards N         the number of parts for --shard auto

        Several FILEs are a batch: each is checked and run on its own, a failed file is
        reported and the others go on (exit 65 if any failed).

        exit status: 0 ok, 64 usage or a mistake in the file, 65 bad shader or image,
        66 missing input or file, 73 output exists or cannot be written, 70 internal error.

        example (spook.pipeline):
          set mix = 0.5
          input photo = photo.jpg
          input ghost = ghost.png
          spooky = alpha-blend:mixturePercent=$mix <- photo, ghost
          gray   = grayscale <- spooky
          soft   = gaussian-blur:sigma=2 <- gray
          output spooky.png <- gray
          output soft.jpg quality=85 <- soft

          $ shade pipeline spook.pipeline
          $ shade pipeline spook.pipeline --set mix=0.8 --force
          $ shade pipeline spook.pipeline --check

        """

    static let options: [ArgumentScanner.Option] = [
        .init(names: ["--set"], takesValue: true),
        .init(names: ["--check"], takesValue: false),
        .init(names: ["--force"], takesValue: false),
        .init(names: ["--quality"], takesValue: true),
        .init(names: ["--threads"], takesValue: true),
        .init(names: ["--tile"], takesValue: true),
        .init(names: ["--engine"], takesValue: true),
        .init(names: ["--lanes"], takesValue: true),
        .init(names: ["--quiet", "-q"], takesValue: false),
        .init(names: ["--help", "-h"], takesValue: false),
    ] + Shard.options

    static func run(_ arguments: [String], _ console: Console) -> ExitCode {
        ShadeCommand.runScanned("pipeline", arguments, options: options, help: help, console: console, execute: execute)
    }

    static func execute(_ scanner: ArgumentScanner, _ console: Console) throws(CommandFailure) -> ExitCode {
        var files = scanner.positionals
        guard !files.isEmpty else { throw .usage("no pipeline file given (shade pipeline FILE...)") }
        let shard = try Shard.parse(scanner, environment: ProcessInfo.processInfo.environment)
        if files.count == 1 && shard == nil { return try runFile(files[0], scanner, console) }
        if files.contains("-") { throw .usage("'-' (a pipeline on stdin) cannot be part of a batch of pipeline files") }
        // A batch: each file is run on its own; a shard runs its part of the files sorted by path.
        var selected = files.indices
        if let shard {
            files.sort()
            selected = shard.range(of: files.count)
            if selected.isEmpty {
                console.standardError("shade pipeline: shard \(shard) of \(files.count) files is empty; nothing to do\n")
                return .success
            }
        }
        var failures = 0
        var lastCode = ExitCode.success
        for index in selected {
            do throws(CommandFailure) {
                _ = try runFile(files[index], scanner, console)
                if !scanner.has("--quiet") { console.standardError("shade pipeline: \(files[index]): done\n") }
            } catch {
                console.standardError(error.message)
                failures += 1
                lastCode = error.code
            }
        }
        if failures > 0 {
            console.standardError("shade pipeline: \(failures) of \(selected.count) pipeline files failed\n")
            return selected.count == 1 ? lastCode : .dataError
        }
        return .success
    }

    /// Checks and runs one pipeline file.
    static func runFile(_ path: String, _ scanner: ArgumentScanner, _ console: Console) throws(CommandFailure) -> ExitCode {
        var overrides: [String: String] = [:]
        for assignment in scanner.all("--set") {
            guard let equals = assignment.firstIndex(of: "="), PipelineFile.isName(String(assignment[..<equals])) else {
                throw .usage("--set '\(assignment)' is not NAME=VALUE")
            }
            overrides[String(assignment[..<equals])] = String(assignment[assignment.index(after: equals)...])
        }
        let text: String
        if path == "-" {
            text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        } else {
            text = try ChainCommand.readText(path)
        }
        let fileName = path == "-" ? "<stdin>" : path
        let file: PipelineFile
        do {
            file = try PipelineFile(parsing: text, fileName: fileName, overrides: overrides)
        } catch {
            throw CommandFailure(code: .usage, message: error.rendered(source: text))
        }
        let quality: Int
        do {
            quality = try scanner.parsed("--quality", as: "a number from 1 to 100") {
                Int($0).flatMap { (1...100).contains($0) ? $0 : nil }
            } ?? 90
        } catch {
            throw .usage(error.message)
        }

        // Check every step against its filter or shader, with FILE:LINE on each message.
        var recipes: [String: StepRecipe] = [:]
        for node in file.nodes {
            do throws(CommandFailure) {
                let recipe = try StepRecipe.resolve(node.step, wiredInputs: node.sources.count)
                let given = node.sources.count + recipe.imageInputs.count
                if given > recipe.inputCount {
                    throw CommandFailure.usage(
                        "\(node.step.name) reads \(recipe.inputCount) image\(recipe.inputCount == 1 ? "" : "s"), '\(node.name)' gives it \(given)")
                }
                if recipe.imageInputs.keys.contains(where: { $0 < node.sources.count }) {
                    throw CommandFailure.usage("an input of \(node.step.name) is given both after '<-' and as KEY=IMAGE")
                }
                recipes[node.name] = recipe
            } catch {
                throw located(error, file: fileName, line: node.line)
            }
        }
        var encodings: [ImageEncoding] = []
        for output in file.outputs {
            do throws(CommandFailure) {
                encodings.append(try OutputFile.encoding(for: output.path, quality: output.quality ?? quality))
            } catch {
                throw located(error, file: fileName, line: output.line)
            }
        }
        let inputPaths = file.inputs.map(\.path) + recipes.values.flatMap { $0.imageInputs.values } + (path == "-" ? [] : [path])
        var seen: [String: Int] = [:]
        for output in file.outputs where output.path != "-" {
            if let first = seen[output.path] {
                throw located(.usage("'\(output.path)' is also written on line \(first)"), file: fileName, line: output.line)
            }
            seen[output.path] = output.line
        }
        if file.outputs.filter({ $0.path == "-" }).count > 1 {
            throw .usage("only one output can go to stdout ('-')")
        }

        // Decode the inputs.
        var pictures: [String: PictureInput] = [:]
        let stdinInputs = file.inputs.filter { $0.path == "-" }
        if stdinInputs.count > 1 || (!stdinInputs.isEmpty && path == "-") {
            throw located(.usage("only one thing can be read from stdin ('-')"), file: fileName, line: stdinInputs.last!.line)
        }
        for input in file.inputs {
            let texture: Texture
            if input.path == "-" {
                do {
                    texture = try ImageFile.decode(Array(FileHandle.standardInput.readDataToEndOfFile())).texture
                } catch {
                    throw CommandFailure(code: .dataError, message: "shade: -: error: \(error)\n")
                }
            } else {
                texture = try ChainCommand.decodeImage(input.path)
            }
            pictures[input.name] = PictureInput(texture: texture, name: input.name)
        }
        var images: [String: Texture] = [:]
        for imagePath in Set(recipes.values.flatMap { $0.imageInputs.values }) {
            images[imagePath] = try ChainCommand.decodeImage(imagePath)
        }
        if scanner.has("--check") {
            console.standardError("shade: \(fileName): ok: \(file.inputs.count) inputs, \(file.nodes.count) steps, \(file.outputs.count) outputs\n")
            return .success
        }
        for output in file.outputs {
            do throws(CommandFailure) {
                try OutputFile.checkWritable(output.path, inputs: inputPaths, force: scanner.has("--force"))
            } catch {
                throw located(error, file: fileName, line: output.line)
            }
        }

        for folder in Set(file.outputs.filter { $0.path != "-" }.map { ($0.path as NSString).deletingLastPathComponent })
        where !folder.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw CommandFailure(code: .cannotCreate, message: "shade: \(folder): error: cannot create the folder\n")
            }
        }

        // Build the graph.
        var sources: [String: ImageSource] = pictures
        var keepAlive: [AnyObject] = []
        for node in file.nodes {
            let operation: ImageProcessingOperation
            do throws(CommandFailure) {
                operation = try recipes[node.name]!.makeOperation()
            } catch {
                throw located(error, file: fileName, line: node.line)
            }
            for (location, source) in node.sources.enumerated() {
                sources[source]!.addTarget(operation, atTextureLocation: location)
            }
            for (location, imagePath) in recipes[node.name]!.imageInputs {
                let picture = PictureInput(texture: images[imagePath]!, name: (imagePath as NSString).lastPathComponent)
                picture.addTarget(operation, atTextureLocation: location)
                keepAlive.append(picture)
            }
            sources[node.name] = operation
        }
        var results: [Int: Texture] = [:]
        for (index, output) in file.outputs.enumerated() {
            let target = TextureOutput(name: "output \(output.path)") { results[index] = $0 }
            sources[output.source]!.addTarget(target, atTextureLocation: 0)
            keepAlive.append(target)
        }

        // Run each connected part once, from its first input.
        let executor = try RenderJob.executor(scanner)
        let context = ProcessingContext(executor: executor)
        var done = Set<String>()
        for input in file.inputs where !done.contains(input.name) {
            let part = connectedNames(from: input.name, in: file)
            done.formUnion(part)
            guard file.outputs.contains(where: { part.contains($0.source) }) else {
                console.standardError("shade: \(fileName):\(input.line): warning: '\(input.name)' leads to no output\n")
                continue
            }
            do {
                try pictures[input.name]!.processImage(in: context)
            } catch {
                throw CommandFailure.from(error)
            }
        }
        withExtendedLifetime(keepAlive) {}

        // Write the outputs.
        for (index, output) in file.outputs.enumerated() {
            guard let texture = results[index] else {
                throw located(.usage("'\(output.source)' is not fed by any input"), file: fileName, line: output.line)
            }
            try OutputFile.write(texture, to: output.path, as: encodings[index], console: console)
        }
        return .success
    }

    /// The names connected to `start` through node sources (either direction).
    static func connectedNames(from start: String, in file: PipelineFile) -> Set<String> {
        var edges: [String: [String]] = [:]
        for node in file.nodes {
            for source in node.sources {
                edges[source, default: []].append(node.name)
                edges[node.name, default: []].append(source)
            }
        }
        var seen: Set<String> = [start]
        var stack = [start]
        while let name = stack.popLast() {
            for next in edges[name] ?? [] where seen.insert(next).inserted { stack.append(next) }
        }
        return seen
    }

    /// `failure` with `shade: error:` replaced by `FILE:LINE: error:`.
    static func located(_ failure: CommandFailure, file: String, line: Int) -> CommandFailure {
        var message = failure.message
        if message.hasPrefix("shade: error: ") {
            message = "\(file):\(line): error: " + message.dropFirst("shade: error: ".count)
        } else if message.hasPrefix("shade: ") {
            message = "\(file):\(line): " + message.dropFirst("shade: ".count)
        }
        return CommandFailure(code: failure.code, message: message)
    }
}
