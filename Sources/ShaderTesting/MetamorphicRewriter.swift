import ShaderDiagnostics
import ShaderSemantics
import ShaderSyntax

// Metamorphic testing in the style of GraphicsFuzz (issue 13): a real shader is rewritten into a
// variant that must compute exactly the same bits, so any difference in what the executor
// renders is a Shade bug. The rewrites work on the untyped tree (which prints back as GLSL);
// where a rewrite needs an expression's type, it takes it from the checker's typed tree by span.

/// A rewritten shader that must render the same bits as the one it came from.
public struct MetamorphicVariant: Sendable {
    /// The variant's text (the preprocessed original, rewritten; for a vertex shader this is
    /// the vertex shader's text).
    public var fragmentSource: String
    /// Values for the uniforms the rewrites added (`shade_dead` = 0), to merge into the draw's.
    public var extraUniforms: [String: [Float]]
    /// One line per rewrite applied, for reports.
    public var rewrites: [String]
}

/// Makes semantics-preserving variants of shaders: dead code, exact identities, statements in
/// `if (true)` or one-iteration loops, values through temporaries or identity functions.
public enum MetamorphicRewriter {
    /// Rewrites `source` into a variant with the same meaning, bit for bit in fp32.
    ///
    /// - Parameters:
    ///   - source: the shader text (it is preprocessed; the variant is the preprocessed program).
    ///   - stage: the shader's stage.
    ///   - seed: chooses the rewrites; the same seed gives the same variant.
    ///   - rewrites: how many rewrites to try (fewer are applied when a shader offers no place).
    /// - Throws: `DiagnosticsError` when `source` does not check.
    public static func variant(
        of source: String, stage: ShaderStage = .fragment, seed: UInt64, rewrites: Int = 4
    ) throws -> MetamorphicVariant {
        let file = SourceFile(name: "original", text: source)
        let parsed = parse(file, stage: stage)
        let result = Checker.check(parsed)
        guard let shader = result.shader else { throw DiagnosticsError(result.diagnostics) }
        let rewriter = Rewriter(
            unit: parsed.translationUnit, types: SpanTypes(shader: shader, unit: parsed.translationUnit, file: file),
            stage: stage, isES: parsed.version.isES, seed: seed)
        for _ in 0..<rewrites { rewriter.applyOne() }
        var header = ""
        if parsed.version != .es100 { header += "#version \(parsed.version.directiveText)\n" }
        for (name, behavior) in parsed.extensionBehaviors.sorted(by: { $0.key < $1.key }) {
            header += "#extension \(name) : \(behavior.rawValue)\n"
        }
        return MetamorphicVariant(
            fragmentSource: header + rewriter.finishedUnit().description + "\n",
            extraUniforms: rewriter.usesDeadUniform ? [Rewriter.deadUniform: [0]] : [:],
            rewrites: rewriter.log)
    }
}

/// A deterministic generator (SplitMix64), so a seed means the same variant everywhere.
struct SplitMix64 {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// A number in `0..<n` (`n > 0`).
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}

/// The checker's type for each untyped expression of the original, found by span. Only spans
/// that exactly one untyped expression has (text outside macro expansions) and that the typed
/// tree gives one type are known: inside a macro expansion every node has the macro use's span.
struct SpanTypes {
    struct Key: Hashable {
        var start: Int, end: Int
        init(_ span: SourceSpan) { (start, end) = (span.start, span.end) }
    }
    let file: SourceFile
    private var types: [Key: GLSLType?] = [:]
    private var untypedCounts: [Key: Int] = [:]

    init(shader: CheckedShader, unit: TranslationUnit, file: SourceFile) {
        self.file = file
        for item in shader.globals {
            switch item {
            case .declarations(let ds): for d in ds { if let i = d.initializer { add(i) } }
            case .function(let f): f.body.forEach { add($0) }
            }
        }
        for f in shader.functions + [shader.main] { f.body.forEach { add($0) } }
        for d in unit.declarations {
            switch d {
            case .function(let f): f.body.forEach { count($0) }
            case .declaration(let d): count(d)
            }
        }
    }

