import Foundation
import Framebuffers
import ImageGraph

// Helpers for the formula tests of neighbourhood filters (processing, effect, generator):
// luminance, 3x3 neighbourhoods and convolutions over a `ReferenceSampler`, edge operators, and
// separable passes whose results are stored in RGBA8 the way a multi-pass filter's intermediate
// framebuffers are. Everything is computed in Double from the header formulas, never from a
// shader.

// MARK: Colour

/// Rec. 709 luma, the weights every luminance-based filter uses (0.2125, 0.7154, 0.0721).
func luma(_ c: SIMD4<Double>) -> Double {
    0.2125 * c.x + 0.7154 * c.y + 0.0721 * c.z
}

/// The luma of the (0.299, 0.587, 0.114) weights the photo effects use.
func luma601(_ c: SIMD4<Double>) -> Double {
    0.299 * c.x + 0.587 * c.y + 0.114 * c.z
}

/// One channel as an RGBA8 framebuffer stores it: round(clamp(v, 0, 1) · 255) / 255 (NaN is 0).
func quantised(_ v: Double) -> Double {
    v.isNaN ? 0 : (min(max(v, 0), 1) * 255).rounded() / 255
}

/// A colour as an RGBA8 framebuffer stores it, channel by channel.
func quantised(_ v: SIMD4<Double>) -> SIMD4<Double> {
    SIMD4(quantised(v.x), quantised(v.y), quantised(v.z), quantised(v.w))
}

/// A colour parameter as its `vec4` uniform holds it (straight alpha), in Double.
func rgba(_ color: Color) -> SIMD4<Double> {
    SIMD4(Double(color.red), Double(color.green), Double(color.blue), Double(color.alpha))
}

/// GLSL's `smoothstep`.
func smoothstep(_ edge0: Double, _ edge1: Double, _ x: Double) -> Double {
    let t = min(max((x - edge0) / (edge1 - edge0), 0), 1)
    return t * t * (3 - 2 * t)
}

/// GLSL's `mix` on colours.
func mix(_ a: SIMD4<Double>, _ b: SIMD4<Double>, _ t: Double) -> SIMD4<Double> {
    a + (b - a) * t
}

/// GLSL's `mod`: x - y floor(x / y), in [0, y) for positive y.
func glslMod(_ x: Double, _ y: Double) -> Double {
    x - y * (x / y).rounded(.down)
}

/// The colour with its rgb replaced, alpha kept.
func withRGB(_ c: SIMD4<Double>, _ r: Double, _ g: Double, _ b: Double) -> SIMD4<Double> {
    SIMD4(r, g, b, c.w)
}

/// A grey (y, y, y, alpha).
func grey(_ y: Double, alpha: Double = 1) -> SIMD4<Double> {
    SIMD4(y, y, y, alpha)
}

// MARK: Images made of formulas

/// The RGBA8 image of `formula` evaluated at every pixel of a `width` × `height` frame, each
/// channel stored as round(clamp(v) · 255) / 255: what an intermediate pass of a multi-pass
/// filter leaves in its RGBA8 framebuffer for the next pass to read.
func rgba8Image(width: Int, height: Int, _ formula: (FormulaPixel) -> SIMD4<Double>) -> Texture {
    var bytes = [UInt8](repeating: 0, count: width * height * 4)
    for y in 0..<height {
        for x in 0..<width {
            let value = formula(FormulaPixel(x: x, y: y, width: width, height: height))
            for c in 0..<4 {
                bytes[(y * width + x) * 4 + c] = UInt8((quantised(value[c]) * 255).rounded())
            }
        }
    }
    return Texture(width: width, height: height, rgba8: bytes)
}

/// A texture's texels decoded once to Double (channels in 0...1), with the clamp-to-edge
/// addressing of `ReferenceSampler.texel`: for formulas that read hundreds of texels per pixel
/// (bilateral blur, Lanczos, Kuwahara), where decoding every read is too slow in a debug build.
struct DecodedImage {
    let width: Int
    let height: Int
    let texels: [SIMD4<Double>]

