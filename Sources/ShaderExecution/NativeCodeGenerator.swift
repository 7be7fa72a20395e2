import ShaderCompiler
import ShaderSemantics

/// Translates a program's batch stage (`Program.laneCode`) into C for the native engine.
///
/// The C function runs the batch in groups of `vectorWidth` lanes. Inside a group every lane
/// slot is a local vector variable (clang's `ext_vector_type`), so a run of operations stays in
/// registers instead of sending each result through memory; slots the executor fills are loaded
/// when a group starts, and the slots it reads afterwards (the root mask and the outputs) are
/// stored when it ends. Arithmetic is written in the closures' order, with FMA contraction off,
/// so both engines give the same bits; transcendental functions are vector code written step
/// for step as their Swift definitions (`LlvmpipeMath`), and lookups the generated code does not
/// cover call back into `TextureView.sample`.
///
/// Control flow follows the closures' SIMT model per group: masks are vectors, a side of an
/// `if` runs when any lane of the group takes it, and a loop runs while any lane of the group is
/// in it. The loop budget counts a group's iterations (each group at most as many as its batch),
/// so a program stops with `loopLimitExceeded` on the native engine only if it does on closures.
struct NativeCodeGenerator {
    /// Lanes per vector: 16 with AVX-512, 8 with AVX2, 4 otherwise.
    let vectorWidth: Int
    /// Slots the executor writes before the batch stage runs.
    let liveIn: Set<Int>
    /// Slots the executor reads after it.
    let liveOut: Set<Int>

    private var lines: [String] = []
    private var indent = 2
    private var slots: Set<Int> = []
    private var temporary = 0
    /// The texture views the code samples: `textures[0..<viewCount]`.
    private var viewCount = 0
    /// Every `texture2D` step, in the order of its `SITE_X(k)`/`SITE_Y(k)` hints: the view and the
    /// coordinates' slots.
    private var sites: [(view: Int, s: Int, t: Int)] = []
    /// Every slot some step writes (`writtenSlots`).
    private var written: Set<Int> = []
    /// The slots the code writes before any read (`slotsWrittenFirst`, once the code is emitted):
    /// declared without a value.
    private var writtenFirst: Set<Int> = []
    /// The uniform slots the code reads by constant index.
    private var uniformsRead: Set<Int> = []

    init(vectorWidth: Int, liveIn: Set<Int>, liveOut: Set<Int>) {
        self.vectorWidth = vectorWidth
        self.liveIn = liveIn
        self.liveOut = liveOut
    }

    /// What `shade_span` reads and writes: where the executor's inputs come from and which slot
    /// (or per-draw value) each RGBA8 channel is.
    ///
    /// `shade_span` is the batch stage fused with the executor's work around it for a row of
    /// pixels the triangle covers whole: it interpolates the inputs from the per-draw column
    /// tables (`WorkerTriangle.columnTerms`, the same sums as `shade_interpolate_row`), runs the
    /// shader, converts the colour to RGBA8 (`shade_pack_rgba8`'s rounding) and stores the
    /// pixels, all in registers: no slab goes through memory.
    struct SpanLayout: Hashable {
        /// Per input component, in `WorkerTriangle.planes` order: its lane slot, and whether it is
        /// `flat` (then its value is the provoking vertex's, not interpolated).
        var inputs: [Component]
        /// `gl_FragCoord`'s four slots; z and w come from the column tables after the inputs'.
        var fragCoord: [Int]?
        var frontFacing: Int?
        /// Per RGBA channel: its lane slot, or nil for a per-draw value (`constants[k]`).
        var channels: [Int?]
        /// False when the root mask stays all set (no `discard`): every pixel is stored.
        var canDiscard: Bool

        struct Component: Hashable {
            var slot: Int
            var isFlat: Bool
        }
    }

    /// The C source of `shade_batch` for `code` (and `shade_span` when `span` is given), or nil
    /// when it uses something the generator does not translate.
    ///
    /// With `batch` false the source has `shade_span` alone: a draw whose every row the fused
    /// row function shades needs nothing else, and each function is the whole program, so
    /// leaving one out halves what clang compiles.
    static func source(
        for code: [LaneCode], vectorWidth: Int, liveIn: Set<Int>, liveOut: Set<Int>, span: SpanLayout? = nil,
        batch: Bool = true
    ) -> String? {
        var generator = NativeCodeGenerator(vectorWidth: vectorWidth, liveIn: liveIn, liveOut: liveOut)
        generator.written = writtenSlots(code)
        guard generator.emit(code) else { return nil }
        generator.writtenFirst = slotsWrittenFirst(in: generator.lines)
        var text = prelude(vectorWidth: vectorWidth)
        if batch { text += generator.batchFunction() }
        if let span { text += generator.spanFunction(span) }
        return text
    }

    /// Every slot a step of `code` writes.
    static func writtenSlots(_ code: [LaneCode]) -> Set<Int> {
        var slots: Set<Int> = []
        func visit(_ list: [LaneCode]) { for c in list { visit(c) } }
        func visit(_ c: LaneCode) {
            switch c {
            case .map(_, let d, _), .maskedMove(let d, _, _), .gather(let d, _, _, _, _, _, _): slots.formUnion(d)
            case .dot(let d, _, _): slots.insert(d)
            case .texture2D(_, _, _, let outputs), .textureLevel(_, _, _, _, _, let outputs, _):
                slots.formUnion(outputs.filter { $0 >= 0 })
            case .branch(_, _, let thenMask, let elseMask, _, _): slots.formUnion([thenMask, elseMask])
            case .loop(_, let loopMask, let bodyMask, _, _, _, _, _): slots.formUnion([loopMask, bodyMask])
            case .countedLoop(_, _, let index, _, _): slots.insert(index)
            case .leave(let current, let targets):
                slots.insert(current)
                slots.formUnion(targets)
            case .call(let mask, _, _): slots.insert(mask)
            case .scatter(_, _, let base, let width, let count, _, _): slots.formUnion(base..<(base + width * count))
            case .external(_, _, let writes): slots.formUnion(writes)
            case .uniformBranch, .block, .mipmapSwitch: break
            }
            visit(c.nested)
        }
        visit(code)
        return slots
    }

    private mutating func line(_ text: String) {
        // Every `splitInterval` statements, a branch clang cannot fold before it promotes the
        // locals to SSA values ends the basic block (`iterations` never goes below 0, so it is
        // never taken; later passes may drop it). mem2reg scans a block from its start to a
        // variable's first use for each variable stored in more than one place: on the
        // straight runs of a large program (function bodies written out at every call) that
        // made clang quadratic, two minutes for a 47,000-line Shadertoy pass, 16 s split.
        if statementsSinceSplit >= Self.splitInterval, text.hasSuffix(";"), !text.contains("{"), !text.contains("}"),
           lines.last.map({ $0.hasSuffix(";") || $0.hasSuffix("{") || $0.hasSuffix("}") }) ?? true {
            lines.append(String(repeating: "  ", count: indent) + "if (__builtin_expect(iterations < 0, 0)) return;")
            statementsSinceSplit = 0
        }
        lines.append(String(repeating: "  ", count: indent) + text)
        statementsSinceSplit += 1
    }

    /// Statements between the block-ending branches `line` adds.
    private static let splitInterval = 64
    private var statementsSinceSplit = 0

    private mutating func fresh() -> String {
        temporary += 1
        return "t\(temporary)"
    }

    private mutating func slot(_ s: Int) -> String {
        slots.insert(s)
        return "r\(s)"
    }

    /// The local copy of uniform slot `u` (`uniformPrologue` loads it once per call, before
    /// the loop over lane groups, so that the C compiler may compute what depends only on
    /// uniforms once per call).
    private mutating func uniform(_ u: Int) -> String {
        uniformsRead.insert(u)
        return "uv\(u)"
    }

    /// The loads of the uniform slots the code reads.
    private var uniformPrologue: String {
        uniformsRead.sorted().map { "  const float uv\($0) = u[\($0)];\n" }.joined()
    }

    private mutating func source(_ source: LaneCode.Source) -> String {
        switch source {
        case .lane(let s): return slot(s)
        case .uniform(let u): return "((V)(\(uniform(u))))"
        }
    }

    /// The most lines of C a program may take: shared function bodies (`.call`) are written
    /// out at every call, so a call tree (piglit's inline-explosion tests: 2^64 calls) would
    /// grow without bound; past this the program runs on closures, which share the bodies.
    static let lineLimit = 200_000

    /// Emits `code`; false when some case cannot be translated or the code grows too long.
    private mutating func emit(_ code: [LaneCode]) -> Bool {
        for c in code where lines.count > Self.lineLimit || !emit(c) { return false }
        return true
    }

