/// One input replayed through its target, as `contactcore replay` and `make fuzz-repro` tell
/// it: the scenario as a Swift test, and the first broken rule if there is one.
package struct Replay: Hashable, Sendable {
    /// The first broken rule, of the reduced input; `nil` when every rule holds.
    package var failure: Failure?
    /// The input the test stands for: the reduced one of a failure, else the input itself.
    package var input: [UInt8]
    /// A Swift test for the harness's test target (``Printer``).
    package var test: String
}

extension FuzzTarget {
    /// Runs `bytes` as ``check(_:on:)`` does and, on a failure, reduces it as the fuzzers do
    /// (``explain(_:on:)``): the same engine as libFuzzer, the corpus replay and the property tests.
    package func replay(_ bytes: [UInt8], on backEnd: BackEnd = .memory, name: String = "replay") -> Replay {
        let explained = explain(bytes, on: backEnd)
        let input = explained?.reduced ?? bytes
        let test = vCardCheck.map { Printer.vCardTest(input, name: name, failure: explained?.failure, check: $0.name) }
            ?? Printer.test(program(input), name: name, failure: explained?.failure, target: self)
        return Replay(failure: explained?.failure, input: input, test: test)
    }
}