    /// The basic (scalar, vector or matrix) type of `e`, when it is known.
    func type(of e: Expression) -> GLSLType? {
        guard e.span.file === file else { return nil }
        let key = Key(e.span)
        guard untypedCounts[key] == 1, let known = types[key], let type = known, type.isNumericOrBool else {
            return nil
        }
        return type
    }

    private mutating func record(_ span: SourceSpan, _ type: GLSLType) {
        let key = Key(span)
        if let old = types[key] {
            if old != type { types[key] = .some(nil) }
        } else {
            types[key] = type
        }
    }

    private mutating func add(_ e: TypedExpression) {
        if e.span.file === file { record(e.span, e.type) }
        switch e.kind {
        case .constant, .variable: break
        case .swizzle(let b, _), .field(let b, _, _), .unary(_, let b): add(b)
        case .index(let a, let b), .binary(_, let a, let b), .assignment(_, let a, let b), .comma(let a, let b):
            add(a)
            add(b)
        case .ternary(let a, let b, let c):
            add(a)
            add(b)
            add(c)
        case .call(_, let args), .builtinCall(_, let args), .construct(_, let args): args.forEach { add($0) }
        }
    }

    private mutating func add(_ s: TypedStatement) {
        switch s.kind {
        case .expression(let e): add(e)
        case .declarations(let ds): for d in ds { if let i = d.initializer { add(i) } }
        case .block(let l): l.forEach { add($0) }
        case .ifElse(let c, let t, let e):
            add(c)
            add(t)
            if let e { add(e) }
        case .forLoop(let i, let c, let step, let body):
            if let i { add(i) }
            if let c { add(c) }
            if let step { add(step) }
            add(body)
        case .whileLoop(let c, let body), .doWhile(let body, let c):
            add(c)
            add(body)
        case .return(let v): if let v { add(v) }
        case .break, .continue, .discard, .empty: break
        }
    }

    private mutating func count(_ e: Expression) {
        if e.span.file === file { untypedCounts[Key(e.span), default: 0] += 1 }
        switch e.kind {
        case .identifier, .intLiteral, .uintLiteral, .floatLiteral, .boolLiteral: break
        case .unary(_, let a), .field(let a, _): count(a)
        case .binary(_, let a, let b), .assignment(_, let a, let b), .index(let a, let b), .comma(let a, let b):
            count(a)
            count(b)
        case .ternary(let a, let b, let c):
            count(a)
            count(b)
            count(c)
        case .call(_, let args): args.forEach { count($0) }
        case .methodCall(let b, _, let args):
            count(b)
            args.forEach { count($0) }
        }
    }

    private mutating func count(_ d: Declaration) {
        guard case .variables(let list) = d else { return }
        for dd in list.declarators {
            if let i = dd.initializer { count(i) }
            if let s = dd.array?.size { count(s) }
        }
    }

    private mutating func count(_ s: Statement) {
        switch s {
        case .compound(let l, _): l.forEach { count($0) }
        case .declaration(let d): count(d)
        case .expression(let e, _): count(e)
        case .if(let c, let t, let e, _):
            count(c)
            count(t)
            if let e { count(e) }
        case .for(let i, let c, let inc, let body, _):
            count(i)
            if case .expression(let e)? = c { count(e) }
            if case .declaration(_, _, let e, _)? = c { count(e) }
            if let inc { count(inc) }
            count(body)
        case .while(let c, let body, _):
            if case .expression(let e) = c { count(e) }
            if case .declaration(_, _, let e, _) = c { count(e) }
            count(body)
        case .switch(let selector, let body, _):
            count(selector)
            body.forEach { count($0) }
        case .caseLabel(let value, _):
            if let value { count(value) }
        case .doWhile(let body, let c, _):
            count(body)
            count(c)
        case .return(let v, _): if let v { count(v) }
        case .empty, .continue, .break, .discard: break
        }
    }
}

/// Applies rewrites one at a time. Each kind of rewrite has numbered places in the tree; a walk
/// in a fixed order counts them, and a second walk rewrites the place the generator picked.
final class Rewriter {
    enum Kind: CaseIterable {
        case deadFalse, deadUniform, identity, ifTrue, oneIterationLoop, temporary, function
    }

