import Foundation

/// Builds one contact from the content lines of one card: SPEC 12's mapping, read side.
///
/// Single-valued properties keep their first occurrence; later ones are counted as ignored.
/// Multi-valued ones keep file order. Labels from `itemN.X-ABLabel` and country codes from
/// `itemN.X-ABADR` may come before or after the property they label, so they are applied when
/// the card ends. `FN` names the contact only when neither `N` nor `ORG` gives a name: then
/// it is the organization's name for an organization and the given name for a person.
struct VCardCardBuilder {
    private(set) var contact = MutableContact()
    private(set) var version: VCardVersion = .v3_0
    private(set) var propertiesRead = 0
    private(set) var ignored: [String: Int] = [:]
    private(set) var ignoredCount = 0

    private enum LabeledField { case phone, email, address, url, instantMessage, social, relation, date }
    private var pending: [(field: LabeledField, index: Int, group: String)] = []
    private var groupLabels: [String: String] = [:]
    private var groupCountries: [String: String] = [:]
    private var groupLines: [String: (labels: Int, countries: Int)] = [:]
    private var usedGroups: Set<String> = []

    /// Single-valued properties read so far, one bit per ``Seen`` case.
    private var seen: UInt32 = 0
    private enum Seen: UInt32 {
        case name, formattedName, nickname, organization, title, maidenName, note, photo, birthday
        case phoneticGivenName, phoneticMiddleName, phoneticFamilyName, phoneticOrganizationName
    }
    private var formattedName: String?
    private var nameGiven = false
    private var organizationGiven = false
    private var components: [Range<Int>] = []

