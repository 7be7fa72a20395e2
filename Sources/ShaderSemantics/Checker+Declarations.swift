import ShaderDiagnostics
import ShaderSyntax

extension CheckContext {
    // MARK: Translation unit

    func checkTranslationUnit(_ unit: TranslationUnit) -> CheckedShader? {
        var globals: [GlobalItem] = []
        var functions: [CheckedFunction] = []
        for declaration in unit.declarations {
            switch declaration {
            case .function(let definition):
                if let f = checkFunctionDefinition(definition) {
                    functions.append(f)
                    globals.append(.function(f))
                }
            case .declaration(let d):
                let decls = checkDeclaration(d)
                if !decls.isEmpty { globals.append(.declarations(decls)) }
            }
        }
        checkCallGraph()
        if profile.webGL != nil && !version.isES {
            error(.desktopVersionInWebGL(version.rawValue), at: nil)
        }
        if !profile.isUnrestricted { checkProfileLimits() }
        if let first = firstFragColorWrite, let second = firstFragDataWrite {
            let later = first.start > second.start ? first : second
            error(.bothFragColorAndFragData, at: later)
        }
        checkFragmentOutputLocations()
        if let output = firstOutputWrite, let builtin = firstFragColorWrite ?? firstFragDataWrite {
            let later = output.start > builtin.start ? output : builtin
            error(.builtinAndUserOutputs, at: later)
        }
        let main = functions.first { $0.symbol.name == "main" }
        let mainWasDefined = functionEntries.contains { $0.symbol.name == "main" && $0.isDefined }
        if main == nil && !mainWasDefined && options.requiresMain {
            error(.missingMain, at: nil)
        }
        guard let main, !diagnostics.containsError else { return nil }
        diagnostics.append(contentsOf: functions.flatMap(UndefinedReads.warnings))
        var checked = CheckedShader(
            stage: stage, version: version, globals: globals, functions: functions, main: main,
            uniforms: uniforms, attributes: attributes, varyings: varyings, outputs: outputs,
            samplers: uniforms.filter { $0.variable.type.containsSampler },
            builtinsUsed: builtinsUsed, usesDiscard: usesDiscard,
            usesDerivatives: usesDerivatives, enabledExtensions: extensions,
            warnings: parseWarnings + diagnostics.filter { !$0.isError })
        checked.uniformBlocks = uniformBlocks
        // Loop counters declared outside their loop given their own (`MesaLoopCounters`),
        // functions that can fall off their end given one exit (`MesaReturnLowering`), an `if`
        // inside a branch of one on the same condition decided (`MesaConditionUses`),
        // constants regrouped as Mesa's NIR regroups them, then the profile's fp16 and
        // fixed-point qualifiers as rounding: what the compiler and the reference interpreter
        // both run.
        let lowered = MesaReturnLowering.rewriting(MesaLoopCounters.rewriting(checked))
        return MesaConditionUses.repeatedConditionsFolded(lowered).undefinedValuesMadeExplicit().reassociated()
            .lowered(to: profile.precision(for: stage))
    }

    // MARK: Types

    /// The type a specifier names, an array when it has a size (`float[2]`); declares a struct
    /// defined in place. `.error` (reported) for unknown or unsupported types.
    func resolveType(_ specifier: TypeSpecifier) -> GLSLType {
        let base = resolveNonArrayType(specifier)
        guard let array = specifier.array else { return base }
        return arrayType(of: base, array)
    }

    /// The type a specifier names, ignoring its array size.
    private func resolveNonArrayType(_ specifier: TypeSpecifier) -> GLSLType {
        switch specifier.kind {
        case .builtin(let b):
            if let t = GLSLType(keyword: b.rawValue) { return t }
            if b.isSampler { return .otherSampler(b) }
            if !version.isES {
                switch b {
                case .mat2x2: return .mat2
                case .mat3x3: return .mat3
                case .mat4x4: return .mat4
                default: break
                }
            }
            error(.unsupportedType(b.rawValue), at: specifier.span)
            return .error
        case .named(let id):
            if case .structure(let s)? = lookup(id.name) { return .structure(s) }
            error(.notAType(id.name), at: id.span)
            return .error
        case .structure(let s):
            return .structure(declareStruct(s))
        }
    }

    /// `resolveType` without diagnostics (for re-resolving a type that was reported already).
    func resolveQuietly(_ specifier: TypeSpecifier) -> GLSLType {
        let saved = diagnostics
        defer { diagnostics = saved }
        if case .structure = specifier.kind { return .error }
        return resolveType(specifier)
    }

    func declareStruct(_ spec: StructSpecifier) -> StructType {
        var fields: [StructType.Field] = []
        var seen: Set<String> = []
        for member in spec.members {
            if !member.qualifiers.isEmpty {
                error(.qualifierNotAllowed(
                    String(member.qualifiers.description.dropLast()),
                    reason: "cannot qualify a structure member"),
                      at: member.qualifiers.storageSpan ?? member.qualifiers.layoutSpan
                        ?? member.qualifiers.interpolationSpan ?? member.span)
            }
            if case .structure(let inner) = member.type.kind {
                // GLSL ES 1.00 §4.1.8 says so; Mesa rejects it in desktop GLSL too.
                error(.embeddedStructDefinition(inner.name?.name ?? "<anonymous>"),
                      at: inner.span)
            }
            let base = resolveType(member.type)
            if base == .void {
                error(.invalidVariableType(.void, context: "a structure member"),
                      at: member.type.span)
            }
            if member.type.precision != nil, !base.takesPrecision, !base.isError {
                error(.precisionNotAllowed(base), at: member.type.precisionSpan ?? member.span)
            }
            let memberPrecision = resolvePrecision(
                member.type.precision, for: base, at: member.type.span)
            fields += memberFields(member, base: base, precision: memberPrecision, seen: &seen) { d in
                checkWebGLName(d.name.name, at: d.name.span)
                if let i = d.initializer {
                    let reason = "is a structure member and cannot have an initializer"
                    error(.qualifierNotAllowed(d.name.name, reason: reason), at: i.span)
                }
            }
        }
        let name: String
        if let id = spec.name {
            name = id.name
        } else {
            anonymousStructCount += 1
            name = "struct<anonymous \(anonymousStructCount)>"
        }
        let s = StructType(name: name, fields: fields, span: spec.span)
        checkStructNesting(s, at: spec.name?.span ?? spec.span)
        if GLSLType.structure(s).componentCount > options.maxTypeComponents {
            error(.typeTooLarge("struct \(name)", limit: options.maxTypeComponents), at: spec.span)
        }
        if let id = spec.name { declare(id.name, .structure(s), at: id.span) }
        return s
    }

