import Dispatch
import Foundation
import Framebuffers
import ImageCodecs
import ShaderSemantics

/// Which implementations a campaign holds the executor to.
public enum DifferentialOracle: String, Sendable, CaseIterable {
    /// The reference interpreter, bit for bit.
    case interpreter
    /// Mesa llvmpipe, within one 8-bit step (pixels on a discontinuity reported apart).
    case llvmpipe
    /// Both.
    case both
}

/// What llvmpipe's image of a case says about the executor's.
public struct LlvmpipeComparison: Sendable, CustomStringConvertible {
    /// Pixels compared.
    public var pixels: Int
    /// Pixels more than one 8-bit step apart where the reference interpreter saw no
    /// discontinuity: unexplained.
    public var mismatches: Int
    /// Pixels more than one step apart that sit on a discontinuity (a comparison, `step`,
    /// `floor`, … within rounding of its threshold): explained.
    public var discontinuities: Int
    /// The first unexplained pixel: (x, y, Shade, llvmpipe).
    public var first: (x: Int, y: Int, shade: SIMD4<UInt8>, llvmpipe: SIMD4<UInt8>)?

    public var description: String {
        guard let f = first else {
            return "within 1/255 of llvmpipe (\(discontinuities) pixels on a discontinuity)"
        }
        return "\(mismatches) pixels differ from llvmpipe by more than 1/255; first at (\(f.x), \(f.y)): Shade \(f.shade), llvmpipe \(f.llvmpipe)"
    }

    /// Compares Shade's image with llvmpipe's, using the interpreter's fragile pixels.
    public init(shade: Texture, llvmpipe: Texture, fragile: [Bool]) {
        pixels = shade.width * shade.height
        mismatches = 0
        discontinuities = 0
        for y in 0..<shade.height {
            for x in 0..<shade.width {
                let a = shade.rgba8Pixel(x: x, y: y), b = llvmpipe.rgba8Pixel(x: x, y: y)
                var worst = 0
                for k in 0..<4 { worst = max(worst, abs(Int(a[k]) - Int(b[k]))) }
                guard worst > 1 else { continue }
                if fragile[y * shade.width + x] {
                    discontinuities += 1
                } else {
                    mismatches += 1
                    if first == nil { first = (x, y, a, b) }
                }
            }
        }
    }
}

/// A campaign of generated programs: each rendered by the executor, the reference
/// interpreter and (optionally) llvmpipe, every disagreement shrunk to a small program and
/// written to a findings folder.
public struct DifferentialCampaign: Sendable {
    /// How a campaign runs.
    public struct Options: Sendable {
        /// The first seed; program k uses seed `seed + k`.
        public var seed: UInt64 = 1
        /// Programs to generate.
        public var count = 1000
        /// Which implementations to compare with.
        public var oracle = DifferentialOracle.interpreter
        /// The frame size.
        public var width = 16, height = 16
        /// Where findings go (`nil`: not written).
        public var findings: String?
        /// Shrink each failing program before reporting it.
        public var shrinks = true
        /// Worker threads for the interpreter comparison (llvmpipe runs on one).
        public var threads = max(1, ProcessInfo.processInfo.activeProcessorCount)
        /// What the generator may produce.
        public var generator = ProgramGenerator.Options()
        /// The device profile every program is compiled for (both implementations round
        /// `mediump` as it says); with a profile that has fp16 or fixed point, llvmpipe runs in
        /// its native precision (`mediump` in fp16).
        public var profile = DeviceProfile.desktop
        /// How the input images are sampled (mipmapped with `mipmapFilter`).
        public var samplerState = SamplerState()

        /// The defaults.
        public init() {}
    }

    /// One disagreement.
    public struct Finding: Sendable {
        /// `interpreter` or `llvmpipe`.
        public var oracle: String
        /// The seed of the original program.
        public var seed: UInt64
        /// What differed, for the shrunk program.
        public var summary: String
        /// The shrunk program (the original when shrinking is off).
        public var program: GeneratedProgram
    }