    /// Reads one content line into the contact.
    mutating func add(_ line: VCardContentLine, kind: VCardPropertyKind, decoder: VCardTextDecoder) throws(VCardFailure) {
        propertiesRead += 1
        switch kind {
        case .begin, .end, .version:
            propertiesRead -= 1
            if case .version = kind { try readVersion(line, decoder) }
            return
        case .unknown:
            ignore(line)
            return
        default:
            break
        }
        let isPhoto = if case .photo = kind { true } else { false }
        let value = try Value(line, decoder: decoder, isPhoto: isPhoto, version: version)
        let source = value.source
        let range = value.range
        func text() throws(VCardFailure) -> String { try decoder.text(source, range, charset: value.charset) }
        func once(_ key: Seen) -> Bool {
            let bit: UInt32 = 1 << key.rawValue
            guard seen & bit == 0 else {
                ignore(line)
                return false
            }
            seen |= bit
            return true
        }

        switch kind {
        case .name:
            guard once(.name) else { return }
            VCardTextDecoder.components(source, range, into: &components)
            var parts: [String] = []
            for component in components.prefix(5) { parts.append(try decoder.text(source, component, charset: value.charset)) }
            while parts.count < 5 { parts.append("") }
            contact.familyName = parts[0]
            contact.givenName = parts[1]
            contact.middleName = parts[2]
            contact.namePrefix = parts[3]
            contact.nameSuffix = parts[4]
            nameGiven = parts.contains { !$0.isEmpty }
        case .formattedName:
            guard once(.formattedName) else { return }
            formattedName = try text()
        case .nickname:
            guard once(.nickname) else { return }
            VCardTextDecoder.components(source, range, separator: 44, into: &components)
            var names: [String] = []
            for component in components { names.append(try decoder.text(source, component, charset: value.charset)) }
            contact.nickname = names.joined(separator: ", ")
        case .organization:
            guard once(.organization) else { return }
            VCardTextDecoder.components(source, range, into: &components)
            var parts: [String] = []
            for component in components { parts.append(try decoder.text(source, component, charset: value.charset)) }
            contact.organizationName = parts.first ?? ""
            contact.departmentName = parts.dropFirst().joined(separator: ", ")
            organizationGiven = !contact.organizationName.isEmpty
        case .title:
            if once(.title) { contact.jobTitle = try text() }
        case .maidenName:
            if once(.maidenName) { contact.previousFamilyName = try text() }
        case .phoneticGivenName:
            if once(.phoneticGivenName) { contact.phoneticGivenName = try text() }
        case .phoneticMiddleName:
            if once(.phoneticMiddleName) { contact.phoneticMiddleName = try text() }
        case .phoneticFamilyName:
            if once(.phoneticFamilyName) { contact.phoneticFamilyName = try text() }
        case .phoneticOrganizationName:
            if once(.phoneticOrganizationName) { contact.phoneticOrganizationName = try text() }
        case .note:
            if once(.note) { contact.note = try text() }
        case .phone:
            var number = try text()
            let valueType = line.firstParameter("VALUE")
            let isURI = valueType.map { VCardBytes.equalsIgnoringCase(line.line, $0, "URI") || VCardBytes.equalsIgnoringCase(line.line, $0, "\"URI\"") }
            if isURI ?? (version == .v4_0), number.utf8.count >= 4, number.utf8.prefix(4).map(VCardBytes.upper) == Array("TEL:".utf8) {
                number = String(decoding: number.utf8.dropFirst(4), as: UTF8.self)
            }
            let label = VCardLabels.phoneLabel(VCardLabels.Types(of: line))
            contact.phoneNumbers.append(LabeledValue(label: label, value: PhoneNumber(number)))
            track(.phone, contact.phoneNumbers.count - 1, line)
        case .email:
            let label = VCardLabels.placeLabel(VCardLabels.Types(of: line))
            contact.emailAddresses.append(LabeledValue(label: label, value: try text()))
            track(.email, contact.emailAddresses.count - 1, line)
        case .url:
            let label = VCardLabels.placeLabel(VCardLabels.Types(of: line))
            contact.urlAddresses.append(LabeledValue(label: label, value: try text()))
            track(.url, contact.urlAddresses.count - 1, line)
        case .address:
            VCardTextDecoder.components(source, range, into: &components)
            var parts: [String] = []
            for component in components.prefix(7) { parts.append(try decoder.text(source, component, charset: value.charset)) }
            while parts.count < 7 { parts.append("") }
            var address = PostalAddress()
            address.street = parts[0...2].filter { !$0.isEmpty }.joined(separator: "\n")
            address.city = parts[3]
            address.state = parts[4]
            address.postalCode = parts[5]
            address.country = parts[6]
            address.subLocality = try parameter(line, "X-APPLE-SUBLOCALITY", decoder) ?? ""
            address.subAdministrativeArea = try parameter(line, "X-APPLE-SUBADMINISTRATIVEAREA", decoder) ?? ""
            let label = VCardLabels.placeLabel(VCardLabels.Types(of: line))
            contact.postalAddresses.append(LabeledValue(label: label, value: address))
            track(.address, contact.postalAddresses.count - 1, line)
        case .instantMessage:
            let uri = try text()
            var username = uri
            var service = ""
            // By bytes, not characters: a combining mark after the colon joins it into one
            // grapheme, which a search for ":" would not find.
            if let colon = uri.utf8.firstIndex(of: 58) {
                username = String(decoding: uri.utf8[uri.utf8.index(after: colon)...], as: UTF8.self)
                service = VCardInstantMessageSchemes.service(forScheme: String(decoding: uri.utf8[..<colon], as: UTF8.self))
            }
            if let named = try parameter(line, "X-SERVICE-TYPE", decoder) { service = named }
            let label = VCardLabels.placeLabel(VCardLabels.Types(of: line))
            contact.instantMessageAddresses.append(LabeledValue(label: label, value: InstantMessageAddress(username: username, service: service)))
            track(.instantMessage, contact.instantMessageAddresses.count - 1, line)
        case .legacyInstantMessage(let service):
            let label = VCardLabels.placeLabel(VCardLabels.Types(of: line))
            contact.instantMessageAddresses.append(LabeledValue(label: label, value: InstantMessageAddress(username: try text(), service: service)))
            track(.instantMessage, contact.instantMessageAddresses.count - 1, line)
        case .socialProfile:
            var services: [String] = []
            var failure: VCardFailure?
            line.forEachType { piece in
                do throws(VCardFailure) {
                    services.append(try decoder.parameterText(line.line, piece))
                } catch {
                    failure = failure ?? error
                }
            }
            if let failure { throw failure }
            let profile = SocialProfile(
                urlString: try text(), username: try parameter(line, "X-USER", decoder) ?? "",
                userIdentifier: try parameter(line, "X-USERID", decoder) ?? "", service: services.joined(separator: ","))
            contact.socialProfiles.append(LabeledValue(label: nil, value: profile))
            track(.social, contact.socialProfiles.count - 1, line)
        case .related, .relatedNames:
            let label = VCardLabels.relationLabel(of: line)
            contact.contactRelations.append(LabeledValue(label: label, value: ContactRelation(name: try text())))
            track(.relation, contact.contactRelations.count - 1, line)
        case .birthday, .anniversary, .labeledDate:
            if let type = line.firstParameter("VALUE"), VCardBytes.equalsIgnoringCase(line.line, type, "TEXT") {
                ignore(line)
                return
            }
            let omitted = try parameter(line, "X-APPLE-OMIT-YEAR", decoder).flatMap { Int($0) }
            guard let date = try VCardDate.parse(source, range, omittedYear: omitted) else {
                ignore(line)
                return
            }
            if case .birthday = kind {
                if once(.birthday) { contact.birthday = date }
                return
            }
            let label: ContactLabel? = if case .anniversary = kind { .anniversary } else { nil }
            contact.dates.append(LabeledValue(label: label, value: date))
            track(.date, contact.dates.count - 1, line)
        case .photo:
            guard let data = try photo(line, value) else {
                ignore(line)
                return
            }
            if once(.photo) { contact.imageData = data }
        case .kind:
            let text = try text()
            if text.caseInsensitiveEquals("org") || text.caseInsensitiveEquals("organization") {
                contact.contactType = .organization
            } else if text.caseInsensitiveEquals("individual") {
                contact.contactType = .person
            } else {
                ignore(line)
            }
        case .showAs:
            let text = try text()
            if text.caseInsensitiveEquals("company") {
                contact.contactType = .organization
            } else if text.caseInsensitiveEquals("person") {
                contact.contactType = .person
            } else {
                ignore(line)
            }
        case .groupLabel, .groupAddressCountry:
            guard let group = groupKey(line) else {
                ignore(line)
                return
            }
            let text = try text()
            var lines = groupLines[group] ?? (0, 0)
            if case .groupLabel = kind {
                lines.labels += 1
                if !text.isEmpty { groupLabels[group] = text }
            } else {
                lines.countries += 1
                groupCountries[group] = text
            }
            groupLines[group] = lines
        case .begin, .end, .version, .unknown:
            break
        }
    }

