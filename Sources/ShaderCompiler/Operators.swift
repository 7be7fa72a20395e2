import Foundation
import ShaderSemantics

// Scalar definitions of GLSL ES operators and built-ins, as llvmpipe evaluates them in fp32
// (no FMA contraction). Where GLSL leaves the result undefined the definition is shared with the
// constant folder (`ScalarSemantics`; measured by scripts/measure-undefined, see README), and so
// are the transcendental functions (`LlvmpipeMath`, llvmpipe's own algorithms bit for bit;
// measured by scripts/measure-transcendentals).

protocol UnaryOp { static func apply(_ x: Float) -> Float }
protocol BinaryOp { static func apply(_ x: Float, _ y: Float) -> Float }
protocol TernaryOp { static func apply(_ x: Float, _ y: Float, _ z: Float) -> Float }


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
