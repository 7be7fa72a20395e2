import Foundation
import Framebuffers
import ShaderDiagnostics
import ShaderExecution
import ShaderSemantics

/// A failure of the reference interpreter: a construct it does not run, a runaway loop, or a
/// bad uniform. The message is for people.
struct InterpreterError: Error {
    var message: String
}

/// Four lanes of one GLSL value: `lanes[i]` is lane i's scalar components, flattened as
/// GLSL lays them out (structures field by field, arrays element by element, matrices
/// column-major). Bools are held as 0 or 1; ints as whole floats in GLSL ES 1.00 and desktop
/// 1.10/1.20, and as their 32 bits (`NativeIntegers`) in GLSL ES 3.00 and desktop 1.30+.
struct Quad {
    var lanes: [[Float]]

    init(_ lanes: [[Float]]) { self.lanes = lanes }

    /// The same components in every lane.
    init(uniform c: [Float]) { lanes = [c, c, c, c] }

    /// Lane-wise `f`.
    func map(_ f: ([Float]) -> [Float]) -> Quad { Quad(lanes.map(f)) }

    /// The lanes (of `mask`) whose first component is true.
    func truthy(_ mask: LaneMask) -> LaneMask {
        var out: LaneMask = 0
        for i in 0..<4 where mask.contains(i) && lanes[i][0] != 0 { out.insert(i) }
        return out
    }
}

/// A set of the four lanes of a quad.
struct LaneMask: Equatable, ExpressibleByIntegerLiteral {
    var bits: UInt8

    init(integerLiteral value: UInt8) { bits = value & 0xF }
    init(bits: UInt8) { self.bits = bits & 0xF }

    static let all: LaneMask = 0xF
    var isEmpty: Bool { bits == 0 }
    func contains(_ lane: Int) -> Bool { bits & (1 << lane) != 0 }
    mutating func insert(_ lane: Int) { bits |= 1 << lane }
    static func & (a: LaneMask, b: LaneMask) -> LaneMask { LaneMask(bits: a.bits & b.bits) }
    static func | (a: LaneMask, b: LaneMask) -> LaneMask { LaneMask(bits: a.bits | b.bits) }
    static prefix func ~ (a: LaneMask) -> LaneMask { LaneMask(bits: ~a.bits) }
}

/// The reference interpreter: a plain tree-walking interpreter over the typed AST that runs
/// the four fragments of a 2×2 quad (or the four vertices of the quad) in lock step, as a GPU
/// does. It shares nothing with the compiler's lowering; it is the second opinion that the
/// differential tests hold the executor to, and the engine behind `shade trace`.
///
/// The model, GL's:
/// - Every lane runs every statement its control flow reaches; a lane leaves a region when a
///   condition is false for it, or it runs `break`, `continue`, `return` or `discard`.
/// - Stores change only the lanes that run them; expressions without side effects are
///   evaluated for all four lanes, so `dFdx`/`dFdy` see their neighbours. An else side
///   that reads neighbours sees, in the lanes that took the then side, their values from
///   before the `if` (an SSA compiler's else block reads those, not the then side's stores).
/// - Lanes are 0 = (x, y), 1 = (x + 1, y), 2 = (x, y + 1), 3 = (x + 1, y + 1); `dFdx` is the
///   difference along each row, `dFdy` along each column.
/// - Arithmetic is fp32 as written, left to right; `dot`, matrix products and other built-ins
///   follow llvmpipe's definitions (built-ins are evaluated by the checker's constant folder,
///   an implementation independent of the executor's kernels).
/// - int arithmetic wraps at 32 bits; indices out of range are clamped (undefined in GLSL).
/// - In GLSL ES 3.00 and desktop 1.30+, ints and uints are 32-bit values (`NativeIntegers`).
final class ReferenceInterpreter {
    let shader: CheckedShader
    /// Which arrays llvmpipe reads from its constant buffer (what an index out of range reads).
    let arrayStorage: MesaArrayStorage
    /// Versions that live in their variable's storage (`MesaVersioning.restoredVersions`), and
    /// those that do now (their value was not known when compiling), by id.
    let restoredVersions: [Int: RestoredVersion]
    var aliases: [Int: Variable] = [:]
    /// Locals whose undefined value a loop carries (`UndefinedReads.loopCarried`): a declaration
    /// does not reset them. Each call site has its own, as each inlined copy has in the engines:
    /// `persistent` keeps the values of the copies not running, by variable and call path.
    let loopCarried: Set<Int>
    var callPath: [CallSite] = []
    var persistent: [PersistentKey: [[Float]]] = [:]
    var carriedKey: [Int: PersistentKey] = [:]
    struct PersistentKey: Hashable {
        var variable: Int
        var path: [CallSite]
    }
    /// True when ints and uints are 32-bit values held as their bits (GLSL ES 3.00, desktop
    /// 1.30+); before, ints are whole floats.
    let nativeIntegers: Bool
    /// Uniform values as given by the caller (already checked against the declarations).
    let uniforms: [String: [Float]]
    /// Sampler name → texture view (2D) or six face views (cube).
    let views: [String: [TextureView]]
    /// Per-lane values of every variable that has been touched.
    var memory: [Variable: [[Float]]] = [:]
    /// `readsNeighbouringLanes(_:)`'s answers by statement.
    var neighbourReads: [SourceSpan: Bool] = [:]
    /// Per-lane inputs of the stage: varyings (fragment) or attributes (vertex), by name.
    var inputs: [String: [[Float]]] = [:]
    var fragCoord: [[Float]] = Array(repeating: [0, 0, 0, 1], count: 4)
    var frontFacing: Float = 1
    var functions: [FunctionSymbol: CheckedFunction] = [:]
    /// Sampler parameters of inlined calls: parameter → the sampler name it stands for.
    var samplerParameters: [Variable: String] = [:]

    /// Lanes where a discontinuous operation (a comparison, `step`, `floor`, `fract`, `mod`,
    /// a float-to-int or -bool conversion) had inputs within a few hundred ulps of its
    /// threshold: there another fp32 implementation may take the other side.
    var fragile: LaneMask = 0

    /// Lanes that ran `discard`.
    var discarded: LaneMask = 0
    /// Lanes that ran `return` in each active call, innermost last.
    var frames: [(returned: LaneMask, result: [[Float]])] = []
    /// Per loop of the innermost call: lanes that ran `break` and `continue`.
    var loops: [[(broke: LaneMask, continued: LaneMask)]] = []

    var steps = 0
    let stepLimit: Int

    /// Variables written somewhere after their declaration (assignment, `++`/`--`, a
    /// component or element write, an `out`/`inout` argument).
    var assigned: Set<Variable> = []
    /// Variables whose value is known when the shader is compiled: never assigned, and
    /// declared (or, for an `in` parameter, called) with a value known then. llvmpipe's
    /// compiler (and Shade's, which follows it) rewrites `pow` and `mix` on such values.
    var known: Set<Variable> = []
    /// Per `for` loop (by its counter's id and start: a loop whose first trips are written out
    /// apart, `MesaUndefinedValues`, shares its counter with them, each from its own start),
    /// the counter when Mesa unrolls the loop.
    var unrolledCounters: [LoopKey: (variable: Variable, trips: Int)?] = [:]

    struct LoopKey: Hashable {
        let counter: Int
        let start: ConstantValue?
    }
    /// How many loops Mesa unrolls are being run: inside one, calls fold by NIR's rules.
    var unrolledDepth = 0
    /// True while the header of a loop `MesaLoopCopies` wrote out runs: not traced.
    var muted = false

    /// When set, the lane whose steps are recorded in `events`.
    let tracedLane: Int?
    var events: [ShaderTrace.Event] = []

    init(
        shader: CheckedShader, uniforms: [String: [Float]], views: [String: [TextureView]],
        stepLimit: Int, tracedLane: Int? = nil
    ) {
        self.shader = shader
        arrayStorage = MesaArrayStorage(shader)
        nativeIntegers = shader.version.hasNativeIntegers
        self.uniforms = uniforms
        self.views = views
        self.stepLimit = stepLimit
        self.tracedLane = tracedLane
        for f in shader.functions { functions[f.symbol] = f }
        functions[shader.main.symbol] = shader.main
        restoredVersions = shader.restoredVersions
        loopCarried = shader.loopCarriedLocals
        var collector = AssignmentCollector()
        for item in shader.globals {
            if case .declarations(let ds) = item { for d in ds { d.initializer.map { collector.visit($0) } } }
        }
        for f in functions.values { for s in f.body { collector.visit(s) } }
        assigned = collector.assigned
    }

