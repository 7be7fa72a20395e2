import FeatureDetection
import Framebuffers

/// Where a sprite goes on a detected face, in units of the face's rectangle.
///
/// `point` is a point of the face (`(0, 0)` its top-left corner, `(1, 1)` its bottom-right),
/// `spritePoint` the point of the sprite placed there (`(0.5, 0.5)` its centre, `(0.5, 1)` the
/// middle of its bottom edge), and `width` the sprite's width as a fraction of the face's (its
/// height follows the sprite's aspect ratio). The presets suit the rectangles of OpenCV's
/// frontal-face cascades, which run from the eyebrows to the chin: eyes at about 40% of the
/// height, the nose tip at 60%, the mouth at 78%.
public struct FaceAnchor: Sendable, Equatable {
    /// The point of the face, in face units.
    public var point: SIMD2<Double>
    /// The point of the sprite put on `point`, in sprite units.
    public var spritePoint: SIMD2<Double>
    /// The sprite's width as a fraction of the face's width.
    public var width: Double

    /// Creates an anchor.
    public init(point: SIMD2<Double>, spritePoint: SIMD2<Double> = SIMD2(0.5, 0.5), width: Double) {
        self.point = point
        self.spritePoint = spritePoint
        self.width = width
    }

    /// A mustache: centred under the nose, half the face wide.
    public static let mustache = FaceAnchor(point: SIMD2(0.5, 0.69), width: 0.5)
    /// Over the mouth, a little less than half the face wide.
    public static let mouth = FaceAnchor(point: SIMD2(0.5, 0.79), width: 0.45)
    /// Glasses or a mask: centred on the eyes, most of the face wide.
    public static let eyes = FaceAnchor(point: SIMD2(0.5, 0.40), width: 0.85)
    /// On the nose tip, a quarter of the face wide.
    public static let nose = FaceAnchor(point: SIMD2(0.5, 0.58), width: 0.25)
    /// On the forehead, above the eyebrows.
    public static let forehead = FaceAnchor(point: SIMD2(0.5, 0.12), width: 0.6)
    /// A hat: its bottom edge on the top of the forehead, a bit wider than the face.
    public static let hat = FaceAnchor(point: SIMD2(0.5, 0.12), spritePoint: SIMD2(0.5, 1.0), width: 1.1)
    /// A beard: hanging from the mouth's corners over the chin.
    public static let beard = FaceAnchor(point: SIMD2(0.5, 0.74), spritePoint: SIMD2(0.5, 0.1), width: 0.9)
    /// On the chin.
    public static let chin = FaceAnchor(point: SIMD2(0.5, 0.95), width: 0.4)

    /// The presets by name, as the command line spells them.
    public static let named: [(name: String, anchor: FaceAnchor)] = [
        ("mustache", .mustache), ("mouth", .mouth), ("eyes", .eyes), ("nose", .nose), ("forehead", .forehead),
        ("hat", .hat), ("beard", .beard), ("chin", .chin),
    ]

    /// The rectangle a `spriteWidth` x `spriteHeight` sprite covers on `face`, scaled by
    /// `scale` on top of the anchor's width (may extend past the picture).
    public func placement(on face: PixelRect, spriteWidth: Int, spriteHeight: Int, scale: Double = 1) -> PixelRect {
        let width = max(1, Int((Double(face.width) * self.width * scale).rounded()))
        let height = max(1, Int((Double(width) * Double(spriteHeight) / Double(max(spriteWidth, 1))).rounded()))
        let x = Double(face.x) + point.x * Double(face.width) - spritePoint.x * Double(width)
        let y = Double(face.y) + point.y * Double(face.height) - spritePoint.y * Double(height)
        return PixelRect(x: Int(x.rounded()), y: Int(y.rounded()), width: width, height: height)
    }
}

