import Foundation
import Framebuffers
import ShaderExecution
import ShaderSemantics

extension ShadertoyProject {
    /// Whether `shade render` reads `path` as a multipass shader: a folder, or a `.json` export.
    static func isProject(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue { return true }
        return path.lowercased().hasSuffix(".json")
    }

    /// Reads a folder or a JSON export; failures carry `shade render`'s exit codes.
    static func load(_ path: String, media: String?) throws(CommandFailure) -> ShadertoyProject {
        do throws(ShadertoyProjectError) {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw .missingFile(path)
            }
            if isDirectory.boolValue { return try ShadertoyProject(folder: path) }
            guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(path) }
            return try ShadertoyProject(exportedJSON: data, path: path, media: media)
        } catch {
            throw CommandFailure(code: error.exitCode, message: "shade: \(error)\n")
        }
    }
}

extension RenderCommand {
    /// What `shade render FOLDER|EXPORT.json` was asked for, parsed by `execute`.
    struct ProjectRender {
        var path: String
        var size: (width: Int, height: Int)
        var frames: Int, fps: Double, startTime: Double, startDate: ShadertoyDate
        /// The Image pass's output path for each frame in `frameNumbers`.
        var outputs: [String]
        /// The frames to write (all, or a shard's run); frames before them are rendered too.
        var frameNumbers: [Int]
        var startNumber: Int
        var uniforms: [String: [Float]]
        var flips: Bool
        var settings: OutputSettings
        /// The device every pass is compiled for (`--profile`).
        var profile = DeviceProfile.desktop
    }

    /// Renders a multipass shader: frames strictly in order (each depends on the one before),
    /// writing the Image pass to `-o` and each `--capture buffer-X=PATTERN` buffer.
    static func renderProject(_ request: ProjectRender, _ scanner: ArgumentScanner, _ console: Console) throws(CommandFailure) -> ExitCode {
        let path = request.path
        for n in 0...3 where scanner.has("--channel\(n)") {
            throw .usage("--channel\(n) is for single-pass shaders; bind \(path)'s channels in "
                + (path.lowercased().hasSuffix(".json") ? "the export" : "its channels.json"))
        }
        let project = try ShadertoyProject.load(path, media: scanner.last("--media"))
        // --capture buffer-a=PATTERN …
        var captures: [(buffer: ShadertoyProject.Buffer, pattern: OutputPattern)] = []
        for given in scanner.all("--capture") {
            guard let equals = given.firstIndex(of: "="), let buffer = ShadertoyProject.Buffer(name: String(given[..<equals])),
                given[..<equals].lowercased().hasPrefix("buffer")
            else { throw .usage("--capture '\(given)' is not buffer-a|buffer-b|buffer-c|buffer-d=FILE") }
            guard project.buffers.contains(where: { $0.buffer == buffer }) else {
                throw .usage("--capture \(buffer.name): \(path) has no \(buffer)")
            }
            let pattern = OutputPattern(text: String(given[given.index(after: equals)...]))
            if request.frames > 1 && !pattern.isPattern {
                throw .usage("\(request.frames) frames need a capture pattern such as 'a/%04d.png', not '\(pattern.text)'")
            }
            if pattern.text == "-" { throw .usage("--capture writes files, not stdout") }
            captures.append((buffer, pattern))
        }
        if !request.settings.quiet {
            if let sound = project.sound {
                console.standardError("shade render: note: \(sound.path): the Sound tab makes audio; Shade renders the picture only\n")
            }
            for (pass, channel, buffer) in project.missingBuffers {
                console.standardError(
                    "shade render: note: \(pass.path): iChannel\(channel) reads \(buffer), which no pass draws: zeros, as on Shadertoy\n")
            }
        }
        let renderer = try ShadertoyRenderer(
            project: project, width: request.size.width, height: request.size.height, executor: request.settings.executor,
            profile: request.profile)
        if !request.settings.quiet { console.standardError(renderer.warnings) }
        for name in request.uniforms.keys.sorted() where !renderer.passes.contains(where: { $0.program.uniform(named: name) != nil }) {
            throw .usage("--uniform \(name): no pass of \(path) declares a uniform '\(name)'")
        }
        renderer.extraUniforms = request.uniforms
        let captureOutputs = captures.map { capture in
            request.frameNumbers.map { capture.pattern.path(index: $0, number: $0 + request.startNumber, input: nil) }
        }
        let inputs = [path] + renderer.passes.flatMap { $0.pass.channels.values.map { channel -> [String] in
            switch channel.source {
            case .texture(let file), .volume(let file): return [file]
            case .cubeMap(let files): return files
            default: return []
            }
        }.flatMap { $0 } }
        try OutputSettings.checkOutputs(request.outputs + captureOutputs.flatMap { $0 }, inputs: inputs, force: request.settings.force)

        guard let last = request.frameNumbers.last else {
            console.standardError("shade render: this shard of \(request.frames) frames is empty; nothing to do\n")
            return .success
        }
        let written = Dictionary(uniqueKeysWithValues: request.frameNumbers.enumerated().map { ($1, $0) })
        let style: ProgressBar.Style = request.frames == 1 ? .quiet : ProgressBar.style(quiet: request.settings.quiet)
        let progress = ProgressBar(total: last + 1, style: style, write: console.standardError)
        for frame in 0...last {
            let clock = ShadertoyClock(frame: frame, fps: request.fps, startTime: request.startTime, startDate: request.startDate)
            let image: Texture
            do {
                image = try renderer.renderFrame(clock)
            } catch {
                progress.frameFinished("frame \(frame)", failure: error.message)
                // Later frames depend on this one: stop.
                return error.code
            }
            if let position = written[frame] {
                let oriented = { (texture: Texture) in request.flips ? texture.flippedVertically() : texture }
                try OutputFile.write(oriented(image), to: request.outputs[position], as: request.settings.encoding, console: console)
                for (index, capture) in captures.enumerated() {
                    let contents = renderer.contents(of: capture.buffer)!.converted(to: .rgba8)
                    let output = captureOutputs[index][position]
                    try OutputFile.write(oriented(contents), to: output, as: try OutputFile.encoding(for: output, quality: 90), console: console)
                }
            }
            progress.frameFinished(written[frame].map { request.outputs[$0] } ?? "frame \(frame)")
        }
        if request.frames > 1, let summary = progress.summary() { console.standardError(summary) }
        return .success
    }
}
