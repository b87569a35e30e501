import ArgumentParser

/// `--format` of listings of contacts.
enum ContactFormat: String, CaseIterable, ExpressibleByArgument {
    case table, json, vcard
}