/// An operation that finds the faces in its input and draws a sprite on each one at an anchor:
/// a mustache under every nose, a hat on every head.
///
/// ```swift
/// let disguise = try FaceSpriteOperation(sprite: mustache, anchor: .mustache)
/// photo --> disguise --> PictureOutput(path: "disguised.png")
/// try photo.processImage()
/// print(disguise.faces.count)
/// ```
///
/// The sprite (straight alpha) is scaled bilinearly to its place and composited "over" the
/// picture; parts outside the picture are cut off. The output has the input's size, in RGBA8.
public final class FaceSpriteOperation: ImageProcessingOperation {
    /// The name used in errors.
    public let name: String
    /// The consumers of the result.
    public let targets = TargetList()
    /// The picture's source (location 0).
    public let sources = SourceList()
    /// One input: the picture.
    public var numberOfInputs: Int { 1 }
    /// The sprite drawn on each face.
    public var sprite: Texture
    /// Where it goes on the face.
    public var anchor: FaceAnchor
    /// An extra scale on top of the anchor's width.
    public var scale: Double
    /// The detector.
    public let detector: FaceDetector
    /// The faces found in the last frame, in image coordinates.
    public private(set) var faces: [DetectedFace] = []
    /// Where the sprite went on each of them (same order as `faces`).
    public private(set) var placements: [PixelRect] = []

    /// Creates the operation.
    ///
    /// - Parameters:
    ///   - sprite: the image to place, with straight (non-premultiplied) alpha.
    ///   - anchor: where it goes on each face.
    ///   - scale: an extra size factor (1 keeps the anchor's width).
    ///   - detector: the detector (default: OpenCV's frontal-face cascade, default options).
    ///   - name: the name used in errors.
    /// - Throws: `DetectionError` when the default detector's cascade is not installed.
    public init(
        sprite: Texture, anchor: FaceAnchor = .mustache, scale: Double = 1, detector: FaceDetector? = nil,
        name: String = "FaceSprite"
    ) throws(DetectionError) {
        self.sprite = sprite
        self.anchor = anchor
        self.scale = scale
        if let detector {
            self.detector = detector
        } else {
            self.detector = try FaceDetector(cascade: .frontalFaceDefault)
        }
        self.name = name
    }

    /// Detects the faces of the input frame and returns it with the sprite on each.
    public func makeFrame(from inputs: [Frame], in context: ProcessingContext) throws -> Frame {
        guard let input = inputs.first else {
            throw GraphError.emptyTextureLocation(operation: name, location: 0)
        }
        let picture = input.texture
        faces = detector.faces(in: picture)
        placements = faces.map { anchor.placement(on: $0.bounds, spriteWidth: sprite.width, spriteHeight: sprite.height, scale: scale) }
        return Frame(texture: picture.compositing(sprite, into: placements))
    }
}

/// A source that finds the faces in a picture and sends each one, cropped, down the graph: one
/// processing pass per face.
///
/// ```swift
/// let crops = try FaceCropInput(texture: photo)
/// crops --> GaussianBlur(sigma: 3) --> PictureOutput(pathForFrame: { "face-\($0).png" })
/// try crops.processAllFaces()
/// ```
public final class FaceCropInput: ImageSource {
    /// The name used in errors.
    public let name: String
    /// The consumers of each face.
    public let targets = TargetList()
    /// The faces found, in image coordinates, in the detector's order.
    public let faces: [DetectedFace]
    /// The face the current pass sends (`nil` between passes).
    public private(set) var currentFaceIndex: Int?
    private let picture: Texture

    /// Detects the faces of `texture`.
    ///
    /// - Parameters:
    ///   - texture: the picture.
    ///   - detector: the detector (default: OpenCV's frontal-face cascade, default options).
    ///   - name: the name used in errors.
    /// - Throws: `DetectionError` when the default detector's cascade is not installed.
    public init(texture: Texture, detector: FaceDetector? = nil, name: String = "FaceCropInput") throws(DetectionError) {
        picture = texture
        let chosen: FaceDetector
        if let detector {
            chosen = detector
        } else {
            chosen = try FaceDetector(cascade: .frontalFaceDefault)
        }
        faces = chosen.faces(in: texture)
        self.name = name
    }

    /// The crop of face `index`.
    public func crop(at index: Int) -> Texture { picture.cropped(to: faces[index].bounds) }

