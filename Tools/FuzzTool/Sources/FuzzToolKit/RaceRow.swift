/// A row of `make races`' table: the runs the property took in each trial (a trial that found
/// nothing counts as the largest, not as missing), the printed test's length, and the run at
/// which the printed test failed in each trial.
public struct RaceRow: Equatable, Sendable {
    public let name: String
    /// Runs to the first failure, or `none`, per trial.
    public let found: [String]
    /// Lines of the printed test; 0 when none was printed.
    public let printedLines: Int
    /// The printed test's failing run, or `>1000`, per trial.
    public let reproduced: [String]

    public init(name: String, found: [String], printedLines: Int, reproduced: [String]) {
        self.name = name
        self.found = found
        self.printedLines = printedLines
        self.reproduced = reproduced
    }

    public var line: String {
        let propertyMedian = median(found, unbounded: ["none"])
        let printedMedian = reproduced.isEmpty ? "-" : median(reproduced, unbounded: [">1000"])
        return "| \(name) | \(found.joined(separator: " ")) | \(propertyMedian) | "
            + "\(printedLines == 0 ? "-" : "\(printedLines)") | "
            + "\(reproduced.isEmpty ? "-" : reproduced.joined(separator: " ")) | \(printedMedian) |"
    }
}
