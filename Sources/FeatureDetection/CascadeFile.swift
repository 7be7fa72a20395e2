import Foundation

/// A cascade file: one of those OpenCV ships (Debian's `opencv-data` installs them under
/// `/usr/share/opencv4/haarcascades/` and `…/lbpcascades/`), or any file by path.
public enum CascadeFile: Sendable, Hashable, CustomStringConvertible {
    case frontalFaceDefault, frontalFaceAlt, frontalFaceAlt2, frontalFaceAltTree, profileFace
    case eye, eyeTreeEyeglasses, leftEye2Splits, rightEye2Splits, smile
    case upperBody, lowerBody, fullBody, frontalCatFace, frontalCatFaceExtended
    case russianPlateNumber, licencePlateRus16Stages
    case lbpFrontalFace, lbpFrontalFaceImproved, lbpProfileFace, lbpFrontalCatFace, lbpSilverware
    /// A cascade XML file (either layout) at a path.
    case file(String)

    /// Every named cascade, in the order `shade detect --help` lists them.
    public static let allNamed: [CascadeFile] = [
        .frontalFaceDefault, .frontalFaceAlt, .frontalFaceAlt2, .frontalFaceAltTree, .profileFace, .eye,
        .eyeTreeEyeglasses, .leftEye2Splits, .rightEye2Splits, .smile, .upperBody, .lowerBody, .fullBody,
        .frontalCatFace, .frontalCatFaceExtended, .russianPlateNumber, .licencePlateRus16Stages,
        .lbpFrontalFace, .lbpFrontalFaceImproved, .lbpProfileFace, .lbpFrontalCatFace, .lbpSilverware,
    ]

    /// The folder under the OpenCV data directory and the file name, for a named cascade.
    public var location: (folder: String, fileName: String)? {
        let haar: String
        switch self {
        case .frontalFaceDefault: haar = "frontalface_default"
        case .frontalFaceAlt: haar = "frontalface_alt"
        case .frontalFaceAlt2: haar = "frontalface_alt2"
        case .frontalFaceAltTree: haar = "frontalface_alt_tree"
        case .profileFace: haar = "profileface"
        case .eye: haar = "eye"
        case .eyeTreeEyeglasses: haar = "eye_tree_eyeglasses"
        case .leftEye2Splits: haar = "lefteye_2splits"
        case .rightEye2Splits: haar = "righteye_2splits"
        case .smile: haar = "smile"
        case .upperBody: haar = "upperbody"
        case .lowerBody: haar = "lowerbody"
        case .fullBody: haar = "fullbody"
        case .frontalCatFace: haar = "frontalcatface"
        case .frontalCatFaceExtended: haar = "frontalcatface_extended"
        case .russianPlateNumber: haar = "russian_plate_number"
        case .licencePlateRus16Stages: haar = "licence_plate_rus_16stages"
        case .lbpFrontalFace: return ("lbpcascades", "lbpcascade_frontalface.xml")
        case .lbpFrontalFaceImproved: return ("lbpcascades", "lbpcascade_frontalface_improved.xml")
        case .lbpProfileFace: return ("lbpcascades", "lbpcascade_profileface.xml")
        case .lbpFrontalCatFace: return ("lbpcascades", "lbpcascade_frontalcatface.xml")
        case .lbpSilverware: return ("lbpcascades", "lbpcascade_silverware.xml")
        case .file: return nil
        }
        return ("haarcascades", "haarcascade_\(haar).xml")
    }

