import Foundation
import Framebuffers
import ImageCodecs
import ShaderCompiler
import ShaderDiagnostics
import ShaderExecution
import ShaderSemantics
import ShaderSyntax

/// A failure while preparing or running a render, with the exit code it maps to.
struct CommandFailure: Error {
    /// The exit code.
    var code: ExitCode
    /// What to print on stderr (already complete, ending in a newline).
    var message: String

    static func usage(_ message: String) -> CommandFailure {
        CommandFailure(code: .usage, message: "shade: error: \(message)\n")
    }
}

/// The shader, inputs and uniforms of one `shade run` / `shade bench` invocation, compiled and
/// decoded once so it can be drawn any number of times.
struct RenderJob {
    var fragment: Program
    var vertex: Program?
    var inputs: [Texture]
    var uniforms: [String: [Float]]
    /// `--uniform` values of 32-bit int and uint uniforms, exactly (past ±2^24 a float
    /// cannot hold them).
    var integerUniforms: [String: [Int64]] = [:]
    var samplerState: SamplerState
    /// `--texture NAME=…` bindings: 3D, array, cube and integer samplers, or a 2D one by name.
    var bindings: [String: TextureBinding] = [:]
    var width: Int
    var height: Int
    var fragmentPath: String
    /// Iterations one loop may run in one batch before the draw stops (`--loop-limit`).
    var loopIterationLimit = Program.loopIterationLimit
    /// The device profile the shaders were compiled for (`--profile`); the draw enforces its
    /// texture size limit.
    var profile = DeviceProfile.desktop

    /// The options `shade run` and `shade bench` share.
    static let options: [ArgumentScanner.Option] = [
        .init(names: ["--fragment", "-f"], takesValue: true),
        .init(names: ["--vertex"], takesValue: true),
        .init(names: ["--input", "-i"], takesValue: true),
        .init(names: ["--texture"], takesValue: true),
        .init(names: ["--uniform", "-u"], takesValue: true),
        .init(names: ["--size"], takesValue: true),
        .init(names: ["--filter"], takesValue: true),
        .init(names: ["--wrap"], takesValue: true),
        .init(names: ["--mipmap"], takesValue: true),
        .init(names: ["--threads"], takesValue: true),
        .init(names: ["--tile"], takesValue: true),
        .init(names: ["--lanes"], takesValue: true),
        .init(names: ["--engine"], takesValue: true),
        .init(names: ["--time"], takesValue: true),
        .init(names: ["--strict"], takesValue: false),
        .init(names: ["--profile"], takesValue: true),
        .init(names: ["--loop-limit"], takesValue: true),
        .init(names: ["--help", "-h"], takesValue: false),
    ]

    /// Compiles the shaders, decodes the inputs and resolves every uniform.
    ///
    /// - Parameter profile: the device profile to compile for; `nil` takes `--profile` (else
    ///   `desktop`).
    static func prepare(_ scanner: ArgumentScanner, profile: DeviceProfile? = nil) throws(CommandFailure) -> RenderJob {
        let fragmentPath: String
        if let path = scanner.last("--fragment") {
            fragmentPath = path
        } else if scanner.positionals.count == 1 {
            fragmentPath = scanner.positionals[0]
        } else {
            throw .usage("no fragment shader given (--fragment FILE)")
        }
        var device = DeviceProfile.desktop
        if let profile { device = profile } else { device = try parsedProfile(scanner) }
        let options = CheckOptions(isStrict: scanner.has("--strict"), profile: device)
        let fragment = try compile(fragmentPath, stage: .fragment, options: options)
        let vertex = try scanner.last("--vertex").map { path throws(CommandFailure) in
            try compile(path, stage: .vertex, options: options)
        }

        var inputs: [Texture] = []
        for path in scanner.all("--input") {
            inputs.append(try ChainCommand.decodeImage(path))
        }

        let size: (width: Int, height: Int)
        let givenSize: (width: Int, height: Int)?
        do {
            givenSize = try scanner.parsed("--size", as: "WxH, e.g. 1280x720", parseSize)
        } catch {
            throw .usage(error.message)
        }
        if let givenSize {
            size = givenSize
        } else if let first = inputs.first {
            size = (first.width, first.height)
        } else {
            throw .usage("no --input given, so --size WxH is required")
        }
        let pixelLimit = DecodingOptions.defaultPixelLimit
        guard size.width <= 1 << 16, size.height <= 1 << 16, size.width * size.height <= pixelLimit else {
            throw .usage("--size \(size.width)x\(size.height) is larger than the limit of \(pixelLimit) pixels")
        }

        let filter: TextureFilter
        let mipmap: MipmapFilter
        let wrap: TextureWrap
        let time: Float
        let loopLimit: Int?
        do {
            loopLimit = try scanner.parsed("--loop-limit", as: "a positive number") { Int($0).flatMap { $0 > 0 ? $0 : nil } }
            filter = try scanner.parsed("--filter", as: "'nearest' or 'linear'") { TextureFilter(rawValue: $0) } ?? .linear
            mipmap = try scanner.parsed("--mipmap", as: "'none', 'nearest' or 'linear'") { MipmapFilter(rawValue: $0) } ?? .none
            wrap = try scanner.parsed("--wrap", as: "'clamp', 'repeat' or 'mirror'") {
                ["clamp": .clampToEdge, "repeat": .repeat, "mirror": .mirroredRepeat][$0]
            } ?? .clampToEdge
            time = try scanner.parsed("--time", as: "seconds") { Float($0) } ?? 0
        } catch {
            throw .usage(error.message)
        }

        var job = RenderJob(
            fragment: fragment, vertex: vertex, inputs: inputs, uniforms: [:],
            samplerState: SamplerState(filter: filter, mipmapFilter: mipmap, wrap: wrap), width: size.width,
            height: size.height, fragmentPath: fragmentPath)
        if let loopLimit { job.loopIterationLimit = loopLimit }
        job.profile = device
        for spec in scanner.all("--texture") {
            let (name, binding) = try textureBinding(spec, program: fragment, state: job.samplerState)
            job.bindings[name] = binding
        }
        try job.resolveUniforms(given: scanner.all("--uniform"), time: time)
        return job
    }

