import ArgumentParser
import FuzzToolKit

/// `fuzz clean` (part of `make clean`): builds, logs and reports go; crashes and the working
/// corpus stay.
struct CleanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clean", abstract: "Remove the fuzz builds, logs and reports (keeps crashes and the working corpus).")

    func run() throws {
        let project = try Project.current()
        let settings = project.settings
        for path in [".build-fuzz", ".build-fuzz-debug", settings.coverageScratch, settings.logDirectory,
                     "\(settings.opsDirectory)/coverage", Layout.coverageRoot] {
            Files.remove(path)
        }
    }
}
