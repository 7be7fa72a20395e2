import Framebuffers
import Testing

@testable import ImageGraph

/// The typed wrappers generated from the headers, and `FilterOperation` in a graph.
@Suite("Typed filter wrappers and FilterOperation")
struct WrapperTests {
    @Test("one wrapper per filter, whose defaults are the header's")
    func everyFilterHasAWrapper() throws {
        let wrappers = builtInFilterWrappers
        #expect(wrappers.map(\.name).sorted() == FilterCatalog.all.map(\.name))
        for (name, make) in wrappers {
            let operation = make()
            #expect(operation.filter.name == name)
            #expect(operation.parameterValues == operation.filter.parameterValues(), "\(name)")
        }
    }

    @Test("typed properties read and write the parameter values")
    func typedProperties() throws {
        #expect(GaussianBlur().sigma == 2)
        #expect(AlphaBlend(mixturePercent: 0.25).parameterValues == ["mixturePercent": [0.25]])
        #expect(Brightness().brightness == 0)
        #expect(Dilation().radius == 1)
        #expect(Vignette().vignetteCenter == SIMD2(0.5, 0.5))
        #expect(Vignette().vignetteColor == Color.black)
        #expect(Vignette().parameterValues["vignetteColor"] == [0, 0, 0])
        #expect(ColorMatrix().colorMatrix == .identity)
        #expect(
            Polygon().vertices.count == 16 && Polygon().vertices[1] == SIMD2(0.880423, 0.376393))
        #expect(CGAColorspace.filterName == "cgaColorspace")
        let crop = Crop()
        crop.cropRegion = SIMD4(0.1, 0.2, 0.3, 0.4)
        #expect(crop.parameterValues["cropRegion"] == [0.1, 0.2, 0.3, 0.4])
        let blur = GaussianBlur(sigma: 3)
        try blur.setParameter(Float(5), forName: "sigma")
        #expect(blur.sigma == 5)
    }

    @Test("parameters set by name are type-checked")
    func setByName() throws {
        let dilation = try FilterOperation(named: "dilation")
        try dilation.setParameter(3, forName: "radius")
        #expect(dilation.parameterValues["radius"] == [3])
        #expect(throws: FilterError.parameterType(name: "radius", expected: "int", got: "float")) {
            try dilation.setParameter(Float(2.5), forName: "radius")
        }
        let vignette = try FilterOperation(named: "vignette")
        #expect(throws: FilterError.parameterArity(name: "vignetteCenter", expected: 2, got: 3)) {
            try vignette.setParameter(SIMD3<Float>(1, 2, 3), forName: "vignetteCenter")
        }
        #expect(
            throws: FilterError.parameterType(name: "vignetteStart", expected: "float", got: "bool")
        ) {
            try vignette.setParameter(true, forName: "vignetteStart")
        }
        try vignette.setParameter(Color.red, forName: "vignetteColor")
        #expect(vignette.parameterValues["vignetteColor"] == [1, 0, 0])
        #expect(throws: FilterError.unknownParameter(filter: "vignette", name: "radius")) {
            try vignette.setParameter(Float(1), forName: "radius")
        }
        #expect(throws: FilterError.unknownFilter("gausianBlur", suggestion: "gaussianBlur")) {
            try FilterOperation(named: "gausianBlur")
        }
    }

    @Test("a wrapper renders what the catalog renders, directly and in a graph")
    func wrapperRenders() throws {
        let image = try loadImage("Tests/References/Inputs/coffee-160x120.png")
        let viaCatalog = try FilterRenderer().render(
            try #require(FilterCatalog.filter(named: "unsharpMask")),
            parameters: ["intensity": [2]], inputs: [image])
        let sharpen = UnsharpMask(intensity: 2)
        #expect(try sharpen.apply(to: [image]) == viaCatalog)

        let input = PictureInput(texture: image)
        var rendered: Texture?
        let output = TextureOutput { rendered = $0 }
        input --> sharpen --> output
        try input.processImage()
        #expect(rendered == viaCatalog)
    }

    @Test("a two-input filter takes its overlay at texture location 1")
    func twoInputsInAGraph() throws {
        let base = try loadImage("Tests/References/Inputs/coffee-160x120.png")
        let overlay = try loadImage("Tests/References/Inputs/ghost-160x120.png")
        let blend = AlphaBlend(mixturePercent: 0.7)
        let expected = try blend.apply(to: [base, overlay])
        let first = PictureInput(texture: base)
        let second = PictureInput(texture: overlay)
        var rendered: Texture?
        let output = TextureOutput { rendered = $0 }
        first --> blend
        second.addTarget(blend, atTextureLocation: 1)
        blend --> output
        try first.processImage()
        #expect(rendered == expected)
        blend.useNextFrameForImageCapture()
        try first.processImage()
        #expect(try blend.imageFromCurrentFramebuffer() == expected)
    }

    @Test("a generator is a graph source; its errors name the filter")
    func generatorInAGraph() throws {
        let noise = PerlinNoise()
        noise.outputSize = ImageSize(width: 40, height: 30)
        var rendered: Texture?
        let output = TextureOutput { rendered = $0 }
        noise --> output
        try noise.processImage()
        #expect(rendered?.width == 40 && rendered?.height == 30)
        #expect(rendered == (try noise.apply(to: [])))

        let polygon = Polygon(vertexCount: 3)
        polygon.vertices = [SIMD2(0, 0), SIMD2(1, 0), SIMD2(0, 1)]
        #expect(
            polygon.parameterValues["vertices"] == [0, 0, 1, 0, 0, 1]
                + [Float](repeating: 0, count: 26))
        polygon.vertices = [SIMD2<Float>](repeating: SIMD2(0.5, 0.5), count: 17)
        polygon --> TextureOutput { _ in }
        #expect(throws: FilterError.parameterArity(name: "vertices", expected: 32, got: 34)) {
            try polygon.processImage()
        }
    }
}
