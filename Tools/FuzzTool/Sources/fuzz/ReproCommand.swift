import ArgumentParser
import FuzzToolKit

/// `fuzz repro <file>` (`make fuzz-repro CRASH=…`): one file through its target again, showing
/// the sanitizer's report and the reduced program.
struct ReproCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repro", abstract: "Replay one crash file: the sanitizer's report and the reduced program.")

    @Argument(help: "The crash file (CRASH).") var crash: String?

    func run() throws {
        let (project, input) = try CrashInput.built(crash)
        let settings = project.settings
        print("== \(input.target) (\(settings.configuration.rawValue) fuzzer, address sanitizer) on \(input.path), "
            + "\(input.size) bytes")
        let status = try project.shell.run(
            ["timeout", "--kill-after=10", "300", settings.fuzzBuild().binary(input.target),
             "-timeout=\(settings.inputTimeout)", input.path]).status
        print()
        print()
        if status != 0 {
            print("fuzz-repro: \(input.path) still fails \(input.target) (fuzzer exit status \(status))")
            throw ExitCode.failure
        }
        print("fuzz-repro: \(input.path) passes \(input.target)")
    }
}
