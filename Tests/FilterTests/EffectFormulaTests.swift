import Foundation
import Framebuffers
import ImageGraph
import Testing

/// The effect filters (distortions, stylisations, photo looks) against their header formulas,
/// computed in Double over `ReferenceSampler`, independent of any shader. Distances of the
/// distortions are in units of the image width: a vector (du, dv) in texture units is
/// (du, dv · H / W) in those units.
@Suite("Effect filters against independent formulas")
struct EffectFormulaTests {
    let coffee = FormulaInputs.coffee
    let ghost = FormulaInputs.ghost

    // MARK: Distortions

    @Test("bulge scales v by (1 - ((radius - d) / radius) scale)^2 inside the radius")
    func bulgeDistortion() throws {
        let settings: [(center: SIMD2<Float>, radius: Float, scale: Float)] = [
            (SIMD2(0.5, 0.5), 0.25, 0.5),  // the defaults
            (SIMD2(0.4, 0.6), 0.35, 0.9),
            (SIMD2(0.6, 0.3), 0.3, -0.6),  // negative scale pinches
        ]
        for s in settings {
            let output = try BulgeDistortion(center: s.center, radius: s.radius, scale: s.scale)
                .apply(to: [ghost])
            let input = ReferenceSampler(ghost)
            let (radius, scale) = (Double(s.radius), Double(s.scale))
            expectFormula(output, "bulgeDistortion \(s)") { p in
                radialDistortion(p, input, center: s.center) { v in
                    let d = length(v)
                    guard d < radius else { return v }
                    let k = 1 - (radius - d) / radius * scale
                    return v * k * k
                }
            }
        }
    }

    @Test("pinch scales v by 1 + scale (1 - d / radius)^2 inside the radius")
    func pinchDistortion() throws {
        let settings: [(center: SIMD2<Float>, radius: Float, scale: Float)] = [
            (SIMD2(0.5, 0.5), 1.0, 0.5),  // the defaults
            (SIMD2(0.3, 0.6), 0.4, 1.2),
            (SIMD2(0.55, 0.45), 0.5, -0.7),  // negative scale bulges
        ]
        for s in settings {
            let output = try PinchDistortion(center: s.center, radius: s.radius, scale: s.scale)
                .apply(to: [ghost])
            let input = ReferenceSampler(ghost)
            let (radius, scale) = (Double(s.radius), Double(s.scale))
            expectFormula(output, "pinchDistortion \(s)") { p in
                radialDistortion(p, input, center: s.center) { v in
                    let d = length(v)
                    guard d < radius else { return v }
                    let t = 1 - d / radius
                    return v * (1 + scale * t * t)
                }
            }
        }
    }

    @Test("swirl turns v counter-clockwise by angle ((radius - d) / radius)^2")
    func swirlDistortion() throws {
        let settings: [(center: SIMD2<Float>, radius: Float, angle: Float)] = [
            (SIMD2(0.5, 0.5), 0.5, 3.14159),  // the defaults
            (SIMD2(0.35, 0.55), 0.3, -5),
        ]
        for s in settings {
            let output = try SwirlDistortion(center: s.center, radius: s.radius, angle: s.angle)
                .apply(to: [ghost])
            let input = ReferenceSampler(ghost)
            let (radius, angle) = (Double(s.radius), Double(s.angle))
            expectFormula(output, "swirlDistortion \(s)") { p in
                radialDistortion(p, input, center: s.center) { v in
                    let d = length(v)
                    guard d < radius else { return v }
                    let t = (radius - d) / radius
                    let a = angle * t * t
                    // Counter-clockwise as seen in the y-down image: (1, 0) turns towards (0, -1).
                    return SIMD2(cos(a) * v.x + sin(a) * v.y, -sin(a) * v.x + cos(a) * v.y)
                }
            }
        }
    }

    @Test("stretch maps n = 2 (u - center) to (n.x |n.x|, n.y)")
    func stretchDistortion() throws {
        for center in [SIMD2<Float>(0.5, 0.5), SIMD2(0.3, 0.6)] {
            let output = try StretchDistortion(center: center).apply(to: [ghost])
            let input = ReferenceSampler(ghost)
            let (cx, cy) = (Double(center.x), Double(center.y))
            expectFormula(output, "stretchDistortion \(center)") { p in
                let nx = 2 * (p.u - cx)
                let ny = 2 * (p.v - cy)
                return input.bilinear(cx + nx * abs(nx) / 2, cy + ny / 2)
            }
        }
    }

