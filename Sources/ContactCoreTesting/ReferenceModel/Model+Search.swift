import ContactCore
import Foundation

/// SPEC 7 and 8: name, phone and email matching, the access button's rows and its tap.
extension Model {
    /// A contact's name as SPEC 7 searches it, worked out once for all the queries it meets.
    package struct SearchableName {
        /// Every form of the contact's name tokens: given, family, the CJK run-together name,
        /// the further names, then the organization's.
        let forms: [String]
        /// How many of ``forms`` are the person's own, before the organization's.
        let personForms: Int
        /// The exact full name's tokens (given, middle, family), sorted.
        let fullName: [String]
        /// The CJK run-together name, when one person gives both names.
        let joined: String?

        package init(_ c: Contact) {
            let given = Vocabulary.people[c.givenPerson], family = Vocabulary.people[c.person], more = Vocabulary.moreNames[c.more.names]
            var forms = given.givenForms + family.familyForms + more.forms
            if c.givenPerson == c.person { forms += family.joinedForms }
            personForms = forms.count
            self.forms = forms + Vocabulary.organizations[c.organization].tokens + more.organizationForms
            fullName = (Array(given.givenForms.prefix(given.givenTokens)) + more.middleTokens + family.familyForms.prefix(family.familyTokens)).sorted()
            joined = c.givenPerson == c.person ? family.joinedForms.first : nil
        }

        /// SPEC 7's name rule, over the person's forms alone when `organization` is false.
        package func matches(_ query: [String], organization: Bool = true) -> Bool {
            !query.isEmpty && Model.assign(query, to: forms.prefix(organization ? forms.count : personForms))
        }
    }

    /// The ``SearchableName`` of each contact a search meets, made once per name: the names
    /// it reads are table entries, and a large store's crowd shares one.
    struct SearchableNames {
        private struct Key: Hashable {
            var givenPerson, person, names, organization: Int
        }
        private var made: [Key: SearchableName] = [:]

        mutating func of(_ c: Contact) -> SearchableName {
            let key = Key(givenPerson: c.givenPerson, person: c.person, names: c.more.names, organization: c.organization)
            if let name = made[key] { return name }
            let name = SearchableName(c)
            made[key] = name
            return name
        }
    }

    /// Every query token a prefix of a different form: tried every way, as the rule reads,
    /// remembering which (token, forms used) states have failed so that a long query of
    /// tokens that prefix many forms ends in time. Which forms each token prefixes is read
    /// once, as a set of bits.
    static func assign(_ query: [String], to forms: ArraySlice<String>) -> Bool {
        guard query.count <= forms.count, forms.count <= 64 else { return false }
        var prefixed: [UInt64] = []
        for token in query {
            let bits = forms.enumerated().reduce(UInt64(0)) { bits, form in
                isPrefix(token, of: form.element) ? bits | 1 << form.offset : bits
            }
            // Most contacts fail a query at a token that prefixes none of their forms.
            guard bits != 0 else { return false }
            prefixed.append(bits)
        }
        struct State: Hashable { var next: Int, used: UInt64 }
        var failed = Set<State>()
        func search(_ next: Int, _ used: UInt64) -> Bool {
            guard next < query.count else { return true }
            guard !failed.contains(State(next: next, used: used)) else { return false }
            var free = prefixed[next] & ~used
            while free != 0 {
                let form = free & (0 &- free)
                if search(next + 1, used | form) { return true }
                free &= free - 1
            }
            failed.insert(State(next: next, used: used))
            return false
        }
        return search(0, 0)
    }

    /// SPEC 7's phone rule: three or more query digits; equal digits, or the same run of seven
    /// or more at the end of both.
    package static func phoneMatches(query: String, candidate: String) -> Bool {
        let q = Array(query.utf8), c = Array(candidate.utf8)
        guard q.count >= 3 else { return false }
        if q == c { return true }
        return (7...max(7, min(q.count, c.count))).contains { k in k <= min(q.count, c.count) && q.suffix(k) == c.suffix(k) }
    }

