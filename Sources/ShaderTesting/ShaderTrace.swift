import Foundation
import Framebuffers
import ShaderDiagnostics
import ShaderExecution
import ShaderSemantics

/// One fragment shaded step by step: every variable assignment and branch taken, in the
/// order they happen, with source lines and values — the debugger a GPU cannot give.
///
/// A small tree-walking interpreter over the typed AST, fed what the executor feeds the
/// fragment program with GPUImage's passthrough vertex stage: `textureCoordinate*` at the
/// pixel centre, `gl_FragCoord = (x + 0.5, y + 0.5, 0.5, 1)`, the uniforms, and texture
/// samples from `TextureView.sample`. Its `gl_FragColor` equals the executor's pixel (the
/// tests check this), so a trace explains exactly the colour that was rendered. Derivatives
/// are 0 in a trace (one fragment has no quad neighbours) and cube maps are not traced.
public struct ShaderTrace: Sendable {
    /// One step.
    public struct Event: Sendable, Hashable, CustomStringConvertible {
        /// 1-based source line.
        public var line: Int
        /// What happened: `color = vec4(1, 0, 0, 1)`, `if (x > 0.5) -> true`.
        public var text: String

        public var description: String { "\(line): \(text)" }
    }

    /// Steps in execution order.
    public private(set) var events: [Event] = []
    /// The fragment's colour (`gl_FragColor` or `gl_FragData[0]`), unclamped; `nil` after
    /// `discard`.
    public private(set) var fragColor: SIMD4<Float>?

    /// Shades pixel (`x`, `y`) of a `width`×`height` target with `shader`.
    ///
    /// - Parameters:
    ///   - shader: a checked fragment shader.
    ///   - x: column.
    ///   - y: row (row 0 is `gl_FragCoord.y = 0.5`).
    ///   - width: target width.
    ///   - height: target height.
    ///   - uniforms: values by name, as for `DrawCall`.
    ///   - inputs: textures in GPUImage order (`inputImageTexture`, `inputImageTexture2`, …;
    ///     other samplers take the rest in declaration order).
    ///   - samplerState: how inputs are sampled.
    ///   - stepLimit: most statements to run before giving up (runaway loops).
    /// - Throws: `ShaderTestError` for a construct the tracer does not run or a runaway loop.
    public init(
        shader: CheckedShader, x: Int, y: Int, width: Int, height: Int, uniforms: [String: [Float]] = [:],
        inputs: [Texture] = [], samplerState: SamplerState = SamplerState(), stepLimit: Int = 1_000_000
    ) throws(ShaderTestError) {
        let interpreter = Interpreter(
            shader: shader, x: x, y: y, width: width, height: height, uniforms: uniforms, inputs: inputs,
            samplerState: samplerState, stepLimit: stepLimit)
        do {
            try interpreter.run()
        } catch {
            throw ShaderTestError(description: error.message)
        }
        events = interpreter.events
        fragColor = interpreter.fragColor
    }
}

struct TraceError: Error {
    var message: String
}

/// A value: its type and its scalar components flattened (structures field by field, arrays
/// element by element, matrices column-major); ints and bools are stored as floats.
struct TraceValue {
    var type: GLSLType
    var c: [Float]

    var description: String {
        func scalar(_ f: Float, _ kind: ScalarKind?) -> String {
            switch kind {
            case .bool: return f != 0 ? "true" : "false"
            case .int: return String(Int(f))
            default: return f == f.rounded() && abs(f) < 1e7 ? String(Int(f)) + ".0" : String(f)
            }
        }
        switch type {
        case .scalar(let k): return scalar(c[0], k)
        default:
            let kind = type.scalarKind
            return "\(type)(" + c.map { scalar($0, kind) }.joined(separator: ", ") + ")"
        }
    }
}

final class Interpreter {
    let shader: CheckedShader
    let fragCoord: [Float]
    let width: Int, height: Int
    let uniforms: [String: [Float]]
    var views: [String: TextureView] = [:]
    var keepAlive: [SampledTexture] = []
    var memory: [Variable: [Float]] = [:]
    var events: [ShaderTrace.Event] = []
    var fragColor: SIMD4<Float>?
    var steps = 0
    let stepLimit: Int
    var functions: [FunctionSymbol: CheckedFunction] = [:]

    enum Flow: Error { case breakLoop, continueLoop, returned(TraceValue?), discarded }

