import ShaderDiagnostics
import ShaderSemantics
import ShaderSyntax
import Testing

@Suite("Checker diagnostics")
struct DiagnosticsTests {
    @Test("a failed overload lists the candidates as notes")
    func overloadNotes() throws {
        let found = errors("""
            precision mediump float;
            void main() {
                vec3 c = mix(vec3(1.0), vec4(1.0), 0.5);
                gl_FragColor = vec4(c, 1.0);
            }
            """)
        let d = try #require(found.first)
        #expect(found.count == 1)
        #expect(d.message == "no matching overload for call to 'mix(vec3, vec4, float)'")
        #expect(d.notes.contains { $0.message == "candidate: vec3 mix(vec3, vec3, float)" })
        #expect(d.notes.count == 7)
        let rendered = d.rendered()
        #expect(rendered.hasPrefix("test.frag:3:14: error: no matching overload"))
        #expect(rendered.contains("    vec3 c = mix(vec3(1.0), vec4(1.0), 0.5);\n"))
        #expect(rendered.contains("             ^" + String(repeating: "~", count: 29) + "\n"))
        #expect(rendered.contains("note: candidate: float mix(float, float, float)"))
    }

    @Test("stage-only overloads are named in a note")
    func stageNote() throws {
        let found = errors("""
            attribute vec4 position;
            uniform sampler2D s;
            void main() { gl_Position = texture2D(s, position.xy, 1.0); }
            """, stage: .vertex)
        let d = try #require(found.first)
        #expect(d.notes.first?.message
                == "'vec4 texture2D(sampler2D, vec2, float)' is only available in fragment shaders")
    }

    @Test("many errors are reported, each once, without follow-on errors")
    func manyErrorsNoCascade() {
        let found = errors("""
            precision mediump float;
            uniform float intensity;
            void main() {
                vec3 a = colr.rgb * 2.0;
                float b = 1;
                intensity = 0.5;
                vec4 c = vec4(a, b) + undefinedFunction(a);
                gl_FragColor = c.xyzq;
            }
            """)
        #expect(found.map(\.message) == [
            "use of undeclared identifier 'colr'",
            "cannot convert from 'int' to 'float'",
            "'intensity' is a uniform and cannot be assigned",
            "use of undeclared function 'undefinedFunction'",
            "invalid swizzle 'xyzq' on 'vec4'",
        ])
        #expect(found.map { $0.span?.location.line } == [4, 5, 6, 7, 8])
    }

    @Test("a missing main has no location")
    func missingMain() throws {
        let found = errors("precision mediump float;\nvoid notMain() {}\n")
        let d = try #require(found.first)
        #expect(d.span == nil)
        #expect(d.description == "error: missing 'main' function: every shader needs 'void main()'")
    }

    @Test("a main with the wrong signature is one error, not also a missing main")
    func badMain() {
        let found = errors("precision mediump float;\nvoid main(float x) { gl_FragColor = vec4(x); }\n")
        #expect(found.map(\.message) == ["'main' must be declared as 'void main()'"])
    }

    @Test("an error in text from a macro names the macro")
    func macroNotes() throws {
        let found = errors("""
            precision mediump float;
            #define BRIGHTEN(c) ((c) * 2)
            void main() {
                vec4 c = vec4(0.5);
                gl_FragColor = BRIGHTEN(c);
            }
            """)
        let d = try #require(found.first)
        #expect(d.message.hasPrefix("invalid operands to binary '*'"))
        #expect(d.span?.location.line == 5)
        #expect(d.notes.contains { $0.message.contains("BRIGHTEN") })
    }

    @Test("parse errors stop checking")
    func parseErrorsFirst() {
        let found = errors("precision mediump float;\nvoid main() { float x = ; colr = 1.0; }\n")
        #expect(found.count >= 1)
        #expect(!found.contains { $0.message.contains("undeclared") })
    }

    @Test("compileFrontEnd throws every diagnostic")
    func frontEndThrows() {
        #expect(throws: DiagnosticsError.self) {
            try compileFrontEnd(source: "void main() { float x = 1.0; }", name: "a.fsh",
                                stage: .fragment)
        }
        do {
            _ = try compileFrontEnd(source: "void main() { float x = 1.0; }", name: "a.fsh",
                                    stage: .fragment)
        } catch {
            #expect(error.diagnostics.count == 1)
            #expect(error.description.hasPrefix("a.fsh:1:15: error: no precision specified"))
        }
    }

    @Test("recursion through several functions names the cycle")
    func recursionCycle() throws {
        let found = errors("""
            precision mediump float;
            float c(float x);
            float a(float x) { return c(x); }
            float b(float x) { return a(x); }
            float c(float x) { return b(x); }
            void main() { gl_FragColor = vec4(a(1.0)); }
            """)
        let d = try #require(found.first)
        #expect(found.count == 1)
        #expect(d.message == "recursion is not allowed: 'a' calls 'c' calls 'b' calls 'a'")
        #expect(d.span?.location.line == 4)
    }
}

