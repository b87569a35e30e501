import ContactCore
import PropertyBased
import Testing

/// SPEC 7: each query token needs a *different* name token, so a first-fit assignment is wrong
/// ("a ab" against "Ab Ac": "a" must not take "ab"), and the order of a query's tokens never
/// changes what it finds.
@Suite struct QueryTokenOrderTests {
    static let names = [("Ab", "Ac"), ("Ann", "Anna"), ("Anna", "Haro"), ("Ab", "Ab"), ("Zoë", "Ørsted"), ("小明", "王"),
                        ("はなこ", "やまだ"), ("민수", "김"), ("A", "B")]
    /// Tokens that prefix each other and the names' tokens, so that an assignment has choices.
    static let tokens = ["a", "ab", "ac", "an", "ann", "anna", "h", "ha", "haro", "w", "wang", "b"]

    @Test(arguments: ["a ab", "ab a", "ac ab a", "a a", "ab ab"])
    func aShorterTokenBeforeALongerOneStillFindsAbAc(_ query: String) throws {
        let fixture = try SearchFixture()
        let abAc = try fixture.add(given: "Ab", family: "Ac")
        let expected: Set<String> = query == "ab ab" || query == "ac ab a" ? [] : [abAc]
        #expect(try fixture.found(query) == expected, "\(query)")
    }

    @Test func permutingAQueryNeverChangesWhatTheStoreOrTheButtonFinds() async throws {
        let cases = Self.names.indices.map { $0 }
        await propertyCheck(count: 400, input: Gen.int(in: 0...(1 << Self.names.count) - 1),
                            Gen.int(in: 0...(Self.tokens.count - 1)).array(of: 2...3)) { chosen, picked in
            let fixture = try! SearchFixture()
            for index in cases where chosen & (1 << index) != 0 {
                try! fixture.add(given: Self.names[index].0, family: Self.names[index].1)
            }
            let tokens = picked.map { Self.tokens[$0] }
            let chat = AppConfiguration(bundleIdentifier: "com.example.chat", usageDescription: "Chat")
            let store = fixture.device.store(for: chat)
            let placement = ContactAccessButton.Placement(frame: .init(x: 0, y: 0, width: 400, height: 80))
            var results: [Set<String>] = [], rows: [[String]] = []
            for permutation in Self.permutations(tokens) {
                let query = permutation.joined(separator: " ")
                results.append(try! fixture.found(query))
                let view = fixture.device.contactAccessButtonView(ContactAccessButton(queryString: query), in: store, placement: placement)
                switch view.content {
                case .list(let list): rows.append(list.map(\.identifier))
                case .single(let row): rows.append([row.identifier])
                default: rows.append([])
                }
            }
            #expect(Set(results).count == 1, "store results differ across orders of \(tokens)")
            #expect(Set(rows).count == 1, "button rows differ across orders of \(tokens)")
        }
    }

    static func permutations(_ items: [String]) -> [[String]] {
        guard items.count > 1 else { return [items] }
        return items.indices.flatMap { index in
            permutations(Array(items[..<index] + items[(index + 1)...])).map { [items[index]] + $0 }
        }
    }
}