    /// The profile `--profile NAME` names, `desktop` without the option.
    static func parsedProfile(_ scanner: ArgumentScanner) throws(CommandFailure) -> DeviceProfile {
        do {
            return try scanner.parsed(
                "--profile", as: "a profile (" + DeviceProfile.all.map(\.name).joined(separator: ", ") + ")",
                DeviceProfile.named) ?? .desktop
        } catch {
            throw .usage(error.message)
        }
    }

    /// Reads and compiles one shader; diagnostics become a failure with exit code 65.
    static func compile(_ path: String, stage: ShaderStage, options: CheckOptions) throws(CommandFailure) -> Program {
        let text: String
        do {
            text = try ShaderFiles.read(path)
        } catch {
            throw CommandFailure(code: .noInput, message: "shade: \(path): error: \(error.message)\n")
        }
        do {
            let checked = try compileFrontEnd(
                source: text, name: path, stage: stage, options: options,
                parseOptions: options.profile.parseOptions())
            return try Compiler.compile(checked)
        } catch {
            throw CommandFailure(code: .dataError, message: error.diagnostics.rendered())
        }
    }

    /// Sets the uniforms given as `name=v,v,…`, then the automatic ones the shader declares and
    /// the user did not give: `texelWidth`/`texelHeight` (1/size of the first input, else of the
    /// output), `u_resolution`/`iResolution`/`resolution` (output size), `u_time`/`iTime`/
    /// `iGlobalTime`/`time` (`--time`).
    mutating func resolveUniforms(given: [String], time: Float) throws(CommandFailure) {
        for assignment in given {
            guard let equals = assignment.firstIndex(of: "=") else {
                throw .usage("--uniform '\(assignment)' is not NAME=VALUE[,VALUE…]")
            }
            let name = String(assignment[..<equals])
            var values: [Float] = []
            var integers: [Int64]? = []
            for part in assignment[assignment.index(after: equals)...].split(separator: ",", omittingEmptySubsequences: false) {
                let text = part.trimmingCharacters(in: .whitespaces)
                if let value = Float(text) {
                    values.append(value)
                    // Whole numbers that fit an int or a uint are kept exactly too.
                    if let i = Int64(text), i >= -(1 << 31), i < (1 << 32) { integers?.append(i) } else { integers = nil }
                } else if text == "true" || text == "false" {
                    values.append(text == "true" ? 1 : 0)
                } else {
                    throw .usage("--uniform \(name): '\(text)' is not a number")
                }
            }
            guard let declaration = fragment.uniform(named: name) ?? vertex?.uniform(named: name) else {
                throw .usage("--uniform \(name): the shader declares no uniform '\(name)'")
            }
            guard declaration.width == values.count else {
                throw .usage(
                    "--uniform \(name): takes \(declaration.width) value\(declaration.width == 1 ? "" : "s"), got \(values.count)")
            }
            uniforms[name] = values
            if let integers, integers.count == values.count, declaration.holdsIntegerBits {
                integerUniforms[name] = integers
            }
        }
        let texelSize = inputs.first.map { (Float($0.width), Float($0.height)) } ?? (Float(width), Float(height))
        let automatic: [String: [Float]] = [
            "texelWidth": [1 / texelSize.0],
            "texelHeight": [1 / texelSize.1],
            "u_resolution": [Float(width), Float(height), 1],
            "iResolution": [Float(width), Float(height), 1],
            "resolution": [Float(width), Float(height), 1],
            "u_time": [time], "iTime": [time], "iGlobalTime": [time], "time": [time],
        ]
        for (name, values) in automatic where uniforms[name] == nil {
            guard let declaration = fragment.uniform(named: name) ?? vertex?.uniform(named: name),
                declaration.kind == .float, declaration.width <= values.count
            else { continue }
            uniforms[name] = Array(values.prefix(declaration.width))
        }
    }

