/// The contacts of a device being read from storage, each checked and converted as the reader
/// hands it over: opening a database holds no array of every contact's rows on the way.
package struct ContactTable: Sendable {
    private(set) var contacts = StoredContacts()
    /// The containers the contacts are in, for the device's check that they exist.
    private(set) var containers: Set<String> = []
    private var lastContainer: String?
    /// Computes the contacts' search keys while they are read, as long as they arrive in
    /// serial order (a database's do); `nil` after one that does not.
    private var feed: SearchIndexFeed?

    /// A table with room for `capacity` contacts and the saves to come; with
    /// `filingSearchKeys`, it computes their search keys as they are added (``SearchIndexFeed``).
    package init(capacity: Int, filingSearchKeys: Bool = true) {
        // An eighth more: a table built to its exact size grows at the first save after opening,
        // a copy of every contact (200 ms at a million). Room never touched is not resident.
        contacts.reserveCapacity(capacity + capacity / 8)
        feed = filingSearchKeys ? SearchIndexFeed(capacity: capacity) : nil
    }

    /// How many contacts were added.
    package var count: Int { contacts.count }

    /// Adds one contact.
    ///
    /// - Throws: ``ContactError/Code/storageCorrupt`` for a record no device writes or an
    ///   identifier already added.
    package mutating func add(_ record: ContactRecord) throws(ContactError) {
        try insert(try record.storedContact(), identifier: record.identifier)
    }

    /// Adds one contact a reader built column by column.
    ///
    /// - Throws: ``ContactError/Code/storageCorrupt`` for an identifier already added or not
    ///   well formed.
    package mutating func add(_ contact: consuming ContactRowBuilder) throws(ContactError) {
        let identifier = contact.identifier
        try insert(contact.storedContact(), identifier: identifier)
    }

    private mutating func insert(_ stored: consuming StoredContact, identifier: String) throws(ContactError) {
        let container = stored.containerIdentifier
        guard ContactIdentifier.isWellFormed(identifier), contacts.insertNew(stored, identifier: identifier) else {
            throw StorageCoding.corrupt("contact \(identifier)")
        }
        let last = contacts.count - 1, serial = contacts.serial(at: last)
        if last > 0, contacts.serial(at: last - 1) >= serial { feed = nil }
        feed?.add(contacts[last].fields)
        // Contacts mostly share a container: hash each one only once in a row.
        if lastContainer.map({ ContactIdentifier.areEqual($0, container) }) != true {
            containers.insert(container)
            lastContainer = container
        }
    }

    /// The search keys the table's contacts were filed under as they were added, slot n the
    /// n-th contact added; `nil` if they did not arrive in serial order. Ends the feed.
    mutating func searchIndexParts() -> SearchIndexFeed.Parts? {
        defer { feed = nil }
        return feed?.finish(serials: contacts.indices.map(contacts.serial(at:)), identifiers: Array(contacts.identifiers))
    }
}
