// gen-shader: prints or dumps programs of ShaderTesting's random program generator.
//
//   gen-shader --seed N                      the program for seed N on stdout
//   gen-shader --dump DIR --count N --start S   DIR/<seed>.frag (+ .vert) and DIR/<seed>.json
//   --statements N, --depth D                   Options.maxStatements, .maxExpressionDepth
import Foundation
import ShaderTesting

func usage() -> Never {
    FileHandle.standardError.write(Data("usage: gen-shader (--seed N | --dump DIR [--count N] [--start S]) [--statements N] [--depth D]\n".utf8))
    exit(64)
}

func uniformText(_ program: GeneratedProgram) -> String {
    program.uniforms.keys.sorted().map { name in
        "\(name)=" + program.uniforms[name]!.map { "\($0)" }.joined(separator: ",")
    }.joined(separator: " ")
}

func json(_ program: GeneratedProgram) -> String {
    let uniforms = program.uniforms.keys.sorted().map { name in
        "\"\(name)\": [" + program.uniforms[name]!.map { "\($0)" }.joined(separator: ", ") + "]"
    }.joined(separator: ", ")
    return "{\"seed\": \(program.seed), \"inputCount\": \(program.inputCount), "
        + "\"hasVertex\": \(program.vertexSource != nil), \"uniforms\": {\(uniforms)}}\n"
}

let arguments = Array(CommandLine.arguments.dropFirst())
func value(_ flag: String) -> String? {
    guard let i = arguments.firstIndex(of: flag) else { return nil }
    guard i + 1 < arguments.count else { usage() }
    return arguments[i + 1]
}

var options = ProgramGenerator.Options()
if let n = value("--statements") { options.maxStatements = Int(n) ?? options.maxStatements }
if let n = value("--depth") { options.maxExpressionDepth = Int(n) ?? options.maxExpressionDepth }
let generator = ProgramGenerator(options: options)
if let seedText = value("--seed") {
    guard let seed = UInt64(seedText) else { usage() }
    let program = generator.program(seed: seed)
    print(program.fragmentSource, terminator: "")
    if let vertex = program.vertexSource {
        print("// ---- vertex ----")
        print(vertex, terminator: "")
    }
    print("// uniforms: \(uniformText(program))")
    print("// inputs: \(program.inputCount)")
} else if let directory = value("--dump") {
    guard let count = Int(value("--count") ?? "100"), let start = UInt64(value("--start") ?? "1") else { usage() }
    let url = URL(fileURLWithPath: directory)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    for seed in start..<(start + UInt64(count)) {
        let program = generator.program(seed: seed)
        try program.fragmentSource.write(to: url.appendingPathComponent("\(seed).frag"), atomically: true, encoding: .utf8)
        if let vertex = program.vertexSource {
            try vertex.write(to: url.appendingPathComponent("\(seed).vert"), atomically: true, encoding: .utf8)
        }
        try json(program).write(to: url.appendingPathComponent("\(seed).json"), atomically: true, encoding: .utf8)
    }
} else {
    usage()
}
