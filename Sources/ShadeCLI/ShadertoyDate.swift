import Foundation

/// The wall-clock date of a render's first frame, for Shadertoy's `iDate`: `shade render
/// --date`.
///
/// `iDate` is (year, month − 1, day of the month, seconds since midnight), the month counted
/// from 0 as JavaScript's `Date.getMonth()` does. Later frames are later by their time offset
/// (frame / fps), so a clock shader ticks with `iTime`.
struct ShadertoyDate: Equatable {
    /// The default, so renders repeat: 2000-01-01T00:00:00 UTC.
    static let standard = ShadertoyDate(date: Date(timeIntervalSince1970: 946_684_800), timeZone: utc)

    static let utc = TimeZone(identifier: "UTC")!

    /// The first frame's instant.
    var date: Date
    /// The zone the components are read in: UTC for a given date, the local one for `now`.
    var timeZone: TimeZone

    /// Parses `now` (the current local time, as Shadertoy shows) or an ISO date
    /// `YYYY-MM-DD[THH:MM[:SS[.fff]]]`, read in UTC; nil for anything else.
    init?(parsing text: String, now: Date = Date()) {
        if text == "now" {
            self.init(date: now, timeZone: .current)
            return
        }
        let pattern = #"^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}(?:\.\d+)?))?)?$"#
        guard let expression = try? NSRegularExpression(pattern: pattern),
            let match = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
        else { return nil }
        func group(_ index: Int) -> String? {
            Range(match.range(at: index), in: text).map { String(text[$0]) }
        }
        var components = DateComponents()
        components.year = Int(group(1)!)
        components.month = Int(group(2)!)
        components.day = Int(group(3)!)
        components.hour = group(4).flatMap(Int.init) ?? 0
        components.minute = group(5).flatMap(Int.init) ?? 0
        let seconds = group(6).flatMap(Double.init) ?? 0
        components.second = Int(seconds)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = ShadertoyDate.utc
        guard components.isValidDate(in: calendar), components.hour! < 24, components.minute! < 60, seconds < 60,
            let day = calendar.date(from: components)
        else { return nil }
        self.init(date: day.addingTimeInterval(seconds - seconds.rounded(.down)), timeZone: ShadertoyDate.utc)
    }

    init(date: Date, timeZone: TimeZone) {
        self.date = date
        self.timeZone = timeZone
    }

    /// `iDate` `offset` seconds after the first frame.
    func uniform(after offset: Double) -> SIMD4<Float> {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let instant = date.addingTimeInterval(offset)
        let parts = calendar.dateComponents([.year, .month, .day], from: instant)
        let midnight = calendar.startOfDay(for: instant)
        return SIMD4(
            Float(parts.year ?? 0), Float((parts.month ?? 1) - 1), Float(parts.day ?? 1),
            Float(instant.timeIntervalSince(midnight)))
    }
}
