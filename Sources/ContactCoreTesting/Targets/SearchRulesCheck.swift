@_spi(Hooks) import ContactCore

/// `FuzzSearchMatching`: SPEC 7 as functions. The program's contacts (its cast and every
/// contact a save writes) and its queries (name, phone and email fetches, button taps, and each
/// contact's own full name) meet pairwise, without a device: the library's tokens, name, phone
/// and email predicates and the button's kind of match, against the model's rules over the
/// vocabulary's hand-written tables.
/// The stateful targets check the same rules through the store and the button.
package enum SearchRulesCheck {
    /// A contact as the check meets it: the library's search keys, the model's contact and its name.
    private struct Subject {
        let draft: Draft
        let probe: SearchProbe
        let contact: Model.Contact
        let name: Model.SearchableName

        init(_ draft: Draft) {
            self.draft = draft
            probe = SearchProbe(draft.mutableContact)
            contact = Model.Contact(id: "", draft, entitled: true)
            name = Model.SearchableName(contact)
        }
    }

    /// Each person as the cast brings them (``Runner/personDraft(_:)``): every program meets
    /// some, so both sides of them are made once.
    private static let cast = Vocabulary.people.indices.map { Subject(Runner.personDraft($0)) }

    static func check(_ program: Program) -> Failure? {
        var drafts = program.people.map { cast[$0].draft }
        var names: [QueryText] = [], phones: [Int] = [], emails: [Int] = []
        for operation in program.operations {
            switch operation {
            case .save(_, _, let steps):
                for case .add(let draft) in steps { drafts.append(draft) }
                for case .update(_, let draft) in steps { drafts.append(draft) }
            case .fetch(_, .name(let query), _, _): names.append(query)
            case .fetch(_, .phone(let n), _, _): phones.append(n)
            case .fetch(_, .email(let n), _, _): emails.append(n)
            case .button(_, let tap): names.append(tap.query)
            default: break
            }
        }
        // A contact or query met twice asks nothing new.
        var seenDrafts = Set<Draft>(), seenNames = Set<QueryText>()
        drafts = drafts.filter { seenDrafts.insert($0).inserted }
        let subjects = drafts.map { draft in cast.indices.contains(draft.person) && draft == cast[draft.person].draft
            ? cast[draft.person] : Subject(draft) }
        for subject in subjects where subject.draft.more.names != 0 {
            let draft = subject.draft, name = subject.name
            // Each contact's own full name, with and without its middle name: the exact match's edge.
            names += [true, false].map { Vocabulary.fullName(of: draft.person, names: draft.more.names, withMiddle: $0, familyFirst: !$0) }
            // Its phonetic names run together, as one token: a form like its others, where only
            // the written names run together are the exact full name.
            let more = Vocabulary.moreNames[draft.more.names], join = more.phoneticFamily + more.phoneticGiven
            if !more.phoneticFamily.isEmpty, !more.phoneticGiven.isEmpty, more.forms.contains(join) {
                names.append(QueryText(text: join, tokens: [join]))
            }
            // More than eight of its own forms' prefixes, one and two scalars long in turn, last
            // form first: a token that takes the first form it prefixes leaves a later one none.
            let forms = name.forms
            if forms.count > 8 {
                let tokens = forms.reversed().enumerated().map { String(String.UnicodeScalarView($0.element.unicodeScalars.prefix(1 + $0.offset % 2))) }
                names.append(QueryText(text: tokens.joined(separator: " "), tokens: tokens))
            }
        }
        names = names.filter { seenNames.insert($0).inserted }
        let prepared = names.map { SearchProbe.Query($0.text) }
        let buttonQueries = names.map(Model.ButtonQuery.init)
        for (query, library) in zip(names, prepared) where library.tokens != query.tokens {
            return Failure(rule: "SPEC 7 normalization", step: 0,
                           detail: "\(query.text.debugDescription) has tokens \(library.tokens), SPEC's are \(query.tokens)")
        }
        for (index, subject) in subjects.enumerated() {
            let draft = subject.draft, probe = subject.probe, c = subject.contact, name = subject.name
            let who = "contact \(index) (\(Vocabulary.people[draft.person].given) \(Vocabulary.people[draft.person].family))"
            for (query, (library, buttonQuery)) in zip(names, zip(prepared, buttonQueries)) {
                let rank = Model.buttonRank(buttonQuery, c, name)
                // The button's name kinds (0 to 2) are exactly the name rule's matches.
                let expected = (rank ?? 3) < 3
                if probe.matchesName(library) != expected {
                    return Failure(rule: "SPEC 7 name matching", step: 0, detail: "\(query.text.debugDescription) against \(who): expected \(expected)")
                }
                if probe.buttonRank(library) != rank {
                    return Failure(rule: "SPEC 7/8 button match kind", step: 0,
                                   detail: "\(query.text.debugDescription) against \(who): got \(String(describing: probe.buttonRank(library))), expected \(String(describing: rank))")
                }
            }
            for n in phones where Vocabulary.phones[n].digits.utf8.count >= 3 {
                let expected = c.hasNumber(matching: Vocabulary.phones[n].digits)
                if probe.matchesPhone(Vocabulary.phones[n].text) != expected {
                    return Failure(rule: "SPEC 7 phone matching", step: 0,
                                   detail: "\(Vocabulary.phones[n].text) against \(c.phones.map { Vocabulary.phones[$0.value].text }): expected \(expected)")
                }
            }
            for n in emails where !Vocabulary.emails[n].isEmpty {
                let expected = c.hasAddress(Vocabulary.emails[n])
                if probe.matchesEmail(Vocabulary.emails[n]) != expected {
                    return Failure(rule: "SPEC 7 email matching (whole address)", step: 0,
                                   detail: "\(Vocabulary.emails[n]) against \(c.emails.map { Vocabulary.emails[$0.value] }): expected \(expected)")
                }
            }
        }
        return nil
    }

    /// `program` without its button taps, when it searches by name, number or address after
    /// writing contacts (a save or an edit): such a search meets the index that the writes
    /// kept, or one built from what they wrote; `nil` otherwise. `persistent`: any program that
    /// writes, whose reopens then check what storage kept of each value (SPEC 13). The reopens
    /// stay after the saves that asked for them. A name search with a one-character token is
    /// followed by its ``longerNestedPair(_:)`` and its ``repeatedCharacter(_:)``.
    package static func indexProgram(_ program: Program, persistent: Bool = false) -> Program? {
        var writes = false, searchesAfterWriting = false
        let kept = program.replacingEachOperation { operation in
            switch operation {
            case .button: return []
            case .save, .editFetched: writes = true
            case .fetch(_, .name, _, _), .fetch(_, .phone, _, _), .fetch(_, .email, _, _): searchesAfterWriting = searchesAfterWriting || writes
            default: break
            }
            guard case .fetch(let app, .name(let query), let keys, let sort) = operation else { return [operation] }
            return [operation] + [longerNestedPair(query), repeatedCharacter(query)].compactMap { derived in
                derived.map { .fetch(app: app, .name($0), keys: keys, sort: sort) }
            }
        }
        return searchesAfterWriting || persistent && writes ? kept : nil
    }

    /// For a query with a one-character token ("a", "ab a", "は"), that character twice ("a a"):
    /// a contact matches it only when two of its forms start with the character, which the
    /// index answers from its mark of a second form; a random query must draw the same table
    /// entry, prefix and spelling twice to say it. `nil` for a query that is already that, or
    /// has no one-character token.
    static func repeatedCharacter(_ query: QueryText) -> QueryText? {
        guard let character = query.tokens.first(where: { $0.unicodeScalars.count == 1 }),
              query.tokens != [character, character] else { return nil }
        return QueryText(text: character + " " + character, tokens: [character, character])
    }

    /// For two tokens the shorter of which is the other's first character ("ab a"), the same
    /// search with that token two characters long ("ab ab"): the index answers the first from
    /// its marks of a second form, the second from the postings and the contacts whose form
    /// repeats, and a program's searches should meet both. `nil` for any other query.
    static func longerNestedPair(_ query: QueryText) -> QueryText? {
        guard query.tokens.count == 2 else { return nil }
        let scalars = query.tokens.map { Array($0.unicodeScalars) }
        let (short, long) = scalars[0].count <= scalars[1].count ? (0, 1) : (1, 0)
        guard scalars[short].count == 1, scalars[long].count >= 2, scalars[long][0] == scalars[short][0] else { return nil }
        var tokens = query.tokens
        tokens[short] = String(String.UnicodeScalarView(scalars[long].prefix(2)))
        return QueryText(text: tokens.joined(separator: " "), tokens: tokens)
    }
}
