import Framebuffers
import ImageGraph
import Testing

@Suite("Errors: each a thrown GraphError naming the operation")
struct ErrorTests {
    @Test("a consumer with an empty texture location")
    func emptyLocation() {
        let log = RunLog()
        let source = FakeSource("photo", value: 1, log: log)
        let blend = FakeOperation("blend", inputs: 2, log: log)
        source.addTarget(blend, atTextureLocation: 1)
        let error = expectGraphError { try source.processImage() }
        guard case .emptyTextureLocation("blend", 0) = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(error?.description == "blend: texture location 0 has no source")
        #expect(blend.runs == 0)
    }

    @Test("a location beyond the consumer's inputs")
    func locationOutOfRange() {
        let log = RunLog()
        let source = FakeSource("photo", value: 1, log: log)
        let gray = FakeOperation("gray", log: log)
        source.addTarget(gray, atTextureLocation: 2)
        let error = expectGraphError { try source.processImage() }
        guard case .textureLocationOutOfRange("gray", 2, 1) = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
    }

    @Test("a cycle names the operations on it")
    func cycle() {
        let log = RunLog()
        let source = FakeSource("photo", value: 1, log: log)
        let blend = FakeOperation("blend", inputs: 2, log: log)
        let a = FakeOperation("a", log: log)
        let b = FakeOperation("b", log: log)
        source --> blend --> a --> b --> blend
        // Targets are strong references, so a cycle keeps itself alive: break it when done (the
        // sanitizer run reports it as a leak otherwise).
        defer { b.removeAllTargets() }
        let error = expectGraphError { try source.processImage() }
        guard case .cycle(let names) = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(Set(names) == ["blend", "a", "b"])
        #expect(log.entries.isEmpty)
    }

    @Test("a failing node stops the pass, and every frame goes back to the cache")
    func failureReleasesFrames() {
        struct Broken: Error {}
        let log = RunLog()
        let context = ProcessingContext()
        let source = FakeSource("photo", value: 1, log: log)
        let first = FakeOperation("first", log: log)
        let second = FakeOperation("second", log: log)
        let third = FakeOperation("third", log: log)
        let target = FakeTarget("target", log: log)
        second.failure = Broken()
        source --> first --> second --> third --> target
        first --> FakeTarget("late", log: log)
        #expect(throws: Broken.self) { try source.processImage(in: context) }
        #expect(third.runs == 0)
        #expect(context.framebufferCache.statistics.liveFrames == 0)
        #expect(context.framebufferCache.statistics.leasedFramebuffers == 0)
    }

    @Test("a shader that does not compile throws its diagnostics, naming the operation")
    func badShader() {
        let error = expectGraphError {
            _ = try BasicOperation(
                fragmentShader: "void main() { gl_FragColor = vec4(1.0) }", name: "Broken")
        }
        guard case .shaderCompilation(let operation, let diagnostics) = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
        #expect(operation == "Broken")
        #expect(!diagnostics.diagnostics.isEmpty)
        #expect(error!.description.contains("Broken.fsh:1:"))
    }

    @Test("the number of inputs follows the samplers, and may not be smaller than they need")
    func samplersAndInputs() throws {
        let blendFile = repositoryPath("Shaders/Filters/AlphaBlend.fsh")
        #expect(try BasicOperation(fragmentShaderFile: blendFile).numberOfInputs == 2)
        #expect(try BasicOperation(fragmentShader: passthroughShader).numberOfInputs == 1)
        #expect(try BasicOperation(fragmentShader: "void main() { gl_FragColor = vec4(1.0); }").numberOfInputs == 1)
        #expect(try BasicOperation(fragmentShader: passthroughShader, numberOfInputs: 3).numberOfInputs == 3)
        guard case .samplerWithoutInput("AlphaBlend", "inputImageTexture2", 1) = expectGraphError({
            _ = try BasicOperation(fragmentShaderFile: blendFile, numberOfInputs: 1)
        }) else { Issue.record("expected samplerWithoutInput"); return }
    }

    @Test("a shader file that does not exist")
    func missingShaderFile() {
        let error = expectGraphError { _ = try BasicOperation(fragmentShaderFile: "/nonexistent/Blur.fsh") }
        guard case .unreadableShader("Blur", "/nonexistent/Blur.fsh", _) = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
    }

