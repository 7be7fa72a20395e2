import ShaderSyntax

extension CheckedShader {
    /// The shader as a device whose precision qualifiers have `formats` runs it: every value
    /// the device would hold in fp16 or 10-bit fixed point is rounded to that format, through
    /// the functions `BuiltinFunction.roundToFP16` and `roundToFixed10`.
    ///
    /// Which values are rounded follows the rules of GLSL ES 1.00 §4.5.2 (an operation has
    /// the highest precision of its operands; an operation with no qualified operand takes it
    /// from the expression around it) as Mesa applies them before lowering to fp16, which is
    /// what `glref.py --precision native` measures:
    ///
    /// - A *tree* is an expression joined through operators, swizzles, constructors,
    ///   `?:` branches and the arguments of built-in functions. Array indices, the operands
    ///   of texture lookups, the arguments of user functions and the condition of `?:` start
    ///   trees of their own, and so does every operand of a node that is not a float or bool
    ///   (an `int(x)` conversion, a structure).
    /// - A tree's precision is the highest precision among its variables, texture lookups
    ///   (the sampler's precision), user calls (the declared return precision) and built-in
    ///   calls whose arguments all have a precision (`intBitsToFloat` is always `highp`).
    ///   Constants have none; a tree with none keeps fp32.
    /// - In a tree whose precision's format is not fp32, every variable read, constant and
    ///   operation result is rounded to that format. A tree that is only a variable read is
    ///   left alone, and so is one operation on values read from fp32 storage whose result
    ///   is used at fp32 (`highp float r = u * v;`): llvmpipe computes it in fp32.
    /// - Texels of a `lowp` or `mediump` sampler become fp16 toward zero (`truncateToFP16`),
    ///   as llvmpipe builds them from the unorm bits.
    ///
    /// Each rule was measured on llvmpipe with probe shaders that print the bits of a result
    /// (see the README's "Device profiles").
    /// - A value stored into a `mediump` or `lowp` local or global variable, and a value a
    ///   function returns, is rounded to the format of the variable's (the function's)
    ///   precision.
    ///
    /// Integers are never rounded (Mesa's 16-bit integers are not modelled).
    ///
    /// - Parameter formats: the device's formats; `PrecisionFormats.allFP32` returns the shader
    ///   unchanged.
    /// - Returns: the rewritten shader; its interface (uniforms, varyings, outputs) is the same.
    public func lowered(to formats: PrecisionFormats) -> CheckedShader {
        if formats.isAllFP32 { return self }
        let lowering = PrecisionLowering(formats: formats)
        var shader = rewriting(function: lowering.function, declaration: lowering.declaration)
        shader.precision = formats
        return shader
    }

    /// The shader with every function (each once, `main` too) rewritten by `function` and
    /// every global declaration by `declaration`; its interface, precision and uniform blocks
    /// stay.
    func rewriting(
        function: (CheckedFunction) -> CheckedFunction, declaration: (VariableDeclaration) -> VariableDeclaration
    ) -> CheckedShader {
        var rewritten: [FunctionSymbol: CheckedFunction] = [:]
        for f in functions { rewritten[f.symbol] = function(f) }
        func lookup(_ f: CheckedFunction) -> CheckedFunction { rewritten[f.symbol] ?? function(f) }
        let items = globals.map { item -> GlobalItem in
            switch item {
            case .declarations(let declarations): .declarations(declarations.map(declaration))
            case .function(let f): .function(lookup(f))
            }
        }
        var shader = CheckedShader(
            stage: stage, version: version, globals: items, functions: functions.map(lookup),
            main: lookup(main), uniforms: uniforms, attributes: attributes, varyings: varyings,
            outputs: outputs, samplers: samplers, builtinsUsed: builtinsUsed,
            usesDiscard: usesDiscard, usesDerivatives: usesDerivatives,
            enabledExtensions: enabledExtensions, warnings: warnings)
        shader.precision = precision
        shader.uniformBlocks = uniformBlocks
        return shader
    }
}

/// The rewriting behind `CheckedShader.lowered(to:)`.
struct PrecisionLowering {
    let formats: PrecisionFormats

    /// What a node contributes to the precision of its tree.
    enum State {
        /// No qualified operand (constants, integers, bools).
        case unknown
        /// Cannot be computed at low precision (`intBitsToFloat`, an assignment…).
        case blocked
        /// The highest precision among the operands.
        case precision(PrecisionQualifier)

