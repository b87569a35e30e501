import ArgumentParser
import Foundation
import FuzzToolKit

/// `fuzz races` (`make races`): proof that the parallel property sees races. Each
/// Fuzz/Races/*.race (edits of Sources/ContactCore that plant a race) is applied alone to a
/// scratch copy of HEAD; then the parallel property (ParallelPropertyTests.branchesAreLinearizable,
/// its default run) runs RACE_TRIALS times and reports the runs it took to the first failure, and
/// the program it printed is pasted into the test target and run (a loop of at most 1,000 runs)
/// RACE_TRIALS times.
///
/// Variables: RACES=glob (default *), RACE_TRIALS=3.
struct RacesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "races", abstract: "Apply each Fuzz/Races/*.race alone: the runs the parallel property takes to find it.")

    static let property = "ParallelPropertyTests/branchesAreLinearizable"
    static let printedTestFile = "Tests/ContactCoreTests/Harness/PrintedRace.swift"

    func run() throws {
        let project = try Project.current()
        let environment = ProcessInfo.processInfo.environment
        let glob = environment["RACES"].flatMap { $0.isEmpty ? nil : $0 } ?? "*"
        let trialsText = environment["RACE_TRIALS"].flatMap { $0.isEmpty ? nil : $0 } ?? "3"
        guard let trials = Int(trialsText), trials >= 0 else {
            throw FuzzToolError.usage("RACE_TRIALS must be a whole number, not '\(trialsText)'")
        }
        let tree = try ScratchTree(work: "\(project.root)/.build-races")
        print("| race | property: runs to first failure (each trial) | median | printed test (lines) "
            + "| printed test: failing run (each trial) | median |")
        print("| --- | --- | --- | --- | --- | --- |")
        for (name, path) in ScratchTree.planted(in: Layout.racesRoot, extension: "race", matching: glob) {
            try tree.freshCopy(with: try PlantedChange(race: try Files.read(path), name: path), name: path,
                              shell: project.shell)
            // Only the test bundle: the property needs nothing else the package builds.
            let buildLog = "\(tree.logs)/\(name)-build.log"
            guard try build(project, tree, log: .file(buildLog)) else {
                print("| \(name) | does not build (\(buildLog)) | | | | |")
                continue
            }
            var found: [String] = []
            var printed: [String] = []
            for trial in 1...max(trials, 1) where trial <= trials {
                let log = "\(tree.logs)/\(name)-property-\(trial).log"
                try runTests(Self.property, seconds: 1800, project, tree, log: log)
                let text = try Files.read(log)
                let runs = TestLogs.runsToFirstFailure(text)
                found.append(runs ?? "none")
                if printed.isEmpty && runs != nil { printed = TestLogs.printedRaceTest(text) }
            }
            var reproduced: [String] = []
            if !printed.isEmpty {
                let test = "import ContactCore\nimport ContactCoreTesting\nimport Testing\n\n@Suite struct PrintedRace {\n"
                    + printed.map { $0 + "\n" }.joined() + "}\n"
                try Files.write(test, to: "\(tree.source)/\(Self.printedTestFile)")
                try Files.write(test, to: "\(tree.logs)/\(name)-PrintedRace.swift")
                if !(try build(project, tree, log: .appending(buildLog))) {
                    FileHandle.standardError.write(Data("\(name): the printed test does not build (\(buildLog))\n".utf8))
                }
                for trial in 1...max(trials, 1) where trial <= trials {
                    let log = "\(tree.logs)/\(name)-printed-\(trial).log"
                    try runTests("PrintedRace", seconds: 600, project, tree, log: log)
                    reproduced.append(TestLogs.failingRun(try Files.read(log)) ?? ">1000")
                }
            }
            let row = RaceRow(name: name, found: found, printedLines: printed.count, reproduced: reproduced)
            print(row.line)
        }
    }

    /// The built test bundle's tests matching `filter`, for at most `seconds`, into `log`.
    func runTests(_ filter: String, seconds: Int, _ project: Project, _ tree: ScratchTree, log: String) throws {
        try project.shell.run(["timeout", "\(seconds)", "swift", "test", "--skip-build", "--scratch-path", "\(tree.work)/build",
                               "--filter", filter], output: .file(log), in: tree.source)
    }

    func build(_ project: Project, _ tree: ScratchTree, log: Shell.Output) throws -> Bool {
        try project.shell.run(["swift", "build", "--product", "ContactCorePackageTests", "--scratch-path",
                               "\(tree.work)/build"], output: log, in: tree.source).succeeded
    }
}
