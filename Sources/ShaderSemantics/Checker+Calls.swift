import ShaderDiagnostics
import ShaderSyntax

extension CheckContext {
    func checkCall(_ callee: Expression.Callee, _ argExprs: [Expression], span: SourceSpan)
        -> TypedExpression
    {
        let args = argExprs.map { checkExpression($0) }
        let hasErrors = args.contains { $0.type.isError }
        switch callee {
        case .constructor(let builtin, let calleeSpan):
            guard let type = GLSLType(keyword: builtin.rawValue) ?? desktopAlias(builtin) else {
                error(.unsupportedType(builtin.rawValue), at: calleeSpan)
                return errorExpression(span)
            }
            if hasErrors { return errorExpression(span) }
            return checkConstructor(type, args, span: span)
        case .arrayConstructor(let spec):
            var elementSpec = spec
            elementSpec.array = nil
            let element = resolveType(elementSpec)
            if hasErrors || element.isError { return errorExpression(span) }
            return checkArrayConstructor(element, spec.array, args, span: span)
        case .name(let id):
            switch lookup(id.name) {
            case .structure(let s)?:
                if hasErrors { return errorExpression(span) }
                return checkStructConstructor(s, args, span: span)
            case .variable?:
                error(.notAFunction(id.name), at: id.span)
                return errorExpression(span)
            case .functions(let group)?:
                if hasErrors { return errorExpression(span) }
                return checkUserCall(group, id, args, argExprs, span: span)
            case nil:
                if BuiltinCatalogue.byName[id.name] != nil {
                    if hasErrors { return errorExpression(span) }
                    return checkBuiltinCall(id, args, span: span)
                }
                error(.undeclaredFunction(id.name), at: id.span)
                return errorExpression(span)
            }
        }
    }

    private func desktopAlias(_ b: BuiltinType) -> GLSLType? {
        guard !version.isES else { return nil }
        switch b {
        case .mat2x2: return .mat2
        case .mat3x3: return .mat3
        case .mat4x4: return .mat4
        default: return nil
        }
    }

    private func signature(_ name: String, _ args: [TypedExpression]) -> String {
        "\(name)(" + args.map { "\($0.type)" }.joined(separator: ", ") + ")"
    }

    // MARK: Constructors

    private func checkConstructor(_ type: GLSLType, _ args: [TypedExpression], span: SourceSpan)
        -> TypedExpression
    {
        guard type.isNumericOrBool else {
            error(.unsupportedType("\(type) constructor"), at: span)
            return errorExpression(span)
        }
        guard !args.isEmpty else {
            error(.constructorNeedsArguments(type), at: span)
            return errorExpression(span)
        }
        for a in args where !a.type.isNumericOrBool {
            error(.constructorInvalidArgument(type, argument: a.type), at: a.span)
            return errorExpression(span)
        }
        let kind: ConstructorKind
        if type.isScalar {
            guard args.count == 1 else {
                error(.constructorTooManyArguments(type), at: args[1].span)
                return errorExpression(span)
            }
            kind = .scalarConversion
        } else if args.count == 1 && args[0].type.isScalar {
            kind = type.isMatrix ? .matrixFromScalar : .vectorFromScalar
        } else if type.isMatrix && args.contains(where: { $0.type.isMatrix }) {
            guard args.count == 1 else {
                error(.constructorMatrixArgument(type), at: span)
                return errorExpression(span)
            }
            kind = .matrixFromMatrix
        } else {
            let needed = type.componentCount
            var provided = 0
            for (i, a) in args.enumerated() {
                if provided >= needed {
                    error(.constructorTooManyArguments(type), at: args[i].span)
                    return errorExpression(span)
                }
                provided += a.type.componentCount
            }
            guard provided >= needed else {
                error(.constructorTooFewComponents(type, provided: provided, needed: needed),
                      at: span)
                return errorExpression(span)
            }
            kind = type.isMatrix ? .matrixFromComponents : .vectorFromComponents
        }
        let constants = args.compactMap(\.constantValue)
        let constant =
            constants.count == args.count
            ? ConstantFolder.construct(kind, type: type, constants) : nil
        return TypedExpression(.construct(kind, args), type: type, constant: constant, span: span)
    }

