import Foundation
import Framebuffers
import ShaderCompiler
import ShaderDiagnostics
import ShaderExecution
import ShaderSemantics
import ShaderSyntax

/// The per-frame values of Shadertoy's uniforms.
struct ShadertoyClock: Equatable {
    /// `iFrame`, from 0.
    var frame: Int
    /// `iTime`, seconds.
    var time: Double
    /// `iTimeDelta`, seconds.
    var timeDelta: Double
    /// `iFrameRate`.
    var frameRate: Double
    /// `iDate`: year, month − 1, day, seconds since midnight.
    var date: SIMD4<Float>

    /// Frame `frame` of an animation starting at `startTime` and `startDate`, `fps` frames a
    /// second.
    init(frame: Int, fps: Double, startTime: Double = 0, startDate: ShadertoyDate = .standard) {
        self.frame = frame
        time = startTime + Double(frame) / fps
        timeDelta = 1 / fps
        frameRate = fps
        date = startDate.uniform(after: Double(frame) / fps)
    }
}

/// Draws a `ShadertoyProject` frame after frame as Shadertoy does: each frame the buffers
/// render in order A, B, C, D, then the Image pass; a channel reading a buffer sees its most
/// recent contents (this frame's for a buffer that rendered earlier in the frame, the previous
/// frame's for itself and for later buffers; zeros before the first frame). Buffers hold
/// RGBA32F, unclamped, as Shadertoy's float buffers do; the Image pass is RGBA8.
///
/// Every pass is compiled as Shadertoy compiles it: its header, the Common code and a newline,
/// then the pass's code; diagnostics point into the file they came from.
final class ShadertoyRenderer {
    /// One compiled pass.
    struct CompiledPass {
        var pass: ShadertoyProject.Pass
        var program: Program
    }

    /// The compiled passes in render order (buffers, then Image).
    let passes: [CompiledPass]
    let width: Int, height: Int
    let executor: Executor
    /// The checker's warnings for every pass, rendered on the user's files (empty when none).
    let warnings: String
    /// Uniform values for every pass (set with `-u`); a pass gets those it declares.
    var extraUniforms: [String: [Float]] = [:]

    /// Each buffer's most recent contents (RGBA32F, GL row order).
    private(set) var bufferContents: [ShadertoyProject.Buffer: Texture] = [:]
    /// Decoded channel images by path, flipped or not.
    private var images: [String: Texture] = [:]
    /// Decoded volumes by path.
    private var volumes: [String: ShadertoyVolume] = [:]
    /// Decoded cube maps by their face paths and flip.
    private var cubeMaps: [String: [Texture]] = [:]
    /// Image channels prepared for sampling once (their mipmaps built once), by image key and
    /// sampler state.
    private var sampledImages: [PreparedKey: SampledTexture] = [:]
    /// Cube maps and volumes prepared for sampling once (their mipmaps built once).
    private var preparedCubes: [PreparedKey: CubeTexture] = [:]
    private var preparedVolumes: [PreparedKey: SampledTexture] = [:]

    /// A decoded input and the sampler state it is prepared for.
    struct PreparedKey: Hashable {
        var source: String
        var state: SamplerState
    }
    /// The keyboard: 256×3, no key down.
    static let keyboard = Texture(width: 256, height: 3, format: .float32, filledWith: .zero)
    static let black = Texture(width: 1, height: 1, filledWith: SIMD4(0, 0, 0, 1))
    /// A sound input: Shadertoy's 512×2 one-channel spectrum and waveform, silent (a red
    /// channel of zeros reads (0, 0, 0, 1)).
    static let silence = Texture(width: 512, height: 2, filledWith: SIMD4(0, 0, 0, 1))

    /// Compiles every pass and decodes every channel image.
    ///
    /// - Throws: `CommandFailure` with exit 65 and the diagnostics of the first pass that does
    ///   not compile, or the image decoding failure (66 missing, 65 bad).
    init(
        project: ShadertoyProject, width: Int, height: Int, executor: Executor, profile: DeviceProfile = .desktop
    ) throws(CommandFailure) {
        self.width = width
        self.height = height
        self.executor = executor
        var compiled: [CompiledPass] = [], warnings: [String] = []
        for pass in project.passes {
            let result = try ShadertoyRenderer.compileReportingWarnings(pass, common: project.common, profile: profile)
            compiled.append(CompiledPass(pass: pass, program: result.program))
            // A warning in the Common code comes with every pass: once.
            for warning in result.warnings where !warnings.contains(warning) { warnings.append(warning) }
        }
        passes = compiled
        self.warnings = warnings.joined()
        let zero = Texture(width: width, height: height, format: .float32, filledWith: .zero)
        // Every buffer exists, as on Shadertoy: one no pass draws stays zeros.
        for buffer in ShadertoyProject.Buffer.allCases { bufferContents[buffer] = zero }
        for pass in project.passes {
            for channel in pass.channels.values {
                if case .volume(let path) = channel.source, volumes[path] == nil {
                    volumes[path] = try ShadertoyVolume.read(contentsOfFile: path)
                }
                if case .cubeMap(let paths) = channel.source {
                    let key = ShadertoyRenderer.cubeKey(paths, channel)
                    if cubeMaps[key] == nil {
                        var faces: [Texture] = []
                        for path in paths {
                            let face = try ChainCommand.decodeImage(path)
                            guard face.width == face.height, face.width == faces.first?.width ?? face.width else {
                                throw CommandFailure(
                                    code: .dataError,
                                    message: "shade: \(path): error: a cube map's faces are square and of one size; this one is \(face.width)×\(face.height)"
                                        + (faces.first.map { ", face 0 is \($0.width)×\($0.height)" } ?? "") + "\n")
                            }
                            faces.append(channel.flipsVertically ? face.flippedVertically() : face)
                        }
                        cubeMaps[key] = faces
                    }
                }
                guard case .texture(let path) = channel.source else { continue }
                let key = path + (channel.flipsVertically ? "#flipped" : "")
                if images[key] == nil {
                    let texture = try ChainCommand.decodeImage(path)
                    images[key] = channel.flipsVertically ? texture.flippedVertically() : texture
                }
            }
        }
    }

