import Foundation

/// Texts by ``ContactRecord/textKeys`` (key paths are immutable: safe to share); the compiler
/// cannot check that the two lists agree, the reopen tests do.
nonisolated(unsafe) private let textPaths: [WritableKeyPath<ContactFields, String>] = [
    \.namePrefix, \.givenName, \.middleName, \.familyName, \.previousFamilyName, \.nameSuffix, \.nickname,
    \.phoneticGivenName, \.phoneticMiddleName, \.phoneticFamilyName, \.organizationName,
    \.phoneticOrganizationName, \.departmentName, \.jobTitle, \.note,
]

extension ContactRecord {
    init(identifier: String, _ stored: StoredContact) {
        let fields = stored.fields
        self.identifier = identifier
        serial = stored.serial
        contactType = stored.contactType.rawValue
        containerIdentifier = stored.containerIdentifier
        texts = textPaths.map { fields[keyPath: $0] }
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
        guard texts.count == textPaths.count else { throw StorageCoding.corrupt("a contact row with \(texts.count) texts") }
        var fields = ContactFields()
        for (path, text) in zip(textPaths, texts) { fields[keyPath: path] = text }
        fields.birthday = try birthday.map(StorageCoding.decode)
        fields.nonGregorianBirthday = try nonGregorianBirthday.map(StorageCoding.decode)
        fields.imageData = imageData
        fields.thumbnailImageData = thumbnailImageData
        var byProperty: [String: [LabeledValueRecord]] = [:]
        for value in labeledValues { byProperty[value.property, default: []].append(value) }
        func list<V>(_ key: ContactKey, _ decode: (String) throws(ContactError) -> V) throws(ContactError) -> [LabeledValue<V>] {
            guard let rows = byProperty.removeValue(forKey: key.rawValue) else { return [] }
            var result: [LabeledValue<V>] = []
            for (position, row) in rows.sorted(by: { $0.position < $1.position }).enumerated() {
                guard row.position == position, !row.identifier.isEmpty else {
                    throw StorageCoding.corrupt("the \(key.rawValue) of \(identifier) skip a position or lack an identifier")
                }
                var entry = LabeledValue(label: row.label.map(ContactLabel.init(rawValue:)), value: try decode(row.value))
                entry.identifier = row.identifier
                result.append(entry)
            }
            return result
        }
        fields.phoneNumbers = try list(.phoneNumbers) { PhoneNumber($0) }
        fields.emailAddresses = try list(.emailAddresses) { $0 }
        fields.postalAddresses = try list(.postalAddresses, StorageCoding.decode)
        fields.urlAddresses = try list(.urlAddresses) { $0 }
        fields.socialProfiles = try list(.socialProfiles, StorageCoding.decode)
        fields.instantMessageAddresses = try list(.instantMessageAddresses, StorageCoding.decode)
        fields.contactRelations = try list(.contactRelations, StorageCoding.decode)
        fields.dates = try list(.dates, StorageCoding.decode)
        if let unknown = byProperty.keys.first { throw StorageCoding.corrupt("labeled values of an unknown property \(unknown)") }
        return StoredContact(contactType: type, fields: fields, containerIdentifier: containerIdentifier, serial: serial)
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
