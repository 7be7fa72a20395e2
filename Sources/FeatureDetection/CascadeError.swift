/// Why a cascade could not be loaded.
public enum CascadeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The named cascade is in none of the search folders: OpenCV's data files are missing.
    case packageMissing(name: String, fileName: String, searched: [String])
    /// A cascade given by path does not exist.
    case fileNotFound(path: String)
    /// The file exists but could not be read.
    case unreadable(path: String, reason: String)
    /// The file is not well-formed XML.
    case malformedXML(path: String, reason: String)
    /// The XML is not a cascade Shade can run (unknown layout, missing element, a number out
    /// of range, a tree-of-stages cascade…).
    case invalidCascade(path: String, reason: String)
    /// A cascade name matched none of the known ones.
    case unknownName(String, known: [String])

    public var description: String {
        switch self {
        case .packageMissing(let name, let fileName, let searched):
            return "cascade '\(name)' (\(fileName)) not found in \(searched.joined(separator: ", ")): "
                + "install OpenCV's data files (Debian/Ubuntu: apt-get install opencv-data; "
                + "Homebrew: brew install opencv), set SHADE_CASCADES to the folder holding "
                + "haarcascades/ and lbpcascades/, or give the XML file's path"
        case .fileNotFound(let path):
            return "\(path): no such cascade file"
        case .unreadable(let path, let reason):
            return "\(path): cannot read the cascade: \(reason)"
        case .malformedXML(let path, let reason):
            return "\(path): not a cascade: malformed XML: \(reason)"
        case .invalidCascade(let path, let reason):
            return "\(path): not a cascade Shade can run: \(reason)"
        case .unknownName(let name, let known):
            return "no cascade named '\(name)' (known: \(known.joined(separator: ", ")); or give an XML file's path)"
        }
    }
}
