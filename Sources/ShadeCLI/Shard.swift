import Foundation

/// One part of a batch split over several processes or machines: `--shard I/N` takes part `I`
/// (0-based, `0 ≤ I < N`) of `N`.
///
/// The batch (a chain's inputs sorted by path, a render's frame range, a list of pipeline
/// files sorted by path) is cut into `N` contiguous runs whose lengths differ by at most one;
/// run `I` is `[I·total/N, (I+1)·total/N)`. Every process computes the same cut from the same
/// list, so `N` processes together do each item exactly once, and frame numbers and `{index}`
/// stay those of the whole batch (outputs never collide).
///
/// `--shard auto` reads the index from the environment: `JOB_COMPLETION_INDEX` (a Kubernetes
/// Indexed Job, 0-based), else `SLURM_ARRAY_TASK_ID` (a Slurm job array), made 0-based with
/// `SLURM_ARRAY_TASK_MIN` and `SLURM_ARRAY_TASK_STEP`. The count comes from `--shards N`,
/// else `SLURM_ARRAY_TASK_COUNT`, else `SHADE_SHARDS`.
struct Shard: Equatable, Sendable, CustomStringConvertible {
    /// This part, from 0.
    var index: Int
    /// The number of parts.
    var count: Int

    var description: String { "\(index)/\(count)" }

    /// The options that select a shard.
    static let options: [ArgumentScanner.Option] = [
        .init(names: ["--shard"], takesValue: true),
        .init(names: ["--shards"], takesValue: true),
    ]

    /// The help lines for the shard options.
    static let helpLines = """
          --shard I/N          do only part I (0-based) of N of the batch, for N processes or
                               machines; --shard auto reads I from JOB_COMPLETION_INDEX or
                               SLURM_ARRAY_TASK_ID and N from --shards, SLURM_ARRAY_TASK_COUNT
                               or SHADE_SHARDS
          --shards N           the number of parts for --shard auto
        """

    /// The indices of the items of a batch of `total` that this shard does.
    func range(of total: Int) -> Range<Int> {
        (index * total / count)..<((index + 1) * total / count)
    }

    /// The shard the command line asks for, or `nil` for the whole batch.
    static func parse(_ scanner: ArgumentScanner, environment: [String: String]) throws(CommandFailure) -> Shard? {
        do {
            return try resolve(shard: scanner.last("--shard"), shards: scanner.last("--shards"), environment: environment)
        } catch {
            throw .usage(error.message)
        }
    }

    /// Resolves `--shard` and `--shards` against `environment`.
    ///
    /// - Throws: a `UsageError` naming the bad value or the missing variable.
    static func resolve(shard: String?, shards: String?, environment: [String: String]) throws(UsageError) -> Shard? {
        let given = try shards.map { text throws(UsageError) -> Int in
            guard let n = Int(text), n > 0 else {
                throw UsageError("invalid value '\(text)' for '--shards': expected a positive number")
            }
            return n
        }
        guard let shard else {
            if given != nil { throw UsageError("--shards N goes with --shard auto") }
            return nil
        }
        if shard == "auto" { return try automatic(count: given, environment: environment) }
        let parts = shard.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw UsageError("invalid value '\(shard)' for '--shard': expected I/N (e.g. 0/4) or auto")
        }
        guard count > 0 else { throw UsageError("invalid value '\(shard)' for '--shard': N must be positive") }
        guard (0..<count).contains(index) else {
            throw UsageError("invalid value '\(shard)' for '--shard': I is 0-based, from 0 to \(count - 1)")
        }
        if let given, given != count {
            throw UsageError("--shard \(shard) and --shards \(given) disagree on the number of parts")
        }
        return Shard(index: index, count: count)
    }

    /// `--shard auto`: the index and count from a Kubernetes Indexed Job or a Slurm job array.
    private static func automatic(count given: Int?, environment: [String: String]) throws(UsageError) -> Shard {
        func number(_ name: String) throws(UsageError) -> Int? {
            guard let text = environment[name] else { return nil }
            guard let value = Int(text.trimmingCharacters(in: .whitespaces)) else {
                throw UsageError("--shard auto: \(name)='\(text)' is not a whole number")
            }
            return value
        }
        let index: Int
        let source: String
        if let kubernetes = try number("JOB_COMPLETION_INDEX") {
            index = kubernetes
            source = "JOB_COMPLETION_INDEX=\(kubernetes)"
        } else if let id = try number("SLURM_ARRAY_TASK_ID") {
            let minimum = try number("SLURM_ARRAY_TASK_MIN") ?? 0
            let step = try number("SLURM_ARRAY_TASK_STEP") ?? 1
            guard step > 0, id >= minimum, (id - minimum) % step == 0 else {
                throw UsageError(
                    "--shard auto: SLURM_ARRAY_TASK_ID=\(id) is not on the array's range (from \(minimum), step \(step)); "
                        + "use an evenly spaced --array such as 0-15")
            }
            index = (id - minimum) / step
            source = "SLURM_ARRAY_TASK_ID=\(id)" + (minimum == 0 && step == 1 ? "" : " (part \(index) of the array)")
        } else {
            throw UsageError("--shard auto: neither JOB_COMPLETION_INDEX (Kubernetes) nor SLURM_ARRAY_TASK_ID (Slurm) is set; give --shard I/N")
        }
        let count: Int
        if let given {
            count = given
        } else if let slurm = try number("SLURM_ARRAY_TASK_COUNT") {
            count = slurm
        } else if let shade = try number("SHADE_SHARDS") {
            count = shade
        } else {
            throw UsageError("--shard auto: the number of parts is unknown; give --shards N or set SHADE_SHARDS (or SLURM_ARRAY_TASK_COUNT)")
        }
        guard count > 0 else { throw UsageError("--shard auto: the number of parts must be positive, got \(count)") }
        guard (0..<count).contains(index) else {
            throw UsageError("--shard auto: \(source) is outside the \(count) parts (0-based: 0 to \(count - 1))")
        }
        return Shard(index: index, count: count)
    }
}
