import ArgumentParser
import FuzzToolKit

/// `fuzz options <Target>`: the target's options file (its own, its base target's or the default).
struct OptionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "options", abstract: "Print a target's options file.")

    @Argument(help: "A fuzz target.") var target: String

    func run() throws {
        let project = try Project.current()
        print(project.optionsPath(of: try project.targets().check(target)))
    }
}
