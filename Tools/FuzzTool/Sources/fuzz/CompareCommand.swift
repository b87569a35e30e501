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
        let mutated = try project.targets().mutated
        var targets = mutated
        if let name = project.settings.target {
            targets = [try project.targets().check(name)]
            guard mutated.contains(name) else { throw FuzzToolError.usage("\(name) has no custom mutator to compare") }
        }
        let build = project.settings.fuzzBuild()
        try project.build(targets, build)
        let scratch = try Files.temporaryDirectory("mutations-compare")
        defer { Files.remove(scratch) }
        print("\(seconds) s from empty, -seed=\(seed), edits with \(share)% left to bytes; edges of each corpus replayed:")
        print(MutationComparison.header)
        for target in targets {
            let options = try project.options(of: target)
            var flags = options.libFuzzerFlags
            if Files.exists(Layout.dictionary(of: target)) { flags.append("-dict=\(project.root)/\(Layout.dictionary(of: target))") }
            let asan = options.asanOptions(after: project.settings.inheritedAsanOptions)
            let modes = ["bytes": "100", "edits": "\(share)"]
            var running: [(mode: String, process: Shell.Running)] = []
            for (mode, bytesShare) in modes.sorted(by: { $0.key < $1.key }) {
                try Files.makeDirectory("\(scratch)/\(target)-\(mode)")
                running.append((mode, try project.shell.start(
                    ["timeout", "--kill-after=30", "\(seconds + 300)", build.binary(target), "-max_total_time=\(seconds)", "-seed=\(seed)",
                     "-print_final_stats=1", "-artifact_prefix=\(scratch)/\(target)-\(mode)-"] + flags + ["\(scratch)/\(target)-\(mode)"],
                    environment: ["ASAN_OPTIONS": asan, "CONTACTCORE_BYTE_MUTATIONS": bytesShare],
                    output: .file("\(scratch)/\(target)-\(mode).log"))))
            }
            var stats: [String: FuzzerStats] = [:]
            var replayed: [String: Int] = [:]
            for (mode, process) in running {
                _ = process.wait()  // A find stops a run early; its corpus still counts.
                stats[mode] = FuzzerStats(log: try Files.read("\(scratch)/\(target)-\(mode).log"))
                let replay = try project.shell.run(
                    ["timeout", "--kill-after=10", "1800", build.binary(target), "-runs=0"] + flags + ["\(scratch)/\(target)-\(mode)"],
                    environment: ["ASAN_OPTIONS": asan], output: .capture, mergingErrors: true)
                replayed[mode] = FuzzerStats(log: replay.output).edges
            }
            let comparison = MutationComparison(target: target, bytes: stats["bytes"] ?? FuzzerStats(log: ""),
                                                edits: stats["edits"] ?? FuzzerStats(log: ""),
                                                replayedBytes: replayed["bytes"], replayedEdits: replayed["edits"])
            print(comparison.row)
            fflush(nil)
        }
    }
}
