/// Why importing a vCard into a store or a device failed: the file, or the save.
///
/// The two stages have their own error types and stay apart: a bad file is a ``VCardError``
/// naming the card and line, and nothing is saved; a file that reads but cannot be saved
/// (no access, for example) is the save's ``ContactError``, and nothing is saved either.
public enum VCardImportError: Error, Hashable, Sendable {
    case invalidVCard(VCardError)
    case store(ContactError)
}

/// What an import through a store created: the new contacts' identifiers, in file order, and
/// the report of the read.
public struct VCardStoreImport: Hashable, Sendable {
    public var identifiers: [String]
    public var report: VCardImportReport
    /// A lenient import's cards dropped whole (``VCardImport/errors``); empty otherwise.
    public var errors: [VCardError] = []
    /// A lenient import's properties dropped from cards it kept (``VCardImport/warnings``).
    public var warnings: [VCardError] = []
}
