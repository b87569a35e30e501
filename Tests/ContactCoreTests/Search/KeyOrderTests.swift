import Testing
@testable import ContactCore

/// The prefix index's ordered keys, in chunks: what a plain sorted array would hold, through
/// inserts and removals that split and empty chunks.
@Suite("Search index — ordered keys in chunks")
struct KeyOrderTests {
    /// Every id in order, walking the positions.
    static func walk(_ order: KeyOrder) -> [Int32] {
        var ids: [Int32] = []
        var position = order.partitionPoint { _ in false }
        while let id = order[position] {
            ids.append(id)
            position = order.position(after: position)
        }
        return ids
    }

    /// Inserts `value` where it belongs, in `order` and in the sorted `reference`.
    static func insert(_ value: Int32, into order: inout KeyOrder, _ reference: inout [Int32]) {
        let position = order.partitionPoint { $0 < value }
        let index = reference.firstIndex { $0 >= value } ?? reference.count
        #expect(order[position] == (index < reference.count ? reference[index] : nil))
        order.insert(value, at: position)
        reference.insert(value, at: index)
    }

    @Test func insertsAndRemovalsKeepTheOrderOfASortedArray() {
        // The ids stand for their own keys: order by value. Thousands of inserts in random
        // order split every chunk many times; removals in random order then empty them.
        var random = SplitMix64(seed: 42)
        var order = KeyOrder(sorted: Array(stride(from: 0, to: 3_000, by: 3)))
        var reference = Array(stride(from: Int32(0), to: 3_000, by: 3))
        for value in (0..<Int32(6_000)).shuffled(using: &random) where !reference.contains(value) {
            Self.insert(value, into: &order, &reference)
        }
        #expect(order.count == 6_000)
        #expect(Self.walk(order) == reference)
        for value in (0..<Int32(6_000)).shuffled(using: &random).prefix(5_990) {
            let position = order.partitionPoint { $0 < value }
            #expect(order[position] == value)
            order.remove(at: position)
            reference.removeAll { $0 == value }
        }
        #expect(order.count == 10)
        #expect(Self.walk(order) == reference)
        for value in reference {
            order.remove(at: order.partitionPoint { $0 < value })
        }
        #expect(order.count == 0 && Self.walk(order).isEmpty)
        reference = []
        Self.insert(7, into: &order, &reference)
        Self.insert(3, into: &order, &reference)
        #expect(Self.walk(order) == [3, 7])
    }
}