    /// True when `e`'s value is known at compile time (see `known`).
    func isKnownAtCompileTime(_ e: TypedExpression) -> Bool {
        if e.constantValue != nil { return true }
        switch e.kind {
        case .constant: return true
        case .variable(let v): return known.contains(v) || v.constantValue != nil
        case .swizzle(let b, _), .field(let b, _, _): return isKnownAtCompileTime(b)
        case .index(let b, let i): return isKnownAtCompileTime(b) && isKnownAtCompileTime(i)
        case .unary(let op, let x): return !op.isIncrementOrDecrement && isKnownAtCompileTime(x)
        case .binary(_, let a, let b): return isKnownAtCompileTime(a) && isKnownAtCompileTime(b)
        case .ternary(let c, let a, let b):
            return isKnownAtCompileTime(c) && isKnownAtCompileTime(a) && isKnownAtCompileTime(b)
        case .construct(_, let args): return args.allSatisfy(isKnownAtCompileTime)
        case .builtinCall(let o, let args):
            switch o.function {
            case .dFdx, .dFdy, .fwidth: return false
            case .modf: return isKnownAtCompileTime(args[0])
            default: return !o.function.isTextureLookup && args.allSatisfy(isKnownAtCompileTime)
            }
        case .assignment, .comma, .call: return false
        }
    }

    /// The components of `e` known when compiling (a constructor's or a swizzle's constant
    /// parts), as the compiler's values keep constant components apart.
    func constantComponents(_ e: TypedExpression) -> Set<Int> {
        let width = e.type.componentCount
        if isKnownAtCompileTime(e) { return Set(0..<width) }
        switch e.kind {
        case .construct(.vectorFromComponents, let args):
            var known = Set<Int>(), k = 0
            for a in args where k < width {
                let inner = constantComponents(a)
                for j in 0..<a.type.componentCount where k + j < width && inner.contains(j) { known.insert(k + j) }
                k += a.type.componentCount
            }
            return known
        case .swizzle(let b, let comps):
            let inner = constantComponents(b)
            return Set(comps.indices.filter { inner.contains(comps[$0]) })
        default: return []
        }
    }

    /// NIR's `~fmul(a, 0.0) -> 0.0`: a float product with an operand known when compiling is 0
    /// where that operand is zero, even for an infinite or NaN factor (as the compiler's
    /// elementwise product of a constant Value).
    func zeroProduct(
        _ result: Quad, _ a: (TypedExpression, Quad), _ b: (TypedExpression, Quad), type: GLSLType, _ m: LaneMask
    ) -> Quad {
        guard type.scalarKind == .float, !type.isMatrix, !a.0.type.isMatrix, !b.0.type.isMatrix,
              let lane = (0..<4).first(where: m.contains) else { return result }
        var zero = [Bool](repeating: false, count: type.componentCount)
        for (e, q) in [a, b] where isKnownAtCompileTime(e) {
            // Known when compiling: every running lane holds the value (masked lanes may not).
            let c = q.lanes[lane]
            for i in 0..<zero.count where (c.count == 1 ? c[0] : c[i]) == 0 { zero[i] = true }
        }
        guard zero.contains(true) else { return result }
        return Quad(result.lanes.map { lane in lane.enumerated().map { zero[$0.offset] ? 0 : $0.element } })
    }

    // MARK: Running a quad

    /// Runs `main` for the four lanes, from fresh memory; returns the lanes that did not
    /// discard.
    func run() throws -> LaneMask {
        memory = [:]
        persistent = [:]
        carriedKey = [:]
        aliases = [:]
        callPath = []
        discarded = 0
        fragile = 0
        frames = []
        loops = [[]]
        steps = 0
        events = []
        for item in shader.globals {
            guard case .declarations(let declarations) = item else { continue }
            for d in declarations { try declareGlobal(d) }
        }
        frames.append((0, []))
        for s in shader.main.body {
            let m = live(.all)
            if m.isEmpty { break }
            try execute(s, m)
        }
        frames.removeLast()
        return ~discarded & .all
    }

    /// Lane `lane`'s value of the built-in or global `name` (gl_FragColor, gl_Position, a
    /// varying), or nil when no statement wrote it.
    func output(_ v: Variable, lane: Int) -> [Float]? {
        memory[v]?[lane]
    }

    /// The variable of the built-in `b`, when the shader uses it.
    func builtinVariable(_ b: BuiltinVariable) -> Variable? {
        memory.keys.first { $0.storage == .builtin(b) }
    }

    // MARK: Tracing

    func line(_ span: SourceSpan) -> Int { span.file.location(of: span.start).line }

    func note(_ span: SourceSpan, _ m: LaneMask, _ text: @autoclosure () -> String) {
        guard !muted, let t = tracedLane, m.contains(t) else { return }
        events.append(.init(line: line(span), text: text()))
    }

    /// Notes the value a version (`MesaVersioning`) gives its target, the whole variable or
    /// the one component a swizzle wrote (`color.g = 0.25`, whose version is
    /// `vec4(color.r, color.g + 0.25, color.b, color.a)`).
    func noteVersion(_ d: VariableDeclaration, _ value: Quad, _ m: LaneMask) {
        let target = d.span.text
        // A value folded to a constant: the component the target names (`color.g`).
        if d.initializer?.constantValue != nil, d.variable.type.isVector, let dot = target.lastIndex(of: "."),
           case let name = target[target.index(after: dot)...], name.count == 1,
           let k = ["xyzw", "rgba", "stpq"].compactMap({ set in set.firstIndex(of: name.first!).map { set.distance(from: set.startIndex, to: $0) } }).first,
           k < d.variable.type.componentCount {
            note(d.span, m, "\(target) = \(self.describe(.float, Quad(value.lanes.map { [$0[k]] })))")
            return
        }
        guard case .construct(.vectorFromComponents, let args)? = d.initializer?.kind, target.contains(".") else {
            note(d.span, m, "\(target) = \(self.describe(d.variable.type, value))")
            return
        }
        let written = args.indices.filter { k in
            if case .swizzle(_, let components) = args[k].kind, components == [k] { return false }
            return true
        }
        guard written.count == 1, let k = written.first else {
            note(d.span, m, "\(target) = \(self.describe(d.variable.type, value))")
            return
        }
        note(d.span, m, "\(target) = \(self.describe(.float, Quad(value.lanes.map { [$0[k]] })))")
    }

    /// The name the source gave `v`: a variable the compiler made for another's value
    /// (`uv__12`, a version or an inlined parameter; GLSL reserves two underscores) shows as
    /// that one (`uv`).
    static func displayName(_ v: Variable) -> String {
        guard let r = v.name.range(of: "__", options: .backwards),
              !v.name[r.upperBound...].isEmpty, v.name[r.upperBound...].allSatisfy(\.isNumber) else { return v.name }
        return String(v.name[..<r.lowerBound])
    }

    /// The expression as written (whitespace runs collapsed).
    func source(_ e: TypedExpression) -> String {
        let text = e.span.text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
            .joined(separator: " ")
        // The checker's lowering of `switch` has the whole statement's span: print the
        // lowered condition instead (`switch$entry <= 1`).
        return text.isEmpty || text.hasPrefix("switch") ? lowered(e) : text
    }

    /// A checker-made expression written out: names, constants and binary operators.
    func lowered(_ e: TypedExpression) -> String {
        switch e.kind {
        case .variable(let v): return v.name
        case .constant(let c): return c.description
        case .binary(let op, let a, let b): return "\(lowered(a)) \(op.rawValue) \(lowered(b))"
        default: return e.constantValue?.description ?? e.description
        }
    }

    func describe(_ type: GLSLType, _ q: Quad) -> String {
        describe(type, q.lanes[tracedLane ?? 0])
    }

    func describe(_ type: GLSLType, _ c: [Float]) -> String {
        func scalar(_ f: Float, _ kind: ScalarKind?) -> String {
            switch kind {
            case .bool: return f != 0 ? "true" : "false"
            case .int where nativeIntegers: return String(NativeIntegers.int(f))
            case .int: return String(Int(f))
            case .uint: return String(NativeIntegers.uint(f)) + "u"
            default: return f == f.rounded() && abs(f) < 1e7 ? String(Int(f)) + ".0" : String(f)
            }
        }
        if case .scalar(let k) = type, let f = c.first { return scalar(f, k) }
        let kinds = type.componentKinds
        return "\(type)(" + c.enumerated().map { k, f in
            scalar(f, k < kinds.count ? kinds[k] : type.scalarKind)
        }.joined(separator: ", ") + ")"
    }

