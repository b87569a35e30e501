import ContactCore

/// FuzzSearchMatching: decodes a ``SearchScenario`` from the bytes and traps when any
/// invariant of ``SearchMatchingCheck`` breaks.
enum SearchMatchingFuzz {
    static func run(_ data: [UInt8]) {
        let violations = SearchMatchingCheck.violations(of: SearchScenario(decoding: data))
        if !violations.isEmpty {
            fatalError("FuzzSearchMatching: \(violations.count) broken invariants:\n" + violations.joined(separator: "\n"))
        }
    }
}
