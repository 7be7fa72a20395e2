import Foundation
import Framebuffers
import ImageCodecs
@testable import ShadeCLI
import Testing

@Suite("shade render, the real executable")
struct RenderCommandTests {
    /// Red = fragCoord.x / width, green = fragCoord.y / height, Shadertoy style.
    let shadertoyRamp = """
        // Shadertoy: no precision, no uniform declarations, mainImage
        void mainImage(out vec4 fragColor, in vec2 fragCoord)
        {
            vec2 uv = fragCoord / iResolution.xy;
            fragColor = vec4(uv, 0.0, 0.25);
        }
        """

    @Test("mainImage with iResolution: y-up by default (the file's top row is the screen's top), --y-down keeps GL rows")
    func orientation() throws {
        let shader = try temporaryShader(shadertoyRamp, named: "ramp.glsl")
        let folder = try temporaryFolder()
        let up = try runShade(["render", shader, "--size", "4x8", "-o", folder + "/up.png"])
        #expect(up.status == 0, "\(up.standardError)")
        let down = try runShade(["render", shader, "--size", "4x8", "--y-down", "-o", folder + "/down.png"])
        #expect(down.status == 0, "\(down.standardError)")
        let upImage = try decoded(folder + "/up.png"), downImage = try decoded(folder + "/down.png")
        for row in 0..<8 {
            for x in 0..<4 {
                // y-up: file row 0 is fragCoord.y = 7.5 (the top of the screen).
                #expect(Int(upImage.rgba8Pixel(x: x, y: row).y) == unorm((Float(7 - row) + 0.5) / 8))
                #expect(Int(downImage.rgba8Pixel(x: x, y: row).y) == unorm((Float(row) + 0.5) / 8))
                #expect(Int(upImage.rgba8Pixel(x: x, y: row).x) == unorm((Float(x) + 0.5) / 4))
                #expect(upImage.rgba8Pixel(x: x, y: row).w == 255, "mainImage colours are written opaque")
            }
        }
        #expect(try runShade(["render", shader, "--size", "4x8", "--y-up", "--y-down", "-o", folder + "/x.png"]).status == 64)
    }

    @Test("an animation: iTime, iFrame, iTimeDelta per frame, %04d names, frames in parallel")
    func animation() throws {
        let shader = try temporaryShader(
            """
            void mainImage(out vec4 fragColor, in vec2 fragCoord) {
                fragColor = vec4(fract(iTime), float(iFrame) / 255.0, iTimeDelta, 1.0);
            }
            """, named: "clock.glsl")
        let folder = try temporaryFolder()
        let outcome = try runShade([
            "render", shader, "--size", "3x2", "--frames", "5", "--fps", "4", "--time", "1",
            "-o", folder + "/frames/%04d.png", "--jobs", "2", "--threads", "1", "--tile", "2x1",
        ])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        for frame in 0..<5 {
            let image = try decoded(folder + "/frames/" + String(format: "%04d", frame) + ".png")
            let pixel = image.rgba8Pixel(x: 2, y: 1)
            let time = 1 + Float(frame) / 4
            #expect(Int(pixel.x) == unorm(time - time.rounded(.down)), "frame \(frame)")
            #expect(Int(pixel.y) == frame)
            #expect(Int(pixel.z) == unorm(0.25))
        }
        #expect(outcome.standardError.contains("shade: 5 frames in"))
    }

    @Test("a built-in generator by name, parameters as in a chain step, GPUImage rows (no flip)")
    func builtInGenerator() throws {
        let out = try temporaryFolder() + "/board.png"
        let outcome = try runShade(["render", "checkerboard:squareSize=4,color1=#ff0000", "--size", "16x8", "-o", out])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let (worst, at) = worstDifference(try decoded(out)) { x, y in
            let kx = Int(((Float(x) + 0.5 - 8) / 4).rounded(.down)), ky = Int(((Float(y) + 0.5 - 4) / 4).rounded(.down))
            return (kx + ky) & 1 == 0 ? SIMD4(255, 255, 255, 255) : SIMD4(255, 0, 0, 255)
        }
        #expect(worst == 0, "largest difference \(worst) at \(at)")
        let reads = try runShade(["render", "grayscale", "--size", "4x4", "-o", out + ".png"])
        #expect(reads.status == 64)
        #expect(reads.standardError.contains("grayscale reads an input image"))
    }

