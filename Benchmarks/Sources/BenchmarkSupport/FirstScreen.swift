import ContactCore

/// How a search field fills its first screen: `enumerateContacts` with the keys a row shows,
/// reading each contact, stopping at ``rows`` (the API Apple's Contacts has for it).
public enum FirstScreen {
    public static let rows = 50
    public static let keys: [ContactKey] = [.givenName, .familyName, .phoneNumbers]

    /// Reads the first ``rows`` contacts `store` finds for `predicate`; returns the bytes read,
    /// so the reads are not optimized away.
    public static func show(_ predicate: ContactPredicate, in store: ContactStore) throws -> Int {
        var shown = 0, read = 0
        try store.enumerateContacts(with: ContactFetchRequest(predicate: predicate, keysToFetch: keys)) {
            (contact, stop) throws(ContactError) in
            read += try show(contact)
            shown += 1
            stop = shown == rows
        }
        return read
    }

    /// Reads what a result row shows: the name and the numbers.
    @inline(never)
    static func show(_ contact: Contact) throws(ContactError) -> Int {
        try contact.givenName.utf8.count + contact.familyName.utf8.count + contact.phoneNumbers.count
    }
}
