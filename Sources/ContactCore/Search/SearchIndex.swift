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
    /// Each name form's first character (scalar), so that a query of one character, the
    /// costliest keystroke, reads one ready posting instead of a bit per form that starts with it.
    private var leading = PrefixIndex()
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
        var pairs: [[(key: PrefixIndex.Key, slot: Slot)]] = [[], [], [], []]
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
            for key in indexKeys.leading { pairs[3].append((key, slot)) }
        }
        keysBySlot = searchKeys
        var built = [PrefixIndex](repeating: PrefixIndex(), count: 4)
        built.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let buffer = buffer
            let input = pairs
            DispatchQueue.concurrentPerform(iterations: 4) { which in buffer[which] = PrefixIndex(bulk: input[which]) }
        }
        (names, emails, phones, leading) = (built[0], built[1], built[2], built[3])
    }

    /// How many contacts are indexed.
    var count: Int { slotByIdentifier.count }

    /// How this index differs from `other` when both index the same contacts, or `nil`: the
    /// same search keys and insertion serial per identifier, and in each prefix index the same
    /// keys in the same order, each with the same contacts (slots may differ, identifiers not).
    func difference(from other: SearchIndex) -> String? {
        for (identifier, slot) in slotByIdentifier {
            guard let otherSlot = other.slotByIdentifier[identifier] else { return "\(identifier) is indexed in one index only" }
            if keysBySlot[Int(slot)] != other.keysBySlot[Int(otherSlot)] { return "the search keys of \(identifier) differ" }
            if serialBySlot[Int(slot)] != other.serialBySlot[Int(otherSlot)] { return "the serial of \(identifier) differs" }
            if identifierBySlot[Int(slot)] != identifier { return "the slot of \(identifier) names \(identifierBySlot[Int(slot)] ?? "nobody")" }
        }
        if slotByIdentifier.count != other.slotByIdentifier.count { return "one index holds contacts the other does not" }
        let indexes = [("name", names, other.names), ("leading", leading, other.leading), ("email", emails, other.emails),
                       ("phone", phones, other.phones)]
        for (what, mine, theirs) in indexes {
            var theirEntries = theirs.entries.makeIterator()
            for (key, slots) in mine.entries {
                let description = "\(what) key \(String(decoding: key, as: UTF8.self).debugDescription)"
                guard let (theirKey, theirSlots) = theirEntries.next(), theirKey == key else {
                    return "the \(what) index differs at \(description)"
                }
                if !zip(slots, slots.dropFirst()).allSatisfy({ $0 < $1 }) { return "the slots under the \(description) are out of order" }
                // Slots are numbered in each index's own order: compare the contacts they stand for.
                if slots.map({ identifierBySlot[Int($0)] ?? "" }).sorted() != theirSlots.map({ other.identifierBySlot[Int($0)] ?? "" }).sorted() {
                    return "the contacts under the \(description) differ"
                }
            }
            if theirEntries.next() != nil { return "the \(what) index lacks keys the other has" }
        }
        return nil
    }

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
        Self.refile(slot, in: &names, from: before.names, to: after.names)
        Self.refile(slot, in: &leading, from: before.leading, to: after.leading)
        Self.refile(slot, in: &emails, from: before.emails, to: after.emails)
        Self.refile(slot, in: &phones, from: before.phones, to: after.phones)
    }

    /// `before` and `after` ascending without repeats: one merge walk files the difference.
    private static func refile(_ slot: Slot, in index: inout PrefixIndex, from before: [PrefixIndex.Key], to after: [PrefixIndex.Key]) {
        var old = 0, new = 0
        while old < before.count || new < after.count {
            if new == after.count || old < before.count && before[old].bytesPrecede(after[new]) {
                index.remove(slot, under: before[old])
                old += 1
            } else if old == before.count || after[new].bytesPrecede(before[old]) {
                index.insert(slot, under: after[new])
                new += 1
            } else {
                old += 1
                new += 1
            }
        }
    }

    /// The keys a contact is filed under in each prefix index, each list ascending without repeats.
    private static func indexKeys(of keys: ContactSearchKeys) -> (
        names: [PrefixIndex.Key], leading: [PrefixIndex.Key], emails: [PrefixIndex.Key], phones: [PrefixIndex.Key]
    ) {
        let names = ascending(keys.names.flatMap(\.forms))
        return (
            names,
            ascending(names.map(firstCharacter(of:)).filter { !$0.isEmpty }),
            ascending(keys.emails.filter { !$0.isEmpty }),
            ascending(keys.phoneDigits.filter { $0.utf8.count >= PhoneDigits.minimumQueryDigits }
                .map { Array(PhoneDigits.indexKey(of: $0).utf8) })
        )
    }

    private static func ascending(_ keys: [PrefixIndex.Key]) -> [PrefixIndex.Key] {
        var unique: [PrefixIndex.Key] = []
        unique.reserveCapacity(keys.count)
        for key in keys.sorted(by: { $0.bytesPrecede($1) }) where unique.last != key { unique.append(key) }
        return unique
    }

    /// The UTF-8 bytes of the first scalar of a token (its lead byte tells how many).
    private static func firstCharacter(of token: SearchText.Token) -> SearchText.Token {
        guard let lead = token.first else { return [] }
        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        return Array(token.prefix(length))
    }

    // MARK: Lookups

    /// Identifiers of the contacts whose names match, in insertion order.
    func identifiers(matching query: NameQuery) -> [String] {
        identifiers(of: nameMatches(query))
    }

    /// Identifiers of the contacts with a number that matches `digits` (``PhoneDigits``), in
    /// insertion order. Every such number is filed under the query's key, so that posting holds
    /// them all; the rule then decides each.
    func identifiers(withPhoneDigits digits: String) -> [String] {
        guard digits.utf8.count >= PhoneDigits.minimumQueryDigits else { return [] }
        let candidates = phones.posting(of: Array(PhoneDigits.indexKey(of: digits).utf8))
        return identifiers(of: candidates.filter { slot in
            keysBySlot[Int(slot)].phoneDigits.contains { PhoneDigits.matches(query: digits, candidate: $0) }
        })
    }

    /// Identifiers of the contacts with an address whose ``EmailMatching/key(of:)`` is `key`,
    /// in insertion order: the store's whole-address email predicate.
    func identifiers(withEmail key: SearchText.Token) -> [String] {
        identifiers(of: emails.posting(of: key))
    }

    /// The identifiers of ascending slots, in insertion order.
    private func identifiers(of slots: [Slot]) -> [String] {
        var slots = slots
        // Slots are handed out in insertion order until deletes free some for reuse.
        let inOrder = zip(slots, slots.dropFirst()).allSatisfy { serialBySlot[Int($0)] < serialBySlot[Int($1)] }
        if !inOrder { slots.sort { serialBySlot[Int($0)] < serialBySlot[Int($1)] } }
        var identifiers: [String] = []
        identifiers.reserveCapacity(slots.count)
        for slot in slots {
            if let identifier = identifierBySlot[Int(slot)] { identifiers.append(identifier) }
        }
        return identifiers
    }

    /// Whether the stored contact's names match.
    func contact(_ identifier: String, matches query: NameQuery) -> Bool {
        guard let slot = slotByIdentifier[identifier] else { return false }
        return query.matches(keysBySlot[Int(slot)])
    }

    /// Whether the stored contact has a number that matches `digits` (``PhoneDigits``).
    func contact(_ identifier: String, hasPhoneMatching digits: String) -> Bool {
        guard let slot = slotByIdentifier[identifier] else { return false }
        return keysBySlot[Int(slot)].phoneDigits.contains { PhoneDigits.matches(query: digits, candidate: $0) }
    }

    /// Whether the stored contact has an address whose ``EmailMatching/key(of:)`` is `key`.
    func contact(_ identifier: String, hasEmail key: SearchText.Token) -> Bool {
        guard let slot = slotByIdentifier[identifier] else { return false }
        return keysBySlot[Int(slot)].emails.contains(key)
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

    /// Slots whose names match, ascending. The token whose keys hold the fewest postings
    /// gives the candidates; each other token then keeps those it also finds while that is
    /// cheaper than checking the candidates whole; with several tokens, every candidate left is
    /// checked whole for the different-token rule. The cost follows the postings read, not the
    /// number of contacts.
    private func nameMatches(_ query: NameQuery) -> [Slot] {
        guard !query.tokens.isEmpty else { return [] }
        var lookups = query.tokens.map { token in
            // A whole first character prefixes exactly the forms filed under it in `leading`.
            Self.firstCharacter(of: token) == token ? leading.postings(of: token) : names.postings(withPrefix: token)
        }
        guard lookups.allSatisfy({ $0.count > 0 }) else { return [] }
        lookups.sort { $0.count < $1.count }
        var candidates = SlotSet(lookups[0], slotCount: identifierBySlot.count).ascending
        for lookup in lookups.dropFirst() {
            // Reading a token's postings costs about what checking a few candidates whole does.
            if candidates.count * Self.wholeCheckCost < lookup.count { break }
            let set = SlotSet(lookup, slotCount: identifierBySlot.count)
            candidates.removeAll { !set.contains($0) }
            if candidates.isEmpty { return [] }
        }
        guard query.tokens.count > 1 else { return candidates }
        return candidates.filter { query.matches(keysBySlot[Int($0)]) }
    }

    /// Postings read per candidate checked whole, when choosing between them: a check
    /// allocates and matches every form, a posting sets one bit.
    private static let wholeCheckCost = 128
}
