@testable import ContactCore
import Testing

/// `SearchIndex.difference(from:)`, what `checkInvariants()` compares a live index to a bulk build
/// with: it must see every way an index can go stale, or the invariant check sees nothing.
@Suite("Search index self-check")
struct SearchIndexDifferenceTests {
    private func stored(_ given: String, phone: String? = nil, serial: UInt64) -> StoredContact {
        var fields = ContactFields()
        fields.givenName = given
        if let phone { fields.phoneNumbers = [LabeledValue(label: .mobile, value: PhoneNumber(phone))] }
        return StoredContact(contactType: .person, fields: fields, containerIdentifier: "c", serial: serial)
    }

    @Test func theSameContactsInAnotherOrderIndexAlike() {
        let anna = stored("Anna", phone: "+33 6 12 34 56 78", serial: 1), bob = stored("Bob", serial: 2)
        var live = SearchIndex(), rebuilt = SearchIndex()
        live.update("b", bob)
        live.update("a", anna)
        live.update("x", stored("Annabel", serial: 3))
        live.update("x", nil)
        rebuilt.update("a", anna)
        rebuilt.update("b", bob)
        #expect(live.difference(from: rebuilt) == nil)
        #expect(rebuilt.difference(from: live) == nil)
    }

    @Test func aRenameTheIndexMissedIsSeen() {
        var live = SearchIndex(), rebuilt = SearchIndex()
        live.update("a", stored("Anna", serial: 1))
        rebuilt.update("a", stored("Hanna", serial: 1))
        #expect(live.difference(from: rebuilt) == "the search keys of a differ")
    }

    @Test func aContactOnlyOneIndexHoldsIsSeen() {
        var live = SearchIndex(), rebuilt = SearchIndex()
        live.update("a", stored("Anna", serial: 1))
        live.update("b", stored("Bob", serial: 2))
        rebuilt.update("a", stored("Anna", serial: 1))
        #expect(live.difference(from: rebuilt) == "b is indexed in one index only")
        #expect(rebuilt.difference(from: live) == "one index holds contacts the other does not")
    }

    @Test func aDifferentSerialIsSeen() {
        var live = SearchIndex(), rebuilt = SearchIndex()
        live.update("a", stored("Anna", serial: 1))
        rebuilt.update("a", stored("Anna", serial: 5))
        #expect(live.difference(from: rebuilt) == "the serial of a differs")
    }
}
