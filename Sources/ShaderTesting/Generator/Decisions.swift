/// The source of every choice the generator makes: a seeded SplitMix64 stream, or the bytes of
/// a fuzzer's input (read one or two at a time, zeros once they run out).
///
/// Choice 0 is always the smallest option, so an exhausted byte stream ends generation quickly.
struct Decisions {
    private var state: UInt64
    private let bytes: [UInt8]?
    private var position = 0

    init(seed: UInt64) {
        state = seed
        bytes = nil
    }

    init(bytes: [UInt8]) {
        state = 0
        self.bytes = bytes
    }

    /// SplitMix64 (Steele, Lea and Flood), one 64-bit output per step.
    private mutating func nextWord() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private mutating func nextByte() -> UInt64 {
        guard let bytes, position < bytes.count else { return 0 }
        defer { position += 1 }
        return UInt64(bytes[position])
    }

    /// A number in `0..<n` (0 when `n <= 1`).
    mutating func below(_ n: Int) -> Int {
        guard n > 1 else { return 0 }
        if bytes != nil {
            var word = nextByte()
            if n > 256 { word = word << 8 | nextByte() }
            return Int(word % UInt64(n))
        }
        return Int(nextWord() % UInt64(n))
    }

    /// True with probability `numerator / denominator` (false on exhausted bytes).
    mutating func chance(_ numerator: Int, _ denominator: Int) -> Bool {
        below(denominator) >= denominator - numerator
    }

    /// A number in `range`.
    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.count)
    }

    /// An element of a non-empty array.
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    /// An index chosen with the given weights (index 0 on exhausted bytes).
    mutating func weighted(_ weights: [Int]) -> Int {
        let total = weights.reduce(0, +)
        var r = below(total)
        for (i, w) in weights.enumerated() {
            if r < w { return i }
            r -= w
        }
        return 0
    }
}
