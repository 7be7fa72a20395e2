import ShaderDiagnostics
import ShaderSemantics
import ShaderSyntax
import Testing

/// The errors of checking `source` for `profile`, parsed with the profile's parse options.
func profileErrors(
    _ source: String, stage: ShaderStage = .fragment, profile: DeviceProfile
) -> [String] {
    let file = SourceFile(name: "test.frag", text: source)
    let parsed = parse(file, stage: stage, options: profile.parseOptions())
    return Checker.check(parsed, options: CheckOptions(profile: profile)).errors.map(\.message)
}

/// A fragment shader declaring `declarations` and adding `uses` (vec4 expressions) to its colour.
func fragment(_ declarations: [String], uses: [String]) -> String {
    "precision mediump float;\n" + declarations.map { $0 + "\n" }.joined()
        + "void main() {\n  vec4 c = vec4(0.0);\n" + uses.map { "  c += \($0);\n" }.joined()
        + "  gl_FragColor = c;\n}\n"
}

/// `count` fragment uniforms `u0…` of `type`, each used through `use` (`$` is the name).
func uniforms(_ count: Int, _ type: String, use: String) -> String {
    fragment((0..<count).map { "uniform \(type) u\($0);" },
             uses: (0..<count).map { use.replacingOccurrences(of: "$", with: "u\($0)") })
}

@Suite("Device profiles: the named profiles")
struct DeviceProfileTableTests {
    @Test("named(_:) finds every profile, ignoring case; unknown names give nil")
    func lookup() {
        for profile in DeviceProfile.all {
            #expect(DeviceProfile.named(profile.name) == profile)
            #expect(DeviceProfile.named(profile.name.uppercased()) == profile)
        }
        #expect(DeviceProfile.named("voodoo2") == nil)
        #expect(Set(DeviceProfile.all.map(\.name)).count == DeviceProfile.all.count)
    }

    @Test("desktop is the default and enforces nothing")
    func desktopIsDefault() {
        #expect(CheckOptions().profile == .desktop)
        #expect(DeviceProfile.desktop.isUnrestricted)
        #expect(!DeviceProfile.webgl1.isUnrestricted)
        let source = uniforms(40, "vec4", use: "$")
        #expect(profileErrors(source, profile: .desktop).isEmpty)
        #expect(errors(source).isEmpty)
    }

