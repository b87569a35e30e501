import ArgumentParser
import Foundation
import FuzzToolKit

/// `fuzz ci-crashes <Target> <artifact>`: Markdown for a CI job summary, each crash file of the
/// target with the one line that downloads it from this run's artifact and reproduces it.
struct CICrashesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ci-crashes", abstract: "Print a CI job summary: how to download and reproduce each crash.")

    @Argument(help: "A fuzz target.") var target: String
    @Argument(help: "The name of the run's artifact holding Fuzz/Crashes/<Target>/.") var artifact: String

    func run() throws {
        let project = try Project.current()
        let environment = ProcessInfo.processInfo.environment
        let config = project.settings.configuration
        let files = project.artifacts(of: target)
        let configArgument = config == .release ? "" : " FUZZ_CONFIG=\(config.rawValue)"
        let run = environment["GITHUB_RUN_ID"] ?? "RUN_ID"
        let repository = environment["GITHUB_REPOSITORY"] ?? "OWNER/REPO"
        print("### \(target): \(files.count) crash files (\(config.rawValue) build)")
        print()
        print("Reproduce locally (GitHub CLI, from a checkout of \(environment["GITHUB_SHA"] ?? "this commit")):")
        print()
        print("```sh")
        for file in files {
            print("gh run download \(run) -R \(repository) -n \(artifact) -D \(Layout.crashRoot)/\(target) "
                + "&& make fuzz-repro\(configArgument) CRASH=\(file)")
        }
        print("```")
    }
}
