import ContactCoreSQLite
import Foundation
import Synchronization
import Testing
@testable import ContactCore

/// SPEC 13 with SPEC 6: tasks saving and reading at once on one SQLite device keep one total
/// order, the history's, and the file holds exactly that order.
@Suite("SPEC 13 — concurrency on SQLite")
struct SQLiteConcurrencyTests {
    @Test func eightTasksSavingAndReadingKeepOneTotalOrder() async throws {
        let database = TemporaryDatabase()
        defer { database.remove() }
        let device = try ContactDevice.open(databaseAt: database.path, options: TemporaryDatabase.options)
        try device.applySettings(.allowFull, to: ReopenTests.writer.bundleIdentifier)
        let start = device.state.withLock { $0.history.lastSequence }
        let tasks = 8, savesPerTask = 25
        // Each task's saves in the order their calls returned, with the identifier each added.
        let acknowledged = try await withThrowingTaskGroup(of: [(author: String, identifier: String)].self) { group in
            for task in 0..<tasks {
                group.addTask {
                    let store = device.store(for: ReopenTests.writer)
                    var mine: [(author: String, identifier: String)] = []
                    var seen = 0
                    for save in 0..<savesPerTask {
                        var request = SaveRequest(transactionAuthor: "task\(task).\(save)")
                        var contact = MutableContact()
                        contact.givenName = "T\(task)S\(save)"
                        let reference = request.add(contact)
                        let result = try store.execute(request)
                        mine.append((request.transactionAuthor ?? "", result.identifier(for: reference) ?? ""))
                        // A read between saves sees at least everything this task saved.
                        let count = try store.unifiedContacts(matching: .name("T"), keysToFetch: []).count
                        #expect(count >= seen && count >= save + 1)
                        seen = count
                    }
                    return mine
                }
            }
            var all: [[(author: String, identifier: String)]] = []
            for try await mine in group { all.append(mine) }
            return all
        }
        let records = device.state.withLock { Array($0.history.records.filter { $0.sequence > start }) }
        #expect(records.count == tasks * savesPerTask, "one commit per save")
        // One total order: commits are numbered consecutively, each task's saves appear in the
        // order its calls returned, and insertion order (serials) is the history's order.
        #expect(zip(records, records.dropFirst()).allSatisfy { $1.sequence == $0.sequence + 1 })
        let position = Dictionary(uniqueKeysWithValues: records.enumerated().map { ($1.transactionAuthor ?? "", $0) })
        for mine in acknowledged {
            let positions = mine.map { position[$0.author] ?? -1 }
            #expect(positions == positions.sorted() && !positions.contains(-1))
        }
        let added = records.flatMap(\.events).compactMap { event -> String? in
            if case .addContact(let identifier) = event { identifier } else { nil }
        }
        #expect(added == device.allContactIdentifiers)
        #expect(Set(added) == Set(acknowledged.flatMap { $0.map(\.identifier) }))
        #expect(device.checkInvariants().isEmpty)
        let before = device.image
        device.close()
        #expect(try ContactDevice.open(databaseAt: database.path).image == before)
    }
}
