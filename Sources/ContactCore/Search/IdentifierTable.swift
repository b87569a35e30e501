/// A search index's identifiers by slot, and the slot of each identifier.
///
/// An identifier's slot is found through a table of slots alone (open addressing, linear
/// probing, at most three quarters full) whose entries are compared through the identifiers
/// by slot. A dictionary from identifier to slot held a second copy of every identifier in a
/// table of twice the store's size: 42 B a contact at 1M, against 8 B here.
///
/// Identifiers compare as `String` does (canonically), as that dictionary did.
struct IdentifierTable: Sendable {
    typealias Slot = PrefixIndex.Slot

    /// By slot; `nil` for a free slot. What a search's results read.
    private(set) var bySlot: [String?] = []
    /// A slot per bucket, or ``empty``; a power of two in number.
    private var buckets: [Slot] = []
    /// How many slots hold an identifier.
    private(set) var count = 0

    private static let empty: Slot = -1

    init() {}

    /// The table of `identifiers`, slot n holding the n-th, with room for `capacity` slots.
    init(_ identifiers: some Collection<String>, capacity: Int) {
        bySlot.reserveCapacity(max(capacity, identifiers.count))
        bySlot.append(contentsOf: identifiers.lazy.map(Optional.some))
        count = bySlot.count
        buckets = [Slot](repeating: Self.empty, count: Self.bucketCount(for: max(capacity, count)))
        for slot in bySlot.indices { place(Slot(slot)) }
    }

    /// Slots in use or free: one past the last slot.
    var slotCount: Int { bySlot.count }

    /// The identifier at `slot`, `nil` for a free one.
    subscript(slot: Slot) -> String? { bySlot[Int(slot)] }

    /// The slot holding `identifier` (or a canonically equivalent spelling).
    func slot(of identifier: String) -> Slot? {
        guard !buckets.isEmpty else { return nil }
        let mask = buckets.count - 1
        var bucket = identifier.hashValue & mask
        while case let slot = buckets[bucket], slot != Self.empty {
            if bySlot[Int(slot)] == identifier { return slot }
            bucket = (bucket + 1) & mask
        }
        return nil
    }

    /// Puts `identifier` at `slot`: a free slot, one past the last, or the slot that holds it
    /// already (whose spelling it replaces).
    mutating func set(_ identifier: String, at slot: Slot) {
        if Int(slot) == bySlot.count { bySlot.append(nil) }
        guard bySlot[Int(slot)] == nil else {
            bySlot[Int(slot)] = identifier
            return
        }
        bySlot[Int(slot)] = identifier
        count += 1
        if buckets.count < Self.bucketCount(for: count) {
            buckets = [Slot](repeating: Self.empty, count: Self.bucketCount(for: count))
            for slot in bySlot.indices where bySlot[slot] != nil { place(Slot(slot)) }
        } else {
            place(slot)
        }
    }

    /// Frees `slot`; the slot stays, holding no identifier.
    mutating func remove(at slot: Slot) {
        guard let identifier = bySlot[Int(slot)] else { return }
        let mask = buckets.count - 1
        var hole = identifier.hashValue & mask
        while buckets[hole] != slot { hole = (hole + 1) & mask }
        // Each later entry of the run moves back into the hole unless its own bucket lies
        // after the hole (cyclically): a look-up probes from its bucket onwards and stops at
        // the first empty one, so no entry may sit past an empty bucket from its own.
        var next = (hole + 1) & mask
        while case let moving = buckets[next], moving != Self.empty {
            let home = (bySlot[Int(moving)]?.hashValue ?? 0) & mask
            if (next - home) & mask >= (next - hole) & mask {
                buckets[hole] = moving
                hole = next
            }
            next = (next + 1) & mask
        }
        buckets[hole] = Self.empty
        bySlot[Int(slot)] = nil
        count -= 1
    }

    /// Files the identifier at `slot` in the first empty bucket from its own.
    private mutating func place(_ slot: Slot) {
        let mask = buckets.count - 1
        var bucket = (bySlot[Int(slot)]?.hashValue ?? 0) & mask
        while buckets[bucket] != Self.empty { bucket = (bucket + 1) & mask }
        buckets[bucket] = slot
    }

    /// Buckets for `count` identifiers: a power of two that they fill to three quarters at most.
    private static func bucketCount(for count: Int) -> Int {
        max(16, (count + (count + 2) / 3).nextPowerOfTwo)
    }
}

private extension Int {
    var nextPowerOfTwo: Int { self <= 1 ? 1 : 1 << (Int.bitWidth - (self - 1).leadingZeroBitCount) }
}