    /// Where an expression is.
    struct Context {
        /// In a constant expression (a `const` or global initializer): only identities.
        var isConstant = false
        /// In an array subscript, which may have to stay a constant-index-expression.
        var inSubscript = false
        /// Evaluated only sometimes (a branch of `?:`, the right of `&&`/`||`).
        var isConditional = false
        /// In the value of a statement whose value may be hoisted into a temporary.
        var allowsTemporary = false
        /// The whole value of that statement.
        var isRoot = false
        /// The whole statement has no side effects, so any part of it may be hoisted.
        var statementIsPure = false
    }

    static let deadUniform = "shade_dead"

    private var unit: TranslationUnit
    private let types: SpanTypes
    private let stage: ShaderStage
    private var rng: SplitMix64
    private var mode: Kind = .identity
    private var counter = 0
    private var target: Int?
    private var applied: String?
    private var names = 0
    private var pendingTemporary: Statement?
    private var identityFunctionTypes: [GLSLType] = []
    private let outParameters: [String: Set<Int>]
    private let userFunctions: Set<String>
    private let floatPrecision: String
    private let deadUniformPrecision: String
    private let synthetic = SourceSpan(file: SourceFile(name: "<metamorphic>", text: ""), start: 0, end: 0)
    private(set) var usesDeadUniform = false
    private(set) var log: [String] = []

    init(unit: TranslationUnit, types: SpanTypes, stage: ShaderStage, isES: Bool, seed: UInt64) {
        self.unit = unit
        self.types = types
        self.stage = stage
        self.rng = SplitMix64(state: seed)
        // Built-ins that write an argument (`modf`) keep it as written, as user functions do.
        var outs: [String: Set<Int>] = [:]
        for f in BuiltinFunction.allCases { if let k = f.outParameterIndex { outs[f.rawValue] = [k] } }
        var functions: Set<String> = []
        var hasFloatPrecision = stage == .vertex
        for d in unit.declarations {
            let prototype: FunctionPrototype
            switch d {
            case .function(let f): prototype = f.prototype
            case .declaration(.functionPrototype(let p)): prototype = p
            case .declaration(.precision(let p)):
                if case .builtin(.float) = p.type.kind { hasFloatPrecision = true }
                continue
            default: continue
            }
            functions.insert(prototype.name.name)
            for (i, p) in prototype.parameters.enumerated() where p.direction == .out || p.direction == .inout {
                outs[prototype.name.name, default: []].insert(i)
            }
        }
        outParameters = outs
        userFunctions = functions
        // Desktop GLSL 1.10 and 1.20 have no precision qualifiers.
        floatPrecision = hasFloatPrecision || !isES ? "" : "highp "
        deadUniformPrecision = isES ? "mediump " : ""
    }

    /// Picks a kind of rewrite with at least one place (kinds in random order) and applies it
    /// at a random place.
    func applyOne() {
        var kinds = Kind.allCases
        for i in stride(from: kinds.count - 1, to: 0, by: -1) { kinds.swapAt(i, rng.below(i + 1)) }
        for kind in kinds {
            mode = kind
            target = nil
            counter = 0
            _ = walk()
            guard counter > 0 else { continue }
            target = rng.below(counter)
            counter = 0
            applied = nil
            let rewritten = walk()
            if let applied {
                unit = rewritten
                log.append(applied)
                return
            }
        }
    }

    /// The tree with the declarations the rewrites need added.
    func finishedUnit() -> TranslationUnit {
        var u = unit
        let firstFunction =
            u.declarations.firstIndex {
                switch $0 {
                case .function, .declaration(.functionPrototype): true
                default: false
                }
            } ?? u.declarations.count
        let functions = identityFunctionTypes.map { t in
            let p = precision(for: t)
            return snippetUnit("\(p)\(t) \(Self.identityName(t))(\(p)\(t) x) { return x; }")
        }
        u.declarations.insert(contentsOf: functions.flatMap { $0 }, at: firstFunction)
        if usesDeadUniform {
            u.declarations.insert(contentsOf: snippetUnit("uniform \(deadUniformPrecision)float \(Self.deadUniform);"), at: 0)
        }
        return u
    }

