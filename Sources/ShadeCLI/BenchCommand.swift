import Foundation
import Framebuffers
import ShaderCompiler
import ShaderExecution
import ImageGraph
import ShaderSemantics

/// `shade bench`: shading speed in Mpix/s, beside a hand-written native Swift loop doing the same
/// work in the same run, or the timing of any shader.
enum BenchCommand {
    static let subcommand = ShadeCommand.Subcommand(
        name: "bench",
        summary: "measure shading speed against native Swift loops, or time any shader",
        run: run)

    static let help = """
        usage: shade bench [--sizes WxH,WxH...] [--threads N] [--repeat N] [--json]
               shade bench --fragment F [shade run options] [--repeat N] [--json]

        Without --fragment, runs the built-in suite: grayscale, two-input alpha blend, a 9-tap
        Gaussian pass and an ALU-heavy procedural shader (Shaders/Bench/), at 1920x1080 and
        3840x2160, on one thread and on all threads, each beside a native Swift loop that does
        the same arithmetic in the same run, and prints the ratio Shade / native (lower is
        better; 1.0 is native speed). Inputs are deterministic noise images.

        With --fragment, times that shader like 'shade run' would render it (same options;
        nothing is written): the program is compiled and the inputs decoded once, then the
        median of --repeat draws is reported.

        Build in release mode for meaningful numbers: swift build -c release.

        options:
          --sizes LIST   sizes for the suite (default 1920x1080,3840x2160)
          --threads N    only this thread count (default: 1 and all cores)
          --repeat N     timed draws per measurement (default 5; the median is reported)
          --json         one JSON object per line and measurement: shader, width, height,
                         threads, median_ms, mpix_per_s (+ native_ms, ratio in the suite)

        examples:
          $ swift run -c release shade bench
          $ shade bench --sizes 640x480 --threads 1 --repeat 3 --json
          $ shade bench --fragment effect.frag --input photo.jpg --repeat 20

        """

    static func run(_ arguments: [String], _ console: Console) -> ExitCode {
        let scanner: ArgumentScanner
        do {
            scanner = try ArgumentScanner(arguments, options: RenderJob.options + [
                .init(names: ["--repeat"], takesValue: true),
                .init(names: ["--sizes"], takesValue: true),
                .init(names: ["--json"], takesValue: false),
            ])
        } catch {
            console.standardError("shade bench: \(error)\n\n" + help)
            return .usage
        }
        if scanner.has("--help") {
            console.standardOutput(help)
            return .success
        }
        do throws(CommandFailure) {
            let repeats: Int
            do {
                repeats = try scanner.parsed("--repeat", as: "a positive number") { Int($0).flatMap { $0 > 0 ? $0 : nil } } ?? 5
            } catch {
                throw CommandFailure.usage(error.message)
            }
            if scanner.last("--fragment") != nil || !scanner.positionals.isEmpty {
                try timeShader(scanner, repeats: repeats, console: console)
            } else {
                try runSuite(scanner, repeats: repeats, console: console)
            }
            return .success
        } catch {
            console.standardError(error.message)
            return error.code
        }
    }

    /// One measurement, printed as a table row or a JSON line.
    struct Measurement {
        var shader: String
        var width: Int
        var height: Int
        var threads: Int
        var medianMilliseconds: Double
        var nativeMilliseconds: Double?

        var megapixelsPerSecond: Double { Double(width * height) / medianMilliseconds / 1000 }

        var json: String {
            var fields: [(String, String)] = [
                ("shader", JSON.quoted(shader)),
                ("width", "\(width)"),
                ("height", "\(height)"),
                ("threads", "\(threads)"),
                ("median_ms", String(format: "%.3f", medianMilliseconds)),
                ("mpix_per_s", String(format: "%.3f", megapixelsPerSecond)),
            ]
            if let native = nativeMilliseconds {
                fields.append(("native_ms", String(format: "%.3f", native)))
                fields.append(("native_mpix_per_s", String(format: "%.3f", Double(width * height) / native / 1000)))
                fields.append(("ratio", String(format: "%.2f", medianMilliseconds / native)))
            }
            return JSON.object(fields)
        }

        var row: String {
            let size = "\(width)x\(height)"
            var text = shader.padding(toLength: 12, withPad: " ", startingAt: 0)
                + size.padding(toLength: 11, withPad: " ", startingAt: 0)
                + String(format: "%3d  %9.2f ms %8.1f Mpix/s", threads, medianMilliseconds, megapixelsPerSecond)
            if let native = nativeMilliseconds {
                text += String(format: "   native %8.2f ms   ratio %5.2f", native, medianMilliseconds / native)
            }
            return text
        }
    }

