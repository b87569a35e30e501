import ContactCore
import Foundation
import PropertyBased

/// Generators of contacts with every mapped field, and of vCard text, for the vCard properties.
///
/// Text mixes CJK, emoji sequences, right-to-left scripts, control characters (all but NUL,
/// which a vCard cannot hold and the writer drops), every character vCard escapes or quotes,
/// long runs, empty strings and random scalars.
enum VCardGen {
    /// Scenarios per property: `CONTACTCORE_PROPERTY_CASES` if set, else a count that keeps
    /// `swift test` quick.
    static let cases = ProcessInfo.processInfo.environment["CONTACTCORE_PROPERTY_CASES"].flatMap { Int($0) } ?? 100

    static let fragments = [
        "", "a", "John", "王小明", "山田", "김민수", "ㄱ", "דוד", "محمد", "\u{200F}", "🎉", "👩‍👩‍👧‍👦", "🏳️‍🌈", "é", "e\u{301}", "\u{300}", "\u{1A17}",
        "\\", ",", ";", ":", "\n", "\r", "\r\n", "\t", " ", "  ", "^", "^n", "\"", "=", "=0D", "\\n", "item1.", "TYPE=",
        "\u{1}", "\u{1F}", "\u{7F}", "\u{85}", "\u{2028}", "\u{FEFF}", "tel:", "x-apple:", "data:", "END:VCARD",
    ]

    static let scalar = Gen.int(in: 1...0x10_FFFF).map { value in
        String(Unicode.Scalar(UInt32(value)) ?? "\u{FFFD}")
    }

    static let piece = zip(Gen<String?>.element(of: fragments), scalar, Gen.int(in: 0...19), Gen.int(in: 0...600))
        .map { fragment, scalar, dice, length -> String in
            switch dice {
            case 0...2: scalar
            case 3: String(repeating: "長", count: length)
            case 4: String(repeating: "x", count: length * 4)
            default: fragment ?? ""
            }
        }

    static let text = piece.array(of: 0...5).map { $0.joined() }
    static let nonEmptyText = piece.array(of: 1...4).map { $0.joined() }.map { $0.isEmpty ? "x" : $0 }

    static let label = zip(Gen.int(in: 0...3), Gen<ContactLabel?>.element(of: ContactLabel.standard + [ContactLabel(rawValue: "_$!<OtherFAX>!$_"), "_$!<Spouse>!$_", "_$!<Friend>!$_"]), nonEmptyText)
        .map { kind, standard, custom -> ContactLabel? in
            switch kind {
            case 0: nil
            case 1: ContactLabel(rawValue: custom)
            default: standard ?? nil
            }
        }

    static let date = zip(Gen.int(in: 0...9999), Gen.int(in: 1...12), Gen.int(in: 1...31))
        .map { year, month, day in ContactDate(year: year == 0 ? nil : year, month: month, day: day) }

    static let address = zip(text, text, text, text, text, text, text, text).map {
        PostalAddress(street: $0, subLocality: $1, city: $2, subAdministrativeArea: $3, state: $4, postalCode: $5, country: $6, isoCountryCode: $7)
    }

    static let names = zip(text, text, text, text, text, text, text).map { [$0, $1, $2, $3, $4, $5, $6] }
    static let moreNames = zip(text, text, text, text, text, text, text).map { [$0, $1, $2, $3, $4, $5, $6] }

    static let image = zip(Gen.int(in: 0...2), Gen.uint8().array(of: 0...80)).map { kind, bytes -> Data? in
        switch kind {
        case 0: nil
        case 1: Data([0xFF, 0xD8, 0xFF] + bytes)
        default: Data(bytes)
        }
    }

    static let lists = zip(
        zip(label, text).map { LabeledValue(label: $0, value: PhoneNumber($1)) }.array(of: 0...3),
        zip(label, text).map { LabeledValue(label: $0, value: $1) }.array(of: 0...3),
        zip(label, address).map { LabeledValue(label: $0, value: $1) }.array(of: 0...2),
        zip(label, text).map { LabeledValue(label: $0, value: $1) }.array(of: 0...3),
        zip(label, text, text, text, text).map {
            LabeledValue(label: $0, value: SocialProfile(urlString: $1, username: $2, userIdentifier: $3, service: $4))
        }.array(of: 0...2),
        zip(label, text, text).map { LabeledValue(label: $0, value: InstantMessageAddress(username: $1, service: $2)) }.array(of: 0...2),
        zip(label, text).map { LabeledValue(label: $0, value: ContactRelation(name: $1)) }.array(of: 0...2),
        zip(label, date).map { LabeledValue(label: $0, value: $1) }.array(of: 0...3))

