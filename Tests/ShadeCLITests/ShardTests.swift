import Foundation
import Testing
@testable import ShadeCLI

/// Runs the real `shade` with extra environment variables (and without the shard variables of
/// the machine running the tests).
func runShade(_ arguments: [String], environment extra: [String: String]) throws -> Outcome {
    let binary = try #require(shadeExecutable(), "build the shade executable first (swift build)")
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    for name in ["JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_STEP",
                 "SLURM_ARRAY_TASK_COUNT", "SHADE_SHARDS"] {
        environment[name] = nil
    }
    environment.merge(extra) { $1 }
    process.environment = environment
    let output = Pipe(), error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let outData = output.fileHandleForReading.readDataToEndOfFile()
    let errData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Outcome(
        status: process.terminationStatus, standardOutput: String(decoding: outData, as: UTF8.self),
        standardError: String(decoding: errData, as: UTF8.self))
}

/// Runs `shade` in process with `arguments` as they are.
func shadeInProcess(_ arguments: [String]) -> Outcome {
    let captured = CapturedConsole()
    let status = ShadeCommand.main(arguments: arguments, console: captured.console)
    return Outcome(status: status, standardOutput: captured.output, standardError: captured.error)
}

/// The files of `folder`, or none.
func fileNames(in folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
}

@Suite("--shard: batches split over processes")
struct ShardTests {
    @Test("the runs of every shard count cover 0..<total once, in order, and differ in length by at most 1",
          arguments: [1, 2, 3, 7, 16])
    func partition(count: Int) {
        for total in [0, 1, 2, 5, 7, 100, 1001] {
            let runs = (0..<count).map { Shard(index: $0, count: count).range(of: total) }
            #expect(runs.flatMap { Array($0) } == Array(0..<total), "\(count) shards of \(total)")
            let lengths = runs.map(\.count)
            #expect((lengths.max() ?? 0) - (lengths.min() ?? 0) <= 1)
        }
    }

