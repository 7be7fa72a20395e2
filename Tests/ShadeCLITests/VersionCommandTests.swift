import Foundation
import ShadeCLI
import Testing

@Suite("shade version and --version")
struct VersionCommandTests {
    /// Runs git in this work tree; its output, or nil when git fails or is missing.
    static func git(_ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", URL(fileURLWithPath: #filePath).deletingLastPathComponent().path] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("--version prints one line with the version, configuration, lanes and engine")
    func versionLine() throws {
        let outcome = try runShade(["--version"])
        #expect(outcome.status == 0)
        #expect(outcome.standardError.isEmpty)
        let line = outcome.standardOutput
        #expect(line.hasPrefix("shade \(ShadeVersion.number) ("))
        #expect(line.hasSuffix(")\n") && line.filter { $0 == "\n" }.count == 1)
        #expect(line.contains(ShadeVersion.configuration) && line.contains("64 lanes") && line.contains(ShadeVersion.engine))
        #expect(ShadeVersion.number.split(separator: ".").count == 3)
    }

    @Test("version --json has every field, and the commit of this work tree")
    func json() throws {
        let outcome = shadeInProcess(["version", "--json"])
        #expect(outcome.status == 0)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        #expect(Set(object.keys) == [
            "version", "commit", "configuration", "vectorWidth", "engine", "nativeVectorWidth", "nativeCompiler", "os",
            "arch", "threads",
        ])
        #expect(object["version"] as? String == ShadeVersion.number)
        #expect(object["vectorWidth"] as? Int == 64)
        #expect(["debug", "release"].contains(object["configuration"] as? String ?? ""))
        #if DEBUG
        #expect(object["configuration"] as? String == "debug")
        #endif
        // Built from this work tree: the stamped commit is its HEAD, or an ancestor of it when
        // commits were made after the build (when git is installed).
        if let head = Self.git(["rev-parse", "HEAD"]) {
            let commit = try #require(object["commit"] as? String, "no commit stamped in a git work tree")
            #expect(commit.count == 40 && commit.allSatisfy(\.isHexDigit))
            #expect(commit == head || Self.git(["merge-base", "--is-ancestor", commit, head]) != nil,
                    "\(commit) is not HEAD (\(head)) or an ancestor of it")
        }
    }

    @Test("a stray argument or option is a usage error (64)")
    func usage() {
        #expect(shadeInProcess(["version", "extra"]).status == 64)
        #expect(shadeInProcess(["version", "--jsn"]).status == 64)
        #expect(shadeInProcess(["--version", "--json"]).status == 0)
    }
}
