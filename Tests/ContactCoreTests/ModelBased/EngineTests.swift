import ContactCore
import Foundation
import Testing
@testable import ContactCoreTesting

/// The engine's own parts: the byte reader, the decoders' stable formats and bounds, the
/// printed programs, and whether generated inputs reach the situations that matter.
@Suite("Model-based engine")
struct EngineTests {
    // MARK: Byte reader

    @Test func readerReturnsZerosPastTheEnd() {
        var reader = ByteReader([7])
        #expect(reader.byte() == 7)
        #expect(reader.isAtEnd)
        #expect(reader.byte() == 0)
        #expect(reader.bytes(upTo: 3) == [])
        #expect(reader.index(below: 0) == 0)
        #expect(reader.record() == nil)
    }

    @Test func recordsAreFramedAndCutAtTheEnd() {
        var reader = ByteReader([2, 0xA, 0xB, 5, 0xC])
        var first = reader.record()
        #expect(first?.rest() == [0xA, 0xB])
        #expect(first?.byte() == 0)
        var second = reader.record()
        #expect(second?.rest() == [0xC], "a length past the end takes what is left")
        #expect(reader.record() == nil)
    }

    // MARK: Formats

    /// The format is frozen: these bytes must decode to exactly this scenario forever. If this
    /// test fails, a change broke every saved corpus file; add a new version byte instead.
    @Test func permittedSetFormatVersion1IsStable() {
        let input: [UInt8] = [
            0x01, 0x05, 0xBC, 0x00, 0x00, 0x00, 0x00,  // version; familyName order, seed 1; one app, 7 people, a group of every 2nd; app limited
            7, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10,  // the Contacts app saves: add "Anna" "Smith"
            4, 0x78, 0x01, 0x01, 0x00,  // app 1's access picker adds known(0)
            3, 0xA8, 0x01, 0x01,  // app 1 fetches identifiers []
            2, 0xEC, 0x00,  // reserved: nothing
        ]
        let expected = Scenario(
            deviceSeed: 1, defaultSortOrder: .familyName,
            apps: [
                AppConfiguration(bundleIdentifier: "com.apple.MobileAddressBook", usageDescription: "Contacts", hasNotesEntitlement: true),
                AppConfiguration(bundleIdentifier: "com.example.app1", usageDescription: "Shows your friends' birthdays."),
            ],
            operations: [
                .changeSettings(app: 0, .allowFull),
                .save(app: 0, author: nil, steps: OperationDecoder.people(7, grouping: 5)),
                .changeSettings(app: 1, .allowLimited([])),
                .save(app: 0, author: nil, steps: [.addContact(ContactDraft(givenName: "Anna", familyName: "Smith"), container: nil)]),
                .presentAccessPicker(app: 1, adding: [.known(0)], removing: []),
                .fetchContacts(app: 1, FetchScript(predicate: .identifiers([]), keys: [], sortOrder: .none, style: .fetchRequest)),
            ])
        #expect(OperationDecoder.decode(input) == expected)
        #expect(OperationDecoder.people(7, grouping: 5).count == 7 + 1 + 4, "seven people, the group, every second in it")
        #expect(OperationDecoder.people(2, grouping: 0).first == .addContact(ContactDraft(
            givenName: "John", familyName: "Appleseed", phoneNumbers: [DraftValue(label: .mobile, value: "555-0110")],
            emailAddresses: [DraftValue(label: .home, value: "john@example.com")]), container: nil))
        #expect(ScenarioRunner.run(expected).failure == nil)
    }

    @Test func identifierFetchFormatVersion1IsStable() {
        let input: [UInt8] = [
            0x01, 0x00, 0x00, 0x01, 0x03,  // version; givenName order; reader limited; fetch by givenName; given+family keys
            0x02, 0x00, 0x10, 0x01, 0x06, 0x06, 0x12,  // two contacts: Anna Smith (in P), Kim Kim (deleted, in group)
            2, 0x00, 0x01,  // the second contact
            2, 0x04, 0x01,  // junk "K"
            2, 0x05, 0x00,  // a repeat of the first record
        ]
        let scenario = IdentifierFetchFuzz.decode(input)
        #expect(scenario.apps.map(\.bundleIdentifier) == ["com.apple.MobileAddressBook", "com.example.app1"])
        #expect(scenario.operations.prefix(4) == [
            .changeSettings(app: 0, .allowFull),
            .save(app: 0, author: nil, steps: [
                .addContact(ContactDraft(givenName: "Anna", familyName: "Smith"), container: nil),
                .addContact(ContactDraft(givenName: "Kim", familyName: "Kim"), container: nil),
                .addGroup(name: "Friends", container: nil),
                .addMember(.added(1), group: .added(0)),
            ]),
            .changeSettings(app: 1, .allowLimited([.known(0)])),
            .save(app: 0, author: nil, steps: [.deleteContact(.known(1))]),
        ])
        #expect(scenario.operations[4] == .fetchContacts(app: 1, FetchScript(
            predicate: .identifiers([.known(1), .literal("K"), .known(1)]), keys: [.givenName, .familyName],
            sortOrder: .givenName, style: .fetchRequest)))
        #expect(ScenarioRunner.run(scenario).failure == nil)
    }

    /// The saved regression of the one store bug the engine found: a save error must list
    /// "K" and U+212A apart (they are different identifiers).
    @Test func canonicalTwinsRegressionStillMeansWhatItDid() throws {
        let file = CorpusReplayTests.root.appendingPathComponent("Fuzz/Regressions/FuzzPermittedSet/save-error-lists-canonical-twins-apart")
        let scenario = OperationDecoder.decode(try [UInt8](Data(contentsOf: file)))
        #expect(scenario.operations.last == .save(app: 1, author: nil, steps: [
            .updateContact(.literal("K"), ContactDraft(givenName: "Anna", familyName: "Anna")),
            .updateContact(.literal("\u{212A}"), ContactDraft(givenName: "Anna", familyName: "Anna")),
        ]))
        #expect(PermittedSetFuzz.check(try [UInt8](Data(contentsOf: file))) == nil)
    }

    @Test func unknownVersionsDecodeToNothing() {
        for version: UInt8 in [0, 2, 0xFF] {
            #expect(OperationDecoder.decode([version, 1, 2, 3, 4, 5, 6, 7]) == .empty)
            #expect(IdentifierFetchFuzz.decode([version, 1, 2, 3]) == .empty)
        }
        #expect(OperationDecoder.decode([]) == .empty)
    }

    /// Work per input is bounded whatever the bytes: at most 64 records, 32 contact adds, 16
    /// group adds, strings of 24 scalars.
    @Test func decodingIsBounded() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            let input = [UInt8(1)] + (0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let scenario = OperationDecoder.decode(input)
            // Set-up: full access for the Contacts app, its people, three apps' statuses, its history sync.
            #expect(scenario.operations.count <= OperationDecoder.maximumOperations + 6)
            var contactAdds = 0
            var groupAdds = 0
            for case .save(_, _, let steps) in scenario.operations {
                for step in steps {
                    switch step {
                    case .addContact(let draft, _):
                        contactAdds += 1
                        #expect(draft.givenName.unicodeScalars.count <= 24 && draft.familyName.unicodeScalars.count <= 24)
                    case .addGroup: groupAdds += 1
                    default: break
                    }
                }
            }
            #expect(contactAdds <= OperationDecoder.maximumContactAdds)
            #expect(groupAdds <= OperationDecoder.maximumGroupAdds)
            let identifiers = IdentifierFetchFuzz.decode(input)
            #expect(identifiers.operations.count <= 8 + 3 * IdentifierFetchFuzz.maximumIdentifiers)
        }
    }

    // MARK: Reach

    /// The property tests mean something only if generated inputs reach the situations the
    /// contract is about; every feature must come up within a few hundred scenarios.
    @Test func generatedScenariosReachEveryFeature() {
        var reached: [ScenarioFeature: Int] = [:]
        for input in EngineInputs.fixed(EngineInputs.permittedSet, count: 400) {
            let report = ScenarioRunner.run(OperationDecoder.decode(input))
            #expect(report.failure == nil)
            for feature in report.features { reached[feature, default: 0] += 1 }
        }
        for feature in ScenarioFeature.allCases {
            #expect(reached[feature, default: 0] > 0, "no generated scenario reached \(feature)")
        }
        var identifierFeatures: Set<ScenarioFeature> = []
        for input in EngineInputs.fixed(EngineInputs.identifierFetch, count: 100) {
            identifierFeatures.formUnion(ScenarioRunner.run(IdentifierFetchFuzz.decode(input)).features)
        }
        #expect(identifierFeatures.isSuperset(of: [.hiddenContactRefused, .hiddenGroupMemberFiltered, .duplicateIdentifiersAsked,
                                                   .respelledIdentifier]))
        if ProcessInfo.processInfo.environment["CONTACTCORE_PRINT_REACH"] != nil {
            print(ScenarioFeature.allCases.map { "\($0): \(reached[$0, default: 0])/400" }.joined(separator: "\n"))
        }
    }

    // MARK: Notifications

    /// The person's save notifies the person's app only: the limited app cannot see the new
    /// contact. The picker grant then notifies the limited app, as its own store's commit.
    @Test func notificationsFollowWhatEachAppCanSee() {
        let scenario = Scenario(
            apps: [Scenario.contactsApp, AppConfiguration(bundleIdentifier: "com.example.app1", usageDescription: "Friends")],
            operations: [
                .changeSettings(app: 0, .allowFull),
                .changeSettings(app: 1, .allowLimited([])),
                .save(app: 0, author: "import", steps: [.addContact(ContactDraft(givenName: "Anna"), container: nil)]),
                .presentAccessPicker(app: 1, adding: [.known(0)], removing: []),
                .save(app: 0, author: nil, steps: [.addContact(ContactDraft(givenName: "Kim"), container: nil)]),
            ])
        var run = ScenarioRun(scenario)
        #expect(run.execute().failure == nil)
        let check = run.notificationCheck()
        #expect(check.expected[0] == [.init(author: nil, fromApp: nil), .init(author: "import", fromApp: 0), .init(author: nil, fromApp: 0)])
        #expect(check.expected[1] == [.init(author: nil, fromApp: nil), .init(author: nil, fromApp: 1)])
        run = ScenarioRun(Scenario.empty)  // releases the device: the streams end
        let received = check.received()
        #expect(check.check(received) == nil)
        var tampered = received ?? []
        if !tampered.isEmpty { tampered[1].removeLast() }
        #expect(check.check(tampered)?.rule.hasPrefix("notifications") == true)
    }

    // MARK: Printed programs

    @Test func aScenarioPrintsAsAProgram() {
        var run = ScenarioRun(Scenario(
            deviceSeed: 3, defaultSortOrder: .givenName,
            apps: [
                AppConfiguration(bundleIdentifier: "com.example.app1", usageDescription: "Friends"),
                AppConfiguration(bundleIdentifier: "com.example.app2", usageDescription: nil, hasNotesEntitlement: true),
            ],
            operations: [
                .changeSettings(app: 0, .allowLimited([])),
                .save(app: 0, author: "sync", steps: [.addContact(ContactDraft(givenName: "Zoë"), container: nil)]),
                .fetchContacts(app: 0, FetchScript(predicate: .identifiers([.known(0), .spelled(0, .trailingSpace), .literal("K")]),
                                                   keys: [.givenName], sortOrder: .none, style: .fetchRequest)),
                .fetchContact(app: 1, .known(0), keys: [.note]),
            ]))
        let report = run.execute()
        #expect(report.failure == nil)
        let program = run.printer.program(title: "example", failingCheck: ["#expect(Bool(false))"])
        #expect(program == """
            // example
            // Paste into a @Test func (import ContactCore, import Testing); public API only.
            let device = ContactDevice(seed: 3, defaultSortOrder: .givenName)
            let app1 = device.store(for: AppConfiguration(bundleIdentifier: "com.example.app1", usageDescription: "Friends"))
            let app2 = device.store(for: AppConfiguration(bundleIdentifier: "com.example.app2", usageDescription: nil, hasNotesEntitlement: true))
            _ = try device.applySettings(.allowLimited(Set([])), to: "com.example.app1")
            var request1 = SaveRequest(transactionAuthor: "sync")
            var contact1 = MutableContact()
            contact1.givenName = "Zo\\u{EB}"
            let new1 = request1.add(contact1)
            let saved1 = try app1.execute(request1)
            let c1 = try #require(saved1.identifier(for: new1))
            _ = try app1.contacts(for: ContactFetchRequest(predicate: .identifiers([c1, c1 + " ", "K"]), keysToFetch: [.givenName], sortOrder: .none))
            #expect(throws: ContactError.self) { _ = try app2.unifiedContact(withIdentifier: c1, keysToFetch: [.note]) }  // throws .missingUsageDescription
            #expect(Bool(false))

            """)
    }
}
