import ArgumentParser
import Foundation
import FuzzToolKit

/// `fuzz`: the operations behind `make fuzz*`, the CI workflows and .clusterfuzzlite/build.sh.
/// The variables (FUZZ_SECONDS, FUZZ_CONFIG, JOBS, ...) come from the environment, as `make`
/// passes them; `make help` lists them.
@main
struct FuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz",
        abstract: "ContactCore's fuzzing front end (make help lists the commands and variables).",
        subcommands: [
            AllCommand.self, RunCommand.self, ReplayCommand.self, ReproCommand.self, MinCommand.self, MergeCommand.self, CanonicalizeCommand.self,
            CoverageCommand.self, CampaignCommand.self, CleanCommand.self, MutantsCommand.self, CompareCommand.self, RacesCommand.self,
            CICrashesCommand.self,
            TargetsCommand.self, BuildCommand.self, BinaryCommand.self, OptionsCommand.self, FlagsCommand.self,
            AsanOptionsCommand.self,
        ]
    )

    /// Exit status 2 for a usage error (ArgumentParser's own or the tool's), 1 for a failure.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as FuzzToolError {
            fflush(nil)  // What the command printed comes before why it stopped.
            FileHandle.standardError.write(Data("fuzz: \(error.message)\n".utf8))
            Foundation.exit(error.exitStatus)
        } catch {
            if exitCode(for: error) == .validationFailure {
                FileHandle.standardError.write(Data("\(fullMessage(for: error))\n".utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}
