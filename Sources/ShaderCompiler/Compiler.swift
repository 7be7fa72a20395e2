import ShaderDiagnostics
import ShaderSemantics
import ShaderSyntax

/// Compiles checked shaders into closure programs.
public enum Compiler {
    /// The most statements and expression nodes a program may have once every call is
    /// inlined; past it, compilation fails with a diagnostic instead of taking minutes.
    public static let inlinedSizeLimit = 1 << 19

    /// Lowers a checked shader to a `Program`.
    ///
    /// User functions are inlined at each call (GLSL ES has no recursion); variables that are
    /// never assigned after their declaration are not copied; uniform and constant expressions
    /// go to the per-draw stage. Fragment shaders write `gl_FragColor` (or `gl_FragData[0]`);
    /// vertex shaders write `gl_Position` and their varyings as program outputs.
    ///
    /// - Throws: `DiagnosticsError` for a construct the compiler does not support (desktop-only
    ///   built-ins such as `ftransform`, arrays of samplers, dynamic indices nested in dynamic
    ///   indices), or a program too large once calls are inlined (`inlinedSizeLimit`).
    public static func compile(_ shader: CheckedShader) throws(DiagnosticsError) -> Program {
        let lowering = Lowering(shader)
        do {
            // Folding constants follows the same denormal rule as shading.
            try DenormalFlushing.perform { try lowering.run() }
        } catch let e as Unsupported {
            throw DiagnosticsError([.error(e.message, at: e.span)])
        } catch {
            throw DiagnosticsError([.error("internal error: \(error)", at: nil)])
        }
        return lowering.builder.finish(precision: shader.precision)
    }
}

/// A construct the compiler cannot lower.
struct Unsupported: Error {
    let message: String
    let span: SourceSpan?
}

/// What a variable is bound to while lowering.
enum Binding {
    /// Components (lane slots for storage; anything for never-assigned values).
    case value(Value)
    /// A sampler uniform.
    case sampler(Sampler)
    /// An array of sampler uniforms, one sampler per element (named `name[i]`).
    case samplers([Sampler])
}

/// An assignable location.
enum LValue {
    /// Lane slots.
    case direct([Int])
    /// Lane slots that are read but never written (a vector component out of range).
    case readOnly([Int])
    /// Components `components` of element `index` of a lane array.
    case element(RegisterArray, index: Value, components: [Int])
    /// Like `element`, on a scratch copy of `outer`: non-consecutive lane slots (`v.wzyx[i]`)
    /// or a dynamically indexed element indexed again (`h[j][i]`, `legs[k].angles[j]`). Reads
    /// and writes refresh the copy from `outer` first; a write stores the whole copy back.
    indirect case nested(RegisterArray, index: Value, components: [Int], outer: LValue)
}

/// The per-call state of an inlined function.
struct Frame {
    /// Where `return value;` stores, when the function has early returns.
    var result: Value?
}

final class Lowering {
    let shader: CheckedShader
    let builder = ProgramBuilder()
    var bindings: [Int: Binding] = [:]
    /// Variables assigned somewhere after their declaration (they need storage).
    var assigned: Set<Int> = []
    /// Outputs (`out` variables, `gl_FragColor`, `gl_FragData`, …) written inside control flow
    /// or a function, in first-write order: they are declared (and zeroed) before `main`'s code.
    /// Outputs written only in `main`'s straight-line code are declared at their first store,
    /// where a full store can drop the zeroing.
    var earlyOutputs: [Variable] = []
    /// Nesting while collecting assignments: inside a branch, a loop or a function body.
    var collectingNested = 0
    /// Lane slots owned by variables (values read from them must be copied before binding).
    var variableSlots: Set<Int> = []
    var functions: [Int: CheckedFunction] = [:]
    var frames: [Frame] = []
    /// Functions whose calls share one lowered body (see `Compiler+Inlining.swift`).
    var sharedFunctions: Set<Int> = []
    var sharedBodies: [Int: (kernel: EmittedStep, mask: Int)] = [:]
    /// Which arrays llvmpipe reads from its constant buffer (what an index out of range reads).
    let arrayStorage: MesaArrayStorage
    /// Versions that live in their variable's storage (`MesaVersioning.restoredVersions`).
    let restoredVersions: [Int: RestoredVersion]
    /// Locals whose value a later run of their declaration sees (`UndefinedReads.loopCarried`):
    /// their storage is not reset at their declaration.
    let loopCarried: Set<Int>
    /// The storage of each loop-carried local, per call path: one for every copy of its
    /// declaration lowered at that place (the iterations of a loop written out too), as Mesa
    /// has one variable per local and call site.
    var carriedStorage: [CarriedKey: Value] = [:]
    struct CarriedKey: Hashable {
        var variable: Int
        var path: [CallSite]
    }
    /// The calls the code being lowered is inlined through, outermost first.
    var callPath: [CallSite] = []

    init(_ shader: CheckedShader) {
        self.shader = shader
        arrayStorage = MesaArrayStorage(shader)
        for f in shader.functions { functions[f.symbol.id] = f }
        functions[shader.main.symbol.id] = shader.main
        restoredVersions = shader.restoredVersions
        loopCarried = shader.loopCarriedLocals
    }

    func unsupported(_ message: String, _ span: SourceSpan?) -> Unsupported {
        Unsupported(message: message, span: span)
    }

    // MARK: Driver