    private mutating func emit(_ code: LaneCode) -> Bool {
        switch code {
        case .block(let list):
            return emit(list)
        case .map(let function, let destination, let operands):
            var results: [(String, String)] = []
            for k in destination.indices {
                let args = operands.map { source($0[k]) }
                guard let expression = expression(function, args) else { return false }
                let t = fresh()
                line("V \(t) = \(expression);")
                results.append((slot(destination[k]), t))
            }
            for (d, t) in results { line("\(d) = \(t);") }
            return true
        case .maskedMove(let destination, let sourceList, let mask):
            let m = slot(mask)
            var results: [(String, String)] = []
            for k in destination.indices {
                let t = fresh(), d = slot(destination[k])
                line("V \(t) = SELECT(\(m) != 0, \(source(sourceList[k])), \(d));")
                results.append((d, t))
            }
            for (d, t) in results { line("\(d) = \(t);") }
            return true
        case .dot(let destination, let a, let b):
            let x = a.map { source($0) }, y = b.map { source($0) }
            let products = zip(x, y).map { "\($0) * \($1)" }
            let expression: String
            switch products.count {
            case 1: expression = products[0]
            case 2: expression = "\(products[0]) + \(products[1])"
            case 3: expression = "\(products[0]) + (\(products[1]) + \(products[2]))"
            case 4: expression = "\(products[0]) + (\(products[1]) + (\(products[2]) + \(products[3])))"
            default: return false
            }
            line("\(slot(destination)) = \(expression);")
            return true
        case .texture2D(let view, let s, let t, let outputs):
            viewCount = max(viewCount, view + 1)
            let sv = slot(s), tv = slot(t)
            let names = outputs.map { _ in fresh() }
            let k = sites.count
            sites.append((view, s, t))
            line("V \(names.joined(separator: ", "));")
            line("sample2d_hinted(&textures[\(view)], \(sv), \(tv), &\(names[0]), &\(names[1]), &\(names[2]), &\(names[3]), callbacks, SITE_X(\(k)), SITE_Y(\(k)));")
            for (k, name) in names.enumerated() where outputs[k] >= 0 { line("\(slot(outputs[k])) = \(name);") }
            return true
        case .branch(let condition, let parent, let thenMask, let elseMask, let then, let otherwise):
            let c = slot(condition), p = slot(parent), tm = slot(thenMask), em = slot(elseMask)
            line("\(tm) = SELECT(\(c) != 0, \(p), ZERO);")
            line("\(em) = SELECT(\(c) != 0, ZERO, \(p));")
            line("if (ANY(\(tm))) {")
            indent += 1
            guard emit(then) else { return false }
            indent -= 1
            line("}")
            if let otherwise {
                line("if (ANY(\(em))) {")
                indent += 1
                guard emit(otherwise) else { return false }
                indent -= 1
                line("}")
            }
            return true
        case .uniformBranch(let condition, let then, let otherwise):
            return emitIfElse("\(uniform(condition)) != 0", then, otherwise ?? [])
        case .loop(let parent, let loopMask, let bodyMask, let condition, let conditionSource, let body, let step, let testsFirst):
            let lm = slot(loopMask), bm = slot(bodyMask), p = slot(parent)
            line("\(lm) = \(p);")
            // The test: run the condition's code, then drop lanes whose condition is false.
            var test: [String] = []
            let saved = lines
            lines = []
            guard emit(condition) else { return false }
            if let conditionSource {
                switch conditionSource {
                case .lane(let s): line("\(lm) = SELECT(\(slot(s)) != 0, \(lm), ZERO);")
                case .uniform(let u): line("if (\(uniform(u)) == 0) \(lm) = ZERO;")
                }
            }
            test = lines
            lines = saved
            line("{")
            indent += 1
            line("int go = 1;")
            if testsFirst {
                lines += test
                line("go = ANY(\(lm));")
            }
            line("if (go) for (;;) {")
            indent += 1
            line("\(bm) = \(lm);")
            guard emit(body), emit(step) else { return false }
            lines += test.map { "  " + $0 }
            line("if (!ANY(\(lm))) break;")
            line("iterations += 1;")
            line("if (iterations >= limit || *status != 0) { *status = 1; break; }")
            indent -= 1
            line("}")
            indent -= 1
            line("}")
            return true
        case .countedLoop(let count, let mask, let index, let values, let body):
            // The values as a table of float bits; n clamped as iterationCount does.
            temporary += 1
            let name = "counted\(temporary)"
            line("{")
            indent += 1
            let bits = values.map { "0x" + String($0, radix: 16) + "u" }.joined(separator: ", ")
            line("static const unsigned \(name)_values[\(values.count)] = {\(bits)};")
            if let count {
                let u = uniform(count)
                line("const float \(name)_f = \(u);")
                line("long \(name)_n = \(name)_f > 0 ? (\(name)_f < \(values.count).0f ? (long)\(name)_f : \(values.count)) : 0;")
            } else {
                line("long \(name)_n = \(values.count);")
            }
            line("if (\(name)_n > 0 && ANY(\(slot(mask)))) {")
            indent += 1
            line("iterations += \(name)_n - 1;")
            line("if (iterations >= limit || *status != 0) { *status = 1; }")
            line("else for (long \(name)_k = 0; \(name)_k < \(name)_n; \(name)_k++) {")
            indent += 1
            line("\(slot(index)) = (V)(__builtin_bit_cast(float, \(name)_values[\(name)_k]));")
            guard emit(body) else { return false }
            indent -= 1
            line("}")
            indent -= 1
            line("}")
            indent -= 1
            line("}")
            return true
        case .leave(let current, let targets):
            let c = slot(current)
            for t in targets {
                let tv = slot(t)
                line("\(tv) = SELECT(\(c) != 0, ZERO, \(tv));")
            }
            line("\(c) = ZERO;")
            return true
        case .call(let mask, let caller, let body):
            line("\(slot(mask)) = \(slot(caller));")
            return emit(body)
        case .mipmapSwitch(let view, let mipmapped, let plain):
            viewCount = max(viewCount, view + 1)
            return emitIfElse("textures[\(view)].mipmapped", mipmapped, plain)
        case .textureLevel(let view, let s, let t, let kind, let lodSlots, let outputs, let fallback):
            // sample_lod on views it takes; the closure step on the others.
            viewCount = max(viewCount, view + 1)
            let l = (0..<4).map { $0 < lodSlots.count ? slot(lodSlots[$0]) : "ZERO" }
            let names = outputs.map { _ in fresh() }
            let code = kind == .bias ? 1 : kind == .explicit ? 2 : 3
            line("if (textures[\(view)].general) {")
            indent += 1
            line("V \(names.joined(separator: ", "));")
            line("sample_lod(&textures[\(view)], \(slot(s)), \(slot(t)), \(code), \(l.joined(separator: ", ")), &\(names[0]), &\(names[1]), &\(names[2]), &\(names[3]));")
            for (k, name) in names.enumerated() where outputs[k] >= 0 { line("\(slot(outputs[k])) = \(name);") }
            indent -= 1
            line("} else {")
            indent += 1
            guard emit(fallback) else { return false }
            indent -= 1
            line("}")
            return true
        case .external(let index, let reads, let writes):
            // A closure kernel on this group's lanes: the slots it reads go to a register file
            // W lanes wide, the callback runs it there, the slots it writes come back.
            for s in reads { line("STORE(scratch + \(s) * W, \(slot(s)));") }
            line("callbacks->external(context, \(index), scratch);")
            for s in writes { line("\(slot(s)) = LOAD(scratch + \(s) * W);") }
            return true
        case .gather(let destination, let index, let base, let width, let count, let fromUniforms, let rule):
            // Kernels.gather: the truncated index clamped (vectors, arrays in the constant
            // buffer) or sent to the last element (matrices, arrays in registers), then the
            // element chosen by selects (or per-lane loads from the uniform file); an array in
            // the constant buffer read out of range gives 0.
            guard count <= 256 else { return false }
            let t = fresh(), clamped = fresh(), last = Float(count - 1).bitPatternLiteral
            line("V \(t) = __builtin_elementwise_trunc(\(source(index)));")
            if rule == .matrix || rule == .array {
                line("V \(clamped) = SELECT((\(t) >= 0.0f) & (\(t) <= \(last)), \(t), (V)(\(last)));")
            } else {
                line("V \(clamped) = SELECT(\(t) >= 0.0f, SELECT(\(t) <= \(last), \(t), (V)(\(last))), ZERO);")
            }
            var results: [(String, String)] = []
            for c in 0..<width {
                let r = fresh()
                if fromUniforms {
                    line("V \(r); for (int l = 0; l < W; l++) \(r)[l] = u[\(base + c) + (int)\(clamped)[l] * \(width)];")
                } else {
                    line("V \(r) = \(slot(base + c));")
                    for k in 1..<max(count, 1) {
                        line("\(r) = SELECT(\(clamped) == \(Float(k).bitPatternLiteral), \(slot(base + k * width + c)), \(r));")
                    }
                }
                if rule == .constantArray { line("\(r) = SELECT((\(t) < 0.0f) | (\(t) > \(last)), ZERO, \(r));") }
                results.append((slot(destination[c]), r))
            }
            for (d, r) in results { line("\(d) = \(r);") }
            return true
        case .scatter(let value, let index, let base, let width, let count, let mask, let rule):
            // Kernels.scatter: element k takes the value where the truncated index is k; the last
            // element of an array or matrix also takes every index outside 0..<last (NaN too).
            guard count <= 256 else { return false }
            let t = fresh(), m = slot(mask)
            line("V \(t) = __builtin_elementwise_trunc(\(source(index)));")
            let values = value.map { source($0) }
            for k in 0..<count {
                let kf = Float(k).bitPatternLiteral
                let condition = rule != .vector && k == count - 1
                    ? "(\(m) != 0) & (((\(t) >= 0.0f) & (\(t) < \(kf))) == 0)"
                    : "(\(m) != 0) & (\(t) == \(kf))"
                for c in 0..<width {
                    let e = slot(base + k * width + c)
                    line("\(e) = SELECT(\(condition), \(values[c]), \(e));")
                }
            }
            return true
        }
    }

    /// `if (condition) { then } else { otherwise }`, on one condition for the whole group.
    private mutating func emitIfElse(_ condition: String, _ then: [LaneCode], _ otherwise: [LaneCode]) -> Bool {
        line("if (\(condition)) {")
        indent += 1
        guard emit(then) else { return false }
        indent -= 1
        line("} else {")
        indent += 1
        guard emit(otherwise) else { return false }
        indent -= 1
        line("}")
        return true
    }

