import Foundation

/// `make fuzz`'s table: one row per target, led by the distinct programs it ran a second and
/// that rate's share of the baseline's exec/s.
public struct FuzzTable {
    public struct Row {
        public let target: String
        public let stats: FuzzerStats
        /// The new crashes: a count, or why the run stopped ("0 (exit 1)").
        public let result: String

        public init(target: String, stats: FuzzerStats, result: String) {
            self.target = target
            self.stats = stats
            self.result = result
        }
    }

    public let rows: [Row]
    /// The baseline's exec/s, when it ran.
    public let baselineExecsPerSecond: Int?

    public init(rows: [Row], baseline: String = FuzzTargets.baseline) {
        self.rows = rows
        baselineExecsPerSecond = rows.first { $0.target == baseline }?.stats.execsPerSecond
    }

    public var lines: [String] {
        let header = Self.line(["target", "programs/s", "% baseline", "exec/s", "repeats", "ops/program", "corpus units/size",
                                "edges", "features", "new crashes"])
        return [header] + rows.map { row in
            let stats = row.stats
            return Self.line([row.target, Self.text(stats.programsPerSecond), share(of: stats.programsPerSecond),
                              Self.text(stats.execsPerSecond), stats.repeatsShare, stats.operationsPerProgram,
                              stats.corpus ?? "-", Self.text(stats.edges), Self.text(stats.features), row.result])
        }
    }

    /// programs/s over the baseline's exec/s: `3.20%` below ten per cent, `41%` above.
    func share(of programs: Int?) -> String {
        guard let programs, let baseline = baselineExecsPerSecond, baseline > 0 else { return "-" }
        let percent = 100 * Double(programs) / Double(baseline)
        return percent < 10 ? String(format: "%.2f%%", percent) : String(format: "%.0f%%", percent)
    }

    static func text(_ number: Int?) -> String { number.map(String.init) ?? "-" }

    /// The columns' widths: `%-22s %10s %11s %10s %8s %12s %18s %7s %9s  %s`.
    static func line(_ cells: [String]) -> String {
        let widths = [-22, 10, 11, 10, 8, 12, 18, 7, 9]
        var line = ""
        for (cell, width) in zip(cells, widths) {
            line += (line.isEmpty ? "" : " ") + pad(cell, width)
        }
        return line + "  " + (cells.last ?? "")
    }

    /// printf's `%Ns` (right-aligned) and `%-Ns` (left-aligned); a longer text is kept whole.
    public static func pad(_ text: String, _ width: Int) -> String {
        let room = max(0, abs(width) - text.count)
        let spaces = String(repeating: " ", count: room)
        return width < 0 ? text + spaces : spaces + text
    }
}

/// What a fuzzing run came to: `CRASH` when it left new artifacts, else from its exit status.
public func fuzzResult(status: Int32, newArtifacts: Int) -> String {
    if newArtifacts > 0 { return "CRASH" }
    switch status {
    case 0: return "ok"
    case 124, 137: return "killed by timeout"
    default: return "exit \(status)"
    }
}