    func run() throws {
        try checkInlinedSize()
        collectingNested = 1  // a function's body may run inside a loop of its caller
        for f in shader.functions { collectAssignments(f.body) }
        collectingNested = 0
        collectAssignments(shader.main.body)
        // Interface.
        for u in shader.uniforms {
            let v = u.variable
            switch u.elementType {
            case .sampler2D, .samplerCube, .otherSampler:
                guard let (kind, texelKind) = Self.samplerKind(of: u.elementType) else {
                    continue  // declared, never read: a lookup of it is refused where it is
                }
                if let n = u.arraySize {
                    bindings[v.id] = .samplers((0..<n).map {
                        builder.sampler("\(v.name)[\($0)]", kind: kind, texelKind: texelKind)
                    })
                } else {
                    bindings[v.id] = .sampler(builder.sampler(v.name, kind: kind, texelKind: texelKind))
                }
            default:
                let kind = u.elementType.scalarKind ?? .float
                // A structure's members convert by their own kinds (in native-integer
                // versions an int member set as a float would read as its bits).
                let isStructure = u.elementType.scalarKind == nil && nativeIntegers
                bindings[v.id] = .value(builder.uniform(
                    v.name, width: v.type.componentCount, kind: kind,
                    componentKinds: isStructure ? v.type.componentKinds : nil,
                    holdsIntegerBits: nativeIntegers && (kind.isInteger || isStructure)))
            }
        }
        for a in shader.attributes {
            bindings[a.variable.id] = .value(builder.input(a.name, width: a.variable.type.componentCount))
        }
        for v in shader.varyings {
            let width = v.variable.type.componentCount
            if shader.stage == .vertex {
                let out = builder.output(v.name, width: width)
                variableSlots.formUnion(slots(of: out))
                bindings[v.variable.id] = .value(out)
            } else {
                bindings[v.variable.id] = .value(builder.input(
                    v.name, width: width, isFlat: v.variable.interpolation == .flat))
            }
        }
        // Globals, in source order.
        for item in shader.globals {
            guard case .declarations(let decls) = item else { continue }
            for d in decls {
                if d.variable.storage == .uniform, let i = d.initializer { try initializeUniform(d, i) }
            }
            for d in decls where bindings[d.variable.id] == nil {
                switch d.variable.storage {
                case .uniform, .attribute, .varying, .output: continue
                default: try declare(d)
                }
            }
        }
        // Outputs written inside control flow are declared (and zeroed) here: declared at their
        // first use inside a loop, the zeroing would run every iteration and keep only the
        // last one's stores (`for (…) c[i] = …;` lost every element but the last).
        for v in earlyOutputs where bindings[v.id] == nil { _ = try value(of: v, v.span) }
        frames.append(Frame(result: nil))
        if countReturns(shader.main.body) == 0 {
            // No early return: main runs in the root region, with plain stores.
            try lowerStatements(shader.main.body)
        } else {
            builder.function(nested { try self.lowerStatements(self.shader.main.body) })
        }
        frames.removeLast()
        if let pending { throw pending }
    }

    var pending: Error?

    // MARK: Assignment analysis

    func collectAssignments(_ statements: [TypedStatement]) {
        for s in statements { collect(s) }
    }

    func collect(_ s: TypedStatement) {
        switch s.kind {
        case .expression(let e): collect(e)
        case .declarations(let ds): for d in ds { if let i = d.initializer { collect(i) } }
        case .block(let b): collectAssignments(b)
        case .ifElse(let c, let t, let e):
            collect(c)
            collectingNested += 1
            collect(t); if let e { collect(e) }
            collectingNested -= 1
        case .forLoop(let i, let c, let st, let body):
            if let i { collect(i) }
            collectingNested += 1
            if let c { collect(c) }
            if let st { collect(st) }
            collect(body)
            collectingNested -= 1
        case .whileLoop(let c, let b):
            collectingNested += 1
            collect(c); collect(b)
            collectingNested -= 1
        case .doWhile(let b, let c):
            collectingNested += 1
            collect(b); collect(c)
            collectingNested -= 1
        case .return(let e): if let e { collect(e) }
        default: break
        }
    }

    func collect(_ e: TypedExpression) {
        switch e.kind {
        case .constant, .variable: break
        case .swizzle(let b, _), .field(let b, _, _): collect(b)
        case .index(let b, let i): collect(b); collect(i)
        case .unary(let op, let x):
            if op.isIncrementOrDecrement, let v = x.rootVariable { assigned.insert(v.id) }
            collect(x)
        case .binary(_, let a, let b), .comma(let a, let b): collect(a); collect(b)
        case .assignment(_, let l, let r):
            if let v = l.rootVariable {
                assigned.insert(v.id)
                var isOutput = false
                switch v.storage {
                case .builtin, .output: isOutput = true
                default: break
                }
                if isOutput, collectingNested > 0, !earlyOutputs.contains(where: { $0.id == v.id }) { earlyOutputs.append(v) }
            }
            collect(l); collect(r)
        case .ternary(let c, let a, let b): collect(c); collect(a); collect(b)
        case .call(let f, let args):
            for (p, a) in zip(f.parameters, args) {
                if p.qualifier != .in, let v = a.rootVariable { assigned.insert(v.id) }
                collect(a)
            }
        case .builtinCall(let o, let args):
            if let k = o.function.outParameterIndex, let v = args[k].rootVariable { assigned.insert(v.id) }
            for a in args { collect(a) }
        case .construct(_, let args): for a in args { collect(a) }
        }
    }

    // MARK: Declarations

    func slots(of value: Value) -> [Int] {
        value.components.compactMap { if case .lane(let s) = $0 { return s }; return nil }
    }

    /// A variable with storage (consecutive lane slots), initialised.
    func makeStorage(width: Int, initialValue: Value?) -> Value {
        let v = builder.variable(width: width, initialValue: initialValue)
        variableSlots.formUnion(slots(of: v))
        return v
    }

    /// A value safe to bind to a name: copied if it reads variable storage, and protected
    /// from later retargeting otherwise (see "Lane-slot invariants" in `ProgramBuilder`).
    func snapshot(_ value: Value) -> Value {
        let value = detached(value)
        builder.protect(value)
        return value
    }

    /// `value`, copied if it reads variable storage (a later store could change it).
    func detached(_ value: Value) -> Value {
        let readsStorage = value.components.contains {
            if case .lane(let s) = $0 { return variableSlots.contains(s) }
            return false
        }
        return readsStorage ? builder.materialize(value) : value
    }

    func declare(_ d: VariableDeclaration) throws {
        let v = d.variable
        if v.type.containsSampler { throw unsupported("sampler variables other than uniforms are not supported", d.span) }
        if let c = v.constantValue {
            bindings[v.id] = .value(constant(c))
            return
        }
        if d.initializer == nil, loopCarried.contains(v.id) {
            let key = CarriedKey(variable: v.id, path: callPath)
            let storage = carriedStorage[key] ?? builder.persistentVariable(width: v.type.componentCount)
            carriedStorage[key] = storage
            variableSlots.formUnion(slots(of: storage))
            bindings[v.id] = .value(storage)
            return
        }
        let initial = try d.initializer.map { try lower($0) }
        if let restored = restoredVersions[v.id], let initial, initial.constantValues == nil {
            // A phi's source in NIR: written into the variable's storage for the active lanes;
            // the components no phi reads (and constant ones) stay the value every lane computes.
            let storage = try value(of: restored.original, d.span)
            if slots(of: storage).count == storage.width {
                let stored = initial.components.indices.filter {
                    restored.isStored($0) && !initial.components[$0].isConstant
                }
                let computed = stored.count == initial.width ? initial : snapshot(initial)
                builder.store(initial, into: storage)
                bindings[v.id] = .value(Value(initial.components.indices.map {
                    stored.contains($0) ? storage.components[$0] : computed.components[$0]
                }))
                return
            }
        }
        if !assigned.contains(v.id), let initial {
            bindings[v.id] = .value(snapshot(initial))
            return
        }
        bindings[v.id] = .value(makeStorage(width: v.type.componentCount, initialValue: initial))
    }

