import Foundation
import Framebuffers
import Testing

@testable import ImageGraph

@Suite("Filter catalog")
struct FilterCatalogTests {
    @Test("every filter in Shaders/Filters is embedded and parsed")
    func catalogIsComplete() throws {
        let folder = projectRoot.appendingPathComponent("Shaders/Filters").path
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter {
            $0.hasSuffix(".fsh") || $0.hasSuffix(".composite")
        }
        #expect(FilterCatalog.all.count == files.count)
        #expect(FilterCatalog.all.count == 120)
        #expect(Set(FilterCatalog.all.map(\.name)).count == FilterCatalog.all.count)
    }

    @Test("the embedded text is the text in Shaders/ (the build embedded the current files)")
    func embeddedTextIsCurrent() throws {
        for path in FilterCatalog.shaderPaths {
            let onDisk = try String(
                contentsOf: projectRoot.appendingPathComponent("Shaders/" + path), encoding: .utf8)
            #expect(
                FilterCatalog.shaderText(atPath: path) == onDisk, "\(path) changed since the build")
        }
        #expect(FilterCatalog.shaderPaths.contains("Vertex/NearbyTexelSampling.vsh"))
    }

    @Test(
        "lookup ignores case and accepts kebab-case",
        arguments: [
            "gaussianBlur", "GaussianBlur", "gaussian-blur", "GAUSSIANBLUR", "gaussian_blur",
        ])
    func lookup(name: String) {
        #expect(FilterCatalog.filter(named: name)?.name == "gaussianBlur")
    }

    @Test("every filter is found by its name, kebab-case too, as the full catalog describes it")
    func everyFilterIsFoundByName() {
        for filter in FilterCatalog.all {
            let kebab = filter.name.reduce(into: "") { text, c in
                if c.isUppercase { text += "-" + c.lowercased() } else { text.append(c) }
            }
            for name in [filter.name, kebab] {
                let found = FilterCatalog.filter(named: name)
                #expect(found == filter, "\(name)")
            }
        }
    }

    @Test("unknown names find nothing and suggest the closest filter")
    func suggestions() {
        #expect(FilterCatalog.filter(named: "gausianBlur") == nil)
        #expect(FilterCatalog.suggestion(for: "gausianBlur") == "gaussianBlur")
        #expect(FilterCatalog.suggestion(for: "sepiaa") == "sepia")
        #expect(FilterCatalog.suggestion(for: "color-invrt") == "colorInvert")
        #expect(FilterCatalog.suggestion(for: "xyzzyplugh") == nil)
    }

    @Test("a parsed header has every field")
    func gaussianBlurDescription() throws {
        let blur = try #require(FilterCatalog.filter(named: "gaussianBlur"))
        #expect(blur.title == "Gaussian blur")
        #expect(blur.category == .processing)
        #expect(blur.inputs.map(\.name) == ["input1"])
        #expect(blur.output == .input)
        let sigma = try #require(blur.parameter(named: "sigma"))
        #expect(sigma.type == .float && sigma.defaultValue == [2] && sigma.range == 0...64)
        #expect(blur.passes.count == 2)
        #expect(blur.passes[1].inputs == [.pass(1)])
        #expect(
            blur.passes[1].assignments == [
                PassAssignment(uniform: "direction", value: .literal([0, 1]))
            ])
        #expect(blur.formula?.contains("exp(-k^2") == true)

        let canny = try #require(FilterCatalog.filter(named: "cannyEdgeDetection"))
        #expect(
            canny.passes.map(\.shader) == [
                .filter("grayscale"), .filter("gaussianBlur"), .filter("gaussianBlur"),
                .filter("directionalSobelEdgeDetection"),
                .filter("directionalNonMaximumSuppression"), .this,
            ])
        #expect(canny.vertexShader == "Vertex/NearbyTexelSampling.vsh")
        #expect(FilterCatalog.filter(named: "crop")?.output == .region(parameter: "cropRegion"))
        #expect(
            FilterCatalog.filter(named: "solidColor")?.output
                == .given(defaultSize: PixelSize(width: 160, height: 120)))
        #expect(FilterCatalog.filter(named: "lookup")?.inputs[1].name == "lookupTable")
        let polygon = try #require(
            FilterCatalog.filter(named: "polygon")?.parameter(named: "vertices"))
        #expect(
            polygon.arrayCount == 16 && polygon.componentCount == 32
                && polygon.glslType == "vec2[16]")
    }

    @Test("every pass runs a catalog filter, and every parameter reaches a uniform")
    func crossReferences() throws {
        for filter in FilterCatalog.all {
            for pass in filter.passes {
                if case .filter(let name) = pass.shader {
                    #expect(
                        FilterCatalog.filter(named: name) != nil,
                        "\(filter.name): pass \(pass.number) runs '\(name)'")
                }
            }
            let sizes = filter.inputs.map { _ in ImageSize(width: 16, height: 8) }
            let plans = try FilterRenderer().plan(filter, inputSizes: sizes)
            for parameter in filter.parameters {
                #expect(
                    plans.contains {
                        $0.uniforms[parameter.name] != nil
                            || $0.uniforms.values.contains(parameter.defaultValue)
                    },
                    "\(filter.name): parameter \(parameter.name) sets no uniform")
            }
        }
    }
}

@Suite("Filter renderer errors")
struct FilterRendererErrorTests {
    let image = Texture(width: 4, height: 4, filledWith: SIMD4(0.5, 0.5, 0.5, 1))

    @Test("unknown parameter, wrong arity, wrong input count, bad output size")
    func errors() throws {
        let brightness = try #require(FilterCatalog.filter(named: "brightness"))
        let renderer = FilterRenderer()
        #expect(throws: FilterError.unknownParameter(filter: "brightness", name: "contrast")) {
            try renderer.render(brightness, parameters: ["contrast": [1]], inputs: [image])
        }
        #expect(throws: FilterError.parameterArity(name: "brightness", expected: 1, got: 2)) {
            try renderer.render(brightness, parameters: ["brightness": [1, 2]], inputs: [image])
        }
        #expect(throws: FilterError.inputCount(filter: "brightness", expected: 1, got: 0)) {
            try renderer.render(brightness, inputs: [])
        }
        #expect(throws: FilterError.self) {
            try renderer.render(
                brightness, inputs: [image], outputSize: ImageSize(width: 2, height: 2))
        }
        let crop = try #require(FilterCatalog.filter(named: "crop"))
        let cropped = try renderer.render(
            crop, parameters: ["cropRegion": [0.25, 0, 0.5, 0.75]], inputs: [image])
        #expect(cropped.width == 2 && cropped.height == 3)
        #expect(throws: FilterError.self) {
            try renderer.render(crop, parameters: ["cropRegion": [0, 0, 0, 1]], inputs: [image])
        }
    }
}
