import ShaderDiagnostics
import ShaderSemantics
import ShaderSyntax
import Testing

/// `ParseOptions.defaultVersion`, `CheckOptions.requiresMain` and the desktop GLSL 1.20 array
/// features they make reachable.
@Suite("Version options")
struct VersionOptionsTests {
    func check(
        _ source: String, stage: ShaderStage = .fragment,
        parse parseOptions: ParseOptions = ParseOptions(),
        check options: CheckOptions = CheckOptions()
    ) -> CheckResult {
        Checker.check(
            parse(SourceFile(name: "test.frag", text: source), stage: stage, options: parseOptions),
            options: options)
    }

    @Test func unversionedShaderIsESByDefault() {
        let result = parse(SourceFile(name: "a.frag", text: "void main() {}"), stage: .fragment)
        #expect(result.version == .es100)
    }

    @Test func defaultVersionAppliesOnlyWithoutVersionLine() {
        let desktop = ParseOptions(defaultVersion: .glsl110)
        let unversioned = "void main() { gl_FragColor = gl_Color; }"
        #expect(check(unversioned).errors.map(\.message)
            == ["use of undeclared identifier 'gl_Color'"])
        let result = check(unversioned, parse: desktop)
        #expect(result.errors.isEmpty)
        #expect(result.shader?.version == .glsl110)
        let es = parse(
            SourceFile(name: "a.frag", text: "#version 100\nvoid main() {}"), stage: .fragment,
            options: desktop)
        #expect(es.version == .es100)
        let desktop120 = parse(
            SourceFile(name: "a.frag", text: "void main() {}"), stage: .fragment,
            options: ParseOptions(defaultVersion: .glsl120))
        #expect(desktop120.version == .glsl120)
        #expect(desktop120.preprocessed.version == .glsl120)
    }

    @Test func defaultVersionDecidesPredefinedMacros() {
        let source = """
            #if defined(GL_ES) || __VERSION__ != 110
            #error not desktop 1.10
            #endif
            void main() {}
            """
        let desktop = parse(
            SourceFile(name: "a.frag", text: source), stage: .fragment,
            options: ParseOptions(defaultVersion: .glsl110))
        #expect(desktop.diagnostics.isEmpty)
        let es = parse(SourceFile(name: "a.frag", text: source), stage: .fragment)
        #expect(es.diagnostics.map(\.message).contains { $0.contains("not desktop 1.10") })
    }

    @Test func mainIsRequiredUnlessTurnedOff() {
        let unit = "precision mediump float;\nfloat f(float x) { return x * 2.0; }"
        #expect(check(unit).errors.map(\.message)
            == ["missing 'main' function: every shader needs 'void main()'"])
        let lenient = check(unit, check: CheckOptions(requiresMain: false))
        #expect(lenient.errors.isEmpty)
        #expect(lenient.shader == nil)
        let bad = check(
            "precision mediump float;\nfloat f() { return 1; }",
            check: CheckOptions(requiresMain: false))
        #expect(bad.errors.count == 1)
    }

    @Test func undefinedFunctionsAreLeftToTheLinkerWhenAsked() {
        let unit = """
            precision mediump float;
            float g(float x);
            void main() { gl_FragColor = vec4(g(1.0)); }
            """
        #expect(check(unit).errors.map(\.message)
            == ["function 'g(float)' is called but never defined"])
        #expect(check(unit, check: CheckOptions(requiresDefinitions: false)).errors.isEmpty)
    }

    @Test func arrayConstructorIsTypedAndFolded() throws {
        let source = """
            #version 120
            void main() {
                float a[2] = float[2](1, 2.5);
                int n = a.length();
                gl_FragColor = vec4(a[0], a[1], float(n), 1.0);
            }
            """
        let result = check(source)
        #expect(result.errors.isEmpty, "\(result.errors.rendered())")
        let shader = try #require(result.shader)
        let a = try #require(shader.initializer(of: "a"))
        #expect(a.type == .array(.float, 2))
        guard case .construct(.array, let args) = a.kind else {
            Issue.record("expected an array constructor, found \(a.kind)")
            return
        }
        #expect(args.map(\.type) == [.float, .float])
        #expect(a.constantValue?.components == [.float(1), .float(2.5)])
        let n = try #require(shader.initializer(of: "n"))
        #expect(n.constantValue == .int(2))
    }

    @Test func arraySizeComesFromInitializer() throws {
        let source = """
            #version 120
            void main() {
                vec2 v[] = vec2[](vec2(1.0), vec2(2.0), vec2(3.0));
                gl_FragColor = vec4(v[2], 0.0, 1.0);
            }
            """
        let shader = try #require(check(source).shader)
        #expect(shader.initializer(of: "v")?.type == .array(.vec2, 3))
    }
}