    // MARK: Masks

    /// The lanes of `m` still running: not discarded, not returned from the current call, and
    /// not past `break` or `continue` of the innermost loop.
    func live(_ m: LaneMask) -> LaneMask {
        var out = m & ~discarded
        if let f = frames.last { out = out & ~f.returned }
        if let l = loops.last?.last { out = out & ~l.broke & ~l.continued }
        return out
    }

    func step() throws {
        steps += 1
        if steps > stepLimit {
            throw InterpreterError(message: "the reference interpreter stopped after \(stepLimit) steps (a runaway loop?)")
        }
    }

    // MARK: Declarations

    func declareGlobal(_ d: VariableDeclaration) throws {
        let v = d.variable
        switch v.storage {
        case .uniform:
            if uniforms[v.name] == nil, let i = d.initializer {
                memory[v] = try evaluate(i, .all).lanes
            }
        case .attribute, .varying:
            break
        default:
            try declare(d, .all, isGlobal: true)
        }
    }

    func declare(_ d: VariableDeclaration, _ m: LaneMask, isGlobal: Bool = false) throws {
        let v = d.variable
        if v.type.containsSampler { return }
        if let restored = restoredVersions[v.id], let i = d.initializer, !isKnownAtCompileTime(i) {
            // A phi's source in NIR: written into the variable's storage for the lanes in `m`.
            // The components no phi reads, and constant ones, are what every lane computes.
            let original = restored.original
            let value = try evaluate(i, m)
            let before = read(original)
            var lanes = before
            for k in 0..<4 where m.contains(k) { lanes[k] = value.lanes[k] }
            memory[original] = lanes
            known.remove(v)
            let constants = constantComponents(i)
            let stored = (0..<value.lanes[0].count).filter { restored.isStored($0) && !constants.contains($0) }
            if stored.count == value.lanes[0].count {
                aliases[v.id] = original
            } else {
                // Only within the version's block: the variable is not written again there.
                aliases[v.id] = nil
                memory[v] = (0..<4).map { k in
                    m.contains(k) ? value.lanes[k]
                        : value.lanes[k].indices.map { stored.contains($0) ? before[k][$0] : value.lanes[k][$0] }
                }
            }
            if !d.span.text.isEmpty { noteVersion(d, value, m) }
            return
        }
        aliases[v.id] = nil
        if d.initializer == nil, loopCarried.contains(v.id) {
            let key = PersistentKey(variable: v.id, path: callPath)
            if let last = carriedKey[v.id], let lanes = memory[v] { persistent[last] = lanes }
            memory[v] = persistent[key] ?? Array(repeating: zeros(v.type), count: 4)
            carriedKey[v.id] = key
            return
        }
        var lanes = memory[v] ?? Array(repeating: zeros(v.type), count: 4)
        if let i = d.initializer {
            let value = try evaluate(i, m)
            if !assigned.contains(v) && isKnownAtCompileTime(i) { known.insert(v) } else { known.remove(v) }
            // A variable never assigned again is one SSA value in NIR, which llvmpipe computes
            // for every lane (so do Shade's engines): lanes outside `m` take it too, which only
            // derivatives can see (a neighbour that has left a loop).
            let lanesSet = assigned.contains(v) ? m : .all
            for k in 0..<4 where lanesSet.contains(k) { lanes[k] = value.lanes[k] }
            memory[v] = lanes
            if !isGlobal || v.storage != .constant {
                if Self.displayName(v) != v.name, !d.span.text.isEmpty {
                    // A version of an assigned variable, spanning the assignment's target.
                    noteVersion(d, value, m)
                } else {
                    note(d.span, m, "\(v.name) = \(self.describe(v.type, value))")
                }
            }
        } else {
            // A declaration without initializer reads as zero (every implementation Shade
            // is compared with gives zero for a fresh variable).
            for k in 0..<4 where m.contains(k) { lanes[k] = zeros(v.type) }
            memory[v] = lanes
        }
    }

    func zeros(_ type: GLSLType) -> [Float] { Array(repeating: 0, count: type.componentCount) }

    /// The value of a variable not yet in memory: constants, uniforms, inputs, built-ins.
    func initial(_ v: Variable) -> [[Float]] {
        let n = v.type.componentCount
        if let c = v.constantValue { return Array(repeating: components(c), count: 4) }
        switch v.storage {
        case .uniform:
            let given = uniforms[v.name] ?? Array(repeating: 0, count: n)
            var kind: ScalarKind?
            if case .array(let e, _) = v.type { kind = e.scalarKind } else { kind = v.type.scalarKind }
            // As `Program.makeUniformFile` converts them; in native-integer versions each
            // member of a structure by its own kind.
            let kinds = v.type.componentKinds
            let c = given.enumerated().map { k, f -> Float in
                if nativeIntegers && k < kinds.count { kind = kinds[k] }
                switch kind {
                case .int where nativeIntegers: return NativeIntegers.hold(ScalarSemantics.floatToInt(f))
                case .uint: return NativeIntegers.hold(ScalarSemantics.floatToUInt(f))
                case .int: return f.rounded(.towardZero)
                case .bool: return f != 0 ? 1 : 0
                default: return f
                }
            }
            return Array(repeating: c, count: 4)
        case .varying, .attribute:
            if let lanes = inputs[v.name] {
                return lanes.map { l in (0..<n).map { $0 < l.count ? l[$0] : 0 } }
            }
            return Array(repeating: zeros(v.type), count: 4)
        case .builtin(.glFragCoord): return fragCoord
        case .builtin(.glFrontFacing): return Array(repeating: [frontFacing], count: 4)
        case .builtin(.glPointCoord): return Array(repeating: [0.5, 0.5], count: 4)
        case .builtin(.glDepthRange): return Array(repeating: [0, 1, 1], count: 4)
        case .builtin(.glVertexID):
            return FullScreenQuad.attribute(named: "gl_VertexID").map { [$0.x] }
        default: return Array(repeating: zeros(v.type), count: 4)
        }
    }

    func read(_ v: Variable) -> [[Float]] {
        if let original = aliases[v.id] { return read(original) }
        if let lanes = memory[v] { return lanes }
        let lanes = initial(v)
        memory[v] = lanes
        return lanes
    }

    // MARK: Statements

    func execute(_ s: TypedStatement, _ m: LaneMask) throws {
        try step()
        switch s.kind {
        case .expression(let e):
            _ = try evaluate(e, m)
        case .declarations(let ds):
            for d in ds { try declare(d, m) }
        case .block(let body):
            try executeBlock(body, m)
        case .ifElse(let c, let then, let otherwise):
            let condition = try evaluate(c, m)
            let taken = condition.truthy(m)
            note(s.span, m, "if (\(self.source(c))) -> \(taken.contains(self.tracedLane ?? 0))")
            let rest = m & ~taken
            // An else side that reads the quad's other lanes (a derivative, an implicit
            // lookup) sees, in the lanes that took the then side, their values from before
            // the `if`, as in an SSA compiler's else block; each lane keeps its own after.
            let restores = !taken.isEmpty && !rest.isEmpty && otherwise.map(readsNeighbouringLanes) == true
            let beforeBranch = restores ? memory : [:]
            if !taken.isEmpty { try execute(then, taken) }
            if let otherwise, !rest.isEmpty {
                guard restores else { try execute(otherwise, rest); break }
                let afterThen = memory
                for (v, lanes) in beforeBranch { memory[v] = lanes }
                try execute(otherwise, rest)
                for (v, lanes) in memory {
                    guard let thenLanes = afterThen[v] else { continue }
                    memory[v] = (0..<4).map { rest.contains($0) ? lanes[$0] : thenLanes[$0] }
                }
            }
        case .forLoop(let initializer, let condition, let stepExpression, let body):
            // A loop `MesaLoopCopies` wrote out (one trip around the copies, each of which
            // notes its counter's value) is traced as its copies: its own header is not the
            // source's loop.
            let unrolled = unrolledCounter(initializer, condition, stepExpression, body)
            let quiet = unrolled?.trips == 1 && MesaLoopCopies.isWrittenOut(body)
            let wasMuted = muted
            if quiet { muted = true }
            if let initializer { try execute(initializer, m) }
            muted = wasMuted
            // A loop Mesa unrolls: its counter is known when compiling (what it feeds folds).
            let counter = unrolled?.variable
            if let counter { known.insert(counter); unrolledDepth += 1 }
            defer { if let counter { known.remove(counter); unrolledDepth -= 1 } }
            // Unrolled, the loop runs the trips NIR counted, whatever the condition says then.
            try loop(s, m, condition: condition, testsFirst: true, body: body, step: stepExpression, kind: "for",
                     trips: unrolled?.trips, quiet: quiet)
        case .whileLoop(let c, let body):
            try loop(s, m, condition: c, testsFirst: true, body: body, step: nil, kind: "while")
        case .doWhile(let body, let c):
            try loop(s, m, condition: c, testsFirst: false, body: body, step: nil, kind: "do-while")
        case .break:
            note(s.span, m, "break")
            loops[loops.count - 1][loops[loops.count - 1].count - 1].broke = loops.last!.last!.broke | m
        case .continue:
            note(s.span, m, "continue")
            loops[loops.count - 1][loops[loops.count - 1].count - 1].continued = loops.last!.last!.continued | m
        case .discard:
            note(s.span, m, "discard")
            discarded = discarded | m
        case .return(let e):
            let value = try e.map { try evaluate($0, m) }
            note(s.span, m, "return" + (value.map { " " + self.describe($0.lanes.isEmpty ? .void : e!.type, $0) } ?? ""))
            var frame = frames.removeLast()
            if let value {
                if frame.result.isEmpty { frame.result = Array(repeating: [], count: 4) }
                for k in 0..<4 where m.contains(k) { frame.result[k] = value.lanes[k] }
            }
            frame.returned = frame.returned | m
            frames.append(frame)
        case .empty:
            break
        }
    }

