import Foundation
import Framebuffers
import ImageGraph
import Testing

private typealias M = ColorMath

/// The colour filters checked against their header formulas computed in plain Swift (Double),
/// independent of any shader: the output must be within 1/255 of round(255 · formula) at every
/// pixel (`expectFormula`). Each runs on the opaque `coffee` photo and on `ghost`, whose alpha
/// varies, so both the colour arithmetic and what happens to alpha are checked. `brightness` and
/// `colorInvert` are in `FormulaTests`.
@Suite("Colour filters against independent formulas")
struct ColorFormulaTests {
    static let images: [(name: String, texture: Texture)] = [
        ("coffee", FormulaInputs.coffee), ("ghost", FormulaInputs.ghost),
    ]

    /// Runs `filter` on both images and expects the point-wise `formula` of the input pixel.
    func expectPointwise(
        _ filter: FilterOperation, _ name: String, tolerance: Int = 1, allowedOff: Int = 0,
        sourceLocation: SourceLocation = #_sourceLocation,
        formula: (SIMD4<Double>) -> SIMD4<Double>
    ) throws {
        for image in Self.images {
            let output = try filter.apply(to: [image.texture])
            expectFormula(
                output, inputs: [image.texture], "\(name) on \(image.name)", tolerance: tolerance,
                allowedOff: allowedOff, sourceLocation: sourceLocation
            ) { p in formula(p[0]) }
        }
    }

    // MARK: Tone and channel arithmetic

    @Test("contrast scales about mid grey", arguments: [0.0, 0.5, 1.0, 1.5, 3.0] as [Float])
    func contrast(contrast: Float) throws {
        let k = Double(contrast)
        try expectPointwise(Contrast(contrast: contrast), "contrast \(contrast)") { c in
            M.rgba((M.rgb(c) - 0.5) * k + 0.5, c.w)
        }
    }

    @Test("exposure multiplies by 2^exposure", arguments: [-1.5, 0.0, 0.7, 2.0] as [Float])
    func exposure(exposure: Float) throws {
        let gain = pow(2, Double(exposure))
        try expectPointwise(Exposure(exposure: exposure), "exposure \(exposure)") { c in
            M.rgba(M.rgb(c) * gain, c.w)
        }
    }

    @Test("gamma raises each channel to a power", arguments: [0.4, 0.6, 1.0, 2.2] as [Float])
    func gamma(gamma: Float) throws {
        let g = Double(gamma)
        try expectPointwise(Gamma(gamma: gamma), "gamma \(gamma)") { c in
            SIMD4(pow(c.x, g), pow(c.y, g), pow(c.z, g), c.w)
        }
    }

    @Test("rgb multiplies the channels by separate gains")
    func rgb() throws {
        for (r, g, b) in [(1.2, 1.0, 0.7), (0.0, 2.0, 0.5), (1.0, 1.0, 1.0)]
            as [(Float, Float, Float)]
        {
            let filter = RGB(redAdjustment: r, greenAdjustment: g, blueAdjustment: b)
            try expectPointwise(filter, "rgb \(r), \(g), \(b)") { c in
                SIMD4(c.x * Double(r), c.y * Double(g), c.z * Double(b), c.w)
            }
        }
    }

    @Test("opacity multiplies alpha and keeps the colour", arguments: [0.0, 0.5, 1.0] as [Float])
    func opacity(opacity: Float) throws {
        try expectPointwise(Opacity(opacity: opacity), "opacity \(opacity)") { c in
            SIMD4(c.x, c.y, c.z, c.w * Double(opacity))
        }
    }

    @Test("colour clamp clamps all four components")
    func colorClamp() throws {
        let settings: [(SIMD4<Float>, SIMD4<Float>)] = [
            (SIMD4(0.2, 0.2, 0.2, 0), SIMD4(0.8, 0.7, 0.6, 1)),  // the header's example
            (SIMD4(0.1, 0.3, 0, 0.25), SIMD4(0.9, 1, 0.5, 0.75)),  // alpha clamped too
            (SIMD4(0, 0, 0, 0), SIMD4(1, 1, 1, 1)),
        ]
        for (low, high) in settings {
            let filter = ColorClamp(minComponents: low, maxComponents: high)
            try expectPointwise(filter, "colorClamp \(low)...\(high)") { c in
                var out = c
                for i in 0..<4 { out[i] = min(max(c[i], Double(low[i])), Double(high[i])) }
                return out
            }
        }
    }

