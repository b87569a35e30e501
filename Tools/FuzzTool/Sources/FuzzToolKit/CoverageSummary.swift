import Foundation

/// `llvm-cov export -summary-only`'s JSON, as far as the tool reads it: the line totals of the
/// first export unit.
public struct CoverageSummary: Decodable, Equatable, Sendable {
    public struct Counts: Decodable, Equatable, Sendable {
        public let count: Int
        public let covered: Int
        public let percent: Double

        public init(count: Int, covered: Int, percent: Double) {
            self.count = count
            self.covered = covered
            self.percent = percent
        }
    }

    public struct Totals: Decodable, Equatable, Sendable {
        public let lines: Counts
        public let functions: Counts
        public let regions: Counts
    }

    public struct Unit: Decodable, Equatable, Sendable {
        public let totals: Totals
    }

    public let type: String
    public let version: String
    public let data: [Unit]

    public init(json: Data) throws(FuzzToolError) {
        let summary: CoverageSummary
        do {
            summary = try JSONDecoder().decode(CoverageSummary.self, from: json)
        } catch {
            throw .failure("cannot read llvm-cov's JSON export: \(error)")
        }
        guard summary.type == "llvm.coverage.json.export", !summary.data.isEmpty else {
            throw .failure("not an llvm-cov JSON export with data (type '\(summary.type)')")
        }
        self = summary
    }

    /// The lines of the first unit: what `make fuzz-coverage`'s table shows.
    public var lines: Counts {
        // `init(json:)` guarantees one unit at least.
        data.first?.totals.lines ?? Counts(count: 0, covered: 0, percent: 0)
    }
}
