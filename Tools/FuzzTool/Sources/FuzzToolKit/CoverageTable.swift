import Foundation

/// `make fuzz-coverage`'s table: each target's corpus and the lines of Sources/ContactCore it
/// reaches, then every target together.
public struct CoverageTable {
    public struct Row {
        public let name: String
        /// The corpus files replayed; nil for the row of all targets together.
        public let files: Int?
        public let lines: CoverageSummary.Counts

        public init(name: String, files: Int?, lines: CoverageSummary.Counts) {
            self.name = name
            self.files = files
            self.lines = lines
        }
    }

    public let rows: [Row]

    public init(rows: [Row]) { self.rows = rows }

    /// `%-28s %12s %18s %7.2f%%` under its header.
    public var lines: [String] {
        let header = FuzzTable.pad("target", -28) + " " + FuzzTable.pad("corpus files", 12) + " "
            + FuzzTable.pad("lines covered", 18) + " " + FuzzTable.pad("cover", 8)
        return [header] + rows.map { row in
            FuzzTable.pad(row.name, -28) + " " + FuzzTable.pad(row.files.map(String.init) ?? "-", 12) + " "
                + FuzzTable.pad("\(row.lines.covered)/\(row.lines.count)", 18) + " "
                + FuzzTable.pad(String(format: "%.2f%%", row.lines.percent), 8)
        }
    }
}
