import Foundation
import Framebuffers
import ImageGraph
import Testing

/// The generators (no inputs, `output: given`) against their header formulas in Double, at
/// their default size and at other sizes. Positions are pixel centres: p = (x + 0.5, y + 0.5)
/// in pixels, or (u, v) in texture coordinates, y down.
@Suite("Generators against independent formulas")
struct GeneratorFormulaTests {
    // MARK: Fills

    @Test("solid colour fills the frame with its colour")
    func solidColor() throws {
        let cases: [(Color, ImageSize?)] = [
            (Color(red: 0.2, green: 0.45, blue: 0.8, alpha: 0.35), nil),
            (Color(red: 0.72, green: 0.05, blue: 0.33, alpha: 1), ImageSize(width: 33, height: 17)),
        ]
        for (color, size) in cases {
            let solid = SolidColor(color: color)
            solid.outputSize = size
            let output = try solid.apply(to: [])
            expectSize(output, size)
            // No channel of these colours is within a rounding error of a half step (x.5 / 255),
            // so the fill must be exact.
            expectFormula(output, "solidColor \(color)", tolerance: 0) { _ in rgba(color) }
        }
        // The default colour is opaque black.
        let black = try SolidColor().apply(to: [])
        expectFormula(black, "solidColor default", tolerance: 0) { _ in SIMD4(0, 0, 0, 1) }
    }

    @Test("checkerboard alternates color0 and color1 squares from center")
    func checkerboard() throws {
        typealias Setting = (
            center: SIMD2<Float>, squareSize: Float, color0: Color, color1: Color, size: ImageSize?
        )
        let settings: [Setting] = [
            (SIMD2(0.5, 0.5), 16, .white, .black, nil),  // the defaults
            (
                SIMD2(0.3, 0.7), 10, Color(red: 0.9, green: 0.5, blue: 0.1, alpha: 0.8),
                Color(red: 0.1, green: 0.2, blue: 0.7, alpha: 0.4),
                ImageSize(width: 100, height: 70)
            ),
            (SIMD2(0.5, 0.5), 12, .red, .blue, ImageSize(width: 160, height: 120)),
        ]
        for s in settings {
            let filter = Checkerboard(
                center: s.center, squareSize: s.squareSize, color0: s.color0, color1: s.color1)
            filter.outputSize = s.size
            let output = try filter.apply(to: [])
            expectSize(output, s.size)
            expectFormula(output, "checkerboard \(s)") { p in
                let kx = ((Double(p.x) + 0.5 - Double(s.center.x) * Double(p.width))
                    / Double(s.squareSize)).rounded(.down)
                let ky = ((Double(p.y) + 0.5 - Double(s.center.y) * Double(p.height))
                    / Double(s.squareSize)).rounded(.down)
                return glslMod(kx + ky, 2) == 0 ? rgba(s.color0) : rgba(s.color1)
            }
        }
    }

    // MARK: Gradients

    @Test("linear gradient projects onto the start-end axis in pixels")
    func linearGradient() throws {
        typealias Setting = (
            start: SIMD2<Float>, end: SIMD2<Float>, startColor: Color, endColor: Color,
            size: ImageSize?
        )
        let settings: [Setting] = [
            (SIMD2(0, 0), SIMD2(1, 1), .white, .black, nil),  // the defaults
            (
                SIMD2(0.2, 0.8), SIMD2(0.7, 0.1), Color(red: 0.9, green: 0.1, blue: 0.3, alpha: 1),
                Color(red: 0.1, green: 0.8, blue: 0.6, alpha: 0.3),
                ImageSize(width: 90, height: 150)
            ),
        ]
        for s in settings {
            let filter = LinearGradient(
                startPoint: s.start, endPoint: s.end, startColor: s.startColor,
                endColor: s.endColor)
            filter.outputSize = s.size
            let output = try filter.apply(to: [])
            expectSize(output, s.size)
            expectFormula(output, "linearGradient \(s)") { p in
                let size = SIMD2(Double(p.width), Double(p.height))
                let a = SIMD2(Double(s.start.x), Double(s.start.y)) * size
                let b = SIMD2(Double(s.end.x), Double(s.end.y)) * size
                let position = SIMD2(Double(p.x) + 0.5, Double(p.y) + 0.5)
                let axis = b - a
                let t = min(max(((position - a) * axis).sum() / (axis * axis).sum(), 0), 1)
                return mix(rgba(s.startColor), rgba(s.endColor), t)
            }
        }
    }