    @Test("I/N, auto from Kubernetes and from Slurm (made 0-based with MIN and STEP)")
    func resolution() throws {
        #expect(try Shard.resolve(shard: nil, shards: nil, environment: [:]) == nil)
        #expect(try Shard.resolve(shard: "0/4", shards: nil, environment: [:]) == Shard(index: 0, count: 4))
        #expect(try Shard.resolve(shard: "3/4", shards: "4", environment: [:]) == Shard(index: 3, count: 4))
        #expect(try Shard.resolve(shard: "auto", shards: nil, environment: ["JOB_COMPLETION_INDEX": "2", "SHADE_SHARDS": "5"])
                == Shard(index: 2, count: 5))
        #expect(try Shard.resolve(shard: "auto", shards: "3", environment: ["JOB_COMPLETION_INDEX": "2", "SHADE_SHARDS": "5"])
                == Shard(index: 2, count: 3))
        // sbatch --array=1-4: IDs 1…4 are parts 0…3.
        #expect(try Shard.resolve(shard: "auto", shards: nil, environment: [
            "SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "4",
        ]) == Shard(index: 3, count: 4))
        // sbatch --array=10-40:10: IDs 10, 20, 30, 40 are parts 0…3.
        #expect(try Shard.resolve(shard: "auto", shards: nil, environment: [
            "SLURM_ARRAY_TASK_ID": "30", "SLURM_ARRAY_TASK_MIN": "10", "SLURM_ARRAY_TASK_STEP": "10",
            "SLURM_ARRAY_TASK_COUNT": "4",
        ]) == Shard(index: 2, count: 4))
        // Kubernetes wins when both are set.
        #expect(try Shard.resolve(shard: "auto", shards: "2", environment: ["JOB_COMPLETION_INDEX": "1", "SLURM_ARRAY_TASK_ID": "0"])
                == Shard(index: 1, count: 2))
    }

    @Test("bad values are usage errors that say what was expected", arguments: [
        ("4/4", nil, [:], "0-based, from 0 to 3"),
        ("-1/4", nil, [:], "0-based"),
        ("1/0", nil, [:], "N must be positive"),
        ("1", nil, [:], "expected I/N"),
        ("a/b", nil, [:], "expected I/N"),
        ("1/4", "3", [:], "disagree"),
        (nil, "3", [:], "goes with --shard auto"),
        ("auto", "0", ["JOB_COMPLETION_INDEX": "0"], "positive number"),
        ("auto", nil, [:], "neither JOB_COMPLETION_INDEX"),
        ("auto", nil, ["JOB_COMPLETION_INDEX": "1"], "number of parts is unknown"),
        ("auto", nil, ["JOB_COMPLETION_INDEX": "x", "SHADE_SHARDS": "2"], "JOB_COMPLETION_INDEX='x'"),
        ("auto", nil, ["JOB_COMPLETION_INDEX": "2", "SHADE_SHARDS": "2"], "outside the 2 parts"),
        ("auto", nil, ["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_STEP": "2",
                       "SLURM_ARRAY_TASK_COUNT": "4"], "not on the array's range"),
    ] as [(String?, String?, [String: String], String)])
    func badValues(shard: String?, shards: String?, environment: [String: String], message: String) {
        do {
            let result = try Shard.resolve(shard: shard, shards: shards, environment: environment)
            Issue.record("accepted: \(String(describing: result))")
        } catch {
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    /// Seven small images in a new folder.
    func batchFolder() throws -> String {
        let folder = try temporaryFolder()
        for (k, name) in ["e", "a", "g", "c", "b", "f", "d"].enumerated() {
            let outcome = shadeInProcess(
                ["render", "checkerboard:squareSize=\(k + 1)", "--size", "8x8", "--quiet", "-o", folder + "/\(name).png"])
            #expect(outcome.status == 0, "\(outcome.standardError)")
        }
        return folder
    }

    @Test("chain: 3 processes, one per shard, write each of 7 outputs exactly once, named as in the whole batch")
    func chainShards() throws {
        let folder = try batchFolder()
        let inputs = ["e", "a", "g", "c", "b", "f", "d"].map { folder + "/\($0).png" }  // unsorted on purpose
        var written: [[String]] = []
        for k in 0..<3 {
            let outcome = try runShade(
                ["chain"] + inputs + ["grayscale", "-o", folder + "/out\(k)/{index}-{name}.png", "--quiet", "--shard", "\(k)/3"],
                environment: [:])
            #expect(outcome.status == 0, "\(outcome.standardError)")
            written.append(fileNames(in: folder + "/out\(k)"))
        }
        let all = written.flatMap { $0 }
        #expect(all.sorted() == ["0-a.png", "1-b.png", "2-c.png", "3-d.png", "4-e.png", "5-f.png", "6-g.png"])
        #expect(Set(all).count == all.count, "an item ran twice: \(written)")
        #expect(written.map(\.count) == [2, 2, 3])
        // The same image as an unsharded run of that input.
        let whole = shadeInProcess(["chain", folder + "/c.png", "grayscale", "-o", folder + "/whole-c.png"])
        #expect(whole.status == 0)
        let sharded = try Data(contentsOf: URL(fileURLWithPath: folder + "/out1/2-c.png"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/whole-c.png")) == sharded)
    }

    @Test("render --shard auto: Kubernetes indices 0…3 and a Slurm array 1…4 each render the 10 frames once")
    func renderShardsFromTheEnvironment() throws {
        let folder = try temporaryFolder()
        var kubernetes: [String] = [], slurm: [String] = []
        for k in 0..<4 {
            let command = ["render", "checkerboard", "--size", "8x8", "--frames", "10", "--quiet", "--shard", "auto"]
            let a = try runShade(
                command + ["-o", folder + "/k\(k)/%02d.png"], environment: ["JOB_COMPLETION_INDEX": "\(k)", "SHADE_SHARDS": "4"])
            #expect(a.status == 0, "\(a.standardError)")
            kubernetes += fileNames(in: folder + "/k\(k)")
            let b = try runShade(
                command + ["-o", folder + "/s\(k)/%02d.png"],
                environment: ["SLURM_ARRAY_TASK_ID": "\(k + 1)", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "4"])
            #expect(b.status == 0, "\(b.standardError)")
            slurm += fileNames(in: folder + "/s\(k)")
        }
        let frames = (0..<10).map { String(format: "%02d.png", $0) }
        #expect(kubernetes.sorted() == frames && kubernetes.count == 10)
        #expect(slurm.sorted() == frames && slurm.count == 10)
    }

    @Test("pipeline: a batch of 5 pipeline files over 2 shards runs each file once")
    func pipelineShards() throws {
        let folder = try batchFolder()
        var files: [String] = []
        for name in ["e", "a", "c", "b", "d"] {
            let file = folder + "/\(name).pipeline"
            try """
                input photo = \(folder)/\(name).png
                gray = grayscale <- photo
                output \(folder)/pipe-out/\(name).png <- gray

                """.write(toFile: file, atomically: true, encoding: .utf8)
            files.append(file)
        }
        var runs: [[String]] = []
        for k in 0..<2 {
            let outcome = try runShade(["pipeline"] + files + ["--shard", "\(k)/2"], environment: [:])
            #expect(outcome.status == 0, "\(outcome.standardError)")
            runs.append(outcome.standardError.split(separator: "\n").map { String($0.split(separator: "/").last!) })
        }
        #expect(runs == [["a.pipeline: done", "b.pipeline: done"], ["c.pipeline: done", "d.pipeline: done", "e.pipeline: done"]])
        #expect(fileNames(in: folder + "/pipe-out") == ["a.png", "b.png", "c.png", "d.png", "e.png"])
    }

    @Test("bad --shard values exit 64, as other usage errors; an empty shard does nothing and succeeds")
    func commandLineErrors() throws {
        let folder = try batchFolder()
        let bad = try runShade(["chain", folder, "grayscale", "-o", folder + "/x/{name}.png", "--shard", "3/3"], environment: [:])
        #expect(bad.status == 64)
        #expect(bad.standardError.contains("I is 0-based, from 0 to 2"))
        let unset = try runShade(["render", "checkerboard", "--size", "8x8", "--frames", "3", "-o", folder + "/r/%d.png", "--shard", "auto"], environment: [:])
        #expect(unset.status == 64)
        #expect(unset.standardError.contains("JOB_COMPLETION_INDEX"))
        let empty = try runShade(["render", "checkerboard", "--size", "8x8", "--frames", "2", "-o", folder + "/e/%d.png", "--shard", "0/3"], environment: [:])
        #expect(empty.status == 0)
        #expect(empty.standardError.contains("is empty"))
        #expect(fileNames(in: folder + "/e").isEmpty)
    }
}
