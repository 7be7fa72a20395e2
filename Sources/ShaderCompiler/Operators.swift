import Foundation
import ShaderSemantics

// Scalar definitions of GLSL ES operators and built-ins, as llvmpipe evaluates them in fp32
// (no FMA contraction). Where GLSL leaves the result undefined the definition is shared with the
// constant folder (`ScalarSemantics`; measured by scripts/measure-undefined, see README), and so
// are the transcendental functions (`LlvmpipeMath`, llvmpipe's own algorithms bit for bit;
// measured by scripts/measure-transcendentals).

protocol UnaryOp {
    static func apply(_ x: Float) -> Float
    static var nativeName: String? { get }
    /// The built-in function this operation is, when Mesa may fold it with the C library
    /// (`CompileTimeMath`); nil for every other operation.
    static var builtin: BuiltinFunction? { get }
}
protocol BinaryOp {
    static func apply(_ x: Float, _ y: Float) -> Float
    static var nativeName: String? { get }
    /// As `UnaryOp.builtin`.
    static var builtin: BuiltinFunction? { get }
}

extension UnaryOp {
    static var builtin: BuiltinFunction? { nil }
    /// `x` known when compiling: what Mesa folds the call to at `stage` (`CompileTimeMath`),
    /// which for the transcendental functions is the C library's value.
    static func fold(_ x: Float, at stage: CompileTimeMath.Stage) -> Float {
        if let f = builtin, let g = CompileTimeMath.unary(f, at: stage) { return g(x) }
        return apply(x)
    }
}
extension BinaryOp {
    static var builtin: BuiltinFunction? { nil }
    /// As `UnaryOp.fold`.
    static func fold(_ x: Float, _ y: Float, at stage: CompileTimeMath.Stage) -> Float {
        if let f = builtin, let g = CompileTimeMath.binary(f, at: stage) { return g(x, y) }
        return apply(x, y)
    }
}
extension Sin { static var builtin: BuiltinFunction? { .sin } }
extension Cos { static var builtin: BuiltinFunction? { .cos } }
extension Tan { static var builtin: BuiltinFunction? { .tan } }
extension Exp { static var builtin: BuiltinFunction? { .exp } }
extension Log { static var builtin: BuiltinFunction? { .log } }
extension Exp2 { static var builtin: BuiltinFunction? { .exp2 } }
extension Log2 { static var builtin: BuiltinFunction? { .log2 } }
extension Atan { static var builtin: BuiltinFunction? { .atan } }
extension Atan2 { static var builtin: BuiltinFunction? { .atan } }
extension InverseSqrt { static var builtin: BuiltinFunction? { .inversesqrt } }
extension Power { static var builtin: BuiltinFunction? { .pow } }
protocol TernaryOp { static func apply(_ x: Float, _ y: Float, _ z: Float) -> Float; static var nativeName: String? { get } }

// The names the native engine knows each operation by (`LaneCode.map`, `ElementwiseFunction`).
extension Negate { static var nativeName: String? { "negate" } }
extension Radians { static var nativeName: String? { "radians" } }
extension Degrees { static var nativeName: String? { "degrees" } }
extension Sin { static var nativeName: String? { "sin" } }
extension Cos { static var nativeName: String? { "cos" } }
extension Tan { static var nativeName: String? { "tan" } }
extension Asin { static var nativeName: String? { "asin" } }
extension Acos { static var nativeName: String? { "acos" } }
extension Atan { static var nativeName: String? { "atan" } }
extension Exp { static var nativeName: String? { "exp" } }
extension Log { static var nativeName: String? { "log" } }
extension Exp2 { static var nativeName: String? { "exp2" } }
extension Log2 { static var nativeName: String? { "log2" } }
extension Sqrt { static var nativeName: String? { "sqrt" } }
extension InverseSqrt { static var nativeName: String? { "inversesqrt" } }
extension Abs { static var nativeName: String? { "abs" } }
extension Sign { static var nativeName: String? { "sign" } }
extension Floor { static var nativeName: String? { "floor" } }
extension Ceil { static var nativeName: String? { "ceil" } }
extension Fract { static var nativeName: String? { "fract" } }
extension Truncate { static var nativeName: String? { "trunc" } }
extension ToBool { static var nativeName: String? { "tobool" } }
extension LogicalNot { static var nativeName: String? { "not" } }
extension Add { static var nativeName: String? { "add" } }
extension Subtract { static var nativeName: String? { "sub" } }
extension Multiply { static var nativeName: String? { "mul" } }
extension Divide { static var nativeName: String? { "div" } }
extension IntDivide { static var nativeName: String? { "idiv" } }
extension Modulo { static var nativeName: String? { "mod" } }
extension Minimum { static var nativeName: String? { "min" } }
extension Maximum { static var nativeName: String? { "max" } }
extension Power { static var nativeName: String? { "pow" } }
extension Atan2 { static var nativeName: String? { "atan2" } }
extension Step { static var nativeName: String? { "step" } }
extension Less { static var nativeName: String? { "lt" } }
extension LessEqual { static var nativeName: String? { "le" } }
extension Greater { static var nativeName: String? { "gt" } }
extension GreaterEqual { static var nativeName: String? { "ge" } }
extension Equal { static var nativeName: String? { "eq" } }
extension NotEqual { static var nativeName: String? { "ne" } }
extension LogicalAnd { static var nativeName: String? { "and" } }
extension LogicalOr { static var nativeName: String? { "or" } }
extension LogicalXor { static var nativeName: String? { "xor" } }
extension MultiplyAdd { static var nativeName: String? { "madd" } }
extension Mix { static var nativeName: String? { "mix" } }
extension Clamp { static var nativeName: String? { "clamp" } }
extension Smoothstep { static var nativeName: String? { "smoothstep" } }
extension Select { static var nativeName: String? { "select" } }

