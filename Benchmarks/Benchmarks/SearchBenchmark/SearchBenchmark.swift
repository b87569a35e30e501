// Search per keystroke: 200 target contacts (Latin, Chinese by characters and pinyin, Japanese
// by kanji, kana and romaji, Korean by syllables and initial consonants, phone numbers, email
// addresses), each typed one character at a time; every keystroke is one query and one
// iteration, so p50/p99/p100 are over queries. Beside ContactCore, SQLite FTS5 answers the same
// keystrokes over the same people in the same run. Populations of 10k, 100k and 1M contacts;
// a limited app with a fixed P of 10k on devices of 100k and 1M (SPEC 4's timing class).
//
// Run: make bench BENCH_ARGS="--target SearchBenchmark"   (see Benchmarks/README.md)
import Benchmark
import BenchmarkSupport
import ContactCore
import Foundation
import GRDB
import SQLitePeer
import Thresholds

let sizes = [10_000, 100_000, 1_000_000]
let permittedCount = 10_000
/// Passes over every keystroke per benchmark.
let passes = 3

/// The population, targets and keystrokes of one run; built in a benchmark's setup, once.
final class Fixture: @unchecked Sendable {
    let people: [Person]
    let targets: [SearchTarget]
    let keystrokes: [Keystroke]
    private(set) var next = 0

    init(_ count: Int) {
        people = People.make(count)
        targets = Typing.targets(in: people)
        keystrokes = Typing.keystrokes(of: targets)
    }

    /// The keystrokes in turn, round and round.
    func nextKeystroke() -> Keystroke {
        defer { next = (next + 1) % keystrokes.count }
        return keystrokes[next]
    }

    /// The share of the keystrokes SPEC 7 requires to find their target that do, in percent.
    func hitRate(_ found: (Keystroke) throws -> Set<Int>) rethrows -> Int {
        let required = keystrokes.filter(\.requiresTarget)
        let hits = try required.filter { try found($0).contains(targets[$0.target].person) }.count
        return required.isEmpty ? 100 : hits * 100 / required.count
    }
}

nonisolated(unsafe) var fixture: Fixture?
nonisolated(unsafe) var population: Population?
nonisolated(unsafe) var limited: ContactStore?
nonisolated(unsafe) var peer: SQLitePeer?
nonisolated(unsafe) var hitRate = 0

func prepare(_ count: Int) -> Fixture {
    let made = Fixture(count)
    fixture = made
    return made
}

/// Loads ContactCore and measures its hit rate: row n of `people` is `identifiers[n]`.
func loadContactCore(_ count: Int) throws {
    let made = prepare(count)
    let loaded = try Population(made.people)
    population = loaded
    let rows = Dictionary(uniqueKeysWithValues: loaded.identifiers.enumerated().map { ($1, $0) })
    hitRate = try made.hitRate { keystroke in
        Set(try loaded.full.contactIdentifiers(matching: keystroke.predicate).compactMap { rows[$0] })
    }
}

func loadFTS5(_ count: Int) throws {
    let made = prepare(count)
    let loaded = try SQLitePeer(made.people)
    peer = loaded
    hitRate = try loaded.database.read { db in
        let statement = try db.makeStatement(sql: "SELECT rowid FROM names WHERE names MATCH ?")
        return try made.hitRate { keystroke in
            guard let pattern = SQLitePeer.pattern(for: keystroke) else { return [] }
            return Set(try Int.fetchAll(statement, arguments: [pattern]))
        }
    }
}

let benchmarks: @Sendable () -> Void = {
    for size in sizes {
        let name = sizeName(size)
        // Every keystroke `passes` times; the count of keystrokes is the same at every size.
        let iterations = Typing.keystrokes(of: Typing.targets(in: People.make(10_000))).count * passes

        Benchmark("Search identifiers, full access, \(name)",
                  configuration: Thresholds.perQuery(iterations: iterations, extra: [Thresholds.targetHits])) { benchmark in
            guard let fixture, let population else { return }
            let keystroke = fixture.nextKeystroke()
            blackHole(try population.full.contactIdentifiers(matching: keystroke.predicate).count)
            benchmark.measurement(Thresholds.targetHits, hitRate)
        } setup: {
            try loadContactCore(size)
        }

        Benchmark("Search first 50 contacts, full access, \(name)",
                  configuration: Thresholds.perQuery(iterations: iterations)) { _ in
            guard let fixture, let population else { return }
            blackHole(try FirstScreen.show(fixture.nextKeystroke().predicate, in: population.full))
        } setup: {
            try loadContactCore(size)
        }

        Benchmark("FTS5 rowids, \(name)",
                  configuration: Thresholds.perQuery(iterations: iterations, extra: [Thresholds.targetHits])) { benchmark in
            guard let fixture, let peer else { return }
            blackHole(try peer.rowids(for: fixture.nextKeystroke()))
            benchmark.measurement(Thresholds.targetHits, hitRate)
        } setup: {
            try loadFTS5(size)
        }

        Benchmark("FTS5 first 50 rows, \(name)", configuration: Thresholds.perQuery(iterations: iterations)) { _ in
            guard let fixture, let peer else { return }
            blackHole(try peer.firstRows(for: fixture.nextKeystroke()))
        } setup: {
            try loadFTS5(size)
        }

        guard size > permittedCount else { continue }
        // SPEC 4: the same P, the same queries, whatever the rest of the device holds.
        // One pass: the permitted set is scanned, so each query costs milliseconds.
        Benchmark("Search identifiers, limited app P=10k, device \(name)",
                  configuration: Thresholds.perQuery(iterations: iterations / passes)) { _ in
            guard let fixture, let limited else { return }
            blackHole(try limited.contactIdentifiers(matching: fixture.nextKeystroke().predicate).count)
        } setup: {
            let made = prepare(size)
            let loaded = try Population(made.people)
            population = loaded
            // P: the first 10k people, the same at every size (and holding every target).
            limited = try loaded.limitedApp(permitted: 0..<permittedCount)
        }
    }
}
