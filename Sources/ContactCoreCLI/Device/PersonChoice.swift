import ContactCore

/// Contacts the person picks, by identifier or by typing a name as in the Contacts search:
/// the person sees the whole device, whatever the app sees.
enum PersonChoice {
    /// The contacts named, in order, each once.
    ///
    /// - Throws: ``ToolError/Code/noSuchContact`` for an identifier of no contact or a name
    ///   no contact matches: the person cannot pick what is not there.
    static func resolve(identifiers: [String], names: [String], on device: ContactDevice) throws -> [String] {
        var chosen: [String] = []
        for identifier in identifiers {
            let found = try device.personContacts(for: ContactFetchRequest(predicate: .identifiers([identifier]), keysToFetch: []))
            guard let contact = found.first else {
                throw ToolError(.noSuchContact, "No contact \(identifier) on the device.")
            }
            chosen.append(contact.identifier)
        }
        for name in names {
            let found = try device.personContacts(
                for: ContactFetchRequest(predicate: .name(name), keysToFetch: [], sortOrder: .userDefault))
            guard !found.isEmpty else {
                throw ToolError(.noSuchContact, "No contact's name matches \"\(name)\".")
            }
            chosen += found.map(\.identifier)
        }
        var seen = Set<String>()
        return chosen.filter { seen.insert($0).inserted }
    }
}