enum Negate: UnaryOp { @inline(__always) static func apply(_ x: Float) -> Float { -x } }
enum Radians: UnaryOp { @inline(__always) static func apply(_ x: Float) -> Float { x * Float(Double.pi / 180) } }
enum Degrees: UnaryOp { @inline(__always) static func apply(_ x: Float) -> Float { x * Float(180 / Double.pi) } }
enum Sin: UnaryOp { @inline(__always) static func apply(_ x: Float) -> Float { LlvmpipeMath.sin(x) } }
enum Cos: UnaryOp { @inline(__always) static func apply(_ x: Float) -> Float { LlvmpipeMath.cos(x) } }
enum Tan: UnaryOp { @inline(__always) static func apply(_ x: Float) -> Float { LlvmpipeMath.tan(x) } }
enum Asin: UnaryOp { @inline(__always) static func apply(_ x: Float) -> Float { LlvmpipeMath.asin(x) } }
enum Acos: UnaryOp { @inline(__always) static func apply(_ x: Float) -> Float { LlvmpipeMath.acos(x) } }
enum Atan: UnaryOp { @inline(__always) static func apply(_ x: Float) -> Float { ScalarSemantics.atan(x) } }
enum Exp: UnaryOp { @inline(__always) static func apply(_ x: Float) -> Float { LlvmpipeMath.exp(x) } }
enum Log: UnaryOp { @inline(__always) static func apply(_ x: Float) -> Float { LlvmpipeMath.log(x) } }
enum Exp2: UnaryOp { @inline(__always) static func apply(_ x: Float) -> Float { LlvmpipeMath.exp2(x) } }
enum Log2: UnaryOp { @inline(__always) static func apply(_ x: Float) -> Float { LlvmpipeMath.log2(x) } }
enum Sqrt: UnaryOp { @inline(__always) static func apply(_ x: Float) -> Float { x.squareRoot() } }
enum InverseSqrt: UnaryOp { @inline(__always) static func apply(_ x: Float) -> Float { LlvmpipeMath.inverseSqrt(x) } }
enum Abs: UnaryOp { @inline(__always) static func apply(_ x: Float) -> Float { abs(x) } }
enum Sign: UnaryOp { @inline(__always) static func apply(_ x: Float) -> Float { ScalarSemantics.sign(x) } }
enum Floor: UnaryOp { @inline(__always) static func apply(_ x: Float) -> Float { x.rounded(.down) } }
enum Ceil: UnaryOp { @inline(__always) static func apply(_ x: Float) -> Float { x.rounded(.up) } }
enum Fract: UnaryOp { @inline(__always) static func apply(_ x: Float) -> Float { x - x.rounded(.down) } }
/// `int(x)`: truncation toward zero (integers are floats holding whole numbers).
enum Truncate: UnaryOp { @inline(__always) static func apply(_ x: Float) -> Float { x.rounded(.towardZero) } }
/// `bool(x)`: 1 when x != 0.
enum ToBool: UnaryOp { @inline(__always) static func apply(_ x: Float) -> Float { x != 0 ? 1 : 0 } }
enum LogicalNot: UnaryOp { @inline(__always) static func apply(_ x: Float) -> Float { x != 0 ? 0 : 1 } }

