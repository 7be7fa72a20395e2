// Lesson 3: testing a shader pixel by pixel, without a GPU.
//
// 1. Render a custom shader at a small size with `ShaderFixture.render`.
// 2. Check single pixels, a rectangle, or every pixel with `ImageExpectation`, with a
//    per-channel tolerance; a failure says how many pixels differ, by how much, and where.
// 3. Run a piglit `.shader_test` file with `ShaderRunner` (what `shade test` does).
// 4. Trace one pixel with `ShaderTrace` to see why it has its colour.
//
// `swift run testing-shaders` prints what it verified; the Swift Testing version of
// the same checks is in Tests/VignetteTests.swift (`swift test --filter VignetteTests`).
import Foundation
import Framebuffers
import ShaderSemantics
import ShaderTesting

let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let vignette = try String(contentsOf: folder.appendingPathComponent("Shaders/Vignette.fsh"), encoding: .utf8)
let white = Texture(width: 16, height: 16, filledWith: SIMD4(1, 1, 1, 1))
var failures = 0

@MainActor func check(_ comparison: ImageComparison, _ what: String) {
    if comparison.isMatch {
        print("ok    \(what)")
    } else {
        failures += 1
        print("FAIL  \(what): \(comparison)")
    }
}

// 1. Render 16×16 with the white image as input.
let image = try ShaderFixture.render(
    fragment: vignette, width: 16, height: 16, uniforms: ["radius": [0.25], "softness": [0.1]], inputs: [white])

// 2. Expectations.
check(ImageExpectation.rect(of: image, x: 6, y: 6, width: 4, height: 4, is: SIMD4(1, 1, 1, 1)), "the centre 4x4 keeps its colour")
check(ImageExpectation.pixel(of: image, x: 0, y: 0, is: SIMD4(0, 0, 0, 1)), "the corner (0, 0) is black")
check(ImageExpectation.everyPixel(of: image, tolerance: SIMD4(0.02, 0.02, 0.02, 0)) { x, y in
    // The same vignette computed in Swift, as a reference for every pixel.
    let d = ((Float(x) + 0.5) / 16 - 0.5, (Float(y) + 0.5) / 16 - 0.5)
    let distance = (d.0 * d.0 + d.1 * d.1).squareRoot()
    let t = min(max((distance - 0.25) / 0.1, 0), 1)
    let keep = 1 - t * t * (3 - 2 * t)
    return SIMD4(keep, keep, keep, 1)
}, "every pixel matches a Swift reference within 0.02")

// A wrong expectation is caught, and the report says where and by how much.
let wrong = ImageExpectation.pixel(of: image, x: 8, y: 8, is: SIMD4(0.5, 0.5, 0.5, 1))
print(wrong.isMatch ? "FAIL  a wrong expectation passed" : "ok    a wrong expectation is reported: \(wrong)")
if wrong.isMatch { failures += 1 }

// 3. The piglit test file next to the shader.
let file = folder.appendingPathComponent("Shaders/vignette.shader_test")
let test = ShaderRunnerTest(parsing: try String(contentsOf: file, encoding: .utf8), name: file.lastPathComponent)
switch ShaderRunner().run(test) {
case .passed: print("ok    vignette.shader_test passes (as `shade test` would report)")
case .failed(let reason), .skipped(let reason):
    failures += 1
    print("FAIL  vignette.shader_test: \(reason)")
}

// 4. Why is pixel (12, 8) the colour it is?
let checked = try compileFrontEnd(source: vignette, name: "Vignette.fsh", stage: .fragment)
let trace = try ShaderTrace(
    shader: checked, x: 12, y: 8, width: 16, height: 16, uniforms: ["radius": [0.25], "softness": [0.1]], inputs: [white])
print("trace of pixel (12, 8):")
for event in trace.events { print("      line \(event)") }
let rendered = image.pixel(x: 12, y: 8), traced = trace.fragColor ?? .zero
if abs(rendered.x - traced.x) > 1.0 / 255 {
    failures += 1
    print("FAIL  the trace (\(traced.x)) disagrees with the rendered pixel (\(rendered.x))")
} else {
    print("ok    the trace's gl_FragColor is the rendered pixel")
}

if failures > 0 {
    print("\(failures) check(s) failed")
    exit(1)
}
print("lesson 3: all checks passed")