    /// The fields one member line of a structure or block declares (`vec2 a, b[2];`), each
    /// name once (`seen` holds the names so far); `each` runs for every new declarator.
    func memberFields(
        _ member: StructMember, base: GLSLType, precision: PrecisionQualifier?,
        seen: inout Set<String>, each: (Declarator) -> Void = { _ in }
    ) -> [StructType.Field] {
        var fields: [StructType.Field] = []
        for d in member.declarators {
            var t = base
            if let a = d.array { t = arrayType(of: base, a) }
            if !seen.insert(d.name.name).inserted {
                error(.duplicateMember(d.name.name), at: d.name.span)
                continue
            }
            each(d)
            fields.append(.init(name: d.name.name, type: t, precision: precision))
        }
        return fields
    }

    /// `base[size]`, checking that the size is a constant integer greater than zero.
    func arrayType(of base: GLSLType, _ spec: ArraySpecifier) -> GLSLType {
        guard let sizeExpr = spec.size else {
            if version.hasUnsizedArrays {
                error(.implicitlySizedArray(base), at: spec.span)
                return .error
            }
            error(.arraySizeNotConstant, at: spec.span)
            return .error
        }
        let size = checkExpression(sizeExpr)
        if size.type.isError || base.isError { return .error }
        // An integral constant expression: int, or uint (GLSL ES 3.00 §4.1.9, §4.3.3).
        guard size.type == .int || size.type == .uint, let scalar = size.constantValue?.scalar else {
            error(.arraySizeNotConstant, at: sizeExpr.span)
            return .error
        }
        let value = size.type == .uint ? Int64(scalar.uintValue) : Int64(scalar.intValue)
        guard value > 0 else {
            error(.arraySizeNotPositive(Int(value)), at: sizeExpr.span)
            return .error
        }
        if base.isArray {
            error(.unsupportedType("\(base)[\(value)]"), at: spec.span)
            return .error
        }
        let type = GLSLType.array(base, Int(value))
        guard type.componentCount <= options.maxTypeComponents else {
            error(.typeTooLarge("\(base)[\(value)]", limit: options.maxTypeComponents), at: spec.span)
            return .error
        }
        return type
    }

    // MARK: Declarations

    /// Checks a declaration at any scope; returns the variables it declares.
    func checkDeclaration(_ declaration: Declaration) -> [VariableDeclaration] {
        switch declaration {
        case .functionPrototype(let p):
            if !isGlobalScope {
                error(.nestedFunctionDeclaration, at: p.span)
                return []
            }
            _ = declareFunction(p, isDefinition: false)
            return []
        case .variables(let list):
            return checkVariableList(list)
        case .precision(let p):
            let t = resolveType(p.type)
            if t.isError { return [] }
            switch t {
            case .float, .int, .sampler2D, .samplerCube, .otherSampler:
                checkFragmentHighp(p.precision, at: p.span)
                scopes[scopes.count - 1].precisions[t] = p.precision
            default:
                error(.precisionNotAllowed(t), at: p.type.span)
            }
            return []
        case .block(let block):
            return checkUniformBlock(block)
        case .defaultQualifiers(let q, let span):
            if !isGlobalScope {
                error(.qualifierNotAllowed("layout", reason: "is only allowed at global scope"), at: span)
            } else if q.storage != .uniform {
                error(.invalidLayout("a default layout needs 'uniform'"), at: q.layoutSpan ?? span)
            } else {
                checkInterfaceQualifiers(q, type: nil)
                defaultBlockLayout = defaultBlockLayout.applying(q.layout)
            }
            return []
        case .invariant(let inv):
            if !isGlobalScope {
                error(.qualifierNotAllowed("invariant", reason: "is only allowed at global scope"),
                      at: inv.span)
                return []
            }
            for name in inv.names {
                guard case .variable(let v)? = lookup(name.name) else {
                    error(.undeclaredIdentifier(name.name), at: name.span)
                    continue
                }
                switch v.storage {
                case .varying: break
                case .builtin(let b)
                // Not gl_FrontFacing: the WebGL conformance suite's shaders-with-invariance
                // requires `invariant gl_FrontFacing;` to fail.
                where [.glPosition, .glPointSize, .glFragCoord, .glPointCoord,
                       .glFragColor, .glFragData, .glTexCoord, .glFrontColor, .glBackColor]
                    .contains(b):
                    break
                default:
                    error(.invalidInvariant(name.name), at: name.span)
                }
            }
            return []
        }
    }

