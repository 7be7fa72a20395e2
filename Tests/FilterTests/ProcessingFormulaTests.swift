import Foundation
import Framebuffers
import ImageGraph
import Testing

/// The processing filters (blurs, edges, morphology, geometry, resampling) against their header
/// formulas, computed in Double over `ReferenceSampler`, independent of any shader. Multi-pass
/// filters are stated pass by pass, with every intermediate image stored in RGBA8
/// (`rgba8Image`, `separablePass`) because the filter's intermediate framebuffers are RGBA8.
@Suite("Processing filters against independent formulas")
struct ProcessingFormulaTests {
    let coffee = FormulaInputs.coffee
    let ghost = FormulaInputs.ghost

    // MARK: Blurs

    @Test("Gaussian blur is a separable two-pass weighted sum", arguments: [1.5, 3.0])
    func gaussianBlur(sigma: Double) throws {
        let output = try GaussianBlur(sigma: Float(sigma)).apply(to: [ghost])
        // Two passes, each written to an RGBA8 framebuffer: horizontal, then vertical.
        let horizontal = separablePass(
            ghost, weights: gaussianWeights(sigma: sigma), horizontal: true)
        let blurred = ReferenceSampler(
            separablePass(horizontal, weights: gaussianWeights(sigma: sigma), horizontal: false))
        expectFormula(output, "gaussianBlur sigma \(sigma)") { p in blurred.texel(p.x, p.y) }
    }

    @Test("Gaussian blur weights fall off as exp(-k^2 / 2 sigma^2) out to 3 sigma")
    func gaussianWeightsAreTheHeaders() {
        let weights = gaussianWeights(sigma: 1.5)
        #expect(weights.count == 2 * 5 + 1)  // ceil(4.5) = 5 taps each side
        #expect(abs(weights[5] - 1) < 1e-12)
        #expect(abs(weights[7] - exp(-4 / 4.5)) < 1e-12)
    }

    @Test("box blur is a separable mean of 2 round(r) + 1 texels", arguments: [4.0, 2.6])
    func boxBlur(radius: Double) throws {
        let output = try BoxBlur(blurRadiusInPixels: Float(radius)).apply(to: [ghost])
        // Two passes, the horizontal one stored in RGBA8.
        let blurred = ReferenceSampler(boxBlurred(ghost, radius: radius))
        expectFormula(output, "boxBlur \(radius)") { p in blurred.texel(p.x, p.y) }
    }

    @Test("low-pass is gaussianBlur's two passes")
    func lowPass() throws {
        let output = try LowPass(sigma: 2.5).apply(to: [coffee])
        // gaussianBlur horizontal then vertical, the first pass stored in RGBA8.
        let blurred = ReferenceSampler(gaussianBlurred(coffee, sigma: 2.5))
        expectFormula(output, "lowPass") { p in blurred.texel(p.x, p.y) }
    }

    @Test("bilateral blur weights neighbours by distance and by colour difference")
    func bilateralBlur() throws {
        let detail = DetailInputs.ghost
        for (sigma, factor) in [(Float(1.5), Float(8)), (4, 4)] {
            let output = try BilateralBlur(sigma: sigma, distanceNormalizationFactor: factor)
                .apply(to: [detail])
            let input = DecodedImage(detail)
            let r = Int((2 * Double(sigma)).rounded(.up))
            let s = Double(sigma)
            let f = Double(factor)
            expectFormula(output, "bilateralBlur sigma \(sigma) factor \(factor)") { p in
                let centre = input.texel(p.x, p.y)
                var sum = SIMD4<Double>.zero
                var total = 0.0
                for j in -r...r {
                    for i in -r...r {
                        let tap = input.texel(p.x + i, p.y + j)
                        let dc = tap - centre
                        let colourDistance2 = dc.x * dc.x + dc.y * dc.y + dc.z * dc.z
                        let w =
                            exp(-Double(i * i + j * j) / (2 * s * s))
                            * exp(-f * f * colourDistance2 / 2)
                        sum += w * tap
                        total += w
                    }
                }
                return sum / total
            }
        }
    }