    @Test("a Book of Shaders shader with its own precision and u_ uniforms")
    func bookOfShaders() throws {
        let shader = try temporaryShader(
            """
            #ifdef GL_ES
            precision mediump float;
            #endif
            uniform vec2 u_resolution;
            uniform float u_time;
            void main() {
                vec2 st = gl_FragCoord.xy / u_resolution;
                gl_FragColor = vec4(st.x, 0.0, u_time / 4.0, 1.0);
            }
            """, named: "book.frag")
        let out = try temporaryFolder() + "/book.png"
        let outcome = try runShade(["render", shader, "--size", "8x2", "--time", "2", "-o", out])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let image = try decoded(out)
        #expect(Int(image.rgba8Pixel(x: 5, y: 0).x) == unorm(5.5 / 8))
        #expect(Int(image.rgba8Pixel(x: 5, y: 0).z) == unorm(0.5))
    }

    @Test("diagnostics keep the user's line numbers and line text; exit 65")
    func diagnostics() throws {
        let shader = try temporaryShader(
            """
            // line 1

            void mainImage(out vec4 fragColor, in vec2 fragCoord)
            {
                vec2 uv = fragCoord / iResolution.xy
                fragColor = vec4(uv, iTime, 1.0);
            }
            """, named: "broken.glsl")
        let outcome = try runShade(["render", shader, "--size", "4x4", "-o", try temporaryFolder() + "/x.png"])
        #expect(outcome.status == 65)
        #expect(outcome.standardError == """
            \(shader):6:5: error: expected ';', found 'fragColor'
                fragColor = vec4(uv, iTime, 1.0);
                ^~~~~~~~~

            """)
    }

    @Test("the checker's warnings on the user's lines, single-pass and per pass of a project (Common's once); --quiet drops them")
    func warnings() throws {
        let shader = try temporaryShader(
            """
            void mainImage(out vec4 o, in vec2 p) {
                vec2 col;
                o = vec4(sin(p.x + col.x), 0.0, 0.0, 1.0);
            }
            """, named: "undefined.glsl")
        let out = try temporaryFolder()
        let warned = try runShade(["render", shader, "--size", "2x2", "-o", out + "/a.png"])
        #expect(warned.status == 0)
        #expect(warned.standardError.hasPrefix("\(shader):3:24: warning: 'col' may be read before anything writes it"), "\(warned.standardError)")
        let quiet = try runShade(["render", shader, "--size", "2x2", "-o", out + "/b.png", "--quiet"])
        #expect(quiet.status == 0 && !quiet.standardError.contains("warning"), "\(quiet.standardError)")
        // A folder: the Common code's warning once (both passes compile it), the buffer's own.
        let folder = try shadertoyFolder([
            "common.glsl": "float f() { float t; return t + 1.0; }",
            "buffer-a.glsl": "void mainImage(out vec4 o, in vec2 p) { float k; o = vec4(f() + k); }",
            "image.glsl": "void mainImage(out vec4 o, in vec2 p) { o = vec4(f()); }",
        ])
        let project = try runShade(["render", folder, "--size", "2x2", "-o", out + "/c.png"])
        #expect(project.status == 0)
        let lines = project.standardError.split(separator: "\n").filter { $0.contains("warning:") }
        #expect(lines.count == 2, "\(project.standardError)")
        #expect(lines.contains { $0.hasPrefix(folder + "/common.glsl:1:") && $0.contains("'t'") })
        #expect(lines.contains { $0.hasPrefix(folder + "/buffer-a.glsl:1:") && $0.contains("'k'") })
    }

    @Test("a Shadertoy shader is GLSL ES 3.00 with Shadertoy's uniforms: uint, ^, %, iFrame, iDate per frame, iSampleRate, HW_PERFORMANCE")
    func shadertoyES300() throws {
        // Only GLSL ES 3.00 has uint, ^ and %; each pixel follows a formula of its own.
        let shader = try temporaryShader(
            """
            void mainImage(out vec4 fragColor, in vec2 fragCoord)
            {
                ivec2 p = ivec2(fragCoord);
                uint bits = uint(p.x ^ p.y) + uint(iFrame);
                bool day = iDate.x == 2026.0 && iDate.y == 2.0 && iDate.z == 4.0; // March: month 2
                bool host = iSampleRate == 44100.0 && iChannelTime[3] == 0.0 && HW_PERFORMANCE == 1
                    && iChannelResolution[0] == vec3(0.0) && iMouse == vec4(0.0);
                fragColor = vec4(fragCoord.x / iResolution.x, float(bits % 4u) / 3.0,
                                 day && host ? (iDate.w - 21600.0) * 0.5 + 0.25 : 1.0, 0.5);
            }
            """, named: "bits.glsl")
        let folder = try temporaryFolder()
        let outcome = try runShade([
            "render", shader, "--size", "6x4", "--frames", "2", "--fps", "2", "--date", "2026-03-04T06:00:00",
            "-o", folder + "/%04d.png",
        ])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        for frame in 0..<2 {
            let (worst, at) = worstDifference(try decoded(folder + "/000\(frame).png")) { x, row in
                let y = 3 - row  // y-up: the file's first row is the top of the screen
                let bits = (x ^ y) + frame
                return SIMD4(unorm((Float(x) + 0.5) / 6), unorm(Float(bits % 4) / 3), unorm(0.25 + Float(frame) * 0.25), 255)
            }
            #expect(worst == 0, "frame \(frame): largest difference \(worst) at \(at)")
        }
        // A channel mainImage leaves unwritten is 0: an out parameter is not copied in, whatever
        // the colour main passes starts at (llvmpipe agrees).
        let partial = try temporaryShader(
            "void mainImage(out vec4 c, in vec2 p) { c.rg = vec2(0.0, 0.5); }", named: "partial.glsl")
        #expect(try runShade(["render", partial, "--size", "2x2", "-o", folder + "/p.png"]).status == 0)
        #expect(try decoded(folder + "/p.png").rgba8Pixel(x: 1, y: 1) == SIMD4(0, 128, 0, 255))
        let badDate = try runShade(["render", shader, "--size", "2x2", "--date", "2026-02-30", "-o", folder + "/d.png"])
        #expect(badDate.status == 64)
        #expect(badDate.standardError.contains("invalid value '2026-02-30' for '--date'"))
    }

    @Test("a mainImage shader written for other hosts too: its own uniforms and main, active or not, are kept")
    func shadertoyForOtherHosts() throws {
        let folder = try temporaryFolder()
        for (name, guarded) in [("guarded", true), ("active", false)] {
            let shader = try temporaryShader(
                """
                \(guarded ? "#ifndef SHADERTOY" : "")
                uniform float iTime;
                \(guarded ? "#endif" : "")
                void mainImage(out vec4 fragColor, in vec2 fragCoord) { fragColor = vec4(iTime, 0.0, 0.0, 1.0); }
                \(guarded ? "#ifdef SHADERTOY" : "")
                out vec4 colour;
                void main() { mainImage(colour, gl_FragCoord.xy); }
                \(guarded ? "#endif" : "")
                """, named: name + ".glsl")
            let outcome = try runShade(["render", shader, "--size", "2x2", "--time", "0.5", "-o", folder + "/\(name).png"])
            #expect(outcome.status == 0, "\(name): \(outcome.standardError)")
            #expect(try decoded(folder + "/\(name).png").rgba8Pixel(x: 0, y: 0) == SIMD4(128, 0, 0, 255), "\(name)")
        }
    }

    @Test("diagnostics of a Shadertoy (GLSL ES 3.00) shader are on the user's lines")
    func shadertoyDiagnostics() throws {
        let shader = try temporaryShader(
            """
            // line 1
            void mainImage(out vec4 fragColor, in vec2 fragCoord)
            {
                uint u = 1;
                fragColor = texture2D(iChannel0, fragCoord / iResolution.xy);
            }
            """, named: "es3.glsl")
        let outcome = try runShade(["render", shader, "--size", "4x4", "-o", try temporaryFolder() + "/x.png"])
        #expect(outcome.status == 65)
        #expect(outcome.standardError == """
            \(shader):4:14: error: cannot convert from 'int' to 'uint'
                uint u = 1;
                         ^
            note: convert explicitly: 'uint(...)'
            \(shader):5:17: error: 'texture2D' is not available in GLSL ES 3.00
                fragColor = texture2D(iChannel0, fragCoord / iResolution.xy);
                            ^~~~~~~~~

            """)
    }

    @Test("iChannel0..3 read --channel images, flipped like Shadertoy's; texture() and iChannelResolution")
    func channels() throws {
        let folder = try temporaryFolder()
        // A 4×2 image whose pixels are all different: red = x, green = file row.
        var bytes: [UInt8] = []
        for row in 0..<2 { for x in 0..<4 { bytes += [UInt8(x * 60), UInt8(row * 200), 7, 255] } }
        let image = try writePNG(Texture(width: 4, height: 2, rgba8: bytes), folder, "channel.png")
        // Reads iChannel1 only (iChannel0 is then a black texel), at the fragment's own texel,
        // and writes its resolution into blue.
        let shader = try temporaryShader(
            """
            void mainImage(out vec4 fragColor, in vec2 fragCoord) {
                vec4 c = texture(iChannel1, fragCoord / iResolution.xy);
                fragColor = vec4(c.rg, (iChannelResolution[1].x + iChannelResolution[1].y) / 255.0, 1.0);
            }
            """, named: "channels.glsl")
        let up = try runShade(["render", shader, "--channel1", image, "--size", "4x2", "-o", folder + "/up.png"])
        #expect(up.status == 0, "\(up.standardError)")
        // y-up: the image flipped in, the output flipped out: the file comes back as it was.
        let upImage = try decoded(folder + "/up.png")
        let down = try runShade(["render", shader, "--channel1", image, "--size", "4x2", "--y-down", "-o", folder + "/down.png"])
        #expect(down.status == 0, "\(down.standardError)")
        let downImage = try decoded(folder + "/down.png")
        for row in 0..<2 {
            for x in 0..<4 {
                let expected = SIMD4<UInt8>(UInt8(x * 60), UInt8(row * 200), 6, 255)
                #expect(upImage.rgba8Pixel(x: x, y: row) == expected, "y-up \(x),\(row)")
                #expect(downImage.rgba8Pixel(x: x, y: row) == expected, "y-down \(x),\(row)")
            }
        }
        let missing = try runShade(["render", shader, "--size", "4x2", "-o", folder + "/m.png"])
        #expect(missing.status == 64)
        #expect(missing.standardError.contains("reads iChannel1; give its image with --channel1"))
        let unused = try runShade(["render", shader, "--channel1", image, "--channel3", image, "--size", "4x2", "-o", folder + "/u.png"])
        #expect(unused.status == 64)
        #expect(unused.standardError.contains("does not read iChannel3"))
        let absent = try runShade(["render", shader, "--channel1", folder + "/none.png", "--size", "4x2", "-o", folder + "/a.png"])
        #expect(absent.status == 66)
    }

    @Test("usage and file errors: no --size, frames without a pattern, missing shader, existing output")
    func errors() throws {
        let shader = try temporaryShader(shadertoyRamp, named: "ramp.glsl")
        let folder = try temporaryFolder()
        #expect(try runShade(["render", shader, "-o", folder + "/x.png"]).status == 64)
        let frames = try runShade(["render", shader, "--size", "2x2", "--frames", "3", "-o", folder + "/x.png"])
        #expect(frames.status == 64)
        #expect(frames.standardError.contains("need an output pattern"))
        #expect(try runShade(["render", folder + "/none.glsl", "--size", "2x2", "-o", folder + "/x.png"]).status == 66)
        #expect(try runShade(["render", shader, "--size", "2x2", "-o", folder + "/x.png"]).status == 0)
        #expect(try runShade(["render", shader, "--size", "2x2", "-o", folder + "/x.png"]).status == 73)
        #expect(try runShade(["render", shader, "--size", "2x2", "-u", "nothing=1", "-o", folder + "/y.png"]).status == 64)
    }
}

@Suite("shade render: wrapping screen shaders")
struct ProceduralShaderTests {
    @Test("mainImage without #version: Shadertoy's GLSL ES 3.00 header, its whole uniform set, the samplers named")
    func shadertoyDialect() {
        let source = """
            uniform float iTime; // the user's own declaration
            void mainImage(out vec4 c, in vec2 p) { c = texture(iChannel2, p) * iTime; }
            """
        #expect(ProceduralShader(source: source).addedUniforms.contains("iTime"))
        let shader = ProceduralShader(source: source, leavingOut: ["iTime"])
        #expect(shader.dialect == .shadertoy)
        #expect(shader.text.hasPrefix("""
            #version 300 es
            precision highp float;
            precision highp int;
            precision mediump sampler3D;
            #define HW_PERFORMANCE 1
            uniform vec3 iResolution;
            uniform float iChannelTime[4];
            uniform vec4 iMouse;
            uniform vec4 iDate;
            """))
        #expect(shader.addedUniforms == [
            "iResolution", "iChannelTime", "iMouse", "iDate", "iSampleRate", "iChannelResolution", "iFrame",
            "iTimeDelta", "iFrameRate", "iChannel2",
        ])
        #expect(shader.channels == [2])
        #expect(shader.text.contains("out vec4 shadeFragColor;"))
        #expect(shader.text.contains("shadeFragColor = vec4(shadeColor.rgb, 1.0);"))
        #expect(!shader.text.contains("texture2D"))
        #expect(!shader.text.contains("st_assert"))
        #expect(ProceduralShader(source: "void mainImage(out vec4 c, in vec2 p) { st_assert(p.x > 0.0, 1); }")
            .text.contains("void st_assert(bool shadeCondition, int shadeChannel)"))
    }

    @Test("comments are read left to right: '//*' is a line comment, '//' inside /* */ starts nothing")
    func commentsReadLeftToRight() {
        // Shadertoy 4tdXRM and 4sKXzy write `//* …`; reading block comments first made that
        // open one which hid `mainImage`, so the shader went to GLSL ES 1.00 and failed.
        let source = """
            //* a note with a star
            float f(float x) { return x * 2.0; } /* a block // with slashes */
            void mainImage(out vec4 c, in vec2 p) { c = vec4(f(p.x) * iTime); }
            //*/ the end
            """
        let shader = ProceduralShader(source: source)
        #expect(shader.dialect == .shadertoy)
        #expect(shader.addedUniforms.contains("iTime"))
        #expect(ProceduralShader.strippingComments("a /* b // c */ d // e /* f\ng") == "a   d  \ng")
    }

    @Test("a #version is kept: only the uniforms used and not declared, precision and main are added")
    func ownVersion() {
        let wrapped = ProceduralShader(source: """
            #version 100
            uniform float iTime; // declared
            void mainImage(out vec4 c, in vec2 p) { c = vec4(iTime + iResolution.x); }
            """)
        #expect(wrapped.dialect == .own(version: "100"))
        #expect(wrapped.text.hasPrefix("#version 100\nprecision highp float;\n#define HW_PERFORMANCE 1\nuniform vec3 iResolution;\nuniform float iTime;"))
        #expect(!wrapped.text.contains("uniform float iTime;\nuniform float iTime;"))
        #expect(!wrapped.text.contains("iMouse"))
        #expect(wrapped.text.contains("mainImage(shadeColor, gl_FragCoord.xy);"))
        #expect(wrapped.text.contains("gl_FragColor = vec4(shadeColor.rgb, 1.0);"))
        let es300 = ProceduralShader(source: "#version 300 es\nvoid mainImage(out vec4 c, in vec2 p) { c = texture(iChannel1, p); }")
        #expect(es300.dialect == .own(version: "300 es"))
        #expect(es300.text.contains("out vec4 shadeFragColor;") && !es300.text.contains("texture2D"))
        let book = ProceduralShader(source: """
            uniform sampler2D u_tex;
            void main() { gl_FragColor = texture(u_tex, gl_FragCoord.xy) * u_time; }
            """)
        #expect(book.dialect == .own(version: nil))
        #expect(book.text.hasPrefix("precision highp float;\nuniform float u_time;\n#define texture texture2D\n"))
        #expect(!book.text.contains("HW_PERFORMANCE") && !book.text.contains("shadeColor"))
    }

    @Test("--date: ISO dates in UTC, 'now', iDate's month from 0 and seconds since midnight, advancing with frames")
    func dates() throws {
        let noon = try #require(ShadertoyDate(parsing: "2026-12-01T12:00:00"))
        #expect(noon.uniform(after: 0) == SIMD4(2026, 11, 1, 43200))
        #expect(noon.uniform(after: 43_200.5) == SIMD4(2026, 11, 2, 0.5))
        #expect(ShadertoyDate(parsing: "2026-12-01")?.uniform(after: 1.25) == SIMD4(2026, 11, 1, 1.25))
        #expect(ShadertoyDate(parsing: "1999-12-31 23:59:59.5")?.uniform(after: 0.5) == SIMD4(2000, 0, 1, 0))
        #expect(ShadertoyDate.standard.uniform(after: 0) == SIMD4(2000, 0, 1, 0))
        for bad in ["2026-13-01", "2026-02-29", "2026-1-1", "12:00", "2026-01-01T24:00", "tomorrow"] {
            #expect(ShadertoyDate(parsing: bad) == nil, "\(bad)")
        }
        let now = Date(timeIntervalSince1970: 1_000_000)
        #expect(ShadertoyDate(parsing: "now", now: now) == ShadertoyDate(date: now, timeZone: .current))
    }
}