    /// The pass's full source as Shadertoy builds it, compiled; diagnostics on the user's files.
    static func compile(
        _ pass: ShadertoyProject.Pass, common: (code: String, path: String)?, profile: DeviceProfile = .desktop
    ) throws(CommandFailure) -> Program {
        try compileReportingWarnings(pass, common: common, profile: profile).program
    }

    /// `compile`, also returning the checker's warnings, each rendered on the user's files.
    static func compileReportingWarnings(
        _ pass: ShadertoyProject.Pass, common: (code: String, path: String)?, profile: DeviceProfile = .desktop
    ) throws(CommandFailure) -> (program: Program, warnings: [String]) {
        let prefix = common.map { $0.code + "\n" } ?? ""
        let source = prefix + pass.code
        var shader = ProceduralShader(
            source: source, keepsAlpha: pass.buffer != nil, isShadertoyPass: true, samplerTypes: pass.samplerTypes)
        var leftOut: Set<String> = []
        do throws(DiagnosticsError) {
            while true {
                do throws(DiagnosticsError) {
                    let checked = try compileFrontEnd(
                        source: shader.text, name: pass.path, stage: .fragment, options: CheckOptions(profile: profile),
                        parseOptions: profile.parseOptions())
                    let program = try Compiler.compile(checked)
                    guard !checked.warnings.isEmpty else { return (program, []) }
                    let moved = splitting(
                        shader.userDiagnostics(checked.warnings, source: source, path: pass.path),
                        commonLength: prefix.utf8.count, common: common, pass: pass)
                    return (program, moved.map { StepRecipe.renderedDiagnostics([$0], path: pass.path) })
                } catch {
                    let clashes = shader.clashes(in: error.diagnostics).subtracting(leftOut)
                    guard !clashes.isEmpty else { throw error }
                    leftOut.formUnion(clashes)
                    shader = ProceduralShader(
                        source: source, leavingOut: leftOut, keepsAlpha: pass.buffer != nil, isShadertoyPass: true,
                        samplerTypes: pass.samplerTypes)
                }
            }
        } catch {
            let combined = shader.userDiagnostics(error.diagnostics, source: source, path: pass.path)
            let split = splitting(combined, commonLength: prefix.utf8.count, common: common, pass: pass)
            throw CommandFailure(code: .dataError, message: StepRecipe.renderedDiagnostics(split, path: pass.path))
        }
    }

    /// Diagnostics on Common + pass text moved onto the Common file or the pass file.
    static func splitting(
        _ diagnostics: [Diagnostic], commonLength: Int, common: (code: String, path: String)?, pass: ShadertoyProject.Pass
    ) -> [Diagnostic] {
        guard let common, commonLength > 0 else { return diagnostics }
        let commonFile = SourceFile(name: common.path, text: common.code)
        let passFile = SourceFile(name: pass.path, text: pass.code)
        func moved(_ span: SourceSpan?) -> SourceSpan? {
            guard let span else { return nil }
            if span.start < commonLength {
                let limit = commonFile.bytes.count
                return SourceSpan(file: commonFile, start: min(span.start, limit), end: min(max(span.end, span.start), limit))
            }
            let limit = passFile.bytes.count
            let start = min(span.start - commonLength, limit)
            return SourceSpan(file: passFile, start: start, end: min(max(span.end - commonLength, start), limit))
        }
        return diagnostics.map { diagnostic in
            var result = diagnostic
            result.span = moved(diagnostic.span)
            result.notes = diagnostic.notes.map { Diagnostic.Note($0.message, at: moved($0.span)) }
            return result
        }
    }

    /// The most recent contents of `buffer` (RGBA32F, GL row order), nil if the shader has no
    /// such buffer.
    func contents(of buffer: ShadertoyProject.Buffer) -> Texture? {
        passes.contains { $0.pass.buffer == buffer } ? bufferContents[buffer] : nil
    }

