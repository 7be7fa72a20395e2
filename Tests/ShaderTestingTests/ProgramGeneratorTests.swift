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
        expectProgramsCheckAndCompile(generator)
    }

    /// Seeds 1...300 of `generator` pass the front end and the compiler; `check` sees each.
    func expectProgramsCheckAndCompile(
        _ generator: ProgramGenerator, sourceLocation: SourceLocation = #_sourceLocation,
        _ check: (GeneratedProgram) -> Void = { _ in }
    ) {
        var failures = 0
        for seed in UInt64(1)...300 {
            let program = generator.program(seed: seed)
            check(program)
            if let error = compileError(program) {
                failures += 1
                if failures <= 3 {
                    Issue.record("seed \(seed): \(error)\n\(program.fragmentSource)\n\(program.vertexSource ?? "")",
                                 sourceLocation: sourceLocation)
                }
            }
        }
        #expect(failures == 0, sourceLocation: sourceLocation)
    }

    /// No `dFdx`/`dFdy`/`fwidth` inside a side of `?:` (only some pixels of a quad may take it,
    /// which GLSL leaves undefined); derivatives still appear elsewhere.
    @Test func noDerivativeInsideAConditionalSide() {
        // A node of the model is an enum case named `name`, or holds one (found by reflection,
        // so the walk follows every kind of statement and expression).
        func contains(_ value: Any, case name: String) -> Bool {
            let m = Mirror(reflecting: value)
            if m.displayStyle == .enum, m.children.first?.label == name { return true }
            return m.children.contains { contains($0.value, case: name) }
        }
        func sides(_ value: Any, _ found: inout [Any]) {
            let m = Mirror(reflecting: value)
            if m.displayStyle == .enum, m.children.first?.label == "ternary", let payload = m.children.first?.value {
                let parts = Array(Mirror(reflecting: payload).children)
                if parts.count == 3 { found += [parts[1].value, parts[2].value] }
            }
            for c in m.children { sides(c.value, &found) }
        }
        var withDerivatives = 0, ternaries = 0
        for seed in UInt64(1)...300 {
            let program = generator.program(seed: seed)
            if program.model.usesDerivatives { withDerivatives += 1 }
            var found: [Any] = []
            sides(program.model, &found)
            ternaries += found.count / 2
            for side in found where contains(side, case: "derivative") {
                Issue.record("seed \(seed): a derivative inside a ?: side\n\(program.fragmentSource)")
            }
        }
        #expect(withDerivatives > 20 && ternaries > 100, "\(withDerivatives) programs with derivatives, \(ternaries) ?:")
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
        let small = try shrunk(generator, keeping: "for (")
        #expect(small.fragmentSource.split(separator: "\n").count <= 12, "\(small.fragmentSource)")
    }

    /// The first of seeds 1...200 whose fragment shader contains `text`, shrunk while it
    /// does; the result must still contain it, compile and be smaller.
    func shrunk(
        _ generator: ProgramGenerator, keeping text: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> GeneratedProgram {
        let seed = try #require((UInt64(1)...200).first {
            generator.program(seed: $0).fragmentSource.contains(text)
        }, sourceLocation: sourceLocation)
        let program = generator.program(seed: seed)
        let small = ProgramShrinker.shrink(program) { $0.fragmentSource.contains(text) }
        #expect(small.fragmentSource.contains(text), sourceLocation: sourceLocation)
        #expect(compileError(small) == nil, sourceLocation: sourceLocation)
        #expect(small.fragmentSource.count < program.fragmentSource.count, sourceLocation: sourceLocation)
        return small
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

    // MARK: GLSL ES 3.00

    static var es300: ProgramGenerator {
        var options = ProgramGenerator.Options()
        options.language = .es300
        return ProgramGenerator(options: options)
    }

    @Test func es300ProgramsCheckAndCompile() {
        expectProgramsCheckAndCompile(Self.es300) { program in
            #expect(program.fragmentSource.hasPrefix("#version 300 es\n"))
            #expect(program.vertexSource.map { $0.hasPrefix("#version 300 es\n") } ?? true)
        }
    }

    /// What the mode is for appears often: each construct in at least a tenth of the programs.
    @Test func es300ProgramsUseTheNewConstructs() {
        let sources = (UInt64(1)...200).map { Self.es300.program(seed: $0).fragmentSource }
        for construct in ["uint", "switch (", "case ", "default:", "break;", " % ", " << ", " >> ", " ^ ", "~", " & ",
                          "out vec4 shadeFragColor;", "uint(", "int("] {
            let count = sources.filter { $0.contains(construct) }.count
            #expect(count >= 20, "'\(construct)' in \(count) of 200 programs")
        }
        #expect(!sources.contains { $0.contains("gl_FragColor") || $0.contains("texture2D") || $0.contains("varying") })
        // The rarer GLSL ES 3.00 built-ins appear too.
        for construct in ["determinant(", "pack", "unpack", "2x16("] {
            let count = sources.filter { $0.contains(construct) }.count
            #expect(count >= 5, "'\(construct)' in \(count) of 200 programs")
        }
    }

    /// The GLSL ES 1.00 programs do not change: no ES 3.00 construct leaks in.
    @Test func es100ProgramsStayGLSLES100() {
        for seed in UInt64(1)...200 {
            let p = generator.program(seed: seed)
            let text = p.fragmentSource + (p.vertexSource ?? "")
            #expect(!text.contains("#version") && !text.contains("uint") && !text.contains("switch"), "seed \(seed)")
        }
    }

    /// Generated ES 3.00 programs render the same bits in the executor and the interpreter.
    @Test func es300ProgramsAgreeBothWays() {
        for seed in UInt64(500)..<540 {
            let p = Self.es300.program(seed: seed)
            let outcome = DifferentialTest.run(DifferentialCampaign.differentialCase(p, width: 8, height: 8))
            #expect(outcome.isAgreement && !"\(outcome)".hasPrefix("rejected"), "seed \(seed): \(outcome)")
        }
    }

    @Test func shrinkerKeepsASwitch() throws {
        let small = try shrunk(Self.es300, keeping: "switch (")
        #expect(small.fragmentSource.split(separator: "\n").count <= 16, "\(small.fragmentSource)")
    }
}
