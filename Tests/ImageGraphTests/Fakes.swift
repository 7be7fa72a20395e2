import Foundation
import Framebuffers
import ImageGraph
import Testing

/// The repository root, found from this file.
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A path inside the repository.
func repositoryPath(_ relative: String) -> String {
    repositoryRoot.appendingPathComponent(relative).path
}

/// The order in which fake nodes ran.
final class RunLog {
    var entries: [String] = []
}

/// A one-pixel-per-value image: every pixel is `value / 255` in red, 1 in alpha.
func grayTexture(_ value: UInt8, width: Int = 2, height: Int = 2) -> Texture {
    Texture(width: width, height: height, rgba8: [UInt8](
        (0..<(width * height)).flatMap { _ in [value, 0, 0, 255] }))
}

/// A source with a fixed red level that logs when it runs.
final class FakeSource: ImageSource {
    let name: String
    let targets = TargetList()
    let log: RunLog
    var value: UInt8
    var runs = 0

    init(_ name: String, value: UInt8, log: RunLog) {
        self.name = name
        self.value = value
        self.log = log
    }

    func makeFrame(from inputs: [Frame], in context: ProcessingContext) throws -> Frame {
        runs += 1
        log.entries.append(name)
        return Frame(texture: grayTexture(value))
    }
}

/// An operation without shaders: its red level is `combine` of its inputs' red levels (in
/// bytes), written into a framebuffer leased from the cache.
final class FakeOperation: ImageProcessingOperation {
    let name: String
    let targets = TargetList()
    let sources = SourceList()
    let numberOfInputs: Int
    let log: RunLog
    let combine: ([Int]) -> Int
    var runs = 0
    var failure: Error?

    init(_ name: String, inputs: Int = 1, log: RunLog, combine: @escaping ([Int]) -> Int = { $0[0] + 1 }) {
        self.name = name
        numberOfInputs = inputs
        self.log = log
        self.combine = combine
    }

    func makeFrame(from inputs: [Frame], in context: ProcessingContext) throws -> Frame {
        runs += 1
        log.entries.append(name)
        if let failure { throw failure }
        let levels = inputs.map { Int($0.texture.rgba8Pixel(x: 0, y: 0).x) }
        let size = inputs.first?.size ?? ImageSize(width: 2, height: 2)
        let framebuffer = try context.framebufferCache.lease(width: size.width, height: size.height)
        let level = Float(min(255, max(0, combine(levels)))) / 255
        framebuffer.clear(to: SIMD4(level, 0, 0, 1))
        return Frame(framebuffer: framebuffer, cache: context.framebufferCache)
    }
}

/// A target that keeps the red level of every frame it receives.
final class FakeTarget: ImageConsumer {
    let name: String
    let sources = SourceList()
    let numberOfInputs: Int
    let log: RunLog
    var received: [[Int]] = []

    init(_ name: String, inputs: Int = 1, log: RunLog) {
        self.name = name
        numberOfInputs = inputs
        self.log = log
    }

    func consume(_ frames: [Frame], in context: ProcessingContext) throws {
        log.entries.append(name)
        received.append(frames.map { Int($0.texture.rgba8Pixel(x: 0, y: 0).x) })
    }
}

/// A shader that copies location 0.
let passthroughShader = """
    varying highp vec2 textureCoordinate;
    uniform sampler2D inputImageTexture;
    void main() { gl_FragColor = texture2D(inputImageTexture, textureCoordinate); }
    """

/// A shader that averages locations 0 and 1.
let twoInputShader = """
    varying highp vec2 textureCoordinate;
    varying highp vec2 textureCoordinate2;
    uniform sampler2D inputImageTexture;
    uniform sampler2D inputImageTexture2;
    void main() {
        gl_FragColor = mix(texture2D(inputImageTexture, textureCoordinate),
                           texture2D(inputImageTexture2, textureCoordinate2), 0.5);
    }
    """

/// Expects `body` to throw a `GraphError` and returns it.
func expectGraphError(
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) -> GraphError? {
    do {
        try body()
        Issue.record("expected a GraphError, nothing was thrown", sourceLocation: sourceLocation)
        return nil
    } catch let error as GraphError {
        return error
    } catch {
        Issue.record("expected a GraphError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}