    func checkVariableList(_ list: VariableDeclarationList) -> [VariableDeclaration] {
        let qualifiers = list.type.qualifiers
        let spec = list.type.specifier
        // `float[] a = float[2](…)` (GLSL 1.20): the size comes from the initializer.
        let isTypeUnsized = spec.array != nil && spec.array?.size == nil && version.hasUnsizedArrays
        var elementSpec = spec
        if isTypeUnsized { elementSpec.array = nil }
        let base = resolveType(elementSpec)
        let storageQualifier = qualifiers.storage
        let qualifierSpan = qualifiers.storageSpan ?? list.type.span

        // Qualifier placement.
        if let q = storageQualifier, q != .const, !isGlobalScope {
            error(.qualifierNotAllowed(q.rawValue, reason: "is only allowed at global scope"),
                  at: qualifierSpan)
            declareQuietly(list, base)
            return []
        }
        // Outputs of either stage (llvmpipe and piglit accept ES 3.00 fragment outputs too).
        if qualifiers.isInvariant, storageQualifier != .varying,
            !(storageQualifier == .out && (stage == .vertex || !version.isES || version.hasNativeIntegers))
        {
            error(.qualifierNotAllowed(
                "invariant", reason: version.hasInOutStorage
                    ? "can only qualify vertex shader outputs" : "can only qualify varyings"),
                  at: qualifiers.invariantSpan)
        }
        checkInterfaceQualifiers(qualifiers, type: base)
        if version.hasInOutStorage, storageQualifier == .in || storageQualifier == .out,
            isGlobalScope, !base.isError
        {
            // `out S v[2];`: the array is the declarator's, the rules are on the whole type.
            let type = list.declarators.contains { $0.array != nil } && !base.isArray ? .array(base, 1) : base
            checkES3Interface(storageQualifier!, type, qualifiers: qualifiers, span: list.type.span)
        }
        if storageQualifier == .attribute, stage != .vertex {
            error(.qualifierNotAllowed("attribute", reason: "is only allowed in vertex shaders"),
                  at: qualifierSpan)
            declareQuietly(list, base)
            return []
        }
        if spec.precision != nil, !base.takesPrecision, !base.isError {
            error(.precisionNotAllowed(base), at: spec.precisionSpan ?? spec.span)
        }
        if isTypeUnsized, list.declarators.isEmpty, !base.isError {
            // `int[];`: an empty declaration has no initializer to take the size from (Mesa
            // rejects it too).
            error(.unsizedEmptyDeclaration(base), at: spec.array?.span ?? list.type.span)
        }
        var out: [VariableDeclaration] = []
        for d in list.declarators {
            var type = base
            var isUnsized = isTypeUnsized
            if let a = d.array, a.size == nil, d.name.name == "gl_TexCoord", !version.isES,
                !isTypeUnsized, base == .vec4
            {
                // `varying vec4 gl_TexCoord[];` restates the built-in's own declaration.
                type = .array(base, 8)
            } else if let a = d.array, a.size == nil, d.initializer == nil, !isUnsized,
                !version.isES, !base.isError, !base.isArray
            {
                type = sizedByUses(base, name: d.name.span)
            } else if let a = d.array {
                if a.size == nil && version.hasUnsizedArrays && d.initializer != nil && !isUnsized {
                    isUnsized = true
                } else {
                    type = isUnsized ? .array(base, 1) : base
                    type = arrayType(of: type, a)
                }
            }
            if isUnsized && d.initializer == nil && !type.isError && !version.isES
                && d.array == nil && !base.isError && !base.isArray
            {
                // `vec4[] a;`, sized by its uses like `vec4 a[];`.
                type = sizedByUses(base, name: d.name.span)
                isUnsized = false
            }
            if isUnsized && d.initializer == nil && !type.isError {
                error(.implicitlySizedArray(type), at: spec.array?.span ?? d.name.span)
                type = .error
            }
            if let v = declareVariable(
                d, type: type, sizeFromInitializer: isUnsized && !type.isError, list: list)
            {
                out.append(v)
            }
        }
        return out
    }

    /// The type of desktop `T a[]` without an initializer: sized by the largest constant index
    /// used on it (GLSL 1.10 section 4.1.9), known on the second pass; a placeholder before.
    private func sizedByUses(_ element: GLSLType, name: SourceSpan) -> GLSLType {
        if let size = sizesFromUses[name.start] { return .array(element, size) }
        largestIndexUsed[name.start] = largestIndexUsed[name.start] ?? 1
        return .array(element, CheckContext.unknownArraySize)
    }

    /// Declares the names of a rejected declaration (as read-only variables) so later uses
    /// don't report them as undeclared.
    private func declareQuietly(_ list: VariableDeclarationList, _ base: GLSLType) {
        let saved = diagnostics
        defer { diagnostics = saved }
        for d in list.declarators {
            var type = base
            if let a = d.array { type = arrayType(of: base, a) }
            let v = Variable(id: makeID(), name: d.name.name, type: type, storage: .uniform,
                             precision: nil, span: d.name.span)
            declare(d.name.name, .variable(v), at: d.name.span)
        }
    }

    /// Desktop GLSL lets a shader redeclare `gl_TexCoord` with its size (GLSL 1.10 §7.6):
    /// `varying vec4 gl_TexCoord[n];` at global scope, before any use, with `n` at most
    /// `gl_MaxTextureCoords`. Anything else is the reserved-name error.
    private func redeclareTexCoord(
        _ type: GLSLType, qualifier: StorageQualifier?, hasInitializer: Bool, at span: SourceSpan
    ) {
        guard case .array(.vector(.float, 4), let size) = type, qualifier == .varying,
            isGlobalScope, !hasInitializer, builtinVariables["gl_TexCoord"] == nil,
            size <= 8
        else {
            if !type.isError { error(.reservedName("gl_TexCoord"), at: span) }
            return
        }
        builtinVariables["gl_TexCoord"] = Variable(
            id: makeID(), name: "gl_TexCoord", type: type, storage: .builtin(.glTexCoord),
            precision: nil, span: span)
    }