    @Test("motion blur averages 9 samples along a line of half-length blurSize")
    func motionBlur() throws {
        for (size, angle) in [(Float(4), Float(0)), (8, 30), (5, 250)] {
            let output = try MotionBlur(blurSize: size, blurAngle: angle).apply(to: [coffee])
            let input = ReferenceSampler(coffee)
            let a = Double(angle) * .pi / 180
            // Counter-clockwise as seen in the image, whose y points down: the step's y is -sin.
            let d = Double(size) * SIMD2(cos(a), -sin(a))
            expectFormula(output, "motionBlur \(size) at \(angle)°") { p in
                var sum = SIMD4<Double>.zero
                for k in -4...4 {
                    let offset = Double(k) / 4 * d
                    sum += input.bilinear(
                        p.u + offset.x / Double(p.width), p.v + offset.y / Double(p.height))
                }
                return sum / 9
            }
        }
    }

    @Test("zoom blur averages 9 samples along the line towards blurCenter")
    func zoomBlur() throws {
        for (center, size) in [(SIMD2<Float>(0.5, 0.5), Float(3)), (SIMD2(0.2, 0.7), 1.5)] {
            let output = try ZoomBlur(blurCenter: center, blurSize: size).apply(to: [coffee])
            let input = ReferenceSampler(coffee)
            expectFormula(output, "zoomBlur \(center) \(size)") { p in
                let dx = (Double(center.x) - p.u) * Double(size) / 100
                let dy = (Double(center.y) - p.v) * Double(size) / 100
                var sum = SIMD4<Double>.zero
                for k in -4...4 {
                    sum += input.bilinear(p.u + Double(k) * dx, p.v + Double(k) * dy)
                }
                return sum / 9
            }
        }
    }

    @Test("tilt shift mixes towards the blur above and below the focus band")
    func tiltShift() throws {
        let (top, bottom, falloff): (Float, Float, Float) = (0.35, 0.55, 0.15)
        let output = try TiltShift(
            sigma: 3, topFocusLevel: top, bottomFocusLevel: bottom, focusFallOffRate: falloff
        ).apply(to: [ghost])
        let sharp = ReferenceSampler(ghost)
        // gaussianBlur's two passes, each stored in RGBA8, read by the last pass.
        let blurred = ReferenceSampler(gaussianBlurred(ghost, sigma: 3))
        let (t, b, f) = (Double(top), Double(bottom), Double(falloff))
        expectFormula(output, "tiltShift") { p in
            let amount = 1 - smoothstep(t - f, t, p.v) + smoothstep(b, b + f, p.v)
            return mix(sharp.texel(p.x, p.y), blurred.texel(p.x, p.y), amount)
        }
    }

    // MARK: Sharpening

    @Test("sharpen is (1 + 4 s) c - s (sum of the 4 neighbours)", arguments: [1.0, -0.5, 2.5])
    func sharpen(sharpness: Double) throws {
        let output = try Sharpen(sharpness: Float(sharpness)).apply(to: [ghost])
        let input = ReferenceSampler(ghost)
        let s = Double(Float(sharpness))
        expectFormula(output, "sharpen \(sharpness)") { p in
            let n = input.neighbourhood(p.x, p.y)
            let rgb = (1 + 4 * s) * n.centre - s * (n[1, 0] + n[1, 2] + n[0, 1] + n[2, 1])
            return SIMD4(rgb.x, rgb.y, rgb.z, n.centre.w)
        }
    }

    @Test("unsharp mask adds intensity times the difference from the blur")
    func unsharpMask() throws {
        let output = try UnsharpMask(sigma: 2.5, intensity: 1.5).apply(to: [ghost])
        let input = ReferenceSampler(ghost)
        // gaussianBlur's two passes, each stored in RGBA8.
        let blurred = ReferenceSampler(gaussianBlurred(ghost, sigma: 2.5))
        expectFormula(output, "unsharpMask") { p in
            let c = input.texel(p.x, p.y)
            let rgb = c + 1.5 * (c - blurred.texel(p.x, p.y))
            return SIMD4(rgb.x, rgb.y, rgb.z, c.w)
        }
    }

