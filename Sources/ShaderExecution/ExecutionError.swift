import ShaderCompiler

/// Why a draw failed.
public enum ExecutionError: Error, Equatable, CustomStringConvertible {
    /// A uniform value was wrong (unknown name, wrong number of values).
    case uniform(ProgramError)
    /// The loops of one batch of fragments (or of the vertex or per-draw stage) ran more than
    /// `limit` iterations in all (`DrawCall.loopIterationLimit`).
    case loopLimitExceeded(limit: Int)
    /// The fragment program has no colour output.
    case missingColorOutput
    /// The vertex program does not write `gl_Position`.
    case missingPosition
    /// The draw names a device profile its programs were not compiled for.
    case profileMismatch(profile: String)
    /// A texture or the target is larger than the draw's device profile allows.
    case exceedsProfileLimit(String)
    /// The draw buffers of one draw differ in size.
    case targetSizesDiffer(location: Int, width: Int, height: Int, expectedWidth: Int, expectedHeight: Int)

    public var description: String {
        switch self {
        case .uniform(let e): e.description
        case .loopLimitExceeded(let limit):
            "loops ran more than \(limit) iterations for one batch of pixels (the loop iteration limit); the draw was stopped"
        case .missingColorOutput: "the fragment shader writes neither gl_FragColor nor gl_FragData"
        case .missingPosition: "the vertex shader does not write gl_Position"
        case .profileMismatch(let profile):
            "the programs were not compiled for the profile '\(profile)' (check them with CheckOptions(profile:))"
        case .exceedsProfileLimit(let what): what
        case .targetSizesDiffer(let location, let w, let h, let ew, let eh):
            "the target at location \(location) is \(w)x\(h), but the draw's first target is \(ew)x\(eh): every draw buffer must have the same size"
        }
    }
}
