import Foundation
import Framebuffers
import ShaderCompiler
import ShaderExecution
import ShaderSemantics
import ShaderTesting
import Testing

/// GLSL ES 3.00's `determinant`, `inverse`, `modf` and packing functions on every evaluator —
/// the closure engine, the native engine, the reference interpreter and the constant folder:
/// against llvmpipe's own bits (the fixture `Expectations/llvmpipe-es3-builtins.txt`, rendered by
/// `scripts/measure-es3-builtins --fixture`), and against values computed independently here
/// (double-precision algebra, `M * inverse(M) == I`, bit formulas for the packed words).
@Suite struct ES300BuiltinFormulaTests {
    /// One fixture row: argument words and llvmpipe's result word.
    struct Row { var arguments: [UInt32]; var result: UInt32 }

    /// One fixture expression with its rows.
    struct Expression: CustomStringConvertible, Sendable {
        var name: String
        var rows: [[UInt32]]
        var description: String { name }
    }

    static let fixture: [Expression] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Expectations/llvmpipe-es3-builtins.txt")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        var order: [String] = [], rows: [String: [[UInt32]]] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: " ")
            let name = String(fields[0])
            if rows[name] == nil { order.append(name) }
            rows[name, default: []].append(fields.dropFirst().map { UInt32($0, radix: 16)! })
        }
        return order.map { Expression(name: $0, rows: rows[$0]!) }
    }()

    /// The GLSL that computes `name`'s result word `r` from argument words `w0`, `w1`, ….
    static func glsl(_ name: String, arity: Int) -> (statements: String, result: String) {
        let floats = (0..<arity).map { "uintBitsToFloat(w\($0))" }.joined(separator: ", ")
        if name.hasPrefix("determinant") {
            return ("", "floatBitsToUint(determinant(mat\(name.last!)(\(floats))))")
        }
        if name.hasPrefix("inverse") {
            // inverseN[c][r]
            let n = name.dropFirst("inverse".count).prefix(1)
            let index = name.drop { $0 != "[" }
            return ("", "floatBitsToUint(inverse(mat\(n)(\(floats)))\(index))")
        }
        switch name {
        case "modf.fraction": return ("float w; float f = modf(uintBitsToFloat(w0), w);", "floatBitsToUint(f)")
        case "modf.whole": return ("float w; float f = modf(uintBitsToFloat(w0), w);", "floatBitsToUint(w)")
        case "packSnorm2x16", "packUnorm2x16", "packHalf2x16": return ("", "\(name)(vec2(\(floats)))")
        default:
            // unpackX.c
            let parts = name.split(separator: ".")
            return ("", "floatBitsToUint(\(parts[0])(w0).\(parts[1]))")
        }
    }

    /// A shader whose pixel x computes row x of `e` (the arguments chosen per lane by `?:` on
    /// an index from `gl_FragCoord`, so nothing folds and every operation runs on lanes); the
    /// result word goes to the red channel of a float framebuffer.
    static func shader(_ e: Expression) -> String {
        let arity = e.rows[0].count - 1
        var lines = [
            "#version 300 es", "precision highp float;", "precision highp int;", "out vec4 color;", "void main() {",
            "    int i = int(gl_FragCoord.x);",
        ]
        for j in 0..<arity {
            lines.append("    uint w\(j) = 0u;")
            for (k, row) in e.rows.enumerated() {
                lines.append("    w\(j) = i == \(k) ? 0x\(String(row[j], radix: 16))u : w\(j);")
            }
        }
        let (statements, result) = glsl(e.name, arity: arity)
        lines += ["    \(statements)", "    uint r = \(result);", "    color = vec4(uintBitsToFloat(r), 0.0, 0.0, 1.0);", "}"]
        return lines.joined(separator: "\n") + "\n"
    }

    static func words(_ image: Texture, count: Int) -> [UInt32] {
        (0..<count).map { image.pixel(x: $0, y: 0).x.bitPattern }
    }

    @Test func theFixtureIsThere() {
        #expect(Self.fixture.count == 43, "expressions in llvmpipe-es3-builtins.txt: \(Self.fixture.count)")
    }

    /// Both engines and the interpreter give llvmpipe's bits for every fixture row, and the
    /// program runs natively (no operation falls back to closures).
    @Test(arguments: fixture)
    func everyEvaluatorGivesLlvmpipesBits(_ e: Expression) throws {
        let source = Self.shader(e)
        let checked = try compileFrontEnd(source: source, name: "\(e.name).frag", stage: .fragment)
        let program = try Compiler.compile(checked)
        if NativeEngine.shared.compilerPath != nil {
            #expect(NativeEngine.shared.runsNatively(program),
                    "\(e.name) runs on closures: \(NativeEngine.shared.reasonForClosures(program) ?? "?")")
        }
        let width = e.rows.count
        for engine in [ShadingEngine.closures, .native] {
            var schedule = Schedule.singleThreaded
            schedule.engine = engine
            let target = Framebuffer(width: width, height: 1, format: .float32)
            try Executor(schedule: schedule).render(DrawCall(fragment: program), into: target)
            let got = Self.words(target.makeTexture(), count: width)
            for (k, row) in e.rows.enumerated() {
                #expect(got[k] == row.last!, "\(e.name) \(engine) row \(k) \(row.dropLast().map { String($0, radix: 16) }): 0x\(String(got[k], radix: 16)) != llvmpipe 0x\(String(row.last!, radix: 16))")
            }
        }
        let reference = try ReferenceRenderer().render(fragment: checked, width: width, height: 1, format: .float32)
        let got = Self.words(reference, count: width)
        for (k, row) in e.rows.enumerated() {
            #expect(got[k] == row.last!, "\(e.name) interpreter row \(k): 0x\(String(got[k], radix: 16)) != llvmpipe 0x\(String(row.last!, radix: 16))")
        }
    }

    /// The constant folder gives llvmpipe's bits (modf is never a constant expression).
    @Test(arguments: fixture.filter { !$0.name.hasPrefix("modf") })
    func theConstantFolderGivesLlvmpipesBits(_ e: Expression) throws {
        for row in e.rows {
            let words = Array(row.dropLast())
            let function: BuiltinFunction, argument: ConstantValue
            let floats = words.map { ScalarValue.float(Float(bitPattern: $0)) }
            var pick: (ConstantValue) -> UInt32 = { $0.components[0].integerBits }
            if e.name.hasPrefix("determinant") || e.name.hasPrefix("inverse") {
                let n = Int(Double(words.count).squareRoot())
                function = e.name.hasPrefix("determinant") ? .determinant : .inverse
                argument = ConstantValue(type: .matrix(n), components: floats)
                if function == .inverse {
                    let c = Int(String(e.name.split(separator: "[")[1].prefix(1)))!
                    let r = Int(String(e.name.split(separator: "[")[2].prefix(1)))!
                    pick = { $0.components[c * n + r].floatValue.bitPattern }
                } else {
                    pick = { $0.components[0].floatValue.bitPattern }
                }
            } else if e.name.hasPrefix("pack") {
                function = BuiltinFunction(rawValue: e.name)!
                argument = ConstantValue(type: .vec2, components: floats)
            } else {
                let parts = e.name.split(separator: ".")
                function = BuiltinFunction(rawValue: String(parts[0]))!
                argument = ConstantValue(type: .uint, components: [.uint(words[0])])
                let k = parts[1] == "x" ? 0 : 1
                pick = { $0.components[k].floatValue.bitPattern }
            }
            let overload = try #require(function.overload([argument.type]))
            let folded = try #require(overload.evaluate([argument], nativeIntegers: true), "\(e.name) does not fold")
            #expect(pick(folded) == row.last!, "\(e.name) \(words.map { String($0, radix: 16) }): folded 0x\(String(pick(folded), radix: 16)) != llvmpipe 0x\(String(row.last!, radix: 16))")
        }
    }
}

