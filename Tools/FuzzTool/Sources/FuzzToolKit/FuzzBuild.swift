/// How a fuzz target is built: the one place the fuzz build's flags are spelled, used by
/// fuzzing, replay, coverage, `make mutants`, `make races` and ClusterFuzzLite alike.
///
///     swift build -c release --scratch-path .build-fuzz --sanitize=fuzzer \
///       -Xswiftc -use-ld=lld -Xswiftc -sanitize=fuzzer,address --product FuzzPermittedSet
public struct FuzzBuild: Equatable, Sendable {
    public enum Configuration: String, Sendable, CaseIterable {
        case release, debug
    }

    /// What the build instruments besides libFuzzer's coverage counters.
    public enum Instrumentation: String, Sendable, CaseIterable {
        /// AddressSanitizer: fuzzing, replay, crash reproduction, mutants.
        case address
        /// Source-based coverage: `make fuzz-coverage` and ClusterFuzzLite's coverage build.
        case coverage
    }

    public var configuration: Configuration
    public var scratchPath: String
    public var instrumentation: Instrumentation
    /// The Swift runtime linked statically (FUZZ_STATIC_STDLIB=1): OSS-Fuzz's runner has none.
    public var staticStdlib: Bool

    public init(configuration: Configuration, scratchPath: String, instrumentation: Instrumentation = .address,
                staticStdlib: Bool = false) {
        self.configuration = configuration
        self.scratchPath = scratchPath
        self.instrumentation = instrumentation
        self.staticStdlib = staticStdlib
    }

    /// The scratch folder of a configuration's ASan build when FUZZ_SCRATCH does not say.
    public static func defaultScratchPath(_ configuration: Configuration) -> String {
        configuration == .release ? ".build-fuzz" : ".build-fuzz-debug"
    }

    /// The coverage build's scratch folder when COV_SCRATCH does not say.
    public static let defaultCoverageScratchPath = ".build-fuzz-cov"

    /// SwiftPM's flags for the sanitizers and the linker.
    public var flags: [String] {
        var flags = ["--sanitize=fuzzer", "-Xswiftc", "-use-ld=lld"]
        switch instrumentation {
        case .address: flags += ["-Xswiftc", "-sanitize=fuzzer,address"]
        case .coverage: flags += ["-Xswiftc", "-profile-generate", "-Xswiftc", "-profile-coverage-mapping"]
        }
        if staticStdlib { flags.append("--static-swift-stdlib") }
        return flags
    }

    /// The environment of `swift build`: Package.swift then drops the comparison tracing of the
    /// harness's own modules (its `harnessSettings`), which only a `-sanitize=fuzzer` build may.
    public static let environment = ["CONTACTCORE_FUZZ_BUILD": "1"]

    /// The arguments of `swift` that build one product.
    public func swiftArguments(product: String) -> [String] {
        ["build", "-c", configuration.rawValue, "--scratch-path", scratchPath] + flags + ["--product", product]
    }

    /// Where the built product lands.
    public func binary(_ product: String) -> String { "\(scratchPath)/\(configuration.rawValue)/\(product)" }
}
