import Foundation
import Framebuffers
import ShaderSemantics
import Testing

@testable import ShaderTesting

/// The reference interpreter's GLSL ES 3.00 integers, checked against values computed
/// independently: Swift's own wrapping operators, and the llvmpipe facts measured with glref.py
/// and recorded in `ScalarSemantics` (`x / 0`, `INT_MIN / -1`, `%` as the unsigned remainder of
/// the bits, shift counts modulo 32, the float conversions).
@Suite struct NativeIntegerInterpreterTests {
    static let edges: [Int32] = [0, 1, -1, 2, -7, 7, 255, -65536, 123_456_789, Int32.max, Int32.min, Int32.min + 1]

    static func int(_ op: BinaryOperator, _ a: Int32, _ b: Int32) -> Int32 {
        NativeIntegers.int(NativeIntegers.apply(op, NativeIntegers.hold(a), NativeIntegers.hold(b), isSigned: true))
    }

    static func uint(_ op: BinaryOperator, _ a: UInt32, _ b: UInt32) -> UInt32 {
        NativeIntegers.uint(NativeIntegers.apply(op, NativeIntegers.hold(a), NativeIntegers.hold(b), isSigned: false))
    }

    @Test(arguments: edges)
    func arithmeticWrapsLikeSwiftsWrappingOperators(_ a: Int32) {
        for b in Self.edges {
            #expect(Self.int(.add, a, b) == a &+ b, "\(a) + \(b)")
            #expect(Self.int(.subtract, a, b) == a &- b, "\(a) - \(b)")
            #expect(Self.int(.multiply, a, b) == a &* b, "\(a) * \(b)")
            #expect(Self.int(.bitwiseAnd, a, b) == a & b)
            #expect(Self.int(.bitwiseOr, a, b) == a | b)
            #expect(Self.int(.bitwiseXor, a, b) == a ^ b)
            let u = UInt32(bitPattern: a), v = UInt32(bitPattern: b)
            #expect(Self.uint(.add, u, v) == u &+ v)
            #expect(Self.uint(.multiply, u, v) == u &* v)
            if b != 0 && !(a == .min && b == -1) {
                #expect(Self.int(.divide, a, b) == a / b, "\(a) / \(b)")
            }
            if v != 0 { #expect(Self.uint(.divide, u, v) == u / v) }
        }
    }

    @Test func divisionAndRemainderFollowLlvmpipe() {
        // Measured: int / 0 is 0, uint / 0 all ones, INT_MIN / -1 is INT_MIN.
        #expect(Self.int(.divide, 5, 0) == 0)
        #expect(Self.int(.divide, -5, 0) == 0)
        #expect(Self.uint(.divide, 5, 0) == 0xFFFF_FFFF)
        #expect(Self.int(.divide, Int32.min, -1) == Int32.min)
        #expect(Self.int(.divide, -7, 2) == -3)
        // % on ints is the unsigned remainder of the bits: -7 % 2 == 1, 7 % -2 == 7, x % 0 == -1.
        #expect(Self.int(.remainder, -7, 2) == 1)
        #expect(Self.int(.remainder, 7, -2) == 7)
        #expect(Self.int(.remainder, 7, 0) == -1)
        #expect(Self.int(.remainder, 17, 5) == 2)
        #expect(Self.uint(.remainder, 17, 0) == 0xFFFF_FFFF)
    }

    @Test func shiftCountsAreTakenModulo32() {
        #expect(Self.int(.shiftLeft, 1, 33) == 2)
        #expect(Self.int(.shiftLeft, 1, 32) == 1)
        #expect(Self.int(.shiftLeft, 3, 31) == Int32.min)
        #expect(Self.int(.shiftRight, -8, 1) == -4)  // arithmetic on int
        #expect(Self.int(.shiftRight, Int32.min, 31) == -1)
        #expect(Self.uint(.shiftRight, 0x8000_0000, 31) == 1)  // logical on uint
        #expect(Self.int(.shiftRight, -1, 64) == -1)
    }

    @Test func conversionsFollowLlvmpipe() {
        func toInt(_ f: Float) -> Int32 { NativeIntegers.int(NativeIntegers.convert(f, from: .float, to: .int)) }
        func toUInt(_ f: Float) -> UInt32 { NativeIntegers.uint(NativeIntegers.convert(f, from: .float, to: .uint)) }
        func toFloat(_ i: Int32) -> Float { NativeIntegers.convert(NativeIntegers.hold(i), from: .int, to: .float) }
        #expect(toInt(-3.75) == -3)
        #expect(toInt(3.75) == 3)
        #expect(toInt(.nan) == 0)
        #expect(toInt(3e9) == Int32.min)
        #expect(toInt(-3e9) == Int32.min)
        #expect(toUInt(4_000_000_000) == 4_000_000_000)
        #expect(toUInt(-5) == UInt32(bitPattern: -5))  // the bits of int(-5.0)
        #expect(toUInt(5e9) == 0x8000_0000)
        #expect(toUInt(.infinity) == 0x8000_0000)
        #expect(toUInt(.nan) == 0)
        #expect(toFloat(-1) == -1)
        #expect(toFloat(Int32.max) == 2_147_483_648)
        #expect(NativeIntegers.convert(NativeIntegers.hold(UInt32.max), from: .uint, to: .float) == 4_294_967_296)
        // int ↔ uint keep the bits; bools are 0 or 1.
        #expect(NativeIntegers.convert(NativeIntegers.hold(Int32(-1)), from: .int, to: .uint).bitPattern == UInt32.max)
        #expect(NativeIntegers.convert(1, from: .bool, to: .int).bitPattern == 1)
        #expect(NativeIntegers.convert(NativeIntegers.hold(UInt32(0x8000_0000)), from: .uint, to: .bool) == 1)
    }

    // MARK: Whole shaders

    /// Renders `body` (GLSL ES 3.00 that sets `uint r`) with `a` and `b` as int uniforms, both
    /// ways; returns r as the interpreter computed it (its 16-bit halves in red and green of a
    /// Float32 target).
    static func result(_ body: String, a: Int32, b: Int32, sourceLocation: SourceLocation = #_sourceLocation) throws -> UInt32 {
        let source = """
            #version 300 es
            precision highp float;
            uniform int a;
            uniform int b;
            out vec4 color;
            void main() {
                uint r;
                \(body)
                color = vec4(float(r & 0xFFFFu), float(r >> 16u), 0.0, 1.0);
            }
            """
        let uniforms: [String: [Float]] = ["a": [Float(a)], "b": [Float(b)]]
        let c = DifferentialCase(name: "native", fragmentSource: source, uniforms: uniforms, width: 2, height: 2)
        let outcome = DifferentialTest.run(c)
        #expect(outcome.isAgreement && !"\(outcome)".hasPrefix("rejected"), "\(outcome)", sourceLocation: sourceLocation)
        let shader = try compileFrontEnd(source: source, name: "native.frag", stage: .fragment)
        let image = try ReferenceRenderer().render(fragment: shader, uniforms: uniforms, width: 2, height: 2, format: .float32)
        let p = image.pixel(x: 1, y: 1)
        return UInt32(p.x) | UInt32(p.y) << 16
    }

    /// Ints that a Float uniform carries exactly.
    static let uniformValues: [(Int32, Int32)] = [(7, -2), (-7, 2), (16_000_000, 300), (-16_000_000, -5), (0, 0), (123_457, 0)]

    @Test(arguments: uniformValues)
    func shadersComputeWhatSwiftComputes(_ a: Int32, _ b: Int32) throws {
        func bits(_ i: Int32) -> UInt32 { UInt32(bitPattern: i) }
        #expect(try Self.result("r = uint(a * b * 977 + a);", a: a, b: b) == bits(a &* b &* 977 &+ a))
        #expect(try Self.result("r = uint(a - b) * 0x7feb352du;", a: a, b: b) == bits(a &- b) &* 0x7feb_352d)
        #expect(try Self.result("r = uint(a ^ (b << 7)) >> 3u;", a: a, b: b) == (bits(a ^ (b &<< 7)) >> 3))
        #expect(try Self.result("r = uint((a >> 2) | ~b);", a: a, b: b) == bits((a >> 2) | ~b))
        #expect(try Self.result("r = uint(a / b);", a: a, b: b) == bits(ScalarSemantics.divide(a, b)))
        #expect(try Self.result("r = uint(a % b);", a: a, b: b) == bits(ScalarSemantics.remainder(a, b)))
        #expect(try Self.result("r = uint(a) / uint(b);", a: a, b: b) == ScalarSemantics.divide(bits(a), bits(b)))
        #expect(try Self.result("r = uint(a < b) + 2u * uint(uint(a) < uint(b)) + 4u * uint(a == b);", a: a, b: b)
            == (a < b ? 1 : 0) + (bits(a) < bits(b) ? 2 : 0) + (a == b ? 4 : 0))
        #expect(try Self.result("int k = a; k++; ++k; k--; r = uint(k);", a: a, b: b) == bits(a &+ 1))
        #expect(try Self.result("int v[3] = int[3](a, b, 5); r = uint(v[uint(b) % 3u]);", a: a, b: b)
            == bits([a, b, 5][Int(bits(b) % 3)]))
        #expect(try Self.result("r = uint(abs(a)) + uint(max(a, b)) + uint(clamp(b, -1, 1));", a: a, b: b)
            == bits(a < 0 ? 0 &- a : a) &+ bits(max(a, b)) &+ bits(min(max(b, -1), 1)))
        #expect(try Self.result("switch (a & 3) { case 0: r = 10u; case 1: r = 11u; break; default: r = uint(b); }", a: a, b: b)
            == [11, 11, bits(b), bits(b)][Int(a & 3)])
        #expect(try Self.result("r = floatBitsToUint(float(a)) ^ uint(floatBitsToInt(intBitsToFloat(b)));", a: a, b: b)
            == Float(a).bitPattern ^ bits(b))
    }

    @Test func intMembersOfStructureUniformsConvertAsInts() throws {
        let source = """
            #version 300 es
            precision highp float;
            struct S { float f; int i; };
            uniform S s;
            out vec4 color;
            void main() { color = vec4(s.f, float(s.i) / 8.0, 0.0, 1.0); }
            """
        let c = DifferentialCase(name: "struct", fragmentSource: source, uniforms: ["s": [0.5, 3]], width: 2, height: 2)
        guard case .agree(let image) = DifferentialTest.run(c) else {
            Issue.record("executor and interpreter disagree: \(DifferentialTest.run(c))")
            return
        }
        #expect(image.rgba8Pixel(x: 0, y: 0) == SIMD4(128, 96, 0, 255))
    }

    /// A `flat` integer varying arrives as the provoking vertex's bits (interpolated as a float
    /// it would be garbage: small ints are denormals, flushed to zero), in both implementations.
    @Test func flatIntegerVaryingsArriveExactly() throws {
        let vertex = """
            #version 300 es
            in vec4 position;
            flat out int k;
            flat out uint big;
            void main() { k = 1; big = 0xFFFFFFFFu; gl_Position = position; }
            """
        let fragment = """
            #version 300 es
            precision highp float;
            flat in int k;
            flat in uint big;
            out vec4 color;
            void main() { color = vec4(float(k), big == 0xFFFFFFFFu ? 1.0 : 0.0, 0.0, 1.0); }
            """
        let outcome = DifferentialTest.run(DifferentialCase(name: "flat", fragmentSource: fragment, vertexSource: vertex))
        guard case .agree(let image) = outcome else {
            Issue.record("expected both implementations to agree, got \(outcome)")
            return
        }
        #expect(image.pixel(x: 0, y: 0) == SIMD4<Float>(1, 1, 0, 1))
    }

    @Test func theTracePrintsIntegersAsIntegers() throws {
        let source = """
            #version 300 es
            precision highp float;
            out vec4 color;
            void main() {
                int x = -2147483647 - 1;
                uint u = uint(x) * 2u - 1u;
                ivec2 v = ivec2(x, 3) >> 1;
                color = vec4(float(u >> 31u), 0.0, 0.0, 1.0);
            }
            """
        let shader = try compileFrontEnd(source: source, name: "ints.frag", stage: .fragment)
        let trace = try ShaderTrace(shader: shader, x: 0, y: 0, width: 2, height: 2)
        #expect(trace.events.map(\.description) == [
            "5: x = -2147483648",
            "6: u = 4294967295u",
            "7: v = ivec2(-1073741824, 1)",
            "8: color = vec4(1.0, 0.0, 0.0, 1.0)",
        ])
        #expect(trace.fragColor == SIMD4(1, 0, 0, 1))
    }
}
