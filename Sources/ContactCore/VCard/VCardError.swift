/// Why a vCard could not be read: a code, the card and line it concerns, and a message.
///
/// `card` counts cards from 0 in file order, whether or not they were read: the 3rd
/// `BEGIN:VCARD` is card 2, and a line outside any card belongs to the card that would come
/// next. `line` is the 1-based physical line where the offending (unfolded) line starts; it is
/// 0 for an error about the whole file, such as ``Code/fileTooLarge``.
public struct VCardError: Error, Hashable, Sendable {
    /// What went wrong. Raw values are stable and may be stored.
    public enum Code: Int, Hashable, Sendable, CaseIterable {
        /// The data is larger than ``VCardLimits/maximumFileSize``; nothing was read.
        case fileTooLarge = 1
        /// More cards than ``VCardLimits/maximumCards``.
        case tooManyCards = 2
        /// A card has more properties than ``VCardLimits/maximumPropertiesPerCard``.
        case tooManyProperties = 3
        /// An unfolded line is longer than ``VCardLimits/maximumLineLength``.
        case lineTooLong = 4
        /// A property outside `BEGIN:VCARD` … `END:VCARD`, or an `END` without a `BEGIN`.
        case missingBegin = 10
        /// The data ends, or another `BEGIN:VCARD` starts, before the card's `END:VCARD`.
        case missingEnd = 11
        /// A line without the colon that separates a property's name from its value.
        case missingColon = 12
        /// A property or parameter name with characters other than letters, digits and `-`.
        case invalidName = 13
        /// A quoted parameter value without its closing quote.
        case unterminatedQuote = 14
        /// `VERSION` is not 2.1, 3.0 or 4.0.
        case unsupportedVersion = 15
        /// Base64 data with a character outside the alphabet or misplaced padding.
        case invalidBase64 = 20
        /// Quoted-printable text with `=` not followed by two hexadecimal digits.
        case invalidQuotedPrintable = 21
        /// A date that is not `YYYY-MM-DD`, `YYYYMMDD`, `--MM-DD` or `--MMDD`, or out of range.
        case invalidDate = 22
        /// Bytes that are not UTF-8 in a value that must be text.
        case invalidUTF8 = 23
        /// A NUL byte, in the file or in a decoded value.
        case nulByte = 24
        /// A `CHARSET` other than UTF-8, US-ASCII, ISO-8859-1 or Windows-1252.
        case unsupportedCharset = 25
        /// A photo's base64 that ends six bits into a byte, without padding: an image cut
        /// short. A lenient read keeps its whole bytes, with this warning.
        case truncatedBase64 = 26
    }

    public var code: Code
    /// The card's index in the file, from 0 (see the type's discussion); people count from 1
    /// (``cardNumber``).
    public var card: Int
    /// The 1-based physical line the error starts on; 0 for the whole file.
    public var line: Int
    /// The property's name as written (without its group), when the error is about one.
    public var property: String?
    /// A sentence for people; never parse it.
    public var message: String

    public init(_ code: Code, card: Int, line: Int, property: String? = nil, _ message: String) {
        self.code = code
        self.card = card
        self.line = line
        self.property = property
        self.message = message
    }
}

extension VCardError {
    /// The card as people count it, from 1: what every message shows.
    public var cardNumber: Int { card + 1 }

    /// For a warning of a lenient read (``VCardImport/warnings``): whether the read kept what
    /// the warning is about, a card the end of the data closed (``Code/missingEnd``) or a photo
    /// cut short (``Code/truncatedBase64``). Any other warning's property was dropped.
    public var keptWhatItConcerns: Bool { code == .missingEnd || code == .truncatedBase64 }
}

extension VCardError: CustomStringConvertible {
    public var description: String {
        var text = "VCardError \(code.rawValue) (\(code)) in card \(cardNumber) at line \(line)"
        if let property { text += ", property \(property)" }
        return text + ": " + message
    }
}

/// A failure inside one value or line, before the card and line are attached.
struct VCardFailure: Error {
    var code: VCardError.Code
    var message: String

    init(_ code: VCardError.Code, _ message: String) {
        self.code = code
        self.message = message
    }
}
