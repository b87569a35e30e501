/// Keys (byte strings) kept in byte order, each with the sorted slots of the contacts that
/// have it: a prefix lookup is a binary search plus a walk over the keys that share the prefix.
///
/// Inserting or removing one key moves part of the ordered list of distinct keys, never the
/// postings of other keys, so a save costs a few binary searches and small moves.
struct PrefixIndex: Sendable {
    typealias Key = [UInt8]
    typealias Slot = Int32

    private var idByKey: [Key: Int32] = [:]
    /// By key id; a freed id holds an empty key and no slots.
    private var keys: [Key] = []
    private var postings: [[Slot]] = []
    private var freeIDs: [Int32] = []
    /// Ids of the live keys, in byte order of their keys.
    private var ordered: [Int32] = []

    init() {}

    /// The index of every (key, slot) pair at once, `pairs` in nondecreasing slot order: the
    /// same index as inserting them one by one, but the distinct keys are sorted once
    /// (O(n log n)) instead of each being inserted into the ordered list (O(n) apiece).
    init(bulk pairs: [(key: Key, slot: Slot)]) {
        idByKey.reserveCapacity(pairs.count)
        for (key, slot) in pairs {
            if let id = idByKey[key] {
                if postings[Int(id)].last != slot { postings[Int(id)].append(slot) }
            } else {
                idByKey[key] = Int32(keys.count)
                keys.append(key)
                postings.append([slot])
            }
        }
        ordered = keys.indices.map { Int32($0) }.sorted { keys[Int($0)].bytesPrecede(keys[Int($1)]) }
    }

    /// Files `slot` under `key`; filing it twice keeps one entry.
    mutating func insert(_ slot: Slot, under key: Key) {
        let id: Int32
        if let existing = idByKey[key] {
            id = existing
        } else {
            if let reused = freeIDs.popLast() {
                id = reused
                keys[Int(id)] = key
            } else {
                id = Int32(keys.count)
                keys.append(key)
                postings.append([])
            }
            idByKey[key] = id
            ordered.insert(id, at: lowerBound(of: key))
        }
        let position = Self.lowerBound(of: slot, in: postings[Int(id)])
        if position == postings[Int(id)].count || postings[Int(id)][position] != slot {
            postings[Int(id)].insert(slot, at: position)
        }
    }

    /// Removes `slot` from `key`; the key goes when no slot is left under it.
    mutating func remove(_ slot: Slot, under key: Key) {
        guard let id = idByKey[key] else { return }
        let position = Self.lowerBound(of: slot, in: postings[Int(id)])
        guard position < postings[Int(id)].count, postings[Int(id)][position] == slot else { return }
        postings[Int(id)].remove(at: position)
        guard postings[Int(id)].isEmpty else { return }
        ordered.remove(at: lowerBound(of: key))
        idByKey[key] = nil
        keys[Int(id)] = []
        freeIDs.append(id)
    }

    /// Calls `body` with the slots of each key that starts with `prefix`, in key order.
    func forEachPosting(withPrefix prefix: Key, _ body: ([Slot]) -> Void) {
        var position = lowerBound(of: prefix)
        while position < ordered.count {
            let id = Int(ordered[position])
            guard keys[id].hasBytePrefix(prefix) else { return }
            body(postings[id])
            position += 1
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
        var lists: [[Slot]] = []
        /// The slots of all lists together, repeats counted.
        var count = 0
    }

    /// The postings of exactly `key`: one list, or none.
    func postings(of key: Key) -> Postings {
        guard let id = idByKey[key] else { return Postings() }
        return Postings(lists: [postings[Int(id)]], count: postings[Int(id)].count)
    }

    /// The slots filed under exactly `key`.
    func posting(of key: Key) -> [Slot] {
        idByKey[key].map { postings[Int($0)] } ?? []
    }

    /// How many distinct keys are filed.
    var keyCount: Int { ordered.count }

    /// Every filed key with its slots, in the order lookups walk them: what two indexes of the
    /// same contacts must agree on.
    var entries: some Sequence<(key: Key, slots: [Slot])> {
        ordered.lazy.map { id in (keys[Int(id)], postings[Int(id)]) }
    }

    /// The first position in `ordered` whose key does not precede `key`.
    private func lowerBound(of key: Key) -> Int {
        var low = 0
        var high = ordered.count
        while low < high {
            let middle = (low + high) / 2
            if keys[Int(ordered[middle])].bytesPrecede(key) { low = middle + 1 } else { high = middle }
        }
        return low
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