    @Test("unknown uniform, wrong arity, wrong kind")
    func uniforms() throws {
        let shader = """
            precision highp float;
            uniform float gain;
            uniform vec3 tint;
            uniform int steps;
            void main() { gl_FragColor = vec4(tint * gain, float(steps)); }
            """
        let operation = try BasicOperation(fragmentShader: shader, numberOfInputs: 0, name: "Tint")
        guard case .unknownUniform("Tint", "gian") = expectGraphError({ try operation.setUniform(Float(1), forName: "gian") })
        else { Issue.record("expected unknownUniform"); return }
        guard case .uniformArity("Tint", "tint", 3, 2) = expectGraphError({ try operation.setUniform(SIMD2<Float>(1, 2), forName: "tint") })
        else { Issue.record("expected uniformArity"); return }
        guard case .uniformType("Tint", "steps", "int", "float") = expectGraphError({ try operation.setUniform(Float(2), forName: "steps") })
        else { Issue.record("expected uniformType"); return }
        guard case .uniformType("Tint", "gain", "float", "bool") = expectGraphError({ try operation.setUniform(true, forName: "gain") })
        else { Issue.record("expected uniformType"); return }
        // An Int sets a float; a Color gives RGB to a vec3.
        try operation.setUniform(2, forName: "gain")
        try operation.setUniform(Color(red: 0.25, green: 0.5, blue: 0.75, alpha: 0.1), forName: "tint")
        #expect(operation.uniformValues["gain"] == [2])
        #expect(operation.uniformValues["tint"] == [0.25, 0.5, 0.75])
        // The initialiser checks its uniforms too.
        guard case .unknownUniform("Tint", "nope") = expectGraphError({
            _ = try BasicOperation(fragmentShader: shader, numberOfInputs: 0, name: "Tint", uniforms: ["nope": 1.0])
        }) else { Issue.record("expected unknownUniform from init"); return }
    }

    @Test("a generator without a forced size")
    func generatorWithoutSize() throws {
        let generator = try BasicOperation(
            fragmentShader: "void main() { gl_FragColor = vec4(1.0); }", numberOfInputs: 0, name: "White")
        let output = RawDataOutput()
        generator --> output
        guard case .outputSizeUnknown("White") = expectGraphError({ try generator.processImage() }) else {
            Issue.record("expected outputSizeUnknown")
            return
        }
        generator.forceProcessing(at: ImageSize(width: 3, height: 1))
        try generator.processImage()
        #expect(output.size == ImageSize(width: 3, height: 1))
        #expect(output.bytes == [UInt8](repeating: 255, count: 12))
    }

    @Test("raw bytes of the wrong length")
    func badRawBytes() {
        guard case .invalidImageData("PictureInput", _) = expectGraphError({
            _ = try PictureInput(width: 2, height: 2, rgba8: [0, 0, 0])
        }) else { Issue.record("expected invalidImageData"); return }
    }

    @Test("a picture file that does not exist")
    func missingPicture() {
        guard case .imageFile("PictureInput(missing.png)", .fileNotFound) = expectGraphError({
            _ = try PictureInput(contentsOfFile: "/nonexistent/missing.png")
        }) else { Issue.record("expected imageFile(fileNotFound)"); return }
    }
}

@Suite("Capture: useNextFrameForImageCapture then imageFromCurrentFramebuffer")
struct CaptureTests {
    @Test("not requested, requested but nothing rendered, captured, then disarmed")
    func captureStates() throws {
        let picture = PictureInput(texture: grayTexture(40))
        let copy = try BasicOperation(fragmentShader: passthroughShader, name: "Copy")
        picture --> copy
        guard case .captureNotRequested("Copy") = expectGraphError({ _ = try copy.imageFromCurrentFramebuffer() })
        else { Issue.record("expected captureNotRequested"); return }
        try picture.processImage()
        guard case .captureNotRequested("Copy") = expectGraphError({ _ = try copy.imageFromCurrentFramebuffer() })
        else { Issue.record("processing without a request must not capture"); return }
        copy.useNextFrameForImageCapture()
        guard case .nothingCaptured("Copy") = expectGraphError({ _ = try copy.imageFromCurrentFramebuffer() })
        else { Issue.record("expected nothingCaptured"); return }
        try picture.processImage()
        let image = try copy.imageFromCurrentFramebuffer()
        #expect(image == grayTexture(40))
        guard case .captureNotRequested("Copy") = expectGraphError({ _ = try copy.imageFromCurrentFramebuffer() })
        else { Issue.record("taking the image must disarm the capture"); return }
    }
}
