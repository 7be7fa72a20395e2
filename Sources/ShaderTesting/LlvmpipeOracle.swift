import Foundation
import Framebuffers
import ImageCodecs

/// Mesa's llvmpipe, a real OpenGL ES implementation on the CPU, as a renderer: the third
/// opinion of the differential tests. It runs `scripts/glref-server` (which drives
/// `../shared/tools/glref.py`) as a child process and renders one draw per request, in fp32
/// (no fp16 lowering, no FMA) or in Mesa's native precision (`mediump` lowered to fp16, the
/// oracle of device profiles with fp16 `mediump`), with GPUImage's conventions.
///
/// Needs Python 3 with numpy and Pillow and Debian's `libegl1 libegl-mesa0 libgles2
/// libgl1-mesa-dri`. Not `Sendable`: use one oracle per thread.
public final class LlvmpipeOracle {
    /// Why llvmpipe could not render a draw.
    public struct Failure: Error, CustomStringConvertible {
        /// `compile`, `link`, `fragment`, `vertex` (shader errors), `render` or `oracle`.
        public var stage: String
        /// GL's info log or the failure's message.
        public var message: String
        public var description: String { "llvmpipe \(stage): \(message)" }
    }

    var process: Process
    var input: FileHandle
    var output: FileHandle
    let serverPath: String
    let precision: Precision
    var buffer = Data()
    let directory: URL
    var written: [Int: String] = [:]

    /// How llvmpipe computes floats.
    public enum Precision: String, Sendable {
        /// IEEE fp32 everywhere.
        case fp32
        /// Mesa's default on a CPU with F16C: `mediump` and `lowp` trees in fp16.
        case native
    }