    @Test(
        "posterize rounds each channel to 1/colorLevels steps",
        arguments: [1.0, 4.0, 10.0, 256.0] as [Float])
    func posterize(levels: Float) throws {
        let n = Double(levels)
        try expectPointwise(Posterize(colorLevels: levels), "posterize \(levels)") { c in
            M.rgba((M.rgb(c) * n + 0.5).rounded(.down) / n, c.w)
        }
    }

    @Test("levels: black and white points, mid-tone gamma and output range per channel")
    func levels() throws {
        let settings: [(SIMD3<Float>, SIMD3<Float>, SIMD3<Float>, SIMD3<Float>, SIMD3<Float>)] = [
            (
                SIMD3(0.1, 0.1, 0.1), SIMD3(1.3, 1.3, 1.3), SIMD3(0.9, 0.9, 0.9), SIMD3(0, 0, 0),
                SIMD3(1, 1, 1)
            ),
            (
                SIMD3(0, 0.2, 0.05), SIMD3(0.5, 1, 2.5), SIMD3(0.8, 1, 0.6), SIMD3(0.1, 0, 0.3),
                SIMD3(0.9, 0.6, 1)
            ),
            (SIMD3(0, 0, 0), SIMD3(1, 1, 1), SIMD3(1, 1, 1), SIMD3(0, 0, 0), SIMD3(1, 1, 1)),
        ]
        for (low, middle, high, outLow, outHigh) in settings {
            let filter = Levels(
                levelMinimum: low, levelMiddle: middle, levelMaximum: high, minOutput: outLow,
                maxOutput: outHigh)
            try expectPointwise(filter, "levels \(low) \(middle) \(high) → \(outLow)...\(outHigh)")
            { c in
                var out = c
                for i in 0..<3 {
                    let t = min(max((c[i] - Double(low[i])) / Double(high[i] - low[i]), 0), 1)
                    out[i] = M.mix(
                        Double(outLow[i]), Double(outHigh[i]), pow(t, 1 / Double(middle[i])))
                }
                return out
            }
        }
    }

    @Test("haze: (rgb - d) / (1 - d) with d linear down the image")
    func haze() throws {
        for (distance, slope) in [(0.2, -0.1), (-0.3, 0.3), (0.3, 0.0), (0.0, 0.0)]
            as [(Float, Float)]
        {
            let filter = Haze(distance: distance, slope: slope)
            for image in Self.images {
                let output = try filter.apply(to: [image.texture])
                let sampler = ReferenceSampler(image.texture)
                expectFormula(output, "haze \(distance), \(slope) on \(image.name)") { p in
                    let c = sampler.texel(p.x, p.y)
                    let d = p.v * Double(slope) + Double(distance)
                    return M.rgba((M.rgb(c) - d) / (1 - d), c.w)
                }
            }
        }
    }

    // MARK: Luminance-based

    @Test("grayscale puts Rec. 709 luma in every channel")
    func grayscale() throws {
        try expectPointwise(Grayscale(), "grayscale") { c in
            let y = M.luma(c)
            return SIMD4(y, y, y, c.w)
        }
    }

    @Test(
        "saturation mixes between grey and the colour",
        arguments: [0.0, 0.5, 1.0, 1.6, 2.0] as [Float])
    func saturation(saturation: Float) throws {
        try expectPointwise(Saturation(saturation: saturation), "saturation \(saturation)") { c in
            M.rgba(M.mix(SIMD3(repeating: M.luma(c)), M.rgb(c), Double(saturation)), c.w)
        }
    }

