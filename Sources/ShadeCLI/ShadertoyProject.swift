import Foundation

/// A Shadertoy shader with all its tabs: Common code, Buffers A–D and the Image pass, each pass
/// with what its `iChannel0…3` read. Read from a folder (`init(folder:)`) or from Shadertoy's
/// JSON export (`init(exportedJSON:path:)`); drawn by `ShadertoyRenderer`.
///
/// Shadertoy's order is kept: every frame the buffers render A, B, C, D, then the Image pass.
struct ShadertoyProject: Equatable {
    /// One of Shadertoy's four buffers.
    enum Buffer: Int, CaseIterable, Comparable, CustomStringConvertible {
        case a, b, c, d

        /// `buffer-a` … `buffer-d`: the folder layout's file stem and the name `--capture` takes.
        var name: String { "buffer-" + letter.lowercased() }
        /// `A` … `D`.
        var letter: String { ["A", "B", "C", "D"][rawValue] }
        var description: String { "Buffer \(letter)" }

        static func < (left: Buffer, right: Buffer) -> Bool { left.rawValue < right.rawValue }

        /// The buffer named `buffer-a`, `a`, `A`, `Buffer A`, `bufa` …; nil for anything else.
        init?(name: String) {
            let key = name.lowercased().filter { $0.isLetter }
            let letters = ["a", "b", "c", "d"]
            for (index, letter) in letters.enumerated()
            where key == letter || key == "buffer" + letter || key == "buf" + letter {
                self = Buffer(rawValue: index)!
                return
            }
            return nil
        }
    }

    /// A texture sampler's filter as Shadertoy offers it.
    enum Filter: String, Equatable {
        case nearest, linear
        /// Trilinear over generated mipmaps (`GL_LINEAR_MIPMAP_LINEAR`).
        case mipmap
    }

    /// A texture sampler's wrap mode as Shadertoy offers it.
    enum Wrap: String, Equatable {
        case clamp, `repeat`
    }

    /// What one `iChannelN` reads.
    enum Source: Equatable {
        /// The most recent contents of a buffer: this frame's when the buffer renders before the
        /// reading pass, else the previous frame's (zeros before the first).
        case buffer(Buffer)
        /// An image file (PNG or JPEG).
        case texture(path: String)
        /// A volume: a 3D texture in Shadertoy's `.bin` format (`ShadertoyVolume`), declared
        /// `sampler3D`.
        case volume(path: String)
        /// A cube map: six square image files of one size, faces +X, −X, +Y, −Y, +Z, −Z,
        /// declared `samplerCube` and sampled seamlessly, as GL ES 3.0 does.
        case cubeMap(paths: [String])
        /// Shadertoy's keyboard state, a 256×3 texture: no key is ever down, so all zeros.
        case keyboard
        /// A sound input (Shadertoy's music, SoundCloud and microphone inputs): the 512×2
        /// one-channel texture Shadertoy fills with the spectrum (row 0) and the waveform
        /// (row 1), here silence, all zeros, as Shadertoy shows it before the sound plays:
        /// every lookup reads (0, 0, 0, 1).
        case sound
    }

    /// One channel binding with its sampler.
    struct Channel: Equatable {
        var source: Source
        var filter: Filter = .linear
        var wrap: Wrap = .clamp
        /// Whether an image is flipped so that its last file row is v = 0 (Shadertoy's default
        /// for textures). Buffers are never flipped.
        var flipsVertically = true
    }

    /// A Buffer or the Image pass.
    struct Pass: Equatable {
        /// The buffer this pass draws, or nil for the Image pass.
        var buffer: Buffer?
        /// The pass's code.
        var code: String
        /// Where the code came from, for diagnostics (`buffer-a.glsl`, `shader.json: Buffer A`).
        var path: String
        /// The channels the pass reads, by number 0…3.
        var channels: [Int: Channel] = [:]

        /// `image`, `buffer-a` …
        var name: String { buffer?.name ?? "image" }

        /// The sampler type of each channel that is not a `sampler2D`.
        var samplerTypes: [Int: String] {
            channels.compactMapValues { channel in
                switch channel.source {
                case .volume: return "sampler3D"
                case .cubeMap: return "samplerCube"
                default: return nil
                }
            }
        }
    }

    /// The Common tab's code, put before every pass's code, and where it came from.
    var common: (code: String, path: String)?
    /// The Sound tab's code and where it came from. It makes audio, which no other pass reads
    /// (a sound input is Shadertoy's music or microphone, never this tab), so the picture does
    /// not depend on it: it is kept, and not rendered.
    var sound: (code: String, path: String)?
    /// The buffers that exist, in Shadertoy's order (A, B, C, D).
    var buffers: [Pass]
    /// The Image pass.
    var image: Pass

