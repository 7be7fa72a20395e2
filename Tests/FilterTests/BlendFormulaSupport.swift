import Foundation
import Framebuffers
import ImageGraph
import Testing

// Plain-Swift (Double) statements of the compositing and blending formulas the blend and colour
// filters' headers cite, written from the W3C Compositing and Blending Level 1 spec
// (https://www.w3.org/TR/compositing-1/) and Porter and Duff's operators, not from any shader.

/// Inputs the colour and blend formula tests use besides `FormulaInputs`.
enum BlendInputs {
    /// The coffee crop with alpha = round(255 (1 - x / 159)): opaque at the left edge,
    /// transparent at the right (`Tests/References/README.md`), so a base or destination with
    /// every alpha from 0 to 1 is exercised.
    static let coffeeRamp = try! loadImage("Tests/References/Inputs/coffee-ramp-160x120.png")
    /// The 512×512 teal-and-orange grading LUT in GPUImage's layout.
    static let lookupTable = try! loadImage("Tests/References/Inputs/lookup-512.png")
}

/// The (base, overlay) pairs a two-input filter is checked on: input 1 at texture location 0,
/// input 2 at location 1.
enum BlendPair: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// The references' pair: an opaque base under an overlay with opaque, soft-edged and
    /// transparent parts.
    case coffeeUnderGhost
    /// A base whose alpha falls from 1 to 0 across the image, under the same overlay: every
    /// combination of a_b and a_s.
    case rampUnderGhost
    /// The roles swapped, so a formula that confuses base and overlay shows.
    case ghostUnderRamp

    var inputs: [Texture] {
        switch self {
        case .coffeeUnderGhost: [FormulaInputs.coffee, FormulaInputs.ghost]
        case .rampUnderGhost: [BlendInputs.coffeeRamp, FormulaInputs.ghost]
        case .ghostUnderRamp: [FormulaInputs.ghost, BlendInputs.coffeeRamp]
        }
    }

    var testDescription: String { rawValue }
}

/// GLSL-style helpers in Double for the formula tests (a namespace, so that other test files'
/// helpers cannot clash with them).
enum ColorMath {
    /// Red, green and blue of a colour.
    static func rgb(_ c: SIMD4<Double>) -> SIMD3<Double> { SIMD3(c.x, c.y, c.z) }

    /// Red, green and blue of a parameter colour.
    static func rgb(_ color: Color) -> SIMD3<Double> {
        SIMD3(Double(color.red), Double(color.green), Double(color.blue))
    }

    /// BT.601 chroma (Cb, Cr): Cb = (B - Y) / 1.772, Cr = (R - Y) / 1.402 with
    /// Y = 0.299 R + 0.587 G + 0.114 B (so Cb and Cr span -0.5...0.5).
    static func chroma(_ rgb: SIMD3<Double>) -> SIMD2<Double> {
        let y = 0.299 * rgb.x + 0.587 * rgb.y + 0.114 * rgb.z
        return SIMD2((rgb.z - y) / 1.772, (rgb.x - y) / 1.402)
    }

    /// A straight-alpha colour from an RGB triple and an alpha.
    static func rgba(_ rgb: SIMD3<Double>, _ alpha: Double) -> SIMD4<Double> {
        SIMD4(rgb.x, rgb.y, rgb.z, alpha)
    }

    /// GLSL's `mix`: a (1 - t) + b t.
    static func mix<V: SIMD>(_ a: V, _ b: V, _ t: Double) -> V where V.Scalar == Double {
        a * (1 - t) + b * t
    }

    /// GLSL's `mix` on scalars.
    static func mix(_ a: Double, _ b: Double, _ t: Double) -> Double { a * (1 - t) + b * t }

    /// GLSL's `smoothstep` (for e0 < e1).
    static func smoothstep(_ e0: Double, _ e1: Double, _ x: Double) -> Double {
        let t = min(max((x - e0) / (e1 - e0), 0), 1)
        return t * t * (3 - 2 * t)
    }

    /// GLSL's `step`: 0 below the edge, 1 at or above it.
    static func step(_ edge: Double, _ x: Double) -> Double { x < edge ? 0 : 1 }

