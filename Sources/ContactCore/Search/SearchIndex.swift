import Foundation

/// The device's search index: each contact's ``ContactSearchKeys`` and prefix indexes over
/// name forms, email addresses and phone numbers.
///
/// `DeviceState.setContact(_:_:)` updates it with every write and every rollback, so it always
/// describes exactly the stored contacts; a save touches only the keys of the contacts it
/// changes. Lookups cost in proportion to the keys that share the query's prefix, not to the
/// size of the store.
struct SearchIndex: Sendable {
    typealias Slot = PrefixIndex.Slot

    private var slotByIdentifier: [String: Slot] = [:]
    /// By slot; `nil` for a free slot. Kept apart so that sorting results touches only serials.
    private var identifierBySlot: [String?] = []
    private var serialBySlot: [UInt64] = []
    private var keysBySlot: [ContactSearchKeys] = []
    private var freeSlots: [Slot] = []
    private var names = PrefixIndex()
    private var emails = PrefixIndex()
    private var phones = PrefixIndex()

    init() {}

    /// The index of `contacts` (in insertion order) built at once, as opening a database
    /// does: what updating an empty index with each contact in turn gives, with each prefix
    /// index built in one sort (``PrefixIndex/init(bulk:)``). The contacts' search keys, then
    /// the three prefix indexes, are computed on every core: they share nothing.
    init(bulk contacts: [(identifier: String, contact: StoredContact)]) {
        let count = contacts.count
        var searchKeys = [ContactSearchKeys](repeating: ContactSearchKeys(), count: count)
        let lanes = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8))
        searchKeys.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let buffer = buffer  // each lane writes its own indices only
            DispatchQueue.concurrentPerform(iterations: lanes) { lane in
                for index in stride(from: lane, to: count, by: lanes) {
                    buffer[index] = ContactSearchKeys(contacts[index].contact.fields)
                }
            }
        }
        var pairs: [[(key: PrefixIndex.Key, slot: Slot)]] = [[], [], []]
        slotByIdentifier.reserveCapacity(count)
        for (index, (identifier, contact)) in contacts.enumerated() {
            let slot = Slot(index)
            slotByIdentifier[identifier] = slot
            identifierBySlot.append(identifier)
            serialBySlot.append(contact.serial)
            let indexKeys = Self.indexKeys(of: searchKeys[index])
            for key in indexKeys.names { pairs[0].append((key, slot)) }
            for key in indexKeys.emails { pairs[1].append((key, slot)) }
            for key in indexKeys.phones { pairs[2].append((key, slot)) }
        }
        keysBySlot = searchKeys
        var built = [PrefixIndex](repeating: PrefixIndex(), count: 3)
        built.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let buffer = buffer
            let input = pairs
            DispatchQueue.concurrentPerform(iterations: 3) { which in buffer[which] = PrefixIndex(bulk: input[which]) }
        }
        (names, emails, phones) = (built[0], built[1], built[2])
    }

    /// How many contacts are indexed.
    var count: Int { slotByIdentifier.count }

    // MARK: Maintenance

    /// Follows one write of the contact store: a contact stored, replaced, or (`nil`) removed.
    mutating func update(_ identifier: String, _ contact: StoredContact?) {
        let existing = slotByIdentifier[identifier]
        let oldKeys = existing.map { keysBySlot[Int($0)] } ?? ContactSearchKeys()
        guard let contact else {
            guard let slot = existing else { return }
            refile(slot, from: oldKeys, to: ContactSearchKeys())
            identifierBySlot[Int(slot)] = nil
            keysBySlot[Int(slot)] = ContactSearchKeys()
            slotByIdentifier[identifier] = nil
            freeSlots.append(slot)
            return
        }
        let newKeys = ContactSearchKeys(contact.fields)
        let slot: Slot
        if let existing {
            slot = existing
        } else if let reused = freeSlots.popLast() {
            slot = reused
        } else {
            slot = Slot(identifierBySlot.count)
            identifierBySlot.append(nil)
            serialBySlot.append(0)
            keysBySlot.append(ContactSearchKeys())
        }
        slotByIdentifier[identifier] = slot
        if newKeys != oldKeys { refile(slot, from: oldKeys, to: newKeys) }
        identifierBySlot[Int(slot)] = identifier
        serialBySlot[Int(slot)] = contact.serial
        keysBySlot[Int(slot)] = newKeys
    }

    /// Moves the slot from the index keys of `old` to those of `new`, touching only the difference.
    private mutating func refile(_ slot: Slot, from old: ContactSearchKeys, to new: ContactSearchKeys) {
        let before = Self.indexKeys(of: old)
        let after = Self.indexKeys(of: new)
        for key in before.names.subtracting(after.names) { names.remove(slot, under: key) }
        for key in before.emails.subtracting(after.emails) { emails.remove(slot, under: key) }
        for key in before.phones.subtracting(after.phones) { phones.remove(slot, under: key) }
        for key in after.names.subtracting(before.names) { names.insert(slot, under: key) }
        for key in after.emails.subtracting(before.emails) { emails.insert(slot, under: key) }
        for key in after.phones.subtracting(before.phones) { phones.insert(slot, under: key) }
    }

    private static func indexKeys(of keys: ContactSearchKeys)
        -> (names: Set<PrefixIndex.Key>, emails: Set<PrefixIndex.Key>, phones: Set<PrefixIndex.Key>)
    {
        (
            Set(keys.names.flatMap(\.forms)),
            Set(keys.emails.filter { !$0.isEmpty }),
            Set(keys.phoneDigits.filter { $0.utf8.count >= PhoneDigits.minimumQueryDigits }
                .map { Array(PhoneDigits.indexKey(of: $0).utf8) })
        )
    }

    // MARK: Lookups

    /// The search keys of a stored contact.
    func keys(of identifier: String) -> ContactSearchKeys? {
        slotByIdentifier[identifier].map { keysBySlot[Int($0)] }
    }

    /// Identifiers of the contacts whose names match, in insertion order.
    func identifiers(matching query: NameQuery) -> [String] {
        var found = nameMatches(query)
        // Slots are handed out in insertion order until deletes free some for reuse.
        let inOrder = zip(found, found.dropFirst()).allSatisfy { serialBySlot[Int($0)] < serialBySlot[Int($1)] }
        if !inOrder { found.sort { serialBySlot[Int($0)] < serialBySlot[Int($1)] } }
        var identifiers: [String] = []
        identifiers.reserveCapacity(found.count)
        for slot in found {
            if let identifier = identifierBySlot[Int(slot)] { identifiers.append(identifier) }
        }
        return identifiers
    }

    /// Whether the stored contact's names match.
    func contact(_ identifier: String, matches query: NameQuery) -> Bool {
        keys(of: identifier).map { query.matches($0) } ?? false
    }

    /// Every contact the query finds by name, phone number or email prefix, each once, ranked.
    func hits(for query: ContactSearchQuery) -> [SearchHit] {
        // The postings give the candidates; ContactSearchQuery.match decides each one.
        var candidates = Set(nameMatches(query.name))
        if let digits = query.phoneDigits {
            candidates.formUnion(phones.posting(of: Array(PhoneDigits.indexKey(of: digits).utf8)))
        }
        if let prefix = query.emailPrefix {
            emails.forEachPosting(withPrefix: prefix) { candidates.formUnion($0) }
        }
        return candidates.compactMap { slot in
            let keys = keysBySlot[Int(slot)]
            guard let identifier = identifierBySlot[Int(slot)], let match = query.match(keys) else { return nil }
            return SearchHit(identifier: identifier, rank: match.rank, keys: keys, matchedPhone: match.phone, matchedEmail: match.email)
        }
    }

    /// Slots whose names match, in slot order: the slots every query token finds (a bit set
    /// per token, intersected); with several tokens, each then checked whole for the
    /// different-token rule.
    private func nameMatches(_ query: NameQuery) -> [Slot] {
        let words = (identifierBySlot.count + 63) / 64
        var candidates: [UInt64]?
        for token in query.tokens.sorted(by: { $0.count > $1.count }) {
            var bits = [UInt64](repeating: 0, count: words)
            names.forEachPosting(withPrefix: token) { posting in
                for slot in posting { Self.insert(slot, into: &bits) }
            }
            if let previous = candidates {
                for word in bits.indices { bits[word] &= previous[word] }
            }
            guard bits.contains(where: { $0 != 0 }) else { return [] }
            candidates = bits
        }
        let needsCheck = query.tokens.count > 1
        let bitSet = candidates ?? []
        var found: [Slot] = []
        found.reserveCapacity(bitSet.reduce(0) { $0 + $1.nonzeroBitCount })
        for (word, bits) in bitSet.enumerated() where bits != 0 {
            var remaining = bits
            while remaining != 0 {
                let slot = Slot(word * 64 + remaining.trailingZeroBitCount)
                remaining &= remaining - 1
                if !needsCheck || query.matches(keysBySlot[Int(slot)]) { found.append(slot) }
            }
        }
        return found
    }

    private static func insert(_ slot: Slot, into bits: inout [UInt64]) {
        bits[Int(slot) / 64] |= UInt64(1) << UInt64(Int(slot) % 64)
    }
}
