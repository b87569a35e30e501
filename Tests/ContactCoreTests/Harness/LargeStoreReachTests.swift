import ContactCore
import ContactCoreTesting
import Testing

/// What FuzzLargeStores' program (``LargeStoreCheck``) and its crowds
/// (``DeviceSetup/crowd``) bring to the searches a program makes.
@Suite struct LargeStoreReachTests {
    private static func program(crowd: Int, searching query: QueryText) -> Program {
        var program = Program()
        program.device = DeviceSetup(crowd: crowd)
        program.initialStatus = [.authorized, .notDetermined, .notDetermined]
        program.operations = [.fetch(app: 0, .name(query), keys: Keys(bits: 1), sort: .none)]
        return program
    }

    private static func query(_ token: String) -> QueryText { QueryText(text: token, tokens: [token]) }

    /// A name search is followed by one of its first token's first two characters; a token
    /// of two or fewer is searched once.
    @Test func aNameSearchIsAlsoSearchedByTwoCharacters() {
        let searches = LargeStoreCheck.program(Self.program(crowd: 300, searching: QueryText(text: "xiaoming an", tokens: ["xiaoming", "an"])))
            .operations.compactMap { operation in
                if case .fetch(_, .name(let query), _, _) = operation { query.tokens } else { nil }
            }
        #expect(searches == [["xiaoming", "an"], ["xi"]])
        #expect(LargeStoreCheck.program(Self.program(crowd: 300, searching: Self.query("xi"))).operations.count == 1)
    }

    /// Every crowd above 128 contacts holds 김민수 and 王小明, each with two forms under one short
    /// prefix: the index's lookup of few slots among many meets one contact in two postings
    /// lists, and lists it once.
    @Test(arguments: [129, 300, 1_000])
    func aContactWithTwoFormsUnderOnePrefixIsListedOnce(crowd: Int) {
        for token in ["xi", "wa", "\u{1100}\u{1175}"] {
            let failure = FuzzTarget.largeStores.run(Self.program(crowd: crowd, searching: Self.query(token)))
            #expect(failure == nil, "\(token) in a crowd of \(crowd): \(failure.map { "\($0)" } ?? "")")
        }
    }
}