    // MARK: Walking

    private func hit() -> Bool {
        defer { counter += 1 }
        return applied == nil && counter == target
    }

    private func walk() -> TranslationUnit {
        var u = unit
        u.declarations = unit.declarations.map { d in
            switch d {
            case .function(var f):
                f.body = block(f.body, inLoop: false)
                return .function(f)
            case .declaration(let d):
                return .declaration(declaration(d, Context(isConstant: true), mayHoist: false))
            }
        }
        return u
    }

    private func block(_ list: [Statement], inLoop: Bool) -> [Statement] {
        var out: [Statement] = []
        for i in 0...list.count {
            if mode == .deadFalse || mode == .deadUniform {
                // A statement is copied only where no declaration after it hides a name it
                // uses (`float y = f(1.0); float f = 2.0;` cannot repeat `f(1.0)` below).
                let copies = list.indices.prefix(i).filter { j in
                    isCopyable(list[j]) && !isHidden(list[j], by: list[(j + 1)..<i])
                }.map { list[$0] }
                if !copies.isEmpty || stage == .fragment, hit() {
                    out.append(deadCode(copies: Array(copies)))
                }
            }
            guard i < list.count else { break }
            var s = list[i]
            if mode == .ifTrue || mode == .oneIterationLoop, isWrappable(s), hit() {
                s = wrapped(s)
            } else {
                pendingTemporary = nil
                s = statement(s, inLoop: inLoop, inList: true)
                if let t = pendingTemporary { out.append(t) }
                pendingTemporary = nil
            }
            out.append(s)
        }
        return out
    }

    private func statement(_ s: Statement, inLoop: Bool, inList: Bool = false) -> Statement {
        let temporaries = inList && mode == .temporary
        switch s {
        case .compound(let l, let span):
            return .compound(block(l, inLoop: inLoop), span: span)
        case .declaration(let d):
            return .declaration(declaration(d, Context(), mayHoist: temporaries))
        case .expression(let e, let span):
            guard case .assignment(let op, let target, let value) = e.kind else {
                return .expression(expression(e, Context()), span: span)
            }
            var c = Context()
            if temporaries, isPure(target), op == .assign || isPure(value) {
                c = Context(allowsTemporary: true, isRoot: true, statementIsPure: isPure(value) && isPure(target))
            }
            var e2 = e
            e2.kind = .assignment(op, target, expression(value, c))
            return .expression(e2, span: span)
        case .if(let c, let t, let e, let span):
            return .if(
                condition: expression(c, Context()), then: statement(t, inLoop: inLoop),
                else: e.map { statement($0, inLoop: inLoop) }, span: span)
        case .for(let i, let c, let inc, let body, let span):
            return .for(initializer: i, condition: c, increment: inc, body: statement(body, inLoop: true), span: span)
        case .while(let c, let body, let span):
            var c2 = c
            if case .expression(let e) = c { c2 = .expression(expression(e, Context())) }
            return .while(condition: c2, body: statement(body, inLoop: true), span: span)
        case .doWhile(let body, let c, let span):
            return .doWhile(body: statement(body, inLoop: true), condition: expression(c, Context()), span: span)
        case .return(let v?, let span):
            let c =
                temporaries ? Context(allowsTemporary: true, isRoot: true, statementIsPure: isPure(v)) : Context()
            return .return(expression(v, c), span: span)
        case .return(nil, _), .empty, .continue, .break, .discard, .caseLabel:
            return s
        case .switch(let selector, let body, let span):
            return .switch(
                selector: expression(selector, Context()),
                body: body.map { statement($0, inLoop: inLoop) }, span: span)
        }
    }