    static func lowercasedASCII(_ text: String) -> String {
        String(decoding: text.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
    }

    /// SPEC 5 and 7: a name query with no token, a phone query of fewer than three digits and
    /// an empty address are `predicateInvalid`.
    static func isInvalid(_ query: Query) -> Bool {
        switch query {
        case .name(let text): text.tokens.isEmpty
        case .phone(let index): Vocabulary.phones[index].digits.utf8.count < 3
        case .email(let index): Vocabulary.emails[index].isEmpty
        case .all, .identifiers, .group, .container: false
        }
    }

    /// The store's predicates over visible contacts (before sorting); `nil` for `predicateInvalid`.
    /// `ids` are the identifiers an identifier fetch names; `scope` the group's or container's.
    package func select(_ query: Query, resolved ids: [String], scope: String?, app: Int) -> [Contact]? {
        guard !Self.isInvalid(query) else { return nil }
        let visible = visibleContacts(to: app)
        switch query {
        case .all: return visible
        case .identifiers:
            var seen: [String] = []
            for id in ids { if let c = contact(id), isVisible(c.id, to: app), !seen.contains(c.id) { seen.append(c.id) } }
            return visible.filter { seen.contains($0.id) }
        case .name(let text):
            var names = SearchableNames()
            return visible.filter { names.of($0).matches(text.tokens) }
        case .phone(let index):
            return visible.filter { $0.hasNumber(matching: Vocabulary.phones[index].digits) }
        case .email(let index):
            return visible.filter { $0.hasAddress(Vocabulary.emails[index]) }
        case .group:
            guard let group = scope.flatMap(group) else { return [] }
            return visible.filter { members.contains(Pair(contact: $0.id, group: group)) }
        case .container:
            // SPEC 5: the contacts whose container is the one named, byte for byte.
            return visible.filter { c in scope.map { Self.same(c.container, $0) } ?? false }
        }
    }

    /// A button query as SPEC 7 reads it for numbers and addresses, worked out once for all
    /// the contacts it meets.
    package struct ButtonQuery {
        let tokens: [String]
        /// The query's digits, when it has no letter and three or more digits.
        let digits: String?
        /// The query without its outer spaces, ASCII lower-cased; `nil` when nothing is left.
        private let emailPrefix: String?

        package init(_ query: QueryText) {
            tokens = query.tokens
            let text = query.text
            let digits = String(text.unicodeScalars.compactMap { s -> Character? in
                switch s.value {
                case 0x30...0x39: Character(s)
                case 0xFF10...0xFF19: Unicode.Scalar(s.value - 0xFF10 + 0x30).map(Character.init)
                default: nil
                }
            })
            let isPhoneQuery = !text.unicodeScalars.contains { $0.properties.isAlphabetic } && digits.utf8.count >= 3
            self.digits = isPhoneQuery ? digits : nil
            // White space (Decisions): the space, line and paragraph separators, the controls
            // from tab to carriage return, and the next-line control.
            let isSpace = { (s: Unicode.Scalar) in
                [.spaceSeparator, .lineSeparator, .paragraphSeparator].contains(s.properties.generalCategory)
                    || (0x09...0x0D).contains(s.value) || s.value == 0x85
            }
            let scalars = text.unicodeScalars
            let first = scalars.firstIndex { !isSpace($0) } ?? scalars.endIndex
            let end = scalars.lastIndex { !isSpace($0) }.map(scalars.index(after:)) ?? first
            let trimmed = Model.lowercasedASCII(String(scalars[first..<max(first, end)]))
            emailPrefix = trimmed.isEmpty ? nil : trimmed
        }

        /// Whether the query, read as an address, begins address `n` (SPEC 7's rule for the button).
        func begins(address n: Int) -> Bool {
            emailPrefix.map { Model.lowercasedASCII(Vocabulary.emails[n]).hasPrefix($0) } ?? false
        }
    }

    /// SPEC 7's kind of match for the button: 0 exact full name, 1 name prefix,
    /// 2 organization, 3 phone or email; `nil` for none.
    package func buttonRank(_ query: QueryText, _ c: Contact) -> Int? {
        Self.buttonRank(ButtonQuery(query), c, SearchableName(c))
    }

    /// ``buttonRank(_:_:)`` with both sides worked out beforehand.
    package static func buttonRank(_ query: ButtonQuery, _ c: Contact, _ name: SearchableName) -> Int? {
        // SPEC 7: a query that normalizes to no token matches nothing for the button, not even
        // an address it begins.
        guard !query.tokens.isEmpty else { return nil }
        if name.matches(query.tokens) {
            let exact = name.fullName == query.tokens.sorted() || (query.tokens.count == 1 && name.joined == query.tokens[0])
            return exact ? 0 : name.matches(query.tokens, organization: false) ? 1 : 2
        }
        if let digits = query.digits, c.hasNumber(matching: digits) { return 3 }
        if c.email.map(query.begins) == true || c.more.emails.contains(where: { query.begins(address: $0.value) }) { return 3 }
        return nil
    }

    /// SPEC 8's caption of a single match, as the look asks: the number or address the query
    /// matched (the first that does), else the organization by default, the first number or
    /// address for a phone or e-mail caption (Decisions, "Access button").
    package static func caption(_ tap: Tap, _ c: Contact) -> String? {
        let query = ButtonQuery(tap.query)
        let numbers = c.phones.map(\.value), addresses = c.emails.map(\.value)
        let matchedNumber = query.digits.flatMap { digits in numbers.first { phoneMatches(query: digits, candidate: Vocabulary.phones[$0].digits) } }
            .map { Vocabulary.phones[$0].text }
        let matchedAddress = addresses.first(where: query.begins).map { Vocabulary.emails[$0] }
        switch Vocabulary.buttonLooks[tap.look].caption {
        case .phone: return matchedNumber ?? numbers.map { Vocabulary.phones[$0].text }.first { !$0.isEmpty }
        case .email: return matchedAddress ?? addresses.map { Vocabulary.emails[$0] }.first { !$0.isEmpty }
        case .defaultText:
            let organization = Vocabulary.organizations[c.organization].name
            return matchedNumber ?? matchedAddress ?? (organization.isEmpty ? nil : organization)
        }
    }

    /// SPEC 8: the button's rows for a query, outside P and not ignored, ranked by kind of
    /// match, then the device's order.
    package func buttonRows(app: Int, _ tap: Tap) -> [Contact] {
        var ranked: [(rank: Int, contact: Contact)] = []
        let query = ButtonQuery(tap.query)
        var names = SearchableNames()
        for c in contacts where !apps[app].permitted.contains(c.id) {
            if let ignored = tap.ignoredEmail, c.hasAddress(Vocabulary.emails[ignored]) { continue }
            if let ignored = tap.ignoredPhone, c.hasNumber(matching: Vocabulary.phones[ignored].digits) { continue }
            if let rank = Self.buttonRank(query, c, names.of(c)) { ranked.append((rank, c)) }
        }
        // Rank, then the place in the device's default order.
        let place = Dictionary(uniqueKeysWithValues: sorted(ranked.map(\.contact), by: .userDefault).enumerated().map { ($1.id, $0) })
        return ranked.sorted { a, b in
            a.rank != b.rank ? a.rank < b.rank : place[a.contact.id, default: 0] < place[b.contact.id, default: 0]
        }.map(\.contact)
    }

    package enum TapResult: Hashable, Sendable {
        case notShown, unvalidated, illegible, promptFailed, declined
        case approved([String])
    }

    /// SPEC 8's tap: shown to limited and notDetermined; a validated event; a legible button
    /// (contrast of at least 4.5:1); then the approved rows join P (from notDetermined, after
    /// the simplified prompt).
    package mutating func tap(app: Int, _ tap: Tap) -> TapResult {
        let status = apps[app].status
        guard status == .limited || status == .notDetermined else { return .notShown }
        guard tap.validated else { return .unvalidated }
        guard Self.isLegible(tap) else { return .illegible }
        let rows = buttonRows(app: app, tap)
        let approved: [String]
        switch rows.count {
        case 0: return .declined
        case 1: approved = [rows[0].id]
        default:
            let picked = Set(tap.picks.map { rows[$0 % rows.count].id })
            approved = rows.map(\.id).filter(picked.contains)
        }
        guard !approved.isEmpty else { return .declined }
        if status == .limited {
            var record = apps[app]
            record.permitted.formUnion(approved)
            setApp(app, record, origin: app)
            return .approved(approved)
        }
        guard Cast.apps[app].usageDescription?.isEmpty == false, let answer else { return .promptFailed }
        promptsShown += 1
        if answer == .deny {
            setApp(app, App(status: .denied), origin: app)
            return .declined
        }
        setApp(app, App(status: .limited, permitted: Set(approved)), origin: app)
        return .approved(approved)
    }

    /// SPEC 8's legibility: text against the background at a contrast of 4.5:1 or more, the
    /// whole button visible, and at least its minimum size.
    /// The tint is the action label's: the rule never measures it.
    static func isLegible(_ tap: Tap) -> Bool {
        let look = Vocabulary.buttonLooks[tap.look]
        let (text, background) = if let colors = tap.colors {
            (luminance(colors.foreground), luminance(colors.background))
        } else {
            (luminance(gray: Vocabulary.grays[tap.foreground]), luminance(gray: look.background))
        }
        return (max(text, background) + 0.05) / (min(text, background) + 0.05) >= 4.5 && look.wholeVisible && look.bigEnough
    }

    /// WCAG 2's relative luminance of an sRGB colour: 0.2126 R + 0.7152 G + 0.0722 B, each
    /// channel linearized.
    package static func luminance(_ color: RGB) -> Double {
        func channel(_ byte: UInt8) -> Double { linear(Double(byte) / 255) }
        return 0.2126 * channel(color.red) + 0.7152 * channel(color.green) + 0.0722 * channel(color.blue)
    }

    /// A gray's: its three channels are one.
    static func luminance(gray: Double) -> Double { linear(gray) }

    /// WCAG 2's linearization of one sRGB channel of 0 to 1.
    static func linear(_ c: Double) -> Double { c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
}

extension Model.Contact {
    /// SPEC 7's phone rule against each of the contact's numbers.
    package func hasNumber(matching digits: String) -> Bool {
        // The first number, then the further ones: no list made for a question asked of every contact.
        let matches = { (n: Int) in Model.phoneMatches(query: digits, candidate: Vocabulary.phones[n].digits) }
        return phone.map(matches) == true || more.phones.contains { matches($0.value) }
    }

    /// The store's email rule: one of the contact's addresses is `address`, without regard to case.
    package func hasAddress(_ address: String) -> Bool {
        let wanted = Model.lowercasedASCII(address)
        let matches = { (n: Int) in Model.lowercasedASCII(Vocabulary.emails[n]) == wanted }
        return email.map(matches) == true || more.emails.contains { matches($0.value) }
    }
}
