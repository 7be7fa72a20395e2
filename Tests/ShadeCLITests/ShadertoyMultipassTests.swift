import Foundation
import Framebuffers
import ImageCodecs
@testable import ShadeCLI
import ShaderExecution
import Testing

/// A folder holding `files` (name → text), in the folder layout `shade render` reads.
func shadertoyFolder(_ files: [String: String]) throws -> String {
    let folder = try temporaryFolder()
    for (name, text) in files {
        try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
    }
    return folder
}

/// Reads a folder layout, failing the test with the error's message.
func project(_ files: [String: String]) throws -> ShadertoyProject {
    try ShadertoyProject(folder: try shadertoyFolder(files))
}

/// Renders `frames` frames of `project` at `width`×`height`; returns the renderer and the last
/// Image frame.
func rendered(_ project: ShadertoyProject, width: Int, height: Int, frames: Int) throws -> (ShadertoyRenderer, Texture) {
    let renderer = try ShadertoyRenderer(project: project, width: width, height: height, executor: Executor())
    var image: Texture?
    for frame in 0..<frames {
        image = try renderer.renderFrame(ShadertoyClock(frame: frame, fps: 60))
    }
    return (renderer, image!)
}

/// The Image pass that shows Buffer A as it is (for the tests that look at buffers).
let showBufferA = """
    void mainImage(out vec4 fragColor, in vec2 fragCoord) {
        fragColor = texture(iChannel0, fragCoord / iResolution.xy);
    }
    """

@Suite("Shadertoy multipass: buffers, channels, layouts")
struct ShadertoyMultipassTests {
    @Test("a buffer that adds to itself each frame holds floats above 1 and its alpha; Image reads this frame's")
    func selfIncrementingBuffer() throws {
        let shader = try project([
            "buffer-a.glsl": """
                void mainImage(out vec4 fragColor, in vec2 fragCoord) {
                    fragColor = texture(iChannel0, fragCoord / iResolution.xy) + vec4(1.0, 0.5, 0.25, 0.125);
                }
                """,
            "image.glsl": """
                void mainImage(out vec4 fragColor, in vec2 fragCoord) {
                    fragColor = texture(iChannel0, fragCoord / iResolution.xy) / 8.0;
                }
                """,
            "channels.json": #"{"buffer-a": {"iChannel0": {"input": "buffer-a", "filter": "nearest"}}, "image": {"iChannel0": "buffer-a"}}"#,
        ])
        let (renderer, image) = try rendered(shader, width: 4, height: 2, frames: 5)
        let a = try #require(renderer.contents(of: .a))
        #expect(a.format == .float32)
        for y in 0..<2 {
            for x in 0..<4 {
                #expect(a.pixel(x: x, y: y) == SIMD4(5, 2.5, 1.25, 0.625), "pixel \(x),\(y) after 5 frames")
                let shown = image.rgba8Pixel(x: x, y: y)
                #expect(Int(shown.x) == unorm(5 / 8.0) && Int(shown.y) == unorm(2.5 / 8) && Int(shown.z) == unorm(1.25 / 8))
                #expect(shown.w == 255, "the Image pass is written opaque")
            }
        }
    }

    @Test("order A, B, C, then Image: earlier buffers give this frame, itself and later buffers the previous one")
    func passOrder() throws {
        // A = (iFrame, B.x of the previous frame); B = (A.x + 100 this frame, B.y + 1, C.x of the
        // previous frame); C = 2 * B.x this frame. A and B read each other: a cycle, as Shadertoy allows.
        let shader = try project([
            "buffer-a.glsl": """
                void mainImage(out vec4 o, in vec2 p) {
                    o = vec4(float(iFrame), texture(iChannel0, p / iResolution.xy).x, 0.0, 1.0);
                }
                """,
            "buffer-b.glsl": """
                void mainImage(out vec4 o, in vec2 p) {
                    vec2 uv = p / iResolution.xy;
                    o = vec4(texture(iChannel0, uv).x + 100.0, texture(iChannel1, uv).y + 1.0, texture(iChannel2, uv).x, 1.0);
                }
                """,
            "buffer-c.glsl": """
                void mainImage(out vec4 o, in vec2 p) { o = vec4(2.0 * texture(iChannel0, p / iResolution.xy).x, 0.0, 0.0, 1.0); }
                """,
            "image.glsl": showBufferA,
            "channels.json": """
                {"buffer-a": {"iChannel0": "buffer-b"},
                 "buffer-b": {"iChannel0": "buffer-a", "iChannel1": "buffer-b", "iChannel2": "buffer-c"},
                 "buffer-c": {"iChannel0": "buffer-b"},
                 "image": {"iChannel0": "buffer-a"}}
                """,
        ])
        for frames in 1...3 {
            let f = Float(frames - 1)
            let (renderer, _) = try rendered(shader, width: 2, height: 2, frames: frames)
            let a = try #require(renderer.contents(of: .a)).pixel(x: 1, y: 1)
            let b = try #require(renderer.contents(of: .b)).pixel(x: 1, y: 1)
            let c = try #require(renderer.contents(of: .c)).pixel(x: 1, y: 1)
            #expect(a.x == f && a.y == (f == 0 ? 0 : f - 1 + 100), "A after \(frames) frames")
            #expect(b.x == f + 100 && b.y == f + 1 && b.z == (f == 0 ? 0 : 2 * (f - 1 + 100)), "B after \(frames) frames")
            #expect(c.x == 2 * (f + 100), "C after \(frames) frames")
        }
    }

