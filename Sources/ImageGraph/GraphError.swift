import Foundation
import Framebuffers
import ImageCodecs
import ShaderDiagnostics
import ShaderExecution

/// Why building or processing a graph failed. Every case names the operation (or source, or
/// target) it is about, by its `name`.
public enum GraphError: Error, CustomStringConvertible {
    /// A consumer has no source at a texture location it reads.
    case emptyTextureLocation(operation: String, location: Int)
    /// A source feeds a texture location the consumer does not have.
    case textureLocationOutOfRange(operation: String, location: Int, numberOfInputs: Int)
    /// The graph has a cycle through these nodes.
    case cycle(operations: [String])
    /// A shader did not compile; the diagnostics say why.
    case shaderCompilation(operation: String, diagnostics: DiagnosticsError)
    /// The shader reads a texture location beyond the operation's number of inputs.
    case samplerWithoutInput(operation: String, sampler: String, numberOfInputs: Int)
    /// A shader file could not be read.
    case unreadableShader(operation: String, path: String, reason: String)
    /// The shaders declare no uniform of that name.
    case unknownUniform(operation: String, name: String)
    /// A uniform was given the wrong number of components.
    case uniformArity(operation: String, name: String, expected: Int, got: Int)
    /// A uniform was given a value of the wrong scalar kind (a `Float` for an `int`, …).
    case uniformType(operation: String, name: String, expected: String, got: String)
    /// `imageFromCurrentFramebuffer()` without `useNextFrameForImageCapture()` first.
    case captureNotRequested(operation: String)
    /// Capture was requested but no frame has been rendered since.
    case nothingCaptured(operation: String)
    /// `imageFromCurrentFramebuffer(output:)` named an output the shader does not write.
    case unknownOutput(operation: String, output: String, known: [String])
    /// An operation with no inputs has no size: call `forceProcessing(at:)`.
    case outputSizeUnknown(operation: String)
    /// An image file could not be read or written.
    case imageFile(operation: String, ImageCodecError)
    /// Raw pixels did not match their stated size.
    case invalidImageData(operation: String, reason: String)
    /// A multi-pass operation was described wrongly.
    case invalidPass(operation: String, pass: Int, reason: String)
    /// The executor failed while shading a pass.
    case execution(operation: String, ExecutionError)
    /// A frame sequence has no frames.
    case emptySequence(operation: String)
    /// The operation's output framebuffer would take the framebuffer cache past its memory
    /// limit (`FramebufferCache.memoryLimit`).
    case framebufferMemoryLimit(operation: String, requestedBytes: Int, leasedBytes: Int, limit: Int)
    /// The operation reads more inputs than `GraphLimits.maximumInputsPerOperation`.
    case tooManyInputs(operation: String, count: Int, limit: Int)
    /// The graph has more nodes than `GraphLimits.maximumNodes`; `operation` is the node
    /// processing started from.
    case tooManyNodes(operation: String, count: Int, limit: Int)

    /// The name of the operation the error is about.
    public var operation: String {
        switch self {
        case .emptyTextureLocation(let o, _), .textureLocationOutOfRange(let o, _, _),
            .shaderCompilation(let o, _), .samplerWithoutInput(let o, _, _), .unreadableShader(let o, _, _), .unknownUniform(let o, _),
            .uniformArity(let o, _, _, _), .uniformType(let o, _, _, _), .captureNotRequested(let o),
            .nothingCaptured(let o), .unknownOutput(let o, _, _), .outputSizeUnknown(let o), .imageFile(let o, _),
            .invalidImageData(let o, _), .invalidPass(let o, _, _), .execution(let o, _),
            .emptySequence(let o), .framebufferMemoryLimit(let o, _, _, _), .tooManyInputs(let o, _, _),
            .tooManyNodes(let o, _, _):
            return o
        case .cycle(let names):
            return names.first ?? ""
        }
    }

    public var description: String {
        switch self {
        case .emptyTextureLocation(let o, let location):
            return "\(o): texture location \(location) has no source"
        case .textureLocationOutOfRange(let o, let location, let count):
            return "\(o): a source feeds texture location \(location), but it takes \(count) input\(count == 1 ? "" : "s")"
        case .cycle(let names):
            return "the graph has a cycle through \(names.joined(separator: ", "))"
        case .shaderCompilation(let o, let diagnostics):
            return "\(o): the shader does not compile\n\(diagnostics.diagnostics.rendered())"
        case .samplerWithoutInput(let o, let sampler, let count):
            return "\(o): the shader reads '\(sampler)', but the operation takes \(count) input\(count == 1 ? "" : "s")"
        case .unreadableShader(let o, let path, let reason):
            return "\(o): cannot read shader '\(path)': \(reason)"
        case .unknownUniform(let o, let name):
            return "\(o): the shader declares no uniform '\(name)'"
        case .uniformArity(let o, let name, let expected, let got):
            return "\(o): uniform '\(name)' takes \(expected) component\(expected == 1 ? "" : "s"), got \(got)"
        case .uniformType(let o, let name, let expected, let got):
            return "\(o): uniform '\(name)' is \(expected), got \(got)"
        case .captureNotRequested(let o):
            return "\(o): no capture was requested: call useNextFrameForImageCapture() before processing"
        case .nothingCaptured(let o):
            return "\(o): capture was requested but no frame has been rendered yet: process the graph first"
        case .unknownOutput(let o, let output, let known):
            return "\(o): the fragment shader writes no output '\(output)' (it writes: \(known.joined(separator: ", ")))"
        case .outputSizeUnknown(let o):
            return "\(o): has no input to take its size from: call forceProcessing(at:)"
        case .imageFile(let o, let error):
            return "\(o): \(error)"
        case .invalidImageData(let o, let reason):
            return "\(o): \(reason)"
        case .invalidPass(let o, let pass, let reason):
            return "\(o): pass \(pass): \(reason)"
        case .execution(let o, let error):
            return "\(o): \(error)"
        case .emptySequence(let o):
            return "\(o): the sequence has no frames"
        case .framebufferMemoryLimit(let o, let requested, let leased, let limit):
            let need = requested == Int.max ? "more than Int.max bytes" : "\(GraphError.mebibytes(requested))"
            return "\(o): its output framebuffer needs \(need) with \(GraphError.mebibytes(leased)) already in use, "
                + "past the framebuffer memory limit of \(GraphError.mebibytes(limit))"
        case .tooManyInputs(let o, let count, let limit):
            return "\(o): reads \(count) inputs, more than the limit of \(limit) per operation"
        case .tooManyNodes(let o, let count, let limit):
            return "\(o): the graph has \(count) nodes, more than the limit of \(limit)"
        }
    }

    /// `bytes` in MiB for messages, with one decimal below 10 MiB.
    static func mebibytes(_ bytes: Int) -> String {
        let m = Double(bytes) / 1_048_576
        return m < 10 ? String(format: "%.1f MiB", m) : "\(Int(m.rounded())) MiB"
    }
}

extension GraphError {
    /// Leases an output framebuffer for `operation`, turning the cache's memory limit into
    /// `GraphError.framebufferMemoryLimit`.
    static func leasing(
        from cache: FramebufferCache, _ size: ImageSize, _ format: PixelFormat, for operation: String
    ) throws(GraphError) -> Framebuffer {
        do {
            return try cache.lease(width: size.width, height: size.height, format: format)
        } catch {
            throw .framebufferMemoryLimit(
                operation: operation, requestedBytes: error.requestedBytes, leasedBytes: error.leasedBytes,
                limit: error.limit)
        }
    }
}
