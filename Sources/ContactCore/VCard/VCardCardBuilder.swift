import Foundation

/// Builds one contact from the content lines of one card: SPEC 12's mapping, read side.
///
/// Single-valued properties keep their first occurrence; later ones are counted as ignored.
/// Multi-valued ones keep file order. Labels from `itemN.X-ABLabel` and country codes from
/// `itemN.X-ABADR` may come before or after the property they label, so they are applied when
/// the card ends. `FN` names the contact only when neither `N` nor `ORG` gives a name: then
/// it is the organization's name for an organization and the given name for a person.
///
/// One builder reads every card of a file (``reset()`` between cards), so its scratch arrays
/// and tables are allocated once per file, not once per card. Multi-valued properties collect
/// in those scratch arrays and are copied out at their exact size when the card ends: the
/// contacts a file gives are most of the memory a read takes.
struct VCardCardBuilder {
    private var fields = ContactFields()
    private var contactType = ContactType.person
    private(set) var version: VCardVersion = .v3_0
    private(set) var propertiesRead = 0
    private(set) var ignored: [String: Int] = [:]
    private(set) var ignoredCount = 0

    private var phoneNumbers: [LabeledValue<PhoneNumber>] = []
    private var emailAddresses: [LabeledValue<String>] = []
    private var postalAddresses: [LabeledValue<PostalAddress>] = []
    private var urlAddresses: [LabeledValue<String>] = []
    private var socialProfiles: [LabeledValue<SocialProfile>] = []
    private var instantMessageAddresses: [LabeledValue<InstantMessageAddress>] = []
    private var contactRelations: [LabeledValue<ContactRelation>] = []
    private var dates: [LabeledValue<ContactDate>] = []

    private enum LabeledField { case phone, email, address, url, instantMessage, social, relation, date }
    private var pending: [(field: LabeledField, index: Int, group: String)] = []
    /// What a card's `itemN.X-ABLabel` and `itemN.X-ABADR` lines said, by lower-cased group.
    private struct Group {
        var label: String?
        var country: String?
        var labelLines = 0
        var countryLines = 0
        /// Whether the label labelled something, and whether the code was set on an address:
        /// apart, so that what one line did never changes how the other is counted.
        var labelUsed = false
        var countryUsed = false
    }
    private var groups: [String: Group] = [:]
    /// Set by a property kept in part (a photo cut short), for ``takeKeptInPart()``.
    private var keptInPart: VCardFailure?

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
    /// The comma-separated values of one component (``listText``).
    private var values: [Range<Int>] = []

    /// Forgets the card before, keeping the scratch storage. `finish()` already emptied the
    /// field arrays; a card that failed may have left anything.
    mutating func reset() {
        fields = ContactFields()
        keptInPart = nil
        contactType = .person
        version = .v3_0
        propertiesRead = 0
        if !ignored.isEmpty { ignored.removeAll(keepingCapacity: true) }
        ignoredCount = 0
        Self.empty(&phoneNumbers)
        Self.empty(&emailAddresses)
        Self.empty(&postalAddresses)
        Self.empty(&urlAddresses)
        Self.empty(&socialProfiles)
        Self.empty(&instantMessageAddresses)
        Self.empty(&contactRelations)
        Self.empty(&dates)
        Self.empty(&pending)
        if !groups.isEmpty { groups.removeAll(keepingCapacity: true) }
        seen = 0
        formattedName = nil
        nameGiven = false
        organizationGiven = false
    }

    private static func empty<T>(_ scratch: inout [T]) {
        if !scratch.isEmpty { scratch.removeAll(keepingCapacity: true) }
    }

    /// Reads one content line into the contact. A line that throws leaves no trace: no field,
    /// no "read once" mark, no count; a lenient read drops it and goes on with the card.
    mutating func add(_ line: VCardContentLine, kind: VCardPropertyKind, decoder: VCardTextDecoder) throws(VCardFailure) {
        switch kind {
        case .begin, .end: return
        case .version: return try readVersion(line, decoder)
        case .unknown: ignore(line)
        default: try read(line, kind: kind, decoder: decoder)
        }
        propertiesRead += 1
    }

