/// The slots a prefix lookup found, each once, held the cheaper way for their number: a bit
/// per slot of the index when they are many, an ascending list when they are few.
///
/// A bit set costs a word per 64 slots of the whole index to clear and to read, so a lookup
/// that finds few slots in a large index sorts them instead: its cost then follows what it
/// found, not the number of contacts.
struct SlotSet {
    typealias Slot = PrefixIndex.Slot

    private enum Storage {
        case ascending([Slot])
        case bits([UInt64])
    }

    private let storage: Storage

    /// The union of `postings`, for an index with `slotCount` slots.
    init(_ postings: PrefixIndex.Postings, slotCount: Int) {
        if postings.lists.count == 1 {
            storage = .ascending(postings.lists[0].array)
            return
        }
        let words = (slotCount + 63) / 64
        // Sorting n slots costs about n·log₂n steps; the bit set, a step per word and per slot.
        let sortCost = postings.count * max(1, Int.bitWidth - postings.count.leadingZeroBitCount)
        if sortCost < words + postings.count {
            var slots: [Slot] = []
            slots.reserveCapacity(postings.count)
            for list in postings.lists { slots.append(contentsOf: list) }
            slots.sort()
            var unique: [Slot] = []
            unique.reserveCapacity(slots.count)
            for slot in slots where unique.last != slot { unique.append(slot) }
            storage = .ascending(unique)
        } else {
            var bits = [UInt64](repeating: 0, count: words)
            for list in postings.lists {
                for slot in list {
                    let (word, bit) = Self.word(of: slot)
                    bits[word] |= bit
                }
            }
            storage = .bits(bits)
        }
    }

    /// Every slot, ascending.
    var ascending: [Slot] {
        switch storage {
        case .ascending(let slots):
            return slots
        case .bits(let bits):
            var slots: [Slot] = []
            slots.reserveCapacity(bits.reduce(0) { $0 + $1.nonzeroBitCount })
            for (word, value) in bits.enumerated() where value != 0 {
                var remaining = value
                while remaining != 0 {
                    slots.append(Slot(word * 64 + remaining.trailingZeroBitCount))
                    remaining &= remaining - 1
                }
            }
            return slots
        }
    }

    /// The slots of `ascending`, an ascending list, that the set holds, in order. Against a
    /// list, in one pass over both: a search per slot read the list's cache lines out of order,
    /// 17 probes each for a one-letter token at 1M contacts.
    func keeping(_ ascending: [Slot]) -> [Slot] {
        switch storage {
        case .bits(let bits):
            return ascending.filter { Self.contains($0, in: bits) }
        case .ascending(let slots):
            var kept: [Slot] = []
            kept.reserveCapacity(min(ascending.count, slots.count))
            var position = 0
            for slot in ascending {
                while position < slots.count, slots[position] < slot { position += 1 }
                guard position < slots.count else { break }
                if slots[position] == slot { kept.append(slot) }
            }
            return kept
        }
    }

    // MARK: Bits by slot

    /// Where a set of a bit per slot, in words of 64, keeps `slot`: its word and its bit there.
    static func word(of slot: Slot) -> (index: Int, bit: UInt64) {
        (Int(slot) / 64, UInt64(1) << UInt64(Int(slot) % 64))
    }

    /// Whether the slot's bit is set; a slot past the last word has none.
    static func contains(_ slot: Slot, in bits: [UInt64]) -> Bool {
        let (word, bit) = word(of: slot)
        return word < bits.count && bits[word] & bit != 0
    }

    /// Sets or clears the slot's bit, growing the set to hold it.
    static func set(_ slot: Slot, to value: Bool, in bits: inout [UInt64]) {
        let (word, bit) = word(of: slot)
        if word >= bits.count {
            guard value else { return }
            bits.append(contentsOf: repeatElement(0, count: word + 1 - bits.count))
        }
        if value { bits[word] |= bit } else { bits[word] &= ~bit }
    }
}