    /// The median wall time of `repeats` calls of `body`, after one warm-up call.
    static func median(repeats: Int, _ body: () throws -> Void) rethrows -> Double {
        try body()
        var times: [Double] = []
        for _ in 0..<repeats {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        return times.sorted()[times.count / 2]
    }

    static func timeShader(_ scanner: ArgumentScanner, repeats: Int, console: Console) throws(CommandFailure) {
        let job = try RenderJob.prepare(scanner)
        let executor = try RenderJob.executor(scanner)
        let target = Framebuffer(width: job.width, height: job.height)
        var draw = job.drawCall
        draw.preparedInputs = job.inputs.map { SampledTexture($0, state: job.samplerState) }
        let milliseconds: Double
        do {
            milliseconds = try median(repeats: repeats) { try executor.render(draw, into: target) }
        } catch {
            throw CommandFailure(code: .dataError, message: "shade: \(job.fragmentPath): error: \(error)\n")
        }
        let measurement = Measurement(
            shader: job.fragmentPath, width: job.width, height: job.height,
            threads: executor.schedule.threadCount, medianMilliseconds: milliseconds)
        console.standardOutput((scanner.has("--json") ? measurement.json : measurement.row) + "\n")
    }

    static func runSuite(_ scanner: ArgumentScanner, repeats: Int, console: Console) throws(CommandFailure) {
        var sizes: [(width: Int, height: Int)] = [(1920, 1080), (3840, 2160)]
        var threadCounts = [1, Schedule.coreCount]
        do {
            if let list = scanner.last("--sizes") {
                sizes = try list.split(separator: ",").map { part throws(UsageError) in
                    guard let size = parseSize(String(part)) else { throw UsageError("invalid size '\(part)' in --sizes") }
                    return size
                }
            }
            if let threads = try scanner.parsed("--threads", as: "a positive number", { Int($0).flatMap { $0 > 0 ? $0 : nil } }) {
                threadCounts = [threads]
            }
        } catch {
            throw .usage(error.message)
        }
        if threadCounts.count == 2 && threadCounts[1] == 1 { threadCounts = [1] }

        let isJSON = scanner.has("--json")
        if !isJSON {
            console.standardOutput("shader      size       threads   Shade median  throughput       native loop, same work\n")
        }
        for size in sizes {
            let base = noiseTexture(width: size.width, height: size.height, seed: 1)
            let overlay = noiseTexture(width: size.width, height: size.height, seed: 2)
            for benchmark in BenchmarkShader.all {
                let program = try compileBuiltin(benchmark.file)
                let inputs = Array([base, overlay].prefix(benchmark.inputCount))
                let prepared = inputs.map { SampledTexture($0, state: SamplerState()) }
                var uniforms: [String: [Float]] = [:]
                if program.uniform(named: "texelWidth") != nil { uniforms["texelWidth"] = [1 / Float(size.width)] }
                if program.uniform(named: "mixturePercent") != nil { uniforms["mixturePercent"] = [0.5] }
                if program.uniform(named: "u_resolution") != nil { uniforms["u_resolution"] = [Float(size.width), Float(size.height)] }
                if program.uniform(named: "u_time") != nil { uniforms["u_time"] = [0.25] }
                var draw = DrawCall(fragment: program, uniforms: uniforms)
                draw.preparedInputs = prepared
                let target = Framebuffer(width: size.width, height: size.height)
                let output = UnsafeMutablePointer<UInt8>.allocate(capacity: size.width * size.height * 4)
                defer { output.deallocate() }
                for threads in threadCounts {
                    let executor = Executor(schedule: Schedule(threadCount: threads))
                    let shade: Double
                    do {
                        shade = try median(repeats: repeats) { try executor.render(draw, into: target) }
                    } catch {
                        throw CommandFailure(code: .internalError, message: "shade bench: \(benchmark.name): \(error)\n")
                    }
                    let native = median(repeats: repeats) {
                        benchmark.native(inputs, output, size.width, size.height, threads)
                    }
                    let measurement = Measurement(
                        shader: benchmark.name, width: size.width, height: size.height, threads: threads,
                        medianMilliseconds: shade, nativeMilliseconds: native)
                    console.standardOutput((isJSON ? measurement.json : measurement.row) + "\n")
                }
            }
        }
    }

    static func compileBuiltin(_ file: String) throws(CommandFailure) -> Program {
        guard let source = BuiltinShaderFiles.text(of: file) else {
            throw CommandFailure(code: .internalError, message: "shade bench: internal error: missing built-in shader \(file)\n")
        }
        do {
            return try Compiler.compile(compileFrontEnd(source: source, name: file, stage: .fragment))
        } catch {
            throw CommandFailure(code: .internalError, message: "shade bench: internal error:\n" + error.diagnostics.rendered())
        }
    }

    /// Deterministic noise, so every run measures the same pixels.
    static func noiseTexture(width: Int, height: Int, seed: UInt32) -> Texture {
        var state = seed &* 2_654_435_761
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for i in bytes.indices {
            state = state &* 1_664_525 &+ 1_013_904_223
            bytes[i] = UInt8(truncatingIfNeeded: state >> 24)
        }
        return Texture(width: width, height: height, rgba8: bytes)
    }
}

/// The shaders the CLI ships with, embedded at build time (see `Plugins/EmbedShaders`).
enum BuiltinShaderFiles {
    /// The text of `Shaders/<relativePath>`, or `nil`.
    static func text(of relativePath: String) -> String? {
        FilterCatalog.shaderText(atPath: relativePath)
    }
}