    /// The finished contact, once `END:VCARD` is read.
    mutating func finish() -> MutableContact {
        if !nameGiven, !organizationGiven, let formattedName, !formattedName.isEmpty {
            if contact.contactType == .organization {
                contact.organizationName = formattedName
            } else {
                contact.givenName = formattedName
            }
        }
        for (field, index, group) in pending {
            if field == .address, let code = groupCountries[group] {
                contact.postalAddresses[index].value.isoCountryCode = code
                usedGroups.insert(group)
            }
            guard let text = groupLabels[group] else { continue }
            let label = ContactLabel(rawValue: text)
            usedGroups.insert(group)
            switch field {
            case .phone: contact.phoneNumbers[index].label = label
            case .email: contact.emailAddresses[index].label = label
            case .address: contact.postalAddresses[index].label = label
            case .url: contact.urlAddresses[index].label = label
            case .instantMessage: contact.instantMessageAddresses[index].label = label
            case .social: contact.socialProfiles[index].label = label
            case .relation: contact.contactRelations[index].label = label
            case .date: contact.dates[index].label = label
            }
        }
        for (group, lines) in groupLines {
            // Every line beyond the one that labelled something is left out.
            let used = usedGroups.contains(group)
            let labelsIgnored = used && groupLabels[group] != nil ? lines.labels - 1 : lines.labels
            let countriesIgnored = used && groupCountries[group] != nil ? lines.countries - 1 : lines.countries
            if labelsIgnored > 0 { ignore("X-ABLABEL", labelsIgnored) }
            if countriesIgnored > 0 { ignore("X-ABADR", countriesIgnored) }
        }
        return contact
    }

    // MARK: Helpers

    private mutating func readVersion(_ line: VCardContentLine, _ decoder: VCardTextDecoder) throws(VCardFailure) {
        let text = try decoder.text(line.line, VCardBytes.trimmingSpaces(line.line, line.value))
        guard let parsed = VCardVersion(rawValue: text) else {
            throw VCardFailure(.unsupportedVersion, "VERSION \(text.prefix(16).debugDescription) is not 2.1, 3.0 or 4.0.")
        }
        version = parsed
    }

    private mutating func ignore(_ line: VCardContentLine) {
        ignore(VCardBytes.upperName(line.line, line.name), 1)
    }

