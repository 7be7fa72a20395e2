import Foundation
import Framebuffers
import ShaderCompiler
import ShaderExecution
import Testing

/// Runs `body` per lane over a 64×1 Float32 target where x runs over [-4, 4) in steps of 1/8
/// and y = 1.7 - 0.45 x, and returns channel values per pixel.
func evaluate(
    _ body: (ProgramBuilder, Value, Value) -> Value
) throws -> [(x: Float, y: Float, out: SIMD4<Float>)] {
    let b = ProgramBuilder()
    let t = b.input("textureCoordinate", width: 2)
    // textureCoordinate.x = (i + 0.5) / 64, so x = i / 8 - 4 exactly.
    let x = b.subtract(b.multiply(t[0], .constant(8)), .constant(4.0625))
    let y = b.subtract(.constant(1.7), b.multiply(.constant(0.45), x))
    let v = body(b, x, y).splat(1)
    var color = v.components
    while color.count < 4 { color.append(.constant(0)) }
    b.store(Value(Array(color.prefix(4))), into: b.output("gl_FragColor", width: 4))
    let out = try render(b.finish(), width: 64, height: 1, format: .float32)
    return (0..<64).map { i in
        let x = Float(i) / 8 - 4
        return (x, 1.7 - 0.45 * x, out.pixel(x: i, y: 0))
    }
}

/// Expects a built-in to match a scalar formula for every lane.
func expectFormula(
    _ name: String, tolerance: Float = 0,
    _ body: (ProgramBuilder, Value, Value) -> Value, _ formula: (Float, Float) -> Float,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    for (x, y, out) in try evaluate(body) {
        let e = formula(x, y), a = out.x
        let ok = (e.isNaN && a.isNaN) || e == a || abs(e - a) <= tolerance * max(1, abs(e))
        #expect(ok, "\(name)(x: \(x), y: \(y)): expected \(e), got \(a)", sourceLocation: sourceLocation)
    }
}

@Suite struct BuiltinTests {
    @Test func modIsXMinusYTimesFloor() throws {
        try expectFormula("mod", { b, x, y in b.call(.mod, x, y) }) { x, y in x - y * (x / y).rounded(.down) }
        try expectFormula("mod const", { b, x, _ in b.call(.mod, x, .constant(1.5)) }) { x, _ in x - 1.5 * (x / 1.5).rounded(.down) }
    }

    @Test func atanOfTwoArgumentsCoversAllQuadrants() throws {
        // llvmpipe's polynomial (LlvmpipeMath.atan2) is within 3.4e-6 of atan2.
        try expectFormula("atan", tolerance: 5e-6, { b, x, y in b.call(.atan, y, x) }) { x, y in Float(atan2(Double(y), Double(x))) }
    }

    @Test func smoothstepStepClampFract() throws {
        try expectFormula("smoothstep", tolerance: 1e-6, { b, x, _ in b.call(.smoothstep, .constant(-1), .constant(2.5), x) }) { x, _ in
            let t = min(max((x + 1) / 3.5, 0), 1)
            return t * t * (3 - 2 * t)
        }
        try expectFormula("step", { b, x, y in b.call(.step, y, x) }) { x, y in x < y ? 0 : 1 }
        try expectFormula("clamp", { b, x, _ in b.call(.clamp, x, .constant(-1), .constant(0.5)) }) { x, _ in min(max(x, -1), 0.5) }
        try expectFormula("fract", { b, x, _ in b.call(.fract, x) }) { x, _ in x - x.rounded(.down) }
        try expectFormula("sign", { b, x, _ in b.call(.sign, x) }) { x, _ in x > 0 ? 1 : (x < 0 ? -1 : 0) }
    }

    @Test func integerDivisionTruncates() throws {
        try expectFormula("int div", { b, x, _ in b.binary(.integerDivide, b.unary(.truncate, b.multiply(x, .constant(3))), .constant(2)) }) { x, _ in
            Float(Int(x * 3) / 2)
        }
    }