    @Test("sphere refraction samples along the ray refracted by a glass ball")
    func sphereRefraction() throws {
        let settings: [(center: SIMD2<Float>, radius: Float, index: Float)] = [
            (SIMD2(0.5, 0.5), 0.25, 0.71),  // the defaults
            (SIMD2(0.4, 0.55), 0.4, 0.9),
            (SIMD2(0.6, 0.4), 0.3, 0.3),  // total internal reflection near the rim
        ]
        for s in settings {
            let output = try SphereRefraction(
                center: s.center, radius: s.radius, refractiveIndex: s.index
            ).apply(to: [ghost])
            let input = ReferenceSampler(ghost)
            // Pixels within a rounding error of the disc's rim may go either way.
            expectFormula(output, "sphereRefraction \(s) (rim ties)", allowedOff: 4) { p in
                guard
                    let sphere = SpherePoint(
                        p, center: s.center, radius: s.radius, index: s.index)
                else { return .zero }
                return input.bilinear(sphere.sample.x, sphere.sample.y)
            }
        }
    }

    @Test("glass sphere lights the refracted colour: dim rim, diffuse glow, highlight")
    func glassSphere() throws {
        let settings: [(center: SIMD2<Float>, radius: Float, index: Float)] = [
            (SIMD2(0.5, 0.5), 0.25, 0.71),  // the defaults
            (SIMD2(0.45, 0.5), 0.4, 0.5),
        ]
        let light = SIMD3<Double>(-1, -1, 2) / 6.0.squareRoot()
        for s in settings {
            let output = try GlassSphere(
                center: s.center, radius: s.radius, refractiveIndex: s.index
            ).apply(to: [ghost])
            let input = ReferenceSampler(ghost)
            // Pixels within a rounding error of the disc's rim may go either way.
            expectFormula(output, "glassSphere \(s) (rim ties)", allowedOff: 4) { p in
                guard
                    let sphere = SpherePoint(
                        p, center: s.center, radius: s.radius, index: s.index)
                else { return .zero }
                // The sample as the RGBA8 texture unit returns it (8 bits): the light is added
                // to it, so the sampler's rounding and the output's would otherwise add up.
                let c = input.bilinearRGBA8(sphere.sample.x, sphere.sample.y)
                let n = sphere.normal
                let rim = smoothstep(0.85, 1, length(SIMD2(n.x, n.y)))
                let nl = (n * light).sum()
                // reflect(-l, n) = -l + 2 (n . l) n; only its z matters.
                let reflectedZ = -light.z + 2 * nl * n.z
                let lift = 0.15 * max(nl, 0) + 0.8 * pow(max(reflectedZ, 0), 24)
                let dim = 1 - 0.35 * rim
                return SIMD4(c.x * dim + lift, c.y * dim + lift, c.z * dim + lift, c.w)
            }
        }
    }

    // MARK: Blocks and dots

    @Test("pixellate takes each block's colour at its centre", arguments: [0.05, 0.03, 0.0])
    func pixellate(fraction: Double) throws {
        let output = try Pixellate(fractionalWidthOfPixel: Float(fraction)).apply(to: [coffee])
        let input = ReferenceSampler(coffee)
        let f = Double(Float(fraction))
        expectFormula(output, "pixellate \(fraction)") { p in
            guard f > 0 else { return input.texel(p.x, p.y) }
            let block = SIMD2(f, f * Double(p.width) / Double(p.height))
            let centre = block * ((SIMD2(p.u, p.v) / block).rounded(.down) + 0.5)
            return input.bilinear(centre.x, centre.y)
        }
    }

