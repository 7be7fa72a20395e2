import Foundation

extension ShadertoyProject {
    /// The folder layout's pass files, in render order.
    static let bufferFiles = Buffer.allCases.map { ($0, $0.name + ".glsl") }

    /// Reads a folder: `image.glsl` (required), `common.glsl`, `buffer-a.glsl` … `buffer-d.glsl`
    /// and `channels.json`, which says what each pass's channels read:
    ///
    /// ```json
    /// {
    ///   "buffer-a": { "iChannel0": "buffer-a" },
    ///   "image": {
    ///     "iChannel0": { "input": "buffer-a", "filter": "nearest" },
    ///     "iChannel1": { "input": "photo.jpg", "filter": "mipmap", "wrap": "repeat", "vflip": true },
    ///     "iChannel2": "keyboard"
    ///   }
    /// }
    /// ```
    ///
    /// An input is `buffer-a` … `buffer-d`, `keyboard`, `sound` (a music or microphone input,
    /// read as silence), a Shadertoy volume (`.bin`, a `sampler3D`), an image file (relative
    /// to the folder; a still for a video or a webcam), or a list of six image files, a cube
    /// map's faces +X, −X, +Y, −Y, +Z, −Z (a `samplerCube`). A `sound.glsl` (the Sound tab) is read and not rendered: it makes audio, which
    /// the picture does not depend on. `filter` is `nearest`, `linear` (default) or `mipmap`; `wrap` `clamp` (default)
    /// or `repeat`; `vflip` (default true) flips an image so its last row is v = 0. Without
    /// `channels.json` no channel is bound (an unbound channel reads black, as on Shadertoy).
    ///
    /// - Throws: `ShadertoyProjectError`: no `image.glsl`, a Cube A file (`cube-a.glsl`), a
    ///   malformed `channels.json`, a channel reading a buffer
    ///   the folder has no file for, a missing image.
    init(folder: String) throws(ShadertoyProjectError) {
        let manager = FileManager.default
        func file(_ name: String) -> String { (folder as NSString).appendingPathComponent(name) }
        func read(_ name: String) throws(ShadertoyProjectError) -> String? {
            let path = file(name)
            guard manager.fileExists(atPath: path) else { return nil }
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw .unreadable(path) }
            return text
        }
        if manager.fileExists(atPath: file("cube-a.glsl")) { throw .unsupportedPass(path: file("cube-a.glsl"), type: "cubemap") }
        guard let imageCode = try read("image.glsl") else { throw .missingFile(file("image.glsl")) }
        var channels: [String: [Int: Channel]] = [:]
        if let bindings = try read("channels.json") {
            channels = try ShadertoyProject.parseChannels(bindings, path: file("channels.json"), folder: folder)
        }
        var buffers: [Pass] = []
        for (buffer, name) in ShadertoyProject.bufferFiles {
            guard let code = try read(name) else {
                if channels[buffer.name] != nil {
                    throw .malformed(path: file("channels.json"), "binds channels of \(buffer.name), but there is no \(name)")
                }
                continue
            }
            buffers.append(Pass(buffer: buffer, code: code, path: file(name), channels: channels[buffer.name] ?? [:]))
        }
        let common = try read("common.glsl").map { ($0, file("common.glsl")) }
        let sound = try read("sound.glsl").map { ($0, file("sound.glsl")) }
        let image = Pass(buffer: nil, code: imageCode, path: file("image.glsl"), channels: channels["image"] ?? [:])
        try self.init(common: common, buffers: buffers, image: image, sound: sound)
    }

    /// `channels.json`: pass name → channel → binding (see `init(folder:)`).
    static func parseChannels(_ text: String, path: String, folder: String) throws(ShadertoyProjectError) -> [String: [Int: Channel]] {
        guard let data = text.data(using: .utf8), let object = try? JSONSerialization.jsonObject(with: data),
            let passes = object as? [String: Any]
        else { throw .malformed(path: path, "not a JSON object of passes ({\"image\": {\"iChannel0\": …}})") }
        let passNames = ["image"] + Buffer.allCases.map(\.name)
        var result: [String: [Int: Channel]] = [:]
        for (passName, value) in passes.sorted(by: { $0.key < $1.key }) {
            guard passNames.contains(passName) else {
                throw .malformed(path: path, "unknown pass '\(passName)' (expected \(passNames.joined(separator: ", ")))")
            }
            guard let bindings = value as? [String: Any] else {
                throw .malformed(path: path, "\(passName): expected an object of channels ({\"iChannel0\": …})")
            }
            var channels: [Int: Channel] = [:]
            for (key, binding) in bindings.sorted(by: { $0.key < $1.key }) {
                let digits = key.hasPrefix("iChannel") ? String(key.dropFirst("iChannel".count)) : key
                guard let number = Int(digits), (0...3).contains(number) else {
                    throw .malformed(path: path, "\(passName): unknown channel '\(key)' (expected iChannel0 … iChannel3)")
                }
                channels[number] = try parseBinding(binding, at: "\(passName).\(key)", path: path, folder: folder)
            }
            result[passName] = channels
        }
        return result
    }

    static func parseBinding(_ value: Any, at place: String, path: String, folder: String) throws(ShadertoyProjectError) -> Channel {
        let fields: [String: Any]
        if let input = value as? String {
            fields = ["input": input]
        } else if let object = value as? [String: Any] {
            fields = object
        } else {
            throw .malformed(path: path, "\(place): expected an input name or {\"input\": …}")
        }
        for key in fields.keys.sorted() where !["input", "filter", "wrap", "vflip"].contains(key) {
            throw .malformed(path: path, "\(place): unknown key '\(key)' (expected input, filter, wrap, vflip)")
        }
        guard let input = fields["input"] as? String ?? (fields["input"] is [String] ? "cube" : nil), !input.isEmpty else {
            throw .malformed(path: path, "\(place): no \"input\" (buffer-a … buffer-d, keyboard, sound or an image file)")
        }
        let source: Source
        if let faces = fields["input"] as? [String] {
            guard faces.count == 6 else {
                throw .malformed(path: path, "\(place): a cube map's \"input\" lists six face files (+X, -X, +Y, -Y, +Z, -Z)")
            }
            let files = faces.map { (($0 as NSString).isAbsolutePath ? $0 : (folder as NSString).appendingPathComponent($0)) }
            for file in files where !FileManager.default.fileExists(atPath: file) { throw .missingFile(file) }
            var channel = Channel(source: .cubeMap(paths: files))
            try applySampler(fields, to: &channel, at: place, path: path)
            return channel
        }
        if let buffer = Buffer(name: input), input.lowercased().hasPrefix("buffer") {
            source = .buffer(buffer)
        } else if input == "keyboard" {
            source = .keyboard
        } else if input == "sound" {
            source = .sound
        } else {
            let file = (input as NSString).isAbsolutePath ? input : (folder as NSString).appendingPathComponent(input)
            guard FileManager.default.fileExists(atPath: file) else { throw .missingFile(file) }
            source = file.lowercased().hasSuffix(".bin") ? .volume(path: file) : .texture(path: file)
        }
        var channel = Channel(source: source)
        try applySampler(fields, to: &channel, at: place, path: path)
        return channel
    }

    /// A binding's `filter`, `wrap` and `vflip`.
    static func applySampler(_ fields: [String: Any], to channel: inout Channel, at place: String, path: String) throws(ShadertoyProjectError) {
        if let filter = fields["filter"] {
            guard let name = filter as? String, let value = Filter(rawValue: name) else {
                throw .malformed(path: path, "\(place): filter must be nearest, linear or mipmap")
            }
            channel.filter = value
        }
        if let wrap = fields["wrap"] {
            guard let name = wrap as? String, let value = Wrap(rawValue: name) else {
                throw .malformed(path: path, "\(place): wrap must be clamp or repeat")
            }
            channel.wrap = value
        }
        if let flip = fields["vflip"] {
            guard let value = flip as? Bool else { throw .malformed(path: path, "\(place): vflip must be true or false") }
            channel.flipsVertically = value
        }
    }
}

