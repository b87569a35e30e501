/// The ISO 3166-1 alpha-2 codes of ``PostalAddress/isoCountryCode``, as the store keeps them
/// and `X-ABADR` carries them: two ASCII letters, lower-cased (`us`), or none.
///
/// A save takes the letters in either case and stores them lower-cased, as iOS's own contacts
/// hold them; any other text is a validation error (Decisions, SPEC 12), so that what is saved
/// comes back from a vCard round trip.
enum CountryCode {
    /// Whether `text` is two ASCII letters, in any case.
    static func isCode(_ text: String) -> Bool {
        text.utf8.count == 2 && text.utf8.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0 & 0xDF) }
    }

    /// Whether a save takes `text`: no code, or two ASCII letters.
    static func isValid(_ text: String) -> Bool { text.isEmpty || isCode(text) }

    /// `text` with its ASCII letters lower-cased: the stored form of a valid code.
    static func normalized(_ text: String) -> String {
        guard text.utf8.contains(where: { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) else { return text }
        return String(decoding: text.utf8.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    /// The addresses with their codes lower-cased; `nil` when none needs it, so that a caller
    /// writes nothing back.
    static func normalized(_ addresses: [LabeledValue<PostalAddress>]) -> [LabeledValue<PostalAddress>]? {
        guard addresses.contains(where: { normalized($0.value.isoCountryCode) != $0.value.isoCountryCode }) else { return nil }
        var result = addresses
        for index in result.indices {
            result[index].value.isoCountryCode = normalized(result[index].value.isoCountryCode)
        }
        return result
    }
}
