import ContactCore
import Foundation

extension VCardReference {
    /// SPEC 12's mapping, read side, for one card: each property either changes the contact
    /// whole or, when it does not read, leaves no trace.
    ///
    /// Single-valued properties keep their first occurrence; labeled ones keep file order, and
    /// a group's `X-ABLabel` (or `X-ABADR`, for an address's country) applies when the card ends.
    struct CardReader {
        let startLine: Int
        var properties = 0
        private var version = "3.0"
        private var contact = MutableContact()
        private var seen: Set<String> = []
        private var formattedName: String?
        private var nameGiven = false
        private var organizationGiven = false
        private var grouped: [(field: LabeledField, index: Int, group: [UInt8])] = []
        private var groupLabels: [[UInt8]: String] = [:]
        private var groupCountries: [[UInt8]: String] = [:]

        init(startLine: Int) { self.startLine = startLine }

        enum LabeledField { case phone, email, address, url, instantMessage, social, relation, date }

        /// Reads one property; the reason it does not read, if so.
        mutating func read(_ line: ContentLine) -> VCardError.Code? {
            do {
                try apply(line)
                return nil
            } catch {
                return error.code
            }
        }

        /// The contact once `END:VCARD` (or the end of the data) closes the card.
        func finished() -> MutableContact {
            var result = contact
            if !nameGiven, !organizationGiven, let formattedName, !formattedName.isEmpty {
                if result.contactType == .organization {
                    result.organizationName = formattedName
                } else {
                    result.givenName = formattedName
                }
            }
            for (field, index, group) in grouped {
                if field == .address, let country = groupCountries[group] {
                    result.postalAddresses[index].value.isoCountryCode = country
                }
                guard let text = groupLabels[group] else { continue }
                let label = ContactLabel(rawValue: text)
                switch field {
                case .phone: result.phoneNumbers[index].label = label
                case .email: result.emailAddresses[index].label = label
                case .address: result.postalAddresses[index].label = label
                case .url: result.urlAddresses[index].label = label
                case .instantMessage: result.instantMessageAddresses[index].label = label
                case .social: result.socialProfiles[index].label = label
                case .relation: result.contactRelations[index].label = label
                case .date: result.dates[index].label = label
                }
            }
            return result
        }

        // MARK: Properties