    /// The C expression of an element-wise operation on vector operands.
    private func expression(_ function: String, _ a: [String]) -> String? {
        func x(_ k: Int) -> String { a[k] }
        switch function {
        case "copy": return x(0)
        case "negate": return "-\(x(0))"
        case "radians": return "\(x(0)) * RADIANS"
        case "degrees": return "\(x(0)) * DEGREES"
        case "exp2": return "exp2_v(\(x(0)))"
        case "log2": return "log2_v(\(x(0)))"
        case "exp": return "exp_v(\(x(0)))"
        case "log": return "log_v(\(x(0)))"
        case "pow": return "pow_v(\(x(0)), \(x(1)))"
        case "sin": return "sincos_v(\(x(0)), 0)"
        case "cos": return "sincos_v(\(x(0)), 1)"
        case "tan": return "sincos_v(\(x(0)), 0) / sincos_v(\(x(0)), 1)"
        case "asin": return "arcsine_v(\(x(0)), FB(0x3db149e5), FB(0xbcfe31af))"
        case "acos": return "HALF_PI - arcsine_v(\(x(0)), FB(0x3da68d87), FB(0xbcc19a5f))"
        case "atan": return "atan_v(\(x(0)))"
        case "atan2": return "atan2_v(\(x(0)), \(x(1)))"
        case "sinh": return "(V)(0.5f) * (exp_v(\(x(0))) - exp_v(-\(x(0))))"
        case "cosh": return "(V)(0.5f) * (exp_v(\(x(0))) + exp_v(-\(x(0))))"
        case "tanh": return "tanh_v(\(x(0)))"
        case "asinh": return "sign_v(\(x(0))) * log_v(__builtin_elementwise_abs(\(x(0))) + __builtin_elementwise_sqrt(\(x(0)) * \(x(0)) + 1.0f))"
        case "acosh": return "log_v(\(x(0)) + __builtin_elementwise_sqrt(\(x(0)) * \(x(0)) - 1.0f))"
        case "atanh": return "(V)(0.5f) * log_v((1.0f + \(x(0))) / (1.0f - \(x(0))))"
        case "roundeven": return "__builtin_elementwise_roundeven(\(x(0)))"
        case "sqrt": return "__builtin_elementwise_sqrt(\(x(0)))"
        case "inversesqrt": return "ONE / __builtin_elementwise_sqrt(\(x(0)))"
        case "abs": return "__builtin_elementwise_abs(\(x(0)))"
        case "sign": return "sign_v(\(x(0)))"
        case "floor": return "__builtin_elementwise_floor(\(x(0)))"
        case "ceil": return "__builtin_elementwise_ceil(\(x(0)))"
        case "fract": return "fract_v(\(x(0)))"
        case "trunc": return "__builtin_elementwise_trunc(\(x(0)))"
        case "fp16": return "fp16_v(\(x(0)))"
        case "fixed10": return "fixed10_v(\(x(0)))"
        case "fp16rtz": return "fp16rtz_v(\(x(0)))"
        case "tobool": return "BOOL(\(x(0)) != 0)"
        case "not": return "BOOL(\(x(0)) == 0)"
        case "add": return "\(x(0)) + \(x(1))"
        case "sub": return "\(x(0)) - \(x(1))"
        case "mul": return "\(x(0)) * \(x(1))"
        case "div": return "\(x(0)) / \(x(1))"
        case "idiv": return "idiv_v(\(x(0)), \(x(1)))"
        case "mod": return "mod_v(\(x(0)), \(x(1)))"
        case "min": return "min_v(\(x(0)), \(x(1)))"
        case "max": return "max_v(\(x(0)), \(x(1)))"
        case "step": return "BOOL(\(x(1)) >= \(x(0)))"
        case "lt": return "BOOL(\(x(0)) < \(x(1)))"
        case "le": return "BOOL(\(x(0)) <= \(x(1)))"
        case "gt": return "BOOL(\(x(0)) > \(x(1)))"
        case "ge": return "BOOL(\(x(0)) >= \(x(1)))"
        case "eq": return "BOOL(\(x(0)) == \(x(1)))"
        case "ne": return "BOOL(\(x(0)) != \(x(1)))"
        case "and": return "BOOL((\(x(0)) != 0) & (\(x(1)) != 0))"
        case "or": return "BOOL((\(x(0)) != 0) | (\(x(1)) != 0))"
        case "xor": return "BOOL((\(x(0)) != 0) ^ (\(x(1)) != 0))"
        case "madd": return "\(x(0)) * \(x(1)) + \(x(2))"
        case "mix": return "\(x(0)) + (\(x(1)) - \(x(0))) * \(x(2))"
        case "clamp": return "min_v(max_v(\(x(0)), \(x(1))), \(x(2)))"
        case "smoothstep": return "smoothstep_v(\(x(0)), \(x(1)), \(x(2)))"
        case "select": return "SELECT(\(x(0)) != 0, \(x(1)), \(x(2)))"
        // Native integers (GLSL ES 3.00): the slots hold the bits; see ScalarSemantics.
        case "ineg": return "AV(0u - AU(\(x(0))))"
        case "bnot": return "AV(~AU(\(x(0))))"
        case "i2f": return "__builtin_convertvector(AI(\(x(0))), V)"
        case "u2f": return "__builtin_convertvector(AU(\(x(0))), V)"
        case "f2i": return "AV(f2i_v(\(x(0))))"
        case "f2u": return "f2u_v(\(x(0)))"
        case "i2b": return "BOOL(AU(\(x(0))) != 0)"
        case "b2i": return "AV(SELECT(\(x(0)) != 0, (U)(1u), (U)(0u)))"
        case "iabs": return "AV(SELECT(AI(\(x(0))) < 0, 0u - AU(\(x(0))), AU(\(x(0)))))"
        case "isign": return "AV(SELECT(AI(\(x(0))) > 0, (I)(1), SELECT(AI(\(x(0))) < 0, (I)(-1), (I)(0))))"
        case "iadd": return "AV(AU(\(x(0))) + AU(\(x(1))))"
        case "isub": return "AV(AU(\(x(0))) - AU(\(x(1))))"
        case "imul": return "AV(AU(\(x(0))) * AU(\(x(1))))"
        case "sdiv": return "sdiv_v(\(x(0)), \(x(1)))"
        case "udiv": return "udiv_v(\(x(0)), \(x(1)))"
        case "urem": return "urem_v(\(x(0)), \(x(1)))"
        case "band": return "AV(AU(\(x(0))) & AU(\(x(1))))"
        case "bor": return "AV(AU(\(x(0))) | AU(\(x(1))))"
        case "bxor": return "AV(AU(\(x(0))) ^ AU(\(x(1))))"
        case "shl": return "AV(AU(\(x(0))) << (AU(\(x(1))) & 31u))"
        case "sra": return "AV(AI(\(x(0))) >> AI(AU(\(x(1))) & 31u))"
        case "srl": return "AV(AU(\(x(0))) >> (AU(\(x(1))) & 31u))"
        case "ilt": return "BOOL(AI(\(x(0))) < AI(\(x(1))))"
        case "ile": return "BOOL(AI(\(x(0))) <= AI(\(x(1))))"
        case "igt": return "BOOL(AI(\(x(0))) > AI(\(x(1))))"
        case "ige": return "BOOL(AI(\(x(0))) >= AI(\(x(1))))"
        case "ult": return "BOOL(AU(\(x(0))) < AU(\(x(1))))"
        case "ule": return "BOOL(AU(\(x(0))) <= AU(\(x(1))))"
        case "ugt": return "BOOL(AU(\(x(0))) > AU(\(x(1))))"
        case "uge": return "BOOL(AU(\(x(0))) >= AU(\(x(1))))"
        case "beq": return "BOOL(AU(\(x(0))) == AU(\(x(1))))"
        case "imin": return "SELECT(AI(\(x(1))) < AI(\(x(0))), \(x(1)), \(x(0)))"
        case "imax": return "SELECT(AI(\(x(1))) > AI(\(x(0))), \(x(1)), \(x(0)))"
        case "umin": return "SELECT(AU(\(x(1))) < AU(\(x(0))), \(x(1)), \(x(0)))"
        case "umax": return "SELECT(AU(\(x(1))) > AU(\(x(0))), \(x(1)), \(x(0)))"
        case "isnan": return "BOOL(\(x(0)) != \(x(0)))"
        case "isinf": return "BOOL(__builtin_elementwise_abs(\(x(0))) == __builtin_inff())"
        // GLSL ES 3.00 packing (ScalarSemantics+Packing): packs write a uint's bits, unpacks read
        // the low 16 bits.
        case "packsnorm": return "AV(packsnorm_v(\(x(0))) | (packsnorm_v(\(x(1))) << 16))"
        case "packunorm": return "AV(packunorm_v(\(x(0))) | (packunorm_v(\(x(1))) << 16))"
        case "packhalf": return "AV(packhalf_v(\(x(0))) | (packhalf_v(\(x(1))) << 16))"
        case "unpacksnorm": return "unpacksnorm_v(\(x(0)))"
        case "unpackunorm": return "unpackunorm_v(\(x(0)))"
        case "unpackhalf": return "unpackhalf_v(\(x(0)))"
        default: return nil
        }
    }

    /// The slots no read can find unwritten in a group's run of `lines`: the first line naming
    /// the slot assigns it a value that does not read it (`rN = expr;`, nothing else on the
    /// line), and every later line naming it is inside the block of that assignment while the
    /// block is open (the assignment is at the block's own level, so it runs before them on
    /// every path through the block). Such a slot is declared without the `ZERO` the others
    /// start from: the same bits, and clang's promotion of locals to SSA values, which scans a
    /// block up to a variable's first use for each variable stored in more than one place,
    /// stays linear on programs of tens of thousands of lines (every slot stored twice, once by
    /// its `ZERO`, made it quadratic: minutes of clang on the largest Shadertoy shaders).
    static func slotsWrittenFirst(in lines: [String]) -> Set<Int> {
        // Per slot: the block its first assignment is in, or -1 when it may be read unwritten.
        var block: [Int: Int] = [:]
        var open: [Bool] = [true]  // block 0: the group's body
        var stack: [Int] = [0]
        for text in lines {
            let bytes = Array(text.utf8)
            let start = bytes.firstIndex { $0 != 32 } ?? bytes.count
            // `rN = expr;` with no brace on the line: a first write of N, when N is new.
            var assigned: Int?
            if let (n, end) = Self.slotToken(bytes, at: start), end + 2 < bytes.count,
               bytes[end] == 32, bytes[end + 1] == 61, bytes[end + 2] == 32, !bytes.contains(123), !bytes.contains(125) {
                assigned = n
            }
            var i = 0
            while i < bytes.count {
                switch bytes[i] {
                case 123:  // {
                    open.append(true)
                    stack.append(open.count - 1)
                case 125:  // }
                    if let closed = stack.popLast() { open[closed] = false }
                default:
                    if i == 0 || !Self.isIdentifierByte(bytes[i - 1]), let (n, end) = Self.slotToken(bytes, at: i) {
                        if let b = block[n] {
                            // Named again: after its block closed, or on its assignment's line
                            // (reading itself), it may be unwritten.
                            if b >= 0 && (!open[b] || (assigned == n && i != start)) { block[n] = -1 }
                        } else {
                            block[n] = i == start && assigned == n ? stack[stack.count - 1] : -1
                        }
                        i = end
                        continue
                    }
                }
                i += 1
            }
        }
        return Set(block.compactMap { $0.value >= 0 ? $0.key : nil })
    }