    @Test("high-pass is the image minus its blur plus one half")
    func highPass() throws {
        for sigma in [Float(4), 1.5] {
            let output = try HighPass(sigma: sigma).apply(to: [ghost])
            let input = ReferenceSampler(ghost)
            // gaussianBlur's two passes, each stored in RGBA8.
            let blurred = ReferenceSampler(gaussianBlurred(ghost, sigma: Double(sigma)))
            expectFormula(output, "highPass \(sigma)") { p in
                let c = input.texel(p.x, p.y)
                let rgb = c - blurred.texel(p.x, p.y) + SIMD4(repeating: 0.5)
                return SIMD4(rgb.x, rgb.y, rgb.z, c.w)
            }
        }
    }

    @Test("3x3 convolution reads its kernel in reading order and keeps alpha")
    func convolution3x3() throws {
        let kernels: [[[Double]]] = [
            [[-1, 0, 1], [-2, 0, 2], [-1, 0, 1]],  // the header's example
            [[0.5, 0.25, 0], [0, 0.5, 0], [0, 0, -0.25]],  // no symmetry: rows and columns matter
        ]
        for kernel in kernels {
            let k = kernel.map { $0.map(Float.init) }
            // As GL column-major data each matrix column is a kernel row.
            let matrix = Matrix3x3(
                columns: SIMD3(k[0][0], k[0][1], k[0][2]), SIMD3(k[1][0], k[1][1], k[1][2]),
                SIMD3(k[2][0], k[2][1], k[2][2]))
            let output = try Convolution3x3(convolutionMatrix: matrix).apply(to: [ghost])
            let input = ReferenceSampler(ghost)
            expectFormula(output, "convolution3x3 \(kernel)") { p in
                let sum = input.convolve(p.x, p.y, kernel: kernel)
                return SIMD4(sum.x, sum.y, sum.z, input.texel(p.x, p.y).w)
            }
        }
    }

    // MARK: Edges

    @Test("Sobel edge detection is the luma gradient magnitude", arguments: [1.0, 2.5])
    func sobelEdgeDetection(strength: Double) throws {
        let output = try SobelEdgeDetection(edgeStrength: Float(strength)).apply(to: [ghost])
        let input = ReferenceSampler(ghost)
        expectFormula(output, "sobelEdgeDetection \(strength)") { p in
            grey(strength * length(sobel(input.lumaNeighbourhood(p.x, p.y))))
        }
    }

    @Test("Prewitt edge detection is the luma Prewitt gradient magnitude")
    func prewittEdgeDetection() throws {
        for strength in [1.0, 3.0] {
            let output = try PrewittEdgeDetection(edgeStrength: Float(strength)).apply(to: [coffee])
            let input = ReferenceSampler(coffee)
            expectFormula(output, "prewittEdgeDetection \(strength)") { p in
                grey(strength * length(prewitt(input.lumaNeighbourhood(p.x, p.y))))
            }
        }
    }

    @Test("Laplacian edge detection is |ring - 8 centre| per channel, alpha 1")
    func laplacianEdgeDetection() throws {
        for strength in [1.0, 2.0] {
            let output = try LaplacianEdgeDetection(edgeStrength: Float(strength))
                .apply(to: [ghost])
            let input = ReferenceSampler(ghost)
            expectFormula(output, "laplacianEdgeDetection \(strength)") { p in
                let n = input.neighbourhood(p.x, p.y)
                let laplacian = n.ring.reduce(SIMD4<Double>.zero, +) - 8 * n.centre
                return SIMD4(
                    strength * abs(laplacian.x), strength * abs(laplacian.y),
                    strength * abs(laplacian.z), 1)
            }
        }
    }

    @Test("XY derivative gives Gx^2, Gy^2 and (Gx Gy + 1) / 2 of the Prewitt gradient")
    func xyDerivative() throws {
        for strength in [1.0, 2.0] {
            let output = try XYDerivative(edgeStrength: Float(strength)).apply(to: [coffee])
            let input = ReferenceSampler(coffee)
            expectFormula(output, "xyDerivative \(strength)") { p in
                let g = strength * prewitt(input.lumaNeighbourhood(p.x, p.y))
                return SIMD4(g.x * g.x, g.y * g.y, (g.x * g.y + 1) / 2, 1)
            }
        }
    }