    @Test("the minimum profiles carry the specifications' numbers")
    func minimums() {
        let es2 = DeviceProfile.gles2Minimum.limits
        #expect(es2.maxFragmentUniformVectors == 16 && es2.maxVertexUniformVectors == 128)
        #expect(es2.maxVaryingVectors == 8 && es2.maxVertexAttribs == 8)
        #expect(es2.maxTextureImageUnits == 8 && es2.maxVertexTextureImageUnits == 0)
        let es3 = DeviceProfile.gles3Minimum.limits
        #expect(es3.maxFragmentUniformVectors == 224 && es3.maxVertexUniformVectors == 256)
        #expect(es3.maxVaryingVectors == 15 && es3.maxFragmentInputComponents == 60)
        #expect(es3.minProgramTexelOffset == -8 && es3.maxProgramTexelOffset == 7)
        #expect(DeviceProfile.webgl1.limits == es2 && DeviceProfile.webgl2.limits == es3)
        #expect(DeviceProfile.mali400.precision.mediump == .fp16)
        #expect(!DeviceProfile.mali400.hasFragmentHighp)
        for profile in DeviceProfile.all { #expect(!profile.sources.isEmpty, "\(profile.name)") }
    }

    @Test("mali-400 carries ARM's Utgard driver numbers and fits them exactly")
    func mali400Limits() {
        let mali = DeviceProfile.mali400.limits
        #expect(mali.maxVertexAttribs == 16 && mali.maxVaryingVectors == 12)
        #expect(mali.maxVertexUniformVectors == 256 && mali.maxFragmentUniformVectors == 256)
        #expect(mali.maxTextureImageUnits == 8 && mali.maxVertexTextureImageUnits == 0)
        #expect(mali.maxCombinedTextureImageUnits == 8 && mali.maxTextureSize == 4096)
        #expect(profileErrors(uniforms(256, "vec4", use: "$"), profile: .mali400).isEmpty)
        #expect(profileErrors(uniforms(257, "vec4", use: "$"), profile: .mali400) == [
            "fragment shader needs 257 uniform vectors; profile mali-400 allows 256"
                + " (MAX_FRAGMENT_UNIFORM_VECTORS)",
        ])
        // On the ES 2.0 minimums 17 already do not fit.
        #expect(profileErrors(uniforms(17, "vec4", use: "$"), profile: .gles2Minimum).count == 1)
        func frag(_ n: Int) -> String {
            fragment((0..<n).map { "varying vec4 v\($0);" }, uses: (0..<n).map { "v\($0)" })
        }
        #expect(profileErrors(frag(12), profile: .mali400).isEmpty)
        #expect(profileErrors(frag(13), profile: .mali400).first?
            .hasSuffix("allows 12 (MAX_VARYING_VECTORS)") == true)
        #expect(DeviceProfile.powervrSGX.limits.maxTextureSize == 2048)
        #expect(DeviceProfile.powervrSGX.limits.maxCombinedTextureImageUnits == 8)
    }

    @Test("each stage runs at its own formats: mali-400's vertex processor is fp32")
    func stagePrecisions() throws {
        #expect(DeviceProfile.mali400.precision(for: .vertex) == .allFP32)
        #expect(DeviceProfile.mali400.precision(for: .fragment).mediump == .fp16)
        let es3 = DeviceProfile.gles3Minimum.precision(for: .vertex)
        #expect(es3.highp == .fp32 && es3.mediump == .fp16)
        #expect(DeviceProfile.gles2Minimum.precision(for: .vertex).lowp == .fixed10)
        let vertex = "precision mediump float;\nattribute vec4 p;\nvarying vec4 c;\n"
            + "void main() { c = p * 0.3; gl_Position = p; }\n"
        func lowered(_ source: String, _ stage: ShaderStage, _ profile: DeviceProfile) throws -> PrecisionFormats {
            let parsed = parse(SourceFile(name: "t", text: source), stage: stage, options: profile.parseOptions())
            return try #require(Checker.check(parsed, options: CheckOptions(profile: profile)).shader).precision
        }
        #expect(try lowered(vertex, .vertex, .mali400) == .allFP32)
        #expect(try lowered(vertex, .vertex, .gles3Minimum) == es3)
        let fragment = "precision mediump float;\nvarying vec4 c;\nvoid main() { gl_FragColor = c * 0.3; }\n"
        #expect(try lowered(fragment, .fragment, .mali400) == DeviceProfile.mali400.precision)
    }
}

