import FuzzToolKit
import Testing

/// The uncovered lines and the table of `make fuzz-coverage`, from real llvm-cov output.
@Suite struct CoverageReportTests {
    @Test func theLinesNoRunReached() throws {
        let lines = UncoveredLines.list(try Fixture.text("llvm-cov-show.txt"), root: "/tmp/ft/cov")
        #expect(lines == ["main.swift:6: func neverCalled() -> Int { 42 }", "other.swift:3: return \"HELLO\""])
    }

    @Test func theTable() throws {
        let summary = try CoverageSummary(json: try Fixture.data("llvm-cov-export-summary.json"))
        let table = CoverageTable(rows: [
            CoverageTable.Row(name: "FuzzVCard", files: 1517, lines: summary.lines),
            CoverageTable.Row(name: "all-targets", files: nil, lines: summary.lines),
        ])
        #expect(table.lines == [
            "target                       corpus files      lines covered    cover",
            "FuzzVCard                            1517              12/14   85.71%",
            "all-targets                             -              12/14   85.71%",
        ])
    }
}
