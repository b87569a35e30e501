/// Latencies of repeated runs of one operation, and the statistics a benchmark table prints.
public struct LatencySample: Sendable {
    public private(set) var nanoseconds: [Int64] = []
    /// Whether a run is timed by the processor time of its thread rather than by the wall clock.
    public let threadTime: Bool

    /// `threadTime`: time each run by the processor time of the calling thread, which leaves
    /// out the time other processes of a loaded host hold the core (not their effect on the
    /// caches), for work that runs on the calling thread.
    public init(threadTime: Bool = false) {
        self.threadTime = threadTime
    }

    /// Runs `body` once and records how long it took.
    @discardableResult
    public mutating func measure<T>(_ body: () throws -> T) rethrows -> T {
        if threadTime {
            let start = threadNanoseconds()
            let result = try body()
            nanoseconds.append(Int64(threadNanoseconds() - start))
            return result
        }
        let clock = ContinuousClock()
        let start = clock.now
        let result = try body()
        let elapsed = clock.now - start
        nanoseconds.append(elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000)
        return result
    }

    /// Adds the samples of `other`.
    public mutating func append(_ other: LatencySample) {
        precondition(other.threadTime == threadTime, "samples of two clocks")
        nanoseconds += other.nanoseconds
    }

    /// The value below which `fraction` of the samples fall (nearest rank).
    public func percentile(_ fraction: Double) -> Double {
        guard !nanoseconds.isEmpty else { return .nan }
        let sorted = nanoseconds.sorted()
        let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
        return Double(sorted[min(max(rank, 0), sorted.count - 1)])
    }

    public var median: Double { percentile(0.5) }
    public var p99: Double { percentile(0.99) }
}

/// Formats nanoseconds for a table: µs below a millisecond, ms above.
public func formatDuration(_ nanoseconds: Double) -> String {
    if nanoseconds < 1_000_000 { return String(format: "%8.1f µs", nanoseconds / 1_000) }
    return String(format: "%8.2f ms", nanoseconds / 1_000_000)
}

import Foundation

/// The median of `values` (the upper one of an even count); NaN when there are none.
public func median(_ values: [Double]) -> Double {
    values.isEmpty ? .nan : values.sorted()[values.count / 2]
}
