// The generator's own small AST. Every guard that keeps a program free of undefined behaviour
// belongs to a node and is applied when the node is printed, so the shrinker may replace any
// argument by any expression of the same type without losing it.

/// A GLSL ES type the generator uses (`uint` and `uvecN` only in GLSL ES 3.00 programs).
indirect enum GType: Hashable, Sendable {
    case bool, int, float, uint
    case vec(Int), ivec(Int), bvec(Int), uvec(Int)
    case mat(Int)
    case array(GType, Int)
    /// Index into `ProgramModel.structs`.
    case structure(Int)

    var isScalar: Bool { self == .bool || self == .int || self == .float || self == .uint }

    /// `int`, `uint`, `ivecN` or `uvecN`.
    var isInteger: Bool { scalar == .int || scalar == .uint }

    /// Components of a vector, rows of a square matrix, 1 for scalars.
    var size: Int {
        switch self {
        case .vec(let n), .ivec(let n), .bvec(let n), .uvec(let n), .mat(let n): n
        case .array(_, let n): n
        default: 1
        }
    }

    /// The scalar type of a scalar or vector.
    var scalar: GType {
        switch self {
        case .vec, .mat: .float
        case .ivec: .int
        case .uvec: .uint
        case .bvec: .bool
        default: self
        }
    }

    /// The vector of `n` components with this scalar type (the scalar itself for 1).
    func vector(_ n: Int) -> GType {
        if n == 1 { return scalar }
        switch scalar {
        case .int: return .ivec(n)
        case .uint: return .uvec(n)
        case .bool: return .bvec(n)
        default: return .vec(n)
        }
    }

    var isFloatLike: Bool {
        switch self {
        case .float, .vec, .mat: true
        default: false
        }
    }

    var isVector: Bool {
        switch self {
        case .vec, .ivec, .bvec, .uvec: true
        default: false
        }
    }
}

/// A member of a structure.
struct GField: Hashable, Sendable {
    var name: String
    var type: GType
}

/// A structure type declared at the top of both shaders.
struct GStruct: Hashable, Sendable {
    var name: String
    var fields: [GField]
}

/// How an array, vector or matrix is indexed: always in range.
enum GIndex: Hashable, Sendable {
    case constant(Int)
    /// A loop index whose values all lie in range.
    case loopIndex(String)
    /// `int(clamp(float(e), 0.0, size - 1))`.
    case clamped(GExpr, Int)
}

/// A built-in whose arguments are made safe when printed.
enum GGuard: Hashable, Sendable {
    /// `name(abs(a) + 0.5)`: sqrt, inversesqrt, log, log2.
    case positive(String)
    /// `pow(abs(a) + 0.5, clamp(b, -2.0, 2.0))`.
    case pow
    /// `name(clamp(a, -4.0, 4.0))`: exp, exp2.
    case exponential(String)
    /// `name(clamp(a, -1.0, 1.0))`: asin, acos.
    case unit(String)
    /// `tan(clamp(a, -1.2, 1.2))`.
    case tan
    /// `atan(a, abs(b) + 0.5)`.
    case atan2
    /// `mod(a, abs(b) + 1.0)`.
    case mod
    /// `a / (abs(b) + 1.0)`.
    case divide
    /// Non-negative dividend, positive divisor: `int(abs(float(a))) / (int(abs(float(b))) + 1)`.
    case intDivide
    /// `normalize(abs(a) + (0.5, 0, …))`.
    case normalize
    /// `int(clamp(a, -64.0, 64.0))` or the ivec form.
    case toInt
    /// `smoothstep(lo, hi, a)` with literal edges lo < hi.
    case smoothstep(String, String)
    /// `clamp(a, lo, hi)` with literal bounds lo < hi.
    case clamp(String, String)
    /// `reflect(clamp(a, -1, 1), clamp(b, -1, 1))`.
    case reflect
    /// `refract(clamp(a, -1, 1), clamp(b, -1, 1), eta)`.
    case refract(String)
    /// `texture2D(sampler, a)`.
    case texture(String)
    /// `texture2D(sampler, a, clamp(b, -3.0, 3.0))`: a lookup with a bias.
    case textureBias(String)
    /// `textureLod(sampler, a, clamp(b, -1.0, 5.0))` (GLSL ES 3.00).
    case textureLod(String)
    /// `texture2DProj(sampler, vec3(a, 1.0 + abs(b)))`, or the vec4 form.
    case textureProj(String, Bool)
    /// `dFdx(a)`, `dFdy(a)`, `fwidth(a)` of an argument built from derivative-safe inputs.
    case derivative(String)
    /// Kept by the shrinker: `clamp(a, -k, k)` (floats), `int(clamp(float(a), -k, k))` (ints).
    case bound(String)
    /// Kept by the shrinker: `(a * k)`, for matrices.
    case scale(String)
    /// GLSL ES 3.00 `a / b` or `a % b` on ints or uints with a divisor in 1...16 and, for `%`
    /// on ints, a non-negative dividend: `(a / ((b & 15) + 1))`, `((a & 2147483647) % …)`.
    case integerDivide(String)
    /// GLSL ES 3.00 `a << b` or `a >> b` with a count in 0...31: `(a << (b & 31))`.
    case shift(String)
    /// `intBitsToFloat((a & 0x7FFFFF) | 0x3F800000)` (or `uintBitsToFloat`): a float in [1, 2).
    case bitsToFloat
    /// `name(clamp(a, lo, hi))` with literal bounds.
    case clampedCall(String, String, String)
}