    /// Whether `s` reads the quad's other lanes, remembered per statement (copies of one
    /// statement that Mesa's passes write out share its span and its answer).
    func readsNeighbouringLanes(_ s: TypedStatement) -> Bool {
        if let known = neighbourReads[s.span] { return known }
        let reads = s.readsNeighbouringLanes(functionBody: { [functions] in functions[$0]?.body })
        neighbourReads[s.span] = reads
        return reads
    }

    func executeBlock(_ body: [TypedStatement], _ m: LaneMask) throws {
        for s in body {
            let l = live(m)
            if l.isEmpty { return }
            try execute(s, l)
        }
    }

    /// The counter of a `for` loop Mesa unrolls (`MesaLoopUnrolling`) and its number of trips,
    /// remembered per loop.
    func unrolledCounter(
        _ initializer: TypedStatement?, _ condition: TypedExpression?, _ step: TypedExpression?, _ body: TypedStatement
    ) -> (variable: Variable, trips: Int)? {
        guard case .declarations(let ds)? = initializer?.kind, let first = ds.first else { return nil }
        let key = LoopKey(counter: first.variable.id, start: first.initializer?.constantValue)
        if let known = unrolledCounters[key] { return known }
        let counter = MesaLoopUnrolling.unrolledCounter(
            initializer, condition, step, body, functionBody: { [functions] in functions[$0]?.body }
        ).map { ($0.variable, $0.values.count) }
        unrolledCounters[key] = .some(counter)
        return counter
    }

    func loop(
        _ s: TypedStatement, _ m: LaneMask, condition: TypedExpression?, testsFirst: Bool,
        body: TypedStatement, step stepExpression: TypedExpression?, kind: String, trips: Int? = nil, quiet: Bool = false
    ) throws {
        let wasMuted = muted
        defer { muted = wasMuted }
        loops[loops.count - 1].append((0, 0))
        defer { loops[loops.count - 1].removeLast() }
        var first = true
        var trip = 0
        while true {
            try step()
            // Lanes still in the loop: those that entered, minus break, return and discard.
            loops[loops.count - 1][loops[loops.count - 1].count - 1].continued = 0
            var running = live(m)
            if running.isEmpty { return }
            if let condition, testsFirst || !first {
                var holds = try evaluate(condition, running).truthy(running)
                if let trips {
                    // Unrolled: NIR's count of trips decides, not the condition (a float
                    // counter's running sum may pass the bound a trip early).
                    holds = trip < trips ? running : 0
                    trip += 1
                }
                if !quiet { note(s.span, running, "\(kind) (\(self.source(condition))) -> \(holds.contains(self.tracedLane ?? 0))") }
                running = holds
                if running.isEmpty { return }
            }
            first = false
            try execute(body, running)
            loops[loops.count - 1][loops[loops.count - 1].count - 1].continued = 0
            if let stepExpression {
                let l = live(running)
                if quiet { muted = true }
                if !l.isEmpty { _ = try evaluate(stepExpression, l) }
                muted = wasMuted
            }
        }
    }

    // MARK: L-values

    /// The variable an l-value names and, per lane, the flat component offsets it covers.
    func location(_ e: TypedExpression, _ m: LaneMask) throws -> (Variable, [[Int]]) {
        switch e.kind {
        case .variable(let v):
            _ = read(v)
            return (v, Array(repeating: Array(0..<v.type.componentCount), count: 4))
        case .swizzle(let b, let comps):
            let (v, o) = try location(b, m)
            return (v, o.map { lane in comps.map { lane[$0] } })
        case .field(let b, let index, _):
            let (v, o) = try location(b, m)
            let (start, width) = fieldRange(b.type, index)
            return (v, o.map { Array($0[start..<(start + width)]) })
        case .index(let b, let i):
            let (v, o) = try location(b, m)
            let index = try evaluate(i, m)
            let n = e.type.componentCount
            let rule = arrayStorage.rule(indexing: b)
            return (v, (0..<4).map { k in
                let count = o[k].count / max(n, 1)
                let at = indexValue(index.lanes[k][0], i.type)
                guard let j = rule.writtenElement(at, count: count) else {
                    // A dropped write still reads the nearest element: offset -1 - o is read
                    // from o and never written.
                    let r = rule.readElement(at, count: count) ?? 0
                    return o[k][(r * n)..<(r * n + n)].map { $0 >= 0 ? -1 - $0 : $0 }
                }
                return Array(o[k][(j * n)..<(j * n + n)])
            })
        default:
            throw InterpreterError(message: "internal error: not an l-value")
        }
    }

    func store(_ place: (Variable, [[Int]]), _ value: Quad, _ m: LaneMask) {
        let (v, offsets) = place
        var lanes = read(v)
        for k in 0..<4 where m.contains(k) {
            for (j, o) in offsets[k].enumerated() where o >= 0 { lanes[k][o] = value.lanes[k][j] }
        }
        memory[v] = lanes
    }

    /// The value at an l-value (a read-only offset `-1 - o` reads `o`).
    func current(_ place: (Variable, [[Int]])) -> Quad {
        let lanes = read(place.0)
        return Quad((0..<4).map { k in place.1[k].map { lanes[k][$0 >= 0 ? $0 : -1 - $0] } })
    }

    func assign(_ target: TypedExpression, _ value: Quad, _ m: LaneMask) throws {
        store(try location(target, m), value, m)
        note(target.span, m, "\(self.source(target)) = \(self.describe(target.type, value))")
    }

    func fieldRange(_ type: GLSLType, _ index: Int) -> (Int, Int) {
        guard case .structure(let s) = type else { return (0, 1) }
        let start = s.fields[..<index].reduce(0) { $0 + $1.type.componentCount }
        return (start, s.fields[index].type.componentCount)
    }

    /// An index truncated toward zero and clamped to `0..<count` (NaN reads element 0).
    func clampedIndex(_ f: Float, _ count: Int) -> Int {
        let t = f.rounded(.towardZero)
        guard t == t else { return 0 }
        return Int(min(max(t, 0), Float(count - 1)))
    }

    // Out-of-range indices are undefined in GLSL ES 1.00; Shade follows llvmpipe's run-time
    // behaviour (`OutOfRangeIndex`, `MesaArrayStorage`): arrays in registers read and write
    // their last element, arrays in the constant buffer read 0, matrices read and write their
    // last column, vectors read the nearest component and drop the write.

    // MARK: Expressions

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