    /// The passes in the order they render each frame.
    var passes: [Pass] { buffers + [image] }

    static func == (left: ShadertoyProject, right: ShadertoyProject) -> Bool {
        left.common?.code == right.common?.code && left.common?.path == right.common?.path
            && left.sound?.code == right.sound?.code && left.sound?.path == right.sound?.path
            && left.buffers == right.buffers && left.image == right.image
    }

    /// Creates a project and checks it: every channel that reads a buffer names one that
    /// exists, unless `allowingMissingBuffers`.
    ///
    /// - Parameter allowingMissingBuffers: whether a channel may read a buffer the shader has
    ///   no pass for. Shadertoy allows it (its four buffers always exist; one no pass draws
    ///   holds zeros), so the JSON export does; the folder layout does not, where such a
    ///   binding is more likely a typo.
    init(
        common: (code: String, path: String)?, buffers: [Pass], image: Pass, sound: (code: String, path: String)? = nil,
        allowingMissingBuffers: Bool = false
    ) throws(ShadertoyProjectError) {
        self.common = common
        self.sound = sound
        self.buffers = buffers.sorted { $0.buffer! < $1.buffer! }
        self.image = image
        guard !allowingMissingBuffers, let missing = missingBuffers.first else { return }
        throw .missingBuffer(pass: missing.pass.path, channel: missing.channel, buffer: missing.buffer)
    }

    /// The channels that read a buffer no pass draws (it reads zeros), in pass and channel order.
    var missingBuffers: [(pass: Pass, channel: Int, buffer: Buffer)] {
        let present = Set(buffers.compactMap(\.buffer))
        return passes.flatMap { pass in
            pass.channels.sorted(by: { $0.key < $1.key }).compactMap { number, channel in
                guard case .buffer(let buffer) = channel.source, !present.contains(buffer) else { return nil }
                return (pass, number, buffer)
            }
        }
    }
}

/// Why a Shadertoy folder or export cannot be rendered; each case maps to `shade render`'s exit
/// codes (`exitCode`).
enum ShadertoyProjectError: Error, Equatable, CustomStringConvertible {
    /// A file the layout needs is missing (`image.glsl`, a channel's image).
    case missingFile(String)
    /// A file is there but cannot be read as UTF-8 text.
    case unreadable(String)
    /// The JSON is not JSON, or not the shape Shadertoy exports (`path`, what is wrong).
    case malformed(path: String, String)
    /// A channel reads a buffer the shader does not have.
    case missingBuffer(pass: String, channel: Int, buffer: ShadertoyProject.Buffer)
    /// A pass type Shade does not render (`cubemap` for Cube A).
    case unsupportedPass(path: String, type: String)
    /// A channel input type Shade does not provide (a `cubemap` input that reads a Cube A
    /// pass).
    case unsupportedInput(pass: String, channel: Int, type: String)
    /// A channel input type Shadertoy does not have.
    case unknownInput(pass: String, channel: Int, type: String)
    /// An exported texture whose image is not in `--media DIR` (or no `--media` was given).
    case missingMedia(pass: String, channel: Int, source: String, looked: String?)

    /// 66 for missing files and media, 65 for everything else (bad or unsupported data).
    var exitCode: ExitCode {
        switch self {
        case .missingFile, .missingMedia: .noInput
        default: .dataError
        }
    }

    var description: String {
        switch self {
        case .missingFile(let path): "\(path): error: no such file"
        case .unreadable(let path): "\(path): error: not UTF-8 text or unreadable"
        case .malformed(let path, let what): "\(path): error: \(what)"
        case .missingBuffer(let pass, let channel, let buffer):
            "\(pass): error: iChannel\(channel) reads \(buffer), which this shader does not have"
        case .unsupportedPass(let path, let type):
            "\(path): error: Shade does not render \(type) passes (Shadertoy's \(type == "cubemap" ? "Cube A" : type) tab)"
        case .unsupportedInput(let pass, let channel, let type):
            "\(pass): error: iChannel\(channel) is a \(type) input, which Shade does not provide"
                + " (it reads buffers, image files, cube maps, volumes, video and webcam stills, sound as silence and the keyboard)"
        case .unknownInput(let pass, let channel, let type):
            "\(pass): error: iChannel\(channel) has the unknown input type '\(type)'"
        case .missingMedia(let pass, let channel, let source, let looked):
            if let looked {
                "\(pass): error: iChannel\(channel) reads \(source), not found in --media \(looked)"
                    + " (looked for \(ShadertoyProject.mediaCandidates(source).joined(separator: ", ")))"
            } else {
                "\(pass): error: iChannel\(channel) reads the Shadertoy media file \(source);"
                    + " give the folder holding it with --media DIR"
            }
        }
    }
}