@Suite("Device profiles: Appendix A §7 packing of uniforms and varyings")
struct PackingTests {
    @Test("16 vec4 uniforms fit webgl1's 16 fragment vectors; 17 do not, with the count and notes")
    func vec4AtTheLimit() throws {
        #expect(profileErrors(uniforms(16, "vec4", use: "$"), profile: .webgl1).isEmpty)
        let file = SourceFile(name: "test.frag", text: uniforms(17, "vec4", use: "$"))
        let result = Checker.check(
            parse(file, stage: .fragment, options: DeviceProfile.webgl1.parseOptions()),
            options: CheckOptions(profile: .webgl1))
        let error = try #require(result.errors.first)
        #expect(error.message == "fragment shader needs 17 uniform vectors; profile webgl1"
            + " allows 16 (MAX_FRAGMENT_UNIFORM_VECTORS)")
        #expect(error.span?.location.line == 18)  // u16, the one that does not fit
        #expect(error.notes.count == 3)
        #expect(error.notes.first?.message == "'u0' (vec4) takes 1 row of 4 columns")
    }

    @Test("only statically used uniforms count")
    func unusedUniformsAreFree() {
        let source = fragment((0..<20).map { "uniform vec4 u\($0);" }, uses: (0..<16).map { "u\($0)" })
        #expect(profileErrors(source, profile: .webgl1).isEmpty)
    }

    @Test("an array counts its declared size even when one element is used")
    func arraysCountWhole() {
        let at = fragment(["uniform vec4 u[16];"], uses: ["u[0]"])
        let over = fragment(["uniform vec4 u[17];"], uses: ["u[0]"])
        #expect(profileErrors(at, profile: .webgl1).isEmpty)
        #expect(profileErrors(over, profile: .webgl1).count == 1)
    }

    @Test("mat2 takes two whole rows; vec2s share a row two by two")
    func mat2AndVec2() {
        #expect(profileErrors(uniforms(8, "mat2", use: "vec4($[0], $[1])"), profile: .webgl1).isEmpty)
        #expect(profileErrors(uniforms(9, "mat2", use: "vec4($[0], $[1])"), profile: .webgl1).count == 1)
        func mixed(_ vec2s: Int) -> String {
            fragment((0..<7).map { "uniform mat2 m\($0);" } + (0..<vec2s).map { "uniform vec2 v\($0);" },
                     uses: (0..<7).map { "vec4(m\($0)[0], 0.0, 0.0)" } + (0..<vec2s).map { "vec4(v\($0), 0.0, 0.0)" })
        }
        // 7 mat2 take 14 rows; the last 2 rows hold 4 vec2s.
        #expect(profileErrors(mixed(4), profile: .webgl1).isEmpty)
        #expect(profileErrors(mixed(5), profile: .webgl1).count == 1)
        #expect(profileErrors(uniforms(32, "vec2", use: "vec4($, 0.0, 0.0)"), profile: .webgl1).isEmpty)
        #expect(profileErrors(uniforms(33, "vec2", use: "vec4($, 0.0, 0.0)"), profile: .webgl1).count == 1)
    }

    @Test("floats fill column 3 beside vec3s, and float arrays take one column")
    func floatsAndVec3s() {
        func mixed(_ floats: Int) -> String {
            fragment((0..<16).map { "uniform vec3 v\($0);" } + (0..<floats).map { "uniform float f\($0);" },
                     uses: (0..<16).map { "vec4(v\($0), 0.0)" } + (0..<floats).map { "vec4(f\($0))" })
        }
        #expect(profileErrors(mixed(16), profile: .webgl1).isEmpty)
        #expect(profileErrors(mixed(17), profile: .webgl1).count == 1)
        let four = fragment((0..<4).map { "uniform float a\($0)[16];" }, uses: (0..<4).map { "vec4(a\($0)[0])" })
        #expect(profileErrors(four, profile: .webgl1).isEmpty)
        let long = fragment(["uniform float a[17];"], uses: ["vec4(a[0])"])
        #expect(profileErrors(long, profile: .webgl1).count == 1)
        #expect(profileErrors(uniforms(64, "float", use: "vec4($)"), profile: .webgl1).isEmpty)
        #expect(profileErrors(uniforms(65, "float", use: "vec4($)"), profile: .webgl1).count == 1)
    }

    @Test("structures count member by member, arrays of them element by element")
    func structures() {
        func source(_ n: Int) -> String {
            fragment(["struct S { vec4 a; vec4 b; };", "uniform S s[\(n)];"], uses: ["s[0].a"])
        }
        #expect(profileErrors(source(8), profile: .webgl1).isEmpty)
        #expect(profileErrors(source(9), profile: .webgl1).count == 1)
    }

    @Test("the vertex stage has 128 uniform vectors on webgl1 and 256 on gles3-minimum")
    func vertexUniforms() {
        func vertex(_ n: Int) -> String {
            "uniform vec4 u[\(n)];\nvoid main() { gl_Position = u[0]; }\n"
        }
        #expect(profileErrors(vertex(128), stage: .vertex, profile: .webgl1).isEmpty)
        let over = profileErrors(vertex(129), stage: .vertex, profile: .webgl1)
        #expect(over == ["vertex shader needs 129 uniform vectors; profile webgl1 allows 128"
            + " (MAX_VERTEX_UNIFORM_VECTORS)"])
        #expect(profileErrors(vertex(129), stage: .vertex, profile: .gles3Minimum).isEmpty)
    }

    @Test("8 varying vectors fit webgl1, 9 do not, in both stages")
    func varyings() {
        func frag(_ n: Int) -> String {
            fragment((0..<n).map { "varying vec4 v\($0);" }, uses: (0..<n).map { "v\($0)" })
        }
        func vert(_ n: Int) -> String {
            (0..<n).map { "varying vec4 v\($0);\n" }.joined()
                + "void main() {\n" + (0..<n).map { "  v\($0) = vec4(0.0);\n" }.joined()
                + "  gl_Position = vec4(0.0);\n}\n"
        }
        #expect(profileErrors(frag(8), profile: .webgl1).isEmpty)
        #expect(profileErrors(frag(9), profile: .webgl1).first?.contains("9 varying vectors") == true)
        #expect(profileErrors(vert(8), stage: .vertex, profile: .webgl1).isEmpty)
        #expect(profileErrors(vert(9), stage: .vertex, profile: .webgl1).first?
            .hasSuffix("allows 8 (MAX_VARYING_VECTORS)") == true)
        #expect(profileErrors(frag(15), profile: .gles3Minimum).isEmpty)
    }
}

