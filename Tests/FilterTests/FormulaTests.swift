import Foundation
import Framebuffers
import ImageGraph
import Testing

/// Filters checked against their header formulas computed in plain Swift (Double), independent
/// of any shader: the output must be within 1/255 of round(255 · formula) at every pixel.
@Suite("Built-in filters against independent formulas")
struct FormulaTests {
    let coffee = FormulaInputs.coffee
    let ghost = FormulaInputs.ghost

    @Test("brightness adds to red, green and blue", arguments: [-0.4, 0.0, 0.25, 0.7])
    func brightness(amount: Float) throws {
        let output = try Brightness(brightness: amount).apply(to: [coffee])
        expectFormula(output, inputs: [coffee], "brightness \(amount)") { p in
            SIMD4(p[0].x + Double(amount), p[0].y + Double(amount), p[0].z + Double(amount), p[0].w)
        }
    }

    @Test("colour invert is 1 - rgb and keeps alpha")
    func colorInvert() throws {
        let output = try ColorInvert().apply(to: [ghost])
        expectFormula(output, inputs: [ghost], "colorInvert") { p in
            SIMD4(1 - p[0].x, 1 - p[0].y, 1 - p[0].z, p[0].w)
        }
    }

    @Test("multiply blend composites C_b C_s source-over")
    func multiplyBlend() throws {
        let output = try MultiplyBlend().apply(to: [coffee, ghost])
        expectFormula(output, inputs: [coffee, ghost], "multiplyBlend") { p in
            let (b, s) = (p[0], p[1])
            let alpha = s.w + b.w * (1 - s.w)
            guard alpha > 0 else { return .zero }
            var rgb = SIMD4<Double>.zero
            for c in 0..<3 {
                let blended = b[c] * s[c]
                rgb[c] =
                    (s.w * (1 - b.w) * s[c] + s.w * b.w * blended + (1 - s.w) * b.w * b[c]) / alpha
            }
            rgb.w = alpha
            return rgb
        }
    }

    @Test("Gaussian blur with sigma 0 copies its input")
    func blurWithZeroSigma() throws {
        let output = try GaussianBlur(sigma: 0).apply(to: [coffee])
        #expect(output.rgba8Bytes == coffee.rgba8Bytes)
    }

    @Test("a generator draws at the size it is given")
    func generatorSize() throws {
        let solid = SolidColor(color: Color(red: 0.2, green: 0.4, blue: 0.6))
        solid.outputSize = ImageSize(width: 7, height: 3)
        let output = try solid.apply(to: [])
        #expect(output.width == 7 && output.height == 3)
        #expect(output.rgba8Pixel(x: 6, y: 2) == SIMD4(51, 102, 153, 255))
    }

    @Test("every built-in filter has a formula test")
    func everyFilterHasAFormulaTest() throws {
        let folder = projectRoot.appendingPathComponent("Tests/FilterTests")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix("FormulaTests.swift") }
        let text = try files.map {
            try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)
        }.joined().lowercased()
        #expect(manifest.count >= 100)
        for entry in manifest {
            // The generated class is the filter's name with a capital (CGAColorspace, RGB).
            #expect(text.contains(entry.filter.lowercased() + "("), "\(entry.filter) has no formula test")
        }
    }
}
