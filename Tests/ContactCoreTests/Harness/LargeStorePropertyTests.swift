import ContactCore
import ContactCoreTesting
import PropertyBased
import Testing

/// Issue 47: stores of every size. Programs start from a device whose person has a crowd of
/// 120 to 4,096 more contacts (``DeviceSetup/crowd``, as `FuzzLargeStores` draws them) and
/// mix the operations of every profile with name searches by prefixes of the names' own
/// tokens, which find few contacts among many: the paths a large index takes and a small one
/// never does (a lookup's slots sorted rather than set as bits, an index built on every core).
@Suite struct LargeStorePropertyTests {
    /// A prefix of two or more letters of a Latin token some name has.
    static let nameQuery = zip(Gen.element(of: Vocabulary.queryTokens.filter { $0.utf8.allSatisfy { (0x61...0x7A).contains($0) } }),
                               Gen.uint8())
        .map { (token: String?, cut: UInt8) -> Op in
            let letters = Array(token ?? "an")
            let prefix = String(letters.prefix(min(letters.count, 2 + Int(cut) % max(letters.count - 1, 1))))
            return .fetch(app: Int(cut >> 6) % Cast.actors, .name(QueryText(text: prefix, tokens: [prefix])), keys: Keys(bits: cut & 0x21),
                          sort: [.none, .givenName, .familyName, .userDefault][Int(cut >> 4 & 3)])
        }

    /// Any operation of FuzzLargeStores' profile, decoded from one record of random bytes.
    static let anyOperation = Gen.uint8().array(of: 1...12).map { (record: [UInt8]) -> Op? in
        Decoder.decode([Decoder.deviceVersion, 0, 0, 0, UInt8(record.count)] + record, profile: .largeStores).program.operations.first
    }

    static let programs = zip(Gen.uint8().array(of: 3), zip(nameQuery, anyOperation).array(of: 1...4))
        .map { (header: [UInt8], steps: [(Op, Op?)]) -> Program in
            var program = Program()
            program.people = Vocabulary.casts[Int(header[0]) % Vocabulary.casts.count]
            program.device.crowd = DeviceSetup.crowdSizes[Int(header[1]) % DeviceSetup.crowdSizes.count]
            program.initialStatus = (0..<Cast.actors).map { app in
                [.authorized, .limited(Int(header[2]) % 4), .notDetermined, .denied][Int(header[2] >> (2 * app)) & 3]
            }
            program.operations = steps.flatMap { [$0.0] + ($0.1.map { [$0] } ?? []) }
            return program
        }

    /// A save of more than 16 steps, most touching one of a few contacts or memberships again:
    /// the model's commit finds its objects' last touches and its contacts by tables then (a
    /// crowd's save has thousands), which only such a request, then a history fetch, checks.
    static let longSaves = Gen.uint8().array(of: 17...40).map { (bytes: [UInt8]) -> Program in
        var program = Program()
        program.people = [0, 1, 2]
        program.initialStatus = [.authorized, .notDetermined, .notDetermined]
        let steps: [Step] = [.addGroup(name: "Team")] + bytes.map { byte in
            let contact = Ref.known(Int(byte >> 2) % 3)
            return switch byte & 3 {
            case 0: .update(contact, Draft(person: Int(byte >> 4) % Vocabulary.people.count, note: ""))
            case 1: .addMember(contact, .added(0))
            case 2: .removeMember(contact, .added(0))
            default: .add(Draft(person: Int(byte >> 4) % Vocabulary.people.count))
            }
        }
        program.operations = [.save(app: 0, author: 0, steps: steps),
                              .history(app: 0, token: .seen(0), excludeAuthor: nil, includeGroups: true)]
        return program
    }

    @Test func longSavesAgreeWithTheModel() async {
        await propertyCheck(count: 100, input: Self.longSaves) { program in
            if let failure = Runner.run(program, on: .memory) {
                Issue.record("\(failure)\n\(Printer.test(program, name: "longSave", failure: failure))")
            }
        }
    }

    @Test(arguments: BackEndChoice.allCases)
    func largeStoresAgreeWithTheModel(_ backEnd: BackEndChoice) async {
        await propertyCheck(count: backEnd == .memory ? 60 : 20, input: Self.programs) { program in
            if let failure = Runner.run(program, on: backEnd.backEnd) {
                Issue.record("\(failure)\n\(Printer.test(program, name: "largeStore", failure: failure))")
            }
        }
    }
}