    /// The executor for `--threads N`, `--tile WxH` and `--lanes N`. With
    /// `compilingInBackground` (what every command but `bench` asks), a shader whose native
    /// code is not in the cache yet shades on closures while clang compiles it
    /// (`Schedule.compilesInBackground`): the same bits, with no wait for the compiler.
    static func executor(_ scanner: ArgumentScanner, compilingInBackground: Bool = true) throws(CommandFailure) -> Executor {
        var schedule = Schedule(engine: commandLineEngine, compilesInBackground: compilingInBackground)
        do {
            if let threads = try scanner.parsed("--threads", as: "a positive number", { Int($0).flatMap { $0 > 0 ? $0 : nil } }) {
                schedule.threadCount = threads
            }
            if let tile = try scanner.parsed("--tile", as: "WxH, e.g. 64x16", parseSize) {
                schedule.tileWidth = tile.width
                schedule.tileHeight = tile.height
            }
            if let lanes = try parsedLaneWidth(scanner) { schedule.laneWidth = lanes }
            if let engine = try parsedEngine(scanner) { schedule.engine = engine }
        } catch {
            throw .usage(error.message)
        }
        return Executor(schedule: schedule)
    }

    /// `--lanes N`: lanes per batch, 4 to 1024 and a power of two (every width gives the same bits).
    static func parsedLaneWidth(_ scanner: ArgumentScanner) throws(UsageError) -> Int? {
        try scanner.parsed("--lanes", as: "a power of two from 4 to 1024") {
            Int($0).flatMap { $0 >= 4 && $0 <= 1024 && $0.nonzeroBitCount == 1 ? $0 : nil }
        }
    }

    /// The engine the command line shades with unless `--engine` says: `$SHADE_ENGINE`, else
    /// native (programs it cannot translate, and machines without clang, run on closures).
    /// Swift callers get `ShadingEngine.defaultEngine` (closures) unless they ask.
    static var commandLineEngine: ShadingEngine {
        ProcessInfo.processInfo.environment["SHADE_ENGINE"].flatMap(ShadingEngine.init(rawValue:)) ?? .native
    }

    /// `--engine closures|native` (`ShadingEngine`; the same bits either way).
    static func parsedEngine(_ scanner: ArgumentScanner) throws(UsageError) -> ShadingEngine? {
        try scanner.parsed("--engine", as: "closures or native") { ShadingEngine(rawValue: $0) }
    }

    /// The draw call for this job.
    var drawCall: DrawCall {
        var draw = DrawCall(
            fragment: fragment, vertex: vertex, uniforms: uniforms, inputs: inputs, samplerState: samplerState,
            bindings: bindings)
        draw.integerUniforms = integerUniforms
        draw.loopIterationLimit = loopIterationLimit
        draw.profile = profile
        return draw
    }

    /// Draws once into a new framebuffer.
    /// One draw into a framebuffer per location of `locations` (multiple render targets).
    func renderOutputs(
        at locations: Set<Int>, with executor: Executor, format: PixelFormat = .rgba8
    ) throws(CommandFailure) -> [Int: Framebuffer] {
        var targets: [Int: Framebuffer] = [:]
        for location in locations { targets[location] = Framebuffer(width: width, height: height, format: format) }
        do {
            try executor.render(drawCall, into: targets)
        } catch let error as ExecutionError {
            let code: ExitCode = if case .uniform = error { .usage } else { .dataError }
            throw CommandFailure(code: code, message: "shade: \(fragmentPath): error: \(error)\n")
        } catch {
            throw CommandFailure(code: .internalError, message: "shade: internal error: \(error)\n")
        }
        return targets
    }