@Suite("Device profiles: samplers and attributes")
struct ResourceLimitTests {
    @Test("8 texture units in fragment shaders on webgl1, none in vertex shaders")
    func textureUnits() {
        func frag(_ n: Int) -> String {
            fragment(["uniform sampler2D t[\(n)];"], uses: ["texture2D(t[0], vec2(0.0))"])
        }
        #expect(profileErrors(frag(8), profile: .webgl1).isEmpty)
        #expect(profileErrors(frag(9), profile: .webgl1) == [
            "fragment shader needs 9 texture image units; profile webgl1 allows 8 (MAX_TEXTURE_IMAGE_UNITS)",
        ])
        let vertex = "uniform sampler2D t;\nvoid main() { gl_Position = texture2DLod(t, vec2(0.0), 0.0); }\n"
        #expect(profileErrors(vertex, stage: .vertex, profile: .webgl1).count == 1)
        #expect(profileErrors(vertex, stage: .vertex, profile: .gles3Minimum).isEmpty)
    }

    @Test("8 attribute slots on webgl1; a mat4 takes 4")
    func attributes() {
        func vertex(_ declarations: [String], _ uses: [String]) -> String {
            declarations.map { $0 + "\n" }.joined() + "void main() {\n  vec4 p = vec4(0.0);\n"
                + uses.map { "  p += \($0);\n" }.joined() + "  gl_Position = p;\n}\n"
        }
        let eight = vertex((0..<8).map { "attribute vec4 a\($0);" }, (0..<8).map { "a\($0)" })
        #expect(profileErrors(eight, stage: .vertex, profile: .webgl1).isEmpty)
        let nine = vertex(["attribute mat4 m;", "attribute mat4 n;", "attribute vec4 a;"],
                          ["m[0]", "n[0]", "a"])
        #expect(profileErrors(nine, stage: .vertex, profile: .webgl1) == [
            "vertex shader needs 9 vertex attributes; profile webgl1 allows 8 (MAX_VERTEX_ATTRIBS)",
        ])
    }
}

