import Testing
@testable import ContactCore

/// A search's result holds the identifiers of its slots, in the slots' order, whatever the
/// strings are made of: inline ones copied as bytes, heap ones as strings, free slots skipped.
@Suite("Search index — identifier gather")
struct IdentifierGatherTests {
    @Test(arguments: [1, 2, 3]) func gathersWhatTheSlotsHold(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var generator = IdentifierGenerator(seed: seed)
        // Minted identifiers (inline), long and non-ASCII ones (on the heap), and free slots.
        let table: [String?] = (0..<500).map { index in
            switch Int.random(in: 0..<4, using: &random) {
            case 0: nil
            case 1: "an identifier on the heap, number \(index), ünïcödé"
            default: generator.next(.contact)
            }
        }
        let slots = (0..<800).map { _ in Int32.random(in: 0..<Int32(table.count), using: &random) }
        var gathered: [String] = table.withUnsafeBufferPointer { table in
            slots.withUnsafeBufferPointer { slots in
                [String](unsafeUninitializedCapacity: slots.count) { buffer, count in
                    count = IdentifierGather.gather(slots, from: table, into: buffer)
                }
            }
        }
        #expect(gathered == slots.compactMap { table[Int($0)] })
        #expect(gathered.contains { $0.utf8.count > 15 } && gathered.contains { $0.utf8.count == 15 })
        // The result owns its strings: they outlive the table and change apart from each other.
        gathered.indices.forEach { gathered[$0] += "!" }
        #expect(gathered == slots.compactMap { table[Int($0)].map { $0 + "!" } })
    }
}
