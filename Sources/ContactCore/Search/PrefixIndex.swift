/// Keys (byte strings) kept in byte order, each with the sorted slots of the contacts that
/// have it: a prefix lookup is a binary search plus a walk over the keys that share the prefix.
///
/// Inserting or removing one key moves part of one chunk of the ordered distinct keys
/// (``KeyOrder``), never the postings of other keys, so a save costs a few binary searches
/// and small moves.
struct PrefixIndex: Sendable {
    typealias Key = [UInt8]
    typealias Slot = Int32

    /// By key id; a freed id holds an empty key and no slots.
    private var keys: [Key] = []
    /// By key id, a key's slots as ``Posting`` keeps them: the one slot of a key that has one
    /// (a phone number's, an address's, most of a large address book's keys) with no list, or
    /// ``Posting/noSlot`` and the list of two or more. An empty list allocates nothing; a
    /// one-slot list was a heap object per such key.
    private var singles: [Slot] = []
    private var lists: [[Slot]] = []
    private var freeIDs: [Int32] = []
    /// Ids of the live keys, in byte order of their keys: every lookup, exact or by prefix, is
    /// a binary search here, so the index keeps no hash table of its keys to build or update.
    private var ordered = KeyOrder()

    init() {}

    /// The index of every (key, slot) pair at once, `pairs` in nondecreasing slot order: the
    /// same index as inserting them one by one, built in one sort of the pairs (by key, then
    /// position) instead of a binary search and a move of the ordered keys per new key.
    init(bulk pairs: [(key: Key, slot: Slot)]) {
        var entries = [BulkEntry]()
        entries.reserveCapacity(pairs.count)
        for position in pairs.indices { entries.append(BulkEntry(pairs[position].key, position: position)) }
        pairs.withUnsafeBufferPointer { pairs in
            // Equal keys keep the pairs' order, which is the order of their slots.
            func order(_ lhs: BulkEntry, _ rhs: BulkEntry) -> Int {
                lhs.order(rhs) ?? pairs[Int(lhs.position)].key.byteOrder(pairs[Int(rhs.position)].key)
            }
            entries.sort { lhs, rhs in
                let order = order(lhs, rhs)
                return order != 0 ? order < 0 : lhs.position < rhs.position
            }
            // The distinct keys counted first: each array is made once, with room for saves to
            // come (as SearchIndex leaves in its arrays), not grown key by key and copied again.
            let distinct = entries.indices.dropFirst().count { order(entries[$0 - 1], entries[$0]) != 0 } + (entries.isEmpty ? 0 : 1)
            let room = distinct + distinct / 8
            keys.reserveCapacity(room)
            singles.reserveCapacity(room)
            lists.reserveCapacity(room)
            var start = 0
            while start < entries.count {
                let first = entries[start]
                let key = pairs[Int(first.position)].key
                var end = start + 1
                while end < entries.count, order(entries[end], first) == 0 { end += 1 }
                keys.append(key)
                let slots = entries[start..<end].lazy.map { pairs[Int($0.position)].slot }
                // Nondecreasing: one slot when the first and last agree, most keys' case, with no list.
                if slots.first == slots.last, let only = slots.first {
                    singles.append(only)
                    lists.append([])
                } else {
                    var posting: [Slot] = []
                    posting.reserveCapacity(end - start)
                    for slot in slots where posting.last != slot { posting.append(slot) }
                    singles.append(Posting.noSlot)
                    lists.append(posting)
                }
                start = end
            }
        }
        ordered = KeyOrder(sorted: Array(0..<Int32(keys.count)))
    }

    /// A pair as the bulk build sorts it: the key's first sixteen bytes as two big-endian
    /// numbers (zero-padded) and its length, which order most keys without reading them.
    private struct BulkEntry {
        var high: UInt64
        var low: UInt64
        var count: Int32
        var position: Int32

        init(_ key: Key, position: Int) {
            var high: UInt64 = 0, low: UInt64 = 0
            key.withUnsafeBufferPointer { bytes in
                for index in 0..<8 { high = high << 8 | UInt64(index < bytes.count ? bytes[index] : 0) }
                for index in 8..<16 { low = low << 8 | UInt64(index < bytes.count ? bytes[index] : 0) }
            }
            self.high = high
            self.low = low
            count = Int32(clamping: key.count)
            self.position = Int32(position)
        }

        /// Byte order of the two keys from the numbers (negative, zero or positive, as
        /// ``Swift/Array/byteOrder(_:)``), or `nil` when both keys are longer than the numbers
        /// and share them: then only the keys themselves tell.
        func order(_ other: BulkEntry) -> Int? {
            if high != other.high { return high < other.high ? -1 : 1 }
            if low != other.low { return low < other.low ? -1 : 1 }
            // The first sixteen bytes agree, padding aside: the shorter key is a prefix of the other.
            if count <= 16 || other.count <= 16 { return Int(count) - Int(other.count) }
            return nil
        }
    }

