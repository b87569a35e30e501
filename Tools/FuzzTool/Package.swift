// swift-tools-version: 6.1
import PackageDescription

/// The fuzzing front end behind `make fuzz*`, `make mutants`, `make races`, the CI workflows
/// and .clusterfuzzlite/build.sh. A package of its own, so that a user of ContactCore never
/// resolves it (nor swift-argument-parser through it).
let package = Package(
    name: "FuzzTool",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "fuzz", targets: ["fuzz"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // The parsers and the logic: the target list, build flags, options files, libFuzzer's
        // logs, llvm-cov's JSON, the tables. The tests import it.
        .target(name: "FuzzToolKit"),
        // The commands, one file each.
        .executableTarget(name: "fuzz", dependencies: [
            "FuzzToolKit",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // Fixtures/: real libFuzzer logs, llvm-cov output and a `dump-package` of ContactCore.
        .testTarget(name: "FuzzToolKitTests", dependencies: ["FuzzToolKit"], exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
