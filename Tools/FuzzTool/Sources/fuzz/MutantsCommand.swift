import ArgumentParser
import Foundation
import FuzzToolKit

/// `fuzz mutants` (`make mutants`): the harness measures itself. Each Fuzz/Mutants/*.mutant (one
/// line of Sources/ContactCore or Sources/ContactCoreSQLite replaced by another) is applied alone
/// to a scratch copy of HEAD; then `swift test` must fail (the table names the failing tests) and
/// each target the mutant lists is fuzzed from an EMPTY corpus and from the checked-in corpus,
/// MUTANT_RUNS times for at most MUTANT_SECONDS each; the table gives the median time to the
/// first crash: from the first input to the broken rule the harness reports, without the
/// process's start and the reduction after the find (a sanitizer's crash: the process's time).
///
/// Variables: MUTANTS=glob (default *), MUTANT_RUNS=3, MUTANT_SECONDS=60, MUTANT_SKIP_TESTS=1,
/// MUTANT_TARGETS=n (fuzz only the first n targets a mutant lists; default all; 0: tests only),
/// MUTANT_TEST_FILTER=regex (`swift test --filter`: only the suites that concern the mutants),
/// MUTANT_COMPARE=1 (a column more: from empty with the custom mutators' program-level and
/// line-level edits on, `CONTACTCORE_BYTE_MUTATIONS=20`, beside libFuzzer's byte mutation alone,
/// `=100`, of the other columns),
/// MUTANT_BYTE_MUTATIONS=n (the share, in percent, that column leaves to bytes; default 20),
/// MUTANT_CORPUS=0 (no from-corpus column).
struct MutantsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mutants", abstract: "Apply each Fuzz/Mutants/*.mutant alone: the tests that kill it, each fuzzer's time to find it.")

    struct Variables {
        var glob = "*"
        var runs = 3
        var seconds = 60
        var targets = 99
        var skipTests = false
        var testFilter: String?
        var compare = false
        var byteShare = 20
        var fromCorpus = true

        init(_ environment: [String: String]) throws(FuzzToolError) {
            func number(_ name: String, _ fallback: Int) throws(FuzzToolError) -> Int {
                try wholeNumber(name, in: environment, default: fallback)
            }
            glob = environment["MUTANTS"].flatMap { $0.isEmpty ? nil : $0 } ?? "*"
            runs = try number("MUTANT_RUNS", 3)
            seconds = try number("MUTANT_SECONDS", 60)
            targets = try number("MUTANT_TARGETS", 99)
            skipTests = environment["MUTANT_SKIP_TESTS"] == "1"
            testFilter = environment["MUTANT_TEST_FILTER"].flatMap { $0.isEmpty ? nil : $0 }
            compare = environment["MUTANT_COMPARE"] == "1"
            byteShare = try number("MUTANT_BYTE_MUTATIONS", 20)
            guard byteShare <= 100 else { throw .usage("MUTANT_BYTE_MUTATIONS is a percentage, not \(byteShare)") }
            fromCorpus = environment["MUTANT_CORPUS"] != "0"
        }
    }

    func run() throws {
        let project = try Project.current()
        let variables = try Variables(ProcessInfo.processInfo.environment)
        let tree = try ScratchTree(work: "\(project.root)/.build-mutants")
        let editsColumn = variables.compare ? " from empty, program edits, \(variables.byteShare)% bytes (median s) |" : ""
        print("| mutant | swift test kills it with | fuzzer | from empty (median s) | from corpus (median s) |\(editsColumn)")
        print("| --- | --- | --- | --- | --- |\(variables.compare ? " --- |" : "")")
        let none = variables.compare ? " - |" : ""
        for (name, path) in ScratchTree.planted(in: Layout.mutantsRoot, extension: "mutant", matching: variables.glob) {
            let mutant = try PlantedChange(mutant: try Files.read(path), name: path)
            try tree.freshCopy(with: mutant, name: path, shell: project.shell)
            var killers = "(not run)"
            if !variables.skipTests {
                killers = try testKillers(project, tree, name, variables)
            }
            // MUTANT_TARGETS=0: the swift test column alone. `targets: none`: no fuzz target runs
            // the mutated code (the CLI), so swift test alone must kill it.
            if variables.targets == 0 { print("| \(name) | \(killers) | (not run) | - | - |\(none)") }
            if mutant.targets == ["none"] {
                if variables.targets != 0 { print("| \(name) | \(killers) | (none reaches it) | - | - |\(none)") }
                continue
            }
            for target in mutant.targets.prefix(variables.targets) {
                let build = FuzzBuild(configuration: .release, scratchPath: "\(tree.work)/fuzz")
                let buildLog = "\(tree.logs)/\(name)-build.log"
                guard try project.shell.run(["swift"] + build.swiftArguments(product: target), environment: FuzzBuild.environment,
                                            output: .file(buildLog),
                                            in: tree.source).succeeded
                else { throw FuzzToolError.failure("the fuzz build of \(target) with \(name) failed (see \(buildLog))") }
                // As `make fuzz` runs it: the target's libFuzzer options and dictionary.
                let options = try project.options(of: target)
                let fuzzer = Fuzzer(project: project, binary: build.binary(target), flags: try project.libFuzzerFlags(of: target),
                                    asanOptions: options.asanOptions(after: project.settings.inheritedAsanOptions),
                                    seconds: variables.seconds, log: "\(tree.logs)/fuzz.log")
                // <Target>OnSQLite shares <Target>'s corpus.
                let corpus = "\(Layout.corpusRoot)/\(FuzzTargets.base(of: target))"
                let empty = try (0..<variables.runs).map { _ in try fuzzer.secondsToFirstCrash(from: nil) }
                let seeded = variables.fromCorpus ? fuzzer.median(try (0..<variables.runs).map { _ in try fuzzer.secondsToFirstCrash(from: corpus) }) : "-"
                var edits = ""
                if variables.compare {
                    let times = try (0..<variables.runs).map { _ in try fuzzer.secondsToFirstCrash(from: nil, byteShare: variables.byteShare) }
                    edits = " \(fuzzer.median(times)) |"
                }
                print("| \(name) | \(killers) | \(target) | \(fuzzer.median(empty)) | \(seeded) |\(edits)")
                killers = "〃"
            }
        }
    }

    /// `swift test` on the mutated copy: SURVIVED, or the tests that failed. MutantPatchTests
    /// checks the mutants apply to the unmutated tree: not a kill. Bounded: a mutant that makes
    /// a test wait forever is killed too, but must not stall the run.
    func testKillers(_ project: Project, _ tree: ScratchTree, _ name: String, _ variables: Variables) throws -> String {
        let log = "\(tree.logs)/\(name)-test.log"
        let filter = variables.testFilter.map { ["--filter", $0] } ?? []
        let test = try project.shell.run(
            ["timeout", "1800", "swift", "test", "--scratch-path", "\(tree.work)/test", "--skip", "MutantPatchTests"]
                + filter, output: .file(log), in: tree.source)
        if test.succeeded { return "SURVIVED" }
        let killers = TestLogs.failedTests(try Files.read(log))
        return killers.isEmpty ? "build or run failed (see \(log))" : killers
    }

    /// One fuzzer of a mutated build, run until its first crash or for `seconds`.
    struct Fuzzer {
        let project: Project
        let binary: String
        let flags: [String]
        let asanOptions: String
        let seconds: Int
        let log: String

        /// Seconds to the first crash ("3.21"), or ">seconds" when none; from a copy of `corpus`.
        /// From the first input to the broken rule when the harness reports one, else the
        /// process's whole time (a sanitizer's crash); "mutator crashed" when the process died
        /// in the custom mutator or cross-over, which finds nothing.
        /// `byteShare`: the custom mutators edit programs and lines but in this share of the
        /// calls, in percent; `nil`, libFuzzer's byte mutation alone.
        func secondsToFirstCrash(from corpus: String?, byteShare: Int? = nil) throws -> String {
            let scratch = try Files.temporaryDirectory("mutant-fuzz")
            defer { Files.remove(scratch) }
            if let corpus {
                for file in Files.files(in: corpus) {
                    try Files.copy(file, to: "\(scratch)/\(URL(fileURLWithPath: file).lastPathComponent)")
                }
            }
            let start = Date()
            try project.shell.run(
                ["timeout", "\(seconds + 60)", binary, "-max_total_time=\(seconds)", "-timeout=10"] + flags
                    + ["-artifact_prefix=\(scratch)/", scratch],
                environment: ["ASAN_OPTIONS": asanOptions, "CONTACTCORE_BYTE_MUTATIONS": "\(byteShare ?? 100)"],
                output: .file(log))
            let elapsed = Date().timeIntervalSince(start)
            let crashed = Files.files(in: scratch).contains { URL(fileURLWithPath: $0).lastPathComponent.hasPrefix("crash-") }
            guard crashed else { return ">\(seconds)" }
            // The search's time when the harness found a broken rule: the process's start, and
            // the reduction, stack trace and crash file after the find, are not the mutator's.
            let stats = FuzzerStats(log: try Files.read(log))
            if stats.crashedInMutator && stats.secondsToFind == nil { return Self.mutatorCrash }
            return String(format: "%.2f", stats.secondsToFind ?? elapsed)
        }

        /// A run that ended in the custom mutator (see its log): no find, and a harness defect.
        static let mutatorCrash = "mutator crashed"

        /// The median of the runs; `>seconds` when it found nothing in that time.
        func median(_ times: [String]) -> String {
            let middle = FuzzToolKit.median(times)
            return middle.hasPrefix(">") || middle == "\(seconds)" ? ">\(seconds)" : middle
        }
    }
}
