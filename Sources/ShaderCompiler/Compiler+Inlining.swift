import ShaderDiagnostics
import ShaderSemantics

/// Shade inlines calls, so a program's size is its call tree's: a function that calls the next
/// one twice, ten levels deep, is 1,024 copies of the innermost body. Two bounds keep that in
/// check (piglit `glsl-*-inline-explosion`):
/// - a large `void` function without parameters or `discard` is lowered once and its code is
///   shared by every call (it runs under a copy of the caller's mask, as an inlined body does);
/// - a program whose size, with the remaining calls inlined, passes `Compiler.inlinedSizeLimit`
///   fails before any lowering, instead of running for minutes.
extension Lowering {
    /// The definition a call to `symbol` runs.
    func definition(of symbol: FunctionSymbol) -> CheckedFunction? {
        functions[symbol.id]
            ?? shader.functions.first {
                $0.symbol.name == symbol.name
                    && $0.symbol.parameters.map(\.type) == symbol.parameters.map(\.type)
            }
    }

    /// Inlined size past which a shareable function is lowered once, not at every call.
    static let sharingThreshold = 4096

    /// True when calls to `f` share one lowered body: `void`, no parameters, no `discard`
    /// (which leaves every region of the call site), and large once inlined.
    func isShared(_ f: CheckedFunction) -> Bool {
        sharedFunctions.contains(f.symbol.id)
    }

    /// Emits a call to a shared function, lowering its body at the first call.
    func callShared(_ f: CheckedFunction) throws {
        let body: (kernel: EmittedStep, mask: Int)
        if let b = sharedBodies[f.symbol.id] {
            body = b
        } else {
            // The body's slots are its own for the whole program: it starts from no recycled
            // slots, and what it releases is not handed to the caller.
            let mask = builder.allocateConsecutiveLanes(1)
            builder.pinnedSlots.insert(mask)
            let callerFree = builder.freeLaneSlots
            builder.freeLaneSlots = []
            frames.append(Frame(result: nil))
            let kernel = builder.region(.function, mask: mask, nested { try self.lowerStatements(f.body) })
            frames.removeLast()
            builder.freeLaneSlots = callerFree
            if let pending { throw pending }
            body = (kernel, mask)
            sharedBodies[f.symbol.id] = body
        }
        builder.callFunction(body.kernel, mask: body.mask)
    }

    /// Throws when main, with every call inlined, has more than `Compiler.inlinedSizeLimit`
    /// statements and expression nodes.
    func checkInlinedSize() throws {
        var sizes: [Int: Int] = [:]
        let limit = Compiler.inlinedSizeLimit
        func add(_ a: Int, _ b: Int) -> Int { min(a &+ b, limit + 1) }

        var discards: [Int: Bool] = [:]
        var sharedTotal = 0

        func size(of f: CheckedFunction) -> Int {
            if let s = sizes[f.symbol.id] { return s }
            sizes[f.symbol.id] = limit + 1  // GLSL forbids recursion; never loop on it.
            let s = f.body.reduce(0) { add($0, size(of: $1)) }
            sizes[f.symbol.id] = s
            if f.symbol.returnType == .void, f.parameters.isEmpty, s > Lowering.sharingThreshold,
               !canDiscard(f) {
                sharedFunctions.insert(f.symbol.id)
                sharedTotal = add(sharedTotal, s)
            }
            return s
        }
        /// The size a call to `f` adds where it is called.
        func callSize(of f: CheckedFunction) -> Int {
            let s = size(of: f)
            return sharedFunctions.contains(f.symbol.id) ? 1 : s
        }
        func canDiscard(_ f: CheckedFunction) -> Bool {
            if let d = discards[f.symbol.id] { return d }
            discards[f.symbol.id] = false
            let d = f.body.contains(where: containsDiscard)
                || f.callees.contains { c in definition(of: c).map(canDiscard) ?? false }
            discards[f.symbol.id] = d
            return d
        }
        func size(of s: TypedStatement) -> Int {
            switch s.kind {
            case .expression(let e): return add(1, size(of: e))
            case .declarations(let ds):
                return ds.reduce(1) { add($0, $1.initializer.map(size(of:)) ?? 0) }
            case .block(let b): return b.reduce(1) { add($0, size(of: $1)) }
            case .ifElse(let c, let t, let e):
                return add(add(1, size(of: c)), add(size(of: t), e.map(size(of:)) ?? 0))
            case .forLoop(let i, let c, let st, let body):
                return add(
                    add(1, i.map(size(of:)) ?? 0),
                    add(add(c.map(size(of:)) ?? 0, st.map(size(of:)) ?? 0), size(of: body)))
            case .whileLoop(let c, let b): return add(1, add(size(of: c), size(of: b)))
            case .doWhile(let b, let c): return add(1, add(size(of: c), size(of: b)))
            case .return(let e): return add(1, e.map(size(of:)) ?? 0)
            default: return 1
            }
        }
        func size(of e: TypedExpression) -> Int {
            switch e.kind {
            case .constant, .variable: return 1
            case .swizzle(let b, _), .field(let b, _, _): return add(1, size(of: b))
            case .index(let b, let i): return add(1, add(size(of: b), size(of: i)))
            case .unary(_, let x): return add(1, size(of: x))
            case .binary(_, let a, let b), .comma(let a, let b), .assignment(_, let a, let b):
                return add(1, add(size(of: a), size(of: b)))
            case .ternary(let c, let a, let b): return add(1, add(size(of: c), add(size(of: a), size(of: b))))
            case .call(let f, let args):
                let body = definition(of: f).map(callSize(of:)) ?? 0
                return args.reduce(add(1, body)) { add($0, size(of: $1)) }
            case .builtinCall(_, let args), .construct(_, let args):
                return args.reduce(1) { add($0, size(of: $1)) }
            }
        }

        guard add(size(of: shader.main), sharedTotal) > limit else { return }
        // Name the deepest function whose inlined size passes the limit.
        let culprit = shader.functions.first { f in
            size(of: f) > limit
                && f.callees.allSatisfy { c in definition(of: c).map { size(of: $0) <= limit } ?? true }
        }
        let name = culprit?.symbol.name ?? "main"
        throw unsupported(
            "the program is too large once function calls are inlined (more than \(limit) "
                + "statements and expressions, starting with '\(name)'); Shade inlines every call, "
                + "so reduce how many times nested functions call each other",
            culprit?.span ?? shader.main.span)
    }
}
