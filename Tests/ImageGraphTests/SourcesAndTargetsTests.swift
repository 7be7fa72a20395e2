import Foundation
import Framebuffers
import ImageCodecs
import ImageGraph
import Testing

/// A fresh temporary directory.
func temporaryDirectory() throws -> String {
    let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("imagegraph-\(UUID().uuidString)")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

@Suite("Sources and targets")
struct SourcesAndTargetsTests {
    let gradient = Texture(width: 5, height: 3, rgba8: (0..<(5 * 3 * 4)).map { UInt8($0 * 4) })

    @Test("PictureInput from raw bytes and from a file; PictureOutput writes PNG that decodes to the same pixels")
    func pictureRoundTrip() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let input = try PictureInput(width: 5, height: 3, rgba8: gradient.rgba8Bytes)
        let path = (directory as NSString).appendingPathComponent("out.png")
        let output = PictureOutput(path: path)
        input --> output
        try input.processImage()
        #expect(output.framesWritten == 1)
        #expect(try ImageFile.decode(contentsOfFile: path).texture == gradient)
        let again = try PictureInput(contentsOfFile: path)
        #expect(again.texture == gradient)
        #expect(again.name == "PictureInput(out.png)")
    }

    @Test("PictureOutput writes JPEG with the quality asked for")
    func jpegQuality() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let noisy = Texture(width: 64, height: 64, rgba8: (0..<(64 * 64 * 4)).map { UInt8(($0 * 7919) % 256) })
        let input = PictureInput(texture: noisy)
        let low = (directory as NSString).appendingPathComponent("low.jpg")
        let high = (directory as NSString).appendingPathComponent("high.jpg")
        input --> PictureOutput(path: low, jpegQuality: 10)
        input --> PictureOutput(path: high, jpegQuality: 95)
        try input.processImage()
        let lowSize = try FileManager.default.attributesOfItem(atPath: low)[.size] as! Int
        let highSize = try FileManager.default.attributesOfItem(atPath: high)[.size] as! Int
        #expect(lowSize < highSize)
        #expect(try ImageFile.decode(contentsOfFile: high).info.format == .jpeg)
    }

    @Test("a write that fails is an error naming the output, and leaves no file")
    func failedWrite() throws {
        let input = PictureInput(texture: gradient)
        input --> PictureOutput(path: "/nonexistent-directory/out.png")
        guard case .imageFile("PictureOutput(out.png)", _) = expectGraphError({ try input.processImage() }) else {
            Issue.record("expected imageFile")
            return
        }
    }

    @Test("RawDataOutput and TextureOutput hand over every frame")
    func rawAndCallback() throws {
        let input = PictureInput(texture: gradient)
        var callbackSizes: [ImageSize] = []
        var textures: [Texture] = []
        let raw = RawDataOutput { _, size in callbackSizes.append(size) }
        input --> raw
        input --> TextureOutput { textures.append($0) }
        try input.processImage()
        #expect(raw.bytes == gradient.rgba8Bytes && raw.size == ImageSize(width: 5, height: 3))
        #expect(callbackSizes == [ImageSize(width: 5, height: 3)])
        #expect(textures == [gradient])
    }

    @Test("SolidColorSource fills its size with GL rounding")
    func solidColor() throws {
        let solid = SolidColorSource(color: Color(red: 1, green: 0.5, blue: 0, alpha: 1), size: ImageSize(width: 3, height: 2))
        let raw = RawDataOutput()
        solid --> raw
        try solid.processImage()
        #expect(raw.bytes == [UInt8]((0..<6).flatMap { _ in [255, 128, 0, 255] }))
    }

    @Test("FrameSequenceInput streams files from a folder through the graph, one at a time")
    func frameSequenceFromFolder() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for k in 0..<4 {
            try ImageFile.write(grayTexture(UInt8(10 * k), width: 6, height: 4), toFile: "\(directory)/frame\(k).png")
        }
        try "not an image".write(toFile: "\(directory)/notes.txt", atomically: true, encoding: .utf8)
        let frames = try FrameSequenceInput(directory: directory)
        #expect(frames.frameCount == 4)
        let gain = try BasicOperation(fragmentShader: gainShader, name: "Gain", uniforms: ["gain": 2.0])
        let log = RunLog()
        let target = FakeTarget("levels", log: log)
        let outputs = PictureOutput(pathForFrame: { "\(directory)/out\($0).png" })
        frames --> gain --> target
        gain --> outputs
        let context = ProcessingContext()
        var seen: [Int] = []
        try frames.processAllFrames(in: context) { seen.append($0) }
        #expect(seen == [0, 1, 2, 3])
        #expect(target.received == [[0], [20], [40], [60]])
        #expect(outputs.framesWritten == 4)
        #expect(try ImageFile.decode(contentsOfFile: "\(directory)/out3.png").texture == grayTexture(60, width: 6, height: 4))
        #expect(context.framebufferCache.statistics.peakLiveFrames <= 2)
        #expect(context.framebufferCache.statistics.allocations == 1, "one framebuffer serves every frame")
        #expect(!frames.hasNextFrame)
    }

    @Test("an empty folder is an error, not a crash")
    func emptySequence() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        guard case .emptySequence = expectGraphError({ _ = try FrameSequenceInput(directory: directory) }) else {
            Issue.record("expected emptySequence")
            return
        }
        let none = FrameSequenceInput(paths: [])
        none --> RawDataOutput()
        guard case .emptySequence = expectGraphError({ try none.processAllFrames() }) else {
            Issue.record("expected emptySequence")
            return
        }
    }

    @Test("with a frame rate, each frame's time reaches the shader's time uniform")
    func sequenceTime() throws {
        let frames = FrameSequenceInput(count: 3) { _ in grayTexture(0) }
        frames.framesPerSecond = 2
        let clock = try BasicOperation(
            fragmentShader: "precision highp float; uniform float iTime; uniform sampler2D inputImageTexture; void main() { gl_FragColor = vec4(iTime / 4.0); }",
            name: "Clock")
        var levels: [UInt8] = []
        frames --> clock --> RawDataOutput { bytes, _ in levels.append(bytes[0]) }
        try frames.processAllFrames()
        #expect(levels == [0, 32, 64])  // 0, 0.5 s, 1 s -> 0, 31.875, 63.75
    }

    @Test("a synthetic sequence: each frame is made only when it is sent")
    func syntheticSequence() throws {
        var made: [Int] = []
        let frames = FrameSequenceInput(count: 3) { index in
            made.append(index)
            return grayTexture(UInt8(index))
        }
        let log = RunLog()
        let target = FakeTarget("t", log: log)
        frames --> FakeOperation("plusOne", log: log) --> target
        try frames.processNextFrame(in: ProcessingContext())
        #expect(made == [0] && target.received == [[1]])
        try frames.processAllFrames()
        #expect(made == [0, 1, 2] && target.received == [[1], [2], [3]])
    }
}