    private func interfaceTypeIsValid(_ q: StorageQualifier, _ type: GLSLType) -> Bool {
        var element = type
        if case .array(let e, _) = type {
            if q == .attribute { return false }
            element = e
        }
        switch element {
        case .scalar(.float), .vector(.float, _), .matrix: return true
        default: return false
        }
    }

    /// Declares one name of a declaration. With `sizeFromInitializer`, `type` is the element
    /// type of an array whose size the initializer gives (`float a[] = float[2](…)`).
    private func declareVariable(
        _ d: Declarator, type declaredType: GLSLType, sizeFromInitializer: Bool = false,
        list: VariableDeclarationList
    ) -> VariableDeclaration? {
        var type = declaredType
        let q = list.type.qualifiers.storage
        let name = d.name.name
        if name == "gl_TexCoord" && !version.isES {
            redeclareTexCoord(type, qualifier: q, hasInitializer: d.initializer != nil,
                              at: d.name.span)
            return nil
        }
        if type == .void {
            error(.invalidVariableType(.void, context: "variable '\(name)'"), at: list.type.span)
            return nil
        }
        if type.containsSampler && q != .uniform && !type.isError {
            error(.qualifierNotAllowed(
                name, reason: "has type '\(type)': samplers can only be uniforms or parameters"),
                  at: d.name.span)
        }
        if let q, q == .attribute || q == .varying, !type.isError, !interfaceTypeIsValid(q, type) {
            error(.invalidInterfaceType(qualifier: q.rawValue, type), at: list.type.span)
        }
        let storage: Storage
        switch q {
        case .uniform?: storage = .uniform
        case .attribute?: storage = .attribute
        case .varying?: storage = .varying
        case .const?: storage = .constant
        case .in?: storage = stage == .vertex ? .attribute : .varying
        case .out?:
            storage = stage == .vertex ? .varying : .output(location: outputLocation(list.type.qualifiers))
        case nil: storage = isGlobalScope ? .global : .local
        }
        let precision = resolvePrecision(
            list.type.specifier.precision, for: type, at: list.type.specifier.span)

        // The initializer is checked before the name is declared: `float x = x;` reads the
        // outer `x`.
        var initializer: TypedExpression?
        if let i = d.initializer {
            let value = checkExpression(i)
            if sizeFromInitializer {
                if case .array(type, let n) = value.type { type = .array(type, n) }
                else if !value.type.isError {
                    error(.unsizedArrayInitializer(type, found: value.type), at: i.span)
                    type = .error
                } else {
                    type = .error
                }
            }
            if (type.isArray || type.containsArray) && !version.hasArrayConstructors {
                error(.arrayInitializer, at: i.span)
            } else if (q == .uniform && (version.isES || !version.hasArrayConstructors))
                || q == .attribute || q == .varying || q == .in || q == .out
            {
                error(.qualifierNotAllowed(q!.rawValue, reason: "variables cannot be initialized"),
                      at: i.span)
            } else if !type.isError {
                initializer = coerce(value, to: type)
                // WebGL accepts any global initializer (its conformance suite's
                // global-variable-init), as desktop GLSL does.
                let isGlobalRule = isGlobalScope && version.isES && profile.webGL == nil
                let needsConstant = q == .const || q == .uniform || isGlobalRule
                if let ini = initializer, isGlobalScope, version.isES, profile.webGL != nil,
                    ini.constantValue == nil, let reason = Self.webGLGlobalInitializerProblem(ini)
                {
                    let what = "initializer of global variable '\(name)' \(reason), so it"
                    error(.notConstant(what: what), at: ini.span)
                }
                if let ini = initializer, needsConstant, ini.constantValue == nil {
                    let what =
                        q == .const || q == .uniform
                        ? "initializer of \(q!.rawValue) '\(name)'"
                        : "initializer of global variable '\(name)'"
                    error(.notConstant(what: what), at: i.span)
                }
            }
        } else if q == .const, !type.isError {
            error(.constWithoutInitializer(name), at: d.name.span)
        }
        // `float a[]; … float a[3];`: the size of an array sized by its uses, declared later in
        // the same scope. It stays one variable; an initializer assigns it. A second unsized
        // `float a[];` or `float[] a;` (itself sized by uses) gives no size: at global scope it
        // is the same variable declared again (as two compilation units of a stage declare a
        // shared global), in a function it is a redefinition. It must never pass its
        // placeholder size (2^20 elements) on as the array's size: fuzzing found an 8×8 draw
        // taking seconds that way.
        if case .variable(let old)? = scopes[scopes.count - 1].symbols[name], q == nil,
            isSizedByUses(old), let key = old.span?.start,
            case .array(let oldElement, _) = old.type, case .array(oldElement, let size) = type
        {
            let givesNoSize = largestIndexUsed[d.name.span.start] != nil || sizesFromUses[d.name.span.start] != nil
            if !givesNoSize {
                if sizesFromUses[key] == nil { redeclaredSizes[key] = size }
                redeclaredArrays.insert(key)
                return VariableDeclaration(variable: old, initializer: initializer, span: d.span)
            } else if isGlobalScope && initializer == nil {
                // Its own uses count for the one variable (they resolve to `old`).
                largestIndexUsed[d.name.span.start] = nil
                return VariableDeclaration(variable: old, initializer: nil, span: d.span)
            }
        }
        let variable = Variable(
            id: makeID(), name: name, type: type, storage: storage, precision: precision,
            isConst: q == .const, isInvariant: list.type.qualifiers.isInvariant,
            constantValue: q == .const ? initializer?.constantValue : nil,
            interpolation: list.type.qualifiers.interpolation, span: d.name.span)
        guard declare(name, .variable(variable), at: d.name.span) else { return nil }
        switch storage {
        case .uniform: uniforms.append(InterfaceVariable(variable: variable))
        case .attribute: attributes.append(InterfaceVariable(variable: variable))
        case .varying: varyings.append(InterfaceVariable(variable: variable))
        case .output:
            outputs.append(InterfaceVariable(variable: variable))
            if layoutLocation(list.type.qualifiers) != nil { declaredLocations.insert(variable.id) }
        default: break
        }
        return VariableDeclaration(variable: variable, initializer: initializer, span: d.span)
    }

