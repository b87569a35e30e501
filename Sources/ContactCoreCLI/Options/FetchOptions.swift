import ArgumentParser
import ContactCore
import Foundation

/// What a listing fetches and how it prints: `--keys`, `--sort`, `--format`.
struct FetchOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Keys to fetch, comma-separated, by Apple's names (givenName,phoneNumbers,…), or `all`.",
        valueName: "keys"), transform: KeyList.init(argument:))
    var keys: KeyList?

    @Option(help: "Order: given-name, family-name, none (insertion order) or user-default (the device's).")
    var sort: SortChoice = .userDefault

    @Option(help: "Output: table (for people), json (stable field names, for scripts) or vcard.")
    var format: ContactFormat = .table

    /// The keys to fetch: those asked for, else `defaults`; `all` is what the reader may read.
    func keys(for reader: Reader, defaults: [ContactKey]) -> [ContactKey] {
        switch keys {
        case nil: defaults
        case .all: reader.readableKeys
        case .named(let keys): keys
        }
    }
}

/// `--keys`: key names, or every key the reader may read.
enum KeyList {
    case all
    case named([ContactKey])

    init(argument: String) throws {
        if argument == "all" {
            self = .all
            return
        }
        var keys: [ContactKey] = []
        for name in argument.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            guard let key = ContactKey(rawValue: name) else {
                throw ValidationError("\"\(name)\" is not a contact key; the keys are \(ContactKey.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            if !keys.contains(key) { keys.append(key) }
        }
        guard !keys.isEmpty else { throw ValidationError("Name at least one key, or `all`.") }
        self = .named(keys)
    }
}

enum SortChoice: String, CaseIterable, ExpressibleByArgument {
    case givenName = "given-name"
    case familyName = "family-name"
    case none
    case userDefault = "user-default"

    var sortOrder: ContactCore.SortOrder {
        switch self {
        case .givenName: .givenName
        case .familyName: .familyName
        case .none: .none
        case .userDefault: .userDefault
        }
    }
}

enum ContactFormat: String, CaseIterable, ExpressibleByArgument {
    case table, json, vcard
}

/// The formats of output that is not contacts.
enum DataFormat: String, CaseIterable, ExpressibleByArgument {
    case table, json
}
