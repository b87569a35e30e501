import ArgumentParser
import Foundation
import FuzzToolKit

/// `fuzz canonicalize` (`make fuzz-canonicalize`): rewrites each program target's
/// Corpus/<Target>/ in its canonical encoding (Fuzz/FORMAT.md, "Canonical encoding"), which the
/// target's own binary writes with `CONTACTCORE_CANONICAL_OUT`; TARGET= limits it to one.
struct CanonicalizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "canonicalize", abstract: "Rewrite each program target's corpus in its canonical encoding.")

    func run() throws {
        let project = try Project.current()
        let settings = project.settings
        let known = try project.targets()
        let targets = try settings.target.map { name throws(FuzzToolError) in [try known.check(name)] } ?? known.mutated
        try project.build(targets, settings.fuzzBuild())
        try Files.makeDirectory(settings.logDirectory)
        for target in targets where known.mutated.contains(target) {
            let corpus = "\(Layout.corpusRoot)/\(target)"
            let out = try Files.temporaryDirectory("canonical-\(target)")
            defer { Files.remove(out) }
            let paths = Files.files(in: corpus).sorted()
            let log = "\(settings.logDirectory)/canonicalize-\(target).log"
            for start in stride(from: 0, to: paths.count, by: ReplayCommand.batch) {
                let chunk = Array(paths[start..<min(start + ReplayCommand.batch, paths.count)])
                let result = try project.shell.run([settings.fuzzBuild().binary(target)] + chunk,
                                                   environment: ["CONTACTCORE_CANONICAL_OUT": out], output: .file(log))
                guard result.succeeded else {
                    LogExcerpts.tail(try Files.read(log), 20).forEach { print($0) }
                    throw FuzzToolError.failure("\(target) could not write canonical inputs")
                }
            }
            let files = try paths.map { path throws(FuzzToolError) in
                (name: String(path.dropFirst(corpus.count + 1)), bytes: [UInt8](try Files.readData(path)))
            }
            let changes = CorpusMigration.plan(files) { name in
                let path = "\(out)/\(name)"
                return Files.exists(path) ? (try? [UInt8](Files.readData(path))) : nil
            }
            var (rewritten, removed) = (0, 0)
            for change in changes {
                switch change {
                case .rewrite(let name, let bytes):
                    try Files.write(Data(bytes), to: "\(corpus)/\(name)")
                    rewritten += 1
                case .remove(let name):
                    Files.remove("\(corpus)/\(name)")
                    removed += 1
                }
            }
            print("  \(FuzzTable.pad(target, -22)) \(FuzzTable.pad("\(files.count)", 5)) files: \(rewritten) rewritten, "
                + "\(removed) removed (the same program as another, or none)")
        }
    }
}