    private mutating func ignore(_ name: String, _ count: Int) {
        ignoredCount += count
        ignored[name, default: 0] += count
    }

    private func groupKey(_ line: VCardContentLine) -> String? {
        guard let group = line.group else { return nil }
        return String(decoding: group.lazy.map { line.line[$0] | (line.line[$0] >= 65 && line.line[$0] <= 90 ? 32 : 0) }, as: UTF8.self)
    }

    private mutating func track(_ field: LabeledField, _ index: Int, _ line: VCardContentLine) {
        if let group = groupKey(line) { pending.append((field, index, group)) }
    }

    private func parameter(_ line: VCardContentLine, _ name: StaticString, _ decoder: VCardTextDecoder) throws(VCardFailure) -> String? {
        guard let range = line.firstParameter(name) else { return nil }
        return try decoder.parameterText(line.line, range)
    }

    /// The image of a `PHOTO`: base64 by `ENCODING`, or a `data:` URI; `nil` for a URL.
    private func photo(_ line: VCardContentLine, _ value: Value) throws(VCardFailure) -> Data? {
        if value.isBase64 { return try VCardTextDecoder.base64Data(line.line, line.value) }
        let source = line.line
        let range = line.value
        guard VCardBytes.hasPrefixIgnoringCase(source, range, "DATA:") else { return nil }
        var comma = range.lowerBound
        while comma < range.upperBound, source[comma] != 44 { comma += 1 }
        guard comma < range.upperBound else { throw VCardFailure(.invalidBase64, "A data: URI has no ',' before its data.") }
        let header = (range.lowerBound + 5)..<comma
        guard header.count >= 7, VCardBytes.equalsIgnoringCase(source, (header.upperBound - 7)..<header.upperBound, ";BASE64") else {
            return nil
        }
        return try VCardTextDecoder.base64Data(source, (comma + 1)..<range.upperBound)
    }

    /// A line's value after its transfer encoding, and the character set of its text.
    private struct Value {
        var source: UnsafeBufferPointer<UInt8>
        var range: Range<Int>
        var charset: VCardTextDecoder.Charset = .utf8
        var isBase64 = false

        init(_ line: VCardContentLine, decoder: VCardTextDecoder, isPhoto: Bool, version: VCardVersion) throws(VCardFailure) {
            source = line.line
            range = line.value
            if version == .v2_1 { charset = .utf8OrWindows1252 }
            var quotedPrintable = false
            for parameter in line.parameters {
                let isEncoding = line.parameter(parameter, isNamed: "ENCODING")
                let text = parameter.value
                guard isEncoding || parameter.name.isEmpty else {
                    if line.parameter(parameter, isNamed: "CHARSET") { charset = try Self.charset(line, text, decoder) }
                    continue
                }
                if VCardBytes.equalsIgnoringCase(line.line, text, "QUOTED-PRINTABLE") {
                    quotedPrintable = true
                } else if VCardBytes.equalsIgnoringCase(line.line, text, "BASE64") || VCardBytes.equalsIgnoringCase(line.line, text, "B") {
                    isBase64 = true
                }
            }
            if quotedPrintable {
                try decoder.decodeQuotedPrintable(source, range)
            } else if isBase64 && !isPhoto {
                try decoder.decodeBase64(source, range)
            } else {
                return
            }
            source = decoder.transferDecoded.view
            range = 0..<source.count
        }

        private static func charset(_ line: VCardContentLine, _ range: Range<Int>, _ decoder: VCardTextDecoder) throws(VCardFailure) -> VCardTextDecoder.Charset {
            let name = try decoder.parameterText(line.line, range).uppercased()
            switch name {
            case "UTF-8", "UTF8", "US-ASCII", "ASCII": return .utf8
            case "ISO-8859-1", "ISO8859-1", "LATIN1": return .latin1
            case "WINDOWS-1252", "CP1252": return .windows1252
            default: throw VCardFailure(.unsupportedCharset, "CHARSET \(name.prefix(32).debugDescription) is not supported.")
            }
        }
    }
}

extension String {
    fileprivate func caseInsensitiveEquals(_ other: String) -> Bool {
        utf8.count == other.utf8.count && zip(utf8, other.utf8).allSatisfy { VCardBytes.upper($0) == VCardBytes.upper($1) }
    }
}
