@testable import ContactCore

import Testing

/// SPEC 11's coalescing and ordering rules on hand-written requests.
@Suite("SPEC 11 — history events")
struct HistoryEventTests {
    let fixture: Fixture
    let app: ContactStore
    let start: HistoryToken

    init() throws {
        fixture = try Fixture()
        app = try fixture.app("history.app", .allowFull)
        start = try app.currentHistoryToken
    }

    func events(keys: [ContactKey] = nameKeys, groups: Bool = true, excluding: [String] = []) throws -> [ChangeHistoryEvent] {
        try app.changeHistory(for: ChangeHistoryFetchRequest(
            startingToken: start, includeGroupChanges: groups, excludedTransactionAuthors: excluding,
            additionalContactKeys: keys)).events
    }

    func contact(_ identifier: String, keys: [ContactKey] = nameKeys) throws -> Contact {
        try app.unifiedContact(withIdentifier: identifier, keysToFetch: keys)
    }

    static func person(_ given: String) -> MutableContact {
        var contact = MutableContact()
        contact.givenName = given
        return contact
    }

    @Test func addThenUpdateIsOneAddWithTheFinalValues() throws {
        var request = SaveRequest()
        let added = request.add(Self.person("Ann"))
        let result = try app.execute(request)
        let identifier = try #require(result.identifier(for: added))
        var update = try contact(identifier).mutableCopy()
        update.givenName = "Anna"
        var second = SaveRequest()
        second.update(update)
        try app.execute(second)
        let final = try contact(identifier)
        #expect(try final.givenName == "Anna")
        #expect(try events() == [.addContact(final, containerIdentifier: app.defaultContainerIdentifier)])
    }

    @Test func addThenDeleteIsNothing() throws {
        var request = SaveRequest()
        let added = request.add(Self.person("Ann"))
        let identifier = try #require(try app.execute(request).identifier(for: added))
        var delete = SaveRequest()
        delete.deleteContact(.saved(identifier))
        try app.execute(delete)
        #expect(try events() == [])
    }

    @Test func updatesCoalesceAndUpdateThenDeleteIsADelete() throws {
        let john = fixture.id("John"), kate = fixture.id("Kate")
        for name in ["J1", "J2", "J3"] {
            var request = SaveRequest()
            request.updateContact(.saved(john), with: Self.person(name))
            try app.execute(request)
        }
        var request = SaveRequest()
        request.updateContact(.saved(kate), with: Self.person("K1"))
        request.deleteContact(.saved(kate))
        try app.execute(request)
        #expect(try events() == [.updateContact(contact(john)), .deleteContact(identifier: kate)])
    }

    @Test func eventsFollowTheCommitOfEachObjectsLastChange() throws {
        let john = fixture.id("John"), kate = fixture.id("Kate"), anna = fixture.id("Anna")
        for (identifier, name) in [(john, "J1"), (kate, "K1"), (john, "J2"), (anna, "A1")] {
            var request = SaveRequest()
            request.updateContact(.saved(identifier), with: Self.person(name))
            try app.execute(request)
        }
        #expect(try events().map(\.viewKey) == [.contact(kate), .contact(john), .contact(anna)])
    }