@Suite("Device profiles: precision")
struct ProfilePrecisionTests {
    @Test("highp in a fragment shader is an error without fragment highp, in any form")
    func fragmentHighp() {
        let forms = [
            "precision highp float;\nvoid main() { gl_FragColor = vec4(1.0); }\n",
            "precision mediump float;\nuniform highp vec4 c;\nvoid main() { gl_FragColor = c; }\n",
            "precision mediump float;\nhighp float f(highp float x) { return x; }\n"
                + "void main() { gl_FragColor = vec4(f(1.0)); }\n",
        ]
        for source in forms {
            #expect(profileErrors(source, profile: .mali400).first?
                .hasPrefix("'highp' is not available in fragment shaders on profile mali-400") == true,
                "\(source)")
            #expect(profileErrors(source, profile: .desktop).isEmpty)
            #expect(profileErrors(source, profile: .powervrSGX).isEmpty)
        }
        let vertex = "precision highp float;\nvoid main() { gl_Position = vec4(1.0); }\n"
        #expect(profileErrors(vertex, stage: .vertex, profile: .mali400).isEmpty)
    }

    @Test("GL_FRAGMENT_PRECISION_HIGH is defined only when the fragment stage has highp")
    func macro() {
        let source = """
            #ifdef GL_FRAGMENT_PRECISION_HIGH
            #error defined
            #endif
            precision mediump float;
            void main() { gl_FragColor = vec4(1.0); }

            """
        #expect(profileErrors(source, profile: .desktop) == ["#error defined"])
        #expect(profileErrors(source, profile: .gles3Minimum) == ["#error defined"])
        #expect(profileErrors(source, profile: .mali400).isEmpty)
        let vertex = source.replacingOccurrences(of: "gl_FragColor", with: "gl_Position")
        #expect(profileErrors(vertex, stage: .vertex, profile: .desktop) == ["#error defined"])
        #expect(profileErrors(vertex, stage: .vertex, profile: .webgl1).isEmpty)
        #expect(!DeviceProfile.webgl1.parseOptions().definesFragmentPrecisionHigh)
    }
}

@Suite("Device profiles: WebGL's rules")
struct WebGLRuleTests {
    let valid = "precision mediump float;\nvoid main() { gl_FragColor = vec4(1.0); }\n"

