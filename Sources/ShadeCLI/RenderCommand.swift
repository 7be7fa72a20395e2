import Foundation
import Framebuffers
import ImageCodecs
import ImageGraph
import ShaderDiagnostics
import ShaderExecution
import ShaderSemantics
import ShaderSyntax
import TextRendering

/// `shade render`: Shadertoy / Book of Shaders / glslViewer shaders to image files, one frame or
/// an animation.
enum RenderCommand {
    static let subcommand = ShadeCommand.Subcommand(
        name: "render",
        summary: "render a Shadertoy or Book-of-Shaders shader to images (one frame or many)",
        run: run)

    static let help = """
        usage: shade render SHADER|FOLDER|EXPORT.json|GENERATOR --size WxH [--frames N] [--fps F]
                            [--time T] [--date D] [--capture buffer-X=OUT ...] [--media DIR]
                            [--y-up | --y-down]
                            -o OUT [--quality Q] [--force] [--quiet] [--jobs N] [--threads N]
                            [--tile WxH] [--start-number N] [-u NAME=V[,V...] ...]
                            [--channel0 IMAGE ... --channel3 IMAGE]
                            [--shard I/N | --shard auto [--shards N]]

        Renders a screen shader with no input images. How it is compiled depends on what it
        contains:
          - it defines Shadertoy's mainImage(out vec4 fragColor, in vec2 fragCoord) and has no
            #version line: as Shadertoy compiles it, as GLSL ES 3.00 after Shadertoy's header
            (precision highp float and int, '#define HW_PERFORMANCE 1', all of Shadertoy's
            uniforms below, an 'out vec4' and a main that calls mainImage);
          - otherwise it keeps its own #version (GLSL ES 1.00 when it has none: Book of
            Shaders' gl_FragColor and void main), and Shade adds 'precision highp float;'
            when it sets none, the host uniforms it uses but does not declare, and a main for
            a mainImage (in GLSL ES 1.00 Shadertoy's texture() is read as texture2D).
        The host uniforms:
          iTime, u_time          seconds: --time T plus frame / --fps
          iTimeDelta             1 / --fps            iFrameRate   --fps
          iFrame (int)           frame number from 0
          iResolution (vec3)     width, height, 1     u_resolution (vec2) width, height
          iMouse (vec4), u_mouse (vec2)               zero
          iDate (vec4)           year, month - 1, day, seconds since midnight: --date
          iSampleRate            44100                iChannelTime (float[4])   zero
          iChannel0..3 (sampler2D)                    the --channel0..3 images
          iChannelResolution (vec3[4])                their width, height, 1
        Each iChannelN the shader names needs --channelN IMAGE; like Shadertoy's default, images
        are flipped so uv.y = 0 is their bottom row (kept as they are with --y-down).
        Diagnostics keep the shader's own line numbers. mainImage colours are written opaque,
        as Shadertoy shows them.

        Multipass shaders (Shadertoy's Buffer A-D and Common tabs) come as a FOLDER holding
        image.glsl, optional common.glsl and buffer-a.glsl ... buffer-d.glsl, and channels.json
        saying what each pass's channels read:
          {"buffer-a": {"iChannel0": "buffer-a"},
           "image": {"iChannel0": {"input": "buffer-a", "filter": "nearest", "wrap": "clamp"},
                     "iChannel1": {"input": "photo.jpg", "filter": "mipmap", "wrap": "repeat"},
                     "iChannel2": "keyboard"}}
        (an input is buffer-a..buffer-d, keyboard, sound, an image file, a Shadertoy volume
        (.bin) or a list of six cube-map faces; filter nearest, linear or mipmap; wrap clamp or
        repeat; "vflip": false keeps an image's rows), or as Shadertoy's JSON export
        (EXPORT.json: {"Shader": {"renderpass": [...]}}), whose media are read from --media DIR
        by the name at the end of their "src" (NAME, or its stem .png; a cube map's faces NAME
        and NAME_1 ... NAME_5; a video or webcam input reads a still, its stem .png or .jpg).
        Music and microphone inputs read silence (zeros); a buffer no pass draws reads zeros.
        Cube maps are sampled seamlessly, as llvmpipe does. Each frame the buffers render
        A, B, C, D, then the Image pass; a channel reading a buffer sees its most recent
        contents (this frame's for an earlier buffer, the previous frame's for itself and later
        ones, zeros at first). Buffers hold 32-bit floats; frames render one after another.
        --capture buffer-a=OUT also writes that buffer (clamped to 8 bits) for every frame.
        A Sound tab (sound.glsl) makes audio, which the picture does not depend on: it is not
        rendered. Cube A passes are refused (exit 65). "mipmap" generates the levels as
        glGenerateMipmap (a buffer's every frame) and samples them trilinearly, as Shadertoy
        does. The checker's warnings are printed on the shader's own lines (not with --quiet).

        GENERATOR is a built-in filter that reads no image, written as a chain step
        (checkerboard:squareSize=8, linear-gradient, perlin-noise; see 'shade filters
        --category generator'); it is a GPUImage filter, so its rows are kept (--y-up flips).

        Orientation: screen shaders are y-up (fragCoord.y = 0 is the bottom row on screen),
        while Shade's framebuffer row 0 is gl_FragCoord.y = 0.5 and is written as the file's
        first (top) row. So by default (--y-up) the rows are flipped when writing, and the file
        looks like the shader on Shadertoy. --y-down writes the framebuffer rows as they are
        (GL readback order, as 'shade run' does without --flip-y).

        With --frames N > 1, OUT must contain %04d (frame number + --start-number, default 0)
        or {index}; frames are rendered --jobs at a time (default 2).

        options:
          --size WxH           output size (required)
          --frames N           number of frames (default 1)
          --fps F              frames per second (default 30)
          --time T             time of the first frame in seconds (default 0)
          --date D             iDate of the first frame: YYYY-MM-DD[THH:MM[:SS]] in UTC, or
                               'now' (local time, as Shadertoy); default 2000-01-01T00:00:00;
                               later frames are later by frame / fps
          --y-up               flip rows so the file looks like the screen (default for shaders)
          --y-down             keep GL row order (row 0 = gl_FragCoord.y 0.5 at the top)
          -u, --uniform N=V    set a uniform the shader declares (comma-separated components)
          --channelN IMAGE     the image iChannelN reads (N = 0..3), PNG or JPEG
          --capture buffer-X=OUT   also write Buffer X (a..d) of a multipass shader, per frame
          --media DIR          where an EXPORT.json's textures are (by the file name of "src")
          --profile NAME       compile for a device profile: mediump/lowp as fp16 or fixed
                               point (Shadertoy's header is highp, so only what the shader
                               declares mediump or lowp changes; shade check --list-profiles)
          -o, --output OUT     where to write (required); '-' writes PNG to stdout
          --quality Q          JPEG quality 1-100 (default 90)
          --force              overwrite existing outputs
          --quiet              no progress or warnings, failures only
          --jobs N             frames in flight at once
          --threads N          worker threads per frame (default: all cores)
          --tile WxH           tile size (never changes the output)
          --engine E           closures or native (never changes the output)
        \(Shard.helpLines)

        With --shard, the frame range 0..N-1 is cut into runs and this process renders its
        run, with the frame numbers, times and output names of the whole animation.

        exit status: 0 ok, 64 usage, 65 bad shader (or some frames failed, or a pass or input
        Shade does not render), 66 missing shader, pass file or image,
        73 output exists or cannot be written, 70 internal error.

        examples:
          $ shade render plasma.frag --size 1280x720 -o plasma.png
          $ shade render seascape.glsl --size 640x360 --frames 120 --fps 30 -o frames/%04d.png
          $ shade render checkerboard:squareSize=8,color1=#ff0000 --size 256x256 -o board.png
          $ shade render book.frag --size 512x512 --time 2.5 -u u_speed=2 -o still.jpg --quality 85
          $ shade render clock.glsl --size 640x360 --date 2026-12-01T12:00:00 -o noon.png
          $ shade render warp.glsl --channel0 photo.jpg --size 800x600 -o warped.png
          $ shade render fluid/ --size 640x360 --frames 300 --fps 60 -o out/%04d.png \\
                --capture buffer-a=out/a-%04d.png
          $ shade render XsXGR8.json --media shadertoy-media --size 800x450 -o still.png

        """