/// A pure expression (no side effects) with its type.
struct GExpr: Hashable, Sendable {
    indirect enum Kind: Hashable, Sendable {
        /// Printed verbatim; a constant.
        case literal(String)
        /// A variable, uniform, varying or built-in input.
        case name(String)
        /// `type(args)`.
        case construct([GExpr])
        /// A built-in or user function called as is.
        case call(String, [GExpr])
        case guarded(GGuard, [GExpr])
        case unary(String, GExpr)
        case binary(String, GExpr, GExpr)
        case ternary(GExpr, GExpr, GExpr)
        /// Swizzle or structure member.
        case field(GExpr, String)
        case index(GExpr, GIndex)
    }

    var type: GType
    var kind: Kind

    init(_ type: GType, _ kind: Kind) {
        self.type = type
        self.kind = kind
    }

    /// Whether the shrinker may replace this node by one of its operands.
    var isRemovable: Bool {
        if case .guarded(.bound, _) = kind { return false }
        if case .guarded(.scale, _) = kind { return false }
        return true
    }

    var children: [GExpr] {
        switch kind {
        case .literal, .name: []
        case .construct(let a), .call(_, let a), .guarded(_, let a): a
        case .unary(_, let a): [a]
        case .binary(_, let a, let b): [a, b]
        case .ternary(let a, let b, let c): [a, b, c]
        case .field(let a, _): [a]
        case .index(let a, .clamped(let i, _)): [a, i]
        case .index(let a, _): [a]
        }
    }

    func replacingChildren(_ c: [GExpr]) -> GExpr {
        var e = self
        switch kind {
        case .literal, .name: break
        case .construct: e.kind = .construct(c)
        case .call(let n, _): e.kind = .call(n, c)
        case .guarded(let g, _): e.kind = .guarded(g, c)
        case .unary(let o, _): e.kind = .unary(o, c[0])
        case .binary(let o, _, _): e.kind = .binary(o, c[0], c[1])
        case .ternary: e.kind = .ternary(c[0], c[1], c[2])
        case .field(_, let f): e.kind = .field(c[0], f)
        case .index(_, .clamped(_, let n)): e.kind = .index(c[0], .clamped(c[1], n))
        case .index(_, let i): e.kind = .index(c[0], i)
        }
        return e
    }
}

/// One step of an l-value path.
enum GAccess: Hashable, Sendable {
    case field(String)
    case index(GIndex)
}

