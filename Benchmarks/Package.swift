// swift-tools-version: 6.1
import PackageDescription

// Benchmarks live in their own package so that `swift test` at the root never builds them.
// Run them with `make bench` (package-benchmark, release mode); `make bench-vcard` runs the
// vCard benchmark, a plain executable (see METHODS.md for why).
let package = Package(
    name: "ContactCoreBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        // Named, so the products resolve whatever the checkout folder is called.
        .package(name: "ContactCore", path: ".."),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .target(name: "BenchmarkSupport", dependencies: ["HeapFigures", .product(name: "ContactCore", package: "ContactCore")]),
        // glibc's count of live heap bytes (mallinfo2), which the Glibc module does not export.
        .target(name: "HeapFigures"),
        // Issue 29's goals, apart from `Thresholds`: an executable that links package-benchmark
        // gets its malloc interposer, which puts a 16-byte header on every allocation and so
        // inflates the memory and open-time goals of a plain process.
        .target(name: "Goals"),
        // The storage benchmarks' address book, plain GRDB on ContactCore's schema, and opens in a fresh process.
        .target(
            name: "StoragePeer",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "ContactCore", package: "ContactCore"),
                .product(name: "ContactCoreSQLite", package: "ContactCore"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // SPEC 13: the SQLite back end beside plain GRDB on the same schema (`make bench-storage`).
        .executableTarget(
            name: "StorageBenchmark",
            dependencies: [
                "BenchmarkSupport", "StoragePeer",
                .product(name: "ContactCore", package: "ContactCore"),
                .product(name: "ContactCoreSQLite", package: "ContactCore"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // FetchBenchmark's identifier fetch in a plain process, to profile (`make bench-fetch-profile`).
        .executableTarget(
            name: "FetchProfile",
            dependencies: ["BenchmarkSupport", .product(name: "ContactCore", package: "ContactCore")]
        ),
        // Where a device's memory goes, field by field (`make bench-memory-profile`).
        .executableTarget(
            name: "MemoryProfile",
            dependencies: ["BenchmarkSupport", .product(name: "ContactCore", package: "ContactCore")]
        ),
        // SearchBenchmark's keystrokes in a plain process, to profile (`make bench-search-profile`).
        .executableTarget(
            name: "SearchProfile",
            dependencies: ["BenchmarkSupport", .product(name: "ContactCore", package: "ContactCore")]
        ),
        // Issue 29's goals at 1M contacts, each beside its peer, exit status 1 when one is lost (`make bench-goals`).
        .executableTarget(
            name: "GoalBenchmark",
            dependencies: [
                "BenchmarkSupport", "Goals", "SQLitePeer", "StoragePeer",
                .product(name: "ContactCore", package: "ContactCore"),
            ]
        ),
        .executableTarget(
            name: "VCardBenchmark",
            dependencies: ["BenchmarkSupport", .product(name: "ContactCore", package: "ContactCore")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// package-benchmark's benchmarks: each an executable in Benchmarks/<Name>/, run by
// `swift package benchmark` (`make bench`), with the shared thresholds of `Thresholds`.
package.targets += [
    .target(name: "Thresholds", dependencies: [.product(name: "Benchmark", package: "benchmark")]),
    .target(name: "SQLitePeer", dependencies: ["BenchmarkSupport", .product(name: "GRDB", package: "GRDB.swift")]),
]
let benchmarkTargets: [(name: String, dependencies: [Target.Dependency])] = [
    ("SearchBenchmark", ["SQLitePeer", .product(name: "GRDB", package: "GRDB.swift")]),
    ("FetchBenchmark", []),
    ("MemoryBenchmark", ["SQLitePeer"]),
    ("HistoryBenchmark", []),
]
package.targets += benchmarkTargets.map { name, dependencies in
    .executableTarget(
        name: name,
        dependencies: dependencies + [
            "BenchmarkSupport", "Thresholds",
            .product(name: "ContactCore", package: "ContactCore"),
            .product(name: "Benchmark", package: "benchmark"),
        ],
        path: "Benchmarks/\(name)",
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
}