    /// `T[n](a, b, …)` or `T[](a, b, …)` (desktop GLSL 1.20 §5.4.4): one argument per
    /// element, each converted to `T`; the size, when written, must match the count.
    private func checkArrayConstructor(
        _ element: GLSLType, _ size: ArraySpecifier?, _ args: [TypedExpression], span: SourceSpan
    ) -> TypedExpression {
        var type = GLSLType.array(element, args.count)
        if let size, size.size != nil {
            type = arrayType(of: element, size)
            if type.isError { return errorExpression(span) }
        } else if element.isArray {
            error(.unsupportedType("\(element)[]"), at: span)
            return errorExpression(span)
        }
        guard case .array(_, let n) = type, n == args.count, !args.isEmpty else {
            error(.arrayConstructorArity(type, found: args.count), at: span)
            return errorExpression(span)
        }
        if element.containsSampler {
            error(.constructingOpaqueStruct(type), at: span)
            return errorExpression(span)
        }
        return construct(.array, type, args, as: Array(repeating: element, count: args.count), span: span)
    }

    private func checkStructConstructor(
        _ s: StructType, _ args: [TypedExpression], span: SourceSpan
    ) -> TypedExpression {
        let type = GLSLType.structure(s)
        if type.containsSampler {
            error(.constructingOpaqueStruct(type), at: span)
            return errorExpression(span)
        }
        guard args.count == s.fields.count else {
            error(.structConstructorArity(type, expected: s.fields.count, found: args.count),
                  at: span)
            return errorExpression(span)
        }
        return construct(.structure, type, args, as: s.fields.map(\.type), span: span)
    }

    /// An array or structure constructor whose arguments are converted to `elementTypes`, folded
    /// when every argument is constant.
    private func construct(
        _ kind: ConstructorKind, _ type: GLSLType, _ args: [TypedExpression], as elementTypes: [GLSLType],
        span: SourceSpan
    ) -> TypedExpression {
        var converted: [TypedExpression] = []
        for (a, t) in zip(args, elementTypes) {
            guard let c = coerce(a, to: t) else { return errorExpression(span) }
            converted.append(c)
        }
        let constants = converted.compactMap(\.constantValue)
        let constant =
            constants.count == converted.count ? ConstantFolder.construct(kind, type: type, constants) : nil
        return TypedExpression(.construct(kind, converted), type: type, constant: constant, span: span)
    }

    // MARK: User functions

    /// Picks the overload whose parameter types match (exactly, or with GLSL 1.20's implicit
    /// conversions); returns the converted arguments.
    ///
    /// An `out` argument converts the other way (GLSL 1.20 §6.1.1: the parameter's value is
    /// converted to the argument's type when copied out), so an `out int` parameter takes a
    /// `float` variable. It stays unconverted in the tree: the argument is an l-value of its
    /// own type, and int → float is the identity on Shade's float registers.
    private func pick<C>(
        _ candidates: [C], types: (C) -> [GLSLType], _ args: [TypedExpression],
        qualifiers: (C) -> [ParameterQualifier] = { _ in [] }
    ) -> (C, [TypedExpression])? {
        if let exact = candidates.first(where: { types($0) == args.map(\.type) }) {
            return (exact, args)
        }
        guard version == .glsl120 else { return nil }
        for c in candidates where types(c).count == args.count {
            let directions = qualifiers(c)
            var converted: [TypedExpression] = []
            for (i, (arg, type)) in zip(args, types(c)).enumerated() {
                let direction = i < directions.count ? directions[i] : .in
                switch direction {
                case .in:
                    if let a = implicitlyConverted(arg, to: type) { converted.append(a) }
                case .out:
                    if arg.type == type || isImplicitlyConvertible(from: type, to: arg.type) {
                        converted.append(arg)
                    }
                case .inout:
                    if arg.type == type { converted.append(arg) }
                }
            }
            if converted.count == args.count { return (c, converted) }
        }
        return nil
    }

