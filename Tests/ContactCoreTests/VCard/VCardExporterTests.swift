import ContactCore
import ContactCoreTesting
import Foundation
import Testing

/// One fixture per exporter (`Tests/Fixtures/vcard/`, written for these tests from each
/// exporter's documented shape): every card, every field Apple's model holds with its label,
/// and what it cannot hold reported by name. `VCardCorpusReplayTests` runs each through the
/// reference reader as well.
@Suite("VCard exporters")
struct VCardExporterTests {
    private func person(_ build: (inout MutableContact) -> Void) -> MutableContact {
        var contact = MutableContact()
        build(&contact)
        return contact
    }

    private func read(_ name: String, lenient: Bool = false) throws -> VCardImport {
        let data = try VCardFixtures.data(name)
        return lenient ? VCardSerialization.readLeniently(data) : try VCardSerialization.read(data)
    }

    @Test func iPhoneWithDoubledCarriageReturns() throws {
        let result = try read("iphone-crcrlf-3.0.vcf")
        let expected = person {
            ($0.familyName, $0.givenName, $0.organizationName, $0.departmentName, $0.jobTitle) =
                ("Appleseed", "Johnny", "Apple Inc.", "Retail", "Genius")
            $0.phoneNumbers = [LabeledValue(label: .mobile, value: "+1 408 555 0101"), LabeledValue(label: .iPhone, value: "+1 408 555 0102")]
            $0.emailAddresses = [LabeledValue(label: "School", value: "johnny@icloud.example")]
            $0.postalAddresses = [
                LabeledValue(label: .home, value: PostalAddress(street: "1 Infinite Loop", city: "Cupertino", state: "CA", postalCode: "95014",
                                                                country: "United States", isoCountryCode: "us")),
                // X-ABADR holding a street is no country code (SPEC 12).
                LabeledValue(label: .work, value: PostalAddress(street: "Apple Park Way", city: "Cupertino", state: "CA", postalCode: "95014",
                                                                country: "United States")),
            ]
            $0.birthday = ContactDate(year: nil, month: 2, day: 29)
            $0.dates = [LabeledValue(label: .anniversary, value: ContactDate(year: 2010, month: 6, day: 7))]
            $0.contactRelations = [LabeledValue(label: "_$!<Spouse>!$_", value: ContactRelation(name: "Jane Appleseed"))]
            $0.instantMessageAddresses = [LabeledValue(label: .home, value: InstantMessageAddress(username: "johnny.appleseed", service: "Skype"))]
            $0.socialProfiles = [LabeledValue(value: SocialProfile(urlString: "https://twitter.example/johnny", username: "johnny", service: "twitter"))]
            $0.note = "Met at WWDC\nTwo lines"
        }
        #expect(result.contacts == [expected])
        #expect(result.report.ignoredPropertyNames == ["PRODID": 1, "X-ABADR": 1])
    }

    @Test func androidWithATruncatedPhotoReadsLeniently() throws {
        #expect(throws: VCardError.self) { try read("android-lenient-2.1.vcf") }
        let result = try read("android-lenient-2.1.vcf", lenient: true)
        let taro = person {
            ($0.familyName, $0.givenName) = ("山田", "太郎")
            $0.phoneNumbers = [LabeledValue(label: .mobile, value: "090-1234-5678"), LabeledValue(label: .home, value: "03-1234-5678")]
            $0.emailAddresses = [LabeledValue(label: .home, value: "taro@example.jp")]
        }
        // The photo is cut short (69 base64 characters): its first 51 bytes are kept, with a
        // warning, as ez-vcard keeps them (issue 47).
        let cut = try #require(Data(base64Encoded: "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDAwLDAsLCwwMDwwM"))
        let anna = person {
            ($0.familyName, $0.givenName) = ("Smith", "Anna")
            $0.phoneNumbers = [LabeledValue(label: .work, value: "+44 20 7946 0000")]
            $0.imageData = cut
        }
        #expect(cut.count == 51 && result.contacts == [taro, anna])
        #expect(result.warnings.map(\.code) == [.truncatedBase64] && result.warnings.map(\.property) == ["PHOTO"])
        #expect(result.warnings.map(\.keptWhatItConcerns) == [true])
        #expect(result.warnings.map(\.card) == [1] && result.warnings.map(\.line) == [14] && result.errors.isEmpty)
        #expect(result.report.skippedPropertyNames.isEmpty && result.report.propertiesSkipped == 0)
        #expect(result.report.propertiesKeptInPart == 1 && result.report.ignoredPropertyNames == ["X-ANDROID-CUSTOM": 1])
    }

