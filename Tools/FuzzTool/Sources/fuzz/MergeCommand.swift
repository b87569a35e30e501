import ArgumentParser
import FuzzToolKit

/// `fuzz merge` (`make fuzz-merge`): adds to Corpus/<Target>/ the inputs of the working corpus
/// (and of MERGE_FROM/<Target>/) that reach new coverage; MINIMIZE=1 rewrites each corpus as its
/// smallest set with the same coverage, keeping the generated seeds (seed-*) as they are.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge", abstract: "Merge the inputs fuzzing found into the checked-in Corpus/<Target>/.")

    func run() throws {
        let project = try Project.current()
        let settings = project.settings
        let known = try project.targets()
        let targets = try settings.target.map { name throws(FuzzToolError) in [try known.check(name)] } ?? known.replayed
        try project.build(targets, settings.fuzzBuild())
        try Files.makeDirectory(settings.logDirectory)
        for target in targets {
            let dest = "\(Layout.corpusRoot)/\(target)"
            let sources = (["\(settings.workCorpusRoot)/\(target)"] + (settings.mergeFrom.map { ["\($0)/\(target)"] } ?? []))
                .filter(Files.isDirectory)
            try Files.makeDirectory(dest)
            let before = Files.filesRecursively(in: dest).count
            if settings.minimize {
                try minimize(project, target, dest, sources)
            } else if !sources.isEmpty {
                try merge(project, target, into: dest, from: sources)
            }
            let after = Files.filesRecursively(in: dest).count
            print("  \(FuzzTable.pad(target, -22)) \(FuzzTable.pad("\(before)", 5)) -> \(FuzzTable.pad("\(after)", 5)) "
                + "files  (from: \(sources.isEmpty ? "nothing new" : sources.joined(separator: " ")))")
        }
    }

    /// Rebuilds a corpus: the seeds stay; of the other files, the fewest that add coverage to them.
    func minimize(_ project: Project, _ target: String, _ dest: String, _ sources: [String]) throws {
        let kept = try Files.temporaryDirectory("merge-kept")
        let found = try Files.temporaryDirectory("merge-found")
        defer {
            Files.remove(kept)
            Files.remove(found)
        }
        for file in Files.files(in: dest) {
            let name = String(file.dropFirst(dest.count + 1))
            try Files.copy(file, to: "\(name.hasPrefix("seed-") ? kept : found)/\(name)")
        }
        try merge(project, target, into: kept, from: [found] + sources)
        for file in Files.files(in: dest) where !file.dropFirst(dest.count + 1).hasPrefix("seed-") { Files.remove(file) }
        for file in Files.files(in: kept) {
            let name = String(file.dropFirst(kept.count + 1))
            if !name.hasPrefix("seed-") { try Files.copy(file, to: "\(dest)/\(name)") }
        }
    }

    /// libFuzzer's `-merge=1`: adds to `dest` the inputs of `sources` that reach new coverage.
    func merge(_ project: Project, _ target: String, into dest: String, from sources: [String]) throws {
        let settings = project.settings
        let options = try project.options(of: target)
        let log = "\(settings.logDirectory)/merge-\(target).log"
        let result = try project.shell.run(
            ["timeout", "--kill-after=10", "1800", settings.fuzzBuild().binary(target), "-merge=1",
             "-timeout=\(settings.inputTimeout)"] + options.libFuzzerFlags + [dest] + sources,
            environment: ["ASAN_OPTIONS": options.asanOptions(after: settings.inheritedAsanOptions)], output: .file(log))
        guard result.succeeded else {
            LogExcerpts.tail(try Files.read(log), 20).forEach { print($0) }
            throw FuzzToolError.failure("merge of \(target) failed")
        }
    }
}