    /// The campaign's figures.
    public struct Report: Sendable {
        /// Programs generated.
        public var programs = 0
        /// Programs the executor and the interpreter rendered.
        public var interpreterComparisons = 0
        /// Programs llvmpipe rendered.
        public var llvmpipeComparisons = 0
        /// Pixels compared bit for bit with the interpreter.
        public var interpreterPixels = 0
        /// Pixels compared with llvmpipe.
        public var llvmpipePixels = 0
        /// Pixels beyond 1/255 of llvmpipe on a discontinuity (explained).
        public var discontinuityPixels = 0
        /// Programs with such pixels.
        public var programsWithDiscontinuities = 0
        /// Generated programs Shade's front end or compiler rejected (a generator bug).
        public var rejected: [UInt64] = []
        /// Generated programs llvmpipe rejected (a generator or Shade front-end bug).
        public var llvmpipeRejected: [UInt64] = []
        /// The first seeds whose pixels beyond 1/255 all sit on a discontinuity.
        public var discontinuitySeeds: [UInt64] = []
        /// The first few reasons llvmpipe gave.
        public var llvmpipeRejectionReasons: [String] = []
        /// Disagreements.
        public var findings: [Finding] = []
    }

    /// The two images every generated program may sample: 16×16 RGBA8, one smooth, one
    /// with sharp detail (made here, so that no file is needed).
    public static let inputImages: [Texture] = {
        var a = [UInt8](), b = [UInt8]()
        for y in 0..<16 {
            for x in 0..<16 {
                a += [UInt8(x * 16 + 8), UInt8(y * 16 + 8), UInt8((x + y) * 8), 255]
                let h = UInt32(x &* 73_856_093 ^ y &* 19_349_663) &* 2_654_435_761
                b += [UInt8(truncatingIfNeeded: h >> 24), UInt8(truncatingIfNeeded: h >> 16),
                      UInt8(truncatingIfNeeded: h >> 8), UInt8(128 + (x ^ y) * 8)]
            }
        }
        return [Texture(width: 16, height: 16, rgba8: a), Texture(width: 16, height: 16, rgba8: b)]
    }()

    /// The case a generated program is rendered as.
    public static func differentialCase(
        _ p: GeneratedProgram, width: Int, height: Int, profile: DeviceProfile = .desktop,
        samplerState: SamplerState = SamplerState()
    ) -> DifferentialCase {
        var c = DifferentialCase(
            name: "seed-\(p.seed)", fragmentSource: p.fragmentSource, vertexSource: p.vertexSource,
            uniforms: p.uniforms, inputs: Array(inputImages.prefix(max(p.inputCount, 0))),
            samplerState: samplerState, width: width, height: height)
        c.profile = profile
        return c
    }

    /// The case of `p` under these options.
    func differentialCase(_ p: GeneratedProgram) -> DifferentialCase {
        Self.differentialCase(
            p, width: options.width, height: options.height, profile: options.profile, samplerState: options.samplerState)
    }

    public let options: Options

    /// Creates a campaign.
    public init(options: Options) { self.options = options }