    @Test func outlook2003InWindows1252() throws {
        let result = try read("outlook2003-2.1.vcf")
        let expected = person {
            ($0.familyName, $0.givenName, $0.organizationName, $0.departmentName, $0.jobTitle) =
                ("Dupont", "René", "Société Générale", "Comptabilité", "Chef de bureau")
            $0.phoneNumbers = [
                LabeledValue(label: .work, value: "+33 1 23 45 67 89"), LabeledValue(label: .homeFax, value: "+33 1 23 45 67 90"),
                LabeledValue(label: .pager, value: "+33 6 00 00 00 00"),
            ]
            $0.postalAddresses = [LabeledValue(label: .home, value: PostalAddress(street: "12 rue de la Paix", city: "Paris", postalCode: "75002", country: "France"))]
            $0.emailAddresses = [LabeledValue(value: "rene@example.fr")]
        }
        #expect(result.contacts == [expected])
        #expect(result.report.ignoredPropertyNames == ["REV": 1, "X-MS-OL-DEFAULT-POSTAL-ADDRESS": 1])
    }

    @Test func outlook2007WithItsRelationsAnniversaryAndIMAddress() throws {
        let result = try read("outlook2007-2.1.vcf")
        let expected = person {
            ($0.familyName, $0.givenName, $0.organizationName, $0.departmentName, $0.jobTitle) = ("Kim", "Jim", "Contoso", "Research", "Scientist")
            $0.phoneNumbers = [LabeledValue(label: .work, value: "+1 425 555 0100"), LabeledValue(label: .mobile, value: "+1 425 555 0101")]
            $0.emailAddresses = [LabeledValue(value: "jim@contoso.example")]
            $0.instantMessageAddresses = [LabeledValue(value: InstantMessageAddress(username: "jim.kim@contoso.example", service: ""))]
            $0.contactRelations = [
                LabeledValue(label: "_$!<Manager>!$_", value: ContactRelation(name: "Pat Lee")),
                LabeledValue(label: "_$!<Assistant>!$_", value: ContactRelation(name: "Sam Roe")),
                LabeledValue(label: "_$!<Spouse>!$_", value: ContactRelation(name: "Zoë Kim")),
            ]
            $0.dates = [LabeledValue(label: .anniversary, value: ContactDate(year: 2005, month: 6, day: 15))]
            $0.birthday = ContactDate(year: 1978, month: 3, day: 4)
        }
        #expect(result.contacts == [expected])
        #expect(result.report.ignoredPropertyNames == ["X-MS-OL-DESIGN": 1])
    }

    @Test func evolutionWithItsExtensionsAndOldIMProperties() throws {
        let result = try read("evolution-3.0.vcf")
        let expected = person {
            ($0.familyName, $0.givenName, $0.namePrefix, $0.nickname) = ("Tux", "Ada", "Dr.", "Penguin")
            ($0.organizationName, $0.departmentName, $0.jobTitle) = ("Gnome", "Desktop", "Hacker")
            $0.emailAddresses = [LabeledValue(label: .work, value: "ada@gnome.example")]
            $0.phoneNumbers = [LabeledValue(label: .work, value: "+1 617 555 0100")]
            $0.instantMessageAddresses = [
                LabeledValue(label: .home, value: InstantMessageAddress(username: "adaaim", service: "AIM")),
                LabeledValue(label: .work, value: InstantMessageAddress(username: "ada@jabber.example", service: "Jabber")),
                LabeledValue(value: InstantMessageAddress(username: "12345678", service: "ICQ")),
                LabeledValue(value: InstantMessageAddress(username: "ada_y", service: "Yahoo")),
                LabeledValue(value: InstantMessageAddress(username: "ada@msn.example", service: "MSN")),
            ]
            $0.contactRelations = [
                LabeledValue(label: "_$!<Manager>!$_", value: ContactRelation(name: "Linus")),
                LabeledValue(label: "_$!<Assistant>!$_", value: ContactRelation(name: "Clippy")),
                LabeledValue(label: "_$!<Spouse>!$_", value: ContactRelation(name: "Bob Tux")),
            ]
            $0.dates = [LabeledValue(label: .anniversary, value: ContactDate(year: 2001, month: 9, day: 30))]
            $0.birthday = ContactDate(year: 1980, month: 12, day: 10)
            $0.urlAddresses = [LabeledValue(value: "https://ada.example")]
        }
        #expect(result.contacts == [expected])
        #expect(result.report.ignoredPropertyNames == ["CATEGORIES": 1, "UID": 1, "X-EVOLUTION-FILE-AS": 1, "X-GROUPWISE": 1])
    }

