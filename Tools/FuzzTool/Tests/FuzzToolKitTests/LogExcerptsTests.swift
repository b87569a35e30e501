import FuzzToolKit
import Testing

@Suite struct LogExcerptsTests {
    @Test func aReplayFailuresReason() {
        let log = """
            INFO: Seed: 1
            Running: Fuzz/Regressions/FuzzVCard/crash-1
            Fatal error: the strict read differs from the reference
            ==12==ERROR: libFuzzer: deadly signal
            SUMMARY: libFuzzer: deadly signal
            """
        #expect(LogExcerpts.failureLines(log) == [
            "Fatal error: the strict read differs from the reference", "==12==ERROR: libFuzzer: deadly signal",
            "SUMMARY: libFuzzer: deadly signal",
        ])
    }

    @Test func theReducedProgram() {
        let output = """
            INFO: Seed: 1
            FuzzPermittedSet breaks SPEC 4:
            @Test func regression() {
            }
            reduced input (12 bytes): 0x01
            ==1== ERROR: libFuzzer: deadly signal
            """
        #expect(LogExcerpts.reducedPrograms(output) == [
            "FuzzPermittedSet breaks SPEC 4:", "@Test func regression() {", "}", "reduced input (12 bytes): 0x01",
        ])
    }

    @Test func theLastLines() {
        #expect(LogExcerpts.tail("a\nb\nc\n", 2) == ["b", "c"])
        #expect(LogExcerpts.tail("a", 5) == ["a"])
    }
}