    @Test("colour controls: saturation, then brightness, then contrast")
    func colorControls() throws {
        let settings: [(Float, Float, Float)] = [
            (1.3, 0.05, 1.2), (0, 0, 1), (2, -0.3, 0.5), (0.6, 0.2, 3),
        ]
        for (saturation, brightness, contrast) in settings {
            let filter = ColorControls(
                saturation: saturation, brightness: brightness, contrast: contrast)
            try expectPointwise(filter, "colorControls \(saturation), \(brightness), \(contrast)") {
                c in
                let y = 0.2125 * c.x + 0.7154 * c.y + 0.0721 * c.z
                let c1 = M.mix(SIMD3(repeating: y), M.rgb(c), Double(saturation))
                let c2 = c1 + Double(brightness)
                return M.rgba((c2 - 0.5) * Double(contrast) + 0.5, c.w)
            }
        }
    }

    @Test(
        "luminance range reduction shifts every channel by (0.5 - Y) · factor",
        arguments: [0.0, 0.6, 1.0] as [Float])
    func luminanceRangeReduction(factor: Float) throws {
        let filter = LuminanceRangeReduction(rangeReductionFactor: factor)
        try expectPointwise(filter, "luminanceRangeReduction \(factor)") { c in
            M.rgba(M.rgb(c) + (0.5 - M.luma(c)) * Double(factor), c.w)
        }
    }

    // The step can tie: 255 Y = 0.2125 R + 0.7154 G + 0.0721 B (in 8-bit steps) is a multiple of
    // 0.0001 and can equal 255 · threshold exactly, and float and Double may decide such a tie
    // differently. A few such pixels may flip (none do today); a wrong threshold or luma would
    // flip hundreds.
    @Test("luminance threshold is step(threshold, Y)", arguments: [0.2, 0.5, 0.8] as [Float])
    func luminanceThreshold(threshold: Float) throws {
        let filter = LuminanceThreshold(threshold: threshold)
        try expectPointwise(
            filter, "luminanceThreshold \(threshold) (ties may flip)", allowedOff: 2
        ) { c in
            let white = M.step(Double(threshold), M.luma(c))
            return SIMD4(white, white, white, c.w)
        }
    }

    @Test(
        "solarize inverts pixels whose luma is at least threshold",
        arguments: [0.0, 0.3, 0.5, 0.9] as [Float])
    func solarize(threshold: Float) throws {
        let filter = Solarize(threshold: threshold)
        try expectPointwise(filter, "solarize \(threshold) (ties may flip)", allowedOff: 2) { c in
            M.luma(c) >= Double(threshold) ? M.rgba(1 - M.rgb(c), c.w) : c
        }
    }

    @Test("false colour maps luma onto a ramp between two colours")
    func falseColor() throws {
        let settings: [(Color, Color)] = [
            (Color(red: 0, green: 0, blue: 0.5), Color(red: 1, green: 0, blue: 0)),  // defaults
            (Color(red: 0.1, green: 0.9, blue: 0.2), Color(red: 0.3, green: 0.05, blue: 0.95)),
        ]
        for (first, second) in settings {
            let filter = FalseColor(firstColor: first, secondColor: second)
            try expectPointwise(filter, "falseColor \(first) → \(second)") { c in
                M.rgba(M.mix(M.rgb(first), M.rgb(second), M.luma(c)), c.w)
            }
        }
    }

    @Test("monochrome overlays the tint on the luma, mixed by intensity")
    func monochrome() throws {
        let settings: [(Color, Float)] = [
            (Color(red: 0.6, green: 0.45, blue: 0.3), 1),  // defaults
            (Color(red: 0.2, green: 0.5, blue: 0.9), 0.6),
        ]
        for (tint, intensity) in settings {
            let filter = Monochrome(color: tint, intensity: intensity)
            let t = M.rgb(tint)
            try expectPointwise(filter, "monochrome \(tint) \(intensity)") { c in
                let y = M.luma(c)
                let tinted = y < 0.5 ? 2 * y * t : 1 - 2 * (1 - y) * (1 - t)
                return M.rgba(M.mix(M.rgb(c), tinted, Double(intensity)), c.w)
            }
        }
    }

