/// What an import read and what it left out: the cards, and the properties no field holds.
///
/// A property is *ignored* when ContactCore has no field for it (`PRODID`, `UID`, `CATEGORIES`,
/// a `PHOTO` given by URL, a second `N`, an `X-ABLabel` whose group labels nothing), so an app
/// can tell the person that some of a file did not come through.
public struct VCardImportReport: Hashable, Sendable {
    /// Cards read without error (the contacts returned).
    public var cardsRead = 0
    /// Cards that failed (in a lenient import; a strict import throws at the first).
    public var cardsFailed = 0
    /// Content lines read inside good cards, `BEGIN`, `END` and `VERSION` excluded.
    public var propertiesRead = 0
    /// How many of those lines no field holds.
    public var propertiesIgnored = 0
    /// The ignored properties by upper-cased name (group removed), with how often each was seen.
    public var ignoredPropertyNames: [String: Int] = [:]
    /// Properties a lenient read dropped because they did not read (``VCardImport/warnings``).
    public var propertiesSkipped = 0
    /// Those properties by upper-cased name (group removed), with how often each was dropped.
    public var skippedPropertyNames: [String: Int] = [:]
    /// Properties a lenient read kept in part, with a warning: photos cut short
    /// (``VCardError/Code/truncatedBase64``). Not skipped, and not in ``skippedPropertyNames``.
    public var propertiesKeptInPart = 0

    public init() {}
}

/// The result of an import: the contacts, what was dropped and why, and the report.
public struct VCardImport: Hashable, Sendable {
    /// One new contact per card kept, in file order, carrying every key.
    public var contacts: [MutableContact]
    /// One error per card dropped whole (a `BEGIN:VCARD` before its `END:VCARD`, a limit),
    /// per run of lines outside any card, and per limit on the whole file, in file order.
    /// Always empty after a strict read, which throws instead.
    public var errors: [VCardError]
    public var report: VCardImportReport
    /// One warning per property a lenient read dropped from a card it kept, per photo it kept
    /// in part, and per card the end of the data closed without `END:VCARD` (a card it kept), in
    /// file order; each names the card, the line, the property and the reason, and
    /// ``VCardError/keptWhatItConcerns`` tells which. Always empty after a strict read.
    public var warnings: [VCardError] = []
}
