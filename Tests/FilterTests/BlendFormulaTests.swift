import Foundation
import Framebuffers
import ImageGraph
import Testing

private typealias M = ColorMath
private typealias W3C = NonSeparable

/// The blend filters checked against their header formulas computed in plain Swift (Double),
/// independent of any shader (`BlendFormulaSupport.swift` states the W3C compositing and the
/// Porter-Duff operators). Each runs on three (base, overlay) pairs (`BlendPair`): the opaque
/// coffee under the ghost, a base whose alpha ramps from 1 to 0 under the ghost, and the roles
/// swapped, so the alpha arithmetic and the base/overlay roles are both exercised.
/// `multiplyBlend` is in `FormulaTests`.
@Suite("Blend filters against independent formulas")
struct BlendFormulaTests {
    /// Runs `filter` on `pair` and expects the point-wise `formula` of (base, overlay).
    func expectBlend(
        _ filter: FilterOperation, _ name: String, _ pair: BlendPair, tolerance: Int = 1,
        allowedOff: Int = 0, sourceLocation: SourceLocation = #_sourceLocation,
        formula: (_ base: SIMD4<Double>, _ overlay: SIMD4<Double>) -> SIMD4<Double>
    ) throws {
        let output = try filter.apply(to: pair.inputs)
        expectFormula(
            output, inputs: pair.inputs, "\(name) on \(pair.rawValue)", tolerance: tolerance,
            allowedOff: allowedOff, sourceLocation: sourceLocation
        ) { p in formula(p[0], p[1]) }
    }

    // MARK: Separable blend modes, composited source-over

    @Test("normal blend is plain source-over", arguments: BlendPair.allCases)
    func normalBlend(pair: BlendPair) throws {
        try expectBlend(NormalBlend(), "normalBlend", pair) { b, s in
            separableBlend(base: b, overlay: s) { _, cs in cs }
        }
    }

    @Test("add blend: min(C_b + C_s, 1)", arguments: BlendPair.allCases)
    func addBlend(pair: BlendPair) throws {
        try expectBlend(AddBlend(), "addBlend", pair) { b, s in
            separableBlend(base: b, overlay: s) { cb, cs in min(cb + cs, 1) }
        }
    }

    @Test("subtract blend: max(C_b - C_s, 0)", arguments: BlendPair.allCases)
    func subtractBlend(pair: BlendPair) throws {
        try expectBlend(SubtractBlend(), "subtractBlend", pair) { b, s in
            separableBlend(base: b, overlay: s) { cb, cs in max(cb - cs, 0) }
        }
    }

    @Test("screen blend: C_b + C_s - C_b C_s", arguments: BlendPair.allCases)
    func screenBlend(pair: BlendPair) throws {
        try expectBlend(ScreenBlend(), "screenBlend", pair) { b, s in
            separableBlend(base: b, overlay: s) { cb, cs in cb + cs - cb * cs }
        }
    }

    @Test("darken blend: min(C_b, C_s)", arguments: BlendPair.allCases)
    func darkenBlend(pair: BlendPair) throws {
        try expectBlend(DarkenBlend(), "darkenBlend", pair) { b, s in
            separableBlend(base: b, overlay: s) { cb, cs in min(cb, cs) }
        }
    }

    @Test("lighten blend: max(C_b, C_s)", arguments: BlendPair.allCases)
    func lightenBlend(pair: BlendPair) throws {
        try expectBlend(LightenBlend(), "lightenBlend", pair) { b, s in
            separableBlend(base: b, overlay: s) { cb, cs in max(cb, cs) }
        }
    }

    @Test("difference blend: |C_b - C_s|", arguments: BlendPair.allCases)
    func differenceBlend(pair: BlendPair) throws {
        try expectBlend(DifferenceBlend(), "differenceBlend", pair) { b, s in
            separableBlend(base: b, overlay: s) { cb, cs in abs(cb - cs) }
        }
    }

    @Test("exclusion blend: C_b + C_s - 2 C_b C_s", arguments: BlendPair.allCases)
    func exclusionBlend(pair: BlendPair) throws {
        try expectBlend(ExclusionBlend(), "exclusionBlend", pair) { b, s in
            separableBlend(base: b, overlay: s) { cb, cs in cb + cs - 2 * cb * cs }
        }
    }

    @Test("overlay blend: the base picks multiply or screen", arguments: BlendPair.allCases)
    func overlayBlend(pair: BlendPair) throws {
        try expectBlend(OverlayBlend(), "overlayBlend", pair) { b, s in
            separableBlend(base: b, overlay: s) { cb, cs in
                cb <= 0.5 ? 2 * cb * cs : 1 - 2 * (1 - cb) * (1 - cs)
            }
        }
    }

    @Test("hard light blend: the overlay picks multiply or screen", arguments: BlendPair.allCases)
    func hardLightBlend(pair: BlendPair) throws {
        try expectBlend(HardLightBlend(), "hardLightBlend", pair) { b, s in
            separableBlend(base: b, overlay: s) { cb, cs in
                cs <= 0.5 ? 2 * cb * cs : 1 - 2 * (1 - cb) * (1 - cs)
            }
        }
    }

