import ShaderDiagnostics
import ShaderSyntax

/// The kind of one scalar component: every GLSL value is made of these.
public enum ScalarKind: String, Sendable, Hashable, CaseIterable {
    case float
    case int
    /// `uint` (GLSL ES 3.00, desktop 1.30+).
    case uint
    case bool

    /// `true` for `int` and `uint`.
    public var isInteger: Bool { self == .int || self == .uint }
}

/// A user-declared structure type. Structures are equal by identity (GLSL's name equivalence):
/// two declarations with the same fields are still different types.
public final class StructType: Sendable, Hashable, CustomStringConvertible {
    /// One member of a structure.
    public struct Field: Sendable, Hashable {
        /// The member's name.
        public let name: String
        /// The member's type (may itself be a structure or an array).
        public let type: GLSLType
        /// The member's precision qualifier, if written.
        public let precision: PrecisionQualifier?
    }

    /// The structure's name; anonymous structures get a generated name starting with `$`.
    public let name: String
    /// The members, in declaration order.
    public let fields: [Field]
    /// Where the structure was declared.
    public let span: SourceSpan?

    /// Scalar components a value holds (saturating at `Int.max`), computed once: structures
    /// nest structures, and recomputing through every level doubles the work per level.
    public let componentCount: Int

    init(name: String, fields: [Field], span: SourceSpan?) {
        self.name = name
        self.fields = fields
        self.span = span
        var total = 0
        for field in fields {
            let (sum, overflow) = total.addingReportingOverflow(field.type.componentCount)
            total = overflow ? Int.max : sum
        }
        componentCount = total
        hasSampler = fields.contains { $0.type.containsSampler }
        hasArray = fields.contains { $0.type.containsArray }
    }

    // Also computed once, for the same reason (see `componentCount`).
    let hasSampler: Bool
    let hasArray: Bool

    /// The index of the member called `name`, if there is one.
    public func fieldIndex(named name: String) -> Int? {
        fields.firstIndex { $0.name == name }
    }

    public var description: String { name }