extension ShadertoyProject {
    /// The output ids Shadertoy gives its buffers, in the API's two spellings.
    static let bufferOutputIDs: [String: Buffer] = [
        "257": .a, "258": .b, "259": .c, "260": .d,
        "4dXGR8": .a, "XsXGR8": .b, "4sXGR8": .c, "XdfGR8": .d,
    ]

    /// Reads Shadertoy's JSON export: the API's `{"Shader": {"info": …, "renderpass": […]}}`
    /// (or the `Shader` object alone, or an array holding one). Each render pass has a `type`
    /// (`image`, `buffer`, `common`, `sound` — kept, not rendered; `cubemap` is refused),
    /// `code`, `outputs[]` (a buffer's output `id` says which buffer it is: 257–260 or
    /// `4dXGR8` …, else its `name`) and `inputs[]` with `channel`, `ctype` (or `type`), `id`,
    /// `src` (or `filepath`) and `sampler{filter, wrap, vflip}`. Input types: `buffer`,
    /// `keyboard`, `texture`; `video` and `webcam` read a still image from `media`; `music`,
    /// `musicstream` and `mic` read silence (`Source.sound`); `volume` reads a Shadertoy
    /// `.bin` volume from `media` by its name; `cubemap` six faces from `media` (`NAME.png`,
    /// `NAME_1.png` … `NAME_5.png`), except Cube A's output (`/media/previz/…`), refused.
    ///
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - path: the file, for messages.
    ///   - media: a folder holding the images the shader reads, found by the last component of
    ///     their `src` (`mediaCandidates`: `/media/a/<hash>.jpg` → `<hash>.jpg` or
    ///     `<hash>.png`; a video `<hash>.webm` → `<hash>.png` or `<hash>.jpg`).
    /// - Throws: `ShadertoyProjectError`.
    init(exportedJSON data: Data, path: String, media: String?) throws(ShadertoyProjectError) {
        guard var object = try? JSONSerialization.jsonObject(with: data) else {
            throw .malformed(path: path, "not JSON")
        }
        if let array = object as? [Any] {
            guard array.count == 1 else { throw .malformed(path: path, "holds \(array.count) shaders; export one at a time") }
            object = array[0]
        }
        var shader = object as? [String: Any]
        if let inner = shader?["Shader"] as? [String: Any] { shader = inner }
        guard let renderpasses = shader?["renderpass"] as? [[String: Any]] else {
            throw .malformed(path: path, "no \"renderpass\" array (expected Shadertoy's {\"Shader\": {\"renderpass\": […]}})")
        }
        // Which buffer each output id is, from the buffers' outputs.
        var outputs = ShadertoyProject.bufferOutputIDs
        var buffers: [Pass] = [], image: Pass?, common: (String, String)?, sound: (String, String)?
        struct Pending { var index: Int; var place: String; var inputs: [[String: Any]] }
        var pending: [Pending] = []
        for (index, pass) in renderpasses.enumerated() {
            let type = (pass["type"] as? String)?.lowercased() ?? ""
            let name = pass["name"] as? String ?? type
            let place = "\(path): \(name.isEmpty ? "renderpass[\(index)]" : name)"
            guard let code = pass["code"] as? String else { throw .malformed(path: place, "no \"code\"") }
            let inputs = pass["inputs"] as? [[String: Any]] ?? []
            switch type {
            case "image":
                guard image == nil else { throw .malformed(path: path, "two image passes") }
                image = Pass(buffer: nil, code: code, path: place)
                pending.append(Pending(index: -1, place: place, inputs: inputs))
            case "common":
                guard common == nil else { throw .malformed(path: path, "two common passes") }
                common = (code, place)
            case "buffer":
                let outputIDs = (pass["outputs"] as? [[String: Any]] ?? []).compactMap { ShadertoyProject.idString($0["id"]) }
                guard let buffer = outputIDs.lazy.compactMap({ ShadertoyProject.bufferOutputIDs[$0] }).first ?? Buffer(name: name)
                else { throw .malformed(path: place, "a buffer pass that is not Buffer A, B, C or D") }
                guard !buffers.contains(where: { $0.buffer == buffer }) else { throw .malformed(path: path, "two passes draw \(buffer)") }
                for id in outputIDs { outputs[id] = buffer }
                pending.append(Pending(index: buffers.count, place: place, inputs: inputs))
                buffers.append(Pass(buffer: buffer, code: code, path: place))
            case "sound":
                guard sound == nil else { throw .malformed(path: path, "two sound passes") }
                sound = (code, place)
            case "cubemap":
                throw .unsupportedPass(path: place, type: type)
            default:
                throw .malformed(path: place, "unknown pass type '\(type)' (expected image, buffer, common, cubemap or sound)")
            }
        }
        guard image != nil else { throw .malformed(path: path, "no image pass") }
        for entry in pending {
            var channels: [Int: Channel] = [:]
            for input in entry.inputs {
                guard let number = (input["channel"] as? NSNumber)?.intValue, (0...3).contains(number) else {
                    throw .malformed(path: entry.place, "an input without a channel 0…3")
                }
                channels[number] = try ShadertoyProject.exportedChannel(
                    input, number: number, place: entry.place, outputs: outputs, media: media)
            }
            if entry.index < 0 { image!.channels = channels } else { buffers[entry.index].channels = channels }
        }
        try self.init(common: common, buffers: buffers, image: image!, sound: sound, allowingMissingBuffers: true)
    }