    @Test("polar pixellate snaps radius and angle around center")
    func polarPixellate() throws {
        let settings: [(center: SIMD2<Float>, size: SIMD2<Float>)] = [
            (SIMD2(0.5, 0.5), SIMD2(0.05, 0.05)),  // the defaults
            (SIMD2(0.4, 0.6), SIMD2(0.08, 0.03)),
        ]
        for s in settings {
            let output = try PolarPixellate(center: s.center, pixelSize: s.size).apply(to: [coffee])
            let input = ReferenceSampler(coffee)
            let (cx, cy) = (Double(s.center.x), Double(s.center.y))
            let ring = Double(s.size.x)
            let segment = Double(s.size.y) * 2 * .pi
            // floor steps: a radius or angle within a rounding error of a step may go either way.
            expectFormula(output, "polarPixellate \(s) (step ties)", allowedOff: 8) { p in
                let (vx, vy) = (p.u - cx, p.v - cy)
                let r = ring * ((vx * vx + vy * vy).squareRoot() / ring).rounded(.down) + ring / 2
                let a = segment * (atan2(vy, vx) / segment).rounded(.down) + segment / 2
                return input.bilinear(cx + r * cos(a), cy + r * sin(a))
            }
        }
    }

    @Test("halftone draws a dot covering 1 - Y of each cell, anti-aliased over one pixel")
    func halftone() throws {
        for fraction in [Float(0.05), 0.03, 0.01] {
            let output = try Halftone(fractionalWidthOfPixel: fraction).apply(to: [coffee])
            let input = ReferenceSampler(coffee)
            expectFormula(output, "halftone \(fraction)") { p in
                let cell = DotCell(p, fraction: fraction)
                // The cell centre falls between texels; take the sample as the RGBA8 texture unit
                // returns it (8 bits), because sqrt(1 - Y) magnifies its last bit near white.
                let y = luma(input.bilinearRGBA8(cell.centreUV.x, cell.centreUV.y))
                let radius = cell.side * ((1 - y) / .pi).squareRoot()
                let ink = min(max(radius - cell.distance + 0.5, 0), 1)
                return grey(1 - ink)
            }
        }
    }

    @Test("polka dot shows a disc of the cell centre's colour on black")
    func polkaDot() throws {
        for (fraction, scaling) in [(Float(0.05), Float(0.9)), (0.08, 0.6), (0.02, 1)] {
            let output = try PolkaDot(fractionalWidthOfPixel: fraction, dotScaling: scaling)
                .apply(to: [ghost])
            let input = ReferenceSampler(ghost)
            expectFormula(output, "polkaDot \(fraction) \(scaling)") { p in
                let cell = DotCell(p, fraction: fraction)
                let c = input.bilinear(cell.centreUV.x, cell.centreUV.y)
                let k = min(max(Double(scaling) * cell.side / 2 - cell.distance + 0.5, 0), 1)
                return SIMD4(k * c.x, k * c.y, k * c.z, c.w)
            }
        }
    }

    @Test("CGA colour space maps a 320x200 grid to the nearest palette-1 colour")
    func cgaColorspace() throws {
        let output = try CGAColorspace().apply(to: [coffee])
        let input = ReferenceSampler(coffee)
        let palette: [SIMD3<Double>] = [
            SIMD3(0, 0, 0), SIMD3(0.333, 1, 1), SIMD3(1, 0.333, 1), SIMD3(1, 1, 1),
        ]
        // The nearest colour is a hard choice: a sample within a rounding error of equidistant
        // may go either way.
        expectFormula(output, "cgaColorspace (nearest-colour ties)", allowedOff: 4) { p in
            // q = (floor(u (320, 200)) + 0.5) / (320, 200). u = (x + 0.5) / W, so the floor is
            // taken in exact integer arithmetic: u · 320 = (2x + 1) · 160 / W.
            let gx = ((2 * p.x + 1) * 160) / p.width
            let gy = ((2 * p.y + 1) * 100) / p.height
            // The sample as the RGBA8 texture unit returns it (8 bits): the nearest colour is a
            // hard choice, and many samples are nearly equidistant from two palette colours.
            let c = input.bilinearRGBA8((Double(gx) + 0.5) / 320, (Double(gy) + 0.5) / 200)
            let rgb = SIMD3(c.x, c.y, c.z)
            var best = palette[0]
            for colour in palette.dropFirst()
            where ((rgb - colour) * (rgb - colour)).sum() < ((rgb - best) * (rgb - best)).sum() {
                best = colour
            }
            return SIMD4(best.x, best.y, best.z, 1)
        }
    }