    init(_ texture: Texture) {
        width = texture.width
        height = texture.height
        let bytes = texture.rgba8Bytes
        var texels: [SIMD4<Double>] = []
        texels.reserveCapacity(width * height)
        for i in 0..<(width * height) {
            let r = Double(bytes[4 * i]), g = Double(bytes[4 * i + 1])
            let b = Double(bytes[4 * i + 2]), a = Double(bytes[4 * i + 3])
            texels.append(SIMD4(r, g, b, a) / 255)
        }
        self.texels = texels
    }

    /// The texel at integer coordinates, clamped to the edge.
    func texel(_ x: Int, _ y: Int) -> SIMD4<Double> {
        texels[min(max(y, 0), height - 1) * width + min(max(x, 0), width - 1)]
    }
}

/// The `width` × `height` part of `texture` whose top-left texel is (x, y).
func subimage(_ texture: Texture, x: Int, y: Int, width: Int, height: Int) -> Texture {
    let bytes = texture.rgba8Bytes
    var part: [UInt8] = []
    part.reserveCapacity(width * height * 4)
    for row in y..<(y + height) {
        let start = (row * texture.width + x) * 4
        part += bytes[start..<(start + width * 4)]
    }
    return Texture(width: width, height: height, rgba8: part)
}

/// 64×48 details of the formula inputs, for filters whose shaders loop over large windows
/// (bilateral blur, morphology, Kuwahara): a whole photo takes seconds per render in a debug
/// build, and a detail exercises the same formula. `ghost` holds the ghost's left and bottom
/// edges (alpha from 0 to about 0.9), an eye and the mouth; `coffee` the cup's rim and handle.
enum DetailInputs {
    static let ghost = subimage(FormulaInputs.ghost, x: 36, y: 56, width: 64, height: 48)
    static let coffee = subimage(FormulaInputs.coffee, x: 48, y: 40, width: 64, height: 48)
}

// MARK: 3x3 neighbourhoods

/// A 3x3 neighbourhood in reading order: `self[row][col]` is the texel at
/// (x + col - 1, y + row - 1), so row 0 is the row above (smaller y, nearer the file's top).
struct Neighbourhood<Value> {
    var rows: [[Value]]
    subscript(row: Int, col: Int) -> Value { rows[row][col] }
    func map<T>(_ transform: (Value) -> T) -> Neighbourhood<T> {
        Neighbourhood<T>(rows: rows.map { $0.map(transform) })
    }
    var centre: Value { rows[1][1] }
    /// The eight neighbours (centre left out).
    var ring: [Value] {
        var values: [Value] = []
        for row in 0..<3 {
            for col in 0..<3 where row != 1 || col != 1 { values.append(rows[row][col]) }
        }
        return values
    }
}

extension ReferenceSampler {
    /// The 3x3 neighbourhood of texel (x, y), clamped to the edge as GL's sampler clamps.
    func neighbourhood(_ x: Int, _ y: Int) -> Neighbourhood<SIMD4<Double>> {
        Neighbourhood(rows: (-1...1).map { j in (-1...1).map { i in texel(x + i, y + j) } })
    }

    /// The 3x3 neighbourhood of the Rec. 709 luma.
    func lumaNeighbourhood(_ x: Int, _ y: Int) -> Neighbourhood<Double> {
        neighbourhood(x, y).map(luma)
    }

    /// sum_{row, col} kernel[row][col] · in(x + col - r, y + row - r) for a square kernel of
    /// odd side 2r + 1 written in reading order (top row first), on all four channels.
    func convolve(_ x: Int, _ y: Int, kernel: [[Double]]) -> SIMD4<Double> {
        let r = kernel.count / 2
        var sum = SIMD4<Double>.zero
        for (row, weights) in kernel.enumerated() {
            for (col, w) in weights.enumerated() where w != 0 {
                sum += w * texel(x + col - r, y + row - r)
            }
        }
        return sum
    }

    /// The texels of the (2 radius + 1)-square around (x, y), clamped to the edge.
    func square(_ x: Int, _ y: Int, radius: Int) -> [SIMD4<Double>] {
        (-radius...radius).flatMap { j in (-radius...radius).map { i in texel(x + i, y + j) } }
    }
}

