import Foundation
import ShaderDiagnostics
import Testing
@testable import ShaderSyntax

@Test func zzConformanceScratch() throws {
    guard let root = ProcessInfo.processInfo.environment["SHADE_CONFORMANCE"] else { return }
    let files = FileManager.default.enumerator(atPath: root)!.compactMap { $0 as? String }
        .filter { $0.hasSuffix(".frag") || $0.hasSuffix(".vert") || $0.hasSuffix(".fsh") || $0.hasSuffix(".vsh") }.sorted()
    for f in files {
        let text = try String(contentsOfFile: root + "/" + f, encoding: .utf8)
        let stage: ShaderStage = (f.hasSuffix(".vert") || f.hasSuffix(".vsh")) ? .vertex : .fragment
        let r = parse(SourceFile(name: f, text: text), stage: stage)
        let expectsError = text.contains("// error")
        let errs = r.diagnostics.filter(\.isError)
        if !errs.isEmpty || !r.diagnostics.isEmpty {
            print("FILE \(f) expectsError=\(expectsError)")
            for d in r.diagnostics { print("   ", d.description) }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for (i, l) in lines.enumerated() where l.contains("// error") { print("    EXPECT \(i + 1): \(l)") }
        }
    }
}
