import Framebuffers

/// A typed wrapper of one built-in filter: a struct whose properties are the filter's
/// parameters (generated from the shader headers at build time, e.g. `GaussianBlur(sigma:)`).
public protocol BuiltInFilter: Sendable {
    /// The filter's catalog name (`gaussianBlur`).
    static var filterName: String { get }
    /// Creates the filter with every parameter at its header default.
    init()
    /// Every parameter's uniform components, by name (matrices column-major).
    var parameterValues: [String: [Float]] { get }
}

extension BuiltInFilter {
    /// The filter's description from the catalog.
    public static var filterDescription: FilterDescription {
        guard let description = FilterCatalog.filter(named: filterName) else {
            fatalError("internal error: generated wrapper for '\(filterName)' has no catalog entry")
        }
        return description
    }

    /// Renders the filter with these parameter values.
    ///
    /// - Parameters:
    ///   - inputs: one texture per filter input, in texture-location order.
    ///   - outputSize: the size for an `output: given` filter (a generator, a resize);
    ///     `nil` takes its default.
    ///   - renderer: the renderer to draw with.
    /// - Returns: the RGBA8 result.
    /// - Throws: `FilterError`.
    public func apply(
        to inputs: [Texture], outputSize: PixelSize? = nil, renderer: FilterRenderer = FilterRenderer()
    ) throws(FilterError) -> Texture {
        try renderer.render(Self.filterDescription, parameters: parameterValues, inputs: inputs, outputSize: outputSize)
    }
}

/// A 3×3 matrix parameter (a `mat3` uniform), stored column-major as GL takes it.
public struct Matrix3x3: Sendable, Hashable {
    /// The nine components, first column first.
    public var columnMajor: [Float]

    /// Creates a matrix from nine column-major components.
    ///
    /// - Precondition: `columnMajor.count == 9`.
    public init(columnMajor: [Float]) {
        precondition(columnMajor.count == 9, "a 3x3 matrix has 9 components")
        self.columnMajor = columnMajor
    }

    /// The identity.
    public static let identity = Matrix3x3(columnMajor: [1, 0, 0, 0, 1, 0, 0, 0, 1])
}

/// A 4×4 matrix parameter (a `mat4` uniform), stored column-major as GL takes it.
public struct Matrix4x4: Sendable, Hashable {
    /// The sixteen components, first column first.
    public var columnMajor: [Float]

    /// Creates a matrix from sixteen column-major components.
    ///
    /// - Precondition: `columnMajor.count == 16`.
    public init(columnMajor: [Float]) {
        precondition(columnMajor.count == 16, "a 4x4 matrix has 16 components")
        self.columnMajor = columnMajor
    }

    /// The identity.
    public static let identity = Matrix4x4(columnMajor: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
}

extension SIMD where Scalar == Float {
    /// The components in order, as a uniform takes them.
    var components: [Float] { (0..<scalarCount).map { self[$0] } }
}