        private mutating func apply(_ line: ContentLine) throws(Refusal) {
            let name = String(decoding: asciiLowercased(line.name), as: UTF8.self)
            switch name {
            case "begin", "end": return
            case "version": return try readVersion(line)
            default: break
            }
            guard let kind = Self.kinds[name] else { return }
            let decoded = try value(line, isPhoto: kind == .photo)
            let charset = decoded.charset
            let value = decoded.bytes
            func text() throws(Refusal) -> String { try VCardReference.text(value, charset) }
            // A single-valued property read before makes this one ignored, undecoded.
            let isRepeat = seen.contains(name)
            switch kind {
            case .name:
                guard !isRepeat else { return }
                let parts = try split(value, at: 0x3B).prefix(5).map { (part) throws(Refusal) in try listText(part, charset) }
                seen.insert(name)
                let padded = parts + Array(repeating: "", count: 5 - parts.count)
                (contact.familyName, contact.givenName, contact.middleName, contact.namePrefix, contact.nameSuffix) =
                    (padded[0], padded[1], padded[2], padded[3], padded[4])
                nameGiven = parts.contains { !$0.isEmpty }
            case .formattedName:
                guard !isRepeat else { return }
                formattedName = try text()
                seen.insert(name)
            case .nickname:
                guard !isRepeat else { return }
                contact.nickname = try split(value, at: 0x2C).map { (part) throws(Refusal) in try VCardReference.text(part, charset) }
                    .joined(separator: ", ")
                seen.insert(name)
            case .organization:
                guard !isRepeat else { return }
                let parts = try split(value, at: 0x3B).map { (part) throws(Refusal) in try VCardReference.text(part, charset) }
                seen.insert(name)
                contact.organizationName = parts[0]
                contact.departmentName = parts.dropFirst().joined(separator: ", ")
                organizationGiven = !parts[0].isEmpty
            case .single(let field):
                guard !isRepeat else { return }
                let text = try text()
                seen.insert(name)
                field.set(text, in: &contact)
            case .phone:
                var number = try text()
                let valueType = line.parameter("VALUE")
                let isURI = valueType.map { equalIgnoringCase($0, "URI") || equalIgnoringCase($0, "\"URI\"") } ?? (version == "4.0")
                if isURI, number.utf8.count >= 4, equalIgnoringCase(Array(number.utf8.prefix(4)), "TEL:") {
                    number = String(decoding: Array(number.utf8.dropFirst(4)), as: UTF8.self)
                }
                contact.phoneNumbers.append(LabeledValue(label: phoneLabel(line), value: PhoneNumber(number)))
                track(.phone, contact.phoneNumbers.count - 1, line)
            case .email:
                contact.emailAddresses.append(LabeledValue(label: placeLabel(line), value: try text()))
                track(.email, contact.emailAddresses.count - 1, line)
            case .url:
                contact.urlAddresses.append(LabeledValue(label: placeLabel(line), value: try text()))
                track(.url, contact.urlAddresses.count - 1, line)
            case .address:
                let parts = try split(value, at: 0x3B).prefix(7).map { (part) throws(Refusal) in try listText(part, charset) }
                    + Array(repeating: "", count: 7)
                var address = PostalAddress(
                    street: parts[0...2].filter { !$0.isEmpty }.joined(separator: "\n"), city: parts[3], state: parts[4],
                    postalCode: parts[5], country: parts[6])
                address.subLocality = try line.parameter("X-APPLE-SUBLOCALITY").map { (raw) throws(Refusal) in try parameterText(raw) } ?? ""
                address.subAdministrativeArea =
                    try line.parameter("X-APPLE-SUBADMINISTRATIVEAREA").map { (raw) throws(Refusal) in try parameterText(raw) } ?? ""
                contact.postalAddresses.append(LabeledValue(label: placeLabel(line), value: address))
                track(.address, contact.postalAddresses.count - 1, line)
            case .instantMessage:
                let uri = Array(try text().utf8)
                var address = InstantMessageAddress(username: String(decoding: uri, as: UTF8.self), service: "")
                if let colon = uri.firstIndex(of: 0x3A) {
                    let scheme = Array(uri[..<colon])
                    address.username = String(decoding: uri[(colon + 1)...], as: UTF8.self)
                    address.service = Self.schemes[String(decoding: asciiLowercased(scheme), as: UTF8.self)]
                        ?? String(decoding: scheme, as: UTF8.self)
                }
                if let raw = line.parameter("X-SERVICE-TYPE") { address.service = try parameterText(raw) }
                contact.instantMessageAddresses.append(LabeledValue(label: placeLabel(line), value: address))
                track(.instantMessage, contact.instantMessageAddresses.count - 1, line)
            case .legacyInstantMessage(let service):
                let address = InstantMessageAddress(username: try text(), service: service)
                contact.instantMessageAddresses.append(LabeledValue(label: placeLabel(line), value: address))
                track(.instantMessage, contact.instantMessageAddresses.count - 1, line)
            case .socialProfile:
                let services = try line.types.map { (piece) throws(Refusal) in try parameterText(piece) }
                let url = try text()
                let user = try line.parameter("X-USER").map { (raw) throws(Refusal) in try parameterText(raw) } ?? ""
                let userID = try line.parameter("X-USERID").map { (raw) throws(Refusal) in try parameterText(raw) } ?? ""
                let profile = SocialProfile(urlString: url, username: user, userIdentifier: userID, service: services.joined(separator: ","))
                contact.socialProfiles.append(LabeledValue(value: profile))
                track(.social, contact.socialProfiles.count - 1, line)
            case .relation(let fixed):
                let label = fixed ?? line.types.lazy.compactMap { Self.relationTypes[String(decoding: asciiLowercased(trimmed($0)), as: UTF8.self)] }.first
                contact.contactRelations.append(LabeledValue(label: label, value: ContactRelation(name: try text())))
                track(.relation, contact.contactRelations.count - 1, line)
            case .date(let label):
                if let type = line.parameter("VALUE"), equalIgnoringCase(type, "TEXT") { return }
                let omitted = try line.parameter("X-APPLE-OMIT-YEAR").map { (raw) throws(Refusal) in try parameterText(raw) }.flatMap { Int($0) }
                guard var date = try Self.date(value) else { return }
                if let year = date.year, year == omitted { date = ContactDate(year: nil, month: date.month, day: date.day) }
                if name == "bday" {
                    if !isRepeat {
                        seen.insert(name)
                        contact.birthday = date
                    }
                    return
                }
                contact.dates.append(LabeledValue(label: label, value: date))
                track(.date, contact.dates.count - 1, line)
            case .photo:
                guard let (image, cut) = try photo(line, isBase64: decoded.isBase64) else { return }
                if !isRepeat {
                    seen.insert(name)
                    contact.imageData = Data(image)
                }
                // A photo cut short is kept as far as it reads, with a warning.
                if cut { throw Refusal(.truncatedBase64) }
            case .kind, .showAs:
                let word = String(decoding: asciiLowercased(Array(try text().utf8)), as: UTF8.self)
                let organization = kind == .kind ? ["org", "organization"] : ["company"]
                if organization.contains(word) {
                    contact.contactType = .organization
                } else if word == (kind == .kind ? "individual" : "person") {
                    contact.contactType = .person
                }
            case .groupLabel, .groupCountry:
                guard let group = line.group else { return }
                let text = try text()
                let key = asciiLowercased(group)
                if kind == .groupLabel {
                    if !text.isEmpty { groupLabels[key] = text }
                } else if text.utf8.count == 2, text.utf8.allSatisfy({ (0x41...0x5A).contains($0 & 0xDF) }) {
                    groupCountries[key] = String(decoding: asciiLowercased(Array(text.utf8)), as: UTF8.self)
                }
            }
        }

