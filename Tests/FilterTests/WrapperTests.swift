import Framebuffers
import Testing
@testable import ImageGraph

/// The typed wrappers generated from the headers.
@Suite("Typed filter wrappers")
struct WrapperTests {
    @Test("one wrapper per filter, whose defaults are the header's")
    func everyFilterHasAWrapper() throws {
        #expect(builtInFilterTypes.count == FilterCatalog.all.count)
        for type in builtInFilterTypes {
            let description = type.filterDescription
            #expect(type.init().parameterValues == description.parameterValues(), "\(type)")
        }
    }

    @Test("typed properties with header defaults, and their uniform values")
    func typedProperties() {
        #expect(GaussianBlur().sigma == 2)
        #expect(AlphaBlend(mixturePercent: 0.25).parameterValues == ["mixturePercent": [0.25]])
        #expect(Brightness().brightness == 0)
        #expect(Dilation().radius == 1)
        #expect(Vignette().vignetteCenter == SIMD2(0.5, 0.5))
        #expect(ColorMatrix().colorMatrix == .identity)
        #expect(Polygon().vertices.count == 16)
        #expect(CGAColorspace.filterName == "cgaColorspace")
        var crop = Crop()
        crop.cropRegion = SIMD4(0.1, 0.2, 0.3, 0.4)
        #expect(crop.parameterValues["cropRegion"] == [0.1, 0.2, 0.3, 0.4])
    }

    @Test("a wrapper renders what the catalog renders")
    func wrapperRenders() throws {
        let image = try loadImage("Tests/References/Inputs/coffee-160x120.png")
        let viaWrapper = try Sepia(intensity: 0.5).apply(to: [image])
        let viaCatalog = try FilterRenderer().render(
            try #require(FilterCatalog.filter(named: "sepia")), parameters: ["intensity": [0.5]], inputs: [image])
        #expect(viaWrapper == viaCatalog)
    }
}
