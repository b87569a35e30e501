import Foundation

/// Reads and writes vCards (Apple's `CNContactVCardSerialization`).
///
/// Reading accepts vCard 2.1, 3.0 and 4.0, one card or many, CRLF or LF line ends, folded
/// lines, a UTF-8 byte order mark, and the shapes Apple, Google, Outlook and Android export;
/// writing produces 3.0 (what Apple writes) or 4.0. The mapping between properties and
/// contact fields is SPEC 12's; <doc:VCardImportExport> lists it.
///
/// Reading is one pass over the bytes with no regular expressions and no backtracking, so
/// time and memory grow linearly with the input whatever it holds, and every bound in
/// ``VCardLimits`` fails fast with a ``VCardError`` naming the card and the line. Writing
/// then reading gives back an equal contact for every mapped field.
public enum VCardSerialization {
    /// The contacts of every card in `data`, in file order, each a new contact.
    ///
    /// - Throws: the first ``VCardError``; nothing is returned if any card is bad.
    public static func contacts(from data: Data, limits: VCardLimits = .default) throws(VCardError) -> [MutableContact] {
        try read(data, limits: limits).contacts
    }

    /// The contacts, with the report of what was read and ignored; throws at the first error.
    public static func read(_ data: Data, limits: VCardLimits = .default) throws(VCardError) -> VCardImport {
        try decode(data, limits: limits, lenient: false)
    }

    /// Every card that can be delimited, each without the properties that do not read.
    ///
    /// A property that does not read (a bad date, photo, encoding, character set…) is dropped
    /// with a warning naming the card, the line and the reason, and its card is kept, as is a
    /// card the end of the data closes without `END:VCARD`. A card is dropped whole, with an
    /// error, only when a `BEGIN:VCARD` comes before its `END:VCARD` or it exceeds a limit.
    /// A limit on the whole file (``VCardError/Code/fileTooLarge``,
    /// ``VCardError/Code/tooManyCards``) still ends the read, with the cards read before it.
    public static func readLeniently(_ data: Data, limits: VCardLimits = .default) -> VCardImport {
        do {
            return try decode(data, limits: limits, lenient: true)
        } catch {
            // A lenient decode records every error instead of throwing.
            return VCardImport(contacts: [], errors: [error], report: VCardImportReport())
        }
    }

    /// A strict read, or a lenient one: what the imports of a device and a store share.
    static func read(_ data: Data, limits: VCardLimits, lenient: Bool) throws(VCardError) -> VCardImport {
        lenient ? readLeniently(data, limits: limits) : try read(data, limits: limits)
    }

    /// `contacts` as one vCard file: CRLF line ends, lines folded at 75 octets.
    ///
    /// Each contact writes only the keys it carries. ``VCardVersion/v2_1`` writes 3.0.
    public static func data(from contacts: [Contact], version: VCardVersion = .v3_0) -> Data {
        var encoder = VCardEncoder(version: version, capacity: contacts.count * 256)
        for contact in contacts {
            encoder.write(type: contact.contactType, fields: contact.fields, keys: contact.keys)
        }
        return Data(encoder.output)
    }

    /// `contacts` as one vCard file, written as fetched contacts are: only the keys each carries.
    public static func data(from contacts: [MutableContact], version: VCardVersion = .v3_0) -> Data {
        var encoder = VCardEncoder(version: version, capacity: contacts.count * 256)
        for contact in contacts {
            encoder.write(type: contact.contactType, fields: contact.fields, keys: contact.keys)
        }
        return Data(encoder.output)
    }

    private static func decode(_ data: Data, limits: VCardLimits, lenient: Bool) throws(VCardError) -> VCardImport {
        // Checked before the bytes are touched: a huge input costs nothing.
        if data.count > limits.maximumFileSize {
            let error = VCardError(.fileTooLarge, card: 0, line: 0,
                                   "The data is \(data.count) bytes; the limit is \(limits.maximumFileSize).")
            if lenient { return VCardImport(contacts: [], errors: [error], report: VCardImportReport()) }
            throw error
        }
        let result: Result<VCardImport, VCardError> = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            do throws(VCardError) {
                return .success(try VCardDecoder.decode(bytes, limits: limits, lenient: lenient))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