    @Test func lotusNotes() throws {
        let result = try read("lotus-notes-3.0.vcf")
        let expected = person {
            ($0.familyName, $0.givenName, $0.middleName, $0.namePrefix) = ("Jones", "Mary", "Ann", "Ms.")
            ($0.organizationName, $0.departmentName, $0.jobTitle) = ("Acme Corp", "Legal", "Counsel")
            $0.phoneNumbers = [
                LabeledValue(label: .work, value: "+1 212 555 0100"), LabeledValue(label: .mobile, value: "+1 212 555 0101"),
                LabeledValue(label: .workFax, value: "+1 212 555 0102"),
            ]
            $0.emailAddresses = [LabeledValue(value: "mary.jones@acme.example")]
            $0.postalAddresses = [LabeledValue(label: .work, value: PostalAddress(street: "Suite 100\n350 Fifth Avenue", city: "New York", state: "NY",
                                                                                    postalCode: "10118", country: "USA"))]
            $0.urlAddresses = [LabeledValue(value: "http://www.acme.example")]
        }
        #expect(result.contacts == [expected])
        #expect(result.report.ignoredPropertyNames == ["X-LOTUS-CHILD": 1])
    }

    @Test func macAddressBookOrganization() throws {
        let result = try read("mac-addressbook-3.0.vcf")
        var expected = MutableContact(contactType: .organization)
        expected.organizationName = "Blue Bottle Coffee"
        expected.phoneNumbers = [LabeledValue(label: .main, value: "+1 510 555 0100")]
        expected.urlAddresses = [LabeledValue(label: .homePage, value: "https://bluebottle.example")]
        expected.dates = [LabeledValue(label: "Founded", value: ContactDate(year: 2002, month: 8, day: 1))]
        expected.contactRelations = [LabeledValue(label: "_$!<Manager>!$_", value: ContactRelation(name: "James Freeman"))]
        expected.instantMessageAddresses = [LabeledValue(label: .work, value: InstantMessageAddress(username: "bluebottle", service: "AIM"))]
        #expect(result.contacts == [expected])
        #expect(result.report.ignoredPropertyNames == ["PRODID": 1, "X-ABUID": 1])
    }

    @Test func blackBerryWithLineFeeds() throws {
        let result = try read("blackberry-2.1.vcf")
        let expected = person {
            ($0.familyName, $0.givenName, $0.organizationName, $0.jobTitle, $0.note) =
                ("Lazaridis", "Mike", "Research In Motion", "Founder", "PIN 2100000A")
            $0.phoneNumbers = [
                LabeledValue(label: .work, value: "+1 519 555 0100"), LabeledValue(label: .mobile, value: "+1 519 555 0101"),
                LabeledValue(label: .pager, value: "+1 519 555 0102"),
            ]
            $0.emailAddresses = [LabeledValue(value: "mike@rim.example")]
            $0.postalAddresses = [LabeledValue(label: .work, value: PostalAddress(street: "295 Phillip Street", city: "Waterloo", state: "ON",
                                                                                    postalCode: "N2L 3W8", country: "Canada"))]
        }
        #expect(result.contacts == [expected])
        #expect(result.report.ignoredPropertyNames == ["X-BLACKBERRY-PIN": 1])
    }

