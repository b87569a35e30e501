// Memory per contact at 1M contacts: the resident size a device adds, with its search index
// and without it, beside the size of the same contacts in an SQLite file (a plain table, then
// with the FTS5 index the search benchmark queries). One iteration; the figures are custom
// metrics in bytes per contact (p50 = the one value).
//
// Run: make bench BENCH_ARGS="--target MemoryBenchmark"
import Benchmark
import BenchmarkSupport
@_spi(Hooks) import ContactCore
import Foundation
import SQLitePeer
import Thresholds

let count = 1_000_000

enum Memory {
    static let withIndex = BenchmarkMetric.custom("resident B/contact, with index", useScalingFactor: false)
    static let withoutIndex = BenchmarkMetric.custom("resident B/contact, without index", useScalingFactor: false)
    static let sqlite = BenchmarkMetric.custom("SQLite file B/contact", useScalingFactor: false)
    static let sqliteFTS5 = BenchmarkMetric.custom("SQLite + FTS5 file B/contact", useScalingFactor: false)
}

let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(
        metrics: [Memory.withIndex, Memory.withoutIndex, Memory.sqlite, Memory.sqliteFTS5],
        warmupIterations: 0, scalingFactor: .one, maxDuration: .seconds(600), maxIterations: 1,
        thresholds: [
            Memory.withIndex: .init(relative: [.p50: 10]), Memory.withoutIndex: .init(relative: [.p50: 10]),
        ]
    )
    Benchmark("Memory per contact, \(sizeName(count))", configuration: configuration) { benchmark in
        let people = People.make(count)
        let before = settledResidentMemory()
        let population = try Population(people)
        // Saves keep no index until a search builds one (Decisions.md): build it, as an app's
        // first search would.
        _ = try population.full.contactIdentifiers(matching: .name("a"))
        let loaded = settledResidentMemory()
        population.device.discardSearchIndexToMeasureMemory()
        let withoutIndex = settledResidentMemory()
        benchmark.measurement(Memory.withIndex, (loaded - before) / count)
        benchmark.measurement(Memory.withoutIndex, (withoutIndex - before) / count)
        withExtendedLifetime(population) {}

        for (metric, fullText) in [(Memory.sqlite, false), (Memory.sqliteFTS5, true)] {
            benchmark.measurement(metric, try SQLitePeer.fileBytesPerPerson(people, fullText: fullText))
        }
    }
}