    private func checkUserCall(
        _ group: FunctionGroup, _ id: Identifier, _ args: [TypedExpression],
        _ argExprs: [Expression], span: SourceSpan
    ) -> TypedExpression {
        guard
            let (entry, converted) = pick(
                group.entries, types: { $0.symbol.parameterTypes }, args,
                qualifiers: { $0.symbol.parameters.map(\.qualifier) })
        else {
            if BuiltinCatalogue.byName[id.name] != nil {
                return checkBuiltinCall(id, args, span: span)
            }
            let notes = group.entries.map {
                Diagnostic.Note("candidate: \($0.symbol.returnType) \($0.symbol.signature)",
                                at: $0.symbol.span)
            }
            error(.noMatchingOverload(signature: signature(id.name, args)), at: span,
                  notes: notes)
            return errorExpression(span)
        }
        for (i, (param, arg)) in zip(entry.symbol.parameters, converted).enumerated()
        where param.qualifier != .in {
            if !isLValueQuietly(arg) {
                error(.outArgumentNotLValue(index: i + 1, function: id.name), at: arg.span)
                return errorExpression(span)
            }
            if !checkLValue(arg) { return errorExpression(span) }
        }
        if let current = currentFunction {
            current.calls.append((entry, span))
        }
        entry.callSites.append(span)
        return TypedExpression(.call(entry.symbol, converted), type: entry.symbol.returnType,
                               span: span)
    }

    /// `true` when `e` has the shape of an l-value (a variable, possibly selected into),
    /// whether or not it is writable.
    private func isLValueQuietly(_ e: TypedExpression) -> Bool {
        switch e.kind {
        case .variable: return true
        case .swizzle(let b, _), .field(let b, _, _), .index(let b, _): return isLValueQuietly(b)
        default: return false
        }
    }

    // MARK: Built-in functions

    private func checkBuiltinCall(_ id: Identifier, _ args: [TypedExpression], span: SourceSpan)
        -> TypedExpression
    {
        let all = BuiltinCatalogue.byName[id.name] ?? []
        let available = all.filter {
            $0.availability.isAvailable(stage: stage, version: version, extensions: extensions)
        }
        if available.isEmpty {
            error(.builtinUnavailable(name: id.name, reason: unavailableReason(all)), at: id.span)
            return errorExpression(span)
        }
        guard let (signature, converted) = pick(
            available, types: { $0.overload.parameterTypes }, args)
        else {
            var notes = available.map {
                Diagnostic.Note("candidate: \($0.overload)")
            }
            if let hidden = all.first(where: { s in
                s.overload.parameterTypes == args.map(\.type)
                    && !available.contains { $0.overload == s.overload }
            }) {
                notes.insert(
                    .init("'\(hidden.overload)' \(unavailableReason([hidden]))"), at: 0)
            }
            error(.noMatchingOverload(signature: self.signature(id.name, args)), at: span,
                  notes: notes)
            return errorExpression(span)
        }
        let overload = signature.overload
        if overload.function.isDerivative { usesDerivatives = true }
        if let k = overload.function.offsetParameterIndex {
            guard let offset = converted[k].constantValue else {
                error(.textureOffsetNotConstant(function: id.name), at: converted[k].span)
                return errorExpression(span)
            }
            if let bad = offset.components.map(\.intValue).first(where: { !BuiltinFunction.texelOffsetRange.contains($0) }) {
                error(.textureOffsetOutOfRange(function: id.name, value: bad), at: converted[k].span)
                return errorExpression(span)
            }
        }
        if let k = overload.function.outParameterIndex {
            // `modf(x, out i)`: the argument is written, so it must be an l-value (and a call
            // that writes a variable is not a constant expression).
            if !isLValueQuietly(converted[k]) {
                error(.outArgumentNotLValue(index: k + 1, function: id.name), at: converted[k].span)
                return errorExpression(span)
            }
            if !checkLValue(converted[k]) { return errorExpression(span) }
            return TypedExpression(.builtinCall(overload, converted), type: overload.returnType, span: span)
        }
        let constants = converted.compactMap(\.constantValue)
        let constant =
            constants.count == converted.count && !converted.isEmpty
            ? ConstantFolder.compileTime(overload, constants, nativeIntegers: version.hasNativeIntegers) : nil
        return TypedExpression(.builtinCall(overload, converted), type: overload.returnType,
                               constant: constant, span: span)
    }

    /// Why none of `signatures` can be used here, for the diagnostic.
    private func unavailableReason(_ signatures: [BuiltinSignature]) -> String {
        guard let a = signatures.first?.availability else { return "is not available" }
        if let s = a.stage, s != stage {
            return "is only available in \(s) shaders"
        }
        if version.isES {
            if !a.inES { return "is not available in \(version.displayName)" }
            if let ext = a.esExtension {
                return "requires '#extension \(ext) : enable'"
            }
        }
        return "is not available in \(version.displayName)"
    }
}