    private func declaration(_ d: Declaration, _ context: Context, mayHoist: Bool) -> Declaration {
        guard case .variables(var list) = d else { return d }
        var c = context
        if list.type.qualifiers.storage == .const { c.isConstant = true }
        let hoists = mayHoist && !c.isConstant && list.declarators.count == 1
        list.declarators = list.declarators.map { dd in
            var dd = dd
            if let i = dd.initializer {
                var ic = c
                if hoists { ic = Context(allowsTemporary: true, isRoot: true, statementIsPure: isPure(i)) }
                dd.initializer = expression(i, ic)
            }
            return dd
        }
        return .variables(list)
    }

    private func expression(_ e: Expression, _ context: Context) -> Expression {
        if let replaced = site(e, context) { return replaced }
        var child = context
        child.isRoot = false
        var e2 = e
        switch e.kind {
        case .identifier, .intLiteral, .uintLiteral, .floatLiteral, .boolLiteral, .methodCall:
            return e
        case .unary(let op, let a):
            switch op {
            case .preIncrement, .preDecrement, .postIncrement, .postDecrement: return e
            default: e2.kind = .unary(op, expression(a, child))
            }
        case .binary(let op, let a, let b):
            var right = child
            if op == .logicalAnd || op == .logicalOr { right.isConditional = true }
            e2.kind = .binary(op, expression(a, child), expression(b, right))
        case .assignment(let op, let t, let v):
            e2.kind = .assignment(op, t, expression(v, child))
        case .ternary(let c, let t, let f):
            var branch = child
            branch.isConditional = true
            e2.kind = .ternary(expression(c, child), expression(t, branch), expression(f, branch))
        case .call(let callee, let args):
            var outs: Set<Int> = []
            if case .name(let id) = callee { outs = outParameters[id.name] ?? [] }
            e2.kind = .call(
                callee, args.enumerated().map { outs.contains($0.offset) ? $0.element : expression($0.element, child) })
        case .field(let b, let name):
            e2.kind = .field(expression(b, child), name)
        case .index(let b, let i):
            var inIndex = child
            inIndex.inSubscript = true
            e2.kind = .index(expression(b, child), expression(i, inIndex))
        case .comma(let a, let b):
            e2.kind = .comma(expression(a, child), expression(b, child))
        }
        return e2
    }

    /// The rewritten expression when `e` is the chosen place of the current kind.
    private func site(_ e: Expression, _ c: Context) -> Expression? {
        guard applied == nil, let type = types.type(of: e) else { return nil }
        switch mode {
        case .identity:
            guard hit() else { return nil }
            return identity(e, type)
        case .function:
            guard !c.isConstant, !c.inSubscript, hit() else { return nil }
            if !identityFunctionTypes.contains(type) { identityFunctionTypes.append(type) }
            applied = "identity function \(Self.identityName(type))(\(short(e)))\(at(e))"
            return Expression(.call(.name(Identifier(Self.identityName(type), span: synthetic)), [e]), span: e.span)
        case .temporary:
            guard c.allowsTemporary, !c.isConditional, !c.inSubscript, !c.isConstant,
                c.isRoot || c.statementIsPure, hit()
            else { return nil }
            let name = freshName("shade_t")
            var declaration = snippetStatement("\(precision(for: type))\(type) \(name) = 0;")
            if case .declaration(.variables(var list)) = declaration {
                list.declarators[0].initializer = e
                declaration = .declaration(.variables(list))
            }
            pendingTemporary = declaration
            applied = "temporary \(name) = \(short(e))\(at(e))"
            return Expression(.identifier(name), span: e.span)
        default:
            return nil
        }
    }

    // MARK: Rewrites

