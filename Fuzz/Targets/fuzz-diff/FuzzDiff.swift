// libFuzzer entry point: differential testing in process. The fuzzer's bytes are the
// decisions of the random program generator (any bytes make a valid, terminating,
// UB-free program); the program is rendered into an 8×8 frame by the executor and by the
// reference interpreter, and any difference in a single bit is a crash with the program's
// source on stderr.
import ShaderTesting

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDiff(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = count == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: count))
    let program = ProgramGenerator().program(entropy: bytes)
    let c = DifferentialCampaign.differentialCase(program, width: 8, height: 8)
    let outcome = DifferentialTest.run(c, stepLimit: 1 << 12)
    if !outcome.isAgreement {
        let vertex = program.vertexSource.map { "\n// ---- vertex ----\n" + $0 } ?? ""
        fatalError("executor and interpreter disagree: \(outcome)\n\(program.fragmentSource)\(vertex)\n// uniforms: \(program.uniforms)")
    }
    return 0
}