/// The same built-ins against values computed independently of every evaluator: double-precision
/// linear algebra, `M * inverse(M) == I`, the packed words' bit layout from the specification,
/// `Float16` conversions, and modf's defining identities. Each runs on the closure and native
/// engines and the reference interpreter, on values that vary per pixel.
@Suite struct ES300BuiltinIndependentTests {
    /// The three evaluators' float framebuffers for `source` at `width` × `height`.
    static func renders(
        _ source: String, width: Int, height: Int, uniforms: [String: [Float]] = [:]
    ) throws -> [(String, Texture)] {
        let checked = try compileFrontEnd(source: source, name: "formula.frag", stage: .fragment)
        let program = try Compiler.compile(checked)
        var out: [(String, Texture)] = []
        for engine in [ShadingEngine.closures, .native] {
            var schedule = Schedule.singleThreaded
            schedule.engine = engine
            let target = Framebuffer(width: width, height: height, format: .float32)
            try Executor(schedule: schedule).render(DrawCall(fragment: program, uniforms: uniforms), into: target)
            out.append(("\(engine)", target.makeTexture()))
        }
        out.append(("interpreter", try ReferenceRenderer().render(
            fragment: checked, uniforms: uniforms, width: width, height: height, format: .float32)))
        return out
    }

    /// A matrix per pixel: entries from a fixed formula of the pixel centre, well conditioned.
    static let matrixGLSL = """
        float x = gl_FragCoord.x, y = gl_FragCoord.y;
        float e[16];
        for (int k = 0; k < 16; k++) e[k] = sin(float(k) * 1.7 + x * 0.37) * 2.0 + cos(float(k) * y * 0.11);
        """