    /// Renders one frame: every buffer in order, then the Image pass.
    ///
    /// - Returns: the Image pass's output (RGBA8, GL row order: row 0 is `fragCoord.y` 0.5).
    /// - Throws: `CommandFailure` (65) when a pass fails while running.
    func renderFrame(_ clock: ShadertoyClock) throws(CommandFailure) -> Texture {
        var image: Texture?
        for compiled in passes {
            let pass = compiled.pass
            var bindings: [String: TextureBinding] = [:]
            var resolutions = [Float](repeating: 0, count: 12)
            for (number, channel) in pass.channels {
                let texture: Texture
                let state = ShadertoyRenderer.samplerState(of: channel)
                switch channel.source {
                case .buffer(let buffer):
                    texture = bufferContents[buffer]!
                    bindings["iChannel\(number)"] = .texture2D(texture, state)
                case .keyboard:
                    texture = ShadertoyRenderer.keyboard
                    bindings["iChannel\(number)"] = .texture2D(texture, state)
                case .sound:
                    texture = ShadertoyRenderer.silence
                    bindings["iChannel\(number)"] = .texture2D(texture, state)
                case .cubeMap(let paths):
                    var cubeState = state
                    cubeState.seamlessCubeMap = true
                    let key = PreparedKey(source: ShadertoyRenderer.cubeKey(paths, channel), state: cubeState)
                    let cube = preparedCubes[key] ?? CubeTexture(faces: cubeMaps[key.source]!, state: cubeState)
                    preparedCubes[key] = cube
                    bindings["iChannel\(number)"] = .cubeTexture(cube)
                    // Shadertoy leaves a cube map's iChannelResolution at zero.
                    continue
                case .volume(let path):
                    let volume = volumes[path]!
                    texture = volume.texture
                    let key = PreparedKey(source: path, state: state)
                    let sampled = preparedVolumes[key] ?? SampledTexture(volume: texture, depth: volume.depth, state: state)
                    preparedVolumes[key] = sampled
                    bindings["iChannel\(number)"] = .sampled(sampled)
                    resolutions[3 * number] = Float(texture.width)
                    resolutions[3 * number + 1] = Float(texture.height / volume.depth)
                    resolutions[3 * number + 2] = Float(volume.depth)
                    continue
                case .texture(let path):
                    let key = path + (channel.flipsVertically ? "#flipped" : "")
                    texture = images[key]!
                    let sampledKey = PreparedKey(source: key, state: state)
                    let sampled = sampledImages[sampledKey] ?? SampledTexture(texture, state: state)
                    sampledImages[sampledKey] = sampled
                    bindings["iChannel\(number)"] = .sampled(sampled)
                }
                resolutions[3 * number] = Float(texture.width)
                resolutions[3 * number + 1] = Float(texture.height)
                resolutions[3 * number + 2] = 1
            }
            for number in 0...3 where bindings["iChannel\(number)"] == nil {
                bindings["iChannel\(number)"] = .texture2D(ShadertoyRenderer.black, SamplerState())
            }
            var uniforms: [String: [Float]] = [
                "iResolution": [Float(width), Float(height), 1],
                "iTime": [Float(clock.time)],
                "iTimeDelta": [Float(clock.timeDelta)],
                "iFrameRate": [Float(clock.frameRate)],
                "iFrame": [Float(clock.frame)],
                "iMouse": [0, 0, 0, 0],
                "iDate": [clock.date.x, clock.date.y, clock.date.z, clock.date.w],
                "iSampleRate": [44100],
                "iChannelTime": [0, 0, 0, 0],
                "iChannelResolution": resolutions,
            ]
            uniforms.merge(extraUniforms) { _, given in given }
            let draw = DrawCall(fragment: compiled.program, uniforms: uniforms, bindings: bindings)
            let target = Framebuffer(width: width, height: height, format: pass.buffer == nil ? .rgba8 : .float32)
            do {
                try executor.render(draw, into: target)
            } catch let error as ExecutionError {
                let code: ExitCode = if case .uniform = error { .usage } else { .dataError }
                throw CommandFailure(code: code, message: "shade: \(pass.path): error: \(error)\n")
            } catch {
                throw CommandFailure(code: .internalError, message: "shade: internal error: \(error)\n")
            }
            if let buffer = pass.buffer {
                bufferContents[buffer] = target.makeTexture()
            } else {
                image = target.makeTexture()
            }
        }
        return image!
    }

    /// The key of a cube map's decoded faces.
    static func cubeKey(_ paths: [String], _ channel: ShadertoyProject.Channel) -> String {
        paths.joined(separator: "|") + (channel.flipsVertically ? "#flipped" : "")
    }

    /// A channel's GL sampler: Shadertoy's `mipmap` is `GL_LINEAR_MIPMAP_LINEAR` over levels
    /// generated from the channel's image (or buffer, each frame), as `glGenerateMipmap`.
    static func samplerState(of channel: ShadertoyProject.Channel) -> SamplerState {
        SamplerState(
            filter: channel.filter == .nearest ? .nearest : .linear,
            mipmapFilter: channel.filter == .mipmap ? .linear : .none,
            wrap: channel.wrap == .repeat ? .repeat : .clampToEdge)
    }
}