    // MARK: Functions

    /// The parameters of a prototype, checked.
    private func checkParameters(_ p: FunctionPrototype) -> [FunctionParameter] {
        var out: [FunctionParameter] = []
        for param in p.parameters {
            var type = resolveType(param.type)
            if let a = param.array { type = arrayType(of: type, a) }
            let qualifier = param.direction ?? .in
            if type == .void {
                error(.invalidParameter("parameters cannot have type 'void'"), at: param.span)
                type = .error
            }
            if param.isConst && qualifier != .in {
                error(.invalidParameter("'const' parameters must be 'in' parameters"),
                      at: param.constSpan)
            }
            // Arrays are not l-values in GLSL 1.10 (§5.8); GLSL ES 1.00 and 1.20 allow them as
            // out parameters.
            if version == .glsl110 && type.isArray && qualifier != .in {
                error(.invalidParameter(
                    "arrays cannot be 'out' or 'inout' parameters in GLSL 1.10"), at: param.span)
            }
            if type.containsSampler && qualifier != .in {
                error(.invalidParameter("sampler parameters must be 'in' parameters"),
                      at: param.span)
            }
            if let pr = param.type.precision, !type.takesPrecision, !type.isError {
                _ = pr
                error(.precisionNotAllowed(type), at: param.type.precisionSpan ?? param.span)
            }
            let precision = resolvePrecision(param.type.precision, for: type, at: param.type.span)
            out.append(FunctionParameter(
                name: param.name?.name ?? "", type: type, qualifier: qualifier,
                isConst: param.isConst, precision: precision))
        }
        return out
    }

    /// Declares (or finds the earlier declaration of) a function; `nil` when it is invalid.
    func declareFunction(_ p: FunctionPrototype, isDefinition: Bool) -> FunctionEntry? {
        let name = p.name.name
        let returnType = resolveType(p.returnType.specifier)
        if !p.returnType.qualifiers.isEmpty {
            error(.qualifierNotAllowed(
                p.returnType.qualifiers.storage?.rawValue ?? "qualifier",
                reason: "cannot qualify a function's return type"),
                  at: p.returnType.qualifiers.storageSpan ?? p.returnType.span)
        }
        // GLSL ES 1.00 also forbids structures that contain arrays as return types (dEQP's
        // return_array_in_struct); desktop GLSL allows them.
        // GLSL 1.20 functions may return arrays.
        if (returnType.isArray && !version.hasArrayConstructors) || returnType.containsSampler
            || (version == .es100 && returnType.containsArray)
        {
            error(.invalidVariableType(returnType, context: "a function's return value"),
                  at: p.returnType.span)
        }
        let returnPrecision = resolvePrecision(
            p.returnType.specifier.precision, for: returnType, at: p.returnType.span)
        let params = checkParameters(p)
        if name.hasPrefix("gl_") {
            error(.reservedName(name), at: p.name.span)
            return nil
        }
        checkWebGLName(name, at: p.name.span)
        // Overloading a built-in with new parameter types is allowed (Mesa and WebGL accept
        // it, and real shaders do it, e.g. `float cross(vec2, float)`); in GLSL ES redefining
        // one of its signatures is not. Reported, then declared anyway so calls don't cascade.
        // Desktop GLSL 1.10/1.20 allow it ("a shader can redefine built-in functions", 1.10
        // section 6.1; Mesa agrees): the user's function hides the built-in from the point
        // it is declared, since calls look up user functions first.
        let parameterTypes = params.map(\.type)
        if version.isES, version.hasNativeIntegers, BuiltinCatalogue.byName[name]?.contains(where: {
            $0.availability.isAvailable(stage: stage, version: version, extensions: extensions)
        }) == true {
            // GLSL ES 3.00 §6.1: "A shader cannot redefine or overload built-in functions."
            error(.overloadBuiltinInES300(name), at: p.name.span)
        } else if version.isES, BuiltinCatalogue.byName[name]?.contains(where: {
            $0.overload.parameterTypes == parameterTypes
                && $0.availability.isAvailable(
                    stage: stage, version: version, extensions: extensions)
        }) == true {
            error(.redefineBuiltin(
                "\(name)(" + parameterTypes.map(\.description).joined(separator: ", ") + ")"),
                  at: p.name.span)
        }
        if name == "main" && (returnType != .void || !params.isEmpty) {
            error(.badMainSignature, at: p.span)
        }
        let group: FunctionGroup
        switch scopes[0].symbols[name] {
        case .functions(let g)?:
            group = g
        case nil where !declaredBlockNames.contains(name):
            group = FunctionGroup(name: name)
            scopes[0].symbols[name] = .functions(group)
        default:
            // A uniform block's name too (GLSL ES 3.00 §4.3.7).
            error(.redefinition(name), at: p.name.span)
            return nil
        }
        let types = params.map(\.type)
        if let existing = group.entries.first(where: { $0.symbol.parameterTypes == types }) {
            let signature = existing.symbol.signature
            // A conflicting definition still counts as the definition, so calls don't
            // also report it as missing.
            if existing.symbol.returnType != returnType && !returnType.isError {
                error(.conflictingReturnType(signature, returnType, existing.symbol.returnType),
                      at: p.span, notes: [.init("earlier declaration", at: existing.symbol.span)])
                if isDefinition { existing.isDefined = true }
                return nil
            }
            if existing.symbol.parameters.map(\.qualifier) != params.map(\.qualifier)
                || existing.symbol.parameters.map(\.isConst) != params.map(\.isConst)
            {
                error(.conflictingQualifiers(signature), at: p.span,
                      notes: [.init("earlier declaration", at: existing.symbol.span)])
                if isDefinition { existing.isDefined = true }
                return nil
            }
            if isDefinition && existing.isDefined {
                error(.functionRedefinition(signature), at: p.span,
                      notes: [.init("earlier definition", at: existing.definitionSpan)])
                return nil
            }
            // GLSL ES 1.00 does not allow redeclaring a function (dEQP's double_declare and
            // piglit's redeclaration-disallowed agree); GLSL ES 3.00 (dEQP-GLES3 agrees) and
            // desktop GLSL allow repeated prototypes.
            if version == .es100 && !isDefinition {
                error(.functionRedeclaration(signature), at: p.span,
                      notes: [.init("earlier declaration", at: existing.symbol.span)])
                return existing
            }
            // Mesa rejects a definition whose return precision differs from its prototype's.
            if version.isES && existing.symbol.returnPrecision != returnPrecision
                && !returnType.isError
            {
                error(.conflictingReturnPrecision(signature), at: p.returnType.span,
                      notes: [.init("earlier declaration", at: existing.symbol.span)])
            }
            return existing
        }
        let symbol = FunctionSymbol(
            id: makeID(), name: name, returnType: returnType, returnPrecision: returnPrecision,
            parameters: params, span: p.span)
        let entry = FunctionEntry(symbol: symbol)
        group.entries.append(entry)
        functionEntries.append(entry)
        return entry
    }