    @Test("highlight and shadow tint: two luminance-weighted overlay tints")
    func highlightShadowTint() throws {
        let (red, blue) = (Color.red, Color.blue)
        let green = Color(red: 0.2, green: 0.7, blue: 0.4)
        let yellow = Color(red: 0.9, green: 0.8, blue: 0.1)
        // The header's example, other colours and weights, and the defaults (no tint).
        let settings: [(Color, Float, Color, Float)] = [
            (red, 0.6, blue, 0.6), (green, 1, yellow, 0.3), (red, 0, blue, 0),
        ]
        func overlay(_ c: SIMD3<Double>, _ t: SIMD3<Double>) -> SIMD3<Double> {
            var out = SIMD3<Double>()
            for i in 0..<3 {
                out[i] = c[i] < 0.5 ? 2 * c[i] * t[i] : 1 - 2 * (1 - c[i]) * (1 - t[i])
            }
            return out
        }
        for (shadowTint, shadowIntensity, highlightTint, highlightIntensity) in settings {
            let filter = HighlightShadowTint(
                shadowTintColor: shadowTint, shadowTintIntensity: shadowIntensity,
                highlightTintColor: highlightTint, highlightTintIntensity: highlightIntensity)
            try expectPointwise(
                filter, "highlightShadowTint \(shadowIntensity), \(highlightIntensity)"
            ) { c in
                let y = M.luma(c)
                let rgb = M.rgb(c)
                let rgb1 = M.mix(
                    rgb, overlay(rgb, M.rgb(shadowTint)),
                    Double(shadowIntensity) * (1 - y) * (1 - y))
                let rgb2 = M.mix(
                    rgb1, overlay(rgb1, M.rgb(highlightTint)), Double(highlightIntensity) * y * y
                )
                return M.rgba(rgb2, c.w)
            }
        }
    }

    @Test("highlights and shadows: luminance curves that keep the hue")
    func highlightShadow() throws {
        let settings: [(Float, Float)] = [(0.6, 0.6), (0, 1), (1, 0), (0.3, 0.9)]
        for (shadows, highlights) in settings {
            let filter = HighlightShadow(shadows: shadows, highlights: highlights)
            let (sh, hi) = (Double(shadows), Double(highlights))
            try expectPointwise(filter, "highlightShadow \(shadows), \(highlights)") { c in
                let y = 0.3 * c.x + 0.3 * c.y + 0.4 * c.z
                guard y > 0 else { return SIMD4(0, 0, 0, c.w) }
                let s = min(max(pow(y, 1 / (sh + 1)) - 0.76 * pow(y, 2 / (sh + 1)) - y, 0), 1)
                let h = min(
                    max(1 - (pow(1 - y, 1 / (2 - hi)) - 0.8 * pow(1 - y, 2 / (2 - hi))) - y, -1), 0)
                return M.rgba((y + s + h) * M.rgb(c) / y, c.w)
            }
        }
    }

    // MARK: Matrices and colour spaces

    @Test("sepia is the classic matrix mixed by intensity", arguments: [0.0, 0.3, 1.0] as [Float])
    func sepia(intensity: Float) throws {
        try expectPointwise(Sepia(intensity: intensity), "sepia \(intensity)") { c in
            let sepia = SIMD3(
                0.393 * c.x + 0.769 * c.y + 0.189 * c.z,
                0.349 * c.x + 0.686 * c.y + 0.168 * c.z,
                0.272 * c.x + 0.534 * c.y + 0.131 * c.z)
            return M.rgba(M.mix(M.rgb(c), sepia, Double(intensity)), c.w)
        }
    }

