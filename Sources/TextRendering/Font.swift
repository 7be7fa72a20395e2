import CTextShim
import Foundation
import Framebuffers

/// Why text could not be drawn.
public enum TextError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No installed font has this family name (fontconfig's best match is `fallback`).
    case fontNotFound(name: String, fallback: String?)
    /// A font file named by path does not exist.
    case fontFileMissing(path: String)
    /// FreeType could not read the font file.
    case unreadableFont(path: String, reason: String)
    /// The pixel size is outside 1…1024.
    case invalidPixelSize(Int)

    public var description: String {
        switch self {
        case .fontNotFound(let name, let fallback):
            let hint = name == Font.defaultName
                ? "; install it (Debian: apt-get install fonts-dejavu-core) or give a font file"
                : fallback.map { "; the closest installed font is '\($0)' ('fc-list : family' lists them)" } ?? ""
            return "no font named '\(name)' is installed\(hint)"
        case .fontFileMissing(let path): return "\(path): no such font file"
        case .unreadableFont(let path, let reason): return "\(path): \(reason)"
        case .invalidPixelSize(let size): return "font size \(size) is outside 1...1024 pixels"
        }
    }
}

/// A font face at one pixel size, read with FreeType; found by family name through fontconfig
/// or opened from a file.
///
/// A `Font` renders on one thread at a time (it owns its FreeType state); make one per thread.
public final class Font {
    /// The family used when none is given: DejaVu Sans (Debian's `fonts-dejavu-core`).
    public static let defaultName = "DejaVu Sans"

    /// The font file.
    public let path: String
    /// Pixels per em.
    public let pixelSize: Int
    /// Pixels above the baseline.
    public let ascender: Int
    /// Pixels below the baseline.
    public let descender: Int
    /// Pixels from one baseline to the next.
    public let lineHeight: Int

    private let handle: OpaquePointer

