/// A variable the generated code may read (and maybe write).
struct GVariable {
    var name: String
    var type: GType
    var isWritable: Bool
    /// Uniforms, `gl_FragCoord` and `textureCoordinate`: allowed in derivative arguments.
    var isDerivativeSafe = false
    /// Largest magnitude the generator assumes for its components.
    var bound: Double = ProgramBuilder.variableBound
    /// For loop indices: every value lies in `0..<loopRange`.
    var loopRange: Int?
}

/// Which shader the builder is writing.
enum GStage { case vertex, fragment }

/// Builds one `ProgramModel` from a stream of decisions.
///
/// Magnitudes are tracked as bounds: every expression comes with the largest magnitude its
/// components can have (assuming variables stay within `variableBound`), and operands that
/// would make a product or a conversion too large are clamped or scaled first.
struct ProgramBuilder {
    typealias Gen = (e: GExpr, b: Double)

    static let variableBound = 64.0
    static let productLimit = 1000.0
    /// The bound of a GLSL ES 3.00 integer that may hold any 32-bit value (ints wrap there, so
    /// integer expressions are never limited; a conversion to float sees this bound).
    static let wildBound = 2_147_483_648.0

    /// Whether the program is GLSL ES 3.00.
    var isES300: Bool { options.language == .es300 }

    let options: ProgramGenerator.Options
    var d: Decisions
    var model = ProgramModel()

    var stage = GStage.fragment
    var scopes: [[GVariable]] = []
    var functions: [GFunction] = []
    var functionBounds: [String: Double] = [:]
    var statementsLeft = 0
    var loopDepth = 0
    var nesting = 0
    /// nil outside functions; `.some(nil)` in a void function.
    var returnType: GType?? = nil
    var nameCounter = 0
    var derivativeUsed = false
    /// How many `?:` sides the expression being built is inside (no derivatives there).
    var ternaryDepth = 0

    init(options: ProgramGenerator.Options, decisions: Decisions) {
        self.options = options
        self.d = decisions
    }

    mutating func fresh(_ prefix: String) -> String {
        nameCounter += 1
        return "\(prefix)\(nameCounter)"
    }

    // MARK: Program

    mutating func build() -> ProgramModel {
        let budget = max(1, options.maxStatements)
        model.language = options.language
        model.floatPrecision = options.floatPrecision
        if options.allowStructs { makeStructs() }
        if options.allowTextures { model.inputCount = d.weighted([3, 4, 2]) }
        makeUniforms()

        var fragmentBudget = budget
        if options.allowVertexShader && d.chance(1, 4) {
            let vertexBudget = max(1, budget / 4)
            fragmentBudget = max(1, budget - vertexBudget)
            stage = .vertex
            model.vertex = shader(budget: vertexBudget, globals: vertexGlobals())
            stage = .fragment
        }
        model.fragment = shader(budget: fragmentBudget, globals: fragmentGlobals())
        model.usesDerivatives = derivativeUsed
        return model
    }

    private mutating func shader(budget: Int, globals: [GVariable]) -> GShader {
        var result = GShader()
        scopes = [globals]
        functions = []
        statementsLeft = budget
        if options.allowFunctions {
            let count = d.weighted([3, 3, 2, 1])
            for _ in 0..<count where statementsLeft > 2 {
                let f = function()
                functions.append(f)
                result.functions.append(f)
            }
        }
        scopes.append([])
        let target = max(1, statementsLeft)
        var main: [GStmt] = []
        while statementsLeft > 0 && main.count < target {
            main += statement()
        }
        if stage == .vertex {
            // The varyings are written at the end of main, from its top-level variables.
            for _ in 0..<d.weighted([1, 3, 2, 1]) {
                let type = d.pick([GType.float, .vec(2), .vec(3), .vec(4), .mat(2), .vec(4), .float])
                let value = limit(expression(type, options.maxExpressionDepth - 1), 8)
                model.varyings.append(GVarying(name: fresh("vary"), type: type, value: value.e))
            }
        }
        result.main = main
        scopes = []
        return result
    }

    // MARK: Declarations at file scope

    private mutating func makeStructs() {
        let count = d.weighted([2, 3, 2])
        for k in 0..<count {
            var fields: [GField] = []
            for f in 0..<d.int(in: 1...3) {
                var type = d.pick([GType.float, .vec(2), .vec(3), .int, .bool, .mat(2), .ivec(2)])
                if isES300 && type.isInteger && d.chance(1, 2) { type = GType.uint.vector(type.size) }
                if d.chance(1, 4) { type = .array(d.pick([GType.float, .vec(2), .int]), d.int(in: 2...3)) }
                if k > 0 && f == 0 && d.chance(2, 3) { type = .structure(d.below(k)) }
                fields.append(GField(name: "m\(f)", type: type))
            }
            model.structs.append(GStruct(name: "S\(k)", fields: fields))
        }
    }

    func containsArray(_ t: GType) -> Bool { Self.containsArray(t, in: model.structs) }

    static func containsArray(_ t: GType, in structs: [GStruct]) -> Bool {
        switch t {
        case .array: true
        case .structure(let i): structs[i].fields.contains { containsArray($0.type, in: structs) }
        default: false
        }
    }