    /// Buffer A holds r = column (0, 1, 2, 3); Buffer B samples it at `coordinate` through
    /// `binding`; returns B's red per column.
    func sampled(_ binding: String, coordinate: String) throws -> [Float] {
        let shader = try project([
            "buffer-a.glsl": "void mainImage(out vec4 o, in vec2 p) { o = vec4(floor(p.x), 0.0, 0.0, 1.0); }",
            "buffer-b.glsl": """
                void mainImage(out vec4 o, in vec2 p) { o = texture(iChannel0, vec2(\(coordinate), 0.5)); }
                """,
            "image.glsl": showBufferA,
            "channels.json": #"{"buffer-b": {"iChannel0": \#(binding)}, "image": {"iChannel0": "buffer-a"}}"#,
        ])
        let (renderer, _) = try rendered(shader, width: 4, height: 1, frames: 1)
        let b = try #require(renderer.contents(of: .b))
        return (0..<4).map { b.pixel(x: $0, y: 0).x }
    }

    @Test("wrap and filter: nearest/linear/mipmap with clamp/repeat, values from the texel formula")
    func wrapAndFilter() throws {
        // Past the right edge by one width: clamp gives the last texel, repeat the same column.
        let beyond = "(p.x + 4.0) / 4.0"
        #expect(try sampled(#"{"input": "buffer-a", "filter": "nearest", "wrap": "clamp"}"#, coordinate: beyond) == [3, 3, 3, 3])
        #expect(try sampled(#"{"input": "buffer-a", "filter": "nearest", "wrap": "repeat"}"#, coordinate: beyond) == [0, 1, 2, 3])
        // Halfway between texels i - 1 and i: linear gives i - 0.5; at i = 0 clamp gives texel 0,
        // repeat the mean of texels 3 and 0.
        let between = "(p.x - 0.5) / 4.0"
        #expect(try sampled(#"{"input": "buffer-a", "filter": "linear", "wrap": "clamp"}"#, coordinate: between) == [0, 0.5, 1.5, 2.5])
        #expect(try sampled(#"{"input": "buffer-a", "filter": "linear", "wrap": "repeat"}"#, coordinate: between) == [1.5, 0.5, 1.5, 2.5])
        #expect(try sampled(#"{"input": "buffer-a", "filter": "nearest", "wrap": "clamp"}"#, coordinate: between) == [0, 1, 2, 3],
            "nearest on a texel boundary takes the texel to its right: floor(u * width)")
        // mipmap at 1:1 scale (one texel per pixel: level of detail 0) is the linear filter.
        #expect(try sampled(#"{"input": "buffer-a", "filter": "mipmap", "wrap": "repeat"}"#, coordinate: between) == [1.5, 0.5, 1.5, 2.5])
        // Two texels per pixel: level of detail 1, so level 1 alone, whose texels are the means
        // of texel pairs (0.5 and 2.5). A quarter texel on, pixel x reads level-1 texels x and
        // x + 1 (wrapped) at 1/4; the base level's linear filter reads texel 2x + 1 exactly.
        let minified = "p.x * 2.0 / 4.0 + 0.125"
        #expect(try sampled(#"{"input": "buffer-a", "filter": "mipmap", "wrap": "repeat"}"#, coordinate: minified) == [1, 2, 1, 2])
        #expect(try sampled(#"{"input": "buffer-a", "filter": "linear", "wrap": "repeat"}"#, coordinate: minified) == [1, 3, 1, 3])
    }

    @Test("an image file as a channel: vflip puts its last row at v = 0; iChannelResolution is its size")
    func imageChannel() throws {
        let folder = try shadertoyFolder([
            "image.glsl": """
                void mainImage(out vec4 o, in vec2 p) {
                    o = vec4(texture(iChannel0, p / iResolution.xy).rgb, 1.0);
                    if (p.x > 1.0) o = vec4(iChannelResolution[0].xy / 8.0, iChannelResolution[0].z, 1.0);
                }
                """,
        ])
        // 1×2 file: first row red, second green.
        let photo = Texture(width: 1, height: 2, rgba8: [255, 0, 0, 255, 0, 255, 0, 255])
        try ImageFile.write(photo, toFile: folder + "/photo.png", as: .png(PNGEncodingOptions()))
        for flips in [true, false] {
            try #"{"image": {"iChannel0": {"input": "photo.png", "filter": "nearest", "vflip": \#(flips)}}}"#
                .write(toFile: folder + "/channels.json", atomically: true, encoding: .utf8)
            let (_, image) = try rendered(try ShadertoyProject(folder: folder), width: 2, height: 2, frames: 1)
            // GL row 0 (v = 0.25) reads the file's last row when flipped, its first when not.
            #expect(image.rgba8Pixel(x: 0, y: 0) == (flips ? SIMD4(0, 255, 0, 255) : SIMD4(255, 0, 0, 255)), "vflip \(flips)")
            #expect(image.rgba8Pixel(x: 0, y: 1) == (flips ? SIMD4(255, 0, 0, 255) : SIMD4(0, 255, 0, 255)), "vflip \(flips)")
            #expect(image.rgba8Pixel(x: 1, y: 0) == SIMD4(UInt8(unorm(1 / 8.0)), UInt8(unorm(2 / 8.0)), 255, 255))
        }
    }

    @Test("the keyboard reads zeros and is 256×3; a channel bound to nothing reads black")
    func keyboard() throws {
        let shader = try project([
            "image.glsl": """
                void mainImage(out vec4 o, in vec2 p) {
                    o = vec4(texture(iChannel0, vec2(0.3, 0.5)).r + texture(iChannel1, vec2(0.5)).r,
                             iChannelResolution[0].x / 256.0, iChannelResolution[0].y / 4.0, 1.0);
                }
                """,
            "channels.json": #"{"image": {"iChannel0": "keyboard"}}"#,
        ])
        let (_, image) = try rendered(shader, width: 1, height: 1, frames: 1)
        #expect(image.rgba8Pixel(x: 0, y: 0) == SIMD4(0, 255, UInt8(unorm(0.75)), 255))
    }

    @Test("Common code comes before every pass; diagnostics name common.glsl or the pass with their own lines")
    func commonAndDiagnostics() throws {
        let common = "float twice(float x) { return 2.0 * x; }\n"
        let shader = try project([
            "common.glsl": common,
            "buffer-a.glsl": "void mainImage(out vec4 o, in vec2 p) { o = vec4(twice(0.25)); }",
            "image.glsl": "void mainImage(out vec4 o, in vec2 p) { o = texture(iChannel0, vec2(0.5)) * twice(1.0) / 4.0; }",
            "channels.json": #"{"image": {"iChannel0": "buffer-a"}}"#,
        ])
        let (renderer, image) = try rendered(shader, width: 1, height: 1, frames: 1)
        #expect(renderer.contents(of: .a)?.pixel(x: 0, y: 0) == SIMD4(repeating: 0.5))
        #expect(Int(image.rgba8Pixel(x: 0, y: 0).x) == unorm(0.25))

        let brokenImage = try project([
            "common.glsl": common,
            "image.glsl": "\n\nvoid mainImage(out vec4 o, in vec2 p) { o = vec4(undefinedName); }",
        ])
        let failure = try #require(throws: CommandFailure.self) { try rendered(brokenImage, width: 1, height: 1, frames: 1) }
        #expect(failure.code == .dataError)
        #expect(failure.message.contains("image.glsl:3:"), "\(failure.message)")
        let brokenCommon = try project([
            "common.glsl": "float f() { return 1.0 }\n",
            "image.glsl": "void mainImage(out vec4 o, in vec2 p) { o = vec4(1.0); }",
        ])
        let commonFailure = try #require(throws: CommandFailure.self) { try rendered(brokenCommon, width: 1, height: 1, frames: 1) }
        #expect(commonFailure.message.contains("common.glsl:1:"), "\(commonFailure.message)")
        #expect(!commonFailure.message.contains("image.glsl:"), "\(commonFailure.message)")
    }

    @Test("a pass is Shadertoy's whatever it looks like: mainImage from a macro, a macro named mainImage, dFdx without an extension")
    func passesAreShadertoy() throws {
        let macroEntry = try project([
            "common.glsl": "#define ENTRY mainImage\n",
            "image.glsl": "void ENTRY(out vec4 o, in vec2 p) { o = vec4(0.5 + dFdx(p.x) * 0.25); }",
        ])
        #expect(try rendered(macroEntry, width: 2, height: 2, frames: 1).1.rgba8Pixel(x: 0, y: 0).x == UInt8(unorm(0.75)))
        // Shadertoy's main comes before the user's code, so a macro named mainImage cannot reach it.
        let macroNamedEntry = try project([
            "image.glsl": """
                #define mainImage mainImage0(out vec4 O, vec2 U); void mainImage(out vec4 O, vec2 U) { O = vec4(0.25); } void unused
                void mainImage(out vec4 O, vec2 U) {}
                """,
        ])
        #expect(try rendered(macroNamedEntry, width: 1, height: 1, frames: 1).1.rgba8Pixel(x: 0, y: 0).x == UInt8(unorm(0.25)))
        // All four iChannels are declared, as Shadertoy does, even where a '/*' inside a '//'
        // comment hides a use from the wrapper's scan.
        let hiddenUse = try project([
            "image.glsl": """
                // a comment with /* in it
                void mainImage(out vec4 O, vec2 U) { O = texture(iChannel0, vec2(0.5)) + vec4(0.5); }
                // and */ here
                """,
        ])
        #expect(try rendered(hiddenUse, width: 1, height: 1, frames: 1).1.rgba8Pixel(x: 0, y: 0).x == UInt8(unorm(0.5)))
    }

    @Test("folder layout: channels.json read into bindings; missing and unsupported files are specific errors")
    func folderLayout() throws {
        let folder = try shadertoyFolder([
            "image.glsl": showBufferA, "buffer-a.glsl": showBufferA, "buffer-c.glsl": showBufferA,
            "channels.json": """
                {"image": {"iChannel0": "buffer-c", "iChannel3": {"input": "keyboard", "filter": "nearest"}},
                 "buffer-c": {"1": {"input": "buffer-a", "wrap": "repeat", "filter": "mipmap"}}}
                """,
        ])
        let read = try ShadertoyProject(folder: folder)
        #expect(read.buffers.map(\.buffer) == [.a, .c])
        #expect(read.common == nil)
        #expect(read.image.channels == [0: .init(source: .buffer(.c)), 3: .init(source: .keyboard, filter: .nearest)])
        #expect(read.buffers[1].channels == [1: .init(source: .buffer(.a), filter: .mipmap, wrap: .repeat)])
        #expect(read.buffers[0].channels.isEmpty)

        let empty = try shadertoyFolder([:])
        #expect(throws: ShadertoyProjectError.missingFile(empty + "/image.glsl")) { _ = try ShadertoyProject(folder: empty) }
        #expect(ShadertoyProjectError.missingFile(empty).exitCode == .noInput)
        func error(_ files: [String: String]) -> ShadertoyProjectError? {
            do { _ = try project(files); return nil } catch { return error as? ShadertoyProjectError }
        }
        guard case .missingBuffer(let pass, 0, .b) = error(["image.glsl": showBufferA, "channels.json": #"{"image": {"iChannel0": "buffer-b"}}"#]),
            pass.hasSuffix("/image.glsl")
        else { Issue.record("a channel reading a buffer with no file must be refused"); return }
        guard case .malformed = error(["image.glsl": showBufferA, "channels.json": #"{"buffer-d": {"iChannel0": "keyboard"}}"#])
        else { Issue.record("bindings for a buffer with no file must be refused"); return }
        guard case .unsupportedPass(_, "cubemap") = error(["image.glsl": showBufferA, "cube-a.glsl": showBufferA]) else {
            Issue.record("a Cube A file must be refused"); return
        }
        guard case .malformed(_, let message) = error(["image.glsl": showBufferA, "channels.json": #"{"image": {"iChannel4": "keyboard"}}"#]),
            message.contains("iChannel4")
        else { Issue.record("iChannel4 must be refused"); return }
        guard case .malformed = error(["image.glsl": showBufferA, "channels.json": #"{"image": {"iChannel0": {"input": "keyboard", "wrap": "mirror"}}}"#])
        else { Issue.record("an unknown wrap must be refused"); return }
        guard case .missingFile(let path) = error(["image.glsl": showBufferA, "channels.json": #"{"image": {"iChannel0": "nothing.png"}}"#]),
            path.hasSuffix("/nothing.png")
        else { Issue.record("a missing image must be named"); return }
    }
}

@Suite("Shadertoy JSON export and shade render on multipass shaders")
struct ShadertoyExportTests {
    /// An API-shaped export: Image reads Buffer A (numeric id 257) and a texture; Buffer B is
    /// spelled with the older string id; Common; inputs unordered, vflip as a string.
    func export(imageInputs: String = "", extraPass: String = "") -> String {
        """
        {"Shader": {"ver": "0.1", "info": {"id": "test01", "name": "test"}, "renderpass": [
          {"type": "image", "name": "Image", "code": "void mainImage(out vec4 o, in vec2 p) { o = texture(iChannel0, p / iResolution.xy); }",
           "outputs": [{"id": 37, "channel": 0}],
           "inputs": [\(imageInputs.isEmpty ? """
               {"id": 257, "src": "/media/previz/buffer00.png", "ctype": "buffer", "channel": 0,
                "sampler": {"filter": "nearest", "wrap": "repeat", "vflip": "true", "srgb": "false", "internal": "byte"}},
               {"id": 8, "src": "/media/a/abc.jpg", "ctype": "texture", "channel": 2,
                "sampler": {"filter": "mipmap", "wrap": "repeat", "vflip": "false"}}
               """ : imageInputs)]},
          {"type": "buffer", "name": "Buffer B", "code": "void mainImage(out vec4 o, in vec2 p) { o = vec4(commonValue()); }",
           "outputs": [{"id": "XsXGR8", "channel": 0}], "inputs": []},
          {"type": "common", "name": "Common", "code": "float commonValue() { return 0.5; }", "inputs": [], "outputs": []},
          {"type": "buffer", "name": "Buffer A", "code": "void mainImage(out vec4 o, in vec2 p) { o = texture(iChannel1, vec2(0.5)) + vec4(0.25); }",
           "outputs": [{"id": 257, "channel": 0}],
           "inputs": [{"id": "XsXGR8", "ctype": "buffer", "channel": 1, "sampler": {"filter": "linear", "wrap": "clamp", "vflip": "true"}}]}
          \(extraPass)
        ]}}
        """
    }

    func media() throws -> String {
        let folder = try temporaryFolder()
        try ImageFile.write(Texture(width: 1, height: 1, rgba8: [10, 20, 30, 255]), toFile: folder + "/abc.png", as: .png(PNGEncodingOptions()))
        return folder
    }

    func read(_ text: String, media: String?) throws -> ShadertoyProject {
        try ShadertoyProject(exportedJSON: Data(text.utf8), path: "shader.json", media: media)
    }

    @Test("renderpass[] becomes Common, Buffers A and B in order and the Image pass with their channels")
    func parsesExport() throws {
        let folder = try media()
        let shader = try read(export(), media: folder)
        #expect(shader.common?.code == "float commonValue() { return 0.5; }")
        #expect(shader.buffers.map(\.buffer) == [.a, .b])
        #expect(shader.buffers[0].channels == [1: .init(source: .buffer(.b))])
        #expect(shader.image.channels == [
            0: .init(source: .buffer(.a), filter: .nearest, wrap: .repeat, flipsVertically: true),
            // The texture is found in --media by its name, or the same name with .png.
            2: .init(source: .texture(path: folder + "/abc.png"), filter: .mipmap, wrap: .repeat, flipsVertically: false),
        ])
        #expect(shader.image.path == "shader.json: Image")
        // A = B (this frame, 0.5) + 0.25.
        let (renderer, image) = try rendered(shader, width: 2, height: 2, frames: 2)
        #expect(renderer.contents(of: .a)?.pixel(x: 0, y: 0) == SIMD4(repeating: 0.75))
        #expect(image.rgba8Pixel(x: 1, y: 1) == SIMD4(UInt8(unorm(0.75)), UInt8(unorm(0.75)), UInt8(unorm(0.75)), 255))
        // The bare Shader object and a one-element array read the same.
        let bare = export().dropFirst(#"{"Shader": "#.count).dropLast(1)
        #expect(try read(String(bare), media: folder) == shader)
        #expect(try read("[" + export() + "]", media: folder) == shader)
    }

    @Test("export errors: unknown ctype, cubemap passes and inputs, missing media, bad ids")
    func exportErrors() throws {
        let folder = try media()
        func error(_ text: String, media: String?? = .none) -> ShadertoyProjectError? {
            do { _ = try read(text, media: media ?? folder); return nil } catch { return error as? ShadertoyProjectError }
        }
        guard case .unknownInput(_, 1, "hologram") = error(export(imageInputs: #"{"id": 1, "ctype": "hologram", "channel": 1}"#))
        else { Issue.record("an unknown ctype must be refused"); return }
        guard case .unsupportedInput(_, 3, "cubemap") = error(export(
            imageInputs: #"{"id": 1, "ctype": "cubemap", "channel": 3, "src": "/media/previz/cubemap00.png"}"#))
        else { Issue.record("a cubemap input reading Cube A must be refused"); return }
        guard case .missingMedia(_, 2, "/media/a/sky_1.png", _) = error(
            export(imageInputs: #"{"id": 1, "ctype": "cubemap", "channel": 2, "src": "/media/a/sky.png"}"#), media: .some(try cubeMedia(faces: 1)))
        else { Issue.record("a cube map's missing face must be named"); return }
        guard case .unsupportedPass(_, "cubemap") = error(export(extraPass: #", {"type": "cubemap", "name": "Cube A", "code": "", "outputs": [{"id": 41}]}"#))
        else { Issue.record("a Cube A pass must be refused"); return }
        guard case .malformed(_, let twoSounds) = error(export(extraPass: #", {"type": "sound", "code": ""}, {"type": "sound", "code": ""}"#)),
            twoSounds.contains("two sound passes")
        else { Issue.record("two Sound passes must be refused"); return }
        guard case .missingMedia(_, 1, "/media/a/clip.webm", "/nonexistent") = error(
            export(imageInputs: #"{"id": 1, "ctype": "video", "channel": 1, "src": "/media/a/clip.webm"}"#), media: "/nonexistent")
        else { Issue.record("a video with no still in --media must say so"); return }
        #expect(ShadertoyProjectError.missingMedia(pass: "p", channel: 1, source: "/media/a/clip.webm", looked: "m").description
            .contains("looked for clip.png, clip.jpg"))
        guard case .missingMedia(_, 2, "/media/a/abc.jpg", nil) = error(export(), media: .some(nil))
        else { Issue.record("a texture with no --media must say so"); return }
        guard case .missingMedia(_, 2, _, let looked?) = error(export(), media: "/nonexistent"), looked == "/nonexistent"
        else { Issue.record("a texture not in --media must say where it looked"); return }
        guard case .malformed(_, let message) = error(export(imageInputs: #"{"id": 999, "ctype": "buffer", "channel": 0}"#)),
            message.contains("999")
        else { Issue.record("a buffer id that no pass draws must be refused"); return }
        guard case .malformed = error("{\"Shader\": {}}") else { Issue.record("no renderpass must be refused"); return }
        guard case .malformed = error("not json") else { Issue.record("not JSON must be refused"); return }
        #expect(ShadertoyProjectError.unsupportedPass(path: "x", type: "sound").exitCode == .dataError)
        #expect(ShadertoyProjectError.missingMedia(pass: "x", channel: 0, source: "s", looked: nil).exitCode == .noInput)
    }

    @Test("video and webcam inputs read a still from --media, music and mic read silence, the Sound tab is kept and not drawn")
    func mediaInputs() throws {
        let folder = try media()
        try ImageFile.write(Texture(width: 2, height: 1, rgba8: [200, 100, 50, 255, 0, 0, 0, 255]), toFile: folder + "/clip.png",
                            as: .png(PNGEncodingOptions()))
        try ImageFile.write(Texture(width: 1, height: 1, rgba8: [1, 2, 3, 255]), toFile: folder + "/webcam.png", as: .png(PNGEncodingOptions()))
        // Image: red from the video's left texel, green from the webcam, blue from the music (zero,
        // alpha 1), alpha from the microphone's alpha; iChannelResolution[2] is the sound texture's 512×2.
        let image = #"""
            void mainImage(out vec4 o, in vec2 p) {
                o = vec4(texture(iChannel0, vec2(0.25, 0.5)).r, texture(iChannel1, vec2(0.5)).g * 50.0,
                         texture(iChannel2, vec2(0.5)).r + (iChannelResolution[2].xy == vec2(512.0, 2.0) ? 0.5 : 0.0),
                         texture(iChannel3, vec2(0.7)).a);
            }
            """#
        let inputs = #"""
            {"id": 1, "ctype": "video", "channel": 0, "src": "/media/a/clip.webm", "sampler": {"filter": "nearest", "vflip": "true"}},
            {"id": 2, "type": "webcam", "channel": 1, "filepath": "/presets/webcam.png"},
            {"id": 3, "ctype": "music", "channel": 2, "src": "/media/a/song.mp3"},
            {"id": 4, "ctype": "mic", "channel": 3, "src": "/presets/mic.png"}
            """#
        let json = #"{"Shader": {"renderpass": [{"type": "image", "code": \#(jsonString(image)), "inputs": [\#(inputs)]},"#
            + #" {"type": "sound", "name": "Sound", "code": "vec2 mainSound(int s, float t) { return vec2(0.0); }"}]}}"#
        let shader = try read(json, media: folder)
        #expect(shader.sound?.code.contains("mainSound") == true && shader.sound?.path == "shader.json: Sound")
        #expect(shader.image.channels[0]?.source == .texture(path: folder + "/clip.png"))
        #expect(shader.image.channels[1]?.source == .texture(path: folder + "/webcam.png"))
        #expect(shader.image.channels[2]?.source == .sound && shader.image.channels[3]?.source == .sound)
        let (_, frame) = try rendered(shader, width: 1, height: 1, frames: 1)
        #expect(frame.rgba8Pixel(x: 0, y: 0) == SIMD4(200, UInt8(unorm(2.0 / 255 * 50)), UInt8(unorm(0.5)), 255))
        // The folder layout: "sound" binds silence; sound.glsl is kept.
        let layout = try project([
            "image.glsl": "void mainImage(out vec4 o, in vec2 p) { o = texture(iChannel0, vec2(0.5)); }",
            "sound.glsl": "vec2 mainSound(int s, float t) { return vec2(sin(t)); }",
            "channels.json": #"{"image": {"iChannel0": "sound"}}"#,
        ])
        #expect(layout.image.channels[0]?.source == .sound && layout.sound?.code.contains("sin(t)") == true)
        let out = try temporaryFolder()
        let done = try runShade(["render", try writeExport(json), "--media", folder, "--size", "2x2", "-o", out + "/m.png"])
        #expect(done.status == 0 && done.standardError.contains("Sound tab makes audio"), "\(done.standardError)")
    }

    /// Shadertoy's volume format: the 20-byte header, then the texels.
    static func volumeFile(width: Int, height: Int, depth: Int, channels: Int, format: Int = 0, texels: [UInt8]) -> Data {
        var data = Data("BIN\0".utf8)
        for value in [width, height, depth] { withUnsafeBytes(of: UInt32(value).littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: [UInt8(channels), 0, UInt8(format & 255), UInt8(format >> 8)])
        data.append(contentsOf: texels)
        return data
    }

    @Test("a Shadertoy volume decodes into stacked slices, channels widened as GL reads R8/RG8/RGB8; bad files are refused")
    func volumeDecoding() throws {
        // 2×1×2, one channel: slice 0 is (10, 20), slice 1 (30, 40).
        let grey = try ShadertoyVolume.decode(Self.volumeFile(width: 2, height: 1, depth: 2, channels: 1, texels: [10, 20, 30, 40]))
        #expect(grey.depth == 2 && grey.texture.width == 2 && grey.texture.height == 2)
        #expect(grey.texture.rgba8Pixel(x: 1, y: 0) == SIMD4(20, 0, 0, 255) && grey.texture.rgba8Pixel(x: 0, y: 1) == SIMD4(30, 0, 0, 255))
        let rg = try ShadertoyVolume.decode(Self.volumeFile(width: 1, height: 1, depth: 1, channels: 2, texels: [5, 6]))
        #expect(rg.texture.rgba8Pixel(x: 0, y: 0) == SIMD4(5, 6, 0, 255))
        var floats: [UInt8] = []
        for value in [Float(1.5), -2] { withUnsafeBytes(of: value.bitPattern.littleEndian) { floats.append(contentsOf: $0) } }
        let float = try ShadertoyVolume.decode(Self.volumeFile(width: 1, height: 2, depth: 1, channels: 1, format: 10, texels: floats))
        #expect(float.texture.format == .float32 && float.texture.pixel(x: 0, y: 1) == SIMD4(-2, 0, 0, 1))
        func refusal(_ data: Data) -> String? {
            do { _ = try ShadertoyVolume.decode(data); return nil } catch { return error.reason }
        }
        #expect(refusal(Data([1, 2, 3]))?.contains("header") == true)
        #expect(refusal(Self.volumeFile(width: 1, height: 1, depth: 1, channels: 5, texels: [1]))?.contains("5 channels") == true)
        #expect(refusal(Self.volumeFile(width: 1, height: 1, depth: 1, channels: 1, format: 3, texels: [1]))?.contains("format 3") == true)
        #expect(refusal(Self.volumeFile(width: 2, height: 2, depth: 2, channels: 1, texels: [1, 2]))?.contains("need 8") == true)
        #expect(refusal(Self.volumeFile(width: 0, height: 1, depth: 1, channels: 1, texels: []))?.contains("size") == true)
        #expect(refusal(Self.volumeFile(width: 1 << 20, height: 1 << 20, depth: 1, channels: 1, texels: []))?.contains("size") == true)
    }

    @Test("a volume input is a sampler3D read from --media: texels, iChannelResolution and the folder layout's .bin")
    func volumeInput() throws {
        let folder = try media()
        // 2×1×2, four channels.
        let texels: [UInt8] = [10, 0, 0, 255, 20, 0, 0, 255, 30, 0, 0, 255, 40, 0, 0, 255]
        try Self.volumeFile(width: 2, height: 1, depth: 2, channels: 4, texels: texels).write(to: URL(fileURLWithPath: folder + "/noise.bin"))
        // Red: the texel at (1, 0, 1) = 40; green: the resolution is (2, 1, 2).
        let image = #"""
            void mainImage(out vec4 o, in vec2 p) {
                o = vec4(texture(iChannel0, vec3(0.75, 0.5, 0.75)).r, iChannelResolution[0] == vec3(2.0, 1.0, 2.0) ? 1.0 : 0.0, 0.0, 1.0);
            }
            """#
        let json = #"{"Shader": {"renderpass": [{"type": "image", "code": \#(jsonString(image)), "inputs": ["#
            + #"{"id": 1, "type": "volume", "channel": 0, "filepath": "/media/a/noise.bin", "sampler": {"filter": "nearest", "wrap": "repeat", "vflip": "true"}}]}]}}"#
        let shader = try read(json, media: folder)
        #expect(shader.image.channels[0]?.source == .volume(path: folder + "/noise.bin"))
        #expect(shader.image.samplerTypes == [0: "sampler3D"])
        let (_, frame) = try rendered(shader, width: 1, height: 1, frames: 1)
        #expect(frame.rgba8Pixel(x: 0, y: 0) == SIMD4(40, 255, 0, 255))
        let empty = try temporaryFolder()
        #expect(throws: ShadertoyProjectError.missingMedia(pass: "shader.json: image", channel: 0, source: "/media/a/noise.bin", looked: empty)) {
            try read(json, media: empty)
        }
        // The folder layout: an input ending in .bin is a volume.
        let layout = try project([
            "image.glsl": image, "noise.bin": "", "channels.json": #"{"image": {"iChannel0": {"input": "noise.bin", "filter": "nearest"}}}"#,
        ])
        guard case .volume(let path) = layout.image.channels[0]?.source else { Issue.record("noise.bin must be a volume"); return }
        #expect(path.hasSuffix("/noise.bin"))
        // A corrupt volume is exit 65 with the file named.
        let out = try temporaryFolder()
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: folder + "/noise.bin"))
        let bad = try runShade(["render", try writeExport(json), "--media", folder, "--size", "2x2", "-o", out + "/v.png"])
        #expect(bad.status == 65 && bad.standardError.contains("noise.bin") && bad.standardError.contains("not a Shadertoy volume"),
                "\(bad.standardError)")
        #expect(!FileManager.default.fileExists(atPath: out + "/v.png"))
    }

    @Test("an export's channel reading a buffer no pass draws reads zeros, as on Shadertoy, with a note")
    func missingBufferReadsZeros() throws {
        // Image reads Buffer C (id 259), which the export does not have: zeros, so the output is
        // (0, 0.5, 0) from the constant alone; iChannelResolution is the buffer size.
        let image = #"""
            void mainImage(out vec4 o, in vec2 p) {
                o = texture(iChannel1, vec2(0.5)) + vec4(0.0, iChannelResolution[1].x == iResolution.x ? 0.5 : 0.0, 0.0, 1.0);
            }
            """#
        let json = #"{"Shader": {"renderpass": [{"type": "image", "code": \#(jsonString(image)), "inputs": ["#
            + #"{"id": 259, "ctype": "buffer", "channel": 1}]}]}}"#
        let shader = try read(json, media: nil)
        #expect(shader.missingBuffers.map { "\($0.channel) \($0.buffer)" } == ["1 Buffer C"])
        let (renderer, frame) = try rendered(shader, width: 2, height: 2, frames: 2)
        #expect(renderer.contents(of: .c) == nil)
        #expect(frame.rgba8Pixel(x: 1, y: 1) == SIMD4(0, UInt8(unorm(0.5)), 0, 255))
        let out = try temporaryFolder()
        let done = try runShade(["render", try writeExport(json), "--size", "2x2", "-o", out + "/z.png"])
        #expect(done.status == 0 && done.standardError.contains("reads Buffer C, which no pass draws"), "\(done.standardError)")
    }

    /// A media folder holding the first `faces` faces of the cube map `sky.png`: face k is one
    /// colour, (k * 40, 255 - k * 40, 7, 255), 2×2.
    func cubeMedia(faces: Int = 6) throws -> String {
        let folder = try temporaryFolder()
        for k in 0..<faces {
            let colour: [UInt8] = [UInt8(k * 40), UInt8(255 - k * 40), 7, 255]
            try ImageFile.write(Texture(width: 2, height: 2, rgba8: Array([[UInt8]](repeating: colour, count: 4).joined())),
                                toFile: folder + (k == 0 ? "/sky.png" : "/sky_\(k).png"), as: .png(PNGEncodingOptions()))
        }
        return folder
    }

    @Test("a cube map input reads six faces from --media (NAME, NAME_1 … NAME_5) as a samplerCube; each direction its face")
    func cubeMapInput() throws {
        let folder = try cubeMedia()
        // Red and green from the face each axis direction selects: +X is face 0 … -Z face 5; blue
        // iChannelResolution[0].x, which Shadertoy leaves at zero for a cube map.
        let image = #"""
            void mainImage(out vec4 o, in vec2 p) {
                vec3 d[6] = vec3[6](vec3(1, 0, 0), vec3(-1, 0, 0), vec3(0, 1, 0), vec3(0, -1, 0), vec3(0, 0, 1), vec3(0, 0, -1));
                o = vec4(texture(iChannel0, d[int(p.x)]).rg, iChannelResolution[0].x / 255.0, 1.0);
            }
            """#
        let json = #"{"Shader": {"renderpass": [{"type": "image", "code": \#(jsonString(image)), "inputs": ["#
            + #"{"id": 1, "type": "cubemap", "channel": 0, "filepath": "/media/a/sky.png", "sampler": {"filter": "mipmap", "wrap": "clamp", "vflip": "false"}}]}]}}"#
        let shader = try read(json, media: folder)
        #expect(shader.image.samplerTypes == [0: "samplerCube"])
        guard case .cubeMap(let paths) = shader.image.channels[0]?.source else { Issue.record("sky.png must be a cube map"); return }
        #expect(paths.map { ($0 as NSString).lastPathComponent } == ["sky.png", "sky_1.png", "sky_2.png", "sky_3.png", "sky_4.png", "sky_5.png"])
        let (_, frame) = try rendered(shader, width: 6, height: 1, frames: 1)
        for k in 0..<6 {
            #expect(frame.rgba8Pixel(x: k, y: 0) == SIMD4(UInt8(k * 40), UInt8(255 - k * 40), 0, 255), "face \(k)")
        }
    }

    /// `text` as a JSON string literal.
    func jsonString(_ text: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: [text]), as: UTF8.self).dropFirst().dropLast().description
    }

    /// Writes an export to a new temporary `shader.json`.
    func writeExport(_ text: String) throws -> String {
        let path = try temporaryFolder() + "/shader.json"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("shade render FOLDER: frames in order, --capture buffer-a=PATTERN, exit codes 64, 65, 66")
    func commandLine() throws {
        let folder = try shadertoyFolder([
            "buffer-a.glsl": """
                void mainImage(out vec4 o, in vec2 p) { o = texture(iChannel0, p / iResolution.xy) + vec4(0.125, 0.0, 0.0, 1.0); }
                """,
            // Image: the buffer's red, and green = fragCoord.y / height to show the orientation.
            "image.glsl": """
                void mainImage(out vec4 o, in vec2 p) { o = vec4(texture(iChannel0, p / iResolution.xy).r, p.y / iResolution.y, 0.0, 1.0); }
                """,
            "channels.json": #"{"buffer-a": {"iChannel0": "buffer-a"}, "image": {"iChannel0": "buffer-a"}}"#,
        ])
        let out = try temporaryFolder()
        let done = try runShade([
            "render", folder, "--size", "2x2", "--frames", "3", "-o", out + "/image-%d.png",
            "--capture", "buffer-a=" + out + "/a-%d.png", "--quiet",
        ])
        #expect(done.status == 0, "\(done.standardError)")
        for frame in 0..<3 {
            let image = try decoded(out + "/image-\(frame).png")
            // y-up: the file's top row is fragCoord.y = 1.5.
            #expect(image.rgba8Pixel(x: 0, y: 0) == SIMD4(UInt8(unorm(0.125 * Float(frame + 1))), UInt8(unorm(0.75)), 0, 255))
            #expect(image.rgba8Pixel(x: 0, y: 1).y == UInt8(unorm(0.25)))
            // The capture is the buffer clamped to 8 bits: alpha counts up past 1.
            #expect(try decoded(out + "/a-\(frame).png").rgba8Pixel(x: 1, y: 1) == SIMD4(UInt8(unorm(0.125 * Float(frame + 1))), 0, 0, 255))
        }
        let again = try runShade(["render", folder, "--size", "2x2", "-o", out + "/image-0.png"])
        #expect(again.status == 73, "an existing output is kept without --force")
        let noBuffer = try runShade(["render", folder, "--size", "2x2", "-o", out + "/x.png", "--capture", "buffer-b=" + out + "/b.png"])
        #expect(noBuffer.status == 64 && noBuffer.standardError.contains("no Buffer B"), "\(noBuffer.standardError)")
        let missing = try runShade(["render", try temporaryFolder(), "--size", "2x2", "-o", out + "/y.png"])
        #expect(missing.status == 66 && missing.standardError.contains("image.glsl"), "\(missing.standardError)")
        let cube = try shadertoyFolder(["image.glsl": showBufferA, "cube-a.glsl": ""])
        let refused = try runShade(["render", cube, "--size", "2x2", "-o", out + "/z.png"])
        #expect(refused.status == 65 && refused.standardError.contains("cubemap"), "\(refused.standardError)")
        let bad = try shadertoyFolder(["image.glsl": "void mainImage(out vec4 o, in vec2 p) { o = nope; }"])
        let diagnosed = try runShade(["render", bad, "--size", "2x2", "-o", out + "/w.png"])
        #expect(diagnosed.status == 65 && diagnosed.standardError.contains("image.glsl:1:"), "\(diagnosed.standardError)")
    }
}