    private mutating func read(_ line: VCardContentLine, kind: VCardPropertyKind, decoder: VCardTextDecoder) throws(VCardFailure) {
        let isPhoto = if case .photo = kind { true } else { false }
        let value = try Value(line, decoder: decoder, isPhoto: isPhoto, version: version)
        let source = value.source
        let range = value.range
        func text() throws(VCardFailure) -> String { try decoder.text(source, range, charset: value.charset) }
        // A single-valued property seen before is ignored undecoded; one is seen once it has read.
        func isFirst(_ key: Seen) -> Bool {
            guard seen & 1 << key.rawValue == 0 else {
                ignore(line)
                return false
            }
            return true
        }
        func markSeen(_ key: Seen) { seen |= 1 << key.rawValue }

        switch kind {
        case .name:
            guard isFirst(.name) else { return }
            VCardTextDecoder.components(source, range, into: &components)
            // Missing components stay empty: the fields are, until the first N.
            var parts = ["", "", "", "", ""]
            for (position, component) in components.prefix(5).enumerated() {
                parts[position] = try listText(source, component, decoder, value.charset)
            }
            markSeen(.name)
            (fields.familyName, fields.givenName, fields.middleName, fields.namePrefix, fields.nameSuffix) =
                (parts[0], parts[1], parts[2], parts[3], parts[4])
            nameGiven = parts.contains { !$0.isEmpty }
        case .formattedName:
            guard isFirst(.formattedName) else { return }
            formattedName = try text()
            markSeen(.formattedName)
        case .nickname:
            guard isFirst(.nickname) else { return }
            VCardTextDecoder.components(source, range, separator: 44, into: &components)
            fields.nickname = try joinedText(source, components.indices, decoder, value.charset)
            markSeen(.nickname)
        case .organization:
            guard isFirst(.organization) else { return }
            VCardTextDecoder.components(source, range, into: &components)
            let organization = try decoder.text(source, components[0], charset: value.charset)
            fields.departmentName = try joinedText(source, components.indices.dropFirst(), decoder, value.charset)
            fields.organizationName = organization
            organizationGiven = !organization.isEmpty
            markSeen(.organization)
        case .title:
            if isFirst(.title) { fields.jobTitle = try text(); markSeen(.title) }
        case .maidenName:
            if isFirst(.maidenName) { fields.previousFamilyName = try text(); markSeen(.maidenName) }
        case .phoneticGivenName:
            if isFirst(.phoneticGivenName) { fields.phoneticGivenName = try text(); markSeen(.phoneticGivenName) }
        case .phoneticMiddleName:
            if isFirst(.phoneticMiddleName) { fields.phoneticMiddleName = try text(); markSeen(.phoneticMiddleName) }
        case .phoneticFamilyName:
            if isFirst(.phoneticFamilyName) { fields.phoneticFamilyName = try text(); markSeen(.phoneticFamilyName) }
        case .phoneticOrganizationName:
            if isFirst(.phoneticOrganizationName) {
                fields.phoneticOrganizationName = try text()
                markSeen(.phoneticOrganizationName)
            }
        case .note:
            if isFirst(.note) { fields.note = try text(); markSeen(.note) }
        case .phone:
            var number = try text()
            let valueType = line.firstParameter("VALUE")
            let isURI = valueType.map { VCardBytes.equalsIgnoringCase(line.line, $0, "URI") || VCardBytes.equalsIgnoringCase(line.line, $0, "\"URI\"") }
            if isURI ?? (version == .v4_0), number.utf8.count >= 4,
               zip(number.utf8, "TEL:".utf8).allSatisfy({ VCardBytes.upper($0) == $1 }) {
                number = String(decoding: number.utf8.dropFirst(4), as: UTF8.self)
            }
            let label = VCardLabels.phoneLabel(VCardLabels.Types(of: line))
            phoneNumbers.append(LabeledValue(label: label, value: PhoneNumber(number)))
            track(.phone, phoneNumbers.count - 1, line)
        case .email:
            let label = VCardLabels.placeLabel(VCardLabels.Types(of: line))
            emailAddresses.append(LabeledValue(label: label, value: try text()))
            track(.email, emailAddresses.count - 1, line)
        case .url:
            let label = VCardLabels.placeLabel(VCardLabels.Types(of: line))
            urlAddresses.append(LabeledValue(label: label, value: try text()))
            track(.url, urlAddresses.count - 1, line)
        case .address:
            VCardTextDecoder.components(source, range, into: &components)
            var address = PostalAddress()
            // Post office box, extended address and street make one street, the empty ones left out.
            for (position, component) in components.prefix(7).enumerated() {
                let part = try listText(source, component, decoder, value.charset)
                switch position {
                case 0...2:
                    guard !part.isEmpty else { break }
                    if address.street.isEmpty { address.street = part } else { address.street += "\n" + part }
                case 3: address.city = part
                case 4: address.state = part
                case 5: address.postalCode = part
                default: address.country = part
                }
            }
            address.subLocality = try parameter(line, "X-APPLE-SUBLOCALITY", decoder) ?? ""
            address.subAdministrativeArea = try parameter(line, "X-APPLE-SUBADMINISTRATIVEAREA", decoder) ?? ""
            let label = VCardLabels.placeLabel(VCardLabels.Types(of: line))
            postalAddresses.append(LabeledValue(label: label, value: address))
            track(.address, postalAddresses.count - 1, line)
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
            instantMessageAddresses.append(LabeledValue(label: label, value: InstantMessageAddress(username: username, service: service)))
            track(.instantMessage, instantMessageAddresses.count - 1, line)
        case .legacyInstantMessage(let service):
            let label = VCardLabels.placeLabel(VCardLabels.Types(of: line))
            instantMessageAddresses.append(LabeledValue(label: label, value: InstantMessageAddress(username: try text(), service: service)))
            track(.instantMessage, instantMessageAddresses.count - 1, line)
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
            socialProfiles.append(LabeledValue(label: nil, value: profile))
            track(.social, socialProfiles.count - 1, line)
        case .related, .relatedNames, .labeledRelation:
            let label = if case .labeledRelation(let label) = kind { label } else { VCardLabels.relationLabel(of: line) }
            contactRelations.append(LabeledValue(label: label, value: ContactRelation(name: try text())))
            track(.relation, contactRelations.count - 1, line)
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
                if isFirst(.birthday) {
                    fields.birthday = date
                    markSeen(.birthday)
                }
                return
            }
            let label: ContactLabel? = if case .anniversary = kind { .anniversary } else { nil }
            dates.append(LabeledValue(label: label, value: date))
            track(.date, dates.count - 1, line)
        case .photo:
            guard let data = try photo(line, value) else {
                ignore(line)
                return
            }
            if isFirst(.photo) {
                fields.imageData = data
                markSeen(.photo)
            }
        case .kind:
            let text = try text()
            if text.caseInsensitiveEquals("org") || text.caseInsensitiveEquals("organization") {
                contactType = .organization
            } else if text.caseInsensitiveEquals("individual") {
                contactType = .person
            } else {
                ignore(line)
            }
        case .showAs:
            let text = try text()
            if text.caseInsensitiveEquals("company") {
                contactType = .organization
            } else if text.caseInsensitiveEquals("person") {
                contactType = .person
            } else {
                ignore(line)
            }
        case .groupLabel, .groupAddressCountry:
            guard let group = groupKey(line) else {
                ignore(line)
                return
            }
            let text = try text()
            if case .groupLabel = kind {
                groups[group, default: Group()].labelLines += 1
                if !text.isEmpty { groups[group, default: Group()].label = text }
            } else if CountryCode.isCode(text) {
                // An ISO 3166 code is two letters; anything else (a street, a country's name) is not one.
                groups[group, default: Group()].countryLines += 1
                groups[group, default: Group()].country = CountryCode.normalized(text)
            } else {
                ignore(line)
            }
        case .begin, .end, .version, .unknown:
            break
        }
    }

    /// The finished contact, once `END:VCARD` is read.
    mutating func finish() -> MutableContact {
        if !nameGiven, !organizationGiven, let formattedName, !formattedName.isEmpty {
            if contactType == .organization {
                fields.organizationName = formattedName
            } else {
                fields.givenName = formattedName
            }
        }
        for (field, index, group) in pending {
            guard let found = groups[group] else { continue }
            if field == .address, let code = found.country {
                postalAddresses[index].value.isoCountryCode = code
                groups[group]?.countryUsed = true
            }
            guard let text = found.label else { continue }
            // A label Apple writes is kept as a number by `LabeledValue`, not as this text.
            let label = ContactLabel(rawValue: text)
            groups[group]?.labelUsed = true
            switch field {
            case .phone: phoneNumbers[index].label = label
            case .email: emailAddresses[index].label = label
            case .address: postalAddresses[index].label = label
            case .url: urlAddresses[index].label = label
            case .instantMessage: instantMessageAddresses[index].label = label
            case .social: socialProfiles[index].label = label
            case .relation: contactRelations[index].label = label
            case .date: dates[index].label = label
            }
        }
        for group in groups.values {
            // Every line beyond the one that labelled something is left out.
            let labelsIgnored = group.labelUsed ? group.labelLines - 1 : group.labelLines
            let countriesIgnored = group.countryUsed ? group.countryLines - 1 : group.countryLines
            if labelsIgnored > 0 { ignore("X-ABLABEL", labelsIgnored) }
            if countriesIgnored > 0 { ignore("X-ABADR", countriesIgnored) }
        }
        fields.phoneNumbers = Self.exact(&phoneNumbers)
        fields.emailAddresses = Self.exact(&emailAddresses)
        fields.postalAddresses = Self.exact(&postalAddresses)
        fields.urlAddresses = Self.exact(&urlAddresses)
        fields.socialProfiles = Self.exact(&socialProfiles)
        fields.instantMessageAddresses = Self.exact(&instantMessageAddresses)
        fields.contactRelations = Self.exact(&contactRelations)
        fields.dates = Self.exact(&dates)
        // A new contact carries every key, as `MutableContact()` does.
        let contact = MutableContact(identifier: nil, contactType: contactType, fields: fields, keys: .all)
        fields = ContactFields()
        return contact
    }

    /// `scratch` copied into storage of its exact size, and emptied for the next card.
    private static func exact<T>(_ scratch: inout [T]) -> [T] {
        guard !scratch.isEmpty else { return [] }
        let copy = [T](unsafeUninitializedCapacity: scratch.count) { buffer, count in
            count = buffer.initialize(fromContentsOf: scratch)
        }
        scratch.removeAll(keepingCapacity: true)
        return copy
    }

    /// A component of `N` or `ADR`: in 3.0 and 4.0 a comma separates its values, which are
    /// joined with one space, the empty ones left out (SPEC 12); in 2.1 a comma is text.
    private mutating func listText(
        _ source: UnsafeBufferPointer<UInt8>, _ component: Range<Int>, _ decoder: VCardTextDecoder, _ charset: VCardTextDecoder.Charset
    ) throws(VCardFailure) -> String {
        guard version != .v2_1 else { return try decoder.text(source, component, charset: charset) }
        VCardTextDecoder.components(source, component, separator: 44, into: &values)
        if values.count == 1 { return try decoder.text(source, component, charset: charset) }
        var joined = ""
        for piece in values {
            let text = try decoder.text(source, piece, charset: charset)
            guard !text.isEmpty else { continue }
            joined += joined.isEmpty ? text : " " + text
        }
        return joined
    }

    /// The texts of `components[positions]`, joined by ", ".
    private func joinedText(
        _ source: UnsafeBufferPointer<UInt8>, _ positions: some Sequence<Int>, _ decoder: VCardTextDecoder,
        _ charset: VCardTextDecoder.Charset
    ) throws(VCardFailure) -> String {
        var joined = ""
        var first = true
        for position in positions {
            let part = try decoder.text(source, components[position], charset: charset)
            if first { joined = part } else { joined += ", " + part }
            first = false
        }
        return joined
    }

    // MARK: Helpers

    private mutating func readVersion(_ line: VCardContentLine, _ decoder: VCardTextDecoder) throws(VCardFailure) {
        let value = VCardBytes.trimmingSpaces(line.line, line.value)
        for known in VCardVersion.allCases where VCardBytes.equals(line.line, value, known.bytes) {
            version = known
            return
        }
        let text = try decoder.text(line.line, value)
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
        // A group is name bytes and dots (ASCII): lower-cased byte for byte, valid UTF-8.
        return String(unsafeUninitializedCapacity: group.count) { buffer in
            for (offset, index) in group.enumerated() {
                let byte = line.line[index]
                buffer[offset] = byte >= 65 && byte <= 90 ? byte | 32 : byte
            }
            return group.count
        }
    }

    private mutating func track(_ field: LabeledField, _ index: Int, _ line: VCardContentLine) {
        if let group = groupKey(line) { pending.append((field, index, group)) }
    }

    private func parameter(_ line: VCardContentLine, _ name: StaticString, _ decoder: VCardTextDecoder) throws(VCardFailure) -> String? {
        guard let range = line.firstParameter(name) else { return nil }
        return try decoder.parameterText(line.line, range)
    }

    /// The image of a `PHOTO`: base64 by `ENCODING`, or a `data:` URI; `nil` for a URL. An
    /// image cut short is its whole bytes, and sets ``keptInPart``.
    private mutating func photo(_ line: VCardContentLine, _ value: Value) throws(VCardFailure) -> Data? {
        if value.isBase64 { return keepingCut(try VCardTextDecoder.base64Data(line.line, line.value)) }
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
        return keepingCut(try VCardTextDecoder.base64Data(source, (comma + 1)..<range.upperBound))
    }

    private mutating func keepingCut(_ decoded: (data: Data, cutShort: Bool)) -> Data {
        if decoded.cutShort {
            keptInPart = VCardFailure(.truncatedBase64, "The photo's base64 data ends in the middle of a byte (cut short); "
                                      + "its first \(decoded.data.count) bytes are kept.")
        }
        return decoded.data
    }

    /// Why the last property read was kept only in part; the decoder takes it after each line.
    mutating func takeKeptInPart() -> VCardFailure? {
        defer { keptInPart = nil }
        return keptInPart
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