    /// The Swift case name (`frontalFaceDefault`), or the path of a file.
    public var description: String {
        switch self {
        case .frontalFaceDefault: "frontalFaceDefault"
        case .frontalFaceAlt: "frontalFaceAlt"
        case .frontalFaceAlt2: "frontalFaceAlt2"
        case .frontalFaceAltTree: "frontalFaceAltTree"
        case .profileFace: "profileFace"
        case .eye: "eye"
        case .eyeTreeEyeglasses: "eyeTreeEyeglasses"
        case .leftEye2Splits: "leftEye2Splits"
        case .rightEye2Splits: "rightEye2Splits"
        case .smile: "smile"
        case .upperBody: "upperBody"
        case .lowerBody: "lowerBody"
        case .fullBody: "fullBody"
        case .frontalCatFace: "frontalCatFace"
        case .frontalCatFaceExtended: "frontalCatFaceExtended"
        case .russianPlateNumber: "russianPlateNumber"
        case .licencePlateRus16Stages: "licencePlateRus16Stages"
        case .lbpFrontalFace: "lbpFrontalFace"
        case .lbpFrontalFaceImproved: "lbpFrontalFaceImproved"
        case .lbpProfileFace: "lbpProfileFace"
        case .lbpFrontalCatFace: "lbpFrontalCatFace"
        case .lbpSilverware: "lbpSilverware"
        case .file(let path): path
        }
    }

    /// The kebab-case name the command line shows (`frontal-face-default`).
    public var commandLineName: String {
        var result = ""
        for character in description {
            if character.isUppercase || (character.isNumber && !(result.last?.isNumber ?? true)) {
                result += "-"
            }
            result += character.lowercased()
        }
        return result
    }

    /// Finds a named cascade from any usual spelling: the case name (`frontalFaceDefault`),
    /// kebab- or snake-case (`frontal-face-default`), or OpenCV's file name with or without its
    /// prefix and extension (`haarcascade_frontalface_default.xml`, `frontalface_default`).
    ///
    /// - Returns: `nil` when no named cascade matches.
    public init?(name: String) {
        func key(_ text: String) -> String { text.lowercased().filter { $0.isLetter || $0.isNumber } }
        var wanted = key(name)
        if wanted.hasSuffix("xml") { wanted.removeLast(3) }
        for candidate in CascadeFile.allNamed {
            guard let location = candidate.location else { continue }
            let stem = key(String(location.fileName.dropLast(4)))
            let bare = stem.replacingOccurrences(of: "haarcascade", with: "").replacingOccurrences(of: "lbpcascade", with: "lbp")
            if wanted == key(candidate.description) || wanted == stem || wanted == bare {
                self = candidate
                return
            }
        }
        return nil
    }

    /// The folders searched for named cascades, in order: each folder of `SHADE_CASCADES`
    /// (colon-separated), then OpenCV's usual data folders (Debian's first).
    public static var searchDirectories: [String] {
        var folders: [String] = []
        if let custom = ProcessInfo.processInfo.environment["SHADE_CASCADES"], !custom.isEmpty {
            folders += custom.split(separator: ":").map(String.init)
        }
        folders += [
            "/usr/share/opencv4", "/usr/share/opencv", "/usr/local/share/opencv4",
            "/opt/homebrew/share/opencv4",
        ]
        return folders
    }

    /// The path of the file: for a named cascade, the first search folder that holds it
    /// (directly or in its `haarcascades`/`lbpcascades` sub-folder).
    ///
    /// - Parameter directories: the folders to search.
    /// - Throws: `CascadeError.packageMissing` when no folder holds a named cascade,
    ///   `CascadeError.fileNotFound` when a path does not exist.
    public func resolvedPath(searching directories: [String] = CascadeFile.searchDirectories) throws(CascadeError) -> String {
        guard let location else {
            guard case .file(let path) = self else { preconditionFailure("named cascade without a location") }
            guard FileManager.default.fileExists(atPath: path) else { throw .fileNotFound(path: path) }
            return path
        }
        for folder in directories {
            for candidate in ["\(folder)/\(location.folder)/\(location.fileName)", "\(folder)/\(location.fileName)"]
            where FileManager.default.fileExists(atPath: candidate) {
                return candidate
            }
        }
        throw .packageMissing(name: description, fileName: location.fileName, searched: directories)
    }
}
