import BenchmarkSupport
import ContactCore
import Foundation

// A history fetch costs O(events since the token), not O(all history): fetching the last 10
// events takes the same time whether the device keeps 10k, 100k or 1M events.
//
// Each device gets 1,000 contacts in one save, then one-contact updates, one save each,
// until its history holds the given number of events. The fetch starts 10 commits before
// the end and asks for two keys, as an app syncing names would.

let contactCount = 1_000
let historyLengths = [10_000, 100_000, 1_000_000]
let fetches = 2_000
let app = AppConfiguration(bundleIdentifier: "com.example.sync", usageDescription: "Sync contacts")

struct Row {
    let events: Int
    let buildSeconds: Double
    let lastTen: LatencySample
    let eventsReturned: Int
}

func person(_ index: Int) -> MutableContact {
    var contact = MutableContact()
    contact.givenName = "Given\(index)"
    contact.familyName = "Family\(index % 97)"
    return contact
}

func measure(events: Int) throws -> Row {
    let started = ContinuousClock.now
    let device = ContactDevice(seed: 42, historyLimit: events + 10)
    try device.applySettings(.allowFull, to: app.bundleIdentifier)
    let store = device.store(for: app)
    var setup = SaveRequest(transactionAuthor: "import")
    let references = (0..<contactCount).map { setup.add(person($0)) }
    let result = try store.execute(setup)
    let identifiers = references.compactMap { result.identifier(for: $0) }

    var token = try store.currentHistoryToken
    for step in contactCount..<events {
        var request = SaveRequest(transactionAuthor: "sync")
        request.updateContact(.saved(identifiers[step % contactCount]), with: person(step))
        try store.execute(request)
        if step == events - 11 { token = try store.currentHistoryToken }
    }
    let built = ContinuousClock.now - started

    let request = ChangeHistoryFetchRequest(startingToken: token, additionalContactKeys: [.givenName, .familyName])
    var sample = LatencySample()
    var returned = 0
    for _ in 0..<fetches {
        returned = try sample.measure { try store.changeHistory(for: request) }.events.count
    }
    return Row(events: events, buildSeconds: Double(built.components.seconds) + Double(built.components.attoseconds) / 1e18,
               lastTen: sample, eventsReturned: returned)
}

print("HistoryBenchmark: fetch the last 10 events (\(fetches) fetches per row, \(contactCount) contacts)")
print("")
print("history events | events returned |   median    |     p99     | build")
print("---------------+-----------------+-------------+-------------+---------")
var rows: [Row] = []
for events in historyLengths {
    let row = try measure(events: events)
    rows.append(row)
    print(String(format: "%14d | %15d | %@ | %@ | %6.1f s", row.events, row.eventsReturned,
                 formatDuration(row.lastTen.median), formatDuration(row.lastTen.p99), row.buildSeconds))
}
print("")
if let first = rows.first, let last = rows.last {
    let growth = last.lastTen.median / first.lastTen.median
    print(String(format: "median at %dk events / median at %dk events: %.2f×", last.events / 1_000, first.events / 1_000, growth))
    print(last.lastTen.median < 1_000_000 ? "target met: median under 1 ms at 1M events" : "TARGET MISSED: median is 1 ms or more")
}