@Suite("Checker robustness")
struct RobustnessTests {
    /// Every conformance case with one line deleted: the checker must neither crash nor
    /// accept a shader while reporting errors.
    @Test("conformance cases with a line deleted", arguments: ConformanceCase.all)
    func deletedLines(_ c: ConformanceCase) throws {
        let text = try String(contentsOf: c.url, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let stage = ShaderStage(pathExtension: c.url.pathExtension) ?? .fragment
        for i in lines.indices {
            var copy = lines
            copy.remove(at: i)
            let file = SourceFile(name: c.name, text: copy.joined(separator: "\n"))
            let result = Checker.check(parse(file, stage: stage))
            #expect((result.shader == nil) == result.diagnostics.containsError,
                    "\(c.name) without line \(i + 1)")
        }
    }
}

@Suite("Checker warnings")
struct WarningTests {
    @Test("a reserved '__' in a name is a warning, and the shader still checks")
    func doubleUnderscore() throws {
        let shader = try #require(checked("""
            precision mediump float;
            void main() { float a__b = 1.0; gl_FragColor = vec4(a__b); }
            """))
        let warning = try #require(shader.warnings.first)
        #expect(warning.severity == .warning)
        #expect(warning.message.contains("'a__b'"))
        #expect(warning.span?.location == ShaderDiagnostics.SourceLocation(line: 2, column: 21))
    }

    @Test("a value read before anything writes it is a warning at the first read, once per variable")
    func readBeforeWrite() throws {
        let shader = try #require(checked("""
            precision mediump float;
            void f(out vec4 o, vec2 u) { o += vec4(u, 0.0, 1.0); }
            void g(out vec4 o) { o = vec4(1.0); }
            void main() {
                float i, s = 0.5, k;
                vec2 col;
                k = 2.0;
                for (int n = 0; n < 3; n++) { i++; s += sin(col.x + k + i); }
                vec4 a, b;
                f(a, gl_FragCoord.xy);
                g(b);
                vec3 c;
                if (s > 1.0) c = vec3(1.0); else c = vec3(0.0);
                gl_FragColor = a * b * s * c.x;
            }
            """))
        let found = shader.warnings.map { ($0.message.split(separator: "'", omittingEmptySubsequences: false)[1], $0.span?.location) }
        // `o` in f (a compound assignment reads it), `i` (++ reads it), `col`; not k, s, b
        // (written by g), a (an out argument), c (written in both branches) or n.
        #expect(found.map(\.0) == ["o", "i", "col"])
        #expect(found.map(\.1) == [
            ShaderDiagnostics.SourceLocation(line: 2, column: 30),
            ShaderDiagnostics.SourceLocation(line: 8, column: 35),
            ShaderDiagnostics.SourceLocation(line: 8, column: 49),
        ])
        #expect(shader.warnings.allSatisfy { $0.message.contains("may be read before anything writes it") })
    }
}

@Suite("Checker hints")
struct HintTests {
    @Test("an undeclared identifier suggests a close name")
    func didYouMean() throws {
        let found = errors("""
            precision mediump float;
            void main() {
                vec4 color = vec4(1.0);
                gl_FragColor = colr;
            }
            """)
        let d = try #require(found.first)
        #expect(d.message == "use of undeclared identifier 'colr'")
        #expect(d.notes.first?.message == "did you mean 'color'?")
        #expect(d.notes.first?.span?.location.line == 3)
    }

    @Test("a suggestion two edits away, from an outer scope")
    func outerScopeSuggestion() throws {
        let d = try #require(errors("""
            precision mediump float;
            uniform float intensity;
            void main() { { gl_FragColor = vec4(intnsty); } }
            """).first)
        #expect(d.notes.first?.message == "did you mean 'intensity'?")
    }

    @Test("no suggestion for unrelated names")
    func noSuggestion() throws {
        let d = try #require(errors("""
            precision mediump float;
            void main() { vec4 color = vec4(1.0); gl_FragColor = texel; }
            """).first)
        #expect(d.notes.isEmpty)
    }

    @Test("an int literal where a float is needed suggests the float literal")
    func floatLiteralHint() throws {
        let d = try #require(errors("""
            precision mediump float;
            void main() { float f = 1; gl_FragColor = vec4(f); }
            """).first)
        #expect(d.notes.first?.message
                == "GLSL ES has no implicit conversions: write the float literal '1.0'")
    }
}
