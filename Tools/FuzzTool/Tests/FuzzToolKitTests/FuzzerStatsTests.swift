import Foundation
import FuzzToolKit
import Testing

/// Real logs of `make fuzz` (FUZZ_SECONDS=5), and the row each gave in the table of the bash
/// front end this tool replaced.
@Suite struct FuzzerStatsTests {
    @Test func aProgramTargetsLog() throws {
        let stats = FuzzerStats(log: try Fixture.text("FuzzPermittedSet.log"))
        #expect(stats.execsPerSecond == 2529)
        #expect(stats.edges == 14627)
        #expect(stats.features == 14650)
        #expect(stats.corpus == "740/26Kb")
        #expect(stats.programs == ProgramsLine(inputs: 15178, repeated: 7290))
        #expect(stats.repeatsShare == "48%")
        #expect(stats.programsPerSecond == 1314)
    }

    @Test func aTargetWithoutTheProgramsLineRunsEveryInput() throws {
        let stats = FuzzerStats(log: try Fixture.text("FuzzVCard.log"))
        #expect(stats.execsPerSecond == 2049)
        #expect(stats.edges == 4731)
        #expect(stats.features == 4737)
        #expect(stats.corpus == "444/82Kb")
        #expect(stats.programs == nil)
        #expect(stats.repeatsShare == "-")
        #expect(stats.programsPerSecond == 2049)
    }

    /// A run of `make mutants` (mutant 97, edits on) that found the planted bug: the harness's
    /// line gives the search's time, before the reduction and the stack trace.
    @Test func theTimeToFindABrokenRule() throws {
        #expect(FuzzerStats(log: try Fixture.text("FuzzPermittedSet-broken-rule.log")).secondsToFind == 0.455)
        #expect(FuzzerStats(log: try Fixture.text("FuzzPermittedSet.log")).secondsToFind == nil)
        #expect(!FuzzerStats(log: try Fixture.text("FuzzPermittedSet-broken-rule.log")).crashedInMutator)
    }

    /// A run whose custom mutator trapped (a save grown past 255 bytes): not a find.
    @Test func aCrashInTheMutatorIsNoFind() throws {
        let stats = FuzzerStats(log: try Fixture.text("FuzzSearchMatching-mutator-crash.log"))
        #expect(stats.crashedInMutator && stats.secondsToFind == nil)
    }

    @Test func theBaseline() throws {
        let stats = FuzzerStats(log: try Fixture.text("FuzzBaseline.log"))
        #expect(stats.execsPerSecond == 41043)
        #expect(stats.corpus == "1/1b")
        #expect(stats.edges == 1)
    }

    @Test func theFinalAverageWinsOverTheLastStatusLine() throws {
        let log = try Fixture.text("FuzzBaseline.log")
        #expect(FuzzerStats(log: log).lastExecsPerSecond == 41043)
        let withoutFinalStats = log.split(separator: "\n").filter { !$0.hasPrefix("stat::") }.joined(separator: "\n")
        #expect(FuzzerStats(log: withoutFinalStats).averageExecsPerSecond == nil)
        #expect(FuzzerStats(log: withoutFinalStats).execsPerSecond == 41043)
    }

    @Test func aForkRunsProgramsLinesAddUp() throws {
        // Under -fork each process prints its own line at exit.
        let line = try Fixture.text("FuzzPermittedSet.log").split(separator: "\n")
            .filter { $0.hasPrefix("INFO: ContactCore programs:") }
        #expect(line.count == 1)
        let twice = (line + line).joined(separator: "\n")
        #expect(FuzzerStats(log: twice).programs == ProgramsLine(inputs: 30356, repeated: 14580))
        #expect(FuzzerStats(log: twice).repeatsShare == "48%")
    }

    @Test func theOperationsOfTheProgramsRun() throws {
        let line = "INFO: ContactCore programs: 2000 inputs, 1050 run, 950 (47%) repeated a program that had passed "
            + "and were not run again, 3780 operations in the programs run"
        let stats = FuzzerStats(log: line)
        #expect(stats.programs == ProgramsLine(inputs: 2000, repeated: 950, operations: 3780))
        #expect(stats.operationsPerProgram == "3.6")
        // Under -fork the processes' lines add up; one line without operations makes them unknown.
        #expect(FuzzerStats(log: line + "\n" + line).operationsPerProgram == "3.6")
        #expect(FuzzerStats(log: line + "\n" + line.replacingOccurrences(of: ", 3780 operations in the programs run", with: ""))
            .operationsPerProgram == "-")
        #expect(FuzzerStats(log: try Fixture.text("FuzzPermittedSet.log")).operationsPerProgram == "-")
    }

    /// An input libFuzzer runs twice in a row for its leak check is skipped the second time:
    /// not a repeat, and not a program run.
    @Test func secondRunsAreNeitherRepeatsNorPrograms() {
        let line = "INFO: ContactCore programs: 2000 inputs, 1000 run, 950 (47%) repeated a program that had passed "
            + "and were not run again, 3780 operations in the programs run, 50 inputs libFuzzer ran again right after "
            + "themselves (its leak check) were not run again"
        let stats = FuzzerStats(log: line + "\nstat::average_exec_per_sec:     400")
        #expect(stats.programs == ProgramsLine(inputs: 2000, repeated: 950, operations: 3780, reruns: 50))
        #expect(stats.repeatsShare == "47%")
        #expect(stats.operationsPerProgram == "3.8")
        #expect(stats.programsPerSecond == 200)
        #expect(FuzzerStats(log: line + "\n" + line).programs?.reruns == 100)
    }

    @Test func anEmptyLogHasNothing() {
        let stats = FuzzerStats(log: "")
        #expect(stats.execsPerSecond == nil)
        #expect(stats.programsPerSecond == nil)
        #expect(stats.repeatsShare == "-")
    }
}
