import BenchKernels
import Foundation
import Framebuffers
import ShaderCompiler
import ShaderExecution
import ImageGraph
import ShaderSemantics

/// `shade bench`: shading speed in Mpix/s, beside hand-written C and Swift loops doing the same
/// work in the same run (and llvmpipe, with `--vs-llvmpipe`), or the timing of any shader.
enum BenchCommand {
    static let subcommand = ShadeCommand.Subcommand(
        name: "bench",
        summary: "measure shading speed against hand-written C (and llvmpipe), or time any shader",
        run: run)

    static let help = """
        usage: shade bench [--sizes WxH,WxH...] [--threads N] [--repeat N] [--only NAMES]
                           [--vs-llvmpipe [--llvmpipe-precision native|fp32] [--glref PATH]] [--json]
               shade bench --fragment F [shade run options] [--repeat N] [--json]

        Without --fragment, runs the built-in suite: grayscale, two-input alpha blend, a 9-tap
        Gaussian pass and an ALU-heavy procedural shader (Shaders/Bench/), at 1920x1080 and
        3840x2160, on one thread and on all threads. Beside each shader it times, in the same
        run, a hand-written C kernel doing the same work (Benchmarks/BenchKernels, built for the
        host's vector ISA; a memcpy of the frame is the floor) and a native Swift loop. It prints
        C/Shade, how many times faster C is (lower is better; 1.0 is C's speed), and whether the
        C kernel wrote the same bytes as Shade. Inputs are deterministic noise images.

        With --vs-llvmpipe it also times Mesa's llvmpipe on the same shader, inputs and thread
        count through glref.py (median draw; upload and readback excluded).

        With --fragment, times that shader like 'shade run' would render it (same options;
        nothing is written): the program is compiled and the inputs decoded once, then the
        median of --repeat draws is reported.

        Build in release mode for meaningful numbers: swift build -c release.

        options:
          --sizes LIST   sizes for the suite (default 1920x1080,3840x2160)
          --threads N    only this thread count (default: 1 and all cores)
          --repeat N     timed draws per measurement (default 5; the median is reported)
          --engine E     closures or native (generated C; default $SHADE_ENGINE or native)
          --lanes N      lanes per batch (default 64; 4 to 1024, a power of two)
          --only NAMES   only these benchmarks (grayscale,alphaBlend,gaussian9,procedural)
          --vs-llvmpipe  time llvmpipe too (needs Mesa and ../shared/tools/glref.py)
          --llvmpipe-precision P   native (default: Mesa as shipped, its widest vectors and
                         FMA) or fp32 (glref.py's plain-fp32 SSE4.1 mode)
          --glref PATH   glref.py to use (default $SHADE_GLREF or ../shared/tools/glref.py)
          --json         one JSON object per line and measurement: shader, width, height,
                         threads, median_ms, mpix_per_s; in the suite also c_ms,
                         c_mpix_per_s, c_over_shade, c_isa, c_differing_channels, native_ms,
                         ratio (Shade / Swift loop), and llvmpipe_ms, shade_over_llvmpipe

        examples:
          $ swift run -c release shade bench
          $ shade bench --sizes 640x480 --threads 1 --repeat 3 --json
          $ shade bench --only procedural --threads 1 --vs-llvmpipe
          $ shade bench --fragment effect.frag --input photo.jpg --repeat 20

        """

