import Foundation
import Framebuffers
import ShaderCompiler
import ShaderDiagnostics
import ShaderExecution
import ShaderSemantics
import ShaderSyntax

/// Whether a test passed, failed or was skipped, with the reason.
public typealias ShaderTestStatus = ShaderLibraryResult.Status

/// Runs piglit `shader_runner` tests (`ShaderRunnerTest`) on Shade's executor.
///
/// The window is a `windowSize` RGBA8 framebuffer (250×250 unless `SIZE` says otherwise) whose
/// row 0 is GL's bottom row, so probe coordinates are used as they are. `draw rect` draws a
/// quad: the vertex shader's `piglit_vertex` / `gl_Vertex` is the rectangle's corner and
/// `piglit_texcoord` / `gl_MultiTexCoord0` its texture coordinate. The few fixed-function
/// built-ins of desktop GLSL 1.10/1.20 tests are provided: `gl_Vertex`, `ftransform()`,
/// `gl_ModelViewProjectionMatrix` (and the model-view and projection matrices: identity, or
/// piglit's window projection after `ortho`), `gl_MultiTexCoord0`, `gl_Color` (white),
/// `gl_FrontColor`, `gl_TexCoord[i]`, and the fixed-function stage a test leaves out.
///
/// A test that needs something Shade does not do is skipped with the reason, never passed.
public struct ShaderRunner: Sendable {
    /// Strictness for the checker.
    public var options: CheckOptions

    /// Creates a runner.
    public init(options: CheckOptions = CheckOptions()) {
        self.options = options
    }

    /// Runs every command of `test` and checks every probe.
    ///
    /// - Parameter test: a parsed `.shader_test` file.
    /// - Returns: `.passed`; `.failed` with the first failing line and expected vs observed
    ///   colour (and how many probes failed); or `.skipped` with the reason.
    public func run(_ test: ShaderRunnerTest) -> ShaderTestStatus {
        if let reason = test.unsupportedReason { return .skipped(reason) }
        let sources: FixedFunctionSources
        do {
            sources = try FixedFunctionSources(test)
        } catch {
            return .skipped(error.message)
        }
        let expectsLinkError = test.commands.contains { $0.command == .expectLink(succeeds: false) }
        let vertexShader: CheckedShader, fragmentShader: CheckedShader
        let vertex: Program, fragment: Program
        do {
            // A shader without '#version' has the test's version (the front end's default is ES 1.00).
            let parseOptions = options.profile.parseOptions(
                ParseOptions(defaultVersion: LanguageVersion(rawValue: sources.defaultVersion) ?? .glsl120))
            vertexShader = try compileFrontEnd(
                source: sources.vertex, name: test.name + " [vertex shader]", stage: .vertex, options: options,
                parseOptions: parseOptions)
            fragmentShader = try compileFrontEnd(
                source: sources.fragment, name: test.name + " [fragment shader]", stage: .fragment, options: options,
                parseOptions: parseOptions)
        } catch {
            // Several units of one stage are compiled as one text, so what a GL linker reports
            // (a function defined twice, a global with two initializers) shows up here.
            let isLinkedUnits = test.vertexShaderUnitCount > 1 || test.fragmentShaderUnitCount > 1
            if expectsLinkError && isLinkedUnits { return .passed }
            return .failed("compile error: " + error.diagnostics.filter { $0.severity == .error }.map(\.message).joined(separator: "; "))
        }
        var linkErrors = ShaderLibraryRunner(options: options).link(vertexShader, fragmentShader)
        // Desktop GLSL before 1.40 requires the vertex shader to write gl_Position (Mesa's rule;
        // GLSL ES only warns).
        if !vertexShader.version.isES, !vertexShader.builtinsUsed.contains(.glPosition) {
            linkErrors.append("the vertex shader does not write gl_Position")
        }
        if expectsLinkError {
            return linkErrors.isEmpty ? .failed("expected a link error, but the shaders linked") : .passed
        }
        if !linkErrors.isEmpty { return .failed("link error: " + linkErrors.joined(separator: "; ")) }
        do {
            vertex = try Compiler.compile(vertexShader)
            fragment = try Compiler.compile(fragmentShader)
        } catch {
            return .failed("compiler: " + error.diagnostics.map(\.message).joined(separator: "; "))
        }
        var state = DrawState(
            test: test, vertex: vertex, fragment: fragment,
            uniforms: UniformValues(shaders: [vertexShader, fragmentShader], programs: [vertex, fragment]),
            samplers: Set((vertex.samplers + fragment.samplers).map(\.name)))
        return state.runCommands()
    }
}

/// The window, textures and uniforms while a test's commands run.
private struct DrawState {
    let test: ShaderRunnerTest
    let vertex: Program
    let fragment: Program
    var uniforms: UniformValues
    let samplers: Set<String>
    let window: Framebuffer
    var clearColor = SIMD4<Float>(0, 0, 0, 0)
    var tolerance = ShaderRunnerTest.defaultTolerance
    /// Bound textures by unit: level 0, the sampler state, and the other levels (if given).
    var units: [Int: (texture: Texture, state: SamplerState, levels: [Texture])] = [:]
    var samplerUnits: [String: Int] = [:]
    var lastUnit = 0
    var isOrtho = false