    /// Stores a GLSL 1.20 uniform initializer in the initial uniform file, so the uniform starts
    /// with that value until the caller sets it.
    func initializeUniform(_ d: VariableDeclaration, _ initializer: TypedExpression) throws {
        guard case .value(let slots)? = bindings[d.variable.id] else { return }
        let values = try initializer.constantValue.map { constant($0).components }
            ?? lower(initializer).components
        for (slot, value) in zip(slots.components, values) {
            guard case .uniform(let s) = slot, case .constant(let f) = value else {
                throw unsupported("uniform initializers must be constant expressions", d.span)
            }
            builder.uniformFile[s] = f
        }
    }

    func constant(_ c: ConstantValue) -> Value {
        guard nativeIntegers else { return .constant(c.components.map(\.floatValue)) }
        return .constant(c.components.map { component in
            switch component {
            case .int, .uint: Float(bitPattern: component.integerBits)
            default: component.floatValue
            }
        })
    }

    /// `true` when ints and uints are 32-bit values held as their bits (GLSL ES 3.00, desktop
    /// 1.30+); before, ints are floats holding whole numbers.
    var nativeIntegers: Bool { shader.version.hasNativeIntegers }

    /// `true` when values of `type` are integers held as bits.
    func holdsBits(_ type: GLSLType) -> Bool { nativeIntegers && type.scalarKind?.isInteger == true }

    /// An index as the float the indexing kernels take: native integers are converted.
    func floatIndex(_ index: Value, _ type: GLSLType) -> Value {
        guard holdsBits(type) else { return index }
        return builder.unary(type.scalarKind == .uint ? .uintToFloat : .intToFloat, index)
    }

    // MARK: Statements

    func lowerStatements(_ statements: [TypedStatement]) throws {
        for s in statements { try lower(s) }
    }

    /// Builds a nested block whose errors surface after the builder's closure returns.
    func nested(_ body: @escaping () throws -> Void) -> () -> Void {
        return { [self] in
            do { try body() } catch { if pending == nil { pending = error } }
        }
    }

    func lower(_ s: TypedStatement) throws {
        switch s.kind {
        case .expression(let e): try lowerForEffect(e)
        case .declarations(let ds): for d in ds { try declare(d) }
        case .block(let b): try lowerStatements(b)
        case .ifElse(let c, let t, let e):
            let condition = try lower(c)
            let neighbours = e?.readsNeighbouringLanes(functionBody: { [self] in functions[$0.id]?.body }) ?? false
            builder.ifThen(
                condition, then: nested { try self.lower(t) }, else: e.map { e in nested { try self.lower(e) } },
                elseReadsNeighbours: neighbours)
        case .forLoop(let initializer, let condition, let step, let body):
            if let initializer, let (v, values) = MesaLoopUnrolling.unrolledCounter(
                initializer, condition, step, body, functionBody: { [self] in functions[$0.id]?.body }) {
                try lowerUnrolled(initializer, v, values, body, counterIsKnown: true)
                break
            }
            if let initializer, let (v, values) = unrolledIterations(initializer, condition, step, body) {
                try lowerUnrolled(initializer, v, values, body)
                break
            }
            if let initializer, try lowerCounted(initializer, condition, step, body) { break }
            if let initializer { try lower(initializer) }
            builder.loop(
                while: condition.map { c in { [self] in evaluate(c) } },
                body: nested { try self.lower(body) },
                step: step.map { st in nested { try self.lowerForEffect(st) } }
            )
        case .whileLoop(let c, let body):
            builder.loop(while: { [self] in evaluate(c) }, body: nested { try self.lower(body) })
        case .doWhile(let body, let c):
            builder.loop(while: { [self] in evaluate(c) }, testsFirst: false, body: nested { try self.lower(body) })
        case .break: builder.breakLoop()
        case .continue: builder.continueLoop()
        case .discard: builder.discardFragment()
        case .return(let e):
            if let e, let result = frames.last?.result {
                builder.store(try lower(e), into: result)
            } else if let e {
                _ = try lower(e)
            }
            builder.returnFromFunction()
        case .empty: break
        }
        if let pending { throw pending }
    }

    // MARK: Expressions

    /// Lowers a loop condition inside the builder's closure, recording an error for later.
    func evaluate(_ e: TypedExpression) -> Value {
        do { return try lower(e) } catch {
            if pending == nil { pending = error }
            return .constant(0)
        }
    }

