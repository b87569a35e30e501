import FuzzToolKit
import Testing

/// The medians and the test-log readings of `make mutants` and `make races`.
@Suite struct MeasurementTests {
    @Test func theMedian() {
        #expect(median([]) == "-")
        #expect(median(["3.2", "1.0", "12.5"]) == "3.2")
        #expect(median(["4", "2"]) == "2")
        #expect(median(["9.8", ">10", ">10"]) == ">10")
        #expect(median(["none", "14", "none"], unbounded: ["none"]) == "none")
        #expect(median(["none", "14", "3"], unbounded: ["none"]) == "14")
        #expect(median([">1000", "1000", "7"], unbounded: [">1000"]) == "1000")
    }

    @Test func theTestsThatFailed() {
        let log = """
            ✔ Test ok() passed after 0.1 seconds.
            ✘ Test rawValuesRoundTrip() recorded an issue at RawValuePropertyTests.swift:40:9: Expectation failed
            ✘ Test rawValuesRoundTrip() failed after 1.2 seconds with 1 issue.
            ✘ Test aDateOfYear10000IsRefused(calendar:) failed after 0.3 seconds with 1 issue.
            ✘ Suite RawValuePropertyTests failed after 1.3 seconds with 2 issues.
            """
        #expect(TestLogs.failedTests(log) == "aDateOfYear10000IsRefused,rawValuesRoundTrip")
        #expect(TestLogs.failedTests("✔ Test run with 3 tests passed") == "")
    }

    @Test func theRaceFigures() {
        let log = """
            ✘ Test branchesAreLinearizable() recorded an issue at ParallelPropertyTests.swift:49:13: first failure after 37 runs: a
              @Test func race() throws {
                  let program = ParallelProgram(bytes: [1, 2])
                  try ParallelCheck.run(program)
              }
            after
            """
        #expect(TestLogs.runsToFirstFailure(log) == "37")
        #expect(TestLogs.printedRaceTest(log) == [
            "@Test func race() throws {", "    let program = ParallelProgram(bytes: [1, 2])",
            "    try ParallelCheck.run(program)", "}",
        ])
        #expect(TestLogs.failingRun("the race failed at run 12 of 1000") == "12")
        #expect(TestLogs.runsToFirstFailure("no failure") == nil)
    }

    /// Real logs of `make races` (RACES=prompt-both RACE_TRIALS=1): the property's run and the
    /// printed test's; that run's row was `| prompt-both | 1091 | 1091 | 26 | 3 | 3 |`.
    @Test func aRealRaceRun() throws {
        let property = try Fixture.text("races-property.log")
        #expect(TestLogs.runsToFirstFailure(property) == "1091")
        let printed = TestLogs.printedRaceTest(property)
        #expect(printed.count == 26)
        #expect(printed.first == "@Test func race() {")
        #expect(printed.last == "}")
        let failing = TestLogs.failingRun(try Fixture.text("races-printed-test.log"))
        #expect(failing == "3")
        #expect(RaceRow(name: "prompt-both", found: ["1091"], printedLines: printed.count, reproduced: [failing ?? ">1000"]).line
            == "| prompt-both | 1091 | 1091 | 26 | 3 | 3 |")
    }

    @Test func aRowOfTheRacesTable() {
        #expect(RaceRow(name: "prompt-both", found: ["37", "none", "12"], printedLines: 14,
                        reproduced: ["3", ">1000", "5"]).line
            == "| prompt-both | 37 none 12 | 37 | 14 | 3 >1000 5 | 5 |")
        #expect(RaceRow(name: "x", found: ["none"], printedLines: 0, reproduced: []).line
            == "| x | none | none | - | - | - |")
    }
}
