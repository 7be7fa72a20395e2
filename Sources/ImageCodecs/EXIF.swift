/// Reads the one EXIF field Shade uses: the orientation tag (0x0112) of the first IFD.
enum EXIF {
    /// The orientation in TIFF-structured EXIF data (a PNG eXIf chunk, or a JPEG APP1 segment
    /// after its `Exif\0\0` prefix), or `nil` when there is none, it is out of range, or the data
    /// is malformed.
    static func orientation(in tiff: UnsafeBufferPointer<UInt8>) -> ImageOrientation? {
        guard tiff.count >= 8 else { return nil }
        let isLittleEndian: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): isLittleEndian = true
        case (0x4D, 0x4D): isLittleEndian = false
        default: return nil
        }
        func u16(_ offset: Int) -> Int? {
            guard offset >= 0, offset + 2 <= tiff.count else { return nil }
            let a = Int(tiff[offset])
            let b = Int(tiff[offset + 1])
            return isLittleEndian ? a | b << 8 : a << 8 | b
        }
        func u32(_ offset: Int) -> Int? {
            guard let first = u16(offset), let second = u16(offset + 2) else { return nil }
            return isLittleEndian ? first | second << 16 : first << 16 | second
        }
        guard u16(2) == 42, let ifd = u32(4), let entryCount = u16(ifd) else { return nil }
        for entry in 0..<entryCount {
            let position = ifd + 2 + entry * 12
            guard let tag = u16(position) else { return nil }
            guard tag == 0x0112 else { continue }
            guard u16(position + 2) == 3, let value = u16(position + 8) else { return nil }
            return ImageOrientation(rawValue: value)
        }
        return nil
    }
}
