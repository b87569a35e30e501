import BenchmarkSupport
import ContactCore
import ContactCoreSQLite
import Foundation
import GRDB

// SPEC 13: the SQLite back end beside plain GRDB doing the same reads and writes on the same
// schema (PlainGRDB.swift). For each size: open time and peak RSS (each open in a fresh
// process, medians), fetch 1,000 identifiers, single-contact save latency and saves/s.
// Both sides use WAL and synchronous=FULL (ContactCore's default durability).
//
//   StorageBenchmark [sizes...]            default: 100000 1000000
//   StorageBenchmark --open contactcore|grdb <path>   (internal: one open, one line of figures)

let arguments = Array(CommandLine.arguments.dropFirst())

if arguments.first == "--open", arguments.count == 3 {
    let clock = ContinuousClock()
    let started = clock.now
    let count: Int
    if arguments[1] == "contactcore" {
        let device = try ContactDevice.open(databaseAt: arguments[2])
        let elapsed = seconds(clock.now - started)
        count = device.allContactIdentifiers.count
        print(elapsed, memory().peak, count)
        device.close()
    } else {
        let queue = try PlainGRDB.queue(arguments[2])
        count = try PlainGRDB.load(queue).count
        print(seconds(clock.now - started), memory().peak, count)
    }
    exit(0)
}

let sizes = arguments.compactMap(Int.init).isEmpty ? [100_000, 1_000_000] : arguments.compactMap(Int.init)
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("contactcore-storage-bench")
try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)

/// Opens in a fresh process `runs` times: median seconds and median peak RSS.
func openInChild(_ side: String, _ path: String, runs: Int) throws -> (seconds: Double, peak: Double) {
    var times: [Double] = [], peaks: [Double] = []
    for _ in 0..<runs {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = ["--open", side, path]
        let pipe = Pipe()
        child.standardOutput = pipe
        try child.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()
        let fields = output.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
        guard child.terminationStatus == 0, fields.count == 3 else { throw CocoaError(.executableLoad) }
        times.append(fields[0])
        peaks.append(fields[1])
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    return (median(times), median(peaks))
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
    let fileSize = ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) ?? 0
    print("\n\(size) contacts (a name, a phone number, an email each): file written in \(String(format: "%.1f", created)) s, \(fileSize / 1_000_000) MB")
    row("", "ContactCore", "plain GRDB", "ratio")

    let runs = size >= 1_000_000 ? 3 : 5
    let coreOpen = try openInChild("contactcore", path, runs: runs)
    let plainOpen = try openInChild("grdb", path, runs: runs)
    row("open (read all\(size >= 1_000_000 ? "" : ", target < 1 s"))", String(format: "%.3f s", coreOpen.seconds),
        String(format: "%.3f s", plainOpen.seconds), String(format: "%.2f×", coreOpen.seconds / plainOpen.seconds))
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
    // Single-contact saves, each its own commit.
    var coreSave = LatencySample()
    for index in 0..<500 {
        var request = SaveRequest()
        request.add(AddressBook.person(size + index, &random))
        try coreSave.measure { _ = try store.execute(request) }
    }
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
    row("save one contact: latency", formatDuration(coreSave.median), formatDuration(plainSave.median),
        String(format: "%.2f×", coreSave.median / plainSave.median))
    row("save one contact: p99", formatDuration(coreSave.p99), formatDuration(plainSave.p99),
        String(format: "%.2f×", coreSave.p99 / plainSave.p99))
    let coreRate = Double(coreSave.nanoseconds.count) / (Double(coreSave.nanoseconds.reduce(0, +)) / 1e9)
    let plainRate = Double(plainSave.nanoseconds.count) / (Double(plainSave.nanoseconds.reduce(0, +)) / 1e9)
    row("saves per second", String(format: "%.0f /s", coreRate), String(format: "%.0f /s", plainRate),
        String(format: "%.2f×", plainRate / coreRate))
    // CONTACTCORE_BENCH_KEEP=1 keeps the file, to profile an open (`--open contactcore <path>`).
    if ProcessInfo.processInfo.environment["CONTACTCORE_BENCH_KEEP"] == nil { removeDatabase(path) }
}
