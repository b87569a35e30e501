/// The variables `make` passes down (`make fuzz FUZZ_SECONDS=60`), read once, checked and typed.
/// `make help` and Fuzz/README.md document them.
public struct Settings: Sendable {
    public var configuration: FuzzBuild.Configuration
    /// FUZZ_SCRATCH: the ASan build's folder (default by configuration).
    public var fuzzScratch: String
    /// COV_SCRATCH: the coverage build's folder.
    public var coverageScratch: String
    /// FUZZ_STATIC_STDLIB=1: link the Swift runtime statically (ClusterFuzzLite).
    public var staticStdlib: Bool
    /// FUZZ_SECONDS: seconds each target fuzzes.
    public var fuzzSeconds: Int
    /// JOBS: more than 1 fuzzes with libFuzzer's `-fork=JOBS`.
    public var jobs: Int
    /// INPUT_TIMEOUT: seconds one input may run before it counts as a hang.
    public var inputTimeout: Int
    /// MIN_SECONDS: the budget of `fuzz-min`.
    public var minSeconds: Int
    /// CAMPAIGN_SECONDS and CAMPAIGN_PARALLEL: `make coverage`'s campaign.
    public var campaignSeconds: Int
    public var campaignParallel: Int
    /// FUZZ_ARGS: extra libFuzzer flags, split at spaces.
    public var fuzzArguments: [String]
    /// OPS_DIR: the working corpus, logs and raw profiles.
    public var opsDirectory: String
    /// TARGET: the target of CRASH, or the one target of merge and coverage.
    public var target: String?
    /// MERGE_FROM: `fuzz-merge` also takes `<dir>/<Target>/`.
    public var mergeFrom: String?
    /// MINIMIZE=1: `fuzz-merge` rewrites each corpus as its smallest set with the same coverage.
    public var minimize: Bool
    /// COVERAGE_NIGHTLY=0 leaves the nightly targets out of `fuzz-coverage`.
    public var coverageIncludesNightly: Bool
    /// ASAN_OPTIONS the caller set: a target's own come after them, and win.
    public var inheritedAsanOptions: String?

    public init(environment: [String: String]) throws(FuzzToolError) {
        func text(_ name: String) -> String? {
            guard let value = environment[name], !value.isEmpty else { return nil }
            return value
        }
        func number(_ name: String, _ fallback: Int) throws(FuzzToolError) -> Int {
            try wholeNumber(name, in: environment, default: fallback)
        }
        let configName = text("FUZZ_CONFIG") ?? "release"
        guard let configuration = FuzzBuild.Configuration(rawValue: configName) else {
            throw .usage("FUZZ_CONFIG must be release or debug, not '\(configName)'")
        }
        self.configuration = configuration
        fuzzScratch = text("FUZZ_SCRATCH") ?? FuzzBuild.defaultScratchPath(configuration)
        coverageScratch = text("COV_SCRATCH") ?? FuzzBuild.defaultCoverageScratchPath
        staticStdlib = text("FUZZ_STATIC_STDLIB") == "1"
        fuzzSeconds = try number("FUZZ_SECONDS", 20)
        jobs = try number("JOBS", 1)
        inputTimeout = try number("INPUT_TIMEOUT", 10)
        minSeconds = try number("MIN_SECONDS", 60)
        campaignSeconds = try number("CAMPAIGN_SECONDS", 600)
        campaignParallel = max(1, try number("CAMPAIGN_PARALLEL", 2))
        fuzzArguments = (text("FUZZ_ARGS") ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        opsDirectory = text("OPS_DIR") ?? ".build-ops"
        target = text("TARGET")
        mergeFrom = text("MERGE_FROM")
        minimize = text("MINIMIZE") == "1"
        coverageIncludesNightly = text("COVERAGE_NIGHTLY") != "0"
        inheritedAsanOptions = text("ASAN_OPTIONS")
    }

    /// The ASan fuzz build of these settings.
    public func fuzzBuild(_ instrumentation: FuzzBuild.Instrumentation = .address) -> FuzzBuild {
        FuzzBuild(configuration: configuration, scratchPath: fuzzScratch, instrumentation: instrumentation,
                  staticStdlib: staticStdlib)
    }

    /// The coverage build: debug, in its own folder.
    public var coverageBuild: FuzzBuild {
        FuzzBuild(configuration: .debug, scratchPath: coverageScratch, instrumentation: .coverage,
                  staticStdlib: staticStdlib)
    }

    public var workCorpusRoot: String { "\(opsDirectory)/corpus" }
    public var logDirectory: String { "\(opsDirectory)/logs" }
}

/// The variable `name` of `environment` as a whole number, `fallback` when it is unset or empty;
/// a usage error for anything else.
public func wholeNumber(_ name: String, in environment: [String: String], default fallback: Int) throws(FuzzToolError) -> Int {
    guard let value = environment[name], !value.isEmpty else { return fallback }
    guard let number = Int(value), number >= 0 else { throw .usage("\(name) must be a whole number, not '\(value)'") }
    return number
}