    func lower(_ e: TypedExpression) throws -> Value {
        if let c = e.constantValue { return constant(c) }
        switch e.kind {
        case .constant(let c): return constant(c)
        case .variable(let v): return try value(of: v, e.span)
        case .swizzle(let b, let comps):
            if case .builtinCall(let overload, let args) = b.kind, overload.function.isTextureLookup {
                // texture2D(…).rgb: sample only the channels the swizzle reads.
                return try builtin(overload, args, b.span, channels: comps)
            }
            return try lower(b).swizzled(comps)
        case .field(let b, let index, _):
            let base = try lower(b)
            let (offset, width) = fieldRange(b.type, index)
            return Value(Array(base.components[offset..<(offset + width)]))
        case .index(let b, let i):
            let base = try lower(b)
            let width = b.type.indexedType?.componentCount ?? 1
            let count = b.type.indexableCount ?? 1
            let index = floatIndex(try lower(i), i.type)
            if let k = index.constantValues?.first {
                // Known when compiling (a constant, or a variable never assigned): the same
                // out-of-range rule as per lane.
                guard let j = arrayStorage.rule(indexing: b).readElement(k, count: count) else {
                    return .constant(Array(repeating: 0, count: width))
                }
                return Value(Array(base.components[(j * width)..<((j + 1) * width)]))
            }
            return builder.load(arrayView(base, elementWidth: width, count: count, rule: arrayStorage.rule(indexing: b)), at: index)
        case .unary(let op, let x):
            switch op {
            case .plus: return try lower(x)
            case .negate: return builder.unary(holdsBits(x.type) ? .intNegate : .negate, try lower(x))
            case .logicalNot: return builder.unary(.logicalNot, try lower(x))
            case .bitwiseNot: return builder.unary(.bitwiseNot, try lower(x))
            case .preIncrement, .preDecrement, .postIncrement, .postDecrement:
                return try increment(op, x, keepsValue: true)
            }
        case .binary(let op, let a, let b):
            if (op == .logicalAnd || op == .logicalOr) && hasSideEffects(b) {
                let result = makeStorage(width: 1, initialValue: try lower(a))
                let condition = op == .logicalAnd ? result : builder.unary(.logicalNot, result)
                builder.ifThen(condition, then: nested { self.builder.store(try self.lower(b), into: result) })
                if let pending { throw pending }
                return result
            }
            return try binary(op, try lower(a), try lower(b), type: a.type)
        case .assignment(let op, let l, let r):
            return try assignment(op, l, r, keepsValue: true)
        case .ternary(let c, let a, let b):
            let condition = try lower(c)
            if !hasSideEffects(a) && !hasSideEffects(b) {
                return builder.select(condition, try lower(a), try lower(b))
            }
            let result = makeStorage(width: e.type.componentCount, initialValue: nil)
            builder.ifThen(condition, then: nested { self.builder.store(try self.lower(a), into: result) },
                           else: nested { self.builder.store(try self.lower(b), into: result) })
            if let pending { throw pending }
            return result
        case .comma(let a, let b):
            try lowerForEffect(a)
            return try lower(b)
        case .call(let f, let args): return try call(f, args, e.span)
        case .builtinCall(let overload, let args): return try builtin(overload, args, e.span)
        case .construct(let kind, let args): return try construct(kind, args, type: e.type)
        }
    }

    /// Lowers `e` for its effects alone (an expression statement, a loop's step, the left of
    /// a comma): an assignment's or increment's value is then not kept.
    func lowerForEffect(_ e: TypedExpression) throws {
        switch e.kind {
        case .assignment(let op, let l, let r): _ = try assignment(op, l, r, keepsValue: false)
        case .unary(let op, let x) where op.isIncrementOrDecrement:
            _ = try increment(op, x, keepsValue: false)
        case .comma(let a, let b):
            try lowerForEffect(a)
            try lowerForEffect(b)
        default: _ = try lower(e)
        }
    }

    /// `l op= r`. Its value, when kept, is a copy of what was stored: the variable itself
    /// could be written again before the value is read (`vec2(s += 0.1, s += 0.1)` is
    /// `(s0 + 0.1, s0 + 0.2)`, not the last sum twice).
    func assignment(_ op: ShaderSemantics.BinaryOperator?, _ l: TypedExpression, _ r: TypedExpression, keepsValue: Bool) throws -> Value {
        let place: LValue
        if op == nil, case .variable = l.kind {
            // `x = e`: e first, so that the zero initialisation of an output declared by
            // this first use (`gl_FragColor = …`) is followed directly by the store,
            // which drops it. Naming a variable has no side effects to reorder.
            let value = try lower(r)
            place = try lvalue(l)
            write(place, value)
        } else {
            place = try lvalue(l)
            var value = try lower(r)
            if let op { value = try binary(op, read(place), value, type: l.type) }
            write(place, value)
        }
        return keepsValue ? detached(read(place)) : read(place)
    }

    /// `++x`, `--x`, `x++`, `x--`; a prefix form's value, when kept, is a copy (as for
    /// `assignment`), a postfix form's the old value.
    func increment(_ op: ShaderSemantics.UnaryOperator, _ x: TypedExpression, keepsValue: Bool) throws -> Value {
        let place = try lvalue(x)
        let old = builder.materialize(read(place))
        let isIncrement = op == .preIncrement || op == .postIncrement
        let new =
            holdsBits(x.type)
            ? builder.binary(isIncrement ? .intAdd : .intSubtract, old, constant(.int(1)))
            : builder.binary(isIncrement ? .add : .subtract, old, .constant(1))
        write(place, new)
        guard op == .preIncrement || op == .preDecrement else { return old }
        return keepsValue ? detached(read(place)) : read(place)
    }

    func binary(_ op: ShaderSemantics.BinaryOperator, _ a: Value, _ b: Value, type: GLSLType) throws -> Value {
        if nativeIntegers, let value = integerBinary(op, a, b, type: type) {
            return value
        }
        switch op {
        case .add: return builder.add(a, b)
        case .subtract: return builder.subtract(a, b)
        case .multiply: return builder.multiply(a, b)
        case .divide: return builder.binary(type.scalarKind == .int ? .integerDivide : .divide, a, b)
        case .matrixTimesMatrix:
            guard case .matrix(_, let rows) = type else { return builder.matrixTimesMatrix(a, b) }
            return builder.matrixTimesMatrix(a, b, rows: rows)
        case .matrixTimesVector: return builder.matrixTimesVector(a, b)
        case .vectorTimesMatrix: return builder.vectorTimesMatrix(a, b)
        case .less: return builder.binary(.less, a, b)
        case .greater: return builder.binary(.greater, a, b)
        case .lessEqual: return builder.binary(.lessEqual, a, b)
        case .greaterEqual: return builder.binary(.greaterEqual, a, b)
        case .equal: return builder.call(.all, builder.binary(.equal, a, b))
        case .notEqual: return builder.unary(.logicalNot, builder.call(.all, builder.binary(.equal, a, b)))
        case .logicalAnd: return builder.binary(.logicalAnd, a, b)
        case .logicalOr: return builder.binary(.logicalOr, a, b)
        case .logicalXor: return builder.binary(.logicalXor, a, b)
        case .remainder, .shiftLeft, .shiftRight, .bitwiseAnd, .bitwiseOr, .bitwiseXor:
            throw unsupported("'\(op.rawValue)' needs integers", nil)
        }
    }

