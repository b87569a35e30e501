// A history fetch costs O(events since the token), not O(all history): fetching the last 10
// events takes the same time whether the device keeps 10k, 100k or 1M events.
//
// Each device gets 1,000 contacts in one save, then one-contact updates, one save each,
// until its history holds the given number of events. The fetch starts 10 commits before
// the end and asks for two keys, as an app syncing names would.
//
// Run: make bench BENCH_ARGS="--target HistoryBenchmark"
import Benchmark
import BenchmarkSupport
import ContactCore
import Foundation
import Thresholds

let contactCount = 1_000
let historyLengths = [10_000, 100_000, 1_000_000]
let app = AppConfiguration(bundleIdentifier: "com.example.sync", usageDescription: "Sync contacts")

nonisolated(unsafe) var store: ContactStore?
nonisolated(unsafe) var request: ChangeHistoryFetchRequest?

func person(_ index: Int) -> MutableContact {
    var contact = MutableContact()
    contact.givenName = "Given\(index)"
    contact.familyName = "Family\(index % 97)"
    return contact
}

/// A device whose history holds `events` events, and a request for the last 10 of them.
func build(events: Int) throws {
    let device = ContactDevice(seed: 42, historyLimit: events + 10)
    try device.applySettings(.allowFull, to: app.bundleIdentifier)
    let built = device.store(for: app)
    var setup = SaveRequest(transactionAuthor: "import")
    let references = (0..<contactCount).map { setup.add(person($0)) }
    let result = try built.execute(setup)
    let identifiers = references.compactMap { result.identifier(for: $0) }

    var token = try built.currentHistoryToken
    for step in contactCount..<events {
        var update = SaveRequest(transactionAuthor: "sync")
        update.updateContact(.saved(identifiers[step % contactCount]), with: person(step))
        try built.execute(update)
        if step == events - 11 { token = try built.currentHistoryToken }
    }
    store = built
    request = ChangeHistoryFetchRequest(startingToken: token, additionalContactKeys: [.givenName, .familyName])
}

let benchmarks: @Sendable () -> Void = {
    for events in historyLengths {
        Benchmark("History: last 10 events of \(sizeName(events))",
                  configuration: Thresholds.perQuery(iterations: 2_000)) { _ in
            guard let store, let request else { return }
            blackHole(try store.changeHistory(for: request).events.count)
        } setup: {
            try build(events: events)
        }
    }
}
