/// FuzzLargeStores' program: the one its bytes spell, with every name search followed by a
/// search of its first token's first two characters (``twoCharacters(_:)``).
///
/// A lookup gathers one postings list per indexed form that starts with its token, so a
/// contact with two such forms is in two lists: "기" meets 김 and 김민수 of one contact, "xi"
/// xiao and xiaoming. SPEC 7 lists that contact once. In a large index a lookup that finds
/// so few slots sorts them instead of setting bits, and only a token short enough to start
/// two forms, yet long enough to start few, takes that path: a random query draws one when
/// its table entry is cut to the right length.
package enum LargeStoreCheck {
    package static func program(_ program: Program) -> Program {
        program.replacingEachOperation { operation in
            guard case .fetch(let app, .name(let query), let keys, let sort) = operation, let prefix = twoCharacters(query) else {
                return [operation]
            }
            return [operation, .fetch(app: app, .name(prefix), keys: keys, sort: sort)]
        }
    }

    /// The first two characters of the query's first token, as a query of one token; `nil`
    /// when that token is no longer than two, or the query has none.
    static func twoCharacters(_ query: QueryText) -> QueryText? {
        guard let token = query.tokens.first, token.unicodeScalars.count > 2 else { return nil }
        var prefix = String.UnicodeScalarView()
        prefix.append(contentsOf: token.unicodeScalars.prefix(2))
        return QueryText(text: String(prefix), tokens: [String(prefix)])
    }
}