    /// The same entries in double precision (within a few ulps of the shader's; the
    /// comparison tolerances below cover that).
    static func entries(x: Double, y: Double) -> [Double] {
        (0..<16).map { k in sin(Double(k) * 1.7 + x * 0.37) * 2.0 + cos(Double(k) * y * 0.11) }
    }

    /// Determinant by the permutation (Leibniz) formula, in double precision.
    static func leibniz(_ m: [[Double]]) -> Double {
        let n = m.count
        func permutations(_ a: [Int]) -> [[Int]] {
            if a.count <= 1 { return [a] }
            return a.indices.flatMap { i -> [[Int]] in
                var rest = a
                let head = rest.remove(at: i)
                return permutations(rest).map { [head] + $0 }
            }
        }
        return permutations(Array(0..<n)).reduce(0) { sum, p in
            var inversions = 0
            for i in 0..<n { for j in (i + 1)..<n where p[i] > p[j] { inversions += 1 } }
            let product = (0..<n).reduce(1.0) { $0 * m[$1][p[$1]] }
            return sum + (inversions % 2 == 0 ? product : -product)
        }
    }

    @Test(arguments: [2, 3, 4])
    func determinantMatchesTheLeibnizFormula(_ n: Int) throws {
        let entries = (0..<(n * n)).map { "e[\($0)]" }.joined(separator: ", ")
        let source = """
            #version 300 es
            precision highp float; precision highp int;
            out vec4 color;
            void main() {
                \(Self.matrixGLSL)
                color = vec4(determinant(mat\(n)(\(entries))), 0.0, 0.0, 1.0);
            }
            """
        for (name, image) in try Self.renders(source, width: 6, height: 4) {
            for py in 0..<4 {
                for px in 0..<6 {
                    let e = Self.entries(x: Double(px) + 0.5, y: Double(py) + 0.5)
                    let columns = (0..<n).map { c in (0..<n).map { r in e[c * n + r] } }
                    let expected = Self.leibniz(columns)
                    let got = Double(image.pixel(x: px, y: py).x)
                    #expect(abs(got - expected) <= 1e-4 * max(1, abs(expected)), "\(name) mat\(n) at (\(px), \(py)): \(got) vs \(expected)")
                }
            }
        }
    }