    @Test("threshold edge detection is step(threshold, |Sobel|)")
    func thresholdEdgeDetection() throws {
        for (threshold, strength) in [(Float(0.25), Float(1)), (0.1, 2)] {
            let output = try ThresholdEdgeDetection(threshold: threshold, edgeStrength: strength)
                .apply(to: [coffee])
            let input = ReferenceSampler(coffee)
            // A hard step: a magnitude within a rounding error of the threshold may go either
            // way in float, so a few such pixels may differ.
            expectFormula(
                output, "thresholdEdgeDetection \(threshold) (step ties)", allowedOff: 4
            ) { p in
                let edge = Double(strength) * length(sobel(input.lumaNeighbourhood(p.x, p.y)))
                return grey(edge >= Double(threshold) ? 1 : 0)
            }
        }
    }

    @Test("local binary pattern sets bit k when neighbour k is at least as bright")
    func localBinaryPattern() throws {
        let output = try LocalBinaryPattern().apply(to: [coffee])
        let input = ReferenceSampler(coffee)
        // (row, col) of the neighbour for bits 1, 2, 4, …, 128: right, then counter-clockwise.
        let order = [(1, 2), (0, 2), (0, 1), (0, 0), (1, 0), (2, 0), (2, 1), (2, 2)]
        // Two different colours whose lumas are within a rounding error of each other compare
        // differently in float and Double; a few such pixels may differ.
        expectFormula(output, "localBinaryPattern (luma ties)", allowedOff: 4) { p in
            let n = input.lumaNeighbourhood(p.x, p.y)
            var code = 0
            for (bit, (row, col)) in order.enumerated() where n[row, col] >= n.centre {
                code += 1 << bit
            }
            return grey(Double(code) / 255)
        }
    }

    @Test("directional Sobel gives |G| and the direction G / |G| of the red channel")
    func directionalSobelEdgeDetection() throws {
        let output = try DirectionalSobelEdgeDetection().apply(to: [coffee])
        let expected = ReferenceSampler(directionalSobel(coffee))
        expectFormula(output, "directionalSobelEdgeDetection") { p in expected.texel(p.x, p.y) }
    }

    @Test("non-maximum suppression keeps maxima along the gradient, strong 1, weak 0.5")
    func directionalNonMaximumSuppression() throws {
        // Its input is directionalSobelEdgeDetection's output, here made by the formula.
        let gradient = directionalSobel(gaussianBlurred(coffee, sigma: 1))
        let (upper, lower): (Float, Float) = (0.45, 0.15)
        let output = try DirectionalNonMaximumSuppression(
            upperThreshold: upper, lowerThreshold: lower
        ).apply(to: [gradient])
        let expected = ReferenceSampler(
            nonMaximumSuppressed(gradient, upper: Double(upper), lower: Double(lower)))
        expectFormula(output, "directionalNonMaximumSuppression") { p in
            expected.texel(p.x, p.y)
        }
    }

    @Test("Canny: grey, blur, directional Sobel, suppression, then one step of hysteresis")
    func cannyEdgeDetection() throws {
        for (sigma, upper, lower) in [(Float(1), Float(0.42), Float(0.1)), (2, 0.3, 0.15)] {
            let output = try CannyEdgeDetection(
                sigma: sigma, upperThreshold: upper, lowerThreshold: lower
            ).apply(to: [coffee])
            // Passes 1-5, each stored in RGBA8: grayscale, gaussianBlur horizontal and vertical,
            // directionalSobelEdgeDetection, directionalNonMaximumSuppression.
            let input = ReferenceSampler(coffee)
            let greyImage = rgba8Image(width: coffee.width, height: coffee.height) { p in
                let c = input.texel(p.x, p.y)
                return grey(luma(c), alpha: c.w)
            }
            let suppressed = ReferenceSampler(
                nonMaximumSuppressed(
                    directionalSobel(gaussianBlurred(greyImage, sigma: Double(sigma))),
                    upper: Double(upper), lower: Double(lower)))
            // The thresholds act after a blur: a 1-step difference in an 8-bit intermediate can
            // move an edge pixel (Tests/References/README.md), so a few may differ.
            expectFormula(
                output, "cannyEdgeDetection sigma \(sigma) (threshold ties)", allowedOff: 12
            ) { p in
                let n = suppressed.neighbourhood(p.x, p.y).map(\.x)
                let strongest = n.ring.max()!
                let strong = n.centre > 0.75
                let weakNearStrong = n.centre > 0.25 && strongest > 0.75
                return grey(strong || weakNearStrong ? 1 : 0)
            }
        }
    }

