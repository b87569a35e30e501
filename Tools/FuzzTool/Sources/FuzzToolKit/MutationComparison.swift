import Foundation

/// One target fuzzed from empty twice at once, with libFuzzer's byte mutation and with the
/// custom mutators' edits, then each corpus replayed: a row of `make mutations-compare`.
///
/// The edges that count are the replay's. libFuzzer's `cov:` counts only what runs inside an
/// input's call, and the custom mutator decodes each input before it runs: a one-time
/// initializer the mutator reaches first (a vocabulary's table) is never counted for the
/// edits, though their corpus reaches it. Replayed in a fresh process, both corpora count alike.
public struct MutationComparison: Equatable, Sendable {
    public let target: String
    /// The two fuzzing runs' logs, read.
    public let bytes: FuzzerStats
    public let edits: FuzzerStats
    /// The edges each final corpus reaches, replayed once (`-runs=0`) in a new process.
    public let replayedBytes: Int?
    public let replayedEdits: Int?

    public init(target: String, bytes: FuzzerStats, edits: FuzzerStats, replayedBytes: Int?, replayedEdits: Int?) {
        self.target = target
        self.bytes = bytes
        self.edits = edits
        self.replayedBytes = replayedBytes
        self.replayedEdits = replayedEdits
    }

    public static let header = """
        | target | edges, bytes | edges, edits | change | `cov:` while fuzzing, bytes / edits | programs run, edits / bytes | repeats, bytes / edits |
        | --- | ---: | ---: | ---: | ---: | ---: | ---: |
        """

    public var row: String {
        func text(_ number: Int?) -> String { number.map(String.init) ?? "-" }
        var change = "-"
        if let before = replayedBytes, let after = replayedEdits, before > 0 {
            change = String(format: "%+.1f%%", 100 * Double(after - before) / Double(before))
        }
        var ratio = "-"
        if let before = Self.programsRun(bytes), let after = Self.programsRun(edits), before > 0 {
            ratio = String(format: "%.2f", Double(after) / Double(before))
        }
        return "| \(target) | \(text(replayedBytes)) | \(text(replayedEdits)) | \(change) | \(text(bytes.edges)) / \(text(edits.edges)) "
            + "| \(ratio) | \(bytes.repeatsShare) / \(edits.repeatsShare) |"
    }

    /// The distinct programs a run ran (``ProgramsLine/distinct``); its inputs for a target that skips none.
    static func programsRun(_ stats: FuzzerStats) -> Int? {
        stats.programs.map(\.distinct) ?? stats.executedUnits
    }
}
