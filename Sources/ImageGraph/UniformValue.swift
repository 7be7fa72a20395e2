/// The scalar kind a uniform value carries, to check it against the shader's declaration.
public enum UniformScalarKind: String, Sendable, Hashable {
    /// `float`, `vec2`…`vec4`, `mat2`…`mat4`.
    case float
    /// `int`, `ivec2`…`ivec4`.
    case int
    /// `bool`, `bvec2`…`bvec4`.
    case bool
}

/// A Swift value that can set a shader uniform: `Float`, `SIMD2/3/4<Float>`, `Color`,
/// `Matrix3x3`, `Matrix4x4`, `Int`, `Bool`, and arrays of them.
///
/// `BasicOperation.setUniform(_:forName:)` checks the value's kind and number of components
/// against the uniform the shader declares.
public protocol UniformValue {
    /// The kind of scalars this value holds.
    var uniformScalarKind: UniformScalarKind { get }
    /// A GLSL-like name for errors: `float`, `vec3`, `mat4`, `int[4]`.
    var uniformTypeName: String { get }
    /// The components for a uniform of `declaredWidth` components: matrices column-major,
    /// arrays element after element. Most types ignore `declaredWidth`; `Color` gives RGB to
    /// a `vec3` and RGBA to a `vec4`.
    func uniformComponents(forDeclaredWidth declaredWidth: Int) -> [Float]
}

extension Float: UniformValue {
    public var uniformScalarKind: UniformScalarKind { .float }
    public var uniformTypeName: String { "float" }
    public func uniformComponents(forDeclaredWidth declaredWidth: Int) -> [Float] { [self] }
}

/// `Double` converts to `Float`, so literals such as `0.5` work where `any UniformValue` is
/// expected.
extension Double: UniformValue {
    public var uniformScalarKind: UniformScalarKind { .float }
    public var uniformTypeName: String { "float" }
    public func uniformComponents(forDeclaredWidth declaredWidth: Int) -> [Float] { [Float(self)] }
}

/// An `Int` sets an `int` uniform, or a `float` one (converted).
extension Int: UniformValue {
    public var uniformScalarKind: UniformScalarKind { .int }
    public var uniformTypeName: String { "int" }
    public func uniformComponents(forDeclaredWidth declaredWidth: Int) -> [Float] { [Float(self)] }
}

extension Bool: UniformValue {
    public var uniformScalarKind: UniformScalarKind { .bool }
    public var uniformTypeName: String { "bool" }
    public func uniformComponents(forDeclaredWidth declaredWidth: Int) -> [Float] { [self ? 1 : 0] }
}

extension SIMD2: UniformValue where Scalar == Float {
    public var uniformScalarKind: UniformScalarKind { .float }
    public var uniformTypeName: String { "vec2" }
    public func uniformComponents(forDeclaredWidth declaredWidth: Int) -> [Float] { [x, y] }
}

extension SIMD3: UniformValue where Scalar == Float {
    public var uniformScalarKind: UniformScalarKind { .float }
    public var uniformTypeName: String { "vec3" }
    public func uniformComponents(forDeclaredWidth declaredWidth: Int) -> [Float] { [x, y, z] }
}

extension SIMD4: UniformValue where Scalar == Float {
    public var uniformScalarKind: UniformScalarKind { .float }
    public var uniformTypeName: String { "vec4" }
    public func uniformComponents(forDeclaredWidth declaredWidth: Int) -> [Float] { [x, y, z, w] }
}

/// An array sets an array uniform, element after element.
extension Array: UniformValue where Element: UniformValue {
    public var uniformScalarKind: UniformScalarKind { first?.uniformScalarKind ?? .float }
    public var uniformTypeName: String { "\(first?.uniformTypeName ?? "float")[\(count)]" }
    public func uniformComponents(forDeclaredWidth declaredWidth: Int) -> [Float] {
        let elementWidth = isEmpty || declaredWidth % count != 0 ? 0 : declaredWidth / count
        return flatMap { $0.uniformComponents(forDeclaredWidth: elementWidth) }
    }
}

/// A straight-alpha RGBA colour with components in 0...1.
public struct Color: Hashable, Sendable, UniformValue {
    /// Red, 0...1.
    public var red: Float
    /// Green, 0...1.
    public var green: Float
    /// Blue, 0...1.
    public var blue: Float
    /// Alpha (opacity), 0...1.
    public var alpha: Float