    public static func == (a: StructType, b: StructType) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A GLSL ES 1.00 type.
///
/// Vectors have 2–4 components, matrices are square (`mat2`–`mat4`, column-major), arrays are
/// one-dimensional with a constant size greater than zero. `error` is the type of an expression
/// that already produced a diagnostic; every rule accepts it silently so errors never cascade.
public indirect enum GLSLType: Sendable, Hashable, CustomStringConvertible {
    case void
    /// `float`, `int` or `bool`.
    case scalar(ScalarKind)
    /// `vecN`, `ivecN` or `bvecN` with `N` in 2...4.
    case vector(ScalarKind, Int)
    /// `matN`: `N` columns of `vecN`, `N` in 2...4.
    case matrix(columns: Int, rows: Int)
    case sampler2D
    case samplerCube
    /// A sampler type the language has but Shade cannot sample yet (`sampler3D`,
    /// `isampler2D`, …): it may be declared and given a precision, not read.
    case otherSampler(BuiltinType)
    /// A user structure.
    case structure(StructType)
    /// `element[count]`.
    case array(GLSLType, Int)
    /// The type of an erroneous expression.
    case error

    public static let float = GLSLType.scalar(.float)
    public static let int = GLSLType.scalar(.int)
    public static let uint = GLSLType.scalar(.uint)
    public static let bool = GLSLType.scalar(.bool)
    public static let vec2 = GLSLType.vector(.float, 2)
    public static let vec3 = GLSLType.vector(.float, 3)
    public static let vec4 = GLSLType.vector(.float, 4)
    public static let ivec2 = GLSLType.vector(.int, 2)
    public static let ivec3 = GLSLType.vector(.int, 3)
    public static let ivec4 = GLSLType.vector(.int, 4)
    public static let bvec2 = GLSLType.vector(.bool, 2)
    public static let bvec3 = GLSLType.vector(.bool, 3)
    public static let bvec4 = GLSLType.vector(.bool, 4)
    public static let mat2 = GLSLType.matrix(2)
    public static let mat3 = GLSLType.matrix(3)
    public static let mat4 = GLSLType.matrix(4)

    /// The square matrix `matN`.
    public static func matrix(_ n: Int) -> GLSLType { .matrix(columns: n, rows: n) }

    /// The scalar type or vector of `size` components of `kind` (`size == 1` gives a scalar).
    public static func vector(of kind: ScalarKind, size: Int) -> GLSLType {
        size == 1 ? .scalar(kind) : .vector(kind, size)
    }

    /// The GLSL spelling, e.g. `vec3`, `float[4]`, `Light`.
    public var description: String {
        switch self {
        case .void: "void"
        case .scalar(let k): k.rawValue
        case .vector(let k, let n):
            switch k {
            case .float: "vec\(n)"
            case .int: "ivec\(n)"
            case .uint: "uvec\(n)"
            case .bool: "bvec\(n)"
            }
        case .matrix(let c, let r): c == r ? "mat\(c)" : "mat\(c)x\(r)"
        case .sampler2D: "sampler2D"
        case .samplerCube: "samplerCube"
        case .otherSampler(let b): b.rawValue
        case .structure(let s): s.name
        case .array(let e, let n): "\(e)[\(n)]"
        case .error: "<error>"
        }
    }

    /// The type named by a built-in type keyword (`vec3`, `sampler2D`, …), if it is one.
    public init?(keyword: String) {
        switch keyword {
        case "void": self = .void
        case "float": self = .float
        case "int": self = .int
        case "uint": self = .scalar(.uint)
        case "uvec2": self = .vector(.uint, 2)
        case "uvec3": self = .vector(.uint, 3)
        case "uvec4": self = .vector(.uint, 4)
        case "bool": self = .bool
        case "vec2": self = .vec2
        case "vec3": self = .vec3
        case "vec4": self = .vec4
        case "ivec2": self = .ivec2
        case "ivec3": self = .ivec3
        case "ivec4": self = .ivec4
        case "bvec2": self = .bvec2
        case "bvec3": self = .bvec3
        case "bvec4": self = .bvec4
        case "mat2": self = .mat2
        case "mat3": self = .mat3
        case "mat4": self = .mat4
        case "mat2x2": self = .mat2
        case "mat3x3": self = .mat3
        case "mat4x4": self = .mat4
        case "mat2x3": self = .matrix(columns: 2, rows: 3)
        case "mat2x4": self = .matrix(columns: 2, rows: 4)
        case "mat3x2": self = .matrix(columns: 3, rows: 2)
        case "mat3x4": self = .matrix(columns: 3, rows: 4)
        case "mat4x2": self = .matrix(columns: 4, rows: 2)
        case "mat4x3": self = .matrix(columns: 4, rows: 3)
        case "sampler2D": self = .sampler2D
        case "samplerCube": self = .samplerCube
        default: return nil
        }
    }

    /// `true` for the error type.
    public var isError: Bool { if case .error = self { true } else { false } }

    /// `true` for `float`, `int` and `bool`.
    public var isScalar: Bool { if case .scalar = self { true } else { false } }

    /// `true` for `vecN`, `ivecN`, `bvecN`.
    public var isVector: Bool { if case .vector = self { true } else { false } }

    /// `true` for `matN`.
    public var isMatrix: Bool { if case .matrix = self { true } else { false } }

    /// `true` for arrays.
    public var isArray: Bool { if case .array = self { true } else { false } }

    /// `true` for `sampler2D` and `samplerCube`.
    public var isSampler: Bool {
        switch self {
        case .sampler2D, .samplerCube, .otherSampler: true
        default: false
        }
    }

    /// `true` for scalars, vectors and matrices.
    public var isNumericOrBool: Bool { isScalar || isVector || isMatrix }

    /// The component kind of a scalar, vector or matrix (`float` for matrices).
    public var scalarKind: ScalarKind? {
        switch self {
        case .scalar(let k), .vector(let k, _): k
        case .matrix: .float
        default: nil
        }
    }

    /// The number of components of a scalar (1) or vector (2–4); 0 for anything else.
    public var vectorSize: Int {
        switch self {
        case .scalar: 1
        case .vector(_, let n): n
        default: 0
        }
    }

    /// The number of scalar components a value of this type holds (struct and array members
    /// included). Samplers, `void` and `error` count 0. Saturates at `Int.max` (structures of
    /// arrays of structures can multiply past it).
    public var componentCount: Int {
        switch self {
        case .scalar: return 1
        case .vector(_, let n): return n
        case .matrix(let c, let r): return c * r
        case .structure(let s): return s.componentCount
        case .array(let e, let n):
            let (product, overflow) = e.componentCount.multipliedReportingOverflow(by: n)
            return overflow ? Int.max : product
        default: return 0
        }
    }

    /// The kind of every scalar component of a value of this type, in memory order (structure
    /// members in order, array elements in order, matrices column-major as floats); empty for
    /// samplers, `void` and `error`.
    public var componentKinds: [ScalarKind] {
        switch self {
        case .scalar(let k): return [k]
        case .vector(let k, let n): return Array(repeating: k, count: n)
        case .matrix: return Array(repeating: .float, count: componentCount)
        case .array(let e, let n): return Array(Array(repeating: e.componentKinds, count: n).joined())
        case .structure(let s): return s.fields.flatMap(\.type.componentKinds)
        default: return []
        }
    }

    /// The type `x[i]` has: the element of an array, the column of a matrix, the component of a
    /// vector.
    public var indexedType: GLSLType? {
        switch self {
        case .array(let e, _): e
        case .matrix(_, let r): .vector(.float, r)
        case .vector(let k, _): .scalar(k)
        default: nil
        }
    }

    /// The number of elements `x[i]` can address (array size, matrix columns, vector size).
    public var indexableCount: Int? {
        switch self {
        case .array(_, let n): n
        case .matrix(let c, _): c
        case .vector(_, let n): n
        default: nil
        }
    }

    /// `true` when the type is, or contains, a sampler (such values can't be assigned,
    /// compared or constructed).
    public var containsSampler: Bool {
        switch self {
        case .sampler2D, .samplerCube, .otherSampler: true
        case .structure(let s): s.hasSampler
        case .array(let e, _): e.containsSampler
        default: false
        }
    }

    /// `true` when the type is, or contains, an array.
    public var containsArray: Bool {
        switch self {
        case .array: true
        case .structure(let s): s.hasArray
        default: false
        }
    }

    /// `true` when the type is, or contains, the error type.
    var containsError: Bool {
        switch self {
        case .error: true
        case .array(let e, _): e.containsError
        default: false
        }
    }

    /// `true` for types that take a precision qualifier (`float`, `int`, their vectors,
    /// matrices, samplers, and arrays of them).
    public var takesPrecision: Bool {
        switch self {
        case .scalar(let k), .vector(let k, _): k != .bool
        case .matrix, .sampler2D, .samplerCube, .otherSampler: true
        case .array(let e, _): e.takesPrecision
        default: false
        }
    }

    /// The type whose precision default applies (`float` for float types, `int` for int
    /// types, the sampler itself); `nil` for types without precision.
    var precisionClass: GLSLType? {
        switch self {
        case .scalar(.float), .vector(.float, _), .matrix: .float
        case .scalar(.int), .vector(.int, _), .scalar(.uint), .vector(.uint, _): .int
        case .sampler2D: .sampler2D
        case .samplerCube: .samplerCube
        case .otherSampler: self
        case .array(let e, _): e.precisionClass
        default: nil
        }
    }

    /// The same shape with another component kind (`vec3` → `ivec3`); scalars and vectors only.
    func withKind(_ kind: ScalarKind) -> GLSLType {
        switch self {
        case .scalar: .scalar(kind)
        case .vector(_, let n): .vector(kind, n)
        default: self
        }
    }
}
