import Foundation
import Framebuffers
import ImageCodecs
import ImageGraph
import ShaderCompiler
import ShaderDiagnostics
import ShaderExecution
import ShaderSemantics
import ShaderSyntax
import TextRendering

/// A chain step checked against its built-in filter or shader file: parameters converted and
/// validated, second inputs found. It is a value, so each worker thread makes its own
/// operations from it with `makeOperation()`.
struct StepRecipe: Sendable {
    enum Kind: Sendable {
        /// A catalog filter.
        case filter(FilterDescription)
        /// A shader file: its path and text.
        case shader(path: String, text: String)
        /// The `text` step (FreeType, not a shader).
        case text(TextSettings)
        /// `on-faces`: a sprite on every detected face.
        case faceSprite(FaceSpriteRecipe)
    }

    /// The step as the user wrote it, for messages.
    var label: String
    var kind: Kind
    /// Parameter or uniform components by name.
    var parameters: [String: [Float]]
    /// How many texture locations the step reads.
    var inputCount: Int
    /// Images given as arguments, by texture location (1, 2, …).
    var imageInputs: [Int: String]
    /// The output size given with `size=WxH` (filters whose header says `output: given`, such
    /// as `resize`, and shader files); `nil` keeps the default.
    var outputSize: ImageSize? = nil
    /// The device the step's shaders are compiled for (`--profile`).
    var profile = DeviceProfile.desktop

    /// Checks `step`: the filter or shader exists, every argument is a known parameter, uniform
    /// or input with a value of the right size, and every texture location beyond 0 has an
    /// image (unless `wiredInputs` locations are fed by the graph, as in a pipeline file).
    ///
    /// - Throws: `CommandFailure`: 64 for an unknown filter (with a suggestion) or a bad
    ///   argument, 66 for a missing shader file, 65 for a shader that does not compile.
    static func resolve(
        _ step: ChainStep, wiredInputs: Int = 1, allowsGenerators: Bool = false, profile: DeviceProfile = .desktop
    ) throws(CommandFailure) -> StepRecipe {
        if FaceSpriteRecipe.names.contains(step.name.lowercased()) {
            let recipe = try FaceSpriteRecipe.resolve(step)
            return StepRecipe(label: step.name, kind: .faceSprite(recipe), parameters: [:], inputCount: 1, imageInputs: [:])
        }
        let kind: Kind
        var inputNames: [Int: [String]] = [:]
        let inputCount: Int
        if step.isText {
            // A caption over the image in chains and pipelines; a generator in 'shade render'.
            let settings = try TextSettings(step)
            let recipe = StepRecipe(
                label: "text", kind: .text(settings), parameters: [:], inputCount: allowsGenerators ? 0 : 1, imageInputs: [:])
            _ = try recipe.makeOperation()  // finds the font now, before any frame runs
            return recipe
        }
        let shaderText = step.isShaderFile ? try ChainCommand.readText(step.name) : nil
        // A shader file with a filter header (`// filter:`, `// passes:`, parameters) runs as a
        // filter: every pass, with the header's defaults, as a built-in one would.
        var userFilter: FilterDescription?
        if let shaderText { userFilter = try Self.userFilter(text: shaderText, path: step.name) }
        if let text = shaderText, userFilter == nil {
            kind = .shader(path: step.name, text: text)
            let operation = try makeShaderOperation(path: step.name, text: text, profile: profile)
            inputCount = operation.numberOfInputs
            for sampler in operation.fragmentProgram.samplers {
                inputNames[TextureLocations.location(ofSampler: sampler.name) ?? -1, default: []].append(sampler.name)
            }
        } else {
            guard let filter = userFilter ?? FilterCatalog.filter(named: step.name) else {
                if FileManager.default.fileExists(atPath: step.name) {
                    throw .usage(
                        "'\(step.name)' is a file, but neither an input (.png, .jpg, .jpeg, given before the steps) nor a shader (.frag, .fsh, .glsl, .fs)")
                }
                let suggestion = FilterCatalog.suggestion(for: step.name).map { "; did you mean '\($0)'?" } ?? ""
                throw .usage("no built-in filter named '\(step.name)'\(suggestion) (see 'shade filters')")
            }
            kind = .filter(filter)
            inputCount = filter.inputCount
            guard inputCount > 0 || allowsGenerators else {
                throw .usage("\(step.name) makes a picture from no input, so it cannot be a step here; render generators with 'shade render \(step.name) --size WxH -o OUT'")
            }
            for (index, input) in filter.inputs.enumerated() { inputNames[index, default: []].append(input.name) }
        }
        for location in 0..<max(inputCount, 0) { inputNames[location, default: []].append("input\(location + 1)") }

        var recipe = StepRecipe(label: step.name, kind: kind, parameters: [:], inputCount: inputCount, imageInputs: [:])
        recipe.profile = profile
        for (key, value) in step.arguments {
            if let location = inputNames.first(where: { $0.key >= 0 && $0.value.contains { $0.lowercased() == key.lowercased() } })?.key {
                guard location > 0 else {
                    throw .usage("\(step.name): '\(key)' is the image the chain feeds in; give other inputs only")
                }
                recipe.imageInputs[location] = value
                continue
            }
            if key.lowercased() == "size", (try? recipe.parameterName(for: key)) == nil {
                guard let size = parseSize(value) else { throw .usage("\(step.name): 'size=\(value)': expected WxH, e.g. 640x480") }
                if case .filter(let filter) = kind, case .given = filter.output {} else if case .filter = kind {
                    throw .usage("\(step.name): its size follows its input, so it takes no size=WxH")
                }
                recipe.outputSize = ImageSize(width: size.width, height: size.height)
                continue
            }
            guard let components = ChainStep.components(of: value) else {
                throw .usage("\(step.name): '\(key)=\(value)': expected numbers (1.5 or 0.5,0.5), true/false or #rrggbb")
            }
            let name = try recipe.parameterName(for: key)
            var values = components
            // An RGB colour (#ff0000 or 1,0,0) for an RGBA parameter is opaque.
            if case .filter(let filter) = kind, let parameter = filter.parameter(named: name), parameter.type == .color,
                parameter.componentCount == 4, values.count == 3
            {
                values.append(1)
            }
            recipe.parameters[name] = values
        }
        // Build one operation now so every value error shows before any frame runs.
        _ = try recipe.makeOperation()
        for location in wiredInputs..<max(inputCount, wiredInputs) where recipe.imageInputs[location] == nil {
            let names = inputNames[location]?.first ?? "input\(location + 1)"
            throw .usage(
                "\(step.name) reads \(inputCount) images: give input \(location + 1) as \(step.name):\(names)=IMAGE")
        }
        return recipe
    }