    // MARK: Morphology and rank filters

    @Test("dilation is the per-channel maximum over the square", arguments: [1, 3])
    func dilation(radius: Int) throws {
        let ghost = DetailInputs.ghost
        let output = try Dilation(radius: radius).apply(to: [ghost])
        let expected = ReferenceSampler(morphology(ghost, radius: radius, dilate: true))
        expectFormula(output, "dilation \(radius)", tolerance: 0) { p in expected.texel(p.x, p.y) }
    }

    @Test("erosion is the per-channel minimum over the square", arguments: [1, 3])
    func erosion(radius: Int) throws {
        let ghost = DetailInputs.ghost
        let output = try Erosion(radius: radius).apply(to: [ghost])
        let expected = ReferenceSampler(morphology(ghost, radius: radius, dilate: false))
        expectFormula(output, "erosion \(radius)", tolerance: 0) { p in expected.texel(p.x, p.y) }
    }

    @Test("opening is erosion then dilation", arguments: [1, 2])
    func opening(radius: Int) throws {
        let ghost = DetailInputs.ghost
        let output = try Opening(radius: radius).apply(to: [ghost])
        // Pass 1 (erosion) is stored in RGBA8; a minimum of 8-bit values is already 8-bit.
        let eroded = morphology(ghost, radius: radius, dilate: false)
        let expected = ReferenceSampler(morphology(eroded, radius: radius, dilate: true))
        expectFormula(output, "opening \(radius)", tolerance: 0) { p in expected.texel(p.x, p.y) }
    }

    @Test("closing is dilation then erosion", arguments: [1, 2])
    func closing(radius: Int) throws {
        let ghost = DetailInputs.ghost
        let output = try Closing(radius: radius).apply(to: [ghost])
        // Pass 1 (dilation) is stored in RGBA8; a maximum of 8-bit values is already 8-bit.
        let dilated = morphology(ghost, radius: radius, dilate: true)
        let expected = ReferenceSampler(morphology(dilated, radius: radius, dilate: false))
        expectFormula(output, "closing \(radius)", tolerance: 0) { p in expected.texel(p.x, p.y) }
    }

    @Test("median takes each channel's median of the 3x3 neighbourhood")
    func median() throws {
        let output = try Median().apply(to: [ghost])
        let input = ReferenceSampler(ghost)
        expectFormula(output, "median", tolerance: 0) { p in
            let values = input.square(p.x, p.y, radius: 1)
            var result = SIMD4<Double>.zero
            for c in 0..<4 { result[c] = values.map { $0[c] }.sorted()[4] }
            return result
        }
    }

    @Test("passthrough copies its input")
    func passthrough() throws {
        #expect(try Passthrough().apply(to: [ghost]).rgba8Bytes == ghost.rgba8Bytes)
        #expect(try Passthrough().apply(to: [coffee]).rgba8Bytes == coffee.rgba8Bytes)
    }

    // MARK: Geometry

    @Test("crop samples cropRegion and has round(input size · region size) pixels")
    func crop() throws {
        for region in [SIMD4<Float>(0.25, 0.25, 0.5, 0.5), SIMD4(0.1, 0.3, 0.33, 0.5)] {
            let output = try Crop(cropRegion: region).apply(to: [ghost])
            let width = Int((160 * Double(region.z)).rounded())
            let height = Int((120 * Double(region.w)).rounded())
            #expect(output.width == width && output.height == height, "crop \(region)")
            let input = ReferenceSampler(ghost)
            expectFormula(output, "crop \(region)") { p in
                input.bilinear(
                    Double(region.x) + p.u * Double(region.z),
                    Double(region.y) + p.v * Double(region.w))
            }
        }
    }