    @Test("tokens: 256 characters in WebGL 1, 1024 in WebGL 2; names 1024 on desktop, as Mesa")
    func tokenLength() {
        func source(_ length: Int) -> String {
            let name = "a" + String(repeating: "b", count: length - 1)
            return "precision mediump float;\nuniform float \(name);\n"
                + "void main() { gl_FragColor = vec4(\(name)); }\n"
        }
        #expect(profileErrors(source(256), profile: .webgl1).isEmpty)
        #expect(profileErrors(source(257), profile: .webgl1).first
            == "token is 257 characters long; the limit is 256")
        #expect(profileErrors(source(1024), profile: .webgl2).isEmpty)
        #expect(!profileErrors(source(1025), profile: .webgl2).isEmpty)
        #expect(profileErrors(source(1024), profile: .desktop).isEmpty)
        #expect(profileErrors(source(2000), profile: .desktop).first
            == "the name 'abbbbbbbbbbbbbbb…' is 2000 characters long; at most 1024 are allowed")
        let define = "#define " + String(repeating: "m", count: 257) + " 1\n" + valid
        #expect(!profileErrors(define, profile: .webgl1).isEmpty)
    }

    @Test("names starting with webgl_ or _webgl_ are reserved: variables, functions, fields")
    func reservedNames() {
        let sources = [
            "precision mediump float;\nuniform vec4 webgl_c;\nvoid main() { gl_FragColor = webgl_c; }\n",
            "precision mediump float;\nvec4 _webgl_f() { return vec4(1.0); }\nvoid main() { gl_FragColor = _webgl_f(); }\n",
            "precision mediump float;\nstruct S { float webgl_x; };\nvoid main() { S s = S(1.0); gl_FragColor = vec4(s.webgl_x); }\n",
            "precision mediump float;\nstruct webgl_S { float x; };\nvoid main() { gl_FragColor = vec4(1.0); }\n",
        ]
        for source in sources {
            #expect(profileErrors(source, profile: .webgl1).contains { $0.contains("belong to WebGL") },
                    "\(source)")
            #expect(profileErrors(source, profile: .desktop).isEmpty, "\(source)")
        }
        let almost = "precision mediump float;\nuniform vec4 mywebgl_c;\nvoid main() { gl_FragColor = mywebgl_c; }\n"
        #expect(profileErrors(almost, profile: .webgl1).isEmpty)
    }

    @Test("structures nest 4 levels, not 5")
    func structNesting() {
        func source(_ levels: Int) -> String {
            var text = "precision mediump float;\nstruct S1 { float x; };\n"
            for level in stride(from: 2, through: levels, by: 1) {
                text += "struct S\(level) { S\(level - 1) s; };\n"
            }
            return text + "uniform S\(levels) u;\nvoid main() { gl_FragColor = vec4(1.0); }\n"
        }
        #expect(profileErrors(source(4), profile: .webgl1).isEmpty)
        #expect(profileErrors(source(5), profile: .webgl1) == ["structure 'S5' nests 5 levels of structures; WebGL allows 4"])
        #expect(profileErrors(source(5), profile: .desktop).isEmpty)
    }

    @Test("Appendix A is enforced: no while loops")
    func appendixA() {
        let source = "precision mediump float;\nvoid main() { int i = 0; while (i < 2) { i++; } gl_FragColor = vec4(1.0); }\n"
        #expect(!profileErrors(source, profile: .webgl1).isEmpty)
        #expect(profileErrors(source, profile: .gles2Minimum).isEmpty)
    }

    @Test("no extension is enabled: dFdx needs GL_OES_standard_derivatives")
    func extensions() {
        let source = "#extension GL_OES_standard_derivatives : enable\nprecision mediump float;\n"
            + "void main() { gl_FragColor = vec4(dFdx(0.5)); }\n"
        #expect(!profileErrors(source, profile: .webgl1).isEmpty)
        #expect(profileErrors(source, profile: .desktop).isEmpty)
    }

    @Test("global initializers: uniforms are accepted, varyings and user calls are not")
    func globalInitializers() {
        let uniform = "precision mediump float;\nuniform float u;\nfloat g = u;\nvoid main() { gl_FragColor = vec4(g); }\n"
        #expect(profileErrors(uniform, profile: .webgl1).isEmpty)
        #expect(!profileErrors(uniform, profile: .desktop).isEmpty)  // GLSL ES 1.00 §4.3
        let varying = "precision mediump float;\nvarying float v;\nfloat g = v;\nvoid main() { gl_FragColor = vec4(g); }\n"
        #expect(profileErrors(varying, profile: .webgl1).first?.contains("reads varying 'v'") == true)
        let call = "precision mediump float;\nuniform float u;\nfloat f() { return u; }\nfloat g = f();\n"
            + "void main() { gl_FragColor = vec4(g); }\n"
        #expect(profileErrors(call, profile: .webgl1).first?.contains("calls 'f'") == true)
    }

    @Test("a parameter and a local of the function body share one scope")
    func functionScope() {
        let source = "precision mediump float;\nint f(int k) { int k = k + 3; return k; }\n"
            + "void main() { gl_FragColor = vec4(float(f(1))); }\n"
        #expect(profileErrors(source, profile: .webgl1) == ["redefinition of 'k'"])
        #expect(profileErrors(source, profile: .desktop).isEmpty)
    }

    @Test("a desktop #version is rejected")
    func desktopVersion() {
        let source = "#version 120\nvoid main() { gl_FragColor = vec4(1.0); }\n"
        #expect(profileErrors(source, profile: .webgl1) == ["'#version 120' is desktop GLSL; WebGL accepts GLSL ES shaders only"])
        #expect(profileErrors(source, profile: .desktop).isEmpty)
    }
}

@Suite("GLSL ES rules the WebGL suite checks, for every profile")
struct ESRuleTests {
    @Test("a structure with an array member cannot be assigned")
    func structWithArray() {
        let source = "precision mediump float;\nstruct S { float f[2]; };\n"
            + "void main() { S a; S b; b.f[0] = 1.0; b.f[1] = 1.0; a = b; gl_FragColor = vec4(a.f[0]); }\n"
        #expect(errors(source).map(\.message) == ["'S' contains an array and cannot be assigned in GLSL ES 1.00"])
    }

    @Test("gl_FrontFacing cannot be invariant; gl_FragCoord can")
    func invariantFrontFacing() {
        #expect(errors("invariant gl_FrontFacing;\nvoid main() { gl_FragColor = vec4(1.0); }\n").count == 1)
        #expect(errors("invariant gl_FragCoord;\nvoid main() { gl_FragColor = vec4(1.0); }\n").isEmpty)
    }
}
