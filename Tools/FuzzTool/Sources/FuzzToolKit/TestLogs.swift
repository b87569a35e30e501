import Foundation

/// What `make mutants` and `make races` read in `swift test`'s output.
public enum TestLogs {
    /// The tests that failed (`✘ Test name(`), sorted, at most four, joined by commas.
    public static func failedTests(_ log: String) -> String {
        var names = Set<String>()
        for line in log.split(separator: "\n") {
            var rest = line[...]
            while let start = rest.range(of: "✘ Test ") {
                let tail = rest[start.upperBound...]
                let name = tail.prefix { $0.isLetter && $0.isASCII || $0.isNumber || $0 == "_" }
                if !name.isEmpty, tail.dropFirst(name.count).first == "(" { names.insert(String(name)) }
                rest = tail
            }
        }
        return names.sorted().prefix(4).joined(separator: ",")
    }

    /// The parallel property's `first failure after N runs`: N.
    public static func runsToFirstFailure(_ log: String) -> String? {
        number(after: "first failure after ", followedBy: " runs", in: log)
    }

    /// The printed race test's first failing run, `run N`: N.
    public static func failingRun(_ log: String) -> String? { number(after: "run ", followedBy: nil, in: log) }

    static func number(after prefix: String, followedBy suffix: String?, in log: String) -> String? {
        var rest = log[...]
        while let start = rest.range(of: prefix) {
            let digits = rest[start.upperBound...].prefix { $0.isASCII && $0.isNumber }
            let after = rest[start.upperBound...].dropFirst(digits.count)
            if !digits.isEmpty, suffix.map({ after.hasPrefix($0) }) ?? true { return String(digits) }
            rest = rest[start.upperBound...]
        }
        return nil
    }

    /// The race test the parallel property printed: from `@Test func race()` to the closing brace
    /// at the start of a line, the two spaces of indentation taken off.
    public static func printedRaceTest(_ log: String) -> [String] {
        var lines: [String] = []
        for line in log.split(separator: "\n", omittingEmptySubsequences: false) {
            if lines.isEmpty && !line.hasPrefix("  @Test func race()") { continue }
            let unindented = line.hasPrefix("  ") ? String(line.dropFirst(2)) : String(line)
            lines.append(unindented)
            if unindented.hasPrefix("}") { break }
        }
        return lines
    }
}
