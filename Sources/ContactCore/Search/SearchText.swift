import Foundation

/// The text rules that names and queries share (SPEC 7): how text becomes search tokens.
///
/// Normalization, in order: compatibility composition (NFKC: full-width Latin and digits to
/// ASCII, half-width katakana to full-width, compatibility jamo to conjoining jamo), Foundation's
/// case, diacritic and width folding, canonical decomposition (so Hangul compares by jamo and
/// a voiced kana by its base kana and voicing mark), katakana to hiragana, and every remaining
/// combining mark dropped except a kana voicing mark right after kana. A token is a run of
/// letters, numbers, those voicing marks and other symbols (emoji); everything else separates
/// tokens.
///
/// Tokens are compared as UTF-8 bytes of Unicode scalars, so "a prefix" means a prefix of scalars.
public enum SearchNormalization {
    /// The normalized tokens of `text`, in order: what a query or a name field searches with.
    ///
    /// Normalizing the tokens joined by spaces gives the same tokens again.
    public static func tokens(of text: String) -> [String] {
        SearchText.tokens(of: text).map { String(decoding: $0, as: UTF8.self) }
    }
}

/// The engine's side of ``SearchNormalization``: tokens as bytes, ready to index.
enum SearchText {
    typealias Token = [UInt8]

    static func tokens(of text: String) -> [Token] {
        if let ascii = asciiTokens(of: text) { return ascii }
        if text.unicodeScalars.allSatisfy({ $0.value < latinLimit }) {
            var normalized: [Unicode.Scalar] = []
            normalized.reserveCapacity(text.utf8.count)
            for scalar in text.unicodeScalars { normalized += latin[Int(scalar.value)] }
            return tokens(ofNormalized: normalized)
        }
        return foundationTokens.value(for: text, tokensThroughFoundation(of:))
    }

    /// Text beyond Latin goes through Foundation, which costs most of indexing such a name.
    private static let foundationTokens = TextCache<String, [Token]>(limit: 8192)

    /// ``tokens(of:)`` through Foundation whatever the text: what its shortcuts must equal.
    static func tokensThroughFoundation(of text: String) -> [Token] {
        tokens(ofNormalized: normalized(text).unicodeScalars)
    }

    /// The Unicode steps of normalization (the rest is ``tokens(ofNormalized:)``).
    private static func normalized(_ text: String) -> String {
        text.precomposedStringWithCompatibilityMapping
            .folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .decomposedStringWithCanonicalMapping
    }

    /// Scalars below this (Latin-1 Supplement and Latin Extended-A and B) normalize one by one:
    /// none combines with its neighbours (each decomposes to a starter and its own marks, and
    /// no two starters of these blocks compose), so text of them alone is normalized by
    /// looking each up in ``latin``.
    static let latinLimit: UInt32 = 0x250

    /// ``normalized(_:)`` of each scalar below ``latinLimit`` alone, made once with the same
    /// Foundation calls: the Foundation calls cost most of indexing a European name.
    private static let latin: [[Unicode.Scalar]] = (0..<latinLimit).map { value in
        Unicode.Scalar(value).map { Array(normalized(String($0)).unicodeScalars) } ?? []
    }

    private static func tokens(ofNormalized normalized: some Sequence<Unicode.Scalar>) -> [Token] {
        var tokens: [Token] = []
        var current: Token = []
        var afterKana = false
        for scalar in normalized {
            switch role(of: scalar) {
            case .dropped:
                continue
            case .voicingMark where !afterKana:
                continue
            case .separator:
                if !current.isEmpty { tokens.append(current) }
                current.removeAll(keepingCapacity: true)
                afterKana = false
            case .letter, .voicingMark:
                let (first, second) = hiragana(for: scalar)
                UTF8.encode(first) { current.append($0) }
                if let second { UTF8.encode(second) { current.append($0) } }
                afterKana = CJKForms.isKana(scalar)
            }
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }

    /// Pure ASCII needs none of the Unicode steps: letters lowercased, digits kept, the rest separates.
    private static func asciiTokens(of text: String) -> [Token]? {
        var tokens: [Token] = []
        var current: Token = []
        for byte in text.utf8 {
            switch byte {
            case 0x80...: return nil
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): current.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): current.append(byte + 0x20)
            default:
                if !current.isEmpty { tokens.append(current) }
                current.removeAll(keepingCapacity: true)
            }
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }

    private enum Role { case letter, voicingMark, separator, dropped }

    private static func role(of scalar: Unicode.Scalar) -> Role {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark:
            isKanaVoicingMark(scalar) ? .voicingMark : .dropped
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber, .otherSymbol:
            .letter
        default:
            .separator
        }
    }

    /// U+3099 and U+309A: the voicing marks of decomposed kana (が is か + U+3099).
    static func isKanaVoicingMark(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0x3099 || scalar.value == 0x309A
    }

    /// Katakana letters and iteration marks to their hiragana, as ICU's Katakana-Hiragana
    /// transform does (small ヵ and ヶ become か and け; the digraphs ヿ and ゟ are spelled
    /// out); everything else unchanged. One scalar, or two for a digraph (no array: this runs
    /// for every scalar of every non-ASCII token).
    private static func hiragana(for scalar: Unicode.Scalar) -> (Unicode.Scalar, Unicode.Scalar?) {
        switch scalar.value {
        case 0x30F5: ("\u{304B}", nil)
        case 0x30F6: ("\u{3051}", nil)
        case 0x30FF: ("\u{3053}", "\u{3068}")
        case 0x309F: ("\u{3088}", "\u{308A}")
        case 0x30A1...0x30F4, 0x30FD...0x30FE: (Unicode.Scalar(scalar.value - 0x60) ?? scalar, nil)
        default: (scalar, nil)
        }
    }
}

extension Array where Element == UInt8 {
    /// Whether these bytes begin with `prefix`.
    func hasBytePrefix(_ prefix: [UInt8]) -> Bool {
        guard count >= prefix.count else { return false }
        // memcmp: the generic slice comparison costs most of a search's per-contact checks.
        return withUnsafeBufferPointer { bytes in
            prefix.withUnsafeBufferPointer { start in
                guard let a = bytes.baseAddress, let b = start.baseAddress else { return true }
                return memcmp(a, b, start.count) == 0
            }
        }
    }

    /// Byte order: the order of the index's vocabulary.
    func bytesPrecede(_ other: [UInt8]) -> Bool {
        byteOrder(other) < 0
    }

    /// Negative, zero or positive as these bytes come before, equal or after `other` in byte
    /// order (a proper prefix first): `memcmp`, then the lengths.
    func byteOrder(_ other: [UInt8]) -> Int {
        withUnsafeBufferPointer { bytes in other.withUnsafeBufferPointer { others in bytes.byteOrder(others) } }
    }
}

extension UnsafeBufferPointer where Element == UInt8 {
    /// ``Swift/Array/byteOrder(_:)`` over any contiguous bytes (a string's UTF-8 too).
    func byteOrder(_ other: UnsafeBufferPointer<UInt8>) -> Int {
        let shared = Swift.min(count, other.count)
        if shared > 0, let a = baseAddress, let b = other.baseAddress, case let order = memcmp(a, b, shared), order != 0 {
            return Int(order)
        }
        return count - other.count
    }
}
