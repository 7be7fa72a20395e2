import ShaderDiagnostics
import ShaderSyntax

/// The rules a `DeviceProfile` adds: fragment `highp`, WebGL's names and structure nesting,
/// and the implementation limits (uniform and varying packing, samplers, attributes).
extension CheckContext {
    var profile: DeviceProfile { options.profile }

    // MARK: Precision

    /// Reports `highp` in a fragment shader on a profile without fragment `highp`.
    func checkFragmentHighp(_ precision: PrecisionQualifier?, at span: SourceSpan) {
        guard precision == .highp, stage == .fragment, version.isES, !profile.hasFragmentHighp
        else { return }
        error(.fragmentHighpUnavailable(profile: profile.name), at: span)
    }

    // MARK: WebGL names

    /// Reports a name WebGL reserves (`webgl_…`, `_webgl_…`); `true` when the name is allowed.
    @discardableResult
    func checkWebGLName(_ name: String, at span: SourceSpan) -> Bool {
        guard profile.webGL != nil, name.hasPrefix("webgl_") || name.hasPrefix("_webgl_")
        else { return true }
        error(.webGLReservedName(name), at: span)
        return false
    }

    /// Reports a structure nested deeper than WebGL allows.
    func checkStructNesting(_ s: StructType, at span: SourceSpan) {
        guard let limit = profile.webGL?.maxStructNesting else { return }
        let depth = Self.nestingDepth(of: s)
        if depth > limit {
            error(.structNestingTooDeep(s.name, depth: depth, limit: limit), at: span)
        }
    }

    /// 1 for a structure of non-structure members, 1 + the deepest member structure otherwise.
    static func nestingDepth(of s: StructType) -> Int {
        1 + s.fields.map { field -> Int in
            var t = field.type
            if case .array(let e, _) = t { t = e }
            if case .structure(let inner) = t { return nestingDepth(of: inner) }
            return 0
        }.max()!
    }

    // MARK: WebGL global initializers

    /// What WebGL refuses in a non-constant global initializer (its conformance suite's
    /// global-variable-init): attributes, varyings, non-constant built-ins, user function
    /// calls and writes; uniforms, other globals and built-in functions are accepted.
    static func webGLGlobalInitializerProblem(_ e: TypedExpression) -> String? {
        switch e.kind {
        case .constant: return nil
        case .variable(let v):
            switch v.storage {
            case .attribute: return "reads attribute '\(v.name)'"
            case .varying: return "reads varying '\(v.name)'"
            case .builtin where !v.isConst: return "reads '\(v.name)'"
            default: return nil
            }
        case .swizzle(let b, _), .field(let b, _, _): return webGLGlobalInitializerProblem(b)
        case .index(let a, let b), .binary(_, let a, let b), .comma(let a, let b):
            return webGLGlobalInitializerProblem(a) ?? webGLGlobalInitializerProblem(b)
        case .unary(let op, let a):
            if [.preIncrement, .preDecrement, .postIncrement, .postDecrement].contains(op) {
                return "writes a variable"
            }
            return webGLGlobalInitializerProblem(a)
        case .assignment: return "writes a variable"
        case .ternary(let c, let a, let b):
            return webGLGlobalInitializerProblem(c) ?? webGLGlobalInitializerProblem(a)
                ?? webGLGlobalInitializerProblem(b)
        case .call(let f, _): return "calls '\(f.name)'"
        case .builtinCall(let o, _) where o.function.outParameterIndex != nil: return "writes a variable"
        case .builtinCall(_, let args), .construct(_, let args):
            return args.lazy.compactMap(webGLGlobalInitializerProblem).first
        }
    }

    // MARK: Limits