        private mutating func track(_ field: LabeledField, _ index: Int, _ line: ContentLine) {
            if let group = line.group { grouped.append((field, index, asciiLowercased(group))) }
        }

        private mutating func readVersion(_ line: ContentLine) throws(Refusal) {
            let raw = trimmed(line.value)
            let text = ["2.1", "3.0", "4.0"].contains(String(decoding: raw, as: UTF8.self))
                ? String(decoding: raw, as: UTF8.self) : try VCardReference.text(raw, .utf8)
            guard ["2.1", "3.0", "4.0"].contains(text) else { throw Refusal(.unsupportedVersion) }
            version = text
        }

        /// A structured component: in 3.0 and 4.0 a comma separates its values (SPEC 12), the
        /// empty ones left out and the rest joined with a space; in 2.1 a comma is text.
        private func listText(_ component: [UInt8], _ charset: Charset) throws(Refusal) -> String {
            guard version != "2.1" else { return try VCardReference.text(component, charset) }
            return try split(component, at: 0x2C).map { (part) throws(Refusal) in try VCardReference.text(part, charset) }
                .filter { !$0.isEmpty }.joined(separator: " ")
        }

        /// The value after its transfer encoding, and the character set of its text.
        private func value(_ line: ContentLine, isPhoto: Bool) throws(Refusal) -> (bytes: [UInt8], charset: Charset, isBase64: Bool) {
            var charset: Charset = version == "2.1" ? .utf8ElseWindows1252 : .utf8
            var quotedPrintable = false
            var base64 = false
            for parameter in line.parameters {
                if parameter.name.isEmpty || equalIgnoringCase(parameter.name, "ENCODING") {
                    if equalIgnoringCase(parameter.value, "QUOTED-PRINTABLE") {
                        quotedPrintable = true
                    } else if equalIgnoringCase(parameter.value, "BASE64") || equalIgnoringCase(parameter.value, "B") {
                        base64 = true
                    }
                } else if equalIgnoringCase(parameter.name, "CHARSET") {
                    charset = try VCardReference.charset(named: parameter.value)
                }
            }
            if quotedPrintable { return (try VCardReference.quotedPrintable(line.value), charset, base64) }
            if base64, !isPhoto { return (try VCardReference.base64(line.value), charset, base64) }
            return (line.value, charset, base64)
        }

