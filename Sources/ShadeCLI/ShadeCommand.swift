import Foundation

/// Exit codes of the `shade` command (the BSD `sysexits.h` values).
public enum ExitCode: Int32, Sendable {
    /// Everything worked.
    case success = 0
    /// A test or comparison ran and found failures.
    case failure = 1
    /// The command line was wrong (`EX_USAGE`).
    case usage = 64
    /// A shader or data file was bad (`EX_DATAERR`).
    case dataError = 65
    /// An input file was missing (`EX_NOINPUT`).
    case noInput = 66
    /// Shade itself failed (`EX_SOFTWARE`).
    case internalError = 70
    /// An output could not be written (`EX_CANTCREAT`).
    case cannotCreate = 73
}

/// Where a command writes: data to `standardOutput`, diagnostics to `standardError`.
public struct Console: Sendable {
    /// Writes data (the command's result).
    public var standardOutput: @Sendable (String) -> Void
    /// Writes diagnostics and progress.
    public var standardError: @Sendable (String) -> Void

    public init(standardOutput: @escaping @Sendable (String) -> Void, standardError: @escaping @Sendable (String) -> Void) {
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    /// The process's real stdout and stderr.
    public static let process = Console(
        standardOutput: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
        standardError: { text in FileHandle.standardError.write(Data(text.utf8)) }
    )
}

/// The `shade` command line as a library: `main.swift` only forwards here.
public enum ShadeCommand {
    /// One subcommand: its name, a one-line summary and its entry point.
    struct Subcommand: Sendable {
        var name: String
        var summary: String
        var run: @Sendable ([String], Console) -> ExitCode
    }

    /// The subcommands, in the order `shade --help` lists them.
    static let subcommands: [Subcommand] = [
        InfoCommand.subcommand,
        CheckCommand.subcommand,
        RunCommand.subcommand,
        ChainCommand.subcommand,
        PipelineCommand.subcommand,
        RenderCommand.subcommand,
        BenchCommand.subcommand,
        FiltersCommand.subcommand,
        GalleryCommand.subcommand,
        TestCommand.subcommand,
        TraceCommand.subcommand,
        DifftestCommand.subcommand,
        VersionCommand.subcommand,
        DetectCommand.subcommand,
    ]

    static let usage = """
        usage: shade <command> [options] [arguments]

        Shade runs GLSL ES shaders and GPUImage-style filter chains on the CPU.

        commands:

        """

    /// Runs `shade` with `arguments` (without the program name) and returns the exit code.
    public static func main(arguments: [String], console: Console = .process) -> Int32 {
        guard let first = arguments.first else {
            console.standardError(helpText())
            return ExitCode.usage.rawValue
        }
        if first == "--help" || first == "-h" || first == "help" {
            console.standardOutput(helpText())
            return ExitCode.success.rawValue
        }
        if first == "--version" || first == "-V" {
            return VersionCommand.run(Array(arguments.dropFirst()), console).rawValue
        }
        guard let command = subcommands.first(where: { $0.name == first }) else {
            console.standardError("shade: unknown command '\(first)'\n" + helpText())
            return ExitCode.usage.rawValue
        }
        return command.run(Array(arguments.dropFirst()), console).rawValue
    }

    static func helpText() -> String {
        let width = subcommands.map(\.name.count).max() ?? 0
        return usage + subcommands.map {
            "  " + $0.name + String(repeating: " ", count: width - $0.name.count + 2) + $0.summary
        }.joined(separator: "\n") + "\n\nRun 'shade <command> --help' for a command's options and examples.\n"
    }
}