    @Test("affine transform samples in(M^-1 p) in pixels, background outside")
    func affineTransform() throws {
        let background = Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)
        let matrices: [(String, Matrix3x3, allowedOff: Int)] = [
            // x' = x + 10, y' = y - 5: whole pixels, so every sample is a texel.
            (
                "translation",
                Matrix3x3(columns: SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(10, -5, 1)), 0
            ),
            // The header's example: a 15° rotation about the centre. Pixels whose sample point
            // lies within a rounding error of the image's edge may go either way.
            (
                "rotation",
                Matrix3x3(
                    columns: SIMD3(0.9659258, -0.2588190, 0), SIMD3(0.2588190, 0.9659258, 0),
                    SIMD3(-12.8033, 22.7494, 1)), 4
            ),
            // Shear and unequal scale: x' = 1.2 x + 0.3 y - 20, y' = 0.8 y + 7.
            (
                "shear",
                Matrix3x3(columns: SIMD3(1.2, 0, 0), SIMD3(0.3, 0.8, 0), SIMD3(-20, 7, 1)), 4
            ),
        ]
        for (name, matrix, allowedOff) in matrices {
            let filter = AffineTransform(transformMatrix: matrix, backgroundColor: background)
            let output = try filter.apply(to: [ghost])
            let input = ReferenceSampler(ghost)
            let (c0, c1, c2) = matrix.columns
            let (a, b, c, d) = (Double(c0.x), Double(c0.y), Double(c1.x), Double(c1.y))
            let (tx, ty) = (Double(c2.x), Double(c2.y))
            let det = a * d - c * b
            expectFormula(
                output, "affineTransform \(name)" + (allowedOff > 0 ? " (edge ties)" : ""),
                allowedOff: allowedOff
            ) { p in
                let (px, py) = (Double(p.x) + 0.5 - tx, Double(p.y) + 0.5 - ty)
                let qx = (d * px - c * py) / det / Double(p.width)
                let qy = (-b * px + a * py) / det / Double(p.height)
                let inside = qx >= 0 && qx <= 1 && qy >= 0 && qy <= 1
                return inside ? input.bilinear(qx, qy) : rgba(background)
            }
        }
    }

    @Test("transform scales, rotates and moves about the anchor in pixels")
    func transform() throws {
        let background = Color(red: 0.9, green: 0.1, blue: 0.3, alpha: 0.6)
        typealias Setting = (
            scale: SIMD2<Float>, rotation: Float, translation: SIMD2<Float>, anchor: SIMD2<Float>
        )
        let settings: [Setting] = [
            (SIMD2(0.8, 0.8), 20, SIMD2(0.1, 0), SIMD2(0.5, 0.5)),  // the header's example
            (SIMD2(1.5, 0.7), -35, SIMD2(-0.05, 0.1), SIMD2(0.3, 0.6)),
        ]
        for s in settings {
            let output = try Transform(
                scale: s.scale, rotation: s.rotation, translation: s.translation,
                anchor: s.anchor, backgroundColor: background
            ).apply(to: [ghost])
            // No `output:` in the header: the output has the input's size.
            #expect(output.width == ghost.width && output.height == ghost.height)
            let input = ReferenceSampler(ghost)
            let angle = Double(s.rotation) * .pi / 180
            let (cosA, sinA) = (cos(angle), sin(angle))
            // Sample points within a rounding error of the image's edge may go either way.
            expectFormula(output, "transform \(s) (edge ties)", allowedOff: 4) { p in
                let (w, h) = (Double(p.width), Double(p.height))
                // p_out - anchor - translation, in pixels (y down).
                let x = (p.u - Double(s.anchor.x) - Double(s.translation.x)) * w
                let y = (p.v - Double(s.anchor.y) - Double(s.translation.y)) * h
                // R(-rotation) for a counter-clockwise rotation as seen in the y-down image.
                let (rx, ry) = (cosA * x - sinA * y, sinA * x + cosA * y)
                let qx = Double(s.anchor.x) + rx / Double(s.scale.x) / w
                let qy = Double(s.anchor.y) + ry / Double(s.scale.y) / h
                let inside = qx >= 0 && qx <= 1 && qy >= 0 && qy <= 1
                return inside ? input.bilinear(qx, qy) : rgba(background)
            }
        }
    }

    @Test("straighten rotates about the centre and zooms so no corner is empty")
    func straighten() throws {
        for angle in [Float(0.12), -0.3] {
            let output = try Straighten(angle: angle).apply(to: [coffee])
            let input = ReferenceSampler(coffee)
            let a = Double(angle)
            let zoom = abs(cos(a)) + abs(sin(a)) * max(160.0 / 120, 120.0 / 160)
            expectFormula(output, "straighten \(angle)") { p in
                let x = (p.u - 0.5) * 160
                let y = (p.v - 0.5) * 120
                let (rx, ry) = (cos(a) * x - sin(a) * y, sin(a) * x + cos(a) * y)
                return input.bilinear(0.5 + rx / zoom / 160, 0.5 + ry / zoom / 120)
            }
        }
    }

    // MARK: Resampling

    @Test("resize stretches, fits or fills with bilinear samples", arguments: [0, 1, 2])
    func resize(fillMode: Int) throws {
        let background = Color(red: 0.1, green: 0.7, blue: 0.3, alpha: 1)
        for size in [ImageSize(width: 120, height: 120), ImageSize(width: 203, height: 77)] {
            let filter = Resize(fillMode: fillMode, backgroundColor: background)
            filter.outputSize = size
            let output = try filter.apply(to: [ghost])
            #expect(output.width == size.width && output.height == size.height)
            let input = ReferenceSampler(ghost)
            expectFormula(output, "resize mode \(fillMode) to \(size)") { p in
                guard
                    let q = resampledPoint(p, fillMode: fillMode, inputWidth: 160, inputHeight: 120)
                else { return rgba(background) }
                return input.bilinear(q.x, q.y)
            }
        }
    }

    @Test("resize draws at its default size, 120x120, when given none")
    func resizeDefaultSize() throws {
        let output = try Resize().apply(to: [coffee])
        #expect(output.width == 120 && output.height == 120)
        let input = ReferenceSampler(coffee)
        expectFormula(output, "resize default") { p in
            guard let q = resampledPoint(p, fillMode: 1, inputWidth: 160, inputHeight: 120)
            else { return SIMD4(0, 0, 0, 1) }
            return input.bilinear(q.x, q.y)
        }
    }

    @Test("Lanczos resize is a normalised Lanczos-3 sum, widened when shrinking")
    func lanczosResize() throws {
        let background = Color(red: 0.1, green: 0.7, blue: 0.3, alpha: 0.5)
        let detail = DetailInputs.ghost
        let cases: [(input: Texture, fillMode: Int, size: ImageSize)] = [
            (detail, 0, ImageSize(width: 96, height: 72)),  // enlarges: the plain Lanczos-3 kernel
            (ghost, 0, ImageSize(width: 60, height: 100)),  // shrinks x by 8/3: the kernel widened
            (coffee, 1, ImageSize(width: 120, height: 120)),  // fit, the default: bars above, below
            (ghost, 1, ImageSize(width: 41, height: 60)),
            (ghost, 2, ImageSize(width: 90, height: 45)),  // fill: cropped at the top and bottom
        ]
        for (image, fillMode, size) in cases {
            let filter = LanczosResize(fillMode: fillMode, backgroundColor: background)
            filter.outputSize = size
            let output = try filter.apply(to: [image])
            #expect(output.width == size.width && output.height == size.height)
            let input = DecodedImage(image)
            let (inputWidth, inputHeight) = (Double(image.width), Double(image.height))
            let ratio = SIMD2(Double(size.width) / inputWidth, Double(size.height) / inputHeight)
            let scale: SIMD2<Double> =
                switch fillMode {
                case 0: ratio
                case 1: SIMD2(repeating: ratio.min())
                default: SIMD2(repeating: ratio.max())
                }
            let widen = SIMD2(max(1, 1 / scale.x), max(1, 1 / scale.y))
            expectFormula(output, "lanczosResize mode \(fillMode) to \(size)") { p in
                guard
                    let q = resampledPoint(
                        p, fillMode: fillMode, inputWidth: image.width, inputHeight: image.height)
                else { return rgba(background) }
                // The sample point in input pixels; texels within 3 widen of it (at most 12
                // each side of floor(x)), clamped to the edge.
                let x = q.x * inputWidth - 0.5
                let y = q.y * inputHeight - 0.5
                func taps(_ centre: Double, _ widen: Double) -> [(index: Int, weight: Double)] {
                    let base = Int(centre.rounded(.down))
                    return ((base - 12)...(base + 12)).compactMap { i in
                        let w = lanczos3((Double(i) - centre) / widen)
                        return w == 0 ? nil : (i, w)
                    }
                }
                let columns = taps(x, widen.x)
                var sum = SIMD4<Double>.zero
                var total = 0.0
                for (j, wy) in taps(y, widen.y) {
                    for (i, wx) in columns {
                        sum += wx * wy * input.texel(i, j)
                        total += wx * wy
                    }
                }
                return sum / total
            }
        }
    }
}

