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