    @Test func powAndLogEdgeCasesMatchLlvmpipe() throws {
        // Measured with glref.py: pow(0, y) = 0 for every y, pow(negative, y) = NaN,
        // log(0) = -inf, log(negative) = NaN, sqrt(negative) = NaN.
        try expectFormula("pow(0,y)", { b, _, y in b.call(.pow, b.multiply(y, .constant(0)), y) }) { _, _ in 0 }
        // Away from the edge cases, llvmpipe's exp2(log2(x) * y) and log2(x) * ln 2 are within
        // a few ulps of the true values (LlvmpipeMath; bit for bit in LlvmpipeMathTests).
        try expectFormula("pow(x,y)", tolerance: 1e-5, { b, x, y in b.call(.pow, x, y) }) { x, y in x == 0 ? 0 : (x < 0 ? .nan : Float(Foundation.pow(Double(x), Double(y)))) }
        try expectFormula("log", tolerance: 2e-6, { b, x, _ in b.call(.log, x) }) { x, _ in x == 0 ? -.infinity : (x < 0 ? .nan : Float(Foundation.log(Double(x)))) }
        try expectFormula("sqrt", { b, x, _ in b.call(.sqrt, x) }) { x, _ in x < 0 ? .nan : x.squareRoot() }
    }

    @Test func minMaxIgnoreNaNAsLlvmpipe() throws {
        let nan = { (b: ProgramBuilder, x: Value) in b.divide(b.multiply(x, .constant(0)), b.multiply(x, .constant(0))) }
        try expectFormula("min(NaN, y)", { b, x, y in b.call(.min, nan(b, x), y) }) { _, y in y }
        try expectFormula("max(y, NaN)", { b, x, y in b.call(.max, y, nan(b, x)) }) { _, y in y }
        try expectFormula("clamp(NaN)", { b, x, _ in b.call(.clamp, nan(b, x), .constant(0.2), .constant(0.8)) }) { _, _ in 0.2 }
        try expectFormula("step(NaN, x)", { b, x, _ in b.call(.step, nan(b, x), x) }) { _, _ in 0 }
    }

    @Test func geometricFunctions() throws {
        func v3(_ b: ProgramBuilder, _ x: Value, _ y: Value) -> Value { .concatenating([x, y, .constant(0.75)]) }
        try expectFormula("length", tolerance: 1e-6, { b, x, y in b.call(.length, v3(b, x, y)) }) { x, y in (x * x + y * y + 0.5625).squareRoot() }
        try expectFormula("normalize.x", tolerance: 1e-6, { b, x, y in b.call(.normalize, v3(b, x, y))[0] }) { x, y in x / (x * x + y * y + 0.5625).squareRoot() }
        try expectFormula("cross.z", tolerance: 1e-6, { b, x, y in b.call(.cross, v3(b, x, y), .constant(0.3, -1, 2))[2] }) { x, y in x * -1 - y * 0.3 }
        try expectFormula("reflect.y", tolerance: 1e-6, { b, x, y in b.call(.reflect, v3(b, x, y), .constant(0, 1, 0))[1] }) { _, y in -y }
        try expectFormula("refract.z", tolerance: 1e-5, { b, x, y in
            b.call(.refract, b.call(.normalize, v3(b, x, y)), .constant(0, 0, -1), .constant(0.66))[2]
        }) { x, y in
            let l = (x * x + y * y + 0.5625).squareRoot()
            let i = (Double(x / l), Double(y / l), Double(0.75 / l))
            let d = -i.2, eta = 0.66
            let k = 1 - eta * eta * (1 - d * d)
            return k < 0 ? 0 : Float(eta * i.2 - (eta * d + k.squareRoot()) * -1)
        }
        try expectFormula("distance", tolerance: 1e-6, { b, x, y in b.call(.distance, x, y) }) { x, y in abs(x - y) }
        try expectFormula("faceforward", { b, x, y in b.call(.faceforward, x, y, .constant(1)) }) { x, y in y < 0 ? x : -x }
    }

