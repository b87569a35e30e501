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

    /// Kept apart from the serials, so that sorting results touches only serials.
    private var identifiers = IdentifierTable()
    private var serialBySlot: [UInt64] = []
    /// Whether ascending slots are in insertion order, as a bulk build and appended contacts
    /// leave them: results then need no check. A reused slot, or a contact appended with an
    /// older serial (a rollback), ends it until the next bulk build.
    private var slotsFollowSerials = true
    private var keysBySlot: [ContactSearchKeys] = []
    private var freeSlots: [Slot] = []
    /// By slot, a bit each: the contacts with a repeated name form
    /// (``ContactSearchKeys/hasRepeatedForm``), which the name index files once.
    private var repeatedForms: [UInt64] = []
    private var names = PrefixIndex()
    /// Each name form's first character (scalar), so that a query of one character, the
    /// costliest keystroke, reads one ready posting instead of a bit per form that starts with it.
    /// A contact with a second form that starts with the same character is filed under that
    /// character marked as a second (``secondForm(startingWith:)``) as well: what a query like
    /// "lucas l" asks for.
    private var leading = PrefixIndex()
    private var emails = PrefixIndex()
    private var phones = PrefixIndex()
    /// The tokens of the names indexed so far, which saves share (``TokenPool``): after a bulk
    /// build, its first lane's.
    private var pool = TokenPool()

    init() {}

    /// The index of `contacts` built at once, as opening a database does: what updating an
    /// empty index with each contact in insertion (serial) order gives, with each prefix index
    /// built in one sort (``PrefixIndex/init(bulk:)``). The contacts' search keys are computed
    /// on every core, each core a contiguous run of slots with a ``TokenPool`` of its own; then
    /// the prefix indexes and the identifier table are built side by side: they share nothing.
    init(bulk contacts: StoredContacts) {
        self.init(bulk: contacts, positionsBySerial: contacts.positionsBySerial)
    }

    /// The index of the contacts at `order` alone, positions in serial order: what a limited
    /// app's search reads (``DeviceState/permittedIndexes``), built at a cost that follows
    /// their number, not the store's.
    init(bulk contacts: StoredContacts, positionsBySerial order: [StoredContacts.Position]) {
        // Insertion order: slot n is the contact with the n-th serial.
        let count = order.count
        // Threads pay off for large address books only; a small one (a test, a fuzzed program)
        // is built on the calling thread.
        let parallel = count >= Self.parallelCount
        let lanes = parallel ? max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8)) : 1
        var searchKeys = [ContactSearchKeys](repeating: ContactSearchKeys(), count: count)
        var made = [Lane](repeating: Lane(), count: lanes)
        searchKeys.withUnsafeMutableBufferPointer { keysBuffer in
            made.withUnsafeMutableBufferPointer { madeBuffer in
                // Each lane writes its own range of keys and its own `Lane` only.
                nonisolated(unsafe) let keysBuffer = keysBuffer
                nonisolated(unsafe) let madeBuffer = madeBuffer
                Self.perform(lanes, inParallel: parallel) { lane in
                    let range = (count * lane / lanes)..<(count * (lane + 1) / lanes)
                    var output = Lane(reserving: range.count)
                    for position in range {
                        keysBuffer[position] = output.file(contacts[order[position]].fields, at: Slot(position))
                    }
                    madeBuffer[lane] = output
                }
            }
        }
        self.init(keys: searchKeys, lanes: made, serials: order.lazy.map(contacts.serial(at:)),
                  identifiers: order.lazy.map(contacts.identifier(at:)))
    }

    /// The index of contacts whose keys were computed as they were read (``SearchIndexFeed``),
    /// slot n being the n-th of `parts`: the prefix indexes are built from the lane's pairs.
    init(_ parts: SearchIndexFeed.Parts) {
        self.init(keys: parts.keys, lanes: [parts.lane], serials: parts.serials, identifiers: parts.identifiers)
    }

    /// The index whose slot n has `keys[n]`, `serials[n]` and `identifiers[n]`, its prefix
    /// indexes built from the lanes' pairs (the lanes in slot order), each in one sort and side
    /// by side with the identifier table: they share nothing.
    private init(keys searchKeys: [ContactSearchKeys], lanes made: [Lane], serials: some Collection<UInt64>,
                 identifiers slotIdentifiers: some Collection<String> & Sendable) {
        let count = searchKeys.count
        let parallel = count >= Self.parallelCount
        pool = made.first?.pool ?? TokenPool()
        repeatedForms = [UInt64](repeating: 0, count: (count + 63) / 64)
        for slot in made.lazy.flatMap(\.repeats) { SlotSet.set(slot, to: true, in: &repeatedForms) }
        // Room for saves to come: an array built to its exact size grows (a copy of every
        // slot) at the first save after the build.
        let room = count + count / 8
        keysBySlot = searchKeys
        keysBySlot.reserveCapacity(room)
        serialBySlot.reserveCapacity(room)
        serialBySlot.append(contentsOf: serials)
        var built = [PrefixIndex](repeating: PrefixIndex(), count: 4)
        var table = IdentifierTable()
        let input = made.map(\.pairs)
        built.withUnsafeMutableBufferPointer { buffer in
            withUnsafeMutablePointer(to: &table) { table in
                // Each iteration writes one result only.
                nonisolated(unsafe) let buffer = buffer
                nonisolated(unsafe) let table = table
                Self.perform(5, inParallel: parallel) { which in
                    guard let which = Which(rawValue: which) else {
                        table.pointee = IdentifierTable(slotIdentifiers, capacity: room)
                        return
                    }
                    // The lanes' lists one after another: nondecreasing slots. One lane's list
                    // (a small build's, or the keys filed while opening) is read where it is.
                    let pairs = input.count == 1 ? input[0][which.rawValue] : Array(input.map { $0[which.rawValue] }.joined())
                    buffer[which.rawValue] = PrefixIndex(bulk: pairs)
                }
            }
        }
        identifiers = table
        (names, emails, phones, leading) = (built[0], built[1], built[2], built[3])
    }

    /// How many contacts a bulk build needs before it uses every core.
    private static let parallelCount = 4_096

    /// What one lane of a bulk build makes besides its contacts' keys: the (key, slot) pairs of
    /// each prefix index, its contacts with a repeated name form, and its token pool.
    struct Lane: Sendable {
        fileprivate var pairs: [[(key: PrefixIndex.Key, slot: Slot)]] = [[], [], [], []]
        fileprivate var repeats: [Slot] = []
        fileprivate var pool = TokenPool()

        init() {}

        /// A lane with room for the pairs of about `count` contacts.
        init(reserving count: Int) {
            // About what a contact with two names, a number and an address files.
            for (which, perContact) in zip(Which.allCases, [3, 1, 1, 2]) {
                pairs[which.rawValue].reserveCapacity(count * perContact)
            }
        }

        /// Files the contact at `slot` (after every slot filed before it): its keys, which it
        /// returns, and its (key, slot) pairs.
        mutating func file(_ fields: ContactFields, at slot: Slot) -> ContactSearchKeys {
            let keys = ContactSearchKeys(fields, pool: &pool)
            // Repeats of a key for one slot are dropped when its posting is built.
            SearchIndex.forEachIndexKey(of: keys, pool: &pool) { which, key in
                pairs[which.rawValue].append((key, slot))
            }
            if keys.hasRepeatedForm { repeats.append(slot) }
            return keys
        }
    }

    /// Runs `body` for each iteration, on every core or one after another on this thread.
    private static func perform(_ iterations: Int, inParallel: Bool, _ body: @Sendable (Int) -> Void) {
        if inParallel {
            DispatchQueue.concurrentPerform(iterations: iterations, execute: body)
        } else {
            for iteration in 0..<iterations { body(iteration) }
        }
    }

    /// The four prefix indexes, as the bulk build numbers them.
    private enum Which: Int, CaseIterable {
        case names, emails, phones, leading
    }

    /// How many contacts are indexed.
    var count: Int { identifiers.count }

    /// How this index differs from `other` when both index the same contacts, or `nil`: the
    /// same search keys and insertion serial per identifier, and in each prefix index the same
    /// keys in the same order, each with the same contacts (slots may differ, identifiers not).
    func difference(from other: SearchIndex) -> String? {
        for (offset, identifier) in identifiers.bySlot.enumerated() {
            guard let identifier else { continue }
            let slot = Slot(offset)
            if identifiers.slot(of: identifier) != slot { return "\(identifier) is not found at its slot" }
            guard let otherSlot = other.identifiers.slot(of: identifier) else { return "\(identifier) is indexed in one index only" }
            if keysBySlot[Int(slot)] != other.keysBySlot[Int(otherSlot)] { return "the search keys of \(identifier) differ" }
            if serialBySlot[Int(slot)] != other.serialBySlot[Int(otherSlot)] { return "the serial of \(identifier) differs" }
            if SlotSet.contains(slot, in: repeatedForms) != SlotSet.contains(otherSlot, in: other.repeatedForms) {
                return "one index marks a repeated name form of \(identifier), the other does not"
            }
        }
        if identifiers.count != other.identifiers.count { return "one index holds contacts the other does not" }
        if slotsFollowSerials {
            let serials = zip(identifiers.bySlot, serialBySlot).compactMap { $0.0 == nil ? nil : $0.1 }
            if zip(serials, serials.dropFirst()).contains(where: { $0 >= $1 }) { return "slots said to follow serials do not" }
        }
        let indexes = [("name", names, other.names), ("leading", leading, other.leading), ("email", emails, other.emails),
                       ("phone", phones, other.phones)]
        // Their slots under a key, renumbered as this index numbers the same contacts (one buffer
        // for every key: this runs for every key of every invariant check).
        var translated: [Slot] = []
        for (what, mine, theirs) in indexes {
            var theirEntries = theirs.entries.makeIterator()
            for (key, slots) in mine.entries {
                // Spelled only for a report: this runs for every key of every invariant check.
                func description() -> String { "\(what) key \(String(decoding: key, as: UTF8.self).debugDescription)" }
                guard let (theirKey, theirSlots) = theirEntries.next(), theirKey == key else {
                    return "the \(what) index differs at \(description())"
                }
                if !zip(slots, slots.dropFirst()).allSatisfy({ $0 < $1 }) { return "the slots under the \(description()) are out of order" }
                // Slots are numbered in each index's own order: compare the contacts they stand for.
                translated.removeAll(keepingCapacity: true)
                for theirSlot in theirSlots {
                    guard let identifier = other.identifiers[theirSlot], let slot = identifiers.slot(of: identifier) else {
                        return "the \(description()) of the other index names a contact this one lacks"
                    }
                    translated.append(slot)
                }
                translated.sort()
                if !translated.elementsEqual(slots) { return "the contacts under the \(description()) differ" }
            }
            if theirEntries.next() != nil { return "the \(what) index lacks keys the other has" }
        }
        return nil
    }

    // MARK: Maintenance

    /// Follows one write of the contact store: a contact stored, replaced, or (`nil`) removed.
    mutating func update(_ identifier: String, _ contact: StoredContact?) {
        let existing = identifiers.slot(of: identifier)
        let oldKeys = existing.map { keysBySlot[Int($0)] } ?? ContactSearchKeys()
        guard let contact else {
            guard let slot = existing else { return }
            refile(slot, from: oldKeys, to: ContactSearchKeys())
            identifiers.remove(at: slot)
            keysBySlot[Int(slot)] = ContactSearchKeys()
            SlotSet.set(slot, to: false, in: &repeatedForms)
            freeSlots.append(slot)
            return
        }
        let newKeys = ContactSearchKeys(contact.fields, pool: &pool)
        let slot: Slot
        // Whether the slot keeps ascending slots in insertion (serial) order.
        let keepsOrder: Bool
        if let existing {
            slot = existing
            keepsOrder = serialBySlot[Int(existing)] == contact.serial
        } else if let reused = freeSlots.popLast() {
            slot = reused
            keepsOrder = false
        } else {
            // After the last slot, unless a rollback brings back a contact older than it.
            keepsOrder = serialBySlot.last.map { $0 < contact.serial } ?? true
            slot = Slot(identifiers.slotCount)
            serialBySlot.append(0)
            keysBySlot.append(ContactSearchKeys())
        }
        slotsFollowSerials = slotsFollowSerials && keepsOrder
        if newKeys != oldKeys { refile(slot, from: oldKeys, to: newKeys) }
        identifiers.set(identifier, at: slot)
        serialBySlot[Int(slot)] = contact.serial
        SlotSet.set(slot, to: newKeys.hasRepeatedForm, in: &repeatedForms)
        keysBySlot[Int(slot)] = newKeys
    }

    /// Moves the slot from the index keys of `old` to those of `new`, touching only the difference.
    private mutating func refile(_ slot: Slot, from old: ContactSearchKeys, to new: ContactSearchKeys) {
        let before = Self.indexKeys(of: old, pool: &pool)
        let after = Self.indexKeys(of: new, pool: &pool)
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
    private static func indexKeys(of keys: ContactSearchKeys, pool: inout TokenPool) -> (
        names: [PrefixIndex.Key], leading: [PrefixIndex.Key], emails: [PrefixIndex.Key], phones: [PrefixIndex.Key]
    ) {
        // Four lists, not a list of lists: a contact's save makes no array it does not keep.
        var names: [PrefixIndex.Key] = [], leading: [PrefixIndex.Key] = []
        var emails: [PrefixIndex.Key] = [], phones: [PrefixIndex.Key] = []
        forEachIndexKey(of: keys, pool: &pool) { which, key in
            switch which {
            case .names: names.append(key)
            case .leading: leading.append(key)
            case .emails: emails.append(key)
            case .phones: phones.append(key)
            }
        }
        makeAscending(&names)
        makeAscending(&leading)
        makeAscending(&emails)
        makeAscending(&phones)
        return (names, leading, emails, phones)
    }

    /// Every key a contact is filed under, with the prefix index it goes in, a name form or an
    /// address as often as the contact has it: each name form, each first character of a form
    /// once (and once more, marked as a second, when two forms start with it), each address,
    /// and each number's trailing digits.
    private static func forEachIndexKey(
        of keys: ContactSearchKeys, pool: inout TokenPool, _ body: (Which, PrefixIndex.Key) -> Void
    ) {
        let formCount = keys.names.reduce(0) { $0 + $1.forms.count }
        // Each form's first character as a number, in form order: how many earlier forms start
        // with the same one is a scan of a few numbers, not of the earlier forms' bytes. The
        // character's first form files it and its second marks it; later ones would repeat them.
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: max(1, formCount)) { seen in
            var count = 0
            for name in keys.names {
                for form in name.forms {
                    body(.names, form)
                    guard let leading = leadingKeys(of: form, pool: &pool) else { continue }
                    let earlier = seen[..<count].count { $0 == leading.character }
                    seen[count] = leading.character
                    count += 1
                    if earlier == 0 { body(.leading, leading.first) }
                    if earlier == 1 { body(.leading, leading.second) }
                }
            }
        }
        for email in keys.emails where !email.isEmpty { body(.emails, email) }
        for digits in keys.phoneDigits where digits.utf8.count >= PhoneDigits.minimumQueryDigits {
            body(.phones, PhoneDigits.indexKey(of: digits))
        }
    }

    /// Sorts the keys by bytes and drops repeats, in place.
    private static func makeAscending(_ keys: inout [PrefixIndex.Key]) {
        guard keys.count > 1 else { return }
        keys.sort { $0.bytesPrecede($1) }
        var kept = 1
        for index in 1..<keys.count where keys[index] != keys[kept - 1] {
            keys[kept] = keys[index]
            kept += 1
        }
        keys.removeLast(keys.count - kept)
    }

    /// The UTF-8 bytes of the first scalar of a token.
    private static func firstCharacter(of token: SearchText.Token) -> SearchText.Token {
        guard let lead = token.first else { return [] }
        return lead < 0x80 ? asciiCharacters[Int(lead)] : Array(firstScalarBytes(of: token))
    }

    /// The bytes of a token's first scalar, in place: its lead byte tells how many.
    private static func firstScalarBytes(of token: SearchText.Token) -> ArraySlice<UInt8> {
        guard let lead = token.first else { return [] }
        return token.prefix(lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4)
    }

    /// Each ASCII character as a token, made once: most first characters are one of these,
    /// and sharing them saves an allocation per name form.
    private static let asciiCharacters: [SearchText.Token] = (0..<0x80).map { [UInt8($0)] }

    /// A form's keys in `leading`, made once per character (ASCII's for every index, the others
    /// by the pool: each was an allocation per form): its first character, and that character
    /// marked as a second; `nil` for an empty form.
    private static func leadingKeys(of form: SearchText.Token, pool: inout TokenPool) -> TokenPool.LeadingKeys? {
        guard let lead = form.first else { return nil }
        if lead < 0x80 {
            return TokenPool.LeadingKeys(character: UInt32(lead), first: asciiCharacters[Int(lead)], second: asciiSeconds[Int(lead)])
        }
        let bytes = firstScalarBytes(of: form)
        let character = bytes.reduce(0) { $0 << 8 | UInt32($1) }
        return pool.leadingKeys(of: character) {
            let first = Array(bytes)
            return TokenPool.LeadingKeys(character: character, first: first, second: secondForm(startingWith: first))
        }
    }

    /// The `leading` key of the contacts with two name forms that start with `character`: the
    /// character, then a byte no UTF-8 text holds, so no query's key is the same.
    private static func secondForm(startingWith character: SearchText.Token) -> PrefixIndex.Key {
        if character.count == 1, let lead = character.first, lead < 0x80 { return asciiSeconds[Int(lead)] }
        return character + [secondFormMark]
    }

    private static let secondFormMark: UInt8 = 0xFF
    private static let asciiSeconds: [PrefixIndex.Key] = (0..<0x80).map { [UInt8($0), secondFormMark] }

    // MARK: Lookups

    /// The contacts whose names match, in insertion order.
    func results(matching query: NameQuery) -> SearchResults {
        let (candidates, wholeCheck) = nameMatches(query)
        return results(candidates, pending: wholeCheck ? query : nil)
    }

    /// The contacts with a number that matches `digits` (``PhoneDigits``), in insertion order.
    /// Every such number is filed under the query's key, so that posting holds them all; the
    /// rule then decides each.
    func results(withPhoneDigits digits: String) -> SearchResults {
        guard digits.utf8.count >= PhoneDigits.minimumQueryDigits else { return .none }
        let candidates = phones.posting(of: PhoneDigits.indexKey(of: digits))
        return results(candidates.filter { slot in
            keysBySlot[Int(slot)].phoneDigits.contains { PhoneDigits.matches(query: digits, candidate: $0) }
        }, pending: nil)
    }

    /// The contacts with an address whose ``EmailMatching/key(of:)`` is `key`, in insertion
    /// order: the store's whole-address email predicate.
    func results(withEmail key: SearchText.Token) -> SearchResults {
        results(emails.posting(of: key), pending: nil)
    }

    /// Ascending slots as results in insertion order.
    private func results(_ slots: [Slot], pending: NameQuery?) -> SearchResults {
        var slots = slots
        // Slots are handed out in insertion order until deletes free some for reuse.
        let inOrder = slotsFollowSerials || zip(slots, slots.dropFirst()).allSatisfy { serialBySlot[Int($0)] < serialBySlot[Int($1)] }
        if !inOrder { slots.sort { serialBySlot[Int($0)] < serialBySlot[Int($1)] } }
        return SearchResults(slots: slots, identifierBySlot: identifiers.bySlot, keysBySlot: keysBySlot, pending: pending)
    }

    /// Every contact the query finds by name, phone number or email prefix, each once, ranked.
    func hits(for query: ContactSearchQuery) -> [SearchHit] {
        // The postings give the candidates; ContactSearchQuery.match decides each one.
        let (nameCandidates, _) = nameMatches(query.name)
        var candidates = Set(nameCandidates)
        if let digits = query.phoneDigits {
            candidates.formUnion(phones.posting(of: PhoneDigits.indexKey(of: digits)))
        }
        if let prefix = query.emailPrefix {
            emails.forEachPosting(withPrefix: prefix) { candidates.formUnion($0) }
        }
        return candidates.compactMap { slot in
            let keys = keysBySlot[Int(slot)]
            guard let identifier = identifiers[slot], let match = query.match(keys) else { return nil }
            return SearchHit(identifier: identifier, rank: match.rank, keys: keys, matchedPhone: match.phone, matchedEmail: match.email)
        }
    }

    /// Slots whose names may match, ascending, and whether each must still be checked whole.
    /// The token whose keys hold the fewest postings gives the candidates; each other token
    /// then keeps those it also finds while that is cheaper than checking the candidates
    /// whole; with several tokens, every candidate left is to be checked whole for the
    /// different-token rule (``SearchResults`` does it as they are read), unless every token
    /// was read and none prefixes another. The cost follows the postings read, not the number
    /// of contacts.
    private func nameMatches(_ query: NameQuery) -> (candidates: [Slot], wholeCheck: Bool) {
        guard !query.tokens.isEmpty else { return ([], false) }
        var lookups = query.tokens.map { token in
            // A whole first character prefixes exactly the forms filed under it in `leading`.
            Self.firstCharacter(of: token) == token ? leading.postings(of: token) : names.postings(withPrefix: token)
        }
        guard lookups.allSatisfy({ $0.count > 0 }) else { return ([], false) }
        if lookups.count == 2, let shorter = Self.shorterOfNested(query.tokens[0], query.tokens[1]) {
            let (shorterLookup, longerLookup) = query.tokens[0] == shorter ? (lookups[0], lookups[1]) : (lookups[1], lookups[0])
            let candidates = SlotSet(longerLookup, slotCount: identifiers.slotCount).ascending
            // Every form the longer token prefixes starts with the shorter one, a character:
            // a candidate matches when a second form starts with it.
            if Self.firstCharacter(of: shorter) == shorter {
                let seconds = leading.postings(of: Self.secondForm(startingWith: shorter))
                return (SlotSet(seconds, slotCount: identifiers.slotCount).keeping(candidates), false)
            }
            // Reading the shorter token's postings costs about what checking a few candidates whole does.
            if candidates.count * Self.wholeCheckCost >= shorterLookup.count {
                return (self.candidates(candidates, withTwoFormsPrefixedBy: shorter, query: query), false)
            }
        }
        lookups.sort { $0.count < $1.count }
        var candidates = SlotSet(lookups[0], slotCount: identifiers.slotCount).ascending
        var foundByEveryToken = true
        for lookup in lookups.dropFirst() {
            // Reading a token's postings costs about what checking a few candidates whole does.
            if candidates.count * Self.wholeCheckCost < lookup.count {
                foundByEveryToken = false
                break
            }
            candidates = SlotSet(lookup, slotCount: identifiers.slotCount).keeping(candidates)
            if candidates.isEmpty { return ([], false) }
        }
        // Two tokens that prefix one form prefix each other. So when no query token prefixes
        // another, the forms each token prefixes are forms no other token prefixes, and a
        // contact found by every token has a different form for each: it matches whole.
        let settled = foundByEveryToken && !Self.someTokenPrefixesAnother(query.tokens)
        return (candidates, query.tokens.count > 1 && !settled)
    }

    /// The shorter of two tokens when it prefixes the other (either one when they are the same).
    private static func shorterOfNested(_ first: SearchText.Token, _ second: SearchText.Token) -> SearchText.Token? {
        if second.hasBytePrefix(first) { return first }
        return first.hasBytePrefix(second) ? second : nil
    }

    /// Of the candidates the longer of two nested tokens found ("katou" in "katou k"), those
    /// that match the pair: every form the longer token prefixes the shorter one prefixes too,
    /// so a contact matches when it has two forms the shorter token prefixes. The name index
    /// files each distinct form once per contact: a contact under two of the shorter token's
    /// keys has two; one under a single key has two only if that form repeats, which
    /// `repeatedForms` marks and a whole check then decides. The cost follows the shorter
    /// token's postings, not the number of candidates.
    private func candidates(_ candidates: [Slot], withTwoFormsPrefixedBy shorter: SearchText.Token, query: NameQuery) -> [Slot] {
        var once = [UInt64](repeating: 0, count: (identifiers.slotCount + 63) / 64), twice = once
        names.forEachPosting(withPrefix: shorter) { posting in
            for slot in posting {
                let (word, bit) = SlotSet.word(of: slot)
                twice[word] |= once[word] & bit
                once[word] |= bit
            }
        }
        return candidates.filter { slot in
            SlotSet.contains(slot, in: twice) || SlotSet.contains(slot, in: repeatedForms) && query.matches(keysBySlot[Int(slot)])
        }
    }

    /// Whether a token of `tokens` is a prefix of another of them (a repeated token is).
    private static func someTokenPrefixesAnother(_ tokens: [SearchText.Token]) -> Bool {
        for first in tokens.indices {
            for second in tokens.indices where first != second && tokens[second].hasBytePrefix(tokens[first]) {
                return true
            }
        }
        return false
    }

    /// Postings read per candidate checked whole, when choosing between them: a check
    /// allocates and matches every form, a posting sets one bit.
    private static let wholeCheckCost = 128
}