    func evaluate(_ e: TypedExpression, _ m: LaneMask) throws -> Quad {
        if let c = e.constantValue { return Quad(uniform: components(c)) }
        switch e.kind {
        case .constant(let c):
            return Quad(uniform: components(c))
        case .variable(let v):
            return Quad(read(v))
        case .swizzle(let b, let comps):
            return try evaluate(b, m).map { c in comps.map { c[$0] } }
        case .field(let b, let index, _):
            let (start, width) = fieldRange(b.type, index)
            return try evaluate(b, m).map { Array($0[start..<(start + width)]) }
        case .index(let b, let i):
            let base = try evaluate(b, m), index = try evaluate(i, m)
            let n = e.type.componentCount
            let rule = arrayStorage.rule(indexing: b)
            return Quad((0..<4).map { k in
                let at = indexValue(index.lanes[k][0], i.type)
                guard let j = rule.readElement(at, count: base.lanes[k].count / max(n, 1))
                else { return Array(repeating: 0, count: n) }
                return Array(base.lanes[k][(j * n)..<(j * n + n)])
            })
        case .unary(let op, let a):
            switch op {
            case .plus: return try evaluate(a, m)
            case .negate:
                let v = try evaluate(a, m)
                if holdsBits(a.type.scalarKind) { return v.map { $0.map { NativeIntegers.hold(0 &- NativeIntegers.uint($0)) } } }
                return a.type.scalarKind == .int ? v.map { $0.map(Int32Arithmetic.negate) } : v.map { $0.map { -$0 } }
            case .logicalNot: return try evaluate(a, m).map { $0.map { $0 != 0 ? 0 : 1 } }
            case .bitwiseNot:
                guard holdsBits(a.type.scalarKind) else { throw InterpreterError(message: "'~' needs GLSL ES 3.00 integers") }
                return try evaluate(a, m).map { $0.map { NativeIntegers.hold(~NativeIntegers.uint($0)) } }
            case .preIncrement, .preDecrement, .postIncrement, .postDecrement:
                let place = try location(a, m)
                let old = current(place)
                let one = Quad(uniform: Array(
                    repeating: holdsBits(a.type.scalarKind) ? NativeIntegers.hold(UInt32(1)) : 1,
                    count: a.type.componentCount))
                let isIncrement = op == .preIncrement || op == .postIncrement
                let new = try arithmetic(isIncrement ? .add : .subtract, old, one, type: a.type)
                store(place, new, m)
                note(a.span, m, "\(self.source(a)) = \(self.describe(a.type, new))")
                return op == .preIncrement || op == .preDecrement ? new : old
            }
        case .binary(let op, let a, let b):
            if op == .logicalAnd || op == .logicalOr {
                let left = try evaluate(a, m)
                let isAnd = op == .logicalAnd
                if !hasSideEffects(b) {
                    let right = try evaluate(b, m)
                    return Quad((0..<4).map { k in
                        let l = left.lanes[k][0] != 0, r = right.lanes[k][0] != 0
                        return [(isAnd ? l && r : l || r) ? 1 : 0]
                    })
                }
                // The right side runs only in the lanes that need it.
                let needed = isAnd ? left.truthy(m) : m & ~left.truthy(m)
                let right = needed.isEmpty ? Quad(uniform: [0]) : try evaluate(b, needed)
                return Quad((0..<4).map { k in
                    let l = left.lanes[k][0] != 0
                    if isAnd { return [l && right.lanes[k][0] != 0 ? 1 : 0] }
                    return [l || right.lanes[k][0] != 0 ? 1 : 0]
                })
            }
            let x = try evaluate(a, m)
            let y = try evaluate(b, m)
            comparisonIsExact = isExact(a) && isExact(b)
            comparisonFormat = reducedFormat(a) ?? reducedFormat(b)
            let result = try binary(op, x, y, a.type, b.type)
            return op == .multiply ? zeroProduct(result, (a, x), (b, y), type: e.type, m) : result
        case .assignment(let op, let target, let source):
            if op == nil {
                let value = try evaluate(source, m)
                if case .variable(let v) = target.kind, case .variable(let version) = source.kind,
                   Self.displayName(version) == v.name, version.name != v.name {
                    // `uv = uv__12`, a move `MesaVersioning` adds: the trace showed the value
                    // when the version was made.
                    store(try location(target, m), value, m)
                } else {
                    try assign(target, value, m)
                }
                return value
            }
            let place = try location(target, m)
            let old = current(place)
            let value = try binary(op!, old, try evaluate(source, m), target.type, source.type)
            store(place, value, m)
            note(target.span, m, "\(self.source(target)) = \(self.describe(target.type, value))")
            return value
        case .ternary(let c, let a, let b):
            let condition = try evaluate(c, m)
            if !hasSideEffects(a) && !hasSideEffects(b) {
                let x = try evaluate(a, m), y = try evaluate(b, m)
                return Quad((0..<4).map { condition.lanes[$0][0] != 0 ? x.lanes[$0] : y.lanes[$0] })
            }
            let yes = condition.truthy(m), no = m & ~yes
            let x = yes.isEmpty ? nil : try evaluate(a, yes)
            let y = no.isEmpty ? nil : try evaluate(b, no)
            let zero = zeros(e.type)
            return Quad((0..<4).map { k in
                (condition.lanes[k][0] != 0 ? x?.lanes[k] : y?.lanes[k]) ?? zero
            })
        case .comma(let a, let b):
            _ = try evaluate(a, m)
            return try evaluate(b, m)
        case .call(let symbol, let args):
            callPath.append(CallSite(span: e.span, arguments: args))
            defer { callPath.removeLast() }
            return try call(symbol, args, m, type: e.type)
        case .builtinCall(let overload, let args):
            return try builtin(overload, args, m, type: e.type)
        case .construct(let kind, let args):
            let values = try args.map { try evaluate($0, m) }
            if let target = e.type.scalarKind, target != .float {
                for (a, v) in zip(args, values) where a.type.scalarKind == .float && !isExact(a) {
                    let format = reducedFormat(a)
                    for k in 0..<4 where v.lanes[k].contains(where: {
                        target.isInteger ? Self.isNearWhole($0, within: format) : Self.isNear($0, 0, within: format)
                    }) { fragile.insert(k) }
                }
            }
            return Quad((0..<4).map { k in
                construct(kind, values.map { $0.lanes[k] }, from: args.map { $0.type }, type: e.type)
            })
        }
    }

    // MARK: Operators

    func binary(_ op: BinaryOperator, _ a: Quad, _ b: Quad, _ ta: GLSLType, _ tb: GLSLType) throws -> Quad {
        switch op {
        case .add, .subtract, .multiply, .divide:
            return try arithmetic(op, a, b, type: ta.componentCount >= tb.componentCount ? ta : tb)
        case .matrixTimesVector:
            return Quad((0..<4).map { LinearAlgebra.matrixTimesVector(a.lanes[$0], b.lanes[$0]) })
        case .vectorTimesMatrix:
            return Quad((0..<4).map { LinearAlgebra.vectorTimesMatrix(a.lanes[$0], b.lanes[$0]) })
        case .matrixTimesMatrix:
            guard case .matrix(_, let rows) = ta else { throw InterpreterError(message: "internal error: matrix product") }
            return Quad((0..<4).map { LinearAlgebra.matrixTimesMatrix(a.lanes[$0], b.lanes[$0], rows: rows) })
        case .less, .greater, .lessEqual, .greaterEqual:
            if holdsBits(ta.scalarKind) {
                let isSigned = ta.scalarKind == .int
                return Quad((0..<4).map { k in
                    let x = a.lanes[k][0], y = b.lanes[k][0]
                    let holds: Bool
                    switch op {
                    case .less: holds = NativeIntegers.isLess(x, y, isSigned: isSigned)
                    case .greater: holds = NativeIntegers.isLess(y, x, isSigned: isSigned)
                    case .lessEqual: holds = !NativeIntegers.isLess(y, x, isSigned: isSigned)
                    default: holds = !NativeIntegers.isLess(x, y, isSigned: isSigned)
                    }
                    return [holds ? 1 : 0]
                })
            }
            switch op {
            case .less: return compare(a, b, ta) { $0 < $1 }
            case .greater: return compare(a, b, ta) { $0 > $1 }
            case .lessEqual: return compare(a, b, ta) { $0 <= $1 }
            default: return compare(a, b, ta) { $0 >= $1 }
            }
        case .equal, .notEqual:
            if !comparisonIsExact && (ta.scalarKind == .float || ta.isArray || { if case .structure = ta { return true }; return false }()) {
                for k in 0..<4 where zip(a.lanes[k], b.lanes[k]).contains(where: { Self.isNear($0, $1, within: comparisonFormat) }) {
                    fragile.insert(k)
                }
            }
            let equal = op == .equal
            if nativeIntegers {
                // Integer components compare as values (their bits), floats as floats.
                let kinds = ta.componentKinds
                return Quad((0..<4).map { k in
                    let same = zip(a.lanes[k], b.lanes[k]).enumerated().allSatisfy { j, p in
                        j < kinds.count && kinds[j].isInteger ? p.0.bitPattern == p.1.bitPattern : p.0 == p.1
                    }
                    return [same == equal ? 1 : 0]
                })
            }
            return Quad((0..<4).map { k in [zip(a.lanes[k], b.lanes[k]).allSatisfy { $0 == $1 } == equal ? 1 : 0] })
        case .logicalXor:
            return Quad((0..<4).map { k in [(a.lanes[k][0] != 0) != (b.lanes[k][0] != 0) ? 1 : 0] })
        case .logicalAnd, .logicalOr:
            throw InterpreterError(message: "internal error: short-circuit operator")
        case .remainder, .shiftLeft, .shiftRight, .bitwiseAnd, .bitwiseOr, .bitwiseXor:
            guard holdsBits(ta.scalarKind) else {
                throw InterpreterError(message: "'\(op.rawValue)' needs GLSL ES 3.00 integers")
            }
            // The left operand's type is the result's for shifts; the others have one type.
            return try arithmetic(op, a, b, type: op == .shiftLeft || op == .shiftRight || ta.componentCount >= tb.componentCount ? ta : tb)
        }
    }

