import Foundation
import Framebuffers
import ImageCodecs
import Testing

/// `shade run|trace|test --profile` and `shade run --compare-profiles`, in process.
@Suite("device profiles on the command line, in process")
struct RunProfileTests {
    /// Odd numbers past 2048, where fp16's steps are 2: x = 2049 + 2·column, then fract(x / 8).
    /// Mesa regroups `(2048.0 + f * 2.0) + 1.0` as `2049.0 + f * 2.0` (`CheckedShader.reassociated()`),
    /// so in fp16 the constant 2049 rounds to 2048 before the even steps are added: columns
    /// 0, 1/4, 1/2, 3/4 (what `glref.py --precision native` renders), against 1/8, 3/8, 5/8, 7/8 in fp32.
    static let source = """
        precision mediump float;
        varying vec2 textureCoordinate;
        void main() {
            float x = 2048.0 + floor(textureCoordinate.x * 16.0) * 2.0 + 1.0;
            gl_FragColor = vec4(vec3(fract(x / 8.0)), 1.0);
        }
        """

    static func column(_ texture: Texture, _ x: Int) -> Int { Int(texture.rgba8Pixel(x: x, y: 0).x) }

    @Test("--profile rounds mediump to fp16; desktop does not")
    func profileRounds() throws {
        let shader = try temporaryShader(Self.source, named: "steps.frag")
        let folder = try temporaryFolder()
        for (profile, expected) in [("desktop", [32, 96, 159, 223]), ("gles3-minimum", [0, 64, 128, 191])] {
            let out = folder + "/\(profile).png"
            let outcome = shadeInProcess(["run", "-f", shader, "--size", "16x1", "--profile", profile, "-o", out])
            #expect(outcome.status == 0, "\(outcome.standardError)")
            let image = try ImageFile.decode(contentsOfFile: out).texture
            // x = 2049, 2051, 2053, 2055: fract(x / 8) on desktop; in fp16 2049 is 2048, so x is
            // 2048, 2050, 2052, 2054 and x / 8 is 256, 256.25, 256.5, 256.75.
            #expect((0..<4).map { Self.column(image, $0) } == expected, "\(profile)")
        }
    }

