/// The contacts a read selected, as they were when it selected them, built into ``Contact``
/// values one at a time, carrying the read's keys.
///
/// Holding the snapshot shares the device's storage instead of copying it; a save while a
/// snapshot is held (an ``ContactStore/enumerateContacts(with:using:)`` body that saves)
/// makes the device copy its contacts once, and the snapshot keeps the old values.
struct ContactSnapshot: Sequence, Sendable {
    /// The contacts a read selected, in the read's order, as an ``AppScope`` handed them out:
    /// where they are stored, or (a search in insertion order) their identifiers, each looked
    /// up only when its turn comes, so a caller that stops after the first rows of a search
    /// matching thousands pays for those rows. The snapshot holds the storage either indexes.
    enum Selection {
        case positions([DeviceState.ContactPosition])
        case identifiers([String])

        var count: Int {
            switch self {
            case .positions(let positions): positions.count
            case .identifiers(let identifiers): identifiers.count
            }
        }
    }

    private let selection: Selection
    private let contacts: StoredContacts
    private let keys: ContactKeySet

    init(_ selection: Selection, contacts: StoredContacts, keys: ContactKeySet) {
        self.selection = selection
        self.contacts = contacts
        self.keys = keys
    }

    var underestimatedCount: Int { selection.count }

    func makeIterator() -> Iterator { Iterator(snapshot: self) }

    /// Each contact, in order.
    struct Iterator: IteratorProtocol {
        fileprivate let snapshot: ContactSnapshot
        private var index = 0

        fileprivate init(snapshot: ContactSnapshot) { self.snapshot = snapshot }

        mutating func next() -> Contact? {
            while index < snapshot.selection.count {
                defer { index += 1 }
                let position: DeviceState.ContactPosition? = switch snapshot.selection {
                case .positions(let positions): positions[index]
                // The scope handed the identifier out: it is stored.
                case .identifiers(let identifiers): snapshot.contacts.position(of: identifiers[index])
                }
                if let position { return snapshot.contacts.contact(at: position, keys: snapshot.keys) }
            }
            return nil
        }
    }
}
