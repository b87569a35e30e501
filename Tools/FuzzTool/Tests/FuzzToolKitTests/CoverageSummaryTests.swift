import Foundation
import FuzzToolKit
import Testing

/// A real `llvm-cov export -summary-only` of a two-file program built with
/// `-profile-generate -profile-coverage-mapping` (14 lines, 12 run).
@Suite struct CoverageSummaryTests {
    @Test func theLineTotals() throws {
        let summary = try CoverageSummary(json: try Fixture.data("llvm-cov-export-summary.json"))
        #expect(summary.lines.count == 14)
        #expect(summary.lines.covered == 12)
        #expect(abs(summary.lines.percent - 85.714285714285708) < 1e-9)
        #expect(summary.data.first?.totals.functions.count == 4)
    }

    @Test func notAnExport() {
        #expect(throws: FuzzToolError.self) { try CoverageSummary(json: Data("{\"data\": []}".utf8)) }
        #expect(throws: FuzzToolError.self) { try CoverageSummary(json: Data("not json".utf8)) }
    }
}