    /// Starts the server.
    ///
    /// - Parameters:
    ///   - server: the `glref-server` script; by default `scripts/glref-server` of the
    ///     repository this file was built from, or `$SHADE_GLREF_SERVER`.
    /// - Throws: `Failure` when it cannot start or llvmpipe is not there.
    ///   - precision: `fp32` (the default: plain IEEE fp32) or `native` (Mesa evaluates
    ///     `mediump` trees in fp16, as `glref.py --precision native`).
    public init(server: String? = nil, precision: Precision = .fp32) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let path = server ?? ProcessInfo.processInfo.environment["SHADE_GLREF_SERVER"]
            ?? root.appendingPathComponent("scripts/glref-server").path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw Failure(stage: "oracle", message: "no glref-server at \(path)")
        }
        serverPath = path
        self.precision = precision
        (process, input, output) = try Self.start(path, precision: precision)
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("shade-oracle-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    static func start(_ path: String, precision: Precision) throws(Failure) -> (Process, FileHandle, FileHandle) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["--precision", precision.rawValue]
        let toServer = Pipe(), fromServer = Pipe()
        process.standardInput = toServer
        process.standardOutput = fromServer
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw Failure(stage: "oracle", message: "cannot start \(path): \(error)")
        }
        return (process, toServer.fileHandleForWriting, fromServer.fileHandleForReading)
    }

    deinit {
        try? input.close()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Renders `c` on llvmpipe into an RGBA8 texture.
    ///
    /// - Throws: `Failure` for a shader llvmpipe rejects or a server that stopped.
    public func render(_ c: DifferentialCase) throws(Failure) -> Texture {
        var request: [String: Any] = [
            "frag": c.fragmentSource, "width": c.width, "height": c.height,
            "uniforms": c.uniforms.mapValues { $0.map(Double.init) },
            "filter": c.samplerState.filter == .nearest ? "nearest" : "linear",
            "mipmap": c.samplerState.mipmapFilter.rawValue,
            "wrap": { () -> String in
                switch c.samplerState.wrapS {
                case .repeat: return "repeat"
                case .mirroredRepeat: return "mirror"
                default: return "clamp"
                }
            }(),
        ]
        if let v = c.vertexSource { request["vert"] = v }
        var inputs: [String] = []
        for t in c.inputs { inputs.append(try file(for: t)) }
        request["inputs"] = inputs
        if !c.textures.isEmpty {
            request["textures"] = c.textures.map { t -> [String: Any] in
                let wrap: (TextureWrap) -> String = { $0 == .repeat ? "repeat" : ($0 == .mirroredRepeat ? "mirror" : "clamp") }
                return [
                    "sampler": t.sampler,
                    "target": t.kind == .texture3D ? "3d" : t.kind == .texture2DArray ? "2d_array" : t.kind == .cube ? "cube" : "2d",
                    "format": t.isInteger ? (t.isSigned ? "rgba32i" : "rgba32ui") : "rgba8",
                    "width": t.texture.width, "height": t.texture.height / t.layers, "layers": t.layers,
                    "rgba": Data(t.texture.rgba8Bytes).base64EncodedString(),
                    "filter": t.state.filter == .nearest ? "nearest" : "linear", "wrap": wrap(t.state.wrapS),
                    "mipmap": t.state.mipmapFilter.rawValue,
                ]
            }
        }
        let reply: [String: Any]
        do {
            reply = try exchange(request)
        } catch {
            // Mesa itself died on this draw (its compiler traps on some inputs, e.g. integer
            // division of constants): start a fresh server and report the draw as failed.
            try? input.close()
            process.waitUntilExit()  // it closed its output: it is exiting, or has
            buffer = Data()
            (process, input, output) = try Self.start(serverPath, precision: precision)
            throw Failure(stage: "crash", message: "llvmpipe's process died rendering this draw")
        }
        guard reply["ok"] as? Bool == true else {
            throw Failure(stage: reply["stage"] as? String ?? "render", message: reply["error"] as? String ?? "unknown")
        }
        guard let text = reply["rgba"] as? String, let data = Data(base64Encoded: text),
              data.count == c.width * c.height * 4
        else { throw Failure(stage: "oracle", message: "a malformed reply") }
        return Texture(width: c.width, height: c.height, rgba8: [UInt8](data))
    }

    /// A PNG of `t` in the oracle's folder (each distinct texture written once).
    func file(for t: Texture) throws(Failure) -> String {
        var hasher = Hasher()
        hasher.combine(t.width)
        hasher.combine(t.height)
        hasher.combine(t.rgba8Bytes)
        let key = hasher.finalize()
        if let path = written[key] { return path }
        let path = directory.appendingPathComponent("input-\(written.count).png").path
        do {
            try ImageFile.write(t.converted(to: .rgba8), toFile: path)
        } catch {
            throw Failure(stage: "oracle", message: "cannot write \(path): \(error)")
        }
        written[key] = path
        return path
    }

    func exchange(_ request: [String: Any]) throws(Failure) -> [String: Any] {
        do {
            var line = try JSONSerialization.data(withJSONObject: request)
            line.append(0x0A)
            // SHADE_ORACLE_LOG=FILE appends every request, to replay with scripts/glref-server.
            if let log = ProcessInfo.processInfo.environment["SHADE_ORACLE_LOG"],
               let handle = FileHandle(forWritingAtPath: log) ?? {
                   FileManager.default.createFile(atPath: log, contents: nil)
                   return FileHandle(forWritingAtPath: log)
               }() {
                handle.seekToEndOfFile()
                handle.write(line)
                handle.closeFile()
            }
            try input.write(contentsOf: line)
            while true {
                if let newline = buffer.firstIndex(of: 0x0A) {
                    let reply = buffer[buffer.startIndex..<newline]
                    buffer.removeSubrange(buffer.startIndex...newline)
                    guard let object = try JSONSerialization.jsonObject(with: reply) as? [String: Any] else {
                        throw Failure(stage: "oracle", message: "a malformed reply")
                    }
                    return object
                }
                // `availableData` returns as soon as some bytes arrive (`read(upToCount:)`
                // waits for all of them).
                let more = output.availableData
                guard !more.isEmpty else {
                    throw Failure(stage: "oracle", message: "glref-server stopped (is Mesa installed? run scripts/glref-server by hand)")
                }
                buffer.append(more)
            }
        } catch let f as Failure {
            throw f
        } catch {
            throw Failure(stage: "oracle", message: "\(error)")
        }
    }
}
