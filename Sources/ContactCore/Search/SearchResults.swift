/// What a search of a ``SearchIndex`` found, in insertion order, as slots of the index: each
/// slot becomes an identifier only when it is read, so a read that stops after its first rows
/// (``ContactStore/enumerateContacts(with:using:)``) pays for those rows, not for every match.
///
/// A query of several name tokens leaves its candidates to be checked whole (the
/// different-token rule) as they are read, for the same reason. The results share the index's
/// storage: a save while they are held makes the device copy the parts they hold, once.
struct SearchResults: Sendable {
    typealias Slot = PrefixIndex.Slot

    /// Candidates, in insertion order.
    private let slots: [Slot]
    private let identifierBySlot: [String?]
    private let keysBySlot: [ContactSearchKeys]
    /// The query each candidate must still match whole, or `nil` when every candidate matches.
    private let pending: NameQuery?

    init(slots: [Slot], identifierBySlot: [String?], keysBySlot: [ContactSearchKeys], pending: NameQuery?) {
        self.slots = slots
        self.identifierBySlot = identifierBySlot
        self.keysBySlot = keysBySlot
        self.pending = pending
    }

    /// Nothing found.
    static let none = SearchResults(slots: [], identifierBySlot: [], keysBySlot: [], pending: nil)

    /// How many candidates there are; as many results when none is left to check.
    var candidateCount: Int { slots.count }

    /// The identifier of the candidate at `offset` if it matches, else `nil`.
    func identifier(at offset: Int) -> String? {
        let slot = Int(slots[offset])
        if let pending, !pending.matches(keysBySlot[slot]) { return nil }
        return identifierBySlot[slot]
    }

    /// Every identifier found, in insertion order.
    var identifiers: [String] {
        // The pending query bound once, outside the loop: binding it per candidate retained
        // and released its tokens for each of up to a fifth of the store.
        if let pending {
            var identifiers: [String] = []
            identifiers.reserveCapacity(slots.count)
            for slot in slots where pending.matches(keysBySlot[Int(slot)]) {
                if let identifier = identifierBySlot[Int(slot)] { identifiers.append(identifier) }
            }
            return identifiers
        }
        // Never an uninitialized array of no capacity: it is the process's one empty array,
        // whose count the initializer writes, a race with every thread reading an empty array
        // (ThreadSanitizer, in release, under the parallel property).
        guard !slots.isEmpty else { return [] }
        return identifierBySlot.withUnsafeBufferPointer { table in
            slots.withUnsafeBufferPointer { slots in
                [String](unsafeUninitializedCapacity: slots.count) { buffer, count in
                    count = IdentifierGather.gather(slots, from: table, into: buffer)
                }
            }
        }
    }
}
