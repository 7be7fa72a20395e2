import Foundation
import ShaderSemantics

/// The reference interpreter's `determinant`, `inverse`, `modf` and packing functions (GLSL ES
/// 3.00 §8.3–8.5), written here from the specification and from what llvmpipe was measured to
/// do (scripts/measure-es3-builtins; README "GLSL ES 3.00 and desktop 1.30–3.30"), sharing no
/// code with the engines' `MatrixCofactors` and `ScalarSemantics+Packing`. Where llvmpipe's
/// order of operations decides the bits (the cofactors, the float products before rounding),
/// the same order is written down independently: the two must agree bit for bit.
extension ReferenceBuiltins {
    /// `function` for the functions above, or nil for any other. Arguments and the result are
    /// held components (a uint is its bits).
    static func evaluateES300(_ function: BuiltinFunction, _ args: [[Float]]) -> [Float]? {
        switch function {
        case .determinant:
            return [determinant(columns(args[0]))]
        case .inverse:
            return inverse(columns(args[0])).flatMap { $0 }
        case .packSnorm2x16, .packUnorm2x16, .packHalf2x16:
            let halves = args[0].map { c -> UInt32 in
                switch function {
                case .packSnorm2x16: return snorm16(c)
                case .packUnorm2x16: return unorm16(c)
                default: return half(c)
                }
            }
            return [Float(bitPattern: halves[0] | halves[1] << 16)]
        case .unpackSnorm2x16, .unpackUnorm2x16, .unpackHalf2x16:
            let word = args[0][0].bitPattern
            return [word & 0xFFFF, word >> 16].map { h -> Float in
                switch function {
                case .unpackSnorm2x16: return snorm16(unpacking: h)
                case .unpackUnorm2x16: return Float(h) / 65535
                default: return half(unpacking: h)
                }
            }
        default:
            return nil
        }
    }

    // MARK: Matrices

    /// A column-major matrix's columns (a square matrix of n * n components).
    static func columns(_ m: [Float]) -> [[Float]] {
        let n = Int(Double(m.count).squareRoot())
        return (0..<n).map { Array(m[($0 * n)..<($0 * n + n)]) }
    }

    /// `m` without column `column` and row `row`.
    static func submatrix(_ m: [[Float]], removing column: Int, _ row: Int) -> [[Float]] {
        m.enumerated().filter { $0.offset != column }.map { c in
            c.element.enumerated().filter { $0.offset != row }.map(\.element)
        }
    }

    /// The Laplace expansion of a matrix of up to three columns along its first column,
    /// as Mesa's built-in library writes it: `a * d - c * b` for two, `(t0 - t1) + t2` for
    /// three.
    static func expansion(_ m: [[Float]]) -> Float {
        switch m.count {
        case 1: return m[0][0]
        case 2: return m[0][0] * m[1][1] - m[1][0] * m[0][1]
        default:
            let t = (0..<3).map { r in m[0][r] * expansion(submatrix(m, removing: 0, r)) }
            return (t[0] - t[1]) + t[2]
        }
    }

    /// The cofactor of the component at `column`, `row`: its minor, negated (not subtracted
    /// the other way round) when `column + row` is odd.
    static func cofactor(_ m: [[Float]], _ column: Int, _ row: Int) -> Float {
        let minor = expansion(submatrix(m, removing: column, row))
        return (column + row) & 1 == 0 ? minor : -minor
    }

    /// `determinant`: the expansion for mat2 and mat3; for mat4 the first column times its
    /// cofactors, summed as llvmpipe's `dot` (the last product first).
    static func determinant(_ m: [[Float]]) -> Float {
        guard m.count == 4 else { return expansion(m) }
        let p = (0..<4).map { r in m[0][r] * cofactor(m, 0, r) }
        return p[0] + (p[1] + (p[2] + p[3]))
    }

    /// `inverse`: the transposed cofactors, each divided (not multiplied by a reciprocal) by
    /// the determinant.
    static func inverse(_ m: [[Float]]) -> [[Float]] {
        let d = determinant(m)
        return (0..<m.count).map { j in (0..<m.count).map { i in cofactor(m, i, j) / d } }
    }

    // MARK: modf

    /// `modf(x)`: the whole part toward zero and `x` minus it (so `modf(±Inf)` gives a NaN
    /// fraction and `modf(-0.5)` a whole part of -0, as llvmpipe).
    static func modf(_ x: Float) -> (fraction: Float, whole: Float) {
        let whole = x < 0 ? -(-x).rounded(.down) : x.rounded(.down)
        return (x - whole, whole)
    }

    // MARK: Packing

    /// Rounds to the nearest whole number, ties to the even one.
    static func nearestEven(_ v: Float) -> Float {
        let low = v.rounded(.down), rest = v - low
        if rest > 0.5 { return low + 1 }
        if rest < 0.5 { return low }
        return low.truncatingRemainder(dividingBy: 2) == 0 ? low : low + 1
    }

    /// One `packSnorm2x16` half: NaN is taken as -1 (llvmpipe's clamp keeps the lower bound).
    static func snorm16(_ c: Float) -> UInt32 {
        let x = c.isNaN ? -1 : Swift.min(Swift.max(c, -1), 1)
        let r = Int32(nearestEven(x * 32767))
        return UInt32(bitPattern: r) & 0xFFFF
    }

    /// One `packUnorm2x16` half: NaN is taken as 0.
    static func unorm16(_ c: Float) -> UInt32 {
        let x = c.isNaN ? 0 : Swift.min(Swift.max(c, 0), 1)
        return UInt32(nearestEven(x * 65535))
    }

    /// One `packHalf2x16` half, computed on the exact value in double precision: rounded to
    /// nearest even; any NaN gives 0x7FFF (llvmpipe drops its sign).
    static func half(_ c: Float) -> UInt32 {
        if c.isNaN { return 0x7FFF }
        let sign: UInt32 = c.sign == .minus ? 0x8000 : 0
        let a = Double(c.magnitude)
        if a >= 65520 { return sign | 0x7C00 }
        if a < 0x1p-14 { return sign | UInt32((a * 0x1p24).rounded(.toNearestOrEven)) }
        var e = Int(a.exponent)
        var mantissa = ((a / Double(sign: .plus, exponent: e, significand: 1) - 1) * 1024).rounded(.toNearestOrEven)
        if mantissa == 1024 {
            e += 1
            mantissa = 0
        }
        return sign | UInt32(e + 15) << 10 | UInt32(mantissa)
    }

    /// One `unpackSnorm2x16` half (the low 16 bits of `h`).
    static func snorm16(unpacking h: UInt32) -> Float {
        let s = h >= 0x8000 ? Int32(h) - 65536 : Int32(h)
        return Swift.max(Float(s) / 32767, -1)
    }

    /// One `unpackHalf2x16` half: exact; a NaN half gives a NaN with every mantissa bit set
    /// and the half's sign (llvmpipe's).
    static func half(unpacking h: UInt32) -> Float {
        let negative = h & 0x8000 != 0
        let e = Int((h >> 10) & 31), m = Double(h & 1023)
        let magnitude: Float
        switch e {
        case 0: magnitude = Float(m * 0x1p-24)
        case 31: magnitude = m == 0 ? .infinity : Float(bitPattern: 0x7FFF_FFFF)
        default: magnitude = Float((1 + m / 1024) * Double(sign: .plus, exponent: e - 15, significand: 1))
        }
        return negative ? Float(bitPattern: magnitude.bitPattern | 0x8000_0000) : magnitude
    }
}