/// A writable place: a variable and a path of members, swizzles (no repeats) and indices.
struct GLValue: Hashable, Sendable {
    var base: String
    var path: [GAccess] = []
    var type: GType
}

/// An argument of a call statement: a value for `in`, a place for `out`/`inout`.
enum GArgument: Hashable, Sendable {
    case value(GExpr)
    case place(GLValue)
}

/// A statement. Compound forms are atomic for the shrinker (a declaration together with the
/// stores that initialise it; a loop together with its counter).
indirect enum GStmt: Hashable, Sendable {
    /// `T name = e;`
    case declare(GType, String, GExpr)
    /// `T name;` followed by stores that initialise every component (arrays, structures with
    /// arrays).
    case declareInitialised(GType, String, [GStmt])
    /// `place op e;` with op `=`, `+=`, `-=`, `*=`, `/=` (the divisor is guarded when printed).
    case assign(GLValue, String, GExpr)
    /// `place++;`, `--place;`.
    case step(GLValue, String, Bool)
    /// `T name = place++;`
    case declareStep(GType, String, GLValue, String, Bool)
    /// `bool name = left && (++place < k);` (or `||`): a side effect after a sequence point.
    case declareShortCircuit(String, GExpr, String, GLValue, String, Bool, String, GExpr)
    /// `[T name =] f(args);` for functions with `out`/`inout` parameters.
    case call(GType?, String?, String, [GArgument])
    case ifElse(GExpr, [GStmt], [GStmt]?)
    /// `for (int i = 0; i < n; i++)`, or counting down from n - 1 to 0.
    case forLoop(String, Int, Bool, [GStmt])
    /// `int c = 0; while (c < n) { c++; body }`.
    case whileLoop(String, Int, [GStmt])
    /// `int c = 0; do { c++; body } while (c < n);`.
    case doWhile(String, Int, [GStmt])
    case breakLoop
    case continueLoop
    case discard
    case returnValue(GExpr?)
    /// GLSL ES 3.00 `switch (selector) { case …: { body } [break;] … }`: each case's body is a
    /// block of its own, so a declaration never spans labels.
    case switchCases(GExpr, [GCase])
}

/// One group of labels of a `switch` and the code after them.
struct GCase: Hashable, Sendable {
    /// The labels' values; nil is `default`.
    var labels: [Int?]
    var body: [GStmt]
    /// Whether the group ends with `break;` (otherwise it falls through to the next).
    var breaks: Bool
}

/// A parameter of a user function.
struct GParameter: Hashable, Sendable {
    var qualifier: String
    var type: GType
    var name: String
}

/// A user function, defined before its first caller (so there is no recursion).
struct GFunction: Hashable, Sendable {
    var name: String
    var returnType: GType?
    var parameters: [GParameter]
    /// Stores to every `out` parameter, printed first.
    var outInitialisers: [GStmt]
    var body: [GStmt]
    /// The final `return`, for non-void functions.
    var result: GExpr?

    var isPure: Bool { parameters.allSatisfy { $0.qualifier == "in" } }
}

/// A uniform with the values it is given.
struct GUniform: Hashable, Sendable {
    var name: String
    var type: GType
    var values: [Float]
}

/// A varying written by the generated vertex shader.
struct GVarying: Hashable, Sendable {
    var name: String
    var type: GType
    var value: GExpr
}

/// One shader's functions and `main`.
struct GShader: Hashable, Sendable {
    var functions: [GFunction] = []
    var main: [GStmt] = []
}

/// The whole program as the generator built it; what the shrinker edits.
struct ProgramModel: Hashable, Sendable {
    var structs: [GStruct] = []
    var uniforms: [GUniform] = []
    var inputCount = 0
    var usesDerivatives = false
    var language = GeneratedLanguage.es100
    /// The default float precision both shaders declare; below `highp`, locals also get
    /// `highp`, `mediump` or `lowp` by their names, so that trees mix precisions.
    var floatPrecision = "highp"
    var fragment = GShader()
    /// nil: GPUImage's passthrough vertex shader.
    var vertex: GShader?
    var varyings: [GVarying] = []
}
