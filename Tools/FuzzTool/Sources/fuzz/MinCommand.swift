import ArgumentParser
import Foundation
import FuzzToolKit

/// `fuzz min <file>` (`make fuzz-min CRASH=…`): libFuzzer's byte-level `-minimize_crash` for
/// MIN_SECONDS, into Fuzz/Crashes/<Target>/minimized-*.
struct MinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "min", abstract: "Minimise a crash file with libFuzzer's -minimize_crash.")

    @Argument(help: "The crash file (CRASH).") var crash: String?

    func run() throws {
        let (project, input) = try CrashInput.built(crash)
        let settings = project.settings
        try Files.makeDirectory("\(Layout.crashRoot)/\(input.target)")
        try Files.makeDirectory(settings.logDirectory)
        let out = "\(Layout.crashRoot)/\(input.target)/minimized-\(URL(fileURLWithPath: input.path).lastPathComponent)"
        let log = "\(settings.logDirectory)/min-\(input.target).log"
        print("fuzz-min: minimising \(input.path) for \(settings.minSeconds)s")
        let status = try project.shell.run(
            ["timeout", "--kill-after=10", "\(settings.minSeconds + 300)", settings.fuzzBuild().binary(input.target),
             "-minimize_crash=1", "-max_total_time=\(settings.minSeconds)", "-timeout=\(settings.inputTimeout)",
             "-exact_artifact_path=\(out)", input.path],
            output: .file(log)).status
        guard Files.size(out) > 0 else {
            LogExcerpts.tail(try Files.read(log), 20).forEach { print($0) }
            throw FuzzToolError.failure("no minimised input (exit status \(status)): does \(input.path) still crash "
                + "\(input.target)? Try make fuzz-repro CRASH=\(input.path)")
        }
        print("fuzz-min: \(input.size) bytes -> \(Files.size(out)) bytes: \(out)")
        print("To keep it as a regression test (swift test and fuzz-replay run it):")
        print("  mkdir -p \(Layout.regressionRoot)/\(input.target) && cp \(out) \(Layout.regressionRoot)/\(input.target)/")
    }
}
