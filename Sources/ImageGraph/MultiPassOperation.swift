import Framebuffers

/// An operation drawn in several passes that hand framebuffers to each other, such as a
/// separable blur (horizontal, then vertical) or an unsharp mask (blur, then combine with the
/// original).
///
/// ```swift
/// let blur = try BasicOperation(fragmentShaderFile: "Shaders/Filters/GaussianBlur.fsh")
/// let gaussian = try MultiPassOperation(name: "GaussianBlur", passes: [
///     .init(blur, inputs: [.input(0)], uniforms: ["direction": [1, 0]]),
///     .init(blur, inputs: [.pass(0)], uniforms: ["direction": [0, 1]]),
/// ])
/// ```
///
/// Intermediate frames come from the context's cache and go back to it as soon as the last
/// pass that reads them is done. The last pass's frame is the operation's output.
open class MultiPassOperation: ImageProcessingOperation, ImageCapturing {
    /// Where a pass takes the image for one of its texture locations.
    public enum PassInput: Hashable, Sendable {
        /// The operation's input at this texture location (0-based).
        case input(Int)
        /// The output of an earlier pass (0-based).
        case pass(Int)
    }

    /// One pass: an operation's shaders drawn over the given images.
    public struct Pass {
        /// The operation whose shaders, uniforms, sampler and forced size this pass uses.
        public var operation: BasicOperation
        /// The images bound to the pass's texture locations 0, 1, ….
        public var inputs: [PassInput]
        /// Uniform values for this pass only (such as `direction`), winning over the
        /// operation's own.
        public var uniforms: [String: [Float]]

        /// Describes a pass.
        public init(_ operation: BasicOperation, inputs: [PassInput] = [.input(0)], uniforms: [String: [Float]] = [:]) {
            self.operation = operation
            self.inputs = inputs
            self.uniforms = uniforms
        }
    }

    /// The name used in errors.
    public let name: String
    /// The consumers of the last pass's frames.
    public let targets = TargetList()
    /// The sources feeding each texture location.
    public let sources = SourceList()
    /// How many texture locations the operation reads.
    public let numberOfInputs: Int
    /// The passes, in order.
    public let passes: [Pass]

    var capture = CaptureSlot()

    /// Creates a multi-pass operation.
    ///
    /// - Parameters:
    ///   - name: the name used in errors.
    ///   - numberOfInputs: texture locations read.
    ///   - passes: at least one pass; a pass may read only inputs below `numberOfInputs` and
    ///     earlier passes.
    /// - Throws: `GraphError.invalidPass` for a pass that reads what does not exist yet, or
    ///   for no passes.
    public init(name: String, numberOfInputs: Int = 1, passes: [Pass]) throws(GraphError) {
        guard !passes.isEmpty else { throw .invalidPass(operation: name, pass: 0, reason: "there are no passes") }
        for (index, pass) in passes.enumerated() {
            for input in pass.inputs {
                switch input {
                case .input(let k) where k < 0 || k >= numberOfInputs:
                    throw .invalidPass(
                        operation: name, pass: index,
                        reason: "reads input \(k), but the operation has \(numberOfInputs) input\(numberOfInputs == 1 ? "" : "s")")
                case .pass(let j) where j < 0 || j >= index:
                    throw .invalidPass(operation: name, pass: index, reason: "reads pass \(j), which does not run before it")
                default: break
                }
            }
            for uniformName in pass.uniforms.keys.sorted() where !pass.operation.declaresUniform(named: uniformName) {
                throw .unknownUniform(operation: "\(name).pass[\(index)](\(pass.operation.name))", name: uniformName)
            }
        }
        self.name = name
        self.numberOfInputs = max(0, numberOfInputs)
        self.passes = passes
    }

    /// Runs the passes, releasing each intermediate frame after the last pass that reads it.
    open func makeFrame(from inputs: [Frame], in context: ProcessingContext) throws -> Frame {
        let output = try PassSequence.run(reads: passes.map(\.inputs), inputs: inputs) { index, frames in
            let pass = passes[index]
            return try pass.operation.render(frames, in: context, extraUniforms: pass.uniforms)
        }
        capture.record(output)
        return output
    }

    /// Keeps a copy of the next frame the last pass renders.
    public func useNextFrameForImageCapture() {
        capture.arm()
    }

    /// The frame kept since `useNextFrameForImageCapture()`; disarms the capture.
    ///
    /// - Throws: `GraphError.captureNotRequested` or `GraphError.nothingCaptured`.
    public func imageFromCurrentFramebuffer() throws(GraphError) -> Texture {
        try capture.take(operation: name)
    }
}