    static let contact = zip(Gen.bool(), names, moreNames, lists, date.optional, text, image)
        .map { isOrganization, names, more, lists, birthday, note, image in
            var contact = MutableContact(contactType: isOrganization ? .organization : .person)
            contact.namePrefix = names[0]
            contact.givenName = names[1]
            contact.middleName = names[2]
            contact.familyName = names[3]
            contact.previousFamilyName = names[4]
            contact.nameSuffix = names[5]
            contact.nickname = names[6]
            contact.phoneticGivenName = more[0]
            contact.phoneticMiddleName = more[1]
            contact.phoneticFamilyName = more[2]
            contact.organizationName = more[3]
            contact.phoneticOrganizationName = more[4]
            contact.departmentName = more[5]
            contact.jobTitle = more[6]
            (contact.phoneNumbers, contact.emailAddresses, contact.postalAddresses, contact.urlAddresses,
             contact.socialProfiles, contact.instantMessageAddresses, contact.contactRelations, contact.dates) = lists
            contact.birthday = birthday
            contact.note = note
            contact.imageData = image
            return contact
        }

    // MARK: vCard text

    static let propertyNames = [
        "N", "FN", "NICKNAME", "ORG", "TITLE", "TEL", "EMAIL", "ADR", "URL", "IMPP", "X-SOCIALPROFILE", "RELATED",
        "X-ABRELATEDNAMES", "BDAY", "ANNIVERSARY", "X-ABDATE", "NOTE", "PHOTO", "KIND", "X-ABShowAs", "X-ABLabel",
        "X-ABADR", "X-PHONETIC-FIRST-NAME", "X-PHONETIC-ORG", "X-MAIDENNAME", "X-AIM", "VERSION", "CATEGORIES", "tel",
    ]
    static let parameters = [
        "", ";TYPE=HOME", ";TYPE=work,voice", ";TYPE=\"cell,pref\"", ";CELL", ";WORK;FAX", ";TYPE=IPHONE", ";TYPE=spouse",
        ";ENCODING=QUOTED-PRINTABLE", ";CHARSET=UTF-8", ";ENCODING=b", ";VALUE=uri", ";VALUE=text", ";X-SERVICE-TYPE=Skype",
        ";X-USER=\"a^'b\"", ";X-APPLE-OMIT-YEAR=1604", ";X-APPLE-SUBLOCALITY=\"x;y\"", ";TYPE=twitter",
    ]
    static let values = [
        "", "x", "a;b;c;d;e;f;g", "a\\,b", "\\n", "1985-04-12", "--0412", "1604-02-29", "19991231", "org", "COMPANY",
        "tel:+1", "skype:me", "data:image/png;base64,iVBORw==", "iVBORw==", "=E5=B1=B1", "_$!<Home>!$_", "VCARD", "4.0", "2.1",
    ]
    static let groups = ["", "item1.", "item2.", "ITEM1.", "a.b."]

    static let line = zip(
        Gen<String?>.element(of: groups), Gen<String?>.element(of: propertyNames),
        Gen<String?>.element(of: parameters).array(of: 0...2), Gen<String?>.element(of: values), text, Gen.bool()
    ).map { group, name, parameters, value, text, useText in
        (group ?? "") + (name ?? "") + parameters.map { $0 ?? "" }.joined() + ":" + (useText ? text : value ?? "")
    }

    /// A file of cards built from real property names, parameters and values, with random text.
    static let file = zip(line.array(of: 0...8).array(of: 1...3), Gen.bool(), Gen<String?>.element(of: ["2.1", "3.0", "4.0"]))
        .map { cards, crlf, version -> [UInt8] in
            let newline = crlf ? "\r\n" : "\n"
            let text = cards.map { lines in
                (["BEGIN:VCARD", "VERSION:\(version ?? "3.0")"] + lines + ["END:VCARD"]).joined(separator: newline)
            }.joined(separator: newline) + newline
            return Array(text.utf8)
        }
}