    init(
        shader: CheckedShader, x: Int, y: Int, width: Int, height: Int, uniforms: [String: [Float]],
        inputs: [Texture], samplerState: SamplerState, stepLimit: Int
    ) {
        self.shader = shader
        self.width = width
        self.height = height
        self.uniforms = uniforms
        self.stepLimit = stepLimit
        fragCoord = [Float(x) + 0.5, Float(y) + 0.5, 0.5, 1]
        for f in shader.functions { functions[f.symbol] = f }
        // Samplers bound as the executor binds them.
        let locations = TextureLocations.locations(ofSamplers: shader.samplers.map(\.name))
        for (s, index) in zip(shader.samplers, locations) {
            let texture = index < inputs.count ? inputs[index] : Texture(width: 1, height: 1, filledWith: SIMD4(0, 0, 0, 1))
            let sampled = SampledTexture(texture, state: samplerState)
            keepAlive.append(sampled)
            views[s.name] = sampled.view
        }
    }

    /// The expression as written (whitespace runs collapsed).
    func source(_ e: TypedExpression) -> String {
        let text = e.span.text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
        return text.isEmpty ? e.description : text
    }

    func line(_ span: SourceSpan) -> Int { span.file.location(of: span.start).line }

    func note(_ span: SourceSpan, _ text: String) { events.append(.init(line: line(span), text: text)) }

    func run() throws(TraceError) {
        do {
            for item in shader.globals {
                if case .declarations(let declarations) = item {
                    for d in declarations { try declare(d, isGlobal: true) }
                }
            }
            _ = try call(shader.main, [])
        } catch let flow as Flow {
            if case .discarded = flow { fragColor = nil; return }
        } catch let e as TraceError {
            throw e
        } catch {
            throw TraceError(message: "internal error: \(error)")
        }
        if let color = memory.first(where: { $0.key.storage == .builtin(.glFragColor) })?.value {
            fragColor = SIMD4(color[0], color[1], color[2], color[3])
        } else if let data = memory.first(where: { $0.key.storage == .builtin(.glFragData) })?.value {
            fragColor = SIMD4(data[0], data[1], data[2], data[3])
        } else {
            fragColor = SIMD4(0, 0, 0, 0)
        }
    }

    // MARK: Statements

    func declare(_ d: VariableDeclaration, isGlobal: Bool) throws {
        if let initializer = d.initializer {
            let value = try evaluate(initializer)
            memory[d.variable] = value.c
            if !isGlobal || d.variable.storage != .constant {
                note(d.span, "\(d.variable.name) = \(value.description)")
            }
        } else {
            memory[d.variable] = initial(d.variable)
        }
    }

    /// The value of a variable never written in the interpreter: uniforms, varyings, built-ins.
    func initial(_ v: Variable) -> [Float] {
        let n = v.type.componentCount
        if let c = v.constantValue { return c.components.map(\.floatValue) }
        switch v.storage {
        case .uniform:
            // Converted as the executor's uniform file converts them.
            let given = uniforms[v.name] ?? []
            let kind = v.type.isArray ? { if case .array(let e, _) = v.type { e.scalarKind } else { nil } }() : v.type.scalarKind
            return (0..<n).map { k in
                let f = k < given.count ? given[k] : 0
                switch kind {
                case .int: return f.rounded(.towardZero)
                case .bool: return f != 0 ? 1 : 0
                default: return f
                }
            }
        case .varying where v.name.hasPrefix("textureCoordinate"):
            let t = [fragCoord[0] / Float(width), fragCoord[1] / Float(height), 0, 1]
            return Array(t.prefix(n)) + Array(repeating: 0, count: max(0, n - 4))
        case .builtin(.glFragCoord): return fragCoord
        case .builtin(.glFrontFacing): return [1]
        case .builtin(.glPointCoord): return [0.5, 0.5]
        case .builtin(.glDepthRange): return [0, 1, 1]
        default: return Array(repeating: 0, count: n)
        }
    }

    func step() throws(TraceError) {
        steps += 1
        if steps > stepLimit { throw TraceError(message: "the trace stopped after \(stepLimit) steps (a runaway loop?)") }
    }

