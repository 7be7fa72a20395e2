/// Splits a subcommand's arguments into options, flags and positional arguments.
///
/// Accepts `--name value`, `--name=value`, repeated options, boolean flags, `-o` style short
/// aliases, and `--` to end options. `-` alone is a positional argument (stdin/stdout).
/// Unknown options are usage errors, so typos never pass silently.
struct ArgumentScanner {
    /// How an option is spelled and whether it takes a value.
    struct Option {
        var names: [String]
        var takesValue: Bool
    }

    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positionals: [String] = []

    /// Scans `arguments` against `options`; the first name of each option is its key.
    init(_ arguments: [String], options: [Option]) throws(UsageError) {
        var lookup: [String: Option] = [:]
        for option in options {
            for name in option.names { lookup[name] = option }
        }
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = lookup[name] else {
                throw UsageError("unknown option '\(name)'")
            }
            let key = option.names[0]
            if option.takesValue {
                if let inlineValue {
                    values[key, default: []].append(inlineValue)
                } else if index < arguments.count {
                    values[key, default: []].append(arguments[index])
                    index += 1
                } else {
                    throw UsageError("missing value for '\(name)'")
                }
            } else {
                if inlineValue != nil { throw UsageError("option '\(name)' takes no value") }
                flags.insert(key)
            }
        }
    }

    /// `true` when the flag named `key` was given.
    func has(_ key: String) -> Bool { flags.contains(key) }

    /// Every value given for `key`, in order.
    func all(_ key: String) -> [String] { values[key] ?? [] }

    /// The last value given for `key` (later options override earlier ones).
    func last(_ key: String) -> String? { values[key]?.last }

    /// The value of `key` converted with `parse`, or `nil` when absent.
    func parsed<T>(_ key: String, as what: String, _ parse: (String) -> T?) throws(UsageError) -> T? {
        guard let text = last(key) else { return nil }
        guard let value = parse(text) else {
            throw UsageError("invalid value '\(text)' for '\(key)': expected \(what)")
        }
        return value
    }
}

/// Parses `WxH` (e.g. `1280x720`) into positive dimensions.
func parseSize(_ text: String) -> (width: Int, height: Int)? {
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0 else {
        return nil
    }
    return (w, h)
}

extension ShadeCommand {
    /// The common shape of a subcommand: scan `arguments` against `options` (a mistake prints the
    /// message and `help` on stderr, exit 64), answer `--help` with `help` on stdout, otherwise
    /// call `execute` and turn a `CommandFailure` into its message on stderr and its exit code.
    static func runScanned(
        _ command: String, _ arguments: [String], options: [ArgumentScanner.Option], help: String,
        console: Console, execute: (ArgumentScanner, Console) throws(CommandFailure) -> ExitCode
    ) -> ExitCode {
        let scanner: ArgumentScanner
        do {
            scanner = try ArgumentScanner(arguments, options: options)
        } catch {
            console.standardError("shade \(command): \(error)\n\n" + help)
            return .usage
        }
        if scanner.has("--help") {
            console.standardOutput(help)
            return .success
        }
        do {
            return try execute(scanner, console)
        } catch {
            console.standardError(error.message)
            return error.code
        }
    }
}
