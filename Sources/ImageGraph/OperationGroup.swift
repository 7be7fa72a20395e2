import Framebuffers

/// A composite filter: a small graph of operations that looks like one operation from outside.
///
/// ```swift
/// let sharpenThenGray = OperationGroup(name: "SharpenGray")
/// sharpenThenGray.configureGroup { input, output in
///     input --> sharpen --> gray --> output
/// }
/// photo --> sharpenThenGray --> PictureOutput(path: "out.png")
/// ```
///
/// Each processing pass feeds the group's frames to its input relays, runs the inner graph with
/// the same context (so the inner frames share the cache), and sends what reached the output
/// relay on to the group's targets.
open class OperationGroup: ImageProcessingOperation, ImageCapturing {
    /// The name used in errors.
    public let name: String
    /// The consumers of the group's frames.
    public let targets = TargetList()
    /// The sources feeding each texture location.
    public let sources = SourceList()
    /// How many texture locations the group reads.
    public let numberOfInputs: Int
    /// One relay per texture location: connect them to the inner operations.
    public let inputs: [ImageSource]
    /// Connect the inner graph's last operation to this relay.
    public let output: ImageConsumer

    private let inputRelays: [GroupInputRelay]
    private let outputRelay: GroupOutputRelay
    var capture = CaptureSlot()

    /// Creates an empty group; wire it with `configureGroup(_:)` or through `inputs`/`output`.
    ///
    /// - Parameters:
    ///   - name: the name used in errors (inner errors are prefixed with it).
    ///   - numberOfInputs: texture locations the group reads.
    public init(name: String = "OperationGroup", numberOfInputs: Int = 1) {
        self.name = name
        self.numberOfInputs = max(0, numberOfInputs)
        inputRelays = (0..<max(0, numberOfInputs)).map { GroupInputRelay(name: "\(name).input[\($0)]") }
        outputRelay = GroupOutputRelay(name: "\(name).output")
        inputs = inputRelays
        output = outputRelay
    }

    /// Wires a one-input group: `body` receives the input relay and the output relay.
    public func configureGroup(_ body: (ImageSource, ImageConsumer) -> Void) {
        body(inputRelays.first ?? GroupInputRelay(name: "\(name).input[0]"), outputRelay)
    }

    /// Wires a group of any number of inputs: `body` receives every input relay and the output.
    public func configureGroup(_ body: ([ImageSource], ImageConsumer) -> Void) {
        body(inputRelays, outputRelay)
    }

    /// Runs the inner graph on the group's inputs.
    ///
    /// - Throws: the inner graph's first error, or `GraphError.emptyTextureLocation` naming the
    ///   output relay when nothing is connected to it.
    open func makeFrame(from frames: [Frame], in context: ProcessingContext) throws -> Frame {
        guard outputRelay.sources.source(atTextureLocation: 0) != nil else {
            throw GraphError.emptyTextureLocation(operation: outputRelay.name, location: 0)
        }
        for (relay, frame) in zip(inputRelays, frames) { relay.frame = frame }
        defer {
            for relay in inputRelays { relay.frame = nil }
        }
        do {
            // A generator group (no inputs) starts from the output relay's side of the graph.
            let starts = inputRelays.isEmpty
                ? [outputRelay.sources.source(atTextureLocation: 0)!] : inputRelays as [ImageSource]
            try GraphProcessor.process(startingAt: starts, in: context)
        } catch {
            outputRelay.takeFrame()?.release()
            throw error
        }
        guard let frame = outputRelay.takeFrame() else {
            throw GraphError.nothingCaptured(operation: outputRelay.name)
        }
        capture.record(frame)
        return frame
    }

    /// Keeps a copy of the next frame the group sends.
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

/// Sends the group's input frame into the inner graph.
final class GroupInputRelay: ImageSource {
    let name: String
    let targets = TargetList()
    var frame: Frame?

    init(name: String) {
        self.name = name
    }

    func makeFrame(from inputs: [Frame], in context: ProcessingContext) throws -> Frame {
        guard let frame else {
            preconditionFailure("internal error: \(name) processed outside its group")
        }
        return frame.retained()
    }
}

/// Keeps the inner graph's last frame for the group.
final class GroupOutputRelay: ImageConsumer {
    let name: String
    let sources = SourceList()
    var numberOfInputs: Int { 1 }
    private var frame: Frame?

    init(name: String) {
        self.name = name
    }

    func consume(_ frames: [Frame], in context: ProcessingContext) throws {
        frame = frames[0].retained()
    }

    func takeFrame() -> Frame? {
        defer { frame = nil }
        return frame
    }
}
