// Memory per contact at 1M contacts: the resident size a device adds, with its search index
// and without it, beside the size of the same contacts in an SQLite file (a plain table, then
// with the FTS5 index the search benchmark queries). One iteration; the figures are custom
// metrics in bytes per contact (p50 = the one value).
//
// Run: make bench BENCH_ARGS="--target MemoryBenchmark"
import Benchmark
import BenchmarkSupport
@_spi(Benchmarks) import ContactCore
import Foundation
import SQLitePeer
import Thresholds

/// glibc's `malloc_trim`, which the Glibc module does not export: returns free pages to the system.
@_silgen_name("malloc_trim")
func mallocTrim(_ padding: Int) -> Int32

let count = 1_000_000

enum Memory {
    static let withIndex = BenchmarkMetric.custom("resident B/contact, with index", useScalingFactor: false)
    static let withoutIndex = BenchmarkMetric.custom("resident B/contact, without index", useScalingFactor: false)
    static let sqlite = BenchmarkMetric.custom("SQLite file B/contact", useScalingFactor: false)
    static let sqliteFTS5 = BenchmarkMetric.custom("SQLite + FTS5 file B/contact", useScalingFactor: false)
}

/// Resident memory once freed pages went back to the system.
func settledResidentMemory() -> Int {
    #if os(Linux)
    _ = mallocTrim(0)
    #endif
    return residentMemory()
}

func fileSize(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
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

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("contactcore-memory-bench")
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (metric, fullText) in [(Memory.sqlite, false), (Memory.sqliteFTS5, true)] {
            let path = directory.appendingPathComponent("contacts-\(fullText).sqlite").path
            try SQLitePeer(people, path: path, fullText: fullText).database.close()
            benchmark.measurement(metric, fileSize(path) / count)
        }
    }
}