    /// The filter the shader file `path` (its text) describes in a filter header (its first
    /// line `// filter: NAME`), or nil for a plain shader file.
    static func userFilter(text: String, path: String) throws(CommandFailure) -> FilterDescription? {
        let firstLine = text.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
        guard firstLine.trimmingCharacters(in: .whitespaces).hasPrefix("// filter:") else { return nil }
        do {
            return try FilterDescription(parsingHeaderOf: text, file: path)
        } catch {
            throw .usage("\(path): its filter header is not valid: \(error)")
        }
    }

    /// The parameter or uniform `key` names: exact, kebab-case, or ignoring letter case.
    func parameterName(for key: String) throws(CommandFailure) -> String {
        let candidates: [String]
        switch kind {
        case .filter(let filter): candidates = filter.parameters.map(\.name)
        case .shader(let path, let text):
            candidates = (try? StepRecipe.makeShaderOperation(path: path, text: text))?.fragmentProgram.uniforms.map(\.name) ?? []
        case .text: candidates = TextSettings.keys
        case .faceSprite:
            candidates = FaceSpriteRecipe.keys
        }
        let camel = ChainStep.camelCased(key)
        if let exact = candidates.first(where: { $0 == key || $0 == camel }) { return exact }
        if let loose = candidates.first(where: { $0.lowercased() == camel.lowercased() }) { return loose }
        let known = candidates.isEmpty ? "it has none" : "it has " + candidates.joined(separator: ", ")
        throw .usage("\(label) has no parameter '\(key)' (\(known))")
    }

    /// A new operation for this step with its parameters set.
    func makeOperation() throws(CommandFailure) -> ImageProcessingOperation {
        switch kind {
        case .filter(let filter):
            let operation = FilterOperation(filter: filter)
            operation.outputSize = outputSize
            operation.profile = profile
            for (name, components) in parameters.sorted(by: { $0.key < $1.key }) {
                do {
                    try operation.setParameter(components: components, forName: name)
                } catch {
                    throw .usage("\(filter.name): \(error)")
                }
            }
            return operation
        case .shader(let path, let text):
            let operation = try StepRecipe.makeShaderOperation(path: path, text: text, profile: profile)
            try setUniforms(of: operation, path: path)
            if let outputSize { operation.forceProcessing(at: outputSize) }
            return operation
        case .text(let settings):
            return try settings.makeOperation(inputs: inputCount)
        case .faceSprite(let recipe):
            return try recipe.makeOperation()
        }
    }

