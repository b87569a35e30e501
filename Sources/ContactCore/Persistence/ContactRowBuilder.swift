import Foundation

/// One contact being read from storage, column by column, straight into the device's own
/// value: a back end that reads its rows in order adds it to a ``ContactTable`` with no
/// ``ContactRecord`` in between.
///
/// Labeled values must come grouped by property and in position order, as a database reads
/// them by its key; a value out of that order is ``ContactError/Code/storageCorrupt``, as it is
/// from a record (which ``ContactRecord`` sorts first).
package struct ContactRowBuilder: Sendable {
    package let identifier: String
    let serial: UInt64
    let containerIdentifier: String
    private let contactType: ContactType
    private var fields = ContactFields()

    /// - Throws: ``ContactError/Code/storageCorrupt`` for a contact type no device writes.
    package init(identifier: String, serial: UInt64, contactType: Int, containerIdentifier: String) throws(ContactError) {
        guard let type = ContactType(rawValue: contactType) else { throw StorageCoding.corrupt("contact type \(contactType)") }
        self.identifier = identifier
        self.serial = serial
        self.contactType = type
        self.containerIdentifier = containerIdentifier
    }

    /// Sets the text field at `index` of ``ContactRecord/textKeys``, which is in range.
    package mutating func setText(_ index: Int, _ text: String) {
        if !text.isEmpty { fields.setText(index, text) }
    }

    /// Sets the dates, images and thumbnails: dates as ``StorageCoding`` wrote them.
    ///
    /// - Throws: ``ContactError/Code/storageCorrupt`` for a date that does not decode.
    package mutating func setRest(birthday: String?, nonGregorianBirthday: String?, imageData: Data?,
                                  thumbnailImageData: Data?) throws(ContactError) {
        if let birthday { fields.birthday = try StorageCoding.decode(birthday) }
        if let nonGregorianBirthday { fields.nonGregorianBirthday = try StorageCoding.decode(nonGregorianBirthday) }
        fields.imageData = imageData
        if let thumbnailImageData { fields.thumbnailImageData = thumbnailImageData }
    }

    /// Appends one entry of a multi-valued field: the next position of `property`.
    ///
    /// - Throws: ``ContactError/Code/storageCorrupt`` for a property that is not multi-valued,
    ///   a position other than the next one, an empty identifier or a value that does not decode.
    package mutating func appendLabeledValue(
        _ property: ContactKey, position: Int, identifier: String, label: String?, value: String
    ) throws(ContactError) {
        let contact = self.identifier
        func append<V>(_ list: inout [LabeledValue<V>], _ decode: (String) throws(ContactError) -> V) throws(ContactError) {
            guard position == list.count, !identifier.isEmpty else {
                throw StorageCoding.corrupt("the \(property.rawValue) of \(contact) skip a position or lack an identifier")
            }
            var entry = LabeledValue(label: label.map(ContactLabel.init(rawValue:)), value: try decode(value))
            entry.identifier = identifier
            list.append(entry)
        }
        switch property {
        case .phoneNumbers: try append(&fields.phoneNumbers) { PhoneNumber($0) }
        case .emailAddresses: try append(&fields.emailAddresses) { $0 }
        case .postalAddresses: try append(&fields.postalAddresses, StorageCoding.decode)
        case .urlAddresses: try append(&fields.urlAddresses) { $0 }
        case .socialProfiles: try append(&fields.socialProfiles, StorageCoding.decode)
        case .instantMessageAddresses: try append(&fields.instantMessageAddresses, StorageCoding.decode)
        case .contactRelations: try append(&fields.contactRelations, StorageCoding.decode)
        case .dates: try append(&fields.dates, StorageCoding.decode)
        default: throw StorageCoding.corrupt("labeled values of an unknown property \(property.rawValue)")
        }
    }

    /// The contact as the device stores it, its fields moved rather than copied.
    consuming func storedContact() -> StoredContact {
        StoredContact(contactType: contactType, fields: fields, containerIdentifier: containerIdentifier, serial: serial)
    }
}
