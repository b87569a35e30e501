import ContactCore
import ContactCoreTesting
import Foundation
import Testing

/// FuzzVCard's oracle on its own: the RFCs' examples and SPEC 12's decisions, read by
/// ``VCardReference`` alone, so that a mistake in the oracle is caught here, not blamed on the library.
@Suite("VCard reference reader")
struct VCardReferenceTests {
    private func read(_ text: String, limits: VCardLimits = .default) -> VCardReference.Outcome {
        VCardReference.read(Array(text.utf8), limits: limits)
    }

    private func only(_ text: String) throws -> MutableContact {
        let outcome = read(text)
        #expect(outcome.firstProblem == nil, "\(String(describing: outcome.firstProblem))")
        return try #require(outcome.contacts.first)
    }

    /// RFC 6350 section 8's example, as the RFC folds it.
    @Test func rfc6350Example() throws {
        let contact = try only("""
            BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Simon Perreault\r\nN:Perreault;Simon;;;ing. jr,M.Sc.\r\nBDAY:--0203\r
            ANNIVERSARY:20090808T1430-0500\r\nGENDER:M\r\nLANG;PREF=1:fr\r\nORG:Viagenie\r
            ADR;TYPE=work:;Suite D2-630;2875 Laurier;\r\n Quebec;QC;G1V 2M2;Canada\r
            TEL;VALUE=uri;TYPE="work,voice";PREF=1:tel:+1-418-656-9254;ext=102\r
            TEL;VALUE=uri;TYPE="work,cell,voice,video,text":tel:+1-418-262-6501\r
            EMAIL;TYPE=work:simon.perreault@viagenie.ca\r\nURL;TYPE=home:http://nomis80.org\r\nEND:VCARD\r\n
            """)
        #expect(contact.familyName == "Perreault" && contact.givenName == "Simon")
        // A comma separates the suffix's two values in 4.0; SPEC 12 joins them with a space.
        #expect(contact.nameSuffix == "ing. jr M.Sc.")
        #expect(contact.birthday == ContactDate(year: nil, month: 2, day: 3))
        #expect(contact.dates.map(\.value) == [ContactDate(year: 2009, month: 8, day: 8)] && contact.dates.first?.label == .anniversary)
        #expect(contact.organizationName == "Viagenie")
        #expect(contact.postalAddresses.first?.value == PostalAddress(street: "Suite D2-630\n2875 Laurier", city: "Quebec", state: "QC", postalCode: "G1V 2M2", country: "Canada"))
        #expect(contact.postalAddresses.first?.label == .work)
        // A 4.0 TEL is a URI: `tel:` goes; "work,voice" quoted is one TYPE value split at its comma.
        #expect(contact.phoneNumbers.map(\.value.stringValue) == ["+1-418-656-9254;ext=102", "+1-418-262-6501"])
        #expect(contact.phoneNumbers.map(\.label) == [.work, .mobile])
        #expect(contact.emailAddresses.map(\.value) == ["simon.perreault@viagenie.ca"] && contact.urlAddresses.first?.label == .home)
    }

    /// RFC 2426 section 7's first example, with its upper-case TYPE lists.
    @Test func rfc2426Example() throws {
        let contact = try only("""
            BEGIN:vCard\r\nVERSION:3.0\r\nFN:Frank Dawson\r\nORG:Lotus Development Corporation\r
            ADR;TYPE=WORK,POSTAL,PARCEL:;;6544 Battleford Drive\r\n ;Raleigh;NC;27613-3502;U.S.A.\r
            TEL;TYPE=VOICE,MSG,WORK:+1-919-676-9515\r\nTEL;TYPE=FAX,WORK:+1-919-676-9564\r
            EMAIL;TYPE=INTERNET,PREF:Frank_Dawson@Lotus.com\r\nEMAIL;TYPE=INTERNET:fdawson@earthlink.net\r
            URL:http://home.earthlink.net/~fdawson\r\nEND:vCard\r\n
            """)
        // No N: FN is not used, as ORG names the contact.
        #expect(contact.givenName.isEmpty && contact.organizationName == "Lotus Development Corporation")
        #expect(contact.postalAddresses.first?.value.street == "6544 Battleford Drive")
        #expect(contact.postalAddresses.first?.value.country == "U.S.A.")
        #expect(contact.phoneNumbers.map(\.label) == [.work, .workFax])
        #expect(contact.emailAddresses.map(\.label) == [nil, nil])
        #expect(contact.urlAddresses.map(\.value) == ["http://home.earthlink.net/~fdawson"])
    }

