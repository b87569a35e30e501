/// A contact as the device stores it: every field, plus where and when it was added.
struct StoredContact: Hashable, Sendable {
    // Declared first so that it shares a cache line with the first names: an identifier fetch
    // reads the serial to sort, then the names to build the contact (Swift lays stored
    // properties out in declaration order).
    /// Insertion order, for ``SortOrder/none``.
    var serial: UInt64
    var contactType: ContactType
    var fields: ContactFields
    var containerIdentifier: String

    init(contactType: ContactType, fields: ContactFields, containerIdentifier: String, serial: UInt64) {
        self.serial = serial
        self.contactType = contactType
        self.fields = fields
        self.containerIdentifier = containerIdentifier
    }
}