    /// The slot named by the token `rN` starting at `i`, and the index after it; nil for any
    /// other token.
    private static func slotToken(_ bytes: [UInt8], at i: Int) -> (Int, Int)? {
        guard i < bytes.count, bytes[i] == 114 else { return nil }  // r
        var j = i + 1, n = 0
        while j < bytes.count, bytes[j] >= 48, bytes[j] <= 57 {
            n = n &* 10 &+ Int(bytes[j] - 48)
            j += 1
        }
        guard j > i + 1, j == bytes.count || !isIdentifierByte(bytes[j]) else { return nil }
        return (n, j)
    }

    private static func isIdentifierByte(_ b: UInt8) -> Bool {
        (b >= 48 && b <= 57) || (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || b == 95
    }

    /// `shade_batch`: the code on the register file's lanes, one group of W at a time.
    private func batchFunction() -> String {
        let all = slots.sorted()
        var text = """
            // A batch has no hints: every lookup tests its lanes (sample2d).
            #define SITE_X(k) (-1)
            #define SITE_Y(k) (-1)
            void shade_batch(float *restrict reg, const float *restrict u, long n, const shade_texture *textures,
                             long *status, long limit, const shade_callbacks *callbacks, float *scratch, void *context) {
              long iterations = 0;

            """
        text += uniformPrologue
        text += """
              for (long i = 0; i < n; i += W) {

            """
        let writtenFirst = writtenFirst.subtracting(liveOut)
        for s in all {
            text += liveIn.contains(s) ? "    V r\(s) = LOAD(reg + \(s) * n + i);\n"
                : (writtenFirst.contains(s) ? "    V r\(s);\n" : "    V r\(s) = ZERO;\n")
        }
        text += lines.joined(separator: "\n") + "\n"
        for s in all where liveOut.contains(s) { text += "    STORE(reg + \(s) * n + i, r\(s));\n" }
        text += "  }\n}\n#undef SITE_X\n#undef SITE_Y\n"
        return text
    }

    /// `shade_span`: the batch's code between loads of the interpolated inputs and a store of
    /// RGBA8 pixels (see `SpanLayout`).
    private func spanFunction(_ span: SpanLayout) -> String {
        // The root mask: the lanes from `skip` to `count` (a run of pixels need not start or end on
        // a group), so that lanes outside it run no loop and store nothing.
        var load: [Int: String] = [
            Program.rootMaskSlot: "i >= skip && i + W <= count ? ONE : SELECT((LANES_I >= skip - i) & (LANES_I < count - i), ONE, ZERO)"
        ]
        for (m, input) in span.inputs.enumerated() {
            load[input.slot] = input.isFlat ? "((V)(flat[\(m)]))" : "interp_v(columns + \(m) * stride + i, rows[\(m)])"
        }
        if let f = span.fragCoord {
            let z = span.inputs.count, w = span.inputs.count + 1
            load[f[0]] = "__builtin_convertvector(x + (LANES_D + (double)i), V)"
            load[f[1]] = "((V)((float)y))"
            load[f[2]] = "interp_v(columns + \(z) * stride + i, rows[\(z)])"
            load[f[3]] = "interp_v(columns + \(w) * stride + i, rows[\(w)])"
        }
        if let f = span.frontFacing { load[f] = "((V)(front))" }
        let used = slots.union(span.channels.compactMap { $0 }).union([Program.rootMaskSlot]).sorted()
        var text = hintFunctions(span)
        text += """
            void shade_span(const float *restrict u, const shade_texture *views, long *status, long limit,
                            const shade_callbacks *callbacks, long count, long batch, const double *restrict columns,
                            long stride,
                            const double *restrict rows, const float *restrict flat, double x, double y, float front,
                            const float *restrict constants, unsigned *restrict out, float *scratch, void *context,
                            const int *restrict hints, long column, long skip) {
              // Local copies of the descriptors: the compiler may then keep their fields in registers.
              shade_texture textures[\(max(viewCount, 1))];
              __builtin_memcpy(textures, views, sizeof(shade_texture) * \(viewCount));
              long iterations = 0;

            """
        text += spanHintPrologue(span)
        text += uniformPrologue
        for k in 0..<4 where span.channels[k] == nil { text += "  const V channel\(k) = (V)(constants[\(k)]);\n" }
        text += """
              #define SITE_X(k) (hy[k] >= 0 ? hx[k][i] : -1)
              #define SITE_Y(k) hy[k]
              long current = -1;
              for (long i = 0; i < count; i += W) {
                // The loop budget counts per batch of `batch` lanes of the row (from column 0), as
                // shade_batch's does; a group that starts in a new batch starts its count.
                const long start = (column + i) & -batch;
                if (start != current) { iterations = 0; current = start; }

            """
        let writtenFirst = writtenFirst.subtracting(span.channels.compactMap { $0 }).subtracting(load.keys)
        for s in used { text += writtenFirst.contains(s) ? "    V r\(s);\n" : "    V r\(s) = \(load[s] ?? "ZERO");\n" }
        text += lines.joined(separator: "\n") + "\n"
        let channel = (0..<4).map { k in span.channels[k].map { "r\($0)" } ?? "channel\(k)" }
        text += """
                const U pixels = unorm8_v(\(channel[0])) | (unorm8_v(\(channel[1])) << 8)
                  | (unorm8_v(\(channel[2])) << 16) | (unorm8_v(\(channel[3])) << 24);
                const V mask = r\(Program.rootMaskSlot);
                if (i >= skip && i + W <= count && \(span.canDiscard ? "__builtin_reduce_and((I)(mask != 0)) != 0" : "1")) {
                  __builtin_memcpy(out + i, &pixels, sizeof pixels);
                } else {
                  for (int l = 0; l < W && i + l < count; l++) if (mask[l] != 0) out[i + l] = pixels[l];
                }
                if (*status != 0) return;
              }
              #undef SITE_X
              #undef SITE_Y
            }

            """
        return text
    }

    /// The lookups whose coordinates are interpolated inputs no step writes, with the input
    /// components' indices: the ones the executor's per-draw hints can serve.
    private func hintedSites(_ span: SpanLayout) -> [(site: Int, view: Int, s: Int, t: Int)] {
        var component: [Int: Int] = [:]
        for (m, input) in span.inputs.enumerated() where !input.isFlat { component[input.slot] = m }
        return sites.enumerated().compactMap { k, site in
            guard let s = component[site.s], let t = component[site.t], !written.contains(site.s), !written.contains(site.t)
            else { return nil }
            return (k, site.view, s, t)
        }
    }

    /// `shade_span_hint_size` and `shade_span_hints`: the per-draw tables that let `shade_span`
    /// skip a lookup's texel-centre test (see `spanHintPrologue`). For a lookup at interpolated
    /// coordinates (s, t) where t is the same all along the row (its column terms are equal),
    /// `hints[1 + k]` is set and `hints[1 + K + k * width + x]` is `centre_columns` of the group
    /// of lanes starting at column x, computed from the column terms alone; the span uses it on
    /// rows where s's row term is zero, so the group's s values are those same ones.
    private func hintFunctions(_ span: SpanLayout) -> String {
        let count = sites.count
        var text = """
            long shade_span_hint_size(long width) { return 1 + \(count) + \(count) * width; }
            void shade_span_hints(const shade_texture *views, const double *restrict columns, long stride, long width,
                                  int *restrict hints) {
              hints[0] = (int)width;
              for (int k = 0; k < \(count); k++) hints[1 + k] = -1;

            """
        for site in hintedSites(span) {
            text += """
                  {
                    const shade_texture *tex = &views[\(site.view)];
                    const double *t = columns + \(site.t) * stride;
                    int constant = tex->texels && tex->linear_clamped;
                    for (long x = 1; constant && x < stride; x++) constant = t[x] == t[0];
                    if (constant) {
                      int *table = hints + 1 + \(count) + \(site.site) * width;
                      for (long x = 0; x < width; x++) table[x] = centre_columns(tex, interp_v(columns + \(site.s) * stride + x, 0.0));
                      hints[1 + \(site.site)] = 1;
                    }
                  }

                """
        }
        return text + "}\n"
    }

    /// The span's hints for this row: per lookup `k`, the texel row `hy[k]` its lanes sit on the
    /// centres of (-1 when none, or no hint) and its column table `hx[k]`, indexed by lane group.
    private func spanHintPrologue(_ span: SpanLayout) -> String {
        let count = max(sites.count, 1)
        var text = """
              const int *hx[\(count)];
              int hy[\(count)];
              for (int k = 0; k < \(count); k++) { hx[k] = 0; hy[k] = -1; }

            """
        for site in hintedSites(span) {
            text += """
                  if (hints && hints[1 + \(site.site)] >= 0 && rows[\(site.s)] == 0.0) {
                    hx[\(site.site)] = hints + 1 + \(sites.count) + \(site.site) * (long)hints[0] + column;
                    hy[\(site.site)] = centre_row(&textures[\(site.view)], (V)((float)(columns[\(site.t) * stride] + rows[\(site.t)])));
                  }

                """
        }
        return text
    }

    /// Types and helpers every generated file starts with.
    static func prelude(vectorWidth: Int) -> String {
        """
        // Generated by Shade's native engine (NativeCodeGenerator); do not edit.
        #pragma clang fp contract(off)
        #define W \(vectorWidth)
        typedef float V __attribute__((ext_vector_type(W)));
        typedef int I __attribute__((ext_vector_type(W)));
        typedef unsigned int U __attribute__((ext_vector_type(W)));
        #define FB(b) __builtin_bit_cast(float, (unsigned)(b))
        // Texel fetches at per-lane word indices: the CPU's gather instruction where it has one
        // (AVX-512 for 16 lanes, AVX2 for 8), else one load per lane.
        #if defined(__x86_64__) && ((W == 16 && defined(__AVX512F__)) || (W == 8 && defined(__AVX2__)))
        #include <immintrin.h>
        #if W == 16
        #define GATHER_WORDS(base, index) ((U)_mm512_i32gather_epi32((__m512i)(index), (const void *)(base), 4))
        #else
        #define GATHER_WORDS(base, index) ((U)_mm256_i32gather_epi32((const int *)(base), (__m256i)(index), 4))
        #endif
        #else
        #define GATHER_WORDS(base, index) gather_words_scalar((const unsigned char *)(base), (index))
        #endif
        typedef void (*texture_fn)(const void *, long, const float *, const float *, long, float *, float *, float *, float *);
        typedef void (*external_fn)(void *, long, float *);
        typedef struct { texture_fn texture2D; external_fn external; } shade_callbacks;
        // One mipmap level of a view (level 0 first): RGBA8 or RGBA32F texels, row 0 first.
        typedef struct { const unsigned char *bytes; const float *floats; long width, height; } shade_level;
        // A texture view: RGBA8 texels (null for float and mipmapped textures), size, and whether
        // the sampler is bilinear with clamp-to-edge on both axes (the vector filter below). Any
        // other view is sampled per lane by sample_general from its levels and sampler state
        // (`general`; else, for texel offsets and layers, TextureView.sample through the callback).
        typedef struct {
          const unsigned char *texels; long width, height; long linear_clamped; const void *view; long mipmapped;
          const shade_level *levels; long level_count, linear, mip_filter, wrap_s, wrap_t, general; float lod_bias;
        } shade_texture;
        #define ZERO ((V)(0.0f))
        #define ONE ((V)(1.0f))
        #define RADIANS ((V)(\(Float(Double.pi / 180).bitPatternLiteral)))
        #define DEGREES ((V)(\(Float(180 / Double.pi).bitPatternLiteral)))
        #define SELECT(c, a, b) ((c) ? (a) : (b))
        #define BOOL(c) SELECT(c, ONE, ZERO)
        #define ANY(m) (__builtin_reduce_or((I)((m) != 0)) != 0)
        static inline V LOAD(const float *p) { V v; __builtin_memcpy(&v, p, sizeof v); return v; }
        static inline void STORE(float *p, V v) { __builtin_memcpy(p, &v, sizeof v); }
        static inline V min_v(V x, V y) { return SELECT((x < y) | (y != y), x, y); }
        static inline V max_v(V x, V y) { return SELECT((x > y) | (y != y), x, y); }
        static inline V sign_v(V x) { return SELECT(x > 0, ONE, SELECT(x < 0, -ONE, ZERO)); }
        static inline V fract_v(V x) { return x - __builtin_elementwise_floor(x); }
        static inline V idiv_v(V x, V y) { return SELECT(y == 0, ZERO, __builtin_elementwise_trunc(x / y)); }
        // Native integers: the bits of a float slot as int or unsigned lanes.
        #define AI(v) __builtin_bit_cast(I, v)
        #define AU(v) __builtin_bit_cast(U, v)
        #define AV(v) __builtin_bit_cast(V, v)
        static inline V sdiv_v(V a, V b) {
          I x = AI(a), y = AI(b);
          I d = SELECT((y == 0) | ((x == (I)(-2147483647 - 1)) & (y == -1)), (I)(1), y);
          return AV(SELECT(y == 0, (I)(0), x / d));
        }
        static inline V udiv_v(V a, V b) {
          U x = AU(a), y = AU(b);
          return AV(SELECT(y == 0, (U)(0xFFFFFFFFu), x / SELECT(y == 0, (U)(1u), y)));
        }
        static inline V urem_v(V a, V b) {
          U x = AU(a), y = AU(b);
          return AV(SELECT(y == 0, (U)(0xFFFFFFFFu), x % SELECT(y == 0, (U)(1u), y)));
        }
        // cvttps2dq: truncation, INT_MIN out of range; NaN becomes 0 first (as Mesa).
        static inline I cvtt_v(V x) {
          I inRange = (x >= -2147483648.0f) & (x < 2147483648.0f);
          I r = __builtin_convertvector(SELECT(inRange, x, ZERO), I);
          return SELECT(inRange, r, (I)(-2147483647 - 1));
        }
        // A device profile's fp16 (FloatFormat.round): nearest even on the bits for normal
        // halves, fp32's own rounding at the 2^-24 spacing of subnormal ones.
        static inline V fp16_v(V x) {
          U b = AU(x), s = b & 0x80000000u, m = b & 0x7fffffffu;
          U kept = (m + 0xfffu + ((m >> 13) & 1u)) & ~0x1fffu;
          kept = SELECT(kept >= 0x47800000u, (U)(0x7f800000u), kept);
          V a = AV(m);
          U small = AU((a + 0.5f) - 0.5f);
          U r = SELECT(m < 0x38800000u, small, kept);
          return AV(SELECT(m > 0x7f800000u, b, r | s));
        }
        static inline V fp16rtz_v(V x) {
          U b = AU(x), s = b & 0x80000000u, m = b & 0x7fffffffu;
          U cut = SELECT((m & ~0x1fffu) > 0x477fe000u, (U)(0x477fe000u), m & ~0x1fffu);
          U small = AU(__builtin_elementwise_trunc(AV(m) * 16777216.0f) * (1.0f / 16777216.0f));
          U r = SELECT(m < 0x38800000u, small, cut);
          return AV(SELECT(m >= 0x7f800000u, b, r | s));
        }
        static inline V fixed10_v(V x) {
          V c = SELECT(x < -2.0f, (V)(-2.0f), SELECT(x > 2.0f, (V)(2.0f), x));
          V r = ((c * 256.0f + 12582912.0f) - 12582912.0f) * (1.0f / 256.0f);
          r = SELECT(r > 1.99609375f, (V)(1.99609375f), r);
          return SELECT(x != x, ZERO, r);
        }
        static inline I f2i_v(V x) { return SELECT(x != x, (I)(0), cvtt_v(x)); }
        static inline V f2u_v(V x) {
          I lo = cvtt_v(x), hi = cvtt_v(x - 2147483648.0f);
          return AV(SELECT(x != x, (I)(0), lo | (hi & (lo >> 31))));
        }
        // The packing functions, step for step as ScalarSemantics+Packing. Rounding to nearest
        // even: (v + MAGIC) - MAGIC is exact for |v| < 2^22 (the values here are below 2^16).
        static inline V roundeven_small_v(V v) { return (v + 12582912.0f) - 12582912.0f; }
        static inline U packsnorm_v(V c) {
          const V r = roundeven_small_v(min_v(max_v(c, -ONE), ONE) * 32767.0f);
          return __builtin_bit_cast(U, __builtin_convertvector(r, I)) & 0xFFFFu;
        }
        static inline U packunorm_v(V c) {
          const V r = roundeven_small_v(min_v(max_v(c, ZERO), ONE) * 65535.0f);
          return __builtin_bit_cast(U, __builtin_convertvector(r, I));
        }
        static inline U packhalf_v(V c) {
          const U b = AU(c), sign = (b >> 16) & 0x8000u, m = b & 0x7FFFFFFFu;
          const U normal = sign | ((m + 0x0FFFu + ((m >> 13) & 1u) - 0x38000000u) >> 13);
          const V units = roundeven_small_v(AV(m) * 16777216.0f);
          const U subnormal = sign | __builtin_bit_cast(U, __builtin_convertvector(units, I));
          U h = SELECT(m >= 0x38800000u, normal, subnormal);
          h = SELECT(m >= 0x477FF000u, sign | 0x7C00u, h);
          return SELECT(m > 0x7F800000u, (U)(0x7FFFu), h);
        }
        static inline V unpacksnorm_v(V p) {
          const I s = (__builtin_bit_cast(I, AU(p) << 16)) >> 16;
          return min_v(max_v(__builtin_convertvector(s, V) / 32767.0f, -ONE), ONE);
        }
        static inline V unpackunorm_v(V p) { return __builtin_convertvector(AU(p) & 0xFFFFu, V) / 65535.0f; }
        static inline V unpackhalf_v(V p) {
          const U h = AU(p), sign = (h & 0x8000u) << 16, e = (h >> 10) & 0x1Fu, m = h & 0x3FFu;
          const U subnormal = AU(__builtin_convertvector(m, V) * FB(0x33800000)) | sign;
          const U special = sign | SELECT(m == 0u, (U)(0x7F800000u), (U)(0x7FFFFFFFu));
          const U normal = sign | ((e + 112u) << 23) | (m << 13);
          return AV(SELECT(e == 0u, subnormal, SELECT(e == 31u, special, normal)));
        }
        static inline V mod_v(V x, V y) { return x - y * __builtin_elementwise_floor(x / y); }
        static inline V smoothstep_v(V e0, V e1, V x) {
          V t = min_v(max_v((x - e0) / (e1 - e0), ZERO), ONE);
          return t * (t * ((V)(3.0f) - (V)(2.0f) * t));
        }
        #define MAGIC 12582912.0f
        static inline unsigned load_word(const unsigned char *p) { unsigned w; __builtin_memcpy(&w, p, 4); return w; }
        static inline U gather_words_scalar(const unsigned char *base, I index) {
          U r; for (int i = 0; i < W; i++) r[i] = load_word(base + 4L * index[i]); return r;
        }
        // TextureView's one-lane sampling (TextureView.swift, TextureView+Mipmaps.swift), step
        // for step in scalar C: the same bits, without a call into Swift per group.
        static inline void split_s(float x, long *index, float *fraction) {
          const float limit = 4194304.0f;
          if (__builtin_fabsf(x) >= limit && __builtin_fabsf(x) < 2147483648.0f) {
            const float f = __builtin_floorf(x);
            *index = (long)f;
            *fraction = x - f;
            return;
          }
          const float c = x <= limit ? (x >= -limit ? x : -limit) : limit;
          const float nearest = (c + MAGIC) - MAGIC;
          const float f = nearest > c ? nearest - 1.0f : nearest;
          *index = (long)(__builtin_bit_cast(int, f + MAGIC) - 0x4B400000);
          *fraction = c - f;
        }
        // TextureView.corner: the bilinear footprint's first texel and fraction at s * width.
        static inline void corner_s(float a, int fixed_point, long *index, float *fraction) {
          if (!fixed_point || !(__builtin_fabsf(a) >= 8388608.0f) || !__builtin_isfinite(a)) { split_s(a - 0.5f, index, fraction); return; }
          const float scaled = __builtin_rintf(a * 256.0f);
          const int fixed = __builtin_fabsf(scaled) < 2147483648.0f ? (int)scaled : (int)0x80000000u;
          const int v = (int)((unsigned)fixed - 128u);
          *index = (long)(v >> 8);
          *fraction = (float)(v & 255) / 256.0f;
        }
        static inline int weight_s(float f) { return __builtin_bit_cast(int, f * 256.0f + MAGIC) - 0x4B400000; }
        static inline long wrap_s(long i, long n, long mode) {
          if ((unsigned long)i < (unsigned long)n) return i;  // inside: every mode keeps it
          if (mode == 0) return i < 0 ? 0 : (i >= n ? n - 1 : i);
          if (mode == 1) { const long m = i % n; return m < 0 ? m + n : m; }
          long m = i % (2 * n);
          if (m < 0) m += 2 * n;
          return m < n ? m : 2 * n - 1 - m;
        }
        static inline float fraction_below_one(float x) {
          const float f = x - __builtin_floorf(x);
          return f < 0.99999994f ? f : (f == f ? 0.99999994f : f);
        }
        // One level sampled at (s, t) with the view's filter and wraps: RGBA8 as bytes (0...255
        // in c[k]) or floats (in f[k]).
        static inline __attribute__((always_inline)) void sample_level(const shade_texture *tex, const shade_level *l, float s, float t, int *c, float *f) {
          const long w = l->width, h = l->height;
          if (tex->wrap_s == 1 && (w & (w - 1)) != 0) s = fraction_below_one(s);
          if (tex->wrap_t == 1 && (h & (h - 1)) != 0) t = fraction_below_one(t);
          const float wf = (float)w, hf = (float)h;
          long ix, iy; float fx, fy;
          if (!tex->linear) {
            split_s(s * wf, &ix, &fx); split_s(t * hf, &iy, &fy);
            const long x = wrap_s(ix, w, tex->wrap_s), y = wrap_s(iy, h, tex->wrap_t);
            if (l->bytes) { const unsigned char *p = l->bytes + (y * w + x) * 4; for (int k = 0; k < 4; k++) c[k] = p[k]; }
            else { const float *p = l->floats + (y * w + x) * 4; for (int k = 0; k < 4; k++) f[k] = p[k]; }
            return;
          }
          corner_s(s * wf, l->bytes != 0 && tex->wrap_s == 1, &ix, &fx); corner_s(t * hf, l->bytes != 0 && tex->wrap_t == 1, &iy, &fy);
          const long x0 = wrap_s(ix, w, tex->wrap_s), y0 = wrap_s(iy, h, tex->wrap_t);
          if (l->bytes) {
            const int wx = weight_s(fx), wy = weight_s(fy);
            const unsigned char *p00 = l->bytes + (y0 * w + x0) * 4;
            if (wx == 0 && wy == 0) { for (int k = 0; k < 4; k++) c[k] = p00[k]; return; }
            const long x1 = wrap_s(ix + 1, w, tex->wrap_s), y1 = wrap_s(iy + 1, h, tex->wrap_t);
            const unsigned char *p10 = l->bytes + (y0 * w + x1) * 4, *p01 = l->bytes + (y1 * w + x0) * 4;
            const unsigned char *p11 = l->bytes + (y1 * w + x1) * 4;
            for (int k = 0; k < 4; k++) {
              const int top = p00[k] + (((p10[k] - p00[k]) * wx + 128) >> 8);
              const int bottom = p01[k] + (((p11[k] - p01[k]) * wx + 128) >> 8);
              c[k] = top + (((bottom - top) * wy + 128) >> 8);
            }
            return;
          }
          const long x1 = wrap_s(ix + 1, w, tex->wrap_s), y1 = wrap_s(iy + 1, h, tex->wrap_t);
          const float *p00 = l->floats + (y0 * w + x0) * 4, *p10 = l->floats + (y0 * w + x1) * 4;
          const float *p01 = l->floats + (y1 * w + x0) * 4, *p11 = l->floats + (y1 * w + x1) * 4;
          for (int k = 0; k < 4; k++) {
            const float top = p00[k] + (p10[k] - p00[k]) * fx;
            const float bottom = p01[k] + (p11[k] - p01[k]) * fx;
            f[k] = top + (bottom - top) * fy;
          }
        }
        static inline int exponent_s(float x) { return (int)((__builtin_bit_cast(unsigned, x) >> 23) & 0xFF) - 127; }
        // Level k (mixed with k + 1 by `fraction` when positive) at (s, t), as floats.
        static inline __attribute__((always_inline)) void sample_levels(const shade_texture *tex, float s, float t, long k, float fraction, float *out) {
          int c[4]; float f[4];
          sample_level(tex, &tex->levels[k], s, t, c, f);
          if (tex->levels[k].bytes) {
            const int w = (int)(fraction * 256.0f);
            if (w > 0) {
              int c1[4]; float f1[4];
              sample_level(tex, &tex->levels[k + 1], s, t, c1, f1);
              for (int j = 0; j < 4; j++) c[j] = c[j] + (((c1[j] - c[j]) * w + 128) >> 8);
            }
            for (int j = 0; j < 4; j++) out[j] = (float)c[j] * (float)(1.0 / 255.0);
            return;
          }
          if (fraction > 0) {
            int c1[4]; float f1[4];
            sample_level(tex, &tex->levels[k + 1], s, t, c1, f1);
            for (int j = 0; j < 4; j++) f[j] = f[j] + (f1[j] - f[j]) * fraction;
          }
          for (int j = 0; j < 4; j++) out[j] = f[j];
        }
        // fastLog2(rho²) / 2 (TextureView.levelOfDetail(rhoSquared:)).
        static inline float lod_of_rho(float rho) {
          const float m = __builtin_bit_cast(float, (__builtin_bit_cast(unsigned, rho) & 0x7FFFFFu) | (127u << 23));
          return ((float)exponent_s(rho) + (m - 1.0f)) * 0.5f;
        }
        // The levels a lookup at `lod` reads (TextureView.sample(s:t:lod:views:), levels(forLOD:)).
        static inline void sample_at_lod(const shade_texture *tex, float s, float t, float lod, float *out) {
          const long last = tex->level_count - 1;
          if (tex->lod_bias != 0) lod = lod + tex->lod_bias;
          long k = 0; float fraction = 0;
          if (tex->mip_filter == 1) {
            if (lod == lod) {
              const float r = __builtin_rintf(lod);
              k = r <= 0 ? 0 : (r >= (float)last ? last : (long)r);
            }
          } else if (lod == lod && lod >= 0) {
            if (lod >= (float)last) k = last;
            else { const float i = __builtin_floorf(lod); k = (long)i; fraction = lod - i; }
          }
          sample_levels(tex, s, t, k, fraction, out);
        }
        // A lookup of a quad's lane with the quad's squared rho (TextureView.sample(s:t:rhoSquared:bias:)
        // without a bias): the levels chosen as TextureView.levels(forLOD:) and nearestLevel choose them.
        static inline void sample_implicit(const shade_texture *tex, float s, float t, float rho, float *out) {
          const long last = tex->level_count - 1;
          if (tex->mip_filter == 1 && tex->lod_bias == 0) {
            const int e = (exponent_s(rho) + 1) >> 1;
            sample_levels(tex, s, t, e <= 0 ? 0 : (e < last ? e : last), 0, out);
            return;
          }
          sample_at_lod(tex, s, t, lod_of_rho(rho), out);
        }
        // A lookup with its own level of detail on a mipmapped view, every lane of a group
        // (TextureView.sample(s:t:count:lod:outputs:)): kind 1 the quad's implicit level plus the
        // lane's bias l0, 2 the level l0, 3 the level of derivatives l0…l3 (ds/dx, dt/dx, ds/dy, dt/dy).
        static __attribute__((noinline)) void sample_lod(const shade_texture *tex, V s, V t, int kind, V l0, V l1, V l2, V l3,
                                                         V *r, V *g, V *b, V *a) {
          float out[4];
          const float wf = (float)tex->width, hf = (float)tex->height;
          for (int i = 0; i < W; i++) {
            float lod;
            if (kind == 1) {
              const int q = i & ~3;
              const float e0 = (s[q + 1] - s[q]) * wf, e1 = (s[q + 2] - s[q]) * wf;
              const float e2 = (t[q + 1] - t[q]) * hf, e3 = (t[q + 2] - t[q]) * hf;
              const float x = e0 * e0 + e2 * e2, y = e1 * e1 + e3 * e3;
              lod = lod_of_rho(y >= x ? y : x) + l0[i];
            } else if (kind == 2) {
              lod = l0[i];
            } else {
              const float x0 = wf * l0[i], x1 = hf * l1[i], y0 = wf * l2[i], y1 = hf * l3[i];
              const float x = x0 * x0 + x1 * x1, y = y0 * y0 + y1 * y1;
              float rho = y >= x ? y : x;
              if (!(rho - rho == 0)) rho = 0;  // infinite or NaN
              lod = lod_of_rho(rho);
            }
            sample_at_lod(tex, s[i], t[i], lod, out);
            (*r)[i] = out[0]; (*g)[i] = out[1]; (*b)[i] = out[2]; (*a)[i] = out[3];
          }
        }
        // Every lane of a group: level 0 alone, or with mipmaps each 2×2 quad's level of detail
        // from its first three lanes (TextureView.sample(s:t:count:lod:outputs:), implicit).
        static __attribute__((noinline)) void sample_general(const shade_texture *tex, V s, V t, V *r, V *g, V *b, V *a) {
          float out[4];
          for (int i = 0; i < W; i++) {
            if (tex->mipmapped) {
              const int q = i & ~3;
              const float e0 = (s[q + 1] - s[q]) * (float)tex->width, e1 = (s[q + 2] - s[q]) * (float)tex->width;
              const float e2 = (t[q + 1] - t[q]) * (float)tex->height, e3 = (t[q + 2] - t[q]) * (float)tex->height;
              const float x = e0 * e0 + e2 * e2, y = e1 * e1 + e3 * e3;
              sample_implicit(tex, s[i], t[i], y >= x ? y : x, out);  // Swift.max
            } else {
              sample_levels(tex, s[i], t[i], 0, 0, out);
            }
            (*r)[i] = out[0]; (*g)[i] = out[1]; (*b)[i] = out[2]; (*a)[i] = out[3];
          }
        }
        // llvmpipe's fixed-point bilinear filter on RGBA8 with clamp-to-edge, as
        // TextureView.linearRGBA8Span: 8-bit weights rint(fract * 256), integer lerps, x then y.
        static __attribute__((noinline)) void sample2d_slow(const shade_texture *tex, V s, V t, V *r, V *g, V *b, V *a, const shade_callbacks *cb) {
          float ss[W], ts[W], rs[W], gs[W], bs[W], as[W];
          if (tex->texels && tex->linear_clamped) {
            // The general case, all lanes at once: texel indices and 8-bit weights as
            // TextureView.split and .weight compute them, four texel fetches per lane, integer
            // lerps x then y (a lane on a texel centre has weights 0 and gets its texel).
            const float limit = 4194304.0f;
            const V u = s * (float)tex->width - 0.5f, v = t * (float)tex->height - 0.5f;
            const V cu = SELECT(u <= limit, SELECT(u >= -limit, u, (V)(-limit)), (V)(limit));
            const V cv = SELECT(v <= limit, SELECT(v >= -limit, v, (V)(-limit)), (V)(limit));
            const V nu = (cu + MAGIC) - MAGIC, nv = (cv + MAGIC) - MAGIC;
            const V fu = SELECT(nu > cu, nu - 1.0f, nu), fv = SELECT(nv > cv, nv - 1.0f, nv);
            const I iu = __builtin_bit_cast(I, fu + MAGIC) - 0x4B400000, iv = __builtin_bit_cast(I, fv + MAGIC) - 0x4B400000;
            I wx = __builtin_bit_cast(I, (cu - fu) * 256.0f + MAGIC) - 0x4B400000;
            I wy = __builtin_bit_cast(I, (cv - fv) * 256.0f + MAGIC) - 0x4B400000;
            I x0 = iu + (wx >> 8), y0 = iv + (wy >> 8);
            wx &= 255; wy &= 255;
            const I w1 = (I)((int)tex->width - 1), h1 = (I)((int)tex->height - 1);
            I x1 = x0 + 1, y1 = y0 + 1;
            x0 = SELECT(x0 < 0, (I)0, SELECT(x0 > w1, w1, x0)); x1 = SELECT(x1 < 0, (I)0, SELECT(x1 > w1, w1, x1));
            y0 = SELECT(y0 < 0, (I)0, SELECT(y0 > h1, h1, y0)); y1 = SELECT(y1 < 0, (I)0, SELECT(y1 > h1, h1, y1));
            const unsigned char *words = tex->texels;
            const long stride = tex->width;
            const float unit = (float)(1.0 / 255.0);
            U p00, p10, p01, p11;
            // Word indices fit an int for textures of fewer than 2^31 texels (the gather's
            // index); larger ones load per lane with 64-bit offsets.
            const int small = tex->width * tex->height <= 0x7fffffffL;
            const I w = (I)((int)tex->width);
            if (__builtin_reduce_or((I)((wx | wy) != 0)) == 0) {
              // Every lane on a texel centre (not in one run): one fetch each.
              if (small) p00 = GATHER_WORDS(words, y0 * w + x0);
              else for (int i = 0; i < W; i++) p00[i] = load_word(words + (long)y0[i] * stride * 4 + 4L * x0[i]);
              *r = __builtin_convertvector(p00 & 0xFFu, V) * unit;
              *g = __builtin_convertvector((p00 >> 8) & 0xFFu, V) * unit;
              *b = __builtin_convertvector((p00 >> 16) & 0xFFu, V) * unit;
              *a = __builtin_convertvector(p00 >> 24, V) * unit;
              return;
            }
            I lane; for (int i = 0; i < W; i++) lane[i] = i;
            const int xb = x0[0];
            const I run = (x0 - xb - lane) | (x1 - x0 - 1) | (y0 - y0[0]) | (y1 - y1[0]);
            if (__builtin_reduce_or((I)(run != 0)) == 0) {
              // Consecutive texels of two rows (a coordinate at a fractional texel offset): the
              // same four texels per lane as the fetches below, in four loads.
              const unsigned char *top = words + ((long)y0[0] * stride + xb) * 4, *bottom = words + ((long)y1[0] * stride + xb) * 4;
              __builtin_memcpy(&p00, top, sizeof p00); __builtin_memcpy(&p10, top + 4, sizeof p10);
              __builtin_memcpy(&p01, bottom, sizeof p01); __builtin_memcpy(&p11, bottom + 4, sizeof p11);
            } else if (small) {
              const I row0 = y0 * w, row1 = y1 * w;
              p00 = GATHER_WORDS(words, row0 + x0); p10 = GATHER_WORDS(words, row0 + x1);
              p01 = GATHER_WORDS(words, row1 + x0); p11 = GATHER_WORDS(words, row1 + x1);
            } else {
              for (int i = 0; i < W; i++) {
                const long row0 = (long)y0[i] * stride * 4, row1 = (long)y1[i] * stride * 4;
                p00[i] = load_word(words + row0 + 4L * x0[i]); p10[i] = load_word(words + row0 + 4L * x1[i]);
                p01[i] = load_word(words + row1 + 4L * x0[i]); p11[i] = load_word(words + row1 + 4L * x1[i]);
              }
            }
            V channel[4];
            for (int k = 0; k < 4; k++) {
              const I c00 = __builtin_bit_cast(I, (p00 >> (8 * k)) & 255u), c10 = __builtin_bit_cast(I, (p10 >> (8 * k)) & 255u);
              const I c01 = __builtin_bit_cast(I, (p01 >> (8 * k)) & 255u), c11 = __builtin_bit_cast(I, (p11 >> (8 * k)) & 255u);
              const I top = c00 + (((c10 - c00) * wx + 128) >> 8);
              const I bottom = c01 + (((c11 - c01) * wx + 128) >> 8);
              channel[k] = __builtin_convertvector(top + (((bottom - top) * wy + 128) >> 8), V) * unit;
            }
            *r = channel[0]; *g = channel[1]; *b = channel[2]; *a = channel[3];
            return;
          }
          if (tex->general) {
            // Float textures, nearest filtering, repeat and mirror, mipmaps: per lane, in C.
            sample_general(tex, s, t, r, g, b, a);
            return;
          }
          // Texel offsets and layered views: TextureView.sample itself.
          STORE(ss, s); STORE(ts, t);
          cb->texture2D(tex->view, 0, ss, ts, W, rs, gs, bs, as);
          *r = LOAD(rs); *g = LOAD(gs); *b = LOAD(bs); *a = LOAD(as);
        }
        // The fast path's test in two halves: the first of the consecutive texels whose centres a
        // group's s values sit on (TextureView's sampleRowOfTexelCentres), and the row of texels
        // its t values sit on the centres of; -1 when they do not.
        static inline __attribute__((always_inline)) int centre_columns(const shade_texture *tex, V s) {
          const V u = s * (float)tex->width - 0.5f;
          const V ru = u + MAGIC;
          const V du = u - (ru - MAGIC);
          const I xi = __builtin_bit_cast(I, ru) - 0x4B400000;
          I lane; for (int i = 0; i < W; i++) lane[i] = i;
          const int x0 = xi[0];
          const I bad = (xi - x0 - lane) | ((__builtin_elementwise_abs(du) <= 1.0f / 512) == 0)
            | ((__builtin_elementwise_abs(u) < 4194304.0f) == 0);
          return x0 >= 0 && (long)x0 + W <= tex->width && __builtin_reduce_or((I)(bad != 0)) == 0 ? x0 : -1;
        }
        static inline __attribute__((always_inline)) int centre_row(const shade_texture *tex, V t) {
          const V v = t * (float)tex->height - 0.5f;
          const V rv = v + MAGIC;
          const V dv = v - (rv - MAGIC);
          const I yi = __builtin_bit_cast(I, rv) - 0x4B400000;
          const int y0 = yi[0];
          const I bad = (yi - y0) | ((__builtin_elementwise_abs(dv) <= 1.0f / 512) == 0)
            | ((__builtin_elementwise_abs(v) < 4194304.0f) == 0);
          return y0 >= 0 && y0 < tex->height && __builtin_reduce_or((I)(bad != 0)) == 0 ? y0 : -1;
        }
        // The texels (x0 ... x0 + W - 1, y0) as colours: what the filter gives on their centres.
        static inline __attribute__((always_inline)) void texel_run(const shade_texture *tex, int x0, int y0, V *r, V *g, V *b, V *a) {
          U words;
          __builtin_memcpy(&words, tex->texels + ((long)y0 * tex->width + x0) * 4, sizeof words);
          const float unit = (float)(1.0 / 255.0);
          *r = __builtin_convertvector(words & 0xFF, V) * unit;
          *g = __builtin_convertvector((words >> 8) & 0xFF, V) * unit;
          *b = __builtin_convertvector((words >> 16) & 0xFF, V) * unit;
          *a = __builtin_convertvector(words >> 24, V) * unit;
        }
        // The fast path inline: every lane on the centre of consecutive texels of one row.
        static inline __attribute__((always_inline)) void sample2d(const shade_texture *tex, V s, V t, V *r, V *g, V *b, V *a, const shade_callbacks *cb) {
          if (tex->texels && tex->linear_clamped) {
            const int x0 = centre_columns(tex, s);
            if (x0 >= 0) {
              const int y0 = centre_row(tex, t);
              if (y0 >= 0) { texel_run(tex, x0, y0, r, g, b, a); return; }
            }
          }
          // Through a local array, so that the caller's colours never have their address taken
          // (the compiler then keeps them in registers on the fast path).
          V c[4];
          sample2d_slow(tex, s, t, &c[0], &c[1], &c[2], &c[3], cb);
          *r = c[0]; *g = c[1]; *b = c[2]; *a = c[3];
        }
        // With the span's hints (SITE_X, SITE_Y): the test's answer known beforehand.
        static inline __attribute__((always_inline)) void sample2d_hinted(const shade_texture *tex, V s, V t, V *r, V *g, V *b, V *a,
                                                                         const shade_callbacks *cb, int hx, int hy) {
          if (hx >= 0 && hy >= 0) {
            // The texels 2 KB further along the row, which a later group will read: the loop
            // is too long for the hardware to run far enough ahead alone (35% faster on the
            // two-input blend at 1080p).
            __builtin_prefetch(tex->texels + ((long)hy * tex->width + hx) * 4 + 2048);
            texel_run(tex, hx, hy, r, g, b, a);
            return;
          }
          sample2d(tex, s, t, r, g, b, a, cb);
        }
        // LlvmpipeMath.sin and .cos (llvmpipe's algorithm, fp32 without FMA) on vectors, step for
        // step: the same bits as the Swift definition.
        static inline V sincos_v(V a, int cosine) {
          const U bits = __builtin_bit_cast(U, a);
          const V magnitude = __builtin_bit_cast(V, bits & 0x7fffffffu);
          const V scaled = magnitude * FB(0x3fa2f983);
          const I small = __builtin_elementwise_abs(scaled) < 2147483648.0f;
          const I octant = SELECT(small, __builtin_convertvector(SELECT(small, scaled, ZERO), I), (I)(-2147483647 - 1));
          const U odd = __builtin_bit_cast(U, octant) + 1u;
          const U even = odd & ~1u;
          const V q = __builtin_convertvector(__builtin_bit_cast(I, even), V);
          const U selector = cosine ? even - 2u : even;
          const U sign_bit = cosine ? ((~selector & 4u) << 29) : ((bits ^ (odd << 29)) & 0x80000000u);
          const I use_sine = (selector & 2u) == 0u;
          V r = q * FB(0xbf490000) + magnitude;
          r = q * FB(0xb97da000) + r;
          r = q * FB(0xb3222169) + r;
          const V z = r * r;
          V c = z * FB(0x37ccf5ce) + FB(0xbab6061a);
          c = c * z + FB(0x3d2aaaa5);
          c = c * z;
          c = c * z;
          c = c - z * 0.5f;
          c = c + 1.0f;
          V s = z * FB(0xb94ca1f9) + FB(0x3c08839e);
          s = s * z + FB(0xbe2aaaa3);
          s = s * z;
          s = s * r + r;
          const V y = __builtin_bit_cast(V, __builtin_bit_cast(U, SELECT(use_sine, s, c)) ^ sign_bit);
          const V lower = SELECT(y < 1.0f, y, ONE);
          const V clamped = SELECT(-1.0f > lower, -ONE, lower);
          const I finite = (bits & 0x7f800000u) != 0x7f800000u;
          return SELECT(finite, clamped, (V)(__builtin_nanf("")));
        }
        // LlvmpipeMath.exp2, .log2 and .pow on vectors, step for step.
        static inline V exp2_v(V x) {
          const V upper = SELECT((V)(128.0f) < x, (V)(128.0f), x);
          const V clamped = SELECT((V)(-126.99999f) > upper, (V)(-126.99999f), upper);
          const I small = __builtin_elementwise_abs(clamped) < 2147483648.0f;
          const I truncated = SELECT(small, __builtin_convertvector(SELECT(small, clamped, ZERO), I), (I)(-2147483647 - 1));
          const I whole = SELECT(__builtin_convertvector(truncated, V) > clamped, truncated - 1, truncated);
          const V f = clamped - __builtin_convertvector(whole, V);
          const V scale = __builtin_bit_cast(V, (__builtin_bit_cast(U, whole) + 127u) << 23);
          const V f2 = f * f;
          V odd = (V)(FB(0x3af61905)), even = (V)(FB(0x3c134806));
          odd = f2 * odd + FB(0x3d64aa23);
          even = f2 * even + FB(0x3e75ead4);
          odd = f2 * odd + FB(0x3f31727b);
          even = f2 * even + 1.0f;
          return scale * (odd * f + even);
        }
        static inline V log2_v(V x) {
          const U bits = __builtin_bit_cast(U, x);
          const V exponent = __builtin_convertvector(__builtin_bit_cast(I, (bits & 0x7f800000u) >> 23) - 127, V);
          const V m = __builtin_bit_cast(V, (bits & 0x007fffffu) | 0x3f800000u);
          const V y = (m - 1.0f) / (m + 1.0f);
          const V z = y * y;
          const V z2 = z * z;
          V even = (V)(FB(0x3ed03d59)), odd = (V)(FB(0x3ece8316));
          even = z2 * even + FB(0x3f13d321);
          odd = z2 * odd + FB(0x3f7637f9);
          even = z2 * even + FB(0x4038aa3b);
          const V p = odd * z + even;
          V r = y * p + exponent;
          const I nan = x != x;
          r = SELECT((x >= __builtin_inff()) | nan, (V)(__builtin_inff()), r);
          r = SELECT((x == 0) | nan, (V)(-__builtin_inff()), r);
          r = SELECT((x < 0) | nan, (V)(__builtin_nanf("")), r);
          return r;
        }
        static inline V pow_v(V x, V y) {
          const V r = exp2_v(log2_v(x) * y);
          return SELECT((x == 0) | (x != x), ZERO, r);
        }
        static inline V exp_v(V x) { return exp2_v(x * FB(0x3fb8aa3b)); }
        static inline V log_v(V x) { return log2_v(x) * FB(0x3f317218); }
        // LlvmpipeMath.asin, .acos, .atan, .atan2 and .tanh on vectors, step for step.
        #define HALF_PI ((V)(FB(0x3fc90fdb)))
        static inline V arcsine_v(V x, float p0, float p1) {
          const V m = __builtin_elementwise_abs(x);
          V t = m * (p0 + m * p1);
          t = m * (FB(0xbe5bc094) + t);
          return sign_v(x) * (HALF_PI - __builtin_elementwise_sqrt(1.0f - m) * (HALF_PI + t));
        }
        static inline V atan_v(V t) {
          const V m = __builtin_elementwise_abs(t);
          const I nan = m != m;
          const V x = SELECT(nan, ONE, SELECT(ONE < m, ONE, m)) / SELECT(nan, ONE, SELECT(ONE >= m, ONE, m));
          const V x2 = x * x, x3 = x2 * x, x5 = x3 * x2, x7 = x5 * x2, x9 = x7 * x2;
          V s = x * FB(0x3f7ffea5) + x3 * FB(0xbeaa5476);
          s = s + x5 * FB(0x3e468bc1);
          s = s + x7 * FB(0xbdf0555d);
          s = s + x9 * FB(0x3d5be101);
          s = s + x2 * (x9 * FB(0xbc46c6a5));
          const V above = SELECT(m > 1.0f, ONE, ZERO);
          s = above * (s * -2.0f + HALF_PI) + s;
          return s * sign_v(t);
        }
        static inline V atan2_v(V y, V x) {
          const I flip = 0.0f >= x;
          const V ax = __builtin_elementwise_abs(x);
          const V s = SELECT(flip, ax, y), t = SELECT(flip, y, ax);
          const V scale = SELECT(__builtin_elementwise_abs(t) >= FB(0x5d5e0b6b), (V)(0.25f), ONE);
          const V reciprocal = 1.0f / (t * scale);
          const V ratio = (s * scale) * reciprocal;
          const V tangent = SELECT(ax == __builtin_elementwise_abs(y), ONE, __builtin_elementwise_abs(ratio));
          const V arc = SELECT(flip, ONE, ZERO) * HALF_PI + atan_v(tangent);
          const V m = SELECT(y != y, reciprocal, SELECT(reciprocal != reciprocal, y, SELECT(reciprocal < y, reciprocal, y)));
          return SELECT(m < 0.0f, -arc, arc);
        }
        static inline V tanh_v(V x) {
          const V lower = SELECT(x > -10.0f, x, (V)(-10.0f));
          const V c = SELECT(lower < 10.0f, lower, (V)(10.0f));
          const V up = exp_v(c), down = exp_v(-c);
          return (up - down) / (up + down);
        }
        // The executor's row work, fused into shade_span: shade_interpolate_row's sum, and
        // shade_pack_rgba8's conversion (clamp, then rint(c * 255); NaN and values whose scaled
        // form does not fit an int32 are 0, as llvmpipe's conversion gives).
        typedef double DV __attribute__((ext_vector_type(W)));
        static inline V interp_v(const double *c, double r) {
          DV d; __builtin_memcpy(&d, c, sizeof d); return __builtin_convertvector(d + r, V);
        }
        static inline U unorm8_v(V v) {
          const V c = SELECT(v > 0.0f, SELECT(v < 1.0f, v, ONE), ZERO);
          return SELECT(v * 255.0f < 2147483648.0f, AU(c * 255.0f + MAGIC) & 0xFFu, (U)(0u));
        }
        static const DV LANES_D = {\((0..<vectorWidth).map { "\($0)" }.joined(separator: ", "))};
        static const I LANES_I = {\((0..<vectorWidth).map { "\($0)" }.joined(separator: ", "))};

        """
    }
}

extension Float {
    /// A C expression with exactly this value (a hexadecimal float literal).
    var bitPatternLiteral: String {
        // A NaN keeps its payload: slots of native integers hold arbitrary bits.
        if isNaN { return "FB(0x\(String(bitPattern, radix: 16)))" }
        if isInfinite { return self < 0 ? "-__builtin_inff()" : "__builtin_inff()" }
        let sign = self.sign == .minus ? "-" : ""
        let magnitude = abs(self)
        if magnitude == 0 { return sign + "0.0f" }
        // significand in [1, 2) times 2^exponent; subnormals are written as scaled normals.
        let exponent = magnitude.exponent
        let significand = magnitude.significand
        let bits = Int(significand * Float(1 << 23))  // 24 bits including the leading one
        return "\(sign)0x\(String(bits, radix: 16))p\(exponent - 23)f"
    }
}
