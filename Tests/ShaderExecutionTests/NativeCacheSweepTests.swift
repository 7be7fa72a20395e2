@testable import ShaderExecution
import Foundation
import Testing

/// `NativeEngine.removeAbandonedFiles(in:before:)`: a compile killed with its process group
/// leaves `shade-KEY-PID-RANDOM.c` in the cache; the sweep removes such files once they are
/// old, and never a library, a kept source, a recent temporary file or anything else.
@Suite struct NativeCacheSweepTests {
    @Test func oldTemporaryFilesGoAndEverythingElseStays() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("shade-sweep-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let old = Date().addingTimeInterval(-7200)
        let names = ["shade-1f2e-4242-99.c", "shade-1f2e-4242-99.so", "shade-1f2e.so", "shade-1f2e.c",
                     "notes-1-2-3.c", "shade-77ab-5151-12.c"]
        for name in names {
            let path = directory.appendingPathComponent(name).path
            #expect(FileManager.default.createFile(atPath: path, contents: Data("x".utf8)))
            if name != "shade-77ab-5151-12.c" {
                try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path)
            }
        }
        NativeEngine.removeAbandonedFiles(in: directory, before: Date().addingTimeInterval(-3600))
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
        #expect(left == ["shade-1f2e.so", "shade-1f2e.c", "notes-1-2-3.c", "shade-77ab-5151-12.c"])
    }
}