    static let options: [ArgumentScanner.Option] = ChainCommand.options + [
        .init(names: ["--size"], takesValue: true),
        .init(names: ["--frames"], takesValue: true),
        .init(names: ["--fps"], takesValue: true),
        .init(names: ["--time"], takesValue: true),
        .init(names: ["--date"], takesValue: true),
        .init(names: ["--y-up"], takesValue: false),
        .init(names: ["--y-down"], takesValue: false),
        .init(names: ["--uniform", "-u"], takesValue: true),
        .init(names: ["--media"], takesValue: true),
        .init(names: ["--capture"], takesValue: true),
        .init(names: ["--profile"], takesValue: true),
    ] + (0...3).map { .init(names: ["--channel\($0)"], takesValue: true) }

    static func run(_ arguments: [String], _ console: Console) -> ExitCode {
        ShadeCommand.runScanned("render", arguments, options: options, help: help, console: console, execute: execute)
    }

    static func execute(_ scanner: ArgumentScanner, _ console: Console) throws(CommandFailure) -> ExitCode {
        guard scanner.positionals.count == 1, let path = scanner.positionals.first else {
            throw .usage(scanner.positionals.isEmpty ? "no shader given (shade render SHADER --size WxH -o OUT)"
                : "one shader at a time, got \(scanner.positionals.count) arguments")
        }
        guard let output = scanner.last("--output") else { throw .usage("no output given (-o OUT)") }
        if scanner.has("--y-up") && scanner.has("--y-down") { throw .usage("--y-up and --y-down contradict each other") }
        let size: (width: Int, height: Int)
        let frames: Int, fps: Double, startTime: Double, startDate: ShadertoyDate
        do throws(UsageError) {
            guard let given = try scanner.parsed("--size", as: "WxH, e.g. 1280x720", parseSize) else {
                throw UsageError("--size WxH is required")
            }
            size = given
            frames = try scanner.parsed("--frames", as: "a positive number") { Int($0).flatMap { $0 > 0 ? $0 : nil } } ?? 1
            fps = try scanner.parsed("--fps", as: "a positive number") { Double($0).flatMap { $0 > 0 && $0.isFinite ? $0 : nil } } ?? 30
            startTime = try scanner.parsed("--time", as: "seconds") { Double($0).flatMap { $0.isFinite ? $0 : nil } } ?? 0
            startDate = try scanner.parsed("--date", as: "YYYY-MM-DD[THH:MM[:SS]] or 'now'") {
                ShadertoyDate(parsing: $0)
            } ?? .standard
        } catch {
            throw .usage(error.message)
        }
        let limit = DecodingOptions.defaultPixelLimit
        guard size.width <= 1 << 16, size.height <= 1 << 16, size.width * size.height <= limit else {
            throw .usage("--size \(size.width)x\(size.height) is larger than the limit of \(limit) pixels")
        }
        let settings = try OutputSettings(scanner, output: output)
        let pattern = OutputPattern(text: output)
        if frames > 1 && (!pattern.isPattern || output == "-") {
            throw .usage("\(frames) frames need an output pattern such as 'frames/%04d.png', not '\(output)'")
        }
        let start = try settings.startNumber(scanner)
        // A shard renders its run of the frame range; frame numbers and times stay the whole range's.
        var frameNumbers = Array(0..<frames)
        let shard = try Shard.parse(scanner, environment: ProcessInfo.processInfo.environment)
        if let shard {
            frameNumbers = Array(shard.range(of: frames))
        }
        let outputs = frameNumbers.map { pattern.path(index: $0, number: $0 + start, input: nil) }

        var uniforms: [String: [Float]] = [:]
        for assignment in scanner.all("--uniform") {
            guard let equals = assignment.firstIndex(of: "="),
                let values = ChainStep.components(of: String(assignment[assignment.index(after: equals)...]))
            else { throw .usage("--uniform '\(assignment)' is not NAME=VALUE[,VALUE...]") }
            uniforms[String(assignment[..<equals])] = values
        }
        let fixedUniforms = uniforms
        let profile = try RenderJob.parsedProfile(scanner)
        if ShadertoyProject.isProject(path) {
            let request = ProjectRender(
                path: path, size: size, frames: frames, fps: fps, startTime: startTime, startDate: startDate,
                outputs: outputs, frameNumbers: frameNumbers, startNumber: start, uniforms: uniforms,
                flips: !scanner.has("--y-down"), settings: settings, profile: profile)
            return try renderProject(request, scanner, console)
        }
        var recipe: StepRecipe
        var channelPaths: [Int: String] = [:]
        for n in 0...3 { if let image = scanner.last("--channel\(n)") { channelPaths[n] = image } }
        let isShaderFile = ChainStep.looksLikeShaderFile(path) || FileManager.default.fileExists(atPath: path)
        var usedChannels: [Int] = []
        if isShaderFile {
            let warnings: String
            (recipe, usedChannels, warnings) = try shaderRecipe(path, uniforms: uniforms, profile: profile)
            if !settings.quiet { console.standardError(warnings) }
            for n in usedChannels where channelPaths[n] == nil {
                throw .usage("\(path) reads iChannel\(n); give its image with --channel\(n) IMAGE")
            }
            for n in channelPaths.keys.sorted() where !usedChannels.contains(n) {
                throw .usage("\(path) does not read iChannel\(n), but --channel\(n) was given")
            }
        } else {
            // A built-in generator such as checkerboard:squares=8.
            let step: ChainStep
            do { step = try ChainStep(parsing: path) } catch { throw .usage(error.message) }
            recipe = try StepRecipe.resolve(step, allowsGenerators: true, profile: profile)
            guard recipe.inputCount == 0 else {
                throw .usage("\(step.name) reads an input image; use 'shade chain IMAGE \(path) -o OUT'")
            }
            guard uniforms.isEmpty else { throw .usage("give a built-in filter's parameters as \(step.name):KEY=VALUE, not --uniform") }
            guard channelPaths.isEmpty else { throw .usage("--channelN is for shaders that read iChannelN, not for \(step.name)") }
        }
        let channelCount = recipe.inputCount
        // Built once here to report shader and parameter errors before anything is written.
        let probe = try recipe.makeGenerator()
        try OutputSettings.checkOutputs(outputs, inputs: [path] + channelPaths.values, force: settings.force)

        // Screen shaders are y-up; built-in generators are GPUImage filters (row 0 at the top).
        let flips = scanner.has("--y-up") || (isShaderFile && !scanner.has("--y-down"))
        // Channel images, flipped with the output so that uv.y = 0 is their bottom row; channels
        // below the highest one used that the shader does not read get a black texel.
        var channelTextures: [Texture] = []
        for n in 0..<channelCount {
            guard let image = channelPaths[n] else {
                channelTextures.append(Texture(width: 1, height: 1, filledWith: SIMD4(0, 0, 0, 1)))
                continue
            }
            var texture = try ChainCommand.decodeImage(image)
            if flips { texture = texture.flippedVertically() }
            channelTextures.append(texture)
        }
        let declaresResolution = (probe as? BasicOperation)?.declaresUniform(named: "iChannelResolution") == true
        if declaresResolution && fixedUniforms["iChannelResolution"] == nil {
            var sizes = [Float](repeating: 0, count: 12)
            for (n, texture) in channelTextures.enumerated() where channelPaths[n] != nil {
                sizes[3 * n] = Float(texture.width); sizes[3 * n + 1] = Float(texture.height); sizes[3 * n + 2] = 1
            }
            recipe.parameters["iChannelResolution"] = sizes
        }
        let executor = settings.executor
        let generatorRecipe = recipe, channels = channelTextures
        let style: ProgressBar.Style = frames == 1 ? .quiet : ProgressBar.style(quiet: settings.quiet)
        if let shard, frameNumbers.isEmpty {
            console.standardError("shade render: shard \(shard) of \(frames) frames is empty; nothing to do\n")
            return .success
        }
        let progress = ProgressBar(total: frameNumbers.count, style: style, write: console.standardError)
        let selectedFrames = frameNumbers
        let failures = BatchRunner(jobs: settings.jobs, progress: progress).run(
            count: selectedFrames.count, label: { outputs[$0] },
            makeWorker: { () throws(CommandFailure) -> (Int) throws(CommandFailure) -> Void in
                let operation = try generatorRecipe.makeGenerator()
                // The graph holds its sources weakly: the worker keeps the channel inputs.
                let channelInputs = channels.enumerated().map { n, texture in
                    let input = PictureInput(texture: texture, name: "iChannel\(n)")
                    input.addTarget(operation, atTextureLocation: n)
                    return input
                }
                let basic = operation as? BasicOperation
                basic?.forceProcessing(at: ImageSize(width: size.width, height: size.height))
                (operation as? FilterOperation)?.outputSize = ImageSize(width: size.width, height: size.height)
                (operation as? TextOverlay)?.outputSize = ImageSize(width: size.width, height: size.height)
                let context = ProcessingContext(executor: executor)
                var result: Texture?
                let target = TextureOutput(name: "output") { result = $0 }
                operation.addTarget(target, atTextureLocation: 0)
                return { (position: Int) throws(CommandFailure) in
                    withExtendedLifetime(channelInputs) {}
                    let frame = selectedFrames[position]
                    let time = startTime + Double(frame) / fps
                    context.time = Float(time)
                    let perFrame: [(String, any UniformValue)] = [
                        ("iFrame", frame), ("iTimeDelta", Float(1 / fps)), ("iFrameRate", Float(fps)),
                        ("iDate", startDate.uniform(after: Double(frame) / fps)), ("iSampleRate", Float(44100)),
                    ]
                    for (name, value) in perFrame where fixedUniforms[name] == nil && basic?.declaresUniform(named: name) == true {
                        do { try basic?.setUniform(value, forName: name) } catch { throw CommandFailure.from(error) }
                    }
                    result = nil
                    do { try operation.processImage(in: context) } catch { throw CommandFailure.from(error) }
                    guard var texture = result else {
                        throw CommandFailure(code: .internalError, message: "shade: internal error: no frame rendered\n")
                    }
                    if flips { texture = texture.flippedVertically() }
                    try OutputFile.write(texture, to: outputs[position], as: settings.encoding, console: console)
                }
            })
        if selectedFrames.count > 1, let summary = progress.summary() { console.standardError(summary) }
        return BatchRunner.exitCode(for: failures, total: selectedFrames.count)
    }
}

