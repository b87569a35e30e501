/// The name tokens one bulk build has made, and their first characters' index keys, so that
/// contacts with the same name share them.
///
/// Given and family names repeat across an address book. Without the pool each contact holds
/// its own copy of each token, an allocation apiece; with it, a text met before costs a lookup
/// and no normalization, and its tokens share storage with every earlier contact's.
/// Bounded, as a build of unique names would otherwise keep a map as large as the index.
struct TokenPool {
    private var tokensByText: [String: [SearchText.Token]] = [:]
    /// Tokens made by joining two others (``ContactSearchKeys/NameField/familyGiven``).
    private var joined: Set<SearchText.Token> = []
    /// The keys of the index of first characters, by a first character's UTF-8 bytes as one
    /// number (``SearchIndex``'s, beyond ASCII).
    private var leading: [UInt32: LeadingKeys] = [:]
    /// Texts, joined tokens and first characters kept, each; past it, new ones are made and not kept.
    private let keeps: Int

    /// How many texts, and as many joined tokens and first characters, a bulk build's pool keeps.
    static let limit = 1 << 16

    /// A pool that keeps up to `limit` texts and as many joined tokens and first characters. A
    /// pool of one contact's keys keeps none: it would be thrown away with what it allocated.
    init(keeping limit: Int = TokenPool.limit) {
        keeps = limit
    }

    /// ``SearchText/tokens(of:)``, the same arrays for the same text.
    mutating func tokens(of text: String) -> [SearchText.Token] {
        if let known = tokensByText[text] { return known }
        let made = SearchText.tokens(of: text)
        if tokensByText.count < keeps { tokensByText[text] = made }
        return made
    }

    /// A first character's keys in the index of first characters.
    struct LeadingKeys {
        /// The character's UTF-8 bytes as one number.
        var character: UInt32
        /// The character.
        var first: SearchText.Token
        /// The character marked as a second form's.
        var second: SearchText.Token
    }

    /// The keys `make` makes for the first character whose UTF-8 bytes are `character`, the
    /// same arrays for the same character.
    mutating func leadingKeys(of character: UInt32, _ make: () -> LeadingKeys) -> LeadingKeys {
        if let known = leading[character] { return known }
        let made = make()
        if leading.count < keeps { leading[character] = made }
        return made
    }

    /// `token`, or an equal one the pool holds.
    mutating func shared(_ token: SearchText.Token) -> SearchText.Token {
        if let known = joined.firstIndex(of: token) { return joined[known] }
        if joined.count < keeps { joined.insert(token) }
        return token
    }
}