    /// Checks the statically used interface variables against the profile's limits.
    func checkProfileLimits() {
        let limits = profile.limits
        let isUsed: (InterfaceVariable) -> Bool = { self.usedVariableIDs.contains($0.variable.id) }
        let usedUniforms = uniforms.filter(isUsed)
        let uniformLimit = stage == .vertex
            ? limits.maxVertexUniformVectors : limits.maxFragmentUniformVectors
        if let uniformLimit {
            checkPacking(
                usedUniforms, limit: uniformLimit, what: "uniform vectors",
                limitName: stage == .vertex
                    ? "MAX_VERTEX_UNIFORM_VECTORS" : "MAX_FRAGMENT_UNIFORM_VECTORS")
        }
        if let varyingLimit = limits.maxVaryingVectors {
            checkPacking(varyings.filter(isUsed), limit: varyingLimit, what: "varying vectors",
                         limitName: "MAX_VARYING_VECTORS")
        }
        let samplerLimit = stage == .vertex
            ? limits.maxVertexTextureImageUnits : limits.maxTextureImageUnits
        if let samplerLimit {
            let samplers = usedUniforms.filter { $0.variable.type.containsSampler }
            let count = samplers.reduce(0) { $0 + Self.samplerCount($1.variable.type) }
            if count > samplerLimit {
                error(.limitExceeded(
                    stage: stage, needed: count, what: "texture image units", profile: profile.name,
                    limit: samplerLimit,
                    limitName: stage == .vertex
                        ? "MAX_VERTEX_TEXTURE_IMAGE_UNITS" : "MAX_TEXTURE_IMAGE_UNITS"),
                      at: samplers.last?.variable.span,
                      notes: samplers.map { sampler in
                          let units = Self.samplerCount(sampler.variable.type)
                          return .init("'\(sampler.name)' uses \(units)", at: sampler.variable.span)
                      })
            }
        }
        if stage == .vertex, let attributeLimit = limits.maxVertexAttribs {
            let used = attributes.filter(isUsed)
            let count = used.reduce(0) { $0 + Self.attributeSlots($1.variable.type) }
            if count > attributeLimit {
                error(.limitExceeded(
                    stage: stage, needed: count, what: "vertex attributes", profile: profile.name,
                    limit: attributeLimit, limitName: "MAX_VERTEX_ATTRIBS"),
                      at: used.last?.variable.span)
            }
        }
    }

    /// Reports when `variables` do not fit in `limit` rows of the Appendix A §7 grid, with the
    /// rows needed and the largest variables as notes.
    private func checkPacking(
        _ variables: [InterfaceVariable], limit: Int, what: String, limitName: String
    ) {
        let items = variables.flatMap {
            VariablePacking.items(named: $0.name, type: $0.variable.type, span: $0.variable.span)
        }
        guard let misfit = VariablePacking.firstMisfit(items, rowCount: limit) else { return }
        let needed = VariablePacking.rowsNeeded(items)
        let largest = items.enumerated().sorted { a, b in
            (-a.element.rows * a.element.columns, a.offset)
                < (-b.element.rows * b.element.columns, b.offset)
        }.prefix(3).map(\.element)
        let notes = largest.map { item in
            Diagnostic.Note(
                "'\(item.name)' (\(item.typeName)) takes \(item.rows) row\(item.rows == 1 ? "" : "s")"
                    + " of \(item.columns) column\(item.columns == 1 ? "" : "s")",
                at: item.span)
        }
        error(.limitExceeded(stage: stage, needed: needed, what: what, profile: profile.name,
                             limit: limit, limitName: limitName),
              at: misfit.span, notes: notes)
    }

    /// Texture image units a sampler uniform takes (its array elements and sampler members).
    static func samplerCount(_ type: GLSLType) -> Int {
        switch type {
        case .sampler2D, .samplerCube: 1
        case .array(let e, let n): n * samplerCount(e)
        case .structure(let s): s.fields.reduce(0) { $0 + samplerCount($1.type) }
        default: type.containsSampler ? 1 : 0
        }
    }

    /// Attribute slots: one per vector or scalar, N per `matN`.
    static func attributeSlots(_ type: GLSLType) -> Int {
        switch type {
        case .matrix(let c, _): c
        case .array(let e, let n): n * attributeSlots(e)
        default: 1
        }
    }
}
