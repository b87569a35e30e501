@testable import ContactCore
import Testing

/// The device's contact table against a dictionary, the structure it replaced: the same
/// contacts under the same identifiers after any sequence of stores, replacements and removals.
@Suite struct StoredContactsTests {
    static func contact(_ serial: UInt64, _ name: String) -> StoredContact {
        var fields = ContactFields()
        fields.givenName = name
        return StoredContact(contactType: .person, fields: fields, containerIdentifier: "local", serial: serial)
    }

    @Test func followsADictionaryThroughRandomWrites() {
        var random = SystemRandomNumberGenerator()
        for round in 0..<20 {
            var table = StoredContacts()
            var reference: [String: StoredContact] = [:]
            let identifiers = (0..<(1 + round * 3)).map { "C\($0)" }
            for step in 0..<400 {
                let identifier = identifiers.randomElement(using: &random) ?? "C0"
                let value: StoredContact? = Bool.random(using: &random) ? nil : Self.contact(UInt64(step), "n\(step)")
                table[identifier] = value
                reference[identifier] = value
                #expect(table.count == reference.count)
                #expect(table[identifier] == reference[identifier])
            }
            for identifier in identifiers {
                #expect(table[identifier] == reference[identifier], "\(identifier)")
                let stored = table.position(of: identifier).map { table.identifier(at: $0) }
                #expect(stored == reference.index(forKey: identifier).map { reference.keys[$0] })
            }
            #expect(Set(table.identifiers) == Set(reference.keys))
            for position in table.indices { #expect(reference[table.identifier(at: position)] == table[position]) }
            let bySerial = table.positionsBySerial.map { table.identifier(at: $0) }
            #expect(bySerial == reference.sorted { $0.value.serial < $1.value.serial }.map(\.key))
        }
    }

    /// Thousands of identifiers, so runs of occupied buckets meet and wrap around the table:
    /// every one is found at its position after the table grew and after every third was removed.
    @Test(arguments: [0, 7_000]) func findsEveryContactAfterGrowingAndRemovals(reserved: Int) {
        var table = StoredContacts()
        table.reserveCapacity(reserved)
        let identifiers = (0..<6_000).map { "C\($0)" }
        for (index, identifier) in identifiers.enumerated() {
            let inserted = table.insertNew(Self.contact(UInt64(index), identifier), identifier: identifier)
            #expect(inserted)
        }
        for identifier in identifiers.enumerated().filter({ $0.offset % 3 == 0 }).map(\.element) { table[identifier] = nil }
        #expect(table.count == 4_000)
        for (index, identifier) in identifiers.enumerated() {
            let position = table.position(of: identifier)
            #expect((position == nil) == (index % 3 == 0), "\(identifier)")
            if let position { #expect(table.identifier(at: position) == identifier && table[position].serial == UInt64(index)) }
        }
    }

    /// Removing a contact moves the last one into its place: the moved one is still found.
    @Test func removalKeepsTheMovedContactFindable() {
        var table = StoredContacts()
        for index in 0..<3 { table["C\(index)"] = Self.contact(UInt64(index), "n\(index)") }
        table["C0"] = nil
        #expect(table["C0"] == nil && table.count == 2)
        #expect(table["C2"]?.fields.givenName == "n2" && table.position(of: "C2") == 0)
        let first = table.insertNew(Self.contact(9, "again"), identifier: "C0")
        let second = table.insertNew(Self.contact(10, "twice"), identifier: "C0")
        #expect(first && !second)
        #expect(table["C0"]?.serial == 9)
    }

    /// Identifiers compare as strings do, as the dictionary's keys did; the device then asks
    /// for the exact bytes (``DeviceState/existingContactIndex(_:)``).
    @Test func canonicallyEquivalentSpellingsFindTheSameEntry() {
        var table = StoredContacts()
        table["caf\u{E9}"] = Self.contact(1, "composed")
        #expect(table["cafe\u{301}"]?.fields.givenName == "composed")
        let stored = table.position(of: "cafe\u{301}").map { table.identifier(at: $0) }
        #expect(stored == "caf\u{E9}")
    }

    /// Equal when they hold the same contacts, whatever the order removals left them in.
    @Test func equalityIgnoresPositions() {
        var first = StoredContacts(), second = StoredContacts()
        for index in 0..<4 { first["C\(index)"] = Self.contact(UInt64(index), "n") }
        for index in [3, 1, 0, 2] { second["C\(index)"] = Self.contact(UInt64(index), "n") }
        #expect(first == second)
        second["C1"] = Self.contact(1, "other")
        #expect(first != second)
        second["C1"] = nil
        #expect(first != second)
    }
}
