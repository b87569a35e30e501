import Foundation

/// What a target's inputs amount to as programs: how many operations, how many saves, how many
/// reopens. Fuzzing pays per input, so a corpus of one-operation programs rarely reaches what
/// needs a history (an update after a search, a reopen between two commits).
package struct ProgramShape: Sendable {
    package private(set) var inputs = 0
    /// Inputs by their number of operations (a parallel program's laid end to end), 0–16.
    package private(set) var byLength = Array(repeating: 0, count: Decoder.maximumOperations + 1)
    /// Inputs with at least two saves (a save or an edit of a fetched contact).
    package private(set) var twoSaves = 0
    /// Inputs that reopen a persistent device after a save (``Program/reopensAfter``).
    package private(set) var reopening = 0

    package init() {}

    package mutating func add(_ bytes: [UInt8], as target: FuzzTarget) {
        let program = target.program(bytes)
        inputs += 1
        byLength[min(program.operations.count, Decoder.maximumOperations)] += 1
        let saves = program.operations.count { operation in
            switch operation {
            case .save, .editFetched: true
            default: false
            }
        }
        if saves >= 2 { twoSaves += 1 }
        if !program.reopensAfter.isEmpty { reopening += 1 }
    }

    package var meanLength: Double {
        inputs == 0 ? 0 : Double(byLength.enumerated().reduce(0) { $0 + $1.offset * $1.element }) / Double(inputs)
    }

    /// The share of inputs, in percent, whose programs have no operation.
    package var emptyShare: Double { share(byLength[0]) }
    package var twoSavesShare: Double { share(twoSaves) }
    package var reopeningShare: Double { share(reopening) }

    private func share(_ count: Int) -> Double { inputs == 0 ? 0 : 100 * Double(count) / Double(inputs) }

    /// A Markdown row: inputs, mean operations, no operation, 1, 2–3, 4–7, 8–16, ≥ 2 saves, a reopen.
    package func row(_ name: String) -> String {
        let buckets = [0...0, 1...1, 2...3, 4...7, 8...16].map { range in
            String(format: "%.0f%%", share(range.reduce(0) { $0 + byLength[$1] }))
        }
        return "| \(name) | \(inputs) | " + String(format: "%.1f", meanLength) + " | " + buckets.joined(separator: " | ")
            + " | " + String(format: "%.0f%%", twoSavesShare) + " | " + String(format: "%.0f%%", reopeningShare) + " |"
    }
}