    @Test("crosshatch inks up to four line families by darkness")
    func crosshatch() throws {
        for (spacing, width) in [(Float(0.03), Float(0.003)), (0.06, 0.008)] {
            let output = try Crosshatch(crossHatchSpacing: spacing, lineWidth: width)
                .apply(to: [coffee])
            let input = ReferenceSampler(coffee)
            let (s, w) = (Double(spacing), Double(width))
            // mod(…) < lineWidth and the darkness levels are hard steps: a coordinate or luma
            // within a rounding error of a step may go either way.
            expectFormula(output, "crosshatch \(spacing) \(width) (step ties)", allowedOff: 8) {
                p in
                let y = luma(input.texel(p.x, p.y))
                let (sum, difference) = (p.u + p.v, p.u - p.v)
                let ink =
                    (y < 1 && glslMod(sum, s) < w) || (y < 0.75 && glslMod(difference, s) < w)
                    || (y < 0.5 && glslMod(sum - s / 2, s) < w)
                    || (y < 0.3 && glslMod(difference - s / 2, s) < w)
                return grey(ink ? 0 : 1)
            }
        }
    }

    // MARK: Neighbourhood looks

    @Test("emboss convolves with [-2i -i 0; -i 1 i; 0 i 2i] and keeps alpha", arguments: [1.0, 2.5])
    func emboss(intensity: Double) throws {
        let output = try Emboss(intensity: Float(intensity)).apply(to: [ghost])
        let input = ReferenceSampler(ghost)
        let i = Double(Float(intensity))
        let kernel = [[-2 * i, -i, 0], [-i, 1, i], [0, i, 2 * i]]
        expectFormula(output, "emboss \(intensity)") { p in
            let sum = input.convolve(p.x, p.y, kernel: kernel)
            return SIMD4(sum.x, sum.y, sum.z, input.texel(p.x, p.y).w)
        }
    }

    @Test("Kuwahara takes the mean of the quadrant with the least variance")
    func kuwahara() throws {
        let detail = DetailInputs.coffee
        for radius in [3, 2] {
            let output = try Kuwahara(radius: radius).apply(to: [detail])
            let input = ReferenceSampler(detail)
            // Exact ties are real: at the top row the two upper quadrants are made of the same
            // clamped row, and their variances are often equal. The formula breaks them as the
            // header says (the first quadrant), float rounding in the shader either way, so a few
            // pixels may differ.
            expectFormula(output, "kuwahara \(radius) (least-variance ties)", allowedOff: 4) { p in
                // Up-left, up-right, down-left, down-right: (sign of i, sign of j).
                let quadrants = [(-1, -1), (1, -1), (-1, 1), (1, 1)]
                let n = (radius + 1) * (radius + 1)
                var best = Int.max
                var result = SIMD4<Double>.zero
                for (si, sj) in quadrants {
                    // Sums of the 8-bit values k, so the variance is compared exactly:
                    // n^2 255^2 variance = n sum(k^2) - (sum k)^2 per channel.
                    var sum = SIMD4<Int>.zero
                    var squares = SIMD4<Int>.zero
                    for j in 0...radius {
                        for i in 0...radius {
                            let c = input.texel(p.x + si * i, p.y + sj * j) * 255
                            let k = SIMD4(
                                Int(c.x.rounded()), Int(c.y.rounded()), Int(c.z.rounded()), 0)
                            sum &+= k
                            squares &+= k &* k
                        }
                    }
                    let scaledVariance = n &* squares &- sum &* sum
                    let spread = scaledVariance.x + scaledVariance.y + scaledVariance.z
                    if spread < best {
                        best = spread
                        let mean = SIMD4<Double>(sum) / Double(n * 255)
                        result = SIMD4(mean.x, mean.y, mean.z, 1)
                    }
                }
                return result
            }
        }
    }

    @Test("sketch is 1 - edgeStrength |Sobel(luma)|", arguments: [1.0, 2.5])
    func sketch(strength: Double) throws {
        let output = try Sketch(edgeStrength: Float(strength)).apply(to: [ghost])
        let input = ReferenceSampler(ghost)
        expectFormula(output, "sketch \(strength)") { p in
            grey(1 - strength * length(sobel(input.lumaNeighbourhood(p.x, p.y))))
        }
    }