    @Test("radial gradient ramps from radius0 to radius1 in units of the width")
    func radialGradient() throws {
        typealias Setting = (
            center: SIMD2<Float>, radius0: Float, radius1: Float, color0: Color, color1: Color,
            size: ImageSize?
        )
        let settings: [Setting] = [
            (SIMD2(0.5, 0.5), 0, 0.5, .white, .black, nil),  // the defaults
            (
                SIMD2(0.3, 0.4), 0.1, 0.6, Color(red: 0.2, green: 0.9, blue: 0.4, alpha: 0.9),
                Color(red: 0.8, green: 0.1, blue: 0.5, alpha: 0.2),
                ImageSize(width: 200, height: 100)
            ),
        ]
        for s in settings {
            let filter = RadialGradient(
                center: s.center, radius0: s.radius0, radius1: s.radius1, color0: s.color0,
                color1: s.color1)
            filter.outputSize = s.size
            let output = try filter.apply(to: [])
            expectSize(output, s.size)
            expectFormula(output, "radialGradient \(s)") { p in
                // Circles: the vertical distance in units of the width.
                let dx = p.u - Double(s.center.x)
                let dy = (p.v - Double(s.center.y)) * Double(p.height) / Double(p.width)
                let d = (dx * dx + dy * dy).squareRoot()
                let (r0, r1) = (Double(s.radius0), Double(s.radius1))
                let t = min(max((d - r0) / (r1 - r0), 0), 1)
                return mix(rgba(s.color0), rgba(s.color1), t)
            }
        }
    }

    @Test("Perlin noise: hashed lattice gradients, quintic fade, mapped to a colour ramp")
    func perlinNoise() throws {
        typealias Setting = (start: Color, finish: Color, scale: Float, size: ImageSize?)
        let settings: [Setting] = [
            (.black, .white, 8, nil),  // the defaults
            (
                Color(red: 0.9, green: 0.2, blue: 0.1, alpha: 1),
                Color(red: 0.1, green: 0.3, blue: 0.8, alpha: 0.5), 5.5,
                ImageSize(width: 100, height: 70)
            ),
            (.black, .white, 23, ImageSize(width: 128, height: 128)),
        ]
        for s in settings {
            let filter = PerlinNoise(colorStart: s.start, colorFinish: s.finish, scale: s.scale)
            filter.outputSize = s.size
            let output = try filter.apply(to: [])
            expectSize(output, s.size)
            let scale = Double(s.scale)
            expectFormula(output, "perlinNoise \(s)") { p in
                let x = SIMD2(p.u, p.v) * scale
                let c = x.rounded(.down)
                let f = x - c
                let fade = f * f * f * (f * (f * 6 - 15) + 10)
                func corner(_ dx: Double, _ dy: Double) -> Double {
                    let g = perlinGradient(c + SIMD2(dx, dy))
                    return (g * (f - SIMD2(dx, dy))).sum()
                }
                let top = corner(0, 0) + (corner(1, 0) - corner(0, 0)) * fade.x
                let bottom = corner(0, 1) + (corner(1, 1) - corner(0, 1)) * fade.x
                let n = top + (bottom - top) * fade.y
                let v = min(max(0.5 + 0.5.squareRoot() * n, 0), 1)
                return mix(rgba(s.start), rgba(s.finish), v)
            }
        }
    }

    // MARK: Shapes

