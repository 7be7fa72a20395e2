/// One scalar component of a constant.
public enum ScalarValue: Sendable, Hashable, CustomStringConvertible {
    case float(Float)
    case int(Int32)
    case uint(UInt32)
    case bool(Bool)

    /// The kind of this component.
    public var kind: ScalarKind {
        switch self {
        case .float: .float
        case .int: .int
        case .uint: .uint
        case .bool: .bool
        }
    }

    /// The 32 bits of an `int` or `uint` (two's complement), or of a float's value converted
    /// to int; what a native-integer program holds in a register.
    public var integerBits: UInt32 {
        switch self {
        case .int(let i): UInt32(bitPattern: i)
        case .uint(let u): u
        case .float, .bool: UInt32(bitPattern: intValue)
        }
    }

    /// The value as a float, converting as GLSL constructors do (`true` → 1.0).
    public var floatValue: Float {
        switch self {
        case .float(let f): f
        case .int(let i): Float(i)
        case .uint(let u): Float(u)
        case .bool(let b): b ? 1 : 0
        }
    }

    /// The value as an int, converting as GLSL constructors do (floats truncate toward zero).
    /// A float that is NaN or out of range gives INT_MIN, as llvmpipe (x86 `cvttps2dq`).
    public var intValue: Int32 {
        switch self {
        case .float(let f): return ScalarSemantics.convertTruncating(f)
        case .int(let i): return i
        case .uint(let u): return Int32(bitPattern: u)
        case .bool(let b): return b ? 1 : 0
        }
    }

    /// The value as a uint, converting as GLSL ES 3.00 constructors do on llvmpipe (a float
    /// converts as `ScalarSemantics.floatToUInt`).
    public var uintValue: UInt32 {
        switch self {
        case .float(let f): ScalarSemantics.floatToUInt(f)
        case .int(let i): UInt32(bitPattern: i)
        case .uint(let u): u
        case .bool(let b): b ? 1 : 0
        }
    }

    /// The value as a bool, converting as GLSL constructors do (non-zero → `true`).
    public var boolValue: Bool {
        switch self {
        case .float(let f): f != 0
        case .int(let i): i != 0
        case .uint(let u): u != 0
        case .bool(let b): b
        }
    }

    /// The value converted to `kind`. With `nativeIntegers` (GLSL ES 3.00, desktop 1.30+) a
    /// float converts to int as llvmpipe's run time does (`ScalarSemantics.floatToInt`: NaN
    /// gives 0); without, as GLSL ES 1.00's folded constants do (NaN gives INT_MIN).
    public func converted(to kind: ScalarKind, nativeIntegers: Bool = false) -> ScalarValue {
        switch kind {
        case .float: .float(floatValue)
        case .int:
            if nativeIntegers, case .float(let f) = self {
                .int(ScalarSemantics.floatToInt(f))
            } else {
                .int(intValue)
            }
        case .uint: .uint(uintValue)
        case .bool: .bool(boolValue)
        }
    }

    public var description: String {
        switch self {
        case .float(let f):
            let s = "\(f)"
            return s.contains(".") || s.contains("e") || s.contains("n") ? s : s + ".0"
        case .int(let i): return "\(i)"
        case .uint(let u): return "\(u)u"
        case .bool(let b): return b ? "true" : "false"
        }
    }
}

/// The value of a constant expression: its type and its scalar components, flattened in
/// memory order (vectors component by component, matrices column by column, structures member
/// by member, arrays element by element).
public struct ConstantValue: Sendable, Hashable, CustomStringConvertible {
    /// The value's type.
    public let type: GLSLType
    /// The flattened components; `components.count == type.componentCount`.
    public let components: [ScalarValue]

    /// A constant of `type` with the given flattened components.
    public init(type: GLSLType, components: [ScalarValue]) {
        precondition(
            components.count == type.componentCount,
            "internal error: constant of type \(type) needs \(type.componentCount) components"
        )
        self.type = type
        self.components = components
    }

    /// A `float` constant.
    public static func float(_ value: Float) -> ConstantValue {
        ConstantValue(type: .float, components: [.float(value)])
    }

    /// An `int` constant.
    public static func int(_ value: Int32) -> ConstantValue {
        ConstantValue(type: .int, components: [.int(value)])
    }

    /// A `uint` constant.
    public static func uint(_ value: UInt32) -> ConstantValue {
        ConstantValue(type: .uint, components: [.uint(value)])
    }

    /// A `bool` constant.
    public static func bool(_ value: Bool) -> ConstantValue {
        ConstantValue(type: .bool, components: [.bool(value)])
    }

    /// The single component of a scalar constant.
    public var scalar: ScalarValue? { type.isScalar ? components[0] : nil }

    /// The flattened component range of element/column/member `index` of this value.
    func subrange(forIndex index: Int) -> (GLSLType, Range<Int>)? {
        switch type {
        case .array(let element, let n):
            guard index >= 0 && index < n else { return nil }
            let w = element.componentCount
            return (element, index * w..<(index + 1) * w)
        case .matrix(let c, let r):
            guard index >= 0 && index < c else { return nil }
            return (.vector(.float, r), index * r..<(index + 1) * r)
        case .vector(let k, let n):
            guard index >= 0 && index < n else { return nil }
            return (.scalar(k), index..<index + 1)
        case .structure(let s):
            guard index >= 0 && index < s.fields.count else { return nil }
            var start = 0
            for f in s.fields.prefix(index) { start += f.type.componentCount }
            let field = s.fields[index].type
            return (field, start..<start + field.componentCount)
        default:
            return nil
        }
    }

    /// Element/column/component/member `index`, if in range.
    public func element(_ index: Int) -> ConstantValue? {
        guard let (t, r) = subrange(forIndex: index) else { return nil }
        return ConstantValue(type: t, components: Array(components[r]))
    }

    public var description: String {
        if type.isScalar { return components[0].description }
        return "\(type)(" + components.map(\.description).joined(separator: ", ") + ")"
    }
}