    func checkFunctionDefinition(_ definition: FunctionDefinition) -> CheckedFunction? {
        let p = definition.prototype
        guard let entry = declareFunction(p, isDefinition: true) else {
            // Still check the body for errors, with the parameters declared.
            pushScope()
            loopDepth = 0
            for decl in p.parameters {
                guard let n = decl.name else { continue }
                var t = resolveQuietly(decl.type)
                if let a = decl.array { t = arrayType(of: t, a) }
                let v = Variable(id: makeID(), name: n.name, type: t, storage: .parameter(.in),
                                 precision: nil, span: n.span)
                declare(n.name, .variable(v), at: n.span)
            }
            _ = checkStatements(definition.body)
            popScope()
            return nil
        }
        entry.isDefined = true
        entry.definitionSpan = p.span
        currentFunction = entry
        currentFunctionHasReturn = false
        loopDepth = 0
        pushScope()
        var parameters: [Variable] = []
        for decl in p.parameters where decl.name == nil {
            error(.invalidParameter("a parameter of a function definition needs a name"),
                  at: decl.span)
        }
        for (param, decl) in zip(entry.symbol.parameters, p.parameters) {
            let v = Variable(
                id: makeID(), name: decl.name?.name ?? "", type: param.type,
                storage: .parameter(param.qualifier), precision: param.precision,
                isConst: param.isConst, span: decl.name?.span ?? decl.span)
            if let n = decl.name { declare(n.name, .variable(v), at: n.span) }
            parameters.append(v)
        }
        // GLSL ES 1.00: the body is a scope nested in the parameters' scope, so a local
        // may hide a parameter (dEQP agrees; Mesa applies the GLSL ES 3.00 rule and rejects
        // it). Desktop GLSL keeps one scope for both, as Mesa does, and so does WebGL (its
        // conformance suite's shader-with-functional-scoping rejects `int k = k + 3;` there).
        let hasBodyScope = version.isES && profile.webGL == nil
        if hasBodyScope { pushScope() }
        let body = checkStatements(definition.body)
        if hasBodyScope { popScope() }
        popScope()
        currentFunction = nil
        let returnType = entry.symbol.returnType
        if returnType != .void, !returnType.isError, !currentFunctionHasReturn {
            error(.noReturnStatement(entry.symbol.name, returnType), at: p.name.span)
        }
        var seen: Set<ObjectIdentifier> = []
        let callees = entry.calls.map(\.0.symbol).filter {
            seen.insert(ObjectIdentifier($0)).inserted
        }
        return CheckedFunction(
            symbol: entry.symbol, parameters: parameters, body: body, callees: callees,
            span: definition.span)
    }

    /// Reports recursion (static cycles in the call graph) and calls of functions that are
    /// declared but never defined.
    func checkCallGraph() {
        var state: [ObjectIdentifier: Int] = [:]  // 1 = on the stack, 2 = done
        var stack: [FunctionEntry] = []
        func visit(_ f: FunctionEntry) {
            state[ObjectIdentifier(f)] = 1
            stack.append(f)
            for (callee, site) in f.calls {
                switch state[ObjectIdentifier(callee)] {
                case 1?:
                    let start = stack.lastIndex { $0 === callee } ?? 0
                    let path = stack[start...].map(\.symbol.name) + [callee.symbol.name]
                    error(.recursion(path), at: site)
                case nil:
                    visit(callee)
                default:
                    break
                }
            }
            stack.removeLast()
            state[ObjectIdentifier(f)] = 2
        }
        let defined = functionEntries.filter(\.isDefined).sorted {
            ($0.definitionSpan?.start ?? 0) < ($1.definitionSpan?.start ?? 0)
        }
        for f in defined where state[ObjectIdentifier(f)] == nil {
            visit(f)
        }
        for f in functionEntries where !f.isDefined && options.requiresDefinitions {
            if let site = f.callSites.first {
                error(.functionNotDefined(f.symbol.signature), at: site)
            }
        }
    }
}

