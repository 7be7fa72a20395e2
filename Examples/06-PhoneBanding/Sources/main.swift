// Lesson 6: catching a phone-only banding bug on a machine with no phone and no GPU.
//
// 1. Render the wave shader after an hour of animation (u_time = 3600) on `desktop` and on
//    `mali-400`, a phone GPU whose mediump is fp16 (Shade rounds exactly where such a GPU
//    does, and matches llvmpipe's own fp16 mode; see the README's "Device profiles").
// 2. Measure the largest step between neighbouring columns: the wave's slope allows 6/255;
//    the phone's picture jumps by most of the range.
// 3. Fix it in the app (upload the time wrapped to one period) and check both profiles again.
//
// `swift run phone-banding [DIR]` prints what it verified (and writes the four pictures into
// DIR); the Swift Testing version is Tests/PhoneBandingTests.swift.
import Foundation
import ImageCodecs
import PhoneBandingLesson
import ShaderSemantics

var failures = 0
@MainActor func check(_ condition: Bool, _ what: String) {
    print(condition ? "ok    \(what)" : "FAIL  \(what)")
    if !condition { failures += 1 }
}

let output = CommandLine.arguments.dropFirst().first
for (time, label) in [(Float(3600), "u_time = 3600"), (Banding.wrapped(3600), "u_time wrapped to one period")] {
    for profile in [DeviceProfile.desktop, .mali400] {
        let image = try Banding.render(time: time, on: profile)
        let step = Banding.largestStep(image)
        let banded = label == "u_time = 3600" && profile.name == "mali-400"
        if banded {
            check(step > 64, "\(label) on \(profile.name): bands, neighbouring columns jump by \(step)/255")
        } else {
            check(step <= 7, "\(label) on \(profile.name): smooth, the largest step is \(step)/255")
        }
        if let output {
            let name = "\(output)/waves-\(profile.name)-\(label.hasPrefix("u_time =") ? "3600" : "wrapped").png"
            try ImageFile.write(image, toFile: name, as: .png())
        }
    }
}
exit(failures == 0 ? 0 : 1)
