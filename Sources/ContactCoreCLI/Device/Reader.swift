import ContactCore

/// Who reads the device: the person, who sees every contact and key, or an app, through its
/// store and so under its access.
enum Reader {
    case person(ContactDevice)
    case app(ContactStore)

    /// The keys `all` means: every key, but the note for an app without the notes entitlement.
    var readableKeys: [ContactKey] {
        switch self {
        case .person: ContactKey.allCases
        case .app(let store): ContactKey.allCases.filter { $0 != .note || store.app.hasNotesEntitlement }
        }
    }

    func contacts(_ predicate: ContactPredicate?, keys: [ContactKey], sortOrder: SortOrder) throws(ContactError) -> [Contact] {
        let request = ContactFetchRequest(predicate: predicate, keysToFetch: keys, sortOrder: sortOrder)
        switch self {
        case .person(let device): return try device.personContacts(for: request)
        case .app(let store): return try store.contacts(for: request)
        }
    }

    /// The contact, or ``ContactCore/ContactError/Code/recordDoesNotExist`` whether it is
    /// missing or only invisible to the app.
    func contact(_ identifier: String, keys: [ContactKey]) throws(ContactError) -> Contact {
        switch self {
        case .person(let device):
            guard let contact = try device.personContacts(
                for: ContactFetchRequest(predicate: .identifiers([identifier]), keysToFetch: keys)).first
            else {
                throw ContactError(.recordDoesNotExist, "The record does not exist.", affectedIdentifiers: [identifier])
            }
            return contact
        case .app(let store):
            return try store.unifiedContact(withIdentifier: identifier, keysToFetch: keys)
        }
    }

    func groups() throws(ContactError) -> [ContactGroup] {
        switch self {
        case .person(let device): device.personGroups
        case .app(let store): try store.groups()
        }
    }
}
