import Foundation

extension ContactDevice {
    /// A device whose person already has the contacts of a vCard file, as a phone restored
    /// from an export does.
    ///
    /// The contacts are added in file order to the default local container, in one commit
    /// with no transaction author, before any app exists; apps see them according to their
    /// access, as any other contact.
    ///
    /// - Throws: ``VCardImportError/invalidVCard(_:)`` for the first bad card.
    public convenience init(
        seed: UInt64 = 0, vCard data: Data, limits: VCardLimits = .default, defaultSortOrder: SortOrder = .givenName,
        historyLimit: Int = 100_000
    ) throws(VCardImportError) {
        self.init(seed: seed, defaultSortOrder: defaultSortOrder, historyLimit: historyLimit)
        try importPersonContacts(vCard: data, limits: limits)
    }

    /// Adds the contacts of a vCard file as the person does in the Contacts app: no app's
    /// access is involved, and every field, the note included, is kept.
    ///
    /// With `lenient`, the file is read as ``VCardSerialization/readLeniently(_:limits:)`` reads
    /// it: every card that can be delimited is added, without the properties that do not read,
    /// and the result lists what was dropped.
    ///
    /// - Returns: the new contacts' identifiers and the report of the read.
    @discardableResult
    public func importPersonContacts(vCard data: Data, limits: VCardLimits = .default, lenient: Bool = false) throws(VCardImportError) -> VCardStoreImport {
        let read: VCardImport
        do { read = try VCardSerialization.read(data, limits: limits, lenient: lenient) } catch { throw .invalidVCard(error) }
        var request = SaveRequest()
        let references = read.contacts.map { request.add($0) }
        do {
            try request.validate()
            let result = try state.withLock { (state) throws(ContactError) -> SaveResult in
                var transaction = SaveTransaction(
                    bundleIdentifier: "", app: AppRecord(status: .authorized), hasNotesEntitlement: true)
                return try transaction.run(request, on: &state, origin: 0)
            }
            return VCardStoreImport(
                identifiers: references.compactMap(result.identifier(for:)), report: read.report, errors: read.errors, warnings: read.warnings)
        } catch {
            throw .store(error)
        }
    }

    /// Every contact on the device, every key, in insertion order: the person's own export.
    public func vCardData(version: VCardVersion = .v3_0) -> Data {
        let contacts = state.withLock { state in
            state.contacts.positionsBySerial.map { state.contacts.contact(at: $0, keys: .all) }
        }
        return VCardSerialization.data(from: contacts, version: version)
    }
}