extension RenderCommand {
    /// Reads and wraps a screen shader; diagnostics on the user's lines (exit 65). Also returns
    /// the `iChannelN` numbers the shader reads and the checker's warnings, rendered on the
    /// user's lines (empty when there are none).
    static func shaderRecipe(
        _ path: String, uniforms: [String: [Float]], profile: DeviceProfile = .desktop
    ) throws(CommandFailure) -> (StepRecipe, [Int], warnings: String) {
        let source = try ChainCommand.readText(path)
        var shader = ProceduralShader(source: source)
        var leftOut: Set<String> = []
        var warnings: [Diagnostic] = []
        do throws(DiagnosticsError) {
            while true {
                do throws(DiagnosticsError) {
                    warnings = try compileFrontEnd(
                        source: shader.text, name: path, stage: .fragment, options: CheckOptions(profile: profile),
                        parseOptions: profile.parseOptions()).warnings
                    break
                } catch {
                    // The shader declares some host uniforms or main itself: leave those out.
                    let clashes = shader.clashes(in: error.diagnostics).subtracting(leftOut)
                    guard !clashes.isEmpty else { throw error }
                    leftOut.formUnion(clashes)
                    shader = ProceduralShader(source: source, leavingOut: leftOut)
                }
            }
        } catch {
            throw CommandFailure(
                code: .dataError,
                message: StepRecipe.renderedDiagnostics(shader.userDiagnostics(error.diagnostics, source: source, path: path), path: path))
        }
        var recipe = StepRecipe(
            label: path, kind: .shader(path: path, text: shader.text), parameters: uniforms,
            inputCount: shader.channels.map { $0 + 1 }.max() ?? 0, imageInputs: [:])
        recipe.profile = profile
        let rendered = warnings.isEmpty
            ? "" : StepRecipe.renderedDiagnostics(shader.userDiagnostics(warnings, source: source, path: path), path: path)
        return (recipe, shader.channels, rendered)
    }
}

extension StepRecipe {
    /// A new generator operation: a shader file with its uniforms set (reading `inputCount`
    /// channel images, usually none), or a built-in generator with its parameters.
    func makeGenerator() throws(CommandFailure) -> ImageProcessingOperation {
        guard case .shader(let path, let text) = kind else { return try makeOperation() }
        let operation = try StepRecipe.makeShaderOperation(path: path, text: text, numberOfInputs: inputCount, profile: profile)
        try setUniforms(of: operation, path: path)
        return operation
    }
}
