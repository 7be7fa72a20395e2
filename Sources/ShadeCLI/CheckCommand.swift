import Foundation
import ShaderDiagnostics
import ShaderSemantics
import ShaderSyntax

/// `shade check FILE…`: preprocesses, parses and type-checks shaders and reports every
/// diagnostic the way a compiler does.
enum CheckCommand {
    static let subcommand = ShadeCommand.Subcommand(
        name: "check",
        summary: "check GLSL ES shaders and report errors with file:line:col and a caret",
        run: run)

    static let help = """
        usage: shade check [--stage vertex|fragment] [--glsl-version V] [--strict]
                           [--profile NAME] [--ast] [--json] FILE...
               shade check --list-profiles [--json]

        Checks each shader against GLSL ES 1.00 (and desktop GLSL 1.10/1.20 when the shader
        says '#version 110' or '#version 120'): preprocessor, grammar, types, built-ins and
        stage rules. Every diagnostic goes to stderr as 'file:line:col: error: message',
        followed by the source line and a caret. Use '-' to read a shader from stdin.

        options:
          --stage S   vertex or fragment; by default from the extension:
                      .fsh .frag .fs .glsl -> fragment, .vsh .vert .vs -> vertex
          --glsl-version V
                      the language of a shader without '#version': 100 (GLSL ES 1.00, the
                      default, as an OpenGL ES context), 300es (GLSL ES 3.00), 110, 120,
                      130, 140, 150 or 330 (desktop GLSL, as a desktop OpenGL context);
                      a '#version' line always wins
          --strict    also enforce Appendix A of the GLSL ES 1.00 specification (loop forms,
                      constant indexing); the default is as relaxed as Mesa and GPUImage need
          --profile NAME
                      check against a device: its limits (uniform and varying vectors
                      packed as GLSL ES 1.00 Appendix A §7 says, texture units,
                      attributes), whether fragment shaders have 'highp', and WebGL's
                      rules; NAME is one of \(DeviceProfile.all.map(\.name).joined(separator: ", "))
                      (default desktop: no limits)
          --list-profiles
                      print the profiles, their precisions and limits (with --json: as JSON)
          --ast       print each valid shader's typed syntax tree to stdout
          --json      print one JSON array to stdout with an object per file:
                      {"file", "stage", "valid", "diagnostics": [{"severity", "line",
                      "column", "message"}]}
          -h, --help  show this help

        exit status:
          0   every shader is valid (warnings allowed)
          65  a shader has errors
          66  a file is missing or unreadable
          64  bad usage

        examples:
          $ shade check Shaders/Filters/Grayscale.fsh
          $ shade check --strict --stage fragment effect.glsl
          $ echo 'void main() { gl_FragColor = 1.0; }' | shade check --stage fragment -
          -:1:30: error: cannot convert from 'float' to 'vec4'
          void main() { gl_FragColor = 1.0; }
                                       ^~~
          $ shade check --glsl-version 110 piglit-test.frag
          $ shade check --profile webgl1 effect.fsh

        """