        func combined(with other: State) -> State {
            switch (self, other) {
            case (.blocked, _), (_, .blocked): .blocked
            case (.precision(let p), .precision(let q)): .precision(max(p, q))
            case (.precision, .unknown): self
            case (.unknown, _): other
            }
        }
    }

    // MARK: Functions and statements

    func function(_ f: CheckedFunction) -> CheckedFunction {
        let returnFormat = storedFormat(f.symbol.returnType, f.symbol.returnPrecision)
        return CheckedFunction(
            symbol: f.symbol, parameters: f.parameters,
            body: mergedCoordinatesRounded(f.body).map { statement($0, returnFormat: returnFormat) },
            callees: f.callees,
            span: f.span)
    }

    func declaration(_ d: VariableDeclaration) -> VariableDeclaration {
        guard let initializer = d.initializer else { return d }
        let format = storedFormat(of: d.variable)
        var value = root(initializer, isStored: format != nil)
        if let format { value = rounded(value, format) }
        return VariableDeclaration(variable: d.variable, initializer: value, span: d.span)
    }

    func statement(_ s: TypedStatement, returnFormat: FloatFormat?) -> TypedStatement {
        func inner(_ t: TypedStatement) -> TypedStatement { statement(t, returnFormat: returnFormat) }
        let kind: TypedStatement.Kind
        switch s.kind {
        case .expression(let e): kind = .expression(root(e))
        case .declarations(let ds): kind = .declarations(ds.map(declaration))
        case .block(let body): kind = .block(body.map(inner))
        case .ifElse(let c, let then, let otherwise):
            kind = .ifElse(root(c), inner(then), otherwise.map(inner))
        case .forLoop(let initializer, let condition, let step, let body):
            kind = .forLoop(
                initializer: initializer.map(inner), condition: condition.map { root($0) },
                step: step.map { root($0) }, body: inner(body))
        case .whileLoop(let c, let body): kind = .whileLoop(root(c), inner(body))
        case .doWhile(let body, let c): kind = .doWhile(inner(body), root(c))
        case .return(let value?):
            var v = root(value, isStored: returnFormat != nil)
            if let returnFormat { v = rounded(v, returnFormat) }
            kind = .return(v)
        case .break, .continue, .discard, .return(nil), .empty: return s
        }
        return TypedStatement(kind: kind, span: s.span)
    }

    // MARK: Precision of trees

    /// `true` for the types a tree may compute in: float and bool scalars, vectors and
    /// matrices. Integers, arrays, structures and samplers end a tree.
    private func joinsTree(_ type: GLSLType) -> Bool {
        switch type.scalarKind {
        case .float, .bool: true
        default: false
        }
    }

    private func isRounded(_ type: GLSLType) -> Bool {
        type.scalarKind == .float
    }

    private func state(of precision: PrecisionQualifier?) -> State {
        precision.map(State.precision) ?? .unknown
    }

    /// The precision a dereference (`v`, `s.m`, `a[i]`) reads with.
    func precision(read e: TypedExpression) -> PrecisionQualifier? {
        switch e.kind {
        case .variable(let v): v.precision
        case .field(let base, let index, _):
            if case .structure(let s) = base.type { s.fields[index].precision } else { nil }
        case .index(let base, _): precision(read: base)
        default: nil
        }
    }

    private func isDereference(_ e: TypedExpression) -> Bool {
        switch e.kind {
        case .variable, .field: true
        case .index(let base, _): base.type.isArray || isDereference(base)
        default: false
        }
    }

    func state(_ e: TypedExpression) -> State {
        guard joinsTree(e.type), !e.isConstant else { return .unknown }
        switch e.kind {
        case .constant: return .unknown
        case .variable(let v): return isRounded(e.type) ? state(of: v.precision) : .unknown
        case .swizzle(let base, _): return state(base)
        case .field: return isRounded(e.type) ? state(of: precision(read: e)) : .unknown
        case .index(let base, _):
            if base.type.isArray { return isRounded(e.type) ? state(of: precision(read: e)) : .unknown }
            return state(base)
        case .unary(_, let x): return state(x)
        case .binary(_, let a, let b): return state(a).combined(with: state(b))
        case .assignment: return .blocked
        case .ternary(_, let a, let b): return state(a).combined(with: state(b))
        case .comma(_, let b): return state(b)
        case .call(let f, _): return state(of: f.returnPrecision)
        case .builtinCall(let overload, let args): return builtinState(overload.function, args)
        case .construct(_, let args):
            return args.reduce(State.unknown) { $0.combined(with: joinsTree($1.type) ? state($1) : .unknown) }
        }
    }

