import Foundation

extension ContactStore {
    /// Adds every card of `data` as a new contact, in one save request: all or nothing.
    ///
    /// The save follows every rule of ``execute(_:)``: the first import of a `notDetermined`
    /// app asks the person; `denied` and `restricted` apps fail with
    /// ``ContactError/Code/authorizationDenied``; the contacts a `limited` app imports join its
    /// permitted set. Without the notes entitlement the cards' notes are left out (the report
    /// counts them as ignored `NOTE` properties) rather than failing the import.
    ///
    /// With `lenient`, every card that can be delimited is imported without the properties that
    /// do not read (``VCardSerialization/readLeniently(_:limits:)``), and the result lists what
    /// was dropped.
    ///
    /// - Throws: ``VCardImportError/invalidVCard(_:)`` for the first bad card of a strict
    ///   import, before anything is saved; ``VCardImportError/store(_:)`` if the save fails.
    @discardableResult
    public func importVCard(
        _ data: Data, limits: VCardLimits = .default, lenient: Bool = false, toContainerWithIdentifier container: String? = nil,
        transactionAuthor: String? = nil
    ) throws(VCardImportError) -> VCardStoreImport {
        let read: VCardImport
        do { read = try VCardSerialization.read(data, limits: limits, lenient: lenient) } catch { throw .invalidVCard(error) }
        var report = read.report
        var request = SaveRequest(transactionAuthor: transactionAuthor)
        var references: [SaveRequest.ContactReference] = []
        for var contact in read.contacts {
            if !app.hasNotesEntitlement {
                if !contact.fields.note.isEmpty {
                    report.propertiesIgnored += 1
                    report.ignoredPropertyNames["NOTE", default: 0] += 1
                }
                contact.fields.note = ""
                contact.keys.remove(ContactKeySet(.note))
            }
            references.append(request.add(contact, toContainerWithIdentifier: container))
        }
        let result: SaveResult
        do { result = try execute(request) } catch { throw .store(error) }
        return VCardStoreImport(
            identifiers: references.compactMap(result.identifier(for:)), report: report, errors: read.errors, warnings: read.warnings)
    }

    /// The visible contacts a fetch selects, as one vCard file holding only the fetched keys.
    ///
    /// What the app may see and nothing more: a `limited` app exports its permitted set, and
    /// asking for ``ContactKey/note`` without the notes entitlement throws
    /// ``ContactError/Code/unauthorizedKeys`` as any fetch does.
    public func vCardData(
        matching predicate: ContactPredicate? = nil, keysToFetch: [ContactKey], sortOrder: SortOrder = .none,
        version: VCardVersion = .v3_0
    ) throws(ContactError) -> Data {
        let request = ContactFetchRequest(predicate: predicate, keysToFetch: keysToFetch, sortOrder: sortOrder)
        return VCardSerialization.data(from: try contacts(for: request), version: version)
    }
}