        /// A `PHOTO`'s image: base64 by `ENCODING`, or a base64 `data:` URI; `nil` for a link.
        /// `cut` when the base64 was cut short (its whole bytes are the image).
        private func photo(_ line: ContentLine, isBase64: Bool) throws(Refusal) -> (bytes: [UInt8], cut: Bool)? {
            if isBase64 { return try VCardReference.base64KeepingCut(line.value) }
            guard line.value.count >= 5, equalIgnoringCase(Array(line.value.prefix(5)), "data:") else { return nil }
            guard let comma = line.value.firstIndex(of: 0x2C) else { throw Refusal(.invalidBase64) }
            let header = Array(line.value[5..<comma])
            guard header.count >= 7, equalIgnoringCase(Array(header.suffix(7)), ";base64") else { return nil }
            return try VCardReference.base64KeepingCut(Array(line.value[(comma + 1)...]))
        }

        // MARK: Labels

        private func typeWords(_ line: ContentLine) -> Set<String> {
            Set(line.types.map { String(decoding: asciiLowercased(trimmed($0)), as: UTF8.self) })
        }

        /// An email's, address's, URL's or instant-message address's label: home, then work, then other.
        private func placeLabel(_ line: ContentLine) -> ContactLabel? { Self.placeLabel(typeWords(line)) }

        private static func placeLabel(_ words: Set<String>) -> ContactLabel? {
            words.contains("home") ? .home : words.contains("work") ? .work : words.contains("other") ? .other : nil
        }

        /// A phone's label: iPhone, main, pager, a fax by place, mobile, then a place.
        private func phoneLabel(_ line: ContentLine) -> ContactLabel? {
            let words = typeWords(line)
            if words.contains("iphone") { return .iPhone }
            if words.contains("main") { return .main }
            if words.contains("pager") { return .pager }
            if words.contains("fax") {
                return words.contains("home") ? .homeFax : words.contains("work") ? .workFax : ContactLabel(rawValue: "_$!<OtherFAX>!$_")
            }
            if words.contains("cell") || words.contains("mobile") { return .mobile }
            return Self.placeLabel(words)
        }

        // MARK: Dates

        /// `YYYY-MM-DD`, `YYYYMMDD`, `--MM-DD` or `--MMDD`, a time after `T` dropped and spaces
        /// trimmed; `nil` for a reduced date that names no day (`1985`, `1985-04`, `--04`, `---12`).
        static func date(_ raw: [UInt8]) throws(Refusal) -> ContactDate? {
            var bytes = Array(raw.prefix { $0 != 0x54 && $0 != 0x74 })
            while bytes.first == 0x20 { bytes.removeFirst() }
            while bytes.last == 0x20 { bytes.removeLast() }
            let shape = String(decoding: bytes.map { (0x30...0x39).contains($0) ? 0x39 : $0 == 0x2D ? 0x2D : 0x3F }, as: UTF8.self)
            func number(_ offset: Int, _ count: Int) -> Int {
                bytes[offset..<(offset + count)].reduce(0) { $0 * 10 + Int($1 - 0x30) }
            }
            let year: Int?
            let month: Int
            let day: Int
            switch shape {
            case "9999-99-99": (year, month, day) = (number(0, 4), number(5, 2), number(8, 2))
            case "99999999": (year, month, day) = (number(0, 4), number(4, 2), number(6, 2))
            case "--99-99": (year, month, day) = (nil, number(2, 2), number(5, 2))
            case "--9999": (year, month, day) = (nil, number(2, 2), number(4, 2))
            case "9999", "9999-99", "--99", "---99": return nil
            default: throw Refusal(.invalidDate)
            }
            guard (1...12).contains(month), (1...31).contains(day), (1...9999).contains(year ?? 1) else { throw Refusal(.invalidDate) }
            return ContactDate(year: year, month: month, day: day)
        }

        // MARK: Tables

        enum Kind: Equatable, Sendable {
            case name, formattedName, nickname, organization
            case single(TextField)
            case phone, email, url, address, instantMessage, socialProfile
            case legacyInstantMessage(String)
            case relation(ContactLabel?)
            case date(ContactLabel?)
            case photo, kind, showAs, groupLabel, groupCountry
        }