    private func builtinState(_ f: BuiltinFunction, _ args: [TypedExpression]) -> State {
        if f.isTextureLookup { return state(of: args.first.flatMap(precision(read:))) }
        switch f {
        case .intBitsToFloat, .uintBitsToFloat: return .blocked
        case .roundToFP16, .roundToFixed10: return args.first.map(state) ?? .unknown
        default: break
        }
        // A built-in's result has the highest precision of its arguments; one argument
        // without any (other than a constant) makes it highp.
        var highest: PrecisionQualifier?
        for arg in args where !arg.isConstant {
            guard case .precision(let p) = state(arg) else { return .blocked }
            highest = max(highest ?? p, p)
        }
        return state(of: highest)
    }

    /// The format of a tree's root, or `nil` when it stays fp32.
    private func format(of state: State) -> FloatFormat? {
        guard case .precision(let p) = state else { return nil }
        let format = formats.format(of: p)
        return format == .fp32 ? nil : format
    }

    // MARK: Rewriting

    /// Rewrites `e` as the root of a tree.
    ///
    /// - Parameter isStored: `true` when the value goes into a variable the device holds at
    ///   low precision (it is rounded there); `false` when fp32 code uses it.
    func root(_ e: TypedExpression, isStored: Bool = false) -> TypedExpression {
        if e.isConstant { return e }
        if joinsTree(e.type), !isDereference(e), let format = format(of: state(e)) {
            // One operation on values read from fp32 storage, used at fp32: llvmpipe computes
            // it in fp32 (Mesa removes the conversions around it: `u * v`, `sin(x)`, `a < b`
            // stay fp32, while `u * 3.0` and `(u * v) * w` run in fp16).
            if !isStored && isOneOperationOnFP32Values(e) { return descend(e) }
            return inTree(e, format)
        }
        return descend(e)
    }

    /// `true` for an operator, built-in call or constructor whose operands are all variables
    /// (or their components, members, elements) not held at low precision.
    private func isOneOperationOnFP32Values(_ e: TypedExpression) -> Bool {
        let operands: [TypedExpression]
        switch e.kind {
        case .unary(let op, let x) where !op.isIncrementOrDecrement: operands = [x]
        case .binary(_, let a, let b): operands = [a, b]
        case .builtinCall(let o, let args) where !o.function.isTextureLookup && o.function.roundingFormat == nil:
            operands = args
        case .construct(_, let args): operands = args
        default: return false
        }
        return operands.allSatisfy(isFP32Read)
    }

    /// A read of fp32 storage: a uniform, an input, a parameter, a `highp` local, one of
    /// their components.
    private func isFP32Read(_ e: TypedExpression) -> Bool {
        if e.isConstant { return false }
        switch e.kind {
        case .variable(let v): return storedFormat(of: v) == nil
        case .swizzle(let base, _): return isFP32Read(base)
        case .field, .index:
            return isDereference(e) && !hasEffects(e) && (e.rootVariable.map { storedFormat(of: $0) == nil } ?? false)
        default: return false
        }
    }

    /// `e` with each operand rewritten as the root of its own tree.
    private func descend(_ e: TypedExpression) -> TypedExpression {
        let kind: TypedExpression.Kind
        switch e.kind {
        case .constant, .variable: return e
        case .swizzle(let base, let components): kind = .swizzle(root(base), components: components)
        case .field(let base, let index, let name): kind = .field(root(base), index: index, name: name)
        case .index(let base, let i): kind = .index(root(base), root(i))
        case .unary(let op, let x): kind = .unary(op, op.isIncrementOrDecrement ? lvalue(x) : root(x))
        case .binary(let op, let a, let b): kind = .binary(op, root(a), root(b))
        case .assignment(let op, let target, let value): return assignment(op, target, value, e)
        case .ternary(let c, let a, let b): kind = .ternary(root(c), root(a), root(b))
        case .comma(let a, let b): kind = .comma(root(a), root(b))
        case .call(let f, let args): kind = .call(f, userArguments(f, args))
        case .builtinCall(let overload, let args): kind = .builtinCall(overload, builtinArguments(overload, args) { root($0) })
        case .construct(let k, let args): kind = .construct(k, args.map { root($0) })
        }
        return rebuilt(e, kind)
    }

