import ContactCore
import Foundation
import Testing

/// SPEC 12's import mapping, one rule per test, on small cards and on the exporter fixtures.
@Suite("VCard import mapping")
struct VCardImportMappingTests {
    // MARK: Fixtures

    @Test func appleExportReadsEveryField() throws {
        let contacts = try VCardFixtures.contacts("apple-3.0.vcf")
        try #require(contacts.count == 2)
        let john = contacts[0]
        #expect(john.contactType == .person)
        #expect([john.namePrefix, john.givenName, john.middleName, john.familyName, john.nameSuffix] == ["Dr.", "John", "Quincy", "Appleseed", "Jr."])
        #expect(john.nickname == "Johnny")
        #expect(john.previousFamilyName == "Orchard")
        #expect(john.phoneticGivenName == "Jon" && john.phoneticFamilyName == "Apple Seed")
        #expect(john.organizationName == "Apple Inc." && john.departmentName == "Contacts Engineering")
        #expect(john.jobTitle == "Engineer")
        #expect(john.phoneNumbers.map(\.label) == [.mobile, .iPhone, .homeFax, .school, "Boat"])
        #expect(john.phoneNumbers.map(\.value.stringValue).first == "+1 (408) 555-0100")
        #expect(john.emailAddresses.map(\.label) == [.home, .work, .iCloud])
        let address = try #require(john.postalAddresses.first)
        #expect(address.label == .home)
        #expect(address.value == PostalAddress(street: "1 Infinite Loop\nBuilding 2", subLocality: "Rancho Rinconada",
                                               city: "Cupertino", state: "CA", postalCode: "95014",
                                               country: "United States", isoCountryCode: "us"))
        #expect(john.urlAddresses.map(\.label) == [.homePage])
        #expect(john.instantMessageAddresses.map(\.value) == [
            InstantMessageAddress(username: "john.appleseed", service: "Skype"),
            InstantMessageAddress(username: "john@jabber.example", service: "Jabber"),
        ])
        #expect(john.socialProfiles.map(\.value) == [
            SocialProfile(urlString: "https://twitter.com/johnny", username: "johnny", userIdentifier: "123456", service: "twitter"),
        ])
        #expect(john.contactRelations.map(\.value.name) == ["Jane Appleseed", "Bob"])
        #expect(john.contactRelations.map(\.label) == ["_$!<Spouse>!$_", "Brother-in-law"])
        #expect(john.birthday == ContactDate(year: nil, month: 3, day: 15))
        #expect(john.dates.map(\.label) == [.anniversary, "Started at Apple"])
        #expect(john.dates.map(\.value) == [ContactDate(year: 2004, month: 8, day: 12), ContactDate(year: 2020, month: 1, day: 31)])
        #expect(john.note == "Met at WWDC, 2019.\nLikes apples; pears too.")
        let image = try #require(john.imageData)
        #expect(image.starts(with: [0xFF, 0xD8, 0xFF]) && image.count == 314)
        let acme = contacts[1]
        #expect(acme.contactType == .organization)
        #expect(acme.organizationName == "Acme Corporation" && acme.givenName.isEmpty)
        #expect(acme.phoneNumbers.map(\.label) == [.main])
    }

    @Test func appleReportCountsTheIgnoredProperties() throws {
        let report = try VCardFixtures.read("apple-3.0.vcf").report
        #expect(report.cardsRead == 2)
        #expect(report.ignoredPropertyNames == ["PRODID": 2, "CATEGORIES": 1, "X-ABUID": 1])
        #expect(report.propertiesIgnored == 4)
    }

    @Test func googleExport() throws {
        let contacts = try VCardFixtures.contacts("google-3.0.vcf")
        try #require(contacts.count == 2)
        #expect(contacts[0].emailAddresses.map(\.label) == [.home, "Work (old)"])
        #expect(contacts[0].urlAddresses.map(\.value) == ["http://www.icloud.com"])
        #expect(contacts[0].instantMessageAddresses.map(\.value) == [InstantMessageAddress(username: "katebell", service: "AIM")])
        #expect(contacts[1].phoneNumbers.map(\.label) == [.home, .homeFax])
        #expect(contacts[1].birthday == ContactDate(year: nil, month: 5, day: 17))
    }

    @Test func outlook21WithWindows1252AndQuotedPrintable() throws {
        let contact = try #require(try VCardFixtures.contacts("outlook-2.1.vcf").first)
        #expect(contact.givenName == "Jürgen" && contact.familyName == "Müller")
        #expect(contact.jobTitle == "Verkäufer € Leiter")
        #expect(contact.phoneNumbers.map(\.label) == [.work, .mobile, .workFax])
        #expect(contact.postalAddresses.first?.value.street == "Hauptstraße 1")
        #expect(contact.note == "Erste Zeile\nZweite Zeile mit ümlaut")
        #expect(try VCardFixtures.read("outlook-2.1.vcf").report.ignoredPropertyNames["LABEL"] == 1)
    }

    @Test func android21QuotedPrintableUTF8() throws {
        let contact = try #require(try VCardFixtures.contacts("android-2.1.vcf").first)
        #expect(contact.familyName == "山田" && contact.givenName == "太郎")
        #expect(contact.phoneticGivenName == "たろう" && contact.phoneticFamilyName == "やまだ")
        #expect(contact.postalAddresses.first?.value.city == "千代田区")
        #expect(contact.note == "一行目\n二行目で続きます")
        #expect(contact.imageData?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true)
        #expect(contact.phoneNumbers.map(\.label) == [.mobile, .home, nil])
    }

    @Test func vCard40WithKindRelatedAndDataURI() throws {
        let contacts = try VCardFixtures.contacts("rfc6350-4.0.vcf")
        try #require(contacts.count == 2)
        let simon = contacts[0]
        #expect(simon.phoneNumbers.map(\.value.stringValue) == ["+1-418-656-9254;ext=102", "+1-418-262-6501"])
        #expect(simon.phoneNumbers.map(\.label) == [.work, .mobile])
        #expect(simon.contactRelations.map(\.label) == ["_$!<Spouse>!$_", "_$!<Friend>!$_"])
        #expect(simon.contactRelations.map(\.value.name) == ["Marie Perreault", "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6"])
        #expect(simon.birthday == ContactDate(month: 2, day: 3))
        #expect(simon.dates.map(\.value) == [ContactDate(year: 2009, month: 8, day: 8)])
        #expect(simon.dates.map(\.label) == [.anniversary])
        #expect(simon.imageData?.count == 70)
        #expect(simon.note == "Folded over two lines in LF form.")
        #expect(contacts[1].contactType == .organization)
        #expect(contacts[1].organizationName == "ABC, Inc.")
        #expect(contacts[1].departmentName == "North American Division, Marketing")
    }

    @Test func internationalTextAndEveryEscape() throws {
        let contacts = try VCardFixtures.contacts("international-3.0.vcf")
        try #require(contacts.count == 5)
        #expect(contacts[0].nickname == "小明 🐉")
        #expect(contacts[0].note.hasSuffix(" 🎉👩‍👩‍👧‍👦🏳️‍🌈 end"))
        #expect(contacts[1].givenName == "דוד" && contacts[1].phoneNumbers.first?.label == "בית")
        #expect(contacts[2].jobTitle == "مهندس \u{200F}برمجيات")
        #expect(contacts[3].familyName == "김")
        let escapes = contacts[4]
        #expect(escapes.familyName == "Escape;Family" && escapes.givenName == "Given,Comma")
        #expect(escapes.note == "backslash \\ comma , semicolon ; newline \n capital \n colon : unknown \\x end")
        #expect(escapes.organizationName == "Semi;colon Corp" && escapes.departmentName == "Dept\\Back")
        #expect(escapes.emailAddresses.first?.label == "label, with; specials\nand lines")
        #expect(escapes.socialProfiles.first?.value == SocialProfile(
            urlString: "https://example.com/a,b", username: "user\nname", service: "ser\"vice;with:specials"))
    }

    // MARK: Lines

    @Test func lineEndsFoldsBOMAndCase() throws {
        let lf = try single(Data("BEGIN:VCARD\nVERSION:3.0\nfn:Ann\nEND:VCARD\n".utf8))
        #expect(lf.givenName == "Ann")
        let folded = try single(Data("\u{FEFF}begin:vcard\r\nNOTE:one\r\n  two\r\n\tthree\r\nEnd:VCard".utf8))
        #expect(folded.note == "one twothree")
        let noFinalNewline = try single(Data("BEGIN:VCARD\r\nN:B;A\r\nEND:VCARD".utf8))
        #expect(noFinalNewline.givenName == "A")
    }

    @Test func severalCardsInFileOrder() throws {
        let contacts = try VCardSerialization.contacts(from: vcard(
            "BEGIN:VCARD", "FN:One", "END:VCARD", "", "BEGIN:VCARD", "FN:Two", "END:VCARD"))
        #expect(contacts.map(\.givenName) == ["One", "Two"])
        #expect(try VCardSerialization.contacts(from: Data()).isEmpty)
    }

    // MARK: Names

    @Test func nameComponentsAndFormattedName() throws {
        let named = try single(card("N:Family;Given;Middle;Prefix;Suffix", "FN:Ignored"))
        #expect([named.familyName, named.givenName, named.middleName, named.namePrefix, named.nameSuffix]
            == ["Family", "Given", "Middle", "Prefix", "Suffix"])
        let fnOnly = try single(card("N:;;;;", "FN:Only Formatted"))
        #expect(fnOnly.givenName == "Only Formatted")
        let withOrganization = try single(card("FN:Acme", "ORG:Acme"))
        #expect(withOrganization.givenName.isEmpty && withOrganization.organizationName == "Acme")
        let organization = try single(card("KIND:org", "FN:Org Name", version: "4.0"))
        #expect(organization.organizationName == "Org Name" && organization.givenName.isEmpty)
    }

    @Test func nicknameOrganizationTitleAndPhonetics() throws {
        let contact = try single(card(
            "NICKNAME:Bob,Bobby", "ORG:Org;Unit;Sub", "TITLE:Chief", "X-PHONETIC-FIRST-NAME:a",
            "X-PHONETIC-MIDDLE-NAME:b", "X-PHONETIC-LAST-NAME:c", "X-PHONETIC-ORG:d", "X-MAIDENNAME:e"))
        #expect(contact.nickname == "Bob, Bobby")
        #expect(contact.organizationName == "Org" && contact.departmentName == "Unit, Sub")
        #expect(contact.jobTitle == "Chief")
        #expect([contact.phoneticGivenName, contact.phoneticMiddleName, contact.phoneticFamilyName,
                 contact.phoneticOrganizationName, contact.previousFamilyName] == ["a", "b", "c", "d", "e"])
    }

    // MARK: Labels

    static let phoneTypes: [(String, ContactLabel?)] = [
        ("TYPE=CELL", .mobile), ("TYPE=cell,voice", .mobile), ("CELL", .mobile), ("TYPE=IPHONE;TYPE=CELL", .iPhone),
        ("TYPE=HOME", .home), ("TYPE=WORK", .work), ("TYPE=MAIN", .main), ("TYPE=HOME,FAX", .homeFax),
        ("TYPE=WORK;TYPE=FAX", .workFax), ("TYPE=FAX", ContactLabel(rawValue: "_$!<OtherFAX>!$_")),
        ("TYPE=PAGER", .pager), ("TYPE=OTHER", .other), ("TYPE=VOICE", nil), ("TYPE=pref", nil),
        ("TYPE=\"work,voice\"", .work), ("type=Mobile", .mobile),
    ]

    @Test(arguments: 0..<phoneTypes.count)
    func phoneTypesBecomeLabels(_ index: Int) throws {
        let (types, label) = Self.phoneTypes[index]
        let contact = try single(card("TEL;\(types):+1 555 0100"))
        #expect(contact.phoneNumbers.first?.label == label, "\(types)")
    }

    @Test func emailTypesAndCustomLabels() throws {
        let contact = try single(card(
            "EMAIL;TYPE=INTERNET;TYPE=HOME:a@x", "EMAIL;TYPE=INTERNET,WORK:b@x", "EMAIL;TYPE=OTHER:c@x", "EMAIL:d@x",
            "item1.X-ABLabel:Before", "ITEM1.EMAIL;TYPE=HOME:e@x", "item2.EMAIL:f@x", "Item2.x-ablabel:_$!<School>!$_"))
        #expect(contact.emailAddresses.map(\.label) == [.home, .work, .other, nil, "Before", .school])
    }

    @Test func deepGroupsAndUnusedLabels() throws {
        let result = try VCardSerialization.read(card("a.b.c.TEL:1", "a.b.c.X-ABLabel:Deep", "zz.X-ABLabel:Nobody", "X-ABLabel:NoGroup"))
        #expect(result.contacts.first?.phoneNumbers.first?.label == "Deep")
        #expect(result.report.ignoredPropertyNames["X-ABLABEL"] == 2)
    }

    // MARK: Addresses, URLs, messaging, social, relations

    @Test func addressComponentsAndAppleExtras() throws {
        let contact = try single(card(
            "item1.ADR;TYPE=WORK;X-APPLE-SUBADMINISTRATIVEAREA=\"County\";X-APPLE-SUBLOCALITY=Quarter:PO Box 1;Floor 2;Main St;Town;ST;12345;Land",
            "item1.X-ABADR:de"))
        let address = try #require(contact.postalAddresses.first)
        #expect(address.label == .work)
        #expect(address.value == PostalAddress(street: "PO Box 1\nFloor 2\nMain St", subLocality: "Quarter", city: "Town",
                                               subAdministrativeArea: "County", state: "ST", postalCode: "12345",
                                               country: "Land", isoCountryCode: "de"))
    }

    @Test func urlsInstantMessagingAndSocialProfiles() throws {
        let contact = try single(card(
            "URL;TYPE=WORK:https://work.example", "IMPP;X-SERVICE-TYPE=Custom:x-apple:me", "IMPP:aim:old",
            "IMPP:sip:me@sip.example", "IMPP:bare", "X-JABBER;TYPE=HOME:j@x",
            "X-SOCIALPROFILE;TYPE=linkedin;X-USER=me:https://linkedin.example/me"))
        #expect(contact.urlAddresses.first == LabeledValue(label: .work, value: "https://work.example"))
        #expect(contact.instantMessageAddresses.map(\.value) == [
            InstantMessageAddress(username: "me", service: "Custom"), InstantMessageAddress(username: "old", service: "AIM"),
            InstantMessageAddress(username: "me@sip.example", service: "sip"), InstantMessageAddress(username: "bare", service: ""),
            InstantMessageAddress(username: "j@x", service: "Jabber"),
        ])
        #expect(contact.instantMessageAddresses.last?.label == .home)
        #expect(contact.socialProfiles.first?.value == SocialProfile(urlString: "https://linkedin.example/me", username: "me", service: "linkedin"))
    }

    @Test func relatedAndRelatedNames() throws {
        let contact = try single(card(
            "RELATED;TYPE=child;VALUE=text:Kid", "RELATED;TYPE=sweetheart:Sam", "RELATED;TYPE=co-worker:Col",
            "item1.X-ABRELATEDNAMES:Mum", "item1.X-ABLabel:_$!<Mother>!$_", version: "4.0"))
        #expect(contact.contactRelations.map(\.value.name) == ["Kid", "Sam", "Col", "Mum"])
        #expect(contact.contactRelations.map(\.label) == ["_$!<Child>!$_", "_$!<Partner>!$_", nil, "_$!<Mother>!$_"])
    }

    // MARK: Dates

    static let birthdays: [(String, ContactDate?)] = [
        ("BDAY:1985-04-12", ContactDate(year: 1985, month: 4, day: 12)),
        ("BDAY:19850412", ContactDate(year: 1985, month: 4, day: 12)),
        ("BDAY:1985-04-12T10:22:00Z", ContactDate(year: 1985, month: 4, day: 12)),
        ("BDAY:19850412T102200", ContactDate(year: 1985, month: 4, day: 12)),
        ("BDAY:--0412", ContactDate(month: 4, day: 12)),
        ("BDAY:--04-12", ContactDate(month: 4, day: 12)),
        ("BDAY;X-APPLE-OMIT-YEAR=1604:1604-02-29", ContactDate(month: 2, day: 29)),
        ("BDAY:1604-02-29", ContactDate(year: 1604, month: 2, day: 29)),
        ("BDAY:1985", nil), ("BDAY:1985-04", nil), ("BDAY:--04", nil), ("BDAY:---12", nil),
        ("BDAY;VALUE=text:circa 1800", nil),
    ]

    @Test(arguments: 0..<birthdays.count)
    func birthdayForms(_ index: Int) throws {
        let (line, date) = Self.birthdays[index]
        let result = try VCardSerialization.read(card(line, version: "4.0"))
        #expect(result.contacts.first?.birthday == date, "\(line)")
        #expect(result.report.propertiesIgnored == (date == nil ? 1 : 0))
    }

    @Test func anniversaryAndAppleDatesBecomeDates() throws {
        let contact = try single(card("ANNIVERSARY:--1231", "X-ABDATE:2000-01-01", "item1.X-ABDATE:2001-02-03",
                                      "item1.X-ABLabel:Custom", version: "4.0"))
        #expect(contact.dates.map(\.label) == [.anniversary, nil, "Custom"])
        #expect(contact.dates.map(\.value) == [ContactDate(month: 12, day: 31), ContactDate(year: 2000, month: 1, day: 1),
                                               ContactDate(year: 2001, month: 2, day: 3)])
    }

    // MARK: Note, photo, kind

    @Test func photoForms() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let encoded = Data(png).base64EncodedString()
        #expect(try single(card("PHOTO;ENCODING=b;TYPE=PNG:\(encoded)")).imageData == Data(png))
        #expect(try single(card("PHOTO;ENCODING=BASE64;TYPE=PNG:\(encoded.prefix(4))", " \(encoded.dropFirst(4))", version: "2.1")).imageData == Data(png))
        #expect(try single(card("PHOTO:data:image/png;base64,\(encoded)", version: "4.0")).imageData == Data(png))
        let byURL = try VCardSerialization.read(card("PHOTO;VALUE=uri:https://example.com/me.png"))
        #expect(byURL.contacts.first?.imageData == nil && byURL.report.ignoredPropertyNames["PHOTO"] == 1)
    }

    @Test func kindAndShowAs() throws {
        #expect(try single(card("KIND:org", version: "4.0")).contactType == .organization)
        #expect(try single(card("KIND:organization", version: "4.0")).contactType == .organization)
        #expect(try single(card("KIND:individual", version: "4.0")).contactType == .person)
        #expect(try single(card("X-ABShowAs:COMPANY")).contactType == .organization)
        #expect(try single(card("N:A;B")).contactType == .person)
        let group = try VCardSerialization.read(card("KIND:group", version: "4.0"))
        #expect(group.contacts.first?.contactType == .person && group.report.ignoredPropertyNames["KIND"] == 1)
    }

    @Test func singleValuedPropertiesKeepTheFirst() throws {
        let result = try VCardSerialization.read(card("NOTE:first", "NOTE:second", "BDAY:2000-01-01", "BDAY:2001-01-01"))
        #expect(result.contacts.first?.note == "first")
        #expect(result.contacts.first?.birthday?.year == 2000)
        #expect(result.report.ignoredPropertyNames == ["NOTE": 1, "BDAY": 1])
    }

    @Test func telURIsIn40() throws {
        let contact = try single(card("TEL;VALUE=uri:tel:+1-555", "TEL:tel:+2", "TEL;VALUE=text:tel:+3", version: "4.0"))
        #expect(contact.phoneNumbers.map(\.value.stringValue) == ["+1-555", "+2", "tel:+3"])
        #expect(try single(card("TEL:tel:+4")).phoneNumbers.first?.value.stringValue == "tel:+4")
    }

    @Test func charsets() throws {
        #expect(try single(Data("BEGIN:VCARD\r\nVERSION:2.1\r\nFN;CHARSET=ISO-8859-1:Andr\u{E9}\r\nEND:VCARD\r\n".utf8.map { $0 == 0xC3 ? 0xE9 : $0 }.filter { $0 != 0xA9 })).givenName == "André")
        #expect(try single(card("FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Andr=C3=A9", version: "2.1")).givenName == "André")
        #expect(try single(card("FN;ENCODING=b:QW5kcsOp")).givenName == "André")
    }
}
