import Foundation
@testable import ContactCore

import Synchronization
import Testing

/// SPEC 10 on hand-written cases: who is told, what they are told, and the buffering policy.
/// A notification that never comes must fail the test, not hang the run (a planted bug does
/// exactly that): past the limit the test is cancelled, and a cancelled wait returns `nil`.
@Suite("SPEC 10 — change notifications", .timeLimit(.minutes(1)))
struct NotificationTests {
    /// Tests that play script actions work on a copy; the stores are shared.
    let device = HistoryDevice()

    /// A save by the full app that adds a contact and names `author`.
    func add(author: String, by store: ContactStore? = nil) throws {
        var request = SaveRequest(transactionAuthor: author)
        var contact = MutableContact()
        contact.givenName = author
        request.add(contact)
        try (store ?? device.full).execute(request)
    }

    /// The next notification, which a commit has already buffered.
    func next(_ iterator: inout AsyncStream<ContactStoreChange>.Iterator) async -> ContactStoreChange? {
        await iterator.next()
    }

    @Test func aSaveNotifiesWithItsAuthorAndWhetherThisStoreMadeIt() async throws {
        let other = device.device.store(for: HistoryDevice.fullApp)
        var mine = device.full.changes().makeAsyncIterator()
        var theirs = other.changes().makeAsyncIterator()
        try add(author: "importer")
        #expect(await next(&mine) == ContactStoreChange(transactionAuthor: "importer", isFromCurrentStore: true))
        #expect(await next(&theirs) == ContactStoreChange(transactionAuthor: "importer", isFromCurrentStore: false))
    }

    @Test func aCommitThatChangesNothingNotifiesNoOne() async throws {
        var device = self.device
        var changes = device.full.changes().makeAsyncIterator()
        device.perform(.init(.addThenDelete, author: "nothing"))
        try add(author: "marker")
        #expect(await next(&changes)?.transactionAuthor == "marker")
    }

    @Test func aLimitedAppHearsOnlyOfWhatItSees() async throws {
        var device = self.device
        var limited = device.limited.changes().makeAsyncIterator()
        device.perform(.init(.addContact, author: "hidden"))
        device.perform(.init(.updateContact(0), author: "hidden"))
        device.perform(.init(.addGroup, author: "group"))
        device.perform(.init(.addMember(contact: 0, group: 0), author: "hidden"))
        #expect(await next(&limited)?.transactionAuthor == "group")
        device.perform(.init(.share(0)))
        #expect(await next(&limited) == ContactStoreChange(transactionAuthor: nil, isFromCurrentStore: false))
        device.perform(.init(.updateContact(0), author: "visible"))
        #expect(await next(&limited)?.transactionAuthor == "visible")
        device.perform(.init(.deleteContact(0), author: "gone"))
        #expect(await next(&limited)?.transactionAuthor == "gone")
        device.perform(.init(.addContact, author: "hidden"))
        device.perform(.init(.addContact, by: .limitedApp, author: "own"))
        #expect(await next(&limited) == ContactStoreChange(transactionAuthor: "own", isFromCurrentStore: true))
    }

    @Test func aSettingsChangeNotifiesOnlyThatApp() async throws {
        var full = device.full.changes().makeAsyncIterator()
        var limited = device.limited.changes().makeAsyncIterator()
        try device.device.applySettings(.allowFull, to: HistoryDevice.limitedApp.bundleIdentifier)
        #expect(await next(&limited) == ContactStoreChange(transactionAuthor: nil, isFromCurrentStore: false))
        try add(author: "marker")
        #expect(await next(&full)?.transactionAuthor == "marker")
        #expect(await next(&limited)?.transactionAuthor == "marker")
    }

    @Test func theAccessPickerNotifiesTheStoreThatPresentedIt() async throws {
        var device = self.device
        device.perform(.init(.addContact))
        var limited = device.limited.changes().makeAsyncIterator()
        let contacts = device.contacts
        device.device.setPickerResponder { _ in AccessPickerSelection(adding: contacts) }
        _ = try device.limited.presentContactAccessPicker()
        #expect(await next(&limited) == ContactStoreChange(transactionAuthor: nil, isFromCurrentStore: true))
    }