    /// The vCard 2.1 specification's shapes: bare types, quoted-printable with soft breaks and
    /// `=0D=0A`, CHARSET, and a 2.1 comma that is text.
    @Test func vCard21() throws {
        let contact = try only("""
            BEGIN:VCARD\r\nVERSION:2.1\r\nN:Smith;John;Richter,James\r\nTEL;HOME;VOICE:+1 555\r
            NOTE;ENCODING=QUOTED-PRINTABLE:first line=0D=0Asecond=\r\nline\r
            END:VCARD\r\n
            """)
        #expect(contact.middleName == "Richter,James")
        #expect(contact.phoneNumbers.first?.label == .home)
        // The soft break joins the next line (a fold would have joined "second=" and "line" first).
        #expect(contact.note == "first line\nsecondline")
        var bytes = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nTITLE;CHARSET=ISO-8859-1:caf".utf8) + [0xE9]
        bytes += Array("\r\nNOTE:".utf8) + [0x80] + Array("\r\nEND:VCARD\r\n".utf8)
        let outcome = VCardReference.read(bytes, limits: .default)
        #expect(outcome.contacts.first?.jobTitle == "café")
        // 2.1 without CHARSET: bytes that are not UTF-8 are code page 1252 (0x80 is the euro).
        #expect(outcome.contacts.first?.note == "€")
    }

    /// SPEC 12's line ends: each of CR LF, CR CR LF, CR and LF ends one line, as line numbers show.
    @Test func lineEndsAndTheirNumbers() {
        let lines = VCardReference.physicalLines(Array("a\r\nb\r\r\nc\rd\ne\r\r\rf".utf8))
        #expect(lines.map { String(decoding: $0, as: UTF8.self) } == ["a", "b", "c", "d", "e", "", "", "f"])
        let outcome = read("BEGIN:VCARD\rVERSION:3.0\r\r\nbad line\nEND:VCARD\r")
        #expect(outcome.warnings.map(\.line) == [3] && outcome.warnings.map(\.code) == [.missingColon])
        #expect(outcome.contacts.count == 1)
        // A leading BOM is not content; white space after the markers is ignored.
        #expect(read("\u{FEFF}BEGIN:VCARD \t\r\nEND:VCARD\t\r\n").contacts.count == 1)
    }

    /// Folding may split a UTF-8 sequence: unfolding joins the bytes first, then decodes them.
    @Test func aFoldInsideAUTF8Sequence() throws {
        let bytes = Array("BEGIN:VCARD\r\nFN:caf".utf8) + [0xC3, 13, 10, 9, 0xA9] + Array("\r\nEND:VCARD\r\n".utf8)
        let outcome = VCardReference.read(bytes, limits: .default)
        #expect(outcome.contacts.first?.givenName == "café")
    }

    /// RFC 6350's escapes, both letter cases of `\n`, and one that is not an escape.
    @Test func escapes() throws {
        let contact = try only("BEGIN:VCARD\r\nNOTE:a\\nb\\Nc\\,d\\;e\\:f\\\\g\\th\r\nEND:VCARD\r\n")
        #expect(contact.note == "a\nb\nc,d;e:f\\g\\th")
    }

    /// RFC 6868's parameter escapes, in quoted parameter values.
    @Test func parameterEscapes() throws {
        let contact = try only("BEGIN:VCARD\r\nX-SOCIALPROFILE;TYPE=twitter;X-USER=\"a^'b^nc^^d\":https://x\r\nEND:VCARD\r\n")
        #expect(contact.socialProfiles.first?.value == SocialProfile(urlString: "https://x", username: "a\"b\nc^d", service: "twitter"))
    }

