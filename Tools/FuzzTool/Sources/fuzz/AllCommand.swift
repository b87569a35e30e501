import ArgumentParser
import FuzzToolKit

/// `fuzz all` (`make fuzz`): builds every target in one scratch folder, fuzzes each for
/// FUZZ_SECONDS and prints the table; fails when a target crashed or stopped early.
struct AllCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "all", abstract: "Fuzz every target for FUZZ_SECONDS and print the table.")

    func run() throws {
        let project = try Project.current()
        let settings = project.settings
        let targets = try project.targets().all
        try project.build(targets, settings.fuzzBuild())
        try Files.makeDirectory(settings.logDirectory)
        var rows: [FuzzTable.Row] = []
        var fresh: [String: [String]] = [:]
        var failed = false
        for target in targets {
            let log = "\(settings.logDirectory)/\(target).log"
            print("fuzz: \(target) for \(settings.fuzzSeconds)s (log: \(log))")
            let before = project.artifacts(of: target)
            let status = try project.startFuzzing(target, seconds: settings.fuzzSeconds, output: .file(log)).wait().status
            let found = newArtifacts(before: before, after: project.artifacts(of: target))
            var result = "\(found.count)"
            if !found.isEmpty || status != 0 {
                failed = true
                if found.isEmpty { result = "0 (\(fuzzResult(status: status, newArtifacts: 0)))" }
                fresh[target] = found
                print("  \(target): \(fuzzResult(status: status, newArtifacts: found.count)); last lines of its log:")
                LogExcerpts.tail(try Files.read(log), 15).forEach { print("    \($0)") }
            }
            rows.append(FuzzTable.Row(target: target, stats: FuzzerStats(log: try Files.read(log)), result: result))
        }
        print()
        FuzzTable(rows: rows).lines.forEach { print($0) }
        print("(\(settings.configuration.rawValue) build, \(settings.fuzzSeconds)s per target, JOBS=\(settings.jobs); "
            + "programs/s: distinct programs run per second,")
        print(" exec/s less repeats and libFuzzer's second runs (its leak check);")
        print(" % baseline: programs/s over \(FuzzTargets.baseline)'s exec/s, the ceiling (it does no work);")
        print(" repeats: inputs whose program had already run and passed, counted in exec/s but not run again;")
        print(" ops/program: the mean operations of the programs run (longer programs, fewer a second))")
        for target in targets { try project.reportCrashes(target, fresh[target] ?? []) }
        if failed { throw ExitCode.failure }
    }
}