    @Test func anAppWithoutAccessHearsOnlyOfItsOwnAccess() async throws {
        let app = device.device.store(for: AppConfiguration(bundleIdentifier: "no.access", usageDescription: "x"))
        var changes = app.changes().makeAsyncIterator()
        try add(author: "unseen")
        try device.device.applySettings(.deny, to: "no.access")
        #expect(await next(&changes) == ContactStoreChange(transactionAuthor: nil, isFromCurrentStore: false))
    }

    @Test func theChangeIsReadableWhenTheNotificationArrives() async throws {
        let full = device.full
        let seen = Mutex<[String: Bool]>([:])
        let observation = full.observeChanges { change in
            let names = (try? full.contacts(for: ContactFetchRequest(keysToFetch: [.givenName])))?
                .compactMap { try? $0.givenName } ?? []
            if let author = change.transactionAuthor { seen.withLock { $0[author] = names.contains(author) } }
        }
        let authors = (0..<50).map { "reader\($0)" }
        for author in authors { try add(author: author) }
        try await waitUntil { seen.withLock { $0.count } == authors.count }
        #expect(seen.withLock { $0 } == Dictionary(uniqueKeysWithValues: authors.map { ($0, true) }))
        observation.cancel()
    }

    // MARK: Buffering

    /// The policy: unbounded per observer. An observer that reads nothing holds up no save
    /// and, once it reads, misses and reorders nothing.
    @Test(.timeLimit(.minutes(1)))
    func anObserverThatDoesNotReadNeverHoldsUpSavesAndLosesNothing() async throws {
        let stream = device.full.changes()
        let authors = (0..<3_000).map { "bulk\($0)" }
        for author in authors { try add(author: author) }
        var received: [String?] = []
        for await change in stream {
            received.append(change.transactionAuthor)
            if received.count == authors.count { break }
        }
        #expect(received == authors)
    }

    @Test(.timeLimit(.minutes(1)))
    func aSlowHandlerNeverHoldsUpSavesAndLosesNothing() async throws {
        let received = Mutex<[String]>([])
        let observation = device.full.observeChanges { change in
            Thread.sleep(forTimeInterval: 0.002)
            received.withLock { $0.append(change.transactionAuthor ?? "") }
        }
        let authors = (0..<200).map { "slow\($0)" }
        for author in authors { try add(author: author) }
        // 200 saves take far less than the handler's 0.4 s: saves did not wait for it.
        let handledWhenSavesEnded = received.withLock { $0.count }
        #expect(handledWhenSavesEnded < authors.count)
        try await waitUntil { received.withLock { $0.count } == authors.count }
        #expect(received.withLock { $0 } == authors)
        observation.cancel()
    }

    @Test func aCancelledObservationCallsNoMoreAndIsForgotten() async throws {
        let count = Mutex(0)
        let observation = device.full.observeChanges { _ in count.withLock { $0 += 1 } }
        try add(author: "one")
        try await waitUntil { count.withLock { $0 } == 1 }
        observation.cancel()
        try await waitUntil { observerCount() == 0 }
        try add(author: "two")
        try await Task.sleep(for: .milliseconds(50))
        #expect(count.withLock { $0 } == 1)
    }

    @Test func aDroppedStreamIsForgotten() async throws {
        do {
            let stream = device.full.changes()
            #expect(observerCount() == 1)
            _ = stream
        }
        #expect(observerCount() == 0)
    }

    @Test func streamsEndWithTheirDevice() async throws {
        var stream: AsyncStream<ContactStoreChange>? = HistoryDevice().full.changes()
        var iterator = stream?.makeAsyncIterator()
        stream = nil
        #expect(await iterator?.next() == nil)
    }

    func observerCount() -> Int {
        device.device.state.withLock { $0.changeObservers.count }
    }
}

/// Polls `condition` until it holds, failing after `seconds`.
func waitUntil(seconds: Double = 20, _ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while !condition() {
        guard ContinuousClock.now < deadline else {
            Issue.record("timed out waiting")
            return
        }
        try await Task.sleep(for: .milliseconds(2))
    }
}
