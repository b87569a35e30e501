import ContactCore
import Foundation
import Testing

/// Many tasks committing at once (SPEC 6: one total order; SPEC 10: exactly once, in commit
/// order, only what an app can see). The fuzz targets explore orders as decoded
/// interleavings; this runs real ones, and the nightly job runs it under ThreadSanitizer.
@Suite struct ConcurrentCommitStressTests {
    /// What each app heard, behind a pthread lock (ThreadSanitizer cannot see `Mutex`'s futex).
    final class Heard: @unchecked Sendable {
        private let lock = NSLock()
        private var full: [String] = [], limited: [String] = []
        func append(_ author: String?, limited isLimited: Bool) {
            lock.withLock { isLimited ? limited.append(author ?? "") : full.append(author ?? "") }
        }
        var both: (full: [String], limited: [String]) { lock.withLock { (full, limited) } }
    }

    static let full = AppConfiguration(bundleIdentifier: "com.example.full", usageDescription: "Sync")
    static let limited = AppConfiguration(bundleIdentifier: "com.example.limited", usageDescription: "Friends")

    @Test(.timeLimit(.minutes(1)))
    func everyAppHearsEachVisibleCommitOnceInOneOrder() async throws {
        let device = ContactDevice(seed: 11)
        try device.applySettings(.allowFull, to: Self.full.bundleIdentifier)
        try device.applySettings(.allowLimited([]), to: Self.limited.bundleIdentifier)
        let fullStore = device.store(for: Self.full), limitedStore = device.store(for: Self.limited)
        // Notifications are posted under the device lock as each commit lands, so once the
        // writers are done every one has arrived: nothing here waits, even on a bug.
        let heard = Heard()
        fullStore.observeChangesSynchronously { heard.append($0.transactionAuthor, limited: false) }
        limitedStore.observeChangesSynchronously { heard.append($0.transactionAuthor, limited: true) }
        let writers = 8, saves = 25
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<writers {
                group.addTask {
                    let store = writer.isMultiple(of: 2) ? fullStore : limitedStore
                    for save in 0..<saves {
                        var contact = MutableContact()
                        contact.givenName = "w\(writer)-\(save)"
                        var request = SaveRequest(transactionAuthor: "w\(writer)")
                        request.add(contact)
                        _ = try? store.execute(request)
                    }
                }
            }
        }
        let total = writers * saves
        let (heardByFull, heardByLimited) = heard.both
        // The full app heard every commit once; the limited one exactly its own (it cannot see
        // the full app's contacts), in the same relative order: one total order.
        #expect(heardByFull.count == total)
        #expect(heardByLimited.count == total / 2)
        #expect(heardByLimited.allSatisfy { Int($0.dropFirst()).map { !$0.isMultiple(of: 2) } ?? false })
        #expect(heardByFull.filter { Int($0.dropFirst()).map { !$0.isMultiple(of: 2) } ?? false } == heardByLimited)
        // Every save of every writer is there, once.
        let added = try fullStore.unifiedContacts(matching: .name("w"), keysToFetch: [.givenName]).count
        #expect(added == total)
        for writer in 0..<writers {
            #expect(heardByFull.filter { $0 == "w\(writer)" }.count == saves)
        }
        let history = try fullStore.changeHistory(for: ChangeHistoryFetchRequest()).events
        #expect(history.count == total + 1, "drop everything, then one add per commit")
    }
}
