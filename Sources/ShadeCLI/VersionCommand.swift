import ShaderExecution

/// Shade's version and what this build of it is.
public enum ShadeVersion {
    /// The release number, `MAJOR.MINOR.PATCH`. The minor number follows the last issue whose
    /// work is in the release (0.17: issue 17, packaging); it is defined only here.
    public static let number = "0.17.0"

    /// The git commit the build was made from (stamped before each build by the StampCommit
    /// plugin), or `nil` when it is not known: no `git`, or a source tree that is not a work tree.
    public static let commit: String? = buildCommit

    /// `debug` or `release`: whether the build was optimised (`#if DEBUG`).
    public static var configuration: String {
        #if DEBUG
        "debug"
        #else
        "release"
        #endif
    }

    /// The engine the command line shades with by default (`$SHADE_ENGINE`, else native, which
    /// falls back to closures per program); the reference interpreter in ShaderTesting only
    /// checks it.
    public static var engine: String { RenderJob.commandLineEngine.rawValue }

    /// Lanes shaded together by one call in the default schedule (`Schedule.laneWidth`).
    public static var vectorWidth: Int { Schedule().laneWidth }

    /// Lanes per vector register in the native engine's generated code on this CPU.
    public static var nativeVectorWidth: Int { NativeEngine.shared.vectorWidth }

    /// The C compiler the native engine uses, or nil when there is none.
    public static var nativeCompiler: String? { NativeEngine.shared.compilerPath }

    /// The CPU architecture the binary was built for.
    public static var architecture: String {
        #if arch(x86_64)
        "x86_64"
        #elseif arch(arm64)
        "arm64"
        #else
        "other"
        #endif
    }

    /// The operating system the binary was built for.
    public static var operatingSystem: String {
        #if os(Linux)
        "linux"
        #elseif os(macOS)
        "macos"
        #else
        "other"
        #endif
    }

    /// One line: `shade 0.17.0 (commit 93d730b1c2e4, release, 64 lanes, closure compiler + …)`.
    public static var summary: String {
        let commitText = commit.map { "commit " + $0.prefix(12) } ?? "commit unknown"
        return "shade \(number) (\(commitText), \(configuration), \(vectorWidth) lanes, \(engine) engine, "
            + "native \(nativeCompiler == nil ? "unavailable" : "\(nativeVectorWidth)-wide"), "
            + "\(operatingSystem) \(architecture))"
    }
}

/// `shade version [--json]` and `shade --version`.
enum VersionCommand {
    static let subcommand = ShadeCommand.Subcommand(
        name: "version",
        summary: "print the version, git commit, build configuration, vector width and engine",
        run: run)

    static let help = """
        usage: shade version [--json]
               shade --version

        Prints shade's version, the git commit it was built from ('unknown' when the build
        had no git work tree), the build configuration (debug or release), the number of lanes
        one batch shades (the vector width of the default schedule), the engine and the
        platform.

        options:
          --json      one JSON object: {"version", "commit" (null when unknown),
                      "configuration", "vectorWidth", "engine", "os", "arch", "threads"}
          -h, --help  show this help

        exit status: 0, or 64 for a bad option.

        examples:
          $ shade --version
          $ shade version --json

        """

    static let options: [ArgumentScanner.Option] = [
        .init(names: ["--json"], takesValue: false),
        .init(names: ["--help", "-h"], takesValue: false),
    ]

    static func run(_ arguments: [String], _ console: Console) -> ExitCode {
        ShadeCommand.runScanned("version", arguments, options: options, help: help, console: console, execute: execute)
    }

    static func execute(_ scanner: ArgumentScanner, _ console: Console) throws(CommandFailure) -> ExitCode {
        guard scanner.positionals.isEmpty else {
            throw .usage("'shade version' takes no arguments, got '\(scanner.positionals[0])'")
        }
        if scanner.has("--json") {
            console.standardOutput(json() + "\n")
        } else {
            console.standardOutput(ShadeVersion.summary + "\n")
        }
        return .success
    }

    /// The `--json` object.
    static func json() -> String {
        JSON.object([
            ("version", JSON.quoted(ShadeVersion.number)),
            ("commit", ShadeVersion.commit.map(JSON.quoted) ?? "null"),
            ("configuration", JSON.quoted(ShadeVersion.configuration)),
            ("vectorWidth", String(ShadeVersion.vectorWidth)),
            ("engine", JSON.quoted(ShadeVersion.engine)),
            ("nativeVectorWidth", String(ShadeVersion.nativeVectorWidth)),
            ("nativeCompiler", ShadeVersion.nativeCompiler.map(JSON.quoted) ?? "null"),
            ("os", JSON.quoted(ShadeVersion.operatingSystem)),
            ("arch", JSON.quoted(ShadeVersion.architecture)),
            ("threads", String(Schedule.coreCount)),
        ])
    }
}