    /// Runs the campaign, calling `progress` with the number of programs done.
    public func run(progress: @escaping @Sendable (Int) -> Void = { _ in }) throws -> Report {
        var report = Report()
        let generator = ProgramGenerator(options: options.generator)
        let w = options.width, h = options.height
        if options.oracle != .llvmpipe {
            // Executor vs interpreter, in parallel chunks.
            let chunk = 64
            let chunks = (options.count + chunk - 1) / chunk
            let shared = SharedProgress()
            DispatchQueue.concurrentPerform(iterations: chunks) { c in
                var r = Report()
                for k in (c * chunk)..<min((c + 1) * chunk, options.count) {
                    let seed = options.seed &+ UInt64(k)
                    let p = generator.program(seed: seed)
                    r.programs += 1
                    let outcome = DifferentialTest.run(differentialCase(p))
                    switch outcome {
                    case .rejected: r.rejected.append(seed)
                    case .agree:
                        r.interpreterComparisons += 1
                        r.interpreterPixels += w * h
                    default:
                        r.interpreterComparisons += 1
                        r.interpreterPixels += w * h
                        r.findings.append(shrinkInterpreterFinding(p, outcome))
                    }
                }
                progress(shared.add(r, chunk: c))
            }
            for c in 0..<chunks { report.merge(shared.partial[c]!) }
        }
        if options.oracle != .interpreter {
            let oracle = try LlvmpipeOracle(precision: options.profile.precision.isAllFP32 ? .fp32 : .native)
            let llvmpipeCount = options.count
            for k in 0..<llvmpipeCount {
                let seed = options.seed &+ UInt64(k)
                let p = generator.program(seed: seed)
                if options.oracle == .llvmpipe { report.programs += 1 }
                guard let comparison = try compareWithLlvmpipe(p, oracle, &report) else { continue }
                report.llvmpipeComparisons += 1
                report.llvmpipePixels += comparison.pixels
                report.discontinuityPixels += comparison.discontinuities
                if comparison.discontinuities > 0 {
                    report.programsWithDiscontinuities += 1
                    if report.discontinuitySeeds.count < 20 { report.discontinuitySeeds.append(seed) }
                }
                if comparison.mismatches > 0 {
                    report.findings.append(shrinkLlvmpipeFinding(p, comparison, oracle))
                }
                if k % 16 == 15 || k == llvmpipeCount - 1 { progress(k + 1) }
            }
        }
        if let folder = options.findings { try write(report, to: folder) }
        return report
    }

    /// Renders `p` with the executor, the interpreter (for fragility) and llvmpipe; nil when
    /// one of them rejects it (counted in `report`).
    func compareWithLlvmpipe(_ p: GeneratedProgram, _ oracle: LlvmpipeOracle, _ report: inout Report) throws -> LlvmpipeComparison? {
        let c = differentialCase(p)
        let (outcome, fragility) = DifferentialTest.runKeepingFragility(c)
        guard case .agree(let image) = outcome, let fragile = fragility else {
            if case .rejected = outcome { report.rejected.append(p.seed) }
            return nil
        }
        let reference: Texture
        do {
            reference = try oracle.render(c)
        } catch {
            if error.stage == "oracle" { throw error }
            report.llvmpipeRejected.append(p.seed)
            if report.llvmpipeRejectionReasons.count < 5 {
                report.llvmpipeRejectionReasons.append("seed \(p.seed): \(error.description.prefix(300))")
            }
            return nil
        }
        return LlvmpipeComparison(shade: image, llvmpipe: reference, fragile: fragile)
    }

    func shrinkInterpreterFinding(_ p: GeneratedProgram, _ outcome: DifferentialOutcome) -> Finding {
        let w = options.width, h = options.height
        let failing = { (q: GeneratedProgram) -> Bool in
            !DifferentialTest.run(self.differentialCase(q)).isAgreement
        }
        let small = options.shrinks ? ProgramShrinker.shrink(p, isInteresting: failing) : p
        let summary = DifferentialTest.run(differentialCase(small)).description
        return Finding(oracle: "interpreter", seed: p.seed, summary: summary, program: small)
    }

    func shrinkLlvmpipeFinding(_ p: GeneratedProgram, _ first: LlvmpipeComparison, _ oracle: LlvmpipeOracle) -> Finding {
        var scratch = Report()
        let failing = { (q: GeneratedProgram) -> Bool in
            ((try? self.compareWithLlvmpipe(q, oracle, &scratch)) ?? nil).map { $0.mismatches > 0 } ?? false
        }
        let small = options.shrinks ? ProgramShrinker.shrink(p, maxAttempts: 300, isInteresting: failing) : p
        let summary = ((try? compareWithLlvmpipe(small, oracle, &scratch)) ?? nil)?.description ?? first.description
        return Finding(oracle: "llvmpipe", seed: p.seed, summary: summary, program: small)
    }

