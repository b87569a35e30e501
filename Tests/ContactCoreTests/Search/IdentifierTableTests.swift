import Testing
@testable import ContactCore

/// The search index's table of identifiers answers as a dictionary from identifier to slot
/// does, through any sequence of files, frees, reuses and growth.
@Suite("Search index — identifier table")
struct IdentifierTableTests {
    /// Random files and frees over few buckets, where runs of probes meet and wrap around.
    @Test(arguments: [1, 2, 3, 4, 5]) func answersAsADictionaryDoes(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var table = IdentifierTable()
        var reference: [String: Int32] = [:]
        var free: [Int32] = []
        let names = (0..<60).map { "C\($0)" }
        for _ in 0..<3_000 {
            let name = names.randomElement(using: &random) ?? "C0"
            if let slot = reference[name], Bool.random(using: &random) {
                table.remove(at: slot)
                reference[name] = nil
                free.append(slot)
            } else if reference[name] == nil {
                let slot = free.popLast() ?? Int32(table.slotCount)
                table.set(name, at: slot)
                reference[name] = slot
            }
            #expect(table.count == reference.count)
            for probe in names {
                #expect(table.slot(of: probe) == reference[probe], "\(probe)")
            }
        }
        for (slot, identifier) in table.bySlot.enumerated() {
            if let identifier { #expect(reference[identifier] == Int32(slot), "\(identifier)") }
        }
        #expect(table.bySlot.compactMap { $0 }.count == reference.count)
    }

    /// A table built at once finds what filing one by one finds, and keeps finding it as it grows.
    @Test func aBuiltTableGrowsAndFindsEveryIdentifier() {
        let names = (0..<1_000).map { "Contact \($0)" }
        var table = IdentifierTable(names.prefix(100), capacity: 100)
        for (slot, name) in names.enumerated().dropFirst(100) { table.set(name, at: Int32(slot)) }
        #expect(table.count == names.count)
        for (slot, name) in names.enumerated() { #expect(table.slot(of: name) == Int32(slot)) }
        #expect(table.slot(of: "Contact 1000") == nil)
    }

    /// Identifiers compare as strings do: another spelling of the same text finds the slot, and
    /// filing it there replaces the spelling.
    @Test func aCanonicallyEquivalentSpellingFindsTheSlot() {
        var table = IdentifierTable()
        table.set("Ren\u{E9}e", at: 0)
        #expect(table.slot(of: "Rene\u{301}e") == 0)
        table.set("Rene\u{301}e", at: 0)
        #expect(table.count == 1)
        #expect(table[0].map { Array($0.utf8) } == Array("Rene\u{301}e".utf8))
    }
}
