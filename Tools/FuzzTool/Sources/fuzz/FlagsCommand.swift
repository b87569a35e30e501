import ArgumentParser
import FuzzToolKit

/// `fuzz flags <Target>`: the `[libfuzzer]` options of its options file as flags, one a line.
struct FlagsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flags", abstract: "Print a target's libFuzzer flags, one a line.")

    @Argument(help: "A fuzz target.") var target: String

    func run() throws {
        let project = try Project.current()
        try project.options(of: try project.targets().check(target)).libFuzzerFlags.forEach { print($0) }
    }
}