    /// Sends one face through the connected graph.
    ///
    /// - Throws: the graph's first error.
    public func processFace(at index: Int, in context: ProcessingContext = ProcessingContext()) throws {
        currentFaceIndex = index
        defer { currentFaceIndex = nil }
        try processImage(in: context)
    }

    /// Sends every face through the connected graph, one pass each.
    ///
    /// - Parameters:
    ///   - context: the executor and cache shared by every pass.
    ///   - afterEachFace: called with the face's index after its pass.
    /// - Throws: `GraphError.emptySequence` when no face was found, or the first failure.
    public func processAllFaces(
        in context: ProcessingContext = ProcessingContext(), afterEachFace: ((Int) throws -> Void)? = nil
    ) throws {
        guard !faces.isEmpty else { throw GraphError.emptySequence(operation: name) }
        for index in faces.indices {
            try processFace(at: index, in: context)
            try afterEachFace?(index)
        }
    }

    /// Sends the current face (the first one when processing was started directly).
    public func makeFrame(from inputs: [Frame], in context: ProcessingContext) throws -> Frame {
        guard !faces.isEmpty else { throw GraphError.emptySequence(operation: name) }
        return Frame(texture: crop(at: currentFaceIndex ?? 0))
    }
}

extension Texture {
    /// The pixels of `rect` (clipped to the texture) as a new RGBA8 texture.
    public func cropped(to rect: PixelRect) -> Texture {
        let r = rect.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        precondition(r.area > 0, "crop \(rect) outside \(width)x\(height)")
        let source = rgba8Bytes
        var bytes = [UInt8](repeating: 0, count: r.width * r.height * 4)
        for row in 0..<r.height {
            let from = ((r.y + row) * width + r.x) * 4
            bytes[(row * r.width * 4)..<((row + 1) * r.width * 4)] = source[from..<(from + r.width * 4)]
        }
        return Texture(width: r.width, height: r.height, rgba8: bytes)
    }

    /// This picture (as RGBA8) with `sprite` scaled into each rectangle and composited over it.
    ///
    /// The sprite is sampled bilinearly at pixel centres with premultiplied alpha (so
    /// transparent texels do not bleed their colour), then blended "over":
    /// `out = sprite + picture · (1 - sprite.a)`, rounded to 8 bits.
    public func compositing(_ sprite: Texture, into rects: [PixelRect]) -> Texture {
        var bytes = rgba8Bytes
        let s = sprite.rgba8Bytes
        let sw = sprite.width, sh = sprite.height
        func texel(_ x: Int, _ y: Int) -> SIMD4<Float> {
            let i = (min(max(y, 0), sh - 1) * sw + min(max(x, 0), sw - 1)) * 4
            let a = Float(s[i + 3]) / 255
            return SIMD4(Float(s[i]) / 255 * a, Float(s[i + 1]) / 255 * a, Float(s[i + 2]) / 255 * a, a)
        }
        for rect in rects {
            let clipped = rect.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
            guard clipped.area > 0 else { continue }
            for y in clipped.y..<(clipped.y + clipped.height) {
                let v = (Double(y - rect.y) + 0.5) * Double(sh) / Double(rect.height) - 0.5
                let y0 = Int(v.rounded(.down)), fy = Float(v - Double(y0))
                for x in clipped.x..<(clipped.x + clipped.width) {
                    let u = (Double(x - rect.x) + 0.5) * Double(sw) / Double(rect.width) - 0.5
                    let x0 = Int(u.rounded(.down)), fx = Float(u - Double(x0))
                    let top = texel(x0, y0) * (1 - fx) + texel(x0 + 1, y0) * fx
                    let bottom = texel(x0, y0 + 1) * (1 - fx) + texel(x0 + 1, y0 + 1) * fx
                    let c = top * (1 - fy) + bottom * fy
                    guard c.w > 0 else { continue }
                    let i = (y * width + x) * 4
                    let base = SIMD4(Float(bytes[i]), Float(bytes[i + 1]), Float(bytes[i + 2]), Float(bytes[i + 3])) / 255
                    let out = c + base * (1 - c.w)
                    for k in 0..<4 { bytes[i + k] = Texture.unorm8(out[k]) }
                }
            }
        }
        return Texture(width: width, height: height, rgba8: bytes)
    }
}
