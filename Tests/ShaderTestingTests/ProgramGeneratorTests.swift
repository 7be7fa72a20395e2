import ShaderCompiler
import ShaderSemantics
import ShaderSyntax
import Testing

@testable import ShaderTesting

/// Checks and compiles both shaders of a generated program; returns the first error.
private func compileError(_ program: GeneratedProgram) -> String? {
    do {
        let fragment = try compileFrontEnd(source: program.fragmentSource, name: "gen.frag", stage: .fragment)
        _ = try Compiler.compile(fragment)
        if let source = program.vertexSource {
            let vertex = try compileFrontEnd(source: source, name: "gen.vert", stage: .vertex)
            _ = try Compiler.compile(vertex)
        }
        return nil
    } catch {
        return "\(error)"
    }
}

@Suite struct ProgramGeneratorTests {
    let generator = ProgramGenerator()

    @Test func generatedProgramsCheckAndCompile() {
        var failures = 0
        for seed in UInt64(1)...300 {
            let program = generator.program(seed: seed)
            if let error = compileError(program) {
                failures += 1
                if failures <= 3 {
                    Issue.record("seed \(seed): \(error)\n\(program.fragmentSource)\n\(program.vertexSource ?? "")")
                }
            }
        }
        #expect(failures == 0)
    }

    @Test func everyUniformHasAValue() {
        for seed in UInt64(1)...100 {
            let program = generator.program(seed: seed)
            for u in program.model.uniforms {
                #expect(program.uniforms[u.name]?.count == program.model.uniforms.first { $0.name == u.name }?.values.count)
            }
        }
    }

    @Test func sameSeedSameProgramDifferentSeedsDifferentPrograms() {
        #expect(generator.program(seed: 42) == generator.program(seed: 42))
        let sources = Set((UInt64(1)...100).map { generator.program(seed: $0).fragmentSource })
        #expect(sources.count == 100)
    }

    @Test func entropyNeverCrashesAndStaysValid() {
        var state: UInt64 = 7
        for round in 0..<200 {
            let count = round % 50 * 7
            var bytes: [UInt8] = []
            for _ in 0..<count {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes.append(UInt8(truncatingIfNeeded: state >> 56))
            }
            let program = generator.program(entropy: bytes)
            #expect(compileError(program) == nil, "entropy round \(round)")
        }
        #expect(compileError(generator.program(entropy: [])) == nil)
        #expect(compileError(generator.program(entropy: [UInt8](repeating: 255, count: 4000))) == nil)
    }

    @Test func shrinkerKeepsAForLoopAndLittleElse() throws {
        let seed = try #require((UInt64(1)...200).first {
            generator.program(seed: $0).fragmentSource.contains("for (")
        })
        let program = generator.program(seed: seed)
        let small = ProgramShrinker.shrink(program) { $0.fragmentSource.contains("for (") }
        #expect(small.fragmentSource.contains("for ("))
        #expect(compileError(small) == nil)
        #expect(small.fragmentSource.count < program.fragmentSource.count)
        #expect(small.fragmentSource.split(separator: "\n").count <= 12, "\(small.fragmentSource)")
    }

    /// Programs stay small with the default options, so a campaign spends its time rendering,
    /// not generating (checked by size: a timed test is not reliable on a loaded machine).
    @Test func programsStayBounded() {
        var largest = 0
        for seed in UInt64(1000)..<1200 {
            let p = generator.program(seed: seed)
            largest = max(largest, p.fragmentSource.utf8.count + (p.vertexSource?.utf8.count ?? 0))
        }
        #expect(largest < 16_384, "the largest of 200 programs has \(largest) bytes")
    }
}