    @Test("soft light blend: the W3C formula", arguments: BlendPair.allCases)
    func softLightBlend(pair: BlendPair) throws {
        try expectBlend(SoftLightBlend(), "softLightBlend", pair) { b, s in
            separableBlend(base: b, overlay: s) { cb, cs in
                if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
                let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
                return cb + (2 * cs - 1) * (d - cb)
            }
        }
    }

    @Test("colour dodge blend: the W3C formula", arguments: BlendPair.allCases)
    func colorDodgeBlend(pair: BlendPair) throws {
        try expectBlend(ColorDodgeBlend(), "colorDodgeBlend", pair) { b, s in
            separableBlend(base: b, overlay: s) { cb, cs in
                cb == 0 ? 0 : cs == 1 ? 1 : min(1, cb / (1 - cs))
            }
        }
    }

    @Test("colour burn blend: the W3C formula", arguments: BlendPair.allCases)
    func colorBurnBlend(pair: BlendPair) throws {
        try expectBlend(ColorBurnBlend(), "colorBurnBlend", pair) { b, s in
            separableBlend(base: b, overlay: s) { cb, cs in
                cb == 1 ? 1 : cs == 0 ? 0 : 1 - min(1, (1 - cb) / cs)
            }
        }
    }

    @Test("divide blend: min(C_b / C_s, 1), 1 or 0 where C_s = 0", arguments: BlendPair.allCases)
    func divideBlend(pair: BlendPair) throws {
        try expectBlend(DivideBlend(), "divideBlend", pair) { b, s in
            separableBlend(base: b, overlay: s) { cb, cs in
                cs == 0 ? (cb == 0 ? 0 : 1) : min(cb / cs, 1)
            }
        }
    }

    // MARK: Non-separable blend modes (W3C SetLum, SetSat)

    @Test("hue blend: SetLum(SetSat(C_s, Sat(C_b)), Lum(C_b))", arguments: BlendPair.allCases)
    func hueBlend(pair: BlendPair) throws {
        try expectBlend(HueBlend(), "hueBlend", pair) { b, s in
            let (cb, cs) = (M.rgb(b), M.rgb(s))
            return sourceOver(
                base: b, overlay: s, blended: W3C.setLum(W3C.setSat(cs, W3C.sat(cb)), W3C.lum(cb)))
        }
    }

    @Test(
        "saturation blend: SetLum(SetSat(C_b, Sat(C_s)), Lum(C_b))", arguments: BlendPair.allCases)
    func saturationBlend(pair: BlendPair) throws {
        try expectBlend(SaturationBlend(), "saturationBlend", pair) { b, s in
            let (cb, cs) = (M.rgb(b), M.rgb(s))
            return sourceOver(
                base: b, overlay: s, blended: W3C.setLum(W3C.setSat(cb, W3C.sat(cs)), W3C.lum(cb)))
        }
    }

    @Test("colour blend: SetLum(C_s, Lum(C_b))", arguments: BlendPair.allCases)
    func colorBlend(pair: BlendPair) throws {
        try expectBlend(ColorBlend(), "colorBlend", pair) { b, s in
            sourceOver(base: b, overlay: s, blended: W3C.setLum(M.rgb(s), W3C.lum(M.rgb(b))))
        }
    }

    @Test("luminosity blend: SetLum(C_b, Lum(C_s))", arguments: BlendPair.allCases)
    func luminosityBlend(pair: BlendPair) throws {
        try expectBlend(LuminosityBlend(), "luminosityBlend", pair) { b, s in
            sourceOver(base: b, overlay: s, blended: W3C.setLum(M.rgb(b), W3C.lum(M.rgb(s))))
        }
    }

    // MARK: Porter-Duff operators (d = base at location 0, s = overlay at location 1)

    @Test("destination-over: Fs = 1 - a_d, Fd = 1", arguments: BlendPair.allCases)
    func destinationOverBlend(pair: BlendPair) throws {
        try expectBlend(DestinationOverBlend(), "destinationOverBlend", pair) { d, s in
            porterDuff(destination: d, source: s, fs: 1 - d.w, fd: 1)
        }
    }

    @Test("source-in: Fs = a_d, Fd = 0", arguments: BlendPair.allCases)
    func sourceInBlend(pair: BlendPair) throws {
        try expectBlend(SourceInBlend(), "sourceInBlend", pair) { d, s in
            porterDuff(destination: d, source: s, fs: d.w, fd: 0)
        }
    }

    @Test("source-out: Fs = 1 - a_d, Fd = 0", arguments: BlendPair.allCases)
    func sourceOutBlend(pair: BlendPair) throws {
        try expectBlend(SourceOutBlend(), "sourceOutBlend", pair) { d, s in
            porterDuff(destination: d, source: s, fs: 1 - d.w, fd: 0)
        }
    }

    @Test("xor: Fs = 1 - a_d, Fd = 1 - a_s", arguments: BlendPair.allCases)
    func xorBlend(pair: BlendPair) throws {
        try expectBlend(XorBlend(), "xorBlend", pair) { d, s in
            porterDuff(destination: d, source: s, fs: 1 - d.w, fd: 1 - s.w)
        }
    }

