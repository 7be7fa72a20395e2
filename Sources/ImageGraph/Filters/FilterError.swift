/// Why a built-in filter could not be rendered.
public enum FilterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No built-in filter has this name.
    case unknownFilter(String, suggestion: String?)
    /// The filter has no parameter of this name.
    case unknownParameter(filter: String, name: String)
    /// A parameter was given the wrong number of components.
    case parameterArity(name: String, expected: Int, got: Int)
    /// A parameter was given a value of another type (a typed setter's check).
    case parameterType(name: String, expected: String, got: String)
    /// The filter takes a different number of input images.
    case inputCount(filter: String, expected: Int, got: Int)
    /// An `output: given` filter without a default size was given no size, or a filter whose
    /// size follows its input was given one.
    case outputSize(filter: String, reason: String)
    /// A built-in shader failed to compile (a bug in `Shaders/`): the rendered diagnostics.
    case shaderDiagnostics(String)
    /// The executor refused a draw.
    case execution(filter: String, pass: Int, reason: String)

    public var description: String {
        switch self {
        case .unknownFilter(let name, let suggestion):
            "no built-in filter named '\(name)'"
                + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .unknownParameter(let filter, let name): "\(filter) has no parameter '\(name)'"
        case .parameterArity(let name, let expected, let got):
            "parameter '\(name)' takes \(expected) value\(expected == 1 ? "" : "s"), got \(got)"
        case .parameterType(let name, let expected, let got):
            "parameter '\(name)' is \(expected), got \(got)"
        case .inputCount(let filter, let expected, let got):
            "\(filter) takes \(expected) input image\(expected == 1 ? "" : "s"), got \(got)"
        case .outputSize(let filter, let reason): "\(filter): \(reason)"
        case .shaderDiagnostics(let text):
            "internal error: a built-in shader does not compile:\n\(text)"
        case .execution(let filter, let pass, let reason): "\(filter), pass \(pass): \(reason)"
        }
    }
}