    @Test func relationalAndLogical() throws {
        try expectFormula("lessThan", { b, x, y in b.call(.lessThan, x, y) }) { x, y in x < y ? 1 : 0 }
        try expectFormula("notEqual", { b, x, _ in b.call(.notEqual, x, .constant(0)) }) { x, _ in x != 0 ? 1 : 0 }
        try expectFormula("any", { b, x, y in b.call(.any, b.call(.greaterThan, .concatenating([x, y]), .constant(1, 3))) }) { x, y in (x > 1 || y > 3) ? 1 : 0 }
        try expectFormula("all", { b, x, y in b.call(.all, b.call(.greaterThan, .concatenating([x, y]), .constant(-1, 1))) }) { x, y in (x > -1 && y > 1) ? 1 : 0 }
        try expectFormula("xor", { b, x, y in b.binary(.logicalXor, b.binary(.less, x, .constant(0)), b.binary(.less, y, .constant(2))) }) { x, y in (x < 0) != (y < 2) ? 1 : 0 }
        try expectFormula("select", { b, x, y in b.select(b.binary(.greater, x, y), x, y) }) { x, y in x > y ? x : y }
    }

    @Test func matricesAreColumnMajor() throws {
        let m: [Float] = [1, 2, 3, 4, 5, 6, 7, 8, 10]  // columns (1,2,3), (4,5,6), (7,8,10)
        func vec(_ x: Value, _ y: Value) -> Value { .concatenating([x, y, .constant(1)]) }
        for row in 0..<3 {
            try expectFormula("mat*vec[\(row)]", tolerance: 1e-6, { b, x, y in b.matrixTimesVector(.constant(m), vec(x, y))[row] }) { x, y in
                m[row] * x + m[3 + row] * y + m[6 + row]
            }
            try expectFormula("vec*mat[\(row)]", tolerance: 1e-6, { b, x, y in b.vectorTimesMatrix(vec(x, y), .constant(m))[row] }) { x, y in
                x * m[3 * row] + y * m[3 * row + 1] + m[3 * row + 2]
            }
        }
        // (A * B) * v == A * (B * v)
        try expectFormula("mat*mat", tolerance: 1e-4, { b, x, y in
            let mx = Value.concatenating([x, y, .constant(0), y, x, .constant(1), .constant(0.5), .constant(0), x])
            return b.subtract(b.matrixTimesVector(b.matrixTimesMatrix(.constant(m), mx), vec(x, y)),
                              b.matrixTimesVector(.constant(m), b.matrixTimesVector(mx, vec(x, y))))[1]
        }) { _, _ in 0 }
    }
}

@Suite struct NaNCoordinateTests {
    /// llvmpipe samples the last texel at a NaN coordinate under clamp-to-edge (a zero-default
    /// uniform that divides by zero, as in GPUImage's Pixellate, produces one); Shade does too.
    @Test(arguments: [TextureFilter.nearest, .linear])
    func nanSamplesTheLastTexel(filter: TextureFilter) {
        var bytes = [UInt8](repeating: 0, count: 3 * 2 * 4)
        for i in 0..<6 { bytes[4 * i] = UInt8(10 * (i + 1)); bytes[4 * i + 3] = 255 }
        let texture = SampledTexture(Texture(width: 3, height: 2, rgba8: bytes), state: SamplerState(filter: filter))
        let nan = Float.nan
        let toBytes = { (c: SIMD4<Float>) in (c * 255).rounded(.toNearestOrEven) }
        #expect(toBytes(texture.view.sample(s: nan, t: nan)) == SIMD4<Float>(60, 0, 0, 255))
        #expect(toBytes(texture.view.sample(s: 0.01, t: nan)) == SIMD4<Float>(40, 0, 0, 255))
    }
}
