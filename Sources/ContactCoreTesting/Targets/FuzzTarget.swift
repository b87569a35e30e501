/// Every fuzz target: one format (``Decoder``), one model and runner, a profile each. libFuzzer,
/// the corpus replay and the property tests all call ``check(_:)``.
package enum FuzzTarget: String, CaseIterable, Sendable {
    case identifierFetch = "FuzzIdentifierFetch"
    case permittedSet = "FuzzPermittedSet"
    case searchMatching = "FuzzSearchMatching"
    case changeOrdering = "FuzzChangeOrdering"
    case historyToken = "FuzzHistoryToken"

    package var profile: Profile {
        switch self {
        case .identifierFetch: .identifiers
        case .permittedSet: .everything
        case .searchMatching: .search
        case .changeOrdering: .notifications
        case .historyToken: .history
        }
    }

    package func program(_ bytes: [UInt8]) -> Program { Decoder.decode(bytes, profile: profile).program }

    /// The first broken rule, fast: what each fuzzing execution runs.
    package func check(_ bytes: [UInt8]) -> Failure? {
        Runner.run(program(bytes))
    }

    /// The first broken rule of the reduced input, with the reduced bytes and its Swift test.
    package func explain(_ bytes: [UInt8]) -> (failure: Failure, reduced: [UInt8])? {
        guard let first = check(bytes) else { return nil }
        let reduced = Reducer.reduce(bytes, profile: profile, rule: first.rule)
        let program = program(reduced)
        var failure = Runner.run(program) ?? first
        failure.test = Printer.test(program, name: "regression", failure: failure)
        return (failure, reduced)
    }
}