extension CheckContext {
    // MARK: GLSL ES 3.00 interface rules

    /// `location = N` of a layout, if written.
    /// The draw buffer of a fragment output: its `layout(location = N)`, else 0 in GLSL ES (where
    /// a second output must say its location), else, in desktop GLSL, the lowest location no
    /// earlier output uses (as Mesa's linker assigns them when the application does not).
    func outputLocation(_ q: TypeQualifiers) -> Int {
        if let location = layoutLocation(q) { return location }
        guard !version.isES else { return 0 }
        var used = Set<Int>()
        for o in outputs {
            guard case .output(let location) = o.variable.storage else { continue }
            used.formUnion(location..<(location + (o.arraySize ?? 1)))
        }
        return (0...).first { !used.contains($0) }!
    }

    /// GLSL ES 3.00 §4.3.8.2 and the linker's rules for fragment outputs: with several outputs
    /// each has a location (GLSL ES), no two overlap (an array takes one location per element),
    /// and all are below `MAX_DRAW_BUFFERS` (the profile's, else 8 as llvmpipe's).
    func checkFragmentOutputLocations() {
        guard stage == .fragment, !outputs.isEmpty else { return }
        let maxDrawBuffers = profile.limits.maxDrawBuffers ?? 8
        var owners: [Int: String] = [:]
        for o in outputs {
            guard case .output(let location) = o.variable.storage else { continue }
            let span = o.variable.span
            if version.isES && outputs.count > 1 && !declaredLocations.contains(o.variable.id) {
                error(.outputNeedsLocation(o.name), at: span)
                continue
            }
            let count = o.arraySize ?? 1
            if location + count > maxDrawBuffers {
                error(.outputLocationBeyondDrawBuffers(
                    o.name, location: max(location, maxDrawBuffers), maxDrawBuffers: maxDrawBuffers), at: span)
                continue
            }
            for l in location..<(location + count) {
                if let other = owners[l] {
                    error(.overlappingOutputLocations(other, o.name, location: l), at: span)
                    break
                }
                owners[l] = o.name
            }
        }
    }

    func layoutLocation(_ q: TypeQualifiers) -> Int? {
        for item in q.layout where item.name.name == "location" {
            if case .intLiteral(let n)? = item.value?.kind { return n }
        }
        return nil
    }

    /// Layout items and interpolation qualifiers: where each may appear and what it may say.
    func checkInterfaceQualifiers(_ q: TypeQualifiers, type: GLSLType?) {
        if let span = q.interpolationSpan, q.storage != .in && q.storage != .out {
            error(.qualifierNotAllowed(q.interpolation!.rawValue, reason: "needs 'in' or 'out'"), at: span)
        }
        for item in q.layout {
            switch item.name.name {
            case "location":
                guard let v = item.value else {
                    error(.invalidLayout("'location' needs a value: 'location = N'"), at: item.span)
                    continue
                }
                guard case .intLiteral(let n) = v.kind else {
                    error(.invalidLayout("'location' must be an integer literal"), at: v.span)
                    continue
                }
                let isVertexIn = stage == .vertex && q.storage == .in
                let isFragmentOut = stage == .fragment && q.storage == .out
                if version.isES && !isVertexIn && !isFragmentOut {
                    error(.invalidLayout(
                        "'location' is only allowed on vertex shader inputs and fragment shader outputs"),
                          at: item.span)
                }
                if n < 0 { error(.invalidLayout("'location' must not be negative"), at: v.span) }
            case "std140", "shared", "packed", "row_major", "column_major":
                if item.value != nil {
                    error(.invalidLayout("'\(item.name.name)' takes no value"), at: item.span)
                }
                if q.storage != .uniform {
                    error(.invalidLayout("'\(item.name.name)' is only allowed on uniform blocks"),
                          at: item.span)
                }
            default:
                error(.invalidLayout("unknown layout qualifier '\(item.name.name)'"), at: item.name.span)
            }
        }
    }

