import BenchmarkSupport
import ContactCore
import ContactCoreSQLite
import Foundation
import GRDB
import StoragePeer

// SPEC 13: the SQLite back end beside plain GRDB doing the same reads and writes on the same
// schema (PlainGRDB.swift). For each size: open time and peak RSS (each open in a fresh
// process, medians), fetch 1,000 identifiers, single-contact save latency and saves/s.
// Both sides use WAL and synchronous=FULL (ContactCore's default durability).
//
//   StorageBenchmark [sizes...]            default: 100000 1000000
//   StorageBenchmark --open contactcore|grdb <path>   (internal: one open, one line of figures; FreshOpen)

try FreshOpen.runChildIfAsked()
let arguments = Array(CommandLine.arguments.dropFirst())

let sizes = arguments.compactMap(Int.init).isEmpty ? [100_000, 1_000_000] : arguments.compactMap(Int.init)
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("contactcore-storage-bench")
try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)

/// Opens in a fresh process `runs` times, then searches once: median seconds, peak RSS and
/// processor seconds of the open, median seconds of the search and what it found.
func openInChild(_ side: FreshOpen.Side, _ path: String, runs: Int)
    throws -> (seconds: Double, peak: Double, cpu: Double, search: Double, found: Int)
{
    let measured = try FreshOpen.measure(side, path, runs: runs)
    return (median(measured.map(\.seconds)), median(measured.map(\.peakBytes)), median(measured.map(\.processorSeconds)),
            median(measured.map(\.searchSeconds)), measured.last?.found ?? 0)
}

func row(_ what: String, _ core: String, _ plain: String, _ ratio: String) {
    print(what.padding(toLength: 38, withPad: " ", startingAt: 0), core.padding(toLength: 16, withPad: " ", startingAt: 0),
          plain.padding(toLength: 16, withPad: " ", startingAt: 0), ratio)
}

print("StorageBenchmark: ContactCore on SQLite beside plain GRDB, same file and schema (medians)")
for size in sizes {
    let path = folder.appendingPathComponent("contacts-\(size).sqlite").path
    removeDatabase(path)
    let created = try AddressBook.create(count: size, at: path)
    print("\n\(size) contacts (a name, a phone number, an email each): file written in \(String(format: "%.1f", created)) s, \(fileSize(path) / 1_000_000) MB")
    row("", "ContactCore", "plain GRDB", "ratio")

    let runs = size >= 1_000_000 ? 3 : 5
    let coreOpen = try openInChild(.contactCore, path, runs: runs)
    let plainOpen = try openInChild(.plainGRDB, path, runs: runs)
    row("open (read all\(size >= 1_000_000 ? "" : ", target < 1 s"))", String(format: "%.3f s", coreOpen.seconds),
        String(format: "%.3f s", plainOpen.seconds), String(format: "%.2f×", coreOpen.seconds / plainOpen.seconds))
    row("open: processor time (all threads)", String(format: "%.3f s", coreOpen.cpu), String(format: "%.3f s", plainOpen.cpu),
        String(format: "%.2f×", coreOpen.cpu / plainOpen.cpu))
    row("first name search after open", String(format: "%.3f s", coreOpen.search), String(format: "%.3f s", plainOpen.search),
        String(format: "%.2f×", coreOpen.search / plainOpen.search))
    print("  (\"\(AddressBook.searchedName)\": ContactCore builds its search index, then finds \(coreOpen.found); plain GRDB scans names with LIKE, \(plainOpen.found))")
    row("peak RSS after open", String(format: "%.0f MB", coreOpen.peak / 1e6), String(format: "%.0f MB", plainOpen.peak / 1e6),
        String(format: "%.2f×", coreOpen.peak / plainOpen.peak))

    // Fetch 1,000 identifiers: the same random thousand on both sides.
    let device = try ContactDevice.open(databaseAt: path)
    let store = device.store(for: AddressBook.app)
    var random = SplitMix(state: 99)
    let all = device.allContactIdentifiers
    let wanted = (0..<1_000).map { _ in random.pick(all) }
    let keys: [ContactKey] = [.givenName, .familyName, .phoneNumbers, .emailAddresses]
    var coreFetch = LatencySample()
    for _ in 0..<200 {
        let found = try coreFetch.measure { try store.unifiedContacts(matching: .identifiers(wanted), keysToFetch: keys) }
        precondition(found.count == Set(wanted).count)
    }
    // Single-contact saves, each its own commit: first before any search (the device has no
    // search index yet: saves do not keep one), then after one (each save updates it).
    func saves(from first: Int) throws -> LatencySample {
        var sample = LatencySample()
        for index in first..<first + 500 {
            var request = SaveRequest()
            request.add(AddressBook.person(size + index, &random))
            try sample.measure { _ = try store.execute(request) }
        }
        return sample
    }
    let coreSave = try saves(from: 0)
    _ = try store.contactIdentifiers(matching: .name(AddressBook.searchedName))
    let coreIndexedSave = try saves(from: 500)
    device.close()

    let queue = try PlainGRDB.queue(path)
    var plainFetch = LatencySample()
    for _ in 0..<200 {
        let found = try plainFetch.measure { try PlainGRDB.fetch(wanted, in: queue) }
        precondition(found.count == Set(wanted).count)
    }
    var plainSave = LatencySample()
    for index in 0..<500 { try plainSave.measure { try PlainGRDB.save(index, in: queue) } }
    try queue.close()

    row("fetch 1,000 identifiers (target < 5 ms)", formatDuration(coreFetch.median), formatDuration(plainFetch.median),
        String(format: "%.2f×", coreFetch.median / plainFetch.median))
    func rate(_ sample: LatencySample) -> Double {
        Double(sample.nanoseconds.count) / (Double(sample.nanoseconds.reduce(0, +)) / 1e9)
    }
    for (when, sample) in [("before a search", coreSave), ("after a search", coreIndexedSave)] {
        row("save one contact, \(when)", formatDuration(sample.median), formatDuration(plainSave.median),
            String(format: "%.2f×", sample.median / plainSave.median))
        row("  p99", formatDuration(sample.p99), formatDuration(plainSave.p99),
            String(format: "%.2f×", sample.p99 / plainSave.p99))
        row("  saves per second (target: ratio ≤ 2)", String(format: "%.0f /s", rate(sample)), String(format: "%.0f /s", rate(plainSave)),
            String(format: "%.2f×", rate(plainSave) / rate(sample)))
    }
    // CONTACTCORE_BENCH_KEEP=1 keeps the file, to profile an open (`--open contactcore <path>`).
    if ProcessInfo.processInfo.environment["CONTACTCORE_BENCH_KEEP"] == nil { removeDatabase(path) }
}
