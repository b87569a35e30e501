/// A calendar date without a time: a birthday or an anniversary.
///
/// The year is optional, as people often know a birthday without its year. Saving a date
/// whose month or day is out of range is `validationTypeMismatch`.
///
/// A Gregorian date whose parts fit (month and day 0–255, year a 32-bit integer) is stored in
/// 8 bytes, any other in a shared box, so a value is 16 bytes instead of 48; the parts read,
/// compare, hash and encode exactly as four stored properties would.
public struct ContactDate: Sendable {
    /// Bit 0: stored here (not in `wide`); bit 1: has a year; bits 8–15 month, 16–23 day,
    /// 32–63 the year. Zero when `wide` holds the parts.
    private var packed: UInt64
    /// The parts of a date that `packed` cannot hold; `nil` otherwise.
    private var wide: Wide?

    private final class Wide: Sendable {
        let calendar: String
        let year: Int?
        let month: Int
        let day: Int

        init(calendar: String, year: Int?, month: Int, day: Int) {
            self.calendar = calendar
            self.year = year
            self.month = month
            self.day = day
        }
    }

    public init(calendar: String = "gregorian", year: Int? = nil, month: Int, day: Int) {
        if calendar == "gregorian", let bits = Self.pack(year, month, day) {
            packed = bits
            wide = nil
        } else {
            packed = 0
            wide = Wide(calendar: calendar, year: year, month: month, day: day)
        }
    }

    /// The bits of a Gregorian date, or `nil` if a part does not fit in them.
    private static func pack(_ year: Int?, _ month: Int, _ day: Int) -> UInt64? {
        guard let month = UInt8(exactly: month), let day = UInt8(exactly: day) else { return nil }
        var bits: UInt64 = 1 | UInt64(month) << 8 | UInt64(day) << 16
        if let year {
            guard let year = Int32(exactly: year) else { return nil }
            bits |= 2 | UInt64(UInt32(bitPattern: year)) << 32
        }
        return bits
    }

    /// The calendar's identifier: `"gregorian"` for ``MutableContact/birthday``, another
    /// (such as `"chinese"` or `"hebrew"`) for ``MutableContact/nonGregorianBirthday``.
    public var calendar: String {
        get { wide?.calendar ?? "gregorian" }
        set { self = ContactDate(calendar: newValue, year: year, month: month, day: day) }
    }

    public var year: Int? {
        get {
            if let wide { return wide.year }
            return packed & 2 == 0 ? nil : Int(Int32(bitPattern: UInt32(truncatingIfNeeded: packed >> 32)))
        }
        set { self = ContactDate(calendar: calendar, year: newValue, month: month, day: day) }
    }

    public var month: Int {
        get { wide?.month ?? Int(UInt8(truncatingIfNeeded: packed >> 8)) }
        set { self = ContactDate(calendar: calendar, year: year, month: newValue, day: day) }
    }

    public var day: Int {
        get { wide?.day ?? Int(UInt8(truncatingIfNeeded: packed >> 16)) }
        set { self = ContactDate(calendar: calendar, year: year, month: month, day: newValue) }
    }

    /// Whether the parts are in range (month 1–13 to allow leap months in lunisolar
    /// calendars, day 1–31, year 1–9999 when given).
    public var isValid: Bool {
        (1...13).contains(month) && (calendar != "gregorian" || month <= 12) && (1...31).contains(day)
            && (year.map { (1...9999).contains($0) } ?? true) && !calendar.isEmpty
    }
}

/// By the parts, hashed in the order of the stored properties they once were.
extension ContactDate: Hashable {
    public static func == (lhs: ContactDate, rhs: ContactDate) -> Bool {
        // A date is packed whenever it can be, so two packed dates are equal when their bits are.
        if lhs.wide == nil && rhs.wide == nil { return lhs.packed == rhs.packed }
        return lhs.calendar == rhs.calendar && lhs.year == rhs.year && lhs.month == rhs.month && lhs.day == rhs.day
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(calendar)
        hasher.combine(year)
        hasher.combine(month)
        hasher.combine(day)
    }
}

/// The keys and encoding of four stored properties: the year only when there is one.
extension ContactDate: Codable {
    private enum CodingKeys: String, CodingKey {
        case calendar, year, month, day
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            calendar: try container.decode(String.self, forKey: .calendar),
            year: try container.decodeIfPresent(Int.self, forKey: .year),
            month: try container.decode(Int.self, forKey: .month),
            day: try container.decode(Int.self, forKey: .day))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(calendar, forKey: .calendar)
        try container.encodeIfPresent(year, forKey: .year)
        try container.encode(month, forKey: .month)
        try container.encode(day, forKey: .day)
    }
}