    /// The file names a media `src` is looked for under in `--media`, in order: its last
    /// component, then the same stem as `.png`; a volume (`.bin`) by its name only; for a
    /// video (`.webm`, `.ogv`, `.mp4`, …), which Shade does not decode, a still: the stem as
    /// `.png`, then as `.jpg`.
    static func mediaCandidates(_ src: String) -> [String] {
        let name = (src as NSString).lastPathComponent
        let stem = (name as NSString).deletingPathExtension
        let ext = (name as NSString).pathExtension.lowercased()
        if ext == "bin" { return [name] }
        let isImage = ["png", "jpg", "jpeg"].contains(ext)
        let candidates = isImage ? [name, stem + ".png"] : [stem + ".png", stem + ".jpg"]
        return candidates.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    }

    /// An `id` as a string: numbers (257) and strings ("4dXGR8") alike.
    static func idString(_ value: Any?) -> String? {
        if let number = value as? NSNumber { return number.stringValue }
        return value as? String
    }

    /// A JSON boolean, also as the API's strings "true" / "false".
    static func flag(_ value: Any?) -> Bool? {
        if let text = value as? String { return text == "true" ? true : text == "false" ? false : nil }
        return (value as? NSNumber)?.boolValue
    }

    static func exportedChannel(
        _ input: [String: Any], number: Int, place: String, outputs: [String: Buffer], media: String?
    ) throws(ShadertoyProjectError) -> Channel {
        let type = (input["ctype"] as? String) ?? (input["type"] as? String) ?? ""
        let source: Source
        switch type {
        case "buffer":
            let id = idString(input["id"]) ?? ""
            guard let buffer = outputs[id] else {
                throw .malformed(path: place, "iChannel\(number) reads the buffer with id \(id), which no pass draws")
            }
            source = .buffer(buffer)
        case "keyboard":
            source = .keyboard
        case "texture", "video", "webcam", "volume":
            let src = input["src"] as? String ?? input["filepath"] as? String ?? ""
            guard let media else { throw .missingMedia(pass: place, channel: number, source: src, looked: nil) }
            guard let found = mediaCandidates(src).map({ (media as NSString).appendingPathComponent($0) })
                .first(where: { FileManager.default.fileExists(atPath: $0) })
            else { throw .missingMedia(pass: place, channel: number, source: src, looked: media) }
            source = type == "volume" ? .volume(path: found) : .texture(path: found)
        case "music", "musicstream", "mic":
            source = .sound
        case "cubemap" where !(input["src"] as? String ?? input["filepath"] as? String ?? "").contains("/previz/"):
            // Faces 1…5 are named as face 0 with `_1` … `_5` before the extension.
            let src = input["src"] as? String ?? input["filepath"] as? String ?? ""
            guard let media else { throw .missingMedia(pass: place, channel: number, source: src, looked: nil) }
            var paths: [String] = []
            for face in 0..<6 {
                let name = face == 0 ? src
                    : ((src as NSString).deletingPathExtension + "_\(face)" as NSString).appendingPathExtension((src as NSString).pathExtension)!
                guard let found = mediaCandidates(name).map({ (media as NSString).appendingPathComponent($0) })
                    .first(where: { FileManager.default.fileExists(atPath: $0) })
                else { throw .missingMedia(pass: place, channel: number, source: name, looked: media) }
                paths.append(found)
            }
            source = .cubeMap(paths: paths)
        case "cubemap":
            throw .unsupportedInput(pass: place, channel: number, type: type)
        default:
            throw .unknownInput(pass: place, channel: number, type: type)
        }
        var channel = Channel(source: source)
        let sampler = input["sampler"] as? [String: Any] ?? [:]
        if let filter = sampler["filter"] as? String {
            guard let value = Filter(rawValue: filter) else {
                throw .malformed(path: place, "iChannel\(number): unknown filter '\(filter)' (expected nearest, linear or mipmap)")
            }
            channel.filter = value
        }
        if let wrap = sampler["wrap"] as? String {
            guard let value = Wrap(rawValue: wrap) else {
                throw .malformed(path: place, "iChannel\(number): unknown wrap '\(wrap)' (expected clamp or repeat)")
            }
            channel.wrap = value
        }
        if let flip = flag(sampler["vflip"]) { channel.flipsVertically = flip }
        return channel
    }
}