    func execute(_ s: TypedStatement) throws {
        try step()
        switch s.kind {
        case .expression(let e):
            _ = try evaluate(e)
        case .declarations(let ds):
            for d in ds { try declare(d, isGlobal: false) }
        case .block(let ss):
            for x in ss { try execute(x) }
        case .ifElse(let c, let a, let b):
            let taken = try evaluate(c).c[0] != 0
            note(s.span, "if (\(source(c))) -> \(taken)")
            if taken { try execute(a) } else if let b { try execute(b) }
        case .forLoop(let initializer, let condition, let stepExpression, let body):
            if let initializer { try execute(initializer) }
            while true {
                try step()
                if let condition {
                    let holds = try evaluate(condition).c[0] != 0
                    note(s.span, "for (\(source(condition))) -> \(holds)")
                    if !holds { break }
                }
                do { try execute(body) } catch Flow.breakLoop { break } catch Flow.continueLoop {}
                if let stepExpression { _ = try evaluate(stepExpression) }
            }
        case .whileLoop(let c, let body):
            while true {
                try step()
                let holds = try evaluate(c).c[0] != 0
                note(s.span, "while (\(source(c))) -> \(holds)")
                if !holds { break }
                do { try execute(body) } catch Flow.breakLoop { break } catch Flow.continueLoop {}
            }
        case .doWhile(let body, let c):
            while true {
                try step()
                do { try execute(body) } catch Flow.breakLoop { break } catch Flow.continueLoop {}
                let holds = try evaluate(c).c[0] != 0
                note(s.span, "do-while (\(source(c))) -> \(holds)")
                if !holds { break }
            }
        case .break:
            note(s.span, "break")
            throw Flow.breakLoop
        case .continue:
            note(s.span, "continue")
            throw Flow.continueLoop
        case .discard:
            note(s.span, "discard")
            throw Flow.discarded
        case .return(let e):
            let value = try e.map { try evaluate($0) }
            note(s.span, "return" + (value.map { " " + $0.description } ?? ""))
            throw Flow.returned(value)
        case .empty:
            break
        }
    }

    func call(_ f: CheckedFunction, _ arguments: [TraceValue]) throws -> TraceValue? {
        for (p, a) in zip(f.parameters, arguments) { memory[p] = a.c }
        do {
            for s in f.body { try execute(s) }
        } catch Flow.returned(let value) {
            return value
        }
        return nil
    }

    // MARK: Expressions

    func value(of v: Variable) -> TraceValue {
        if let c = memory[v] { return TraceValue(type: v.type, c: c) }
        let c = initial(v)
        memory[v] = c
        return TraceValue(type: v.type, c: c)
    }

    /// The variable and flat component offsets an l-value names.
    func location(_ e: TypedExpression) throws -> (Variable, [Int]) {
        switch e.kind {
        case .variable(let v):
            _ = value(of: v)
            return (v, Array(0..<v.type.componentCount))
        case .swizzle(let b, let comps):
            let (v, o) = try location(b)
            return (v, comps.map { o[$0] })  // -1 (nowhere) stays -1
        case .field(let b, let index, _):
            let (v, o) = try location(b)
            guard case .structure(let s) = b.type else { throw TraceError(message: "internal error: field of non-structure") }
            let start = s.fields[..<index].reduce(0) { $0 + $1.type.componentCount }
            return (v, Array(o[start..<(start + s.fields[index].type.componentCount)]))
        case .index(let b, let i):
            let (v, o) = try location(b)
            let n = e.type.componentCount
            let count = o.count / max(n, 1)
            // Out-of-range indices are undefined in GLSL; as llvmpipe (and the executor), a
            // write lands in the last element of an array and nowhere (-1) in a vector.
            let t = try evaluate(i).c[0].rounded(.towardZero)
            let isInside = t >= 0 && t < Float(count)
            if !b.type.isArray && !isInside { return (v, Array(repeating: -1, count: n)) }
            let k = isInside && t < Float(count - 1) ? Int(t) : count - 1
            return (v, Array(o[(k * n)..<(k * n + n)]))
        default:
            throw TraceError(message: "internal error: not an l-value")
        }
    }

    func store(_ e: TypedExpression, _ value: TraceValue) throws {
        let (v, offsets) = try location(e)
        var c = memory[v] ?? initial(v)
        for (k, o) in offsets.enumerated() where o >= 0 { c[o] = value.c[k] }
        memory[v] = c
        note(e.span, "\(source(e)) = \(value.description)")
    }

