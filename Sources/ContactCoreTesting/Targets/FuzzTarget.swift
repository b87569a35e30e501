/// Every fuzz target: one format (``Decoder``), one model and runner, a profile each, and the
/// vCard reader and writer against ``VCardReference``. libFuzzer, the corpus replay and the
/// property tests all call ``check(_:)``.
package enum FuzzTarget: String, CaseIterable, Sendable {
    case identifierFetch = "FuzzIdentifierFetch"
    case permittedSet = "FuzzPermittedSet"
    case searchMatching = "FuzzSearchMatching"
    case changeOrdering = "FuzzChangeOrdering"
    case historyToken = "FuzzHistoryToken"
    /// Saves, searches, fetches and the button on a store of 120 to 4,096 contacts
    /// (``DeviceSetup/crowd``), run whole (with the sweep), unlike `FuzzSearchMatching`.
    case largeStores = "FuzzLargeStores"
    /// Any bytes as a vCard file (SPEC 12), or after a zero byte a file spelled from the
    /// vocabulary (``VCardText``): read by the library as by ``VCardReference``.
    case vCard = "FuzzVCard"
    /// FuzzVCard's inputs, read by the library, exported, and read back by ``VCardReference``.
    case vCardExport = "FuzzVCardExport"

    package var profile: Profile {
        switch self {
        case .identifierFetch: .identifiers
        case .permittedSet: .everything
        case .searchMatching: .search
        case .changeOrdering: .notifications
        case .historyToken: .history
        case .largeStores: .largeStores
        case .vCard, .vCardExport: .everything
        }
    }

    package static let vCardRule = "SPEC 12 vCard import and export"

    /// The vCard targets' check, by name and function; `nil` for the targets that run programs.
    package var vCardCheck: (name: String, problem: @Sendable (VCardInput) -> (kind: String, detail: String)?)? {
        switch self {
        case .vCard: ("VCardCheck", VCardCheck.problem)
        case .vCardExport: ("VCardExportCheck", VCardExportCheck.problem)
        default: nil
        }
    }

    /// A parallel program runs its branches one after the other here: fuzzing needs the same
    /// input to do the same (``RaceCheck`` runs them on threads). FuzzLargeStores' name
    /// searches each bring a shorter one (``LargeStoreCheck``).
    package func program(_ bytes: [UInt8]) -> Program {
        running(Decoder.decode(bytes, profile: profile).program)
    }

    /// The program this target runs for `decoded`, an input's program as it decodes: one at a
    /// time, and for `FuzzLargeStores` with each name search also made by two characters
    /// (``LargeStoreCheck``).
    package func running(_ decoded: Program) -> Program {
        let program = decoded.oneAtATime
        return self == .largeStores ? LargeStoreCheck.program(program) : program
    }

    /// The first broken rule, fast: what each fuzzing execution runs.
    package func check(_ bytes: [UInt8], on backEnd: BackEnd = .memory) -> Failure? {
        if let vCardCheck {
            return vCardCheck.problem(VCardText.input(bytes)).map { Failure(rule: Self.vCardRule, step: 0, detail: $0.detail) }
        }
        return run(program(bytes), on: backEnd)
    }

    /// Every target runs programs on the device and the model. `FuzzSearchMatching` first meets
    /// the program's contacts and queries pairwise through SPEC 7's functions
    /// (``SearchRulesCheck``); a program that searches after it writes contacts then runs on a
    /// device (``SearchRulesCheck/indexProgram(_:persistent:)``), whose search index its saves and deletes
    /// change after a search has built it (and a reopen builds again); on a persistent back end,
    /// every program that writes runs there, reopened as it asks. Without the button,
    /// which the pairwise check covers, and without the final sweep, which reads no index: the
    /// other targets have both, and this one stays fast enough to fuzz.
    package func run(_ program: Program, on backEnd: BackEnd = .memory) -> Failure? {
        guard self == .searchMatching else { return Runner.run(program, on: backEnd) }
        if let failure = SearchRulesCheck.check(program) { return failure }
        guard let indexProgram = SearchRulesCheck.indexProgram(program.oneAtATime, persistent: backEnd.reopen != nil) else { return nil }
        return Runner.run(indexProgram, on: backEnd, sweeping: false)
    }

    /// The first broken rule of the reduced input, with the reduced bytes and its Swift test.
    package func explain(_ bytes: [UInt8], on backEnd: BackEnd = .memory) -> (failure: Failure, reduced: [UInt8])? {
        guard let first = check(bytes, on: backEnd) else { return nil }
        if let vCardCheck {
            let reduced = Reducer.reduce(VCardText.input(bytes), check: vCardCheck.problem).bytes
            var failure = check(reduced) ?? first
            failure.test = Printer.vCardTest(reduced, name: "regression", failure: failure, check: vCardCheck.name)
            return (failure, reduced)
        }
        let reduced = Reducer.reduce(bytes, profile: profile, rule: first.rule) { run(self.program($0), on: backEnd) }
        let program = program(reduced)
        var failure = run(program, on: backEnd) ?? first
        failure.test = Printer.test(program, name: "regression", failure: failure, backEnd: backEnd.name, target: self)
        return (failure, reduced)
    }
}
