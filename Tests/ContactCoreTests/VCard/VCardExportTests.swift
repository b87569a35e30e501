import ContactCore
import ContactCoreTesting
import Foundation
import Testing

/// SPEC 12's export: 3.0 by default, 4.0 on request, CRLF, folding, escapes, partial contacts.
@Suite("VCard export")
struct VCardExportTests {
    static func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    static var john: MutableContact {
        var contact = MutableContact()
        contact.givenName = "John"
        contact.familyName = "Appleseed"
        contact.organizationName = "Apple; Inc."
        contact.phoneNumbers = [LabeledValue(label: .mobile, value: "+1 408 555 0100"),
                                LabeledValue(label: "Boat", value: "+1 408 555 0101")]
        contact.emailAddresses = [LabeledValue(label: .home, value: "john@example.com")]
        contact.postalAddresses = [LabeledValue(label: .work, value: PostalAddress(street: "1 Loop", city: "Cupertino", isoCountryCode: "us"))]
        contact.contactRelations = [LabeledValue(label: "_$!<Spouse>!$_", value: ContactRelation(name: "Jane"))]
        contact.birthday = ContactDate(month: 3, day: 15)
        contact.dates = [LabeledValue(label: .anniversary, value: ContactDate(year: 2004, month: 8, day: 12))]
        contact.note = "Line one\nsecond, with \\ and ;"
        contact.imageData = Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3])
        return contact
    }

    @Test func version30IsTheDefaultAndLooksLikeApple() {
        let expected = """
            BEGIN:VCARD
            VERSION:3.0
            N:Appleseed;John;;;
            FN:John Appleseed
            ORG:Apple\\; Inc.
            TEL;TYPE=CELL:+1 408 555 0100
            item1.TEL:+1 408 555 0101
            item1.X-ABLabel:Boat
            EMAIL;TYPE=INTERNET,HOME:john@example.com
            item2.ADR;TYPE=WORK:;;1 Loop;Cupertino;;;
            item2.X-ABADR:us
            item3.X-ABRELATEDNAMES:Jane
            item3.X-ABLabel:_$!<Spouse>!$_
            BDAY;X-APPLE-OMIT-YEAR=1604:1604-03-15
            item4.X-ABDATE:2004-08-12
            item4.X-ABLabel:_$!<Anniversary>!$_
            NOTE:Line one\\nsecond\\, with \\\\ and \\;
            PHOTO;ENCODING=b;TYPE=PNG:iVBORwECAw==
            END:VCARD

            """.replacingOccurrences(of: "\n", with: "\r\n")
        #expect(Self.text(VCardSerialization.data(from: [Self.john])) == expected)
    }

    @Test func version40() {
        var contact = Self.john
        contact.contactType = .organization
        let expected = """
            BEGIN:VCARD
            VERSION:4.0
            KIND:org
            N:Appleseed;John;;;
            FN:Apple\\; Inc.
            ORG:Apple\\; Inc.
            TEL;TYPE=cell:+1 408 555 0100
            item1.TEL:+1 408 555 0101
            item1.X-ABLabel:Boat
            EMAIL;TYPE=home:john@example.com
            item2.ADR;TYPE=work:;;1 Loop;Cupertino;;;
            item2.X-ABADR:us
            RELATED;TYPE=spouse;VALUE=text:Jane
            BDAY:--0315
            ANNIVERSARY:20040812
            NOTE:Line one\\nsecond\\, with \\\\ and \\;
            PHOTO:data:image/png;base64,iVBORwECAw==
            END:VCARD

            """.replacingOccurrences(of: "\n", with: "\r\n")
        #expect(Self.text(VCardSerialization.data(from: [contact], version: .v4_0)) == expected)
        #expect(VCardSerialization.data(from: [contact], version: .v2_1) == VCardSerialization.data(from: [contact]))
    }

    @Test(arguments: [VCardVersion.v3_0, .v4_0])
    func everyMappedFieldRoundTrips(_ version: VCardVersion) throws {
        var contact = Self.john
        contact.namePrefix = "Dr."
        contact.middleName = "Q"
        contact.nameSuffix = "Jr."
        contact.previousFamilyName = "Orchard"
        contact.nickname = "Johnny, J"
        contact.phoneticGivenName = "Jon"
        contact.phoneticMiddleName = "Kyu"
        contact.phoneticFamilyName = "Apple"
        contact.phoneticOrganizationName = "Appuru"
        contact.departmentName = "Eng"
        contact.jobTitle = "Boss"
        contact.urlAddresses = [LabeledValue(label: .homePage, value: "https://a.example/x,y")]
        contact.socialProfiles = [LabeledValue(label: "Mine", value: SocialProfile(
            urlString: "https://s.example", username: "u\"1", userIdentifier: "42", service: "a,b;c"))]
        contact.instantMessageAddresses = [LabeledValue(label: .work, value: InstantMessageAddress(username: "me:x", service: "Skype")),
                                           LabeledValue(value: InstantMessageAddress(username: "plain", service: ""))]
        contact.phoneNumbers += [LabeledValue(label: .iPhone, value: "tel:1"), LabeledValue(label: ContactLabel(rawValue: "_$!<OtherFAX>!$_"), value: "2")]
        contact.postalAddresses[0].value.subLocality = "Sub \"quoted\""
        contact.postalAddresses[0].value.subAdministrativeArea = "Area^caret"
        contact.dates.append(LabeledValue(value: ContactDate(year: 1, month: 12, day: 31)))
        let back = try VCardSerialization.contacts(from: VCardSerialization.data(from: [contact], version: version))
        #expect(back == [contact])
    }

    /// Found by the round-trip property: a combining mark right after a URI's colon joins the
    /// colon into one grapheme, so the scheme must be split off by bytes, not characters.
    @Test(arguments: [VCardVersion.v3_0, .v4_0])
    func combiningMarksAfterAColon(_ version: VCardVersion) throws {
        var contact = MutableContact()
        contact.instantMessageAddresses = [LabeledValue(value: InstantMessageAddress(username: "\u{300}", service: "")),
                                           LabeledValue(value: InstantMessageAddress(username: "\u{1A17}x", service: "AIM"))]
        contact.phoneNumbers = [LabeledValue(value: "tel:\u{300}1")]
        #expect(try VCardSerialization.contacts(from: VCardSerialization.data(from: [contact], version: version)) == [contact])
        let read = try single(card("IMPP:aim:\u{300}x", "TEL;VALUE=uri:tel:\u{301}2", version: "4.0"))
        #expect(read.instantMessageAddresses.first?.value.username.unicodeScalars.first == "\u{300}")
        #expect(read.phoneNumbers.first?.value.stringValue.unicodeScalars.first == "\u{301}")
    }

    @Test func foldingKeepsUTF8WholeAndLinesShort() throws {
        var contact = MutableContact()
        contact.note = String(repeating: "漢字🎉é", count: 200)
        contact.givenName = String(repeating: "a", count: 74) + "é"
        let data = VCardSerialization.data(from: [contact])
        #expect(VCardExportCheck.foldingProblem([UInt8](data)) == nil)
        #expect(Self.text(data).contains("\r\n "))
        #expect(try VCardSerialization.contacts(from: data) == [contact])
    }

    @Test func nulIsDroppedControlCharactersKeptAndACarriageReturnIsALineBreak() throws {
        var contact = MutableContact()
        contact.givenName = "a\u{0}b\u{1}c\u{7F}\r"
        contact.note = "one\r\ntwo\rthree\nfour"
        let data = VCardSerialization.data(from: [contact])
        // A raw CR would end the line (SPEC 12): CR LF, CR and LF are each written `\n`.
        #expect(Self.text(data).contains("NOTE:one\\ntwo\\nthree\\nfour\r\n"))
        let back = try VCardSerialization.contacts(from: data)
        #expect(back.first?.givenName == "ab\u{1}c\u{7F}\n")
        #expect(back.first?.note == "one\ntwo\nthree\nfour")
    }

    @Test func formattedNames() throws {
        var chinese = MutableContact()
        chinese.familyName = "王"
        chinese.givenName = "小明"
        #expect(Self.text(VCardSerialization.data(from: [chinese])).contains("FN:王小明\r\n"))
        var organization = MutableContact(contactType: .organization)
        organization.organizationName = "Acme"
        #expect(Self.text(VCardSerialization.data(from: [organization])).contains("FN:Acme\r\nORG:Acme\r\nX-ABShowAs:COMPANY\r\n"))
        #expect(try VCardSerialization.contacts(from: VCardSerialization.data(from: [organization])) == [organization])
    }

    @Test func aPartialContactWritesOnlyItsKeys() throws {
        let fixture = try Fixture()
        let fetched = try fixture.owner.unifiedContact(withIdentifier: fixture.id("John"), keysToFetch: [.givenName, .phoneNumbers])
        let text = Self.text(VCardSerialization.data(from: [fetched]))
        #expect(text.contains("N:;John;;;\r\n"))
        #expect(text.contains("TEL;TYPE=CELL:"))
        #expect(!text.contains("Appleseed") && !text.contains("EMAIL"))
    }
}
