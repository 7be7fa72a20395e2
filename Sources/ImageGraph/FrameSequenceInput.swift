import Foundation
import Framebuffers
import ImageCodecs

/// Many frames through the same graph, one at a time: a folder or list of image files, or
/// frames made by a closure.
///
/// Only the current frame is in memory: each one is decoded, processed through the whole
/// connected graph, and released before the next is read, so memory stays bounded however
/// long the sequence is.
///
/// ```swift
/// let frames = try FrameSequenceInput(directory: "shots")
/// frames --> filter --> PictureOutput(pathForFrame: { "out/\($0).png" })
/// try frames.processAllFrames()
/// ```
public final class FrameSequenceInput: ImageSource {
    /// The name used in errors.
    public let name: String
    /// The consumers of each frame.
    public let targets = TargetList()
    /// The number of frames.
    public let frameCount: Int
    /// The index of the frame the next pass sends (0-based).
    public private(set) var nextFrameIndex = 0
    /// The index of the frame the current or last pass sent, if any.
    public private(set) var currentFrameIndex: Int?
    /// When set, `processNextFrame(in:)` sets the context's `time` to index / framesPerSecond
    /// before each frame, for shaders that animate.
    public var framesPerSecond: Double?

    private let loadFrame: (Int) throws -> Texture
    private var current: Texture?

    /// Frames from image files, in the order given.
    ///
    /// - Parameters:
    ///   - paths: PNG or JPEG files.
    ///   - options: decoding options.
    ///   - name: the name used in errors.
    public init(paths: [String], options: DecodingOptions = DecodingOptions(), name: String = "FrameSequenceInput") {
        self.name = name
        frameCount = paths.count
        loadFrame = { index in
            do throws(ImageCodecError) {
                return try ImageFile.decode(contentsOfFile: paths[index], options: options).texture
            } catch {
                throw GraphError.imageFile(operation: "\(name)[\(index)]", error)
            }
        }
    }

    /// Frames from every `.png`, `.jpg` and `.jpeg` file of a folder, in name order.
    ///
    /// - Throws: `GraphError.imageFile` when the folder cannot be read,
    ///   `GraphError.emptySequence` when it has no images.
    public convenience init(directory: String, options: DecodingOptions = DecodingOptions()) throws(GraphError) {
        let name = "FrameSequenceInput(\((directory as NSString).lastPathComponent))"
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw .imageFile(operation: name, .fileNotFound(path: directory))
        }
        let images = names.filter { ["png", "jpg", "jpeg"].contains(($0 as NSString).pathExtension.lowercased()) }
            .sorted()
        guard !images.isEmpty else { throw .emptySequence(operation: name) }
        self.init(paths: images.map { (directory as NSString).appendingPathComponent($0) }, options: options, name: name)
    }

    /// Frames made on demand, for synthetic input.
    ///
    /// - Parameters:
    ///   - count: the number of frames.
    ///   - name: the name used in errors.
    ///   - frame: makes frame `index`; called once per frame, when it is sent.
    public init(count: Int, name: String = "FrameSequenceInput", frame: @escaping (Int) throws -> Texture) {
        self.name = name
        frameCount = max(0, count)
        loadFrame = frame
    }

    /// Whether frames remain to be sent.
    public var hasNextFrame: Bool { nextFrameIndex < frameCount }

    /// Sends the next frame through the connected graph.
    ///
    /// - Parameter context: the executor and cache (reuse one context for the whole sequence).
    /// - Returns: `false` when there was no frame left.
    /// - Throws: a decoding error or the graph's first error.
    @discardableResult
    public func processNextFrame(in context: ProcessingContext) throws -> Bool {
        guard hasNextFrame else { return false }
        let index = nextFrameIndex
        nextFrameIndex += 1
        current = try loadFrame(index)
        currentFrameIndex = index
        defer { current = nil }
        if let framesPerSecond, framesPerSecond > 0 { context.time = Float(Double(index) / framesPerSecond) }
        try processImage(in: context)
        return true
    }

    /// Sends every remaining frame through the connected graph, one at a time.
    ///
    /// - Parameters:
    ///   - context: the executor and cache shared by every frame.
    ///   - afterEachFrame: called with the frame's index after its pass.
    /// - Throws: `GraphError.emptySequence` for no frames, or the first failure.
    public func processAllFrames(
        in context: ProcessingContext = ProcessingContext(), afterEachFrame: ((Int) throws -> Void)? = nil
    ) throws {
        guard frameCount > 0 else { throw GraphError.emptySequence(operation: name) }
        while hasNextFrame {
            let index = nextFrameIndex
            try processNextFrame(in: context)
            try afterEachFrame?(index)
        }
    }

    /// Starts the sequence again from frame 0.
    public func rewind() {
        nextFrameIndex = 0
        currentFrameIndex = nil
    }

    /// Sends the current frame; when `processImage()` is called directly, the next frame is
    /// loaded and the sequence advances.
    public func makeFrame(from inputs: [Frame], in context: ProcessingContext) throws -> Frame {
        if let current { return Frame(texture: current) }
        guard hasNextFrame else { throw GraphError.emptySequence(operation: name) }
        let index = nextFrameIndex
        nextFrameIndex += 1
        currentFrameIndex = index
        return Frame(texture: try loadFrame(index))
    }
}
