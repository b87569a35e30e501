import ArgumentParser
import FuzzToolKit

/// `fuzz asan-options <Target>`: ASAN_OPTIONS for fuzzing it, its `[asan]` options after any set.
struct AsanOptionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "asan-options", abstract: "Print ASAN_OPTIONS for fuzzing a target.")

    @Argument(help: "A fuzz target.") var target: String

    func run() throws {
        let project = try Project.current()
        let options = try project.options(of: try project.targets().check(target))
        print(options.asanOptions(after: project.settings.inheritedAsanOptions))
    }
}
