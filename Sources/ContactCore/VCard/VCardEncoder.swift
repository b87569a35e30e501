import Foundation

/// Writes contacts as vCard 3.0 or 4.0: SPEC 12's mapping, write side.
///
/// Only the keys a contact carries are written, and only non-empty values. `N` and `FN` are
/// always written, as both versions require them. Labels that a property's `TYPE` values
/// cannot say travel in an Apple `itemN.X-ABLabel`; 3.0 writes relations as Apple's
/// `X-ABRELATEDNAMES` and the organization flag as `X-ABShowAs:COMPANY`, 4.0 as `RELATED` and
/// `KIND:org`. A date without a year is written as Apple writes it in 3.0 (year 1604 with
/// `X-APPLE-OMIT-YEAR`) and as `--MMDD` in 4.0.
struct VCardEncoder {
    private var writer: VCardLineWriter
    private let version: VCardVersion
    private var item = 0

    init(version: VCardVersion, capacity: Int) {
        self.version = version == .v2_1 ? .v3_0 : version
        writer = VCardLineWriter(capacity: capacity)
    }

    var output: [UInt8] { writer.output }

    private var isFour: Bool { version == .v4_0 }

    mutating func write(type: ContactType, fields carried: ContactFields, keys: ContactKeySet) {
        item = 0
        let fields = carried.keeping(keys)
        func has(_ key: ContactKey) -> Bool { keys.contains(key) }
        writer.begin("BEGIN")
        writer.raw("VCARD")
        writer.end()
        writer.begin("VERSION")
        writer.raw(version.rawValue)
        writer.end()
        if isFour, type == .organization {
            writer.begin("KIND")
            writer.raw("org")
            writer.end()
        }
        writer.begin("N")
        writer.components(fields.familyName, fields.givenName, fields.middleName, fields.namePrefix, fields.nameSuffix)
        writer.end()
        writer.begin("FN")
        writer.value(Self.formattedName(type: type, fields: fields))
        writer.end()
        text("X-MAIDENNAME", fields.previousFamilyName, has(.previousFamilyName))
        text("NICKNAME", fields.nickname, has(.nickname))
        text("X-PHONETIC-FIRST-NAME", fields.phoneticGivenName, has(.phoneticGivenName))
        text("X-PHONETIC-MIDDLE-NAME", fields.phoneticMiddleName, has(.phoneticMiddleName))
        text("X-PHONETIC-LAST-NAME", fields.phoneticFamilyName, has(.phoneticFamilyName))
        if !fields.organizationName.isEmpty || !fields.departmentName.isEmpty {
            writer.begin("ORG")
            if fields.departmentName.isEmpty {
                writer.components(fields.organizationName)
            } else {
                writer.components(fields.organizationName, fields.departmentName)
            }
            writer.end()
        }
        text("X-PHONETIC-ORG", fields.phoneticOrganizationName, has(.phoneticOrganizationName))
        text("TITLE", fields.jobTitle, has(.jobTitle))
        if has(.phoneNumbers) { for entry in fields.phoneNumbers { phone(entry) } }
        if has(.emailAddresses) {
            for entry in fields.emailAddresses {
                labeled("EMAIL", entry.label, types: VCardLabels.placeTypes, extra: isFour ? [] : ["INTERNET"]) { writer in
                    writer.value(entry.value)
                }
            }
        }
        if has(.postalAddresses) { for entry in fields.postalAddresses { address(entry) } }
        if has(.urlAddresses) {
            for entry in fields.urlAddresses {
                labeled("URL", entry.label, types: VCardLabels.placeTypes) { $0.value(entry.value) }
            }
        }
        if has(.instantMessageAddresses) { for entry in fields.instantMessageAddresses { instantMessage(entry) } }
        if has(.socialProfiles) { for entry in fields.socialProfiles { socialProfile(entry) } }
        if has(.contactRelations) { for entry in fields.contactRelations { relation(entry) } }
        if has(.birthday), let birthday = fields.birthday { date("BDAY", birthday, label: nil) }
        if has(.dates) {
            for entry in fields.dates {
                if isFour, entry.label == .anniversary {
                    date("ANNIVERSARY", entry.value, label: nil)
                } else {
                    date("X-ABDATE", entry.value, label: entry.label)
                }
            }
        }
        text("NOTE", fields.note, has(.note))
        if has(.imageData), let image = fields.imageData { photo(image) }
        if !isFour, type == .organization {
            writer.begin("X-ABShowAs")
            writer.raw("COMPANY")
            writer.end()
        }
        writer.begin("END")
        writer.raw("VCARD")
        writer.end()
    }

    /// `FN`: the name's parts in display order, else the organization, else empty.
    /// Names in Han, kana or Hangul read family name first, without a space (王小明), as
    /// Apple's Contacts shows them; other names given name first.
    static func formattedName(type: ContactType, fields: ContactFields) -> String {
        if type == .organization, !fields.organizationName.isEmpty { return fields.organizationName }
        if isEastAsian(fields.familyName) || isEastAsian(fields.givenName) {
            let joined = fields.namePrefix + fields.familyName + fields.middleName + fields.givenName + fields.nameSuffix
            if !joined.isEmpty { return joined }
        }
        var joined = ""
        for part in [fields.namePrefix, fields.givenName, fields.middleName, fields.familyName, fields.nameSuffix] where !part.isEmpty {
            if joined.isEmpty { joined = part } else { joined += " " + part }
        }
        return joined.isEmpty ? fields.organizationName : joined
    }

    private static func isEastAsian(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first?.value else { return false }
        return (0x3040...0x30FF).contains(first) || (0x3400...0x9FFF).contains(first) || (0xAC00...0xD7AF).contains(first)
            || (0x1100...0x11FF).contains(first) || (0x20000...0x2FFFF).contains(first)
    }