    /// Sets this recipe's parameters as the uniforms of a shader-file operation, converted to
    /// the declared kind (`int`, `bool` or `float`).
    func setUniforms(of operation: BasicOperation, path: String) throws(CommandFailure) {
        for (name, components) in parameters.sorted(by: { $0.key < $1.key }) {
            guard let declaration = operation.fragmentProgram.uniform(named: name) else {
                throw .usage("\(path) declares no uniform '\(name)'")
            }
            let value: any UniformValue = switch declaration.kind {
            case .int, .uint: components.map { Int($0) }
            case .bool: components.map { $0 != 0 }
            case .float: components
            }
            do {
                try operation.setUniform(value, forName: name)
            } catch {
                throw .usage("\(path): \(error)")
            }
        }
    }

    /// Compiles a shader file's text into an operation; diagnostics name `path` (exit 65).
    static func makeShaderOperation(
        path: String, text: String, numberOfInputs: Int? = nil, profile: DeviceProfile = .desktop
    ) throws(CommandFailure) -> BasicOperation {
        do {
            _ = try compileFrontEnd(
                source: text, name: path, stage: .fragment, options: CheckOptions(profile: profile),
                parseOptions: profile.parseOptions())
        } catch {
            throw CommandFailure(code: .dataError, message: renderedDiagnostics(error.diagnostics, path: path))
        }
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        do {
            return try BasicOperation(fragmentShader: text, numberOfInputs: numberOfInputs, name: name, profile: profile)
        } catch {
            throw CommandFailure.from(error)
        }
    }

    /// Diagnostics as the compiler prints them; one without a location (`missing 'main'`) is
    /// prefixed with the file's path so the user knows which step it is about.
    static func renderedDiagnostics(_ diagnostics: [Diagnostic], path: String) -> String {
        diagnostics.map { $0.span == nil ? "\(path): " + $0.rendered() : $0.rendered() }.joined()
    }
}

extension CommandFailure {
    /// The exit code and message for an error thrown while building or running a graph.
    static func from(_ error: any Error, output: String? = nil) -> CommandFailure {
        if let failure = error as? CommandFailure { return failure }
        if let error = error as? FilterError {
            switch error {
            case .shaderDiagnostics, .execution:
                return CommandFailure(code: .dataError, message: "shade: error: \(error)\n")
            default:
                return .usage("\(error)")
            }
        }
        guard let error = error as? GraphError else {
            return CommandFailure(code: .internalError, message: "shade: internal error: \(error)\n")
        }
        switch error {
        case .shaderCompilation(_, let diagnostics):
            return CommandFailure(code: .dataError, message: diagnostics.diagnostics.rendered())
        case .unreadableShader(_, let path, let reason):
            return CommandFailure(code: .noInput, message: "shade: \(path): error: \(reason)\n")
        case .imageFile(_, let codecError):
            return CommandFailure.from(codecError, path: output ?? error.operation)
        case .unknownUniform, .uniformArity, .uniformType, .samplerWithoutInput, .emptyTextureLocation,
            .textureLocationOutOfRange, .cycle, .outputSizeUnknown, .tooManyInputs, .tooManyNodes, .unknownOutput:
            return .usage("\(error)")
        case .execution, .invalidImageData, .invalidPass, .emptySequence, .framebufferMemoryLimit:
            return CommandFailure(code: .dataError, message: "shade: error: \(error)\n")
        case .captureNotRequested, .nothingCaptured:
            return CommandFailure(code: .internalError, message: "shade: internal error: \(error)\n")
        }
    }

    /// The exit code and message for an image that could not be read: 66 when missing or
    /// unreadable, 65 when its data is bad.
    static func from(_ error: ImageCodecError, path: String) -> CommandFailure {
        switch error {
        case .fileNotFound:
            return CommandFailure(code: .noInput, message: "shade: \(path): error: no such file\n")
        case .ioError(_, let reason):
            return CommandFailure(code: .noInput, message: "shade: \(path): error: \(reason)\n")
        default:
            return CommandFailure(code: .dataError, message: "shade: \(path): error: \(error)\n")
        }
    }
}