    /// Creates a colour.
    public init(red: Float, green: Float, blue: Float, alpha: Float = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = Color(red: 1, green: 1, blue: 1)
    /// Transparent black.
    public static let transparent = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// Opaque red.
    public static let red = Color(red: 1, green: 0, blue: 0)
    /// Opaque green.
    public static let green = Color(red: 0, green: 1, blue: 0)
    /// Opaque blue.
    public static let blue = Color(red: 0, green: 0, blue: 1)

    /// The components as a vector (r, g, b, a).
    public var rgba: SIMD4<Float> { SIMD4(red, green, blue, alpha) }

    public var uniformScalarKind: UniformScalarKind { .float }
    public var uniformTypeName: String { "color" }
    /// RGB for a `vec3` uniform, RGBA otherwise.
    public func uniformComponents(forDeclaredWidth declaredWidth: Int) -> [Float] {
        declaredWidth == 3 ? [red, green, blue] : [red, green, blue, alpha]
    }
}

/// A 3×3 matrix for a `mat3` uniform, stored column by column as GLSL does.
public struct Matrix3x3: Hashable, Sendable, UniformValue {
    /// The columns.
    public var columns: (SIMD3<Float>, SIMD3<Float>, SIMD3<Float>)

    /// Creates a matrix from its columns.
    public init(columns c0: SIMD3<Float>, _ c1: SIMD3<Float>, _ c2: SIMD3<Float>) {
        columns = (c0, c1, c2)
    }

    /// Creates a matrix from its rows, as it is written on paper.
    public init(rows r0: SIMD3<Float>, _ r1: SIMD3<Float>, _ r2: SIMD3<Float>) {
        columns = (SIMD3(r0.x, r1.x, r2.x), SIMD3(r0.y, r1.y, r2.y), SIMD3(r0.z, r1.z, r2.z))
    }

    /// The identity.
    public static let identity = Matrix3x3(columns: SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1))

    public static func == (a: Matrix3x3, b: Matrix3x3) -> Bool {
        a.columns.0 == b.columns.0 && a.columns.1 == b.columns.1 && a.columns.2 == b.columns.2
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(columns.0)
        hasher.combine(columns.1)
        hasher.combine(columns.2)
    }

    public var uniformScalarKind: UniformScalarKind { .float }
    public var uniformTypeName: String { "mat3" }
    public func uniformComponents(forDeclaredWidth declaredWidth: Int) -> [Float] {
        let (a, b, c) = columns
        return [a.x, a.y, a.z, b.x, b.y, b.z, c.x, c.y, c.z]
    }
}

/// A 4×4 matrix for a `mat4` uniform, stored column by column as GLSL does.
public struct Matrix4x4: Hashable, Sendable, UniformValue {
    /// The columns.
    public var columns: (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>)

    /// Creates a matrix from its columns.
    public init(columns c0: SIMD4<Float>, _ c1: SIMD4<Float>, _ c2: SIMD4<Float>, _ c3: SIMD4<Float>) {
        columns = (c0, c1, c2, c3)
    }

    /// Creates a matrix from its rows, as it is written on paper.
    public init(rows r0: SIMD4<Float>, _ r1: SIMD4<Float>, _ r2: SIMD4<Float>, _ r3: SIMD4<Float>) {
        columns = (
            SIMD4(r0.x, r1.x, r2.x, r3.x), SIMD4(r0.y, r1.y, r2.y, r3.y),
            SIMD4(r0.z, r1.z, r2.z, r3.z), SIMD4(r0.w, r1.w, r2.w, r3.w)
        )
    }

    /// The identity.
    public static let identity = Matrix4x4(
        columns: SIMD4(1, 0, 0, 0), SIMD4(0, 1, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(0, 0, 0, 1))

    public static func == (a: Matrix4x4, b: Matrix4x4) -> Bool {
        a.columns.0 == b.columns.0 && a.columns.1 == b.columns.1
            && a.columns.2 == b.columns.2 && a.columns.3 == b.columns.3
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(columns.0)
        hasher.combine(columns.1)
        hasher.combine(columns.2)
        hasher.combine(columns.3)
    }

    public var uniformScalarKind: UniformScalarKind { .float }
    public var uniformTypeName: String { "mat4" }
    public func uniformComponents(forDeclaredWidth declaredWidth: Int) -> [Float] {
        let (a, b, c, d) = columns
        return [a.x, a.y, a.z, a.w, b.x, b.y, b.z, b.w, c.x, c.y, c.z, c.w, d.x, d.y, d.z, d.w]
    }
}
