import ShaderCompiler
import ShaderSemantics

/// The uniform values of one draw of a vertex + fragment program pair, set by name or by a GLSL
/// path into a structure or an array (`s.a`, `arr[2]`, `arr[1].b`, `m[1]`).
///
/// Paths are resolved with the checked shaders' types and the compiler's layout: structure
/// fields in order, array elements in order, matrices column-major.
struct UniformValues {
    /// Values by uniform name, full width, ready for `DrawCall.uniforms`.
    private(set) var values: [String: [Float]] = [:]
    /// The same uniforms' values exactly, for `DrawCall.integerUniforms` (floats cannot hold
    /// ints beyond ±2^24); only their int, uint and bool components are read.
    private(set) var integers: [String: [Int64]] = [:]
    private var types: [String: GLSLType] = [:]
    private var initial: [String: [Float]] = [:]

    /// Collects the uniforms `shaders` declare (samplers excluded) and their initial values
    /// (GLSL 1.20 initializers) from `programs`.
    init(shaders: [CheckedShader], programs: [Program]) {
        for shader in shaders {
            for u in shader.uniforms where !u.elementType.isSampler && types[u.name] == nil {
                types[u.name] = u.variable.type
            }
        }
        for program in programs {
            for u in program.uniforms where initial[u.name] == nil {
                initial[u.name] = Array(program.initialUniformFile[u.base..<(u.base + u.width)])
            }
        }
        // GLSL 1.20 uniform initializers: the linker sets them before the first draw (the
        // compiler does not put them in the program's uniform file).
        for shader in shaders {
            for case .declarations(let declarations) in shader.globals {
                for d in declarations where d.variable.storage == .uniform {
                    guard let value = d.initializer?.constantValue, let start = initial[d.variable.name],
                        values[d.variable.name] == nil, value.components.count == start.count
                    else { continue }
                    values[d.variable.name] = value.components.map(\.floatValue)
                }
            }
        }
    }

    /// `true` when some shader declares a (non-sampler) uniform `name`.
    func declares(_ name: String) -> Bool { types[name] != nil }

    /// Sets the uniform or part of a uniform at `path` to `components`.
    ///
    /// - Throws: a lowercase message when the path names nothing or the count is wrong.
    mutating func set(_ path: String, _ components: [Float]) throws(UniformPathError) {
        try set(path, exactly: components.map(Double.init))
    }

    /// Sets the uniform or part of a uniform at `path` to `components`, integers exactly.
    mutating func set(_ path: String, exactly exact: [Double]) throws(UniformPathError) {
        let components = exact.map { Float($0) }
        var rest = Substring(path)
        let nameEnd = rest.firstIndex(where: { $0 == "." || $0 == "[" }) ?? rest.endIndex
        let name = String(rest[..<nameEnd])
        rest = rest[nameEnd...]
        guard var type = types[name] else {
            throw UniformPathError(message: "no uniform '\(name)' is declared")
        }
        // Unused uniforms are not in the program; setting them is harmless, as in GL.
        guard let start = values[name] ?? initial[name] else { return }
        var offset = 0
        while let first = rest.first {
            rest = rest.dropFirst()
            if first == "." {
                let end = rest.firstIndex(where: { $0 == "." || $0 == "[" }) ?? rest.endIndex
                let field = String(rest[..<end])
                rest = rest[end...]
                guard case .structure(let s) = type, let index = s.fields.firstIndex(where: { $0.name == field }) else {
                    throw UniformPathError(message: "'\(path)': '\(type)' has no field '\(field)'")
                }
                offset += s.fields[..<index].reduce(0) { $0 + $1.type.componentCount }
                type = s.fields[index].type
            } else if first == "[" {
                guard let close = rest.firstIndex(of: "]"), let index = Int(rest[..<close].trimmingSpaces()) else {
                    throw UniformPathError(message: "'\(path)': expected a constant index")
                }
                rest = rest[rest.index(after: close)...]
                let element: GLSLType
                let count: Int
                switch type {
                case .array(let e, let n): (element, count) = (e, n)
                case .matrix(let c, let r): (element, count) = (.vector(.float, r), c)
                case .vector(let k, let n): (element, count) = (.scalar(k), n)
                default: throw UniformPathError(message: "'\(path)': '\(type)' cannot be indexed")
                }
                guard index >= 0, index < count else {
                    throw UniformPathError(message: "'\(path)': index \(index) is out of range")
                }
                offset += index * element.componentCount
                type = element
            } else {
                throw UniformPathError(message: "'\(path)' is not a uniform path")
            }
        }
        // Fewer values set the first components (piglit reads as many as the line gives).
        guard components.count <= type.componentCount, !components.isEmpty else {
            throw UniformPathError(message: "'\(path)' of type '\(type)' takes \(type.componentCount) values, got \(components.count)")
        }
        var all = start
        guard offset + components.count <= all.count else { return }
        all.replaceSubrange(offset..<(offset + components.count), with: components)
        values[name] = all
        if type.scalarKind == .int || type.scalarKind == .uint {
            // Out-of-range values (not an int or uint) become 0 rather than trap.
            func integer(_ d: Double) -> Int64 { abs(d) < 9.0e18 ? Int64(d.rounded(.towardZero)) : 0 }
            var ints = integers[name] ?? start.map { integer(Double($0)) }
            ints.replaceSubrange(offset..<(offset + exact.count), with: exact.map(integer))
            integers[name] = ints
        }
    }
}

/// A uniform path that names nothing, or a value of the wrong size.
struct UniformPathError: Error {
    var message: String
}

extension Substring {
    fileprivate func trimmingSpaces() -> Substring {
        var s = self
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return s
    }
}