    func render(with executor: Executor, format: PixelFormat = .rgba8) throws(CommandFailure) -> Framebuffer {
        try renderOutputs(at: [0], with: executor, format: format)[0]!
    }
}

extension RenderJob {
    /// `--texture NAME=FILE[,FILE…][@LAYERS]`: the texture of sampler NAME. A `sampler3D` or
    /// `sampler2DArray` takes one file per slice, or one file holding the slices stacked top to
    /// bottom (square slices unless `@LAYERS` says how many); a `samplerCube` six files or a
    /// strip of six squares (+X, −X, +Y, −Y, +Z, −Z); a 2D sampler one file. Integer samplers
    /// are sampled nearest (GL calls an integer texture with a linear filter incomplete).
    static func textureBinding(
        _ spec: String, program: Program, state: SamplerState
    ) throws(CommandFailure) -> (String, TextureBinding) {
        guard let equals = spec.firstIndex(of: "="), equals != spec.startIndex else {
            throw .usage("--texture '\(spec)' is not NAME=FILE[,FILE…][@LAYERS]")
        }
        let name = String(spec[..<equals])
        var files = String(spec[spec.index(after: equals)...])
        guard let sampler = program.samplers.first(where: { $0.name == name }) else {
            let names = program.samplers.map(\.name)
            throw .usage("--texture \(name): the shader declares no sampler '\(name)'"
                         + (names.isEmpty ? "" : " (its samplers: \(names.joined(separator: ", ")))"))
        }
        var layers: Int?
        if let at = files.lastIndex(of: "@"), let n = Int(files[files.index(after: at)...]) {
            guard n >= 1 else { throw .usage("--texture \(name): @\(n) is not a number of layers") }
            layers = n
            files = String(files[..<at])
        }
        let paths = files.split(separator: ",").map(String.init)
        guard !paths.isEmpty else { throw .usage("--texture \(name): no file given") }
        var textures: [Texture] = []
        for path in paths { textures.append(try ChainCommand.decodeImage(path)) }
        var state = state
        if sampler.texelKind != .float { state.filter = .nearest }
        state.mipmapFilter = sampler.kind == .texture2D ? state.mipmapFilter : .none
        let first = textures[0]
        guard textures.allSatisfy({ $0.width == first.width && $0.height == first.height }) else {
            throw .usage("--texture \(name): the files are not all \(first.width)x\(first.height)")
        }
        let stacked = textures.count == 1
            ? first : Texture(width: first.width, height: first.height * textures.count, rgba8: textures.flatMap(\.rgba8Bytes))
        func count(_ wanted: Int?) throws(CommandFailure) -> Int {
            if textures.count > 1 {
                if let layers, layers != textures.count {
                    throw .usage("--texture \(name): @\(layers) layers, but \(textures.count) files")
                }
                return textures.count
            }
            let n = layers ?? wanted ?? (first.height % first.width == 0 ? first.height / first.width : 0)
            guard n >= 1, first.height % n == 0 else {
                throw .usage("--texture \(name): \(first.width)x\(first.height) cannot be cut into "
                             + (n >= 1 ? "\(n) layers" : "square layers; give @LAYERS"))
            }
            return n
        }
        switch sampler.kind {
        case .texture2D:
            guard textures.count == 1, layers == nil else { throw .usage("--texture \(name): a 2D sampler takes one file") }
            return (name, .texture2D(first, state))
        case .texture3D, .texture2DArray:
            return (name, .layered(stacked, layers: try count(nil), state))
        case .cube:
            guard try count(6) == 6 else { throw .usage("--texture \(name): a cube map has six faces") }
            let size = first.width, rows = stacked.height / 6
            guard rows == size else { throw .usage("--texture \(name): cube faces must be square, got \(size)x\(rows)") }
            let bytes = stacked.rgba8Bytes, faceBytes = size * size * 4
            let faces = (0..<6).map { k in
                Texture(width: size, height: size, rgba8: Array(bytes[(k * faceBytes)..<((k + 1) * faceBytes)]))
            }
            // Seamless, with the run's mipmaps: what llvmpipe does in every GL ES context.
            var cubeState = state
            cubeState.seamlessCubeMap = true
            return (name, .cubeMap(faces, cubeState))
        }
    }
}