    /// `M * inverse(M)` is the identity, and `inverse(M)` matches Gauss-Jordan elimination in
    /// double precision.
    @Test(arguments: [2, 3, 4])
    func inverseTimesTheMatrixIsTheIdentity(_ n: Int) throws {
        let entries = (0..<(n * n)).map { "e[\($0)]" }.joined(separator: ", ")
        // One column of `expression` (a matrix) as the colour.
        func shader(_ expression: String, column: Int) -> String {
            """
            #version 300 es
            precision highp float; precision highp int;
            out vec4 color;
            void main() {
                \(Self.matrixGLSL)
                mat\(n) m = mat\(n)(\(entries));
                vec4 c = vec4(0.0);
                c.\(["x", "xy", "xyz", "xyzw"][n - 1]) = \(expression)[\(column)];
                color = c;
            }
            """
        }
        for column in 0..<n {
            let source = shader("inverse(m)", column: column)
            let probe = shader("(m * inverse(m))", column: column)
            let inverses = try Self.renders(source, width: 5, height: 3)
            let products = try Self.renders(probe, width: 5, height: 3)
            for ((name, image), (_, product)) in zip(inverses, products) {
                for py in 0..<3 {
                    for px in 0..<5 {
                        let e = Self.entries(x: Double(px) + 0.5, y: Double(py) + 0.5)
                        let expected = Self.gaussJordan((0..<n).map { c in (0..<n).map { r in e[c * n + r] } })
                        let got = image.pixel(x: px, y: py), identity = product.pixel(x: px, y: py)
                        for r in 0..<n {
                            let want = expected[column][r]
                            #expect(abs(Double(got[r]) - want) <= 2e-3 * max(1, abs(want)),
                                    "\(name) inverse(mat\(n))[\(column)][\(r)] at (\(px), \(py)): \(got[r]) vs \(want)")
                            #expect(abs(Double(identity[r]) - (r == column ? 1 : 0)) <= 2e-3,
                                    "\(name) (m * inverse(m))[\(column)][\(r)] at (\(px), \(py)): \(identity[r])")
                        }
                    }
                }
            }
        }
    }

    /// The inverse by Gauss-Jordan elimination with partial pivoting (columns of rows).
    static func gaussJordan(_ columns: [[Double]]) -> [[Double]] {
        let n = columns.count
        // Rows of [A | I].
        var a = (0..<n).map { r in (0..<n).map { c in columns[c][r] } + (0..<n).map { $0 == r ? 1.0 : 0.0 } }
        for k in 0..<n {
            let pivot = (k..<n).max { abs(a[$0][k]) < abs(a[$1][k]) }!
            a.swapAt(k, pivot)
            let p = a[k][k]
            a[k] = a[k].map { $0 / p }
            for r in 0..<n where r != k {
                let f = a[r][k]
                a[r] = zip(a[r], a[k]).map { $0 - f * $1 }
            }
        }
        return (0..<n).map { c in (0..<n).map { r in a[r][n + c] } }
    }

    /// One pixel's words, for a shader writing `uintBitsToFloat` of uints.
    static func word(_ image: Texture, _ x: Int, _ y: Int, _ k: Int = 0) -> UInt32 {
        image.pixel(x: x, y: y)[k].bitPattern
    }

    /// The packs against the specification's formulas (clamping, scaling, the halves' layout
    /// with x in the low 16 bits) on values away from rounding ties, and `Float16`'s rounding.
    @Test func packsAreTheSpecificationsFormulas() throws {
        let source = """
            #version 300 es
            precision highp float; precision highp int;
            out vec4 color;
            void main() {
                float k = floor(gl_FragCoord.x) + 40.0 * floor(gl_FragCoord.y) - 700.0;
                vec2 v = vec2((k * 97.0 + 0.25) / 32767.0, (k * -53.0 + 0.25) / 65535.0 * 1.5);
                color = vec4(uintBitsToFloat(packSnorm2x16(v)), uintBitsToFloat(packUnorm2x16(v)),
                             uintBitsToFloat(packHalf2x16(v * 4096.0)), 1.0);
            }
            """
        for (name, image) in try Self.renders(source, width: 40, height: 35) {
            var checked = 0
            defer { #expect(checked > 2000, "\(name): only \(checked) packs away from rounding ties") }
            for py in 0..<35 {
                for px in 0..<40 {
                    let k = Float(px) + 40 * Float(py) - 700
                    let x = (k * 97 + 0.25) / 32767, y = (k * -53 + 0.25) / 65535 * 1.5
                    // The scaled value in double precision, rounded half away from zero; nil
                    // within 0.01 of a tie, where fp32 rounding (of c and of the product) decides.
                    func scaled(_ c: Float, _ low: Double, _ scale: Double) -> Int? {
                        let v = Swift.min(Swift.max(Double(c), low), 1) * scale
                        if abs(abs(v - v.rounded(.towardZero)) - 0.5) < 1e-2 { return nil }
                        return Int(v + (v >= 0 ? 0.5 : -0.5))
                    }
                    func snorm(_ c: Float) -> UInt32? { scaled(c, -1, 32767).map { UInt32(UInt16(bitPattern: Int16($0))) } }
                    func unorm(_ c: Float) -> UInt32? { scaled(c, 0, 65535).map { UInt32($0) } }
                    if let a = snorm(x), let b = snorm(y) {
                        checked += 1
                        #expect(Self.word(image, px, py, 0) == a | b << 16, "\(name) packSnorm2x16(\(x), \(y))")
                    }
                    if let a = unorm(x), let b = unorm(y) {
                        checked += 1
                        #expect(Self.word(image, px, py, 1) == a | b << 16, "\(name) packUnorm2x16(\(x), \(y))")
                    }
                    #if !(os(macOS) && arch(x86_64))
                    let h = UInt32(Float16(x * 4096).bitPattern) | UInt32(Float16(y * 4096).bitPattern) << 16
                    #expect(Self.word(image, px, py, 2) == h, "\(name) packHalf2x16(\(x * 4096), \(y * 4096))")
                    #endif
                }
            }
        }
    }

    /// The unpacks on every 16-bit pattern (both halves), against sign extension and division
    /// in double precision and `Float16`; unpacking then packing a half gives it back.
    @Test func unpacksAreTheSpecificationsFormulas() throws {
        let source = """
            #version 300 es
            precision highp float; precision highp int;
            out vec4 color;
            void main() {
                uint low = uint(gl_FragCoord.x) + 256u * uint(gl_FragCoord.y);
                uint p = low | ((low ^ 0xA5C3u) << 16);
                vec2 h = unpackHalf2x16(p);
                color = vec4(unpackSnorm2x16(p).y, unpackUnorm2x16(p).x, h.x,
                             uintBitsToFloat(packHalf2x16(h) ^ p));
            }
            """
        for (name, image) in try Self.renders(source, width: 256, height: 256) {
            for py in 0..<256 {
                for px in 0..<256 {
                    let low = UInt32(px + 256 * py), high = low ^ 0xA5C3
                    let p = image.pixel(x: px, y: py)
                    let s = Double(Int16(bitPattern: UInt16(high)))
                    let snorm = Float(Swift.max(s / 32767, -1))
                    #expect(p.x == snorm, "\(name) unpackSnorm2x16 of 0x\(String(high, radix: 16)): \(p.x) vs \(snorm)")
                    #expect(p.y == Float(Double(low) / 65535), "\(name) unpackUnorm2x16 of 0x\(String(low, radix: 16))")
                    let isNaN = low & 0x7C00 == 0x7C00 && low & 0x3FF != 0
                    #if !(os(macOS) && arch(x86_64))
                    if !isNaN {
                        let expected = Float(Float16(bitPattern: UInt16(low)))
                        #expect(p.z.bitPattern == expected.bitPattern, "\(name) unpackHalf2x16 of 0x\(String(low, radix: 16)): \(p.z)")
                    }
                    #endif
                    if isNaN {
                        // llvmpipe: a NaN with every mantissa bit set and the half's sign.
                        #expect(p.z.bitPattern == (low & 0x8000 != 0 ? 0xFFFF_FFFF : 0x7FFF_FFFF), "\(name) NaN half 0x\(String(low, radix: 16))")
                    } else if (high & 0x7C00 != 0x7C00) || (high & 0x3FF == 0) {
                        #expect(p.w.bitPattern == 0, "\(name) packHalf2x16(unpackHalf2x16(0x\(String(low | high << 16, radix: 16))))")
                    }
                }
            }
        }
    }

    /// `modf(x, i)`: i is whole, i + f == x, f has x's sign and |f| < 1; negative values split
    /// toward zero (-2.75 is -2 and -0.75); llvmpipe's modf(±Inf) is (±Inf, NaN).
    @Test func modfSplitsTowardZero() throws {
        let source = """
            #version 300 es
            precision highp float; precision highp int;
            out vec4 color;
            uniform float inf;
            void main() {
                float x = (gl_FragCoord.x - 20.0) * 1.375 + gl_FragCoord.y * 0.0625;
                if (gl_FragCoord.y > 3.0) x = gl_FragCoord.x < 20.0 ? -inf : inf;
                vec2 i;
                vec2 f = modf(vec2(x, -x * 3.0), i);
                color = vec4(f, i);
            }
            """
        let images = try Self.renders(source, width: 40, height: 4, uniforms: ["inf": [.infinity]])
        for (name, image) in images {
            for py in 0..<4 {
                for px in 0..<40 {
                    let p = image.pixel(x: px, y: py)
                    var x = (Float(px) + 0.5 - 20) * 1.375 + (Float(py) + 0.5) * 0.0625
                    if py == 3 { x = px < 20 ? -.infinity : .infinity }
                    for (value, f, i) in [(x, p.x, p.z), (-x * 3, p.y, p.w)] {
                        if value.isInfinite {
                            #expect(i == value && f.isNaN, "\(name) modf(\(value)) = (\(f), \(i))")
                            continue
                        }
                        #expect(i == i.rounded(.towardZero) && i + f == value && abs(f) < 1, "\(name) modf(\(value)) = (\(f), \(i))")
                        #expect(f == 0 || (f < 0) == (value < 0), "\(name) modf(\(value)): fraction \(f) has the wrong sign")
                        #expect(abs(i) <= abs(value), "\(name) modf(\(value)): whole part \(i) is not toward zero")
                    }
                }
            }
        }
    }
}