    /// GLSL ES 3.00 §4.3.4–4.3.6: the types stage inputs and outputs may have.
    func checkES3Interface(
        _ q: StorageQualifier, _ type: GLSLType, qualifiers: TypeQualifiers, span: SourceSpan
    ) {
        var element = type
        if case .array(let e, _) = type { element = e }
        let kind = element.scalarKind
        let what = q == .in ? (stage == .vertex ? "vertex shader input" : "fragment shader input")
            : (stage == .vertex ? "vertex shader output" : "fragment shader output")
        func invalid(_ reason: String) {
            error(.qualifierNotAllowed(q.rawValue, reason: "is not allowed here: \(reason) cannot be a \(what)"), at: span)
        }
        if kind == .bool || element.containsSampler {
            invalid("a '\(type)'")
            return
        }
        if case .structure = element, stage == .vertex && q == .in || stage == .fragment && q == .out {
            invalid("a structure")
            return
        }
        // Desktop GLSL allows arrays of vertex inputs from 1.50 (Mesa agrees).
        if stage == .vertex && q == .in && type.isArray && (version.isES || (version.desktopNumber ?? 0) < 150) {
            invalid("an array")
            return
        }
        // §4.3.4/4.3.6: varyings may be structures, but not arrays of structures nor
        // structures holding arrays or structures.
        if case .structure(let s) = element {
            if !version.isES && (version.desktopNumber ?? 0) < 150 {
                invalid("a structure")  // desktop GLSL allows them from 1.50
                return
            }
            if type.isArray {
                invalid("an array of structures")
                return
            }
            if s.fields.contains(where: { f in
                if case .structure = f.type { return true }
                return f.type.isArray
            }) {
                invalid("a structure holding an array or a structure")
                return
            }
        }
        if stage == .fragment && q == .out && element.isMatrix {
            invalid("a matrix")
            return
        }
        // Integer inputs of the fragment stage must be flat (and, in GLSL ES 3.00, outputs of
        // the vertex stage).
        if kind?.isInteger == true, qualifiers.interpolation != .flat,
            stage == .fragment && q == .in || (version.isES && stage == .vertex && q == .out)
        {
            error(.qualifierNotAllowed(
                q.rawValue, reason: "of integer type '\(type)' must be qualified 'flat'"), at: span)
        }
        if qualifiers.isCentroid && (stage == .vertex && q == .in || stage == .fragment && q == .out) {
            error(.qualifierNotAllowed("centroid", reason: "cannot qualify a \(what)"),
                  at: qualifiers.centroidSpan)
        }
        if qualifiers.interpolation != nil && (stage == .vertex && q == .in || stage == .fragment && q == .out) {
            error(.qualifierNotAllowed(
                qualifiers.interpolation!.rawValue, reason: "cannot qualify a \(what)"),
                  at: qualifiers.interpolationSpan)
        }
    }
}

extension CheckContext {
    // MARK: Uniform blocks (GLSL ES 3.00 §4.3.7)

    /// `uniform Block { members } instance[n];`: with an instance name, one uniform of a
    /// structure type named after the block (`instance.member` in the uniform API); without,
    /// each member is a uniform of its own. The block name lives in its own namespace. Layouts
    /// (`std140`, `shared`, `packed`, `row_major`) are checked and otherwise have no effect:
    /// uniforms are set by value, not as a buffer.
    func checkUniformBlock(_ block: InterfaceBlock) -> [VariableDeclaration] {
        guard block.qualifiers.storage == .uniform else {
            error(.unsupportedFeature("'in' and 'out' interface blocks"), at: block.name.span)
            return []
        }
        guard isGlobalScope else {
            error(.qualifierNotAllowed("uniform", reason: "is only allowed at global scope"),
                  at: block.qualifiers.storageSpan ?? block.span)
            return []
        }
        checkInterfaceQualifiers(block.qualifiers, type: nil)
        // The block name may be used for nothing else at global scope (GLSL ES 3.00 §4.3.7).
        let blockName = block.name.name
        if blockName.hasPrefix("gl_") {
            error(.reservedName(blockName), at: block.name.span)
        } else if lookup(blockName) != nil || !declaredBlockNames.insert(blockName).inserted
            || block.instanceName?.name == blockName
        {
            error(.redefinition(blockName), at: block.name.span)
        }
        var fields: [StructType.Field] = []
        var seen: Set<String> = []
        let layout = defaultBlockLayout.applying(block.qualifiers.layout)
        var members: [UniformBlockInterface.Member] = []
        for member in block.members {
            if (member.qualifiers.storage != nil && member.qualifiers.storage != .uniform)
                || member.qualifiers.interpolation != nil
                || member.qualifiers.isInvariant || member.qualifiers.isCentroid
            {
                error(.qualifierNotAllowed(
                    String(member.qualifiers.description.dropLast()),
                    reason: "cannot qualify a uniform block member"), at: member.span)
            }
            for item in member.qualifiers.layout where item.name.name != "row_major" && item.name.name != "column_major" {
                error(.invalidLayout("'\(item.name.name)' is not allowed on a block member"), at: item.span)
            }
            if case .structure(let inner) = member.type.kind {
                error(.embeddedStructDefinition(inner.name?.name ?? "<anonymous>"), at: inner.span)
            }
            let base = resolveType(member.type)
            if base.containsSampler || base == .void {
                error(.invalidVariableType(base, context: "a uniform block member"), at: member.type.span)
            }
            let precision = resolvePrecision(member.type.precision, for: base, at: member.type.span)
            let memberFields = memberFields(member, base: base, precision: precision, seen: &seen)
            let order = layout.applying(member.qualifiers.layout).matrixOrder
            members += memberFields.map { .init(name: $0.name, type: $0.type, precision: $0.precision, matrixOrder: order) }
            fields += memberFields
        }
        uniformBlocks.append(UniformBlockInterface(
            name: blockName, instanceName: block.instanceName?.name, packing: layout.packing,
            matrixOrder: layout.matrixOrder, members: members))
        var declared: [Variable] = []
        if let instance = block.instanceName {
            let blockType = StructType(name: block.name.name, fields: fields, span: block.span)
            blockTypes.insert(ObjectIdentifier(blockType))
            var type = GLSLType.structure(blockType)
            if let a = block.instanceArray { type = arrayType(of: type, a) }
            declared.append(Variable(
                id: makeID(), name: instance.name, type: type, storage: .uniform, precision: nil,
                span: instance.span))
        } else {
            for field in fields {
                declared.append(Variable(
                    id: makeID(), name: field.name, type: field.type, storage: .uniform,
                    precision: field.precision, span: block.span))
            }
        }
        var out: [VariableDeclaration] = []
        for v in declared where declare(v.name, .variable(v), at: v.span ?? block.span) {
            uniforms.append(InterfaceVariable(variable: v))
            out.append(VariableDeclaration(variable: v, initializer: nil, span: block.span))
        }
        return out
    }
}
