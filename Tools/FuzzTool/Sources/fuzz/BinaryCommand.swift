import ArgumentParser
import FuzzToolKit

/// `fuzz binary <Target>`: where the fuzz build of FUZZ_CONFIG puts the target.
struct BinaryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "binary", abstract: "Print a target's fuzzer path.")

    @Argument(help: "A fuzz target.") var target: String

    func run() throws {
        let project = try Project.current()
        print(project.settings.fuzzBuild().binary(try project.targets().check(target)))
    }
}