    @Test("ellipse covers clamp(0.5 - s) with s the first-order distance to the outline")
    func ellipse() throws {
        typealias Setting = (
            center: SIMD2<Float>, radii: SIMD2<Float>, fill: Color, background: Color,
            size: ImageSize?
        )
        let settings: [Setting] = [
            (SIMD2(0.5, 0.5), SIMD2(0.3, 0.3), .white, .transparent, nil),  // the defaults
            (
                SIMD2(0.5, 0.5), SIMD2(0.4, 0.25), Color(red: 0.1, green: 0.6, blue: 0.9, alpha: 1),
                .transparent, nil
            ),  // the header's example
            (
                SIMD2(0.4, 0.55), SIMD2(0.3, 0.2),
                Color(red: 0.9, green: 0.8, blue: 0.1, alpha: 0.7),
                Color(red: 0.2, green: 0.3, blue: 0.5, alpha: 0.6),
                ImageSize(width: 120, height: 90)
            ),
        ]
        for s in settings {
            let filter = Ellipse(
                center: s.center, radii: s.radii, fillColor: s.fill, backgroundColor: s.background)
            filter.outputSize = s.size
            let output = try filter.apply(to: [])
            expectSize(output, s.size)
            expectFormula(output, "ellipse \(s)") { p in
                let size = SIMD2(Double(p.width), Double(p.height))
                let r = SIMD2(Double(s.radii.x), Double(s.radii.y)) * size
                let centre = SIMD2(Double(s.center.x), Double(s.center.y)) * size
                let v = (SIMD2(Double(p.x) + 0.5, Double(p.y) + 0.5) - centre) / r
                // f(p) = |v| - 1 divided by |grad f| = |v / r| (at the centre, minus the
                // smaller radius).
                let gradient = length(v / r)
                let distance = gradient > 0 ? (length(v) - 1) / gradient : -min(r.x, r.y)
                return sourceOver(
                    rgba(s.fill), coverage: min(max(0.5 - distance, 0), 1), rgba(s.background))
            }
        }
    }

    @Test("rectangle covers clamp(0.5 - s) with s the signed distance to the rounded box")
    func rectangle() throws {
        typealias Setting = (
            rect: SIMD4<Float>, cornerRadius: Float, fill: Color, background: Color,
            size: ImageSize?
        )
        let settings: [Setting] = [
            (SIMD4(0.25, 0.25, 0.5, 0.5), 0, .white, .transparent, nil),  // the defaults
            (
                SIMD4(0.25, 0.25, 0.5, 0.5), 12, Color(red: 0.9, green: 0.3, blue: 0.1, alpha: 0.8),
                .transparent, nil
            ),  // the header's example
            (
                SIMD4(0.1, 0.3, 0.63, 0.37), 7.5, Color(red: 0.2, green: 0.7, blue: 0.4, alpha: 1),
                Color(red: 0.9, green: 0.9, blue: 0.8, alpha: 0.5),
                ImageSize(width: 130, height: 95)
            ),
            // A corner radius beyond half the height makes a stadium.
            (SIMD4(0.2, 0.4, 0.6, 0.2), 1000, .red, .blue, nil),
        ]
        for s in settings {
            let filter = Rectangle(
                rect: s.rect, cornerRadius: s.cornerRadius, fillColor: s.fill,
                backgroundColor: s.background)
            filter.outputSize = s.size
            let output = try filter.apply(to: [])
            expectSize(output, s.size)
            expectFormula(output, "rectangle \(s)") { p in
                let size = SIMD2(Double(p.width), Double(p.height))
                let origin = SIMD2(Double(s.rect.x), Double(s.rect.y)) * size
                let half = SIMD2(Double(s.rect.z), Double(s.rect.w)) * size / 2
                let r = min(Double(s.cornerRadius), half.min())
                // From the box's centre, folded into the first quadrant; the rounded box is the
                // box shrunk by r, grown by a disc of radius r.
                let position = SIMD2(Double(p.x) + 0.5, Double(p.y) + 0.5) - origin - half
                let q = SIMD2(abs(position.x), abs(position.y)) - (half - r)
                let outside = length(SIMD2(max(q.x, 0), max(q.y, 0)))
                let inside = min(max(q.x, q.y), 0)
                let distance = outside + inside - r
                return sourceOver(
                    rgba(s.fill), coverage: min(max(0.5 - distance, 0), 1), rgba(s.background))
            }
        }
    }

