import ShaderDiagnostics
import ShaderSyntax
import ShaderSemantics

/// The outcome of one program of a shader-library case.
public struct ShaderLibraryResult: Sendable, Hashable {
    /// Passed, failed with a reason, or skipped with a reason.
    public enum Status: Sendable, Hashable {
        case passed
        case failed(String)
        case skipped(String)
    }

    /// The case's dotted name plus the variant (`scoping.valid.x.fragment`).
    public var name: String
    /// What happened.
    public var status: Status
}

/// Runs dEQP shader-library cases through Shade's front end.
///
/// A program passes its compile expectation when:
/// - `pass` / `build_successful`: both of its shaders check without errors;
/// - `compile_fail`: at least one shader has an error;
/// - `compile_or_link_fail`: at least one shader has an error, or linking fails;
/// - `link_fail`: both shaders check, and linking (matching varyings and uniforms between
///   the stages) fails.
public struct ShaderLibraryRunner: Sendable {
    /// Strictness for the checker (dEQP expects the relaxed Appendix A rules).
    public var options: CheckOptions

    public init(options: CheckOptions = CheckOptions()) {
        self.options = options
    }

    /// Checks every program of `testCase` against its compile expectation.
    public func checkCompilation(of testCase: ShaderLibraryCase) -> [ShaderLibraryResult] {
        testCase.programs.map { program in
            let name = testCase.name + "." + program.variant.rawValue
            if testCase.version != "100 es" && testCase.version != "300 es" {
                return ShaderLibraryResult(name: name, status: .skipped("GLSL ES \(testCase.version) is not supported"))
            }
            let vertex = check(program.vertexSource, stage: .vertex, name: name + ".vert")
            let fragment = check(program.fragmentSource, stage: .fragment, name: name + ".frag")
            let errors = (vertex.errors + fragment.errors)
            let compiled = errors.isEmpty
            let linkErrors = compiled ? link(vertex.shader!, fragment.shader!) : []
            let status: ShaderLibraryResult.Status
            switch testCase.expectation {
            case .pass, .buildSuccessful:
                if !compiled {
                    status = .failed("expected to compile, got: " + errors.map(\.description).joined(separator: "; "))
                } else if !linkErrors.isEmpty {
                    status = .failed("expected to link, got: " + linkErrors.joined(separator: "; "))
                } else {
                    status = .passed
                }
            case .compileFail:
                status = compiled ? .failed("expected a compile error, but both shaders compiled") : .passed
            case .compileOrLinkFail:
                status = compiled && linkErrors.isEmpty ? .failed("expected a compile or link error") : .passed
            case .linkFail:
                if !compiled {
                    status = .failed("expected to compile and fail to link, got: " + errors.map(\.description).joined(separator: "; "))
                } else {
                    status = linkErrors.isEmpty ? .failed("expected a link error") : .passed
                }
            }
            return ShaderLibraryResult(name: name, status: status)
        }
    }

    func check(_ source: String, stage: ShaderStage, name: String) -> CheckResult {
        Checker.check(
            parse(SourceFile(name: name, text: source), stage: stage, options: options.profile.parseOptions()),
            options: options)
    }

    /// The link rules between the two stages: a varying the fragment shader uses must be
    /// declared by the vertex shader with the same type (GLSL ES 1.00 §4.3.5) and, in GLSL ES
    /// 3.00 and desktop 1.30+, the same interpolation (§4.3.9); a uniform declared in both
    /// must have the same type (structures compared member by member) and, in GLSL ES 3.00,
    /// the same precision (§4.5.3; ES 1.00 programs rely on the contrary, as Mesa allows); a
    /// uniform block declared in both must have the same members, in order, with the same
    /// types, precisions and layouts (§4.3.7).
    func link(_ vertex: CheckedShader, _ fragment: CheckedShader) -> [String] {
        var errors: [String] = []
        let written = Dictionary(vertex.varyings.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let used = fragment.staticallyUsedVariables
        for varying in fragment.varyings where used.contains(varying.variable) {
            guard let source = written[varying.name] else {
                errors.append("varying '\(varying.name)' is used by the fragment shader but not declared by the vertex shader")
                continue
            }
            if signature(source.variable.type) != signature(varying.variable.type) {
                errors.append("varying '\(varying.name)' is '\(source.variable.type)' in the vertex shader and '\(varying.variable.type)' in the fragment shader")
            }
            let (written, read) = (source.variable.interpolation ?? .smooth, varying.variable.interpolation ?? .smooth)
            if fragment.version.hasInOutStorage, written != read {
                errors.append("'\(varying.name)' is '\(written.rawValue)' in the vertex shader and '\(read.rawValue)' in the fragment shader")
            }
        }
        let vertexUniforms = Dictionary(vertex.uniforms.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        for uniform in fragment.uniforms {
            if let other = vertexUniforms[uniform.name], signature(other.variable.type) != signature(uniform.variable.type) {
                errors.append("uniform '\(uniform.name)' has different types in the two shaders: '\(signature(other.variable.type))' and '\(signature(uniform.variable.type))'")
            } else if let other = vertexUniforms[uniform.name], fragment.version.isES, fragment.version.hasNativeIntegers,
                other.variable.precision != uniform.variable.precision
            {
                errors.append("uniform '\(uniform.name)' is '\(other.variable.precision?.rawValue ?? "no precision")' in the vertex shader and '\(uniform.variable.precision?.rawValue ?? "no precision")' in the fragment shader")
            }
        }
        let vertexBlocks = Dictionary(vertex.uniformBlocks.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        for block in fragment.uniformBlocks {
            guard let other = vertexBlocks[block.name] else { continue }
            if other.packing != block.packing || other.matrixOrder != block.matrixOrder {
                errors.append("uniform block '\(block.name)' is '\(other.packing.rawValue), \(other.matrixOrder.rawValue)' in the vertex shader and '\(block.packing.rawValue), \(block.matrixOrder.rawValue)' in the fragment shader")
            }
            func describe(_ m: UniformBlockInterface.Member) -> String {
                (m.precision.map { $0.rawValue + " " } ?? "") + signature(m.type) + " " + m.name + " (\(m.matrixOrder.rawValue))"
            }
            let (written, read) = (other.members.map(describe), block.members.map(describe))
            if written != read {
                errors.append("uniform block '\(block.name)' has different members in the two shaders: {\(written.joined(separator: "; "))} and {\(read.joined(separator: "; "))}")
            }
        }
        return errors
    }

    /// A type spelled out with its structure members and their precisions, so types from two
    /// shaders compare.
    func signature(_ type: GLSLType) -> String {
        switch type {
        case .structure(let s):
            // Members must match in name, type and precision (GLSL ES 1.00 §4.3.3 / §10.11).
            return s.name + "{" + s.fields.map {
                ($0.precision.map { $0.rawValue + " " } ?? "") + signature($0.type) + " " + $0.name
            }.joined(separator: ";") + "}"
        case .array(let element, let count):
            return signature(element) + "[\(count)]"
        default:
            return type.description
        }
    }
}
