import Foundation
import Framebuffers
import ImageCodecs
import ShaderSemantics
import ShaderTesting

/// `shade difftest`: renders programs with the executor, the reference interpreter and
/// llvmpipe and reports every disagreement — generated programs by seed, or shader files.
enum DifftestCommand {
    static let subcommand = ShadeCommand.Subcommand(
        name: "difftest",
        summary: "render programs with the executor, the reference interpreter and llvmpipe; report disagreements",
        run: run)

    static let help = """
        usage: shade difftest [--seed S] [--count N] [--oracle interpreter|llvmpipe|both]
                              [--language es100|es300] [--size WxH] [--findings DIR]
                              [--no-shrink] [--threads N]
               shade difftest SHADER... [--vertex V] [--oracle ...] [--size WxH]

        Differential testing. Without files, generates COUNT random GLSL ES 1.00 programs
        (valid, terminating, free of undefined behaviour; program k is seed S + k), or
        GLSL ES 3.00 ones with --language es300, renders each with Shade's executor and
        compares it:
          interpreter  with the reference interpreter, bit for bit (the default);
          llvmpipe     with Mesa llvmpipe (scripts/glref-server), within 1/255; pixels that
                       sit on a discontinuity (a comparison or step whose inputs are within
                       rounding of the threshold) are counted apart, not hidden;
          both         both comparisons.
        Each failing program is shrunk (delta debugging over statements and expressions) and
        written to DIR with its uniforms and what differed; DIR/summary.txt has the figures.

        With shader files, compares those instead (uniforms are set automatically: texelWidth,
        u_resolution, fixed values for the rest; inputs are two built-in 16x16 images).

        options:
          --seed S           first seed (default 1)
          --count N          programs to generate (default 1000)
          --oracle O         interpreter (default), llvmpipe or both
          --profile NAME     compile every program for a device profile: both implementations
                             round mediump/lowp as it says, and llvmpipe runs in its native
                             precision (mediump in fp16) when the profile has fp16
          --mipmap M         sample the inputs with mipmaps, nearest or linear (GL's
                             LINEAR_MIPMAP_*), and generate lookups with a bias and (es300)
                             textureLod too
          --precision P      the generated programs' default float precision: highp (default),
                             mediump or lowp (then locals mix highp, mediump and lowp)
          --language L       es100 (default) or es300: '#version 300 es' programs with
                             32-bit ints and uints that wrap, %, bit operators, shifts,
                             int/uint conversions, switch and an 'out vec4' colour
          --size WxH         frame size (default 16x16)
          --findings DIR     where to write shrunk failing programs and summary.txt
          --no-shrink        report failing programs as generated
          --threads N        worker threads for the interpreter comparison (default: all cores)
          --vertex V         with shader files: the vertex shader
          -u, --uniform N=V  with shader files: a uniform's value(s), comma-separated
          --write-inputs DIR write the two built-in input images as DIR/input0.png, input1.png
          -h, --help         show this help

        exit status: 0 when everything agrees, 1 when something disagrees, 64 usage.

        examples:
          $ shade difftest --seed 1 --count 100000 --findings findings
          $ shade difftest --oracle llvmpipe --count 2000
          $ shade difftest --language es300 --seed 7000000 --count 2000 --oracle both
          $ shade difftest my-shader.frag --oracle both

        """

    static let options: [ArgumentScanner.Option] = [
        .init(names: ["--seed"], takesValue: true), .init(names: ["--count"], takesValue: true),
        .init(names: ["--oracle"], takesValue: true), .init(names: ["--size"], takesValue: true),
        .init(names: ["--language"], takesValue: true),
        .init(names: ["--findings"], takesValue: true), .init(names: ["--no-shrink"], takesValue: false),
        .init(names: ["--threads"], takesValue: true), .init(names: ["--vertex"], takesValue: true),
        .init(names: ["--write-inputs"], takesValue: true), .init(names: ["--uniform", "-u"], takesValue: true),
        .init(names: ["--profile"], takesValue: true), .init(names: ["--precision"], takesValue: true),
        .init(names: ["--mipmap"], takesValue: true),
        .init(names: ["--help", "-h"], takesValue: false),
    ]