// MARK: Formulas shared by several tests

/// resize's and lanczosResize's sample point q for output pixel p, or nil where aspect fit
/// leaves a bar: stretch q = u; fit s = min(kx, ky), fill s = max(kx, ky) with k = out / in;
/// content = in s, offset = (out - content) / 2, q = (u out - offset) / content.
func resampledPoint(
    _ p: FormulaPixel, fillMode: Int, inputWidth: Int, inputHeight: Int
) -> SIMD2<Double>? {
    var q = SIMD2(p.u, p.v)
    if fillMode != 0 {
        let out = SIMD2(Double(p.width), Double(p.height))
        let input = SIMD2(Double(inputWidth), Double(inputHeight))
        let ratio = out / input
        let s = fillMode == 1 ? ratio.min() : ratio.max()
        let content = input * s
        q = (SIMD2(p.u, p.v) * out - 0.5 * (out - content)) / content
    }
    return q.x >= 0 && q.x <= 1 && q.y >= 0 && q.y <= 1 ? q : nil
}

/// directionalSobelEdgeDetection of `input`, stored in RGBA8: G = Sobel of the red channel
/// (y down); r = |G|, (g, b) = G / |G| · 0.5 + 0.5, or 0.5 where |G| < 0.001; alpha 1.
func directionalSobel(_ input: Texture) -> Texture {
    let sampler = ReferenceSampler(input)
    return rgba8Image(width: input.width, height: input.height) { p in
        let g = sobel(sampler.neighbourhood(p.x, p.y).map(\.x))
        let magnitude = length(g)
        let direction = magnitude >= 0.001 ? g / magnitude : .zero
        return SIMD4(magnitude, direction.x * 0.5 + 0.5, direction.y * 0.5 + 0.5, 1)
    }
}