    @Test func thunderbirdInVersion4() throws {
        let result = try read("thunderbird-4.0.vcf")
        let expected = person {
            ($0.familyName, $0.givenName, $0.nickname, $0.note) = ("Moz", "Thunder", "TB", "Prefers plain text.")
            $0.emailAddresses = [LabeledValue(value: "thunder@mozilla.example"), LabeledValue(label: .work, value: "t.moz@work.example")]
            // VALUE=TEXT: the number is not a URI, nothing is stripped.
            $0.phoneNumbers = [LabeledValue(label: .mobile, value: "+1 650 555 0100"), LabeledValue(label: .work, value: "+1 650 555 0101")]
            $0.postalAddresses = [LabeledValue(value: PostalAddress(street: "2 Harrison St", city: "San Francisco", state: "CA", postalCode: "94105", country: "USA"))]
            $0.urlAddresses = [LabeledValue(value: "https://www.thunderbird.example")]
            $0.birthday = ContactDate(year: 1999, month: 1, day: 1)
        }
        #expect(result.contacts == [expected])
        #expect(result.report.ignoredPropertyNames == ["UID": 1])
    }

    @Test func gmailWithCommaListsAndOldIMProperties() throws {
        let result = try read("gmail-3.0.vcf")
        let expected = person {
            // In 3.0 a comma separates one component's values: joined with a space (SPEC 12).
            ($0.familyName, $0.givenName, $0.middleName, $0.namePrefix, $0.nameSuffix) = ("Doe", "John", "Richter James", "Mr.", "Sr.")
            $0.emailAddresses = [LabeledValue(label: .home, value: "john.doe@gmail.example")]
            $0.phoneNumbers = [LabeledValue(label: .mobile, value: "+1 650 555 0199")]
            $0.postalAddresses = [LabeledValue(label: .home, value: PostalAddress(street: "1600 Amphitheatre Pkwy Building 40", city: "Mountain View",
                                                                                    state: "CA", postalCode: "94043", country: "USA"))]
            $0.instantMessageAddresses = [
                LabeledValue(value: InstantMessageAddress(username: "john.doe@gmail.example", service: "GoogleTalk")),
                LabeledValue(value: InstantMessageAddress(username: "johndoe", service: "Skype")),
                LabeledValue(value: InstantMessageAddress(username: "123456", service: "QQ")),
            ]
            $0.dates = [LabeledValue(label: .anniversary, value: ContactDate(year: 2012, month: 5, day: 5))]
            $0.urlAddresses = [LabeledValue(label: "Blog", value: "https://john.example")]
        }
        #expect(result.contacts == [expected])
        #expect(result.report.ignoredPropertyNames == ["CATEGORIES": 1])
    }

    @Test func rfc2426Examples() throws {
        let result = try read("rfc2426-3.0.vcf")
        let frank = person {
            $0.organizationName = "Lotus Development Corporation"
            $0.postalAddresses = [LabeledValue(label: .work, value: PostalAddress(street: "6544 Battleford Drive", city: "Raleigh", state: "NC",
                                                                                    postalCode: "27613-3502", country: "U.S.A."))]
            $0.phoneNumbers = [LabeledValue(label: .work, value: "+1-919-676-9515"), LabeledValue(label: .workFax, value: "+1-919-676-9564")]
            $0.emailAddresses = [LabeledValue(value: "Frank_Dawson@Lotus.com"), LabeledValue(value: "fdawson@earthlink.net")]
            $0.urlAddresses = [LabeledValue(value: "http://home.earthlink.net/~fdawson")]
        }
        let tim = person {
            $0.organizationName = "Netscape Communications Corp."
            $0.postalAddresses = [LabeledValue(label: .work, value: PostalAddress(street: "501 E. Middlefield Rd.", city: "Mountain View", state: "CA",
                                                                                    postalCode: " 94043", country: "U.S.A."))]
            $0.phoneNumbers = [LabeledValue(label: .work, value: "+1-415-937-3419"), LabeledValue(label: .workFax, value: "+1-415-528-4164")]
            $0.emailAddresses = [LabeledValue(value: "howes@netscape.com")]
        }
        #expect(result.contacts == [frank, tim])
        #expect(result.report.ignoredPropertyNames.isEmpty)
    }
}