    @Test("colour matrix: mix(c, M c + offset, intensity) on all four channels")
    func colorMatrix() throws {
        // Rows as written on paper; the wrapper stores them column-major for the uniform.
        let swap: [[Float]] = [[0, 0, 1, 0], [0, 1, 0, 0], [1, 0, 0, 0], [0, 0, 0, 1]]
        let general: [[Float]] = [
            [0.5, 0.3, 0.1, 0], [0.2, 0.9, -0.2, 0.1], [-0.1, 0.4, 0.8, 0], [0.1, 0, 0, 0.7],
        ]
        let settings: [([[Float]], SIMD4<Float>, Float)] = [
            (swap, .zero, 1),  // the header's example: red and blue swapped
            (general, SIMD4(0.05, -0.1, 0.2, 0.15), 1),
            (general, SIMD4(0.05, -0.1, 0.2, 0.15), 0.4),
        ]
        for (rows, offset, intensity) in settings {
            let matrix = Matrix4x4(
                rows: SIMD4(rows[0]), SIMD4(rows[1]), SIMD4(rows[2]), SIMD4(rows[3]))
            let filter = ColorMatrix(colorMatrix: matrix, colorOffset: offset, intensity: intensity)
            try expectPointwise(filter, "colorMatrix \(rows) + \(offset), \(intensity)") { c in
                var transformed = SIMD4<Double>()
                for i in 0..<4 {
                    transformed[i] = Double(offset[i])
                    for j in 0..<4 { transformed[i] += Double(rows[i][j]) * c[j] }
                }
                return M.mix(c, transformed, Double(intensity))
            }
        }
    }

    /// NTSC YIQ: the rows are Y, I and Q. Its inverse is computed here in Double.
    static let rgbToYIQ: [[Double]] = [
        [0.299, 0.587, 0.114], [0.596, -0.274, -0.322], [0.211, -0.523, 0.312],
    ]
    static let yiqToRGB: [[Double]] = inverse3x3(rgbToYIQ)

    @Test(
        "hue rotates (I, Q) by -hue degrees in YIQ",
        arguments: [0.0, 45.0, 90.0, 200.0, 360.0] as [Float])
    func hue(degrees: Float) throws {
        let angle = Double(degrees) * .pi / 180
        try expectPointwise(Hue(hue: degrees), "hue \(degrees)") { c in
            let yiq = Self.multiply(Self.rgbToYIQ, M.rgb(c))
            // Rotating (I, Q) by -angle.
            let i = cos(angle) * yiq.y + sin(angle) * yiq.z
            let q = -sin(angle) * yiq.y + cos(angle) * yiq.z
            return M.rgba(Self.multiply(Self.yiqToRGB, SIMD3(yiq.x, i, q)), c.w)
        }
    }

    @Test("white balance: tint moves Q, temperature overlays a warm colour")
    func whiteBalance() throws {
        let settings: [(Float, Float)] = [
            (6500, 20), (4000, -150), (5000, 0), (7000, 200), (4500, 1500),  // Q clamped
        ]
        let warm = SIMD3(0.93, 0.54, 0.0)
        for (temperature, tint) in settings {
            let filter = WhiteBalance(temperature: temperature, tint: tint)
            try expectPointwise(filter, "whiteBalance \(temperature) K, tint \(tint)") { c in
                var yiq = Self.multiply(Self.rgbToYIQ, M.rgb(c))
                yiq.z = min(max(yiq.z + Double(tint) * 0.0005226, -0.5226), 0.5226)
                let rgb = Self.multiply(Self.yiqToRGB, yiq)
                var overlaid = SIMD3<Double>()
                for i in 0..<3 {
                    overlaid[i] =
                        rgb[i] < 0.5 ? 2 * rgb[i] * warm[i] : 1 - 2 * (1 - rgb[i]) * (1 - warm[i])
                }
                let shift = Double(temperature) - 5000
                let k = shift < 0 ? 0.0004 * shift : 0.00006 * shift
                return M.rgba(M.mix(rgb, overlaid, k), c.w)
            }
        }
    }