    /// Operators on native integers (and `==` on values holding any), or `nil` for the float
    /// and bool cases. `type` is the left operand's (a shift's count may be of the other kind).
    func integerBinary(_ op: ShaderSemantics.BinaryOperator, _ a: Value, _ b: Value, type: GLSLType) -> Value? {
        if op == .equal || op == .notEqual {
            let kinds = type.componentKinds
            guard kinds.contains(where: \.isInteger) else { return nil }
            let parts = (0..<a.width).map { k in
                builder.binary(kinds[k].isInteger ? .bitsEqual : .equal, a[k], b[k])
            }
            let all = builder.call(.all, .concatenating(parts))
            return op == .equal ? all : builder.unary(.logicalNot, all)
        }
        guard let kind = type.scalarKind, kind.isInteger, !type.isMatrix else { return nil }
        let isUnsigned = kind == .uint
        switch op {
        case .add: return builder.binary(.intAdd, a, b)
        case .subtract: return builder.binary(.intSubtract, a, b)
        case .multiply: return builder.binary(.intMultiply, a, b)
        case .divide: return builder.binary(isUnsigned ? .uintDivide : .nativeIntDivide, a, b)
        case .remainder: return builder.binary(.intRemainder, a, b)
        case .bitwiseAnd: return builder.binary(.bitwiseAnd, a, b)
        case .bitwiseOr: return builder.binary(.bitwiseOr, a, b)
        case .bitwiseXor: return builder.binary(.bitwiseXor, a, b)
        case .shiftLeft: return builder.binary(.shiftLeft, a, b)
        case .shiftRight: return builder.binary(isUnsigned ? .shiftRightLogical : .shiftRightArithmetic, a, b)
        case .less: return builder.binary(isUnsigned ? .uintLess : .intLess, a, b)
        case .lessEqual: return builder.binary(isUnsigned ? .uintLessEqual : .intLessEqual, a, b)
        case .greater: return builder.binary(isUnsigned ? .uintGreater : .intGreater, a, b)
        case .greaterEqual: return builder.binary(isUnsigned ? .uintGreaterEqual : .intGreaterEqual, a, b)
        default: return nil
        }
    }

    func hasSideEffects(_ e: TypedExpression) -> Bool {
        if e.constantValue != nil { return false }
        switch e.kind {
        case .constant, .variable: return false
        case .swizzle(let b, _), .field(let b, _, _): return hasSideEffects(b)
        case .index(let b, let i): return hasSideEffects(b) || hasSideEffects(i)
        case .unary(let op, let x): return op.isIncrementOrDecrement || hasSideEffects(x)
        case .binary(_, let a, let b), .comma(let a, let b): return hasSideEffects(a) || hasSideEffects(b)
        case .assignment, .call: return true
        case .ternary(let c, let a, let b): return hasSideEffects(c) || hasSideEffects(a) || hasSideEffects(b)
        case .builtinCall(let o, let args):
            return o.function.outParameterIndex != nil || args.contains(where: hasSideEffects)
        case .construct(_, let args): return args.contains(where: hasSideEffects)
        }
    }

    func fieldRange(_ type: GLSLType, _ index: Int) -> (offset: Int, width: Int) {
        guard case .structure(let s) = type else { return (0, 1) }
        var offset = 0
        for k in 0..<index { offset += s.fields[k].type.componentCount }
        return (offset, s.fields[index].type.componentCount)
    }

    /// A per-lane indexable view of `base`: its own slots when consecutive, else a copy.
    /// `rule` says what an index out of range does (array, matrix or vector).
    func arrayView(_ base: Value, elementWidth: Int, count: Int, rule: OutOfRangeIndex) -> RegisterArray {
        func consecutive(_ first: Int, _ isUniform: Bool) -> Bool {
            for (k, c) in base.components.enumerated() {
                switch c {
                case .lane(let s) where !isUniform && s == first + k: continue
                case .uniform(let s) where isUniform && s == first + k: continue
                default: return false
                }
            }
            return true
        }
        if case .lane(let s) = base.components[0], consecutive(s, false) {
            return RegisterArray(base: s, elementWidth: elementWidth, count: count, isUniform: false, outOfRange: rule)
        }
        if case .uniform(let s) = base.components[0], consecutive(s, true) {
            return RegisterArray(base: s, elementWidth: elementWidth, count: count, isUniform: true, outOfRange: rule)
        }
        var copy = builder.array(elementWidth: elementWidth, count: count)
        copy.outOfRange = rule
        builder.store(base, into: copy.allComponents)
        return copy
    }

    func value(of v: Variable, _ span: SourceSpan?) throws -> Value {
        if let b = bindings[v.id] {
            guard case .value(let value) = b else { throw unsupported("a sampler can only be passed to texture functions", span) }
            return value
        }
        if case .output(let location) = v.storage {
            // A fragment `out`: the draw buffer at `location` (location 0 is what `gl_FragColor`
            // is in GLSL ES 1.00); an array takes one location per element.
            var element = v.type, count = 1
            if case .array(let e, let n) = v.type { (element, count) = (e, n) }
            guard element.scalarKind == .float else {
                throw unsupported(
                    "integer fragment outputs need integer colour buffers, which Shade does not have yet",
                    span)
            }
            let value = builder.output(
                v.name, width: v.type.componentCount, location: location, elementCount: count)
            variableSlots.formUnion(slots(of: value))
            bindings[v.id] = .value(value)
            return value
        }
        if case .builtin(let b) = v.storage {
            let value: Value
            switch b {
            case .glFragCoord: value = builder.fragCoord
            case .glFrontFacing: value = builder.frontFacing
            case .glFragColor: value = builder.output("gl_FragColor", width: 4, location: 0)
            case .glFragData:
                value = builder.output(
                    "gl_FragData", width: v.type.componentCount, location: 0,
                    elementCount: v.type.componentCount / 4)
            case .glPosition: value = builder.output("gl_Position", width: 4)
            case .glPointSize: value = builder.output("gl_PointSize", width: 1)
            case .glPointCoord: value = .constant(0.5, 0.5)
            // The vertex's index in the full-screen quad's strip (`FullScreenQuad`), one instance.
            case .glVertexID: value = builder.input("gl_VertexID", width: 1, isFlat: true)
            case .glInstanceID: value = .constant(0)
            // Written and kept (`Program.output(named: "gl_FragDepth")`); Shade draws with no
            // depth test, where GL's depth value changes no colour.
            case .glFragDepth: value = builder.output("gl_FragDepth", width: 1)
            case .glDepthRange: value = .constant(0, 1, 1)
            default: throw unsupported("the built-in '\(b.rawValue)' is not supported", span)
            }
            variableSlots.formUnion(slots(of: value))
            bindings[v.id] = .value(value)
            return value
        }
        if let c = v.constantValue { return constant(c) }
        // A global declared after its first use in source order cannot happen; a plain global
        // without initializer reaches here only if declared but skipped.
        let storage = makeStorage(width: v.type.componentCount, initialValue: nil)
        bindings[v.id] = .value(storage)
        return storage
    }

    // MARK: L-values