    @Test("threshold sketch is black where the Sobel magnitude reaches threshold")
    func thresholdSketch() throws {
        for (threshold, strength) in [(Float(0.25), Float(1)), (0.15, 1.5)] {
            let output = try ThresholdSketch(threshold: threshold, edgeStrength: strength)
                .apply(to: [coffee])
            let input = ReferenceSampler(coffee)
            // A hard step: a magnitude within a rounding error of the threshold may go either way.
            expectFormula(output, "thresholdSketch \(threshold) (step ties)", allowedOff: 4) { p in
                let edge = Double(strength) * length(sobel(input.lumaNeighbourhood(p.x, p.y)))
                return grey(edge >= Double(threshold) ? 0 : 1)
            }
        }
    }

    @Test("toon outlines edges above threshold in black and posterizes the rest")
    func toon() throws {
        for (threshold, levels) in [(Float(0.2), Float(10)), (0.35, 4)] {
            let output = try Toon(threshold: threshold, quantizationLevels: levels)
                .apply(to: [ghost])
            let input = ReferenceSampler(ghost)
            // The outline is a hard step on the edge magnitude.
            expectFormula(output, "toon \(threshold) \(levels) (step ties)", allowedOff: 4) { p in
                toonFormula(input, p, threshold: Double(threshold), levels: Double(levels))
            }
        }
    }

    @Test("smooth toon is toon of gaussianBlur's two passes")
    func smoothToon() throws {
        let output = try SmoothToon(sigma: 1.5, threshold: 0.1, quantizationLevels: 6)
            .apply(to: [ghost])
        // gaussianBlur horizontal and vertical, each stored in RGBA8, then toon.
        let blurred = ReferenceSampler(gaussianBlurred(ghost, sigma: 1.5))
        // The outline is a hard step on the magnitude of an 8-bit blur.
        expectFormula(output, "smoothToon (step ties)", allowedOff: 8) { p in
            toonFormula(blurred, p, threshold: 0.1, levels: 6)
        }
    }

    // MARK: Photo looks

    @Test("vignette mixes towards vignetteColor between vignetteStart and vignetteEnd")
    func vignette() throws {
        let settings: [(center: SIMD2<Float>, color: Color, start: Float, end: Float)] = [
            (SIMD2(0.5, 0.5), .black, 0.3, 0.75),  // the defaults
            (SIMD2(0.3, 0.6), Color(red: 0.9, green: 0.8, blue: 0.2), 0.1, 0.5),
        ]
        for s in settings {
            let output = try Vignette(
                vignetteCenter: s.center, vignetteColor: s.color, vignetteStart: s.start,
                vignetteEnd: s.end
            ).apply(to: [ghost])
            let input = ReferenceSampler(ghost)
            let colour = rgba(s.color)
            expectFormula(output, "vignette \(s)") { p in
                let (dx, dy) = (p.u - Double(s.center.x), p.v - Double(s.center.y))
                let amount = smoothstep(
                    Double(s.start), Double(s.end), (dx * dx + dy * dy).squareRoot())
                let c = input.texel(p.x, p.y)
                let rgb = mix(c, colour, amount)
                return SIMD4(rgb.x, rgb.y, rgb.z, c.w)
            }
        }
    }

    @Test("instant: 20% less saturation, warm, faded")
    func photoEffectInstant() throws {
        let output = try PhotoEffectInstant().apply(to: [ghost])
        expectFormula(output, inputs: [ghost], "photoEffectInstant") { p in
            let c = p[0]
            let y = luma601(c)
            let muted = SIMD3(y, y, y) + (SIMD3(c.x, c.y, c.z) - SIMD3(y, y, y)) * 0.8
            let warm = muted * SIMD3(1.06, 1.0, 0.86) + SIMD3(0.02, 0.01, 0.04)
            let faded = 0.07 + 0.86 * warm
            return SIMD4(faded.x, faded.y, faded.z, c.w)
        }
    }

    @Test("noir: pow(smoothstep(0.06, 0.94, Y), 1.15) in grey")
    func photoEffectNoir() throws {
        let output = try PhotoEffectNoir().apply(to: [ghost])
        expectFormula(output, inputs: [ghost], "photoEffectNoir") { p in
            grey(pow(smoothstep(0.06, 0.94, luma601(p[0])), 1.15), alpha: p[0].w)
        }
    }