    @Test("--compare-profiles writes both images and a diff picture, and counts the pixels")
    func compareProfiles() throws {
        let shader = try temporaryShader(Self.source, named: "steps.frag")
        let folder = try temporaryFolder()
        let outcome = shadeInProcess([
            "run", "-f", shader, "--size", "16x2", "--compare-profiles", "desktop,gles3-minimum",
            "-o", folder + "/out.png", "--json",
        ])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let desktop = try ImageFile.decode(contentsOfFile: folder + "/out.desktop.png").texture
        let phone = try ImageFile.decode(contentsOfFile: folder + "/out.gles3-minimum.png").texture
        let diff = try ImageFile.decode(contentsOfFile: folder + "/out.diff.png").texture
        var differing = 0
        for y in 0..<2 {
            for x in 0..<16 where desktop.rgba8Pixel(x: x, y: y) != phone.rgba8Pixel(x: x, y: y) {
                differing += 1
                #expect(diff.rgba8Pixel(x: x, y: y).x >= 64 && diff.rgba8Pixel(x: x, y: y).y == 0, "(\(x), \(y)) is red")
            }
        }
        #expect(differing == 32, "every column differs")
        #expect(outcome.standardOutput.contains("\"differing_pixels\":\(differing)"))
        #expect(outcome.standardOutput.contains("\"largest_difference\":32"))
        // Both at once is a usage error, and so is an unknown name.
        #expect(shadeInProcess(["run", "-f", shader, "--size", "4x4", "--profile", "webgl1", "--compare-profiles",
                                "desktop,webgl1", "-o", folder + "/x.png"]).status == 64)
        let unknown = shadeInProcess(["run", "-f", shader, "--size", "4x4", "--compare-profiles", "desktop,riva128",
                                      "-o", folder + "/y.png"])
        #expect(unknown.status == 64 && unknown.standardError.contains("unknown profile 'riva128'"))
    }

    @Test("shade chain --profile compiles shader steps and built-in filters for the profile")
    func chain() throws {
        let shader = try temporaryShader(Self.source, named: "steps.frag")
        let folder = try temporaryFolder()
        let input = folder + "/in.png"
        try ImageFile.write(Texture(width: 16, height: 1, filledWith: SIMD4(0.3, 0.5, 0.7, 1)), toFile: input, as: .png())
        for (profile, expected) in [("desktop", [32, 96, 159, 223]), ("gles3-minimum", [0, 64, 128, 191])] {
            let out = folder + "/chain-\(profile).png"
            let outcome = shadeInProcess(["chain", input, shader, "--profile", profile, "-o", out])
            #expect(outcome.status == 0, "\(outcome.standardError)")
            let image = try ImageFile.decode(contentsOfFile: out).texture
            #expect((0..<4).map { Self.column(image, $0) } == expected, "\(profile)")
        }
        // A built-in filter's mediump arithmetic: a photo through sepia differs from desktop
        // by fp16's rounding only.
        var images: [Texture] = []
        for profile in ["desktop", "gles3-minimum"] {
            let out = folder + "/sepia-\(profile).png"
            let outcome = shadeInProcess(["chain", fixture("coffee.png"), "sepia", "--profile", profile, "-o", out])
            #expect(outcome.status == 0, "\(outcome.standardError)")
            images.append(try ImageFile.decode(contentsOfFile: out).texture)
        }
        var differing = 0, largest = 0
        for y in 0..<images[0].height {
            for x in 0..<images[0].width {
                let d = SIMD4<Int>(truncatingIfNeeded: images[0].rgba8Pixel(x: x, y: y))
                    &- SIMD4<Int>(truncatingIfNeeded: images[1].rgba8Pixel(x: x, y: y))
                let m = max(abs(d.x), abs(d.y), abs(d.z), abs(d.w))
                if m > 0 { differing += 1 }
                largest = max(largest, m)
            }
        }
        #expect(differing > 0 && largest <= 2, "\(differing) pixels differ, by up to \(largest)/255")
    }

    @Test("shade render --profile rounds what a Shadertoy shader declares mediump")
    func render() throws {
        let shader = try temporaryShader("""
            void mainImage(out vec4 fragColor, in vec2 fragCoord) {
                mediump float phase = fragCoord.x / iResolution.x * 12.0 + iTime;
                fragColor = vec4(vec3(0.5 + 0.5 * sin(phase)), 1.0);
            }
            """, named: "waves.glsl")
        let folder = try temporaryFolder()
        var steps: [String: Int] = [:]
        for profile in ["desktop", "gles3-minimum"] {
            let out = folder + "/\(profile).png"
            let outcome = shadeInProcess(["render", shader, "--size", "128x2", "--time", "3600", "--profile", profile, "-o", out])
            #expect(outcome.status == 0, "\(outcome.standardError)")
            let image = try ImageFile.decode(contentsOfFile: out).texture
            steps[profile] = (1..<128).map { abs(Self.column(image, $0) - Self.column(image, $0 - 1)) }.max()
        }
        // Smooth on desktop (the slope allows 12/255 per column); bands on fp16, where
        // 3600 + x moves in steps of 2 radians.
        #expect(steps["desktop"]! <= 13 && steps["gles3-minimum"]! > 64, "\(steps)")
    }

    @Test("an input larger than the profile's MAX_TEXTURE_SIZE is an error (65)")
    func textureLimit() throws {
        let shader = try temporaryShader(
            "precision mediump float;\nvarying vec2 textureCoordinate;\nuniform sampler2D inputImageTexture;\n"
                + "void main() { gl_FragColor = texture2D(inputImageTexture, textureCoordinate); }\n",
            named: "pass.frag")
        let folder = try temporaryFolder()
        let outcome = shadeInProcess([
            "run", "-f", shader, "-i", fixture("coffee.png"), "--profile", "gles2-minimum", "-o", folder + "/p.png",
        ])
        #expect(outcome.status == 65)
        #expect(outcome.standardError.contains("larger than gles2-minimum's MAX_TEXTURE_SIZE of 64"), "\(outcome.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/p.png"), "no partial output")
    }

    @Test("shade trace --profile shows the rounded values")
    func trace() throws {
        let shader = try temporaryShader(Self.source, named: "steps.frag")
        let outcome = shadeInProcess(["trace", shader, "--size", "16x1", "--pixel", "0,0", "--profile", "gles3-minimum"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("x = 2048.0"), "\(outcome.standardOutput)")
        let desktop = shadeInProcess(["trace", shader, "--size", "16x1", "--pixel", "0,0"])
        #expect(desktop.standardOutput.contains("x = 2049.0"), "\(desktop.standardOutput)")
    }
}