    /// Apple's item groups: X-ABLabel labels its group's property, X-ABADR (two letters only) its address.
    @Test func groupsAndLabels() throws {
        let contact = try only("""
            BEGIN:VCARD\r\nitem1.EMAIL;TYPE=INTERNET:a@b\r\nitem1.X-ABLabel:_$!<School>!$_\r
            ITEM2.ADR:;;1 Main St;Town;;;\r\nitem2.X-ABADR:US\r\nitem3.ADR:;;2 Side St;;;;\r\nitem3.X-ABADR:1 Main St\r\nEND:VCARD\r\n
            """)
        #expect(contact.emailAddresses.first?.label == .school)
        #expect(contact.postalAddresses.map(\.value.isoCountryCode) == ["us", ""])
    }

    /// The exporters' extensions SPEC 12 reads.
    @Test func exportersExtensions() throws {
        let contact = try only("""
            BEGIN:VCARD\r\nX-MS-ANNIVERSARY:2001-06-30\r\nX-EVOLUTION-MANAGER:Ann\r\nX-SPOUSE:Bo\r\nX-ICQ:123\r
            X-MS-IMADDRESS:xmpp:me@x\r\nEND:VCARD\r\n
            """)
        #expect(contact.dates.first?.label == .anniversary)
        #expect(contact.contactRelations.map(\.label?.rawValue) == ["_$!<Manager>!$_", "_$!<Spouse>!$_"])
        #expect(contact.instantMessageAddresses.map(\.value) == [
            InstantMessageAddress(username: "123", service: "ICQ"), InstantMessageAddress(username: "me@x", service: "Jabber"),
        ])
    }

    /// Lenient reading keeps the card and drops the property, with a warning naming card, line and property.
    @Test func lenientKeepsTheCard() {
        let outcome = read("""
            BEGIN:VCARD\r\nN:Doe;Jane\r\nBDAY:1985-13-01\r\nPHOTO;ENCODING=b:abcde\r\nEND:VCARD\r\nBEGIN:VCARD\r\nFN:Tom\r\n
            """)
        #expect(outcome.contacts.map(\.givenName) == ["Jane", "Tom"])
        #expect(outcome.warnings.map(\.code) == [.invalidDate, .truncatedBase64, .missingEnd])
        #expect(outcome.warnings.map(\.line) == [3, 4, 6] && outcome.warnings.map(\.card) == [0, 0, 1])
        #expect(outcome.warnings.map(\.property) == ["BDAY", "PHOTO", nil])
        #expect(outcome.firstProblem?.code == .invalidDate && outcome.errors.isEmpty)
        // A dropped property leaves no trace: a later N is read.
        let bytes = Array("BEGIN:VCARD\r\nN:Doe;".utf8) + [0xFF] + Array("\r\nN:Roe;Ray\r\nEND:VCARD\r\n".utf8)
        let again = VCardReference.read(bytes, limits: .default)
        #expect(again.warnings.map(\.code) == [.invalidUTF8])
        #expect(again.contacts.map(\.familyName) == ["Roe"] && again.contacts.map(\.givenName) == ["Ray"])
    }

    /// What is still dropped whole: a card a BEGIN interrupts, and one over a limit.
    @Test func cardsDroppedWhole() {
        let outcome = read("BEGIN:VCARD\r\nFN:A\r\nBEGIN:VCARD\r\nFN:B\r\nEND:VCARD\r\nstray\r\nmore\r\n")
        #expect(outcome.contacts.map(\.givenName) == ["B"])
        #expect(outcome.errors.map(\.code) == [.missingEnd, .missingColon] && outcome.errors.map(\.line) == [1, 6])
        let limits = VCardLimits(maximumPropertiesPerCard: 1)
        let limited = read("BEGIN:VCARD\r\nFN:A\r\nNOTE:x\r\nEND:VCARD\r\nBEGIN:VCARD\r\nFN:C\r\nEND:VCARD\r\n", limits: limits)
        #expect(limited.contacts.map(\.givenName) == ["C"] && limited.errors.map(\.code) == [.tooManyProperties])
    }
}