@Suite("OperationGroup and MultiPassOperation")
struct CompositeTests {
    @Test("a group behaves like the chain inside it, and is a single node outside")
    func group() throws {
        let group = OperationGroup(name: "GainTwice")
        let first = try BasicOperation(fragmentShader: gainShader, name: "Half", uniforms: ["gain": 0.5])
        let second = try BasicOperation(fragmentShader: gainShader, name: "Triple", uniforms: ["gain": 3.0])
        group.configureGroup { input, output in
            input --> first --> second --> output
        }
        let picture = PictureInput(texture: grayTexture(100))
        let raw = RawDataOutput()
        let context = ProcessingContext()
        picture --> group --> raw
        group.useNextFrameForImageCapture()
        try picture.processImage(in: context)
        #expect(raw.bytes?[0] == 150)
        #expect(try group.imageFromCurrentFramebuffer().rgba8Pixel(x: 0, y: 0).x == 150)
        #expect(context.framebufferCache.statistics.liveFrames == 0)
        // Uniform changes inside the group show on the next pass.
        try second.setUniform(Float(1), forName: "gain")
        try picture.processImage(in: context)
        #expect(raw.bytes?[0] == 50)
    }

    @Test("a group whose output is not connected names its output relay")
    func unconnectedGroup() throws {
        let group = OperationGroup(name: "Empty")
        let picture = PictureInput(texture: grayTexture(1))
        picture --> group --> RawDataOutput()
        guard case .emptyTextureLocation("Empty.output", 0) = expectGraphError({ try picture.processImage() }) else {
            Issue.record("expected emptyTextureLocation for the output relay")
            return
        }
    }

    @Test("multi-pass: passes hand frames on, intermediate frames go back after their last reader")
    func multiPass() throws {
        // pass 0: in * 0.5; pass 1: pass0 * 3; pass 2: pass1 - pass0 (reads both)
        let scale = try BasicOperation(fragmentShader: gainShader, name: "Scale")
        let difference = try BasicOperation(
            fragmentShader: """
                precision highp float;
                varying vec2 textureCoordinate;
                uniform sampler2D inputImageTexture;
                uniform sampler2D inputImageTexture2;
                void main() {
                    vec4 a = texture2D(inputImageTexture, textureCoordinate);
                    vec4 b = texture2D(inputImageTexture2, textureCoordinate);
                    gl_FragColor = vec4(a.rgb - b.rgb, 1.0);
                }
                """, numberOfInputs: 2, name: "Difference")
        let operation = try MultiPassOperation(name: "ThreePass", passes: [
            .init(scale, inputs: [.input(0)], uniforms: ["gain": [0.5]]),
            .init(scale, inputs: [.pass(0)], uniforms: ["gain": [3]]),
            .init(difference, inputs: [.pass(1), .pass(0)]),
        ])
        let picture = PictureInput(texture: grayTexture(100))
        let raw = RawDataOutput()
        let context = ProcessingContext()
        picture --> operation --> raw
        try picture.processImage(in: context)
        #expect(raw.bytes?[0] == 100)  // 150 - 50
        let stats = context.framebufferCache.statistics
        #expect(stats.liveFrames == 0 && stats.leasedFramebuffers == 0)
        #expect(stats.peakLiveFrames <= 3)
    }

    @Test("a pass that reads a later pass or a missing input is rejected when the operation is made")
    func invalidPasses() throws {
        let scale = try BasicOperation(fragmentShader: gainShader, name: "Scale")
        guard case .invalidPass("Bad", 0, _) = expectGraphError({
            _ = try MultiPassOperation(name: "Bad", passes: [.init(scale, inputs: [.pass(0)])])
        }) else { Issue.record("expected invalidPass"); return }
        guard case .invalidPass("Bad", 0, _) = expectGraphError({
            _ = try MultiPassOperation(name: "Bad", passes: [.init(scale, inputs: [.input(1)])])
        }) else { Issue.record("expected invalidPass"); return }
        guard case .unknownUniform(_, "direction") = expectGraphError({
            _ = try MultiPassOperation(name: "Bad", passes: [.init(scale, uniforms: ["direction": [1, 0]])])
        }) else { Issue.record("expected unknownUniform"); return }
    }
}
