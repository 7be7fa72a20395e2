import Foundation

/// The built-ins of GLSL ES 3.00 and desktop GLSL 1.30+ on constants: the new float functions,
/// the bit casts, the int and uint overloads of `abs`, `sign`, `min`, `max` and `clamp`,
/// integer relational functions, `mix` with a `bvec` weight, `determinant`, `inverse` and the
/// packing functions. Integers are computed as
/// integers (never through a float); the results are llvmpipe's (`ScalarSemantics`,
/// `LlvmpipeMath`), which the executor's kernels give too.
extension ConstantFolder {
    /// Folds `overload` when it is one of the functions above; nil for any other function,
    /// which the float table of `builtin` folds.
    ///
    /// - Parameter nativeIntegers: true in GLSL ES 3.00 and desktop 1.30+, where `ivec`
    ///   relational functions compare 32-bit values (in GLSL ES 1.00 ints are floats).
    static func nativeBuiltin(
        _ overload: BuiltinOverload, _ args: [ConstantValue], nativeIntegers: Bool
    ) -> ConstantValue? {
        let type = overload.returnType
        let n = type.componentCount
        /// Component `k` of argument `a`, broadcasting scalars.
        func at(_ a: Int, _ k: Int) -> ScalarValue {
            args[a].components.count == 1 ? args[a].components[0] : args[a].components[k]
        }
        func each(_ f: (Int) -> ScalarValue) -> ConstantValue {
            ConstantValue(type: type, components: (0..<n).map(f))
        }
        func float(_ g: (Float) -> Float) -> ConstantValue {
            each { .float(g(at(0, $0).floatValue)) }
        }
        let kind = args.first?.type.scalarKind
        let isInteger = kind == .uint || (kind == .int && nativeIntegers)
        switch overload.function {
        case .sinh: return float(LlvmpipeMath.sinh)
        case .cosh: return float(LlvmpipeMath.cosh)
        case .tanh: return float(LlvmpipeMath.tanh)
        case .asinh: return float(LlvmpipeMath.asinh)
        case .acosh: return float(LlvmpipeMath.acosh)
        case .atanh: return float(LlvmpipeMath.atanh)
        case .trunc: return float { $0.rounded(.towardZero) }
        // llvmpipe rounds halves to even for `round` too (GLSL lets either direction).
        case .round, .roundEven: return float { $0.rounded(.toNearestOrEven) }
        case .roundToFP16, .roundToFixed10:
            guard let format = overload.function.roundingFormat else { return nil }
            return float(format.round)
        case .truncateToFP16: return float(FloatFormat.truncateToHalf)
        case .isnan: return each { .bool(at(0, $0).floatValue.isNaN) }
        case .isinf: return each { .bool(at(0, $0).floatValue.isInfinite) }
        case .floatBitsToInt: return each { .int(Int32(bitPattern: at(0, $0).floatValue.bitPattern)) }
        case .floatBitsToUint: return each { .uint(at(0, $0).floatValue.bitPattern) }
        case .intBitsToFloat, .uintBitsToFloat: return each { .float(Float(bitPattern: at(0, $0).integerBits)) }
        case .mix where args.count == 3 && args[2].type.scalarKind == .bool:
            return each { at(2, $0).boolValue ? at(1, $0) : at(0, $0) }
        case .abs where isInteger:
            return each {
                let x = at(0, $0)
                guard case .int(let i) = x else { return x }
                return .int(i < 0 ? 0 &- i : i)
            }
        case .sign where isInteger:
            return each {
                let i = at(0, $0).intValue
                return .int(i > 0 ? 1 : (i < 0 ? -1 : 0))
            }
        case .min where isInteger: return each { integerLess(at(1, $0), at(0, $0)) ? at(1, $0) : at(0, $0) }
        case .max where isInteger: return each { integerLess(at(0, $0), at(1, $0)) ? at(1, $0) : at(0, $0) }
        case .clamp where isInteger:
            return each { k in
                let low = integerLess(at(0, k), at(1, k)) ? at(1, k) : at(0, k)
                return integerLess(at(2, k), low) ? at(2, k) : low
            }
        case .lessThan where isInteger: return each { .bool(integerLess(at(0, $0), at(1, $0))) }
        case .lessThanEqual where isInteger: return each { .bool(!integerLess(at(1, $0), at(0, $0))) }
        case .greaterThan where isInteger: return each { .bool(integerLess(at(1, $0), at(0, $0))) }
        case .greaterThanEqual where isInteger: return each { .bool(!integerLess(at(0, $0), at(1, $0))) }
        case .determinant, .inverse:
            guard case .matrix(let size, _) = args[0].type else { return nil }
            let m = args[0].components.map(\.floatValue)
            if overload.function == .determinant {
                return .float(floatCofactors.determinant(m, size: size))
            }
            return ConstantValue(type: type, components: floatCofactors.inverse(m, size: size).map { .float($0) })
        case .packSnorm2x16, .packUnorm2x16, .packHalf2x16:
            let function = overload.function
            func pack(_ c: Float) -> UInt32 {
                switch function {
                case .packSnorm2x16: ScalarSemantics.packSnorm16(c)
                case .packUnorm2x16: ScalarSemantics.packUnorm16(c)
                default: ScalarSemantics.packHalf(c)
                }
            }
            return .uint(pack(at(0, 0).floatValue) | pack(at(0, 1).floatValue) << 16)
        case .unpackSnorm2x16, .unpackUnorm2x16, .unpackHalf2x16:
            let function = overload.function
            func unpack(_ bits: UInt32) -> Float {
                switch function {
                case .unpackSnorm2x16: ScalarSemantics.unpackSnorm16(bits)
                case .unpackUnorm2x16: ScalarSemantics.unpackUnorm16(bits)
                default: ScalarSemantics.unpackHalf(bits)
                }
            }
            let word = at(0, 0).integerBits
            return ConstantValue(type: type, components: [.float(unpack(word)), .float(unpack(word >> 16))])
        // `modf` writes its second argument, so a call is never a constant expression.
        case .modf: return nil
        default: return nil
        }
    }

    /// `determinant` and `inverse` on floats, in llvmpipe's order (IEEE fp32, no FMA).
    static var floatCofactors: MatrixCofactors<Float> {
        MatrixCofactors(
            multiply: { $0 * $1 }, add: { $0 + $1 }, subtract: { $0 - $1 }, negate: { -$0 }, divide: { $0 / $1 })
    }

    /// `x < y` on two ints (signed) or two uints (unsigned).
    static func integerLess(_ x: ScalarValue, _ y: ScalarValue) -> Bool {
        switch (x, y) {
        case (.uint(let p), .uint(let q)): p < q
        default: x.intValue < y.intValue
        }
    }
}
