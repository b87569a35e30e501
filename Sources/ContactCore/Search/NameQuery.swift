/// A name query normalized once: a contact matches when every query token is a prefix of a
/// different form of its name tokens (SPEC 7).
struct NameQuery: Hashable, Sendable {
    let tokens: [SearchText.Token]

    /// A query of tokens that are already normalized.
    init(tokens: [SearchText.Token]) {
        self.tokens = tokens
    }

    init(_ text: String) {
        tokens = SearchText.tokens(of: text)
    }

    /// A query with no token matches nothing (and is `predicateInvalid` for the store).
    var isEmpty: Bool { tokens.isEmpty }

    /// Whether each query token prefixes its own form of the contact's names; with
    /// `includingOrganization` false, only the person's names count.
    func matches(_ keys: ContactSearchKeys, includingOrganization: Bool = true) -> Bool {
        guard !tokens.isEmpty else { return false }
        if tokens.count == 1 {
            // One token needs only some form it prefixes: no assignment, no allocation.
            return keys.names.contains { name in
                (includingOrganization || !name.field.isOrganization) && name.forms.contains { $0.hasBytePrefix(tokens[0]) }
            }
        }
        if tokens.count <= TokenAssignment.hallLimit {
            return TokenAssignment.existsByHall(query: tokens, names: keys.names, includingOrganization: includingOrganization)
        }
        var forms: [SearchText.Token] = []
        for name in keys.names where includingOrganization || !name.field.isOrganization {
            forms.append(contentsOf: name.forms)
        }
        return TokenAssignment.exists(query: tokens, forms: forms)
    }

    /// Whether the query is the person's full name: exactly the tokens of the given, middle
    /// and family names in any order, or the run-together CJK family and given name.
    func isExactFullName(of keys: ContactSearchKeys) -> Bool {
        let full = keys.names.filter(\.field.isFullName).map(\.token)
        if full.count == tokens.count,
           full.sorted(by: { $0.bytesPrecede($1) }) == tokens.sorted(by: { $0.bytesPrecede($1) }) {
            return true
        }
        return tokens.count == 1 && keys.names.contains { $0.field == .familyGiven && $0.token == tokens[0] }
    }

    /// How well the contact's names match, or `nil` if they do not.
    func rank(of keys: ContactSearchKeys) -> SearchRank? {
        guard matches(keys) else { return nil }
        if isExactFullName(of: keys) { return .exactFullName }
        return matches(keys, includingOrganization: false) ? .namePrefix : .organization
    }
}

/// The order of search results (SPEC 7): better kinds of match first; ties by the device's
/// sort order, then identifier.
enum SearchRank: Int, Comparable, Sendable {
    case exactFullName
    case namePrefix
    case organization
    case phoneOrEmail

    static func < (lhs: SearchRank, rhs: SearchRank) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The "different token" rule as bipartite matching: each query token needs a form of its
/// own that it prefixes. Augmenting paths find such an assignment whenever one exists.
enum TokenAssignment {
    /// Most query tokens ``existsByHall(query:forms:)`` takes: it checks 2ⁿ − 1 sets of them.
    static let hallLimit = 8

    /// ``exists(query:forms:)`` over the forms of `names` (organization names only when
    /// `includingOrganization`), by Hall's theorem and without allocating: an assignment exists
    /// exactly when every set of query tokens is prefixed, all together, by at least as many
    /// forms as it has tokens. Each form is read once, into the set of tokens that prefix it.
    static func existsByHall(
        query: [SearchText.Token], names: [ContactSearchKeys.NameToken], includingOrganization: Bool
    ) -> Bool {
        precondition(query.count <= hallLimit, "Hall's check takes at most \(hallLimit) tokens")
        var formCount = 0
        for name in names { formCount += name.forms.count }
        let everyToken = (1 << query.count) - 1
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, formCount)) { masks in
            var used = 0
            var prefixed = 0
            for name in names where includingOrganization || !name.field.isOrganization {
                for form in name.forms {
                    var mask = 0
                    for position in query.indices where form.hasBytePrefix(query[position]) { mask |= 1 << position }
                    guard mask != 0 else { continue }
                    masks[used] = UInt8(mask)
                    used += 1
                    prefixed |= mask
                }
            }
            guard prefixed == everyToken else { return false }
            for tokens in 1...everyToken {
                var covered = 0
                for index in 0..<used where Int(masks[index]) & tokens != 0 { covered += 1 }
                if covered < tokens.nonzeroBitCount { return false }
            }
            return true
        }
    }

    static func exists(query: [SearchText.Token], forms: [SearchText.Token]) -> Bool {
        guard query.count <= forms.count else { return false }
        if query.count == 1 { return forms.contains { $0.hasBytePrefix(query[0]) } }
        let candidates = query.map { token in forms.indices.filter { forms[$0].hasBytePrefix(token) } }
        if candidates.contains(where: \.isEmpty) { return false }
        var owner = [Int](repeating: -1, count: forms.count)
        for index in query.indices {
            var visited = [Bool](repeating: false, count: forms.count)
            if !augment(index, candidates, &owner, &visited) { return false }
        }
        return true
    }

    private static func augment(_ index: Int, _ candidates: [[Int]], _ owner: inout [Int], _ visited: inout [Bool]) -> Bool {
        for form in candidates[index] where !visited[form] {
            visited[form] = true
            if owner[form] < 0 || augment(owner[form], candidates, &owner, &visited) {
                owner[form] = index
                return true
            }
        }
        return false
    }
}