enum Add: BinaryOp { @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float { x + y } }
enum Subtract: BinaryOp { @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float { x - y } }
enum Multiply: BinaryOp { @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float { x * y } }
enum Divide: BinaryOp { @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float { x / y } }
/// Integer division: the float quotient truncated toward zero; 0 when dividing by zero.
enum IntDivide: BinaryOp { @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float { ScalarSemantics.integerDivide(x, y) } }
/// GLSL `mod`: `x - y * floor(x / y)`.
enum Modulo: BinaryOp { @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float { x - y * (x / y).rounded(.down) } }
enum Minimum: BinaryOp { @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float { ScalarSemantics.min(x, y) } }
enum Maximum: BinaryOp { @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float { ScalarSemantics.max(x, y) } }
enum Power: BinaryOp { @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float { ScalarSemantics.pow(x, y) } }
/// `atan(y, x)`.
enum Atan2: BinaryOp { @inline(__always) static func apply(_ y: Float, _ x: Float) -> Float { ScalarSemantics.atan2(y, x) } }
enum Step: BinaryOp { @inline(__always) static func apply(_ e: Float, _ x: Float) -> Float { ScalarSemantics.step(e, x) } }
enum Less: BinaryOp { @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float { x < y ? 1 : 0 } }
enum LessEqual: BinaryOp { @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float { x <= y ? 1 : 0 } }
enum Greater: BinaryOp { @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float { x > y ? 1 : 0 } }
enum GreaterEqual: BinaryOp { @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float { x >= y ? 1 : 0 } }
enum Equal: BinaryOp { @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float { x == y ? 1 : 0 } }
enum NotEqual: BinaryOp { @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float { x != y ? 1 : 0 } }
enum LogicalAnd: BinaryOp { @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float { (x != 0 && y != 0) ? 1 : 0 } }
enum LogicalOr: BinaryOp { @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float { (x != 0 || y != 0) ? 1 : 0 } }
enum LogicalXor: BinaryOp { @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float { (x != 0) != (y != 0) ? 1 : 0 } }

/// `a * b + c`, rounded twice (no FMA), as llvmpipe in fp32 mode.
enum MultiplyAdd: TernaryOp { @inline(__always) static func apply(_ a: Float, _ b: Float, _ c: Float) -> Float { a * b + c } }
/// `mix(x, y, a) = x + (y - x) * a`, llvmpipe's order.
enum Mix: TernaryOp { @inline(__always) static func apply(_ x: Float, _ y: Float, _ a: Float) -> Float { x + (y - x) * a } }
enum Clamp: TernaryOp { @inline(__always) static func apply(_ x: Float, _ lo: Float, _ hi: Float) -> Float { ScalarSemantics.clamp(x, lo, hi) } }
enum Smoothstep: TernaryOp {
    @inline(__always) static func apply(_ e0: Float, _ e1: Float, _ x: Float) -> Float { ScalarSemantics.smoothstep(e0, e1, x) }
}
/// `c ? a : b` for a bool condition `c`.
enum Select: TernaryOp { @inline(__always) static func apply(_ c: Float, _ a: Float, _ b: Float) -> Float { c != 0 ? a : b } }

// Native integers (GLSL ES 3.00, desktop 1.30+): an int or uint lives in a float slot as its
// 32 bits (`Float(bitPattern:)`); these operations read and write the bits and never do float
// arithmetic on them (denormals-are-zero would flush small integers). Semantics as llvmpipe's,
// measured (`ScalarSemantics`).
@inline(__always) func bits(_ x: Float) -> UInt32 { x.bitPattern }
@inline(__always) func signed(_ x: Float) -> Int32 { Int32(bitPattern: x.bitPattern) }
@inline(__always) func slot(_ u: UInt32) -> Float { Float(bitPattern: u) }
@inline(__always) func slot(_ i: Int32) -> Float { Float(bitPattern: UInt32(bitPattern: i)) }
@inline(__always) func slot(_ b: Bool) -> Float { b ? 1 : 0 }

