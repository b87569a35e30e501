// Profiling aid: builds a device once, then repeats SearchBenchmark's keystrokes, so
// `perf record -g` sees mostly the search path. Prints a checksum of the results (to compare
// two builds: same contacts, same order), p50/p99 per query (wall clock and thread CPU) and
// the slowest queries with their result counts.
// Usage: [ONLY=zh,j] SearchProfile [size] [identifiers|first50|limited] [passes]
// ONLY keeps the keystrokes spelled as listed (every time each is typed), to profile a few.
import BenchmarkSupport
import ContactCore
import Foundation

let arguments = CommandLine.arguments
let size = arguments.count > 1 ? Int(arguments[1]) ?? 1_000_000 : 1_000_000
let mode = arguments.count > 2 ? arguments[2] : "identifiers"
let passes = arguments.count > 3 ? Int(arguments[3]) ?? 3 : 3
let keys: [ContactKey] = [.givenName, .familyName, .phoneNumbers]

let people = People.make(size)
let allKeystrokes = Typing.keystrokes(of: Typing.targets(in: people))
let only = ProcessInfo.processInfo.environment["ONLY"].map { Set($0.split(separator: ",").map(String.init)) }
let keystrokes = only.map { kept in allKeystrokes.filter { kept.contains($0.text) } } ?? allKeystrokes
let population = try Population(people)
// The limited app of SearchBenchmark: P is the first 10,000 people.
let store = mode == "limited" ? try population.limitedApp(permitted: 0..<10_000) : population.full

/// One query as the benchmark makes it: the identifiers found, or the first 50 contacts' ones.
func run(_ keystroke: Keystroke) throws -> [String] {
    guard mode == "first50" else { return try store.contactIdentifiers(matching: keystroke.predicate) }
    var shown: [String] = []
    try store.enumerateContacts(with: ContactFetchRequest(predicate: keystroke.predicate, keysToFetch: keys)) {
        (contact, stop) throws(ContactError) in
        shown.append(contact.identifier + (try contact.givenName))
        stop = shown.count == 50
    }
    return shown
}

var checksum: UInt64 = 0
for keystroke in keystrokes {
    for text in try run(keystroke) {
        for byte in text.utf8 { checksum = (checksum ^ UInt64(byte)) &* 0x100_0000_01B3 }
    }
}
print("ready: \(size) contacts, \(mode), \(keystrokes.count) keystrokes, checksum \(checksum)")


var wall: [UInt64] = [], cpu: [UInt64] = []
var slowest: [(time: UInt64, text: String, count: Int)] = []
for _ in 0..<passes {
    for keystroke in keystrokes {
        let start = DispatchTime.now().uptimeNanoseconds, startCPU = threadNanoseconds()
        let count = try run(keystroke).count
        let elapsedCPU = threadNanoseconds() - startCPU
        cpu.append(elapsedCPU)
        wall.append(DispatchTime.now().uptimeNanoseconds - start)
        slowest.append((elapsedCPU, keystroke.text, count))
    }
}
wall.sort()
cpu.sort()
print("wall p50 \(microseconds(wall, percentile: 50)) µs p99 \(microseconds(wall, percentile: 99)) µs; thread CPU p50 \(microseconds(cpu, percentile: 50)) µs p99 \(microseconds(cpu, percentile: 99)) µs")
var seen = Set<String>()
for (time, text, count) in slowest.sorted(by: { $0.time > $1.time }) where seen.insert(text).inserted && seen.count <= 12 {
    print("  \(time / 1000) µs  \(text.debugDescription)  \(count) results")
}

// What the p99 is made of: the queries over this run's p99 of thread time, by kind (the goal is
// a share of FTS5's p99, Goals.swift, which this profile does not measure).
let goal = cpu.isEmpty ? 0 : cpu[min(cpu.count - 1, cpu.count * 99 / 100)]
let over = slowest.filter { $0.time > goal }
let severalTokens = over.filter { $0.text.split(separator: " ").count > 1 }
print("over the p99 (\(goal / 1000) µs): \(over.count) of \(slowest.count) queries (\(severalTokens.count) of several tokens; the others found \(over.filter { $0.text.split(separator: " ").count <= 1 }.map(\.count).min() ?? 0) or more contacts)")