extension ES300BuiltinIndependentTests {
    /// `modf(v, v)`: the fraction is of v as it was before the call writes v's whole part,
    /// and a dynamically indexed out argument writes only its element.
    @Test func modfReadsItsArgumentBeforeWritingTheWholePart() throws {
        let source = """
            #version 300 es
            precision highp float; precision highp int;
            out vec4 color;
            void main() {
                vec2 v = vec2(gl_FragCoord.x * 1.25, -gl_FragCoord.y * 2.5);
                vec2 f = modf(v, v);
                vec4 w = vec4(9.0);
                int k = int(gl_FragCoord.x) & 3;
                float g = modf(-gl_FragCoord.x * 0.75, w[k]);
                color = vec4(f.x + v.x * 10.0, f.y + v.y * 10.0, g, w[k] + (w[0] + w[1] + w[2] + w[3] - w[k]) * 100.0);
            }
            """
        for (name, image) in try Self.renders(source, width: 8, height: 3) {
            for py in 0..<3 {
                for px in 0..<8 {
                    let x = (Float(px) + 0.5) * 1.25, y = -(Float(py) + 0.5) * 2.5
                    let z = -(Float(px) + 0.5) * 0.75
                    let p = image.pixel(x: px, y: py)
                    #expect(p.x == (x - x.rounded(.towardZero)) + x.rounded(.towardZero) * 10, "\(name) modf(v, v).x at \(px)")
                    #expect(p.y == (y - y.rounded(.towardZero)) + y.rounded(.towardZero) * 10, "\(name) modf(v, v).y at \(px)")
                    #expect(p.z == z - z.rounded(.towardZero), "\(name) modf fraction at \(px)")
                    #expect(p.w == z.rounded(.towardZero) + 9 * 3 * 100, "\(name) modf into w[\(px & 3)] at \(px)")
                }
            }
        }
    }
}
