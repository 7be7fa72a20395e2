import ImageCodecs
import Testing

/// A small deterministic generator (xorshift64*), so every run mutates the same bytes.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 2_685_821_657_736_338_717
    }
}

@Suite("mutated files")
struct MutationTests {
    /// Each file gets 300 mutants (1–8 random bytes overwritten after the signature). A mutant
    /// must either decode to a texture of the size its header declares or throw an
    /// `ImageCodecError`: never crash or hang. (A mutant may legitimately declare another size:
    /// a changed SOF height is a smaller, valid image.)
    @Test(
        "never crash",
        arguments: [
            "edge/basn0g01.png", "edge/pil123p.png", "edge/tbbn3p08.png", "edge/basn6a16.png",
            "edge/testorig.jpg", "edge/app13-multiple.jpg", "edge/testimgari.jpg",
            "edge/hopper_orientation_6.jpg",
        ])
    func mutants(_ file: String) throws {
        let original = try Fixtures.bytes(file)
        var generator = SeededGenerator(state: 0x5EED &+ UInt64(original.count))
        var failures = 0
        for _ in 0..<300 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                bytes[Int.random(in: 8..<bytes.count, using: &generator)] = UInt8.random(
                    in: 0...255, using: &generator)
            }
            do {
                let image = try ImageFile.decode(
                    bytes, options: DecodingOptions(appliesOrientation: false))
                #expect(
                    image.texture.width == image.info.width
                        && image.texture.height == image.info.height)
            } catch let error as ImageCodecError {
                failures += 1
                #expect(!error.description.isEmpty)
            }
        }
        #expect(failures > 0, "some mutants of \(file) must be rejected")
    }
}
