import Foundation
import Framebuffers
import ShaderCompiler
import ShaderSemantics
import ShaderTesting
import Testing

/// Seeded random programs (issue 13): 2,000 against the reference interpreter bit for bit,
/// and 300 against Mesa llvmpipe within 1/255 (pixels on a discontinuity counted apart).
/// The seeds are fixed, so a failure here is reproducible with `shade difftest --seed S`.
@Suite struct GeneratedProgramTests {
    /// 20 chunks of 100 programs, so that they run in parallel.
    @Test(arguments: 0..<20)
    func generatedProgramsRenderTheSameBitsBothWays(_ chunk: Int) {
        let generator = ProgramGenerator()
        for k in 0..<100 {
            let seed = UInt64(2_000_000_000 + chunk * 100 + k)
            let p = generator.program(seed: seed)
            let outcome = DifferentialTest.run(DifferentialCampaign.differentialCase(p, width: 8, height: 8))
            if case .rejected(let why) = outcome {
                Issue.record("seed \(seed): a generated program Shade rejects: \(why)")
            }
            #expect(outcome.isAgreement, "seed \(seed): \(outcome)\n\(p.fragmentSource)")
        }
    }

    /// The generator writes Appendix A's uniform-length loops (`for (int i = 0; i < 33; i++)
    /// { if (i >= u3 + 3) { break; } … }`), and they reach the engine's counted loops: the
    /// campaigns then test that path against the interpreter and llvmpipe.
    @Test func someProgramsHaveCountedLoops() throws {
        let generator = ProgramGenerator()
        var counted = 0
        for k in 0..<200 {
            let p = generator.program(seed: 2_100_000_000 + UInt64(k))
            guard p.fragmentSource.contains("break;") else { continue }
            let checked = try compileFrontEnd(source: p.fragmentSource, name: "p.frag", stage: .fragment)
            if (try Compiler.compile(checked).laneCode ?? []).contains(where: { $0.contains(where: \.isCountedLoop) }) { counted += 1 }
        }
        #expect(counted >= 5, "\(counted) of 200 programs have a counted loop")
    }

    /// Runs a campaign that compares with llvmpipe, or records how to get Mesa and returns nil.
    static func campaignWithLlvmpipe(
        _ o: DifferentialCampaign.Options, sourceLocation: SourceLocation = #_sourceLocation
    ) -> DifferentialCampaign.Report? {
        do {
            return try DifferentialCampaign(options: o).run()
        } catch {
            Issue.record(
                "llvmpipe is not available (\(error)); run scripts/install-deps, or set SHADE_SKIP_LLVMPIPE=1",
                sourceLocation: sourceLocation)
            return nil
        }
    }

    /// Mipmapped inputs and lookups with a bias or an explicit level (`shade difftest
    /// --mipmap`): the executor, the interpreter and llvmpipe agree.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["SHADE_SKIP_LLVMPIPE"] == nil))
    func mipmappedProgramsAgreeBothWays() throws {
        for (language, filter) in [(GeneratedLanguage.es300, MipmapFilter.linear), (.es100, .nearest)] {
            var o = DifferentialCampaign.Options()
            o.seed = 3_100_000_000
            o.count = 30
            o.oracle = .both
            o.shrinks = false
            o.generator.language = language
            o.generator.levelOfDetailLookups = true
            o.samplerState = SamplerState(filter: .linear, mipmapFilter: filter)
            let programs = (0..<o.count).map { ProgramGenerator(options: o.generator).program(seed: o.seed + UInt64($0)) }
            #expect(programs.contains { $0.fragmentSource.contains(", clamp(") && $0.fragmentSource.contains("-3.0, 3.0))") },
                    "some program has a lookup with a bias")
            guard let report = Self.campaignWithLlvmpipe(o) else { return }
            #expect(report.interpreterComparisons == o.count && report.llvmpipeComparisons == o.count, "\(report.summary(o))")
            #expect(report.findings.isEmpty, "\(report.summary(o))")
            #expect(report.rejected.isEmpty && report.llvmpipeRejected.isEmpty, "\(report.summary(o))")
        }
    }

    /// Needs Mesa (scripts/install-deps installs it); `SHADE_SKIP_LLVMPIPE=1` skips it
    /// explicitly on a machine without it.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["SHADE_SKIP_LLVMPIPE"] == nil))
    func generatedProgramsAgreeWithLlvmpipe() throws {
        var o = DifferentialCampaign.Options()
        o.seed = 3_000_000_000
        o.count = 300
        o.oracle = .llvmpipe
        o.width = 8
        o.height = 8
        o.shrinks = false
        guard let report = Self.campaignWithLlvmpipe(o) else { return }
        #expect(report.llvmpipeComparisons == 300, "\(report.summary(o))")
        #expect(report.findings.isEmpty, "\(report.summary(o))")
        #expect(report.rejected.isEmpty && report.llvmpipeRejected.isEmpty, "\(report.summary(o))")
    }
}
