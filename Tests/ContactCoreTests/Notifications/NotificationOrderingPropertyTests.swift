@testable import ContactCore
import ContactCoreTesting
import PropertyBased
import Synchronization
import Testing

/// SPEC 10 under concurrency: eight or more tasks save at once, and every observer of every
/// app gets each commit it may see exactly once, in the device's one commit order.
@Suite("SPEC 10 — notification ordering properties")
struct NotificationOrderingPropertyTests {
    /// What a writer task saves: contacts of its own, as the full or the limited app, or
    /// edits of a contact the limited app was given.
    enum Role: CaseIterable, Hashable, Sendable {
        case fullAdds, limitedAdds, sharedEdits
    }

    @Test(.timeLimit(.minutes(2)))
    func everyObserverGetsEachVisibleCommitOnceInCommitOrder() async throws {
        let roles = Gen<Role>.case.array(of: 8...12)
        let counts = Gen.int(in: 1...15).array(of: 12)
        await propertyCheck(count: 12, input: roles, counts) { roles, counts in
            var device = HistoryDevice()
            device.perform(.init(.addContact, author: "setup"))
            device.perform(.init(.share(0)))
            let shared = try #require(device.contacts.first)
            let start = device.device.state.withLock { $0.history.lastSequence }

            let fullStream = device.full.changes()
            let limitedStream = device.limited.changes()
            let handled = Mutex<[ContactStoreChange]>([])
            let observation = device.full.observeChanges { change in handled.withLock { $0.append(change) } }

            // Writer 0 saves through the observed full store; the others through stores of their own.
            let writers = roles.enumerated().map { index, role in
                (index, role, counts[index], role == .limitedAdds ? device.limited
                    : index == 0 ? device.full : device.device.store(for: HistoryDevice.fullApp))
            }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, role, count, store) in writers {
                    group.addTask {
                        for step in 0..<count {
                            var request = SaveRequest(transactionAuthor: "\(role)-\(index)-\(step)")
                            var contact = MutableContact()
                            contact.givenName = "\(index)-\(step)"
                            if role == .sharedEdits {
                                request.updateContact(.saved(shared), with: contact)
                            } else {
                                request.add(contact)
                            }
                            try store.execute(request)
                        }
                    }
                }
                try await group.waitForAll()
            }

            // The device's one commit order, as its log holds it.
            let committed = device.device.state.withLock { state in
                state.history.records.filter { $0.sequence > start }.map { ($0.transactionAuthor ?? "", $0.originStoreIdentifier) }
            }
            #expect(committed.count == counts.prefix(roles.count).reduce(0, +))
            let fullExpected = committed.map {
                ContactStoreChange(transactionAuthor: $0.0, isFromCurrentStore: $0.1 == device.full.instanceIdentifier)
            }
            // The limited app sees its own contacts and the one it was given, nothing else.
            let limitedExpected = committed.filter { !$0.0.hasPrefix("\(Role.fullAdds)") }.map {
                ContactStoreChange(transactionAuthor: $0.0, isFromCurrentStore: $0.1 == device.limited.instanceIdentifier)
            }
            #expect(await Self.take(fullExpected.count, from: fullStream, marker: device) == fullExpected)
            #expect(await Self.take(limitedExpected.count, from: limitedStream, marker: device) == limitedExpected)
            try await waitUntil { handled.withLock { $0.count } >= fullExpected.count }
            #expect(handled.withLock { Array($0.prefix(fullExpected.count)) } == fullExpected)
            observation.cancel()
        }
    }

    /// The next `count` notifications, then proof there were no more: a marker commit that
    /// both apps see must come next.
    static func take(
        _ count: Int, from stream: AsyncStream<ContactStoreChange>, marker device: HistoryDevice
    ) async -> [ContactStoreChange] {
        var iterator = stream.makeAsyncIterator()
        var received: [ContactStoreChange] = []
        while received.count < count, let change = await iterator.next() { received.append(change) }
        var device = device
        device.perform(.init(.addGroup, author: "marker"))
        if let extra = await iterator.next(), extra.transactionAuthor != "marker" { received.append(extra) }
        return received
    }
}
