import Foundation
import Framebuffers
import ImageCodecs

/// Times Mesa's llvmpipe on the benchmark shaders in the same run as Shade (`shade bench
/// --vs-llvmpipe`), through `../shared/tools/glref.py`: the same shader file, the same noise
/// inputs (written once as PNG), the same size, uniforms and thread count, the median of the same
/// number of draws. glref.py excludes upload and readback from its draw times.
final class LlvmpipeTimer {
    /// glref.py's path: `--glref`, `$SHADE_GLREF`, or `../shared/tools/glref.py` beside the
    /// repository this file was built from.
    let glref: String
    /// `native` (Mesa as shipped: the widest vector ISA, FMA) or `fp32` (glref.py's SSE4.1 mode).
    let precision: String
    private var directory: URL?
    private var inputPaths: [String] = []

    init(glref: String?, precision: String) {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        self.glref = glref ?? ProcessInfo.processInfo.environment["SHADE_GLREF"]
            ?? repository.deletingLastPathComponent().appendingPathComponent("shared/tools/glref.py").path
        self.precision = precision
    }

    /// Checks that glref.py is there and makes the scratch folder.
    func start() throws(CommandFailure) {
        guard FileManager.default.fileExists(atPath: glref) else {
            throw CommandFailure(
                code: .usage,
                message: "shade bench: --vs-llvmpipe needs glref.py; none at \(glref) (set --glref or SHADE_GLREF)\n")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "shade-bench-\(ProcessInfo.processInfo.processIdentifier)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure(code: .cannotCreate, message: "shade bench: cannot create \(folder.path): \(error)\n")
        }
        directory = folder
    }

    /// Removes the scratch folder.
    func stop() {
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    /// Writes the inputs of one frame size as PNG files.
    func writeInputs(_ textures: [Texture]) throws(CommandFailure) {
        guard let directory else { return }
        inputPaths = []
        for (index, texture) in textures.enumerated() {
            let path = directory.appendingPathComponent("input\(index).png").path
            do {
                try ImageFile.write(texture, toFile: path)
            } catch {
                throw CommandFailure(code: .cannotCreate, message: "shade bench: cannot write \(path): \(error)\n")
            }
            inputPaths.append(path)
        }
    }

    /// llvmpipe's median draw time for `benchmark`, or a failure naming glref.py's message.
    func milliseconds(
        _ benchmark: BenchmarkShader, width: Int, height: Int, threads: Int, repeats: Int
    ) throws(CommandFailure) -> Double {
        guard let directory, let source = BuiltinShaderFiles.text(of: benchmark.file) else {
            throw CommandFailure(code: .internalError, message: "shade bench: internal error: llvmpipe timer not started\n")
        }
        let shaderPath = directory.appendingPathComponent(benchmark.name + ".fsh").path
        do {
            try Data(source.utf8).write(to: URL(fileURLWithPath: shaderPath), options: .atomic)
        } catch {
            throw CommandFailure(code: .cannotCreate, message: "shade bench: cannot write \(shaderPath): \(error)\n")
        }
        var arguments = [
            glref, "--frag", shaderPath, "--size", "\(width)x\(height)", "--threads", "\(threads)",
            "--repeat", "\(repeats)", "--warmup", "1", "--precision", precision, "--json",
        ]
        for path in inputPaths.prefix(benchmark.inputCount) { arguments += ["--input", path] }
        for (name, values) in benchmark.uniforms(width, height).sorted(by: { $0.key < $1.key }) {
            if name == "u_time" {
                arguments += ["--time", "\(values[0])"]
            } else {
                arguments += ["--uniform", "\(name)=" + values.map { "\($0)" }.joined(separator: ",")]
            }
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw CommandFailure(code: .failure, message: "shade bench: cannot run python3 \(glref): \(error)\n")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let median = object["median_ms"] as? Double
        else {
            let text = String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw CommandFailure(
                code: .failure,
                message: "shade bench: llvmpipe (glref.py) failed on \(benchmark.name): \(text.isEmpty ? "no result" : text)\n")
        }
        return median
    }
}
