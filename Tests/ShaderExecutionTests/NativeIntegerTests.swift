import Framebuffers
import ShaderCompiler
import ShaderExecution
import Testing

/// One GLSL ES 3.00 integer operation whose result GLSL leaves undefined or that wraps, with
/// the bits llvmpipe gives (Mesa 22.3.6, glref fp32 mode, operands computed from
/// `gl_FragCoord` so that nothing folds; measured with a probe shader of the same form, see
/// README "GLSL ES 3.00 and desktop 1.30–3.30").
struct IntegerCase: CustomStringConvertible, Sendable {
    let name: String
    /// Statements that set `uint r`, with `int z == 0` (from `gl_FragCoord`) in scope.
    let body: String
    let bits: UInt32

    init(_ name: String, _ body: String, _ bits: UInt32) {
        self.name = name
        self.body = body
        self.bits = bits
    }

    var description: String { name }
}

let integerCases: [IntegerCase] = [
    IntegerCase("7/0", "int a = 7 + z; int b = z; uint r = uint(a / b);", 0x0000_0000),
    IntegerCase("-7/0", "int a = -7 + z; int b = z; uint r = uint(a / b);", 0x0000_0000),
    IntegerCase("7%0", "int a = 7 + z; int b = z; uint r = uint(a % b);", 0xffff_ffff),
    IntegerCase("7u/0u", "uint a = 7u + uint(z); uint b = uint(z); uint r = a / b;", 0xffff_ffff),
    IntegerCase("7u%0u", "uint a = 7u + uint(z); uint b = uint(z); uint r = a % b;", 0xffff_ffff),
    IntegerCase("-7/2", "int a = -7 + z; int b = 2 + z; uint r = uint(a / b);", 0xffff_fffd),
    IntegerCase("-7%2", "int a = -7 + z; int b = 2 + z; uint r = uint(a % b);", 0x0000_0001),
    IntegerCase("7%-2", "int a = 7 + z; int b = -2 + z; uint r = uint(a % b);", 0x0000_0007),
    IntegerCase("INT_MIN/-1", "int a = (-2147483647 - 1) + z; int b = -1 + z; uint r = uint(a / b);", 0x8000_0000),
    IntegerCase("INT_MIN%-1", "int a = (-2147483647 - 1) + z; int b = -1 + z; uint r = uint(a % b);", 0x8000_0000),
    IntegerCase("1<<33", "int a = 1 + z; int b = 33 + z; uint r = uint(a << b);", 0x0000_0002),
    IntegerCase("1<<-1", "int a = 1 + z; int b = -1 + z; uint r = uint(a << b);", 0x8000_0000),
    IntegerCase("-8>>33", "int a = -8 + z; int b = 33 + z; uint r = uint(a >> b);", 0xffff_fffc),
    IntegerCase("8u>>33u", "uint a = 8u + uint(z); uint b = 33u + uint(z); uint r = a >> b;", 0x0000_0004),
    IntegerCase("uint(-5.0)", "float f = -5.0 + float(z); uint r = uint(f);", 0xffff_fffb),
    IntegerCase("uint(-0.5)", "float f = -0.5 + float(z); uint r = uint(f);", 0x0000_0000),
    IntegerCase("uint(5e9)", "float f = 5e9 + float(z); uint r = uint(f);", 0x8000_0000),
    IntegerCase("uint(3e9)", "float f = 3e9 + float(z); uint r = uint(f);", 0xb2d0_5e00),
    IntegerCase("uint(NaN)", "float f = 0.0 / float(z); f = f - f; uint r = uint(f);", 0x0000_0000),
    IntegerCase("uint(Inf)", "float f = 1.0 / float(z); uint r = uint(f);", 0x8000_0000),
    IntegerCase("int(1e10)", "float f = 1e10 + float(z); uint r = uint(int(f));", 0x8000_0000),
    IntegerCase("int(NaN)", "float f = 0.0 / float(z); f = f - f; uint r = uint(int(f));", 0x0000_0000),
    IntegerCase("float(0xFFFFFFFFu)", "uint a = 0xFFFFFFFFu + uint(z); uint r = floatBitsToUint(float(a));", 0x4f80_0000),
    IntegerCase("float(16777217)", "int a = 16777217 + z; uint r = floatBitsToUint(float(a));", 0x4b80_0000),
    IntegerCase("abs(INT_MIN)", "int a = (-2147483647 - 1) + z; uint r = uint(abs(a));", 0x8000_0000),
    IntegerCase("INT_MAX+1", "int a = 2147483647 + z; uint r = uint(a + 1);", 0x8000_0000),
    IntegerCase("int mul wraps", "int a = 123456789 + z; uint r = uint(a * a);", 0x9738_a3b9),
    IntegerCase("uint mul wraps", "uint a = 0x27d4eb2du + uint(z); uint r = a * 0x9E3779B9u;", 0xb8b1_3885),
    IntegerCase("clamp(5, 7, 3)", "int a = 5 + z; uint r = uint(clamp(a, 7 + z, 3 + z));", 0x0000_0003),
    IntegerCase("min(0xFFFFFFFFu, 2u)", "uint a = 0xFFFFFFFFu + uint(z); uint r = min(a, 2u);", 0x0000_0002),
]

@Suite struct NativeIntegerTests {
    /// Both engines give llvmpipe's bits, with the operands per lane (`z` from
    /// `gl_FragCoord`) and, through the constant folder, as constants (`z` a `const int`).
    @Test(arguments: integerCases)
    func integersFollowLlvmpipe(_ c: IntegerCase) throws {
        for zDeclaration in ["int z = int(gl_FragCoord.x);", "const int z = 0;"] {
            let program = try compileShader("""
                #version 300 es
                precision highp float; precision highp int;
                out vec4 color;
                void main() {
                    \(zDeclaration)
                    \(c.body)
                    color = vec4(uintBitsToFloat(r), 0.0, 0.0, 1.0);
                }
                """)
            for engine in [ShadingEngine.closures, .native] {
                var schedule = Schedule.singleThreaded
                schedule.engine = engine
                let out = try render(program, width: 1, height: 1, format: .float32, schedule: schedule)
                let bits = out.pixel(x: 0, y: 0).x.bitPattern
                #expect(bits == c.bits, "\(c.name), \(engine), \(zDeclaration): 0x\(String(bits, radix: 16))")
            }
        }
    }
}