/// `shade run --mipmap`, in process: the flag reaches the sampler.
@Suite("shade run --mipmap, in process")
struct RunMipmapTests {
    @Test("--mipmap linear minifies through the levels; none reads level 0; a bad value is a usage error")
    func mipmapFlag() throws {
        let folder = try temporaryFolder()
        // A texel checkerboard: level 1 and below are flat grey, level 0 is not.
        var bytes = [UInt8](repeating: 255, count: 16 * 16 * 4)
        for y in 0..<16 {
            for x in 0..<16 where (x + y) % 2 == 1 { for k in 0..<3 { bytes[(y * 16 + x) * 4 + k] = 0 } }
        }
        let input = folder + "/checker.png"
        try ImageFile.write(Texture(width: 16, height: 16, rgba8: bytes), toFile: input, as: .png(PNGEncodingOptions()))
        let shader = try temporaryShader("""
            precision highp float;
            varying vec2 textureCoordinate;
            uniform sampler2D inputImageTexture;
            void main() { gl_FragColor = texture2D(inputImageTexture, textureCoordinate + 0.01); }
            """, named: "minify.frag")
        var columns: [String: [Int]] = [:]
        for mipmap in ["none", "linear"] {
            let out = folder + "/\(mipmap).png"
            let outcome = shadeInProcess(["run", "-f", shader, "-i", input, "--size", "4x4", "--mipmap", mipmap, "-o", out])
            #expect(outcome.status == 0, "\(outcome.standardError)")
            let image = try ImageFile.decode(contentsOfFile: out).texture
            columns[mipmap] = (0..<4).map { Int(image.rgba8Pixel(x: $0, y: 1).x) }
        }
        // 4 texels per pixel: level of detail 2, a level of 4×4 flat greys (the rounded means
        // of 0 and 255 pairs: 128, then 128 again).
        #expect(columns["linear"] == [128, 128, 128, 128])
        #expect(columns["none"]!.contains { $0 != 128 }, "level 0 keeps the checkerboard: \(columns["none"]!)")
        let bad = shadeInProcess(["run", "-f", shader, "-i", input, "--mipmap", "trilinear", "-o", folder + "/bad.png"])
        #expect(bad.status == 64 && bad.standardError.contains("--mipmap"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/bad.png"))
    }
}

/// `shade run --uniform` of int and uint uniforms past 2^24, in process: the values arrive exactly.
@Suite("shade run --uniform with large integers, in process")
struct RunIntegerUniformTests {
    @Test("16777217 and 4294967295u reach the shader exactly (a float would round the first)")
    func largeIntegers() throws {
        let shader = try temporaryShader("""
            #version 300 es
            precision highp float; precision highp int;
            uniform int x; uniform uint y; out vec4 o;
            void main() { o = (x == 16777217 && y == 4294967295u && x - 1 == 16777216) ? vec4(0, 1, 0, 1) : vec4(1, 0, 0, 1); }
            """, named: "big.frag")
        let out = try temporaryFolder() + "/big.png"
        let outcome = shadeInProcess(["run", "-f", shader, "--size", "2x2", "-u", "x=16777217", "-u", "y=4294967295", "-o", out])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(try ImageFile.decode(contentsOfFile: out).texture.rgba8Pixel(x: 0, y: 0) == SIMD4(0, 255, 0, 255))
    }
}
