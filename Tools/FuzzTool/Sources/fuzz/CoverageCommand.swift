import ArgumentParser
import Foundation
import FuzzToolKit

/// `fuzz coverage` (`make fuzz-coverage`): line coverage of Sources/ContactCore reached by each
/// target's checked-in corpus (an `<Target>OnSQLite` target replays `<Target>`'s), and by all
/// together; HTML and text reports in Fuzz/Coverage/, and every line no target reached.
struct CoverageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "coverage", abstract: "Line coverage of Sources/ContactCore per target's corpus (text and HTML).")

    func run() throws {
        try Self.report(try Project.current(), withWorkCorpus: false)
    }

    /// `withWorkCorpus`: after a campaign, what it found counts too.
    static func report(_ project: Project, withWorkCorpus: Bool) throws {
        let settings = project.settings
        let known = try project.targets()
        var targets = try settings.target.map { name throws(FuzzToolError) in [try known.check(name)] } ?? known.replayed
        // The SQLite targets replay their base target's inputs: the storage code only they reach
        // (SPEC 13's images, records and rows) counts too. COVERAGE_NIGHTLY=0 leaves them out.
        if settings.target == nil && settings.coverageIncludesNightly { targets += known.nightly }
        let build = settings.coverageBuild
        try project.build(targets, build)
        let cov = "\(project.toolchainBin)/llvm-cov"
        let profdata = "\(project.toolchainBin)/llvm-profdata"
        let library = "\(project.root)/Sources/ContactCore"
        let profiles = "\(settings.opsDirectory)/coverage"
        Files.remove(Layout.coverageRoot)
        Files.remove(profiles)
        try Files.makeDirectory(Layout.coverageRoot)
        try Files.makeDirectory(profiles)
        let empty = try Files.temporaryDirectory("coverage-empty")
        defer { Files.remove(empty) }
        var rows: [CoverageTable.Row] = []
        var binaries: [String] = []
        for target in targets {
            let binary = build.binary(target)
            let base = FuzzTargets.base(of: target)
            var directories = [empty]
            var files = 0
            for directory in ["\(Layout.corpusRoot)/\(base)"] + (withWorkCorpus ? ["\(settings.workCorpusRoot)/\(base)"] : [])
            where Files.isDirectory(directory) {
                directories.append(directory)
                files += Files.filesRecursively(in: directory).count
            }
            let log = "\(profiles)/\(target).log"
            let replay = try project.shell.run(
                ["timeout", "--kill-after=10", "1800", binary, "-runs=0", "-timeout=\(settings.inputTimeout)"] + directories,
                environment: ["LLVM_PROFILE_FILE": "\(profiles)/\(target)-%p.profraw"], output: .file(log))
            guard replay.succeeded else {
                LogExcerpts.tail(try Files.read(log), 20).forEach { print($0) }
                throw FuzzToolError.failure("\(target) crashed while replaying its corpus: run make fuzz-replay")
            }
            let raw = Files.files(in: profiles).filter { $0.hasPrefix("\(profiles)/\(target)-") && $0.hasSuffix(".profraw") }
            try check(project.shell.run([profdata, "merge", "-sparse"] + raw + ["-o", "\(profiles)/\(target).profdata"]))
            let profile = "-instr-profile=\(profiles)/\(target).profdata"
            try Files.makeDirectory("\(Layout.coverageRoot)/\(target)")
            try check(project.shell.run([cov, "report", binary, profile, library],
                                        output: .file("\(Layout.coverageRoot)/\(target)/summary.txt")))
            try check(project.shell.run([cov, "show", binary, profile, "-format=html",
                                         "-output-dir=\(Layout.coverageRoot)/\(target)", library]))
            try check(project.shell.run([cov, "export", binary, profile, "-summary-only", library],
                                        output: .file("\(profiles)/\(target).json")))
            let summary = try CoverageSummary(json: try Files.readData("\(profiles)/\(target).json"))
            rows.append(CoverageTable.Row(name: target, files: files, lines: summary.lines))
            binaries.append(binary)
        }
        // All targets together: what the whole fuzzing suite reaches.
        let objects = Array(binaries.prefix(1)) + binaries.dropFirst().flatMap { ["-object", $0] }
        let profileFiles = targets.map { "\(profiles)/\($0).profdata" }
        try check(project.shell.run([profdata, "merge", "-sparse"] + profileFiles + ["-o", "\(profiles)/all.profdata"]))
        let all = "-instr-profile=\(profiles)/all.profdata"
        try check(project.shell.run([cov, "export"] + objects + [all, "-summary-only", library],
                                    output: .file("\(profiles)/all.json")))
        try check(project.shell.run([cov, "report"] + objects + [all, library],
                                    output: .file("\(Layout.coverageRoot)/summary.txt")))
        rows.append(CoverageTable.Row(name: "all-targets", files: nil,
                                      lines: try CoverageSummary(json: try Files.readData("\(profiles)/all.json")).lines))
        // Every line no target reached, as file:line: code.
        let show = try project.shell.run([cov, "show"] + objects + [all, "-format=text", library], output: .capture)
        try check(show)
        let uncovered = UncoveredLines.list(show.output, root: project.root)
        try Files.write(uncovered.map { $0 + "\n" }.joined(), to: "\(Layout.coverageRoot)/uncovered.txt")
        let table = ["Line coverage of Sources/ContactCore reached by each target's checked-in corpus "
            + "(\(Layout.corpusRoot)/<Target>; an <Target>OnSQLite target replays <Target>'s):"]
            + CoverageTable(rows: rows).lines
        table.forEach { print($0) }
        try Files.write(table.map { $0 + "\n" }.joined(), to: "\(Layout.coverageRoot)/table.txt")
        print("Lines no target reached: \(Layout.coverageRoot)/uncovered.txt (\(uncovered.count))")
        print("Per-file text summaries: \(Layout.coverageRoot)/<Target>/summary.txt and \(Layout.coverageRoot)/summary.txt")
        print("HTML: \(Layout.coverageRoot)/<Target>/index.html")
    }

    static func check(_ result: Shell.Result) throws {
        guard result.succeeded else { throw FuzzToolError.failure("llvm-cov or llvm-profdata failed (exit status \(result.status))") }
    }
}
