import Foundation
import Framebuffers
import ImageGraph
import ShaderExecution
import Testing

/// Every built-in filter rendered by Shade on the reference inputs with the manifest's
/// parameters, compared with Mesa llvmpipe's rendering (`Tests/References/Filters/`).
@Suite("Built-in filters against Mesa llvmpipe")
struct FilterReferenceTests {
    /// Renders the manifest entry's filter the way the reference script did.
    func render(_ entry: ManifestEntry) throws -> Texture {
        let filter = try #require(
            FilterCatalog.filter(named: entry.filter), "no filter '\(entry.filter)' in the catalog")
        let inputs = try entry.inputs.map(loadImage)
        var outputSize: ImageSize?
        if case .given = filter.output {
            outputSize = ImageSize(width: entry.size[0], height: entry.size[1])
        }
        return try FilterRenderer().render(
            filter, parameters: entry.parameters, inputs: inputs, outputSize: outputSize)
    }

    @Test("the manifest covers the whole catalog")
    func manifestCoversCatalog() {
        #expect(manifest.map(\.filter) == FilterCatalog.all.map(\.name))
    }

    @Test("matches the reference within 1/255", arguments: manifest)
    func matchesReference(_ entry: ManifestEntry) throws {
        let actual = try render(entry)
        let expected = try loadImage(entry.reference)
        let difference = compare(
            actual, expected, tolerance: 1, diffPath: diffImagePath(entry.filter))
        if ProcessInfo.processInfo.environment["SHADE_FILTER_REPORT"] != nil {
            print("filter \(entry.filter): largest difference \(difference.largestDifference)")
        }
        try #require(
            !difference.sizeMismatch,
            "\(entry.filter): \(actual.width)x\(actual.height), reference \(expected.width)x\(expected.height)"
        )
        if let known = knownDifferences[entry.filter] {
            #expect(
                difference.pixelsOff <= known.pixelsOff,
                "\(entry.filter) got worse (\(known.symptom)): \(difference)")
            #expect(
                difference.pixelsOff > 0,
                "\(entry.filter) now matches: remove it from KnownDifferences.swift")
        } else if thresholdFilters.contains(entry.filter) {
            #expect(
                difference.pixelsOff <= thresholdPixelBound,
                "\(entry.filter) (threshold-type, at most \(thresholdPixelBound) tie pixels): \(difference); diff image \(diffImagePath(entry.filter))"
            )
        } else {
            #expect(
                difference.pixelsOff == 0,
                "\(entry.filter): \(difference); diff image \(diffImagePath(entry.filter))")
        }
        // All but `filtersWithinOneStep` are bit-identical; those may only join them.
        if knownDifferences[entry.filter] == nil && !filtersWithinOneStep.contains(entry.filter) {
            #expect(
                difference.largestDifference == 0,
                "\(entry.filter) is no longer bit-identical: \(difference)")
        }
    }

    @Test("runs the passes the reference ran", arguments: manifest)
    func plansLikeTheReference(_ entry: ManifestEntry) throws {
        let filter = try #require(FilterCatalog.filter(named: entry.filter))
        let inputs = try entry.inputs.map(loadImage)
        var outputSize: ImageSize?
        if case .given = filter.output {
            outputSize = ImageSize(width: entry.size[0], height: entry.size[1])
        }
        let plans = try FilterRenderer().plan(
            filter, parameters: entry.parameters,
            inputSizes: inputs.map { ImageSize(width: $0.width, height: $0.height) },
            outputSize: outputSize)
        try #require(plans.count == entry.passes.count, "\(entry.filter): pass count")
        for (k, (plan, pass)) in zip(plans, entry.passes).enumerated() {
            let context = "\(entry.filter) pass \(k + 1)"
            #expect("Shaders/" + plan.fragmentPath == pass.shader, "\(context): fragment")
            let defaultVertex =
                pass.inputs.count >= 2 ? "Vertex/TwoInputPassthrough.vsh" : "Vertex/Passthrough.vsh"
            #expect(
                plan.vertexPath == pass.vertex.map { String($0.dropFirst("Shaders/".count)) }
                    ?? defaultVertex, "\(context): vertex")
            #expect(plan.inputs.map(\.description) == pass.inputs, "\(context): inputs")
            #expect([plan.size.width, plan.size.height] == pass.size, "\(context): size")
            for (name, value) in pass.uniforms {
                #expect(plan.uniforms[name] == value, "\(context): uniform \(name)")
            }
            for (name, value) in pass.automaticUniforms {
                #expect(plan.uniforms[name] == [Float(value)], "\(context): \(name)")
            }
        }
    }

    @Test("a wrong parameter value is caught by the comparison")
    func comparisonCanFail() throws {
        let entry = try #require(manifest.first { $0.filter == "brightness" })
        let filter = try #require(FilterCatalog.filter(named: "brightness"))
        let actual = try FilterRenderer().render(
            filter, parameters: ["brightness": [0.3]], inputs: entry.inputs.map(loadImage))
        let difference = compare(actual, try loadImage(entry.reference), tolerance: 1)
        #expect(difference.pixelsOff > 10_000)
        #expect((12...13).contains(difference.largestDifference))
    }

    @Test("the schedule changes no bit of a multi-pass filter", arguments: [
        "cannyEdgeDetection", "unsharpMask", "lanczosResize",
    ])
    func scheduleIndependence(name: String) throws {
        let entry = try #require(manifest.first { $0.filter == name })
        let filter = try #require(FilterCatalog.filter(named: name))
        let inputs = try entry.inputs.map(loadImage)
        var outputSize: ImageSize?
        if case .given = filter.output { outputSize = ImageSize(width: entry.size[0], height: entry.size[1]) }
        func render(_ schedule: Schedule) throws -> Texture {
            try FilterRenderer(executor: Executor(schedule: schedule)).render(
                filter, parameters: entry.parameters, inputs: inputs, outputSize: outputSize)
        }
        let reference = try render(.singleThreaded)
        for schedule in [Schedule(), Schedule(tileWidth: 16, tileHeight: 4, threadCount: 3, laneWidth: 16)] {
            #expect(try render(schedule) == reference, "\(name) with \(schedule)")
        }
    }
}