    /// Whether both operands of the comparison being evaluated are exact (`isExact`).
    var comparisonIsExact = false
    /// The reduced format an operand of the comparison being evaluated was rounded to.
    var comparisonFormat: FloatFormat?

    func compare(_ a: Quad, _ b: Quad, _ type: GLSLType, _ f: (Float, Float) -> Bool) -> Quad {
        if type.scalarKind == .float && !comparisonIsExact {
            for k in 0..<4 where Self.isNear(a.lanes[k][0], b.lanes[k][0], within: comparisonFormat) { fragile.insert(k) }
        }
        return Quad((0..<4).map { k in [f(a.lanes[k][0], b.lanes[k][0]) ? 1 : 0] })
    }

    /// True when `a` and `b` are so close that another fp32 implementation's rounding could
    /// order them the other way (equal values included).
    ///
    /// For values rounded to a device profile's reduced `format`, one step of the format apart
    /// is near too: the fp32 value before the rounding differs between implementations by a
    /// few ulps, and beside a tie of the format it rounds to the neighbouring value, a whole
    /// step away (an fp16 varying of 2.999 is 2.998 in one implementation and 3.0 in the
    /// other, and `int()` of it 2 or 3).
    static func isNear(_ a: Float, _ b: Float, within format: FloatFormat? = nil) -> Bool {
        guard a.isFinite && b.isFinite else { return false }
        let distance = Swift.abs(a - b), magnitude = Swift.max(Swift.abs(a), Swift.abs(b))
        if distance <= 2e-5 * magnitude + 1e-6 { return true }
        switch format {
        case nil, .fp32: return false
        case .fp16: return distance <= Swift.max(magnitude * 0x1p-10, 0x1p-24)
        case .fixed10: return distance <= 0x1p-8
        }
    }

    /// True when `x` is that close to a whole number (a whole number included).
    static func isNearWhole(_ x: Float, within format: FloatFormat? = nil) -> Bool {
        isNear(x, x.rounded(), within: format)
    }

    /// The reduced format `e`'s value was rounded to by precision lowering (the rounding
    /// built-ins `CheckedShader.lowered(to:)` inserts, reads of `mediump`/`lowp` locals and
    /// globals, through swizzles, indices and constructors of such values), or `nil`.
    func reducedFormat(_ e: TypedExpression) -> FloatFormat? {
        switch e.kind {
        case .builtinCall(let o, _):
            switch o.function {
            case .roundToFP16, .truncateToFP16: return .fp16
            case .roundToFixed10: return .fixed10
            default: return nil
            }
        case .variable(let v):
            // A `mediump`/`lowp` variable holds values its stores rounded (uniforms and
            // inputs are read as they are: Shade and llvmpipe agree on those bits).
            guard e.type.scalarKind == .float, v.storage == .local || v.storage == .global else { return nil }
            let format = shader.precision.format(of: v.precision)
            return format == .fp32 ? nil : format
        case .swizzle(let b, _), .index(let b, _): return reducedFormat(b)
        case .construct(_, let args):
            let formats = args.map(reducedFormat)
            return formats.contains { $0 == nil } ? nil : formats.first ?? nil
        default: return nil
        }
    }

    /// True when `e`'s value is exact in every fp32 implementation: ints and bools, constants,
    /// and `float()`, negation, `abs`, `min`, `max`, `clamp`, `floor`, `ceil`, `sign` of exact
    /// values. A discontinuity at an exact value is not fragile (every generated index is
    /// `int(clamp(float(i), …))`, which must not mark whole frames fragile and hide real
    /// differences).
    func isExact(_ e: TypedExpression) -> Bool {
        if e.constantValue != nil || e.type.scalarKind?.isInteger == true || e.type.scalarKind == .bool { return true }
        switch e.kind {
        case .constant: return true
        case .unary(let op, let x): return (op == .negate || op == .plus) && isExact(x)
        case .swizzle(let b, _): return isExact(b)
        case .construct(_, let args): return args.allSatisfy(isExact)
        case .builtinCall(let o, let args):
            switch o.function {
            case .abs, .min, .max, .clamp, .floor, .ceil, .sign: return args.allSatisfy(isExact)
            default: return false
            }
        default: return false
        }
    }

    /// Marks the lanes where the discontinuous built-in `f` had near-threshold inputs.
    func noteFragility(_ f: BuiltinFunction, _ values: [Quad], _ types: [GLSLType], formats: [FloatFormat?] = []) {
        switch f {
        case .step, .floor, .ceil, .fract, .mod, .sign, .lessThan, .lessThanEqual, .greaterThan,
             .greaterThanEqual, .equal, .notEqual, .trunc, .round, .roundEven, .floatBitsToInt, .floatBitsToUint,
             .modf, .packSnorm2x16, .packUnorm2x16, .packHalf2x16:
            break
        default:
            return
        }
        let format = formats.compactMap { $0 }.first
        func isNear(_ x: Float, _ y: Float) -> Bool { Self.isNear(x, y, within: format) }
        func isNearWhole(_ x: Float) -> Bool { Self.isNearWhole(x, within: format) }
        for k in 0..<4 {
            let a = values.map { $0.lanes[k] }
            func each(_ i: Int, _ j: Int) -> Float { a[i].count == 1 ? a[i][0] : a[i][j] }
            let n = a.reduce(0) { Swift.max($0, $1.count) }
            var near = false
            switch f {
            case .step: near = (0..<n).contains { isNear(each(0, $0), each(1, $0)) }
            case .floor, .ceil, .fract, .trunc, .modf: near = a[0].contains(where: isNearWhole)
            case .packSnorm2x16, .packUnorm2x16, .packHalf2x16: near = true
            case .round, .roundEven: near = a[0].contains { isNearWhole($0 + 0.5) }
            // Every bit of an inexact float shows: one ulp elsewhere is another integer.
            case .floatBitsToInt, .floatBitsToUint: near = true
            case .mod: near = (0..<n).contains { isNearWhole(each(0, $0) / each(1, $0)) }
            case .sign: near = a[0].contains { isNear($0, 0) }
            case .lessThan, .lessThanEqual, .greaterThan, .greaterThanEqual, .equal, .notEqual:
                near = types[0].scalarKind == .float && (0..<n).contains { isNear(each(0, $0), each(1, $0)) }
            default: break
            }
            if near { fragile.insert(k) }
        }
    }

    /// Component-wise `+ - * /`, a scalar operand applying to every component; int operands
    /// wrap at 32 bits and divide toward zero.
    func arithmetic(_ op: BinaryOperator, _ a: Quad, _ b: Quad, type: GLSLType) throws -> Quad {
        let isInt = type.scalarKind == .int
        let isNative = holdsBits(type.scalarKind)
        return Quad((0..<4).map { k in
            let x = a.lanes[k], y = b.lanes[k]
            let n = max(x.count, y.count)
            return (0..<n).map { j in
                let p = x[x.count == 1 ? 0 : j], q = y[y.count == 1 ? 0 : j]
                if isNative { return NativeIntegers.apply(op, p, q, isSigned: isInt) }
                if isInt { return Int32Arithmetic.apply(op, p, q) }
                switch op {
                case .add: return p + q
                case .subtract: return p - q
                case .multiply: return p * q
                default: return p / q
                }
            }
        })
    }

