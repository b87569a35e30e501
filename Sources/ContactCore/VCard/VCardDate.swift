/// Dates as vCards write them, read and written without Foundation's calendars.
///
/// Read: `YYYY-MM-DD` and `YYYYMMDD` (3.0 and 4.0), `--MM-DD` and `--MMDD` (no year), each
/// optionally followed by a time (`T…`, dropped). Apple writes a date without a year as the
/// year 1604 with `X-APPLE-OMIT-YEAR=1604`; that year is dropped again. Reduced dates that
/// name no day (`1985`, `1985-04`, `--04`) hold no ``ContactDate``: they are ignored, not
/// errors. Anything else, or a month or day out of range, is ``VCardError/Code/invalidDate``.
enum VCardDate {
    /// Apple's stand-in year for a date without one: a leap year, so 29 February survives.
    static let omittedYear = 1604

    /// The date in `buffer[range]`, `nil` for a reduced date without a day.
    static func parse(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, omittedYear: Int?) throws(VCardFailure) -> ContactDate? {
        var end = range.upperBound
        for index in range where buffer[index] == 84 || buffer[index] == 116 {  // 'T'
            end = index
            break
        }
        var start = range.lowerBound
        while start < end, buffer[start] == 32 { start += 1 }
        while end > start, buffer[end - 1] == 32 { end -= 1 }
        let bytes = UnsafeBufferPointer(rebasing: buffer[start..<end])
        func digits(_ offset: Int, _ count: Int) -> Int? {
            var value = 0
            for index in offset..<(offset + count) {
                let byte = bytes[index]
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        func dash(_ offset: Int) -> Bool { bytes[offset] == 45 }
        var year: Int?
        var month: Int?
        var day: Int?
        switch bytes.count {
        case 10 where dash(4) && dash(7):
            (year, month, day) = (digits(0, 4), digits(5, 2), digits(8, 2))
            guard year != nil else { throw invalid }
        case 8 where !dash(0):
            (year, month, day) = (digits(0, 4), digits(4, 2), digits(6, 2))
            guard year != nil else { throw invalid }
        case 7 where dash(0) && dash(1) && dash(4):
            (month, day) = (digits(2, 2), digits(5, 2))
        case 6 where dash(0) && dash(1):
            (month, day) = (digits(2, 2), digits(4, 2))
        case 4 where dash(0) && dash(1):
            guard digits(2, 2) != nil else { throw invalid }
            return nil
        case 4 where digits(0, 4) != nil:
            return nil
        case 7 where dash(4) && digits(0, 4) != nil && digits(5, 2) != nil:
            return nil
        case 5 where dash(0) && dash(1) && dash(2) && digits(3, 2) != nil:
            return nil
        default:
            throw invalid
        }
        guard let month, let day, (1...12).contains(month), (1...31).contains(day) else { throw invalid }
        if let year, !(1...9999).contains(year) { throw invalid }
        if let year, let omittedYear, year == omittedYear {
            return ContactDate(year: nil, month: month, day: day)
        }
        return ContactDate(year: year, month: month, day: day)
    }

    private static var invalid: VCardFailure {
        VCardFailure(.invalidDate, "The date is not YYYY-MM-DD, YYYYMMDD, --MM-DD or --MMDD, or is out of range.")
    }

    /// `YYYY-MM-DD` (3.0) or `YYYYMMDD` (4.0); without a year, `1604-MM-DD` with
    /// `X-APPLE-OMIT-YEAR=1604` (3.0) or `--MMDD` (4.0). Returns the parameter to add, if any.
    static func format(_ date: ContactDate, version: VCardVersion) -> (value: String, omitYearParameter: Bool) {
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
        }
        let month = pad(date.month, 2)
        let day = pad(date.day, 2)
        switch (version, date.year) {
        case (.v4_0, let year?): return (pad(year, 4) + month + day, false)
        case (.v4_0, nil): return ("--" + month + day, false)
        case (_, let year?): return (pad(year, 4) + "-" + month + "-" + day, false)
        case (_, nil): return (String(omittedYear) + "-" + month + "-" + day, true)
        }
    }
}
