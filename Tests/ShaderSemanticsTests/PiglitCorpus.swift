import Foundation
import ShaderDiagnostics
import ShaderSemantics
import ShaderSyntax

/// One piglit compiler test under the piglit corpus (`../shared/corpora/piglit/`): a single `.frag`/`.vert` unit whose
/// `[config]` comment block says `expect_result: pass|fail` and `glsl_version: 1.00|1.10|…`.
///
/// A case compiles with its config's version as `ParseOptions.defaultVersion` (as piglit's
/// runner creates a GLES 2 or desktop context for it) and without requiring `main` or
/// definitions of called functions (piglit compiles single units; both are link errors),
/// unless the config says `check_link: true`.
struct PiglitCase: Sendable, CustomStringConvertible {
    /// The path below the piglit corpus (`../shared/corpora/piglit/`), e.g. `glsl-1.20/compiler/x.frag`.
    let name: String
    let text: String
    let stage: ShaderStage
    /// `true` for `expect_result: pass`.
    let expectsPass: Bool
    /// The `glsl_version` of the config, e.g. `1.20`.
    let glslVersion: String
    /// `true` for `check_link: true`.
    let checksLink: Bool

    var description: String { name }

    /// The language `glsl_version` names, or `nil` for versions Shade does not support.
    var defaultVersion: LanguageVersion? {
        switch glslVersion {
        case "1.00": .es100
        case "3.00", "3.00 es": .es300
        case "1.10": .glsl110
        case "1.20": .glsl120
        case "1.30": .glsl130
        case "1.40": .glsl140
        case "1.50": .glsl150
        case "3.30": .glsl330
        default: nil
        }
    }

    /// What Shade does with the case.
    enum Outcome: Equatable {
        /// Shade agrees with `expect_result`.
        case agrees
        /// Shade accepts a shader piglit expects to fail.
        case wronglyAccepted
        /// Shade rejects a shader piglit expects to pass; the first error.
        case wronglyRejected(String)
        /// The version is not one Shade supports.
        case skipped(String)
    }

    /// Checks the case and compares the result with its expectation.
    func run() -> Outcome {
        guard let version = defaultVersion else {
            return .skipped("GLSL \(glslVersion) is not supported")
        }
        let file = SourceFile(name: name, text: text)
        let parsed = parse(file, stage: stage, options: ParseOptions(defaultVersion: version))
        let options = CheckOptions(requiresMain: checksLink, requiresDefinitions: checksLink)
        let result = Checker.check(parsed, options: options)
        switch (expectsPass, result.errors.first) {
        case (true, nil), (false, .some): return .agrees
        case (false, nil): return .wronglyAccepted
        case (true, .some(let e)): return .wronglyRejected(e.message)
        }
    }

    /// The piglit corpus: `$SHADE_CORPORA/piglit`, else `../shared/corpora/piglit` beside the
    /// repository (other projects' tests are read in place, never copied).
    static let root: URL = {
        if let env = ProcessInfo.processInfo.environment["SHADE_CORPORA"] {
            return URL(fileURLWithPath: env).appendingPathComponent("piglit")
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpora/piglit")
    }()

    /// Every case with a config, sorted by name.
    static let all: [PiglitCase] = {
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        else { return [] }
        var out: [PiglitCase] = []
        for case let url as URL in walker {
            guard let stage = ShaderStage(pathExtension: url.pathExtension),
                let text = try? String(contentsOf: url, encoding: .utf8),
                let c = PiglitCase(
                    name: String(url.standardizedFileURL.path.dropFirst(
                        root.standardizedFileURL.path.count + 1)),
                    text: text, stage: stage)
            else { continue }
            out.append(c)
        }
        return out.sorted { $0.name < $1.name }
    }()

    /// Reads the `[config]` block; `nil` when there is none or it lacks the two keys.
    init?(name: String, text: String, stage: ShaderStage) {
        var config: [String: String] = [:]
        var isInConfig = false
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = raw.trimmingCharacters(in: .whitespaces)
            for prefix in ["//", "/*", "*"] where line.hasPrefix(prefix) {
                line = String(line.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces)
                break
            }
            if line == "[config]" { isInConfig = true; continue }
            if line == "[end config]" { break }
            guard isInConfig, let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon].trimmingCharacters(in: .whitespaces)
            config[key] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        guard let expected = config["expect_result"], let version = config["glsl_version"] else {
            return nil
        }
        self.name = name
        self.text = text
        self.stage = stage
        self.expectsPass = expected == "pass"
        self.glslVersion = version
        self.checksLink = config["check_link"] == "true"
    }
}