    // MARK: Constructors

    func construct(_ kind: ConstructorKind, _ args: [[Float]], from types: [GLSLType], type: GLSLType) -> [Float] {
        let n = type.componentCount
        let target = type.scalarKind
        func convert(_ f: Float, from source: ScalarKind?) -> Float { self.convert(f, from: source, to: target) }
        switch kind {
        case .scalarConversion, .vectorFromScalar:
            return Array(repeating: convert(args[0][0], from: types[0].scalarKind), count: n)
        case .implicitConversion:
            return args[0].map { convert($0, from: types[0].scalarKind) }
        case .matrixFromScalar:
            guard case .matrix(_, let rows) = type else { return args[0] }
            let s = convert(args[0][0], from: types[0].scalarKind)
            return (0..<n).map { $0 / rows == $0 % rows ? s : 0 }
        case .matrixFromMatrix:
            guard case .matrix(_, let rows) = type, case .matrix(let fromColumns, let fromRows) = types[0]
            else { return args[0] }
            let from = args[0]
            return (0..<n).map { k in
                let col = k / rows, row = k % rows
                return col < fromColumns && row < fromRows ? from[col * fromRows + row] : (col == row ? 1 : 0)
            }
        case .structure, .array:
            return args.flatMap { $0 }
        case .vectorFromComponents, .matrixFromComponents:
            // (Matrix components convert to float: `target` is `.float` for a matrix.)
            var out: [Float] = []
            for (a, t) in zip(args, types) { out += a.map { convert($0, from: t.scalarKind) } }
            return Array(out.prefix(n))
        }
    }

    // MARK: Calls

    func call(_ symbol: FunctionSymbol, _ args: [TypedExpression], _ m: LaneMask, type: GLSLType) throws -> Quad {
        guard let f = functions[symbol]
            ?? shader.functions.first(where: {
                $0.symbol.name == symbol.name && $0.symbol.parameterTypes == symbol.parameterTypes
            })
        else { throw InterpreterError(message: "function '\(symbol.name)' has no body") }
        // Arguments in order: `in` values; `out`/`inout` places, read now for `inout`.
        var values: [(Variable, [[Float]])] = []
        var copyBack: [(Variable, (Variable, [[Int]]))] = []
        for (p, a) in zip(f.parameters, args) {
            guard case .parameter(let q) = p.storage else { continue }
            if p.type.containsSampler {
                samplerParameters[p] = try samplerName(a)
                continue
            }
            switch q {
            case .in:
                values.append((p, try evaluate(a, m).lanes))
                if !assigned.contains(p) && isKnownAtCompileTime(a) { known.insert(p) } else { known.remove(p) }
            case .out:
                let place = try location(a, m)
                values.append((p, Array(repeating: zeros(p.type), count: 4)))
                copyBack.append((p, place))
            case .inout:
                let place = try location(a, m)
                values.append((p, current(place).lanes))
                copyBack.append((p, place))
            }
        }
        // GLSL has no recursion: parameters and locals are the callee's own variables.
        for (p, v) in values {
            var lanes = memory[p] ?? Array(repeating: zeros(p.type), count: 4)
            for k in 0..<4 where m.contains(k) { lanes[k] = v[k] }
            memory[p] = lanes
        }
        frames.append((0, []))
        loops.append([])
        for s in f.body {
            let l = live(m)
            if l.isEmpty { break }
            try execute(s, l)
        }
        loops.removeLast()
        let frame = frames.removeLast()
        for (p, place) in copyBack {
            store(place, Quad(memory[p]!), m)
        }
        let zero = zeros(type)
        return Quad((0..<4).map { k in
            k < frame.result.count && frame.result[k].count == zero.count ? frame.result[k] : zero
        })
    }

    /// The name of the sampler uniform a sampler expression denotes (`s`, `s[2]`, or a
    /// sampler parameter of an enclosing call).
    func samplerName(_ e: TypedExpression) throws -> String {
        switch e.kind {
        case .variable(let v):
            if let name = samplerParameters[v] { return name }
            return v.name
        case .index(let b, let i):
            guard let k = i.constantValue?.components.first?.floatValue else {
                throw InterpreterError(message: "sampler arrays must be indexed with constant expressions")
            }
            let count: Int
            if case .array(_, let n) = b.type { count = n } else { count = 1 }
            return "\(try samplerName(b))[\(clampedIndex(k, count))]"
        default:
            throw InterpreterError(message: "sampler arguments must be sampler uniforms")
        }
    }

    // MARK: Built-in functions

    /// The constant texel offset argument of a `…Offset` texture function.
    func texelOffset(_ e: TypedExpression) throws -> (x: Int, y: Int) {
        guard let c = e.constantValue?.components.map(\.intValue), c.count == 2 else {
            throw InterpreterError(message: "a texel offset must be a constant expression")
        }
        return (Int(c[0]), Int(c[1]))
    }