    /// `e` computed inside a tree whose values are rounded to `format`.
    private func inTree(_ e: TypedExpression, _ format: FloatFormat) -> TypedExpression {
        func operand(_ x: TypedExpression) -> TypedExpression {
            joinsTree(x.type) ? inTree(x, format) : root(x)
        }
        if let value = e.constantValue { return constant(value, e, format) }
        switch e.kind {
        case .constant(let value): return constant(value, e, format)
        case .variable(let v):
            // A local the device holds in this format was rounded when it was stored.
            return storedFormat(of: v) == format ? e : rounded(e, format)
        case .swizzle(let base, let components):
            if case .builtinCall(let overload, let args) = base.kind, overload.function.isTextureLookup {
                // Round after the swizzle, so that `texture2D(…).rgb` still samples 3 channels.
                let lookup = rebuilt(base, .builtinCall(overload, args.map { root($0) }))
                return texel(rebuilt(e, .swizzle(lookup, components: components)), format)
            }
            return rebuilt(e, .swizzle(operand(base), components: components))
        case .field, .index:
            if case .index(let base, let i) = e.kind, !base.type.isArray, !isDereference(base) {
                return rebuilt(e, .index(operand(base), root(i)))
            }
            return rounded(descend(e), format)
        case .unary(let op, let x):
            if op.isIncrementOrDecrement { return rounded(descend(e), format) }
            return rounded(rebuilt(e, .unary(op, operand(x))), format)
        case .binary(let op, let a, let b):
            return rounded(rebuilt(e, .binary(op, operand(a), operand(b))), format)
        case .assignment: return descend(e)
        case .ternary(let c, let a, let b):
            return rebuilt(e, .ternary(root(c), operand(a), operand(b)))
        case .comma(let a, let b): return rebuilt(e, .comma(root(a), operand(b)))
        case .call(let f, let args):
            return rounded(rebuilt(e, .call(f, userArguments(f, args))), format)
        case .builtinCall(let overload, let args):
            if overload.function.isTextureLookup {
                return texel(rebuilt(e, .builtinCall(overload, args.map { root($0) })), format)
            }
            if overload.function == .dot, let sum = dotInSteps(args, operand, format) { return sum }
            return rounded(rebuilt(e, .builtinCall(overload, builtinArguments(overload, args, operand))), format)
        case .construct(let k, let args):
            return rounded(rebuilt(e, .construct(k, args.map(operand))), format)
        }
    }

    /// `dot(a, b)` of vectors as Mesa lowers it at low precision: one rounded multiply per
    /// component and rounded additions from the last component to the first,
    /// `(a.z * b.z + a.y * b.y) + a.x * b.x` (measured on llvmpipe's native precision; the
    /// fp32 `dot` sums in the same order). `nil` when an operand has effects or is not a
    /// vector, so reading it once per component would change what it does.
    private func dotInSteps(
        _ args: [TypedExpression], _ operand: (TypedExpression) -> TypedExpression, _ format: FloatFormat
    ) -> TypedExpression? {
        guard args.count == 2, case .vector(.float, let n) = args[0].type, n >= 2,
              args.allSatisfy({ $0.isConstant || !hasEffects($0) }) else { return nil }
        let a = operand(args[0]), b = operand(args[1])
        func component(_ v: TypedExpression, _ k: Int) -> TypedExpression {
            if let value = v.constantValue {
                let c = ConstantValue(type: .float, components: [value.components[k]])
                return TypedExpression(.constant(c), type: .float, constant: c, span: v.span)
            }
            return TypedExpression(.swizzle(v, components: [k]), type: .float, span: v.span)
        }
        func step(_ op: BinaryOperator, _ x: TypedExpression, _ y: TypedExpression) -> TypedExpression {
            rounded(TypedExpression(.binary(op, x, y), type: .float, span: x.span), format)
        }
        var sum = step(.multiply, component(a, n - 1), component(b, n - 1))
        for k in stride(from: n - 2, through: 0, by: -1) {
            sum = step(.add, sum, step(.multiply, component(a, k), component(b, k)))
        }
        return sum
    }

    /// `target = value` or `target op= value`, with the stored value rounded to the format
    /// of a `mediump` or `lowp` local or global.
    private func assignment(
        _ op: BinaryOperator?, _ target: TypedExpression, _ value: TypedExpression,
        _ e: TypedExpression
    ) -> TypedExpression {
        let place = lvalue(target)
        let stored = target.rootVariable.flatMap(storedFormat(of:)).flatMap { isRounded(target.type) ? $0 : nil }
        guard let op else {
            var v = root(value, isStored: stored != nil)
            if let stored { v = rounded(v, stored) }
            return rebuilt(e, .assignment(nil, place, v))
        }
        // `x op= y` is `x = x op y` when reading `x` twice changes nothing.
        let combined = TypedExpression(.binary(op, target, value), type: target.type, span: e.span)
        guard !hasEffects(target), stored != nil || format(of: state(combined)) != nil else {
            return rebuilt(e, .assignment(op, place, root(value)))
        }
        var v = root(combined, isStored: stored != nil)
        if let stored { v = rounded(v, stored) }
        return rebuilt(e, .assignment(nil, place, v))
    }