    @Test("transfer: 25% more saturation, then per-channel curves")
    func photoEffectTransfer() throws {
        let output = try PhotoEffectTransfer().apply(to: [ghost])
        expectFormula(output, inputs: [ghost], "photoEffectTransfer") { p in
            let c = p[0]
            let y = luma601(c)
            let vivid = (0..<3).map { k in min(max(y + (c[k] - y) * 1.25, 0), 1) }
            return SIMD4(pow(vivid[0], 0.85), pow(vivid[1], 0.95), 0.9 * vivid[2] + 0.03, c.w)
        }
    }
}

// MARK: Formulas shared by several tests

/// A distortion about `center`: v = (u - center) in units of the image width, `warp(v)`, then
/// the bilinear sample at center + warp(v) converted back to texture units.
func radialDistortion(
    _ p: FormulaPixel, _ input: ReferenceSampler, center: SIMD2<Float>,
    warp: (SIMD2<Double>) -> SIMD2<Double>
) -> SIMD4<Double> {
    let aspect = Double(p.height) / Double(p.width)  // texture units of v per width unit
    let c = SIMD2(Double(center.x), Double(center.y))
    let v = warp(SIMD2(p.u - c.x, (p.v - c.y) * aspect))
    return input.bilinear(c.x + v.x, c.y + v.y / aspect)
}

/// Where a pixel looks through sphereRefraction's and glassSphere's ball, or nil outside it:
/// v = (p - center) / radius in width units, n = (v, sqrt(1 - |v|^2)), the view ray (0, 0, -1)
/// refracted by `index` (GLSL's refract: zero on total internal reflection), and the point
/// center + radius r.xy in texture units.
struct SpherePoint {
    var normal: SIMD3<Double>
    var sample: SIMD2<Double>

    init?(_ p: FormulaPixel, center: SIMD2<Float>, radius: Float, index: Float) {
        let aspect = Double(p.height) / Double(p.width)
        let (cx, cy, r) = (Double(center.x), Double(center.y), Double(radius))
        let v = SIMD2((p.u - cx) / r, (p.v - cy) * aspect / r)
        let d2 = (v * v).sum()
        guard d2 <= 1 else { return nil }
        normal = SIMD3(v.x, v.y, (1 - d2).squareRoot())
        // refract(I, N, eta) = eta I - (eta (N.I) + sqrt(k)) N, k = 1 - eta^2 (1 - (N.I)^2).
        let eta = Double(index)
        let ni = -normal.z  // N . (0, 0, -1)
        let k = 1 - eta * eta * (1 - ni * ni)
        let ray: SIMD3<Double> =
            k < 0 ? .zero : eta * SIMD3(0, 0, -1) - (eta * ni + k.squareRoot()) * normal
        sample = SIMD2(cx + ray.x * r, cy + ray.y * r / aspect)
    }
}

/// halftone's and polkaDot's cell: side c = max(fraction W, 1) pixels, the pixel's cell centre
/// m = c (floor(p / c) + 0.5) in pixels, its texture coordinate and the distance |p - m|.
struct DotCell {
    var side: Double
    var centreUV: SIMD2<Double>
    var distance: Double

    init(_ p: FormulaPixel, fraction: Float) {
        let size = SIMD2(Double(p.width), Double(p.height))
        side = max(Double(fraction) * size.x, 1)
        let position = SIMD2(Double(p.x) + 0.5, Double(p.y) + 0.5)
        let centre = side * ((position / side).rounded(.down) + 0.5)
        centreUV = centre / size
        distance = length(position - centre)
    }
}

/// toon at pixel p of `input`: black where |Sobel(luma)| > threshold, else each channel
/// posterized to floor(c levels + 0.5) / levels; alpha kept.
func toonFormula(
    _ input: ReferenceSampler, _ p: FormulaPixel, threshold: Double, levels: Double
) -> SIMD4<Double> {
    let c = input.texel(p.x, p.y)
    if length(sobel(input.lumaNeighbourhood(p.x, p.y))) > threshold {
        return SIMD4(0, 0, 0, c.w)
    }
    let posterized = (c * levels + 0.5).rounded(.down) / levels
    return SIMD4(posterized.x, posterized.y, posterized.z, c.w)
}