    init(test: ShaderRunnerTest, vertex: Program, fragment: Program, uniforms: UniformValues, samplers: Set<String>) {
        self.test = test
        self.vertex = vertex
        self.fragment = fragment
        self.uniforms = uniforms
        self.samplers = samplers
        window = Framebuffer(width: test.windowSize.width, height: test.windowSize.height, format: .rgba8)
        window.clear(to: .zero)
    }

    var width: Int { window.width }
    var height: Int { window.height }

    mutating func runCommands() -> ShaderTestStatus {
        var failures: [String] = []
        for (line, command) in test.commands {
            do {
                if let failure = try run(command) { failures.append("line \(line): " + failure) }
            } catch {
                return .failed("line \(line): \(error.message)")
            }
        }
        guard let first = failures.first else { return .passed }
        return .failed(first + (failures.count > 1 ? " (\(failures.count) probes failed)" : ""))
    }

    /// Runs one command; returns a probe's failure message.
    mutating func run(_ command: ShaderRunnerCommand) throws(RunError) -> String? {
        switch command {
        case .uniform(let type, let name, let values):
            if samplers.contains(name) {
                samplerUnits[name] = Int(values.first ?? 0)
                return nil
            }
            if !uniforms.declares(name.prefix { $0 != "." && $0 != "[" }.description) {
                throw RunError(message: "uniform '\(name)' is not declared by the shaders")
            }
            do {
                try uniforms.set(name, exactly: values)
            } catch {
                throw RunError(message: "uniform \(type) \(name): \(error.message)")
            }
        case .drawRect(let x, let y, let w, let h, let ortho, let texture):
            var rect = [x, y, w, h]
            if ortho {
                rect = [x * 2 / Double(width) - 1, y * 2 / Double(height) - 1, w * 2 / Double(width), h * 2 / Double(height)]
            }
            try draw(rect: rect.map { Float($0) }, texture: (texture ?? [0, 0, 0, 0]).map { Float($0) })
        case .probe(let region, let expected):
            return probe(region, expected: expected)
        case .clearColor(let c):
            clearColor = SIMD4(c.map { Float($0) })
        case .clear:
            window.clear(to: clearColor)
        case .textureRGBW(let unit, let w, let h):
            units[unit] = (Self.rgbw(width: w, height: h), SamplerState(filter: .nearest, wrap: .clampToEdge), [])
            lastUnit = unit
        case .textureCheckerboard(let unit, let w, let h, let c1, let c2):
            units[unit] = (
                Self.checkerboard(width: w, height: h, SIMD4(c1.map { Float($0) }), SIMD4(c2.map { Float($0) })),
                SamplerState(filter: .nearest, wrap: .clampToEdge), []
            )
            lastUnit = unit
        case .textureMiptree(let unit):
            let colors: [SIMD4<Float>] = [[1, 0, 0, 1], [0, 1, 0, 1], [0, 0, 1, 1], [1, 1, 1, 1]]
            let levels = (0..<4).map { k in Texture(width: 8 >> k, height: 8 >> k, filledWith: colors[k]) }
            units[unit] = (levels[0], SamplerState(filter: .nearest, mipmapFilter: .nearest, wrap: .clampToEdge), levels)
            lastUnit = unit
        case .textureParameter(let name, let value):
            guard var bound = units[lastUnit] else { throw RunError(message: "texparameter with no texture") }
            let wraps: [String: TextureWrap] = [
                "repeat": .repeat, "clamp_to_edge": .clampToEdge, "mirrored_repeat": .mirroredRepeat,
            ]
            switch (name, value) {
            case ("min", "nearest"), ("mag", "nearest"): (bound.state.filter, bound.state.mipmapFilter) = (.nearest, name == "min" ? .none : bound.state.mipmapFilter)
            case ("min", "linear"), ("mag", "linear"): (bound.state.filter, bound.state.mipmapFilter) = (.linear, name == "min" ? .none : bound.state.mipmapFilter)
            // Shade has one filter within a level, for minification and magnification alike.
            case ("min", "nearest_mipmap_nearest"): (bound.state.filter, bound.state.mipmapFilter) = (.nearest, .nearest)
            case ("min", "linear_mipmap_nearest"): (bound.state.filter, bound.state.mipmapFilter) = (.linear, .nearest)
            case ("min", "nearest_mipmap_linear"): (bound.state.filter, bound.state.mipmapFilter) = (.nearest, .linear)
            case ("min", "linear_mipmap_linear"): (bound.state.filter, bound.state.mipmapFilter) = (.linear, .linear)
            case ("lod_bias", _) where Float(value) != nil: bound.state.lodBias = Float(value)!
            case ("wrap_s", _) where wraps[value] != nil: bound.state.wrapS = wraps[value]!
            case ("wrap_t", _) where wraps[value] != nil: bound.state.wrapT = wraps[value]!
            default: throw RunError(message: "texparameter \(name) \(value) is not supported")
            }
            units[lastUnit] = bound
        case .tolerance(let values):
            tolerance = values
        case .expectLink:
            break
        case .noOperation(let text):
            if text == "ortho" { isOrtho = true }
        case .unsupported(let text):
            throw RunError(message: "command '\(text)' is not supported")
        }
        return nil
    }