    private func identity(_ e: Expression, _ type: GLSLType) -> Expression {
        let scalar: ScalarKind
        var size = 0
        switch type {
        case .scalar(let k): scalar = k
        case .vector(let k, let n):
            scalar = k
            size = n
        default: scalar = .float
        }
        var choices = ["true ? x : 0", "false ? 0 : x"]
        switch scalar {
        case .float: choices += ["x * 1.0", "x / 1.0"]
        case .int: choices += ["x + 0", "x * 1"]
        case .uint: choices += ["x + 0u", "x * 1u"]
        case .bool: break
        }
        if size > 0 { choices += ["x.swizzle", "vecN(x).swizzle"] }
        let choice = choices[rng.below(choices.count)]
        applied = "identity \(choice) on \(short(e))\(at(e))"
        let s = synthetic
        func literal(_ k: ScalarKind, _ v: Int) -> Expression {
            switch k {
            case .float: Expression(.floatLiteral(Double(v)), span: s)
            case .int: Expression(.intLiteral(v), span: s)
            case .uint: Expression(.uintLiteral(UInt32(v)), span: s)
            case .bool: Expression(.boolLiteral(v != 0), span: s)
            }
        }
        let zero: Expression
        if case .scalar(let k) = type {
            zero = literal(k, 0)
        } else {
            zero = Expression(.call(.constructor(builtin(type), span: s), [literal(scalar, 0)]), span: s)
        }
        let swizzle = Identifier(String(["xyzw", "rgba", "stpq"][rng.below(3)].prefix(size)), span: s)
        let kind: Expression.Kind
        switch choice {
        case "true ? x : 0": kind = .ternary(Expression(.boolLiteral(true), span: s), e, zero)
        case "false ? 0 : x": kind = .ternary(Expression(.boolLiteral(false), span: s), zero, e)
        case "x * 1.0", "x * 1", "x * 1u": kind = .binary(.multiply, e, literal(scalar, 1))
        case "x / 1.0": kind = .binary(.divide, e, literal(.float, 1))
        case "x + 0", "x + 0u": kind = .binary(.add, e, literal(scalar, 0))
        case "x.swizzle": kind = .field(e, swizzle)
        default:
            kind = .field(Expression(.call(.constructor(builtin(type), span: s), [e]), span: s), swizzle)
        }
        return Expression(kind, span: e.span)
    }

    private func deadCode(copies: [Statement]) -> Statement {
        var body: [Statement] = []
        if copies.isEmpty {
            body = [.discard(span: synthetic)]
        } else {
            for _ in 0..<(1 + rng.below(2)) {
                // A declaration gets a block of its own, so two copies never share a scope.
                let copy = copies[rng.below(copies.count)]
                if case .declaration = copy { body.append(.compound([copy], span: synthetic)) } else { body.append(copy) }
            }
        }
        let condition: Expression
        if mode == .deadUniform {
            usesDeadUniform = true
            condition = Expression(
                .binary(
                    .greater, Expression(.identifier(Self.deadUniform), span: synthetic),
                    Expression(.floatLiteral(1), span: synthetic)), span: synthetic)
        } else {
            condition = Expression(.boolLiteral(false), span: synthetic)
        }
        let text = body.map { short($0.description) }.joined(separator: " ")
        applied = "dead code if (\(condition)) { \(text) }"
        return .if(condition: condition, then: .compound(body, span: synthetic), else: nil, span: synthetic)
    }

    private func wrapped(_ s: Statement) -> Statement {
        let line = s.span.file === types.file ? " (line \(s.span.location.line))" : ""
        if mode == .ifTrue {
            applied = "if (true) { \(short(s.description)) }\(line)"
            return .if(
                condition: Expression(.boolLiteral(true), span: synthetic), then: .compound([s], span: synthetic),
                else: nil, span: synthetic)
        }
        let name = freshName("shade_i")
        applied = "one-iteration loop over \(short(s.description))\(line)"
        guard case .for(let i, let c, let inc, _, let span) = snippetStatement(
            "for (int \(name) = 0; \(name) < 1; \(name)++) { }")
        else { return s }
        return .for(initializer: i, condition: c, increment: inc, body: .compound([s], span: synthetic), span: span)
    }

    // MARK: Questions about the tree

    /// A statement that may be copied into dead code later in the same block: short, and no
    /// declaration of a struct type. A copied declaration is fine: the dead block is a scope of its own,
    /// where the copy shadows the original, and its initializer still sees the original's
    /// names.
    private func isCopyable(_ s: Statement) -> Bool {
        switch s {
        case .empty: return false
        case .declaration(.variables(let list)):
            // Only built-in types: a struct's name may be hidden by a variable by then.
            guard case .builtin = list.type.specifier.kind else { return false }
        case .declaration(.variables), .declaration(.precision): break
        case .declaration: return false
        default: break
        }
        return s.description.count <= 240
    }

