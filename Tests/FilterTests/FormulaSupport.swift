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