enum IntNegate: UnaryOp { @inline(__always) static func apply(_ x: Float) -> Float { slot(0 &- bits(x)) }; static var nativeName: String? { "ineg" } }
enum BitwiseNot: UnaryOp { @inline(__always) static func apply(_ x: Float) -> Float { slot(~bits(x)) }; static var nativeName: String? { "bnot" } }
enum IntToFloat: UnaryOp { @inline(__always) static func apply(_ x: Float) -> Float { Float(signed(x)) }; static var nativeName: String? { "i2f" } }
enum UIntToFloat: UnaryOp { @inline(__always) static func apply(_ x: Float) -> Float { Float(bits(x)) }; static var nativeName: String? { "u2f" } }
enum FloatToInt: UnaryOp { @inline(__always) static func apply(_ x: Float) -> Float { slot(ScalarSemantics.floatToInt(x)) }; static var nativeName: String? { "f2i" } }
enum FloatToUInt: UnaryOp { @inline(__always) static func apply(_ x: Float) -> Float { slot(ScalarSemantics.floatToUInt(x)) }; static var nativeName: String? { "f2u" } }
/// `bool(i)`: true when any bit is set.
enum IntToBool: UnaryOp { @inline(__always) static func apply(_ x: Float) -> Float { slot(bits(x) != 0) }; static var nativeName: String? { "i2b" } }
/// `int(b)`: 1 or 0.
enum BoolToInt: UnaryOp { @inline(__always) static func apply(_ x: Float) -> Float { slot(UInt32(x != 0 ? 1 : 0)) }; static var nativeName: String? { "b2i" } }
enum IntAbs: UnaryOp { @inline(__always) static func apply(_ x: Float) -> Float { let i = signed(x); return slot(i < 0 ? 0 &- i : i) }; static var nativeName: String? { "iabs" } }
enum IntSign: UnaryOp { @inline(__always) static func apply(_ x: Float) -> Float { let i = signed(x); return slot(Int32(i > 0 ? 1 : (i < 0 ? -1 : 0))) }; static var nativeName: String? { "isign" } }

enum IntAdd: BinaryOp { @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float { slot(bits(x) &+ bits(y)) }; static var nativeName: String? { "iadd" } }
enum IntSubtract: BinaryOp { @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float { slot(bits(x) &- bits(y)) }; static var nativeName: String? { "isub" } }
enum IntMultiply: BinaryOp { @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float { slot(bits(x) &* bits(y)) }; static var nativeName: String? { "imul" } }
enum NativeIntDivide: BinaryOp { @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float { slot(ScalarSemantics.divide(signed(x), signed(y))) }; static var nativeName: String? { "sdiv" } }
enum UIntDivide: BinaryOp { @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float { slot(ScalarSemantics.divide(bits(x), bits(y))) }; static var nativeName: String? { "udiv" } }
/// `%` on ints and uints alike: llvmpipe's unsigned remainder of the bits.
enum IntRemainder: BinaryOp { @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float { slot(ScalarSemantics.remainder(bits(x), bits(y))) }; static var nativeName: String? { "urem" } }
enum BitwiseAnd: BinaryOp { @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float { slot(bits(x) & bits(y)) }; static var nativeName: String? { "band" } }
enum BitwiseOr: BinaryOp { @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float { slot(bits(x) | bits(y)) }; static var nativeName: String? { "bor" } }
enum BitwiseXor: BinaryOp { @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float { slot(bits(x) ^ bits(y)) }; static var nativeName: String? { "bxor" } }
/// Shifts take the count modulo 32, as llvmpipe.
enum ShiftLeft: BinaryOp { @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float { slot(bits(x) << (bits(y) & 31)) }; static var nativeName: String? { "shl" } }
enum ShiftRightArithmetic: BinaryOp { @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float { slot(signed(x) >> (bits(y) & 31)) }; static var nativeName: String? { "sra" } }
enum ShiftRightLogical: BinaryOp { @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float { slot(bits(x) >> (bits(y) & 31)) }; static var nativeName: String? { "srl" } }
enum IntLess: BinaryOp { @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float { slot(signed(x) < signed(y)) }; static var nativeName: String? { "ilt" } }
enum IntLessEqual: BinaryOp { @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float { slot(signed(x) <= signed(y)) }; static var nativeName: String? { "ile" } }
enum IntGreater: BinaryOp { @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float { slot(signed(x) > signed(y)) }; static var nativeName: String? { "igt" } }
enum IntGreaterEqual: BinaryOp { @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float { slot(signed(x) >= signed(y)) }; static var nativeName: String? { "ige" } }
enum UIntLess: BinaryOp { @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float { slot(bits(x) < bits(y)) }; static var nativeName: String? { "ult" } }
enum UIntLessEqual: BinaryOp { @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float { slot(bits(x) <= bits(y)) }; static var nativeName: String? { "ule" } }
enum UIntGreater: BinaryOp { @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float { slot(bits(x) > bits(y)) }; static var nativeName: String? { "ugt" } }
enum UIntGreaterEqual: BinaryOp { @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float { slot(bits(x) >= bits(y)) }; static var nativeName: String? { "uge" } }
/// `==` on integer components: the bits (a float compare would make INT_MIN equal 0).
enum BitsEqual: BinaryOp { @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float { slot(bits(x) == bits(y)) }; static var nativeName: String? { "beq" } }
enum IntMinimum: BinaryOp { @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float { signed(y) < signed(x) ? y : x }; static var nativeName: String? { "imin" } }
enum IntMaximum: BinaryOp { @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float { signed(y) > signed(x) ? y : x }; static var nativeName: String? { "imax" } }
enum UIntMinimum: BinaryOp { @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float { bits(y) < bits(x) ? y : x }; static var nativeName: String? { "umin" } }
enum UIntMaximum: BinaryOp { @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float { bits(y) > bits(x) ? y : x }; static var nativeName: String? { "umax" } }