    /// Source-atop keeps the destination's alpha: Porter-Duff with Fs = a_d, Fd = 1 - a_s gives
    /// ao = a_d and co = (a_s a_d C_s + (1 - a_s) a_d C_d) / a_d = mix(C_d, C_s, a_s). Where
    /// a_d = 0 the header's straight form still gives mix(C_d, C_s, a_s) with alpha 0.
    @Test(
        "source-atop: the overlay mixed in by its alpha, the base's alpha kept",
        arguments: BlendPair.allCases)
    func sourceAtopBlend(pair: BlendPair) throws {
        try expectBlend(SourceAtopBlend(), "sourceAtopBlend", pair) { d, s in
            M.rgba(M.mix(M.rgb(d), M.rgb(s), s.w), d.w)
        }
    }

    // MARK: Mixes, masks and keys

    @Test(
        "alpha blend: mix(base, overlay, a_s · mixturePercent), the base's alpha kept",
        arguments: BlendPair.allCases)
    func alphaBlend(pair: BlendPair) throws {
        for amount in [0.0, 0.5, 0.8, 1.0] as [Float] {
            try expectBlend(AlphaBlend(mixturePercent: amount), "alphaBlend \(amount)", pair) {
                b, s in
                M.rgba(M.mix(M.rgb(b), M.rgb(s), s.w * Double(amount)), b.w)
            }
        }
    }

    @Test("dissolve blend cross-fades all four channels", arguments: BlendPair.allCases)
    func dissolveBlend(pair: BlendPair) throws {
        for amount in [0.0, 0.3, 0.5, 1.0] as [Float] {
            try expectBlend(DissolveBlend(mixturePercent: amount), "dissolveBlend \(amount)", pair)
            {
                b, s in M.mix(b, s, Double(amount))
            }
        }
    }

    @Test(
        "mask blend multiplies the base's alpha by the mask's luma times its alpha",
        arguments: BlendPair.allCases)
    func maskBlend(pair: BlendPair) throws {
        try expectBlend(MaskBlend(), "maskBlend", pair) { b, m in
            SIMD4(b.x, b.y, b.z, b.w * M.luma(m) * m.w)
        }
    }

    @Test(
        "chroma-key blend replaces base pixels near the key colour with the overlay",
        arguments: BlendPair.allCases)
    func chromaKeyBlend(pair: BlendPair) throws {
        for (key, threshold, smoothing) in ColorFormulaTests.chromaKeySettings {
            let filter = ChromaKeyBlend(
                colorToReplace: key, thresholdSensitivity: threshold, smoothing: smoothing)
            let keyChroma = M.chroma(M.rgb(key))
            try expectBlend(filter, "chromaKeyBlend \(key) \(threshold) \(smoothing)", pair) {
                b, s in
                let delta = M.chroma(M.rgb(b)) - keyChroma
                let d = (delta * delta).sum().squareRoot()
                let replace = 1 - M.smoothstep(Double(threshold), Double(threshold + smoothing), d)
                return M.mix(b, s, replace)
            }
        }
    }

    // MARK: Place overlay (samples the sprite at other coordinates)

    /// The sprite is sampled bilinearly at q = (uv - r.xy) / r.zw with RGBA8 fixed-point
    /// filtering (`ReferenceSampler.bilinearRGBA8`; the exact `ReferenceSampler.bilinear` puts up to 165
    /// pixels 2 to 5 steps off, at the ghost's soft edges over a half-transparent base).
    @Test(
        "place overlay draws the sprite scaled into a rectangle, source-over with opacity",
        arguments: [BlendPair.coffeeUnderGhost, .rampUnderGhost])
    func placeOverlay(pair: BlendPair) throws {
        let settings: [(SIMD4<Float>, Float)] = [
            (SIMD4(0.25, 0.25, 0.5, 0.5), 1),  // defaults
            (SIMD4(0.55, 0.05, 0.4, 0.5), 1),  // the header's example
            (SIMD4(-0.1, 0.3, 0.8, 1.2), 0.6),  // partly outside the base
        ]
        let sprite = ReferenceSampler(pair.inputs[1])
        for (rect, opacity) in settings {
            let filter = PlaceOverlay(overlayRect: rect, opacity: opacity)
            let output = try filter.apply(to: pair.inputs)
            let base = ReferenceSampler(pair.inputs[0])
            expectFormula(output, "placeOverlay \(rect) \(opacity) on \(pair.rawValue)") { p in
                let b = base.texel(p.x, p.y)
                let q = SIMD2(
                    (p.u - Double(rect.x)) / Double(rect.z), (p.v - Double(rect.y)) / Double(rect.w)
                )
                let inside = q.x >= 0 && q.y >= 0 && q.x <= 1 && q.y <= 1
                let s = inside ? sprite.bilinearRGBA8(q.x, q.y) : .zero
                let a = s.w * Double(opacity)
                let alpha = a + b.w * (1 - a)
                guard alpha > 0 else { return .zero }
                return M.rgba((a * M.rgb(s) + (1 - a) * b.w * M.rgb(b)) / alpha, alpha)
            }
        }
    }
}
