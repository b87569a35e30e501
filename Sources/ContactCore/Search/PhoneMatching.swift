/// The phone-number rule of search and of ``ContactPredicate/phoneNumber(_:)``.
enum PhoneDigits {
    /// Fewest digits a query needs to match anything.
    static let minimumQueryDigits = 3
    /// Trailing digits two different numbers must share to match.
    static let minimumSharedSuffix = 7

    /// ASCII digits of `text`, with full-width digits folded; everything else dropped.
    static func digits(of text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            // Written in place, into room for the digits alone: a string made with room for more
            // than 15 bytes is on the heap whatever it then holds, and a formatted number
            // (+33 6 12 34 56 78) is longer than its digits, which mostly fit inline.
            let isDigit = { (byte: UInt8) in (0x30...0x39).contains(byte) }
            return String(unsafeUninitializedCapacity: text.utf8.count(where: isDigit)) { buffer in
                var count = 0
                for byte in text.utf8 where isDigit(byte) {
                    buffer[count] = byte
                    count += 1
                }
                return count
            }
        }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x30...0x39: result.append(scalar)
            case 0xFF10...0xFF19: result.append(Unicode.Scalar(scalar.value - 0xFF10 + 0x30) ?? scalar)
            default: continue
            }
        }
        return String(result)
    }

    /// Whether a number with `candidate` digits matches a query with `query` digits: equal, or
    /// ending in the same run of seven or more digits, whatever precedes that run in either
    /// (a country code, a trunk prefix: 06 12 34 56 78 matches +33 6 12 34 56 78).
    static func matches(query: String, candidate: String) -> Bool {
        guard query.utf8.count >= minimumQueryDigits else { return false }
        if query == candidate { return true }
        let shared = zip(query.utf8.reversed(), candidate.utf8.reversed()).prefix { $0 == $1 }.count
        return shared >= minimumSharedSuffix
    }

    /// The key the search index files a number under: its trailing seven digits, or all of
    /// them when it has fewer. Two numbers that ``matches(query:candidate:)`` always share it.
    /// As bytes: `digits` are ASCII.
    static func indexKey(of digits: String) -> [UInt8] {
        Array(digits.utf8.suffix(minimumSharedSuffix))
    }
}
