/// The contacts a read selected, as they were when it selected them, built into ``Contact``
/// values one at a time, carrying the read's keys.
///
/// Holding the snapshot shares the device's storage instead of copying it; a save while a
/// snapshot is held (an ``ContactStore/enumerateContacts(with:using:)`` body that saves)
/// makes the device copy its contacts once, and the snapshot keeps the old values.
struct ContactSnapshot: Sequence, Sendable {
    /// The contacts a read selected, in the read's order, as an ``AppScope`` handed them out:
    /// where they are stored, or (a search in insertion order) its results, each read and
    /// looked up only when its turn comes, so a caller that stops after the first rows of a
    /// search matching thousands pays for those rows. The snapshot holds the storage either
    /// indexes.
    enum Selection {
        case positions([DeviceState.ContactPosition])
        case search(SearchResults)

        /// How many entries to walk; a search's candidates may not all match.
        var count: Int {
            switch self {
            case .positions(let positions): positions.count
            case .search(let results): results.candidateCount
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

    var underestimatedCount: Int {
        if case .positions(let positions) = selection { return positions.count }
        return 0
    }

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
                // The scope handed the results out: a candidate that matches is stored.
                case .search(let results): results.identifier(at: index).flatMap(snapshot.contacts.position(of:))
                }
                if let position { return snapshot.contacts.contact(at: position, keys: snapshot.keys) }
            }
            return nil
        }
    }
}
