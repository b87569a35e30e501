import ContactCore
import Foundation

/// Fetched contacts in each of the tool's formats.
enum ContactOutput {
    /// The keys a listing fetches unless `--keys` says otherwise.
    static let defaultKeys: [ContactKey] = [.givenName, .familyName, .organizationName, .phoneNumbers, .emailAddresses]

    /// The keys the person's name is read from, for ``displayName(of:)``.
    static let nameKeys: [ContactKey] = [.givenName, .middleName, .familyName, .organizationName, .nickname,
                                         .emailAddresses, .phoneNumbers]

    static func print(_ contacts: [Contact], keys: [ContactKey], format: ContactFormat) {
        switch format {
        case .table: Output.lines(table(contacts, keys: keys))
        case .json: Output.write(json(contacts).text)
        case .vcard: Output.write(VCardSerialization.data(from: contacts))
        }
    }

    /// One row per contact: its identifier, then a column per key.
    static func table(_ contacts: [Contact], keys: [ContactKey]) -> [String] {
        var table = Table(header: ["identifier"] + keys.map(\.rawValue))
        table.rows = contacts.map { contact in [contact.identifier] + keys.map { ContactProperty(contact, $0).cell } }
        return table.lines
    }

    /// Each contact as a block of `key  label  value` lines, blocks apart by an empty line.
    static func details(_ contacts: [Contact], keys: [ContactKey]) -> [String] {
        contacts.enumerated().flatMap { index, contact in
            var table = Table(header: ["identifier", "", contact.identifier])
            table.rows.append(["contactType", "", "\(contact.contactType)"])
            for key in keys {
                let property = ContactProperty(contact, key)
                for (position, entry) in property.entries.enumerated() {
                    table.rows.append([position == 0 ? key.rawValue : "", ContactProperty.name(of: entry.label), entry.text])
                }
            }
            return (index == 0 ? [] : [""]) + table.lines
        }
    }

    /// An array of objects with stable field names: `identifier`, `contactType` and each
    /// fetched key by its Apple name (``ContactCore/ContactKey``'s raw value).
    static func json(_ contacts: [Contact]) -> JSON {
        .array(contacts.map(json))
    }

    static func json(_ contact: Contact) -> JSON {
        var members: [String: JSON] = ["identifier": .string(contact.identifier),
                                       "contactType": .string("\(contact.contactType)")]
        for key in contact.availableKeys { members[key.rawValue] = ContactProperty(contact, key).json }
        return .object(members)
    }

    /// The name the person would read: given, middle and family names, else the organization,
    /// nickname, an address or a number; from the keys the contact carries.
    static func displayName(of contact: Contact) -> String {
        func value(_ key: ContactKey) -> String { contact.isKeyAvailable(key) ? ContactProperty(contact, key).cell : "" }
        let person = [ContactKey.givenName, .middleName, .familyName].map(value).filter { !$0.isEmpty }
        if !person.isEmpty { return person.joined(separator: " ") }
        let fallbacks = [ContactKey.organizationName, .nickname, .emailAddresses, .phoneNumbers].map { key in
            contact.isKeyAvailable(key) ? ContactProperty(contact, key).entries.first?.text ?? "" : ""
        }
        return fallbacks.first { !$0.isEmpty } ?? ""
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