    func lvalue(_ e: TypedExpression) throws -> LValue {
        switch e.kind {
        case .variable(let v):
            let value = try self.value(of: v, e.span)
            let s = slots(of: value)
            guard s.count == value.width else { throw unsupported("'\(v.name)' cannot be assigned", e.span) }
            return .direct(s)
        case .swizzle(let b, let comps):
            switch try lvalue(b) {
            case .direct(let s): return .direct(comps.map { s[$0] })
            case .readOnly(let s): return .readOnly(comps.map { s[$0] })
            case .element(let a, let i, let cs): return .element(a, index: i, components: comps.map { cs[$0] })
            case .nested(let a, let i, let cs, let o):
                return .nested(a, index: i, components: comps.map { cs[$0] }, outer: o)
            }
        case .field(let b, let index, _):
            let (offset, width) = fieldRange(b.type, index)
            switch try lvalue(b) {
            case .direct(let s): return .direct(Array(s[offset..<(offset + width)]))
            case .readOnly(let s): return .readOnly(Array(s[offset..<(offset + width)]))
            case .element(let a, let i, let cs): return .element(a, index: i, components: Array(cs[offset..<(offset + width)]))
            case .nested(let a, let i, let cs, let o):
                return .nested(a, index: i, components: Array(cs[offset..<(offset + width)]), outer: o)
            }
        case .index(let b, let i):
            let width = b.type.indexedType?.componentCount ?? 1
            let count = b.type.indexableCount ?? 1
            let index = floatIndex(try lower(i), i.type)
            let base = try lvalue(b)
            if let k = index.constantValues?.first {
                let rule = arrayStorage.rule(indexing: b)
                guard let j = rule.writtenElement(k, count: count) else {
                    // A dropped write still reads (`v[5] += 1.0` has a value).
                    let r = rule.readElement(k, count: count) ?? 0
                    switch base {
                    case .direct(let s): return .readOnly(Array(s[(r * width)..<((r + 1) * width)]))
                    default: throw unsupported("an out-of-range component of a dynamically indexed element", e.span)
                    }
                }
                switch base {
                case .direct(let s): return .direct(Array(s[(j * width)..<((j + 1) * width)]))
                case .readOnly(let s): return .readOnly(Array(s[(j * width)..<((j + 1) * width)]))
                case .element(let a, let i, let cs):
                    return .element(a, index: i, components: Array(cs[(j * width)..<((j + 1) * width)]))
                case .nested(let a, let i, let cs, let o):
                    return .nested(a, index: i, components: Array(cs[(j * width)..<((j + 1) * width)]), outer: o)
                }
            }
            let rule = arrayStorage.rule(indexing: b)
            if case .direct(let s) = base, s.indices.allSatisfy({ s[$0] == s[0] + $0 }) {
                let array = arrayView(ProgramBuilder.lanes(s), elementWidth: width, count: count, rule: rule)
                return .element(array, index: snapshot(index), components: Array(0..<width))
            }
            var scratch = builder.array(elementWidth: width, count: count)
            scratch.outOfRange = rule
            return .nested(scratch, index: snapshot(index), components: Array(0..<width), outer: base)
        default:
            throw unsupported("expression cannot be assigned", e.span)
        }
    }

    func read(_ place: LValue) -> Value {
        switch place {
        case .direct(let s), .readOnly(let s): return ProgramBuilder.lanes(s)
        case .element(let a, let i, let cs):
            return builder.load(a, at: i).swizzled(cs)
        case .nested(let a, let i, let cs, let outer):
            builder.store(read(outer), into: a.allComponents)
            return builder.load(a, at: i).swizzled(cs)
        }
    }

    func write(_ place: LValue, _ value: Value) {
        switch place {
        case .direct(let s): builder.store(value, into: ProgramBuilder.lanes(s))
        case .readOnly: break
        case .element(let a, let i, let cs):
            if cs == Array(0..<a.elementWidth) {
                builder.store(value, into: a, at: i)
            } else {
                var element = builder.load(a, at: i).components
                let v = value.splat(cs.count)
                for (k, c) in cs.enumerated() { element[c] = v.components[k] }
                builder.store(Value(element), into: a, at: i)
            }
        case .nested(let a, let i, let cs, let outer):
            let v = detached(value)
            builder.store(read(outer), into: a.allComponents)
            write(.element(a, index: i, components: cs), v)
            write(outer, a.allComponents)
        }
    }

    // MARK: Calls

    func countReturns(_ statements: [TypedStatement]) -> Int {
        statements.reduce(0) { $0 + countReturns($1) }
    }

    func countReturns(_ s: TypedStatement) -> Int {
        switch s.kind {
        case .return: return 1
        case .block(let b): return countReturns(b)
        case .ifElse(_, let t, let e): return countReturns(t) + (e.map(countReturns) ?? 0)
        case .forLoop(_, _, _, let b), .whileLoop(_, let b), .doWhile(let b, _): return countReturns(b)
        default: return 0
        }
    }

    func call(_ symbol: FunctionSymbol, _ args: [TypedExpression], _ span: SourceSpan?) throws -> Value {
        guard let f = definition(of: symbol) else { throw unsupported("function '\(symbol.name)' has no definition", span) }
        if isShared(f) {
            try callShared(f)
            return .constant([])
        }
        // Arguments, in order: in → value, out/inout → l-value (copied back after the body).
        // Parameters are bound only once every argument is evaluated: an argument may call
        // the same function (`f(a, f(b, c))`), which binds the same parameters.
        var copyBack: [(LValue, Value)] = []
        var parameterBindings: [(Int, Binding)] = []
        for (p, a) in zip(f.parameters, args) {
            guard case .parameter(let q) = p.storage else { continue }
            if p.type.isSampler {
                parameterBindings.append((p.id, .sampler(try sampler(a))))
                continue
            }
            if case .array(let element, _) = p.type, element.isSampler {
                // A whole sampler array: the parameter names the argument's samplers.
                guard case .variable(let v) = a.kind, case .samplers(let all)? = bindings[v.id] else {
                    throw unsupported("sampler array arguments must be sampler array uniforms", a.span)
                }
                parameterBindings.append((p.id, .samplers(all)))
                continue
            }
            switch q {
            case .in:
                let v = try lower(a)
                parameterBindings.append((p.id, .value(
                    assigned.contains(p.id) ? makeStorage(width: p.type.componentCount, initialValue: v) : snapshot(v))))
            case .out, .inout:
                let place = try lvalue(a)
                let storage = makeStorage(width: p.type.componentCount, initialValue: q == .inout ? read(place) : nil)
                parameterBindings.append((p.id, .value(storage)))
                copyBack.append((place, storage))
            }
        }
        for (id, binding) in parameterBindings { bindings[id] = binding }
        callPath.append(CallSite(span: span, arguments: args))
        defer { callPath.removeLast() }
        let returns = countReturns(f.body)
        var result: Value = .constant([])
        if returns == 0 || (returns == 1 && f.body.last.map({ if case .return = $0.kind { return true }; return false }) == true) {
            // Straight-line body: the trailing return's value is the result.
            frames.append(Frame(result: nil))
            defer { frames.removeLast() }
            for s in f.body {
                if case .return(let e) = s.kind {
                    if let e { result = detached(try lower(e)) }
                } else {
                    try lower(s)
                }
            }
        } else {
            let storage = f.symbol.returnType == .void ? nil : makeStorage(width: f.symbol.returnType.componentCount, initialValue: nil)
            frames.append(Frame(result: storage))
            builder.function(nested { try self.lowerStatements(f.body) })
            frames.removeLast()
            if let pending { throw pending }
            if let storage { result = storage }
        }
        for (place, storage) in copyBack { write(place, storage) }
        return result
    }

