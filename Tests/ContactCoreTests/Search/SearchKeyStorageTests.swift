import Testing
@testable import ContactCore

/// What a contact's search keys hold beyond their values: nothing on the heap that a million
/// contacts would each pay for without need (issue 29's memory goal).
@Suite("Search index — key storage")
struct SearchKeyStorageTests {
    /// A formatted number is longer than its digits: the digits of most numbers fit in a
    /// string's 15 inline bytes, and must not be put on the heap for the length of the text.
    @Test(.enabled(if: Self.inlineStringsAreImmortal, "the standard library lays strings out as this test reads them"),
          arguments: [
              ("+33 6 12 34 56 78", "33612345678"), ("(415) 555-0132", "4155550132"),
              ("０９０ １２３４ ５６７８", "09012345678"), ("+1 (415) 555-0132 ext. 12", "1415555013212"),
          ])
    func aFormattedNumbersDigitsAreHeldInline(text: String, digits: String) {
        let made = PhoneDigits.digits(of: text)
        #expect(made == digits)
        #expect(Self.isImmortal(made), "\(text)'s digits are on the heap")
        // Sixteen digits or more are on the heap, whatever made them.
        #expect(!Self.isImmortal(PhoneDigits.digits(of: "+49 1234 5678 9012 3456")))
    }

    /// A CJK name's tokens and its run-together form are made at once: appended one by one
    /// the array grew past them, and a million such arrays kept the room.
    @Test(arguments: [("山田", "太郎"), ("王", "小明"), ("김", "민수"), ("Anna", "Lind")])
    func aContactsNamesTakeNoRoomBeyondThem(family: String, given: String) {
        var contact = MutableContact()
        contact.familyName = family
        contact.givenName = given
        contact.phoneticFamilyName = "やまだ"
        contact.phoneticGivenName = "たろう"
        let keys = ContactSearchKeys(contact.fields)
        #expect(keys.names.count >= 4)
        #expect(keys.names.capacity == keys.names.count)
    }

    /// Whether the runtime never counts this string's references: a literal or an inline
    /// string is immortal, one on the heap is not (the standard library's `_StringObject`).
    private static func isImmortal(_ string: String) -> Bool {
        withUnsafeBytes(of: string) { $0.load(fromByteOffset: 8, as: UInt64.self) } & (1 << 63) != 0
    }

    private static var inlineStringsAreImmortal: Bool {
        MemoryLayout<String>.size == 16 && isImmortal(String(decoding: [0x61, 0x62], as: UTF8.self))
            && !isImmortal(String(repeating: "heap", count: 8))
    }
}