    @Test func withinOneCommitEventsFollowRequestOrder() throws {
        let john = fixture.id("John"), kate = fixture.id("Kate")
        var request = SaveRequest()
        let group = request.add(MutableGroup(name: "Team"))
        request.updateContact(.saved(kate), with: Self.person("K1"))
        request.addMember(.saved(john), to: group)
        let result = try app.execute(request)
        let groupIdentifier = try #require(result.identifier(for: group))
        #expect(try events().map(\.viewKey) == [
            .group(groupIdentifier), .contact(kate),
            .member(AppView.Link(child: john, parent: groupIdentifier)),
        ])
    }

    @Test func membershipAndNestingReportTheirNetChange() throws {
        let john = fixture.id("John"), kate = fixture.id("Kate")
        var setup = SaveRequest()
        let outer = setup.add(MutableGroup(name: "Outer"))
        let inner = setup.add(MutableGroup(name: "Inner"))
        let result = try app.execute(setup)
        let outerIdentifier = try #require(result.identifier(for: outer))
        let innerIdentifier = try #require(result.identifier(for: inner))
        for build in [
            { (request: inout SaveRequest) in request.addMember(.saved(john), to: .saved(outerIdentifier)) },
            { request in request.addMember(.saved(kate), to: .saved(outerIdentifier)) },
            { request in request.removeMember(.saved(john), from: .saved(outerIdentifier)) },
            { request in request.addSubgroup(.saved(innerIdentifier), to: .saved(outerIdentifier)) },
        ] {
            var request = SaveRequest()
            build(&request)
            try app.execute(request)
        }
        let groupEvents = try events().filter { if case .contact = $0.viewKey { false } else { true } }
        #expect(groupEvents.dropFirst(2) == [
            .addMember(contactIdentifier: kate, groupIdentifier: outerIdentifier),
            .addSubgroup(groupIdentifier: innerIdentifier, parentIdentifier: outerIdentifier),
        ])
        #expect(try events(groups: false) == [])
    }

    @Test func aDeletedContactTakesItsMembershipEventsWithIt() throws {
        let john = fixture.id("John")
        var request = SaveRequest()
        let group = request.add(MutableGroup(name: "Team"))
        request.addMember(.saved(john), to: group)
        let groupIdentifier = try #require(try app.execute(request).identifier(for: group))
        let token = try app.currentHistoryToken
        var delete = SaveRequest()
        delete.deleteContact(.saved(john))
        try app.execute(delete)
        let history = try app.changeHistory(for: ChangeHistoryFetchRequest(startingToken: token, includeGroupChanges: true))
        #expect(history.events == [.deleteContact(identifier: john)])
        #expect(try events().contains { $0.viewKey == .group(groupIdentifier) })
    }

    @Test func contactsCarryExactlyTheRequestedKeys() throws {
        let john = fixture.id("John")
        var request = SaveRequest()
        request.updateContact(.saved(john), with: Self.person("Johnny"))
        try app.execute(request)
        for keys in [[], [ContactKey.givenName], [.phoneNumbers, .emailAddresses, .givenName]] {
            let event = try #require(try events(keys: keys).first)
            guard case .updateContact(let contact) = event else {
                Issue.record("expected an update, got \(event)")
                return
            }
            #expect(contact.availableKeys == ContactKey.allCases.filter(keys.contains))
            #expect(contact == (try self.contact(john, keys: keys)))
        }
    }

    @Test func excludedAuthorsAloneLeaveNoEvent() throws {
        let john = fixture.id("John"), kate = fixture.id("Kate")
        for (identifier, author) in [(john, "me"), (kate, "me"), (kate, "sync")] {
            var request = SaveRequest(transactionAuthor: author)
            request.updateContact(.saved(identifier), with: Self.person("\(author)\(identifier.prefix(3))"))
            try app.execute(request)
        }
        #expect(try events(excluding: ["me"]).map(\.viewKey) == [.contact(kate)])
        #expect(try events(excluding: ["me", "sync"]) == [])
        #expect(try events(excluding: ["nobody"]).count == 2)
    }

    @Test func accessChangesAreCommitsWithoutEvents() throws {
        try fixture.device.applySettings(.allowLimited([fixture.id("John")]), to: "other.app")
        let history = try app.changeHistory(for: ChangeHistoryFetchRequest(startingToken: start))
        #expect(history.events == [])
        #expect(history.currentToken != start)
    }

    @Test func retentionKeepsOnlyTheNewestCommits() throws {
        let device = ContactDevice(seed: 3, historyLimit: 4)
        try device.applySettings(.allowFull, to: "app")
        let store = device.store(for: AppConfiguration(bundleIdentifier: "app", usageDescription: "x"))
        for index in 0..<10 {
            var request = SaveRequest()
            request.add(Self.person("P\(index)"))
            try store.execute(request)
        }
        let (count, first, horizon) = device.state.withLock { state in
            (state.history.records.count, state.history.records.first?.sequence, state.history.horizon)
        }
        #expect(count == 4)
        #expect(first == 8)
        #expect(horizon == 7)
    }
}