    @Test(
        "vibrance pushes channels away from the largest by (max - avg) · -3 vibrance",
        arguments: [-1.2, 0.0, 0.8, 1.2] as [Float])
    func vibrance(vibrance: Float) throws {
        try expectPointwise(Vibrance(vibrance: vibrance), "vibrance \(vibrance)") { c in
            let average = (c.x + c.y + c.z) / 3
            let largest = max(c.x, c.y, c.z)
            let k = (largest - average) * (-3 * Double(vibrance))
            return M.rgba(M.mix(M.rgb(c), SIMD3(repeating: largest), k), c.w)
        }
    }

    // MARK: Keys and thresholds

    /// (colorToReplace, thresholdSensitivity, smoothing) for chromaKey and chromaKeyBlend.
    static let chromaKeySettings: [(Color, Float, Float)] = [
        (Color(red: 0.55, green: 0.12, blue: 0.08), 0.05, 0.05),  // the header's example
        (Color(red: 0, green: 1, blue: 0), 0.4, 0.1),  // defaults
        (Color(red: 0.9, green: 0.85, blue: 0.8), 0.02, 0.2),
    ]

    @Test("chroma key multiplies alpha by smoothstep of the chroma distance")
    func chromaKey() throws {
        for (key, threshold, smoothing) in Self.chromaKeySettings {
            let filter = ChromaKey(
                colorToReplace: key, thresholdSensitivity: threshold, smoothing: smoothing)
            let keyChroma = M.chroma(M.rgb(key))
            try expectPointwise(filter, "chromaKey \(key) \(threshold) \(smoothing)") { c in
                let delta = M.chroma(M.rgb(c)) - keyChroma
                let d = (delta * delta).sum().squareRoot()
                let keep = M.smoothstep(Double(threshold), Double(threshold + smoothing), d)
                return SIMD4(c.x, c.y, c.z, c.w * keep)
            }
        }
    }

    /// adaptiveThreshold's four passes, stated directly, with each intermediate stored in an
    /// RGBA8 framebuffer as the header's passes do: Y = luma(in) (8-bit); m = the (2r+1)-wide
    /// horizontal mean of Y with clamp-to-edge (8-bit), then the vertical mean of that (8-bit);
    /// out = step(m - 0.05, Y), opaque.
    @Test(
        "adaptive threshold compares luma with its local box mean minus 0.05",
        arguments: [1.0, 4.0, 8.6] as [Float])
    func adaptiveThreshold(radius: Float) throws {
        let image = FormulaInputs.coffee
        let output = try AdaptiveThreshold(blurRadiusInPixels: radius).apply(to: [image])
        let source = ReferenceSampler(image)
        let (w, h) = (image.width, image.height)
        let r = Int(Double(radius).rounded())
        let quantise = { (v: Double) in (min(max(v, 0), 1) * 255).rounded() / 255 }
        var luma = [Double](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w { luma[y * w + x] = quantise(M.luma(source.texel(x, y))) }
        }
        func blurred(_ values: [Double], dx: Int, dy: Int) -> [Double] {
            var out = values
            for y in 0..<h {
                for x in 0..<w {
                    var sum = 0.0
                    for k in -r...r {
                        let xx = min(max(x + k * dx, 0), w - 1)
                        let yy = min(max(y + k * dy, 0), h - 1)
                        sum += values[yy * w + xx]
                    }
                    out[y * w + x] = quantise(sum / Double(2 * r + 1))
                }
            }
            return out
        }
        let mean = blurred(blurred(luma, dx: 1, dy: 0), dx: 0, dy: 1)
        // A luma within a rounding error of halfway between two 8-bit steps may be stored either
        // way in float, and that moves the comparison at its pixel and the means around it; allow
        // a handful of such pixels (none today; a wrong offset or radius moves hundreds).
        expectFormula(output, "adaptiveThreshold \(radius) (8-bit ties may flip)", allowedOff: 4) {
            p in
            let i = p.y * w + p.x
            let white = M.step(mean[i] - 0.05, luma[i])
            return SIMD4(white, white, white, 1)
        }
    }

    // MARK: Lookup table