    /// The sampler uniform `e` names: a sampler variable, or an element of a sampler array at
    /// a constant index (GLSL ES 1.00 allows no other sampler index).
    func sampler(_ e: TypedExpression) throws -> Sampler {
        if case .variable(let v) = e.kind, case .sampler(let s)? = bindings[v.id] { return s }
        if case .index(let b, let i) = e.kind, case .variable(let v) = b.kind,
           case .samplers(let all)? = bindings[v.id] {
            guard let k = floatIndex(try lower(i), i.type).constantValues?.first else {
                throw unsupported("sampler arrays must be indexed with constant expressions", i.span)
            }
            return all[Int(min(max(k.rounded(.towardZero), 0), Float(all.count - 1)))]
        }
        throw unsupported("sampler arguments must be sampler uniforms", e.span)
    }

    func builtin(
        _ overload: BuiltinOverload, _ args: [TypedExpression], _ span: SourceSpan?,
        channels: [Int] = [0, 1, 2, 3]
    ) throws -> Value {
        let f = overload.function
        if f == .textureSize || f.isTextureLookup, case let s = try sampler(args[0]),
           s.kind == .texture3D || s.kind == .texture2DArray || s.texelKind != .float {
            return try layeredLookup(f, s, args, span, channels: channels)
        }
        if f == .textureSize {
            // A cube map's size is its faces' (face 0's view holds the levels).
            return builder.textureSize(try sampler(args[0]), lod: try lower(args[1]))
        }
        if f.isTextureLookup {
            let s = try sampler(args[0])
            let coord = try lower(args[1])
            // The lookup's own level of detail, from its arguments after the coordinate, and
            // the constant texel offset of the `…Offset` functions (checked constant).
            var lod: ProgramBuilder.LevelOfDetail?
            switch f {
            case .texture2DLod, .texture2DLodEXT, .textureLod, .texture2DProjLod, .texture2DProjLodEXT, .textureProjLod,
                 .textureLodOffset, .textureProjLodOffset, .textureCubeLod, .textureCubeLodEXT:
                lod = .explicit(try lower(args[2]))
            case .texture2DGradEXT, .textureGrad, .texture2DProjGradEXT, .textureProjGrad, .textureGradOffset,
                 .textureProjGradOffset, .textureCubeGradEXT:
                lod = .gradients(try lower(args[2]), try lower(args[3]))
            case .texture2D, .texture, .texture2DProj, .textureProj, .textureCube:
                lod = args.count > 2 ? .bias(try lower(args[2])) : nil
            case .textureOffset, .textureProjOffset:
                lod = args.count > 3 ? .bias(try lower(args[3])) : nil
            default:
                lod = nil
            }
            // A vertex shader has no derivatives: its implicit lookups read level 0 (GL's lod 0).
            if case nil = lod, shader.stage == .vertex, f != .texelFetch, f != .texelFetchOffset {
                lod = .explicit(.constant(0))
            }
            var offset = (x: 0, y: 0)
            if let k = f.offsetParameterIndex {
                guard let c = args[k].constantValue?.components.map(\.intValue), c.count == 2 else {
                    throw unsupported("the offset of '\(f.rawValue)' must be a constant expression", args[k].span)
                }
                offset = (Int(c[0]), Int(c[1]))
            }
            switch f {
            case .textureOffset, .textureLodOffset, .textureGradOffset:
                return builder.texture2D(s, coord, lod: lod, offset: offset, channels: channels)
            case .textureProjOffset, .textureProjLodOffset, .textureProjGradOffset:
                return builder.texture2DProj(s, coord, lod: lod, offset: offset, channels: channels)
            case .texelFetchOffset:
                return builder.texelFetch(s, coord, lod: try lower(args[2]), offset: offset, channels: channels)
            default: break
            }
            switch f {
            case .texture2D, .texture2DLod, .texture2DLodEXT, .texture2DGradEXT:
                return builder.texture2D(s, coord, lod: lod, channels: channels)
            case .texture2DProj, .texture2DProjLod, .texture2DProjLodEXT, .texture2DProjGradEXT:
                return builder.texture2DProj(s, coord, lod: lod, channels: channels)
            case .textureCube, .textureCubeLod, .textureCubeLodEXT, .textureCubeGradEXT:
                return builder.textureCube(s, coord, lod: lod, channels: channels)
            case .texture, .textureLod, .textureGrad:
                return args[0].type == .samplerCube
                    ? builder.textureCube(s, coord, lod: lod, channels: channels)
                    : builder.texture2D(s, coord, lod: lod, channels: channels)
            case .textureProj, .textureProjLod, .textureProjGrad:
                return builder.texture2DProj(s, coord, lod: lod, channels: channels)
            case .texelFetch:
                return builder.texelFetch(s, coord, lod: try lower(args[2]), channels: channels)
            default: throw unsupported("'\(f.rawValue)' is not supported", span)
            }
        }
        if f == .modf {
            // `modf(x, out i)`: i = trunc(x), the result x - trunc(x) (llvmpipe's, from Mesa's
            // built-in library), computed before i is written (`modf(f, f)`).
            let x = try lower(args[0])
            let place = try lvalue(args[1])
            let whole = builder.unary(.truncate, x)
            let fraction = detached(builder.subtract(x, whole))
            write(place, whole)
            return fraction
        }
        let values = try args.map { try lower($0) }
        switch f {
        case .determinant, .inverse:
            guard case .matrix(let size, _) = args[0].type else { throw unsupported("'\(f.rawValue)' needs a matrix", span) }
            return f == .determinant ? builder.determinant(values[0], size: size) : builder.inverse(values[0], size: size)
        case .packSnorm2x16, .packUnorm2x16, .packHalf2x16, .unpackSnorm2x16, .unpackUnorm2x16, .unpackHalf2x16:
            guard let value = builder.pack(f, values[0]) ?? builder.unpack(f, values[0]) else {
                throw unsupported("'\(f.rawValue)' is not supported", span)
            }
            return value
        case .transpose:
            // The result has the argument's rows as columns.
            guard case .matrix(let c, let r) = overload.returnType else { return values[0] }
            return Value((0..<(c * r)).map { k in values[0].components[(k % r) * c + k / r] })
        case .outerProduct:
            return .concatenating((0..<values[1].width).map { j in builder.multiply(values[0], values[1][j]) })
        case .ftransform:
            throw unsupported("'ftransform' (desktop fixed-function state) is not supported", span)
        case .sinh, .cosh, .tanh, .asinh, .acosh, .atanh, .trunc, .round, .roundEven, .isnan, .isinf,
             .roundToFP16, .roundToFixed10, .truncateToFP16:
            guard let value = builder.call(es3Function: f, values[0]) else {
                throw unsupported("'\(f.rawValue)' is not supported", span)
            }
            return value
        case .floatBitsToInt, .floatBitsToUint, .intBitsToFloat, .uintBitsToFloat:
            return values[0]  // native integers are held as their bits
        case .lessThan where holdsBits(args[0].type), .lessThanEqual where holdsBits(args[0].type),
             .greaterThan where holdsBits(args[0].type), .greaterThanEqual where holdsBits(args[0].type),
             .equal where holdsBits(args[0].type), .notEqual where holdsBits(args[0].type):
            // Integer bits compared as floats would be wrong for negative values, and the
            // denormals small ones are would be flushed to zero (`equal(ivec2(1), ivec2(0))`).
            let isUnsigned = args[0].type.scalarKind == .uint
            let op: BinaryOperation
            switch f {
            case .lessThan: op = isUnsigned ? .uintLess : .intLess
            case .lessThanEqual: op = isUnsigned ? .uintLessEqual : .intLessEqual
            case .greaterThan: op = isUnsigned ? .uintGreater : .intGreater
            case .greaterThanEqual: op = isUnsigned ? .uintGreaterEqual : .intGreaterEqual
            default: op = .bitsEqual
            }
            let result = builder.binary(op, values[0], values[1])
            return f == .notEqual ? builder.unary(.logicalNot, result) : result
        case .mix where args[2].type.scalarKind == .bool:
            return builder.select(values[2], values[1], values[0])
        case .abs where holdsBits(args[0].type): return builder.unary(.intAbs, values[0])
        case .sign where holdsBits(args[0].type): return builder.unary(.intSign, values[0])
        case .min where holdsBits(args[0].type):
            return builder.binary(args[0].type.scalarKind == .uint ? .uintMinimum : .intMinimum, values[0], values[1])
        case .max where holdsBits(args[0].type):
            return builder.binary(args[0].type.scalarKind == .uint ? .uintMaximum : .intMaximum, values[0], values[1])
        case .clamp where holdsBits(args[0].type):
            let unsigned = args[0].type.scalarKind == .uint
            let low = builder.binary(unsigned ? .uintMaximum : .intMaximum, values[0], values[1])
            return builder.binary(unsigned ? .uintMinimum : .intMinimum, low, values[2])
        default:
            guard let b = Builtin(rawValue: f.rawValue) else { throw unsupported("'\(f.rawValue)' is not supported", span) }
            return builder.call(b, values)
        }
    }