    /// The id of exactly `key` and its position in `ordered`, or where it would go.
    private func find(_ key: Key) -> (position: KeyOrder.Position, id: Int32?) {
        let position = lowerBound(of: key)
        guard let id = ordered[position], keys[Int(id)].byteOrder(key) == 0 else { return (position, nil) }
        return (position, id)
    }

    /// Files `slot` under `key`; filing it twice keeps one entry.
    mutating func insert(_ slot: Slot, under key: Key) {
        let (position, existing) = find(key)
        let filed: Int32
        if let existing {
            filed = existing
        } else {
            if let reused = freeIDs.popLast() {
                filed = reused
                keys[Int(filed)] = key
            } else {
                filed = Int32(keys.count)
                keys.append(key)
                singles.append(Posting.noSlot)
                lists.append([])
            }
            ordered.insert(filed, at: position)
        }
        let id = Int(filed), single = singles[id]
        if !lists[id].isEmpty {
            let at = Self.lowerBound(of: slot, in: lists[id])
            if at == lists[id].count || lists[id][at] != slot { lists[id].insert(slot, at: at) }
        } else if single == Posting.noSlot {
            singles[id] = slot
        } else if single != slot {
            lists[id] = single < slot ? [single, slot] : [slot, single]
            singles[id] = Posting.noSlot
        }
    }

    /// Removes `slot` from `key`; the key goes when no slot is left under it.
    mutating func remove(_ slot: Slot, under key: Key) {
        let (position, found) = find(key)
        guard let found else { return }
        let id = Int(found)
        if lists[id].isEmpty {
            guard singles[id] == slot else { return }
            singles[id] = Posting.noSlot
            ordered.remove(at: position)
            keys[id] = []
            freeIDs.append(found)
        } else {
            let at = Self.lowerBound(of: slot, in: lists[id])
            guard at < lists[id].count, lists[id][at] == slot else { return }
            lists[id].remove(at: at)
            if lists[id].count == 1 {
                singles[id] = lists[id][0]
                lists[id] = []
            }
        }
    }

    /// The slots of the key with `id`.
    private func posting(_ id: Int) -> Posting { Posting(single: singles[id], list: lists[id]) }

    /// A key's slots, ascending: its one slot, or its list.
    struct Posting: RandomAccessCollection {
        /// In ``PrefixIndex/singles``: the key's slots are in its list (or it has none).
        static let noSlot: Slot = -1

        let single: Slot
        let list: [Slot]

        var startIndex: Int { 0 }
        var endIndex: Int { list.isEmpty ? (single == Self.noSlot ? 0 : 1) : list.count }
        subscript(position: Int) -> Slot { list.isEmpty ? single : list[position] }

        /// The slots as an array: the list itself when there is one, not a copy.
        var array: [Slot] { list.isEmpty ? (single == Self.noSlot ? [] : [single]) : list }
    }

    /// Calls `body` with the slots of each key that starts with `prefix`, in key order.
    func forEachPosting(withPrefix prefix: Key, _ body: (Posting) -> Void) {
        var position = lowerBound(of: prefix)
        while let id = ordered[position].map(Int.init) {
            guard keys[id].hasBytePrefix(prefix) else { return }
            body(posting(id))
            position = ordered.position(after: position)
        }
    }

    /// The postings of every key that starts with `prefix`, gathered without copying a slot.
    func postings(withPrefix prefix: Key) -> Postings {
        var found = Postings()
        forEachPosting(withPrefix: prefix) { posting in
            found.lists.append(posting)
            found.count += posting.count
        }
        return found
    }

    /// The postings a prefix lookup found: one ascending list per key; a slot may sit in several.
    struct Postings {
        var lists: [Posting] = []
        /// The slots of all lists together, repeats counted.
        var count = 0
    }

    /// The postings of exactly `key`: one list, or none.
    func postings(of key: Key) -> Postings {
        guard let id = find(key).id.map(Int.init) else { return Postings() }
        return Postings(lists: [posting(id)], count: posting(id).count)
    }

    /// The slots filed under exactly `key`.
    func posting(of key: Key) -> [Slot] {
        find(key).id.map { posting(Int($0)).array } ?? []
    }

    /// Every filed key with its slots, in the order lookups walk them: what two indexes of the
    /// same contacts must agree on.
    var entries: some Sequence<(key: Key, slots: Posting)> {
        ordered.ids.lazy.map { id in (keys[Int(id)], posting(Int(id))) }
    }

    /// The first position in `ordered` whose key does not precede `key`.
    private func lowerBound(of key: Key) -> KeyOrder.Position {
        ordered.partitionPoint { keys[Int($0)].bytesPrecede(key) }
    }

    /// The first position in the ascending `posting` whose slot is not below `slot`.
    static func lowerBound(of slot: Slot, in posting: [Slot]) -> Int {
        var low = 0
        var high = posting.count
        while low < high {
            let middle = (low + high) / 2
            if posting[middle] < slot { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
