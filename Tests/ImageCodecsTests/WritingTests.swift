import Foundation
import Framebuffers
import ImageCodecs
import Testing

@Suite("atomic file writes")
struct WritingTests {
    let texture = Texture(width: 4, height: 3, rgba8: (0..<48).map { UInt8($0 * 5) })

    /// A fresh empty directory, removed after `body`.
    func withTemporaryDirectory(_ body: (String) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("shade-codecs-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try body(directory)
    }

    func contents(of directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    }

    @Test("writes what encode returns, picking the format from the extension")
    func writesEncodedBytes() throws {
        try withTemporaryDirectory { (directory: String) throws in
            for (name, encoding) in [
                ("a.png", ImageEncoding.png()), ("b.JPG", .jpeg()), ("c.jpeg", .jpeg()),
            ] {
                let path = directory + "/" + name
                try ImageFile.write(texture, toFile: path)
                let written = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
                let encoded = try ImageFile.encode(texture, as: encoding)
                #expect(written == encoded, "\(name)")
            }
            #expect(
                try contents(of: directory) == ["a.png", "b.JPG", "c.jpeg"],
                "no temporary files left")
            let decoded = try ImageFile.decode(contentsOfFile: directory + "/a.png").texture
            #expect(decoded == texture)
        }
    }

    @Test("an explicit format wins over the extension; an existing file is replaced")
    func replaces() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let path = directory + "/picture.out"
            try ImageFile.write(
                Texture(width: 1, height: 1, filledWith: [1, 0, 0, 1]), toFile: path, as: .png())
            try ImageFile.write(texture, toFile: path, as: .jpeg())
            let decoded = try ImageFile.decode(contentsOfFile: path)
            #expect(decoded.info.format == .jpeg && decoded.info.width == 4)
            #expect(try contents(of: directory) == ["picture.out"])
        }
    }

    @Test("a missing directory fails and creates nothing")
    func missingDirectory() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let path = directory + "/missing/picture.png"
            let error = codecError { try ImageFile.write(texture, toFile: path) }
            #expect(error.map(errorCase) == "ioError", "\(String(describing: error))")
            #expect(try contents(of: directory).isEmpty)
        }
    }

    @Test("renaming over a directory fails and leaves no temporary file")
    func destinationIsDirectory() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let path = directory + "/taken.png"
            try FileManager.default.createDirectory(
                atPath: path, withIntermediateDirectories: false)
            try Data([1, 2, 3]).write(to: URL(fileURLWithPath: path + "/keep"))
            let error = codecError { try ImageFile.write(texture, toFile: path) }
            #expect(error.map(errorCase) == "ioError", "\(String(describing: error))")
            #expect(
                try contents(of: directory) == ["taken.png"],
                "only the directory, no temporary file")
            #expect(try contents(of: path) == ["keep"])
        }
    }

    @Test("a failed encode writes nothing and keeps the old file")
    func failedEncodeKeepsOldFile() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let path = directory + "/old.jpg"
            try ImageFile.write(texture, toFile: path)
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            let error = codecError {
                try ImageFile.write(
                    Texture(width: 1, height: 1, filledWith: [0, 0, 0, 1]), toFile: path,
                    as: .jpeg(JPEGEncodingOptions(quality: 0)))
            }
            #expect(error.map(errorCase) == "invalidOptions")
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
            #expect(try contents(of: directory) == ["old.jpg"])
        }
    }

    @Test("an unknown extension without a format is refused")
    func unknownExtension() throws {
        try withTemporaryDirectory { (directory: String) throws in
            for name in ["picture.gif", "picture", "archive.png.gz"] {
                let error = codecError {
                    try ImageFile.write(texture, toFile: directory + "/" + name)
                }
                #expect(error.map(errorCase) == "invalidOptions", "\(name)")
            }
            #expect(try contents(of: directory).isEmpty)
        }
    }

    @Test("format sniffing ignores names")
    func sniffing() throws {
        try withTemporaryDirectory { (directory: String) throws in
            let path = directory + "/actually-a-jpeg.png"
            try ImageFile.write(texture, toFile: path, as: .jpeg())
            #expect(try ImageFile.decode(contentsOfFile: path).info.format == .jpeg)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(ImageFormat(sniffing: bytes) == .jpeg)
            #expect(ImageFormat(pathExtensionOf: "dir.jpg/x.PNG") == .png)
            #expect(ImageFormat(pathExtensionOf: "dir.jpg/x") == nil)
        }
    }
}