    static func run(_ arguments: [String], _ console: Console) -> ExitCode {
        var o = DifferentialCampaign.Options()
        let scanner: ArgumentScanner
        do {
            scanner = try ArgumentScanner(arguments, options: options)
            if scanner.has("--help") {
                console.standardOutput(help)
                return .success
            }
            o.seed = try scanner.parsed("--seed", as: "a seed") { UInt64($0) } ?? 1
            o.count = try scanner.parsed("--count", as: "a count") { Int($0).flatMap { $0 > 0 ? $0 : nil } } ?? 1000
            o.oracle = try scanner.parsed("--oracle", as: "interpreter, llvmpipe or both") { DifferentialOracle(rawValue: $0) }
                ?? .interpreter
            o.generator.language = try scanner.parsed("--language", as: "es100 or es300") { GeneratedLanguage(rawValue: $0) }
                ?? .es100
            if let size = try scanner.parsed("--size", as: "WxH", parseSize) {
                guard size.width <= 4096, size.height <= 4096 else { throw UsageError("--size is at most 4096x4096") }
                (o.width, o.height) = size
            }
            o.threads = try scanner.parsed("--threads", as: "a thread count") { Int($0).flatMap { $0 > 0 ? $0 : nil } }
                ?? o.threads
            o.profile = try scanner.parsed(
                "--profile", as: DeviceProfile.all.map(\.name).joined(separator: ", "), DeviceProfile.named) ?? .desktop
            o.generator.floatPrecision = try scanner.parsed("--precision", as: "highp, mediump or lowp") {
                ["highp", "mediump", "lowp"].contains($0) ? $0 : nil
            } ?? "highp"
            if let mipmap = try scanner.parsed("--mipmap", as: "nearest or linear", {
                ["nearest": MipmapFilter.nearest, "linear": .linear][$0]
            }) {
                o.samplerState = SamplerState(filter: .linear, mipmapFilter: mipmap)
                o.generator.levelOfDetailLookups = true
            }
        } catch {
            console.standardError("shade difftest: \(error)\n\n" + help)
            return .usage
        }
        if let folder = scanner.last("--write-inputs") {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                for (k, t) in DifferentialCampaign.inputImages.enumerated() {
                    try ImageFile.write(t, toFile: "\(folder)/input\(k).png")
                }
            } catch {
                console.standardError("shade difftest: error: \(error)\n")
                return .cannotCreate
            }
            return .success
        }
        o.findings = scanner.last("--findings")
        o.shrinks = !scanner.has("--no-shrink")
        if !scanner.positionals.isEmpty { return compareFiles(scanner, o, console) }
        let start = Date()
        let total = o.count
        do {
            let report = try DifferentialCampaign(options: o).run { done in
                if done % 1000 == 0 || done == total {
                    let rate = Double(done) / max(Date().timeIntervalSince(start), 1e-3)
                    console.standardError("difftest: \(done)/\(total) programs (\(Int(rate))/s)\n")
                }
            }
            console.standardOutput(report.summary(o))
            return report.findings.isEmpty && report.rejected.isEmpty && report.llvmpipeRejected.isEmpty
                ? .success : .failure
        } catch {
            console.standardError("shade difftest: error: \(error)\n")
            return .internalError
        }
    }

    /// Compares the given shader files both ways (and with llvmpipe when asked).
    static func compareFiles(_ scanner: ArgumentScanner, _ o: DifferentialCampaign.Options, _ console: Console) -> ExitCode {
        var failures = 0
        let oracle: LlvmpipeOracle?
        do {
            oracle = o.oracle == .interpreter
                ? nil : try LlvmpipeOracle(precision: o.profile.precision.isAllFP32 ? .fp32 : .native)
        } catch {
            console.standardError("shade difftest: error: \(error)\n")
            return .internalError
        }
        let vertex = scanner.last("--vertex").flatMap { try? String(contentsOfFile: $0, encoding: .utf8) }
        var given: [String: [Float]] = [:]
        for assignment in scanner.all("--uniform") {
            let parts = assignment.split(separator: "=", maxSplits: 1)
            let values = parts.count == 2 ? parts[1].split(separator: ",").compactMap { Float(String($0)) } : []
            guard parts.count == 2, !values.isEmpty, values.count == parts[1].split(separator: ",").count else {
                console.standardError("shade difftest: error: --uniform takes NAME=V[,V...], got '\(assignment)'\n")
                return .usage
            }
            given[String(parts[0])] = values
        }
        for path in scanner.positionals {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                console.standardError("shade difftest: error: cannot read '\(path)'\n")
                return .noInput
            }
            var c = DifferentialCase(
                name: path, fragmentSource: text, vertexSource: vertex,
                uniforms: DifferentialCase.automaticUniforms(
                    fragmentSource: text, vertexSource: vertex, width: o.width, height: o.height, given: given),
                inputs: DifferentialCampaign.inputImages, width: o.width, height: o.height)
            c.profile = o.profile
            var line = "\(path):"
            let (outcome, fragility) = DifferentialTest.runKeepingFragility(c)
            if o.oracle != .llvmpipe {
                line += " interpreter: \(outcome)"
                if !outcome.isAgreement { failures += 1 }
            }
            if let oracle, case .agree(let image) = outcome, let fragile = fragility {
                do {
                    let comparison = LlvmpipeComparison(shade: image, llvmpipe: try oracle.render(c), fragile: fragile)
                    line += "; llvmpipe: \(comparison)"
                    if comparison.mismatches > 0 { failures += 1 }
                } catch {
                    line += "; llvmpipe: \(error)"
                }
            }
            console.standardOutput(line + "\n")
        }
        return failures == 0 ? .success : .failure
    }
}