    func draw(rect: [Float], texture: [Float]) throws(RunError) {
        var values = uniforms.values
        for (name, value) in [
            (FixedFunctionSources.rectUniform, rect), (FixedFunctionSources.textureRectUniform, texture),
            (FixedFunctionSources.projectionUniform, projection),
        ] where vertex.uniform(named: name) != nil {
            values[name] = value
        }
        var bindings: [String: TextureBinding] = [:]
        for name in samplers {
            if let bound = units[samplerUnits[name] ?? 0] {
                bindings[name] = bound.levels.count > 1
                    ? .sampled(SampledTexture(levels: bound.levels, state: bound.state))
                    : .texture2D(bound.texture, bound.state)
            }
        }
        do {
            var draw = DrawCall(fragment: fragment, vertex: vertex, uniforms: values, bindings: bindings)
            draw.integerUniforms = uniforms.integers
            try Executor().render(draw, into: window)
        } catch {
            throw RunError(message: "draw failed: \(error)")
        }
    }

    /// Identity, or after `ortho` piglit's projection of window coordinates onto the window.
    var projection: [Float] {
        guard isOrtho else { return [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1] }
        let w = Float(width), h = Float(height)
        return [2 / w, 0, 0, 0, 0, 2 / h, 0, 0, 0, 0, -1, 0, -1, -1, 0, 1]
    }

    func probe(_ region: ShaderRunnerCommand.Region, expected: [Double]) -> String? {
        let x0: Int, y0: Int, w: Int, h: Int
        switch region {
        case .pixel(let x, let y): (x0, y0, w, h) = (x, y, 1, 1)
        case .relativePixel(let x, let y):
            // As piglit: a relative coordinate of 1.0 is the last row or column.
            (x0, y0, w, h) = (min(Int(x * Double(width)), width - 1), min(Int(y * Double(height)), height - 1), 1, 1)
        case .rect(let x, let y, let rw, let rh): (x0, y0, w, h) = (x, y, rw, rh)
        case .relativeRect(let x, let y, let rw, let rh):
            (x0, y0, w, h) = (
                Int(x * Double(width)), Int(y * Double(height)), Int(rw * Double(width)), Int(rh * Double(height))
            )
        case .all: (x0, y0, w, h) = (0, 0, width, height)
        }
        guard x0 >= 0, y0 >= 0, x0 + w <= width, y0 + h <= height, w > 0, h > 0 else {
            return "probe (\(x0), \(y0)) \(w)x\(h) is outside the \(width)x\(height) window"
        }
        for y in y0..<(y0 + h) {
            for x in x0..<(x0 + w) {
                let pixel = window.pixel(x: x, y: y)
                for k in expected.indices where abs(Double(pixel[k]) - expected[k]) > tolerance[k] {
                    let observed = (0..<expected.count).map { Self.format(Double(pixel[$0])) }
                    return "probe at (\(x), \(y)): expected (\(expected.map(Self.format).joined(separator: ", "))), observed (\(observed.joined(separator: ", ")))"
                }
            }
        }
        return nil
    }

    static func format(_ v: Double) -> String {
        let rounded = (v * 1000).rounded() / 1000
        return String(rounded)
    }

    /// piglit's `texture rgbw`: red bottom left, green bottom right, blue top left, white top
    /// right (row 0 is the bottom, t = 0).
    static func rgbw(width: Int, height: Int) -> Texture {
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let top = y >= height / 2, right = x >= width / 2
                let color: (UInt8, UInt8, UInt8) = switch (top, right) {
                case (false, false): (255, 0, 0)
                case (false, true): (0, 255, 0)
                case (true, false): (0, 0, 255)
                case (true, true): (255, 255, 255)
                }
                let o = (y * width + x) * 4
                bytes[o] = color.0; bytes[o + 1] = color.1; bytes[o + 2] = color.2
            }
        }
        return Texture(width: width, height: height, rgba8: bytes)
    }

    /// piglit's `texture checkerboard`: 2×2 squares, the first colour at the origin.
    static func checkerboard(width: Int, height: Int, _ first: SIMD4<Float>, _ second: SIMD4<Float>) -> Texture {
        var values: [Float] = []
        values.reserveCapacity(width * height * 4)
        let sw = max(width / 2, 1), sh = max(height / 2, 1)
        for y in 0..<height {
            for x in 0..<width {
                let c = ((x / sw) ^ (y / sh)) & 1 == 0 ? first : second
                values += [c.x, c.y, c.z, c.w]
            }
        }
        return Texture(width: width, height: height, float32: values).converted(to: .rgba8)
    }
}

/// A command that cannot run.
private struct RunError: Error {
    var message: String
}
