import Foundation
import Framebuffers
import ImageCodecs
import ShaderCompiler
import ShaderExecution
import ShaderSemantics
import ShaderTesting
import Testing

/// A shader under `Tests/Fixtures/MRT` with several colour outputs, and llvmpipe's pixels for
/// each attachment (`References/NAME-K.png`, made by `scripts/make-mrt-references`).
struct MRTCase: CustomStringConvertible, Sendable {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/MRT")

    var name: String
    var description: String { name }

    static let all: [MRTCase] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".frag") }.sorted().map { MRTCase(name: String($0.dropLast(5))) }
    }()

    var source: String {
        get throws { try String(contentsOf: Self.folder.appendingPathComponent(name + ".frag"), encoding: .utf8) }
    }

    /// `// attachments: N`, `// size: WxH`, `// uniforms: name=v,v`.
    func header() throws -> (attachments: Int, width: Int, height: Int, uniforms: [String: [Float]]) {
        var attachments = 1, size = (32, 24), uniforms: [String: [Float]] = [:]
        for line in try source.split(separator: "\n") where line.hasPrefix("//") {
            let parts = line.dropFirst(2).split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let value = parts[1].trimmingCharacters(in: .whitespaces)
            switch parts[0].trimmingCharacters(in: .whitespaces) {
            case "attachments": attachments = Int(value) ?? 1
            case "size":
                let wh = value.split(separator: "x").compactMap { Int($0) }
                size = (wh[0], wh[1])
            case "uniforms":
                for pair in value.split(separator: " ") {
                    let kv = pair.split(separator: "=", maxSplits: 1)
                    uniforms[String(kv[0])] = kv[1].split(separator: ",").compactMap { Float(String($0)) }
                }
            default: break
            }
        }
        return (attachments, size.0, size.1, uniforms)
    }

    func reference(_ k: Int) throws -> Texture {
        try ImageFile.decode(
            contentsOfFile: Self.folder.appendingPathComponent("References/\(name)-\(k).png").path
        ).texture
    }
}

/// Pixels of `image` more than 1/255 away from `reference`, and the largest difference.
private func differences(_ image: Texture, _ reference: Texture) -> (bad: Int, worst: Int) {
    var bad = 0, worst = 0
    for y in 0..<reference.height {
        for x in 0..<reference.width {
            let a = image.rgba8Pixel(x: x, y: y), b = reference.rgba8Pixel(x: x, y: y)
            let d = (0..<4).map { abs(Int(a[$0]) - Int(b[$0])) }.max()!
            worst = max(worst, d)
            if d > 1 { bad += 1 }
        }
    }
    return (bad, worst)
}

/// Multiple render targets: every colour output of one draw, against llvmpipe with as many
/// colour attachments, through both engines of the executor and the reference interpreter.
@Suite struct MultipleRenderTargetTests {
    @Test func theCasesAreThere() {
        #expect(MRTCase.all.count >= 2)
    }

    @Test(arguments: MRTCase.all)
    func everyAttachmentMatchesLlvmpipe(_ c: MRTCase) throws {
        let (attachments, width, height, uniforms) = try c.header()
        let shader = try compileFrontEnd(source: try c.source, name: c.name, stage: .fragment)
        let program = try Compiler.compile(shader)
        #expect(Set(program.colorOutputs.map(\.location)) == Set(0..<attachments), "\(c)")
        let draw = DrawCall(fragment: program, uniforms: uniforms)
        for engine in [ShadingEngine.closures, .native] {
            let executor = Executor(schedule: Schedule(tileWidth: 8, tileHeight: 4, threadCount: 2, engine: engine))
            let targets = try executor.renderOutputs(draw, width: width, height: height)
            #expect(targets.keys.sorted() == Array(0..<attachments), "\(c) \(engine)")
            for k in 0..<attachments {
                let (bad, worst) = differences(targets[k]!.makeTexture(), try c.reference(k))
                #expect(bad == 0, "\(c) attachment \(k), \(engine): \(bad) pixels off llvmpipe (largest \(worst))")
            }
        }
        let interpreted = try ReferenceRenderer().renderOutputs(
            fragment: shader, uniforms: uniforms, locations: Array(0..<attachments), width: width, height: height)
        for k in 0..<attachments {
            let (bad, worst) = differences(interpreted[k]!, try c.reference(k))
            #expect(bad == 0, "\(c) attachment \(k), interpreter: \(bad) pixels off llvmpipe (largest \(worst))")
        }
    }

    @Test func theSingleTargetAPIStillGetsLocationZero() throws {
        let c = MRTCase(name: "four-outputs")
        let (_, width, height, uniforms) = try c.header()
        let program = try Compiler.compile(try compileFrontEnd(source: try c.source, name: c.name, stage: .fragment))
        let target = Framebuffer(width: width, height: height)
        try Executor().render(DrawCall(fragment: program, uniforms: uniforms), into: target)
        #expect(differences(target.makeTexture(), try c.reference(0)).bad == 0)
        // A location the shader does not write gets zeros; an output without a target is dropped.
        let spare = Framebuffer(width: width, height: height)
        try Executor().render(DrawCall(fragment: program, uniforms: uniforms), into: [2: target, 6: spare])
        #expect(differences(target.makeTexture(), try c.reference(2)).bad == 0)
        #expect(spare.makeTexture().rgba8Pixel(x: 3, y: 3) == SIMD4(0, 0, 0, 0))
    }

    @Test func targetsOfDifferentSizesAreAnError() throws {
        let program = try Compiler.compile(try compileFrontEnd(
            source: try MRTCase(name: "output-array").source, name: "output-array", stage: .fragment))
        #expect(throws: ExecutionError.targetSizesDiffer(
            location: 1, width: 4, height: 4, expectedWidth: 8, expectedHeight: 8)
        ) {
            try Executor().render(
                DrawCall(fragment: program),
                into: [0: Framebuffer(width: 8, height: 8), 1: Framebuffer(width: 4, height: 4)])
        }
    }

    @Test func theTraceShowsEveryOutput() throws {
        let c = MRTCase(name: "four-outputs")
        let (_, width, height, uniforms) = try c.header()
        let shader = try compileFrontEnd(source: try c.source, name: c.name, stage: .fragment)
        let trace = try ShaderTrace(shader: shader, x: 3, y: 2, width: width, height: height, uniforms: uniforms)
        #expect(trace.outputs.map(\.name) == ["color", "normal", "ramp", "uv"])
        #expect(trace.outputs.map(\.value.count) == [4, 4, 1, 2])
        // The values are the ones written at that pixel: p = ((3.5 / 32), (2.5 / 24)).
        let p = SIMD2<Float>(3.5 / 32, 2.5 / 24)
        #expect(trace.outputs[0].value == [p.x, p.y, 0.25, 1])
        #expect(abs(trace.outputs[2].value[0] - (p.x * 3 + p.y).truncatingRemainder(dividingBy: 1)) < 1e-6)
    }
}
