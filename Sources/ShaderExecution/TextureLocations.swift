/// Which input image a 2D sampler reads, by its name: the one rule the executor, the image
/// graph, the CLI and the trace interpreter share.
///
/// - GPUImage's names: `inputImageTexture` reads input 0, `inputImageTexture2` input 1, and
///   so on.
/// - Shadertoy's names: `iChannel0` … `iChannel3` read inputs 0 … 3.
/// - Any other sampler takes the lowest input no named sampler claims, in declaration order.
public enum TextureLocations {
    /// The input a sampler name claims, or `nil` for a name with no fixed input.
    public static func location(ofSampler name: String) -> Int? {
        let gpuImage = "inputImageTexture", shadertoy = "iChannel"
        if name.hasPrefix(gpuImage) {
            let suffix = name.dropFirst(gpuImage.count)
            if suffix.isEmpty { return 0 }
            guard suffix.first != "0", let n = Int(suffix), n >= 2 else { return nil }
            return n - 1
        }
        if name.hasPrefix(shadertoy) {
            let suffix = name.dropFirst(shadertoy.count)
            guard suffix.count == 1, let n = Int(suffix), (0...3).contains(n) else { return nil }
            return n
        }
        return nil
    }

    /// The input of each sampler name in `names` (declaration order): named samplers take
    /// their own input, the others the lowest inputs left free.
    public static func locations(ofSamplers names: [String]) -> [Int] {
        var used = Set(names.compactMap(location(ofSampler:)))
        var next = 0
        return names.map { name in
            if let fixed = location(ofSampler: name) { return fixed }
            while used.contains(next) { next += 1 }
            used.insert(next)
            return next
        }
    }
}
