/// The contacts a read selected, as they were when it selected them, built into ``Contact``
/// values one at a time, carrying the read's keys.
///
/// Holding the snapshot shares the device's storage instead of copying it; a save while a
/// snapshot is held (an ``ContactStore/enumerateContacts(with:using:)`` body that saves)
/// makes the device copy its contacts once, and the snapshot keeps the old values.
struct ContactSnapshot: Sequence, Sendable {
    /// Positions in `contacts` of visible contacts, as an ``AppScope`` handed them out, in the
    /// read's order. The snapshot holds the storage they index, so they stay valid.
    private let positions: [DeviceState.ContactPosition]
    private let contacts: StoredContacts
    private let keys: ContactKeySet

    init(positions: [DeviceState.ContactPosition], contacts: StoredContacts, keys: ContactKeySet) {
        self.positions = positions
        self.contacts = contacts
        self.keys = keys
    }

    var underestimatedCount: Int { positions.count }

    func makeIterator() -> Iterator { Iterator(snapshot: self) }

    /// Each contact, in order.
    struct Iterator: IteratorProtocol {
        fileprivate let snapshot: ContactSnapshot
        private var position = 0

        fileprivate init(snapshot: ContactSnapshot) { self.snapshot = snapshot }

        mutating func next() -> Contact? {
            guard position < snapshot.positions.count else { return nil }
            let index = snapshot.positions[position]
            position += 1
            return snapshot.contacts.contact(at: index, keys: snapshot.keys)
        }
    }
}
