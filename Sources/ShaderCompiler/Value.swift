import ShaderSemantics

/// Where each scalar component of a compiled expression lives. Values are compile-time
/// descriptions: swizzles, constructors and matrix columns rearrange components without
/// emitting any work.
public struct Value: Hashable, Sendable, CustomStringConvertible {
    /// One scalar component.
    public enum Component: Hashable, Sendable {
        /// A per-lane slab in the register file (slot index).
        case lane(Int)
        /// A per-draw scalar in the uniform file (uniform, or computed once per draw).
        case uniform(Int)
        /// A compile-time constant.
        case constant(Float)

        /// True for `.lane`.
        public var isLane: Bool {
            if case .lane = self { return true }
            return false
        }

        /// True for `.constant`.
        public var isConstant: Bool {
            if case .constant = self { return true }
            return false
        }
    }

    /// The components in order (a matrix is column-major: column 0 first).
    public var components: [Component]

    /// Creates a value from components.
    public init(_ components: [Component]) {
        self.components = components
    }

    /// A constant vector (or scalar, or column-major matrix).
    public static func constant(_ values: Float...) -> Value {
        Value(values.map { .constant($0) })
    }

    /// A constant from an array of floats.
    public static func constant(_ values: [Float]) -> Value {
        Value(values.map { .constant($0) })
    }

    /// Number of scalar components.
    public var width: Int { components.count }

    /// The single component `index` as a scalar value.
    public subscript(_ index: Int) -> Value {
        Value([components[index]])
    }

    /// A swizzle: components picked by index (`.zyx` is `[2, 1, 0]`).
    public func swizzled(_ indices: [Int]) -> Value {
        Value(indices.map { components[$0] })
    }

    /// Column `index` of a square matrix with `rows` rows.
    public func column(_ index: Int, rows: Int) -> Value {
        Value(Array(components[(index * rows)..<((index + 1) * rows)]))
    }

    /// A constructor: the components of `parts` in order (`vec4(v.xyz, 1.0)`).
    public static func concatenating(_ parts: [Value]) -> Value {
        Value(parts.flatMap(\.components))
    }

    /// This value repeated to `width` components when it is a scalar (`vec3(x)`).
    public func splat(_ width: Int) -> Value {
        self.width == 1 && width > 1 ? Value(Array(repeating: components[0], count: width)) : self
    }

    /// True when no component is per-lane: the value is the same for every fragment of a draw.
    public var isUniform: Bool { !components.contains { $0.isLane } }

    /// The constant floats, when every component is a compile-time constant.
    public var constantValues: [Float]? {
        var out: [Float] = []
        for c in components {
            guard case .constant(let f) = c else { return nil }
            out.append(f)
        }
        return out
    }

    public var description: String {
        "(" + components.map { c -> String in
            switch c {
            case .lane(let s): "r\(s)"
            case .uniform(let s): "u\(s)"
            case .constant(let f): "\(f)"
            }
        }.joined(separator: ", ") + ")"
    }
}

/// An array (or struct flattened to components) stored in consecutive slots so that it can be
/// indexed per lane: element `k`, component `c` is slot `base + k * elementWidth + c`.
public struct RegisterArray: Hashable, Sendable {
    /// First slot.
    public let base: Int
    /// Scalar components per element.
    public let elementWidth: Int
    /// Number of elements.
    public let count: Int
    /// True when the array lives in the uniform file (a uniform array), false for lane slots.
    public let isUniform: Bool
    /// What an index out of range does: arrays, matrices and vectors differ (see
    /// `OutOfRangeIndex`, `ProgramBuilder.load` and `store`).
    public var outOfRange = OutOfRangeIndex.vector

    /// Element `index` (a compile-time index) as a value.
    public func element(_ index: Int) -> Value {
        precondition(index >= 0 && index < count, "array index \(index) out of 0..<\(count)")
        let first = base + index * elementWidth
        return Value((first..<(first + elementWidth)).map { isUniform ? .uniform($0) : .lane($0) })
    }

    /// Every component of every element, in order.
    public var allComponents: Value {
        Value((base..<(base + count * elementWidth)).map { isUniform ? .uniform($0) : .lane($0) })
    }
}

/// What a sampler uniform samples.
public enum SamplerKind: String, Sendable, Hashable {
    /// `sampler2D`: one texture.
    case texture2D
    /// `samplerCube`: six faces.
    case cube
    /// `sampler3D`: one view whose rows stack the slices (`TextureView.layerCount`).
    case texture3D
    /// `sampler2DArray`: one view whose rows stack the layers.
    case texture2DArray

    /// Texture views the sampler occupies in `KernelContext.textures`.
    public var viewCount: Int { self == .cube ? 6 : 1 }
}

/// A declared sampler uniform.
public struct Sampler: Hashable, Sendable {
    /// The sampler's name in the shader (`inputImageTexture`).
    public let name: String
    /// 2D, cube, 3D or 2D array.
    public let kind: SamplerKind
    /// Index of its first view in `KernelContext.textures`.
    public let viewIndex: Int
    /// What its lookups return: `.float` (`sampler*`), `.int` (`isampler*`) or `.uint`
    /// (`usampler*`), the integers as their bits.
    public var texelKind: ScalarKind = .float
}

/// A declared uniform: `width` floats at `base` in the uniform file.
public struct UniformDeclaration: Hashable, Sendable {
    /// The uniform's name.
    public let name: String
    /// First uniform-file slot.
    public let base: Int
    /// Total scalar components (vector size × array length; matrices column-major).
    public let width: Int
    /// How values are converted when set: `int` truncates, `bool` becomes 0 or 1.
    public let kind: ScalarKind
    /// Per component, when they differ (a structure's members in GLSL ES 3.00 and desktop
    /// 1.30+); nil when every component is `kind`.
    public var componentKinds: [ScalarKind]? = nil
    /// `true` when an int or uint is held as its 32 bits (GLSL ES 3.00, desktop 1.30+).
    public var holdsIntegerBits: Bool = false
}

/// A per-fragment input (varying or attribute): the executor writes its lane slots.
public struct InputDeclaration: Hashable, Sendable {
    /// The input's name.
    public let name: String
    /// One lane slot per component.
    public let slots: [Int]
    /// `true` for a `flat` input: every fragment gets the provoking vertex's bits.
    public var isFlat: Bool = false
}

/// A program output (`gl_FragColor`, `gl_Position`, a varying written by a vertex program).
public struct OutputDeclaration: Hashable, Sendable {
    /// The output's name.
    public let name: String
    /// Where the components are after the program ran.
    public let value: Value
    /// For a colour output of a fragment program, the draw buffer of its first element
    /// (`layout(location = N)`; 0 for `gl_FragColor`); `nil` for other outputs.
    public var location: Int? = nil
    /// For a colour output, how many elements it has (an `out vec4 c[2]` takes locations
    /// `location` and `location + 1`); 1 otherwise.
    public var elementCount: Int = 1
}

/// One colour output of a fragment program: what the draw buffer at `location` receives.
public struct ColorOutput: Hashable, Sendable {
    /// The draw buffer (`layout(location = N)`; 0 for `gl_FragColor` and `gl_FragData[0]`).
    public let location: Int
    /// The GLSL name: `color`, `c[1]` for an element of an output array, `gl_FragColor`.
    public let name: String
    /// The components (1 to 4; a draw buffer's missing components are written as 0).
    public let value: Value
}
