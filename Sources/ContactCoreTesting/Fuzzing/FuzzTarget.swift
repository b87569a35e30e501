/// Every fuzz target, by name: the libFuzzer entry points and the corpus replay tests both
/// call through here, so a crash file replays through exactly the code that found it.
public enum FuzzTarget: String, CaseIterable, Sendable {
    case identifierFetch = "FuzzIdentifierFetch"
    case permittedSet = "FuzzPermittedSet"
    case searchMatching = "FuzzSearchMatching"
    case changeOrdering = "FuzzChangeOrdering"
    case historyToken = "FuzzHistoryToken"

    /// Runs one input; traps (crashes the fuzzer, fails the test) when an invariant breaks.
    public func run(_ data: [UInt8]) {
        switch self {
        case .identifierFetch: IdentifierFetchFuzz.run(data)
        case .permittedSet: PermittedSetFuzz.run(data)
        case .searchMatching: SearchMatchingFuzz.run(data)
        case .changeOrdering: ChangeOrderingFuzz.run(data)
        case .historyToken: HistoryTokenFuzz.run(data)
        }
    }

    /// Runs one libFuzzer input given as a raw buffer.
    public func run(_ start: UnsafeRawPointer?, _ count: Int) {
        guard let start, count > 0 else { return run([]) }
        run(Array(UnsafeRawBufferPointer(start: start, count: count)))
    }
}
