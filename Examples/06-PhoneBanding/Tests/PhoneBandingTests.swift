import Foundation
import PhoneBandingLesson
import ShaderSemantics
import Testing

/// The unit test a team would write for the wave shader: it passes on `desktop` (as on the
/// developer's GPU) and fails on a phone profile, until the app uploads a wrapped time.
@Suite struct PhoneBandingTests {
    /// The test itself: the wave is smooth (no neighbouring columns more than 7/255 apart).
    static func isSmooth(time: Float, on profile: DeviceProfile) throws -> Bool {
        try Banding.largestStep(Banding.render(time: time, on: profile)) <= 7
    }

    @Test func theBugShowsOnAPhoneProfileOnly() throws {
        #expect(try Self.isSmooth(time: 3600, on: .desktop))
        #expect(try !Self.isSmooth(time: 3600, on: .mali400), "fp16 mediump bands the wave after an hour")
        #expect(try !Self.isSmooth(time: 3600, on: .gles2Minimum))
    }

    @Test func wrappingTheTimeFixesIt() throws {
        for profile in [DeviceProfile.desktop, .mali400, .gles2Minimum, .powervrSGX] {
            #expect(try Self.isSmooth(time: Banding.wrapped(3600), on: profile), "\(profile.name)")
        }
    }

    /// On desktop every pixel is the formula's value (fp32), within one step.
    @Test func desktopIsTheFormula() throws {
        let image = try Banding.render(time: 3600, on: .desktop)
        for x in 0..<Banding.width {
            let u = (Double(x) + 0.5) / Double(Banding.width)
            let expected = Int((255 * (0.5 + 0.5 * sin(u * 12 + 3600))).rounded())
            #expect(abs(Int(image.rgba8Pixel(x: x, y: 0).x) - expected) <= 1, "column \(x)")
        }
    }
}
