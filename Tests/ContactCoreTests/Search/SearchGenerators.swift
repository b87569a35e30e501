import ContactCore
import ContactCoreTesting
import PropertyBased

/// Generators of names, queries and whole search scenarios, from the fuzz corpus's fragments
/// (Latin, combining marks, Han, kana, Hangul, full-width, emoji, digits, separators) and
/// random scalars.
enum SearchGen {
    /// Any scalar, mostly from the planes names use.
    static let scalar = Gen.int(in: 0...0x3_FFFF).map { value in
        String(Unicode.Scalar(UInt32(value)) ?? "\u{FFFD}")
    }

    static let fragment = Gen<String?>.element(of: SearchMatchingCorpus.fragments).map { $0 ?? "" }

    /// Mostly fragments, now and then a random scalar.
    static let piece = zip(fragment, scalar, Gen.int(in: 0...9)).map { fragment, scalar, dice in
        dice == 0 ? scalar : fragment
    }

    static let text = piece.array(of: 0...4).map { $0.joined() }
    static let query = piece.array(of: 1...3).map { $0.joined() }

    static let phone = Gen<String?>.element(of: ["+1 (650) 555-1212", "555-1212", "５５５１２１２", "911", "0", "+44 20 7946 0958"])
        .map { $0 ?? "" }
    static let email = Gen<String?>.element(of: ["john@example.com", "Kate@Example.COM", "jo@x.org", "さくら@例え.jp"])
        .map { $0 ?? "" }

    static let fields = zip(text, text, zip(text, text), text, phone.array(of: 0...1), email.array(of: 0...1))
        .map { given, family, phonetic, organization, phones, emails in
            SearchScenario.Fields(given: given, family: family, phonetic: phonetic, organization: organization,
                                  phones: phones, emails: emails)
        }

    static let edit = zip(Gen.int(in: 0...2), Gen.int(in: 0...5), fields).map { kind, index, fields -> SearchScenario.Step in
        switch kind {
        case 0: .delete(index)
        case 1: .update(index, fields)
        default: .failedUpdate(index, fields)
        }
    }

    /// Contacts (some permitted to the limited app), queries, a few edits, the queries again.
    static let scenario = zip(
        zip(fields, Gen.bool(0.3)).array(of: 1...6), query.array(of: 1...3), edit.array(of: 0...2),
        zip(email, phone).array(of: 0...1)
    ).map { contacts, queries, edits, ignored in
        var steps = contacts.map { SearchScenario.Step.add($0.0, permitted: $0.1) }
        steps += ignored.flatMap { [SearchScenario.Step.ignoreEmail($0.0), .ignorePhone($0.1)] }
        steps += queries.map(SearchScenario.Step.query)
        steps += edits
        if !edits.isEmpty { steps += queries.map(SearchScenario.Step.query) }
        return SearchScenario(steps)
    }

    static let component = Gen.int(in: 0...1000).map { Double($0) / 1000 }
    static let color = zip(component, component, component).map { ContactAccessButton.Color(red: $0, green: $1, blue: $2) }
}
