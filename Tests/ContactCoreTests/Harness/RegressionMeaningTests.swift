import ContactCoreTesting
import Testing

/// The hand-written regressions say what their names say: a change of the format that
/// changes their meaning fails here, not silently in the replay.
@Suite struct RegressionMeaningTests {
    @Test func excludedAuthorsReorderEvents() {
        let program = FuzzTarget.permittedSet.program([2, 4, 1, 3, 7, 0, 0, 7, 3, 0, 0, 2, 0, 2, 0, 6, 3, 0, 0, 0, 3, 0,
                                                       7, 3, 0, 1, 2, 1, 4, 0, 5, 7, 0, 1, 0, 2])
        #expect(program.people == [1])
        #expect(program.operations == [
            .history(app: 0, token: .none, excludeAuthor: nil, includeGroups: false),
            .save(app: 0, author: 0, steps: [.update(.known(0), Draft(person: 2))]),
            .save(app: 0, author: 0, steps: [.add(Draft(person: 3))]),
            .save(app: 0, author: 1, steps: [.update(.known(1), Draft(person: 4))]),
            .history(app: 0, token: .seen(0), excludeAuthor: 1, includeGroups: false),
        ])
        #expect(Runner.run(program) == nil)
    }

    @Test func theButtonLeavesOutANumberSharingNineDigits() {
        let program = FuzzTarget.permittedSet.program([2, 4, 0, 7, 9, 0, 136, 2, 0, 0, 0])
        #expect(program.operations == [.button(app: 0, Tap(query: Vocabulary.spelledQueries[8], ignoredPhone: 0, picks: []))])
        #expect(Runner.run(program) == nil)
    }
}
