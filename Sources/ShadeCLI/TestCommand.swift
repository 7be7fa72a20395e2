import Foundation
import ShaderSemantics
import ShaderTesting

/// `shade test FILE…`: runs piglit `.shader_test` files and dEQP `.test` shader-library files
/// and prints one line per test.
enum TestCommand {
    static let subcommand = ShadeCommand.Subcommand(
        name: "test",
        summary: "run shader test files (piglit .shader_test, dEQP .test) and report PASS/FAIL/SKIP",
        run: run)

    static let help = """
        usage: shade test [--json] [--quiet] [--profile NAME] FILE|FOLDER...

        Runs shader tests on the CPU and prints one line per test:
          PASS name
          FAIL name: reason (expected vs observed)
          SKIP name: reason (a command, section or built-in Shade does not support)
        then a summary line 'N passed, N failed, N skipped'. Folders are searched recursively
        for *.shader_test and *.test files.

        Formats:
          .shader_test  piglit's shader_runner format: [require], [vertex shader],
                        [vertex shader passthrough], [fragment shader], [test] with uniform,
                        draw rect [ortho] [tex], probe [all|rect] rgb|rgba, relative probe,
                        clear color, clear, texture rgbw|checkerboard, texparameter, tolerance,
                        link success|error. Window 250x250 (or SIZE w h), tolerance 0.01.
          .test         dEQP shader-library cases: compile/link expectations, and for 'pass'
                        cases every row of values, each as a vertex and a fragment program.

        options:
          --json      print one JSON object to stdout: {"tests": [{"name", "status",
                      "reason"}], "passed", "failed", "skipped"}
          --quiet     print only failures and the summary
          --profile NAME
                      check and run every shader as on a device profile (its limits and
                      rules, and mediump/lowp as fp16 or fixed point: see shade check
                      --list-profiles); a test whose expectations assume fp32 may fail
          -h, --help  show this help

        exit status:
          0   no test failed (skips allowed)
          1   a test failed
          64  bad usage
          65  a test file is malformed
          66  a file is missing

        examples:
          $ shade test ../shared/corpora/piglit/glsl-es-1.00/execution
          PASS glsl-es-1.00/execution/…/fs-simple.shader_test
          ...
          4 passed, 0 failed, 0 skipped
          $ shade test --quiet ../shared/corpora/dEQP-GLES2/operators.test
          $ shade test --json my-shader.shader_test

        """

    struct Line {
        var name: String
        var status: ShaderTestStatus
    }

    static func run(_ arguments: [String], _ console: Console) -> ExitCode {
        let scanner: ArgumentScanner
        do {
            scanner = try ArgumentScanner(arguments, options: [
                .init(names: ["--json"], takesValue: false),
                .init(names: ["--quiet", "-q"], takesValue: false),
                .init(names: ["--profile"], takesValue: true),
                .init(names: ["--help", "-h"], takesValue: false),
            ])
        } catch {
            console.standardError("shade test: \(error)\n\n" + help)
            return .usage
        }
        if scanner.has("--help") {
            console.standardOutput(help)
            return .success
        }
        let options: CheckOptions
        do {
            options = CheckOptions(profile: try RenderJob.parsedProfile(scanner))
        } catch {
            console.standardError(error.message)
            return .usage
        }
        guard !scanner.positionals.isEmpty else {
            console.standardError("shade test: no test file given\n\n" + help)
            return .usage
        }
        var files: [String] = []
        let manager = FileManager.default
        for path in scanner.positionals {
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isFolder) else {
                console.standardError("shade test: \(path): error: no such file\n")
                return .noInput
            }
            if isFolder.boolValue {
                let found = (manager.enumerator(atPath: path)?.compactMap { $0 as? String } ?? [])
                    .filter { $0.hasSuffix(".shader_test") || $0.hasSuffix(".test") }.sorted()
                files += found.map { (path as NSString).appendingPathComponent($0) }
            } else {
                files.append(path)
            }
        }
        let isJSON = scanner.has("--json"), isQuiet = scanner.has("--quiet")
        var lines: [Line] = []
        var isMalformed = false
        for file in files {
            guard let data = manager.contents(atPath: file) else {
                console.standardError("shade test: \(file): error: cannot read the file\n")
                return .noInput
            }
            let text = String(decoding: data, as: UTF8.self)
            var results: [Line] = []
            if file.hasSuffix(".shader_test") {
                let test = ShaderRunnerTest(parsing: text, name: file)
                results = [Line(name: file, status: ShaderRunner(options: options).run(test))]
            } else if file.hasSuffix(".test") {
                do {
                    let cases = try ShaderLibraryFile.parse(text, fileName: (file as NSString).lastPathComponent)
                    let runner = ShaderLibraryRunner(options: options)
                    for testCase in cases {
                        results += runner.run(testCase).map { Line(name: file + ": " + $0.name, status: $0.status) }
                    }
                } catch {
                    console.standardError("shade test: \(file): \(error)\n")
                    isMalformed = true
                    continue
                }
            } else {
                console.standardError("shade test: \(file): error: not a .shader_test or .test file\n")
                return .usage
            }
            if !isJSON {
                for line in results {
                    switch line.status {
                    case .passed where !isQuiet: console.standardOutput("PASS \(line.name)\n")
                    case .failed(let reason): console.standardOutput("FAIL \(line.name): \(reason)\n")
                    case .skipped(let reason) where !isQuiet: console.standardOutput("SKIP \(line.name): \(reason)\n")
                    default: break
                    }
                }
            }
            lines += results
        }
        let passed = lines.filter { $0.status == .passed }.count
        let failed = lines.filter { if case .failed = $0.status { true } else { false } }.count
        let skipped = lines.count - passed - failed
        if isJSON {
            let tests = lines.map { line -> String in
                let (status, reason): (String, String?) = switch line.status {
                case .passed: ("pass", nil)
                case .failed(let r): ("fail", r)
                case .skipped(let r): ("skip", r)
                }
                var fields = [("name", JSON.quoted(line.name)), ("status", JSON.quoted(status))]
                if let reason { fields.append(("reason", JSON.quoted(reason))) }
                return JSON.object(fields)
            }
            console.standardOutput(JSON.object([
                ("tests", JSON.array(tests)), ("passed", String(passed)), ("failed", String(failed)),
                ("skipped", String(skipped)),
            ]) + "\n")
        } else {
            console.standardOutput("\(passed) passed, \(failed) failed, \(skipped) skipped\n")
        }
        if failed > 0 { return .failure }
        return isMalformed ? .dataError : .success
    }
}
