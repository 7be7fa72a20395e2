import Foundation
import Framebuffers
import Testing

/// The photos the formula tests filter, decoded once per process (160×120, from
/// `Tests/References/Inputs`): `coffee` is opaque, `ghost` has varying alpha.
enum FormulaInputs {
    nonisolated(unsafe) static let coffee = try! loadImage(
        "Tests/References/Inputs/coffee-160x120.png")
    nonisolated(unsafe) static let ghost = try! loadImage(
        "Tests/References/Inputs/ghost-160x120.png")
}

/// A texture as GL's sampler sees it, in Double: texel centres at (i + 0.5) / size,
/// clamp-to-edge addressing, nearest or bilinear filtering. Formula tests use it to state
/// neighbourhood filters (blurs, edges, distortions) independently of any shader.
struct ReferenceSampler {
    let texture: Texture

    init(_ texture: Texture) { self.texture = texture }

    var width: Int { texture.width }
    var height: Int { texture.height }

    /// The texel at integer coordinates, clamped to the edge, channels in 0...1.
    func texel(_ x: Int, _ y: Int) -> SIMD4<Double> {
        let p = texture.rgba8Pixel(
            x: min(max(x, 0), texture.width - 1), y: min(max(y, 0), texture.height - 1))
        return SIMD4<Double>(Double(p.x), Double(p.y), Double(p.z), Double(p.w)) / 255
    }

    /// Nearest filtering at a normalised coordinate.
    func nearest(_ u: Double, _ v: Double) -> SIMD4<Double> {
        texel(Int((u * Double(width)).rounded(.down)), Int((v * Double(height)).rounded(.down)))
    }

    /// Bilinear filtering at a normalised coordinate.
    func bilinear(_ u: Double, _ v: Double) -> SIMD4<Double> {
        let x = u * Double(width) - 0.5
        let y = v * Double(height) - 0.5
        let x0 = x.rounded(.down)
        let y0 = y.rounded(.down)
        let fx = x - x0
        let fy = y - y0
        let (i, j) = (Int(x0), Int(y0))
        let top = texel(i, j) * (1 - fx) + texel(i + 1, j) * fx
        let bottom = texel(i, j + 1) * (1 - fx) + texel(i + 1, j + 1) * fx
        return top * (1 - fy) + bottom * fy
    }
}

/// Where a formula is evaluated: the pixel's integer coordinates, its centre in normalised
/// texture coordinates, and the size of the output.
struct FormulaPixel {
    var x: Int
    var y: Int
    var width: Int
    var height: Int
    /// The fragment centre as a texture coordinate: ((x + 0.5) / width, (y + 0.5) / height).
    var u: Double { (Double(x) + 0.5) / Double(width) }
    var v: Double { (Double(y) + 0.5) / Double(height) }
}

/// Expects `actual` to be `formula` evaluated at every pixel, converted to 8 bits with GL's
/// clamping and rounding, within `tolerance` steps (1 by default) on every channel. At most
/// `allowedOff` pixels may differ by more (for formulas with discontinuities, such as a
/// threshold, where float and Double round differently exactly at the step); say why in `name`.
func expectFormula(
    _ actual: Texture, _ name: String, tolerance: Int = 1, allowedOff: Int = 0,
    sourceLocation: SourceLocation = #_sourceLocation,
    formula: (FormulaPixel) -> SIMD4<Double>
) {
    var expected = [UInt8](repeating: 0, count: actual.width * actual.height * 4)
    for y in 0..<actual.height {
        for x in 0..<actual.width {
            let value = formula(FormulaPixel(x: x, y: y, width: actual.width, height: actual.height))
            for c in 0..<4 {
                let clamped = value[c].isNaN ? 0 : min(max(value[c], 0), 1)
                expected[(y * actual.width + x) * 4 + c] = UInt8((clamped * 255).rounded())
            }
        }
    }
    let difference = compare(
        actual, Texture(width: actual.width, height: actual.height, rgba8: expected),
        tolerance: tolerance)
    #expect(
        difference.pixelsOff <= allowedOff, "\(name): \(difference)",
        sourceLocation: sourceLocation)
}

/// Expects `actual` to be the point-wise `formula` of the input pixels at the same
/// coordinates (channels in 0...1), as `expectFormula(_:_:formula:)` does.
func expectFormula(
    _ actual: Texture, inputs: [Texture], _ name: String, tolerance: Int = 1,
    allowedOff: Int = 0, sourceLocation: SourceLocation = #_sourceLocation,
    formula: ([SIMD4<Double>]) -> SIMD4<Double>
) {
    let samplers = inputs.map(ReferenceSampler.init)
    expectFormula(
        actual, name, tolerance: tolerance, allowedOff: allowedOff,
        sourceLocation: sourceLocation
    ) { p in
        formula(samplers.map { $0.texel(p.x, p.y) })
    }
}

// MARK: The texture unit's fixed-point filter

extension ReferenceSampler {
    /// Bilinear filtering as a GL texture unit does it on an RGBA8 texture in fixed point (Mesa
    /// llvmpipe, which rendered the references): x = u W - 0.5, the sub-texel weight rounded to
    /// 1/256 (ties to even; 256 takes all of the next texel), each lerp a + ((b - a) w + 128)
    /// >> 8 on the bytes (x first, then y), and an 8-bit result. `bilinear(_:_:)` is the exact
    /// filter; use this one where a formula amplifies the last bit of a sample (a square root
    /// near 0, a nearest-colour choice), so that the sampler's rounding, which is not the
    /// filter's maths, does not show as a difference.
    func bilinearRGBA8(_ u: Double, _ v: Double) -> SIMD4<Double> {
        func split(_ t: Double, _ size: Int) -> (index: Int, weight: Int) {
            let x = t * Double(size) - 0.5
            let index = x.rounded(.down)
            let weight = Int(((x - index) * 256).rounded(.toNearestOrEven))
            return weight == 256 ? (Int(index) + 1, 0) : (Int(index), weight)
        }
        let (i, wx) = split(u, width)
        let (j, wy) = split(v, height)
        func byte(_ x: Int, _ y: Int) -> SIMD4<Int> {
            let t = texel(x, y) * 255
            return SIMD4(
                Int(t.x.rounded()), Int(t.y.rounded()), Int(t.z.rounded()), Int(t.w.rounded()))
        }
        func lerp(_ a: SIMD4<Int>, _ b: SIMD4<Int>, _ w: Int) -> SIMD4<Int> {
            a &+ (((b &- a) &* w &+ 128) &>> 8)
        }
        let top = lerp(byte(i, j), byte(i + 1, j), wx)
        let bottom = lerp(byte(i, j + 1), byte(i + 1, j + 1), wx)
        let c = lerp(top, bottom, wy)
        return SIMD4(Double(c.x), Double(c.y), Double(c.z), Double(c.w)) / 255
    }
}
