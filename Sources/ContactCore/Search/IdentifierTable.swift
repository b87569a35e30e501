/// A search index's identifiers by slot, and the slot of each identifier.
///
/// An identifier's slot is found through a ``PositionTable`` whose entries are compared
/// through the identifiers by slot. A dictionary from identifier to slot held a second copy of
/// every identifier in a table of twice the store's size: 42 B a contact at 1M, against 8 B here.
///
/// Identifiers compare as `String` does (canonically), as that dictionary did.
struct IdentifierTable: Sendable {
    typealias Slot = PrefixIndex.Slot

    /// By slot; `nil` for a free slot. What a search's results read.
    private(set) var bySlot: [String?] = []
    private var table = PositionTable()
    /// How many slots hold an identifier.
    private(set) var count = 0

    init() {}

    /// The table of `identifiers`, slot n holding the n-th, with room for `capacity` slots.
    init(_ identifiers: some Collection<String>, capacity: Int) {
        bySlot.reserveCapacity(max(capacity, identifiers.count))
        bySlot.append(contentsOf: identifiers.lazy.map(Optional.some))
        count = bySlot.count
        rebuildTable(toHold: max(capacity, count))
    }

    /// Slots in use or free: one past the last slot.
    var slotCount: Int { bySlot.count }

    /// The identifier at `slot`, `nil` for a free one.
    subscript(slot: Slot) -> String? { bySlot[Int(slot)] }

    /// The slot holding `identifier` (or a canonically equivalent spelling).
    func slot(of identifier: String) -> Slot? {
        table.find(identifier.hashValue) { bySlot[Int($0)] == identifier }.position
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
        if table.needsGrowing(toHold: count) {
            rebuildTable(toHold: count)
        } else {
            table.file(slot, hash: identifier.hashValue)
        }
    }

    /// Frees `slot`; the slot stays, holding no identifier.
    mutating func remove(at slot: Slot) {
        guard let identifier = bySlot[Int(slot)] else { return }
        bySlot.withUnsafeBufferPointer { bySlot in
            table.remove(slot, hash: identifier.hashValue) { bySlot[Int($0)]?.hashValue ?? 0 }
        }
        bySlot[Int(slot)] = nil
        count -= 1
    }

    /// Room for `count` identifiers, each slot that holds one filed again.
    private mutating func rebuildTable(toHold count: Int) {
        bySlot.withUnsafeBufferPointer { bySlot in
            let held = bySlot.indices.lazy.filter { bySlot[$0] != nil }.map { Slot($0) }
            table.rebuild(toHold: count, held) { bySlot[Int($0)]?.hashValue ?? 0 }
        }
    }
}
