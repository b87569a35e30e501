/// The device's search index: each contact's ``ContactSearchKeys`` and prefix indexes over
/// name forms, email addresses and phone numbers.
///
/// `DeviceState.setContact(_:_:)` updates it with every write and every rollback, so it always
/// describes exactly the stored contacts; a save touches only the keys of the contacts it
/// changes. Lookups cost in proportion to the keys that share the query's prefix, not to the
/// size of the store.
struct SearchIndex: Sendable {
    typealias Slot = PrefixIndex.Slot

    private struct Entry: Sendable {
        var identifier: String
        var serial: UInt64
        var keys: ContactSearchKeys
    }

    private var slotByIdentifier: [String: Slot] = [:]
    private var entries: [Entry?] = []
    private var freeSlots: [Slot] = []
    private var names = PrefixIndex()
    private var emails = PrefixIndex()
    private var phones = PrefixIndex()

    /// How many contacts are indexed.
    var count: Int { slotByIdentifier.count }

    // MARK: Maintenance

    /// Follows one write of the contact store: a contact stored, replaced, or (`nil`) removed.
    mutating func update(_ identifier: String, _ contact: StoredContact?) {
        let existing = slotByIdentifier[identifier]
        let oldKeys = existing.flatMap { entries[Int($0)]?.keys } ?? ContactSearchKeys()
        guard let contact else {
            guard let slot = existing else { return }
            refile(slot, from: oldKeys, to: ContactSearchKeys())
            entries[Int(slot)] = nil
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
            slot = Slot(entries.count)
            entries.append(nil)
        }
        slotByIdentifier[identifier] = slot
        if newKeys != oldKeys { refile(slot, from: oldKeys, to: newKeys) }
        entries[Int(slot)] = Entry(identifier: identifier, serial: contact.serial, keys: newKeys)
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
        slotByIdentifier[identifier].flatMap { entries[Int($0)]?.keys }
    }

    /// Identifiers of the contacts whose names match, in insertion order.
    func identifiers(matching query: NameQuery) -> [String] {
        let found = nameMatches(query).compactMap { entries[Int($0)] }
        return found.sorted { $0.serial < $1.serial }.map(\.identifier)
    }

    /// Whether the stored contact's names match.
    func contact(_ identifier: String, matches query: NameQuery) -> Bool {
        keys(of: identifier).map { query.matches($0) } ?? false
    }

    /// Every contact the query finds by name, phone number or email prefix, each once, ranked.
    func hits(for query: ContactSearchQuery) -> [SearchHit] {
        var hits: [Slot: SearchHit] = [:]
        for slot in nameMatches(query.name) {
            guard let entry = entries[Int(slot)], let rank = query.name.rank(of: entry.keys) else { continue }
            hits[slot] = SearchHit(identifier: entry.identifier, rank: rank, keys: entry.keys,
                                   matchedPhone: nil, matchedEmail: nil)
        }
        func addDetailHit(_ slot: Slot, phone: Int?, email: Int?) {
            guard let entry = entries[Int(slot)] else { return }
            let previous = hits[slot]
            hits[slot] = SearchHit(identifier: entry.identifier, rank: previous?.rank ?? .phoneOrEmail, keys: entry.keys,
                                   matchedPhone: previous?.matchedPhone ?? phone, matchedEmail: previous?.matchedEmail ?? email)
        }
        if let digits = query.phoneDigits {
            for slot in phones.posting(of: Array(PhoneDigits.indexKey(of: digits).utf8)) {
                let numbers = entries[Int(slot)]?.keys.phoneDigits ?? []
                if let index = numbers.firstIndex(where: { PhoneDigits.matches(query: digits, candidate: $0) }) {
                    addDetailHit(slot, phone: index, email: nil)
                }
            }
        }
        if let prefix = query.emailPrefix {
            emails.forEachPosting(withPrefix: prefix) { posting in
                for slot in posting {
                    let addresses = entries[Int(slot)]?.keys.emails ?? []
                    if let index = addresses.firstIndex(where: { $0.hasBytePrefix(prefix) }) {
                        addDetailHit(slot, phone: nil, email: index)
                    }
                }
            }
        }
        return Array(hits.values)
    }

    /// Slots whose names match: the candidates of the query's longest token, checked whole.
    private func nameMatches(_ query: NameQuery) -> [Slot] {
        guard let probe = query.tokens.max(by: { $0.count < $1.count }) else { return [] }
        let needsCheck = query.tokens.count > 1
        var seen = [UInt64](repeating: 0, count: (entries.count + 63) / 64)
        var found: [Slot] = []
        names.forEachPosting(withPrefix: probe) { posting in
            for slot in posting {
                let word = Int(slot) / 64
                let bit = UInt64(1) << UInt64(Int(slot) % 64)
                guard seen[word] & bit == 0 else { continue }
                seen[word] |= bit
                if needsCheck {
                    guard let entry = entries[Int(slot)], query.matches(entry.keys) else { continue }
                }
                found.append(slot)
            }
        }
        return found
    }
}