    /// A LUT in GPUImage's layout whose entry for (r, g, b) = (i, j, n) / 63 is (g, b, r):
    /// pixel (x, y) holds ((y mod 64) / 63, (8 floor(y / 64) + floor(x / 64)) / 63,
    /// (x mod 64) / 63). The map is linear, so the filter's bilinear lookup inside a tile and
    /// its mix between the two nearest blue tiles reproduce it exactly (up to the 8-bit table):
    /// the output is (g, b, r) whatever the fractions.
    static let rotatingLUT: Texture = {
        var bytes = [UInt8](repeating: 255, count: 512 * 512 * 4)
        func byte(_ k: Int) -> UInt8 { UInt8((Double(k) * 255 / 63).rounded()) }
        for y in 0..<512 {
            for x in 0..<512 {
                let (red, green, blue) = (x % 64, y % 64, 8 * (y / 64) + x / 64)
                let i = (y * 512 + x) * 4
                bytes[i] = byte(green)
                bytes[i + 1] = byte(blue)
                bytes[i + 2] = byte(red)
            }
        }
        return Texture(width: 512, height: 512, rgba8: bytes)
    }()

    @Test(
        "lookup through a synthetic LUT that rotates the channels",
        arguments: [1.0, 0.35] as [Float])
    func lookupSynthetic(intensity: Float) throws {
        let filter = Lookup(intensity: intensity)
        for image in Self.images {
            let output = try filter.apply(to: [image.texture, Self.rotatingLUT])
            expectFormula(
                output, inputs: [image.texture], "lookup (g, b, r) \(intensity) on \(image.name)"
            ) { p in
                let c = p[0]
                return M.mix(c, SIMD4(c.y, c.z, c.x, c.w), Double(intensity))
            }
        }
    }

    @Test(
        "lookup through the repository's grading LUT follows the header's addressing",
        arguments: [1.0, 0.5] as [Float])
    func lookupTable(intensity: Float) throws {
        let table = ReferenceSampler(BlendInputs.lookupTable)
        let filter = Lookup(intensity: intensity)
        for image in Self.images {
            let output = try filter.apply(to: [image.texture, BlendInputs.lookupTable])
            expectFormula(
                output, inputs: [image.texture], "lookup LUT \(intensity) on \(image.name)"
            ) { p in
                let c = p[0]
                let b = c.z * 63
                func sample(_ n: Double) -> SIMD4<Double> {
                    let (column, row) = (
                        n.truncatingRemainder(dividingBy: 8), (n / 8).rounded(.down)
                    )
                    let scale: Double = 0.125 - 1.0 / 512
                    let u: Double = column / 8 + 0.5 / 512 + scale * c.x
                    let v: Double = row / 8 + 0.5 / 512 + scale * c.y
                    return table.bilinear(u, v)
                }
                let graded = M.mix(
                    sample(b.rounded(.down)), sample(b.rounded(.up)), b - b.rounded(.down))
                return M.mix(c, M.rgba(M.rgb(graded), c.w), Double(intensity))
            }
        }
    }

    // MARK: Helpers

    /// The matrix (rows) times the column vector.
    static func multiply(_ m: [[Double]], _ v: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(
            m[0][0] * v.x + m[0][1] * v.y + m[0][2] * v.z,
            m[1][0] * v.x + m[1][1] * v.y + m[1][2] * v.z,
            m[2][0] * v.x + m[2][1] * v.y + m[2][2] * v.z)
    }

    /// The inverse of a 3×3 matrix (rows), by cofactors.
    static func inverse3x3(_ m: [[Double]]) -> [[Double]] {
        let cofactor = { (r: Int, c: Int) -> Double in
            let (r1, r2) = ((r + 1) % 3, (r + 2) % 3)
            let (c1, c2) = ((c + 1) % 3, (c + 2) % 3)
            return m[r1][c1] * m[r2][c2] - m[r1][c2] * m[r2][c1]
        }
        let determinant = (0..<3).reduce(0.0) { $0 + m[0][$1] * cofactor(0, $1) }
        return (0..<3).map { r in (0..<3).map { c in cofactor(c, r) / determinant } }
    }
}
