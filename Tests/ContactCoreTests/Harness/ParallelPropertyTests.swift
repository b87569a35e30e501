import ContactCore
import ContactCoreTesting
import Foundation
import PropertyBased
import Testing

/// SPEC 1b as a property: generated parallel programs (``Parallel``) run their branches on
/// threads released together, several times each, and every run must be linearizable against
/// the model. A failure prints the reduced program as a Swift test that reruns it.
@Suite struct ParallelPropertyTests {
    static let environment = ProcessInfo.processInfo.environment
    static let cases = environment["CONTACTCORE_PARALLEL_CASES"].flatMap { Int($0) } ?? 4_000
    /// Runs of each program whose branches contend (``Parallel/contends``): a race shows in
    /// some runs only. The others run once.
    static let runs = environment["CONTACTCORE_PARALLEL_RUNS"].flatMap { Int($0) } ?? 10

    /// The parallel version byte (version 5), the device and status bytes, the shape (two
    /// bytes), version 5's device byte (a restricted app at the fork, the reference pool),
    /// then records behind their length bytes; half of them shaped for a race (``RaceCheck/shaped(_:)``).
    static let inputs = zip(Gen.uint8().array(of: 5), Gen.uint8().array(of: 1...12).array(of: 2...16))
        .map { (header: [UInt8], records: [[UInt8]]) -> [UInt8] in
            var bytes: [UInt8] = [Decoder.parallelDeviceVersion]
            bytes += header
            for record in records { bytes += [UInt8(record.count)] + record }
            return RaceCheck.shaped(bytes)
        }

    /// The first failure, reduced by ``RaceCheck`` (not by the property library: it would
    /// shrink by rerunning a check that fails in some runs only), and the runs it took to meet.
    static let found = Locked<(runs: Int, report: String)?>(nil)
    static let runsSoFar = Locked(0)

    @Test func branchesAreLinearizable() async {
        await propertyCheck(count: Self.cases, input: Self.inputs) { bytes in
            guard Self.found.withLock({ $0 == nil }) else { return }
            let program = RaceCheck.program(bytes)
            let runs = program.parallel?.contends == true ? Self.runs : 1
            let failed = RaceCheck.check(program, runs: runs)
            let total = Self.runsSoFar.withLock { total in
                total += failed?.run ?? runs
                return total
            }
            guard let failed else { return }
            let explained = RaceCheck.explain(bytes, runs: Self.runs)
            // On a line of its own: CI prints the lines that name an input again at the end.
            print("branchesAreLinearizable: input \(bytes), reduced \(explained.map { "\($0.reduced)" } ?? "(no rerun failed again)")")
            let report = explained.map { "\($0.failure)\n\nreduced input: \($0.reduced)" }
                ?? "\(failed.failure) (no rerun failed again; input \(bytes))"
            Self.found.withLock { $0 = (total, report) }
        }
        if let (runs, report) = Self.found.withLock({ $0 }) {
            // A short line of its own first: `make races` reads the count there. One trial's log
            // once missed the start of the issue, a report tens of kilobytes long, count and all.
            print("branchesAreLinearizable: first failure after \(runs) runs")
            Issue.record("first failure after \(runs) runs: \(report)")
        }
    }

    /// Parallel programs that once failed (`Fuzz/Regressions/Races/`), each run 200 times.
    static var regressions: [String] {
        let folder = ReplayTests.root.appendingPathComponent("Fuzz/Regressions/Races")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().map { folder.appendingPathComponent($0).path }
    }

    @Test(arguments: regressions)
    func regression(_ path: String) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(RaceCheck.program(bytes).parallel != nil)
        if let (failure, run) = RaceCheck.check(RaceCheck.program(bytes), runs: 200) {
            Issue.record("run \(run): \(failure)")
        }
    }

    /// The two races found by reading code, as parallel programs: two first requests of one
    /// app, and a tap racing the Settings change of its app.
    @Test(arguments: [PromptRaceProgram.bothPrompt, .tapAgainstSettings])
    func knownRacesAreLinearizable(_ race: PromptRaceProgram) {
        for run in 1...200 {
            let failure = Runner.run(race.program)
            #expect(failure == nil, "run \(run): \(failure?.description ?? "")")
            if failure != nil { break }
        }
    }
}

/// Parallel programs for the races fixed before the harness could see races.
enum PromptRaceProgram: CaseIterable, Sendable {
    case bothPrompt, tapAgainstSettings

    var program: Program {
        var program = Program()
        program.people = [0, 1, 2, 3]
        switch self {
        case .bothPrompt:
            program.parallel = Parallel(branches: [
                [.request(app: 1, answer: .full)],
                [.request(app: 1, answer: .full)],
                [.fetch(app: 1, .all, keys: Keys(bits: 1), sort: .none)],
            ])
        case .tapAgainstSettings:
            program.initialStatus = [.notDetermined, .limited(1), .notDetermined]
            let tap = Tap(query: QueryText(text: "a", tokens: ["a"]), picks: [0, 1, 2])
            program.parallel = Parallel(branches: [
                [.button(app: 1, tap)],
                [.settings(app: 1, .deny), .settings(app: 1, .limited([]))],
            ])
        }
        return program
    }
}