    func evaluate(_ e: TypedExpression) throws -> TraceValue {
        if let c = e.constantValue { return TraceValue(type: e.type, c: c.components.map(\.floatValue)) }
        switch e.kind {
        case .constant(let c):
            return TraceValue(type: e.type, c: c.components.map(\.floatValue))
        case .variable(let v):
            return value(of: v)
        case .swizzle(let b, let comps):
            let v = try evaluate(b)
            return TraceValue(type: e.type, c: comps.map { v.c[$0] })
        case .field(let b, let index, _):
            let v = try evaluate(b)
            guard case .structure(let s) = b.type else { throw TraceError(message: "internal error: field of non-structure") }
            let start = s.fields[..<index].reduce(0) { $0 + $1.type.componentCount }
            return TraceValue(type: e.type, c: Array(v.c[start..<(start + e.type.componentCount)]))
        case .index(let b, let i):
            let v = try evaluate(b)
            let n = e.type.componentCount
            let count = v.c.count / max(n, 1)
            // As llvmpipe (and the executor): out of range, an array reads 0 (a NaN index
            // reads element 0) and a vector or matrix its nearest element.
            let t = try evaluate(i).c[0].rounded(.towardZero)
            if b.type.isArray && (t < 0 || t > Float(count - 1)) {
                return TraceValue(type: e.type, c: Array(repeating: 0, count: n))
            }
            let k = t >= 0 ? (t <= Float(count - 1) ? Int(t) : count - 1) : 0
            return TraceValue(type: e.type, c: Array(v.c[(k * n)..<(k * n + n)]))
        case .unary(let op, let a):
            let v = try evaluate(a)
            switch op {
            case .plus: return v
            case .negate: return TraceValue(type: e.type, c: v.c.map { -$0 })
            case .logicalNot: return TraceValue(type: e.type, c: v.c.map { $0 != 0 ? 0 : 1 })
            case .preIncrement, .preDecrement, .postIncrement, .postDecrement:
                let delta: Float = (op == .preIncrement || op == .postIncrement) ? 1 : -1
                let updated = TraceValue(type: v.type, c: v.c.map { $0 + delta })
                try store(a, updated)
                return (op == .preIncrement || op == .preDecrement) ? updated : v
            }
        case .binary(let op, let a, let b):
            if op == .logicalAnd || op == .logicalOr {
                let left = try evaluate(a).c[0] != 0
                if op == .logicalAnd && !left { return TraceValue(type: e.type, c: [0]) }
                if op == .logicalOr && left { return TraceValue(type: e.type, c: [1]) }
                return TraceValue(type: e.type, c: [try evaluate(b).c[0] != 0 ? 1 : 0])
            }
            return try binary(op, try evaluate(a), try evaluate(b), type: e.type)
        case .assignment(let op, let target, let source):
            var v = try evaluate(source)
            if let op { v = try binary(op, try evaluate(target), v, type: target.type) }
            try store(target, v)
            return v
        case .ternary(let c, let a, let b):
            return try evaluate(c).c[0] != 0 ? evaluate(a) : evaluate(b)
        case .comma(let a, let b):
            _ = try evaluate(a)
            return try evaluate(b)
        case .call(let symbol, let args):
            guard let f = functions[symbol] else { throw TraceError(message: "function '\(symbol.name)' has no body") }
            let values = try args.map { try evaluate($0) }
            let result = try call(f, values)
            // out / inout parameters are copied back.
            for (k, p) in f.parameters.enumerated() {
                if case .parameter(let q) = p.storage, q == .out || q == .inout {
                    try store(args[k], TraceValue(type: p.type, c: memory[p] ?? []))
                }
            }
            return result ?? TraceValue(type: e.type, c: [])
        case .builtinCall(let overload, let args):
            return try builtin(overload, try args.map { try evaluate($0) }, args, type: e.type)
        case .construct(let kind, let args):
            return try construct(kind, try args.map { try evaluate($0) }, type: e.type)
        }
    }

    func binary(_ op: BinaryOperator, _ a: TraceValue, _ b: TraceValue, type: GLSLType) throws -> TraceValue {
        let isInt = a.type.scalarKind == .int
        func each(_ f: (Float, Float) -> Float) -> TraceValue {
            let n = max(a.c.count, b.c.count)
            return TraceValue(type: type, c: (0..<n).map { f(a.c[a.c.count == 1 ? 0 : $0], b.c[b.c.count == 1 ? 0 : $0]) })
        }
        switch op {
        case .add: return each(+)
        case .subtract: return each(-)
        case .multiply: return each(*)
        case .divide:
            return isInt ? each { y, z in z == 0 ? 0 : Float(Int32(y) / Int32(z)) } : each(/)
        case .matrixTimesMatrix, .matrixTimesVector, .vectorTimesMatrix:
            return TraceValue(type: type, c: Self.multiply(op, a, b))
        case .less: return TraceValue(type: type, c: [a.c[0] < b.c[0] ? 1 : 0])
        case .greater: return TraceValue(type: type, c: [a.c[0] > b.c[0] ? 1 : 0])
        case .lessEqual: return TraceValue(type: type, c: [a.c[0] <= b.c[0] ? 1 : 0])
        case .greaterEqual: return TraceValue(type: type, c: [a.c[0] >= b.c[0] ? 1 : 0])
        case .equal: return TraceValue(type: type, c: [a.c == b.c ? 1 : 0])
        case .notEqual: return TraceValue(type: type, c: [a.c != b.c ? 1 : 0])
        case .logicalXor: return TraceValue(type: type, c: [(a.c[0] != 0) != (b.c[0] != 0) ? 1 : 0])
        case .logicalAnd, .logicalOr: throw TraceError(message: "internal error: short-circuit operator")
        }
    }

