import ArgumentParser
import FuzzToolKit

/// `fuzz run <Target>` (`make fuzz-<Target>`): fuzzes one target for FUZZ_SECONDS with JOBS
/// processes, showing libFuzzer's output, then one line of figures and any new crash reduced.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Fuzz one target for FUZZ_SECONDS with JOBS processes.")

    @Argument(help: "A fuzz target.") var target: String

    func run() throws {
        let project = try Project.current()
        let target = try project.targets().check(target)
        let settings = project.settings
        try project.build([target], settings.fuzzBuild())
        try Files.makeDirectory(settings.logDirectory)
        let log = "\(settings.logDirectory)/\(target).log"
        let before = project.artifacts(of: target)
        let status = try project.startFuzzing(target, seconds: settings.fuzzSeconds, output: .tee(log)).wait().status
        let fresh = newArtifacts(before: before, after: project.artifacts(of: target))
        let stats = FuzzerStats(log: try Files.read(log))
        func text(_ number: Int?) -> String { number.map(String.init) ?? "-" }
        print()
        print("\(target): programs/s \(text(stats.programsPerSecond)) (exec/s \(text(stats.execsPerSecond)), "
            + "repeats skipped: \(stats.repeatsShare), operations per program: \(stats.operationsPerProgram)), corpus \(stats.corpus ?? "-"), edges \(text(stats.edges)), "
            + "features \(text(stats.features)), result \(fuzzResult(status: status, newArtifacts: fresh.count))")
        try project.reportCrashes(target, fresh)
        if !fresh.isEmpty || status != 0 { throw ExitCode.failure }
    }
}
