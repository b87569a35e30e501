/// The contacts of a device being read from storage, each checked and converted as the reader
/// hands it over: opening a database holds no array of every contact's rows on the way.
package struct ContactTable: Sendable {
    private(set) var contacts = StoredContacts()
    /// The containers the contacts are in, for the device's check that they exist.
    private(set) var containers: Set<String> = []
    private var lastContainer: String?

    /// A table with room for `capacity` contacts and the saves to come.
    package init(capacity: Int) {
        // An eighth more: a table built to its exact size grows at the first save after opening,
        // a copy of every contact (200 ms at a million). Room never touched is not resident.
        contacts.reserveCapacity(capacity + capacity / 8)
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
        // Contacts mostly share a container: hash each one only once in a row.
        if lastContainer.map({ ContactIdentifier.areEqual($0, container) }) != true {
            containers.insert(container)
            lastContainer = container
        }
    }
}
