/// Contacts a read selected, as they were when it selected them: what a fetch builds its
/// ``Contact`` values from, one at a time.
///
/// Holding the snapshot shares the device's storage instead of copying it; a save while a
/// snapshot is held (an ``ContactStore/enumerateContacts(with:using:)`` body that saves)
/// makes the device copy its contacts once, and the snapshot keeps the old values.
struct ContactSnapshot: Sequence, Sendable {
    /// Visible identifiers, as an ``AppScope`` handed them out, in the read's order.
    private let identifiers: [String]
    private let contacts: [String: StoredContact]

    init(identifiers: [String], contacts: [String: StoredContact]) {
        self.identifiers = identifiers
        self.contacts = contacts
    }

    func makeIterator() -> Iterator { Iterator(snapshot: self) }

    /// Each identifier with its stored contact, in order.
    struct Iterator: IteratorProtocol {
        fileprivate let snapshot: ContactSnapshot
        private var position = 0

        fileprivate init(snapshot: ContactSnapshot) { self.snapshot = snapshot }

        mutating func next() -> (identifier: String, stored: StoredContact)? {
            while position < snapshot.identifiers.count {
                let identifier = snapshot.identifiers[position]
                position += 1
                if let stored = snapshot.contacts[identifier] { return (identifier, stored) }
            }
            return nil
        }
    }
}
