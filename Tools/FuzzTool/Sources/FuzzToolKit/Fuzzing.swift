import Foundation

/// Fuzzing one target, as `make fuzz`, `make fuzz-<Target>` and `make coverage`'s campaign do:
/// from its working corpus, seeded from the checked-in one (which it only reads), with its
/// options, ASan options and dictionary, under `timeout`.
extension Project {
    /// The fuzzer's command line for `seconds` of fuzzing.
    public func fuzzCommand(_ target: String, seconds: Int) throws(FuzzToolError) -> (arguments: [String], asanOptions: String) {
        let base = FuzzTargets.base(of: target)
        let options = try options(of: target)
        var arguments = ["-max_total_time=\(seconds)", "-timeout=\(settings.inputTimeout)", "-print_final_stats=1",
                         "-artifact_prefix=\(Layout.crashRoot)/\(target)/"]
        arguments += try libFuzzerFlags(of: target)
        if settings.jobs > 1 { arguments.append("-fork=\(settings.jobs)") }
        arguments += settings.fuzzArguments
        arguments.append("\(settings.workCorpusRoot)/\(target)")
        if Files.isDirectory("\(Layout.corpusRoot)/\(base)") { arguments.append("\(Layout.corpusRoot)/\(base)") }
        let timeout = ["timeout", "--kill-after=30", "\(seconds + 300)", settings.fuzzBuild().binary(target)]
        return (timeout + arguments, options.asanOptions(after: settings.inheritedAsanOptions))
    }

    /// A target's `[libfuzzer]` options as flags, and its dictionary by its full path (a run in
    /// another folder finds it too).
    public func libFuzzerFlags(of target: String) throws(FuzzToolError) -> [String] {
        let dictionary = Layout.dictionary(of: target)
        return try options(of: target).libFuzzerFlags + (Files.exists(dictionary) ? ["-dict=\(root)/\(dictionary)"] : [])
    }

    /// Starts fuzzing a target; its output (standard output and error) goes to `output`.
    public func startFuzzing(_ target: String, seconds: Int, output: Shell.Output) throws(FuzzToolError) -> Shell.Running {
        try Files.makeDirectory("\(settings.workCorpusRoot)/\(target)")
        try Files.makeDirectory("\(Layout.crashRoot)/\(target)")
        let command = try fuzzCommand(target, seconds: seconds)
        return try shell.start(command.arguments, environment: ["ASAN_OPTIONS": command.asanOptions], output: output)
    }

    /// Each new crash is reduced at the operation level by the target itself, which prints the
    /// program as a Swift test and writes the reduced input to Fuzz/Regressions/<Target>/, where
    /// `swift test` and fuzz-replay fail on it until the bug is fixed.
    public func reportCrashes(_ target: String, _ fresh: [String]) throws(FuzzToolError) {
        guard !fresh.isEmpty else { return }
        try Files.makeDirectory("\(Layout.regressionRoot)/\(target)")
        print("New artifacts of \(target):")
        for file in fresh {
            let out = "\(Layout.regressionRoot)/\(target)/\(URL(fileURLWithPath: file).lastPathComponent)"
            let run = try shell.run(
                ["timeout", "--kill-after=10", "300", settings.fuzzBuild().binary(target),
                 "-timeout=\(settings.inputTimeout)", file],
                environment: ["CONTACTCORE_REDUCED_OUT": out], output: .capture, mergingErrors: true)
            LogExcerpts.reducedPrograms(run.output).forEach { print($0) }
            if Files.size(out) > 0 {
                print("  reduced into \(out) (a regression now: swift test fails on it)")
            } else {
                print("  not a broken rule (a hang, a leak or a sanitizer report): make fuzz-repro CRASH=\(file)")
            }
        }
    }
}

/// The artifacts of `after` that were not in `before`, in order.
public func newArtifacts(before: [String], after: [String]) -> [String] {
    let old = Set(before)
    return after.filter { !old.contains($0) }
}
