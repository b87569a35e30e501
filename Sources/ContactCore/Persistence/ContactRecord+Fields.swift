import Foundation

extension ContactFields {
    /// The texts by ``ContactRecord/textKeys``, field by field rather than through key paths,
    /// which are slow on the path that opens a database. The compiler cannot check that this
    /// list, ``setTexts(_:)`` and `textKeys` agree; the reopen tests do.
    var texts: [String] {
        [namePrefix, givenName, middleName, familyName, previousFamilyName, nameSuffix, nickname,
         phoneticGivenName, phoneticMiddleName, phoneticFamilyName, organizationName,
         phoneticOrganizationName, departmentName, jobTitle, note]
    }

    /// Sets the texts from a list in ``ContactRecord/textKeys`` order, which has exactly
    /// ``ContactRecord/textKeys``'s count.
    mutating func setTexts(_ texts: [String]) {
        namePrefix = texts[0]
        givenName = texts[1]
        middleName = texts[2]
        familyName = texts[3]
        previousFamilyName = texts[4]
        nameSuffix = texts[5]
        nickname = texts[6]
        phoneticGivenName = texts[7]
        phoneticMiddleName = texts[8]
        phoneticFamilyName = texts[9]
        organizationName = texts[10]
        phoneticOrganizationName = texts[11]
        departmentName = texts[12]
        jobTitle = texts[13]
        note = texts[14]
    }
}

extension ContactRecord {
    init(identifier: String, _ stored: StoredContact) {
        let fields = stored.fields
        self.identifier = identifier
        serial = stored.serial
        contactType = stored.contactType.rawValue
        containerIdentifier = stored.containerIdentifier
        texts = fields.texts
        birthday = fields.birthday.map(StorageCoding.json)
        nonGregorianBirthday = fields.nonGregorianBirthday.map(StorageCoding.json)
        imageData = fields.imageData
        thumbnailImageData = fields.thumbnailImageData
        var values: [LabeledValueRecord] = []
        func add<V>(_ key: ContactKey, _ list: [LabeledValue<V>], _ encode: (V) -> String) {
            for (position, entry) in list.enumerated() {
                values.append(LabeledValueRecord(property: key.rawValue, position: position, identifier: entry.identifier,
                                                 label: entry.label?.rawValue, value: encode(entry.value)))
            }
        }
        add(.phoneNumbers, fields.phoneNumbers, \.stringValue)
        add(.emailAddresses, fields.emailAddresses) { $0 }
        add(.postalAddresses, fields.postalAddresses, StorageCoding.json)
        add(.urlAddresses, fields.urlAddresses) { $0 }
        add(.socialProfiles, fields.socialProfiles, StorageCoding.json)
        add(.instantMessageAddresses, fields.instantMessageAddresses, StorageCoding.json)
        add(.contactRelations, fields.contactRelations, StorageCoding.json)
        add(.dates, fields.dates, StorageCoding.json)
        labeledValues = values
    }

    /// The stored contact, or ``ContactError/Code/storageCorrupt`` for values no device writes.
    func storedContact() throws(ContactError) -> StoredContact {
        guard let type = ContactType(rawValue: contactType) else { throw StorageCoding.corrupt("contact type \(contactType)") }
        guard texts.count == Self.textKeys.count else { throw StorageCoding.corrupt("a contact row with \(texts.count) texts") }
        var fields = ContactFields()
        fields.setTexts(texts)
        fields.birthday = try birthday.map(StorageCoding.decode)
        fields.nonGregorianBirthday = try nonGregorianBirthday.map(StorageCoding.decode)
        fields.imageData = imageData
        fields.thumbnailImageData = thumbnailImageData
        // The values come grouped by property (a database reads them in key order); values
        // of one property in several runs are grouped first.
        var values = labeledValues[...]
        while let property = values.first?.property {
            let run = values.prefix { $0.property == property }
            values = values.dropFirst(run.count)
            guard try fields.setLabeledValues(run, of: property, contact: identifier) else {
                var grouped = self
                grouped.labeledValues.sort { $0.property < $1.property }
                return try grouped.storedContact()
            }
        }
        return StoredContact(contactType: type, fields: fields, containerIdentifier: containerIdentifier, serial: serial)
    }
}

extension ContactFields {
    /// Sets one multi-valued field from all of its rows, in any order of positions; `false`,
    /// changing nothing, if the field already has values (its rows were not all together).
    fileprivate mutating func setLabeledValues(
        _ rows: ArraySlice<LabeledValueRecord>, of property: String, contact: String
    ) throws(ContactError) -> Bool {
        func list<V>(_ decode: (String) throws(ContactError) -> V) throws(ContactError) -> [LabeledValue<V>] {
            var rows = rows
            if !rows.indices.allSatisfy({ rows[$0].position == $0 - rows.startIndex }) { rows.sort { $0.position < $1.position } }
            var result: [LabeledValue<V>] = []
            result.reserveCapacity(rows.count)
            for (position, row) in rows.enumerated() {
                guard row.position == position, !row.identifier.isEmpty else {
                    throw StorageCoding.corrupt("the \(property) of \(contact) skip a position or lack an identifier")
                }
                var entry = LabeledValue(label: row.label.map(ContactLabel.init(rawValue:)), value: try decode(row.value))
                entry.identifier = row.identifier
                result.append(entry)
            }
            return result
        }
        func set<V>(_ field: inout [LabeledValue<V>], _ decode: (String) throws(ContactError) -> V) throws(ContactError) -> Bool {
            guard field.isEmpty else { return false }
            field = try list(decode)
            return true
        }
        switch ContactKey(rawValue: property) {
        case .phoneNumbers: return try set(&phoneNumbers) { PhoneNumber($0) }
        case .emailAddresses: return try set(&emailAddresses) { $0 }
        case .postalAddresses: return try set(&postalAddresses, StorageCoding.decode)
        case .urlAddresses: return try set(&urlAddresses) { $0 }
        case .socialProfiles: return try set(&socialProfiles, StorageCoding.decode)
        case .instantMessageAddresses: return try set(&instantMessageAddresses, StorageCoding.decode)
        case .contactRelations: return try set(&contactRelations, StorageCoding.decode)
        case .dates: return try set(&dates, StorageCoding.decode)
        default: throw StorageCoding.corrupt("labeled values of an unknown property \(property)")
        }
    }
}

/// How structured values are written as text, and the error for anything that does not read back.
package enum StorageCoding {
    static func json(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        // Encoding plain structs of strings and integers cannot fail.
        guard let data = try? encoder.encode(value) else { return "" }
        return String(decoding: data, as: UTF8.self)
    }

    static func decode<T: Decodable>(_ text: String) throws(ContactError) -> T {
        do {
            return try JSONDecoder().decode(T.self, from: Data(text.utf8))
        } catch {
            throw corrupt("a stored \(T.self) that does not decode")
        }
    }

    package static func corrupt(_ what: String) -> ContactError {
        ContactError(.storageCorrupt, "The database is damaged: \(what).")
    }
}
