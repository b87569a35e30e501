// swift-tools-version: 6.1
import PackageDescription

/// The fuzz targets that run programs of the harness language.
let programTargets = [
    "FuzzIdentifierFetch",
    "FuzzPermittedSet",
    "FuzzSearchMatching",
    "FuzzChangeOrdering",
    "FuzzHistoryToken",
    "FuzzLargeStores",
]

/// The targets that also declare libFuzzer's custom mutator and cross-over, which edit programs
/// (each `<Target>OnSQLite` too) and vCard files by their lines (Fuzz/HARNESS.md, "Mutations"),
/// and fall back on libFuzzer's byte mutation through `LibFuzzerMutate`.
let mutatedTargets = programTargets + ["FuzzVCard", "FuzzVCardExport"]

/// Fuzz entry points: each is an executable whose `main.swift` holds only the
/// `LLVMFuzzerTestOneInput` declaration, so a plain `swift build` still links it.
let fuzzTargets = programTargets + [
    "FuzzVCard",
    "FuzzVCardExport",
    // Does nothing, but links the same instrumented library (libFuzzer's cost per input grows
    // with it): its exec/s is the ceiling the real targets are measured against.
    "FuzzBaseline",
]

/// Fuzzed by the nightly job only (`fuzz targets --nightly-json`): `<Target>OnSQLite`
/// runs `<Target>`'s programs on the SQLite back end and starts from `<Target>`'s corpus;
/// `FuzzStorageFaults` has a corpus and a dictionary of its own. They
/// link GRDB and the system SQLite, which the per-PR jobs and ClusterFuzzLite do not build.
let nightlyFuzzTargets = [
    "FuzzPermittedSetOnSQLite",
    "FuzzSearchMatchingOnSQLite",
    "FuzzIdentifierFetchOnSQLite",
    // A fault schedule, then a program, on SQLite through a VFS that fails the calls it names.
    "FuzzStorageFaults",
]

/// The example app of ContactCoreTestKit: a contacts mirror, its property test, and its
/// fuzz target (built by `swift build`, fuzzed by hand; the fuzzing tool, Tools/FuzzTool, takes
/// only the executable targets under `Fuzz/`).
let exampleTargets: [Target] = [
    .target(name: "ContactsSync", dependencies: ["ContactCore"], path: "Examples/ContactsSync/Sources/ContactsSync"),
    .testTarget(name: "ContactsSyncTests", dependencies: ["ContactsSync", "ContactCore", "ContactCoreTestKit"],
                path: "Examples/ContactsSync/Tests/ContactsSyncTests"),
    .executableTarget(name: "FuzzContactsSync", dependencies: ["ContactsSync", "ContactCore", "ContactCoreTestKit"],
                      path: "Examples/ContactsSync/Fuzz/FuzzContactsSync"),
]

/// The harness's own modules in the fuzz tool's builds (`FuzzBuild`, which sets the variable and
/// always passes `-sanitize=fuzzer`): libFuzzer still counts their edges, but they carry no
/// comparison tracing. Their comparisons check outcomes and pick table entries, none of which
/// a byte mutation should copy, and the tracing cost a sixth of every program's time.
let harnessSettings: [SwiftSetting] = Context.environment["CONTACTCORE_FUZZ_BUILD"] == "1"
    ? [.unsafeFlags(["-sanitize-coverage=edge,inline-8bit-counters,pc-table"])]
    : []

let package = Package(
    name: "ContactCore",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "ContactCore", targets: ["ContactCore"]),
        // Property tests of an app's own contacts code on the harness. The harness itself
        // (ContactCoreTesting) has no public API and is no product: this is its public face.
        .library(name: "ContactCoreTestKit", targets: ["ContactCoreTestKit"]),
        // The SQLite back end: a product of its own, so apps of the in-memory device never build GRDB.
        .library(name: "ContactCoreSQLite", targets: ["ContactCoreSQLite"]),
        // The command-line tool over a device file; its commands live in ContactCoreCLI.
        .executable(name: "contactcore", targets: ["ContactCoreTool"]),
    ],
    dependencies: [
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(name: "ContactCore", dependencies: [.product(name: "DequeModule", package: "swift-collections")]),
        .target(name: "ContactCoreTesting", dependencies: ["ContactCore"], swiftSettings: harnessSettings),
        .target(name: "ContactCoreTestKit", dependencies: ["ContactCore", "ContactCoreTesting"]),
        // The harness's SQLite back end, apart so that ContactCoreTesting and the fuzzers stay free of SQLite.
        // GRDBSQLite: the fault-injecting VFS of the storage-fault tests (SPEC 13) speaks SQLite's C API.
        .target(name: "ContactCoreTestingSQLite", dependencies: [
            "ContactCoreTesting", "ContactCoreSQLite", .product(name: "GRDBSQLite", package: "GRDB.swift"),
        ], swiftSettings: harnessSettings),
        .target(
            name: "ContactCoreSQLite",
            dependencies: [
                "ContactCore",
                .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's C functions, to read rows without GRDB's generic decoding.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        // The commands of `contactcore`, a library so that the tool's `main` stays one call.
        .target(
            name: "ContactCoreCLI",
            dependencies: [
                "ContactCore", "ContactCoreSQLite", "ContactCoreTesting",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Not named `contactcore`: on a case-insensitive disk its folder would be ContactCore's.
        .executableTarget(name: "ContactCoreTool", dependencies: ["ContactCoreCLI"]),
        // The child process of the crash test: commits in a loop until it is killed.
        .executableTarget(name: "ContactCoreCrashChild", dependencies: ["ContactCoreSQLite"]),
        .testTarget(
            name: "ContactCoreTests",
            dependencies: [
                "ContactCore",
                "ContactCoreTesting",
                "ContactCoreTestingSQLite",
                "ContactCoreSQLite",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        // libFuzzer's byte mutation, weakly linked (a plain build has none), for the custom mutators.
        .target(name: "LibFuzzerMutate", path: "Fuzz/Support/LibFuzzerMutate",
                linkerSettings: [.unsafeFlags(["-Xlinker", "-U", "-Xlinker", "_LLVMFuzzerMutate"], .when(platforms: [.macOS]))]),
    ] + exampleTargets + fuzzTargets.map { name in
        .executableTarget(name: name, dependencies: ["ContactCoreTesting"] + (mutatedTargets.contains(name) ? ["LibFuzzerMutate"] : []),
                          path: "Fuzz/\(name)")
    } + nightlyFuzzTargets.map { name in
        .executableTarget(name: name, dependencies: ["ContactCoreTestingSQLite"] + (name.hasSuffix("OnSQLite") ? ["LibFuzzerMutate"] : []),
                          path: "Fuzz/\(name)")
    },
    swiftLanguageModes: [.v6]
)