    private mutating func makeUniforms() {
        for _ in 0..<d.weighted([1, 2, 3, 3, 2]) {
            // No uint uniforms: glref.py (the llvmpipe oracle) sets ints and floats only.
            var type = randomType(allowArrayStructs: false, allowStructs: false, allowUnsigned: false)
            if d.chance(1, 5) { type = .array(d.pick([GType.float, .vec(2), .vec(3), .int]), d.int(in: 2...3)) }
            var values: [Float] = []
            let element: GType = if case .array(let e, _) = type { e } else { type }
            for _ in 0..<componentCount(type) {
                switch element.scalar {
                case .int where isES300 && d.chance(1, 3):
                    // Whole floats up to 2^24 are exact, and llvmpipe's glUniform1i rounds them.
                    values.append(Float(d.int(in: -16_000_000...16_000_000)))
                case .int: values.append(Float(d.int(in: -8...8)))
                case .bool: values.append(Float(d.below(2)))
                default: values.append(Float(d.int(in: -16...16)) / 8)
                }
            }
            model.uniforms.append(GUniform(name: fresh("u"), type: type, values: values))
        }
    }

    func componentCount(_ t: GType) -> Int {
        switch t {
        case .mat(let n): n * n
        case .array(let e, let n): n * componentCount(e)
        case .structure(let i): model.structs[i].fields.reduce(0) { $0 + componentCount($1.type) }
        default: t.size
        }
    }

    private func uniformVariables() -> [GVariable] {
        model.uniforms.map { u in
            let bound = max(1, Double(u.values.map { abs($0) }.max() ?? 1))
            return GVariable(name: u.name, type: u.type, isWritable: false, isDerivativeSafe: true, bound: bound)
        }
    }

    private func vertexGlobals() -> [GVariable] {
        uniformVariables() + [
            GVariable(name: "position", type: .vec(4), isWritable: false, bound: 1),
            GVariable(name: "inputTextureCoordinate", type: .vec(4), isWritable: false, bound: 1),
        ]
    }

    private func fragmentGlobals() -> [GVariable] {
        var globals = uniformVariables() + [
            GVariable(name: "gl_FragCoord", type: .vec(4), isWritable: false, isDerivativeSafe: true, bound: 32),
            GVariable(name: "textureCoordinate", type: .vec(2), isWritable: false, isDerivativeSafe: true, bound: 1),
            GVariable(name: "gl_FrontFacing", type: .bool, isWritable: false, bound: 1),
        ]
        for v in model.varyings {
            globals.append(GVariable(name: v.name, type: v.type, isWritable: false, bound: 8))
        }
        return globals
    }

    // MARK: Types

    /// A type for a variable or an expression. Weighted so every kind appears often; in GLSL
    /// ES 3.00 half the integer types are unsigned.
    mutating func randomType(
        allowArrayStructs: Bool = true, allowStructs: Bool = true, allowUnsigned: Bool = true
    ) -> GType {
        let t = randomES100Type(allowArrayStructs: allowArrayStructs, allowStructs: allowStructs)
        if isES300 && allowUnsigned && t.isInteger && d.chance(1, 2) { return GType.uint.vector(t.size) }
        return t
    }

    private mutating func randomES100Type(allowArrayStructs: Bool, allowStructs: Bool) -> GType {
        switch d.weighted([6, 3, 3, 4, 3, 1, 1, 1, 2, 1, 1, 2, 1, 1, 3]) {
        case 0: return .float
        case 1: return .vec(2)
        case 2: return .vec(3)
        case 3: return .vec(4)
        case 4: return .int
        case 5: return .ivec(2)
        case 6: return .ivec(3)
        case 7: return .ivec(4)
        case 8: return .bool
        case 9: return .bvec(d.int(in: 2...4))
        case 10: return .mat(2)
        case 11: return .mat(3)
        case 12: return .mat(4)
        case 13: return d.chance(1, 2) ? .vec(2) : .float
        default:
            let candidates = model.structs.indices.filter { allowArrayStructs || !containsArray(.structure($0)) }
            if allowStructs, !candidates.isEmpty { return .structure(d.pick(candidates)) }
            return .vec(4)
        }
    }

    // MARK: Scopes

    mutating func declare(_ v: GVariable) { scopes[scopes.count - 1].append(variable(v)) }

    /// `v` with the GLSL ES 3.00 rule: a writable variable holding integers may hold any
    /// 32-bit value (integer writes are never limited there).
    func variable(_ v: GVariable) -> GVariable {
        guard isES300, v.isWritable, containsInteger(v.type) else { return v }
        var w = v
        w.bound = Self.wildBound
        return w
    }

    /// Whether a value of type `t` has int or uint components.
    func containsInteger(_ t: GType) -> Bool {
        switch t {
        case .array(let e, _): containsInteger(e)
        case .structure(let i): i < model.structs.count && model.structs[i].fields.contains { containsInteger($0.type) }
        default: t.isInteger
        }
    }

    var visible: [GVariable] { scopes.flatMap { $0 } }

    /// Whether a value of type `from` contains a part of type `to` reachable by `.`/`[]`.
    func canYield(_ from: GType, _ to: GType) -> Bool {
        if from == to { return true }
        switch from {
        case .vec, .ivec, .bvec, .uvec: return (to.isScalar || to.isVector) && to.scalar == from.scalar
        case .mat: return to == .float || (to.isVector && to.scalar == .float)
        case .array(let e, _): return canYield(e, to)
        case .structure(let i): return model.structs[i].fields.contains { canYield($0.type, to) }
        default: return false
        }
    }
}