/// directionalNonMaximumSuppression of a directional-Sobel image, stored in RGBA8: n = (g, b) ·
/// 2 - 1 rounded to one of 8 directions (a component counts when |n_i| >= sin 22.5°); a
/// maximum when r >= r(x + n) and r >= r(x - n); then 1 at or above `upper`, 0.5 at or above
/// `lower`, else 0; alpha 1.
func nonMaximumSuppressed(_ gradient: Texture, upper: Double, lower: Double) -> Texture {
    let sampler = ReferenceSampler(gradient)
    let sin22 = sin(22.5 * Double.pi / 180)
    return rgba8Image(width: gradient.width, height: gradient.height) { p in
        let c = sampler.texel(p.x, p.y)
        let n = SIMD2(c.y * 2 - 1, c.z * 2 - 1)
        func stepOf(_ v: Double) -> Int { abs(v) >= sin22 ? (v > 0 ? 1 : -1) : 0 }
        let (sx, sy) = (stepOf(n.x), stepOf(n.y))
        let m = c.x
        let ahead = sampler.texel(p.x + sx, p.y + sy).x
        let behind = sampler.texel(p.x - sx, p.y - sy).x
        let isMaximum = m >= ahead && m >= behind
        let strength = m >= upper ? 1 : (m >= lower ? 0.5 : 0)
        return grey(isMaximum ? strength : 0)
    }
}

/// dilation (`dilate`) or erosion of `input` over the (2 radius + 1) square, per channel.
func morphology(_ input: Texture, radius: Int, dilate: Bool) -> Texture {
    let sampler = ReferenceSampler(input)
    return rgba8Image(width: input.width, height: input.height) { p in
        let values = sampler.square(p.x, p.y, radius: radius)
        return values.dropFirst().reduce(values[0]) { a, b in
            dilate ? pointwiseMax(a, b) : pointwiseMin(a, b)
        }
    }
}