    static func multiply(_ op: BinaryOperator, _ a: TraceValue, _ b: TraceValue) -> [Float] {
        switch op {
        case .matrixTimesVector:
            let n = b.c.count
            return (0..<n).map { r in (0..<n).reduce(Float(0)) { $0 + a.c[$1 * n + r] * b.c[$1] } }
        case .vectorTimesMatrix:
            let n = a.c.count
            return (0..<n).map { col in (0..<n).reduce(Float(0)) { $0 + a.c[$1] * b.c[col * n + $1] } }
        default:
            let n = Int(Double(a.c.count).squareRoot())
            var out = [Float](repeating: 0, count: n * n)
            for col in 0..<n {
                for r in 0..<n {
                    out[col * n + r] = (0..<n).reduce(Float(0)) { $0 + a.c[$1 * n + r] * b.c[col * n + $1] }
                }
            }
            return out
        }
    }

    func construct(_ kind: ConstructorKind, _ args: [TraceValue], type: GLSLType) throws -> TraceValue {
        let n = type.componentCount
        let target = type.scalarKind
        func convert(_ f: Float) -> Float {
            switch target {
            case .int: return f.isNaN ? 0 : f.rounded(.towardZero)
            case .bool: return f != 0 ? 1 : 0
            default: return f
            }
        }
        switch kind {
        case .vectorFromScalar, .scalarConversion:
            return TraceValue(type: type, c: Array(repeating: convert(args[0].c[0]), count: n))
        case .implicitConversion where args.count == 1 && args[0].c.count == 1:
            return TraceValue(type: type, c: Array(repeating: convert(args[0].c[0]), count: n))
        case .matrixFromScalar:
            let size = Int(Double(n).squareRoot())
            return TraceValue(type: type, c: (0..<n).map { $0 / size == $0 % size ? args[0].c[0] : 0 })
        case .matrixFromMatrix:
            let size = Int(Double(n).squareRoot())
            let from = args[0].c, fromSize = Int(Double(from.count).squareRoot())
            return TraceValue(type: type, c: (0..<n).map { k in
                let col = k / size, row = k % size
                return col < fromSize && row < fromSize ? from[col * fromSize + row] : (col == row ? 1 : 0)
            })
        default:
            let all = args.flatMap(\.c)
            if kind == .structure { return TraceValue(type: type, c: all) }
            return TraceValue(type: type, c: all.prefix(n).map(convert))
        }
    }

    func builtin(_ overload: BuiltinOverload, _ args: [TraceValue], _ expressions: [TypedExpression], type: GLSLType) throws -> TraceValue {
        switch overload.function {
        case .texture2D, .texture2DLod, .texture2DProj, .texture2DProjLod, .texture2DLodEXT, .texture2DProjLodEXT,
            .texture2DGradEXT, .texture2DProjGradEXT:
            guard case .variable(let sampler) = expressions[0].kind, let view = views[sampler.name] else {
                throw TraceError(message: "the trace can only sample sampler uniforms")
            }
            var s = args[1].c[0], t = args[1].c[1]
            let name = overload.function.rawValue
            if name.contains("Proj") {
                let q = args[1].c[args[1].c.count - 1]
                s /= q
                t /= q
            }
            let c = view.sample(s: s, t: t)
            return TraceValue(type: type, c: [c.x, c.y, c.z, c.w])
        case .textureCube, .textureCubeLod, .textureCubeLodEXT, .textureCubeGradEXT:
            throw TraceError(message: "the trace does not sample cube maps")
        case .dFdx, .dFdy, .fwidth:
            return TraceValue(type: type, c: Array(repeating: 0, count: type.componentCount))
        default:
            let constants = zip(args, overload.parameterTypes).map { value, t in
                ConstantValue(type: t, components: value.c.map { f -> ScalarValue in
                    switch t.scalarKind {
                    case .int: ScalarValue.float(f).converted(to: .int)
                    case .bool: .bool(f != 0)
                    default: .float(f)
                    }
                })
            }
            guard let result = overload.evaluate(constants) else {
                throw TraceError(message: "the trace cannot evaluate '\(overload)'")
            }
            return TraceValue(type: type, c: result.components.map(\.floatValue))
        }
    }
}