    /// Opens a font.
    ///
    /// - Parameters:
    ///   - name: a family name for fontconfig (`DejaVu Sans`, `DejaVu Serif:bold`), or the path of
    ///     a font file (a name containing `/` or ending in `.ttf`, `.otf`, `.ttc`).
    ///   - pixelSize: pixels per em, 1…1024.
    /// - Throws: `TextError.fontNotFound` when no installed family has that name (fontconfig's
    ///   fallbacks are not accepted silently), `.fontFileMissing`, `.unreadableFont`,
    ///   `.invalidPixelSize`.
    public init(named name: String = Font.defaultName, pixelSize: Int) throws(TextError) {
        guard (1...1024).contains(pixelSize) else { throw .invalidPixelSize(pixelSize) }
        let path = try Font.locate(name)
        var message = [CChar](repeating: 0, count: 256)
        guard let handle = shade_font_open(path, Int32(pixelSize), &message, message.count) else {
            throw .unreadableFont(path: path, reason: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        self.handle = handle
        self.path = path
        self.pixelSize = pixelSize
        var ascender: Int32 = 0, descender: Int32 = 0, lineHeight: Int32 = 0
        shade_font_metrics(handle, &ascender, &descender, &lineHeight)
        self.ascender = Int(ascender)
        self.descender = Int(descender)
        self.lineHeight = max(Int(lineHeight), Int(ascender + descender))
    }

    deinit { shade_font_close(handle) }

    /// fontconfig keeps global caches; finding fonts from several threads at once is serialised.
    private static let lookupLock = NSLock()

    /// Whether `name` is a path rather than a family name.
    static func isPath(_ name: String) -> Bool {
        let lower = name.lowercased()
        return name.contains("/") || [".ttf", ".otf", ".ttc", ".pfb", ".woff"].contains { lower.hasSuffix($0) }
    }

    /// The font file for a family name or path.
    ///
    /// - Throws: `TextError.fontNotFound` or `.fontFileMissing`.
    public static func locate(_ name: String) throws(TextError) -> String {
        if isPath(name) {
            guard FileManager.default.fileExists(atPath: name) else { throw .fontFileMissing(path: name) }
            return name
        }
        var path = [CChar](repeating: 0, count: 4096)
        var family = [CChar](repeating: 0, count: 256)
        let status = lookupLock.withLock { shade_font_find(name, &path, path.count, &family, family.count) }
        func text(_ buffer: [CChar]) -> String {
            String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        guard status == SHADE_TEXT_OK else {
            let fallback = text(family)
            throw .fontNotFound(name: name, fallback: fallback.isEmpty ? nil : fallback)
        }
        return text(path)
    }

    /// The size of `text` set on one line per `\n`: the widest line's advance and the lines'
    /// height (ascender + descender for one line).
    public func extent(of text: String) -> (width: Int, height: Int) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var width = 0
        for line in lines { width = max(width, layout(line).advance) }
        return (width, ascender + descender + (lines.count - 1) * lineHeight)
    }

    /// Renders `text` (one line per `\n`) as 8-bit coverage, left-aligned, in a box of
    /// `extent(of:)` whose first baseline is `ascender` pixels from the top. Characters the
    /// font lacks draw its missing-glyph box.
    public func coverage(of text: String) -> TextCoverage {
        let size = extent(of: text)
        var result = TextCoverage(width: size.width, height: size.height, baseline: ascender)
        for (row, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let baseline = ascender + row * lineHeight
            for placed in layout(line).glyphs {
                var glyph = shade_glyph()
                _ = shade_font_glyph(handle, placed.codePoint, &glyph)
                guard let bits = glyph.coverage, glyph.width > 0, glyph.height > 0 else { continue }
                let pitch = Int(glyph.pitch)
                for gy in 0..<Int(glyph.height) {
                    let y = baseline - Int(glyph.top) + gy
                    guard y >= 0 && y < result.height else { continue }
                    let rowStart = pitch >= 0 ? gy * pitch : (Int(glyph.height) - 1 - gy) * -pitch
                    for gx in 0..<Int(glyph.width) {
                        let x = placed.x + Int(glyph.left) + gx
                        guard x >= 0 && x < result.width else { continue }
                        let value = bits[rowStart + gx]
                        let index = y * result.width + x
                        result.values[index] = max(result.values[index], value)
                    }
                }
            }
        }
        return result
    }

    /// Pen positions of one line's glyphs (kerning applied) and the line's advance in pixels.
    private func layout(_ line: Substring) -> (glyphs: [(codePoint: UInt32, x: Int)], advance: Int) {
        var pen = 0  // 1/64 pixel
        var previous: UInt32?
        var glyphs: [(codePoint: UInt32, x: Int)] = []
        var right = 0
        for scalar in line.unicodeScalars {
            let codePoint = scalar.value
            if let previous { pen += shade_font_kerning(handle, previous, codePoint) }
            var glyph = shade_glyph()
            _ = shade_font_glyph(handle, codePoint, &glyph)
            let x = (pen + 32) >> 6
            glyphs.append((codePoint, x))
            right = max(right, x + Int(glyph.left) + Int(glyph.width))
            pen += glyph.advance
            previous = codePoint
        }
        return (glyphs, max(right, (pen + 63) >> 6))
    }
}

/// 8-bit text coverage: 0 where no glyph touches, 255 inside a glyph, anti-aliased edges.
public struct TextCoverage: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Rows of the first baseline from the top.
    public let baseline: Int
    /// Coverage, row after row from the top.
    public var values: [UInt8]

    /// An empty (transparent) box.
    public init(width: Int, height: Int, baseline: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.baseline = baseline
        values = [UInt8](repeating: 0, count: self.width * self.height)
    }

    /// The smallest rectangle holding every covered pixel, or `nil` when nothing is covered.
    public var inkBounds: (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        var bounds: (Int, Int, Int, Int)?
        for y in 0..<height {
            for x in 0..<width where values[y * width + x] > 0 {
                if let (a, b, c, d) = bounds {
                    bounds = (min(a, x), min(b, y), max(c, x), max(d, y))
                } else {
                    bounds = (x, y, x, y)
                }
            }
        }
        return bounds.map { (minX: $0.0, minY: $0.1, maxX: $0.2, maxY: $0.3) }
    }
}

extension Texture {
    /// This image with `coverage` painted in `color` (straight RGBA, 0…1) with its top-left
    /// corner at (`x`, `y`), composited source-over; the result is RGBA8. Parts outside the
    /// image are clipped.
    public func drawing(_ coverage: TextCoverage, atX x: Int, y: Int, color: SIMD4<Float>) -> Texture {
        var bytes = converted(to: .rgba8).rgba8Bytes
        let color = simd_clamp(color)
        for cy in 0..<coverage.height {
            let ty = y + cy
            guard ty >= 0 && ty < height else { continue }
            for cx in 0..<coverage.width {
                let tx = x + cx
                let c = coverage.values[cy * coverage.width + cx]
                guard tx >= 0 && tx < width && c > 0 else { continue }
                let i = (ty * width + tx) * 4
                let a = Float(c) / 255 * color.w
                let destinationAlpha = Float(bytes[i + 3]) / 255
                let outAlpha = a + destinationAlpha * (1 - a)
                guard outAlpha > 0 else { continue }
                for k in 0..<3 {
                    let destination = Float(bytes[i + k]) / 255
                    let value = (color[k] * a + destination * destinationAlpha * (1 - a)) / outAlpha
                    bytes[i + k] = Texture.unorm8(value)
                }
                bytes[i + 3] = Texture.unorm8(outAlpha)
            }
        }
        return Texture(width: width, height: height, rgba8: bytes)
    }
}

private func simd_clamp(_ v: SIMD4<Float>) -> SIMD4<Float> {
    v.replacing(with: 0, where: .!(v .> 0)).replacing(with: 1, where: v .> 1)
}