    /// Writes each finding as `FOLDER/<oracle>-seed-<S>.frag` (+ `.vert`), with its uniforms
    /// and the summary in a header comment, and `FOLDER/summary.txt`.
    func write(_ report: Report, to folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for f in report.findings {
            let base = "\(folder)/\(f.oracle)-seed-\(f.seed)"
            let uniforms = f.program.uniforms.sorted { $0.key < $1.key }
                .map { "\($0.key)=" + $0.value.map { "\($0)" }.joined(separator: ",") }.joined(separator: " ")
            let header = "// difftest finding (\(f.oracle)): \(f.summary)\n// seed: \(f.seed)\n"
                + "// size: \(options.width)x\(options.height)\n// inputs: \(f.program.inputCount)\n// uniforms: \(uniforms)\n"
            try (header + f.program.fragmentSource).write(toFile: base + ".frag", atomically: true, encoding: .utf8)
            if let v = f.program.vertexSource { try v.write(toFile: base + ".vert", atomically: true, encoding: .utf8) }
        }
        try report.summary(options).write(toFile: folder + "/summary.txt", atomically: true, encoding: .utf8)
    }
}

/// The parallel campaign's per-chunk reports, behind a lock.
final class SharedProgress: @unchecked Sendable {
    let lock = NSLock()
    var done = 0
    var partial: [Int: DifferentialCampaign.Report] = [:]

    /// Stores chunk `c`'s report; returns the programs done so far.
    func add(_ r: DifferentialCampaign.Report, chunk c: Int) -> Int {
        lock.lock()
        defer { lock.unlock() }
        partial[c] = r
        done += r.programs
        return done
    }
}

extension DifferentialCampaign.Report {
    mutating func merge(_ r: Self) {
        programs += r.programs
        interpreterComparisons += r.interpreterComparisons
        llvmpipeComparisons += r.llvmpipeComparisons
        interpreterPixels += r.interpreterPixels
        llvmpipePixels += r.llvmpipePixels
        discontinuityPixels += r.discontinuityPixels
        programsWithDiscontinuities += r.programsWithDiscontinuities
        rejected += r.rejected
        llvmpipeRejected += r.llvmpipeRejected
        llvmpipeRejectionReasons += r.llvmpipeRejectionReasons
        discontinuitySeeds += r.discontinuitySeeds
        findings += r.findings
    }

    /// The campaign's figures as lines of text.
    public func summary(_ o: DifferentialCampaign.Options) -> String {
        var s = "seeds \(o.seed)..<\(o.seed &+ UInt64(o.count)), \(o.width)x\(o.height), oracle \(o.oracle.rawValue)"
            + (o.generator.language == .es100 ? "" : ", language \(o.generator.language.rawValue)") + "\n"
        s += "programs: \(programs); rejected by Shade: \(rejected.count)"
        if !rejected.isEmpty { s += " (seeds \(rejected.prefix(10).map(String.init).joined(separator: ", ")))" }
        s += "\n"
        if o.oracle != .llvmpipe {
            s += "interpreter: \(interpreterComparisons) programs, \(interpreterPixels) pixels compared bit for bit, "
                + "\(findings.filter { $0.oracle == "interpreter" }.count) mismatching programs\n"
        }
        if o.oracle != .interpreter {
            s += "llvmpipe: \(llvmpipeComparisons) programs, \(llvmpipePixels) pixels compared within 1/255, "
                + "\(findings.filter { $0.oracle == "llvmpipe" }.count) programs with unexplained pixels, "
                + "\(discontinuityPixels) pixels on a discontinuity in \(programsWithDiscontinuities) programs, "
                + "\(llvmpipeRejected.count) programs llvmpipe rejected\n"
        }
        if !discontinuitySeeds.isEmpty {
            s += "  on a discontinuity: seeds " + discontinuitySeeds.map(String.init).joined(separator: ", ") + "\n"
        }
        for r in llvmpipeRejectionReasons { s += "  llvmpipe rejected \(r)\n" }
        for f in findings { s += "  \(f.oracle) seed \(f.seed): \(f.summary)\n" }
        return s
    }
}
