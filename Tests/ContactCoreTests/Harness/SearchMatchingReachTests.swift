import ContactCore
import ContactCoreTesting
import Testing

/// What FuzzSearchMatching's device program (``SearchRulesCheck/indexProgram(_:persistent:)``)
/// adds to the searches a program makes.
@Suite struct SearchMatchingReachTests {
    private static func program(searching query: QueryText) -> Program {
        var program = Program()
        program.people = [6, 7, 8, 9]
        program.initialStatus = [.authorized, .authorized, .authorized]
        program.operations = [
            .save(app: 0, author: 0, steps: [.add(Draft(person: 0))]),
            .fetch(app: 1, .name(query), keys: Keys(bits: 1), sort: .none),
        ]
        return program
    }

    private static func searches(_ query: QueryText) -> [[String]] {
        (SearchRulesCheck.indexProgram(program(searching: query))?.operations ?? []).compactMap { operation in
            if case .fetch(_, .name(let query), _, _) = operation { query.tokens } else { nil }
        }
    }

    /// A contact matches "は は" only with two forms that start with は; a random query rarely
    /// spells two equal tokens, so every search with a one-character token asks it too.
    @Test func aOneCharacterTokenIsAlsoSearchedTwice() {
        #expect(Self.searches(QueryText(text: "は", tokens: ["は"])) == [["は"], ["は", "は"]])
        #expect(Self.searches(QueryText(text: "ab a", tokens: ["ab", "a"])) == [["ab", "a"], ["ab", "ab"], ["a", "a"]])
        #expect(Self.searches(QueryText(text: "a a", tokens: ["a", "a"])) == [["a", "a"]])
        #expect(Self.searches(QueryText(text: "anna", tokens: ["anna"])) == [["anna"]])
    }

    /// はなこ やまだ has one form that starts with は and two with や (やまだ, やまだはなこ): the
    /// index must tell them apart beyond ASCII, after a write made the program meet it.
    @Test func theIndexTellsOneFormFromTwoBeyondASCII() {
        for character in ["は", "や"] {
            let failure = FuzzTarget.searchMatching.run(Self.program(searching: QueryText(text: character, tokens: [character])))
            #expect(failure == nil, "\(character): \(failure.map { "\($0)" } ?? "")")
        }
    }
}
