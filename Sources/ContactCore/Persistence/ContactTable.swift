/// The contacts of a device being read from storage, each checked and converted as the reader
/// hands it over: opening a database holds no array of every contact's rows on the way.
package struct ContactTable: Sendable {
    private(set) var contacts: [String: StoredContact] = [:]
    /// Each contact's serial, in the order they came, for the device's check that serials are unique.
    private(set) var serials: [(serial: UInt64, identifier: String)] = []
    /// The containers the contacts are in, for the device's check that they exist.
    private(set) var containers: Set<String> = []

    /// A table with room for `capacity` contacts.
    package init(capacity: Int) {
        contacts.reserveCapacity(capacity)
        serials.reserveCapacity(capacity)
    }

    /// How many contacts were added.
    package var count: Int { contacts.count }

    /// Adds one contact.
    ///
    /// - Throws: ``ContactError/Code/storageCorrupt`` for a record no device writes or an
    ///   identifier already added.
    package mutating func add(_ record: ContactRecord) throws(ContactError) {
        let stored = try record.storedContact()
        guard ContactIdentifier.isWellFormed(record.identifier), contacts.updateValue(stored, forKey: record.identifier) == nil else {
            throw StorageCoding.corrupt("contact \(record.identifier)")
        }
        serials.append((stored.serial, record.identifier))
        containers.insert(stored.containerIdentifier)
    }
}
