import ArgumentParser
import ContactCore
import Foundation

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
