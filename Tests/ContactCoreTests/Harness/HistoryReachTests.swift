import ContactCore
import ContactCoreTesting
import Testing

/// Format version 4's reach (SPEC 2, 6, 11): device identities and history limits, real
/// tokens of every kind, subgroups, containers, and history events compared in full. Each
/// program is one a fuzzer can spell; the runner compares every observation with the model.
@Suite struct HistoryReachTests {
    static let authorized: [Program.Setup] = [.authorized, .authorized, .notDetermined]

    @Test func version4BytesSpellTheDeviceAndTheNewChoices() {
        // Header: cast 1, app 0 authorized; device byte: identity 2, limit 3, accounts.
        let program = FuzzTarget.historyToken.program([
            4, 4, 1, 0x0D,
            5, 3, 0, 6, 5, 0,  // history with a token of the other device
            5, 4, 0, 7, 9, 1,  // the token after commit 10, with group changes
            7, 5, 0, 8, 0, 3, 2, 0,  // a damaged token
            7, 0, 0, 0, 1, 1, 3, 0,  // a save: add to container 1 (the first account)
            6, 1, 0, 0, 10, 0, 1,  // a save: nest group 0 in group 1
        ])
        #expect(program.device == DeviceSetup(identity: 2, historyLimit: 3, hasAccounts: true))
        #expect(program.operations == [
            .history(app: 0, token: .otherDevice(5), excludeAuthor: nil, includeGroups: false),
            .history(app: 0, token: .atCommit(9), excludeAuthor: nil, includeGroups: true),
            .history(app: 0, token: .damaged(0, index: 3, mask: 2), excludeAuthor: nil, includeGroups: false),
            .save(app: 0, author: 0, steps: [.addTo(.known(1), Draft(person: 3))]),
            .save(app: 0, author: 0, steps: [.addSubgroup(.known(0), .known(1))]),
        ])
        // Version 2 reads the same record with its own choices: no device byte, `% 6` tokens.
        let version2 = FuzzTarget.historyToken.program([2, 4, 1, 5, 3, 0, 6, 5, 0])
        #expect(version2.device == DeviceSetup())
        #expect(version2.operations == [.history(app: 0, token: .none, excludeAuthor: 2, includeGroups: true)])
    }

    @Test func theNewChoicesPrintAsSwift() {
        var program = Program()
        program.device = DeviceSetup(identity: 2, historyLimit: 1, hasAccounts: true)
        program.operations = [
            .save(app: 0, author: 0, steps: [.addTo(.contact(1), Draft(person: 1)), .addSubgroup(.added(1), .known(0)),
                                             .removeSubgroup(.known(0), .contact(2))]),
            .history(app: 0, token: .otherDevice(3), excludeAuthor: nil, includeGroups: true),
            .history(app: 0, token: .atCommit(4), excludeAuthor: nil, includeGroups: false),
            .history(app: 0, token: .damaged(5, index: 6, mask: 7), excludeAuthor: nil, includeGroups: false),
        ]
        let test = Printer.test(program, name: "reach", failure: nil)
        #expect(test.contains("    program.device = DeviceSetup(identity: 2, historyLimit: 1, hasAccounts: true, hasGroups: false)"))
        #expect(test.contains(".save(app: 0, author: 0, steps: [.addTo(.contact(1), Draft(person: 1)), "
            + ".addSubgroup(.added(1), .known(0)), .removeSubgroup(.known(0), .contact(2))]),  // 1"))
        #expect(test.contains(".history(app: 0, token: .otherDevice(3), excludeAuthor: nil, includeGroups: true),  // 2"))
        #expect(test.contains("token: .atCommit(4),"))
        #expect(test.contains("token: .damaged(5, index: 6, mask: 7),"))
    }

    /// SPEC 11: another device's token, one from the future, an expired one and a damaged one
    /// each give a full sync for their reason; a token the history still reaches gives the changes.
    @Test(arguments: [UInt64(1), 2])
    func everyKindOfTokenMeansWhatSPECSays(identity: UInt64) {
        var program = Program()
        program.people = [0, 1, 2]
        program.initialStatus = Self.authorized
        program.device = DeviceSetup(identity: identity, historyLimit: 3)
        program.operations = [
            .history(app: 0, token: .otherDevice(2), excludeAuthor: nil, includeGroups: false),
            .history(app: 0, token: .atCommit(40), excludeAuthor: nil, includeGroups: false),
            .history(app: 0, token: .atCommit(2), excludeAuthor: nil, includeGroups: false),
            .history(app: 0, token: .damaged(0, index: 12, mask: 0), excludeAuthor: nil, includeGroups: false),
            .save(app: 1, author: 1, steps: [.add(Draft(person: 4, phone: 2)), .update(.known(1), Draft(person: 5, email: 1))]),
            .history(app: 0, token: .seen(0), excludeAuthor: nil, includeGroups: false),
            .history(app: 0, token: .atCommit(3), excludeAuthor: nil, includeGroups: false),
            .settings(app: 2, .deny),
            .settings(app: 2, .full),
            .settings(app: 2, .deny),
            .history(app: 1, token: .seen(1), excludeAuthor: nil, includeGroups: false),
        ]
        #expect(Runner.run(program) == nil)
    }

    /// SPEC 11: an add or update event carries the contact's values now, with every key the
    /// app may fetch (no note without the entitlement).
    @Test func eventsCarryTheValuesNow() {
        var program = Program()
        program.people = [0, 1]
        program.initialStatus = Self.authorized
        program.operations = [
            .save(app: 0, author: 0, steps: [.add(Draft(person: 2)), .update(.known(1), Draft(person: 3, note: "Allergic to nuts"))]),
            .save(app: 0, author: 0, steps: [.update(.known(0), Draft(person: 4, phone: 1, email: 2, note: "Allergic to nuts"))]),
            .history(app: 0, token: .seen(0), excludeAuthor: nil, includeGroups: false),
            .history(app: 1, token: .seen(1), excludeAuthor: nil, includeGroups: false),
            .history(app: 1, token: .none, excludeAuthor: nil, includeGroups: true),
        ]
        #expect(Runner.run(program) == nil)
    }

    /// SPEC 2 and 11: nestings are history events of their own; a nesting that would make a
    /// cycle is `containmentCycle`, and a deleted group takes its nestings with it.
    @Test func subgroupsAreEventsAndNeverCycles() {
        var program = Program()
        program.initialStatus = Self.authorized
        program.operations = [
            .save(app: 0, author: 0, steps: [.addGroup(name: "Family"), .addGroup(name: "Work"), .addGroup(name: "家族"),
                                             .addSubgroup(.added(1), .added(0)), .addSubgroup(.added(2), .added(1))]),
            .history(app: 0, token: .seen(0), excludeAuthor: nil, includeGroups: true),
            .save(app: 0, author: 0, steps: [.addSubgroup(.known(2), .known(0))]),  // Family in 家族, under Work: a cycle
            .save(app: 0, author: 0, steps: [.addSubgroup(.known(0), .known(0))]),  // itself
            .save(app: 0, author: 0, steps: [.addGroup(name: "Work"), .addSubgroup(.added(0), .added(0))]),
            .save(app: 0, author: 1, steps: [.removeSubgroup(.known(0), .known(1)), .addSubgroup(.known(0), .known(2))]),
            .save(app: 0, author: 0, steps: [.removeSubgroup(.known(1), .contact(0))]),
            .history(app: 1, token: .seen(0), excludeAuthor: nil, includeGroups: true),
            .history(app: 0, token: .seen(2), excludeAuthor: 1, includeGroups: true),
            .save(app: 0, author: 0, steps: [.deleteGroup(.known(1))]),
            .history(app: 0, token: .seen(0), excludeAuthor: nil, includeGroups: true),
            .history(app: 0, token: .none, excludeAuthor: nil, includeGroups: true),
        ]
        #expect(Runner.run(program) == nil)
    }

    /// The person's groups are there from the start, so a program's first save can nest them.
    @Test func thePersonsGroupsCanBeNestedAtOnce() {
        var program = Program()
        program.initialStatus = Self.authorized
        program.device = DeviceSetup(hasAccounts: true, hasGroups: true)
        program.operations = [
            .save(app: 0, author: 0, steps: [.addSubgroup(.known(0), .known(1)), .addSubgroup(.known(2), .known(0))]),
            .history(app: 0, token: .seen(0), excludeAuthor: nil, includeGroups: true),
            .save(app: 1, author: 0, steps: [.removeSubgroup(.known(0), .known(1))]),
            .history(app: 0, token: .seen(0), excludeAuthor: nil, includeGroups: true),
        ]
        #expect(Runner.run(program) == nil)
    }

    /// SPEC 2: contacts and groups go to the container a save names (an unknown one is
    /// `parentRecordDoesNotExist`), and their add events name it.
    @Test func contactsLiveInTheContainerTheSaveNamed() {
        var program = Program()
        program.people = [0]
        program.initialStatus = [.authorized, .limited(1), .notDetermined]
        program.device = DeviceSetup(hasAccounts: true)
        program.operations = [
            .save(app: 0, author: 0, steps: [.addTo(.known(1), Draft(person: 1)), .addTo(.known(2), Draft(person: 2))]),
            .save(app: 1, author: 0, steps: [.addTo(.known(0), Draft(person: 3)), .addTo(.known(5), Draft(person: 4))]),
            .save(app: 0, author: 0, steps: [.addTo(.contact(0), Draft(person: 5))]),
            .save(app: 0, author: 0, steps: [.addGroupTo(.known(2), name: "Work"), .addGroup(name: "Family"), .addMember(.known(0), .added(0))]),
            .save(app: 0, author: 0, steps: [.addGroupTo(.contact(1), name: "Work")]),
            .history(app: 0, token: .seen(0), excludeAuthor: nil, includeGroups: false),
            .history(app: 1, token: .none, excludeAuthor: nil, includeGroups: true),
        ]
        #expect(Runner.run(program) == nil)
    }

    /// SPEC 5's container predicate as a fetch of its own (version 4's fetch kind 15): the
    /// visible contacts of the container named, in the order asked for; a contact's identifier
    /// names no container and finds none.
    @Test func aContainerFetchFindsTheVisibleContactsItHolds() {
        // A record of the search profile: fetch (kind 2), app 0, predicate kind 15, sort by given name, keys, reference 1.
        let record: [UInt8] = [6, 2, 0, 15, 1, 0xFF, 1]
        #expect(FuzzTarget.searchMatching.program([4, 0, 1, 0x08] + record).operations
            == [.fetch(app: 0, .container(.known(1)), keys: Keys(bits: 0xFF), sort: .givenName)])
        // Version 2 reads kind 15 as it always has: a group.
        #expect(FuzzTarget.searchMatching.program([2, 0, 1] + record).operations
            == [.fetch(app: 0, .group(.known(1)), keys: Keys(bits: 0xFF), sort: .givenName)])

        var program = Program()
        program.people = [0, 1]
        program.initialStatus = [.authorized, .limited(1), .notDetermined]
        program.device = DeviceSetup(hasAccounts: true)
        program.operations = [
            .save(app: 0, author: 0, steps: [.addTo(.known(1), Draft(person: 3)), .addTo(.known(1), Draft(person: 2)),
                                             .addTo(.known(2), Draft(person: 4))]),
            .fetch(app: 0, .container(.known(1)), keys: .everythingButNote, sort: .givenName),
            .save(app: 1, author: 0, steps: [.addTo(.known(1), Draft(person: 5))]),
            .fetch(app: 1, .container(.known(1)), keys: Keys(bits: 0x01), sort: .none),
            .fetch(app: 1, .container(.known(0)), keys: Keys(bits: 0x01), sort: .familyName),
            .save(app: 0, author: 0, steps: [.delete(.known(1))]),
            .fetch(app: 0, .container(.known(1)), keys: Keys(bits: 0x01), sort: .userDefault),
            .fetch(app: 0, .container(.contact(0)), keys: Keys(bits: 0x01), sort: .none),
        ]
        #expect(Runner.run(program) == nil)
        #expect(Printer.test(program, name: "reach", failure: nil).contains(".fetch(app: 0, .container(.known(1)), "))
    }

    /// SPEC 8's legibility beyond contrast (version 4's button looks): a clipped, covered or
    /// translucent button, or one under its minimum size, grants nothing; one exactly at its
    /// limits, or whose text contrasts with a dark background, grants as usual.
    @Test(arguments: [0, 6])
    func theButtonsLookDecidesWhetherATapCounts(foreground: Int) {
        // A record of the search profile: the button (kind 5), app 0, spelled query 0, no flags, gray 0, no picks, look 2.
        let record: [UInt8] = [7, 5, 0, 0x80, 0, 0, 0, 2]
        let spelled = Vocabulary.spelledQueries[0]
        #expect(FuzzTarget.searchMatching.program([4, 0, 1, 0] + record).operations == [.button(app: 0, Tap(query: spelled, look: 2))])
        #expect(FuzzTarget.searchMatching.program([2, 0, 1] + record).operations == [.button(app: 0, Tap(query: spelled))])

        for look in Vocabulary.buttonLooks.indices {
            var program = Program()
            program.people = [1, 2, 4]
            program.initialStatus = [.limited(1), .notDetermined, .authorized]
            let tap = Tap(query: QueryText(text: "ann", tokens: ["ann"]), foreground: foreground, picks: [0, 1], look: look)
            program.operations = [.button(app: 0, tap), .button(app: 1, tap), .fetch(app: 0, .all, keys: Keys(bits: 1), sort: .none)]
            #expect(Runner.run(program) == nil, "look \(look)")
        }
        var printed = Program()
        printed.operations = [.button(app: 0, Tap(query: spelled, look: 3))]
        #expect(Printer.test(printed, name: "reach", failure: nil).contains("picks: [], look: 3))"))
    }

    /// SPEC 8's caption of a single match (looks 0, 12 and 13): by default the organization of
    /// one found by name, else the number or address the query matched; the e-mail and phone
    /// captions show the matched one, or the first.
    @Test func aSingleMatchShowsTheCaptionItsLookAsks() {
        var program = Program()
        program.people = []
        program.initialStatus = [.authorized, .notDetermined, .notDetermined]
        program.device = DeviceSetup()
        let zoe = Draft(person: 4, organization: 1, phone: 0, email: 4,
                        more: More(emails: [Labeled(5, label: 0)]))
        program.operations = [
            .save(app: 0, author: 0, steps: [.add(zoe)]),
            .button(app: 1, Tap(query: QueryText(text: "zoe", tokens: ["zoe"]))),
            .button(app: 1, Tap(query: QueryText(text: "kate@bell.org.", tokens: ["kate", "bell", "org"]), look: 12)),
            .button(app: 1, Tap(query: QueryText(text: "zoe", tokens: ["zoe"]), look: 13)),
            .button(app: 2, Tap(query: QueryText(text: "zoe", tokens: ["zoe"]), look: 12)),
        ]
        #expect(Runner.run(program) == nil)
    }

    /// Version 4's save step kind 5 with bit 7 set renames a group (SPEC 6); version 2 reads
    /// the same bytes as it always has.
    @Test func version4BytesSpellARename() {
        // A save (kind 0 of the history profile), app 0, three steps: rename the person's first
        // group, add a group to the default container, rename that one.
        let record: [UInt8] = [12, 0, 0, 0x08, 0x89, 0, 1, 4, 0, 0, 0x89, 0xC0, 3]
        #expect(FuzzTarget.historyToken.program([4, 4, 1, 0x10] + record).operations == [
            .save(app: 0, author: 0, steps: [.renameGroup(.known(0), name: "Work"), .addGroupTo(.known(0), name: "Family"),
                                             .renameGroup(.added(0), name: "家族")]),
        ])
        // Kind 4 with bit 7 set: add a group, then rename it.
        #expect(FuzzTarget.historyToken.program([4, 4, 1, 0, 7, 0, 0, 0, 0x88, 0, 0, 3]).operations
            == [.save(app: 0, author: 0, steps: [.addGroupTo(.known(0), name: "Family"), .renameGroup(.added(0), name: "家族")])])
        let version2 = FuzzTarget.historyToken.program([2, 4, 1] + record).operations
        guard case .save(_, _, let steps) = version2.first else { return #expect(Bool(false), "\(version2)") }
        #expect(steps.first == .removeMember(.known(0), .known(1)))
        #expect(!steps.contains { if case .renameGroup = $0 { true } else { false } })
    }

    /// Version 4's access picker record whose app byte has bit 7 set is the one-time contact
    /// picker (SPEC 9b); version 2 reads it as the access picker.
    @Test func version4BytesSpellTheContactPicker() {
        // The access picker (kind 8 of everything), app byte 0x81 (app 0), two references, keys.
        let record: [UInt8] = [6, 8, 0x81, 2, 0, 1, 3]
        #expect(FuzzTarget.permittedSet.program([4, 4, 1, 0] + record).operations
            == [.contactPicker(app: 0, chosen: [.known(0), .known(1)], keys: Keys(bits: 3))])
        #expect(FuzzTarget.permittedSet.program([2, 4, 1] + record).operations
            == [.accessPicker(app: 0, adding: [.known(0), .known(1)], removing: [])])
    }

    /// Random version 4 inputs spell both, a rename of a group the same save added included.
    @Test func randomVersion4InputsRenameAndPick() {
        var generator = SeededGenerator(seed: 0x5EED)
        var renames: [GroupRef] = [], pickers = 0
        for _ in 0..<3_000 {
            let bytes = [Decoder.deviceVersion] + (0..<(3 + Int(generator.next() % 198))).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            for operation in FuzzTarget.permittedSet.program(bytes).operations {
                if case .save(_, _, let steps) = operation {
                    for case .renameGroup(let group, _) in steps { renames.append(group) }
                }
                if case .contactPicker = operation { pickers += 1 }
            }
        }
        print("HistoryReach: of 3,000 inputs, \(renames.count) renames (\(renames.filter { if case .added = $0 { true } else { false } }.count) of a group the same save added), \(pickers) contact pickers")
        #expect(renames.filter { if case .added = $0 { true } else { false } }.count > 20)
        #expect(renames.filter { if case .known = $0 { true } else { false } }.count > 20)
        #expect(pickers > 20)
    }

    @Test func renamesAndTheContactPickerPrintAsSwift() {
        var program = Program()
        program.operations = [
            .save(app: 0, author: 0, steps: [.renameGroup(.known(1), name: "家族"), .renameGroup(.added(0), name: " ")]),
            .contactPicker(app: 1, chosen: [.known(0), .junk(2)], keys: Keys(bits: 0x81)),
        ]
        let test = Printer.test(program, name: "reach", failure: nil)
        #expect(test.contains(".save(app: 0, author: 0, steps: [.renameGroup(.known(1), name: \"家族\"), "
            + ".renameGroup(.added(0), name: \" \")]),  // 1"))
        #expect(test.contains(".contactPicker(app: 1, chosen: [.known(0), .junk(2)], keys: Keys(bits: 129)),  // 2"))
    }

    /// SPEC 6 and 11: a rename is an update of the group, its event carries the new name; an
    /// add then a rename is one add with the final name, two renames one update, a rename then
    /// a delete a delete; a blank name is a validation error, a deleted or unknown group
    /// `recordDoesNotExist`.
    @Test func aRenamedGroupIsAnUpdate() {
        var program = Program()
        program.people = [0, 1]
        program.initialStatus = [.authorized, .limited(1), .notDetermined]
        program.device = DeviceSetup(hasGroups: true)
        program.operations = [
            .save(app: 0, author: 0, steps: [.renameGroup(.known(0), name: "Work")]),
            .history(app: 0, token: .seen(0), excludeAuthor: nil, includeGroups: true),
            .save(app: 0, author: 1, steps: [.addGroup(name: "Family"), .renameGroup(.added(0), name: "家族")]),
            .history(app: 0, token: .seen(0), excludeAuthor: nil, includeGroups: true),
            .save(app: 1, author: 2, steps: [.renameGroup(.known(1), name: "Family"), .renameGroup(.known(1), name: "Work")]),
            .save(app: 0, author: 0, steps: [.renameGroup(.known(0), name: " ")]),
            .save(app: 0, author: 0, steps: [.renameGroup(.known(0), name: " "), .renameGroup(.added(0), name: " ")]),
            .save(app: 0, author: 0, steps: [.deleteGroup(.known(2)), .renameGroup(.known(2), name: "Work")]),
            .save(app: 0, author: 0, steps: [.renameGroup(.contact(0), name: "Work")]),
            .save(app: 0, author: 1, steps: [.renameGroup(.known(2), name: "Family"), .deleteGroup(.known(2))]),
            .save(app: 0, author: 0, steps: [.renameGroup(.known(2), name: "Family")]),
            .save(app: 2, author: 0, steps: [.renameGroup(.known(0), name: "Family")]),
            .history(app: 0, token: .seen(2), excludeAuthor: nil, includeGroups: true),
            .history(app: 0, token: .seen(3), excludeAuthor: 2, includeGroups: true),
            .history(app: 1, token: .none, excludeAuthor: nil, includeGroups: true),
        ]
        #expect(Runner.run(program) == nil)
    }

    /// SPEC 9b: at every status the app receives exactly the chosen contacts that exist, once
    /// each, with the keys it asked for; its status and permitted set stay, so a later fetch
    /// of a chosen contact outside P still finds nothing; the note needs the entitlement.
    @Test func theContactPickerHandsOverASnapshotOnly() {
        var program = Program()
        program.people = [0, 1, 2]
        program.initialStatus = [.notDetermined, .limited(1), .denied]
        program.operations = [
            .contactPicker(app: 0, chosen: [.known(0), .known(2), .known(0), .junk(1)], keys: Keys(bits: 0x23)),
            .contactPicker(app: 1, chosen: [.known(0), .known(1)], keys: .everythingButNote),
            .fetchOne(app: 1, .known(0), keys: Keys(bits: 0x01)),
            .contactPicker(app: 2, chosen: [.known(1)], keys: Keys(bits: 0x01)),
            .contactPicker(app: 1, chosen: [.known(1)], keys: Keys(bits: 0x20)),
            .request(app: 0, answer: .full),
            .save(app: 0, author: 0, steps: [.delete(.known(0))]),
            .contactPicker(app: 1, chosen: [.known(0), .known(2)], keys: Keys(bits: 0x80)),
            .contactPicker(app: 0, chosen: [], keys: Keys(bits: 0x01)),
        ]
        #expect(Runner.run(program) == nil)
    }
}