    /// A built-in call's arguments rewritten by `rewrite`, except `modf`'s `out` argument,
    /// which stays an l-value.
    private func builtinArguments(
        _ overload: BuiltinOverload, _ args: [TypedExpression], _ rewrite: (TypedExpression) -> TypedExpression
    ) -> [TypedExpression] {
        args.enumerated().map { k, arg in overload.function == .modf && k == 1 ? lvalue(arg) : rewrite(arg) }
    }

    /// A user call's arguments: `out` and `inout` ones stay l-values.
    private func userArguments(_ f: FunctionSymbol, _ args: [TypedExpression]) -> [TypedExpression] {
        zip(f.parameters, args).map { parameter, arg in
            parameter.qualifier == .in ? root(arg) : lvalue(arg)
        }
    }

    /// An l-value with its index expressions rewritten.
    private func lvalue(_ e: TypedExpression) -> TypedExpression {
        switch e.kind {
        case .swizzle(let base, let components): rebuilt(e, .swizzle(lvalue(base), components: components))
        case .field(let base, let index, let name): rebuilt(e, .field(lvalue(base), index: index, name: name))
        case .index(let base, let i): rebuilt(e, .index(lvalue(base), root(i)))
        default: e
        }
    }

    /// `true` when evaluating `e` writes something or calls a function.
    private func hasEffects(_ e: TypedExpression) -> Bool {
        switch e.kind {
        case .constant, .variable: false
        case .swizzle(let b, _), .field(let b, _, _): hasEffects(b)
        case .index(let b, let i): hasEffects(b) || hasEffects(i)
        default: true
        }
    }

    /// The format values stored into `v` are rounded to, or `nil` for fp32 (and for
    /// variables a device does not hold at its precision: uniforms, inputs, outputs).
    func storedFormat(of v: Variable) -> FloatFormat? {
        switch v.storage {
        case .local, .global: storedFormat(v.type, v.precision)
        default: nil
        }
    }

    private func storedFormat(_ type: GLSLType, _ precision: PrecisionQualifier?) -> FloatFormat? {
        guard isRounded(type), let precision else { return nil }
        let format = formats.format(of: precision)
        return format == .fp32 ? nil : format
    }

    // MARK: Nodes

    private func rebuilt(_ e: TypedExpression, _ kind: TypedExpression.Kind) -> TypedExpression {
        TypedExpression(kind, type: e.type, constant: e.constantValue, span: e.span)
    }

    /// A texture lookup's result at `format`: llvmpipe makes fp16 texels by cutting the
    /// unorm value's bits (toward zero), not by rounding.
    private func texel(_ e: TypedExpression, _ format: FloatFormat) -> TypedExpression {
        guard format == .fp16, isRounded(e.type) else { return rounded(e, format) }
        let overload = BuiltinOverload(function: .truncateToFP16, parameterTypes: [e.type], returnType: e.type)
        return TypedExpression(.builtinCall(overload, [e]), type: e.type, span: e.span)
    }

    /// `e` passed through the rounding function of `format` (once).
    func rounded(_ e: TypedExpression, _ format: FloatFormat) -> TypedExpression {
        guard isRounded(e.type), let function = BuiltinFunction.rounding(to: format) else { return e }
        if let value = e.constantValue { return constant(value, e, format) }
        if case .builtinCall(let o, _) = e.kind, o.function.roundingFormat == format { return e }
        let overload = BuiltinOverload(function: function, parameterTypes: [e.type], returnType: e.type)
        return TypedExpression(.builtinCall(overload, [e]), type: e.type, span: e.span)
    }

    /// A constant with its float components rounded to `format`.
    private func constant(_ value: ConstantValue, _ e: TypedExpression, _ format: FloatFormat) -> TypedExpression {
        guard isRounded(value.type) else { return e }
        let components = value.components.map { c -> ScalarValue in
            if case .float(let x) = c { .float(format.round(x)) } else { c }
        }
        let result = ConstantValue(type: value.type, components: components)
        return TypedExpression(.constant(result), type: e.type, constant: result, span: e.span)
    }
}
