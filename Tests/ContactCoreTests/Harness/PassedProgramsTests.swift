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
        let before = passed.isRepeat(fingerprint, input: 1, operations: Self.program.operations.count)
        passed.insert(fingerprint)
        let otherProgram = passed.isRepeat(PassedPrograms.fingerprint(Self.other, on: .memory), input: 2)
        let after = passed.isRepeat(fingerprint, input: 3, operations: Self.program.operations.count)
        let otherBackEnd = passed.isRepeat(PassedPrograms.fingerprint(Self.program, on: .sqliteInMemoryFileSystem), input: 4)
        #expect([before, otherProgram, after, otherBackEnd] == [false, false, true, false])
        #expect(passed.inputs == 4 && passed.repeats == 1 && passed.reruns == 0)
        // The line the fuzzing tool reads (Tools/FuzzTool, `ProgramsLine`): inputs in the fourth
        // field, repeats in the eighth.
        #expect(passed.summary.split(separator: " ").map(String.init)[3] == "4")
        #expect(passed.summary.split(separator: " ").map(String.init)[7] == "1")
        // The operations of the programs that ran: the first input's, not its repeat's.
        #expect(Self.program.operations.count == 1 && passed.operations == 1)
        #expect(passed.summary.contains(", 1 operations in the programs run, 0 inputs libFuzzer ran again"))
    }

    /// libFuzzer's leak check runs an input again right after itself: skipped, and counted as a
    /// second run, not as a repeat, which the same program in other bytes still is.
    @Test func anInputRightAfterItselfIsASecondRunNotARepeat() {
        var passed = PassedPrograms()
        let fingerprint = PassedPrograms.fingerprint(Self.program, on: .memory)
        let input = PassedPrograms.fingerprint(ofInput: [4, 0x14, 0x06, 0, 0x40, 0x10, 1, 2])
        let other = PassedPrograms.fingerprint(ofInput: [4, 0x14, 0x06, 0, 0x40, 0x10, 1, 2, 0])
        var skipped: [Bool] = []
        for bytes in [input, input, other, input] {
            skipped.append(passed.isRepeat(fingerprint, input: bytes, operations: 1))
            passed.insert(fingerprint)
        }
        #expect(skipped == [false, true, true, true])
        #expect(passed.inputs == 4 && passed.repeats == 2 && passed.reruns == 1 && passed.operations == 1)
        #expect(passed.summary.hasPrefix("INFO: ContactCore programs: 4 inputs, 1 run, 2 (50%) repeated"))
        #expect(passed.summary.hasSuffix(", 1 inputs libFuzzer ran again right after themselves (its leak check) were not run again\n"))
    }

    /// The custom mutator asks about the program the entry point runs: for FuzzLargeStores one
    /// whose name searches are also made by two characters (``LargeStoreCheck``), not the
    /// program as its input decodes.
    @Test(arguments: [FuzzTarget.largeStores, .permittedSet])
    func aProgramThatRanIsNoLongerNewToTheMutator(_ target: FuzzTarget) throws {
        var random = SeededGenerator(seed: 7)
        let bytes = try #require((0..<10_000).lazy.map { _ in (0..<24).map { _ in UInt8.random(in: 0...255, using: &random) } }
            .first { bytes in
                let decoded = Decoder.decode(bytes, profile: target.profile).program
                return decoded.device.crowd <= 200 && (target != .largeStores || target.running(decoded) != decoded.oneAtATime)
            })
        let decoded = Decoder.decode(bytes, profile: target.profile).program
        #expect(target.isNew(decoded))
        bytes.withUnsafeBytes { target.fuzz($0.baseAddress, $0.count) }
        #expect(!target.isNew(decoded))
    }

    @Test func aFullTableForgetsEverything() {
        var passed = PassedPrograms(capacity: 8)
        for fingerprint in UInt64(1)...6 { passed.insert(fingerprint) }
        var repeated: [UInt64] = []
        for fingerprint in UInt64(1)...6 where passed.isRepeat(fingerprint, input: fingerprint) { repeated.append(fingerprint) }
        #expect(repeated == Array(1...6))
        passed.insert(7)
        repeated = []
        for fingerprint in UInt64(1)...7 where passed.isRepeat(fingerprint, input: fingerprint) { repeated.append(fingerprint) }
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
