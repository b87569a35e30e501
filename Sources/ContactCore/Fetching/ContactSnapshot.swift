/// The contacts a read selected, as they were when it selected them, built into ``Contact``
/// values one at a time, carrying the read's keys.
///
/// Holding the snapshot shares the device's storage instead of copying it; a save while a
/// snapshot is held (an ``ContactStore/enumerateContacts(with:using:)`` body that saves)
/// makes the device copy its contacts once, and the snapshot keeps the old values.
struct ContactSnapshot: Sequence, Sendable {
    /// Visible identifiers, as an ``AppScope`` handed them out, in the read's order.
    private let identifiers: [String]
    private let contacts: [String: StoredContact]
    private let keys: ContactKeySet

    init(identifiers: [String], contacts: [String: StoredContact], keys: ContactKeySet) {
        self.identifiers = identifiers
        self.contacts = contacts
        self.keys = keys
    }

    var underestimatedCount: Int { identifiers.count }

    func makeIterator() -> Iterator { Iterator(snapshot: self) }

    /// Each contact, in order.
    struct Iterator: IteratorProtocol {
        fileprivate let snapshot: ContactSnapshot
        private var position = 0

        fileprivate init(snapshot: ContactSnapshot) { self.snapshot = snapshot }

        mutating func next() -> Contact? {
            while position < snapshot.identifiers.count {
                let identifier = snapshot.identifiers[position]
                position += 1
                // Read in place: only the fetched keys' values are copied, not the whole contact.
                guard let index = snapshot.contacts.index(forKey: identifier) else { continue }
                return Contact(identifier: identifier, contactType: snapshot.contacts.values[index].contactType,
                               fields: snapshot.contacts.values[index].fields, keys: snapshot.keys)
            }
            return nil
        }
    }
}