    // MARK: Constructors

    func convert(_ v: Value, from: ScalarKind, to: ScalarKind) -> Value {
        if from == to { return v }
        if nativeIntegers && (from.isInteger || to.isInteger) {
            switch (from, to) {
            case (.int, .uint), (.uint, .int): return v
            case (.int, .float): return builder.unary(.intToFloat, v)
            case (.uint, .float): return builder.unary(.uintToFloat, v)
            case (.float, .int): return builder.unary(.floatToInt, v)
            case (.float, .uint): return builder.unary(.floatToUInt, v)
            case (.bool, _): return builder.unary(.boolToInt, v)
            default: return builder.unary(.intToBool, v)
            }
        }
        switch to {
        case .float: return v
        case .int, .uint: return from == .bool ? v : builder.unary(.truncate, v)
        case .bool: return builder.unary(.toBool, v)
        }
    }

    func construct(_ kind: ConstructorKind, _ args: [TypedExpression], type: GLSLType) throws -> Value {
        let values = try args.map { try lower($0) }
        let target = type.scalarKind ?? .float
        switch kind {
        case .scalarConversion:
            return convert(values[0][0], from: args[0].type.scalarKind ?? .float, to: target)
        case .vectorFromScalar:
            return convert(values[0][0], from: args[0].type.scalarKind ?? .float, to: target).splat(type.vectorSize)
        case .vectorFromComponents:
            var parts: [Value] = []
            for (a, v) in zip(args, values) { parts.append(convert(v, from: a.type.scalarKind ?? .float, to: target)) }
            return Value(Array(Value.concatenating(parts).components.prefix(type.vectorSize)))
        case .matrixFromScalar:
            guard case .matrix(let c, let r) = type else { return values[0] }
            let s = convert(values[0][0], from: args[0].type.scalarKind ?? .float, to: .float).components[0]
            return Value((0..<(c * r)).map { k in k % r == k / r ? s : .constant(0) })
        case .matrixFromComponents:
            guard case .matrix(let c, let r) = type else { return values[0] }
            let floats = zip(args, values).map { convert($1, from: $0.type.scalarKind ?? .float, to: .float) }
            return Value(Array(Value.concatenating(floats).components.prefix(c * r)))
        case .matrixFromMatrix:
            guard case .matrix(let c, let r) = type, case .matrix(let mc, let mr) = args[0].type else {
                return values[0]
            }
            return Value((0..<(c * r)).map { k in
                let col = k / r, row = k % r
                if col < mc && row < mr { return values[0].components[col * mr + row] }
                return .constant(col == row ? 1 : 0)
            })
        case .structure, .array:
            return .concatenating(values)
        case .implicitConversion:
            return convert(values[0], from: args[0].type.scalarKind ?? .float, to: .float)
        }
    }
}