    @Test("polygon covers clamp(0.5 - s) with s the signed edge distance, even-odd inside")
    func polygon() throws {
        let pentagon: [SIMD2<Float>] = [
            SIMD2(0.5, 0.1), SIMD2(0.880423, 0.376393), SIMD2(0.735114, 0.823607),
            SIMD2(0.264886, 0.823607), SIMD2(0.119577, 0.376393),
        ]
        // The pentagon's vertices in star order: a pentagram whose middle is outside by the
        // even-odd rule.
        let pentagram = [0, 2, 4, 1, 3].map { pentagon[$0] }
        let quadrilateral: [SIMD2<Float>] = [
            SIMD2(0.05, 0.2), SIMD2(0.9, 0.05), SIMD2(0.6, 0.5), SIMD2(0.8, 0.95),
        ]
        let cases: [(String, [SIMD2<Float>], Color, Color, ImageSize?)] = [
            ("default pentagon", pentagon, .white, .transparent, nil),
            (
                "pentagram", pentagram, Color(red: 0.9, green: 0.7, blue: 0.1, alpha: 0.9),
                Color(red: 0.1, green: 0.1, blue: 0.3, alpha: 1), nil
            ),
            (
                "concave quadrilateral", quadrilateral, Color(red: 0.3, green: 0.8, blue: 0.9),
                Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.4),
                ImageSize(width: 110, height: 80)
            ),
        ]
        for (name, vertices, fill, background, size) in cases {
            let filter = Polygon(
                vertices: vertices, vertexCount: vertices.count, fillColor: fill,
                backgroundColor: background)
            filter.outputSize = size
            let output = try filter.apply(to: [])
            expectSize(output, size)
            expectFormula(output, "polygon \(name)") { p in
                let scale = SIMD2(Double(p.width), Double(p.height))
                let points = vertices.map { SIMD2(Double($0.x), Double($0.y)) * scale }
                let position = SIMD2(Double(p.x) + 0.5, Double(p.y) + 0.5)
                var nearest = Double.infinity
                var inside = false
                for (k, b) in points.enumerated() {
                    let a = points[(k + points.count - 1) % points.count]
                    let edge = b - a
                    let t = min(max(((position - a) * edge).sum() / (edge * edge).sum(), 0), 1)
                    nearest = min(nearest, length(position - a - t * edge))
                    // Even-odd: count crossings of the ray from the point towards +x.
                    if (a.y > position.y) != (b.y > position.y) {
                        let crossing = a.x + (position.y - a.y) * edge.x / edge.y
                        if position.x < crossing { inside.toggle() }
                    }
                }
                let distance = inside ? -nearest : nearest
                return sourceOver(
                    rgba(fill), coverage: min(max(0.5 - distance, 0), 1), rgba(background))
            }
        }
    }
}

// MARK: Formulas shared by several tests

/// Expects a generator's output to have the size it was given, or the headers' default 160x120.
func expectSize(
    _ output: Texture, _ given: ImageSize?, sourceLocation: SourceLocation = #_sourceLocation
) {
    let size = given ?? ImageSize(width: 160, height: 120)
    #expect(
        output.width == size.width && output.height == size.height,
        "\(output.width)x\(output.height), expected \(size)", sourceLocation: sourceLocation)
}

/// Straight-alpha `colour` with coverage k source-over `background`: a = colour.a k,
/// alpha = a + background.a (1 - a), rgb = (a colour.rgb + (1 - a) background.a
/// background.rgb) / alpha; where alpha is 0 the colour's rgb (the limit over a transparent
/// background, where the rgb is colour.rgb for any a > 0).
func sourceOver(
    _ colour: SIMD4<Double>, coverage k: Double, _ background: SIMD4<Double>
) -> SIMD4<Double> {
    let a = colour.w * k
    let alpha = a + background.w * (1 - a)
    guard alpha > 0 else { return SIMD4(colour.x, colour.y, colour.z, 0) }
    let rgb = (a * colour + (1 - a) * background.w * background) / alpha
    return SIMD4(rgb.x, rgb.y, rgb.z, alpha)
}

/// perlinNoise's gradient at lattice point c: (cos a, sin a) with a = (pi / 4) floor(8 h(c)).
/// The hash h is specified in IEEE fp32 with a fixed order of operations, so it is computed in
/// Float, operation by operation as the header writes it: q = fract(c (0.1031, 0.1137));
/// q += q.x (q.y + 19.19) + q.y (q.x + 19.19); h = fract((q.x + q.y) q.x).
func perlinGradient(_ c: SIMD2<Double>) -> SIMD2<Double> {
    func fract(_ v: Float) -> Float { v - v.rounded(.down) }
    let cx = Float(c.x), cy = Float(c.y)
    var qx = fract(cx * Float(0.1031))
    var qy = fract(cy * Float(0.1137))
    let left = qx * (qy + Float(19.19))
    let right = qy * (qx + Float(19.19))
    let shift = left + right
    qx += shift
    qy += shift
    let h = fract((qx + qy) * qx)
    let a = Double.pi / 4 * Double((8 * h).rounded(.down))
    return SIMD2(cos(a), sin(a))
}