// GLSL ES 3.00 float functions: hyperbolic functions as llvmpipe's formulas (LlvmpipeMath),
// `round` as llvmpipe's (to nearest even), and the NaN/infinity tests.
enum Sinh: UnaryOp { @inline(__always) static func apply(_ x: Float) -> Float { LlvmpipeMath.sinh(x) }; static var nativeName: String? { "sinh" } }
enum Cosh: UnaryOp { @inline(__always) static func apply(_ x: Float) -> Float { LlvmpipeMath.cosh(x) }; static var nativeName: String? { "cosh" } }
enum Tanh: UnaryOp { @inline(__always) static func apply(_ x: Float) -> Float { LlvmpipeMath.tanh(x) }; static var nativeName: String? { "tanh" } }
enum Asinh: UnaryOp { @inline(__always) static func apply(_ x: Float) -> Float { LlvmpipeMath.asinh(x) }; static var nativeName: String? { "asinh" } }
enum Acosh: UnaryOp { @inline(__always) static func apply(_ x: Float) -> Float { LlvmpipeMath.acosh(x) }; static var nativeName: String? { "acosh" } }
enum Atanh: UnaryOp { @inline(__always) static func apply(_ x: Float) -> Float { LlvmpipeMath.atanh(x) }; static var nativeName: String? { "atanh" } }
enum RoundEven: UnaryOp { @inline(__always) static func apply(_ x: Float) -> Float { x.rounded(.toNearestOrEven) }; static var nativeName: String? { "roundeven" } }
enum IsNaN: UnaryOp { @inline(__always) static func apply(_ x: Float) -> Float { x.isNaN ? 1 : 0 }; static var nativeName: String? { "isnan" } }
/// Rounding to a device profile's fp16 `mediump` (see `CheckedShader.lowered(to:)`).
enum RoundToFP16: UnaryOp { @inline(__always) static func apply(_ x: Float) -> Float { FloatFormat.fp16.round(x) }; static var nativeName: String? { "fp16" } }
/// Texels of a `lowp`/`mediump` sampler on a device profile with fp16 (toward zero).
enum TruncateToFP16: UnaryOp { @inline(__always) static func apply(_ x: Float) -> Float { FloatFormat.truncateToHalf(x) }; static var nativeName: String? { "fp16rtz" } }
/// Rounding to a device profile's 10-bit fixed-point `lowp`.
enum RoundToFixed10: UnaryOp { @inline(__always) static func apply(_ x: Float) -> Float { FloatFormat.fixed10.round(x) }; static var nativeName: String? { "fixed10" } }
enum IsInf: UnaryOp { @inline(__always) static func apply(_ x: Float) -> Float { x.isInfinite ? 1 : 0 }; static var nativeName: String? { "isinf" } }

extension ProgramBuilder {
    /// A GLSL ES 3.00 float function of one argument; `nil` for any other function.
    func call(es3Function function: BuiltinFunction, _ x: Value) -> Value? {
        switch function {
        case .sinh: elementwise(Sinh.self, x)
        case .cosh: elementwise(Cosh.self, x)
        case .tanh: elementwise(Tanh.self, x)
        case .asinh: elementwise(Asinh.self, x)
        case .acosh: elementwise(Acosh.self, x)
        case .atanh: elementwise(Atanh.self, x)
        case .trunc: elementwise(Truncate.self, x)
        case .isnan: elementwise(IsNaN.self, x)
        case .isinf: elementwise(IsInf.self, x)
        case .round, .roundEven: elementwise(RoundEven.self, x)  // llvmpipe's round is to even
        case .roundToFP16: elementwise(RoundToFP16.self, x)
        case .roundToFixed10: elementwise(RoundToFixed10.self, x)
        case .truncateToFP16: elementwise(TruncateToFP16.self, x)
        default: nil
        }
    }
}

