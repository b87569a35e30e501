import ContactCore
import ContactCoreTesting
import Foundation
import PropertyBased

/// Generators of contacts with every mapped field, for the vCard properties (vCard text comes
/// from ``VCardText``, FuzzVCard's language).
///
/// Text mixes CJK, emoji sequences, right-to-left scripts, control characters (all but NUL,
/// which a vCard cannot hold and the writer drops), every character vCard escapes or quotes,
/// long runs, empty strings and random scalars.
enum VCardGen {
    /// Scenarios per property: `CONTACTCORE_PROPERTY_CASES` if set, else a count that keeps
    /// `swift test` quick.
    static let cases = ProcessInfo.processInfo.environment["CONTACTCORE_PROPERTY_CASES"].flatMap { Int($0) } ?? 100

    static let scalar = Gen.int(in: 1...0x10_FFFF).map { value in
        String(Unicode.Scalar(UInt32(value)) ?? "\u{FFFD}")
    }

    static let piece = zip(Gen<String?>.element(of: VCardVocabulary.fragments), scalar, Gen.int(in: 0...19), Gen.int(in: 0...600))
        .map { fragment, scalar, dice, length -> String in
            switch dice {
            case 0...2: scalar
            case 3: String(repeating: "長", count: length)
            case 4: String(repeating: "x", count: length * 4)
            default: fragment ?? ""
            }
        }
        // A contact's line breaks are LF, as a read contact's are (a CR reads as one: SPEC 12's
        // decision, tested by example in `VCardExportTests`).
        .map { $0.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n") }

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

    /// An address's `isoCountryCode` as an app may set it on an unsaved contact: none, two
    /// ASCII letters in any case, one to three of them, or text no code is (issue 47).
    static let countryCode = zip(Gen.int(in: 0...3), Gen<String?>.element(of: ["", "us", "US", "uS", "zz", " us", "U.S.", "ü", "日本", "u\u{0}", "12"]),
                                 Gen.int(in: 1...3), Gen.uint8().array(of: 3))
        .map { kind, listed, count, bytes -> String in
            guard kind == 0 else { return listed ?? "" }
            return String(decoding: bytes.prefix(count).map { (UInt8(ascii: "A") + $0 % 26) | ($0 & 0x20) }, as: UTF8.self)
        }

    /// The contract's country code after an export and an import (Decisions, "Country codes"):
    /// two ASCII letters come back lower-cased; any other text is written as it is, and the
    /// import ignores it, so the address comes back with none.
    static func codeAsRead(_ code: String) -> String {
        let letters = code.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) }
        return code.unicodeScalars.count == 2 && letters ? code.lowercased() : ""
    }

    /// `contact` as an export then an import give it back: its country codes as read.
    static func asRead(_ contact: MutableContact) -> MutableContact {
        var contact = contact
        contact.postalAddresses = contact.postalAddresses.map { entry in
            var entry = entry
            entry.value.isoCountryCode = codeAsRead(entry.value.isoCountryCode)
            return entry
        }
        return contact
    }

    static let address = zip(text, text, text, text, text, text, text, countryCode).map {
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
}