    static func run(_ arguments: [String], _ console: Console) -> ExitCode {
        let scanner: ArgumentScanner
        do {
            scanner = try ArgumentScanner(arguments, options: RenderJob.options + [
                .init(names: ["--repeat"], takesValue: true),
                .init(names: ["--sizes"], takesValue: true),
                .init(names: ["--json"], takesValue: false),
                .init(names: ["--only"], takesValue: true),
                .init(names: ["--vs-llvmpipe"], takesValue: false),
                .init(names: ["--llvmpipe-precision"], takesValue: true),
                .init(names: ["--glref"], takesValue: true),
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
        /// Shade's median draw; nil for the memcpy floor, which only C runs.
        var medianMilliseconds: Double?
        var nativeMilliseconds: Double?
        var cMilliseconds: Double?
        /// Output channels where Shade and the C kernel differ (0: the same bits).
        var differingChannels: Int?
        var llvmpipeMilliseconds: Double?
        /// The engine that shaded (`closures` when the native engine fell back).
        var engine: String?

        func megapixelsPerSecond(_ milliseconds: Double) -> Double { Double(width * height) / milliseconds / 1000 }

        var json: String {
            var fields: [(String, String)] = [
                ("shader", JSON.quoted(shader)),
                ("width", "\(width)"),
                ("height", "\(height)"),
                ("threads", "\(threads)"),
            ]
            if let engine { fields.append(("engine", JSON.quoted(engine))) }
            func add(_ name: String, _ value: Double?, _ format: String = "%.3f") {
                if let value { fields.append((name, String(format: format, value))) }
            }
            add("median_ms", medianMilliseconds)
            add("mpix_per_s", medianMilliseconds.map(megapixelsPerSecond))
            if let native = nativeMilliseconds {
                add("native_ms", native)
                add("native_mpix_per_s", megapixelsPerSecond(native))
                add("ratio", medianMilliseconds.map { $0 / native }, "%.2f")
            }
            if let c = cMilliseconds {
                add("c_ms", c)
                add("c_mpix_per_s", megapixelsPerSecond(c))
                add("c_over_shade", medianMilliseconds.map { $0 / c }, "%.2f")
                fields.append(("c_isa", JSON.quoted(String(cString: shade_bench_vector_isa()))))
            }
            if let differingChannels { fields.append(("c_differing_channels", "\(differingChannels)")) }
            if let llvmpipe = llvmpipeMilliseconds {
                add("llvmpipe_ms", llvmpipe)
                add("llvmpipe_mpix_per_s", megapixelsPerSecond(llvmpipe))
                add("shade_over_llvmpipe", medianMilliseconds.map { llvmpipe / $0 }, "%.2f")
            }
            return JSON.object(fields)
        }

        var row: String {
            let size = "\(width)x\(height)"
            var text = shader.padding(toLength: 12, withPad: " ", startingAt: 0)
                + size.padding(toLength: 11, withPad: " ", startingAt: 0)
                + String(format: "%3d", threads)
            if let shade = medianMilliseconds {
                text += String(format: " %@ %8.2f ms %7.0f Mpix/s", engine == "native" ? "N" : " ", shade, megapixelsPerSecond(shade))
            } else {
                text += String(repeating: " ", count: 26)
            }
            if let c = cMilliseconds {
                text += String(format: " | C %7.2f ms %7.0f Mpix/s", c, megapixelsPerSecond(c))
                if let shade = medianMilliseconds { text += String(format: "  C/Shade %5.2f", shade / c) }
            }
            if let differingChannels {
                text += differingChannels == 0 ? "  same bits" : "  \(differingChannels) channels differ"
            }
            if let native = nativeMilliseconds, let shade = medianMilliseconds {
                text += String(format: " | Swift loop %7.2f ms (%4.2f)", native, shade / native)
            }
            if let llvmpipe = llvmpipeMilliseconds, let shade = medianMilliseconds {
                text += String(format: " | llvmpipe %7.2f ms  Shade %4.2fx", llvmpipe, llvmpipe / shade)
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
        let executor = try RenderJob.executor(scanner, compilingInBackground: false)
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
            threads: executor.schedule.threadCount, medianMilliseconds: milliseconds,
            engine: Self.engineName(executor.schedule.engine, job.fragment))
        console.standardOutput((scanner.has("--json") ? measurement.json : measurement.row) + "\n")
    }

    static func runSuite(_ scanner: ArgumentScanner, repeats: Int, console: Console) throws(CommandFailure) {
        var sizes: [(width: Int, height: Int)] = [(1920, 1080), (3840, 2160)]
        var threadCounts = [1, Schedule.coreCount]
        var benchmarks = BenchmarkShader.all
        var llvmpipe: LlvmpipeTimer?
        var laneWidth = Schedule().laneWidth
        var engine = RenderJob.commandLineEngine
        do throws(UsageError) {
            if let lanes = try RenderJob.parsedLaneWidth(scanner) { laneWidth = lanes }
            if let chosen = try RenderJob.parsedEngine(scanner) { engine = chosen }
            if let list = scanner.last("--sizes") {
                sizes = try list.split(separator: ",").map { part throws(UsageError) in
                    guard let size = parseSize(String(part)) else { throw UsageError("invalid size '\(part)' in --sizes") }
                    return size
                }
            }
            if let threads = try scanner.parsed("--threads", as: "a positive number", { Int($0).flatMap { $0 > 0 ? $0 : nil } }) {
                threadCounts = [threads]
            }
            if let list = scanner.last("--only") {
                let names = list.split(separator: ",").map(String.init)
                for name in names where !BenchmarkShader.all.contains(where: { $0.name == name }) {
                    throw UsageError("unknown benchmark '\(name)' in --only (have: \(BenchmarkShader.all.map(\.name).joined(separator: ", ")))")
                }
                benchmarks = BenchmarkShader.all.filter { names.contains($0.name) }
            }
            if scanner.has("--vs-llvmpipe") {
                let precision = scanner.last("--llvmpipe-precision") ?? "native"
                guard ["native", "fp32"].contains(precision) else {
                    throw UsageError("--llvmpipe-precision takes native or fp32, not '\(precision)'")
                }
                llvmpipe = LlvmpipeTimer(glref: scanner.last("--glref"), precision: precision)
            }
        } catch {
            throw .usage(error.message)
        }
        if threadCounts.count == 2 && threadCounts[1] == 1 { threadCounts = [1] }

        let isJSON = scanner.has("--json")
        if !isJSON {
            console.standardOutput(
                "C kernels: \(String(cString: shade_bench_vector_isa())); C/Shade is how many times faster C is (target <= 2); N: shaded by the native engine\n"
                    + "shader      size       thr     Shade median  throughput | same work in C\n")
        }
        if let llvmpipe { try llvmpipe.start() }
        defer { llvmpipe?.stop() }
        for size in sizes {
            let base = noiseTexture(width: size.width, height: size.height, seed: 1)
            let overlay = noiseTexture(width: size.width, height: size.height, seed: 2)
            let output = UnsafeMutablePointer<UInt8>.allocate(capacity: size.width * size.height * 4)
            defer { output.deallocate() }
            if let llvmpipe { try llvmpipe.writeInputs([base, overlay]) }
            for threads in threadCounts {
                let copy = median(repeats: repeats) { BenchmarkShader.copy([base], output, size.width, size.height, threads) }
                let floor = Measurement(
                    shader: "memcpy", width: size.width, height: size.height, threads: threads, cMilliseconds: copy)
                console.standardOutput((isJSON ? floor.json : floor.row) + "\n")
            }
            for benchmark in benchmarks {
                let program = try compileBuiltin(benchmark.file)
                let inputs = Array([base, overlay].prefix(benchmark.inputCount))
                let prepared = inputs.map { SampledTexture($0, state: SamplerState()) }
                var draw = DrawCall(fragment: program, uniforms: benchmark.uniforms(size.width, size.height))
                draw.preparedInputs = prepared
                let target = Framebuffer(width: size.width, height: size.height)
                for threads in threadCounts {
                    let executor = Executor(schedule: Schedule(threadCount: threads, laneWidth: laneWidth, engine: engine))
                    let shade: Double
                    do {
                        shade = try median(repeats: repeats) { try executor.render(draw, into: target) }
                    } catch {
                        throw CommandFailure(code: .internalError, message: "shade bench: \(benchmark.name): \(error)\n")
                    }
                    let c = median(repeats: repeats) { benchmark.c(inputs, output, size.width, size.height, threads) }
                    let differing = differingChannels(target.rgba8Pointer, output, count: size.width * size.height * 4)
                    let native = median(repeats: repeats) {
                        benchmark.native(inputs, output, size.width, size.height, threads)
                    }
                    let llvmpipeTime = try llvmpipe?.milliseconds(
                        benchmark, width: size.width, height: size.height, threads: threads, repeats: repeats)
                    let measurement = Measurement(
                        shader: benchmark.name, width: size.width, height: size.height, threads: threads,
                        medianMilliseconds: shade, nativeMilliseconds: native, cMilliseconds: c,
                        differingChannels: differing, llvmpipeMilliseconds: llvmpipeTime,
                        engine: Self.engineName(engine, program))
                    console.standardOutput((isJSON ? measurement.json : measurement.row) + "\n")
                }
            }
        }
    }

    /// The engine that shades `program` when `engine` is asked for.
    static func engineName(_ engine: ShadingEngine, _ program: Program) -> String {
        guard engine == .native else { return "closures" }
        if let reason = NativeEngine.shared.reasonForClosures(program) {
            FileHandle.standardError.write(Data("shade bench: running on closures: \(reason)\n".utf8))
            return "closures"
        }
        return "native"
    }

    /// Bytes that differ between two frames.
    static func differingChannels(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, count: Int) -> Int {
        var differing = 0
        for i in 0..<count where a[i] != b[i] { differing += 1 }
        return differing
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
