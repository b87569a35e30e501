import ContactCore
import Foundation

/// One fetched property of a contact, read once for every format: its entries as text for
/// people and as JSON for scripts.
struct ContactProperty {
    struct Entry {
        /// The labeled value's identifier; `nil` for a single-valued property.
        var identifier: String?
        var label: ContactLabel?
        var text: String
        var json: JSON
    }

    var key: ContactKey
    /// Whether the key holds a list of labeled values.
    var isList: Bool
    /// No entry for an empty list, an empty text or a missing date.
    var entries: [Entry]

    /// The property `key` of `contact`, which must carry it.
    init(_ contact: Contact, _ key: ContactKey) {
        self.key = key
        func text(_ value: String) -> (Bool, [Entry]) {
            (false, value.isEmpty ? [] : [Entry(text: value, json: .string(value))])
        }
        func list<V>(_ values: [LabeledValue<V>], _ render: (V) -> (String, JSON)) -> (Bool, [Entry]) {
            (true, values.map { value in
                let (text, json) = render(value.value)
                return Entry(identifier: value.identifier, label: value.label, text: text, json: json)
            })
        }
        func date(_ value: ContactDate?) -> (Bool, [Entry]) {
            (false, value.map { [Entry(text: Self.text(of: $0), json: Self.json(of: $0))] } ?? [])
        }
        func image(_ value: Data?) -> (Bool, [Entry]) {
            (false, value.map { [Entry(text: "\($0.count) bytes", json: .string($0.base64EncodedString()))] } ?? [])
        }
        // The key is carried, so no getter throws; an empty value stands in for safety.
        let (isList, entries): (Bool, [Entry]) = switch key {
        case .namePrefix: text((try? contact.namePrefix) ?? "")
        case .givenName: text((try? contact.givenName) ?? "")
        case .middleName: text((try? contact.middleName) ?? "")
        case .familyName: text((try? contact.familyName) ?? "")
        case .previousFamilyName: text((try? contact.previousFamilyName) ?? "")
        case .nameSuffix: text((try? contact.nameSuffix) ?? "")
        case .nickname: text((try? contact.nickname) ?? "")
        case .phoneticGivenName: text((try? contact.phoneticGivenName) ?? "")
        case .phoneticMiddleName: text((try? contact.phoneticMiddleName) ?? "")
        case .phoneticFamilyName: text((try? contact.phoneticFamilyName) ?? "")
        case .organizationName: text((try? contact.organizationName) ?? "")
        case .phoneticOrganizationName: text((try? contact.phoneticOrganizationName) ?? "")
        case .departmentName: text((try? contact.departmentName) ?? "")
        case .jobTitle: text((try? contact.jobTitle) ?? "")
        case .note: text((try? contact.note) ?? "")
        case .phoneNumbers: list((try? contact.phoneNumbers) ?? []) { ($0.stringValue, .string($0.stringValue)) }
        case .emailAddresses: list((try? contact.emailAddresses) ?? []) { ($0, .string($0)) }
        case .urlAddresses: list((try? contact.urlAddresses) ?? []) { ($0, .string($0)) }
        case .postalAddresses: list((try? contact.postalAddresses) ?? []) { (Self.text(of: $0), Self.json(of: $0)) }
        case .socialProfiles: list((try? contact.socialProfiles) ?? []) { (Self.text(of: $0), Self.json(of: $0)) }
        case .instantMessageAddresses:
            list((try? contact.instantMessageAddresses) ?? []) { address in
                ([address.service, address.username].filter { !$0.isEmpty }.joined(separator: ": "),
                 .object(["service": .string(address.service), "username": .string(address.username)]))
            }
        case .contactRelations: list((try? contact.contactRelations) ?? []) { ($0.name, .object(["name": .string($0.name)])) }
        case .dates: list((try? contact.dates) ?? []) { (Self.text(of: $0), Self.json(of: $0)) }
        case .birthday: date((try? contact.birthday) ?? nil)
        case .nonGregorianBirthday: date((try? contact.nonGregorianBirthday) ?? nil)
        case .imageData: image((try? contact.imageData) ?? nil)
        case .thumbnailImageData: image((try? contact.thumbnailImageData) ?? nil)
        }
        self.isList = isList
        self.entries = entries
    }

    /// The table's cell: every entry, without labels.
    var cell: String { entries.map(\.text).joined(separator: isList ? ", " : " ") }

    /// The JSON value: a list of `{identifier, label, value}`, or the value (`null` when there
    /// is none; an empty text is `""`).
    var json: JSON {
        if isList {
            return .array(entries.map { entry in
                .object(["identifier": .string(entry.identifier ?? ""), "label": .optional(entry.label?.rawValue),
                         "value": entry.json])
            })
        }
        if let entry = entries.first { return entry.json }
        switch key {
        case .birthday, .nonGregorianBirthday, .imageData, .thumbnailImageData: return .null
        default: return .string("")
        }
    }

    /// A label as people read it: Apple's standard labels by their name (`_$!<Mobile>!$_` is
    /// `mobile`), the person's own as written.
    static func name(of label: ContactLabel?) -> String {
        guard let raw = label?.rawValue else { return "" }
        guard raw.hasPrefix("_$!<"), raw.hasSuffix(">!$_"), raw.count > 8 else { return raw }
        return raw.dropFirst(4).dropLast(4).lowercased()
    }

    static func text(of address: PostalAddress) -> String {
        [address.street, address.subLocality, address.city, address.subAdministrativeArea, address.state,
         address.postalCode, address.country]
            .filter { !$0.isEmpty }.joined(separator: ", ")
    }

    static func json(of address: PostalAddress) -> JSON {
        .object([
            "street": .string(address.street), "subLocality": .string(address.subLocality), "city": .string(address.city),
            "subAdministrativeArea": .string(address.subAdministrativeArea), "state": .string(address.state),
            "postalCode": .string(address.postalCode), "country": .string(address.country),
            "isoCountryCode": .string(address.isoCountryCode),
        ])
    }

    static func text(of profile: SocialProfile) -> String {
        let account = profile.username.isEmpty ? profile.urlString : profile.username
        return profile.service.isEmpty ? account : "\(profile.service): \(account)"
    }

    static func json(of profile: SocialProfile) -> JSON {
        .object(["urlString": .string(profile.urlString), "username": .string(profile.username),
                 "userIdentifier": .string(profile.userIdentifier), "service": .string(profile.service)])
    }

    /// `1978-01-20`, or `--01-20` without a year, and the calendar unless Gregorian.
    static func text(of date: ContactDate) -> String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let year = date.year.map { String(repeating: "0", count: max(0, 4 - String($0).count)) + String($0) } ?? "-"
        let text = "\(year)-\(two(date.month))-\(two(date.day))"
        return date.calendar == "gregorian" ? text : "\(text) (\(date.calendar))"
    }

    static func json(of date: ContactDate) -> JSON {
        .object(["calendar": .string(date.calendar), "year": date.year.map(JSON.int) ?? .null,
                 "month": .int(date.month), "day": .int(date.day)])
    }
}
