import ContactCoreTesting
import ContactCoreTestingSQLite
import Testing

/// What a fuzz target skips (Fuzz/HARNESS.md, "How a target runs"): only a program it has run
/// and seen pass, on the same back end.
@Suite struct PassedProgramsTests {
    static let program = FuzzTarget.permittedSet.program([4, 0x14, 0x06, 0, 0x40, 0x10, 1, 2])
    static let other = FuzzTarget.permittedSet.program([4, 0x14, 0x06, 0, 0x40, 0x10, 1, 3])

    @Test func aProgramIsARepeatOnlyAfterItPassed() {
        #expect(Self.program != Self.other)
        var passed = PassedPrograms()
        let fingerprint = PassedPrograms.fingerprint(Self.program, on: .memory)
        let before = passed.isRepeat(fingerprint, operations: Self.program.operations.count)
        passed.insert(fingerprint)
        let after = passed.isRepeat(fingerprint, operations: Self.program.operations.count)
        let otherProgram = passed.isRepeat(PassedPrograms.fingerprint(Self.other, on: .memory))
        let otherBackEnd = passed.isRepeat(PassedPrograms.fingerprint(Self.program, on: .sqliteInMemoryFileSystem))
        #expect([before, after, otherProgram, otherBackEnd] == [false, true, false, false])
        #expect(passed.inputs == 4 && passed.repeats == 1)
        // The line the fuzzing tool reads (Tools/FuzzTool, `ProgramsLine`): inputs in the fourth
        // field, repeats in the eighth.
        #expect(passed.summary.split(separator: " ").map(String.init)[3] == "4")
        #expect(passed.summary.split(separator: " ").map(String.init)[7] == "1")
        // The operations of the programs that ran: the first input's, not its repeat's.
        #expect(Self.program.operations.count == 1 && passed.operations == 1)
        #expect(passed.summary.hasSuffix(", 1 operations in the programs run\n"))
    }

    @Test func aFullTableForgetsEverything() {
        var passed = PassedPrograms(capacity: 8)
        for fingerprint in UInt64(1)...6 { passed.insert(fingerprint) }
        var repeated: [UInt64] = []
        for fingerprint in UInt64(1)...6 where passed.isRepeat(fingerprint) { repeated.append(fingerprint) }
        #expect(repeated == Array(1...6))
        passed.insert(7)
        repeated = []
        for fingerprint in UInt64(1)...7 where passed.isRepeat(fingerprint) { repeated.append(fingerprint) }
        #expect(repeated == [7])
    }

    /// The line `make mutants` reads for its time to find (Tools/FuzzTool, `FuzzerStats.secondsToFind`):
    /// whole milliseconds in the seventh field.
    @Test func theFoundLineGivesWholeMilliseconds() {
        let line = FuzzTarget.foundLine(after: .milliseconds(1234) + .microseconds(999))
        #expect(line == "INFO: ContactCore found a broken rule 1234 ms after the first input\n")
        #expect(FuzzTarget.foundLine(after: .seconds(61)).split(separator: " ")[6] == "61000")
    }
}
