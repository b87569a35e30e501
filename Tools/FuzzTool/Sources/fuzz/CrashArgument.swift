import Foundation
import FuzzToolKit

/// The CRASH of `fuzz-repro` and `fuzz-min`, and the target it belongs to (TARGET, else a folder
/// of its path named after a target).
struct CrashInput {
    let path: String
    let target: String

    init(_ path: String?, in project: Project) throws(FuzzToolError) {
        guard let path, !path.isEmpty else { throw .usage("give the crash file: CRASH=path") }
        guard Files.exists(path), !Files.isDirectory(path) else { throw .usage("no such file: \(path)") }
        self.path = path
        target = try project.targets().target(ofCrash: Files.absolute(path), explicit: project.settings.target)
    }

    var size: Int { Files.size(path) }

    /// The input of `crash` in the current project, with its target's fuzz build brought up to date.
    static func built(_ crash: String?) throws -> (project: Project, input: CrashInput) {
        let project = try Project.current()
        let input = try CrashInput(crash, in: project)
        try project.build([input.target], project.settings.fuzzBuild())
        return (project, input)
    }
}
