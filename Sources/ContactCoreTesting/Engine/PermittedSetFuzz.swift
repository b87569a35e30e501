import ContactCore

/// `FuzzPermittedSet`: any bytes become a scenario of several apps, the person's Settings
/// changes, prompts, pickers, saves and reads (``OperationDecoder``), run against the
/// reference model (``ScenarioRunner``). Traps on the first broken rule.
public enum PermittedSetFuzz {
    public static func run(_ data: [UInt8]) {
        if let failure = check(data) { fatalError(failure.description) }
    }

    /// The first broken rule, without trapping: what the corpus replay and property tests use.
    public static func check(_ data: [UInt8]) -> ScenarioFailure? {
        ScenarioRunner.run(OperationDecoder.decode(data)).failure
    }

    /// Lays out an input: the version byte, the six header bytes (padded with zeros or cut),
    /// then each record behind its length byte. Property tests generate the parts, so that
    /// shrinking a part drops or simplifies whole operations.
    public static func input(header: [UInt8], records: [[UInt8]]) -> [UInt8] {
        let fixed = Array((header + Array(repeating: 0, count: OperationDecoder.headerLength)).prefix(OperationDecoder.headerLength - 1))
        return [OperationDecoder.formatVersion] + fixed + records.flatMap { [UInt8(min($0.count, 255))] + $0.prefix(255) }
    }
}
