import ArgumentParser
import Foundation
import FuzzToolKit

/// `fuzz compare` (`make mutations-compare`): the custom mutators' edits against libFuzzer's
/// byte mutation on one build. Each target with a custom mutator fuzzes from an empty corpus
/// twice at once (one process a core), for COMPARE_SECONDS with the same `-seed`, once with
/// bytes only and once with `CONTACTCORE_BYTE_MUTATIONS=COMPARE_BYTE_MUTATIONS`; then each
/// final corpus is replayed in a new process, whose edges are the table's
/// (``MutationComparison`` says why libFuzzer's own `cov:` undercounts the edits).
///
/// Variables: COMPARE_SECONDS=300, COMPARE_SEED=7, COMPARE_BYTE_MUTATIONS=20,
/// TARGET=name (one target; default every target with a custom mutator).
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare", abstract: "Fuzz each target from empty with bytes and with program edits at once; compare the corpora.")

    func run() throws {
        let project = try Project.current()
        let environment = ProcessInfo.processInfo.environment
        let seconds = try wholeNumber("COMPARE_SECONDS", in: environment, default: 300)
        let seed = try wholeNumber("COMPARE_SEED", in: environment, default: 7)
        let share = try wholeNumber("COMPARE_BYTE_MUTATIONS", in: environment, default: 20)
        guard share <= 100 else { throw FuzzToolError.usage("COMPARE_BYTE_MUTATIONS is a percentage, not \(share)") }
        let all = try project.targets()
        var targets = all.mutated
        if let name = project.settings.target {
            targets = [try all.check(name)]
            guard all.mutated.contains(name) else { throw FuzzToolError.usage("\(name) has no custom mutator to compare") }
        }
        let build = project.settings.fuzzBuild()
        try project.build(targets, build)
        let scratch = try Files.temporaryDirectory("mutations-compare")
        defer { Files.remove(scratch) }
        print("\(seconds) s from empty, -seed=\(seed), edits with \(share)% left to bytes; edges of each corpus replayed:")
        print(MutationComparison.header)
        for target in targets {
            let flags = try project.libFuzzerFlags(of: target)
            let asan = try project.options(of: target).asanOptions(after: project.settings.inheritedAsanOptions)
            // The two runs at once, one a core; then each corpus replayed.
            let running = try [(mode: "bytes", share: 100), (mode: "edits", share: share)].map { run throws(FuzzToolError) in
                let corpus = "\(scratch)/\(target)-\(run.mode)"
                try Files.makeDirectory(corpus)
                let process = try project.shell.start(
                    ["timeout", "--kill-after=30", "\(seconds + 300)", build.binary(target), "-max_total_time=\(seconds)", "-seed=\(seed)",
                     "-print_final_stats=1", "-artifact_prefix=\(corpus)-"] + flags + [corpus],
                    environment: ["ASAN_OPTIONS": asan, "CONTACTCORE_BYTE_MUTATIONS": "\(run.share)"], output: .file("\(corpus).log"))
                return (corpus: corpus, process: process)
            }
            func measured(_ run: (corpus: String, process: Shell.Running)) throws(FuzzToolError) -> (stats: FuzzerStats, replayed: Int?) {
                _ = run.process.wait()  // A find stops a run early; its corpus still counts.
                let replay = try project.shell.run(
                    ["timeout", "--kill-after=10", "1800", build.binary(target), "-runs=0"] + flags + [run.corpus],
                    environment: ["ASAN_OPTIONS": asan], output: .capture, mergingErrors: true)
                return (FuzzerStats(log: try Files.read("\(run.corpus).log")), FuzzerStats(log: replay.output).edges)
            }
            let (bytes, edits) = try (measured(running[0]), measured(running[1]))
            let comparison = MutationComparison(target: target, bytes: bytes.stats, edits: edits.stats,
                                                replayedBytes: bytes.replayed, replayedEdits: edits.replayed)
            print(comparison.row)
            fflush(nil)
        }
    }
}
