import Foundation

extension ContactFields {
    /// The texts by ``ContactRecord/textKeys``, field by field rather than through key paths,
    /// which are slow on the path that opens a database. The compiler cannot check that this
    /// list, ``setText(_:_:)`` and `textKeys` agree; the reopen tests do.
    var texts: [String] {
        [namePrefix, givenName, middleName, familyName, previousFamilyName, nameSuffix, nickname,
         phoneticGivenName, phoneticMiddleName, phoneticFamilyName, organizationName,
         phoneticOrganizationName, departmentName, jobTitle, note]
    }

    /// Sets the text at `index` of ``ContactRecord/textKeys``, which is in range.
    mutating func setText(_ index: Int, _ text: String) {
        switch index {
        case 0: namePrefix = text
        case 1: givenName = text
        case 2: middleName = text
        case 3: familyName = text
        case 4: previousFamilyName = text
        case 5: nameSuffix = text
        case 6: nickname = text
        case 7: phoneticGivenName = text
        case 8: phoneticMiddleName = text
        case 9: phoneticFamilyName = text
        case 10: organizationName = text
        case 11: phoneticOrganizationName = text
        case 12: departmentName = text
        case 13: jobTitle = text
        default: note = text
        }
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
        var builder = try ContactRowBuilder(identifier: identifier, serial: serial, contactType: contactType,
                                            containerIdentifier: containerIdentifier)
        guard texts.count == Self.textKeys.count else { throw StorageCoding.corrupt("a contact row with \(texts.count) texts") }
        for (index, text) in texts.enumerated() { builder.setText(index, text) }
        try builder.setRest(birthday: birthday, nonGregorianBirthday: nonGregorianBirthday, imageData: imageData,
                            thumbnailImageData: thumbnailImageData)
        // The builder takes each property's values together and in position order, as a
        // database reads them by its key; a record in any other order is sorted first.
        let inOrder = zip(labeledValues, labeledValues.dropFirst()).allSatisfy { ($0.property, $0.position) < ($1.property, $1.position) }
        let values = inOrder ? labeledValues : labeledValues.sorted { ($0.property, $0.position) < ($1.property, $1.position) }
        for value in values {
            guard let key = ContactKey(rawValue: value.property) else {
                throw StorageCoding.corrupt("labeled values of an unknown property \(value.property)")
            }
            try builder.appendLabeledValue(key, position: value.position, identifier: value.identifier, label: value.label,
                                           value: value.value)
        }
        return builder.storedContact()
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
