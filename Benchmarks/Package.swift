// swift-tools-version: 6.1
import PackageDescription

// Benchmarks live in their own package so that `swift test` at the root never builds them.
// Run them with `make bench` (release mode).
let package = Package(
    name: "ContactCoreBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        // Named, so the products resolve whatever the checkout folder is called.
        .package(name: "ContactCore", path: ".."),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    ],
    targets: [
        .target(name: "BenchmarkSupport"),
        .executableTarget(
            name: "SearchBenchmark",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "ContactCore", package: "ContactCore"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .executableTarget(
            name: "HistoryBenchmark",
            dependencies: ["BenchmarkSupport", .product(name: "ContactCore", package: "ContactCore")]
        ),
        // SPEC 13: the SQLite back end beside plain GRDB on the same schema (`make bench-storage`).
        .executableTarget(
            name: "StorageBenchmark",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "ContactCore", package: "ContactCore"),
                .product(name: "ContactCoreSQLite", package: "ContactCore"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .executableTarget(
            name: "VCardBenchmark",
            dependencies: ["BenchmarkSupport", .product(name: "ContactCore", package: "ContactCore")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
