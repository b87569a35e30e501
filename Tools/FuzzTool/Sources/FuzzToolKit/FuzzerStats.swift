import Foundation

/// What a libFuzzer log (plain or `-fork` output) says about a run: the last status line's
/// coverage, features, corpus and speed, `-print_final_stats=1`'s average speed, and the
/// `INFO: ContactCore programs:` lines a program target prints at exit (one per process).
public struct FuzzerStats: Equatable, Sendable {
    /// `cov:` of the last status line: the edges reached.
    public var edges: Int?
    /// `ft:` of the last status line: the features.
    public var features: Int?
    /// `corp:` of the last status line: units/size (`213/29Kb`), or units alone under `-fork`.
    public var corpus: String?
    /// `exec/s:` of the last status line.
    public var lastExecsPerSecond: Int?
    /// `stat::average_exec_per_sec:` of the final stats.
    public var averageExecsPerSecond: Int?
    /// `stat::number_of_executed_units:` of the final stats: the inputs run.
    public var executedUnits: Int?
    /// The sum of the targets' `INFO: ContactCore programs:` lines.
    public var programs: ProgramsLine?
    /// Seconds from the first input to the first broken rule the harness reported (`INFO:
    /// ContactCore found a broken rule 1234 ms after the first input`); nil when it reported none.
    public var secondsToFind: Double?
    /// Whether the process died in the harness's custom mutator or cross-over, not in an input:
    /// a defect of the harness, never a find.
    public var crashedInMutator = false

    public init(log: String) {
        for line in log.split(separator: "\n") {
            if let status = StatusLine(line) {
                edges = status.values["cov"].flatMap { Int($0) } ?? edges
                features = status.values["ft"].flatMap { Int($0) } ?? features
                corpus = status.values["corp"] ?? corpus
                lastExecsPerSecond = status.values["exec/s"].flatMap { Int($0) } ?? lastExecsPerSecond
            } else if let value = Self.value(of: "stat::average_exec_per_sec:", in: line) {
                averageExecsPerSecond = Int(value)
            } else if let value = Self.value(of: "stat::number_of_executed_units:", in: line) {
                executedUnits = Int(value)
            } else if let counts = ProgramsLine(line) {
                programs = programs.map { $0 + counts } ?? counts
            } else if line.contains(" in LLVMFuzzerCustomMutator ") || line.contains(" in LLVMFuzzerCustomCrossOver ") {
                crashedInMutator = true
            } else if secondsToFind == nil, let found = Self.value(of: Self.foundPrefix, in: line),
                      let milliseconds = found.split(separator: " ").first.flatMap({ Int($0) }) {
                secondsToFind = Double(milliseconds) / 1000
            }
        }
    }

    private static let foundPrefix = "INFO: ContactCore found a broken rule"

    private static func value(of key: String, in line: Substring) -> Substring? {
        guard line.hasPrefix(key) else { return nil }
        return line.dropFirst(key.count).trimmingSpaces
    }

    /// exec/s: the final average when it is above zero, else the last status line's.
    public var execsPerSecond: Int? {
        if let average = averageExecsPerSecond, average > 0 { return average }
        return lastExecsPerSecond
    }

    /// The share of inputs the target skipped as repeats, `47%`; `-` for a target that skips
    /// nothing (the vCard targets and the baseline print no programs line).
    public var repeatsShare: String {
        guard let programs, programs.inputs > 0 else { return "-" }
        return "\(100 * programs.repeated / programs.inputs)%"
    }

    /// The mean length of the programs that ran, `3.6`; `-` without the programs line or its
    /// operations (a line printed before they were counted).
    ///
    /// A target's programs a second fall as its programs grow: compare this column too when
    /// the rate moves (a corpus in the canonical encoding mutates into longer programs).
    public var operationsPerProgram: String {
        guard let programs, let operations = programs.operations, programs.distinct > 0 else { return "-" }
        return String(format: "%.1f", Double(operations) / Double(programs.distinct))
    }

    /// The distinct programs run a second: exec/s × the share of inputs that were neither a
    /// repeat nor a second run, rounded; exec/s itself for a target without the programs line.
    public var programsPerSecond: Int? {
        guard let execs = execsPerSecond else { return nil }
        guard let programs, programs.inputs > 0 else { return execs }
        let run = Double(execs) * Double(programs.distinct) / Double(programs.inputs)
        return Int((run + 0.5).rounded(.down))
    }
}

/// A libFuzzer status line, `#4096	pulse  cov: 1210 ft: 3362 corp: 213/29Kb exec/s: 1365 rss: 80Mb`,
/// as its `key: value` pairs.
struct StatusLine {
    let values: [String: String]

    init?(_ line: Substring) {
        guard line.contains(" cov: ") else { return nil }
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
        var values: [String: String] = [:]
        for (word, next) in zip(words, words.dropFirst()) where word.hasSuffix(":") {
            values[String(word.dropLast())] = String(next)
        }
        self.values = values
    }
}

/// `INFO: ContactCore programs: 2000 inputs, 1010 run, 950 (47%) repeated a program that had
/// passed and were not run again, 3780 operations in the programs run, 40 inputs libFuzzer ran
/// again right after themselves (its leak check) were not run again`, printed by
/// `PassedPrograms` at exit (the operations since 2026-11-29, the second runs since
/// 2026-12-07; before, they were among the repeats).
public struct ProgramsLine: Equatable, Sendable {
    static let prefix = "INFO: ContactCore programs: "

    public let inputs: Int
    public let repeated: Int
    /// The operations of the programs that ran; `nil` in an older line.
    public let operations: Int?
    /// libFuzzer's second runs of the input before, skipped; 0 in an older line.
    public let reruns: Int

    public init(inputs: Int, repeated: Int, operations: Int? = nil, reruns: Int = 0) {
        self.inputs = inputs
        self.repeated = repeated
        self.operations = operations
        self.reruns = reruns
    }

    /// The programs run: the inputs less the repeats and the second runs.
    public var distinct: Int { inputs - repeated - reruns }

    init?(_ line: Substring) {
        guard line.hasPrefix(Self.prefix) else { return nil }
        // "2000 inputs", "1010 run", "950 (47%) repeated ...", "3780 operations ...", "40 inputs libFuzzer ran again ..."
        let parts = line.dropFirst(Self.prefix.count).split(separator: ",").map { $0.trimmingSpaces }
        guard parts.count >= 3,
              let inputs = Self.leadingNumber(parts[0], followedBy: "inputs"),
              let repeated = Self.leadingNumber(parts[2], followedBy: "(")
        else { return nil }
        self.init(inputs: inputs, repeated: repeated,
                  operations: parts.count > 3 ? Self.leadingNumber(parts[3], followedBy: "operations") : nil,
                  reruns: parts.count > 4 ? Self.leadingNumber(parts[4], followedBy: "inputs") ?? 0 : 0)
    }

    private static func leadingNumber(_ part: Substring, followedBy word: String) -> Int? {
        let words = part.split(separator: " ")
        guard words.count >= 2, words[1].hasPrefix(word) else { return nil }
        return Int(words[0])
    }

    static func + (lhs: ProgramsLine, rhs: ProgramsLine) -> ProgramsLine {
        let operations = lhs.operations.flatMap { left in rhs.operations.map { left + $0 } }
        return ProgramsLine(inputs: lhs.inputs + rhs.inputs, repeated: lhs.repeated + rhs.repeated, operations: operations,
                            reruns: lhs.reruns + rhs.reruns)
    }
}