    /// Rec. 709 luma with the weights the colour filters' headers give, (0.2125, 0.7154, 0.0721).
    static func luma(_ c: SIMD4<Double>) -> Double { 0.2125 * c.x + 0.7154 * c.y + 0.0721 * c.z }
}

/// The W3C spec's general compositing formula with source-over (Fa = 1, Fb = 1 - a_s) and a
/// blend function: the source's colour is first replaced by (1 - a_b) C_s + a_b B(C_b, C_s),
/// so co = a_s (1 - a_b) C_s + a_s a_b B + (1 - a_s) a_b C_b, ao = a_s + a_b (1 - a_s), and the
/// result is returned straight (co / ao), transparent black where ao = 0.
func sourceOver(base b: SIMD4<Double>, overlay s: SIMD4<Double>, blended: SIMD3<Double>)
    -> SIMD4<Double>
{
    let alpha = s.w + b.w * (1 - s.w)
    guard alpha > 0 else { return .zero }
    let premultiplied =
        s.w * (1 - b.w) * ColorMath.rgb(s) + s.w * b.w * blended + (1 - s.w) * b.w
        * ColorMath.rgb(b)
    return ColorMath.rgba(premultiplied / alpha, alpha)
}

/// A separable blend mode B(C_b, C_s), applied to red, green and blue independently, then
/// composited source-over.
func separableBlend(
    base: SIMD4<Double>, overlay: SIMD4<Double>, _ mode: (_ cb: Double, _ cs: Double) -> Double
) -> SIMD4<Double> {
    let blended = SIMD3(mode(base.x, overlay.x), mode(base.y, overlay.y), mode(base.z, overlay.z))
    return sourceOver(base: base, overlay: overlay, blended: blended)
}

/// Porter and Duff's operators on straight-alpha colours: with source fraction Fs and
/// destination fraction Fd, ao = Fs a_s + Fd a_d, co = (Fs a_s C_s + Fd a_d C_d) / ao,
/// transparent black where ao = 0.
func porterDuff(
    destination d: SIMD4<Double>, source s: SIMD4<Double>, fs: Double, fd: Double
) -> SIMD4<Double> {
    let alpha = fs * s.w + fd * d.w
    guard alpha > 0 else { return .zero }
    return ColorMath.rgba(
        (fs * s.w * ColorMath.rgb(s) + fd * d.w * ColorMath.rgb(d)) / alpha, alpha)
}

/// The non-separable blend helpers of W3C Compositing and Blending §10.2, as the spec writes
/// them (Lum weights 0.3, 0.59, 0.11).
enum NonSeparable {
    static func lum(_ c: SIMD3<Double>) -> Double { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }

    static func clipColor(_ c: SIMD3<Double>) -> SIMD3<Double> {
        let l = lum(c)
        let n = min(c.x, c.y, c.z)
        let x = max(c.x, c.y, c.z)
        var c = c
        if n < 0 {
            c = SIMD3(repeating: l) + (c - SIMD3(repeating: l)) * l / (l - n)
        }
        if x > 1 {
            c = SIMD3(repeating: l) + (c - SIMD3(repeating: l)) * (1 - l) / (x - l)
        }
        return c
    }

    static func setLum(_ c: SIMD3<Double>, _ l: Double) -> SIMD3<Double> {
        clipColor(c + SIMD3(repeating: l - lum(c)))
    }

    static func sat(_ c: SIMD3<Double>) -> Double { max(c.x, c.y, c.z) - min(c.x, c.y, c.z) }

    /// The spec's SetSat: with C_max, C_mid and C_min the largest, middle and smallest
    /// components, C_mid = (C_mid - C_min) s / (C_max - C_min) and C_max = s when
    /// C_max > C_min (else both 0), and C_min = 0.
    static func setSat(_ c: SIMD3<Double>, _ s: Double) -> SIMD3<Double> {
        let order = [0, 1, 2].sorted { c[$0] < c[$1] }
        let (iMin, iMid, iMax) = (order[0], order[1], order[2])
        var result = SIMD3<Double>.zero
        if c[iMax] > c[iMin] {
            result[iMid] = (c[iMid] - c[iMin]) * s / (c[iMax] - c[iMin])
            result[iMax] = s
        }
        result[iMin] = 0
        return result
    }
}
