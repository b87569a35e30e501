import ArgumentParser
import ContactCore

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
