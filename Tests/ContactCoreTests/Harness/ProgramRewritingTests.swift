import ContactCore
import ContactCoreTesting
import Testing

/// ``Program/replacingEachOperation(_:)``, which the targets' derived programs are made with:
/// operations in order, each reopen after the operation that asked for it.
@Suite struct ProgramRewritingTests {
    private static let save = Op.save(app: 0, author: 0, steps: [.add(Draft(person: 1))])
    private static let search = Op.fetch(app: 0, .all, keys: Keys(bits: 1), sort: .none)
    private static let tap = Op.button(app: 0, Tap(query: QueryText(text: "a", tokens: ["a"])))

    /// save (reopen), tap, save (reopen), search: each save followed by a search, the tap gone.
    private static let rewritten: Program = {
        var program = Program()
        program.operations = [save, tap, save, search]
        program.reopensAfter = [0, 2]
        return program.replacingEachOperation { operation in
            switch operation {
            case .button: []
            case .save: [operation, search]
            default: [operation]
            }
        }
    }()

    @Test func eachOperationGivesWayToItsReplacementInOrder() {
        #expect(Self.rewritten.operations == [Self.save, Self.search, Self.save, Self.search, Self.search])
    }

    /// A reopen stays right after its save, before what the save brought with it.
    @Test func aReopenStaysAfterItsOperation() {
        #expect(Self.rewritten.reopensAfter == [0, 2])
    }

    /// An operation replaced by none takes its reopen with it; the others move down.
    @Test func aDroppedOperationTakesItsReopen() {
        var program = Program()
        program.operations = [Self.tap, Self.save]
        program.reopensAfter = [0, 1]
        let rewritten = program.replacingEachOperation { operation in
            if case .button = operation { [] } else { [operation] }
        }
        #expect(rewritten.operations == [Self.save])
        #expect(rewritten.reopensAfter == [0])
    }
}
