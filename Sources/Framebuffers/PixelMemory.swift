#if canImport(Glibc)
import Glibc
#endif

/// Advice to the kernel about large pixel buffers.
///
/// A 4K RGBA8 frame is 33 MB; touched for the first time it costs one page fault per 4 KiB
/// page (8,100 of them), which measured as a third of a `shade chain` on a 4K JPEG. On Linux,
/// where transparent huge pages are usually enabled on request (`madvise` mode), asking for them
/// before the first touch makes that 16 faults of 2 MiB. Elsewhere, and for small buffers, it
/// does nothing. It never changes the contents.
public enum PixelMemory {
    /// Buffers smaller than this are left alone (at most a few hundred page faults).
    static let threshold = 4 << 20

    /// Asks for huge pages over the 2 MiB-aligned part of `byteCount` bytes at `start`, memory
    /// that has not been touched yet (a fresh allocation).
    public static func adviseHugePages(_ start: UnsafeMutableRawPointer, byteCount: Int) {
        #if os(Linux)
        guard byteCount >= threshold else { return }
        let huge = 2 << 20
        let first = (Int(bitPattern: start) + huge - 1) / huge * huge
        let end = (Int(bitPattern: start) + byteCount) / huge * huge
        guard end > first, let p = UnsafeMutableRawPointer(bitPattern: first) else { return }
        _ = madvise(p, end - first, MADV_HUGEPAGE)
        #endif
    }

    /// A new array of `count` elements filled by `body`, whose storage was given huge-page
    /// advice before `body` touched it.
    public static func array<Element>(
        count: Int, _ body: (UnsafeMutableBufferPointer<Element>) throws -> Void
    ) rethrows -> [Element] {
        try [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            if let base = buffer.baseAddress {
                adviseHugePages(UnsafeMutableRawPointer(base), byteCount: count * MemoryLayout<Element>.stride)
            }
            try body(buffer)
            initialized = count
        }
    }
}