        /// The single-valued text fields a property of their own fills.
        enum TextField: Sendable {
            case jobTitle, previousFamilyName, note, phoneticGivenName, phoneticMiddleName, phoneticFamilyName, phoneticOrganizationName

            func set(_ text: String, in contact: inout MutableContact) {
                switch self {
                case .jobTitle: contact.jobTitle = text
                case .previousFamilyName: contact.previousFamilyName = text
                case .note: contact.note = text
                case .phoneticGivenName: contact.phoneticGivenName = text
                case .phoneticMiddleName: contact.phoneticMiddleName = text
                case .phoneticFamilyName: contact.phoneticFamilyName = text
                case .phoneticOrganizationName: contact.phoneticOrganizationName = text
                }
            }
        }

        /// SPEC 12's properties and the exporters' extensions it reads, by lower-cased name.
        static let kinds: [String: Kind] = {
            var kinds: [String: Kind] = [
                "n": .name, "fn": .formattedName, "nickname": .nickname, "org": .organization,
                "title": .single(.jobTitle), "x-maidenname": .single(.previousFamilyName), "note": .single(.note),
                "x-phonetic-first-name": .single(.phoneticGivenName), "x-phonetic-middle-name": .single(.phoneticMiddleName),
                "x-phonetic-last-name": .single(.phoneticFamilyName), "x-phonetic-org": .single(.phoneticOrganizationName),
                "tel": .phone, "email": .email, "url": .url, "adr": .address,
                "impp": .instantMessage, "x-ms-imaddress": .instantMessage, "x-socialprofile": .socialProfile,
                "related": .relation(nil), "x-abrelatednames": .relation(nil),
                "bday": .date(nil), "x-abdate": .date(nil), "photo": .photo, "kind": .kind, "x-abshowas": .showAs,
                "x-ablabel": .groupLabel, "x-abadr": .groupCountry,
            ]
            for name in ["anniversary", "x-anniversary", "x-ms-anniversary", "x-evolution-anniversary"] {
                kinds[name] = .date(.anniversary)
            }
            for (names, label) in [
                (["x-ms-manager", "x-evolution-manager"], "Manager"), (["x-ms-assistant", "x-evolution-assistant"], "Assistant"),
                (["x-spouse", "x-ms-spouse", "x-evolution-spouse"], "Spouse"),
            ] {
                for name in names { kinds[name] = .relation(ContactLabel(rawValue: "_$!<\(label)>!$_")) }
            }
            let legacy = [
                "x-aim": "AIM", "x-icq": "ICQ", "x-jabber": "Jabber", "x-msn": "MSN", "x-yahoo": "Yahoo", "x-skype": "Skype",
                "x-skype-username": "Skype", "x-gtalk": "GoogleTalk", "x-google-talk": "GoogleTalk", "x-qq": "QQ",
            ]
            for (name, service) in legacy { kinds[name] = .legacyInstantMessage(service) }
            return kinds
        }()

        /// `IMPP` URI schemes and the services Apple shows for them; `x-apple:` means none.
        static let schemes = [
            "aim": "AIM", "xmpp": "Jabber", "msnim": "MSN", "ymsgr": "Yahoo", "skype": "Skype", "icq": "ICQ",
            "gtalk": "GoogleTalk", "qq": "QQ", "facebook": "Facebook", "x-apple": "",
        ]

        /// RFC 6350's `RELATED` types and Apple's relation labels for them.
        static let relationTypes: [String: ContactLabel] = [
            "spouse": ContactLabel(rawValue: "_$!<Spouse>!$_"), "child": ContactLabel(rawValue: "_$!<Child>!$_"),
            "parent": ContactLabel(rawValue: "_$!<Parent>!$_"), "friend": ContactLabel(rawValue: "_$!<Friend>!$_"),
            "sweetheart": ContactLabel(rawValue: "_$!<Partner>!$_"), "agent": ContactLabel(rawValue: "_$!<Assistant>!$_"),
        ]
    }
}