// GLSL ES 3.00 packing functions (`ScalarSemantics+Packing`, llvmpipe's rounding, measured): a
// pack takes the vector's two components and writes the word's bits; an unpack reads the low
// 16 bits of its operand's bits (the high half is unpacked from `p >> 16`).
enum PackSnorm2x16: BinaryOp {
    @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float {
        slot(ScalarSemantics.packSnorm16(x) | ScalarSemantics.packSnorm16(y) << 16)
    }
    static var nativeName: String? { "packsnorm" }
}
enum PackUnorm2x16: BinaryOp {
    @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float {
        slot(ScalarSemantics.packUnorm16(x) | ScalarSemantics.packUnorm16(y) << 16)
    }
    static var nativeName: String? { "packunorm" }
}
enum PackHalf2x16: BinaryOp {
    @inline(__always) static func apply(_ x: Float, _ y: Float) -> Float {
        slot(ScalarSemantics.packHalf(x) | ScalarSemantics.packHalf(y) << 16)
    }
    static var nativeName: String? { "packhalf" }
}
enum UnpackSnorm16: UnaryOp { @inline(__always) static func apply(_ x: Float) -> Float { ScalarSemantics.unpackSnorm16(bits(x)) }; static var nativeName: String? { "unpacksnorm" } }
enum UnpackUnorm16: UnaryOp { @inline(__always) static func apply(_ x: Float) -> Float { ScalarSemantics.unpackUnorm16(bits(x)) }; static var nativeName: String? { "unpackunorm" } }
enum UnpackHalf16: UnaryOp { @inline(__always) static func apply(_ x: Float) -> Float { ScalarSemantics.unpackHalf(bits(x)) }; static var nativeName: String? { "unpackhalf" } }

extension ProgramBuilder {
    /// `packSnorm2x16`, `packUnorm2x16` or `packHalf2x16` of a vec2: the uint's bits.
    func pack(_ function: BuiltinFunction, _ v: Value) -> Value? {
        switch function {
        case .packSnorm2x16: elementwise(PackSnorm2x16.self, v[0], v[1])
        case .packUnorm2x16: elementwise(PackUnorm2x16.self, v[0], v[1])
        case .packHalf2x16: elementwise(PackHalf2x16.self, v[0], v[1])
        default: nil
        }
    }

    /// `unpackSnorm2x16`, `unpackUnorm2x16` or `unpackHalf2x16` of a uint's bits: a vec2 of
    /// the low and the high 16 bits.
    func unpack(_ function: BuiltinFunction, _ p: Value) -> Value? {
        let high = elementwise(ShiftRightLogical.self, p, .constant([slot(UInt32(16))]))
        switch function {
        case .unpackSnorm2x16: return .concatenating([elementwise(UnpackSnorm16.self, p), elementwise(UnpackSnorm16.self, high)])
        case .unpackUnorm2x16: return .concatenating([elementwise(UnpackUnorm16.self, p), elementwise(UnpackUnorm16.self, high)])
        case .unpackHalf2x16: return .concatenating([elementwise(UnpackHalf16.self, p), elementwise(UnpackHalf16.self, high)])
        default: return nil
        }
    }

    /// `determinant(m)` of a square matrix of `size` columns, in llvmpipe's order
    /// (`MatrixCofactors`, shared with the constant folder).
    func determinant(_ m: Value, size: Int) -> Value {
        cofactors.determinant((0..<(size * size)).map { m[$0] }, size: size)
    }

    /// `inverse(m)`: the adjugate divided by the determinant, in llvmpipe's order.
    func inverse(_ m: Value, size: Int) -> Value {
        .concatenating(cofactors.inverse((0..<(size * size)).map { m[$0] }, size: size))
    }

    private var cofactors: MatrixCofactors<Value> {
        MatrixCofactors(
            multiply: { self.multiply($0, $1) }, add: { self.add($0, $1) }, subtract: { self.subtract($0, $1) },
            negate: { self.unary(.negate, $0) }, divide: { self.divide($0, $1) })
    }
}