    static func run(_ arguments: [String], _ console: Console) -> ExitCode {
        let scanner: ArgumentScanner
        let forcedStage: ShaderStage?
        let defaultVersion: LanguageVersion
        let profile: DeviceProfile
        do {
            scanner = try ArgumentScanner(arguments, options: [
                .init(names: ["--stage"], takesValue: true),
                .init(names: ["--glsl-version"], takesValue: true),
                .init(names: ["--strict"], takesValue: false),
                .init(names: ["--profile"], takesValue: true),
                .init(names: ["--list-profiles"], takesValue: false),
                .init(names: ["--ast"], takesValue: false),
                .init(names: ["--json"], takesValue: false),
                .init(names: ["--help", "-h"], takesValue: false),
            ])
            forcedStage = try scanner.parsed("--stage", as: "'vertex' or 'fragment'") { ShaderStage(rawValue: $0) }
            defaultVersion = try scanner.parsed(
                "--glsl-version", as: "100, 300es, 110, 120, 130, 140, 150 or 330"
            ) { text in
                let spelled = text.replacingOccurrences(of: " ", with: "").lowercased()
                if spelled == "300es" { return LanguageVersion.es300 }
                return Int(spelled).flatMap(LanguageVersion.init(rawValue:)).flatMap { $0 == .es300 ? nil : $0 }
            } ?? .es100
            profile = try scanner.parsed(
                "--profile", as: DeviceProfile.all.map(\.name).joined(separator: ", "),
                DeviceProfile.named) ?? .desktop
        } catch {
            console.standardError("shade check: \(error)\n\n" + help)
            return .usage
        }
        if scanner.has("--help") {
            console.standardOutput(help)
            return .success
        }
        if scanner.has("--list-profiles") {
            console.standardOutput(
                scanner.has("--json") ? ProfileTable.json() + "\n" : ProfileTable.text())
            return .success
        }
        guard !scanner.positionals.isEmpty else {
            console.standardError("shade check: no shader given\n\n" + help)
            return .usage
        }

        let options = CheckOptions(isStrict: scanner.has("--strict"), profile: profile)
        let parseOptions = profile.parseOptions(ParseOptions(defaultVersion: defaultVersion))
        var isMissing = false
        var isInvalid = false
        var objects: [String] = []
        for path in scanner.positionals {
            guard let stage = forcedStage ?? ShaderFiles.stage(forPath: path) else {
                console.standardError(
                    "shade check: \(path): cannot tell the stage from the name; use --stage vertex|fragment\n")
                return .usage
            }
            let text: String
            do {
                text = try ShaderFiles.read(path)
            } catch {
                console.standardError("shade: \(path): error: \(error.message)\n")
                isMissing = true
                objects.append(JSON.object([("file", JSON.quoted(path)), ("error", JSON.quoted(error.message))]))
                continue
            }
            let file = SourceFile(name: path, text: text)
            let result = Checker.check(
                parse(file, stage: stage, options: parseOptions), options: options)
            console.standardError(result.diagnostics.rendered())
            if result.shader == nil { isInvalid = true }
            if let shader = result.shader, scanner.has("--ast") {
                console.standardOutput(TypedASTPrinter.shader(shader))
            }
            objects.append(JSON.object([
                ("file", JSON.quoted(path)),
                ("stage", JSON.quoted(stage.rawValue)),
                ("valid", "\(result.shader != nil)"),
                ("diagnostics", JSON.array(result.diagnostics.map(json))),
            ]))
        }
        if scanner.has("--json") {
            console.standardOutput(JSON.array(objects) + "\n")
        }
        return isMissing ? .noInput : isInvalid ? .dataError : .success
    }

    static func json(_ diagnostic: Diagnostic) -> String {
        let location = diagnostic.span?.location
        return JSON.object([
            ("severity", JSON.quoted(diagnostic.severity.rawValue)),
            ("line", location.map { "\($0.line)" } ?? "null"),
            ("column", location.map { "\($0.column)" } ?? "null"),
            ("message", JSON.quoted(diagnostic.message)),
            ("notes", JSON.array(diagnostic.notes.map { JSON.quoted($0.message) })),
        ])
    }
}

/// Reading shader files the way every command does.
enum ShaderFiles {
    /// A file that could not be read, with a message for the user.
    struct ReadError: Error {
        var message: String
    }

    /// The stage a file name implies, or `nil` when the extension says nothing.
    static func stage(forPath path: String) -> ShaderStage? {
        switch (path as NSString).pathExtension.lowercased() {
        case "fsh", "frag", "fs", "glsl", "fragment": .fragment
        case "vsh", "vert", "vs", "vertex": .vertex
        default: nil
        }
    }

    /// The text of `path`, or of stdin for `-`.
    static func read(_ path: String) throws(ReadError) -> String {
        let data: Data
        if path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard FileManager.default.fileExists(atPath: path) else { throw ReadError(message: "no such file") }
            guard let contents = FileManager.default.contents(atPath: path) else {
                throw ReadError(message: "cannot read the file")
            }
            data = contents
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ReadError(message: "the file is not UTF-8 text")
        }
        return text
    }
}