    /// Whether a declaration in `later` declares a name that `s` mentions (read from its text:
    /// a conservative test, as any identifier-shaped word counts).
    private func isHidden(_ s: Statement, by later: ArraySlice<Statement>) -> Bool {
        var declared = Set<String>()
        for statement in later {
            if case .declaration(.variables(let list)) = statement {
                for declarator in list.declarators { declared.insert(declarator.name.name) }
            }
        }
        guard !declared.isEmpty else { return false }
        let words = s.description.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
        return words.contains(where: declared.contains)
    }

    /// A statement that may move into a block of its own: no declaration (the name would go
    /// out of scope) and no `break`/`continue` of an enclosing loop.
    private func isWrappable(_ s: Statement) -> Bool {
        switch s {
        case .declaration, .empty, .caseLabel: return false
        default: return !hasFreeJump(s)
        }
    }

    private func hasFreeJump(_ s: Statement) -> Bool {
        switch s {
        case .break, .continue: return true
        case .compound(let l, _): return l.contains(where: hasFreeJump)
        case .if(_, let t, let e, _): return hasFreeJump(t) || (e.map(hasFreeJump) ?? false)
        // A switch's own `break`s stay inside it, but a `continue` in it is its loop's.
        case .switch(_, let body, _): return body.contains(where: hasFreeContinue)
        default: return false
        }
    }

    private func hasFreeContinue(_ s: Statement) -> Bool {
        switch s {
        case .continue: return true
        case .compound(let l, _), .switch(_, let l, _): return l.contains(where: hasFreeContinue)
        case .if(_, let t, let e, _): return hasFreeContinue(t) || (e.map(hasFreeContinue) ?? false)
        default: return false
        }
    }

    /// No assignments, increments, calls of the shader's own functions or of built-ins that
    /// write an argument.
    private func isPure(_ e: Expression) -> Bool {
        switch e.kind {
        case .identifier, .intLiteral, .uintLiteral, .floatLiteral, .boolLiteral: return true
        case .unary(let op, let a):
            switch op {
            case .preIncrement, .preDecrement, .postIncrement, .postDecrement: return false
            default: return isPure(a)
            }
        case .binary(_, let a, let b), .index(let a, let b), .comma(let a, let b): return isPure(a) && isPure(b)
        case .assignment, .methodCall: return false
        case .ternary(let a, let b, let c): return isPure(a) && isPure(b) && isPure(c)
        case .field(let b, _): return isPure(b)
        case .call(let callee, let args):
            if case .name(let id) = callee, userFunctions.contains(id.name) || outParameters[id.name] != nil {
                return false
            }
            return args.allSatisfy(isPure)
        }
    }

    // MARK: Helpers

    private func builtin(_ type: GLSLType) -> BuiltinType { BuiltinType(rawValue: type.description) ?? .float }

    private func precision(for type: GLSLType) -> String {
        switch type {
        case .scalar(.float), .vector(.float, _), .matrix: floatPrecision
        default: ""
        }
    }

    static func identityName(_ type: GLSLType) -> String { "shade_id_\(type)" }

    private func freshName(_ prefix: String) -> String {
        defer { names += 1 }
        return "\(prefix)\(names)"
    }

    private func short(_ e: Expression) -> String { short(e.description) }

    private func short(_ text: String) -> String { text.count <= 60 ? text : String(text.prefix(57)) + "..." }

    private func at(_ e: Expression) -> String {
        e.span.file === types.file ? " (line \(e.span.location.line))" : ""
    }

    private func snippetUnit(_ text: String) -> [ExternalDeclaration] {
        parse(SourceFile(name: "<metamorphic>", text: text), stage: stage).translationUnit.declarations
    }

    private func snippetStatement(_ text: String) -> Statement {
        guard case .function(let f)? = snippetUnit("void shade_snippet() { \(text) }").first, let s = f.body.first
        else { return .empty(span: synthetic) }
        return s
    }
}
