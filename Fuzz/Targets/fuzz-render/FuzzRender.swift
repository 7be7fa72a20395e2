// libFuzzer entry point: the compiler and the executor. Each input that checks as a fragment
// shader is compiled and drawn into an 8×8 frame with two small textures bound and every
// uniform set; the draw must finish or throw a typed error (ExecutionError, a compile
// diagnostic), never trap, overflow, leak or run past the loop budget.
import Framebuffers
import ShaderCompiler
import ShaderDiagnostics
import ShaderExecution
import ShaderSemantics
import ShaderSyntax

/// The front end's token budget is lowered as in fuzz-shader, to keep each input fast.
private let options = ParseOptions(maxTokens: 1 << 14)

/// Two 4×4 inputs: an opaque gradient and a translucent one, so filtering and alpha matter.
private let inputs: [Texture] = {
    var opaque: [UInt8] = [], translucent: [UInt8] = []
    for i in 0..<16 {
        opaque += [UInt8(i * 16), UInt8(255 - i * 16), UInt8((i * 37) & 255), 255]
        translucent += [UInt8((i * 53) & 255), UInt8(i * 8), 200, UInt8(i * 17)]
    }
    return [
        Texture(width: 4, height: 4, rgba8: opaque), Texture(width: 4, height: 4, rgba8: translucent),
    ]
}()

/// Values cycled through for uniforms: ordinary, negative, zero, large and fractional.
private let uniformValues: [Float] = [0.5, 1.0, -0.25, 0.0, 3.0, 2.5e3, 0.125, -7.0]

/// A budget of loop iterations per batch far below the default, so a runaway loop ends well
/// inside libFuzzer's one-second timeout.
private let loopBudget = 1 << 12

/// Compiles one input and renders it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRender(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = count == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: count))
    let text = String(decoding: bytes, as: UTF8.self)
    let checked = Checker.check(parse(SourceFile(name: "fuzz", text: text), stage: .fragment, options: options))
    guard let shader = checked.shader else { return 0 }
    let program: Program
    do {
        program = try Compiler.compile(shader)
    } catch {
        _ = error.description
        return 0
    }
    var uniforms: [String: [Float]] = [:]
    for (k, u) in program.uniforms.enumerated() {
        uniforms[u.name] = (0..<u.width).map { uniformValues[(k + $0) % uniformValues.count] }
    }
    var draw = DrawCall(fragment: program, uniforms: uniforms, inputs: inputs)
    draw.loopIterationLimit = loopBudget
    let target = Framebuffer(width: 8, height: 8)
    do {
        try Executor(schedule: .singleThreaded).render(draw, into: target)
    } catch {
        _ = "\(error)"
    }
    return 0
}