    // MARK: Properties

    private mutating func text(_ name: String, _ value: String, _ carried: Bool) {
        guard carried, !value.isEmpty else { return }
        writer.begin(name)
        writer.value(value)
        writer.end()
    }

    /// A group for a label `TYPE` cannot say (written after the property), or `nil`.
    private mutating func nextGroup() -> String {
        item += 1
        return "item\(item)"
    }

    /// Writes one labeled property: its types, or a group and an `X-ABLabel` after it.
    private mutating func labeled(
        _ name: String, _ label: ContactLabel?, types: (ContactLabel) -> [String]?, extra: [String] = [],
        needsGroup: Bool = false, parameters: (inout VCardLineWriter) -> Void = { _ in },
        value: (inout VCardLineWriter) -> Void
    ) {
        let label = label.flatMap { $0.rawValue.isEmpty ? nil : $0 }
        let typed = label.flatMap(types)
        let group = (label != nil && typed == nil) || needsGroup ? nextGroup() : nil
        writer.begin(name, group: group)
        writer.tokens("TYPE", extra, typed ?? [], lowercased: isFour)
        parameters(&writer)
        value(&writer)
        writer.end()
        if let group, let label, typed == nil {
            writer.begin("X-ABLabel", group: group)
            writer.value(label.rawValue)
            writer.end()
        }
    }

    private mutating func phone(_ entry: LabeledValue<PhoneNumber>) {
        let number = entry.value.stringValue
        let looksLikeURI = number.utf8.count >= 4 && zip(number.utf8, "TEL:".utf8).allSatisfy { VCardBytes.upper($0) == $1 }
        let isFour = isFour
        labeled("TEL", entry.label, types: VCardLabels.phoneTypes, parameters: { writer in
            if isFour && looksLikeURI { writer.tokens("VALUE", ["text"]) }
        }) { $0.value(number) }
    }

    private mutating func address(_ entry: LabeledValue<PostalAddress>) {
        let address = entry.value
        labeled("ADR", entry.label, types: VCardLabels.placeTypes, needsGroup: !address.isoCountryCode.isEmpty, parameters: { writer in
            if !address.subLocality.isEmpty { writer.parameter("X-APPLE-SUBLOCALITY", address.subLocality) }
            if !address.subAdministrativeArea.isEmpty {
                writer.parameter("X-APPLE-SUBADMINISTRATIVEAREA", address.subAdministrativeArea)
            }
        }) { writer in
            writer.components("", "", address.street, address.city, address.state, address.postalCode, address.country)
        }
        if !address.isoCountryCode.isEmpty {
            writer.begin("X-ABADR", group: "item\(item)")
            // A saved code is lower-case already; an unsaved one is written as a save stores it.
            let code = address.isoCountryCode
            writer.value(CountryCode.isCode(code) ? CountryCode.normalized(code) : code)
            writer.end()
        }
    }

    private mutating func instantMessage(_ entry: LabeledValue<InstantMessageAddress>) {
        let address = entry.value
        labeled("IMPP", entry.label, types: VCardLabels.placeTypes, parameters: { writer in
            if !address.service.isEmpty { writer.parameter("X-SERVICE-TYPE", address.service) }
        }) { writer in
            writer.raw(VCardInstantMessageSchemes.scheme(forService: address.service) + ":")
            writer.escape(address.username)
        }
    }

    private mutating func socialProfile(_ entry: LabeledValue<SocialProfile>) {
        let profile = entry.value
        labeled("X-SOCIALPROFILE", entry.label, types: { _ in nil }, parameters: { writer in
            if !profile.service.isEmpty { writer.parameter("TYPE", profile.service) }
            if !profile.username.isEmpty { writer.parameter("X-USER", profile.username) }
            if !profile.userIdentifier.isEmpty { writer.parameter("X-USERID", profile.userIdentifier) }
        }) { $0.value(profile.urlString) }
    }

    private mutating func relation(_ entry: LabeledValue<ContactRelation>) {
        if isFour {
            labeled("RELATED", entry.label, types: { VCardLabels.relationType($0).map { [$0.uppercased()] } },
                    parameters: { $0.tokens("VALUE", ["text"]) }) { $0.value(entry.value.name) }
        } else {
            labeled("X-ABRELATEDNAMES", entry.label, types: { _ in nil }) { $0.value(entry.value.name) }
        }
    }

    private mutating func date(_ name: String, _ date: ContactDate, label: ContactLabel?) {
        let (value, omitYear) = VCardDate.format(date, version: version)
        labeled(name, label, types: { _ in nil }, parameters: { writer in
            if omitYear { writer.tokens("X-APPLE-OMIT-YEAR", [String(VCardDate.omittedYear)]) }
        }) { $0.raw(value) }
    }

    private mutating func photo(_ image: Data) {
        let (type, mime) = Self.imageType(image)
        writer.begin("PHOTO")
        if isFour {
            writer.raw("data:" + mime + ";base64," + image.base64EncodedString())
        } else {
            writer.tokens("ENCODING", ["b"])
            if let type { writer.tokens("TYPE", [type]) }
            writer.raw(image.base64EncodedString())
        }
        writer.end()
    }

    /// The image format from its first bytes, as `TYPE` (3.0) and media type (4.0).
    static func imageType(_ image: Data) -> (type: String?, mime: String) {
        let head = [UInt8](image.prefix(4))
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return ("JPEG", "image/jpeg") }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return ("PNG", "image/png") }
        if head.starts(with: [0x47, 0x49, 0x46, 0x38]) { return ("GIF", "image/gif") }
        return (nil, "application/octet-stream")
    }
}