/// The Sobel gradient (Gx, Gy) of a scalar neighbourhood, y pointing down:
/// Gx = (tr + 2 r + br) - (tl + 2 l + bl), Gy = (bl + 2 b + br) - (tl + 2 t + tr).
func sobel(_ n: Neighbourhood<Double>) -> SIMD2<Double> {
    SIMD2(
        (n[0, 2] + 2 * n[1, 2] + n[2, 2]) - (n[0, 0] + 2 * n[1, 0] + n[2, 0]),
        (n[2, 0] + 2 * n[2, 1] + n[2, 2]) - (n[0, 0] + 2 * n[0, 1] + n[0, 2]))
}

/// The Prewitt gradient (Gx, Gy) of a scalar neighbourhood, y pointing down.
func prewitt(_ n: Neighbourhood<Double>) -> SIMD2<Double> {
    SIMD2(
        (n[0, 2] + n[1, 2] + n[2, 2]) - (n[0, 0] + n[1, 0] + n[2, 0]),
        (n[2, 0] + n[2, 1] + n[2, 2]) - (n[0, 0] + n[0, 1] + n[0, 2]))
}

/// The Euclidean length of a 2-vector.
func length(_ v: SIMD2<Double>) -> Double { (v * v).sum().squareRoot() }

/// The Euclidean length of a 3-vector.
func length(_ v: SIMD3<Double>) -> Double { (v * v).sum().squareRoot() }

// MARK: Separable passes

/// One pass of a normalised 1-D kernel along x (`horizontal`) or y: out(x) = sum_k w_k in(x + k)
/// / sum_k w_k with `weights[r + k]` for |k| <= r, every channel, clamped to the edge, and the
/// result stored in RGBA8 as the pass's framebuffer holds it.
func separablePass(_ input: Texture, weights: [Double], horizontal: Bool) -> Texture {
    let sampler = ReferenceSampler(input)
    let r = weights.count / 2
    let total = weights.reduce(0, +)
    return rgba8Image(width: input.width, height: input.height) { p in
        var sum = SIMD4<Double>.zero
        for (index, w) in weights.enumerated() {
            let k = index - r
            sum += w * (horizontal ? sampler.texel(p.x + k, p.y) : sampler.texel(p.x, p.y + k))
        }
        return sum / total
    }
}

/// gaussianBlur's taps: w_k = exp(-k^2 / (2 sigma^2)) for |k| <= ceil(3 sigma).
func gaussianWeights(sigma: Double) -> [Double] {
    let r = Int((3 * sigma).rounded(.up))
    return (-r...r).map { k in exp(-Double(k * k) / (2 * sigma * sigma)) }
}

/// gaussianBlur as its two passes compute it: horizontal, stored in RGBA8, then vertical, stored
/// in RGBA8. Sigma 0 (or less) copies the input. The multi-pass filters built on gaussianBlur
/// (lowPass, highPass, unsharpMask, tiltShift, smoothToon, cannyEdgeDetection) read this image.
func gaussianBlurred(_ input: Texture, sigma: Double) -> Texture {
    guard sigma > 0 else { return input }
    let weights = gaussianWeights(sigma: sigma)
    let horizontal = separablePass(input, weights: weights, horizontal: true)
    return separablePass(horizontal, weights: weights, horizontal: false)
}

/// boxBlur's two passes: a mean of 2r + 1 texels, r = round(radius), horizontally (stored in
/// RGBA8), then vertically (stored in RGBA8).
func boxBlurred(_ input: Texture, radius: Double) -> Texture {
    let r = Int((radius + 0.5).rounded(.down))
    let weights = [Double](repeating: 1, count: 2 * r + 1)
    let horizontal = separablePass(input, weights: weights, horizontal: true)
    return separablePass(horizontal, weights: weights, horizontal: false)
}


/// The Lanczos-3 kernel, L(t) = sinc(t) sinc(t / 3) for |t| < 3, else 0 (sinc(t) =
/// sin(pi t) / (pi t), sinc(0) = 1).
func lanczos3(_ t: Double) -> Double {
    func sinc(_ x: Double) -> Double { x == 0 ? 1 : sin(Double.pi * x) / (Double.pi * x) }
    return abs(t) < 3 ? sinc(t) * sinc(t / 3) : 0
}
