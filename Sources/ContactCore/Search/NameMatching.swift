import Foundation

/// The name rule of ``ContactPredicate/name(_:)``: every query token is a prefix of a
/// different name token. Tokens are folded for case, diacritics and width, and split at
/// anything that is not a letter or digit.
enum NameMatching {
    static func tokens(of text: String) -> [String] {
        SortKey.fold(text)
            .split { !($0.isLetter || $0.isNumber) }
            .map(String.init)
    }

    /// The name tokens of a contact, from every name field search reads.
    static func nameTokens(of fields: ContactFields) -> [String] {
        [
            fields.givenName, fields.middleName, fields.familyName, fields.previousFamilyName, fields.nickname,
            fields.phoneticGivenName, fields.phoneticMiddleName, fields.phoneticFamilyName,
            fields.organizationName, fields.phoneticOrganizationName,
        ].flatMap(tokens(of:))
    }

    /// Whether each query token can be given its own name token that it prefixes.
    static func matches(queryTokens: [String], nameTokens: [String]) -> Bool {
        var used = [Bool](repeating: false, count: nameTokens.count)
        func assign(_ index: Int) -> Bool {
            if index == queryTokens.count { return true }
            for (slot, token) in nameTokens.enumerated() where !used[slot] && token.hasPrefix(queryTokens[index]) {
                used[slot] = true
                if assign(index + 1) { return true }
                used[slot] = false
            }
            return false
        }
        return assign(0)
    }
}