    func builtin(_ overload: BuiltinOverload, _ args: [TypedExpression], _ m: LaneMask, type: GLSLType) throws -> Quad {
        let f = overload.function
        if f.isTextureLookup {
            let name = try samplerName(args[0])
            let coord = try evaluate(args[1], m)
            guard let faces = views[name] else { throw InterpreterError(message: "sampler '\(name)' is not bound") }
            if Self.layeredShape(args[0].type) != nil {
                return try layeredLookup(f, args[0].type, faces[0], args, coord: coord, m)
            }
            let isCube = args[0].type == .samplerCube
            switch f {
            case _ where isCube && f != .textureSize:
                return try cubeLookup(f, faces, args, coord: coord, m)
            case .textureSize:
                // The quad's first lane chooses the level (llvmpipe's size query).
                let size = faces[0].levelSize(Int(Int32(bitPattern: coord.lanes[0][0].bitPattern)))
                return Quad(uniform: [size.width, size.height].map { Float(bitPattern: UInt32(truncatingIfNeeded: $0)) })
            case .texelFetch, .texelFetchOffset:
                let level = try evaluate(args[2], m)
                let offset: (x: Int, y: Int) = f == .texelFetchOffset ? try texelOffset(args[3]) : (0, 0)
                return Quad((0..<4).map { k in
                    let c = coord.lanes[k].map { Int(Int32(bitPattern: $0.bitPattern)) }
                    let v = faces[0].fetch(
                        x: c[0] + offset.x, y: c[1] + offset.y, level: Int(Int32(bitPattern: level.lanes[k][0].bitPattern)))
                    return [v.x, v.y, v.z, v.w]
                })
            default:
                let projective = f.rawValue.contains("Proj")
                let st: [(s: Float, t: Float)] = coord.lanes.map { c in
                    guard projective else { return (c[0], c[1]) }
                    // llvmpipe multiplies by the reciprocal of q.
                    let r = 1 / c[c.count - 1]
                    return (c[0] * r, c[1] * r)
                }
                // The arguments after the coordinate, less a texel offset (which offsets the view).
                var rest = Array(args.dropFirst(2))
                var view = faces[0]
                if let k = f.offsetParameterIndex {
                    let offset = try texelOffset(args[k])
                    view = view.offset(x: offset.x, y: offset.y)
                    rest.remove(at: k - 2)
                }
                let extra = try rest.map { try evaluate($0, m).lanes }
                // The level of detail: explicit, from explicit derivatives, or from the quad's
                // (vertex shaders have no quads: level 0, as llvmpipe's lod 0).
                let rho = view.quadRhoSquared(s0: st[0].s, s1: st[1].s, s2: st[2].s, t0: st[0].t, t1: st[1].t, t2: st[2].t)
                return Quad((0..<4).map { k in
                    let v: SIMD4<Float>
                    switch f {
                    case .texture2DLod, .texture2DLodEXT, .textureLod, .texture2DProjLod, .texture2DProjLodEXT, .textureProjLod,
                         .textureLodOffset, .textureProjLodOffset:
                        v = view.sample(s: st[k].s, t: st[k].t, lod: extra[0][k][0])
                    case .texture2DGradEXT, .textureGrad, .texture2DProjGradEXT, .textureProjGrad, .textureGradOffset,
                         .textureProjGradOffset:
                        let r = view.gradientRhoSquared(
                            dsdx: extra[0][k][0], dtdx: extra[0][k][1], dsdy: extra[1][k][0], dtdy: extra[1][k][1])
                        v = view.sample(s: st[k].s, t: st[k].t, lod: TextureView.levelOfDetail(rhoSquared: r))
                    case _ where shader.stage == .vertex:
                        v = view.sample(s: st[k].s, t: st[k].t)
                    default:
                        v = view.sample(s: st[k].s, t: st[k].t, rhoSquared: rho, bias: extra.first?[k][0])
                    }
                    return [v.x, v.y, v.z, v.w]
                })
            }
        }
        switch f {
        case .dFdx, .dFdy, .fwidth:
            let v = try evaluate(args[0], m).lanes
            func dx(_ k: Int) -> [Float] {
                let row = k & 2
                return zip(v[row + 1], v[row]).map { $0 - $1 }
            }
            func dy(_ k: Int) -> [Float] {
                let column = k & 1
                return zip(v[column + 2], v[column]).map { $0 - $1 }
            }
            return Quad((0..<4).map { k in
                switch f {
                case .dFdx: return dx(k)
                case .dFdy: return dy(k)
                default: return zip(dx(k), dy(k)).map { abs($0) + abs($1) }
                }
            })
        case .modf:
            // The whole part is written to the second argument, after both are evaluated.
            let x = try evaluate(args[0], m)
            let place = try location(args[1], m)
            if !isExact(args[0]) { noteFragility(f, [x], [args[0].type], formats: [reducedFormat(args[0])]) }
            let parts = x.lanes.map { $0.map(ReferenceBuiltins.modf) }
            let whole = Quad(parts.map { $0.map(\.whole) })
            store(place, whole, m)
            note(args[1].span, m, "\(self.source(args[1])) = \(self.describe(args[1].type, whole))")
            return Quad(parts.map { $0.map(\.fraction) })
        default:
            break
        }
        let values = try args.map { try evaluate($0, m) }
        if !args.allSatisfy(isExact) { noteFragility(f, values, args.map { $0.type }, formats: args.map(reducedFormat)) }
        if let k = overload.function.outParameterIndex {
            throw InterpreterError(message: "internal error: argument \(k + 1) of '\(overload)' is written")
        }
        switch f {
        case .determinant, .inverse, .packSnorm2x16, .unpackSnorm2x16, .packUnorm2x16, .unpackUnorm2x16,
             .packHalf2x16, .unpackHalf2x16:
            return try Quad((0..<4).map { k in
                guard let result = ReferenceBuiltins.evaluateES300(f, values.map { $0.lanes[k] }) else {
                    throw InterpreterError(message: "the reference interpreter cannot evaluate '\(overload)'")
                }
                return result
            })
        default:
            break
        }
        if isFoldedPerLane(overload) {
            return try Quad((0..<4).map { k in
                let constants = zip(values, overload.parameterTypes).map { constant($0.lanes[k], $1) }
                guard let result = overload.evaluate(constants, nativeIntegers: true) else {
                    throw InterpreterError(message: "the reference interpreter cannot evaluate '\(overload)'")
                }
                return components(result)
            })
        }
        // What the compiler knows decides `pow` and `mix` (llvmpipe's rewrites) and the
        // transcendental functions (folded with the C library, `CompileTimeMath`).
        let known = f == .pow || f == .mix || f == .mod || f == .cross || CompileTimeMath.folds(f)
            ? args.map(isKnownAtCompileTime) : Array(repeating: false, count: args.count)
        let stage: CompileTimeMath.Stage = unrolledDepth > 0 ? .nir : .glslIR
        return try Quad((0..<4).map { k in
            guard let result = ReferenceBuiltins.evaluate(
                f, values.map { $0.lanes[k] }, isConstant: known, count: type.componentCount, foldingStage: stage)
            else {
                throw InterpreterError(message: "the reference interpreter cannot evaluate '\(overload)'")
            }
            return result
        })
    }
}

/// GLSL int arithmetic on whole floats: 32-bit two's complement that wraps.
enum Int32Arithmetic {
    static func int(_ f: Float) -> Int32 {
        guard f.isFinite else { return 0 }
        return Int32(truncatingIfNeeded: Int64(max(min(f, 9.2e18), -9.2e18)))
    }

    static func negate(_ f: Float) -> Float { Float(0 &- int(f)) }

    static func apply(_ op: BinaryOperator, _ a: Float, _ b: Float) -> Float {
        let x = int(a), y = int(b)
        switch op {
        case .add: return Float(x &+ y)
        case .subtract: return Float(x &- y)
        case .multiply: return Float(x &* y)
        default:
            // Division by zero is undefined; 0 here.
            if y == 0 { return 0 }
            if x == .min && y == -1 { return Float(x) }
            return Float(x / y)
        }
    }
}

/// Matrix products in llvmpipe's summation order (the order the executor is held to).
enum LinearAlgebra {
    /// `dot(a, b)`: the last component's product first, then each earlier one added.
    static func dot(_ a: [Float], _ b: [Float]) -> Float {
        let n = a.count
        var acc = a[n - 1] * b[n - 1]
        for k in stride(from: n - 2, through: 0, by: -1) { acc = a[k] * b[k] + acc }
        return acc
    }

    /// `m * v`: column 0 times v.x, then each further column times its component added
    /// (the matrix has `v.count` columns).
    static func matrixTimesVector(_ m: [Float], _ v: [Float]) -> [Float] {
        let n = v.count, rows = m.count / n
        return (0..<rows).map { r in
            var acc = m[r] * v[0]
            for j in 1..<n { acc = m[j * rows + r] * v[j] + acc }
            return acc
        }
    }

    /// `v * m`: component j is `dot(v, column j)` (the matrix has `v.count` rows).
    static func vectorTimesMatrix(_ v: [Float], _ m: [Float]) -> [Float] {
        let n = v.count
        return (0..<(m.count / n)).map { j in dot(v, Array(m[(j * n)..<((j + 1) * n)])) }
    }

    /// `a * b`: column j is `a * b[j]`; `a` has `rows` rows.
    static func matrixTimesMatrix(_ a: [Float], _ b: [Float], rows: Int) -> [Float] {
        let inner = a.count / rows
        return (0..<(b.count / inner)).flatMap { j in
            matrixTimesVector(a, Array(b[(j * inner)..<((j + 1) * inner)]))
        }
    }
}

/// Collects the variables a shader writes after their declaration.
struct AssignmentCollector {
    var assigned: Set<Variable> = []

    mutating func visit(_ s: TypedStatement) {
        switch s.kind {
        case .expression(let e): visit(e)
        case .declarations(let ds): for d in ds { if let i = d.initializer { visit(i) } }
        case .block(let b): for x in b { visit(x) }
        case .ifElse(let c, let t, let e):
            visit(c)
            visit(t)
            if let e { visit(e) }
        case .forLoop(let i, let c, let st, let body):
            if let i { visit(i) }
            if let c { visit(c) }
            if let st { visit(st) }
            visit(body)
        case .whileLoop(let c, let b), .doWhile(let b, let c):
            visit(c)
            visit(b)
        case .return(let e): if let e { visit(e) }
        case .break, .continue, .discard, .empty: break
        }
    }

    mutating func visit(_ e: TypedExpression) {
        switch e.kind {
        case .constant, .variable: break
        case .swizzle(let b, _), .field(let b, _, _): visit(b)
        case .index(let b, let i):
            visit(b)
            visit(i)
        case .unary(let op, let x):
            if op.isIncrementOrDecrement, let v = root(x) { assigned.insert(v) }
            visit(x)
        case .binary(_, let a, let b), .comma(let a, let b):
            visit(a)
            visit(b)
        case .assignment(_, let l, let r):
            if let v = root(l) { assigned.insert(v) }
            visit(l)
            visit(r)
        case .ternary(let c, let a, let b):
            visit(c)
            visit(a)
            visit(b)
        case .call(let f, let args):
            for (p, a) in zip(f.parameters, args) {
                if p.qualifier != .in, let v = root(a) { assigned.insert(v) }
                visit(a)
            }
        case .builtinCall(let o, let args):
            if let k = o.function.outParameterIndex, let v = root(args[k]) { assigned.insert(v) }
            for a in args { visit(a) }
        case .construct(_, let args):
            for a in args { visit(a) }
        }
    }

    func root(_ e: TypedExpression) -> Variable? {
        switch e.kind {
        case .variable(let v): return v
        case .swizzle(let b, _), .field(let b, _, _), .index(let b, _): return root(b)
        default: return nil
        }
    }
}
